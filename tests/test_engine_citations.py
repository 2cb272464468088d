"""Every rule a handler applies is cited from the real knowledge base, by phrase."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.engine import Rulebook
from service.engine.handlers import load_all
from service.engine.rulebook import MissingRuling
from service.engine.step import CORE

HANDLERS = load_all()
PHRASES = sorted(
    [(f"core:{key}", cid, phrase) for key, (cid, phrase) in CORE.items()]
    + [
        (f"{h.id}:{key}", cid, phrase)
        for h in HANDLERS.values()
        for key, (cid, phrase) in h.cites.items()
    ]
)


@pytest.fixture(scope="module")
def rulebook(kb_path: Path) -> Rulebook:
    return Rulebook.from_path(kb_path)


@pytest.mark.parametrize("key, cid, phrase", PHRASES, ids=[p[0] for p in PHRASES])
def test_citation_phrase_finds_its_ruling(
    rulebook: Rulebook, key: str, cid: str | None, phrase: str
) -> None:
    found = rulebook.cite(cid, phrase)
    assert found, key
    assert all(r.character_id == cid for r in found)
    # A phrase is chosen to be distinctive: it picks one ruling, or copies of one text.
    assert len({r.text for r in found}) == 1, [r.text for r in found]


@pytest.mark.parametrize("cid", sorted(HANDLERS))
def test_every_handler_has_its_official_ability_text(rulebook: Rulebook, cid: str) -> None:
    (ruling,) = rulebook.ability(cid)
    # (a homebrew character's is its own source's: the ODE collection for the Technocrat)
    official = rulebook.character(cid).edition is not None
    assert ruling.text and (ruling.source == "roles.json") == official


def test_a_phrase_that_finds_nothing_fails_loudly(rulebook: Rulebook) -> None:
    with pytest.raises(MissingRuling, match="monk"):
        rulebook.cite("monk", "the Monk may juggle flaming torches")


def test_citation_shape(rulebook: Rulebook) -> None:
    (ruling,) = rulebook.cite("soldier", "the Soldier does not die")
    assert set(ruling.to_dict()) == {"id", "source", "lines", "text"}
    assert ruling.source.endswith(".txt") and ruling.lines[0] <= ruling.lines[1]


def test_disagreeing_rulings_are_named(rulebook: Rulebook) -> None:
    """The Butler's official ability and 000's "restriction stays after death" conflict."""
    (ability,) = rulebook.ability("butler")
    others = rulebook.conflicts(ability.id)
    assert any("stays after the Butler dies" in r.text for r in others)
