"""Line spans of JSON values, so records read from JSON keep file-and-line provenance."""

from __future__ import annotations

import json
from typing import Any

_DECODER = json.JSONDecoder()


def array_elements(text: str, start: int = 0) -> list[tuple[Any, int, int]]:
    """Decode the JSON array at ``text[start:]``; yield (value, first line, last line) per element.

    >>> [(v, a, b) for v, a, b in array_elements('[\\n 1,\\n {"a":\\n  2}\\n]')]
    [(1, 2, 2), ({'a': 2}, 3, 4)]
    """
    return [(v, line_of(text, a), line_of(text, b - 1)) for v, a, b in array_offsets(text, start)]


def array_offsets(text: str, start: int = 0) -> list[tuple[Any, int, int]]:
    """Decode the JSON array at ``text[start:]``: (value, start offset, end offset) per element."""
    pos = _skip(text, start)
    if text[pos] != "[":
        raise ValueError(f"expected a JSON array at offset {pos}")
    pos = _skip(text, pos + 1)
    elements: list[tuple[Any, int, int]] = []
    while text[pos] != "]":
        value, end = _DECODER.raw_decode(text, pos)
        elements.append((value, pos, end))
        pos = _skip(text, end)
        if text[pos] == ",":
            pos = _skip(text, pos + 1)
    return elements


def object_members(text: str, start: int = 0) -> dict[str, tuple[Any, int, int, int]]:
    """Decode the JSON object at ``text[start:]``: key -> (value, offset, first, last line)."""
    pos = _skip(text, start)
    if text[pos] != "{":
        raise ValueError(f"expected a JSON object at offset {pos}")
    pos = _skip(text, pos + 1)
    members: dict[str, tuple[Any, int, int, int]] = {}
    while text[pos] != "}":
        key, pos = _DECODER.raw_decode(text, pos)
        pos = _skip(text, pos)
        pos = _skip(text, pos + 1)  # the colon
        value, end = _DECODER.raw_decode(text, pos)
        members[key] = (value, pos, line_of(text, pos), line_of(text, end - 1))
        pos = _skip(text, end)
        if text[pos] == ",":
            pos = _skip(text, pos + 1)
    return members


def line_of(text: str, offset: int) -> int:
    """1-based line number of a character offset."""
    return text.count("\n", 0, offset) + 1


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos
