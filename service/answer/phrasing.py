"""Plain sentences for a verdict: quotes turned into clauses, and what the verdict rests on.

A verdict's text is read aloud at the table, so it carries no file names or line numbers:
those go into ``because`` (one :class:`Because` per ruling the verdict rests on). The helpers
here only reshape the sources' own words (case, quotes, final stops); they never add a rule.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

# words that may open a quoted sentence and read lower-case inside a longer one
_COMMON = frozenset(
    """a after all although an and any as at because before but during each
either even every for from however if in it its no not on once one only since so some that
the their then there these they this those though to unless until when whenever where
whether which while who whose with you your both neither nobody nothing everyone anyone
characters players player dead alive poisoned drunk good evil do don't place wake add mark put
announce choose voting most many several swap remove show give tell ask move use count declare
replace keep point nod shake say pick let note take turn return leave treat begin continue
decide consider skip reveal otherwise instead also or""".split()
)
_QUOTES = "\"“”'‘’"
# a sentence ends at a stop, or at a stop closing a quotation ('… loses." The …') or an
# aside ("(But they die if they are drunk or poisoned.) If the Fool was executed, ...")
_SENTENCE = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][\"”)]))\s+(?=[A-Z“\"(])")
# an engine's account of how someone died ("(demon by Dan's Imp)"), noise when read aloud
_KILL_KIND = re.compile(r"\s*\((?:demon|minion|ability|execution|storyteller)\b[^)]*\)")


@dataclass(frozen=True, slots=True)
class Because:
    """A ruling a verdict rests on: its id, where it comes from, and the words that count."""

    id: str | None
    source: str
    lines: tuple[int, int] | None
    quote: str

    @classmethod
    def from_ruling(cls, ruling: dict[str, Any], quote: str | None = None) -> Because:
        """From a ruling row (``id``, ``source``, ``lines``, ``text``), quoting ``quote``."""
        start, end = ruling["lines"]
        return cls(
            id=ruling.get("id"),
            source=ruling["source"],
            lines=(start, end),
            quote=unquoted(quote or ruling["text"]),
        )

    def to_dict(self) -> dict[str, Any]:
        lines = list(self.lines) if self.lines else None
        return {"id": self.id, "source": self.source, "lines": lines, "quote": self.quote}


def split_sentences(text: str) -> list[str]:
    """Sentences of a ruling (a quoted ability line stays whole).

    >>> split_sentences("Wake the Monk. They point to a player.")
    ['Wake the Monk.', 'They point to a player.']
    >>> split_sentences('"You are safe." The Soldier is safe.')
    ['"You are safe."', 'The Soldier is safe.']
    >>> split_sentences('Announce “This is day n. The Leviathan is in play.” Then go on.')
    ['Announce “This is day n. The Leviathan is in play.”', 'Then go on.']
    >>> split_sentences("Go on. (Add a shroud. Say nothing.)")
    ['Go on.', 'Add a shroud.', 'Say nothing.']
    >>> split_sentences("(Use a token (or a coin) for it. Hand it over.)")
    ['Use a token (or a coin) for it.', 'Hand it over.']
    """
    return list(_sentences(text))


@functools.lru_cache(maxsize=16384)
def _sentences(text: str) -> tuple[str, ...]:
    """:func:`split_sentences`, kept for the next question (the rulings' texts recur)."""
    out: list[str] = []
    for piece in (s.strip() for s in _SENTENCE.split(text)):
        if not piece:
            continue
        if out and out[-1].count("“") > out[-1].count("”"):
            # inside a quotation: 'announce “This is day n. The Leviathan is in play.”'
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return tuple(_unbracketed(piece) for piece in out)


def _unbracketed(sentence: str) -> str:
    """A sentence without the half of a bracket the split left on it: "(Add a shroud as
    normal." and "Do not say that the Demon has died.)" from "(Add a shroud as normal. Do not
    say that the Demon has died.)" (a whole bracketed sentence keeps both halves)."""
    if sentence.startswith("(") and sentence.count("(") > sentence.count(")"):
        sentence = sentence[1:].lstrip()
    if sentence.endswith(")") and sentence.count(")") > sentence.count("("):
        sentence = sentence[:-1].rstrip()
    return sentence


def unique(items: Iterable[Because]) -> tuple[Because, ...]:
    """``items`` without repeats (by ruling id, else by quote), in order."""
    seen: dict[str, Because] = {}
    for item in items:
        seen.setdefault(item.id or item.quote, item)
    return tuple(seen.values())


def unquoted(text: str) -> str:
    """A sentence without the quote marks around it.

    >>> unquoted('"You can\\'t die."')
    "You can't die."
    """
    text = text.strip()
    if text.startswith("(") and text.endswith(")"):  # an aside quoted on its own
        text = text[1:-1].strip()
    if len(text) > 1 and text[0] in _QUOTES and text[-1] in _QUOTES:
        return text[1:-1].strip()
    return text.strip(_QUOTES + " ") if text.count('"') == 1 else text


# an ability's set-up mark and a quote left open where a quoted ability line ends mid-way
# ('a player might die. [+1 Minion]" Lil' Monsta ...'): not said at the table
_SETUP_MARK = re.compile(r'([.!?]?)\s*\[[^\]]*\]"?(\s*)')


_ICON = re.compile(r"\s*:[a-z]+:")


def without_icons(text: str) -> str:
    """A night-sheet step without its icons ("The Witch chooses a player. :reminder:").

    >>> without_icons("The Witch chooses a player. :reminder:")
    'The Witch chooses a player.'
    """
    return _ICON.sub("", text).strip()


def _unmarked(text: str) -> str:
    """Without set-up marks; a mark between two sentences leaves them one ("...; ...")."""
    text = _ICON.sub("", text)  # the night sheet's icons: "The Witch chooses a player. :reminder:"
    text = _SETUP_MARK.sub(lambda m: "; " if m.group(1) and m.group(2) else "", text)
    # (the sentence after the mark reads on in lower case where that is safe: "...; the Fang
    # Gu possesses Outsiders", not "...; The Fang Gu ...")
    return _JOINED_OPENING.sub(
        lambda m: (
            m.group(1) + (m.group(2).lower() if m.group(2).lower() in _COMMON else m.group(2))
        ),
        text,
    )


_JOINED_OPENING = re.compile(r"(; )([A-Z][a-z']*)\b")


def clause(sentence: str) -> str:
    """A sentence as a clause of a longer one: no final stop, lower-case where that is safe,
    without an ability's set-up mark ("[+1 Minion]").

    >>> clause("When the Monk is drunk, the protection does not work.")
    'when the Monk is drunk, the protection does not work'
    >>> clause("Ben (Chef) dies.")
    'Ben (Chef) dies'
    >>> clause('Each night*, a player might die. [+1 Minion]" Lil Monsta is babysat.')
    'each night*, a player might die; Lil Monsta is babysat'
    >>> clause('You die instead. [+1 Outsider]" The Fang Gu possesses Outsiders.')
    'you die instead; the Fang Gu possesses Outsiders'
    >>> clause("A nomination by the Demon does not count.")
    'a nomination by the Demon does not count'
    >>> clause("Point to a player, then put the High Priestess to sleep.")
    'point to a player, then put the High Priestess to sleep'
    """
    text = _unmarked(unquoted(sentence)).rstrip(" .;:")
    first = text.split(" ", 1)[0]
    # (an upper-case word is kept as it is, "NO" as typed; the article "A" is no such word)
    if first.lower() in _COMMON and not (first.isupper() and len(first) > 1):
        return text[:1].lower() + text[1:]
    return text


def to_sentence(text: str) -> str:
    """``text`` as one sentence: a capital first letter and one final stop.

    >>> to_sentence("when the Monk is drunk, nothing happens")
    'When the Monk is drunk, nothing happens.'
    >>> to_sentence("its ability: “You might register as evil.”")
    'Its ability: “You might register as evil.”'
    """
    text = text.strip().rstrip(" ;:,")
    if not text:
        return ""
    text = text[:1].upper() + text[1:]
    # (a quotation's own stop ends it: "its ability: “... even if dead.”", not "”.")
    return text if text[-1] in ".!?" or text[-2:] in _QUOTED_STOPS else text + "."


_QUOTED_STOPS = {f"{stop}{mark}" for stop in ".!?" for mark in '”"’'}


def joined(sentences: Iterable[str], limit: int = 2) -> str:
    """Up to ``limit`` distinct quoted sentences as one sentence, joined by semicolons.

    >>> joined(["That player dies.", "When the Monk is drunk, it fails.", "That player dies."])
    'That player dies; when the Monk is drunk, it fails.'
    """
    seen: dict[str, None] = {}
    used = 0
    for quoted in sentences:
        new = [c for c in map(clause, split_sentences(quoted)) if c not in seen]
        if new and used < limit:
            seen.update(dict.fromkeys(new))
            used += 1
    return to_sentence("; ".join(seen))


def with_aside(text: str, aside: str) -> str:
    """``text`` with ``aside`` in brackets before its final stop (the sentence count stays).

    >>> with_aside("No: it fails.", "from the rulings alone")
    'No: it fails (from the rulings alone).'
    """
    body = text.rstrip()
    stop = body[-1] if body and body[-1] in ".!?" else "."
    return f"{body.rstrip('.!?')} ({aside}){stop}"


def plain_event(text: str) -> str:
    """An engine outcome as said at the table: without how the kill was classed.

    >>> plain_event("Ben (Chef) dies (minion by Cat's Assassin).")
    'Ben (Chef) dies'
    """
    return clause(_KILL_KIND.sub("", text))
