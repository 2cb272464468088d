"""Where two characters meet: a ruling of one that says what happens when the KIND of thing the
other does (kill, choose, nominate, poison, detect, protect) lands on it, or what it does to
the other's kind.

The ability line of the other character says what it does ("choose a player: they die" kills,
"you learn" detects); a ruling of the subject decides the question when one sentence has the
subject on the receiving end of that action ("If the Mayor would die at night", "the first
player to choose the Goon with their ability", "another ability looks at the Recluse"), or
the subject acting on the other's team ("If the chosen player is the Demon").
"""

from __future__ import annotations

import functools
import re
from typing import Any

from service.answer.kb import AnswerKB
from service.answer.sayings import spelled
from service.answer.understand import Understanding
from service.answer.weights import W
from service.answer.words import Kind

SET_UP_SECTIONS = frozenset({"set-up", "first night"})
SET_UP_ASKED = re.compile(
    r"\bset-?up\b|\bstart\w*\b|\bfirst night\b|\bn1\b|\bnight (?:1|one)\b|\bbag\b|\bsetting up\b",
    re.IGNORECASE,
)

TEAM_WORDS = {
    "demon": r"\bDemons?\b",
    "minion": r"\bMinions?\b",
    "outsider": r"\bOutsiders?\b",
    "townsfolk": r"\bTownsfolk\b",
    "traveller": r"\bTravell?ers?\b",
}
# what an ability does, read off its printed text
ACTIONS: dict[str, re.Pattern[str]] = {
    "kill": re.compile(r"\bthey die\b|\bkills?\b|\bdies?\b[^.]*\binstead\b", re.IGNORECASE),
    "choose": re.compile(r"\bchooses?\b|\bpoint\b|\bselect", re.IGNORECASE),
    "nominate": re.compile(r"\bnominat", re.IGNORECASE),
    "poison": re.compile(r"\bpoison|\bdrunk\b", re.IGNORECASE),
    "detect": re.compile(r"\blearn|\bdetect|\bsee\b|\bregisters?\b|\bis a\b", re.IGNORECASE),
    "protect": re.compile(r"\bsafe\b|\bprotect|can't die|cannot die", re.IGNORECASE),
}
# the subject (``{s}``) on the receiving end of each kind of action, as the sources word it
_RECEIVES = {
    # "would die", not "dies": a death alone says nothing of what caused it
    "kill": r"{s} (?:would|might|could|cannot|can't|does not|doesn't|did not) die\b"
    r"|{s} (?:is|was) (?:attacked|killed)|\bkill(?:s|ed|ing)? {s}",
    "choose": r"\b(?:choos\w*|chose|pick\w*|select\w*|target\w*|point\w* (?:at|to)) {s}"
    r"|{s} (?:is|was|are|gets) (?:chosen|picked|selected|targeted)|\bwith their ability\b",
    "nominate": r"\bnominat\w* {s}|{s} (?:is|was|are) nominated",
    # not "the Goon is drunk": that is the Goon's own condition, asked about apart
    "poison": r"\b(?:poisons?|poisoning|makes?) {s}",
    "detect": r"\b(?:looks? at|detect\w*|learns? about|checks?|reads?|sees?) {s}"
    r"|{s} (?:registers?|may register|might register)",
    "protect": r"{s} (?:is|was|are) (?:protected|safe)|\bprotect\w* {s}",
}
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


@functools.lru_cache(maxsize=1024)  # one for each ability text; every question asks again
def actions(ability: str) -> frozenset[str]:
    """The kinds of thing an ability does, from its printed text.

    >>> sorted(actions("Each night*, choose a player: they die."))
    ['choose', 'kill']
    >>> sorted(actions("You start knowing that 1 of 2 players is a particular Townsfolk."))
    ['detect']
    """
    return frozenset(kind for kind, pattern in ACTIONS.items() if pattern.search(ability))


# Where a sentence names the subject (or the other), a mark takes the name's place, so the
# patterns below are compiled once for each set of kinds, not once for each name: a pattern
# with every kind in it took 2.4 ms to compile, paid by the first question about each name.
_MARK = "\x00"
_WHO = rf"(?:(?:the |a |an )?{_MARK}|(?:^|\b(?:if|when|while|whenever) )they\b)"
# the subject's action landing on the other, marked
_ACTING = re.compile(
    rf"\b(?:chosen|choos\w*|chose|target\w*|point\w*|kill\w*|nominat\w*) [^.]{{0,40}}?{_MARK}",
    re.IGNORECASE,
)
_ACTING_VERB = re.compile(r"chosen|choos|chose|target|point|kill|nominat", re.IGNORECASE)


