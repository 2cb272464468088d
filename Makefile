# Two commands on a fresh machine: `make serve` and `make test`.
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
KB     ?= instance/knowledge.sqlite

.PHONY: serve test install install-test kb lint bench train clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

# Rebuilds only when a source, a curated file or the reading code is newer than the KB.
$(KB): $(VENV)/.installed $(shell find knowledge -name '*.py' -o -path 'knowledge/sources/*' -type f -o -path 'knowledge/curated/*' -type f)
	$(BIN)/adjudicator kb build --path $(KB)

kb: $(KB)

serve: $(KB)
	$(BIN)/gunicorn --config gunicorn.conf.py wsgi:app

test: $(VENV)/.installed-test
	sh tools/install-browser.sh
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# the measurements (bench/fit_*.py train; see `train`)
bench: $(KB)
	for b in bench/api.py bench/ask_eval.py bench/kb_build.py bench/replay.py bench/label_agreement.py; do \
		echo "== $$b"; $(BIN)/python $$b || exit 1; done

# retrain the learned models on every evaluation set (after adding one: tests/eval/README.md):
# the kind classifier, the re-ranker, then the sentence chooser (it learns from the
# re-ranker's order); the re-ranker and chooser learn from the rules' kind (bench/fit_kind.py)
train: $(KB) $(VENV)/.installed-test
	$(BIN)/pip install --quiet -e '.[test,train]'
	$(BIN)/python bench/fit_kind.py --kb $(KB) --write
	$(BIN)/python bench/fit_rerank.py --kb $(KB) --write
	$(BIN)/python bench/fit_deciding.py --kb $(KB) --write

clean:
	rm -rf $(VENV) instance .pytest_cache
