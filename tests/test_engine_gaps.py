"""Where players wake: the Lunatic at the Lunatic's place, a Steward or Noble created
mid-game on their own first night (the night-order gaps; scenarios: golden/replays/gap-*)."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge.model import Team
from service.engine import Rulebook
from service.engine.model import Alignment, Moment, Phase, Player
from service.engine.nightorder import place_of, position_in

NIGHT2 = Moment(Phase.NIGHT, 2)


@pytest.fixture(scope="module")
def rules(kb_path: Path) -> Rulebook:
    return Rulebook.from_path(kb_path)


def _player(character: str, **kw: object) -> Player:
    return Player(
        name="Ann", seat=0, character=character, team=Team.TOWNSFOLK, alignment=Alignment.GOOD, **kw
    )


def test_lunatic_wakes_at_the_lunatic_place_not_the_demon_place(rules: Rulebook) -> None:
    lunatic = _player("lunatic", thinks="po")
    assert place_of(rules, NIGHT2, lunatic, "po") == position_in(rules, NIGHT2, "lunatic")
    assert place_of(rules, NIGHT2, lunatic, "po") < position_in(rules, NIGHT2, "zombuul")


def test_drunk_still_wakes_at_the_place_of_what_they_think(rules: Rulebook) -> None:
    drunk = _player("drunk", thinks="empath")
    assert place_of(rules, NIGHT2, drunk, "empath") == position_in(rules, NIGHT2, "empath")


def test_steward_created_tonight_wakes_after_the_pithag(rules: Rulebook) -> None:
    made = _player("steward", since=NIGHT2)
    place = place_of(rules, NIGHT2, made, "steward")
    assert place is not None and place > position_in(rules, NIGHT2, "pithag")


@pytest.mark.parametrize("since", [None, Moment(Phase.NIGHT, 1), Moment(Phase.DAY, 2)])
def test_steward_not_created_tonight_does_not_wake(rules: Rulebook, since: Moment | None) -> None:
    assert place_of(rules, NIGHT2, _player("steward", since=since), "steward") is None


def test_steward_created_yesterday_wakes_tonight(rules: Rulebook) -> None:
    made = _player("steward", since=Moment(Phase.DAY, 1))
    assert place_of(rules, NIGHT2, made, "steward") is not None


def test_washerwoman_created_mid_game_is_not_woken(rules: Rulebook) -> None:
    # No ruling makes a created (or resurrected) Washerwoman learn again.
    made = _player("washerwoman", since=NIGHT2)
    assert place_of(rules, NIGHT2, made, "washerwoman") is None
