"""Scoring one ruling for one question: how directly it speaks to it, and why.

A ruling about a named character scores for the conditions asked about (worded of that
character, or only tagged), for looking at the other named characters (naming them, speaking
of their team, touching what their ability does, wording their condition), and for fitting
the kind of question (how-to-run steps, reminder tokens, night steps). A ruling about someone
else scores only for naming the characters asked about. The full-text match, the official
jinx and the section (examples and script notes weigh less) adjust the total.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from knowledge.graph import INTERACTS
from service.answer import rx
from service.answer.kb import AnswerKB
from service.answer.meets import TEAM_WORDS, meeting
from service.answer.mentions import AMONG
from service.answer.sayings import (
    MANY,
    NUMBER_WORD,
    NUMERALS,
    SENTENCE,
    WORDING,
    asked_numbers,
    is_instruction,
    said_alignment,
    says,
    says_alignment,
    spelled,
    worded,
)
from service.answer.understand import Understanding
from service.answer.weights import W
from service.answer.words import OWNER, STATES, TURNING, Condition, Kind

# words in nearly every ability: sharing them says nothing (first five letters)
COMMON_STEMS = frozenset(
    {
        "playe",
        "night",
        "choos",
        "each",
        "their",
        "they",
        "your",
        "with",
        "this",
        "that",
        "abili",
        "good",
        "evil",
        "demon",
        "minio",
        "townsf",
        "outsi",
        "then",
        "tonig",
        "today",
        "once",
        "game",
        "from",
        "have",
    }
)

TAGS: dict[Condition, frozenset[str]] = {
    Condition.DRUNK: frozenset({"drunk-poisoned"}),
    Condition.POISONED: frozenset({"drunk-poisoned"}),
    Condition.DEAD: frozenset({"dead", "death"}),
    Condition.FIRST_NIGHT: frozenset({"first-night"}),
    Condition.OTHER_NIGHTS: frozenset({"other-nights"}),
    Condition.EXECUTED: frozenset({"execution"}),
    Condition.NOMINATED: frozenset({"nomination"}),
    Condition.PROTECTED: frozenset({"protection"}),
    Condition.MAD: frozenset({"madness"}),
    Condition.REGISTERING: frozenset({"registration"}),
    Condition.BECOMES: frozenset({"becomes-mid-game"}),
    Condition.SELF_TARGET: frozenset({"self-target"}),
}
TIMES = (Condition.FIRST_NIGHT, Condition.OTHER_NIGHTS)
# how the sources refer to a generic person typed in a question
GENERIC_WHO = {
    "player": r"\bplayers?\b|\bthey\b|\bthem\b|\bsomeone\b",
    "someone": r"\bplayers?\b|\bsomeone\b|\banyone\b",
    "somebody": r"\bplayers?\b|\bsomeone\b|\banyone\b",
    "nobody": r"\bnobody\b|\bno (?:one|player)\b|\bno \w+ (?:is|was)\b"
    r"|\bno (?:\w+ )?(?:execution|death|nomination)s?\b",
    "guy": r"\bplayers?\b",
    # "one of them", "another of the three"
    **dict.fromkeys(AMONG, r"\bplayers?\b|\bone of\b"),
    "person": r"\bplayers?\b",
    "people": r"\bplayers\b",
    "host": r"\bpoisoned player\b|\bhost\b",
    **dict.fromkeys(
        ("neighbor", "neighbour", "nbr", "neighb"),
        r"\bneighbou?rs?\b|\bthose two\b|\bboth of them\b",
    ),
    "townsfolk": r"\bTownsfolk\b",
}
# sections that weigh less, and by which weight
SECTION_PENALTY = {"script": "script_section", "example": "example_section"}
RUNNING = {"how-to-run", "set-up", "first night", "other nights", "day"}
# annotate's ruling concepts, in the graph's ability-concept names
RULING_CONCEPT = {
    "drunk-poisoned": "poison",
    "death": "kill",
    "dead": "death-trigger",
    "character-change": "character-change",
}
GENERIC_CONCEPTS = frozenset({"night-action", "day-action"})
# concepts that link two characters just by both having them (kill, poison: too common)
SAME_LINKS = frozenset(
    {
        "registration",
        "madness",
        "resurrection",
        "alignment",
        "character-change",
        "vote",
        "nomination",
        "execution",
        "protection",
    }
)
ALIGNMENT_WORD = {"demon": r"\bevil\b", "minion": r"\bevil\b"}


@dataclass(frozen=True, slots=True)
class Found:
    ruling: dict[str, Any]
    score: float
    why: tuple[str, ...]
    also_in: tuple[str, ...] = ()  # other sources with the same text


def score_ruling(
    ruling: dict[str, Any], u: Understanding, kb: AnswerKB, searched: dict[str, float]
) -> Found:
    """How directly one ruling speaks to the question (``searched``: full-text strengths)."""
    why: list[str] = []
    subject = ruling["character"] or _script_subject(ruling, u, kb)
    own_script = subject is not None and subject != ruling["character"]
    named_script = None if subject is not None else _named_script(ruling, u, kb)
    if named_script is not None:  # "river styx script, the ferryman": its amendment
        subject = next((c for c in u.characters if c in ruling["mentions"]), None)
        own_script = True
        why.append(f"a special rule of {kb.script_name(named_script)}, which is named")
    if named_script is not None and subject is None:  # "djinn's bargain: ..." naming no one
        score = W["about"] + _kind(ruling, u, kb, why)
    elif subject in u.characters:
        score = W["about"] + _generic(ruling, u, why)
        if not offside_jinx(ruling, u):  # a jinx with someone else is about that pair
            score += _conditions(ruling, subject, u, kb, why)
        why.insert(0, f"about the {kb.name(subject)}")
        for other in u.characters:
            if other != subject:
                score += _other_character(ruling, other, u, kb, why)
                score += meeting(ruling, subject, other, u, kb, why)
        score += _kind(ruling, u, kb, why)
    else:
        score = _bystander(ruling, u, kb, why)
    score += _jinx(ruling, u, why)
    if subject in u.characters or set(u.characters) & set(ruling["mentions"]):
        score += _numbers(ruling, u, why)  # "after day 5" of someone else is another matter
    if ruling["id"] in searched:
        score += W["fts"] * searched[ruling["id"]]
        why.append("shares the question's words")
    if ruling["section"] in SECTION_PENALTY and not own_script:
        score -= W[SECTION_PENALTY[ruling["section"]]]
    if ruling["text"].startswith("⚠"):  # an editor's warning, not a rule
        score -= W["warning"]
    if night_sheet(ruling) and u.kind in (Kind.RULING, Kind.INTERACTION):
        score -= W["night_sheet_aside"]
    return Found(ruling, round(score, 3), tuple(why))


def _named_script(ruling: dict[str, Any], u: Understanding, kb: AnswerKB) -> str | None:
    """The script the question names ("river styx script") that ``ruling`` is a rule of."""
    if ruling["section"] != "script" or not u.scripts:
        return None
    return next((s for s in u.scripts if ruling["id"] in kb.rules_of_script.get(s, ())), None)


def _script_subject(ruling: dict[str, Any], u: Understanding, kb: AnswerKB) -> str | None:
    """A script's special rule ("Travellers are not announced, executions & exiles are
    equivalent") is about a character the question names that the script defines."""
    if ruling["section"] != "script":
        return None
    return next(
        (
            cid
            for cid in u.characters
            if ruling["id"] in kb.script_rules.get(kb.characters.get(cid, {}).get("origin"), ())
        ),
        None,
    )


