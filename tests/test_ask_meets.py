"""Where two characters meet (service/answer/meets.py): what an ability does, a ruling with the
subject on the receiving end of it, the subject acting on the other's kind, set-up lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.answer.kb import AnswerKB
from service.answer.meets import (
    actions,
    acts_on,
    meeting,
    receives,
    set_up_line,
)
from service.answer.understand import Understanding
from service.answer.weights import W
from service.answer.words import Kind

KILL, CHOOSE, POISON = frozenset({"kill"}), frozenset({"choose"}), frozenset({"poison"})


@pytest.mark.parametrize(
    ("ability", "expected"),
    [
        ("Each night*, choose a player: they die.", {"choose", "kill"}),
        (
            "Each night, choose a player: they are poisoned tonight and tomorrow day.",
            {"choose", "poison"},
        ),
        (
            "The 1st time you are nominated, if the nominator is a Townsfolk, they die.",
            {"nominate", "kill", "detect"},
        ),
        (
            "Each night*, choose a player (not yourself): they are safe from the Demon tonight.",
            {"choose", "protect"},
        ),
        ("You have no ability.", set()),
    ],
)
def test_actions_read_off_the_ability_line(ability: str, expected: set[str]) -> None:
    assert actions(ability) == expected


@pytest.mark.parametrize(
    ("text", "name", "kinds"),
    [
        ("If the Sailor would die at night, nothing happens.", "Sailor", KILL),
        ("If they would die by other means, they remain alive.", "Fool", KILL),
        ("Watch for the first player to choose the Lunatic.", "Lunatic", CHOOSE),
        ("When the Monk is chosen, say nothing.", "Monk", CHOOSE),
        ("A Minion who poisons the Mayor learns nothing.", "Mayor", POISON),
    ],
)
def test_receiving_end(text: str, name: str, kinds: frozenset[str]) -> None:
    assert receives(text, name, kinds)


@pytest.mark.parametrize(
    ("text", "name", "kinds"),
    [
        # a death alone says nothing of what caused it
        ("If the Sailor dies, remove the token.", "Sailor", KILL),
        # the subject's own condition, not the other's action
        ("When the Goon is drunk or poisoned, nothing happens.", "Goon", POISON),
        # "they" as the subject's own target
        ("Choose a player: they are poisoned.", "Poisoner", POISON),
        # another character on the receiving end
        ("If the Mayor would die at night, another player may die.", "Imp", KILL),
        ("If the Sailor would die at night, nothing happens.", "Sailor", CHOOSE),
    ],
)
def test_not_the_receiving_end(text: str, name: str, kinds: frozenset[str]) -> None:
    assert not receives(text, name, kinds)


def test_acts_on_by_name_or_team() -> None:
    assert acts_on("If the chosen player is the Demon, wake them.", r"Imp|\bDemons?\b")
    assert acts_on("When the Slayer chooses the Recluse, decide.", r"Recluse")
    assert not acts_on("Wake the Demon. The Slayer chooses.", r"\bDemons?\b")


def test_set_up_lines_only_weigh_less_when_set_up_is_not_asked() -> None:
    assert set_up_line("first night", "monk vs imp")
    assert not set_up_line("note", "monk vs imp")
    assert not set_up_line("set-up", "monk vs imp at setup")
    assert not set_up_line("first night", "monk vs imp on n1")


@pytest.fixture(scope="module")
def kb(kb_path: Path) -> AnswerKB:
    return AnswerKB.from_path(kb_path)


def _ruling(text: str, character: str, section: str = "note") -> dict:
    return {"id": "x", "text": text, "character": character, "section": section}


def _u(question: str, kind: Kind = Kind.INTERACTION) -> Understanding:
    return Understanding(question, ("mayor", "imp"), {"mayor": (), "imp": ()}, kind)


def test_meeting_scores_what_the_other_does_against_the_subject(kb: AnswerKB) -> None:
    met = _ruling("If the Mayor would die at night, something else happens.", "mayor")
    why: list[str] = []
    assert meeting(met, "mayor", "imp", _u("imp vs mayor"), kb, why) == W["meets"]
    assert why and "receiving end" in why[0]
    # the Washerwoman neither kills nor chooses: nothing meets
    assert meeting(met, "mayor", "washerwoman", _u("ww vs mayor"), kb, []) == 0.0
    # only interaction and single-ruling questions weigh it
    assert meeting(met, "mayor", "imp", _u("how to run", Kind.HOW_TO_RUN), kb, []) == 0.0


def test_meeting_scores_the_subject_acting_on_the_other_kind(kb: AnswerKB) -> None:
    acting = _ruling("If the chosen player is the Demon, wake the Demon.", "monk")
    assert meeting(acting, "monk", "imp", _u("monk vs imp"), kb, []) == W["acts_on"]


def test_meeting_lowers_set_up_lines(kb: AnswerKB) -> None:
    line = _ruling("Place the token on any player.", "mayor", section="set-up")
    assert meeting(line, "mayor", "imp", _u("imp vs mayor"), kb, []) == -W["set_up"]
    assert meeting(line, "mayor", "imp", _u("imp vs mayor at setup"), kb, []) == 0.0


def test_a_short_name_inside_the_action_word_leaves_the_action_read() -> None:
    # the Po matches inside "points": marking it must not hide the action from the pattern
    text = "The Sleeper points to a non-Demon character on their script."
    assert acts_on(text, r"Po|\bDemons?\b")
    assert not acts_on("The Sleeper wakes.", r"Po|\bDemons?\b")


def test_prime_compiles_every_characters_patterns_before_a_question(
    kb: AnswerKB, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once primed, answering compiles no pattern built from an asked character's name:
    a compile per name cost a first question about it up to 2.4 ms (``prime`` and the
    patterns its callers build must stay in step)."""
    import re

    from service.answer.ask import ask, prime
    from service.answer.sayings import spelled

    prime(kb)
    compiled: list[str] = []
    compile_ = re.compile

    def spy(pattern, flags=0):
        compiled.append(pattern if isinstance(pattern, str) else repr(pattern))
        return compile_(pattern, flags)

    monkeypatch.setattr(re, "compile", spy)
    for question in (
        "drunk Monk vs Assassin",
        "poisoned FT checks the recluse",
        "sailor executed?",
        "SW when the imp is executed with 5 alive",
        "lil monsta and the poisoner",
        "what happens if the virgin is nominated by the drunk",
    ):
        compiled.clear()
        names = [kb.name(c).lower() for c in ask(question, kb)["understood"]["characters"]]
        assert names, question
        built = [p for p in compiled if any(spelled(n) in p.lower() for n in names)]
        assert built == [], question
