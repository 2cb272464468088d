"""The header-less homebrew reader over the real seed 003, plus small hostile variants."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from reading import character_rows, problem_rows, ruling_rows

from knowledge.ingest.homebrew import TEAMS, read_homebrew
from knowledge.model import ReadResult, Section, Team
from knowledge.names import Lexicon

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "knowledge" / "sources" / "seeds"
ROLES = ROOT / "knowledge" / "sources" / "botc-release" / "roles.json"
COLLECTIONS = {"003": "003_1406c5e6e5e854b8.txt"}
# 80 type lines close 80 entries (the last, line 726, closes the Grief Striker).
TEAM_COUNTS = {"003": {"townsfolk": 29, "outsider": 15, "minion": 14, "demon": 18, "traveller": 4}}
SECTION_COUNTS = {
    "003": {"ability": 80, "summary": 80, "note": 155, "example": 204, "how-to-run": 123}
}
# The preamble (credit, icons, night-order disclaimer) and one copy-paste slip: the
# Sleeper's how-to-run line starts "If the Umpire dies at night".
EXPECTED_PROBLEMS = {
    "003": [(1, "preamble"), (2, "preamble"), (3, "preamble"), (4, "preamble"), (159, "wrong-name")]
}


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.from_roles_json(ROLES)


@pytest.fixture(scope="module")
def results(lexicon: Lexicon) -> dict[str, ReadResult]:
    return {key: read_homebrew(SEEDS / name, lexicon) for key, name in COLLECTIONS.items()}


def view(result: ReadResult) -> dict[str, object]:
    """The parts of a reading worth pinning, in a JSON-able form."""
    return {
        "characters": character_rows(result),
        "rulings": ruling_rows(result),
        "problems": problem_rows(result),
    }


@pytest.mark.parametrize("key", sorted(COLLECTIONS))
def test_golden(key: str, results: dict[str, ReadResult], golden) -> None:
    golden(f"ingest/{key}.json", view(results[key]))


@pytest.mark.parametrize("key", sorted(COLLECTIONS))
def test_counts(key: str, results: dict[str, ReadResult]) -> None:
    result = results[key]
    assert len(result.characters) == 80
    assert Counter(str(c.team) for c in result.characters) == TEAM_COUNTS[key]
    assert Counter(str(r.section) for r in result.rulings) == SECTION_COUNTS[key]


@pytest.mark.parametrize("key", sorted(COLLECTIONS))
def test_exact_problems(key: str, results: dict[str, ReadResult]) -> None:
    found = [(p.source.line_start, p.kind) for p in results[key].problems]
    assert found == EXPECTED_PROBLEMS[key]


@pytest.mark.parametrize("key", sorted(COLLECTIONS))
def test_every_line_is_placed(key: str, results: dict[str, ReadResult]) -> None:
    """Each non-blank line is exactly one ruling or problem, except the closing type lines."""
    result = results[key]
    lines = (SEEDS / COLLECTIONS[key]).read_text(encoding="utf-8").splitlines()
    placed = Counter(r.source.line_start for r in result.rulings)
    placed.update({p.source.line_start for p in result.problems if p.kind == "preamble"})
    for number, text in enumerate(lines, 1):
        expected = 0 if not text.strip() or text.strip().lower() in TEAMS else 1
        assert placed[number] == expected, (number, text)


@pytest.mark.parametrize("key", sorted(COLLECTIONS))
def test_each_entry_reads_in_order(key: str, results: dict[str, ReadResult]) -> None:
    """Ability, summary, rules, examples, how-to-run: the order every entry keeps."""
    rank = [Section.ABILITY, Section.SUMMARY, Section.NOTE, Section.EXAMPLE, Section.HOW_TO_RUN]
    by_character: dict[str, list[int]] = {}
    for ruling in results[key].rulings:
        by_character.setdefault(ruling.character_id, []).append(rank.index(ruling.section))
    for character_id, ranks in by_character.items():
        assert ranks == sorted(ranks), character_id
        assert ranks[:2] == [0, 1] and ranks.count(0) == ranks.count(1) == 1, character_id


def test_names_ids_and_origin(results: dict[str, ReadResult], lexicon: Lexicon) -> None:
    characters = {c.character_id: c for c in results["003"].characters}
    assert characters["doppelganger"].name == "Doppelgänger"
    assert characters["patissier"].name == "Pâtissier"
    assert characters["kumalisa"].name == "Kuma Lisa"
    assert characters["griefstriker"].team is Team.TRAVELLER
    assert {c.origin for c in characters.values()} == {"homebrew:ODE"}
    # No ODE character shares an id with an official one (else a name-collision problem).
    assert not set(characters) & set(lexicon.roles)


@pytest.mark.parametrize(
    ("line", "section"),
    [
        (7, Section.NOTE),  # "On their first night, the Bricklayer learns ..." states the rule
        (10, Section.EXAMPLE),  # 'The Bricklayer learns a "1"': a concrete outcome, no other name
        (11, Section.HOW_TO_RUN),
        (180, Section.NOTE),  # "the Witch Doctor chooses": not the official Witch
        (303, Section.NOTE),  # "the Narcissist might, at any time ..., replace": not an order
        (414, Section.EXAMPLE),  # plain statement between two examples
        (480, Section.HOW_TO_RUN),  # plain statement after the how-to-run began
        (544, Section.NOTE),  # "you can also allow": an optional rule, before the examples
        (545, Section.EXAMPLE),  # "The Corporealis chooses a player at night. That player dies."
        (490, Section.HOW_TO_RUN),  # "you may choose whether ..."
    ],
)
def test_edge_lines(line: int, section: Section, results: dict[str, ReadResult]) -> None:
    [ruling] = [r for r in results["003"].rulings if r.source.line_start == line]
    assert ruling.section is section


ENTRIES = """Collection by TESTER.
You start knowing 1 player.
The Lookout knows a player.
On their first night, the Lookout learns a player.
The Lookout learns the Imp.
On their first night, wake the Lookout. Point to a player.
Townsfolk
Each night*, choose a player: they die.
The Imp kills a player each night.
Minion
No summary line here.
Still none.
Demon
You might die.
The Lookout might die.
"""


def test_collision_duplicate_unattributed_and_unclosed(tmp_path: Path, lexicon: Lexicon) -> None:
    path = tmp_path / "homebrew.txt"
    path.write_text(ENTRIES, encoding="utf-8")
    result = read_homebrew(path, lexicon)
    assert [(c.character_id, c.team, c.origin) for c in result.characters] == [
        ("lookout", Team.TOWNSFOLK, "homebrew:TESTER"),
        ("imp", Team.MINION, "homebrew:TESTER"),
        ("lookout", None, "homebrew:TESTER"),
    ]
    assert [(p.source.line_start, p.kind) for p in result.problems] == [
        (1, "preamble"),
        (11, "unattributed"),
        (14, "truncated"),
        (9, "name-collision"),
        (15, "duplicate"),
    ]
