"""The engine and question answering as the pages use them."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from knowledge.errors import ServiceError
from service.answer import ask as answer_question
from service.engine.replay import replay as run_replay
from service.engine.rulebook import Rulebook
from service.web.kb import get_answer_kb, get_rulebook

# A sample input for the builder (the engine issue's example, with the day's nomination made
# by a living player), not an answer.
EXAMPLE_REPLAY: dict[str, Any] = {
    "players": [
        {"name": "Ann", "character": "monk", "drunk": True},
        {"name": "Ben", "character": "assassin"},
        {"name": "Cat", "character": "imp"},
        {"name": "Dan", "character": "chef"},
        {"name": "Eve", "character": "soldier", "poisoned": True},
    ],
    "phases": [
        {
            "phase": "night",
            "number": 2,
            "actions": [
                {"player": "Ann", "targets": ["Dan"]},
                {"player": "Ben", "targets": ["Dan"]},
                {"player": "Cat", "targets": ["Eve"]},
            ],
        },
        {
            "phase": "day",
            "number": 2,
            "events": [
                {"type": "nominate", "by": "Ann", "target": "Cat"},
                {"type": "execute", "target": "Cat"},
            ],
        },
    ],
    "choices": {},
}


def engine() -> tuple[Callable[..., dict[str, Any]], Rulebook]:
    """``(replay, rules)``: the engine and its rulebook (built once per worker)."""
    return run_replay, get_rulebook()


@dataclass(frozen=True, slots=True)
class Answer:
    data: dict[str, Any] | None = None
    error: ServiceError | None = None

    @property
    def replay(self) -> dict[str, Any] | None:
        return (self.data or {}).get("replay") or None


def ask(question: str) -> Answer:
    """The answer to a question (replayed by the engine where it is about what happens), or
    the refusal to show in its place."""
    try:
        return Answer(answer_question(question, get_answer_kb()))
    except ServiceError as exc:
        return Answer(error=exc)


def corrections(question: str, understood: dict[str, Any]) -> list[dict[str, Any]]:
    """For each span of the question no name was read in ("four tops"), the question again
    with each suggested name in that span's place: what the storyteller meant, one tap away.

    >>> corrections("four tops is poisoned?", {"unrecognised": [
    ...     {"text": "four tops", "suggestions": ["Vortox"]}]})
    [{'text': 'four tops', 'options': [{'name': 'Vortox', 'q': 'Vortox is poisoned?'}]}]
    """
    out = []
    for missed in understood.get("unrecognised") or ():
        text = missed.get("text") or ""
        options = _asked_with_each(question, text, missed.get("suggestions"))
        if options:
            out.append({"text": text, "options": options})
    return out


def readings(question: str, understood: dict[str, Any]) -> list[dict[str, Any]]:
    """For each name read from words that may have meant another ("the mare" read as the
    Mage), those other names, each with the question asked again with it in their place."""
    out = []
    for read in understood.get("recognised") or ():
        text = read["as"]
        options = _asked_with_each(question, text, read.get("alternatives"))
        if options:
            out.append({"text": text, "id": read["id"], "options": options})
    return out


def _asked_with_each(question: str, text: str, names: list[str] | None) -> list[dict[str, str]]:
    """For each name, the name and ``question`` with ``text`` (its first occurrence, any
    case) replaced by it; a text not found as typed gives the name alone."""
    at = re.search(re.escape(text), question, re.IGNORECASE) if text else None
    return [
        {"name": name, "q": question[: at.start()] + name + question[at.end() :] if at else name}
        for name in names or ()
    ]
