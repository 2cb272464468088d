"""The short shapes storytellers type at the table ("drunk Monk vs Assassin", "chef & empath
poisoned vs imp"), each filled with characters drawn from the whole knowledge base, read as
the conventions of tests/eval/README.md label them.

The evaluation sets are written questions, mostly long; these shapes are the ones a phone
gets, and a reading that holds for one character must hold for every one. The characters are
drawn with a fixed seed from every character of the five playing teams whose name is no
ordinary word (vocabulary.weak: "Riot", "Wizard") and names one character only (a script's
own version of an official character shares its name).
"""

from __future__ import annotations

import random
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from service.answer import AnswerKB, understand

TEAMS = ("townsfolk", "outsider", "minion", "demon", "traveller")
STATES = ("drunk", "poisoned", "dead", "protected")
PLAYERS = ("Priya", "Sam", "Jess", "Tom", "Maria", "Dave")
PAIRS = 6  # characters drawn per shape and state

# (shape, expected conditions): {A}, {B} the characters; {s}, {t} two different states
SHAPES: dict[str, tuple[str, dict[str, list[str]]]] = {
    "versus": ("{s} {A} vs {B}", {"A": ["{s}"]}),
    "versus, second": ("{B} vs {s} {A}?", {"A": ["{s}"]}),
    "capitals": ("{S} {AU} VS {BU}", {"A": ["{s}"]}),
    "plus": ("{A} {s} + {B}", {"A": ["{s}"]}),
    "bracket": ("{A} ({s}) vs {B}", {"A": ["{s}"]}),
    "dash": ("{s} {A} - {B} interaction?", {"A": ["{s}"]}),
    "with in play": ("{s} {A} with {B} in play", {"A": ["{s}"]}),
    "checks": ("{s} {A} checks the {B}", {"A": ["{s}"]}),
    "nominates": ("{B} nominates a {s} {A}", {"A": ["{s}", "nominated"]}),
    "how does": ("how does a {s} {A} interact with the {B}", {"A": ["{s}"]}),
    "supposed": ("if the {A} is {s}, what happens with the {B}", {"A": ["{s}"]}),
    "supposed, bare": ("if {A} is {s} does {B} still work", {"A": ["{s}"]}),
    "what if": ("what if the {A} is {s} and the {B} picks them", {"A": ["{s}"]}),
    "told": ("my {A} is {s}. what does the {B} do", {"A": ["{s}"]}),
    "told after": ("the {B} and the {A}, but the {A} is {s}", {"A": ["{s}"]}),
    "when": ("{A} vs {B} when the {A} is {s}", {"A": ["{s}"]}),
    "past": ("the {A} was {s} when the {B} chose them", {"A": ["{s}"]}),
    "player bound": ("{P} is the {A} and is {s}. {B}?", {"A": ["{s}"]}),
    "player in brackets": ("{P} (the {A}) is {s}, what about the {B}", {"A": ["{s}"]}),
    "player after": ("our {A} {P} is {s}. {B}?", {"A": ["{s}"]}),
    "someone": ("the {B} poisoned some random person, what does the {A} learn", {}),
    "letter doubled": ("{d} {A} vs {B}", {"A": ["{s}"]}),
    "letters swapped": ("the {A} is {w}, what about the {B}", {"A": ["{s}"]}),
    "last night": ("{A} was {s} last night, does the {B} learn", {"A": ["{s}"]}),
    "still": ("is the {A} still {s} after the {B} dies?", {"A": ["{s}"], "B": ["dead"]}),
    "described, joined": ("the {s} {A} and the {B}", {"A": ["{s}"]}),
    "described, after and": ("{B} and a {s} {A}", {"A": ["{s}"]}),
    "two described": ("{s} {A} and {t} {B}", {"A": ["{s}"], "B": ["{t}"]}),
    "joined subjects": ("the {A} and the {B} are {s}, what now", {"A": ["{s}"], "B": ["{s}"]}),
    "both": ("{A} and {B} both {s}", {"A": ["{s}"], "B": ["{s}"]}),
    "they both": ("i have the {A} and the {B}. they are both {s}", {"A": ["{s}"], "B": ["{s}"]}),
    "dash both": ("{A} and {B} - both {s}?", {"A": ["{s}"], "B": ["{s}"]}),
    "ampersand": ("{A} & {B} {s}, what now", {"A": ["{s}"], "B": ["{s}"]}),
    "one of two told": ("{A} and a {B} is {s}", {"B": ["{s}"]}),
    "executed": ("{A} was executed today, what about the {B}", {"A": ["executed"]}),
    "described, executed": ("{s} {A} got executed, what about the {B}", {"A": ["{s}", "executed"]}),
    "executed and died": (
        "the {A} was executed and died, what about the {B}",
        {"A": ["dead", "executed"]},
    ),
    "nominated by": ("{A} got nominated by the {B}", {"A": ["nominated"]}),
    "nominated, supposed": (
        "what happens if the {A} is nominated by the {B}",
        {"A": ["nominated"]},
    ),
    "killed": ("the {B} killed the {A} last night, what now", {"A": ["dead"]}),
    "died": ("{A} died last night. does the {B} still work", {"A": ["dead"]}),
    "died, joined": ("the {A} and the {B} died last night", {"A": ["dead"], "B": ["dead"]}),
    "died on a night": (
        "the {A} died on night 2, does the {B} learn it",
        {"A": ["dead", "other-nights"]},
    ),
    "poisoned by": ("{A} poisoned by the {B}, what do they learn", {"A": ["poisoned"]}),
    "poisons": ("the {B} poisons the {A}", {"A": ["poisoned"]}),
    "protected by": ("the {B} protected the {A}", {"A": ["protected"]}),
    "attacked": ("the {B} attacked the {A}, what happens", {}),
    "asked outcome": ("does the {A} die to the {B}?", {}),
    "fronted night, both": (
        "the {B} is in play. on night 2 both the {A} and the {C} woke",
        {"A": ["other-nights"], "C": ["other-nights"]},
    ),
    "first night": (
        "on night 1 the {A} used their ability, what does the {B} see",
        {"A": ["first-night"]},
    ),
    "later night": ("night 3: the {A} is {s}. {B}?", {"A": ["{s}", "other-nights"]}),
    "chose on a night": ("{B} chose the {s} {A} on n2", {"A": ["{s}"], "B": ["other-nights"]}),
    "self": ("the {A} chose themself, what does the {B} see", {"A": ["self-target"]}),
    "registers": ("the {A} registers as the {B}", {"A": ["registering"]}),
    "pinged as": ("the {A} pinged as the demon for the {B}", {"A": ["registering"]}),
    "showed up as": ("the {A} showed up as a minion to the {B}", {"A": ["registering"]}),
    "killed themself": ("the {A} killed themself, {B}?", {"A": ["dead", "self-target"]}),
    "mad about": ("the {A} is mad that they are the {B}", {"A": ["mad"]}),
    "turned": ("the {A} turned into the {B}", {"A": ["becomes"]}),
    # the twenty-ninth session's readings, for every character
    "filler before modal": (
        "um can the {A} even be poisoned with the {B} in play",
        {"A": ["poisoned"]},
    ),
    "nite one": (
        "how do i run a {s} {A} on nite one with the {B}",
        {"A": ["{s}", "first-night"]},
    ),
    "said homebrew": ("{A} homebrew is {s}. {B}?", {"A": ["{s}"]}),
    "showing as": (
        "can one of them be the {s} {A} showing as the {B}",
        {"A": ["{s}", "registering"]},
    ),
    "a night's thing": (
        "the {B} picked someone n1, {A} in play. does the n1 target still die",
        {"B": ["first-night"]},
    ),
    "second verb asked": (
        "the {B} picks the {s} {A}. {A} dies and turns evil?",
        {"A": ["{s}"]},
    ),
    "reflexive after he": (
        "the {B} is in play. the {s} {A} woke and he points at himself",
        {"A": ["{s}", "self-target"]},
    ),
    # the thirtieth session's readings, for every character
    "a player's character": (
        "the {B} is in play and {P}'s {A} got {s}. {P} is upset",
        {"A": ["{s}"]},
    ),
    "wished": ("the {A} is {s} and the town wants him dead. {B}?", {"A": ["{s}"]}),
    "claimed": ("{P} claims the {A} is {s}. what about the {B}", {}),
    "token taken off": ("when do i take the poisoned one off the {A}, {B} in play", {}),
    "both verbs' object": (
        "the {B} nominated and executed the {A} today",
        {"A": ["executed", "nominated"]},
    ),
}