# an execution is (usually) a death: "the gossip got executed" is answered by "If the Gossip
# dies after speaking ..." (a share of the worded weight, the execution not being said)
EXECUTED_DIES = 0.5


def _dies_of_it(
    ruling: dict[str, Any], name: str, condition: Condition, u: Understanding, subject: str
) -> bool:
    """An executed character's ruling on its dying, where the question does not already
    state the death (then DEAD is worded itself)."""
    return (
        condition is Condition.EXECUTED
        and Condition.DEAD not in u.conditions.get(subject, ())
        and says(ruling["text"], name, Condition.DEAD, event=True, acting=True)
    )


def _bystander(ruling: dict[str, Any], u: Understanding, kb: AnswerKB, why: list[str]) -> float:
    """A ruling about someone else (or about the game) that names the characters asked about."""
    named = [c for c in u.characters if c in ruling["mentions"]]
    for cid in named:
        why.append(f"names the {kb.name(cid)}")
    return W["bystander_named"] * len(named) + (W["bystander_both"] if len(named) >= 2 else 0.0)


def _conditions(
    ruling: dict[str, Any], subject: str, u: Understanding, kb: AnswerKB, why: list[str]
) -> float:
    score = _misplaced(ruling, subject, u, kb)
    name = kb.name(subject)
    for condition in u.conditions.get(subject, ()):
        if u.kind is Kind.NIGHT_ORDER and condition in TIMES:
            continue  # the night asked about picks the night step, not the wording
        if condition is Condition.BECOMES and subject in turned_from(u):
            continue  # "A player who becomes the Chef ..." for one turned from the Chef
        tagged = bool(TAGS[condition] & set(ruling["tags"]))
        event = _asks_event(u, condition, subject)
        worded = says(ruling["text"], name, condition, event=event)
        if worded and (subject, condition) in u.asked and _premise(ruling["text"], name, condition):
            worded = False  # "is the soldier poisoned": not "When the Soldier is poisoned, ..."
        if worded:
            score += W["worded"]
            why.append(f"says what happens when the {name} {STATES[condition][0]}")
        elif _dies_of_it(ruling, name, condition, u, subject):
            score += W["worded"] * EXECUTED_DIES
            why.append(f"says what happens when the {name} dies")
        elif tagged:
            score += W["tagged"]
            why.append(f"tagged {condition}")
    text = ruling["text"]
    if (
        "cause" in text
        and OTHER_CAUSE_SAID.search(text)
        and subject in died_by_another_cause(u, kb)
    ):
        score += W["worded"]  # "the sage is killed by the assassin": "any other cause"
        why.append(f"says what happens when the {name} dies of another cause")
    alignment = said_alignment(u.question, tuple(m.text for m in u.mentions if m.id == subject))
    if alignment and says_alignment(ruling["text"], name, alignment):
        score += W["worded"]
        why.append(f"says what happens when the {name} is {alignment}")
    return score


