"""Every curated entry has a reason and still matches something in the sources; errata link to
the one ruling they correct."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from knowledge.conflicts import normalise
from knowledge.errata import read_errata
from knowledge.model import Ruling, Section, Source, token_key
from knowledge.resolve import Resolver

CURATED = Path(__file__).resolve().parent.parent / "knowledge" / "curated"
SOURCES = CURATED.parent / "sources"


def _load(name: str) -> dict:
    return tomllib.loads((CURATED / name).read_text(encoding="utf-8"))


ALIASES = _load("aliases.toml")["alias"]


@pytest.mark.parametrize("entry", ALIASES, ids=lambda e: e["character"])
def test_alias_names_a_real_character_and_resolves_to_it(entry: dict, kb_db) -> None:
    assert entry.get("reason"), "every curated entry says why"
    assert kb_db["characters"].count_where("id = ?", [entry["character"]]) == 1
    resolver = Resolver.from_rows(kb_db.query("select id, name, aliases from characters"))
    for name in entry["names"]:
        assert resolver.resolve(name).id == entry["character"], name


TOKENS = _load("aliases.toml").get("token", [])


@pytest.mark.parametrize("entry", TOKENS, ids=lambda e: e["name"])
def test_a_token_named_by_is_one_of_its_characters_reminders(entry: dict, kb_db) -> None:
    assert entry.get("reason"), "every curated entry says why"
    (row,) = kb_db.query(
        "select reminders, reminders_global, named_by from characters where id = ?",
        [entry["character"]],
    )
    own = json.loads(row["reminders"]) + json.loads(row["reminders_global"])
    assert entry["name"] in own
    assert entry["name"] in json.loads(row["named_by"])


def test_info_cards_are_named_in_the_sources() -> None:
    data = _load("info_cards.toml")
    assert data.get("reason")
    corpus = " ".join(
        p.read_text(encoding="utf-8") for p in SOURCES.rglob("*") if p.suffix in (".txt", ".json")
    )
    normalised = token_key(corpus)
    for card in data["cards"]:
        assert token_key(card) in normalised, f"info card {card!r} is named nowhere"


def test_every_conflict_side_matches_a_ruling(kb_db) -> None:
    unmatched = list(kb_db.query("select message from problems where kind = 'curated-unmatched'"))
    assert unmatched == []


def test_every_conflict_has_a_reason_and_two_sides() -> None:
    for entry in _load("conflicts.toml").get("conflict", []):
        assert entry.get("reason") and entry.get("note"), entry["character"]
        assert len(entry.get("side", [])) >= 2, entry["character"]


ERRATA = _load("errata.toml")["erratum"]


@pytest.mark.parametrize("entry", ERRATA, ids=lambda e: e["character"])
def test_erratum_quotes_its_source_and_says_what_and_why(entry: dict) -> None:
    assert entry.get("reason") and entry.get("correction"), "every curated entry says why"
    assert 6 <= len(entry["quote"].split()) <= 25, "a quote of 6-25 words"
    assert normalise(entry["correction"]) != normalise(entry["quote"])
    (path,) = SOURCES.rglob(entry["source"])
    assert normalise(entry["quote"]) in normalise(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("entry", ERRATA, ids=lambda e: e["character"])
def test_erratum_is_stored_with_the_one_ruling_that_quotes_it(entry: dict, kb_db) -> None:
    rows = list(
        kb_db.query(
            "select e.*, r.text, r.source as ruling_source, r.character_id as subject "
            "from errata e join rulings r on r.id = e.ruling_id "
            "where e.character_id = ? and e.quote = ?",
            [entry["character"], entry["quote"]],
        )
    )
    assert len(rows) == 1
    row = rows[0]
    assert (row["subject"], row["ruling_source"]) == (entry["character"], entry["source"])
    assert normalise(entry["quote"]) in normalise(row["text"]), "the ruling is quoted, not fixed"
    assert (row["correction"], row["reason"]) == (entry["correction"], entry["reason"])


def test_every_erratum_links_to_exactly_one_ruling(kb_db) -> None:
    assert kb_db["errata"].count == len(ERRATA)
    problems = list(
        kb_db.query("select message from problems where source = 'errata.toml' order by id")
    )
    assert problems == []


def test_a_sentence_copied_from_where_it_is_right_is_corrected_only_where_it_is_wrong(
    kb_db,
) -> None:
    """The Cannibal's notes copied a sentence from the Alchemist's, where it stays right."""
    sentence = "When the Alchemist is dead, their ability stops working immediately."
    rows = kb_db.query(
        "select r.character_id, e.correction from rulings r left join errata e "
        "on e.ruling_id = r.id where r.text like ? order by r.line_start",
        [sentence + "%"],
    )
    assert [(r["character_id"], r["correction"]) for r in rows] == [
        ("cannibal", "When the Cannibal is dead, their ability stops working immediately."),
        ("alchemist", None),
    ]


def _ruling(line: int, text: str, character: str = "sleeper") -> Ruling:
    return Ruling(
        character_id=character, text=text, section=Section.NOTE, source=Source("x.txt", line, line)
    )


def _erratum(quote: str, character: str = "sleeper") -> str:
    return (
        f'[[erratum]]\ncharacter = "{character}"\nsource = "x.txt"\nquote = "{quote}"\n'
        'correction = "The Sleeper does."\nreason = "A slip."\n'
    )


def test_an_erratum_that_links_to_no_single_ruling_is_a_problem(tmp_path: Path) -> None:
    rulings = [
        _ruling(1, "If the Umpire dies at night,\nmark them. Then wake the Sleeper."),
        _ruling(3, "Wake the Sleeper. They point."),
        _ruling(5, "Put the Sleeper to sleep. They point."),
        _ruling(7, "The Umpire learns nothing.", character="umpire"),
    ]
    path = tmp_path / "errata.toml"
    path.write_text(
        _erratum("If the Umpire dies at night, mark them.")  # lines folded: links to line 1
        + _erratum("the Umpire dies at night, mark them")  # line 1 again: one erratum each
        + _erratum("They point.")  # lines 3 and 5
        + _erratum("The Umpire learns nothing.")  # only in a ruling about another character
        + _erratum("Never said anywhere."),
        encoding="utf-8",
    )
    rows, problems = read_errata(path, rulings)
    assert [r["ruling_id"] for r in rows] == [rulings[0].id]
    assert rows[0]["correction"] == "The Sleeper does."
    assert [(p.kind, p.source.line_start) for p in problems] == [
        ("curated-duplicate", 2),
        ("curated-ambiguous", 3),
        ("curated-unmatched", 4),
        ("curated-unmatched", 5),
    ]
    assert "lines 3, 5" in problems[1].message
