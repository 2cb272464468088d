"""Reader for wiki-style character entries (seed 001).

An entry looks like::

    Townsfolk                                     type
    Town Crier                                    name
    Each night*, you learn if a Minion ...        ability
    Hear ye! Hear ye! ...                         flavour
    "Each night*, you learn ..." The Town ...     summary: the ability in quotes, then prose
    How to Run
    - Each dawn, mark the Town Crier ...          one HOW_TO_RUN ruling per bullet
    Examples & Notes                              (optional)
    - If you forget whether ...                   EXAMPLE or NOTE per bullet

Entries are found from their summary line (the only line that opens with a quote), so an
entry with an unknown type line or no flavour is still read, and reported. An "Examples & Notes"
bullet is an EXAMPLE only if it reads as a worked example (``reads_as_example``: it narrates a
concrete game, naming characters as players, without addressing the Storyteller or listing
"such as"); otherwise it is a NOTE.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from knowledge.ingest.homebrew import reads_as_example
from knowledge.model import CharacterText, ReadResult, Ruling, Section, Source, Team
from knowledge.names import Lexicon, slug

TEAMS = {team.value: team for team in Team}
HEADERS = {"how to run": Section.HOW_TO_RUN, "examples & notes": Section.EXAMPLE}
_QUOTE_OPEN = ('"', "“")
_QUOTED_ABILITY = re.compile(r"^[\"“](?P<ability>.+?)[\"”](?:\s|$)")


@dataclass(frozen=True, slots=True)
class Line:
    number: int
    text: str


@dataclass(slots=True)
class Entry:
    """One character's lines, as cut from the document."""

    head: list[Line]  # [type?, name, ability, flavour?] as found before the summary
    summary: Line
    body: list[Line] = field(default_factory=list)


def read_wiki(path: Path, lexicon: Lexicon) -> ReadResult:
    """Every character entry of a wiki-style document, with its rulings."""
    result = ReadResult(file=path.name)
    lines = [
        Line(n, t.strip())
        for n, t in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if t.strip()
    ]
    stray, entries = cut_entries(lines)
    for line in stray:
        result.problem(line.number, "unrecognised", f"line outside any entry: {line.text}")
    seen: set[str] = set()
    for entry in entries:
        _read_entry(result, entry, lexicon, seen)
    return result


def is_plain(text: str) -> bool:
    """Whether a line can be part of an entry's head (not a bullet, header or summary).

    >>> is_plain("Town Crier"), is_plain("- Each dawn, ..."), is_plain("How to Run")
    (True, False, False)
    """
    return not (text.startswith("- ") or text.lower() in HEADERS or text.startswith(_QUOTE_OPEN))


def cut_entries(lines: Sequence[Line]) -> tuple[list[Line], list[Entry]]:
    """Lines before the first entry, and the entries (head, summary, body)."""
    anchors = [i for i, line in enumerate(lines) if line.text.startswith(_QUOTE_OPEN)]
    previous = [-1, *anchors[:-1]]
    starts = [_head_start(lines, i, p) for i, p in zip(anchors, previous, strict=True)]
    entries = []
    for k, (anchor, start) in enumerate(zip(anchors, starts, strict=True)):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        entries.append(
            Entry(
                head=list(lines[start:anchor]),
                summary=lines[anchor],
                body=list(lines[anchor + 1 : end]),
            )
        )
    stray = list(lines[: starts[0]]) if starts else list(lines)
    return stray, entries


def _head_start(lines: Sequence[Line], anchor: int, previous: int) -> int:
    """Where an entry's head begins: the run of plain lines just before its summary."""
    start = anchor
    while start - 1 > previous and is_plain(lines[start - 1].text):
        start -= 1
    return start


def _read_entry(result: ReadResult, entry: Entry, lexicon: Lexicon, seen: set[str]) -> None:
    team, name, ability, flavour = _read_head(result, entry)
    if name is None:
        result.problem(
            entry.summary.number,
            "unattributed",
            "summary with no name line before it",
            end=_last(entry).number,
        )
        return
    cid = lexicon.id_for(name.text) or slug(name.text)
    if cid not in lexicon.roles:
        result.problem(
            name.number, "unknown-character", f"{name.text} is not in roles.json", character_id=cid
        )
    if cid in seen:
        result.problem(
            name.number, "duplicate", f"{name.text} is described twice", character_id=cid
        )
    seen.add(cid)
    first = entry.head[0] if entry.head else entry.summary
    result.characters.append(
        CharacterText(
            character_id=cid,
            name=name.text,
            team=team,
            ability=ability.text if ability else None,
            flavour=flavour.text if flavour else None,
            origin=_origin(cid, lexicon),
            source=Source(result.file, first.number, _last(entry).number),
        )
    )
    if ability is not None:
        _rule(result, cid, ability, Section.ABILITY)
        _check_quote(result, cid, ability, entry.summary)
    _rule(result, cid, entry.summary, Section.SUMMARY)
    _read_body(result, cid, entry, lexicon)


