"""The parts of a reader's output that the reader tests pin in their golden files."""

from __future__ import annotations

from knowledge.model import ReadResult


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
