"""Sects & Violets mechanics the golden scenarios do not pin down one by one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from service.engine import Game, Rulebook, replay
from service.engine.actions import Action
from service.engine.handlers.snv import show, townsfolk_neighbours
from service.engine.handlers.snv_info import steps_between
from service.engine.request import parse_request
from service.errors import InvalidRequest

SEATS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture(scope="module")
def rulebook(kb_path: Path) -> Rulebook:
    return Rulebook.from_path(kb_path)


def players(*characters: str, **extra: dict[str, Any]) -> list[dict[str, Any]]:
    """Players Ann, Ben, ... with these characters; ``extra`` adds fields by name."""
    return [
        {"name": name, "character": cid, **extra.get(name, {})}
        for name, cid in zip(SEATS, characters, strict=False)
    ]


def night(number: int, *actions: dict[str, Any]) -> dict[str, Any]:
    return {"phase": "night", "number": number, "actions": list(actions)}


def day(number: int, *events: dict[str, Any]) -> dict[str, Any]:
    return {"phase": "day", "number": number, "events": list(events)}


def run(rulebook: Rulebook, roster: list[dict], *phases: dict, **choices: Any) -> dict:
    return replay({"players": roster, "phases": list(phases), "choices": choices}, rulebook)


def texts(result: dict) -> str:
    return "\n".join(t["text"] for t in result["trace"])


# ---- pure helpers --------------------------------------------------------------------------


def test_townsfolk_neighbours_skip_other_types_and_count_the_dead(rulebook: Rulebook) -> None:
    roster = players(
        "oracle", "mutant", "nodashii", "witch", "klutz", "sage", "savant", Ann={"dead": True}
    )
    state = parse_request({"players": roster, "phases": []}, rulebook).start
    found = townsfolk_neighbours(state, state.player("Cat"))
    assert [p.name for p in found] == ["Ann", "Fay"]


def test_townsfolk_neighbours_meet_on_one_player_or_none(rulebook: Rulebook) -> None:
    one = parse_request(
        {"players": players("nodashii", "witch", "sage"), "phases": []}, rulebook
    ).start
    assert [p.name for p in townsfolk_neighbours(one, one.player("Ann"))] == ["Cat"]
    none = parse_request(
        {"players": players("nodashii", "witch", "mutant"), "phases": []}, rulebook
    ).start
    assert townsfolk_neighbours(none, none.player("Ann")) == ()


def test_steps_go_the_shorter_way_round() -> None:
    assert [steps_between(8, 0, k) for k in range(8)] == [0, 1, 2, 3, 4, 3, 2, 1]


def test_answers_in_words() -> None:
    assert show([]) == "nobody"
    assert show({"player": "Ann", "character": "sage"}) == "Ann (player) and sage (character)"


# ---- the Vortox: falsified through the core, for any Townsfolk -----------------------------


def test_vortox_falsifies_a_trouble_brewing_empath(rulebook: Rulebook) -> None:
    result = run(rulebook, players("empath", "vortox", "chef", "witch", "sage"), night(2))
    info = result["info"]["Ann"]
    assert info["answer"] == 1 and info["told"] != 1 and info["reliable"] is False
    assert "Vortox makes it false" in info["why"][0]


def test_vortox_refuses_a_true_answer_from_the_request(rulebook: Rulebook) -> None:
    with pytest.raises(InvalidRequest, match="must be false"):
        run(
            rulebook,
            players("oracle", "vortox", "witch", "sage"),
            night(2),
            **{"night2.oracle.Ann.told": 0},
        )


def test_vortox_does_not_falsify_outsiders_or_minions(rulebook: Rulebook) -> None:
    result = run(rulebook, players("eviltwin", "vortox", "sage", "klutz"), night(1))
    assert result["info"]["Ann"]["reliable"] is True


def test_an_execution_that_kills_nobody_still_stops_the_vortox_win(rulebook: Rulebook) -> None:
    roster = players("vortox", "oracle", "witch", "sage", "savant", "klutz", Dan={"dead": True})
    result = run(rulebook, roster, day(1, {"type": "execute", "target": "Dan"}))
    assert result["winner"] is None and result["deaths"] == []


# ---- Fang Gu, Klutz, Evil Twin, Witch ------------------------------------------------------


def test_a_protected_outsider_does_not_take_the_fang_gu(rulebook: Rulebook) -> None:
    roster = players("monk", "klutz", "fanggu", "witch", "sage")
    result = run(
        rulebook,
        roster,
        night(2, {"player": "Ann", "targets": ["Ben"]}, {"player": "Cat", "targets": ["Ben"]}),
    )
    assert result["players"]["Ben"]["character"] == "klutz"
    assert result["players"]["Cat"]["alive"] and result["deaths"] == []
    assert "no jump, and the Fang Gu lives" in texts(result)


def test_an_evil_klutz_choosing_an_evil_player_loses_for_evil(rulebook: Rulebook) -> None:
    roster = players("klutz", "vortox", "witch", "sage", "oracle", Ann={"alignment": "evil"})
    result = run(
        rulebook,
        roster,
        day(
            1,
            {"type": "execute", "target": "Ann"},
            {"type": "ability", "by": "Ann", "targets": ["Ben"]},
        ),
    )
    assert result["winner"]["team"] == "good"
    assert any(
        "strange situation where the Klutz is evil" in r["text"]
        for t in result["trace"]
        for r in t["rulings"]
    )


def test_a_drunk_evil_twin_does_not_win_when_the_good_twin_dies(rulebook: Rulebook) -> None:
    roster = players(
        "eviltwin",
        "sage",
        "vortox",
        "oracle",
        "klutz",
        Ann={"drunk": True},
        Ben={"reminders": ["Twin"]},
    )
    result = run(rulebook, roster, day(1, {"type": "execute", "target": "Ben"}))
    assert result["winner"] is None
    assert "no working Evil Twin ability" in texts(result)


def test_a_poisoned_witch_curses_nobody_to_death(rulebook: Rulebook) -> None:
    roster = players("witch", "savant", "vortox", "oracle", "klutz", "sage", Ann={"poisoned": True})
    result = run(
        rulebook,
        roster,
        night(2, {"player": "Ann", "targets": ["Ben"]}),
        day(
            2,
            {"type": "nominate", "by": "Ben", "target": "Cat"},
            {"type": "execute", "target": "Cat"},
        ),
    )
    assert result["players"]["Ben"]["alive"]


# ---- Philosopher, Vigormortis, Bone Collector ----------------------------------------------


def test_a_character_entering_play_later_is_drunk_from_the_philosopher(rulebook: Rulebook) -> None:
    roster = players("philosopher", "savant", "fanggu", "pithag", "sage", "klutz")
    result = run(
        rulebook,
        roster,
        night(
            2,
            {"player": "Ann", "character": "oracle"},
            {"player": "Dan", "targets": ["Ben"], "character": "oracle"},
        ),
    )
    assert result["players"]["Ben"]["character"] == "oracle"
    assert result["players"]["Ben"]["drunk"] is True
    assert result["players"]["Ann"]["gained"] == ["oracle"]


def test_a_philosopher_drunk_as_they_choose_gains_nothing(rulebook: Rulebook) -> None:
    roster = players("philosopher", "oracle", "fanggu", "witch", "sage", Ann={"drunk": True})
    result = run(rulebook, roster, night(2, {"player": "Ann", "character": "oracle"}))
    assert "gained" not in result["players"]["Ann"]
    assert result["players"]["Ben"]["drunk"] is False


def test_the_vigormortis_death_ends_kept_abilities_and_poison(rulebook: Rulebook) -> None:
    roster = players("sage", "witch", "vigormortis", "oracle", "savant", "klutz")
    result = run(
        rulebook,
        roster,
        night(2, {"player": "Cat", "targets": ["Ben"]}),
        day(2, {"type": "execute", "target": "Cat"}),
    )
    assert result["winner"]["team"] == "good"
    assert result["players"]["Ann"]["poisoned"] is False


def test_a_dead_minion_without_a_kept_ability_is_not_woken(rulebook: Rulebook) -> None:
    roster = players("sage", "witch", "fanggu", "oracle", "savant", Ben={"dead": True})
    with pytest.raises(InvalidRequest, match="not woken tonight"):
        run(rulebook, roster, night(2, {"player": "Ben", "targets": ["Ann"]}))


# ---- Butcher, Mathematician ----------------------------------------------------------------


def test_the_butcher_allows_only_one_extra_execution(rulebook: Rulebook) -> None:
    roster = players(
        "sage",
        "witch",
        "nodashii",
        "oracle",
        "savant",
        "butcher",
        "klutz",
        Fay={"alignment": "good"},
    )
    with pytest.raises(InvalidRequest, match="at most one execution per day"):
        run(
            rulebook,
            roster,
            day(
                2,
                {"type": "execute", "target": "Ann"},
                {"type": "nominate", "by": "Fay", "target": "Ben"},
                {"type": "execute", "target": "Ben"},
                {"type": "execute", "target": "Gus"},
            ),
        )


def test_the_mathematician_counts_since_dawn_only(rulebook: Rulebook) -> None:
    roster = players("mathematician", "oracle", "fanggu", "poisoner", "sage", "savant")
    result = run(
        rulebook,
        roster,
        night(2, {"player": "Dan", "targets": ["Ben"]}),
        day(2),
        night(3, {"player": "Dan", "targets": ["Eve"]}),
    )
    # Night 3: Ben's unreliable night-2 information came before dawn; only Eve counts.
    assert result["info"]["Ann"]["answer"] == 1
    last = [t["text"] for t in result["trace"] if t["text"].startswith("Abilities that")][-1]
    assert "Eve is poisoned" in last and "Ben" not in last


def test_a_poisoner_poisoning_themself_is_not_abnormal(rulebook: Rulebook) -> None:
    roster = players("mathematician", "oracle", "fanggu", "poisoner", "sage", "savant")
    result = run(rulebook, roster, night(2, {"player": "Dan", "targets": ["Dan"]}))
    assert result["info"]["Ann"]["answer"] == 0


# ---- push / pop over a swap ----------------------------------------------------------------


def test_pushing_and_popping_a_snake_charmer_swap(rulebook: Rulebook) -> None:
    parsed = parse_request(
        {"players": players("snakecharmer", "oracle", "nodashii", "witch", "sage"), "phases": []},
        rulebook,
    )
    game = Game(rulebook, parsed.start)
    lines = ["setup", "night 1", "dawn", "dusk", "night 2", "act Ann: Cat", "dawn"]
    states = [game.push(Action.from_text(line)) for line in lines]
    assert game.state.player("Ann").character == "nodashii"
    assert game.state.player("Cat").character == "snakecharmer"
    for _ in lines[4:]:
        game.pop()
    assert game.state == states[3]
    assert game.state.player("Ann").character == "snakecharmer"


# ---- the Soldier beside the No Dashii -------------------------------------------------------


@pytest.mark.parametrize(("drunk", "poisoned"), [(False, False), (True, True)])
def test_a_soldier_beside_the_no_dashii_is_kept_from_its_poison(
    rulebook: Rulebook, drunk: bool, poisoned: bool
) -> None:
    # "The Soldier is also protected from all other harmful effects of the Demon's ability,
    # such as poisoning" (002; 000 blocks only the kill: the step shows that side too); a
    # drunk Soldier has no working ability to keep it off
    roster = players("soldier", "nodashii", "chef", "godfather", "tealady", Ann={"drunk": drunk})
    result = run(rulebook, roster, night(2))
    assert result["players"]["Ann"]["poisoned"] is poisoned
    assert result["players"]["Cat"]["poisoned"] is True  # the other side's Townsfolk
    kept = [s for s in result["trace"] if s["text"].startswith("Ann (Soldier) is a neighbour")]
    assert bool(kept) is not poisoned
    if kept:
        assert any(d["source"].startswith("000_") for d in kept[0].get("disagreeing", ()))
