"""The parts of a reader's output that the reader tests pin in their golden files."""

from __future__ import annotations

from knowledge.model import ReadResult


def character_rows(
    result: ReadResult, *, ability: int | None = None, flavour: bool = False
) -> list[dict[str, object]]:
    """Each character entry: id, name, team, origin, its ability (whole, or its first
    ``ability`` characters), the first 40 characters of its flavour if asked, and lines."""
    rows = []
    for c in result.characters:
        row: dict[str, object] = {
            "id": c.character_id,
            "name": c.name,
            "team": str(c.team),
            "origin": c.origin,
            "ability": c.ability if ability is None else (c.ability or "")[:ability],
        }
        if flavour:
            row["flavour"] = (c.flavour or "")[:40]
        row["lines"] = [c.source.line_start, c.source.line_end]
        rows.append(row)
    return rows


def ruling_rows(result: ReadResult) -> list[dict[str, object]]:
    """Each ruling's character, section, line span and the first 80 characters of its text."""
    return [
        {
            "character": r.character_id,
            "section": str(r.section),
            "lines": [r.source.line_start, r.source.line_end],
            "text": r.text[:80],
        }
        for r in result.rulings
    ]


def problem_rows(result: ReadResult) -> list[dict[str, object]]:
    """Each problem whole: kind, line span, character and message."""
    return [
        {
            "kind": p.kind,
            "lines": [p.source.line_start, p.source.line_end],
            "character": p.character_id,
            "message": p.message,
        }
        for p in result.problems
    ]