def turned_from(u: Understanding) -> frozenset[str]:
    """The characters the question tells a player was turned from ("the pit hag turns the
    chef into an imp", "kazali makes the chef a poisoner": the Chef), which it says become
    (conventions 5) as it does the character made."""
    return _turned_from(
        u.question.lower(),
        tuple(
            (cid, tuple(sorted({m.text.lower() for m in u.mentions if m.id == cid})))
            for cid, conditions in u.conditions.items()
            if Condition.BECOMES in conditions
        ),
    )


@functools.lru_cache(maxsize=4096)
def _turned_from(question: str, named: tuple[tuple[str, tuple[str, ...]], ...]) -> frozenset[str]:
    return frozenset(
        cid
        for cid, said in named
        if any(
            rx.search(
                rf"\b{TURNING}\s+{OWNER}\s+{re.escape(text)}\s+(?:into|an?|the new)\b",
                question,
            )
            for text in said
        )
    )


def died_by_another_cause(u: Understanding, kb: AnswerKB) -> frozenset[str]:
    """The named characters the question tells died (or executed) by a cause no Demon is:
    an execution, or a kill with another character named who is no Demon, and no Demon
    named ("the sage is killed by the assassin", "banshee executed"; not "granny died n2,
    professor picked her": a death by no cause told)."""
    lower = u.question.lower()
    if rx.search(r"\bdemons?\b", lower) or any(
        kb.characters.get(c, {}).get("team") == "demon" for c in u.characters
    ):
        return frozenset()
    killed = bool(_A_KILL.search(lower))
    out = set()
    for cid, conditions in u.conditions.items():
        if Condition.EXECUTED in conditions or (
            killed and Condition.DEAD in conditions and any(c != cid for c in u.characters)
        ):
            out.add(cid)
    return frozenset(out)


