"""Bad Moon Rising mechanics the golden scenarios (tests/golden/replays/bmr-*.json) do not
pin down step by step: unstoppable kills, the Fool asked last, the Zombuul's registered
death, the Courtier's three nights and days, the Chambermaid looking ahead, undo."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.engine import Game, Rulebook, replay
from service.engine.actions import Action
from service.engine.deaths import kill
from service.engine.model import Cause, Moment, Phase, Token, Until
from service.engine.request import parse_request
from service.engine.rules import alive_demons, is_drunk, is_undead, living
from service.engine.step import Step
from service.errors import InvalidRequest


@pytest.fixture(scope="module")
def rulebook(kb_path: Path) -> Rulebook:
    return Rulebook.from_path(kb_path)


def cast(*pairs: str) -> list[dict]:
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]
    return [{"name": n, "character": c} for n, c in zip(names, pairs, strict=False)]


def step_for(rulebook: Rulebook, players: list[dict], night: int = 2) -> Step:
    start = parse_request({"players": players, "phases": []}, rulebook).start
    return Step(
        rules=rulebook,
        state=type(start)(players=start.players, moment=Moment(Phase.NIGHT, night)),
        action="test",
    )


def game_for(
    rulebook: Rulebook,
    players: list[dict],
    first: int,
    lines: list[str],
    choices: dict | None = None,
) -> Game:
    parsed = parse_request(
        {"players": players, "phases": [{"phase": "night", "number": first}]}, rulebook
    )
    game = Game(rulebook, parsed.start, choices or {})
    for line in ["setup", *lines]:
        game.push(Action.from_text(line))
    return game


def test_even_if_they_could_not_skips_every_protection(rulebook: Rulebook) -> None:
    step = step_for(rulebook, cast("sailor", "assassin", "po", "tealady", "chef"))
    assert not kill(step, "Ann", Cause.MINION, by=step.player("Ben"))
    assert step.player("Ann").alive  # the sober Sailor cannot die
    assert kill(step, "Ann", Cause.MINION, by=step.player("Ben"), unstoppable=True)
    assert not step.player("Ann").alive


def test_the_fool_is_asked_after_other_protections(rulebook: Rulebook) -> None:
    step = step_for(rulebook, cast("fool", "monk", "po", "chef"))
    step.place(Token(name="Safe", character="monk", on="Ann", by="Ben", until=Until.DAWN))
    assert not kill(step, "Ann", Cause.DEMON, by=step.player("Cat"))
    assert not step.state.find_tokens("fool", "No Ability")  # the Monk saved them
    assert not kill(step, "Ann", Cause.EXECUTION, by=None)
    assert step.state.find_tokens("fool", "No Ability")  # now the Fool's ability is spent


def test_a_zombuul_that_died_once_is_still_the_living_demon(rulebook: Rulebook) -> None:
    step = step_for(rulebook, cast("zombuul", "chef", "monk", "tealady"))
    assert kill(step, "Ann", Cause.EXECUTION, by=None)
    ann = step.player("Ann")
    assert not ann.alive and is_undead(step.state, ann)
    assert [p.name for p in alive_demons(step.state)] == ["Ann"]
    assert len(living(step.state)) == 4 and step.state.winner is None
    assert kill(step, "Ann", Cause.EXECUTION, by=None)
    assert not is_undead(step.state, step.player("Ann"))
    assert step.state.winner is not None and step.state.winner.team == "good"


def test_a_drunk_zombuul_dies_at_once(rulebook: Rulebook) -> None:
    players = cast("zombuul", "chef", "monk", "tealady")
    players[0]["drunk"] = True
    step = step_for(rulebook, players)
    kill(step, "Ann", Cause.DEMON, by=None)
    assert step.state.winner is not None and step.state.winner.team == "good"


def test_the_courtier_drunkenness_lasts_three_nights_and_three_days(rulebook: Rulebook) -> None:
    game = game_for(
        rulebook,
        cast("courtier", "chef", "po", "godfather", "tealady"),
        1,
        ["night 1", "act Ann: [chef]"],
    )
    sober_after = []
    for n, line in enumerate(
        ["dawn", "dusk", "night 2", "dawn", "dusk", "night 3", "dawn", "dusk", "night 4", "dawn"]
    ):
        game.push(Action.from_text(line))
        if not is_drunk(game.state, game.state.player("Ben")):
            sober_after.append((n, line))
    assert sober_after == [(7, "dusk"), (8, "night 4"), (9, "dawn")]  # from the 3rd dusk
    assert not game.state.find_tokens("courtier", "Drunk 3")


def test_a_courtier_reminder_given_in_the_request_is_dated(rulebook: Rulebook) -> None:
    players = cast("courtier", "chef", "po", "godfather", "tealady")
    players[0]["reminders"] = ["No Ability"]
    players[1]["reminders"] = ["Drunk 2"]
    game = game_for(rulebook, players, 3, ["night 3"])
    assert is_drunk(game.state, game.state.player("Ben"))
    for line in ["dawn", "dusk", "night 4"]:
        game.push(Action.from_text(line))
    assert not is_drunk(game.state, game.state.player("Ben"))


def test_the_chambermaid_counts_who_will_wake_later_tonight(rulebook: Rulebook) -> None:
    players = cast("chambermaid", "mathematician", "po", "tealady", "godfather")
    result = replay(
        {
            "players": players,
            "phases": [
                {
                    "phase": "night",
                    "number": 1,
                    "actions": [{"player": "Ann", "targets": ["Ben", "Dan"]}],
                }
            ],
        },
        rulebook,
    )
    assert result["info"]["Ann"]["answer"] == 1  # the Mathematician wakes after her


def test_push_then_pop_gives_back_the_start(rulebook: Rulebook) -> None:
    players = cast("exorcist", "chambermaid", "pukka", "godfather", "goon", "innkeeper")
    lines = [
        "night 2",
        "act Fay: Ann, Eve",
        "act Ann: Eve",
        "act Cat: Eve",
        "act Ben: Ann, Cat",
        "dawn",
    ]
    parsed = parse_request(
        {"players": players, "phases": [{"phase": "night", "number": 2}]}, rulebook
    )
    game = Game(rulebook, parsed.start, {})
    states = [game.state]
    for line in lines:
        states.append(game.push(Action.from_text(line)))
    assert game.state.player("Eve").alignment == "good"  # Fay (good) chose the Goon first
    for before in reversed(states[:-1]):
        game.pop()
        assert game.state == before
    assert game.state == game.start and game.trace == []


def test_a_lunatic_thinks_they_are_a_demon(rulebook: Rulebook) -> None:
    players = cast("lunatic", "po", "chef")
    players[0]["thinks"] = "chef"
    with pytest.raises(InvalidRequest, match="Lunatic cannot think"):
        parse_request({"players": players, "phases": []}, rulebook)


def test_the_matron_keeps_seats_in_clockwise_order(rulebook: Rulebook) -> None:
    players = [
        *cast("chef", "tealady", "godfather", "po"),
        {"name": "Tom", "character": "matron", "alignment": "good"},
    ]
    result = replay(
        {
            "players": players,
            "phases": [
                {
                    "phase": "day",
                    "number": 1,
                    "events": [
                        {"type": "ability", "by": "Tom", "targets": ["Ann", "Dan", "Ben", "Cat"]}
                    ],
                }
            ],
        },
        rulebook,
    )
    assert list(result["players"]) == ["Dan", "Cat", "Ben", "Ann", "Tom"]


def test_the_gossip_statement_needs_text(rulebook: Rulebook) -> None:
    with pytest.raises(InvalidRequest, match="statement goes in 'text'"):
        replay(
            {
                "players": cast("gossip", "po", "chef"),
                "phases": [
                    {"phase": "day", "number": 1, "events": [{"type": "ability", "by": "Ann"}]}
                ],
            },
            rulebook,
        )


def _pukka_night(rulebook: Rulebook, players: list[dict], actions: list[dict]) -> dict:
    """Night 2 with ``actions``, the day, and night 3 (when the Pukka's poison kills)."""
    return replay(
        {
            "players": players,
            "phases": [
                {"phase": "night", "number": 2, "actions": actions},
                {"phase": "day", "number": 2, "events": []},
                {"phase": "night", "number": 3, "actions": []},
            ],
        },
        rulebook,
    )


@pytest.mark.parametrize(
    ("players", "actions", "shield"),
    [
        # "The Monk's protection also prevents all other harmful effects of the Demon's
        # ability, such as poisoning" (002, 004)
        (
            cast("monk", "chef", "pukka", "godfather", "tealady"),
            [{"player": "Ann", "targets": ["Ben"]}, {"player": "Cat", "targets": ["Ben"]}],
            "Ann's Monk ability",
        ),
        # "The Soldier is also protected from all other harmful effects of the Demon's
        # ability, such as poisoning" (002)
        (
            cast("soldier", "chef", "pukka", "godfather", "tealady"),
            [{"player": "Cat", "targets": ["Ann"]}],
            "their own Soldier ability",
        ),
    ],
)
def test_protection_from_the_demon_keeps_off_the_pukkas_poison(
    rulebook: Rulebook, players: list[dict], actions: list[dict], shield: str
) -> None:
    result = _pukka_night(rulebook, players, actions)
    target = actions[-1]["targets"][0]
    said = [s for s in result["trace"] if s["text"].startswith(f"Cat (Pukka) chooses {target}")]
    assert said and "they are not poisoned" in said[0]["text"] and shield in said[0]["text"]
    assert target not in result["deaths"]  # nor does the poison kill them the night after
    assert not any(r["token"] == "Poisoned" for r in result["players"][target]["reminders"])


def test_a_drunk_monk_does_not_keep_off_the_pukkas_poison(rulebook: Rulebook) -> None:
    players = cast("monk", "chef", "pukka", "godfather", "tealady")
    players[0]["drunk"] = True
    result = _pukka_night(
        rulebook,
        players,
        [{"player": "Ann", "targets": ["Ben"]}, {"player": "Cat", "targets": ["Ben"]}],
    )
    assert any(s["text"] == "Cat (Pukka) chooses Ben: they are poisoned." for s in result["trace"])
    assert "Ben" in result["deaths"]  # the night after
