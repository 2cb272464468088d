"""Evaluate ``ask`` on tests/eval/ask.jsonl against a freshly built knowledge base.

    .venv/bin/python bench/ask_eval.py            # build a KB in a temp dir, print the table
    .venv/bin/python bench/ask_eval.py --kb P     # use an existing knowledge base
    .venv/bin/python bench/ask_eval.py --json --failures
    .venv/bin/python bench/ask_eval.py --answers    # the verdicts' yes/no/storyteller/info

Reports character accuracy (exact set), condition accuracy, kind accuracy, citation recall
(share of must-cite phrases in the top 5 cited rulings) and the share of verdicts resting on
a must-cite phrase ("verdict": in the verdict's words or the quotes it rests on), overall and
per kind. ``--answers`` instead compares the verdicts' answer types with the blind labels in
tests/eval/answers/labels.jsonl (evaluate.answer_types), or with the file given
(``--answers tests/eval/held/answers/ask_holdout200-203.jsonl``: held sets' labels).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from knowledge.build import given_or_built  # noqa: E402
from service.answer.evaluate import answer_types, evaluate, failures, read_eval  # noqa: E402
from service.answer.kb import AnswerKB  # noqa: E402

EVAL = ROOT / "tests" / "eval" / "ask.jsonl"
ANSWERS = ROOT / "tests" / "eval" / "answers" / "labels.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", type=Path, help="existing knowledge base (default: build one)")
    parser.add_argument("--eval", type=Path, default=EVAL, help="evaluation set (JSON lines)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--failures", action="store_true", help="list what failed and why")
    parser.add_argument(
        "--answers", nargs="?", type=Path, const=ANSWERS, help="answer-type labels to compare"
    )
    args = parser.parse_args()
    with given_or_built(args.kb) as path:
        kb = AnswerKB.from_path(path)
        if args.answers:
            print(json.dumps(answer_types(read_eval(args.answers), kb), indent=1))
            return
        rows = read_eval(args.eval)
        started = time.perf_counter()
        figures, outcomes = evaluate(rows, kb)
        elapsed = time.perf_counter() - started
    figures["ms_per_question"] = round(1000 * elapsed / max(len(rows), 1), 2)
    if args.failures:
        figures["failures"] = failures(outcomes)
    if args.json:
        print(json.dumps(figures, indent=1, ensure_ascii=False))
    else:
        print(to_text(figures))


def to_text(figures: dict) -> str:
    head = f"{'kind':<14}{'n':>5}{'chars':>9}{'conds':>9}{'kind':>9}{'recall':>9}{'verdict':>9}"
    lines = [head, "-" * len(head)]
    rows = [*figures["by_kind"].items(), ("overall", figures["overall"])]
    for kind, f in rows:
        lines.append(
            f"{kind:<14}{f['questions']:>5}{f['characters']:>9.1%}"
            f"{f['conditions']:>9.1%}{f['kind']:>9.1%}{f['citation_recall']:>9.1%}"
            f"{f['verdict_cites']:>9.1%}"
        )
    lines.append(f"{figures['ms_per_question']} ms per question")
    for fail in figures.get("failures", []):
        problems = {k: v for k, v in fail.items() if k != "q" and v}
        lines.append(f"- {fail['q']!r}: {json.dumps(problems, ensure_ascii=False)}")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
