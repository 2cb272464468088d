"""The seed scripts' evil characters (and the Lycanthrope and Gangster): the mechanics the
golden scenarios do not show on their own."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge.model import Team
from service.engine import Game, Rulebook, replay
from service.engine.actions import Action
from service.engine.deaths import kill
from service.engine.handlers.scripts_evil_demons import line_problem
from service.engine.model import Cause, Moment, Phase, Token, Until
from service.engine.request import parse_request
from service.engine.rules import is_poisoned, seatless_in_play
from service.engine.step import Step
from service.errors import InvalidRequest


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


def step_at_night(rulebook: Rulebook, people: list[dict], number: int = 2) -> Step:
    start = parse_request({"players": people, "phases": []}, rulebook).start
    return Step(
        rules=rulebook,
        state=type(start)(
            players=start.players, tokens=start.tokens, moment=Moment(Phase.NIGHT, number)
        ),
        action="test",
    )


def chosen(result: dict, cid: str) -> object:
    return next(c["chosen"] for c in result["storyteller_choices"] if c["id"] == cid)


# ---- Lycanthrope --------------------------------------------------------------------------

LYC = (
    ("Lyla", "lycanthrope"),
    ("Ben", "chef"),
    ("Cat", "imp"),
    ("Dan", "empath"),
    ("Eve", "poisoner"),
)


def test_the_lycanthrope_stops_only_the_demons_kill(rulebook: Rulebook) -> None:
    """Official text, not 000's "any other players that would die tonight"."""
    step = step_at_night(rulebook, players(*LYC))
    step.place(Token(name="Dead", character="lycanthrope", on="Ben", by="Lyla", until=Until.DAWN))
    assert not kill(step, "Dan", Cause.DEMON, by=step.player("Cat"))
    assert kill(step, "Dan", Cause.MINION, by=step.player("Eve"))


def test_a_poisoned_lycanthrope_kills_nobody_and_the_demon_kills(rulebook: Rulebook) -> None:
    result = run(
        rulebook,
        players(*LYC, Lyla={"poisoned": True}),
        [night(2, {"player": "Lyla", "targets": ["Ben"]}, {"player": "Cat", "targets": ["Dan"]})],
    )
    assert result["deaths"] == ["Dan"]


def test_the_faux_paw_is_an_explicit_setup_choice(rulebook: Rulebook) -> None:
    result = run(rulebook, players(*LYC), [night(2)])
    assert chosen(result, "setup.lycanthrope.Lyla.faux-paw") == "Dan"  # the last good seat
    assert result["players"]["Dan"]["reminders"][0]["token"] == "Faux Paw"


# ---- Lleech -------------------------------------------------------------------------------

LLEECH = (
    ("Lee", "lleech"),
    ("Ann", "empath"),
    ("Ben", "chef"),
    ("Cat", "monk"),
    ("Dan", "poisoner"),
)
HOST = {"reminders": [{"token": "Poisoned", "character": "lleech"}]}


def test_a_drunk_lleech_dies_as_normal_though_the_host_lives(rulebook: Rulebook) -> None:
    result = run(
        rulebook,
        players(*LLEECH, Lee={"poisoned": True}, Ann=HOST),
        [
            {
                "phase": "day",
                "number": 2,
                "events": [
                    {"type": "nominate", "by": "Ben", "target": "Lee"},
                    {"type": "execute", "target": "Lee"},
                ],
            }
        ],
    )
    assert result["deaths"] == ["Lee"] and result["winner"]["team"] == "good"


def test_the_host_dying_while_the_lleech_is_drunk_leaves_it_alive(rulebook: Rulebook) -> None:
    result = run(
        rulebook,
        players(*LLEECH, Lee={"poisoned": True}, Ann=HOST),
        [
            {
                "phase": "day",
                "number": 2,
                "events": [
                    {"type": "nominate", "by": "Ben", "target": "Ann"},
                    {"type": "execute", "target": "Ann"},
                ],
            }
        ],
    )
    assert result["deaths"] == ["Ann"] and result["players"]["Lee"]["alive"]
    assert result["winner"] is None


