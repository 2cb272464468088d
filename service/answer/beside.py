"""The sentences beside the deciding one: a worked example quoted through its outcome, the
best word on a second character asked about, the rule of the game that a dead player's ability
ends, and the answer to the second of two questions in one message.

Pure functions over the question's understanding and its retrieved rulings;
:mod:`service.answer.verdict` calls them.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from service.answer import rx
from service.answer.deciding import about, deciding_candidate, deciding_sentence
from service.answer.kb import AnswerKB
from service.answer.phrasing import split_sentences
from service.answer.retrieve import Retrieved, content_words
from service.answer.score import Found, offside_jinx
from service.answer.understand import Understanding
from service.answer.words import DEATH_DENIED_TOLD, Condition

EXAMPLE_SENTENCES = 4


def whole_example(found: Found, said: str) -> str:
    """A sentence of a worked example only sets up its case ("The Sleeper is killed by the
    Imp's ability."): the example is quoted from it through its outcome, three sentences at
    most."""
    if found.ruling["section"] != "example":
        return said
    sentences = split_sentences(found.ruling["text"])
    if said not in sentences or sentences.index(said) == len(sentences) - 1:
        return said
    at = sentences.index(said)
    text = found.ruling["text"]
    last = sentences[min(at + EXAMPLE_SENTENCES, len(sentences)) - 1]
    start = text.find(said)
    at_last = text.find(last, start) if start >= 0 else -1
    return text[start : at_last + len(last)] if at_last >= 0 else said


def with_elided(found: Found, said: str) -> str:
    """A sentence whose verb is left to the one before it ("A day where someone was executed
    but did not die does not — the execution happened.", after "A day with nominations that
    all failed still counts."): quoted from that sentence on."""
    if not _ELIDED.search(said):
        return said
    sentences = split_sentences(found.ruling["text"])
    if said not in sentences or sentences.index(said) == 0:
        return said
    before = sentences[sentences.index(said) - 1]
    text = found.ruling["text"]
    start = text.find(before)
    end = text.find(said, start) if start >= 0 else -1
    return text[start : end + len(said)] if end >= 0 else said


# a denial with its verb left out, before a dash: "... does not — the execution happened"
# (not one its own sentence gives the verb of: "Both ... die, but the Librarian does not.")
_ELIDED = re.compile(r"\b(?:does|do|did)(?: not|n't|n’t)\s*[—–]", re.IGNORECASE)


# a question of its own inside a longer one: "... do i announce deaths? and can the dead
# nominate", "... does he die. what do i say at dawn"
_PART_BREAK = re.compile(
    r"(?<=[?.!;])\s+|\s+(?:and|also|plus|\+)\s+(?=(?:can|could|does|do|did|is|are|will|would"
    r"|should|what|how|who|when|which|where)\b)"
)
_ASKING = re.compile(
    r"^(?:and |also |so |then )?(?:can|could|does|do|did|is|are|was|were|will|would|should|must"
    r"|may|what|how|who|whom|when|which|where|why)\b"
)


# a topic set before the question: "baron setup - what exactly changes in the bag"
_TOPIC = re.compile(
    r"^[^?.!]{1,40}?\s*[-–—:]\s+(?=(?:can|could|does|do|did|is|are|will|would|should|what|how"
    r"|who|when|which|where)\b)",
    re.IGNORECASE,
)


def question_parts(question: str) -> list[str]:
    """The questions a storyteller's message asks, in order; an alternative ("or is that
    over") is part of the question before it.

    >>> question_parts("do i announce deaths in the morning? and can the dead nominate")
    ['do i announce deaths in the morning?', 'can the dead nominate']
    >>> question_parts("does he lose the save or does he keep it")
    ['does he lose the save or does he keep it']
    >>> question_parts("baron setup - what changes in the bag and do i announce it?")
    ['what changes in the bag', 'do i announce it?']
    """
    parts = [
        _TOPIC.sub("", rx.sub(r"^(?:and|also|so|then|plus)\s+", "", p.strip(), flags=re.I))
        for p in _PART_BREAK.split(question.strip())
        if p and p.strip()
    ]
    return [
        p for p in parts if (_ASKING.match(p.lower()) or p.endswith("?")) and len(p.split()) > 2
    ]


def second_part(
    u: Understanding, found: Retrieved, said: str, kb: AnswerKB
) -> tuple[Found, str] | None:
    """For a message asking two things, the sentence that speaks most directly to the one the
    sentence said does not answer (the last, or the first where the said one answers the
    last: "do i tell people its in play, and how do i change the bag"), when it shares a word
    with that part."""
    parts = question_parts(u.question)
    if len(parts) < 2:
        return None
    answers = []
    for text in parts:
        part = dataclasses.replace(u, question=text)
        answers.append((part, *deciding_sentence(part, found.rulings[:5], kb, learned=False)))
    unsaid = [a for a in answers if not (a[2] in said or said in a[2])]
    if len(unsaid) == len(answers):
        unsaid = unsaid[-1:]  # the said sentence answers none of them alone: the last part
    for part, best, sentence in reversed(unsaid):
        if _shares_a_word(_topic(part), sentence):
            return best, sentence
    return None


# whether an ability goes on: "does the dead witch's curse still work", "do they still wake"
_GOES_ON = re.compile(
    r"\b(?:still|anymore|keeps?)\b.{0,30}?\b(?:work|works|working|wakes?|go(?:es)? off|"
    r"triggers?|gets?|ha(?:ve|s)|guess|kills?|poisons?|poisoned|drunk|curses?|happens?|counts?"
    r"|use|active)\b"
    r"|\babilit(?:y|ies)\b|\b(?:do|does|will) (?:we|they|he|she|it) (?:still )?(?:get|have)\b"
    r"|\bstill \w{3,}ing\b"  # "pacifist dead, still saving good ppl?"
)
# abilities that work in death or on it: "even if dead", "when you die", "if the Demon kills you"
_IN_DEATH = re.compile(
    r"(?:even if|while) (?:you are |you're )?dead|\bwhen you (?:die|learn that you died)"
    r"|\bif you (?:die|died)\b|\bthe 1st time you die\b|\b(?:kills|executes) you\b"
    r"|\bif you are (?:executed|killed)\b",
    re.IGNORECASE,
)


def works_in_death(ability: str) -> bool:
    """An ability that works in death or on it ("even if dead", "when you die")."""
    return bool(_IN_DEATH.search(ability))


_AT_NIGHT = re.compile(r"\b(?:each night|at night|tonight|every night)\b", re.IGNORECASE)
# an execution told with no death: "executed but survived", "didnt die"
_GLOSSARY_DEAD = "they immediately lose their ability, and any persistent effects of their ability"


def dead_lose_their_ability(
    u: Understanding, said: str, kb: AnswerKB, *, waking: bool = False
) -> tuple[dict[str, Any], str] | None:
    """The rule of the game beside a character's own rulings: a player who dies "immediately
    loses their ability, and any persistent effects of their ability immediately end" (the
    glossary). Said when the question states that one character it names is dead and asks
    whether an ability or its effect goes on (``waking``: whether it wakes, "does the dead
    empath wake n2", which asks that without a "still"), its deciding sentence does not speak
    of it dead, and its ability is not one that works in death ("even if dead", "when you
    die")."""
    asked = set(u.asked)
    dead = [
        c
        for c in u.characters
        if c in u.already_dead
        or (Condition.DEAD in u.conditions.get(c, ()) and (c, Condition.DEAD) not in asked)
        # "spy got exed this afternoon. do i still wake him": an execution told, no survival
        or (
            waking
            and Condition.EXECUTED in u.conditions.get(c, ())
            and (c, Condition.EXECUTED) not in asked
            and not DEATH_DENIED_TOLD.search(u.question)
        )
    ]
    if len(dead) != 1:
        return None
    name = kb.name(dead[0]).lower()
    if not (waking or _GOES_ON.search(u.question.lower())) or about(
        said.lower(), name, Condition.DEAD
    ):
        return None  # the deciding sentence speaks of it dead already
    ability = kb.ability(dead[0])
    if waking:
        # what wakes it works in death only where its night sentence says so (the Spy's
        # "even if dead" is its registering's, not its "Each night, you see the Grimoire")
        nightly = [x for x in split_sentences(ability) if _AT_NIGHT.search(x)]
        ability = " ".join(nightly) or ability
    if works_in_death(ability):
        return None
    rule = next(
        (
            r
            for r in kb.rulings.values()
            if r["source"] == "glossary.json" and _GLOSSARY_DEAD in r["text"]
        ),
        None,
    )
    if rule is None:
        return None
    start = rule["text"].find("When a player dies")
    return rule, rule["text"][start:] if start >= 0 else rule["text"]


# a death the question tells ("the witch died") is no topic a second character's sentence
# shares by saying "dead" ("skipping the dead")
CONDITION_TERMS = frozenset("dies dead killed death died".split())
# an ability's ordinary use: "slayer shoots the recluse" says no more than the names do
ACTING = frozenset(
    "picks pick picked chooses choose chose chosen shoots shoot shot hits hit targets target "
    "attacks attack goes went uses used".split()
)


def second_voice(
    u: Understanding, found: Retrieved, best: Found, said: str, kb: AnswerKB
) -> tuple[Found, str] | None:
    """For a question about several characters, the best word on another one: not when the
    deciding sentence already speaks of them all (a worked example), and only a sentence
    that shares a word with the question beyond the names (not "Wake the new Imp" for a
    Gatekeeper's second night)."""
    if len(u.characters) < 2:
        return None
    lower = said.lower()
    if all(kb.name(c).lower() in lower for c in u.characters):
        return None
    covered = {best.ruling["character"]}
    others = tuple(
        f
        for f in found.rulings[:5]
        if f.ruling["character"] in u.characters
        and f.ruling["character"] not in covered
        # a jinx with a character the question does not name is that pair's word, not this
        # one's ("undertaker learns the recluse": not the Recluse/Ogre jinx)
        and not offside_jinx(f.ruling, u)
    )
    if not others:
        return None
    chosen = deciding_candidate(u, others, kb)
    if chosen.ruled_out:
        # its every sentence is of a case the question rules out ("If the Saint is drunk or
        # poisoned when executed, ..." for a Saint told sober): no word on this one
        return None
    voice = chosen.found, chosen.sentence
    words = _topic(u)
    if not words:
        return voice  # "pukka + exorcist": the names are all the question says
    return voice if _shares_a_word(words, voice[1]) else None


def _topic(u: Understanding) -> set[str]:
    """The question's words beyond names, an ability's ordinary verbs and a death it tells,
    cut to five letters."""
    return {w[:5] for w in content_words(u) if w not in ACTING and w not in CONDITION_TERMS}


def _shares_a_word(words: set[str], sentence: str) -> bool:
    return bool({w[:5] for w in rx.findall(r"[a-z]+", sentence.lower())} & words)
