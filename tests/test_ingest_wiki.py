"""The wiki-style reader over the real seed 001, plus small hostile variants of its shape."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from reading import character_rows, problem_rows, ruling_rows

from knowledge.ingest.wiki import HEADERS, TEAMS, read_wiki
from knowledge.model import ReadResult, Section, Team
from knowledge.names import Lexicon

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "knowledge" / "sources" / "seeds"
ROLES = ROOT / "knowledge" / "sources" / "botc-release" / "roles.json"
WIKIS = {"001": "001_6b8b8f888e63d48e.txt"}
# Counted from the file: 33 type lines, 90 "- " bullets (69 under How to Run, 21 under
# Examples & Notes; none of the 21 narrates a concrete game, so all are notes).
SECTION_COUNTS = {"001": {"ability": 33, "summary": 33, "how-to-run": 69, "note": 21}}
TEAM_COUNTS = {
    "001": {
        "townsfolk": 13,
        "outsider": 4,
        "minion": 4,
        "demon": 4,
        "traveller": 5,
        "fabled": 2,
        "loric": 1,
    }
}
EXPECTED_PROBLEMS: dict[str, list[tuple[int, str]]] = {"001": []}


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.from_roles_json(ROLES)


@pytest.fixture(scope="module")
def results(lexicon: Lexicon) -> dict[str, ReadResult]:
    return {key: read_wiki(SEEDS / name, lexicon) for key, name in WIKIS.items()}


def view(result: ReadResult) -> dict[str, object]:
    """The parts of a reading worth pinning, in a JSON-able form."""
    return {
        "characters": character_rows(result, flavour=True),
        "rulings": ruling_rows(result),
        "problems": problem_rows(result),
    }


@pytest.mark.parametrize("key", sorted(WIKIS))
def test_golden(key: str, results: dict[str, ReadResult], golden) -> None:
    golden(f"ingest/{key}.json", view(results[key]))


@pytest.mark.parametrize("key", sorted(WIKIS))
def test_counts(key: str, results: dict[str, ReadResult]) -> None:
    result = results[key]
    assert Counter(str(r.section) for r in result.rulings) == SECTION_COUNTS[key]
    assert Counter(str(c.team) for c in result.characters) == TEAM_COUNTS[key]


@pytest.mark.parametrize("key", sorted(WIKIS))
def test_exact_problems(key: str, results: dict[str, ReadResult]) -> None:
    found = [(p.source.line_start, p.kind) for p in results[key].problems]
    assert found == EXPECTED_PROBLEMS[key]


@pytest.mark.parametrize("key", sorted(WIKIS))
def test_every_line_is_placed(key: str, results: dict[str, ReadResult]) -> None:
    """Each line is a ruling, a problem, or a head line (type, name, flavour) or a header."""
    result = results[key]
    lines = (SEEDS / WIKIS[key]).read_text(encoding="utf-8").splitlines()
    placed = {r.source.line_start for r in result.rulings}
    placed |= {p.source.line_start for p in result.problems}
    named = {c.name for c in result.characters} | {c.flavour for c in result.characters}
    for number, text in enumerate(lines, 1):
        text = text.strip()
        if text and number not in placed:
            assert text.lower() in TEAMS or text.lower() in HEADERS or text in named, number


@pytest.mark.parametrize("key", sorted(WIKIS))
def test_official_characters_take_roles_json_edition(
    key: str, results: dict[str, ReadResult]
) -> None:
    editions = {r["id"]: r["edition"] for r in json.loads(ROLES.read_text(encoding="utf-8"))}
    for character in results[key].characters:
        assert character.origin == editions[character.character_id]


def test_bullets_keep_their_wording(results: dict[str, ReadResult]) -> None:
    """The bullet marker goes, the text stays exactly as printed (quotes, dashes and all)."""
    ruling = next(r for r in results["001"].rulings if r.source.line_start == 54)
    assert (
        ruling.text == "Each day, the Amnesiac makes a guess about their ability in private. "
        'Answer “Cold”, “Warm”, “Hot", or “Bingo”.'
    )
    assert ruling.section is Section.HOW_TO_RUN and ruling.character_id == "amnesiac"


def test_summary_is_one_ruling_with_the_quoted_ability(results: dict[str, ReadResult]) -> None:
    summaries = [
        r
        for r in results["001"].rulings
        if r.character_id == "beggar" and r.section is Section.SUMMARY
    ]
    assert [s.source.line_start for s in summaries] == [254]
    # Quoted with "and" where the ability line says "&": read as the same ability.
    assert summaries[0].text.startswith('"You must use a vote token to vote.')


ENTRY = """{team}
{name}
Each night, choose a player: they are safe.
A flavour line.
"Each night, choose a player: they are safe." The {name} protects.
How to Run
- Each night, wake the {name}. They point at any player.
Examples & Notes
- The {name} chooses the Empath. The Imp attacks the Empath. The Empath does not die.
- You may wish to remind the {name} that they cannot choose themself.
"""


def read_text(tmp_path: Path, lexicon: Lexicon, text: str) -> ReadResult:
    path = tmp_path / "wiki.txt"
    path.write_text(text, encoding="utf-8")
    return read_wiki(path, lexicon)


def test_worked_example_and_note_are_told_apart(tmp_path: Path, lexicon: Lexicon) -> None:
    result = read_text(tmp_path, lexicon, ENTRY.format(team="Townsfolk", name="Monk"))
    sections = [(r.source.line_start, r.section) for r in result.rulings]
    assert sections == [
        (3, Section.ABILITY),
        (5, Section.SUMMARY),
        (7, Section.HOW_TO_RUN),
        (9, Section.EXAMPLE),
        (10, Section.NOTE),
    ]
    assert result.problems == []


def test_unknown_character_is_read_and_reported(tmp_path: Path, lexicon: Lexicon) -> None:
    result = read_text(tmp_path, lexicon, ENTRY.format(team="Townsfolk", name="Night Nurse"))
    [character] = result.characters
    assert (character.character_id, character.origin) == ("nightnurse", "homebrew:unknown")
    assert [(p.source.line_start, p.kind) for p in result.problems] == [(2, "unknown-character")]


def test_unknown_type_and_missing_parts_are_problems(tmp_path: Path, lexicon: Lexicon) -> None:
    text = (
        "a stray opening line\n"
        + ENTRY.format(team="Jinxed", name="Monk")
        + (
            "Minion\nPoisoner\nEach night, choose a player: they are poisoned.\n"
            '"Each night, choose a player: they are poisoned." The Poisoner poisons.\n'
            "- a bullet with no section\n"
        )
    )
    result = read_text(tmp_path, lexicon, text)
    assert [(p.source.line_start, p.kind) for p in result.problems] == [
        (1, "unrecognised"),
        (2, "unrecognised"),
        (14, "truncated"),
        (16, "unrecognised"),
        (15, "truncated"),
    ]
    monk, poisoner = result.characters
    assert monk.team is None and poisoner.team is Team.MINION
    assert poisoner.flavour is None and poisoner.ability.startswith("Each night")