def _read_head(
    result: ReadResult, entry: Entry
) -> tuple[Team | None, Line | None, Line | None, Line | None]:
    """(team, name, ability, flavour) from the lines before the summary, problems reported."""
    head = entry.head
    typed = [i for i, line in enumerate(head) if line.text.lower() in TEAMS]
    if typed:
        first = typed[0]
        for line in head[:first]:
            result.problem(line.number, "unrecognised", f"line before the type line: {line.text}")
        team, rest = TEAMS[head[first].text.lower()], head[first + 1 :]
    elif len(head) >= 4:
        for line in head[:-4]:
            result.problem(line.number, "unrecognised", f"line before the type line: {line.text}")
        result.problem(head[-4].number, "unrecognised", f"unknown type line: {head[-4].text}")
        team, rest = None, head[-3:]
    else:
        team, rest = None, head
        where = rest[0].number if rest else entry.summary.number
        result.problem(where, "truncated", "entry has no type line")
    return (team, *_name_ability_flavour(result, rest, entry.summary))


def _name_ability_flavour(
    result: ReadResult, rest: list[Line], summary: Line
) -> tuple[Line | None, Line | None, Line | None]:
    if len(rest) >= 3:
        for line in rest[3:]:
            result.problem(line.number, "unrecognised", f"extra line in entry head: {line.text}")
        return rest[0], rest[1], rest[2]
    missing = ("name, ability and flavour", "ability and flavour", "flavour")[len(rest)]
    result.problem(
        rest[-1].number if rest else summary.number,
        "truncated",
        f"entry head has no {missing} line",
    )
    padded = [*rest, None, None]
    return padded[0], padded[1], None


def _check_quote(result: ReadResult, cid: str, ability: Line, summary: Line) -> None:
    match = _QUOTED_ABILITY.match(summary.text)
    quoted = match.group("ability") if match else None
    if quoted is None or normalise(quoted) != normalise(ability.text):
        result.problem(
            summary.number,
            "ability-mismatch",
            f"summary quotes {quoted!r}, ability line is {ability.text!r}",
            character_id=cid,
        )


def normalise(text: str) -> str:
    """Ability text compared loosely: "&" and "and", curly and straight quotes.

    >>> normalise("sober & healthy") == normalise("sober and healthy")
    True
    """
    text = text.replace("’", "'").replace("&", "and")
    return " ".join(text.split()).lower()


def _read_body(result: ReadResult, cid: str, entry: Entry, lexicon: Lexicon) -> None:
    section: Section | None = None
    seen_how_to_run = False
    for line in entry.body:
        header = HEADERS.get(line.text.lower())
        if header is not None:
            section = header
            seen_how_to_run |= header is Section.HOW_TO_RUN
        elif not line.text.startswith("- ") or section is None:
            result.problem(
                line.number,
                "unrecognised",
                f"line outside any section: {line.text}",
                character_id=cid,
            )
        else:
            text = line.text[2:].strip()
            _rule(
                result, cid, Line(line.number, text), _bullet_section(section, text, cid, lexicon)
            )
    if not seen_how_to_run:
        result.problem(
            entry.summary.number, "truncated", "entry has no How to Run section", character_id=cid
        )


def _bullet_section(section: Section, text: str, cid: str, lexicon: Lexicon) -> Section:
    if section is not Section.EXAMPLE:
        return section
    names_others = any(other != cid for other in lexicon.ids_in(text))
    return Section.EXAMPLE if reads_as_example(text, names_others) else Section.NOTE


def _origin(cid: str, lexicon: Lexicon) -> str:
    role = lexicon.roles.get(cid)
    if role is None:
        return "homebrew:unknown"
    return role.edition or "official"


def _last(entry: Entry) -> Line:
    return entry.body[-1] if entry.body else entry.summary


def _rule(result: ReadResult, cid: str, line: Line, section: Section) -> None:
    result.rulings.append(
        Ruling(
            character_id=cid,
            text=line.text,
            section=section,
            source=Source(result.file, line.number, line.number),
        )
    )
