"""What the engine needs from the knowledge base: characters, night order, citable rulings.

``Rules`` is the interface; ``Rulebook.from_path`` is the SQLite implementation, which
loads everything it needs once into memory so a replay never touches the database.
Rulings are found by (character id, a distinctive phrase the ruling contains), never
by rule text stored in the engine.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from knowledge.model import Team
from knowledge.resolve import Resolver


class MissingRuling(LookupError):
    """A handler cites a phrase no ruling contains: the engine or the knowledge base drifted."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Citation:
    id: str
    source: str
    lines: tuple[int, int]
    text: str
    character_id: str | None = None
    section: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "source": self.source, "lines": list(self.lines), "text": self.text}


@dataclass(frozen=True, slots=True, kw_only=True)
class CharacterRecord:
    id: str
    name: str
    team: Team | None
    edition: str | None = None
    first_night: int | None = None
    other_night: int | None = None
    reminders: tuple[str, ...] = ()
    reminders_global: tuple[str, ...] = ()  # tokens placed though no player has it
    setup: bool = False


class Rules(Protocol):
    """The small interface the engine reads the rules through."""

    def character(self, character_id: str) -> CharacterRecord: ...

    def characters(self) -> tuple[CharacterRecord, ...]: ...

    def resolve(self, name: str) -> str: ...

    def lookup(self, name: str) -> str | None: ...

    def night_order(self, night: str) -> tuple[str, ...]: ...

    def cite(self, character_id: str | None, phrase: str) -> tuple[Citation, ...]: ...

    def ability(self, character_id: str) -> tuple[Citation, ...]: ...

    def conflicts(self, ruling_id: str, about: str | None = None) -> tuple[Citation, ...]: ...


def normalise(text: str) -> str:
    """Text folded for phrase matching: case, curly quotes and runs of spaces ignored.

    >>> normalise("The Monk’s  “Safe”")
    'the monk\\'s "safe"'
    """
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    return " ".join(text.casefold().split())


class Rulebook:
    """The knowledge base, held in memory: implements ``Rules``."""

    def __init__(
        self,
        characters: Iterable[CharacterRecord],
        night_order: dict[str, tuple[str, ...]],
        rulings: Iterable[Citation],
        resolver: Resolver,
        conflicts: dict[str, tuple[tuple[str, Citation], ...]] | None = None,
    ) -> None:
        self._characters = {c.id: c for c in sorted(characters, key=lambda c: c.id)}
        self._night_order = dict(night_order)
        self._rulings: dict[str | None, list[Citation]] = {}
        for ruling in sorted(rulings, key=_ruling_order):
            self._rulings.setdefault(ruling.character_id, []).append(ruling)
        self._resolver = resolver
        self._conflicts = dict(conflicts or {})
        self._owner = {r.id: r.character_id for group in self._rulings.values() for r in group}
        self._cache: dict[tuple[str | None, str], tuple[Citation, ...]] = {}

    @classmethod
    def from_path(cls, path: Path) -> Rulebook:
        """Load the characters, night order and rulings of the SQLite knowledge base."""
        if not Path(path).exists():
            raise FileNotFoundError(f"no knowledge base at {path}; build it first")
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        db.row_factory = sqlite3.Row
        try:
            rows = [dict(r) for r in db.execute("select * from characters")]
            order = _night_rows(db.execute("select night, position, id from night_order"))
            rulings = [
                _citation(dict(r))
                for r in db.execute(
                    "select id, character_id, text, source, line_start, line_end, section "
                    "from rulings"
                )
            ]
            sides = _conflict_sides(db)
        finally:
            db.close()
        return cls(
            (_character(r) for r in rows),
            order,
            rulings,
            Resolver.from_rows(rows),
            _conflicts(sides, rulings),
        )

    def character(self, character_id: str) -> CharacterRecord:
        return self._characters[character_id]

    def characters(self) -> tuple[CharacterRecord, ...]:
        return tuple(self._characters.values())

    @property
    def resolver(self) -> Resolver:
        """The name resolver over this knowledge base's characters and aliases."""
        return self._resolver

    def resolve(self, name: str) -> str:
        """The id of any name the knowledge base resolves (fuzzily); raises UnknownName."""
        return self._resolver.resolve(name).id

    def lookup(self, name: str) -> str | None:
        """The id of an exact name, id or alias, else None."""
        return self._resolver.lookup(name)

    def night_order(self, night: str) -> tuple[str, ...]:
        return self._night_order.get(night, ())

    def cite(self, character_id: str | None, phrase: str) -> tuple[Citation, ...]:
        """Every ruling about ``character_id`` (None: the glossary) containing ``phrase``."""
        key = (character_id, phrase)
        if key not in self._cache:
            wanted = normalise(phrase)
            found = tuple(
                r for r in self._rulings.get(character_id, []) if wanted in normalise(r.text)
            )
            if not found:
                raise MissingRuling(
                    f"no ruling about {character_id or 'the rules'} contains {phrase!r}"
                )
            self._cache[key] = found
        return self._cache[key]

    def ability(self, character_id: str) -> tuple[Citation, ...]:
        """The official ability text (roles.json), the ruling every handler rests on; for a
        character of no edition that roles.json lacks (homebrew: the Technocrat), the ability
        text of its own source."""
        rulings = self._rulings.get(character_id, [])
        found = tuple(r for r in rulings if r.section == "ability" and r.source == "roles.json")
        record = self._characters.get(character_id)
        if not found and record is not None and record.edition is None:
            found = tuple(r for r in rulings if r.section == "ability")
        if not found:
            raise MissingRuling(f"no official ability text for {character_id}")
        return found

    def conflicts(self, ruling_id: str, about: str | None = None) -> tuple[Citation, ...]:
        """The rulings that disagree with this one. A general ruling (the glossary's "Dead",
        cited at every death) shows only the conflicts about ``about``, the character the
        step concerns; a character's own ruling shows every conflict it is a side of."""
        general = self._owner.get(ruling_id) is None
        return tuple(
            other
            for character, other in self._conflicts.get(ruling_id, ())
            if not general or character == about
        )


