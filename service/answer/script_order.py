"""A whole script's night order, asked ("first night order for trouble brewing", "what is
the night order on the witch hunt script"): the wake list of the edition or stored script
named, from the same queries the scripts API answers with (the official night sheet's
positions, a stored script's own order where it gives one), for the night asked or both.

A question that names a character is about that character's place (verdict._night_order);
this reading is for the list itself, asked of a script or an edition with no character
named. Travellers of an edition wake in it as the sheet places them, marked so; Fabled are
no edition's own.
"""

from __future__ import annotations

import re
from typing import Any

from knowledge import queries
from service.answer import rx
from service.answer.kb import AnswerKB
from service.answer.phrasing import Because
from service.answer.understand import Understanding, question_words
from service.answer.verdict import Answer, Verdict

# the three base editions, as storytellers name them
_EDITIONS = (
    ("tb", "Trouble Brewing", re.compile(r"\btrouble\s*brewing\b|\btb\b", re.I)),
    ("bmr", "Bad Moon Rising", re.compile(r"\bbad\s*moon(?:\s*rising)?\b|\bbmr\b", re.I)),
    (
        "snv",
        "Sects & Violets",
        re.compile(r"\bsects?\s*(?:&|and|n)\s*violets?\b|\bs\s*(?:&|and|n)\s*v\b|\bsnv\b", re.I),
    ),
)
# the list asked: "night order", "wake order", "what order do i wake", "who wakes (first)"
_ORDER_ASKED = re.compile(
    r"\bnight\s*(?:order|sheet)\b|\bwake\s*(?:order|list)\b|\border\b[^.?!]{0,40}\bwak"
    r"|\bwhat\s+order\b|\bwho\s+(?:do\s+i\s+)?wakes?\b|\border\s+(?:of|for)\s+(?:the\s+)?"
    r"(?:first\s+)?nights?\b",
    re.I,
)
_FIRST = re.compile(r"\bfirst\s+night\b|\bnight\s*(?:1|one)\b|\bn1\b|\bsetup night\b", re.I)
_OTHER = re.compile(
    r"\bother\s+nights?\b|\bnight\s*(?:2|two|3|three)\b|\bn[2-9]\b|\beach\s+night\b"
    r"|\bevery\s+night\b|\blater\s+nights?\b|\bsubsequent\s+nights?\b",
    re.I,
)
_MARKERS = frozenset({"dusk", "dawn", "minioninfo", "demoninfo"})


def script_night_order(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """The wake list of the one script or edition the question names, asked with no
    character named; else None."""
    if not _ORDER_ASKED.search(u.question):
        return None
    named = _named(u, kb)
    if named is None:
        return _which_script(u, kb)
    if not all(_in_name(u, m.start, named[0]) for m in u.mentions):
        return None  # a character's place asked (not "witch" read in "witch hunt")
    label, source, lines, orders = named
    nights = [n for n, asked in (("first", _FIRST), ("other", _OTHER)) if asked.search(u.question)]
    parts, because = [], []
    for night in nights or ["first", "other"]:
        said = _listed(orders[night], kb, night)
        heading = "first night" if night == "first" else "other nights"
        parts.append(f"{heading}: {said}")
        because.append(
            Because(id=None, source=source, lines=lines, quote=f"{label}, {heading}: {said}.")
        )
    text = f"{label}, " + "; ".join(parts) + "."
    return Verdict(Answer.INFO, text, tuple(because), firm=True)


def _which_script(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """The whole night order asked with no character, script or edition named ("what order
    do i wake people on night 1"): which one, with the names it may be (the official sheet
    orders every character, and a list of them all answers no game)."""
    if u.characters or u.scripts or any(said.search(u.question) for *_, said in _EDITIONS):
        return None
    scripts = sorted(kb.script_names.values())
    names = ", ".join([name for _, name, _ in _EDITIONS] + scripts)
    text = (
        "Which script's night order? The official night sheet places every character, so the "
        f"wake list depends on the script: name one ({names}), or the characters in play."
    )
    return Verdict(Answer.INFO, text, ())


def _named(
    u: Understanding, kb: AnswerKB
) -> tuple[str, str, list[int] | None, dict[str, dict[str, Any]]] | None:
    """(its name, the source file, its lines, the wake list of each night) of the one
    script or edition named."""
    editions = [(e, name) for e, name, said in _EDITIONS if said.search(u.question)]
    if len(u.scripts) + len(editions) != 1:
        return None  # none named, or two: which one's list is asked is not clear
    if u.scripts:
        found = queries.script(kb.db, u.scripts[0])
        return found["name"], found["source"], found["lines"], found["night_order"]
    edition, name = editions[0]
    ids = [
        cid
        for cid, row in kb.characters.items()
        if row.get("edition") == edition and row.get("official")
    ]
    orders = {night: queries.night_order(kb.db, night, ids) for night in ("first", "other")}
    return name, "nightsheet.json", None, orders


def _in_name(u: Understanding, start: int, name: str) -> bool:
    """Whether the name read at word ``start`` is the opening of the script's name written
    there ("witch hunt"), not a character of its own ("their witch")."""
    at = question_words(u)[start].start
    words = rx.findall(r"[a-z0-9']+", name.lower())
    said = rx.findall(r"[a-z0-9']+", u.question[at:].lower())[: len(words)]
    return said == words


def _listed(order: dict[str, Any], kb: AnswerKB, night: str) -> str:
    """ "Dusk, Minion info, Demon info, Poisoner, ..., Bureaucrat (Traveller), ..." in wake
    order; a script's own character in the place the knowledge base gives it (the Witch
    Hunt's Witch in the Witch's), else after the list, unplaced."""
    placed = kb.night.get(night, {})
    waking = [
        *(order.get("order") or ()),
        *(w for w in order.get("unplaced") or () if w["id"] in placed),
    ]
    waking.sort(key=lambda w: placed.get(w["id"], w)["position"] or 0)
    names = [_name(w, kb) for w in waking]
    unplaced = [_name(w, kb) for w in order.get("unplaced") or () if w["id"] not in placed]
    said = ", ".join(names)
    if unplaced:
        said += f" (not on the official sheet, placed as you judge: {', '.join(unplaced)})"
    return said


def _name(wake: dict[str, Any], kb: AnswerKB) -> str:
    if wake["id"] in _MARKERS:
        return wake["name"]
    team = (kb.characters.get(wake["id"]) or {}).get("team")
    return f"{wake['name']} (Traveller)" if team == "traveller" else wake["name"]
