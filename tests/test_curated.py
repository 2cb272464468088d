"""Every curated entry has a reason and still matches something in the sources."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from knowledge.model import token_key
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
