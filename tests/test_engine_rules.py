"""Rule mechanics the golden scenarios cannot reach with Trouble Brewing alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.engine import Game, Rulebook, replay
from service.engine.actions import Action
from service.engine.deaths import kill
from service.engine.model import Cause, Moment, Phase, Token, Until
from service.engine.request import parse_request
from service.engine.rules import alive_neighbours, is_drunk, is_poisoned
from service.engine.step import Step
from service.errors import InvalidRequest


@pytest.fixture(scope="module")
def rulebook(kb_path: Path) -> Rulebook:
    return Rulebook.from_path(kb_path)


def step_for(rulebook: Rulebook, players: list[dict], night: int = 2) -> Step:
    parsed = parse_request({"players": players, "phases": []}, rulebook)
    state = parsed.start
    return Step(
        rules=rulebook,
        state=type(state)(players=state.players, moment=Moment(Phase.NIGHT, night)),
        action="test",
    )


def test_safe_from_the_demon_does_not_stop_a_minion_kill(rulebook: Rulebook) -> None:
    step = step_for(
        rulebook,
        [
            {"name": "Ann", "character": "monk"},
            {"name": "Ben", "character": "assassin"},
            {"name": "Cat", "character": "soldier"},
        ],
    )
    step.place(Token(name="Safe", character="monk", on="Cat", by="Ann", until=Until.DAWN))
    assert kill(step, "Cat", Cause.MINION, by=step.player("Ben"))
    assert not step.player("Cat").alive
    assert any("does not stop the Minion's kill" in e.text for e in step.trace)


def test_safe_from_the_demon_stops_a_demon_kill(rulebook: Rulebook) -> None:
    step = step_for(
        rulebook,
        [
            {"name": "Ann", "character": "monk"},
            {"name": "Ben", "character": "imp"},
            {"name": "Cat", "character": "chef"},
        ],
    )
    step.place(Token(name="Safe", character="monk", on="Cat", by="Ann", until=Until.DAWN))
    assert not kill(step, "Cat", Cause.DEMON, by=step.player("Ben"))
    assert step.player("Cat").alive


def test_a_poisoner_poisoning_themself_poisons_nobody_else(rulebook: Rulebook) -> None:
    step = step_for(
        rulebook, [{"name": "Ann", "character": "poisoner"}, {"name": "Ben", "character": "chef"}]
    )
    step.place(Token(name="Poisoned", character="poisoner", on="Ann", by="Ann"))
    assert is_poisoned(step.state, step.player("Ann"))
    assert not is_poisoned(step.state, step.player("Ben"))


def test_the_beggar_is_sober_and_healthy_whatever_the_request_says(rulebook: Rulebook) -> None:
    step = step_for(
        rulebook,
        [
            {"name": "Ann", "character": "beggar", "drunk": True, "poisoned": True},
            {"name": "Ben", "character": "chef"},
        ],
    )
    ann = step.player("Ann")
    assert not is_drunk(step.state, ann) and not is_poisoned(step.state, ann)


def test_with_two_players_alive_the_other_is_both_neighbours(rulebook: Rulebook) -> None:
    step = step_for(
        rulebook,
        [
            {"name": "Ann", "character": "empath"},
            {"name": "Ben", "character": "chef", "dead": True},
            {"name": "Cat", "character": "imp"},
        ],
    )
    assert [p.name for p in alive_neighbours(step.state, step.player("Ann"))] == ["Cat"]


def test_travellers_do_not_count_for_the_scarlet_woman(rulebook: Rulebook) -> None:
    players = [
        {"name": n, "character": c}
        for n, c in [
            ("Ann", "chef"),
            ("Ben", "scarletwoman"),
            ("Cat", "imp"),
            ("Dan", "monk"),
            ("Tom", "thief"),
        ]
    ]
    day = {
        "phase": "day",
        "number": 1,
        "events": [
            {"type": "nominate", "by": "Ann", "target": "Cat"},
            {"type": "execute", "target": "Cat"},
        ],
    }
    result = replay({"players": players, "phases": [day]}, rulebook)
    assert result["winner"]["team"] == "good"
    assert result["players"]["Ben"]["character"] == "scarletwoman"


def test_a_minion_who_became_the_imp_tonight_cannot_act_tonight(rulebook: Rulebook) -> None:
    players = [
        {"name": n, "character": c}
        for n, c in [
            ("Ann", "chef"),
            ("Cat", "imp"),
            ("Ben", "poisoner"),
            ("Dan", "monk"),
            ("Eve", "saint"),
        ]
    ]
    parsed = parse_request(
        {"players": players, "phases": [{"phase": "night", "number": 2}]}, rulebook
    )
    game = Game(rulebook, parsed.start)
    for line in ("night 2", "act Cat: Cat"):
        game.push(Action.from_text(line))
    assert game.state.player("Ben").character == "imp"
    with pytest.raises(InvalidRequest, match="Ben \\(Imp\\) is not woken tonight"):
        game.push(Action.from_text("act Ben: Ann"))


@pytest.mark.parametrize(("choice", "heir"), [(None, None), ("Ann", "Ann")])
def test_a_star_pass_with_only_a_recluse_left_is_the_storytellers_choice(
    rulebook: Rulebook, choice: str | None, heir: str | None
) -> None:
    # No Minion alive, the Recluse might register as one: nobody becomes the Imp unless the
    # storyteller says the Recluse does (this once raised StopIteration)
    request = {
        "players": [
            {"name": "Ann", "character": "recluse"},
            {"name": "Ben", "character": "chef"},
            {"name": "Cat", "character": "imp"},
            {"name": "Dan", "character": "baron", "dead": True},
            {"name": "Eve", "character": "washerwoman"},
        ],
        "phases": [
            {"phase": "night", "number": 2, "actions": [{"player": "Cat", "targets": ["Cat"]}]}
        ],
        "choices": {} if choice is None else {"night2.imp.Cat.star-pass": choice},
    }
    result = replay(request, rulebook)
    point = next(c for c in result["storyteller_choices"] if c["id"] == "night2.imp.Cat.star-pass")
    assert point["options"][0] == "nobody" and "Ann" in point["options"]
    imps = [n for n, p in result["players"].items() if p["character"] == "imp" and p["alive"]]
    assert imps == ([heir] if heir else [])
