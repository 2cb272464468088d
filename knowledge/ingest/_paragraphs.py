"""Blank-line separated paragraphs with their exact line spans."""

from __future__ import annotations

import re
from dataclasses import dataclass

BULLET = "•"
_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A run of non-blank lines; ``line_start``/``line_end`` are 1-based and inclusive."""

    line_start: int
    line_end: int
    lines: tuple[str, ...]

    @property
    def text(self) -> str:
        """The lines stripped and joined by single spaces.

        >>> Paragraph(1, 2, ("  Wake the Monk. ", "Then sleep.")).text
        'Wake the Monk. Then sleep.'
        """
        return " ".join(line.strip() for line in self.lines)

    @property
    def is_bullets(self) -> bool:
        """True when every line is a bullet point.

        >>> Paragraph(1, 2, ("• a", "• b")).is_bullets, Paragraph(1, 1, ("a",)).is_bullets
        (True, False)
        """
        return all(line.lstrip().startswith(BULLET) for line in self.lines)

    def bullets(self) -> list[Paragraph]:
        """One single-line paragraph per line, bullet marker removed.

        >>> [b.text for b in Paragraph(4, 5, ("• one", "• two")).bullets()]
        ['one', 'two']
        """
        return [
            Paragraph(
                self.line_start + i,
                self.line_start + i,
                (line.strip().removeprefix(BULLET).strip(),),
            )
            for i, line in enumerate(self.lines)
        ]


def split_paragraphs(text: str) -> list[Paragraph]:
    """Split a document into paragraphs at blank lines.

    >>> [(p.line_start, p.line_end, p.text) for p in split_paragraphs("a\\n\\nb\\nc\\n\\n\\n")]
    [(1, 1, 'a'), (3, 4, 'b c')]
    """
    paragraphs: list[Paragraph] = []
    current: list[str] = []
    start = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            if not current:
                start = number
            current.append(line)
        elif current:
            paragraphs.append(Paragraph(start, number - 1, tuple(current)))
            current = []
    if current:
        paragraphs.append(Paragraph(start, start + len(current) - 1, tuple(current)))
    return paragraphs


def blank_quoted(text: str) -> str:
    """Replace quoted spans with spaces, keeping offsets: a token name is not a subject.

    >>> blank_quoted('place the “Drunk” token')
    'place the         token'
    """
    return _QUOTED.sub(lambda m: " " * len(m.group(0)), text)