# a Demon's choice at night is its kill, whose night writers give the one killed ("demon
# attacked the sleeper on n2": the Sleeper's); the shape is about a chooser's night
NOT_DEMON_B = frozenset({"chose on a night", "a night's thing"})


def _characters(kb: AnswerKB) -> list[tuple[str, str]]:
    """Named by one character only, no ordinary word, and no maker of Demons: with the
    Summoner named, a Demon named beside it is one it makes (test_ask_answer has that)."""
    names = Counter(c["name"].lower() for c in kb.characters.values())
    return sorted(
        (c["name"], c["id"])
        for c in kb.characters.values()
        if c["team"] in TEAMS
        and names[c["name"].lower()] == 1
        and c["name"].lower() not in kb.vocabulary.weak
        and c["id"] not in kb.vocabulary.demon_makers
    )


def _cases(kb: AnswerKB):
    rng = random.Random(20261203)
    characters = _characters(kb)
    for shape, (template, expected) in SHAPES.items():
        for state in STATES:
            for _ in range(PAIRS if "{s}" in template else 1):
                (a_name, a_id), (b_name, b_id), (c_name, c_id) = rng.sample(characters, 3)
                while shape in NOT_DEMON_B and kb.characters[b_id]["team"] == "demon":
                    b_name, b_id = rng.choice([c for c in characters if c[1] not in (a_id, c_id)])
                other = rng.choice([s for s in STATES if s != state])
                question = template.format(
                    P=rng.choice(PLAYERS),
                    d=state[:2] + state[1:],  # "drrunk", "deead"
                    w=state[0] + state[2] + state[1] + state[3:],  # "durnk", "daed"
                    A=a_name.lower(),
                    B=b_name.lower(),
                    AU=a_name.upper(),
                    BU=b_name.upper(),
                    C=c_name.lower(),
                    s=state,
                    S=state.upper(),
                    t=other,
                )
                want = {}
                for who, conditions in expected.items():
                    said = sorted({c.format(s=state, t=other) for c in conditions})
                    want[{"A": a_id, "B": b_id, "C": c_id}[who]] = said
                named = (a_id, b_id, c_id) if "{C}" in template else (a_id, b_id)
                yield shape, question, named, want
            if "{s}" not in template:
                break