# a kill told: "killed by the assassin", "the godfather kills", "shot", "cursed"
_A_KILL = re.compile(r"\b(?:kill\w*|shot|shoots?|slay\w*|slain|curse[ds]?)\b")


# a ruling's case of a death by anything but what its ability answers: "If the Sage died
# from any other cause, ...", "If the Banshee dies from any cause other than the Demon, ..."
OTHER_CAUSE_SAID = re.compile(
    r"\b(?:any|some) (?:other cause|cause other than)\b|\bfrom another cause\b", re.I
)


PREMISED = frozenset({Condition.DRUNK, Condition.POISONED, Condition.PROTECTED})


@functools.lru_cache(maxsize=16384)
def _premise(text: str, name: str, condition: Condition) -> bool:
    """ "When the Soldier is drunk or poisoned, ...": the state taken as given, every time the
    ruling says it."""
    if condition not in PREMISED:
        return False
    state = WORDING[condition]
    given = re.compile(
        rf"\b(?:when|if|while|whenever)\s+(?:the\s+)?{spelled(name)}\s+(?:is|was|becomes|gets)"
        rf"\s+(?:\w+\s+or\s+)?(?:{state})",
        re.IGNORECASE,
    )
    return bool(given.search(text))


_ALIVE = re.compile(r"alive|living", re.IGNORECASE)  # what "no ... alive" needs to match


def _generic(ruling: dict[str, Any], u: Understanding, why: list[str]) -> float:
    """ "a dead player", "the Demon executed": a condition on someone not named, worded."""
    score = 0.0
    for anchor, condition in u.generic:
        if condition in TIMES:
            continue
        if condition not in worded(ruling["text"]) and not (
            condition is Condition.DEAD and _ALIVE.search(ruling["text"])
        ):
            continue  # neither the condition's words nor "no ... alive" anywhere in it
        who = GENERIC_WHO.get(anchor, rf"\b{re.escape(anchor)}s?\b")
        # "both his minions r already dead": "If no Minion is alive, nothing happens."
        none_alive = (
            rf"\bno\s+(?:{who})\s+(?:is|are)\s+(?:still\s+)?alive\b"
            rf"|\bno\s+(?:alive|living)\s+(?:{who})"
        )
        for sentence in SENTENCE.split(ruling["text"]):
            if (
                rx.search(who, sentence, re.IGNORECASE)
                and rx.search(WORDING[condition], sentence, re.IGNORECASE)
            ) or (condition is Condition.DEAD and rx.search(none_alive, sentence, re.IGNORECASE)):
                why.append(f"speaks of a {anchor} {condition}")
                score += W["generic"]
                break
    return score


def _misplaced(ruling: dict[str, Any], subject: str, u: Understanding, kb: AnswerKB) -> float:
    """ "When the Assassin is drunk" answers a question about a drunk Monk, not this one."""
    own = set(u.conditions.get(subject, ()))
    asked = {c for cid, conds in u.conditions.items() if cid != subject for c in conds}
    name = kb.name(subject)
    return -W["misplaced"] * sum(
        1 for c in asked - own if says(ruling["text"], name, c, strict=True)
    )


def _asks_event(u: Understanding, condition: Condition, subject: str = "") -> bool:
    """ "does the Soldier die" asks about dying, not about being dead already; "the SW died
    earlier" is dead already (a death told as past before what is asked)."""
    return (
        condition is Condition.DEAD
        and not rx.search(r"\bdead\b", u.question.lower())
        and subject not in u.already_dead
    )