def test_the_host_is_poisoned_only_while_the_lleech_works(rulebook: Rulebook) -> None:
    step = step_at_night(rulebook, players(*LLEECH, Ann=HOST))
    assert is_poisoned(step.state, step.player("Ann"))
    step = step_at_night(rulebook, players(*LLEECH, Ann=HOST, Lee={"drunk": True}))
    assert not is_poisoned(step.state, step.player("Ann"))


# ---- Lil' Monsta --------------------------------------------------------------------------

SITTER = {"reminders": [{"token": "Is The Demon", "character": "lilmonsta"}]}
MONSTA = (
    ("Ann", "chef"),
    ("Ben", "poisoner"),
    ("Cat", "baron"),
    ("Dan", "empath"),
    ("Eve", "monk"),
)


def test_lil_monsta_is_in_play_only_with_its_token(rulebook: Rulebook) -> None:
    assert seatless_in_play(step_at_night(rulebook, players(*MONSTA)).state) == ()
    step = step_at_night(rulebook, players(*MONSTA, Ben=SITTER))
    assert seatless_in_play(step.state) == ("lilmonsta",)


def test_no_player_is_lil_monsta(rulebook: Rulebook) -> None:
    with pytest.raises(InvalidRequest, match="cannot be Lil' Monsta"):
        run(rulebook, players(*MONSTA[:4], ("Eve", "lilmonsta")), [night(1)])


def test_the_babysitter_registers_as_the_demon_until_it_passes(rulebook: Rulebook) -> None:
    parsed = parse_request(
        {"players": players(*MONSTA, Ben=SITTER), "phases": [night(2)]}, rulebook
    )
    game = Game(rulebook, parsed.start, {"night2.lilmonsta.babysitter": "Cat"})
    game.push(Action.from_text("setup"))
    assert game.state.player("Ben").team is Team.DEMON
    game.push(Action.from_text("night 2"))
    game.push(Action.from_text("dawn"))
    assert game.state.player("Ben").team is Team.MINION
    assert game.state.player("Cat").team is Team.DEMON
    assert game.state.player("Cat").character == "baron"
    game.pop()
    assert game.state.player("Ben").team is Team.DEMON


def test_evil_wins_with_two_alive_and_the_babysitter_among_them(rulebook: Rulebook) -> None:
    people = players(*MONSTA, Ben=SITTER, Ann={"dead": True}, Dan={"dead": True})
    result = run(rulebook, people, [night(2)], {"night2.lilmonsta.kill": "Eve"})
    assert result["winner"]["team"] == "evil"


# ---- Harpy, Widow, Xaan, Organ Grinder ----------------------------------------------------

HARPY = (("Hal", "harpy"), ("Ann", "chef"), ("Ben", "empath"), ("Cat", "imp"), ("Dan", "monk"))


def test_a_poisoned_harpy_imposes_no_madness(rulebook: Rulebook) -> None:
    result = run(
        rulebook,
        players(*HARPY, Hal={"poisoned": True}),
        [
            night(1, {"player": "Hal", "targets": ["Ann", "Ben"]}),
            {"phase": "day", "number": 1, "events": []},
        ],
    )
    assert not any(c["id"].startswith("day1.harpy") for c in result["storyteller_choices"])
    assert result["deaths"] == []


def test_the_harpy_kill_must_be_one_of_the_two(rulebook: Rulebook) -> None:
    with pytest.raises(InvalidRequest, match="day1.harpy.Hal.deaths"):
        run(
            rulebook,
            players(*HARPY),
            [
                night(1, {"player": "Hal", "targets": ["Ann", "Ben"]}),
                {"phase": "day", "number": 1, "events": []},
            ],
            {"day1.harpy.Hal.deaths": ["Dan"]},
        )


def test_a_widow_poisoning_herself_warns_nobody(rulebook: Rulebook) -> None:
    result = run(
        rulebook,
        players(("Wen", "widow"), ("Ann", "chef"), ("Cat", "imp")),
        [night(1, {"player": "Wen", "targets": ["Wen"]})],
    )
    assert not any(".know" in c["id"] for c in result["storyteller_choices"])
    assert result["players"]["Wen"]["poisoned"]


def test_xaan_with_no_outsiders_never_fires(rulebook: Rulebook) -> None:
    result = run(
        rulebook,
        players(("Xan", "xaan"), ("Ann", "chef"), ("Cat", "imp")),
        [night(1), {"phase": "day", "number": 1}],
    )
    assert chosen(result, "setup.xaan.Xan.x") == 0
    assert not result["players"]["Ann"]["poisoned"]


