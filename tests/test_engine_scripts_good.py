"""The seed scripts' good characters: the mechanics the golden scenarios do not show on
their own (jinxes, drunk and dead cases, defaults, refusals)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from knowledge.model import Team
from service.engine import Rulebook, replay
from service.engine.actions import Setup
from service.engine.day import setup
from service.engine.handlers import abilities, hooks_of, load_all
from service.engine.handlers.scripts_good import parse_guess
from service.engine.model import Alignment, Moment, Phase
from service.engine.nightorder import waking_abilities
from service.engine.request import parse_request
from service.engine.step import Step
from service.errors import InvalidRequest

FIVE = (
    ("Ann", "alchemist"),
    ("Ben", "empath"),
    ("Cat", "imp"),
    ("Dan", "scarletwoman"),
    ("Eve", "monk"),
)


@pytest.fixture(scope="module")
def rulebook(kb_path: Path) -> Rulebook:
    return Rulebook.from_path(kb_path)


def players(*pairs: tuple[str, str], **extra: dict) -> list[dict]:
    return [{"name": n, "character": c, **extra.get(n, {})} for n, c in pairs]


def run(
    rulebook: Rulebook, people: list[dict], phases: list[dict], choices: dict | None = None
) -> dict:
    return replay({"players": people, "phases": phases, "choices": choices or {}}, rulebook)


def night(n: int, *actions: dict) -> dict:
    return {"phase": "night", "number": n, "actions": list(actions)}


def day(n: int, *events: dict) -> dict:
    return {"phase": "day", "number": n, "events": list(events)}


def execute(name: str) -> dict:
    return {"type": "execute", "target": name}


def texts(result: dict) -> str:
    return "\n".join(t["text"] for t in result["trace"])


def choice(result: dict, cid: str) -> dict:
    return next(c for c in result["storyteller_choices"] if c["id"] == cid)


# ---- gained abilities (the core) -----------------------------------------------------


def test_a_gained_ability_wakes_at_its_own_place_and_takes_the_action(rulebook) -> None:
    start = parse_request({"players": players(*FIVE), "phases": []}, rulebook).start
    ann = replace(start.player("Ann"), gained=("poisoner",))
    assert abilities(ann) == ("alchemist", "poisoner")
    waking = waking_abilities(rulebook, Moment(Phase.NIGHT, 1), ann)
    assert [cid for _, cid in waking] == ["poisoner", "alchemist"]  # the choosing one first
    assert [cid for cid, _ in hooks_of(ann, "afflicts", real=True)] == ["poisoner"]


def test_a_drunk_alchemist_poisoner_poisons_nobody(rulebook: Rulebook) -> None:
    result = run(
        rulebook,
        players(*FIVE, Ann={"drunk": True}),
        [night(1, {"player": "Ann", "targets": ["Ben"]})],
        {"setup.alchemist.Ann.ability": "poisoner"},
    )
    assert not result["players"]["Ben"]["poisoned"]
    assert result["info"]["Ben"]["reliable"]
    assert not result["info"]["Ann"]["reliable"]  # shown their Minion while drunk


# ---- Alchemist -----------------------------------------------------------------------


def test_the_alchemists_default_ability_is_a_not_in_play_minion(rulebook: Rulebook) -> None:
    result = run(rulebook, players(*FIVE), [])
    picked = choice(result, "setup.alchemist.Ann.ability")
    assert picked["chosen"] not in {p["character"] for p in result["players"].values()}
    assert rulebook.character(picked["chosen"]).team is Team.MINION
    assert result["players"]["Ann"]["gained"] == [picked["chosen"]]


@pytest.mark.parametrize("minion", ["marionette", "widow", "mastermind"])
def test_an_alchemist_with_a_jinxed_minion_has_no_ability(rulebook, minion: str) -> None:
    result = run(rulebook, players(*FIVE), [], {"setup.alchemist.Ann.ability": minion})
    assert "gained" not in result["players"]["Ann"]
    assert any(r["source"] == "jinxes.json" for r in result["trace"][0]["rulings"])


def test_an_alchemist_widow_guesses_the_widow(rulebook: Rulebook) -> None:
    people = players(
        ("Ann", "alchemist"), ("Ben", "chef"), ("Cat", "imp"), ("Dan", "widow"), ("Eve", "monk")
    )
    phases = [day(1, execute("Ben"), {"type": "ability", "by": "Ann", "targets": ["Dan"]})]
    result = run(rulebook, people, phases, {"setup.alchemist.Ann.ability": "widow"})
    assert result["players"]["Dan"]["reminders"][0]["token"] == "Must Be Chosen"
    with pytest.raises(InvalidRequest, match="already guessed"):
        run(
            rulebook,
            people,
            [day(1, *phases[0]["events"], phases[0]["events"][1])],
            {"setup.alchemist.Ann.ability": "widow"},
        )


def test_an_alchemist_without_a_guessing_jinx_has_no_day_ability(rulebook) -> None:
    with pytest.raises(InvalidRequest, match="no public day ability"):
        run(
            rulebook,
            players(*FIVE),
            [day(1, {"type": "ability", "by": "Ann", "targets": ["Dan"]})],
            {"setup.alchemist.Ann.ability": "poisoner"},
        )


# ---- Cannibal ------------------------------------------------------------------------

CANNIBAL = (
    ("Ann", "cannibal"),
    ("Ben", "butler"),
    ("Cat", "imp"),
    ("Dan", "poisoner"),
    ("Eve", "monk"),
    ("Fay", "chef"),
)


def test_the_cannibal_learns_they_have_the_butler_ability(rulebook: Rulebook) -> None:
    result = run(rulebook, players(*CANNIBAL), [day(1, execute("Ben"))])
    assert result["players"]["Ann"]["gained"] == ["butler"]
    assert "learns they have the Butler ability" in texts(result)


def test_a_poisoned_cannibal_gains_nothing(rulebook: Rulebook) -> None:
    result = run(rulebook, players(*CANNIBAL, Ann={"poisoned": True}), [day(1, execute("Eve"))])
    assert "gained" not in result["players"]["Ann"]
    assert "they gain no ability" in texts(result)


def test_executing_a_dead_player_feeds_no_cannibal(rulebook: Rulebook) -> None:
    result = run(rulebook, players(*CANNIBAL, Eve={"dead": True}), [day(1, execute("Eve"))])
    assert "gained" not in result["players"]["Ann"]


def test_a_cannibal_eating_evil_is_poisoned_until_a_good_execution(rulebook) -> None:
    phases = [day(1, execute("Dan")), night(2), day(2, execute("Fay"))]
    evil = run(rulebook, players(*CANNIBAL), phases[:1])
    assert evil["players"]["Ann"]["poisoned"]
    assert choice(evil, "day1.cannibal.Ann.false-ability")["chosen"] == "poisoner"
    good = run(rulebook, players(*CANNIBAL), phases)
    assert not good["players"]["Ann"]["poisoned"]
    assert good["players"]["Ann"]["gained"] == ["chef"]


# ---- Pixie ---------------------------------------------------------------------------

PIXIE = (("Ann", "pixie"), ("Ben", "chef"), ("Cat", "imp"), ("Dan", "poisoner"), ("Eve", "monk"))


def test_the_pixie_gains_nothing_unless_judged_mad(rulebook: Rulebook) -> None:
    phases = [night(1), day(1, execute("Eve"))]
    result = run(rulebook, players(*PIXIE), phases, {"night1.pixie.Ann.mad": "Eve"})
    assert choice(result, "day1.pixie.Ann.mad-as.monk")["chosen"] == "no"
    assert "gained" not in result["players"]["Ann"]


def test_a_poisoned_pixie_gains_nothing(rulebook: Rulebook) -> None:
    phases = [night(1, {"player": "Dan", "targets": ["Ann"]}), day(1, execute("Eve"))]
    result = run(rulebook, players(*PIXIE), phases, {"night1.pixie.Ann.mad": "Eve"})
    assert "gained" not in result["players"]["Ann"]
    assert "no ability is gained" in texts(result)


def test_the_pixie_gains_what_they_were_shown(rulebook: Rulebook) -> None:
    """000: the character shown, right or wrong, is the ability the Pixie stands to gain."""
    phases = [
        night(1, {"player": "Dan", "targets": ["Ann"]}),
        day(1),
        night(2, {"player": "Dan", "targets": ["Ben"]}),
        day(2, execute("Eve")),
    ]
    choices = {
        "night1.pixie.Ann.mad": "Eve",
        "night1.pixie.Ann.told": "soldier",
        "day2.pixie.Ann.mad-as.soldier": "yes",
    }
    result = run(rulebook, players(*PIXIE), phases, choices)
    assert result["players"]["Ann"]["gained"] == ["soldier"]
    (entry,) = [t for t in result["trace"] if "gains the Soldier ability" in t["text"]]
    assert any("whether it is correct or incorrect" in r["text"] for r in entry["rulings"])


# ---- Preacher ------------------------------------------------------------------------

PREACHER = (
    ("Ann", "preacher"),
    ("Ben", "empath"),
    ("Cat", "imp"),
    ("Dan", "poisoner"),
    ("Eve", "monk"),
)


def test_a_drunk_preacher_preaches_nobody(rulebook: Rulebook) -> None:
    result = run(
        rulebook,
        players(*PREACHER, Ann={"drunk": True}),
        [night(1, {"player": "Ann", "targets": ["Dan"]}, {"player": "Dan", "targets": ["Ben"]})],
    )
    assert result["players"]["Ben"]["poisoned"]
    assert result["players"]["Dan"]["reminders"] == []


def test_a_preached_minion_regains_the_ability_while_the_preacher_is_poisoned(rulebook) -> None:
    people = players(*PREACHER, Eve={"character": "imp"})
    people[2] = {"name": "Cat", "character": "spy"}
    result = run(rulebook, people, [night(1, {"player": "Ann", "targets": ["Cat"]})])
    assert result["players"]["Cat"]["reminders"][0]["token"] == "No Ability"
    assert "sees the Grimoire" not in texts(result)
    poisoned = run(
        rulebook,
        people,
        [
            night(1, {"player": "Ann", "targets": ["Cat"]}),
            day(1),
            night(2, {"player": "Dan", "targets": ["Ann"]}),
        ],
    )
    assert "Cat (Spy) sees the Grimoire" in texts(poisoned)  # awake again on night 2


# ---- Engineer ------------------------------------------------------------------------

ENGINEER = (
    ("Ann", "engineer"),
    ("Ben", "imp"),
    ("Cat", "chef"),
    ("Dan", "poisoner"),
    ("Eve", "monk"),
    ("Fay", "spy"),
)


def test_the_engineer_choosing_the_demon_in_play_changes_nobody(rulebook) -> None:
    result = run(rulebook, players(*ENGINEER), [night(1, {"player": "Ann", "character": "imp"})])
    assert result["players"]["Ben"]["character"] == "imp"
    assert "already in play" in texts(result)


def test_the_engineer_with_too_few_minions_leaves_a_choice(rulebook: Rulebook) -> None:
    result = run(
        rulebook,
        players(*ENGINEER),
        [night(1, {"player": "Ann", "character": ["scarletwoman"]})],
        {"night1.engineer.Ann.assign": {"Fay": "scarletwoman"}},
    )
    assert result["players"]["Fay"]["character"] == "scarletwoman"
    assert result["players"]["Dan"]["character"] == "poisoner"
    cited = {r["source"] for r in choice(result, "night1.engineer.Ann.assign")["rulings"]}
    assert cited == {"004_6ead7ab2c8100e30.txt"}
    with pytest.raises(InvalidRequest, match="not allowed"):
        run(
            rulebook,
            players(*ENGINEER),
            [night(1, {"player": "Ann", "character": ["scarletwoman"]})],
            {"night1.engineer.Ann.assign": {"Cat": "scarletwoman"}},
        )


def test_a_drunk_engineer_uses_the_ability_with_no_effect(rulebook: Rulebook) -> None:
    result = run(
        rulebook,
        players(*ENGINEER, Ann={"drunk": True}),
        [night(1, {"player": "Ann", "character": "zombuul"})],
    )
    assert result["players"]["Ben"]["character"] == "imp"
    assert result["players"]["Ann"]["reminders"][0]["token"] == "No Ability"


def test_a_character_list_is_refused_where_one_character_is_named(rulebook) -> None:
    named = [
        h
        for h in load_all().values()
        if h.night_spec and h.night_spec.character and not h.night_spec.characters
    ]
    if not named:
        pytest.skip("no handler names a single character")
    request = {
        "players": [{"name": "Ann", "character": named[0].id}],
        "phases": [night(2, {"player": "Ann", "character": ["imp", "spy"]})],
    }
    with pytest.raises(InvalidRequest):
        replay(request, rulebook)


# ---- Huntsman and Damsel -------------------------------------------------------------

DAMSEL = (
    ("Ann", "huntsman"),
    ("Ben", "damsel"),
    ("Cat", "imp"),
    ("Dan", "poisoner"),
    ("Eve", "monk"),
)


def guess(by: str, target: str) -> dict:
    return {"type": "ability", "by": by, "targets": [target], "character": "damsel"}


def test_declining_does_not_spend_the_huntsman(rulebook: Rulebook) -> None:
    result = run(
        rulebook,
        players(*DAMSEL),
        [
            night(1, {"player": "Ann", "decline": True}),
            day(1),
            night(2, {"player": "Ann", "targets": ["Ben"]}),
        ],
        {"night2.huntsman.Ann.townsfolk": "chef"},
    )
    assert result["players"]["Ben"]["character"] == "chef"


def test_an_evil_damsel_stays_evil_as_a_townsfolk(rulebook: Rulebook) -> None:
    result = run(
        rulebook,
        players(*DAMSEL, Ben={"alignment": "evil"}),
        [night(2, {"player": "Ann", "targets": ["Ben"]})],
    )
    ben = result["players"]["Ben"]
    assert (
        ben["alignment"] == "evil" and rulebook.character(ben["character"]).team is Team.TOWNSFOLK
    )


def test_the_spy_in_play_poisons_the_damsel(rulebook: Rulebook) -> None:
    people = players(*DAMSEL[:3], ("Dan", "spy"), DAMSEL[4])
    result = run(rulebook, people, [day(1, guess("Dan", "Ben"))])
    assert result["winner"] is None and result["players"]["Ben"]["poisoned"]
    assert "she is drunk or poisoned" in texts(result)


def test_a_dead_damsel_cannot_be_found(rulebook: Rulebook) -> None:
    result = run(rulebook, players(*DAMSEL, Ben={"dead": True}), [day(1, guess("Dan", "Ben"))])
    assert result["winner"] is None and "is dead: her ability has stopped" in texts(result)
    assert result["players"]["Ben"]["reminders"] == []  # the Minions' guess is not used up


def test_the_marionette_thinking_they_are_the_huntsman_cites_the_jinx(rulebook) -> None:
    people = players(("Ann", "huntsman"), ("Cat", "imp"), *DAMSEL[1:2], *DAMSEL[3:])
    start = parse_request({"players": people, "phases": []}, rulebook).start
    ann = replace(
        start.player("Ann"),
        character="marionette",
        team=Team.MINION,
        alignment=Alignment.EVIL,
        thinks="huntsman",
    )
    step = Step(rules=rulebook, state=start.with_player(ann), action="setup")
    setup(step, Setup())
    (entry,) = [t for t in step.trace if "Damsel was added" in t.text]
    assert "Ben" in entry.text and entry.rulings[0].source == "jinxes.json"


# ---- Alsaahir ------------------------------------------------------------------------

ALSAAHIR = (
    ("Ann", "alsaahir"),
    ("Ben", "chef"),
    ("Cat", "imp"),
    ("Dan", "poisoner"),
    ("Eve", "monk"),
)
RIGHT = {"type": "ability", "by": "Ann", "text": "demon: Cat; minion: Dan"}


def test_parse_guess_refuses_what_it_cannot_read() -> None:
    names = {"Ben", "Cat", "Dan"}
    assert parse_guess("Demons: Cat ; minions:", names)[Team.DEMON] == {"Cat"}
    for text, message in [
        ("Cat is the demon", "text like"),
        ("demon: Zed", "Zed"),
        ("demon: Cat; minion: Cat", "both"),
        (None, "needs text"),
    ]:
        with pytest.raises(InvalidRequest, match=message):
            parse_guess(text, names)


def test_a_dead_alsaahir_guesses_in_vain(rulebook: Rulebook) -> None:
    result = run(rulebook, players(*ALSAAHIR, Ann={"dead": True}), [day(2, RIGHT)])
    assert result["winner"] is None
    (entry,) = [t for t in result["trace"] if "is dead" in t["text"]]
    assert any("keeps working" in r["text"] for r in entry["disagreeing"])


def test_a_drunk_alsaahir_guesses_in_vain(rulebook: Rulebook) -> None:
    result = run(rulebook, players(*ALSAAHIR, Ann={"drunk": True}), [day(2, RIGHT)])
    assert result["winner"] is None and "no working Alsaahir ability" in texts(result)


def test_the_alsaahir_guesses_again_the_next_day(rulebook: Rulebook) -> None:
    wrong = {**RIGHT, "text": "demon: Dan; minion: Cat"}
    result = run(rulebook, players(*ALSAAHIR), [day(1, wrong), night(2), day(2, RIGHT)])
    assert result["winner"]["team"] == "good" and result["winner"]["phase"] == "day 2"


# ---- Steward, Noble, Bounty Hunter, High Priestess -----------------------------------

INFO = (
    ("Ann", "steward"),
    ("Ben", "noble"),
    ("Cat", "imp"),
    ("Dan", "poisoner"),
    ("Eve", "highpriestess"),
    ("Fay", "monk"),
)


def test_the_noble_trio_has_exactly_one_evil_player(rulebook: Rulebook) -> None:
    result = run(rulebook, players(*INFO), [night(1)])
    assert result["info"]["Ben"]["answer"] == ["Ann", "Cat", "Eve"]
    with pytest.raises(InvalidRequest, match="not allowed"):
        run(rulebook, players(*INFO), [night(1)], {"night1.noble.Ben.know": ["Cat", "Dan", "Eve"]})


def test_a_spy_may_be_one_of_the_nobles_good_players(rulebook: Rulebook) -> None:
    people = players(*INFO[:3], ("Dan", "spy"), *INFO[4:])
    result = run(rulebook, people, [night(1)], {"night1.noble.Ben.know": ["Cat", "Dan", "Eve"]})
    assert result["info"]["Ben"]["why"] == ["Dan registered as good"]


def test_the_high_priestess_default_and_a_drunk_high_priestess(rulebook) -> None:
    result = run(
        rulebook,
        players(*INFO, Eve={"drunk": True}),
        [night(1)],
        {"night1.highpriestess.Eve.told": "Dan"},
    )
    assert result["info"]["Eve"] == {
        "character": "highpriestess",
        "phase": "night 1",
        "answer": "Fay",
        "reliable": False,
        "told": "Dan",
        "why": ["Eve is drunk"],
    }


def test_the_steward_is_shown_a_good_player(rulebook: Rulebook) -> None:
    result = run(rulebook, players(*INFO), [night(1)])
    assert result["info"]["Ann"]["answer"] == "Ben" and result["info"]["Ann"]["reliable"]


def test_no_evil_townsfolk_is_made_once_the_game_is_under_way(rulebook) -> None:
    people = players(
        ("Ann", "bountyhunter"),
        ("Ben", "chef"),
        ("Cat", "imp"),
        ("Dan", "poisoner"),
        ("Eve", "monk"),
    )
    later = run(rulebook, people, [night(2)])
    assert all(
        c["id"] != "setup.bountyhunter.Ann.evil-townsfolk" for c in later["storyteller_choices"]
    )
    first = run(rulebook, people, [night(1)])
    assert first["players"]["Ben"]["alignment"] == "evil"  # the default: the first Townsfolk
    assert first["info"]["Ann"]["answer"] == "Ben"  # then known: the first evil by seat
