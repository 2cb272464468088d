"""Conflicts between sources: a curated list to confirm, an automatic pass to propose."""

from __future__ import annotations

import json
import re
import tomllib
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from knowledge.model import Problem, Ruling, Section, Source, hash_id

_NEGATION = re.compile(
    r"\b(?:not|no|never|nothing|nobody|cannot|can't|doesn't|don't|isn't|"
    r"won't|neither|none)\b",
    re.IGNORECASE,
)
_NOT_RULES = frozenset(
    {
        Section.JINX,
        Section.EXAMPLE,
        Section.ABILITY,
        Section.SUMMARY,
        Section.GLOSSARY,
        Section.SCRIPT,
    }
)
# Conditions on which two rulings can contradict each other in a way that changes play.
_CONDITIONS = frozenset(
    {
        "drunk-poisoned",
        "dead",
        "first-night",
        "other-nights",
        "registration",
        "protection",
        "demon-kill",
        "once-per-game",
        "false-info",
    }
)
_WORD = re.compile(r"[a-z']+")
_STOP = frozenset(
    "the a an of to and or is are be they them their if when that this it in on "
    "as for with by at from was were has have".split()
)


@dataclass(frozen=True, slots=True)
class Side:
    source: str
    quote: str
    ruling: Ruling | None


def normalise(text: str) -> str:
    """Whitespace folded, so a quote matches a ruling whose lines were joined.

    >>> normalise("a  b\\n c")
    'a b c'
    """
    return " ".join(text.split())


def read_curated(path: Path, rulings: list[Ruling]) -> tuple[list[dict[str, Any]], list[Problem]]:
    """Confirmed conflicts as rows; a side whose quote matches no ruling is a problem."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    index = _by_source(rulings)
    rows, problems = [], []
    for number, entry in enumerate(data.get("conflict", []), start=1):
        sides = [_side(index, entry["character"], s) for s in entry.get("side", [])]
        for side in sides:
            if side.ruling is None:
                problems.append(
                    Problem(
                        source=Source(path.name, number, number),
                        kind="curated-unmatched",
                        message=f"conflict {number} ({entry['character']}): quote not found in "
                        f"{side.source}: {side.quote!r}",
                        character_id=entry["character"],
                    )
                )
        rows.append(_row(entry, sides, status="confirmed"))
    return rows, problems


def _by_source(rulings: Iterable[Ruling]) -> dict[str, list[Ruling]]:
    index: dict[str, list[Ruling]] = defaultdict(list)
    for ruling in rulings:
        index[ruling.source.file].append(ruling)
    return index


def _side(index: dict[str, list[Ruling]], character: str, side: dict[str, str]) -> Side:
    quote = normalise(side["quote"])
    candidates = [r for r in index.get(side["source"], []) if quote in normalise(r.text)]
    # Prefer the ruling about the conflict's character when a phrase recurs.
    candidates.sort(key=lambda r: (r.character_id != character, r.source.line_start))
    return Side(side["source"], side["quote"], candidates[0] if candidates else None)


def _row(entry: dict[str, Any], sides: list[Side], *, status: str) -> dict[str, Any]:
    return {
        "id": hash_id(
            "conflict", entry["character"], entry.get("topic", ""), *(s.quote for s in sides)
        ),
        "character_id": entry["character"],
        "topic": entry.get("topic", ""),
        "note": entry.get("note", ""),
        "reason": entry.get("reason", ""),
        "status": status,
        "sides": json.dumps([_side_dict(s) for s in sides], ensure_ascii=False),
        "ruling_ids": json.dumps([s.ruling.id for s in sides if s.ruling]),
        "asked_when": entry.get("asked_when", ""),
    }


def _side_dict(side: Side) -> dict[str, Any]:
    ruling = side.ruling
    return {
        "source": side.source,
        "quote": side.quote,
        "ruling_id": ruling.id if ruling else None,
        "line_start": ruling.source.line_start if ruling else None,
        "line_end": ruling.source.line_end if ruling else None,
        "text": ruling.text if ruling else None,
    }


def propose(rulings: list[Ruling], confirmed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Candidate conflicts: same character and topic, similar words, opposite polarity.

    Only a proposal for a human to read: the report lists them, the curated file confirms.
    """
    known = {rid for row in confirmed for rid in json.loads(row["ruling_ids"])}
    by_character: dict[str, list[Ruling]] = defaultdict(list)
    for ruling in rulings:
        if ruling.character_id and ruling.section not in _NOT_RULES:
            by_character[ruling.character_id].append(ruling)
    proposals = []
    for character, group in sorted(by_character.items()):
        for a, b in _opposed_pairs(group):
            if a.id in known and b.id in known:
                continue
            topic = next(iter(sorted(set(a.tags) & set(b.tags))), "general")
            sides = [Side(r.source.file, r.text, r) for r in (a, b)]
            proposals.append(
                _row(
                    {
                        "character": character,
                        "topic": topic,
                        "note": "proposed: similar rulings with opposite polarity",
                    },
                    sides,
                    status="proposed",
                )
            )
    return proposals


def _opposed_pairs(group: list[Ruling]) -> Iterable[tuple[Ruling, Ruling]]:
    for i, a in enumerate(group):
        for b in group[i + 1 :]:
            if not set(a.tags) & set(b.tags) & _CONDITIONS or a.source == b.source:
                continue
            if bool(_NEGATION.search(a.text)) == bool(_NEGATION.search(b.text)):
                continue
            if _overlap(a.text, b.text) >= 0.6:
                yield a, b


def _overlap(a: str, b: str) -> float:
    wa = {w for w in _WORD.findall(a.lower()) if w not in _STOP}
    wb = {w for w in _WORD.findall(b.lower()) if w not in _STOP}
    if not wa or not wb:
        return 0.0
    return len(wa & wb) / min(len(wa), len(wb))
