"""The script-almanac reader over the two real almanacs (seeds 002 and 004)."""

from __future__ import annotations

from pathlib import Path

import pytest
from reading import character_rows, problem_rows, ruling_rows

from knowledge.ingest.almanac import HEADINGS, TEAMS, read_almanac
from knowledge.model import ReadResult, Section
from knowledge.names import Lexicon

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "knowledge" / "sources" / "seeds"
ALMANACS = {"002": "002_b61e61b99ecc5fb8.txt", "004": "004_6ead7ab2c8100e30.txt"}
# Counted by hand from the team lines: 13 Townsfolk, 4 Outsiders, 4 Minions, 4 Demons
# (+5 Travellers in 002).
ENTRY_COUNTS = {"002": 30, "004": 25}
EXPECTED_PROBLEMS = {
    "002": [
        (41, "garbled-name", "highpriestess"),
        (43, "foreign-language", "highpriestess"),
        (45, "truncated", "highpriestess"),
    ],
    "004": [(7, "unknown-character", "theveiled")],
}


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.from_roles_json(ROOT / "knowledge/sources/botc-release/roles.json")


@pytest.fixture(scope="module")
def results(lexicon: Lexicon) -> dict[str, ReadResult]:
    return {key: read_almanac(SEEDS / name, lexicon) for key, name in ALMANACS.items()}


def view(result: ReadResult) -> dict[str, object]:
    """The parts of a reading worth pinning, in a JSON-able form."""
    return {
        "characters": character_rows(result, ability=60, flavour=True),
        "rulings": ruling_rows(result),
        "reminders": [
            {"character": t.character_id, "name": t.name, "line": t.source.line_start}
            for t in result.reminders
        ],
        "scripts": [
            {
                "id": s.id,
                "name": s.name,
                "author": s.author,
                "characters": list(s.characters),
                "notes": (s.notes or "")[:80],
                "special_rules": list(s.special_rules),
                "lines": [s.source.line_start, s.source.line_end],
            }
            for s in result.scripts
        ],
        "problems": problem_rows(result),
    }


@pytest.mark.parametrize("key", sorted(ALMANACS))
def test_almanac_matches_golden(key: str, results: dict[str, ReadResult], golden) -> None:
    golden(f"ingest/{key}.json", view(results[key]))


@pytest.mark.parametrize("key", sorted(ALMANACS))
def test_exact_problems(key: str, results: dict[str, ReadResult]) -> None:
    found = sorted((p.source.line_start, p.kind, p.character_id) for p in results[key].problems)
    assert found == EXPECTED_PROBLEMS[key]


@pytest.mark.parametrize("key", sorted(ALMANACS))
def test_entry_count_matches_header(key: str, results: dict[str, ReadResult]) -> None:
    result = results[key]
    header = (SEEDS / ALMANACS[key]).read_text(encoding="utf-8").splitlines()[2]
    assert header.endswith(f"· {ENTRY_COUNTS[key]} characters")
    assert len(result.characters) == ENTRY_COUNTS[key]
    assert len(result.scripts[0].characters) == ENTRY_COUNTS[key]
    assert not [p for p in result.problems if p.kind == "count-mismatch"]


@pytest.mark.parametrize("key", sorted(ALMANACS))
def test_ruling_text_is_its_lines(key: str, results: dict[str, ReadResult]) -> None:
    """Each ruling is its source lines joined, except special rules: sentences of one line."""
    lines = (SEEDS / ALMANACS[key]).read_text(encoding="utf-8").splitlines()
    for ruling in results[key].rulings:
        span = " ".join(lines[ruling.source.line_start - 1 : ruling.source.line_end]).strip()
        if ruling.text in results[key].scripts[0].special_rules:
            assert ruling.text in span
        else:
            assert ruling.text == span, ruling.source


