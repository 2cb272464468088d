"""The engine and question answering as the pages use them, and honest when they are missing.

Both live in packages built alongside the pages; when one cannot be imported the page
says the feature is not available yet rather than showing anything made up.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import current_app

from knowledge.errors import ServiceError
from service.web.kb import get_rulebook

# A sample input for the builder (the engine issue's example, with the day's nomination made
# by a living player), not an answer.
EXAMPLE_REPLAY: dict[str, Any] = {
    "players": [{"name": "Ann", "character": "monk", "drunk": True},
                {"name": "Ben", "character": "assassin"},
                {"name": "Cat", "character": "imp"},
                {"name": "Dan", "character": "chef"},
                {"name": "Eve", "character": "soldier", "poisoned": True}],
    "phases": [{"phase": "night", "number": 2,
                "actions": [{"player": "Ann", "targets": ["Dan"]},
                            {"player": "Ben", "targets": ["Dan"]},
                            {"player": "Cat", "targets": ["Eve"]}]},
               {"phase": "day", "number": 2,
                "events": [{"type": "nominate", "by": "Ann", "target": "Cat"},
                           {"type": "execute", "target": "Cat"}]}],
    "choices": {},
}


def _optional(module: str, name: str) -> Any | None:
    """``module.name`` if that package has been built yet, else None."""
    try:
        return getattr(importlib.import_module(module), name, None)
    except ModuleNotFoundError as err:
        if err.name and module.startswith(err.name):
            return None  # the package itself is missing, not something it imports
        raise


def engine() -> tuple[Any, Any] | None:
    """``(replay, rules)``: the engine and its rulebook (built once per worker); or None."""
    replay = _optional("service.engine.replay", "replay")
    return None if replay is None else (replay, get_rulebook())


@dataclass(frozen=True, slots=True)
class Answer:
    available: bool
    data: dict[str, Any] | None = None
    error: ServiceError | None = None

    @property
    def replay(self) -> dict[str, Any] | None:
        return (self.data or {}).get("replay") or None


def ask(question: str) -> Answer:
    """The answer to a question, or why there is none."""
    function = _optional("service.answer.ask", "ask")
    answer_kb = _optional("service.answer.kb", "AnswerKB")
    if function is None or answer_kb is None:
        return Answer(available=False)
    state = current_app.extensions["adjudicator"]
    if "answer_kb" not in state:
        state["answer_kb"] = answer_kb.from_path(Path(current_app.config["KB_PATH"]))
    found = engine()
    replayer = (lambda request: found[0](request, found[1])) if found else None
    try:
        return Answer(True, function(question, state["answer_kb"], replayer=replayer))
    except ServiceError as exc:
        return Answer(True, error=exc)