def test_a_night_token_on_the_xaan_gives_x(rulebook: Rulebook) -> None:
    people = players(
        ("Xan", "xaan"), ("Ann", "chef"), ("Cat", "imp"), Xan={"reminders": ["Night 3"]}
    )
    result = run(rulebook, people, [night(3)])
    assert result["players"]["Ann"]["poisoned"]
    assert not any(c["id"].startswith("setup.xaan") for c in result["storyteller_choices"])


def test_the_organ_grinder_drunk_choice_lasts_until_dusk(rulebook: Rulebook) -> None:
    parsed = parse_request(
        {
            "players": players(("Ola", "organgrinder"), ("Ann", "chef"), ("Cat", "imp")),
            "phases": [],
        },
        rulebook,
    )
    game = Game(rulebook, parsed.start)
    for line in ("setup", "night 1", "act Ola:", "dawn"):
        game.push(Action.from_text(line))
    assert game.state.player("Ola").conditions == ()
    assert any(t.is_("organgrinder", "Drunk") for t in game.state.tokens_on("Ola"))
    game.push(Action.from_text("dusk"))
    assert not game.state.tokens_on("Ola")


# ---- Kazali, Lord of Typhon, Marionette, Gangster -----------------------------------------

KAZ = (("Kaz", "kazali"), ("Ann", "chef"), ("Ben", "empath"), ("Cat", "monk"), ("Dan", "saint"))


def test_a_kazali_marionette_must_neighbour_the_kazali(rulebook: Rulebook) -> None:
    with pytest.raises(InvalidRequest, match="Marionette must start next to the Demon"):
        run(
            rulebook, players(*KAZ), [night(1)], {"setup.kazali.Kaz.minions": {"Cat": "marionette"}}
        )
    result = run(
        rulebook, players(*KAZ), [night(1)], {"setup.kazali.Kaz.minions": {"Dan": "marionette"}}
    )
    dan = result["players"]["Dan"]
    assert (dan["character"], dan["thinks"], dan["alignment"]) == ("marionette", "saint", "evil")


def test_the_kazali_needs_its_minions_at_setup(rulebook: Rulebook) -> None:
    with pytest.raises(InvalidRequest, match="5 players need 1 Minion"):
        run(rulebook, players(*KAZ), [night(1)])


def test_a_replay_that_starts_later_takes_the_seating_as_given(rulebook: Rulebook) -> None:
    result = run(
        rulebook,
        players(
            ("Ann", "chef"),
            ("Lord", "lordoftyphon"),
            ("Ben", "monk"),
            ("Cat", "poisoner"),
            ("Dan", "empath"),
        ),
        [night(2, {"player": "Lord", "targets": ["Ann"]})],
    )
    assert result["deaths"] == ["Ann"]


def test_line_problem_accepts_an_evil_traveller_inside_the_line(rulebook: Rulebook) -> None:
    people = players(
        ("Ann", "chef"),
        ("Ben", "baron"),
        ("Tom", "thief"),
        ("Lord", "lordoftyphon"),
        ("Cat", "poisoner"),
        ("Dan", "empath"),
        Tom={"alignment": "evil"},
    )
    start = parse_request({"players": people, "phases": []}, rulebook).start
    assert line_problem(start.players, start.player("Lord")) is None
    people[2]["alignment"] = "good"
    start = parse_request({"players": people, "phases": []}, rulebook).start
    assert "not evil" in line_problem(start.players, start.player("Lord"))


def test_a_poisoned_gangster_uses_the_day_but_kills_nobody(rulebook: Rulebook) -> None:
    result = run(
        rulebook,
        players(
            ("Gus", "gangster"),
            ("Ann", "chef"),
            ("Cat", "imp"),
            ("Dan", "monk"),
            ("Eve", "empath"),
            Gus={"poisoned": True},
        ),
        [
            {
                "phase": "day",
                "number": 1,
                "events": [{"type": "ability", "by": "Gus", "targets": ["Ann", "Eve"]}],
            }
        ],
    )
    assert result["deaths"] == []
