"""The headerless how-to-run reader (seed 000): attribution, rulings and problems."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from knowledge.ingest._paragraphs import split_paragraphs
from knowledge.ingest.howto import Block, howto_blocks, read_howto
from knowledge.model import Section, Team
from knowledge.names import Lexicon, Role

ROOT = Path(__file__).resolve().parent.parent
SEED = ROOT / "knowledge/sources/seeds/000_69f799a01485110d.txt"
TABLE = Path(__file__).resolve().parent / "golden/attribution_000.json"


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.from_roles_json(ROOT / "knowledge/sources/botc-release/roles.json")


@pytest.fixture(scope="module")
def result(lexicon):
    return read_howto(SEED, lexicon)


@pytest.fixture
def small() -> Lexicon:
    names = ["Monk", "Soldier", "King", "Choirboy", "Alchemist", "Cannibal", "Empath"]
    return Lexicon.from_roles(Role(n.lower(), n, Team.TOWNSFOLK) for n in names)


def write(tmp_path: Path, *paragraphs: str) -> Path:
    path = tmp_path / "howto.txt"
    path.write_text("\n\n".join(paragraphs) + "\n", encoding="utf-8")
    return path


def test_attribution_matches_the_hand_built_table(lexicon):
    expected = [
        Block(b["character"], b["line_start"], b["line_end"])
        for b in json.loads(TABLE.read_text(encoding="utf-8"))["blocks"]
    ]
    found = howto_blocks(SEED, lexicon)
    right = len(set(found) & set(expected))
    print(
        f"attribution accuracy on 000: {right}/{len(expected)} blocks "
        f"({right / len(expected):.1%}); reader found {len(found)} blocks"
    )
    assert found == expected


def test_reader_output_matches_golden(result, golden):
    golden(
        "ingest/000.json",
        {
            "rulings": [
                [
                    r.character_id,
                    str(r.section),
                    r.source.line_start,
                    r.source.line_end,
                    r.text[:80],
                ]
                for r in result.rulings
            ],
            "problems": [
                [p.kind, p.source.line_start, p.source.line_end, p.character_id, p.message]
                for p in result.problems
            ],
            "characters": [[c.character_id, c.name, c.origin] for c in result.characters],
        },
    )


def test_exact_problems_of_the_real_file(result):
    assert [
        (p.kind, p.source.line_start, p.source.line_end, p.character_id) for p in result.problems
    ] == [
        ("foreign-language", 1, 1, None),
        ("warning", 177, 177, "amnesiac"),
        ("warning", 179, 179, "amnesiac"),
        ("warning", 257, 257, "fisherman"),
        ("warning", 363, 363, "atheist"),
        ("warning", 365, 365, "atheist"),
        ("wrong-name", 695, 695, "cannibal"),
        ("warning", 874, 874, "general"),
        ("unknown-character", 1024, 1040, "orthodontist"),
        ("unknown-character", 1172, 1186, "pumpkin"),
        ("warning", 1332, 1332, "lunatic"),
        ("warning", 1538, 1538, "politician"),
        ("warning", 1786, 1786, "wizard"),
    ]
    wrong = next(p for p in result.problems if p.kind == "wrong-name")
    assert "names the Alchemist where the Cannibal is meant" in wrong.message
    lunatic = next(p for p in result.problems if p.source.line_start == 1332)
    assert lunatic.message.startswith("⚠ For expert Storytellers only: the Lunatic means")


def test_every_line_is_a_ruling_or_a_problem(result):
    text = SEED.read_text(encoding="utf-8")
    covered: list[int] = []
    for record in [
        *result.rulings,
        *(p for p in result.problems if p.kind in {"warning", "foreign-language"}),
    ]:
        covered.extend(range(record.source.line_start, record.source.line_end + 1))
    content = [n for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    assert sorted(covered) == content
    assert all(r.character_id for r in result.rulings)


def test_ruling_text_is_the_source_text(result):
    lines = SEED.read_text(encoding="utf-8").splitlines()
    for ruling in result.rulings:
        source = " ".join(
            lines[n - 1].strip().removeprefix("•").strip()
            for n in range(ruling.source.line_start, ruling.source.line_end + 1)
        )
        assert ruling.text == source


def test_counts_of_the_real_file(result):
    paragraphs = split_paragraphs(SEED.read_text(encoding="utf-8"))
    bullets = sum(len(p.lines) - 1 for p in paragraphs if p.is_bullets)
    # Title and nine warning lines are problems, not rulings.
    assert len(result.rulings) == len(paragraphs) - 10 + bullets == 1182
    assert {r.section for r in result.rulings} == {Section.HOW_TO_RUN, Section.NOTE}


def test_block_may_open_by_naming_another_character(tmp_path, small):
    path = write(
        tmp_path,
        "Each night except the First Night, wake the Monk. They point to a player.",
        "When the Monk is drunk or poisoned, the protection does not work.",
        "During set-up, ensure that the King is one of the Townsfolk in the bag.",
        "When the Demon kills the King, wake the Choirboy. Then put the Choirboy to sleep.",
        "When the King dies from any other cause, nothing happens.",
        "When the Choirboy is drunk or poisoned, point to any player.",
    )
    assert howto_blocks(path, small) == [Block("monk", 1, 3), Block("choirboy", 5, 11)]


def test_passing_mention_stays_in_its_block(tmp_path, small):
    path = write(
        tmp_path,
        "The Soldier does not wake at night.",
        "They may register to the Empath as anything.",
        "When the Soldier is dead, the ability stops.",
        "Each night, wake the Empath. Show a number.",
        "When the Empath is dead, do not wake them again.",
    )
    assert howto_blocks(path, small) == [Block("soldier", 1, 5), Block("empath", 7, 9)]


def test_copy_paste_name_is_a_wrong_name_problem(tmp_path, small):
    path = write(
        tmp_path,
        "Pay attention to what the Cannibal is bluffing.",
        "When any player is executed, the Cannibal gains their ability.",
        "When the Cannibal is drunk or poisoned, they gain nothing.",
        "When the Alchemist is dead, the ability they gained stops.",
        "The Soldier does not wake at night.",
        "When the Soldier is dead, the ability stops.",
        "On the First Night, wake the Alchemist. Show the ability.",
        "When the Alchemist is drunk or poisoned, deceive them.",
        "When the Alchemist is dead, their ability stops.",
    )
    result = read_howto(path, small)
    assert [(p.kind, p.source.line_start, p.character_id) for p in result.problems] == [
        ("wrong-name", 7, "cannibal")
    ]
    assert "names the Alchemist where the Cannibal is meant" in result.problems[0].message
    assert [r.character_id for r in result.rulings if r.source.line_start == 7] == ["cannibal"]
    assert [b.character_id for b in howto_blocks(path, small)] == [
        "cannibal",
        "soldier",
        "alchemist",
    ]


def test_warning_line_opens_the_next_block(tmp_path, small):
    path = write(
        tmp_path,
        "The Soldier does not wake at night.",
        "When the Soldier is dead, the ability stops.",
        "⚠ For expert Storytellers only: hard to run.",
        "Each night, wake the Monk.",
        "When the Monk is dead, do not wake them again.",
    )
    result = read_howto(path, small)
    assert [(p.kind, p.character_id, p.message) for p in result.problems] == [
        ("warning", "monk", "⚠ For expert Storytellers only: hard to run.")
    ]
    assert howto_blocks(path, small)[1] == Block("monk", 5, 9)
    assert all(not r.text.startswith("⚠") for r in result.rulings)


def test_leading_paragraph_without_character_is_unattributed(tmp_path, small):
    path = write(
        tmp_path,
        "비공식 하우투런",
        "Some general remarks for storytellers.",
        "Each night, wake the Monk.",
        "When the Monk is dead, do not wake them again.",
    )
    result = read_howto(path, small)
    assert [(p.kind, p.source.line_start) for p in result.problems] == [
        ("foreign-language", 1),
        ("unattributed", 3),
    ]
    assert [(r.character_id, r.source.line_start) for r in result.rulings] == [
        (None, 3),
        ("monk", 5),
        ("monk", 7),
    ]


def test_unknown_character_named_as_subject(tmp_path, small):
    path = write(
        tmp_path,
        "Before the game starts, decide what makes a player scary.",
        "When the Pumpkin is drunk or poisoned, nobody is protected.",
        "When the Pumpkin is dead, the ability stops.",
    )
    result = read_howto(path, small)
    assert [(p.kind, p.source.line_start, p.source.line_end) for p in result.problems] == [
        ("unknown-character", 1, 5)
    ]
    assert {r.character_id for r in result.rulings} == {"pumpkin"}
    assert [(c.character_id, c.name, c.team) for c in result.characters] == [
        ("pumpkin", "Pumpkin", None)
    ]


def test_bullets_are_one_ruling_each(tmp_path, small):
    path = write(
        tmp_path,
        "Each night, wake the Monk. You need to decide:",
        "• the first thing\n• the second thing",
    )
    rulings = read_howto(path, small).rulings
    assert [(r.text, r.source.line_start) for r in rulings] == [
        ("Each night, wake the Monk. You need to decide:", 1),
        ("the first thing", 3),
        ("the second thing", 4),
    ]


def test_document_naming_nobody_is_all_unattributed(tmp_path, small):
    path = write(tmp_path, "Some remarks.", "More remarks, with no names.")
    result = read_howto(path, small)
    assert [(p.kind, p.source.line_start) for p in result.problems] == [
        ("unattributed", 1),
        ("unattributed", 3),
    ]
    assert [r.character_id for r in result.rulings] == [None, None]
    assert howto_blocks(path, small) == []