@pytest.mark.parametrize("key", sorted(ALMANACS))
def test_every_line_is_placed(key: str, results: dict[str, ReadResult]) -> None:
    """No silent under-parse: each non-blank line is structure or inside a record's span."""
    result = results[key]
    lines = (SEEDS / ALMANACS[key]).read_text(encoding="utf-8").splitlines()
    spans = [r.source for r in result.rulings] + [p.source for p in result.problems]
    covered = {n for s in spans for n in range(s.line_start, s.line_end + 1)}
    covered |= {t.source.line_start for t in result.reminders}
    structure = {
        result.scripts[0].name,
        "Notes",
        *TEAMS,
        *(c.name for c in result.characters),
        *(c.flavour for c in result.characters),
    }
    unplaced = [
        n
        for n, line in enumerate(lines, start=1)
        if line.strip()
        and n not in covered
        and n != 3
        and line not in structure
        and line.casefold() not in HEADINGS
    ]
    assert unplaced == []


def test_garbled_korean_entry_is_the_high_priestess(results: dict[str, ReadResult]) -> None:
    entry = next(c for c in results["002"].characters if c.character_id == "highpriestess")
    assert (entry.name, entry.team, entry.flavour) == ("High Priestess", "townsfolk", None)
    assert entry.ability is not None and entry.ability.startswith("매일 밤")
    sections = [r.section for r in results["002"].rulings if r.character_id == "highpriestess"]
    assert sections == [Section.ABILITY]


def test_the_veiled_is_special_rules_not_a_character(results: dict[str, ReadResult]) -> None:
    result = results["004"]
    script = result.scripts[0]
    assert (script.id, script.author) == ("blindmansbluff", "Andrew, Tyler, Jams & Navean")
    assert len(script.special_rules) == 7
    assert script.special_rules[0].startswith("Fabled: The Veiled - Players are not told")
    assert "theveiled" not in script.characters
    script_rulings = [r for r in result.rulings if r.section is Section.SCRIPT]
    assert [r.text for r in script_rulings] == list(script.special_rules)
    assert {(r.character_id, r.source.line_start) for r in script_rulings} == {(None, 7)}


def test_changelog_is_one_script_note(results: dict[str, ReadResult]) -> None:
    script = results["002"].scripts[0]
    assert (script.id, script.author, script.special_rules) == (
        "withmythirdeyeopen",
        "Zapperzook",
        (),
    )
    notes = [r for r in results["002"].rulings if r.section is Section.SCRIPT]
    assert [(r.text, r.source.line_start) for r in notes] == [(script.notes, 7)]


def test_harpy_token_labels_become_reminders(results: dict[str, ReadResult]) -> None:
    tokens = [(t.id, t.source.line_start) for t in results["002"].reminders]
    assert tokens == [("harpy:mad", 304), ("harpy:2nd", 305)]


SYNTHETIC = """Test Script

Almanac · Someone · 3 characters

Notes

Just a note.

Townsfolk

Bogus Baker

You bake.

Flour everywhere.

"You bake." The Baker bakes.

How to Run

Wake the Baker.
PIE

Strategy

Bake early.
"""


def test_synthetic_almanac_problems(tmp_path: Path, lexicon: Lexicon) -> None:
    path = tmp_path / "x.txt"
    path.write_text(SYNTHETIC, encoding="utf-8")
    result = read_almanac(path, lexicon)
    found = [(p.source.line_start, p.kind) for p in result.problems]
    assert found == [
        (11, "unknown-character"),
        (22, "unrecognised"),
        (24, "unrecognised"),
        (3, "count-mismatch"),
    ]
    (entry,) = result.characters
    assert (entry.character_id, entry.origin) == ("bogusbaker", "script:testscript")
    assert [(r.section, r.source.line_start) for r in result.rulings] == [
        (Section.SCRIPT, 7),
        (Section.ABILITY, 13),
        (Section.SUMMARY, 17),
        (Section.HOW_TO_RUN, 21),
        (Section.NOTE, 26),
    ]
