"""The wiki-glossary reader over the real glossary.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from knowledge.ingest.glossary import glossary_terms, read_glossary
from knowledge.model import ReadResult, Section
from knowledge.names import Lexicon

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "knowledge" / "sources" / "wiki-glossary" / "glossary.json"


@pytest.fixture(scope="module")
def result() -> ReadResult:
    lexicon = Lexicon.from_roles_json(ROOT / "knowledge/sources/botc-release/roles.json")
    return read_glossary(GLOSSARY, lexicon)


def test_glossary_matches_golden(result: ReadResult, golden) -> None:
    golden(
        "ingest/glossary.json",
        {
            "rulings": [
                {
                    "character": r.character_id,
                    "section": str(r.section),
                    "lines": [r.source.line_start, r.source.line_end],
                    "text": r.text[:80],
                    "concepts": list(r.concepts),
                }
                for r in result.rulings
            ],
            "problems": [
                {
                    "kind": p.kind,
                    "lines": [p.source.line_start, p.source.line_end],
                    "message": p.message,
                }
                for p in result.problems
            ],
        },
    )


def test_one_ruling_per_term_and_no_problems(result: ReadResult) -> None:
    data = json.loads(GLOSSARY.read_text(encoding="utf-8"))
    assert len(data) == 80
    assert glossary_terms(GLOSSARY) == list(data)
    assert [r.text for r in result.rulings] == [f"{k}: {v.strip()}" for k, v in data.items()]
    assert {r.section for r in result.rulings} == {Section.GLOSSARY}
    assert {r.character_id for r in result.rulings} == {None}
    assert [r.concepts for r in result.rulings] == [(k.lower(),) for k in data]
    assert result.problems == []


def test_lines_hold_their_term(result: ReadResult) -> None:
    lines = GLOSSARY.read_text(encoding="utf-8").splitlines()
    for ruling, term in zip(result.rulings, glossary_terms(GLOSSARY), strict=True):
        assert lines[ruling.source.line_start - 1].lstrip().startswith(json.dumps(term) + ":")


def test_repeats_and_odd_values_are_problems(tmp_path: Path) -> None:
    path = tmp_path / "glossary.json"
    path.write_text(
        '{\n "Dead": "Not alive.",\n "Dead": "Gone.",\n "Odd": 3,\n "Long":\n  "Two\\nlines"\n}\n',
        encoding="utf-8",
    )
    result = read_glossary(path, None)
    assert [(p.source.line_start, p.kind) for p in result.problems] == [
        (3, "duplicate"),
        (4, "unrecognised"),
    ]
    assert [(r.text, r.source.line_start, r.source.line_end) for r in result.rulings] == [
        ("Dead: Not alive.", 2, 2),
        ("Dead: Gone.", 3, 3),
        ("Long: Two lines", 5, 6),
    ]


def test_broken_json_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "glossary.json"
    path.write_text('{\n "Dead": "Not alive.",\n "Oops" \n}', encoding="utf-8")
    result = read_glossary(path, None)
    assert [p.kind for p in result.problems] == ["unrecognised"]
    assert result.rulings == []