def _conflict_sides(db: sqlite3.Connection) -> list[tuple[str, list[str]]]:
    """(character, ruling ids on the sides) of each confirmed conflict (none if no table)."""
    tables = {r[0] for r in db.execute("select name from sqlite_master where type='table'")}
    if "conflicts" not in tables:
        return []
    rows = db.execute(
        "select character_id, ruling_ids from conflicts where status = 'confirmed' order by id"
    )
    return [(r[0], json.loads(r[1])) for r in rows]


def _conflicts(
    sides: list[tuple[str, list[str]]], rulings: list[Citation]
) -> dict[str, tuple[tuple[str, Citation], ...]]:
    """For each ruling in a conflict, (the conflict's character, a ruling that disagrees)."""
    by_id = {r.id: r for r in rulings}
    found: dict[str, dict[tuple[str, str], Citation]] = {}
    for character, ids in sides:
        for rid in ids:
            others = found.setdefault(rid, {})
            others.update({(character, o): by_id[o] for o in ids if o != rid and o in by_id})
    return {rid: tuple((c, r) for (c, _), r in others.items()) for rid, others in found.items()}


def _ruling_order(ruling: Citation) -> tuple[bool, str, int, str]:
    # The official ability text first, then the seed documents by file and line.
    return ruling.source != "roles.json", ruling.source, ruling.lines[0], ruling.id


def _night_rows(rows: Iterable[sqlite3.Row]) -> dict[str, tuple[str, ...]]:
    ordered = sorted((r["night"], r["position"], r["id"]) for r in rows)
    nights: dict[str, list[str]] = {}
    for night, _, cid in ordered:
        nights.setdefault(night, []).append(cid)
    return {night: tuple(ids) for night, ids in nights.items()}


def _citation(row: dict[str, Any]) -> Citation:
    return Citation(
        id=row["id"],
        source=row["source"],
        lines=(row["line_start"], row["line_end"]),
        text=row["text"],
        character_id=row["character_id"],
        section=row["section"],
    )


def _tokens(value: Any) -> tuple[str, ...]:
    return tuple(json.loads(value) if isinstance(value, str) else value)


def _character(row: dict[str, Any]) -> CharacterRecord:
    reminders = row.get("reminders") or "[]"
    return CharacterRecord(
        id=row["id"],
        name=row["name"],
        team=Team(row["team"]) if row.get("team") else None,
        edition=row.get("edition"),
        first_night=row.get("first_night"),
        other_night=row.get("other_night"),
        reminders=_tokens(reminders),
        reminders_global=_tokens(row.get("reminders_global") or "[]"),
        setup=bool(row.get("setup")),
    )