def _other_character(
    ruling: dict[str, Any], other: str, u: Understanding, kb: AnswerKB, why: list[str]
) -> float:
    """A ruling about one named character, looking at another one."""
    name = kb.name(other)
    if other in ruling["mentions"]:
        why.append(f"names the {name}")
        return W["names_other"] + _conditions(ruling, other, u, kb, why) * W["other_conditions"]
    team = kb.characters.get(other, {}).get("team")
    linked = (
        _interacting(ruling, other, kb)
        + _their_condition(ruling, other, u, kb, why)
        + _their_ability(ruling, other, kb)
    )
    if linked:
        why.append(f"touches what the {name} does")
    said = _team_words(ruling["text"])
    if team in said:
        why.append(f"speaks of the {team} (the {name} is one)")
        return W["team_word"] + linked
    if team in ALIGNMENT_WORD and "evil" in said:
        return W["alignment_word"] + linked
    return linked


@functools.lru_cache(maxsize=8192)  # one for each ruling: primed
def _team_words(text: str) -> frozenset[str]:
    """The teams ``text`` speaks of by their word (TEAM_WORDS), and "evil" if it says so."""
    said = {team for team, pattern in TEAM_WORDS.items() if rx.search(pattern, text)}
    if any(rx.search(pattern, text) for pattern in set(ALIGNMENT_WORD.values())):
        said.add("evil")
    return frozenset(said)


def _their_condition(
    ruling: dict[str, Any], other: str, u: Understanding, kb: AnswerKB, why: list[str]
) -> float:
    """ "If the player who chose the Goon is drunk": the other character's condition, worded
    in a ruling about this one."""
    subject = kb.name(ruling["character"]) if ruling["character"] else ""
    score = 0.0
    for condition in u.conditions.get(other, ()):
        if condition in TIMES or condition is Condition.SELF_TARGET:
            continue
        if condition in worded(ruling["text"]) and not says(
            ruling["text"], subject, condition, strict=True
        ):
            clause, verb = STATES[condition]
            why.append(f"speaks of someone who {clause} (the {kb.name(other)} {verb})")
            score += W["their_condition"]
    return score


def _their_ability(ruling: dict[str, Any], other: str, kb: AnswerKB) -> float:
    """Words of the other character's ability in this ruling ("cannot die" for the Tea Lady)."""
    ability = kb.ability(other)
    shared = _content(ability) & _content(ruling["text"])
    return min(W["ability_cap"], W["ability_word"] * len(shared))


@functools.lru_cache(maxsize=16384)
def _content(text: str) -> frozenset[str]:
    text = text.lower().replace("can't", "cannot").replace("can not", "cannot")
    return frozenset(w[:5] for w in rx.findall(r"[a-z]{4,}", text)) - COMMON_STEMS


def _interacting(ruling: dict[str, Any], other: str, kb: AnswerKB) -> float:
    """The ruling's game concepts meet the other character's ability (registration meets
    registration, protection meets a kill)."""
    return W["interacting"] * _links(
        tuple(ruling.get("concepts") or ()), kb.concepts.get(other, frozenset())
    )


@functools.lru_cache(maxsize=4096)  # a few hundred pairs of concept sets
def _links(concepts: tuple[str, ...], theirs: frozenset[str]) -> int:
    """How many of a ruling's concepts meet a character's (at most two)."""
    mine = {RULING_CONCEPT.get(c, c) for c in concepts}
    links = {
        (a, b)
        for a in mine
        for b in theirs - GENERIC_CONCEPTS
        if (a == b and a in SAME_LINKS) or (a, b) in INTERACTS or (b, a) in INTERACTS
    }
    return min(2, len(links))


@functools.lru_cache(maxsize=16384)
def _said_numbers(text: str) -> tuple[frozenset[str], bool]:
    """The numbers a ruling says, as figures, and whether it speaks of more than one."""
    said = frozenset(NUMERALS.get(w, w) for w in NUMBER_WORD.findall(text.lower()))
    return said, MANY.search(text) is not None


def _numbers(ruling: dict[str, Any], u: Understanding, why: list[str]) -> float:
    """A number the question states ("with 4 alive", "final 3"), said in the ruling in
    figures or words: the ruling speaks of that very case."""
    asked = asked_numbers(u.question)
    if not asked:
        return 0.0
    said, many = _said_numbers(ruling["text"])
    if many:  # "with 2 minions": "when more than one Minion is alive"
        said |= {n for n in asked if n.isdigit() and int(n) >= 2}
    shared = sorted(asked & said)
    if shared:
        why.append(f"speaks of {', '.join(shared)}, as the question does")
    return W["number"] * len(shared)


