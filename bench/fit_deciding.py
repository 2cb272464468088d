"""Train the learned chooser of the deciding sentence (service/answer/deciding.py).

    .venv/bin/python bench/fit_deciding.py --cv      # held-out estimate, whole sets held out
    .venv/bin/python bench/fit_deciding.py --write   # train on every set, write the model

(the training extra, as bench/fit_rerank.py; --write writes deciding.json, the trained
model, and deciding.onnx, its trees compiled for answering)

The verdict quotes one sentence of the best rulings. For each evaluation question, every
candidate sentence the verdict weighs (deciding.candidates: of the first three rulings, five
where the question tells a situation) is a row; it is right when it holds one of the
question's must-cite phrases (or is held in one). An XGBoost LambdaMART model learns to put
a right sentence first.

The rulings are ordered as a new question's would be: by the re-ranker trained without the
question's set (five folds of whole sets), not by the shipped one, which has learned these
very questions. ``--cv`` then holds the same folds out for the chooser and reports how
often the sentence chosen is right: hand-set scores, the model's alone, and the two added
as the answer adds them (deciding.LEARNED), and with ``--weights`` the two added at other
weights. Measured on 2026-12-01 over 5,841 questions: 69.63%, 78.74%, and at 1, 2, 3 and 5
76.34%, 77.71%, 78.02%, 78.34% (issue 5's note gives the answers' own figure).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import fit_rerank  # noqa: E402
import xgboost  # noqa: E402

from knowledge.build import given_or_built  # noqa: E402
from service.answer.deciding import LEARNED, candidates  # noqa: E402
from service.answer.kb import AnswerKB  # noqa: E402
from service.answer.rerank import CHOOSER, Model, predict, source  # noqa: E402
from service.answer.retrieve import retrieve  # noqa: E402

FOLDS = 5
MIN_COUNT = 30  # a section, source or kind seen less often is no feature
# the model and its parameters are the re-ranker's (fit_rerank.train_ranker): chosen on its folds


def rows(kb: AnswerKB) -> list[dict]:
    """Each question's candidate sentences (features, right or not), the rulings ordered by
    a re-ranker that has not seen the question's set."""
    data = fit_rerank.questions(kb)
    sets = sorted({q["set"] for q in data})
    out = []
    for fold in range(FOLDS):
        held = set(sets[fold::FOLDS])
        ranker = fit_rerank.fitted([q for q in data if q["set"] not in held])
        fold_kb = dataclasses.replace(kb, ranker=ranker, chooser=None)
        for q in data:
            if q["set"] not in held:
                continue
            u = q["u"]
            found = retrieve(u, fold_kb).rulings[: 5 if u.situation else 3]
            if not found:
                continue
            cands = candidates(u, found, fold_kb)
            out.append(
                {
                    "set": q["set"],
                    "fold": fold,
                    "features": [c.features for c in cands],
                    "right": [
                        int(
                            any(
                                p in c.sentence or (len(c.sentence) > 25 and c.sentence in p)
                                for p in q["must"]
                            )
                        )
                        for c in cands
                    ],
                }
            )
    return out


CATEGORICAL = ("kind_", "section_", "source_")


def vocabulary(data: list[dict]) -> list[str]:
    """The numeric features, then each categorical one seen often enough."""
    seen: dict[str, int] = {}
    for q in data:
        for f in q["features"]:
            for name in f:
                seen[name] = seen.get(name, 0) + 1
    numeric = [n for n in data[0]["features"][0] if not n.startswith(CATEGORICAL)]
    counted = (n for n, c in seen.items() if c >= MIN_COUNT and n.startswith(CATEGORICAL))
    return [*numeric, *sorted(counted)]


def train(data: list[dict]) -> xgboost.Booster:
    groups = [q["features"] for q in data]
    return fit_rerank.train_ranker(groups, [q["right"] for q in data], vocabulary(data))


def chosen_right(q: dict, model: Model | None, weight: float | None = None) -> int:
    """Whether the sentence chosen is right: by the hand-set score, by the model's, or (with
    ``weight``) by the hand-set score plus the model's times it, as the answer does."""
    scores = [f["score"] for f in q["features"]]
    if model is not None:
        learned = [float(s) for s in predict(model, q["features"])]
        if weight is None:
            scores = [round(x, 9) for x in learned]
        else:
            scores = [round(s + weight * x, 9) for s, x in zip(scores, learned, strict=True)]
    best = max(range(len(scores)), key=lambda i: (scores[i], -i))
    return q["right"][best]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kb", type=Path, help="knowledge base (built if not given)")
    parser.add_argument("--cv", action="store_true", help="report held-out figures")
    parser.add_argument("--write", action="store_true", help=f"write {CHOOSER.name}")
    parser.add_argument(
        "--weights",
        type=float,
        nargs="*",
        default=[],
        help="with --cv, also report the hand-set score plus the learned one times each",
    )
    args = parser.parse_args()
    with given_or_built(args.kb) as path:
        data = rows(AnswerKB.from_path(path))
    if args.cv:
        hand = learned = both = 0
        weighed = dict.fromkeys(args.weights, 0)
        for fold in range(FOLDS):
            model = Model.of_booster(train([q for q in data if q["fold"] != fold]))
            for q in (q for q in data if q["fold"] == fold):
                hand += chosen_right(q, None)
                learned += chosen_right(q, model)
                both += chosen_right(q, model, LEARNED)
                for weight in weighed:
                    weighed[weight] += chosen_right(q, model, weight)
        n = len(data) or 1
        print(
            f"sentence chosen is right: hand-set {hand / n:.2%}, learned alone "
            f"{learned / n:.2%}, hand-set + {LEARNED} x learned (as answers) {both / n:.2%}"
        )
        for weight, right in weighed.items():
            print(f"  hand-set + {weight} x learned: {right / n:.2%}")
    if args.write:
        booster = train(data)
        fit_rerank.save(booster, CHOOSER, {q["set"] for q in data})
        n = booster.num_features()
        print(f"{source(CHOOSER)}, {CHOOSER}: {n} features, {len(data)} questions")


if __name__ == "__main__":
    main()
