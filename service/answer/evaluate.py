"""Scoring ``ask`` against an evaluation set (tests/eval/ask.jsonl and held-out sets like it).

Each line: ``{"q", "characters": [ids], "conditions": {id: [..]}, "kind", "must_cite":
[phrases]}``. Metrics, overall and per kind: character accuracy (the exact set), condition
accuracy (the exact mapping, empty lists ignored), kind accuracy, citation recall (the
share of must-cite phrases found in the text of the top cited rulings), and how often the
verdict rests on a deciding sentence (a must-cite phrase in its text or in what it quotes).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from service.answer.ask import ask
from service.answer.kb import AnswerKB

TOP = 5


@dataclass(frozen=True, slots=True)
class Outcome:
    question: dict[str, Any]
    characters: bool
    conditions: bool
    kind: bool
    cited: int
    must_cite: int
    answer: dict[str, Any]
    # the verdict rests on a must-cite phrase: in its own words or in the rulings it quotes
    verdict_cites: bool = False


def read_eval(path: Path) -> list[dict[str, Any]]:
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def normal_conditions(conditions: dict[str, Iterable[str]]) -> dict[str, list[str]]:
    """Conditions compared as sets, characters without conditions left out.

    >>> normal_conditions({"monk": ["poisoned", "drunk"], "imp": []})
    {'monk': ['drunk', 'poisoned']}
    """
    return {cid: sorted(set(conds)) for cid, conds in conditions.items() if conds}


def score_one(item: dict[str, Any], kb: AnswerKB, top: int = TOP) -> Outcome:
    answer = ask(item["q"], kb)
    understood = answer["understood"]
    texts = [r["text"] for r in answer["rulings"][:top]]
    cited = sum(1 for phrase in item["must_cite"] if any(phrase in t for t in texts))
    return Outcome(
        question=item,
        characters=sorted(understood["characters"]) == sorted(item["characters"]),
        conditions=(
            normal_conditions(understood["conditions"]) == normal_conditions(item["conditions"])
        ),
        kind=understood["kind"] == item["kind"],
        cited=cited,
        must_cite=len(item["must_cite"]),
        answer=answer,
        verdict_cites=_verdict_cites(answer["verdict"], item["must_cite"]),
    )


def _verdict_cites(verdict: dict[str, Any], phrases: list[str]) -> bool:
    """Whether the verdict rests on a sentence that decides the question: a must-cite phrase
    in its text or in a quote it rests on (case aside: the verdict may open on the phrase)."""
    said = " ".join([verdict["text"], *(b["quote"] for b in verdict["because"])]).lower()
    return any(phrase.lower() in said for phrase in phrases)


def metrics(outcomes: list[Outcome]) -> dict[str, Any]:
    """Overall and per-kind figures."""
    by_kind: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        by_kind[outcome.question["kind"]].append(outcome)
    return {
        "overall": _figures(outcomes),
        "by_kind": {kind: _figures(items) for kind, items in sorted(by_kind.items())},
    }


def _figures(outcomes: list[Outcome]) -> dict[str, Any]:
    n = len(outcomes) or 1
    phrases = sum(o.must_cite for o in outcomes) or 1
    return {
        "questions": len(outcomes),
        "characters": round(sum(o.characters for o in outcomes) / n, 4),
        "conditions": round(sum(o.conditions for o in outcomes) / n, 4),
        "kind": round(sum(o.kind for o in outcomes) / n, 4),
        "citation_recall": round(sum(o.cited for o in outcomes) / phrases, 4),
        "verdict_cites": round(sum(o.verdict_cites for o in outcomes) / n, 4),
    }


def evaluate(rows: list[dict[str, Any]], kb: AnswerKB) -> tuple[dict[str, Any], list[Outcome]]:
    outcomes = [score_one(item, kb) for item in rows]
    return metrics(outcomes), outcomes


def failures(outcomes: list[Outcome]) -> list[dict[str, Any]]:
    """What went wrong, question by question, for the report."""
    out = []
    for o in outcomes:
        if o.characters and o.conditions and o.kind and o.cited == o.must_cite:
            continue
        u = o.answer["understood"]
        texts = [r["text"] for r in o.answer["rulings"][:TOP]]
        out.append(
            {
                "q": o.question["q"],
                "characters": None if o.characters else [u["characters"], o.question["characters"]],
                "conditions": None if o.conditions else [u["conditions"], o.question["conditions"]],
                "kind": None if o.kind else [u["kind"], o.question["kind"]],
                "missing": [p for p in o.question["must_cite"] if not any(p in t for t in texts)],
            }
        )
    return out


# ---- the verdict's answer type against blind labels (tests/eval/answers) --------------------

ANSWERS = ("yes", "no", "storyteller", "info")


def answer_types(rows: list[dict[str, Any]], kb: AnswerKB) -> dict[str, Any]:
    """How the verdict's answer (yes / no / storyteller / info) compares with labels given
    blind, by people who read the rules, not the answers (tests/eval/answers/README.md).

    ``type_accuracy``: the answer is the label's. ``yes_no_answered``: of the questions
    labelled yes or no, the share answered yes or no at all. ``polarity``: of the verdicts
    saying yes or no to a question labelled yes or no, the share saying the label's (a wrong
    yes or no misleads; an info verdict at least quotes the rule). ``confusion``: label ->
    answer -> count.
    """
    confusion = {label: dict.fromkeys(ANSWERS, 0) for label in ANSWERS}
    for row in rows:
        confusion[row["answer"]][ask(row["q"], kb)["verdict"]["answer"]] += 1
    n = len(rows) or 1
    labelled = [confusion[label] for label in ("yes", "no")]
    answered = sum(c["yes"] + c["no"] for c in labelled)
    right = confusion["yes"]["yes"] + confusion["no"]["no"]
    return {
        "questions": len(rows),
        "type_accuracy": round(sum(confusion[a][a] for a in ANSWERS) / n, 4),
        "yes_no_answered": round(answered / (sum(sum(c.values()) for c in labelled) or 1), 4),
        "polarity": round(right / (answered or 1), 4),
        "confusion": confusion,
    }