def offside_jinx(ruling: dict[str, Any], u: Understanding) -> bool:
    """A jinx between a character asked about and one that is not."""
    pair = {ruling["character"], *ruling["mentions"]}
    return ruling["section"] == "jinx" and len(pair & set(u.characters)) < 2


def _jinx(ruling: dict[str, Any], u: Understanding, why: list[str]) -> float:
    if ruling["section"] != "jinx":
        return 0.0
    if offside_jinx(ruling, u):
        return -W["offside_jinx"]  # a jinx with a character not asked about
    why.append("the official jinx between them")
    return W["jinx"]


def _kind(ruling: dict[str, Any], u: Understanding, kb: AnswerKB, why: list[str]) -> float:
    section, text = ruling["section"], ruling["text"]
    if section == "jinx":
        return 0.0
    if u.kind is Kind.HOW_TO_RUN:  # with a situation, its own rulings weigh as much
        return _running(ruling, kb, why) * (W["situation"] if u.situation else 1.0)
    if u.kind is Kind.REMINDERS:
        if ruling["reminders"]:
            why.append(
                "uses reminder tokens: "
                + ", ".join(t.split(":", 1)[1] for t in ruling["reminders"])
            )
            return W["reminder_tokens"] + 0.25 * min(len(ruling["reminders"]), 4)
        return W["reminder_word"] if rx.search(r"reminder|token", text, re.IGNORECASE) else 0.0
    if u.kind is Kind.NIGHT_ORDER:
        return _night_kind(ruling, u, kb, why)
    if section == "ability" and u.kind is Kind.INTERACTION:
        why.append("the ability text")  # how two characters meet starts from their abilities
        return W["ability_interaction"]
    return 0.0


def _running(ruling: dict[str, Any], kb: AnswerKB, why: list[str]) -> float:
    """How to run: the procedure (set-up, night steps, openers) and the file's first words."""
    section, text = ruling["section"], ruling["text"]
    position = kb.position.get(ruling["id"], 9)  # a character's first paragraphs state the rule
    early = W["run_early"] if position < 3 else W["run_later"] if position < 5 else 0.0
    if night_sheet(ruling):
        why.append("the night sheet's reminder")  # terse: the how-to-run texts say it fully
        return W["night_sheet"]
    if section in ("summary", "ability"):  # what the character does, not what you do
        return W["run_summary"] + early
    if section in RUNNING or is_instruction(text):
        why.append("a how-to-run step")
        return W["run_step"] + early
    return early


def night_sheet(ruling: dict[str, Any]) -> bool:
    """The official night sheet's reminder for a character (roles.json's night steps)."""
    return ruling["source"] == "roles.json" and ruling["section"] in ("first night", "other nights")


def _night_kind(ruling: dict[str, Any], u: Understanding, kb: AnswerKB, why: list[str]) -> float:
    score = 0.0
    if ruling["section"] in ("first night", "other nights"):
        official = kb.authority.get(ruling["source"], 1) >= 3
        score += W["night_step"] + (W["night_official"] if official else 0.0)
        if u.night and ruling["section"].startswith(u.night):
            score += W["night_match"]
        why.append(f"the {ruling['section']} step")
    if rx.search(r"night order|order of the night|place in the night", ruling["text"], re.I):
        score += W["night_order_phrase"]
        why.append("speaks of the night order")
    elif rx.search(r"before|after|\bwake", ruling["text"], re.IGNORECASE):
        score += W["night_words"]
        why.append("speaks of the order of the night")
    return score


def prime(kb: AnswerKB) -> None:
    """Read the content words of every ruling and ability now, not at a first question."""
    for ruling in kb.rulings.values():
        _content(ruling["text"])
        _team_words(ruling["text"])
        worded(ruling["text"])
    for info in kb.characters.values():
        _content(info.get("ability") or "")
