"""Records read from the source documents.

Every record carries a ``source`` (file and line span) that is left out of
equality, so two readings of the same fact compare equal wherever they came from.
Records convert to plain SQLite rows with ``to_row()``.
"""

from __future__ import annotations

import enum
import functools
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any


class Team(enum.StrEnum):
    TOWNSFOLK = "townsfolk"
    OUTSIDER = "outsider"
    MINION = "minion"
    DEMON = "demon"
    TRAVELLER = "traveller"
    FABLED = "fabled"
    LORIC = "loric"


class Section(enum.StrEnum):
    """Where in a character's how-to-run material a ruling sits."""

    ABILITY = "ability"  # the ability text itself, as one source prints it
    SUMMARY = "summary"  # the paragraph that explains the ability in prose
    SETUP = "set-up"
    FIRST_NIGHT = "first night"
    OTHER_NIGHTS = "other nights"
    DAY = "day"
    HOW_TO_RUN = "how-to-run"  # a how-to-run step not tied to one phase
    EXAMPLE = "example"
    NOTE = "note"  # clarification, edge case, advice
    JINX = "jinx"
    GLOSSARY = "glossary"
    SCRIPT = "script"  # a script's notes or special rules


@dataclass(frozen=True, slots=True)
class Source:
    """A span of lines (1-based, inclusive) in one vendored file."""

    file: str
    line_start: int
    line_end: int

    def __str__(self) -> str:
        if self.line_start == self.line_end:
            return f"{self.file}:{self.line_start}"
        return f"{self.file}:{self.line_start}-{self.line_end}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    """Something a reader could not read cleanly. Never silently dropped."""

    source: Source
    kind: str  # e.g. unattributed, truncated, foreign-language, wrong-name, unrecognised
    message: str
    character_id: str | None = None

    def to_row(self) -> dict[str, Any]:
        return {
            "id": hash_id(self.source.file, self.source.line_start, self.kind, self.message),
            "source": self.source.file,
            "line_start": self.source.line_start,
            "line_end": self.source.line_end,
            "kind": self.kind,
            "message": self.message,
            "character_id": self.character_id,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class CharacterText:
    """One source's description of one character (name, team, ability, flavour)."""

    character_id: str
    name: str
    team: Team | None
    ability: str | None
    flavour: str | None = None
    origin: str  # official edition id, "homebrew:<author>" or "script:<script id>"
    setup: bool = False  # the ability changes set-up (official "setup" flag)
    source: Source = field(compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Ruling:
    """One instruction or clarification about a character (or a game concept).

    ``tags``, ``mentions``, ``reminders`` and ``info_cards`` may be left empty by a
    reader: ``knowledge.annotate`` fills them in for every ruling the same way.
    """

    character_id: str | None
    text: str
    section: Section
    source: Source = field(compare=False)
    tags: tuple[str, ...] = ()
    mentions: tuple[str, ...] = ()  # character ids named in the text (not the subject)
    reminders: tuple[str, ...] = ()  # reminder token ids "<character>:<name>"
    info_cards: tuple[str, ...] = ()
    concepts: tuple[str, ...] = ()  # game concepts: drunk, poisoned, demon-kill, ...

    @property
    def id(self) -> str:
        # The line is part of the id: one jinx reason can stand for several pairs.
        return hash_id(self.source.file, self.source.line_start, self.character_id or "", self.text)

    def to_row(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "character_id": self.character_id,
            "text": self.text,
            "source": self.source.file,
            "line_start": self.source.line_start,
            "line_end": self.source.line_end,
            "section": str(self.section),
            "tags": json.dumps(list(self.tags)),
            "mentions": json.dumps(list(self.mentions)),
            "reminders": json.dumps(list(self.reminders)),
            "info_cards": json.dumps(list(self.info_cards)),
            "concepts": json.dumps(list(self.concepts)),
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class ReminderToken:
    """A reminder token, named once whatever the notation ("Safe", SAFE, “Safe”)."""

    character_id: str
    name: str  # display form, title case: "Safe", "No Ability"
    is_global: bool = False
    source: Source = field(compare=False)

    @property
    def id(self) -> str:
        return f"{self.character_id}:{token_key(self.name)}"

    def to_row(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "character_id": self.character_id,
            "name": self.name,
            "is_global": int(self.is_global),
            "source": self.source.file,
            "line_start": self.source.line_start,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Jinx:
    """A jinx between two characters; stored once, indexed from both ends."""

    a: str
    b: str
    reason: str
    source: Source = field(compare=False)

    @property
    def id(self) -> str:
        return "+".join(sorted((self.a, self.b)))

    def to_row(self) -> dict[str, Any]:
        first, second = sorted((self.a, self.b))
        return {
            "id": self.id,
            "character_a": first,
            "character_b": second,
            "reason": self.reason,
            "source": self.source.file,
            "line_start": self.source.line_start,
            "line_end": self.source.line_end,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Script:
    id: str
    name: str
    author: str | None
    characters: tuple[str, ...]
    notes: str | None = None
    special_rules: tuple[str, ...] = ()
    source: Source = field(compare=False)

    def to_row(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "author": self.author,
            "characters": json.dumps(list(self.characters)),
            "notes": self.notes,
            "special_rules": json.dumps(list(self.special_rules)),
            "source": self.source.file,
            "line_start": self.source.line_start,
            "line_end": self.source.line_end,
        }


@dataclass(slots=True)
class ReadResult:
    """What one reader got out of one document."""

    file: str
    characters: list[CharacterText] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)
    reminders: list[ReminderToken] = field(default_factory=list)
    jinxes: list[Jinx] = field(default_factory=list)
    scripts: list[Script] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    night_order: dict[str, list[str]] = field(default_factory=dict)
    # a script's own version of an official character that wakes on a night: (night, its id,
    # the official character whose place in the night sheet it takes)
    night_variants: list[tuple[str, str, str]] = field(default_factory=list)

    def problem(
        self,
        line: int,
        kind: str,
        message: str,
        *,
        end: int | None = None,
        character_id: str | None = None,
    ) -> None:
        self.problems.append(
            Problem(
                source=Source(self.file, line, end or line),
                kind=kind,
                message=message,
                character_id=character_id,
            )
        )


def hash_id(*parts: object) -> str:
    """A short stable id from the given parts.

    >>> hash_id("a", 1) == hash_id("a", 1)
    True
    >>> len(hash_id("x"))
    12
    """
    digest = hashlib.sha1("\x1f".join(str(p) for p in parts).encode("utf-8"))
    return digest.hexdigest()[:12]


@functools.lru_cache(maxsize=8192)
def token_key(name: str) -> str:
    """The normalised key of a reminder-token name.

    >>> token_key("“Safe”") == token_key("SAFE") == token_key('"safe"')
    True
    >>> token_key("No ability"), token_key("Sober & Healthy"), token_key("?")
    ('no-ability', 'sober-and-healthy', 'question-mark')
    """
    spelled = name.replace("&", " and ")
    cleaned = "".join(c.lower() if c.isalnum() else " " for c in spelled)
    key = "-".join(cleaned.split())
    if not key:  # a token that is only a symbol, such as the "?" token
        key = "-".join(_SYMBOLS.get(c, f"u{ord(c):04x}") for c in name.strip())
    return key


_SYMBOLS = {"?": "question-mark", "!": "exclamation-mark", "*": "star", "+": "plus"}
