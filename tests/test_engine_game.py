"""Game.push / pop / peek over immutable snapshots (the python-chess pattern)."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.engine import Game, Rulebook
from service.engine.actions import Act, Action
from service.engine.request import parse_request
from service.errors import InvalidRequest

PLAYERS = [
    {"name": "Ann", "character": "monk"},
    {"name": "Ben", "character": "empath"},
    {"name": "Cat", "character": "imp"},
    {"name": "Dan", "character": "poisoner"},
    {"name": "Eve", "character": "mayor"},
    {"name": "Fay", "character": "virgin"},
]
LINES = [
    "setup",
    "night 2",
    "act Dan: Ben",
    "act Ann: Ben",
    "act Cat: Eve",
    "dawn",
    "nominate Ben -> Dan",
    "vote Dan: Ann, Ben, Eve",
    "execute Dan",
    "dusk",
    "night 3",
    "act Ann: Ben",
    "act Cat: Cat",
]


@pytest.fixture(scope="module")
def rulebook(kb_path: Path) -> Rulebook:
    return Rulebook.from_path(kb_path)


def new_game(rulebook: Rulebook, choices: dict | None = None) -> Game:
    parsed = parse_request(
        {"players": PLAYERS, "phases": [{"phase": "night", "number": 2}]}, rulebook
    )
    return Game(rulebook, parsed.start, choices or {"night2.mayor.Eve.bounce": "Fay"})


def test_push_n_then_pop_n_gives_back_the_start(rulebook: Rulebook) -> None:
    game = new_game(rulebook)
    states = [game.state]
    for line in LINES:
        states.append(game.push(Action.from_text(line)))
    assert game.state.deaths and game.trace and game.choices
    for line, before in zip(reversed(LINES), reversed(states[:-1]), strict=True):
        assert str(game.pop()) == line
        assert game.state == before
    assert game.state == game.start
    assert game.trace == [] and game.choices == [] and game.peek() is None


def test_pop_truncates_the_trace_and_choices(rulebook: Rulebook) -> None:
    game = new_game(rulebook)
    for line in LINES[:4]:
        game.push(Action.from_text(line))
    trace, choices = list(game.trace), list(game.choices)
    game.push(Action.from_text(LINES[4]))  # the Imp attacks the Mayor: a bounce, Fay dies
    assert len(game.choices) == len(choices) + 1
    game.pop()
    assert game.trace == trace and game.choices == choices
    assert str(game.peek()) == LINES[3]


def test_a_refused_action_changes_nothing(rulebook: Rulebook) -> None:
    game = new_game(rulebook)
    for line in LINES[:3]:
        game.push(Action.from_text(line))
    state, trace = game.state, list(game.trace)
    with pytest.raises(InvalidRequest, match="may not choose themself"):
        game.push(Act("Ann", ("Ann",)))
    assert game.state is state and game.trace == trace and len(game.moves) == 3


def test_an_action_whose_turn_has_passed_is_refused(rulebook: Rulebook) -> None:
    game = new_game(rulebook)
    for line in LINES[:5]:
        game.push(Action.from_text(line))
    with pytest.raises(InvalidRequest, match="already had their turn"):
        game.push(Act("Ann", ("Ben",)))


def test_nothing_is_pushed_after_a_win(rulebook: Rulebook) -> None:
    game = new_game(rulebook)
    for line in LINES:
        game.push(Action.from_text(line))
    assert game.state.winner is not None  # the Imp killed themself with no Minion to pass to
    with pytest.raises(InvalidRequest, match="the game is over"):
        game.push(Action.from_text("nominate Ann -> Ben"))
    assert game.state.winner.team == "good" and game.state.deaths[-1].player == "Cat"


def test_same_actions_same_trace(rulebook: Rulebook) -> None:
    runs = []
    for _ in range(2):
        game = new_game(rulebook)
        for line in LINES:
            game.push(Action.from_text(line))
        runs.append(([e.to_dict(i) for i, e in enumerate(game.trace)], game.state))
    assert runs[0] == runs[1]
