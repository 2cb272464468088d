"""A game you can push actions onto and pop them off again, as in python-chess."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from service.engine import day, nightorder
from service.engine.actions import (
    Act,
    Action,
    Dawn,
    Dusk,
    Execute,
    Exile,
    NightStart,
    Nominate,
    Setup,
    Slay,
    UseAbility,
    Vote,
)
from service.engine.model import GameState
from service.engine.rulebook import Rules
from service.engine.step import ChoicePoint, Step, TraceEntry
from service.errors import InvalidRequest

RUNNERS: dict[type[Action], Callable[[Step, Any], None]] = {
    Setup: day.setup,
    NightStart: nightorder.start_night,
    Act: nightorder.act,
    Dawn: nightorder.dawn,
    Nominate: day.nominate,
    Vote: day.vote,
    Execute: day.execute,
    Exile: day.exile,
    Slay: day.slay,
    UseAbility: day.use_ability,
    Dusk: day.dusk,
}


@dataclass(frozen=True, slots=True)
class _Frame:
    action: Action
    before: GameState
    trace_length: int
    choices_length: int


class Game:
    """The current state, the actions that led to it, and the trace and choices they made."""

    def __init__(
        self, rules: Rules, start: GameState, choices: Mapping[str, Any] | None = None
    ) -> None:
        self.rules = rules
        self.start = start
        self.state = start
        self.requested: dict[str, Any] = dict(choices or {})
        self.trace: list[TraceEntry] = []
        self.choices: list[ChoicePoint] = []
        self._stack: list[_Frame] = []

    @property
    def moves(self) -> list[Action]:
        return [frame.action for frame in self._stack]

    def push(self, action: Action) -> GameState:
        """Apply one action; the state, trace and choices change only if it succeeds."""
        if self.state.winner:
            raise InvalidRequest(
                f"the game is over ({self.state.winner.team} won: "
                f"{self.state.winner.reason}); nothing more can happen"
            )
        runner = RUNNERS.get(type(action))
        if runner is None:
            raise InvalidRequest(f"the engine cannot run {action!r}")
        step = Step(
            rules=self.rules,
            state=self.state,
            action=str(action),
            requested=self.requested,
            taken_ids=frozenset(c.id for c in self.choices),
        )
        runner(step, action)
        self._stack.append(_Frame(action, self.state, len(self.trace), len(self.choices)))
        self.state = step.state
        self.trace.extend(step.trace)
        self.choices.extend(step.choices)
        return self.state

    def pop(self) -> Action:
        """Undo the last action: the state before it, and its trace and choices gone."""
        frame = self._stack.pop()
        self.state = frame.before
        del self.trace[frame.trace_length :]
        del self.choices[frame.choices_length :]
        return frame.action

    def peek(self) -> Action | None:
        return self._stack[-1].action if self._stack else None
