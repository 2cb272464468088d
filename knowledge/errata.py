"""Errata: slips in a source's text (a copied name, a wrong word), curated with a correction.

The source is never edited and its rulings keep their text; each erratum is linked to the one
ruling that quotes it, so whatever hands that ruling to a user can show the correction beside it.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from knowledge.conflicts import normalise
from knowledge.model import Problem, Ruling, Source, hash_id


def read_errata(path: Path, rulings: list[Ruling]) -> tuple[list[dict[str, Any]], list[Problem]]:
    """Errata as rows, each linked to its ruling; one that links to no single ruling (or to a
    ruling already corrected) is a problem, never a guess."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    rows: list[dict[str, Any]] = []
    problems: list[Problem] = []
    corrected: set[str] = set()
    for number, entry in enumerate(data.get("erratum", []), start=1):
        found = matching(entry, rulings)
        trouble = _trouble(found, corrected)
        if trouble:
            problems.append(_problem(path, number, entry, trouble))
            continue
        corrected.add(found[0].id)
        rows.append(_row(entry, found[0]))
    return sorted(rows, key=lambda r: r["id"]), problems


def matching(entry: dict[str, Any], rulings: list[Ruling]) -> list[Ruling]:
    """The rulings about the entry's character, in its source, whose text has its quote."""
    quote = normalise(entry["quote"])
    return [
        r
        for r in rulings
        if r.source.file == entry["source"]
        and r.character_id == entry["character"]
        and quote in normalise(r.text)
    ]


def _trouble(found: list[Ruling], corrected: set[str]) -> tuple[str, str] | None:
    """(problem kind, what is wrong), or None when the entry links to exactly one ruling."""
    if not found:
        return "curated-unmatched", "quote not found in a ruling about it"
    if len(found) > 1:
        lines = ", ".join(str(r.source.line_start) for r in found)
        return "curated-ambiguous", f"quote found in {len(found)} rulings (lines {lines})"
    if found[0].id in corrected:
        return "curated-duplicate", "its ruling already has an erratum"
    return None


def _problem(path: Path, number: int, entry: dict[str, Any], trouble: tuple[str, str]) -> Problem:
    kind, what = trouble
    return Problem(
        source=Source(path.name, number, number),
        kind=kind,
        message=f"erratum {number} ({entry['character']}): {what} in {entry['source']}: "
        f"{entry['quote']!r}",
        character_id=entry["character"],
    )


def _row(entry: dict[str, Any], ruling: Ruling) -> dict[str, Any]:
    return {
        "id": hash_id("erratum", entry["character"], entry["source"], entry["quote"]),
        "ruling_id": ruling.id,
        "character_id": entry["character"],
        "source": entry["source"],
        "quote": entry["quote"],
        "correction": entry["correction"],
        "reason": entry["reason"],
    }