@pytest.fixture(scope="module")
def kb(kb_path: Path) -> AnswerKB:
    return AnswerKB.from_path(kb_path)


def test_every_shape_reads_for_characters_across_the_knowledge_base(kb: AnswerKB) -> None:
    wrong = []
    count = 0
    for shape, question, ids, want in _cases(kb):
        count += 1
        read = understand(question, kb.vocabulary)
        got = {cid: sorted(c) for cid, c in read.to_dict()["conditions"].items() if c}
        if sorted(read.characters) != sorted(ids) or got != want:
            wrong.append(f"{shape}: {question!r} read {list(read.characters)} {got}, want {want}")
    assert count == sum(len(STATES) * PAIRS if "{s}" in t else 1 for t, _ in SHAPES.values())
    assert not wrong, "\n".join(wrong)


def test_the_drawn_characters_span_the_knowledge_base(kb: AnswerKB) -> None:
    characters = _characters(kb)
    teams = Counter(kb.characters[cid]["team"] for _, cid in characters)
    assert set(teams) == set(TEAMS)
    assert len(characters) > 200
    assert any(" " in name for name, _ in characters)  # "Fortune Teller", "Lil' Monsta"


def test_every_curated_alias_reads_in_a_short_question(kb: AnswerKB, kb_path: Path) -> None:
    """Each name of knowledge/curated/aliases.toml, in "<state> <alias> vs <character>", is
    its character with the state; not the ones that are ordinary words too ("AH", "twin"),
    which the reader takes as names only where the question leaves no other reading."""
    aliases = tomllib.loads(
        (Path(__file__).resolve().parent.parent / "knowledge/curated/aliases.toml").read_text()
    )["alias"]
    rng = random.Random(20261203)
    characters = _characters(kb)
    wrong, count = [], 0
    for entry in aliases:
        for name in entry["names"]:
            if name.lower() in kb.vocabulary.weak:
                continue
            other_name, other = rng.choice([c for c in characters if c[1] != entry["character"]])
            state = rng.choice(STATES)
            question = f"{state} {name} vs {other_name.lower()}"
            read = understand(question, kb.vocabulary)
            got = {cid: c for cid, c in read.to_dict()["conditions"].items() if c}
            count += 1
            if sorted(read.characters) != sorted((entry["character"], other)) or got != {
                entry["character"]: [state]
            }:
                wrong.append(f"{question!r} read {list(read.characters)} {got}")
    assert count >= 100  # the file has well over a hundred names
    assert not wrong, "\n".join(wrong)
