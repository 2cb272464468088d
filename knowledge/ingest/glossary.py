"""Reader for the official wiki glossary (wiki-glossary/glossary.json: one object, term → text).

The file is an MIT-licensed scrape of the official wiki glossary by
pengzhengyi/BloodOnTheClocktower (2023). Members are scanned in file order, so every
term keeps its own line span and a repeated term is reported rather than lost, as
``json.loads`` would lose it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from knowledge.model import ReadResult, Ruling, Section, Source
from knowledge.names import Lexicon

_DECODER = json.JSONDecoder()


@dataclass(frozen=True, slots=True)
class Member:
    """One ``"key": value`` pair of a JSON object with its 1-based line span."""

    key: str
    value: object
    line_start: int
    line_end: int


def read_glossary(path: Path, lexicon: Lexicon | None = None) -> ReadResult:
    """One GLOSSARY ruling per term: "<Term>: <definition>", the term as its concept.

    ``lexicon`` is accepted for the common reader signature; glossary terms are not
    characters, so it is not used.
    """
    result = ReadResult(file=path.name)
    try:
        members = object_members(path.read_text(encoding="utf-8"))
    except ValueError as error:
        result.problem(1, "unrecognised", f"not a JSON object of terms: {error}")
        return result
    seen: set[str] = set()
    for member in members:
        _read_term(member, seen, result)
    return result


def glossary_terms(path: Path) -> list[str]:
    """The glossary's terms in file order (repeats kept once)."""
    terms = [m.key for m in object_members(path.read_text(encoding="utf-8"))]
    return list(dict.fromkeys(terms))


def _read_term(member: Member, seen: set[str], result: ReadResult) -> None:
    term, definition = member.key, member.value
    start, end = member.line_start, member.line_end
    if not isinstance(definition, str) or not definition.strip():
        result.problem(
            start, "unrecognised", f"glossary term {term!r} has no text definition", end=end
        )
        return
    if term.casefold() in seen:
        result.problem(start, "duplicate", f"glossary term {term!r} defined again", end=end)
    seen.add(term.casefold())
    result.rulings.append(
        Ruling(
            character_id=None,
            text=f"{term}: {_one_line(definition)}",
            section=Section.GLOSSARY,
            source=Source(result.file, start, end),
            concepts=(term.lower(),),
        )
    )


def _one_line(text: str) -> str:
    """Text with its line breaks joined by a single space, wording otherwise kept.

    >>> _one_line(" A  b\\n  c ")
    'A  b c'
    """
    return " ".join(part.strip() for part in text.strip().splitlines())


def object_members(text: str) -> list[Member]:
    """The members of the JSON object ``text``, in order, repeats included.

    >>> members = object_members('{"a": 1,\\n"a":\\n 2}')
    >>> [(m.key, m.value, m.line_start, m.line_end) for m in members]
    [('a', 1, 1, 1), ('a', 2, 2, 3)]
    """
    pos = _skip(text, 0)
    if not text.startswith("{", pos):
        raise ValueError(f"expected '{{' at offset {pos}")
    members: list[Member] = []
    pos = _skip(text, pos + 1)
    while not text.startswith("}", pos):
        member, pos = _member(text, pos)
        members.append(member)
        pos = _skip(text, pos)
        if text.startswith(",", pos):
            pos = _skip(text, pos + 1)
        elif not text.startswith("}", pos):
            raise ValueError(f"expected ',' or '}}' at line {_line(text, pos)}")
    return members


def _member(text: str, pos: int) -> tuple[Member, int]:
    key_start = pos
    try:
        key, pos = _DECODER.raw_decode(text, pos)
        pos = _skip(text, pos)
        if not isinstance(key, str) or not text.startswith(":", pos):
            raise ValueError(f"expected a string key and ':' at line {_line(text, key_start)}")
        value, end = _DECODER.raw_decode(text, _skip(text, pos + 1))
    except json.JSONDecodeError as error:
        raise ValueError(str(error)) from error
    return Member(key, value, _line(text, key_start), _line(text, end - 1)), end


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos
