"""Source text to HTML for the pages: every piece escaped first, markup added around it.

The sources are untrusted input, so nothing here passes source text through unescaped:
each function splits the text, escapes every piece and only then joins it with our tags.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from markupsafe import Markup, escape

# Night-sheet reminders mark "place a reminder token" with :reminder: and token names *LIKE THIS*.
_NIGHT_TOKENS = re.compile(r"(:reminder:|\*[^*\n]{1,80}\*)")
_MARK = re.compile(r"</?mark>")


def night_markup(text: str | None) -> Markup:
    """A night-sheet reminder with its token marks drawn, everything else escaped.

    >>> str(night_markup("Choose <b>. :reminder:"))
    'Choose &lt;b&gt;. <span class="token-mark" role="img" aria-label="place a reminder"></span>'
    >>> str(night_markup("Show the *THIS IS THE DEMON* token"))
    'Show the <strong class="token-name">THIS IS THE DEMON</strong> token'
    """
    parts: list[Markup] = []
    for piece in _NIGHT_TOKENS.split(text or ""):
        if piece == ":reminder:":
            parts.append(
                Markup('<span class="token-mark" role="img" aria-label="place a reminder"></span>')
            )
        elif len(piece) > 2 and piece.startswith("*") and piece.endswith("*"):
            parts.append(Markup('<strong class="token-name">{}</strong>').format(piece[1:-1]))
        else:
            parts.append(escape(piece))
    return Markup("").join(parts)


def snippet_markup(snippet: str | None) -> Markup:
    """A search snippet (escaped text with <mark> around hits) rebuilt with our own escaping.

    The query layer escapes the source text and adds the <mark> tags; we do not trust that
    on faith: the text between the tags is unescaped and escaped again here, so only the
    <mark> tags themselves can come through as markup.

    >>> str(snippet_markup("a <mark>drunk</mark> &lt;i&gt;monk&amp; <b>"))
    'a <mark>drunk</mark> &lt;i&gt;monk&amp; &lt;b&gt;'
    """
    out: list[Markup] = []
    for i, piece in enumerate(_MARK.split(snippet or "")):
        text = html.unescape(piece)
        out.append(Markup("<mark>{}</mark>").format(text) if i % 2 else night_markup(text))
    return Markup("").join(out)


def quote_markup(text: str | None, quote: str | None) -> Markup:
    """A ruling's text with the quoted phrase (a conflict side's quote) marked.

    >>> str(quote_markup("You <b>may</b> choose. Then sleep.", "may</b> choose"))
    'You &lt;b&gt;<mark>may&lt;/b&gt; choose</mark>. Then sleep.'
    >>> str(quote_markup("Plain.", "missing"))
    'Plain.'
    """
    text = text or ""
    start = text.find(quote) if quote else -1
    if start < 0:
        return night_markup(text)
    end = start + len(quote or "")
    return Markup("{}<mark>{}</mark>{}").format(
        night_markup(text[:start]), text[start:end], night_markup(text[end:])
    )


def lines_label(lines: Iterable[int | None] | None) -> str:
    """A line span as people write it.

    >>> lines_label([12, 14]), lines_label([7, 7]), lines_label(None), lines_label([3, None])
    ('lines 12–14', 'line 7', '', 'line 3')
    """
    start, end = (list(lines or []) + [None, None])[:2]
    if start is None:
        return ""
    if end is None or end == start:
        return f"line {start}"
    return f"lines {start}–{end}"


FAMILY_LABEL = {
    "official-roles": "Official",
    "official-jinxes": "Official jinx",
    "official-nightsheet": "Night sheet",
    "official-script": "Tournament script",
    "glossary": "Glossary",
    "almanac": "Almanac",
    "wiki": "Wiki",
    "homebrew": "Homebrew",
    "howto": "How-to-run",
}


def source_label(file: str, family: str | None) -> str:
    """The short name of a source on a badge: its family, and the seed number for seeds.

    >>> source_label("001_6b8b8f888e63d48e.txt", "wiki")
    'Wiki 001'
    >>> source_label("roles.json", "official-roles")
    'Official'
    >>> source_label("x.txt", None)
    'x.txt'
    """
    label = FAMILY_LABEL.get(family or "")
    if label is None:
        return file
    seed = re.match(r"(\d{3})_[0-9a-f]+\.txt$", file)
    return f"{label} {seed.group(1)}" if seed else label


def is_official(family: str | None) -> bool:
    return bool(family and family.startswith("official"))