@functools.lru_cache(maxsize=64)  # one for each set of kinds
def _receiving(kinds: frozenset[str]) -> re.Pattern[str] | None:
    if not kinds:
        return None
    # "they" only as the subject of a condition ("If they would die"): elsewhere it is as
    # likely the subject's own target ("choose a player: they are poisoned")
    return re.compile("|".join(_RECEIVES[k].format(s=_WHO) for k in sorted(kinds)), re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def _named(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _marked(text: str, pattern: str) -> list[str]:
    """The sentences of ``text`` with each match of ``pattern`` replaced by the mark."""
    return _SENTENCE.split(_named(pattern).sub(_MARK, text))


def receives(text: str, name: str, kinds: frozenset[str]) -> bool:
    """One sentence has ``name`` (or "they") on the receiving end of one of ``kinds``.

    >>> receives("If the Mayor would die at night, another dies.", "Mayor", frozenset({"kill"}))
    True
    >>> receives("Each night, watch for the first player to choose the Goon.", "Goon",
    ...          frozenset({"choose"}))
    True
    >>> receives("The Mayor wins with three alive.", "Mayor", frozenset({"kill"}))
    False
    """
    return not kinds.isdisjoint(received(text, name))


@functools.lru_cache(maxsize=16384)  # one for each ruling (and its subject): primed
def received(text: str, name: str) -> frozenset[str]:
    """Every kind of action ``name`` (or "they") is on the receiving end of in one sentence
    of ``text``: read once for the ruling, not once for each other character's kinds (a
    pattern of kinds joined by "|" matches where one of them does).

    >>> sorted(received("If the Mayor would die at night, another dies.", "Mayor"))
    ['kill']
    """
    sentences = _marked(text, rf"{spelled(name)}\b")
    return frozenset(
        kind for kind in _RECEIVES if any(map(_receiving(frozenset((kind,))).search, sentences))
    )


@functools.lru_cache(maxsize=65536)
def acts_on(text: str, other: str) -> bool:
    """The subject's action (choosing, killing, nominating) lands on ``other`` (a name or a
    team-word pattern) in one sentence.

    >>> acts_on("If the chosen player is the Demon, wake the Demon.", r"\\bDemons?\\b")
    True
    >>> acts_on("Wake the Demon.", r"\\bDemons?\\b")
    False
    """
    sentences = _acting(text)
    if not sentences:  # most rulings: no choosing, killing or nominating said
        return False
    # the mark put before the name, which is kept: a short name can match inside the action's
    # word, the Po inside "points"
    marked = _named(other)
    return any(_ACTING.search(marked.sub(rf"{_MARK}\g<0>", sentence)) for sentence in sentences)


@functools.lru_cache(maxsize=16384)  # one for each ruling
def _acting(text: str) -> tuple[str, ...]:
    """The sentences of ``text`` that may hold _ACTING: those with one of its verbs (marking
    a name only puts a mark in, so it makes no verb that was not there)."""
    return tuple(s for s in _SENTENCE.split(text) if _ACTING_VERB.search(s))


def set_up_line(section: str, question: str) -> bool:
    """A set-up or first-night step, for a question that does not ask about set-up.

    >>> set_up_line("set-up", "imp kills the mayor")
    True
    >>> set_up_line("set-up", "what do I do at setup with the drunk")
    False
    """
    return section in SET_UP_SECTIONS and not SET_UP_ASKED.search(question)


def meeting(
    ruling: dict[str, Any],
    subject: str,
    other: str,
    u: Understanding,
    kb: AnswerKB,
    why: list[str],
) -> float:
    """Where the two meet: the subject on the receiving end of what the other does, or the
    subject's action landing on the other (by name or team); set-up lines weigh less."""
    if u.kind not in (Kind.INTERACTION, Kind.RULING) and not u.situation:
        return 0.0  # a how-to-run question telling a situation is about a meeting too
    text, info = ruling["text"], kb.characters.get(other, {})
    score = 0.0
    if receives(text, kb.name(subject), actions(info.get("ability") or "")):
        why.append(f"the {kb.name(subject)} on the receiving end of what the {kb.name(other)} does")
        score += W["meets"]
    if acts_on(text, _target(kb, other)):
        why.append(f"its action lands on the {kb.name(other)}")
        score += W["acts_on"]
    if u.kind is Kind.INTERACTION and not u.night and set_up_line(ruling["section"], u.question):
        score -= W["set_up"]
    return score


def _target(kb: AnswerKB, other: str) -> str:
    """The other character as a pattern: its name, or its team's word ("the Demon")."""
    return _targeted(kb.name(other), kb.characters.get(other, {}).get("team"))


@functools.lru_cache(maxsize=1024)  # one for each character
def _targeted(name: str, team: str | None) -> str:
    target = re.escape(name)
    return target + "|" + TEAM_WORDS[team] if team in TEAM_WORDS else target


def prime(kb: AnswerKB) -> None:
    """Compile every character's patterns now (a worker calls this as it starts), so no
    question pays for them."""
    for cid, info in kb.characters.items():
        _receiving(actions(info.get("ability") or ""))
        _named(rf"{spelled(kb.name(cid))}\b")
        _named(_target(kb, cid))
    for ruling in kb.rulings.values():  # what each ruling's own character receives
        _acting(ruling["text"])
        if ruling["character"] in kb.characters:
            received(ruling["text"], kb.name(ruling["character"]))
