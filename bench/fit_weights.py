"""Fit the ranking's weights (service/answer/weights.py) to citation recall, by coordinate ascent.

    .venv/bin/python bench/fit_weights.py                  # fit on the training sets, print
    .venv/bin/python bench/fit_weights.py --write          # ... and write weights.toml
    .venv/bin/python bench/fit_weights.py --validate ask_dev_b   # hold one set out, report it

The objective is the share of must-cite phrases found in the top five rulings, over every
question of the training sets (``--train``, by file stem). Each pass tries, for every weight
in turn, a few multiples of its value (and zero) and keeps the best that finds at least one
more phrase; it stops when a pass changes nothing. The question reading does not depend on
the weights, so it is done once; only retrieval runs per trial.

Never train on the held-out sets you report (ask_holdout3 and above are left out by
default): the point of a held-out set is an estimate on questions nothing was tuned for.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import service.answer.retrieve as retrieve_module  # noqa: E402
from knowledge.build import given_or_built  # noqa: E402
from service.answer.evaluate import TOP, read_eval  # noqa: E402
from service.answer.kb import AnswerKB  # noqa: E402
from service.answer.retrieve import retrieve, search  # noqa: E402
from service.answer.understand import understand  # noqa: E402
from service.answer.weights import DEFAULTS, FITTED, W, load  # noqa: E402

EVAL = ROOT / "tests" / "eval"
TRAIN = (
    "ask",
    "ask_holdout",
    "ask_holdout2",
    "ask_dev_a",
    "ask_dev_b",
    "ask_dev_c",
    "ask_dev_d",
    "ask_dev_e",
    "ask_dev_f",
    "ask_dev_g",
    "ask_dev_h",
    "ask_dev_i",
    "ask_dev_j",
    "ask_dev_k",
    "ask_dev_l",
    "ask_dev_m",
    "ask_dev_n",
    "ask_dev_o",
    "ask_dev_p",
    "ask_dev_q",
    "ask_dev_r",
    "ask_dev_s",
    "ask_dev_t",
    "ask_dev_u",
    "ask_dev_v",
    "ask_dev_w",
    "ask_dev_x",
    "ask_dev_y",
    "ask_dev_z",
    "ask_dev_aa",
    "ask_dev_ab",
    "ask_dev_ac",
    "ask_dev_ad",
    "ask_dev_ae",
    "ask_dev_af",
    "ask_dev_ag",
    "ask_dev_ah",
    "ask_dev_ai",
    "ask_dev_aj",
    "ask_dev_ak",
    "ask_dev_al",
    "ask_dev_am",
    "ask_dev_an",
    "ask_dev_ao",
    "ask_dev_ap",
    "ask_dev_aq",
    "ask_dev_ar",
    "ask_dev_as",
    "ask_dev_at",
    "ask_dev_au",
    "ask_dev_av",
    "ask_dev_aw",
    "ask_dev_ax",
    "ask_dev_ay",
    "ask_dev_az",
    "ask_dev_ba",
    "ask_dev_bb",
    "ask_dev_bc",
    "ask_dev_bd",
    "ask_dev_be",
    "ask_dev_bf",
    "ask_dev_bg",
    "ask_dev_bh",
    "ask_dev_bi",
    "ask_dev_bj",
    "ask_dev_bk",
    "ask_dev_bl",
    "ask_dev_bm",
    "ask_dev_bn",
    "ask_dev_bo",
    "ask_dev_bp",
    "ask_dev_bq",
    "ask_dev_br",
    "ask_dev_bs",
    "ask_dev_bt",
    "ask_dev_bu",
    "ask_dev_bv",
    "ask_dev_bw",
    "ask_dev_bx",
    "ask_dev_by",
    "ask_dev_bz",
    "ask_dev_ca",
    "ask_dev_cb",
    "ask_dev_cc",
    "ask_dev_cd",
    "ask_dev_ce",
)
FACTORS = (0.0, 0.5, 0.75, 1.5, 2.0)
# weights that only matter together with another; fitted as they are, never zeroed
KEEP_POSITIVE = frozenset({"about", "fts"})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", type=Path, help="existing knowledge base (default: build one)")
    parser.add_argument("--train", nargs="+", default=list(TRAIN), help="training set stems")
    parser.add_argument("--validate", nargs="*", default=[], help="sets to hold out and report")
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="write service/answer/weights.toml")
    parser.add_argument(
        "--warm", action="store_true", help="start from weights.toml instead of the defaults"
    )
    args = parser.parse_args()
    train = [s for s in args.train if s not in args.validate]
    with given_or_built(args.kb) as path:
        context = multiprocessing.get_context("spawn")
        with context.Pool(args.workers, _start, (str(path), train, args.validate)) as pool:
            # from the hand-set values, or (--warm) from the last fit: the ascent is greedy and
            # finds a local optimum, so a warm start keeps what an earlier fit found
            weights = load() if args.warm else dict(DEFAULTS)
            start, report = pool.apply(_measure, (weights,))
            print(f"start: train {start:.3f} " + _fmt(report), flush=True)
            weights, best = _ascend(pool, weights, args.passes, start)
            _, report = pool.apply(_measure, (weights,))
            print(f"end:   train {best:.3f} " + _fmt(report))
        changed = {k: v for k, v in weights.items() if v != DEFAULTS[k]}
        for name, value in sorted(changed.items()):
            print(f"  {name}: {DEFAULTS[name]} -> {value}")
        if args.write:
            origin = "the last fit" if args.warm else "the defaults"
            FITTED.write_text(_toml(changed, train, start, best, origin), encoding="utf-8")
            print(f"wrote {FITTED.relative_to(ROOT)}")


# ---- in each worker: the knowledge base and the questions, read once ----------------------

_STATE: dict = {}


def _start(path: str, train: list[str], held: list[str]) -> None:
    kb = AnswerKB.from_path(Path(path))
    searched: dict[str, dict] = {}

    def cached_search(kb_: AnswerKB, u) -> dict:  # the full-text part needs no weights
        if u.question not in searched:
            searched[u.question] = search(kb_, u)
        return searched[u.question]

    retrieve_module.search = cached_search
    _STATE.update(kb=kb, train=_cases(train, kb), held={n: _cases([n], kb) for n in held})


def _measure(weights: dict[str, float]) -> tuple[float, dict[str, float]]:
    W.clear()
    W.update(weights)
    kb = _STATE["kb"]
    held = {name: _recall(cases, kb) for name, cases in _STATE["held"].items()}
    return _recall(_STATE["train"], kb), held


def _measure_train(weights: dict[str, float]) -> float:
    W.clear()
    W.update(weights)
    return _recall(_STATE["train"], _STATE["kb"])


def _cases(names: list[str], kb: AnswerKB) -> list[tuple]:
    out = []
    for name in names:
        for item in read_eval(EVAL / f"{name}.jsonl"):
            out.append((understand(item["q"], kb.vocabulary), tuple(item["must_cite"])))
    return out


def _recall(cases: list[tuple], kb: AnswerKB) -> float:
    found = total = 0
    for u, phrases in cases:
        texts = [f.ruling["text"] for f in retrieve(u, kb).rulings[:TOP]]
        found += sum(1 for p in phrases if any(p in t for t in texts))
        total += len(phrases)
    return found / max(total, 1)


# ---- in the parent: coordinate ascent ------------------------------------------------------


def _ascend(pool, weights: dict, passes: int, start: float) -> tuple[dict, float]:
    best = start
    step = 0.5 / max(1, _phrases(pool))
    for number in range(1, passes + 1):
        began, changed = time.perf_counter(), 0
        for name in DEFAULTS:
            base = weights[name]
            trials = sorted(_trials(name, base))
            scores = pool.map(_measure_train, [{**weights, name: v} for v in trials])
            choice, score = base, best
            for value, trial in zip(trials, scores, strict=True):
                if trial > score + step:  # at least one more phrase found
                    choice, score = value, trial
            if choice != base:
                weights[name] = choice
                changed += 1
                best = score
                print(f"  pass {number}: {name} {base} -> {choice}: {best:.3f}", flush=True)
        print(f"pass {number}: {best:.3f}, {changed} changed, {time.perf_counter() - began:.0f} s")
        if not changed:
            break
    return weights, best


def _phrases(pool) -> int:
    return pool.apply(_count)


def _count() -> int:
    return sum(len(p) for _, p in _STATE["train"])


def _trials(name: str, base: float) -> set[float]:
    trials = {round(base * f, 4) for f in FACTORS} - {base}
    if base == 0.0:
        trials = {0.5, 1.0, 2.0}
    if name in KEEP_POSITIVE:
        trials.discard(0.0)
    return trials


def _fmt(report: dict[str, float]) -> str:
    return " ".join(f"{name} {value:.3f}" for name, value in report.items())


def _toml(
    changed: dict[str, float], train: list[str], start: float, best: float, origin: str
) -> str:
    lines = [
        "# Fitted by bench/fit_weights.py: coordinate ascent on citation recall (top 5).",
        f"# Training sets: {', '.join(train)}.",
        f"# Recall on them: {start:.3f} (from {origin}) -> {best:.3f}.",
        "# Not fitted on held-out sets (ask_holdout3 and up). Names not here keep their default.",
        "",
        "[weights]",
    ]
    lines += [f"{name} = {value}" for name, value in sorted(changed.items())]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
