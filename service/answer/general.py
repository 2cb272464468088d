"""A question naming no character, answered from the rules glossary (glossary.json, the
toolmaker's definitions of the game's terms): "can dead players vote" is the glossary's
"Dead players may only vote once more during the game".

The entries are those whose term the question names (as stems: "voting" names Vote,
"registering" Register), best first by how many of the question's words they share; the
answer quotes the sentence of the best entry that shares most (none where no sentence shares
a word besides the term, unless its meaning is asked). A question whose words look
like a mistyped character name is not answered this way: the name it may mean is asked for
instead (verdict._unrecognised).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from service.answer import rx
from service.answer.beside import works_in_death
from service.answer.kb import AnswerKB
from service.answer.mentions import COMMON_WORD
from service.answer.phrasing import Because, clause, split_sentences, to_sentence
from service.answer.protection import protected_from
from service.answer.retrieve import asked_about
from service.answer.sayings import KEPT_ALIVE, OWN_DEATH_WORDS
from service.answer.score import Found
from service.answer.script_order import script_night_order
from service.answer.situation import counts
from service.answer.understand import Understanding, question_words
from service.answer.verdict import (
    Answer,
    Verdict,
    never_woken,
    one_asked,
    sized_rule,
    typed_as_named,
    wakes_another,
)
from service.answer.words import STOPWORDS, Condition, stem
from service.engine.handlers import handler_for

# the article or owner before a name a whole question asks of ("the", "a", "my")
_THE = r"(?:the\s+|a\s+|an\s+|my\s+|our\s+)?"

T = TypeVar("T")
SOURCE = "glossary.json"
# a storyteller's word and the stem of the glossary's word it means, where the two differ
# ("voting": Vote; "madness": Mad; "twice" asks of a "once")
FORMS = {"votin": "vote", "voted": "vote", "madne": "mad", "twice": "once"}
SHOWN = 2  # entries put first among the rulings shown
# words every question has: naming these is not asking about the term
FRAME = frozenset({"playe", "night", "day", "chara", "think", "might", "info"})
# the character types' stems: an entry named by them alone is about a type
_TYPE_STEMS = frozenset({"demon", "minio", "towns", "outsi", "trave", "fable", "good", "evil"})


@dataclass(frozen=True, slots=True)
class Entry:
    ruling: dict[str, Any]
    term: str
    named_by: frozenset[str]  # the term's stems, all of which a question names
    stems: frozenset[str]  # the stems of the whole entry


# "what is madness", "what does registering mean"
_DEFINITION_ASKED = re.compile(
    r"\bwhat(?:'s|s| is| are| does)\b|\bmean(?:s|ing)?\b|\bdefin", re.IGNORECASE
)
# what is read once per loaded knowledge base: (what, id of the table it is read from) ->
# (that table, kept so that its id is not another's, what was read)
_READ: dict[tuple[str, int], tuple[Any, Any]] = {}


def _once(what: str, table: Any, read: Callable[[], T]) -> T:
    """``read()`` once per loaded knowledge base (``table``: the part it reads; with_db's
    copies share it, so they share what was read)."""
    cached = _READ.get((what, id(table)))
    if cached is None or cached[0] is not table:
        cached = _READ[(what, id(table))] = (table, read())
    return cached[1]


def entries(kb: AnswerKB) -> tuple[Entry, ...]:
    """The glossary's entries, read once per loaded knowledge base."""
    return _once("entries", kb.rulings, lambda: _entries(kb))


def _entries(kb: AnswerKB) -> tuple[Entry, ...]:
    out = []
    for ruling in kb.rulings.values():
        if ruling["source"] != SOURCE or ":" not in ruling["text"]:
            continue
        term = ruling["text"].split(":", 1)[0].strip()
        named_by = frozenset(_stems(term)) - FRAME
        if named_by:
            out.append(Entry(ruling, term, named_by, frozenset(_stems(ruling["text"]))))
    return tuple(out)


# the search's stop words, less those a definition's sentences turn on ("lose their
# ability", "vote once more")
_STOP = STOPWORDS - {"ability", "abilities", "once", "again", "more", "only", "still", "ever"}


def _reminder_named(question: str, kb: AnswerKB) -> bool:
    """The question names a character's own reminder token ("Red Herring", "Haircuts
    Tonight"): one whose name is no glossary term, has no figure, and has a word that is not
    everyday English (not "Dead", "Drunk", "Died Today")."""
    return _own_reminders(kb).search(question.lower()) is not None


def _own_reminders(kb: AnswerKB) -> re.Pattern[str]:
    """One pattern for those reminders' names, built once per loaded knowledge base."""
    return _once("own reminders", kb.reminders, lambda: _own_reminders_read(kb))


def _own_reminders_read(kb: AnswerKB) -> re.Pattern[str]:
    terms = {e.term.lower() for e in entries(kb)}
    names = set()
    for tokens in kb.reminders.values():
        for token in tokens:
            name = token["name"].lower().strip()
            words = name.split()
            if (
                name in terms
                or not words
                or not all(w.isalpha() for w in words)
                or all(kb.vocabulary.english.get(w, 0.0) >= COMMON_WORD for w in words)
            ):
                continue
            names.add(name)
    found = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.compile(rf"\b(?:{found or '(?!)'})\b")


def _stems(text: str) -> list[str]:
    words = rx.findall(r"[a-z]+", text.lower())
    return [FORMS.get(stem(w), stem(w)) for w in words if w not in _STOP]


def named(u: Understanding, kb: AnswerKB) -> list[Found]:
    """The glossary entries whose terms a question naming no character names, best first
    (none where it names a character's own reminder token: "can the red herring be evil" is
    about the Fortune Teller's, not the glossary's Evil)."""
    if u.characters or _reminder_named(u.question, kb):
        return []
    asked = set(_stems(u.question))
    found = [(len(asked & e.stems), -len(e.stems), e) for e in entries(kb) if e.named_by <= asked]
    # an act's entry before a character type's ("can a minion nominate the demon": the
    # Nomination's, not the Demon info's, which shares both types), then most shared, then
    # the longer entry (says more)
    acts = any(not e.named_by <= _TYPE_STEMS for _, _, e in found)
    found.sort(key=lambda x: (acts and x[2].named_by <= _TYPE_STEMS, -x[0], x[1]))
    return [
        Found(e.ruling, float(shared), (f"the rules glossary's entry for {e.term}",))
        for shared, _, e in found
    ]


def answered(u: Understanding, glossary: list[Found]) -> Verdict | None:
    """The best entry's sentence sharing most of the question's words (its definition where
    none shares more), quoted as the answer; None where the question may name a character it
    could not read."""
    if not glossary or any(x.suggestions and x.placed for x in u.unrecognised):
        return None
    best = glossary[0].ruling
    term = best["text"].split(":", 1)[0].strip()
    # the question's words besides the term's own (every sentence of the entry is about it)
    asked = set(_stems(u.question)) - set(_stems(term)) - FRAME
    sentences = split_sentences(best["text"])
    # (a rule of the game's size first, where the question tells the size: "in a 6 player
    # game": "... on the first night if there are 7 or more players")
    said = max(
        sentences, key=lambda s: (sized_rule(u.question, s), len(asked & set(_stems(s))))
    )  # the first of the best
    if (
        not asked & set(_stems(said))
        and not sized_rule(u.question, said)
        and not _DEFINITION_ASKED.search(u.question)
    ):
        return None  # "can dead players talk": the entry says nothing of it
    quote = said.split(":", 1)[1].strip() if said.startswith(f"{term}:") else said
    because = (Because.from_ruling(best, quote),)  # (the source's words, without the term)
    if _MORE_THAN_ONCE_ASKED.match(u.question) and _ONLY_ONCE.search(quote):
        # "can the dead vote twice": "A dead player may only vote once ..."
        return Verdict(
            Answer.NO, f"No: “{quote}” (the rules glossary, “{term}”).", because, firm=True
        )
    return Verdict(Answer.INFO, f"{quote.rstrip('.')} (the rules glossary, “{term}”).", because)


# a doing more than once: "twice", "again", "more than once", "two times"
_MORE_THAN_ONCE = r"twice|again|more than once|two times|2 times"
# "can the dead vote twice", "can a player nominate more than once a day": asked yes or no
_MORE_THAN_ONCE_ASKED = re.compile(
    rf"\W*(?:can|could|may|do|does|is|are)\b[^.?!]*\b(?:{_MORE_THAN_ONCE}|a second time)\b",
    re.IGNORECASE,
)
_ONLY_ONCE = re.compile(r"\bonly\b[^.;]*\bonce\b|\bonce per\b", re.IGNORECASE)


# a game action asked of one character, and nothing else: "can the saint nominate", "can a
# dead mayor vote"
_ACT_ASKED = re.compile(
    rf"\W*(?:can|could|may)\s+{_THE}(?:dead\s+)?(?P<name>[\w' -]+?)"
    r"\s+(?:still\s+|even\s+)?(?P<act>nominate|vote)\W*",
    re.IGNORECASE,
)
# the glossary's sentence for each act, alive and dead
_ACT_SAID = {
    ("nominate", False): ("Nomination", re.compile(r"\bonly alive players may nominate\b", re.I)),
    ("nominate", True): ("Nomination", re.compile(r"\bonly alive players may nominate\b", re.I)),
    ("vote", False): ("Alive", re.compile(r"\bmay vote as many times as they wish\b", re.I)),
    ("vote", True): ("Dead", re.compile(r"\bdead players may only vote once more\b", re.I)),
}


def _own_rules_say(kb: AnswerKB, cid: str, pattern: re.Pattern[str]) -> bool:
    """Whether the character's own rules (its rulings and its ability) say what ``pattern``
    reads: where they do, they answer, not the glossary's rule for every player."""
    texts = [kb.rulings[rid]["text"] for rid in kb.about.get(cid, ()) if rid in kb.rulings]
    ability = kb.ability(cid)
    return any(pattern.search(text) for text in (*texts, ability))


def _no_players(
    kb: AnswerKB, cid: str, then: str, because: tuple[Because, ...] = ()
) -> Verdict | None:
    """No, for a Fabled asked of as a player would be (poisoned, attacked, the red herring):
    the glossary's "Fabled" (a character for the Storyteller), then ``then``."""
    fabled = _glossary_says(kb, "Fabled")
    if fabled is None:
        return None
    return Verdict(
        Answer.NO,
        f"No: the {kb.name(cid)} is a Fabled, not a player's character (“{fabled[1]}”, the "
        f"rules glossary), {then}",
        (Because.from_ruling(*fabled), *because),
        firm=True,
    )


def acted(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether one character may nominate or vote, where nothing of its own speaks of it
    (its ability and rulings: not the Butler, the Witch, the Golem), answered by the
    glossary's rule for every player: "can the saint nominate": only alive players may
    nominate, and the Saint is not told dead."""
    asked = _ACT_ASKED.fullmatch(u.question.strip())
    if asked is None or len(set(u.characters)) != 1:
        return None
    cid = u.characters[0]
    if not typed_as_named(asked.group("name"), u):
        return None
    conditions = set(u.conditions.get(cid, ()))
    if conditions - {Condition.DEAD}:
        return None
    act = asked.group("act").lower()
    if kb.characters.get(cid, {}).get("team") == "fabled":
        return _no_players(kb, cid, f"and it is players who {act}.")
    # its own act, said ("You may only nominate once per game", "the Butler may only vote",
    # "If Riot nominates"), of the act asked: not its being nominated ("the first time the
    # Virgin is nominated") nor votes counted ("they are treated as receiving zero votes",
    # under the Judge)
    verbs = r"vote|votes|voting" if act.startswith("vot") else r"nominate|nominates|nominating"
    own = rx.compiled(
        rf"\b(?:{re.escape(kb.name(cid))}|you|they)\b[^.;]{{0,40}}"
        rf"(?<!\bthe )(?<!\btheir )(?<!\bzero )(?<!\bof )\b(?:{verbs})\b",
        re.IGNORECASE,
    )
    if _own_rules_say(kb, cid, own):
        return None  # its own rulings speak of it: they answer
    dead = Condition.DEAD in conditions
    rule = _act_rule(kb, act, dead=dead)
    if rule is None:
        return None
    may, term, quote, because = rule
    state = "dead" if dead else "alive"
    return Verdict(
        Answer.YES if may else Answer.NO,
        f"{'Yes' if may else 'No'}: the {kb.name(cid)} has no rule of its own on it, and the "
        f"game's rule for every {state} player holds: “{quote}” (the rules glossary, “{term}”).",
        (because,),
        firm=True,
    )


def _act_rule(kb: AnswerKB, act: str, *, dead: bool) -> tuple[bool, str, str, Because] | None:
    """The glossary's rule on nominating or voting for a dead or an alive player: whether
    they may, the entry's term, the sentence that says so and the ruling quoted."""
    term, said = _ACT_SAID[(act, dead)]
    entry = next((e for e in entries(kb) if e.term == term), None)
    sentence = next(
        (s for s in split_sentences(entry.ruling["text"]) if said.search(s)) if entry else (), None
    )
    if entry is None or sentence is None:
        return None
    quote = sentence.split(":", 1)[1].strip() if sentence.startswith(f"{term}:") else sentence
    may = not (act == "nominate" and dead)
    return may, term, quote, Because.from_ruling(entry.ruling, quote)


# the same asked of players, no character named: "can a dead player nominate", "do dead
# players get to vote", "can alive players vote more than once"
_PLAYERS_ACT_ASKED = re.compile(
    r"\W*(?:can|could|may|do|does)\s+(?:a\s+|the\s+)?(?P<state>dead|alive|living)\s+"
    r"(?:players?|people|ppl|ones?)\s+(?:still\s+|even\s+|ever\s+|get\s+to\s+)*"
    r"(?P<act>nominate|vote)\W*",
    re.IGNORECASE,
)


# a character type's act asked, no character named: "can the demon nominate", "can a
# minion vote", "can evil players nominate"
_TYPE_ACT_ASKED = re.compile(
    r"\W*(?:can|could|may)\s+(?:a\s+|an\s+|the\s+)?"
    r"(?P<kind>demon|minion|outsider|townsfolk|traveller|traveler|evil|good)s?"
    r"(?:\s+(?:players?|people|ppl|ones?|characters?))?\s+(?:still\s+|even\s+|ever\s+)*"
    r"(?P<act>nominate|vote)\W*",
    re.IGNORECASE,
)


def players_acted(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether dead (or alive) players may nominate or vote, asked with no character named:
    the glossary's rule ("Only alive players may nominate."); or a character type or side
    ("can the demon nominate"): its players are players, and the rule for every alive one
    holds."""
    if u.characters:
        return None
    typed = _TYPE_ACT_ASKED.fullmatch(u.question.strip())
    if typed is not None:
        rule = _act_rule(kb, typed.group("act").lower(), dead=False)
        if rule is None:
            return None
        may, term, quote, because = rule
        kind = typed.group("kind").lower().replace("traveler", "traveller")
        who = (
            f"living {kind} players follow"
            if kind in ("evil", "good")
            else f"a living {kind.capitalize()} follows"
        )
        return Verdict(
            Answer.YES if may else Answer.NO,
            f"{'Yes' if may else 'No'}: {who} the game's rule for every alive player: "
            f"“{quote}” (the rules glossary, “{term}”); only a character's own ability says "
            "otherwise.",
            (because,),
            firm=True,
        )
    asked = _PLAYERS_ACT_ASKED.fullmatch(u.question.strip())
    if asked is None:
        return None
    act = asked.group("act").lower()
    rule = _act_rule(kb, act, dead=asked.group("state").lower() == "dead")
    if rule is None:
        return None
    may, term, quote, because = rule
    return Verdict(
        Answer.YES if may else Answer.NO,
        f"{'Yes' if may else 'No'}: “{quote}” (the rules glossary, “{term}”).",
        (because,),
        firm=True,
    )


def _glossary_says(kb: AnswerKB, term: str, says: str = "") -> tuple[dict[str, Any], str] | None:
    """The glossary's entry for ``term`` and its first sentence after the term's own opening
    (``says``: the first such that matches it), or None."""
    entry = next((e for e in entries(kb) if e.term == term), None)
    if entry is None:
        return None
    sentences = split_sentences(entry.ruling["text"].split(":", 1)[1].strip())
    found = next((x for x in sentences if not says or rx.search(says, x)), None)
    return (entry.ruling, found) if found else None


# "can the gumshoe be poisoned", "could the imp get drunk"
_STATE_ASKED = re.compile(
    rf"\W*(?:can|could|may)\s+{_THE}(?P<name>[\w' -]+?)\s+"
    r"(?:still\s+|even\s+|ever\s+)?(?:be|get|become)\s+(?:made\s+)?(?P<state>drunk|poisoned)\W*",
    re.IGNORECASE,
)
# an ability or ruling that keeps a character from the state: "cannot be poisoned"
_KEPT_FROM = (
    # ("Lil’ Monsta isn’t a player, so can’t be drunk or poisoned")
    r"\b(?:cannot|can.t|can not|never) (?:be|get|become) (?:made )?(?:\w+ or )?{state}\b"
    r"|\bimmune to (?:being )?(?:\w+ or )?{state}\b"
)


def state_possible(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether one character can be drunk or poisoned, where no rule of its own speaks of it
    in that state (a rule that does, "When the Goon is drunk or poisoned, ...", answers
    through the rulings): yes, by the glossary's entry for the state, which holds for every
    player; not where its own rules keep it from the state."""
    found = one_asked(_STATE_ASKED, u, "name")
    if found is None:
        return None
    asked, cid = found
    if set(u.conditions.get(cid, ())) - {Condition.DRUNK, Condition.POISONED}:
        return None
    state = asked.group("state").lower()
    name = re.escape(kb.name(cid).lower())
    own = rx.compiled(
        rf"\b(?:drunk or poisoned|poisoned or drunk|{state}) {name}\b"
        rf"|\b{name} (?:is|was|becomes|gets|is made|would become|would be) (?:\w+ or )?{state}\b"
        rf"|{_KEPT_FROM.format(state=state)}",
        re.IGNORECASE,
    )
    if _own_rules_say(kb, cid, own):
        return None  # its own rules speak of it so: they answer
    term = state.title()
    said = _glossary_says(kb, term)
    if said is None:
        return None
    entry, quote = said
    if kb.characters.get(cid, {}).get("team") == "fabled":
        # a Fabled is the Storyteller's character, and being drunk or poisoned a player's
        then = f"and being {state} is a player's: “{quote}” (“{term}”)."
        return _no_players(kb, cid, then, (Because.from_ruling(entry, quote),))
    return Verdict(
        Answer.YES,
        f"Yes: the {kb.name(cid)} has no rule of its own on being {state}, and any player can "
        f"be: “{quote}” (the rules glossary, “{term}”).",
        (Because.from_ruling(entry, quote),),
        firm=True,
    )


# "can the empath get false info", "can the chef be wrong", "is the fortune teller always
# right": whether a character's information can be false
_FALSE_ASKED = re.compile(
    rf"\W*(?:(?:can|could|may)\s+{_THE}(?P<name>[\w' -]+?)\s+"
    r"(?:ever\s+|still\s+|even\s+)?(?:be\s+(?:wrong|lied\s+to|mistaken|fooled|misled)"
    r"|(?:get|receive|learn|be\s+given|be\s+shown|be\s+told|see)\s+(?:a\s+)?"
    r"(?:false|wrong|fake|bad|incorrect|untrue)\s+(?:info|information|number|answer"
    r"|result|character|reading|ping|nod)s?)"
    r"|is\s+(?:the\s+|a\s+|my\s+|our\s+)?(?P<name2>[\w' -]+?)(?:'s|s)?\s+"
    r"(?:info\s+|information\s+)?always\s+(?P<always>right|correct|accurate|true|reliable))\W*",
    re.IGNORECASE,
)
# a rule that the character's information may be false when it is drunk or poisoned
_FALSE_WHEN_IMPAIRED = (
    r"\b{name}\b[^.]*\bdrunk or poisoned\b[^.]*\b(?:need not be true|may be wrong|falsif\w*"
    r"|may show a different|may be true, or both false|false)\b"
)


def false_info(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether one character's information can be false: yes (no, asked "always right"),
    by its own rule for it drunk or poisoned ("When the Empath is drunk or poisoned, the
    number need not be true"), else by the glossary's, for a character whose ability gives
    information (not one that learns nothing)."""
    found = one_asked(_FALSE_ASKED, u, "name", "name2")
    if found is None or u.conditions.get(found[1]):
        return None
    asked, cid = found
    always = asked.group("always") is not None
    word, answer = ("No", Answer.NO) if always else ("Yes", Answer.YES)
    name = kb.name(cid)
    own = rx.compiled(_FALSE_WHEN_IMPAIRED.format(name=re.escape(name)), re.IGNORECASE)
    for rid in kb.about.get(cid, ()):
        ruling = kb.rulings.get(rid)
        if ruling is None or ruling["character"] != cid:
            continue
        sentence = next((s for s in split_sentences(ruling["text"]) if own.search(s)), None)
        if sentence is not None:
            said = sentence.rstrip(".")
            return Verdict(
                answer,
                f"{word}: {said[0].lower()}{said[1:]}.",
                (Because.from_ruling(ruling, sentence),),
                firm=True,
            )
    said = _glossary_says(kb, "False info", r"drunk or poisoned")
    if said is None or not _LEARNS.search(kb.ability(cid)):
        return None
    entry, quote = said
    return Verdict(
        answer,
        f"{word}: the {name} has no rule of its own on it, and the game's holds: “{quote}” (the "
        "rules glossary, “False info”).",
        (Because.from_ruling(entry, quote),),
        firm=True,
    )


# an ability that gives its player information
_LEARNS = re.compile(r"\byou (?:start knowing|learn|are shown|see)\b|\blearns?\b", re.IGNORECASE)


# "can the chef be killed by the demon", "can the empath get attacked by the demon at night"
_DEMON_KILL_ASKED = re.compile(
    rf"\W*(?:can|could|may)\s+{_THE}(?P<name>[\w' -]+?)\s+"
    r"(?:still\s+|even\s+|ever\s+)?(?:be|get)\s+(?:killed|attacked|targeted|eaten|hit)\s+by\s+"
    r"(?:the\s+|a\s+)?demons?(?:\s+at\s+night|\s+tonight)?\W*",
    re.IGNORECASE,
)


def demon_may_kill(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether one character can be killed by the Demon, where its ability keeps no one
    alive: yes, by the glossary's entry for the Demon ("Demons usually kill players at
    night"); a character whose ability does (the Soldier, the Sailor, the Fool, the Mayor)
    is answered by its rulings."""
    found = one_asked(_DEMON_KILL_ASKED, u, "name")
    if found is None:
        return None
    cid = found[1]
    if u.told(cid):
        return None  # a state told (the death asked is none)
    if kb.characters.get(cid, {}).get("team") == "demon":
        return None  # a Demon killing a Demon is its own question (the Imp's starpass)
    if KEPT_ALIVE.search(kb.ability(cid)):
        return None
    said = _glossary_says(kb, "Demon", r"\bkill")
    if said is None:
        return None
    entry, quote = said
    return Verdict(
        Answer.YES,
        f"Yes: the {kb.name(cid)}'s ability keeps no one from dying, and the game's rule "
        f"holds: “{quote}” (the rules glossary, “Demon”).",
        (Because.from_ruling(entry, quote),),
        firm=True,
    )


# "can the godfather kill", "does the gossip kill anyone", "can the lycan even kill people"
_KILLS_ASKED = re.compile(
    rf"\W*(?:can|could|does|do|will)\s+{_THE}(?P<name>[\w' -]+?)\s+"
    r"(?:ever\s+|even\s+|also\s+|actually\s+)?(?:kill|kills)"
    r"(?:\s+(?:anyone|anybody|people|players|someone|somebody|a\s+player))?\W*",
    re.IGNORECASE,
)
# a death an ability brings about: "choose a player: they die", "a player might die", "all
# but 3 players die", "deaths tonight are arbitrary"; not its own ("you might die", "the 1st
# time you die") nor one it prevents ("they can't die")
_A_DEATH = re.compile(r"\b(?:die|dies|kill|kills|deaths)\b", re.IGNORECASE)
_NOT_A_KILL = re.compile(
    r"\b(?:you|can't|can’t|cannot|not|don't|don’t|doesn't|doesn’t|won't|never)\b(?:\s+\w+)?\s*$",
    re.IGNORECASE,
)
# a death a clause supposes ("If the Demon kills you", "until a good player dies") is no kill
_SUPPOSED = re.compile(r"\b(?:if|when|whenever|until|unless|once|after|before)\b", re.IGNORECASE)
# a death that happens in another's place ("another player might die instead")
_INSTEAD = re.compile(r"\W*(?:\w+\W+){0,2}?instead\b", re.IGNORECASE)


def _brings_a_death(sentence: str) -> bool:
    """A sentence of an ability that brings a death about (see _A_DEATH)."""
    for found in _A_DEATH.finditer(sentence):
        before = sentence[: found.start()]
        clause = re.split(r"[,:;]", before)[-1]
        if not (
            _NOT_A_KILL.search(before)
            or _SUPPOSED.search(clause)
            or _INSTEAD.match(sentence, found.end())
        ):
            return True
    return False


def kills(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether one character's ability kills, asked and nothing else: yes with the sentence of
    its ability that brings a death about, else no with the ability itself."""
    found = one_asked(_KILLS_ASKED, u, "name")
    if found is None or u.conditions.get(found[1]):
        return None
    cid = found[1]
    ruling = kb.ability_ruling(cid)
    if ruling is None:
        return None
    name = kb.name(cid)
    for sentence in split_sentences(ruling["text"]):
        if _brings_a_death(sentence):
            return Verdict(
                Answer.YES,
                f"Yes: the {name}'s ability: “{sentence}”",
                (Because.from_ruling(ruling, sentence),),
                firm=True,
                general=True,
            )
    return Verdict(
        Answer.NO,
        f"No: the {name}'s ability kills no one: “{ruling['text']}”",
        (Because.from_ruling(ruling),),
        firm=True,
        general=True,
    )


# "what happens if the imp is executed", "imp executed?", "what happens when the vortox dies",
# "what happens if we execute the chef"
_DEMON_DEATH_ASKED = re.compile(
    r"\W*(?:what\s+happens\s+(?:when|if|after)\s+|and\s+if\s+|if\s+)?"
    rf"{_THE}(?P<name>[\w' -]{{2,30}}?)\s+"
    r"(?:dies|died|is\s+killed|gets\s+killed|is\s+dead|(?:is|gets|got|was)\s+(?:executed|exed)"
    r"|executed|exed)"
    r"(?:\s+(?:at|in\s+the)\s+night|\s+tonight|\s+today)?(?:\s*,?\s*what\s+(?:now|happens))?\W*"
    r"|\W*what\s+happens\s+(?:when|if|after)\s+(?:we|you|i|they)\s+(?:execute|exe)\s+"
    rf"{_THE}(?P<name2>[\w' -]{{2,30}}?)(?:\s+today)?\W*",
    re.IGNORECASE,
)
# an ability's own death at night only ("If you die at night, another player might die
# instead."): nothing of it acts on an execution
_NIGHT_DEATH_CLAUSE = re.compile(
    r"(?:^|(?<=[.!] ))[^.!]*\b(?:if|when)\s+you\s+die\s+at\s+night\b[^.!]*[.!]", re.IGNORECASE
)


def demon_death(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """What happens when one Demon dies or is executed, asked and nothing else, where its
    ability says nothing of its own death (not the Zombuul, the Lleech, the Legion): the
    game's rule, "If the Demon dies, the good team wins" (the glossary's entry for the
    Demon)."""
    found = one_asked(_DEMON_DEATH_ASKED, u, "name", "name2")
    if found is None:
        return None
    cid = found[1]
    if set(u.conditions.get(cid, ())) - {Condition.DEAD, Condition.EXECUTED}:
        return None
    if kb.characters.get(cid, {}).get("team") != "demon" or OWN_DEATH_WORDS.search(kb.ability(cid)):
        return None
    said = _glossary_says(kb, "Demon", r"\bgood team wins\b")
    if said is None:
        return None
    entry, quote = said
    return Verdict(
        Answer.INFO,
        f"By the game's rule: “{quote}” (the rules glossary, “Demon”); the {kb.name(cid)}'s "
        f"ability says nothing of its own death.",
        (Because.from_ruling(entry, quote),),
        firm=True,
    )


# an ability's words for its player's death, being dead or an execution: its rulings answer
_OWN_FATE = re.compile(
    rf"{OWN_DEATH_WORDS.pattern}|\bexecut|\bkills? you\b|\byou died\b|\byou are dead\b"
    r"|\b(?:even|while|if|when) (?:you are )?dead\b",
    re.IGNORECASE,
)


def ordinary_death(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """What happens when one good character or Minion dies or is executed, asked and nothing
    else, where its ability says nothing of its own death, of being dead or of executions:
    nothing of its own; the glossary's rule for any player who dies ("they immediately lose
    their ability, ..."), and its own rule for it dead where it has one ("When the Fortune
    Teller is dead, do not wake them again")."""
    found = one_asked(_DEMON_DEATH_ASKED, u, "name", "name2")
    if found is None:
        return None
    asked, cid = found
    conditions = set(u.conditions.get(cid, ()))
    team = kb.characters.get(cid, {}).get("team")
    if conditions - {Condition.DEAD, Condition.EXECUTED} or team not in _ORDINARY_TEAMS:
        return None
    executed = Condition.EXECUTED in conditions or _EXECUTED_ASKED.search(asked.group(0))
    ability = kb.ability(cid)
    # (executed: a death at night its ability acts on is beside it, the Mayor's, the
    # Ravenkeeper's)
    by_day = _NIGHT_DEATH_CLAUSE.sub(" ", ability) if executed else ability
    if _OWN_FATE.search(by_day) or _disputed_in_death(u, kb, cid):
        return None  # (where the sources disagree, the rulings show both sides)
    if not executed:
        return _dead_rule(
            kb,
            cid,
            Answer.INFO,
            "Nothing of its own happens: its ability says nothing of its death.",
        )
    lead = f"The {kb.name(cid)} dies, as any player executed does, and nothing of its own happens"
    night = _NIGHT_DEATH_CLAUSE.search(ability)
    said = (
        f"its ability acts only on a death at night (“{night.group(0).strip()}”)."
        if night
        else "its ability says nothing of its death."
    )
    return _dead_rule(kb, cid, Answer.INFO, f"{lead}: {said}")


def _dead_rule(kb: AnswerKB, cid: str, answer: Answer, lead: str) -> Verdict | None:
    """``lead``, then the glossary's rule for any player who dies ("they immediately lose
    their ability, ..."), then the character's own rule for it dead where it has one."""
    said = _glossary_says(kb, "Dead", r"\blose their ability\b")
    if said is None:
        return None
    entry, quote = said
    because = [Because.from_ruling(entry, quote)]
    text = f"{lead} “{quote}” (the rules glossary, “Dead”)."
    own = _own_rule_dead(kb, cid)
    if own is not None:
        because.append(Because.from_ruling(*own))
        text += f" Its own rule: “{own[1]}”"
    return Verdict(answer, text, tuple(because), firm=True)


_ORDINARY_TEAMS = frozenset({"townsfolk", "outsider", "minion"})


def _disputed_in_death(u: Understanding, kb: AnswerKB, cid: str) -> bool:
    """A disagreement over the character that concerns the question: one that says when it
    is asked and is (the Sailor's, where a dead player is chosen), or one over what its
    death or being dead does."""
    return any(
        asked_about(c, u.question) and (c.get("asked_when") or c.get("topic") in _DEATH_TOPICS)
        for c in kb.conflicts.get(cid, ())
    )


_DEATH_TOPICS = frozenset({"dead", "resurrection"})
_EXECUTED_ASKED = re.compile(r"\bexecuted\b|\bexed\b", re.IGNORECASE)


def _own_rule_dead(kb: AnswerKB, cid: str) -> tuple[dict[str, Any], str] | None:
    """The character's own rule for when it is dead ("When the Fortune Teller is dead, do not
    wake them again"), or None."""
    name = re.escape(kb.name(cid))
    # (opening the sentence: "^")
    dead = rx.compiled(
        rf"^\b(?:when|if|while|once)\s+(?:the\s+)?{name}\s+(?:is|was)\s+dead\b", re.I
    )
    return next(iter(kb.sentences_of(cid, dead)), None)


# "can a dead monk use their ability", "does the empath's ability work when dead", "does a
# dead chef still wake"
_DEAD_ABILITY_ASKED = re.compile(
    r"\W*(?:(?:can|could|does|do|will)\s+(?:a\s+|the\s+|my\s+|our\s+)?dead\s+(?P<name>[\w' -]+?)"
    r"\s+(?:still\s+)?(?:use|keep|have)\s+(?:their|his|her|its|the)\s+(?:ability|power)"
    r"|(?:does|do|will)\s+(?:a\s+|the\s+|my\s+|our\s+)?dead\s+(?P<name2>[\w' -]+?)\s+(?:still\s+)?"
    r"(?:wake(?:\s+up)?|act|get\s+(?:their|his|her|its)\s+info)"
    r"|(?:does|do|will)\s+(?:the\s+|a\s+)?(?P<name3>[\w' -]+?)(?:'s|’s|s)?\s+ability\s+"
    r"(?:still\s+)?work\s+(?:when|if|after|once)\s+"
    r"(?:(?:they|he|she|it)(?:'re|’re|'s|’s|re|s|\s+is|\s+are)?\s+)?(?:dead|died|dies))\W*",
    re.IGNORECASE,
)


def dead_ability(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether one character's ability works once its player is dead, asked and nothing else,
    where its ability does not say it works in death or on it ("even if dead", "when you
    die") and no disagreement concerns the question: no, by the glossary's rule for any
    player who dies, with its own rule for it dead where it has one."""
    found = one_asked(_DEAD_ABILITY_ASKED, u, "name", "name2", "name3")
    if found is None:
        return None
    cid = found[1]
    if set(u.conditions.get(cid, ())) - {Condition.DEAD}:
        return None
    if works_in_death(kb.ability(cid)) or _disputed_in_death(u, kb, cid):
        return None
    return _dead_rule(
        kb, cid, Answer.NO, f"No: the {kb.name(cid)}'s ability does not say it works after death."
    )


# "is the recluse evil", "is the spy good or evil", "is the goon a minion", "what team is
# the goon on", "what alignment is the spy"
_TEAM_ASKED = re.compile(
    # ("does the drunk count as an outsider": what it is, not what it registers as)
    r"\W*(?:(?:is|are|(?:does|do)(?=\s+[\w' -]+?\s+count\s+as\b))\s+"
    rf"{_THE}(?P<name>[\w' -]+?)\s+(?:count\s+as\s+)?(?:a\s+|an\s+)?"
    r"(?P<what>good|evil|townsfolk|outsider|minion|demon|traveller|traveler)"
    r"(?:\s+or\s+(?P<alt>good|evil|townsfolk|outsider|minion|demon|traveller|traveler))?"
    r"(?:\s+(?:character|player|team))?"
    r"|what\s+(?:team|alignment|side|type)\s+(?:is|are)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<name2>[\w' -]+?)(?:\s+on)?)\W*",
    re.IGNORECASE,
)
# (a Fabled is the Storyteller's: "Fabled characters are neutral")
_GOOD_TEAMS = {
    "townsfolk": "good",
    "outsider": "good",
    "minion": "evil",
    "demon": "evil",
    "fabled": "neutral",
}
# each character type, and the glossary's term for it
_TYPE_TERM = {
    t: t.title() for t in ("townsfolk", "outsider", "minion", "demon", "traveller", "fabled")
}


def team_asked(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """What team and alignment one character is, from its type and the glossary's entry for
    that type ("Outsider: A type of character that begins good"): yes or no to one asked,
    the facts to "good or evil" or "what team"; a Traveller's alignment is the
    Storyteller's. Its ability's own words on registering or turning are said beside."""
    found = one_asked(_TEAM_ASKED, u, "name", "name2")
    if found is None or u.conditions.get(found[1]):
        return None
    asked, cid = found
    team = (kb.characters.get(cid, {}).get("team") or "").lower()
    term = _TYPE_TERM.get(team)
    # the sentence saying its alignment ("the Storyteller chooses their alignment")
    glossary = _glossary_says(kb, term, r"\b(?:good|evil|alignment|neutral)\b") if term else None
    glossary = glossary or (_glossary_says(kb, term) if term else None)
    if glossary is None:
        return None
    entry, quote = glossary
    name = kb.name(cid)
    alignment = _GOOD_TEAMS.get(team)
    fact = f"the {name} is a{'n' if team[0] in 'aeiou' else ''} {term}" + (
        f": {alignment}" if alignment else ": the Storyteller chooses its alignment"
    )
    ability = kb.ability(cid)
    aside = next(
        (s for s in split_sentences(ability) if _NOT_AS_TYPED.search(s)), None
    )  # "You might register as evil & as a Minion or Demon, even if dead."
    because = (Because.from_ruling(entry, quote),)
    said = f"{fact} (“{quote}”, the rules glossary)"
    if aside:
        said += f"; its ability: “{aside}”"
        ruling = kb.ability_ruling(cid)
        if ruling is not None:
            because = (*because, Because.from_ruling(ruling, aside))
    what = (asked.group("what") or "").lower().replace("traveler", "traveller")
    if not what or asked.group("alt"):
        return Verdict(Answer.INFO, to_sentence(said), because, firm=True)
    if alignment is None and what in ("good", "evil"):
        return Verdict(Answer.STORYTELLER, to_sentence(f"Your choice: {said}"), because, firm=True)
    holds = what == team or what == alignment
    if (
        not holds
        and aside
        and rx.search(r"\bcount\s+as\b", u.question, re.I)
        and rx.search(rf"\bregister as\b[^.]*\b{what}", aside, re.I)
    ):
        # "does the recluse count as evil": what it registers as, the Storyteller's choice
        return Verdict(Answer.STORYTELLER, to_sentence(f"Your choice: {said}"), because, firm=True)
    word, answer = ("Yes", Answer.YES) if holds else ("No", Answer.NO)
    return Verdict(answer, to_sentence(f"{word}: {said}"), because, firm=True)


# an ability that makes its player seem, or become, other than its type says
_NOT_AS_TYPED = re.compile(
    r"\bregister as\b|\bthink you are\b|\bturns? evil\b|\bbecome evil\b"
    r"|\bbecome (?:their|its|that|the other) alignment\b|\bchanges? alignment\b"
    r"|\bevil\b.*\byou are good\b|\byou are evil\b",
    re.IGNORECASE,
)


# "does the scarlet woman know who the demon is", "do the minions know each other", "does
# the imp know who his minions are"
_EVIL_INFO_ASKED = re.compile(
    rf"\W*(?:does|do|will|would)\s+{_THE}(?P<name>[\w' -]+?)\s+"
    r"(?:know|learn|find\s+out|get\s+told|see)\s+(?:who\s+)?(?:(?:the|their|his|her|its)\s+)?"
    r"(?P<whom>demons?|minions?|each\s+other|team(?:mates)?|evil\s+team|other\s+minions?)"
    r"(?:\s+(?:is|are))?\W*",
    re.IGNORECASE,
)
# the glossary's first-night step for each evil team, and a rule that speaks of either
_EVIL_INFO = {"minion": "Minion info", "demon": "Demon info"}
_INFO_STEP = re.compile(r"\bminion info\b|\bdemon info\b", re.IGNORECASE)


def evil_info(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether one Minion or Demon learns its team, where none of its own rules speak of the
    first night's Minion or Demon info (the Marionette, the Lunatic and others do): yes, in
    games of 7 or more players, by the glossary's entry for that step."""
    generic = _EVIL_INFO_ASKED.fullmatch(u.question.strip()) if not u.characters else None
    subject = rx.sub(r"s$", "", generic.group("name").lower()) if generic else ""
    if subject in _EVIL_INFO:
        # "do the minions know who the demon is": the team's own step, no character named
        term = _EVIL_INFO[subject]
    else:
        found = one_asked(_EVIL_INFO_ASKED, u, "name")
        if found is None or u.conditions.get(found[1]):
            return None
        cid = found[1]
        term = _EVIL_INFO.get((kb.characters.get(cid, {}).get("team") or "").lower())
        if term is None:
            return None
        if _own_rules_say(kb, cid, _INFO_STEP):
            # its own rules speak of that step: they answer, a no where they keep it from
            # waking for it ("During the Minion Info step, ... do not wake the Marionette")
            return _kept_from_info(kb, cid)
    said = _glossary_says(kb, term, r"\blearn")
    when = _glossary_says(kb, term, r"\b7 or more players\b")
    if said is None or when is None:
        return None
    entry, quote = said
    return Verdict(
        Answer.YES,
        f"Yes, in games of 7 or more players, on the first night: “{quote}” (the rules "
        f"glossary, “{term}”).",
        (Because.from_ruling(entry, when[1]), Because.from_ruling(entry, quote)),
        firm=True,
    )


def _kept_from_info(kb: AnswerKB, cid: str) -> Verdict | None:
    """No, by the character's own rule that it does not wake for its team's first-night
    info step (or that the step is skipped), else None (the rulings answer)."""
    name = re.escape(kb.name(cid))
    denial = rx.compiled(
        rf"\bdo not wake (?:the )?{name}\b|\b{name} does not wake\b"
        r"|\bskip the minion info\b",
        re.IGNORECASE,
    )
    for rid in kb.about.get(cid, ()):
        ruling = kb.rulings.get(rid)
        for sentence in split_sentences(ruling["text"]) if ruling else ():
            if _INFO_STEP.search(sentence) and denial.search(sentence):
                return Verdict(
                    Answer.NO, f"No: {clause(sentence)}.", (Because.from_ruling(ruling, sentence),)
                )
    return None


# "can the chef be the drunk", "can the drunk be a monk", "can the drunk think they are the
# saint": whether a character who thinks it is another can think it is that one
_THINKS_ASKED = re.compile(
    rf"\W*(?:(?:can|could|may)\s+{_THE}[\w' -]+?\s+(?:ever\s+)?(?:be|become)\s+"
    r"(?:the\s+|a\s+|an\s+)?[\w' -]+?"
    # "is the drunk ever the goon"
    rf"|(?:is|are)\s+{_THE}[\w' -]+?\s+ever\s+(?:the\s+|a\s+|an\s+)?[\w' -]+?"
    rf"|(?:can|could|may|does|do|will)\s+{_THE}[\w' -]+?\s+"
    r"(?:think|believe)s?\s+(?:that\s+)?(?:they(?:'re|\s+are)|theyre|he(?:'s|\s+is)|hes"
    r"|she(?:'s|\s+is)|shes|it(?:'s|\s+is))\s+(?:the\s+|a\s+|an\s+)?[\w' -]+?)\W*",
    re.IGNORECASE,
)
# an ability whose player thinks they are another: "You think you are a Townsfolk character"
_THINKS = re.compile(r"\byou think you are an? (townsfolk|outsider|minion|demon|good|evil)\b", re.I)
_GOOD_OR_EVIL = {"good": ("townsfolk", "outsider"), "evil": ("minion", "demon")}


def _ability_says(
    kb: AnswerKB, cid: str, pattern: re.Pattern[str]
) -> tuple[dict[str, Any], str] | None:
    """The character's ability as a ruling and its first sentence ``pattern`` finds, or None."""
    ruling = kb.ability_ruling(cid)
    sentence = ruling and next(
        (x for x in split_sentences(ruling["text"]) if pattern.search(x)), None
    )
    return (ruling, sentence) if sentence else None


def thinks_to_be(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether the one of two characters named whose player thinks they are another type
    (the Drunk a Townsfolk, the Lunatic a Demon, the Marionette a good character) can think
    they are the other: yes where the other is of that type, from the ability's words."""
    named = list(dict.fromkeys(u.characters))
    # (or one named and a type: "can the drunk be the demon", "can the drunk think hes a
    # minion")
    typed = _TYPE_AT_END.search(u.question.strip()) if len(named) == 1 else None
    if len(named) != 2 - bool(typed) or not _THINKS_ASKED.fullmatch(u.question.strip()):
        return None
    if any(u.conditions.get(cid) for cid in named):
        return None
    if not set(named) <= {m.id for m in u.mentions}:
        return None  # "can the red herring be the drunk": a player a token names, no character
    thinkers = [(cid, found) for cid in named if (found := _THINKS.search(kb.ability(cid)))]
    if len(thinkers) != 1:
        return None
    thinker, found = thinkers[0]
    # (one named and a type: the type; two named: the other's)
    other = next((cid for cid in named if cid != thinker), None)
    kind = found.group(1).lower()
    team = (
        (typed.group(1) or typed.group(2)).lower()
        if other is None
        else (kb.characters.get(other, {}).get("team") or "").lower()
    )
    fits = team in _GOOD_OR_EVIL.get(kind, (kind,))
    own = (kb.characters.get(thinker, {}).get("team") or "").lower()
    if (
        other is None
        and not rx.search(r"\b(?:think|thinks|believe|believes)\b", u.question)
        and (fits or team == own)
    ):
        return None  # "can the drunk be a townsfolk": what they are, or think they are?
    said = _ability_says(kb, thinker, _THINKS) if team else None
    if said is None:
        return None
    ruling, sentence = said
    article = "an" if kind[0] in "aeiou" else "a"
    word, answer = ("Yes", Answer.YES) if fits else ("No", Answer.NO)
    if other is None:  # "can the drunk be the demon": what the Drunk is, and thinks it is
        is_a = f"a{'n' if own[0] in 'aeiou' else ''} {own.title()}, " if own else ""
        text = (
            f"{word}: the {kb.name(thinker)}, {is_a}thinks they are {article} {found.group(1)} "
            f"character: “{sentence}”"
        )
    else:
        other_type = f"a{'n' if team[0] in 'aeiou' else ''} {team.title()}"
        text = (
            f"{word}: the {kb.name(thinker)} thinks they are {article} {found.group(1)} "
            f"character, and the {kb.name(other)} is {other_type}: “{sentence}”"
        )
    return Verdict(answer, text, (Because.from_ruling(ruling, sentence),), firm=True)


_TYPE_AT_END = re.compile(
    r"\b(?:the|a|an)\s+(townsfolk|outsider|minion|demon)s?\W*$"
    # "can a traveller be the drunk": a type the other side of "be"
    r"|^\W*(?:can|could|may|is|are)\s+(?:a|an)\s+(townsfolk|outsider|minion|demon|travell?er)s?\b",
    re.IGNORECASE,
)


# "can the recluse register as evil", "does the spy ping as a townsfolk", "can the chef show up
# as a demon"
_REGISTER_ASKED = re.compile(
    rf"\W*(?:can|could|does|do|will|would|may|might)\s+{_THE}"
    r"(?P<name>[\w' -]+?)\s+(?:ever\s+|even\s+|still\s+|also\s+|actually\s+)?"
    r"(?:register|ping|show\s+up|read|come\s+up)\s+as\s+(?:an?\s+|the\s+)?"
    r"(?P<what>evil|good|minion|demon|townsfolk|outsider)(?:\s+(?:player|character))?\W*",
    re.IGNORECASE,
)
# what each character type is, as a player registers by default
_TYPE_ALIGNMENT = {"townsfolk": "good", "outsider": "good", "minion": "evil", "demon": "evil"}
# an ability's own registration: "You might register as evil & as a Minion or Demon"
_OWN_REGISTERING = re.compile(r"\byou (?:might |may )?register\b", re.IGNORECASE)
# another's ability that makes a player register otherwise: "One good player registers as
# evil", "There is a good player that registers as a Demon to you"
_MAKES_REGISTER = re.compile(r"\b(?:player|players|them)\b[^.]*\bregisters?\b", re.IGNORECASE)


def registers(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether one character can register as an alignment or character type, asked and
    nothing else: yes where it is one (a player registers as what they are), or where its
    own ability says it might (the Recluse, the Spy); no where its own ability names other
    ways; else not by its own ability, with the other characters' abilities that make a
    player of its alignment register so."""
    found = one_asked(_REGISTER_ASKED, u, "name")
    if found is None:
        return None
    asked, cid = found
    if set(u.conditions.get(cid, ())) - {Condition.REGISTERING}:
        return None
    what = asked.group("what").lower()
    team = kb.characters.get(cid, {}).get("team") or ""
    alignment = _TYPE_ALIGNMENT.get(team)
    if alignment is None:
        return None  # (a Traveller's or a Fabled's alignment is the Storyteller's to give)
    name = kb.name(cid)
    if what in (team, alignment):
        return Verdict(
            Answer.YES,
            f"Yes: the {name} is {_a(team)} {team.title()}, so {alignment}.",
            (),
            firm=True,
        )
    ruling = kb.ability_ruling(cid)
    if ruling is None:
        return None
    own = next((x for x in split_sentences(ruling["text"]) if _OWN_REGISTERING.search(x)), None)
    if own is not None:
        says = rx.search(rf"\b{what}", own, re.IGNORECASE) is not None
        word = "Yes" if says else "No"
        return Verdict(
            Answer.YES if says else Answer.NO,
            f"{word}: the {name}'s ability: “{own}”",
            (Because.from_ruling(ruling, own),),
            firm=True,
        )
    others = [
        (other, sentence)
        for other in sorted(kb.characters)
        if other != cid and (other_ruling := kb.ability_ruling(other)) is not None
        for sentence in split_sentences(other_ruling["text"])
        if _MAKES_REGISTER.search(sentence)
        and rx.search(rf"\b{alignment}\b", sentence, re.IGNORECASE)
        and rx.search(rf"\bas (?:an? )?{what}\b", sentence, re.IGNORECASE)
        and kb.official(other)
    ]
    text = f"Not by its own ability: the {name}'s says nothing of registering."
    if others:
        listed = "; ".join(f"the {kb.name(o)}'s “{x}”" for o, x in others)
        kind = what if what in ("good", "evil") else f"{_a(what)} {what.title()}"
        text += f" Another's ability can make a {alignment} player register as {kind}: {listed}"
    return Verdict(
        Answer.INFO,
        text,
        tuple(Because.from_ruling(kb.ability_ruling(o), x) for o, x in others),
        firm=True,
        general=True,
    )


def _a(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


# "can the soldier be executed", "can we exe the lleech", "can a traveller get executed"
_EXECUTABLE_ASKED = re.compile(
    rf"\W*(?:(?:can|could|may)\s+{_THE}(?P<name>[\w' -]+?)\s+"
    r"(?:still\s+|even\s+|ever\s+|actually\s+)?(?:be|get)\s+(?:executed|exed|exe'?d|execd)"
    r"|(?:can|could|may)\s+(?:we|you|they|i|the\s+town)\s+(?:still\s+|even\s+|ever\s+)?"
    rf"(?:execute|exe|exec)\s+{_THE}(?P<name2>[\w' -]+?))\W*",
    re.IGNORECASE,
)


_AT_NIGHT = re.compile(r"\bat night\b|\btonight\b", re.IGNORECASE)


def executable(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether one character can be executed, asked and nothing else: a Traveller is exiled,
    not executed; anyone else can be, by the glossary's entry, with what its own ability
    says of its death or execution ("You can't die", "If you die by execution, your team
    loses") after it."""
    found = one_asked(_EXECUTABLE_ASKED, u, "name", "name2")
    if found is None:
        return None
    cid = found[1]
    if set(u.conditions.get(cid, ())) - {Condition.EXECUTED}:
        return None
    said = _glossary_says(kb, "Execution", r"\bother than a Traveller\b")
    team = kb.characters.get(cid, {}).get("team")
    if said is None or team not in (*_ORDINARY_TEAMS, "demon", "traveller"):
        return None
    entry, quote = said
    name = kb.name(cid)
    because = [Because.from_ruling(entry, quote)]
    if team == "traveller":
        return Verdict(
            Answer.NO,
            f"No: the {name} is a Traveller, who is exiled, not executed: “{quote}” (the rules "
            f"glossary, “Execution”).",
            tuple(because),
            firm=True,
        )
    text = f"Yes: any player but a Traveller can be: “{quote}” (the rules glossary, “Execution”)."
    ruling = kb.ability_ruling(cid)
    own = next(
        (
            x
            for x in (split_sentences(ruling["text"]) if ruling else ())
            if _OWN_FATE.search(x) and not _AT_NIGHT.search(x)  # (not "If you die at night")
        ),
        None,
    )
    if own is not None:
        because.append(Because.from_ruling(ruling, own))
        text += f" What then is the {name}'s own: “{own}”"
    return Verdict(Answer.YES, text, tuple(because), firm=True, general=True)


# "can the monk protect the same player two nights in a row", "can the poisoner pick the same
# person twice in a row"
_SAME_AGAIN_ASKED = re.compile(
    rf"\W*(?:can|could|may|is|are)\s+{_THE}(?P<name>[\w' -]+?)\s+"
    r"(?:allowed\s+to\s+|able\s+to\s+)?(?:choose|pick|target|protect|poison|kill|attack|go\s+for"
    r"|check|read)"
    r"\s+the\s+same\s+(?:player|person|guy|one|target)\s+"
    r"(?:(?:two|2|multiple)\s+nights\s+in\s+a\s+row|twice\s+in\s+a\s+row|(?:on\s+)?consecutive"
    r"\s+nights|again(?:\s+the\s+next\s+night)?|every\s+night|each\s+night"
    r"|(?P<twice>twice|two\s+times|more\s+than\s+once))\W*",
    re.IGNORECASE,
)
# an ability choosing more than one player a night: "twice" may be both picks of one night
_CHOOSES_SEVERAL = re.compile(r"\bchoose\s+(?:\d|two|three|up to)\b", re.IGNORECASE)
# an ability's or ruling's words on choosing the same player again
_NOT_AGAIN = re.compile(
    r"\bdifferent (?:to|from|than) (?:last|previous|the previous) nights?\b|\bin a row\b"
    r"|\bconsecutive\b|\bsame player\b",
    re.IGNORECASE,
)
_CHOOSES_NIGHTLY = re.compile(r"\beach night\*?,\s*(?:you may\s+)?choose\b", re.IGNORECASE)


def same_again(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether one character may choose the same player on consecutive nights, asked and
    nothing else: no where its ability says a different one ("different to last night"),
    yes where it chooses each night and nothing of its own says otherwise (where one of its
    rulings speaks of it, the rulings answer)."""
    found = one_asked(_SAME_AGAIN_ASKED, u, "name")
    if found is None or u.conditions.get(found[1]):
        return None
    cid = found[1]
    ruling = kb.ability_ruling(cid)
    if ruling is None or not _CHOOSES_NIGHTLY.search(ruling["text"]):
        return None
    if found[0].group("twice") and _CHOOSES_SEVERAL.search(ruling["text"]):
        return None  # "can the fortune teller pick the same player twice": in one night?
    name = kb.name(cid)
    denied = next((x for x in split_sentences(ruling["text"]) if _NOT_AGAIN.search(x)), None)
    if denied is not None:
        return Verdict(
            Answer.NO,
            f"No: the {name}'s ability: “{denied}”",
            (Because.from_ruling(ruling, denied),),
            firm=True,
        )
    if _own_rules_say(kb, cid, _NOT_AGAIN):
        return None  # (its own ruling on it answers: the Devil's Advocate's "not on two nights")
    return Verdict(
        Answer.YES,
        f"Yes: nothing in the {name}'s ability stops it: “{ruling['text']}”",
        (Because.from_ruling(ruling),),
        firm=True,
        general=True,
    )


# "can the virgin be nominated twice", "can the princess be nominated again today"
_NOMINATED_AGAIN_ASKED = re.compile(
    rf"\W*(?:can|could|may)\s+{_THE}(?P<name>[\w' -]+?)\s+(?:still\s+|even\s+)?(?:be|get)\s+"
    r"(?:nominated|nommed|nom'd|nomd)\s+(?:twice|again|more\s+than\s+once|a\s+second\s+time"
    r"|two\s+times)(?:\s+(?P<day>today|in\s+(?:a|one|the\s+same)\s+day|per\s+day|a\s+day"
    r"|(?:on\s+)?the\s+same\s+day))?\W*",
    re.IGNORECASE,
)
# an ability set off by its player's being nominated, and how often: "The 1st time you are
# nominated"
_WHEN_NOMINATED = re.compile(
    r"\b(?P<first>the (?:1st|first) time )?(?:you are|you're|they are) nominated\b", re.IGNORECASE
)


def nominated_again(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether one character can be nominated more than once: by the glossary's rule for
    every player (once per day), no on one day, yes on another; and where its ability is set
    off by its being nominated only the first time (the Virgin), that it does not work again."""
    found = one_asked(_NOMINATED_AGAIN_ASKED, u, "name")
    if found is None or set(u.conditions.get(found[1], ())) - {Condition.NOMINATED}:
        return None
    asked, cid = found
    said = _glossary_says(kb, "Nomination", r"\bcan be nominated once per day\b")
    if said is None:
        return None
    entry, quote = said
    because = [Because.from_ruling(entry, quote)]
    rule = f"“{quote}” (the rules glossary, “Nomination”)"
    if asked.group("day"):
        return Verdict(Answer.NO, f"No, not on one day: {rule}.", tuple(because), firm=True)
    text = f"Yes, on another day: {rule}"
    ruling = kb.ability_ruling(cid)
    trigger = _WHEN_NOMINATED.search(ruling["text"]) if ruling is not None else None
    if ruling is not None and trigger is not None and trigger.group("first"):
        name = kb.name(cid)
        text += f"; but the {name}'s ability works only the first time (“{ruling['text']}”)"
        because.append(Because.from_ruling(ruling))
    return Verdict(Answer.YES, f"{text}.", tuple(because), firm=True)


# "the imp attacks the ogre tonight, does the ogre die", "po killed the general, does he die"
_ATTACK_ASKED = re.compile(
    r"\W*(?:the\s+|my\s+|our\s+)?(?P<demon>[\w' -]+?)\s+(?:attacks|attacked|kills|killed|goes\s+for"
    r"|went\s+for|picks|picked|chooses|chose|targets|targeted|hits)\s+(?:the\s+|my\s+|our\s+)?"
    r"(?P<name>[\w' -]+?)(?:\s+(?:tonight|last\s+night|at\s+night|on\s+n\d+|n\d+))?\W+"
    r"(?:so\s+)?(?:does|will|did|do)\s+(?:the\s+)?(?:[\w' -]+?|he|she|they|it)\s+"
    r"(?:still\s+|actually\s+|really\s+)?die\W*",
    re.IGNORECASE,
)
# what in a character's ability may keep it alive or stop the kill (the Goon makes its chooser
# drunk), or in its rulings may keep it alive: the engine or the rulings must weigh it
_ABILITY_KEEPS_ALIVE = re.compile(
    rf"{KEPT_ALIVE.pattern}|\bsafe\b|\bprotect|\bwould die\b|\bchooses? you\b"
    r"|\bdoesn'?t kill\b|\bdoes not kill\b",
    re.IGNORECASE,
)
# the Demon's own kill of the one it chooses, with no case before it: "Each night*, choose a
# player: they die." (not the Zombuul's "if no-one died today, ...", the Pukka's poison)
_KILL = re.compile(
    r"\s*each night\*?,\s*(?:you may\s+)?choose (?:a|an|\d+|two|three) players?:\s*they die\b",
    re.IGNORECASE,
)


def _said_to_survive(kb: AnswerKB, cid: str, *, demon: bool = True) -> bool:
    """Whether a rule of the character's own says of it, by name, that it survives or cannot
    die ("the Psychopath does not die", "the Banshee does not die"), not of another ("The
    Storyteller ... does not die", under the Atheist); ``demon``: a sentence of surviving
    the Demon counts (not for an execution: "If the Demon tries to kill the Soldier, the
    Soldier does not die")."""
    name = re.escape(kb.name(cid))
    # (its name the subject: not "the player the Lunatic chooses does not die")
    itself = rx.compiled(
        rf"\b(?:the\s+)?{name}\s+(?:(?:still|also|simply|then|now|normally|themself)\s+)?"
        r"(?:can'?t die|cannot die|can not die|does not die|doesn'?t die|do not die"
        r"|is safe|survives?|remains? alive|would die|lives)\b",
        re.IGNORECASE,
    )
    if demon:
        return _own_rules_say(kb, cid, itself)
    texts = [x for _, x in kb.sentences_of(cid, itself)] + [
        x for x in split_sentences(kb.ability(cid)) if itself.search(x)
    ]
    # (nor one of a death at night: "If the Mayor would die at night, another player may die
    # instead")
    return any(not rx.search(r"\bdemon|\bat night\b", x, re.I) for x in texts)


# a case in which no Demon kills: "On your 1st day, if you nominated & executed a player,
# the Demon doesn't kill tonight."
_NO_KILL_CASE = re.compile(r"\bif\b[^.]*\b(?:doesn'?t|does not) kill\b", re.IGNORECASE)


def attacked(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether a character the rules engine does not simulate dies to the Demon's kill, asked
    and nothing else ("the imp attacks the ogre tonight, does the ogre die"): yes by the
    Demon's ability, where nothing of the other's (its ability or rulings) speaks of
    surviving, protection or drunkenness, no jinx joins them and no night is the first (the
    rulings answer those)."""
    asked = _ATTACK_ASKED.fullmatch(u.question.strip())
    if asked is None or len(set(u.characters)) != 2 or len(u.mentions) < 2:
        return None
    demon, cid = u.mentions[0].id, u.mentions[1].id
    if kb.characters.get(demon, {}).get("team") != "demon" or handler_for(cid) is not None:
        return None
    if kb.characters.get(cid, {}).get("team") == "demon":
        return None  # (a Demon's attack on another Demon is a case of its own)
    if not typed_as_named(asked.group("demon"), u) or demon == cid:
        return None
    if kb.characters.get(cid, {}).get("team") == "fabled":
        return _no_players(kb, cid, "and a Demon's kill is of a player.")
    told = {c for conds in u.conditions.values() for c in conds} - {Condition.OTHER_NIGHTS}
    if told - {Condition.DEAD} or (cid, Condition.DEAD) not in u.asked and told:
        return None
    # (a case of its own in which no Demon kills is said after the yes: the Princess's)
    keeps = [x for x in split_sentences(kb.ability(cid)) if _ABILITY_KEEPS_ALIVE.search(x)]
    cases = [x for x in keeps if _NO_KILL_CASE.search(x)]
    if kb.jinxes.get(frozenset((demon, cid))) or keeps != cases or _said_to_survive(kb, cid):
        return None
    ruling = kb.ability_ruling(demon)
    kill = ruling and next((x for x in split_sentences(ruling["text"]) if _KILL.match(x)), None)
    if not kill or _ABILITY_KEEPS_ALIVE.search(ruling["text"]):
        return None  # (the Fang Gu's jump: "you die instead"; the Pukka's death a night later)
    text = f"Yes: the {kb.name(demon)}'s ability: “{kill}”; nothing of the {kb.name(cid)}'s keeps "
    because = [Because.from_ruling(ruling, kill)]
    if not cases:
        return Verdict(Answer.YES, f"{text}them alive.", tuple(because), firm=True)
    own = kb.ability_ruling(cid)
    if own is None:
        return None
    because.append(Because.from_ruling(own, cases[0]))
    return Verdict(
        Answer.YES,
        f"{text}them alive, but in its own case the Demon does not kill: “{cases[0]}”",
        tuple(because),
        firm=True,
    )


# "do i still wake the empath if they are poisoned", "does a drunk chambermaid still wake",
# "do i wake a poisoned dreamer", "the monk is drunk tonight, do i wake him"
_IMPAIRED = r"(?:drunk|poisoned|drunk\s+or\s+poisoned|poisoned\s+or\s+drunk)"
_THEY = r"(?:they|he|she|it)(?:'re|’re|'s|’s|re|s|\s+is|\s+are|\s+was|\s+were|\s+get|\s+gets)?"
_IMPAIRED_WAKE_ASKED = re.compile(
    r"\W*(?:(?:do|should|must|would|can)\s+(?:i|we|you)\s+(?:still\s+|even\s+|also\s+)?"
    rf"wake\s+(?:up\s+)?{_THE}(?P<name>[\w' -]+?)\s+(?:up\s+)?"
    rf"(?:if|when|while|even\s+if|even\s+when)\s+{_THEY}\s+{_IMPAIRED}"
    r"|(?:does|do|will|would)\s+(?:a\s+|an\s+|the\s+|my\s+|our\s+)?"
    rf"{_IMPAIRED}\s+(?P<name2>[\w' -]+?)\s+(?:still\s+|even\s+|also\s+)?wake(?:\s+up)?"
    r"|(?:do|should|must|would|can)\s+(?:i|we|you)\s+(?:still\s+|even\s+|also\s+)?"
    rf"wake\s+(?:up\s+)?(?:a|an|the|my|our)\s+{_IMPAIRED}\s+(?P<name3>[\w' -]+?)(?:\s+up)?"
    rf"|{_THE}(?P<name4>[\w' -]+?)\s+(?:is|was|got|gets)\s+"
    rf"{_IMPAIRED}(?:\s+tonight)?\W+(?:do|should|must)\s+(?:i|we)\s+(?:still\s+|even\s+)?"
    r"wake\s+(?:them|him|her|it)(?:\s+up)?)\W*",
    re.IGNORECASE,
)


def impaired_wakes(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether a drunk or poisoned character still wakes, asked of one on the official night
    sheets and nothing else: yes, as normal, by the glossary (a drunk or poisoned player
    "has no ability but thinks they do, and the Storyteller acts like they do"), with its
    own rule for it drunk or poisoned where it has one (what its ability then does not
    do); not where a rule of its own speaks of waking it so (the Wraith)."""
    found = one_asked(_IMPAIRED_WAKE_ASKED, u, "name", "name2", "name3", "name4")
    if found is None:
        return None
    cid = found[1]
    states = set(u.conditions.get(cid, ()))
    if not states or states - {Condition.DRUNK, Condition.POISONED}:
        return None
    rows = {night: kb.night.get(night, {}).get(cid) for night in ("first", "other")}
    if not any(row is not None and not wakes_another(row, cid, kb) for row in rows.values()):
        # one the sheets never wake ("No: the Farmer is not woken; its night steps wake
        # others"), of the editions the sheets cover (not a homebrew or a Fabled)
        edition = kb.official(cid) and kb.characters[cid].get("origin") not in ("fabled", "loric")
        # (one that has another's ability wakes when that ability does: the Cannibal)
        borrowed = rx.search(r"\byou have (?:the|all|an?) [^.]*abilit", kb.ability(cid), re.I)
        return never_woken(cid, rows, kb) if edition and not borrowed else None
    name = kb.name(cid)
    # a rule of its own not to wake it drunk or poisoned ("When the Wraith is drunk or
    # poisoned, do not wake them") answers (not the Poisoner's on the one it poisons, nor
    # the Snitch's "Do not wake the Minion players")
    ruled = rx.compiled(
        rf"\b(?:when|if|while|whilst)\s+the\s+{re.escape(name)}\s+is\s+{_IMPAIRED}\b[^.]*"
        rf"\b(?:do not|don't|never|no need to)\s+wake\s+(?:them|the\s+{re.escape(name)})\b",
        re.IGNORECASE,
    )
    if _own_rules_say(kb, cid, ruled):
        return None
    own = rx.compiled(
        rf"\b{re.escape(name)}\b[^.]*\bdrunk or poisoned\b|\bdrunk or poisoned\b[^.]*"
        rf"\b{re.escape(name)}\b",
        re.IGNORECASE,
    )
    rule = next(iter(kb.sentences_of(cid, own)), None)
    return _impaired_rule(kb, states, Answer.YES, f"Yes: wake the {name} as normal: ", rule)


def _impaired_rule(
    kb: AnswerKB,
    states: set[Condition],
    answer: Answer,
    lead: str,
    rule: tuple[dict[str, Any], str] | None,
) -> Verdict | None:
    """``lead``, then the glossary's rule for a drunk or poisoned player ("A poisoned player
    has no ability but thinks they do, and the Storyteller acts like they do."), then the
    character's own ``rule`` for it so, where it has one."""
    term = "Poisoned" if Condition.POISONED in states else "Drunk"
    said = _glossary_says(kb, term)
    if said is None:
        return None
    entry, quote = said
    text = f"{lead}“{quote}” (the rules glossary, “{term}”)."
    because = [Because.from_ruling(entry, quote)]
    if rule is not None:
        text += f" Its own rule for it so: “{rule[1]}”"
        because.append(Because.from_ruling(*rule))
    return Verdict(answer, text, tuple(because), firm=True, general=True)


# "does the monk's ability still work if they are drunk", "does a poisoned monk's ability
# work", "does the monk still work when poisoned"
_IMPAIRED_WORKS_ASKED = re.compile(
    rf"\W*(?:does|do|will|would|can)\s+{_THE}"
    rf"(?:(?:{_IMPAIRED})\s+)?(?P<name>[\w' -]+?)(?:'s|’s|s)?\s+(?:ability\s+|power\s+)?"
    r"(?:still\s+|even\s+)?(?:work|function|happen|go\s+off|trigger)"
    rf"(?:\s+(?:if|when|while|even\s+if)\s+(?:{_THEY}\s+)?{_IMPAIRED})?\W*",
    re.IGNORECASE,
)
# its own rule that the ability still works, or that the state changes nothing
_WORKS_ANYWAY = re.compile(
    r"\bstill\b|\beven (?:if|when|though)\b|\bchanges nothing\b|\bunaffected\b|\bno effect on\b"
    r"|\bdoes not affect\b",
    re.IGNORECASE,
)


def impaired_ability(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether one character's ability works while it is drunk or poisoned, asked and nothing
    else: no, by the glossary's "A drunk player has no ability but thinks they do", with its
    own rule for it so where it has one (what then does not happen); not where its ability
    works so anyway ("even if drunk or poisoned") or its own rule says the state changes
    nothing or the ability still works (the Baron's set-up, the Goon): the rulings answer."""
    found = one_asked(_IMPAIRED_WORKS_ASKED, u, "name")
    if found is None:
        return None
    cid = found[1]
    states = set(u.conditions.get(cid, ()))
    if not states or states - {Condition.DRUNK, Condition.POISONED}:
        return None
    if (kb.characters.get(cid, {}).get("team") or "") in ("fabled", "loric", ""):
        return None
    ability = kb.ability(cid)
    if not ability or rx.search(r"\beven if (?:you are )?drunk\b|\bpoisoned\)", ability, re.I):
        return None
    name = kb.name(cid)
    own = rx.compiled(
        rf"\b(?:when|if|while|whilst)\s+(?:the\s+)?{re.escape(name)}\s+(?:is|was|becomes)\s+"
        rf"{_IMPAIRED}\b",
        re.IGNORECASE,
    )
    said_so = rx.compiled(
        rf"\b{re.escape(name)}\b[^.]*\b{_IMPAIRED}\b|\b{_IMPAIRED}\b[^.]*\b{re.escape(name)}\b",
        re.IGNORECASE,
    )
    sentences = kb.sentences_of(cid, said_so)
    if any(_WORKS_ANYWAY.search(sentence) for _, sentence in sentences):
        return None  # ("A drunk or poisoned Baron changes nothing: ...")
    rule = next((x for x in sentences if own.search(x[1])), None)
    return _impaired_rule(kb, states, Answer.NO, "No: ", rule)


# "can the recluse be the red herring", "can i make the drunk the fortune teller's red
# herring", "is the spy allowed to be the red herring"
_RED_HERRING = (
    r"(?:the\s+|a\s+|my\s+|our\s+|(?:their|there|his|her|its)\s+own\s+)?"
    r"(?:(?:ft|fortune\s+teller)(?:'s|’s|s)?\s+)?(?:red\s+herring|rh)"
)
_RED_HERRING_ASKED = re.compile(
    rf"\W*(?:(?:can|could|may|is|are)\s+{_THE}(?P<name>[\w' -]+?)"
    rf"\s+(?:be|allowed\s+to\s+be|ever\s+be)\s+{_RED_HERRING}"
    r"|(?:can|could|may)\s+(?:i|we|you)\s+(?:make|pick|choose)\s+(?:the\s+|a\s+|an\s+|my\s+)?"
    rf"(?P<name2>[\w' -]+?)\s+(?:as\s+)?{_RED_HERRING})\W*",
    re.IGNORECASE,
)


# "can the red herring be evil", "can the ft's red herring be a minion": its alignment asked
_RED_HERRING_KIND_ASKED = re.compile(
    rf"\W*(?:can|could|may|is|does)\s+{_RED_HERRING}\s+(?:ever\s+|also\s+)?(?:be|register\s+as)\s+"
    r"(?P<what>evil|good|an?\s+(?:minion|demon|evil\s+player|good\s+player|townsfolk|outsider))\W*",
    re.IGNORECASE,
)


def red_herring_kind(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether the Fortune Teller's red herring may be evil (a Minion, a Demon) or good,
    asked of no other character: the ability makes it a good player."""
    asked = _RED_HERRING_KIND_ASKED.fullmatch(u.question.strip())
    if asked is None or set(u.characters) - {"fortuneteller"}:
        return None
    said = _ability_says(kb, "fortuneteller", _GOOD_PLAYER)
    if said is None:
        return None
    ruling, good = said
    evil = bool(rx.search(r"\b(?:evil|minion|demon)\b", asked.group("what"), re.IGNORECASE))
    word, answer = ("No", Answer.NO) if evil else ("Yes", Answer.YES)
    return Verdict(
        answer,
        f"{word}: the red herring is a good player (the Fortune Teller's “{good}”).",
        (Because.from_ruling(ruling, good),),
        firm=True,
    )


# the Fortune Teller's red herring: "There is a good player that registers as a Demon to you."
_GOOD_PLAYER = re.compile(r"\bgood player\b")
# "The Fortune Teller themself is a valid choice."
_VALID_ITSELF = re.compile(r"\bthemself is a valid choice\b", re.IGNORECASE)


def red_herring(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether one character may be the Fortune Teller's red herring, asked and nothing else:
    the Fortune Teller's ability makes it a good player ("There is a good player that
    registers as a Demon to you."), so yes for a Townsfolk or an Outsider, no for a Minion
    or a Demon (by type, as the player is: the Drunk and the Lunatic are good, the
    Marionette evil), the Storyteller's for a Traveller, whose alignment is theirs."""
    asked = _RED_HERRING_ASKED.fullmatch(u.question.strip())
    if asked is None or not u.mentions:
        return None
    cid = u.mentions[0].id
    typed = asked.group("name") or asked.group("name2") or ""
    if not typed_as_named(typed, u) or set(u.characters) - {cid, "fortuneteller"}:
        return None
    if u.conditions.get(cid) or cid == "fortuneteller" and len(u.mentions) > 1:
        return None
    said = _ability_says(kb, "fortuneteller", _GOOD_PLAYER)
    team = (kb.characters.get(cid, {}).get("team") or "").lower()
    if said is None or team not in (*_GOOD_TEAMS, "traveller"):
        return None
    ruling, good = said
    name = kb.name(cid)
    said = f"the red herring is a good player (the Fortune Teller's “{good}”)"
    because = (Because.from_ruling(ruling, good),)
    if team == "fabled":
        return _no_players(kb, cid, f"and {said}.", because)
    if team == "traveller":
        return Verdict(
            Answer.STORYTELLER,
            f"Your choice: {said}, and a Traveller's alignment is the Storyteller's to give.",
            because,
            firm=True,
        )
    own = kb.sentences_of(cid, _VALID_ITSELF) if cid == "fortuneteller" else []
    if own:  # "can the FT be their own red herring": "The Fortune Teller themself is ..."
        return Verdict(
            Answer.YES,
            f"Yes: {own[0][1][0].lower()}{own[0][1][1:]}",
            (Because.from_ruling(*own[0]), *because),
            firm=True,
        )
    alignment = _GOOD_TEAMS[team]
    word, answer = ("Yes", Answer.YES) if alignment == "good" else ("No", Answer.NO)
    return Verdict(
        answer,
        f"{word}: {said}, and the {name} is {_a(team)} {_TYPE_TERM[team]}: {alignment}.",
        because,
        firm=True,
    )


# "can the goon turn evil", "could the chef become evil", "can the imp go good"
_TURN_ASKED = re.compile(
    rf"\W*(?:can|could|may|does|do|will)\s+{_THE}"
    r"(?P<name>[\w' -]+?)\s+(?:ever\s+|even\s+|still\s+)?"
    r"(?:turn|become|go|switch\s+to|flip\s+to|change\s+to|be\s+made|be\s+turned)\s+"
    r"(?P<what>evil|good)\W*",
    re.IGNORECASE,
)
# an ability changing its own player's alignment: "You become their alignment.", "you
# change alignment", "a chosen Demon swaps characters & alignments with you"
_OWN_TURNING = re.compile(
    r"\byou become (?:their|the) alignment\b|\byou become the alignment of\b"
    r"|\byou change alignment\b|\bswaps? characters? & alignments with you\b",
    re.IGNORECASE,
)
# another's ability making a player of a kind evil: "The 1st good player to say this word
# becomes evil", "they become an evil Demon", "The 1st Outsider this kills becomes an evil
# Fang Gu"
_MAKES_EVIL = re.compile(r"\bbecomes? (?:an )?evil\b", re.IGNORECASE)


def turns(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether one character can change alignment, asked and nothing else: yes by its own
    ability where it says so (the Goon, the Cult Leader, the Ogre); already so where it is
    of that alignment by type; for a good character asked of turning evil, yes by the
    official abilities that make a player of its type evil (the Mezepheles's good player,
    the Summoner's player, the Fang Gu's Outsider); else the rulings answer."""
    found = one_asked(_TURN_ASKED, u, "name")
    if found is None or u.conditions.get(found[1]):
        return None
    asked, cid = found
    what = asked.group("what").lower()
    team = (kb.characters.get(cid, {}).get("team") or "").lower()
    alignment = _GOOD_TEAMS.get(team)
    if alignment not in ("good", "evil"):
        return None
    name = kb.name(cid)
    ruling = kb.ability_ruling(cid)
    own = ruling and next(
        (x for x in split_sentences(ruling["text"]) if _OWN_TURNING.search(x)), None
    )
    if own:
        return Verdict(
            Answer.YES,
            f"Yes: the {name}'s ability: “{own}”",
            (Because.from_ruling(ruling, own),),
            firm=True,
        )
    term = _TYPE_TERM[team]
    if what == alignment:
        return Verdict(
            Answer.INFO, f"The {name} is {_a(team)} {term}: {alignment} already.", (), firm=True
        )
    if what != "evil":
        return None
    others = [
        (other, sentence)
        for other in sorted(kb.characters)
        if other != cid
        and kb.official(other)
        and (other_ruling := kb.ability_ruling(other)) is not None
        for sentence in split_sentences(other_ruling["text"])
        if _MAKES_EVIL.search(sentence) and _of_kind(sentence, team)
    ]
    if not others:
        return None
    listed = "; ".join(f"the {kb.name(o)}'s “{x}”" for o, x in others)
    return Verdict(
        Answer.YES,
        f"Yes, though not by its own ability: another's can make {_a(team)} {term} evil: {listed}",
        tuple(Because.from_ruling(kb.ability_ruling(o), x) for o, x in others),
        firm=True,
        general=True,
    )


def _of_kind(sentence: str, team: str) -> bool:
    """Whether a sentence making a player evil can be of a player of ``team``: one naming a
    character type only of that type ("The 1st Outsider this kills ..."), one naming none
    (or "good player") of any good player."""
    types = {
        t
        for t in ("townsfolk", "outsider", "minion", "demon")
        if rx.search(rf"\b{t}", sentence, re.I)
    }
    named = types - {"demon"} if rx.search(r"\bevil demon\b", sentence, re.I) else types
    return not named or team in named


# "does the saint die if executed", "would the mayor die if they get executed", "can the
# soldier survive execution"
_EXECUTION_DEATH_ASKED = re.compile(
    rf"\W*(?:(?:does|do|would|will|can)\s+{_THE}"
    r"(?P<name>[\w' -]+?)\s+(?:still\s+|actually\s+|really\s+)?die\s+(?:if|when|once)\s+"
    rf"(?:{_THEY}\s+)?(?:executed|exed|exe'd|exe’d)"
    rf"|(?:can|could|does|do|would|will)\s+{_THE}"
    r"(?P<name2>[\w' -]+?)\s+(?:survive|live\s+through)\s+(?:an?\s+|the\s+|their\s+)?"
    r"(?:execution|exe))\W*",
    re.IGNORECASE,
)
# an ability that may keep its own player alive through an execution ("You can't die.", "The
# 1st time you die, you don't.", "Executed good players might not die.", "If executed, you
# only die if you lose roshambo."); not one only safe from the Demon (the Soldier), nor
# one keeping others alive (the Tea Lady's "they can't die")
_MAY_SURVIVE = re.compile(
    r"\byou (?:can'?t|cannot|can not|might not|do not|don'?t) die\b|\bdie, you don'?t\b"
    r"|\byou live\b|\bregister as dead\b|\bmight not die\b"
    r"|\b(?:if|when) executed\b[^.]*\b(?:die|dies|don'?t)\b",
    re.IGNORECASE,
)


def dies_executed(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether one character dies when executed, asked and nothing else: yes, by the
    glossary's "Execution" (the group decision to kill a player), where nothing of its own
    may keep it alive and no rule of its own says it survives, with its ability's words on
    execution after (the Saint's "If you die by execution, your team loses."); a Traveller
    is exiled, not executed (no); not a Demon (its death is the game's) nor a Fabled."""
    found = one_asked(_EXECUTION_DEATH_ASKED, u, "name", "name2")
    if found is None:
        return None
    cid = found[1]
    if set(u.conditions.get(cid, ())) - {Condition.DEAD, Condition.EXECUTED}:
        return None
    team = (kb.characters.get(cid, {}).get("team") or "").lower()
    survive = bool(found[0].group("name2"))
    name = kb.name(cid)
    if team == "traveller":
        exile = _glossary_says(kb, "Exile", r"\bnot an execution\b")
        if exile is None:
            return None
        return Verdict(
            Answer.NO,
            f"No: the {name} is a Traveller, exiled, not executed: “{exile[1]}” (the rules "
            "glossary, “Exile”).",
            (Because.from_ruling(*exile),),
            firm=True,
            general=True,
        )
    if team not in ("townsfolk", "outsider", "minion"):
        return None
    ability = kb.ability(cid)
    if _MAY_SURVIVE.search(ability) or _said_to_survive(kb, cid, demon=False):
        return None
    said = _glossary_says(kb, "Execution", r"\bkill\b")
    if said is None:
        return None
    entry, quote = said
    word, answer = ("No", Answer.NO) if survive else ("Yes", Answer.YES)
    text = (
        f"{word}: nothing of the {name}'s keeps them alive, and an execution is “{quote}” "
        "(the rules glossary, “Execution”)."
    )
    because = [Because.from_ruling(entry, quote)]
    own = next((x for x in split_sentences(ability) if rx.search(r"\bexecut", x, re.I)), None)
    ruling = kb.ability_ruling(cid)
    if own and ruling is not None:
        text += f" Its ability: “{own}”"
        because.append(Because.from_ruling(ruling, own))
    return Verdict(answer, text, tuple(because), firm=True, general=True)


# "can the saint die at night", "can the assassin be killed at night"
_NIGHT_DEATH_ASKED = re.compile(
    rf"\W*(?:can|could|may|does|do|will)\s+{_THE}"
    r"(?P<name>[\w' -]+?)\s+(?:ever\s+|even\s+|still\s+|also\s+)?"
    r"(?:die|be\s+killed|get\s+killed)\s+(?:at|in\s+the|during\s+the)\s+night\W*",
    re.IGNORECASE,
)


def dies_at_night(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether one character can die at night, asked and nothing else: yes, by the glossary's
    "Demons usually kill players at night", where nothing of its own (its ability, or a
    ruling saying of it that it cannot die, survives or is safe) keeps it alive; not a Demon
    (whose own death its rulings and replay answer) nor a Fabled (no player's)."""
    found = one_asked(_NIGHT_DEATH_ASKED, u, "name")
    if found is None:
        return None
    cid = found[1]
    if set(u.conditions.get(cid, ())) - {Condition.DEAD}:
        return None
    if (kb.characters.get(cid, {}).get("team") or "") in ("demon", "fabled", ""):
        return None
    name = kb.name(cid)
    if KEPT_ALIVE.search(kb.ability(cid)) or _said_to_survive(kb, cid):
        return None
    said = _glossary_says(kb, "Demon", r"\bnight\b")
    if said is None:
        return None
    entry, quote = said
    return Verdict(
        Answer.YES,
        f"Yes: nothing of the {name}'s keeps them alive at night, and “{quote}” (the rules "
        "glossary, “Demon”).",
        (Because.from_ruling(entry, quote),),
        firm=True,
        general=True,
    )


# "does the chef count the baron", "does the empath count the drunk as evil", "is the spy
# counted by the empath"
_COUNTED_ASKED = re.compile(
    r"\W*(?:(?:does|do|will|would|can)\s+(?:the\s+|my\s+|our\s+)?(?P<counter>[\w' -]+?)\s+"
    r"(?:still\s+|even\s+)?(?:count|see|detect|pick\s+up|include)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<name>[\w' -]+?)"
    r"|(?:is|are|would|will)\s+(?:the\s+|a\s+|an\s+)?(?P<name2>[\w' -]+?)\s+(?:be\s+)?counted\s+"
    r"(?:by|for|in)\s+(?:the\s+|my\s+|our\s+)?(?P<counter2>[\w' -]+?))"
    r"(?:\s+as\s+(?:an?\s+)?(?P<as>evil|good))?(?:\s+(?:players?|ones?))?\W*",
    re.IGNORECASE,
)


def counted(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether an ability that learns of evil players (the Chef, the Empath) counts another
    character named, asked and nothing else: by its alignment (a Minion or Demon is evil,
    a Townsfolk or Outsider good), and the Storyteller's choice where its own ability says
    it might register as the other (the Spy, the Recluse)."""
    asked = _COUNTED_ASKED.fullmatch(u.question.strip())
    if asked is None or any(u.conditions.values()):
        return None
    typed = {m.text.lower(): m.id for m in u.mentions}
    counter = typed.get((asked.group("counter") or asked.group("counter2") or "").lower())
    cid = typed.get((asked.group("name") or asked.group("name2") or "").lower())
    if counter is None or cid is None or counter == cid or len(set(u.characters)) != 2:
        return None
    ruling = kb.ability_ruling(counter)
    learns = ruling and next(
        (x for x in split_sentences(ruling["text"]) if rx.search(r"\bevil\b", x, re.I)), None
    )
    alignment = _TYPE_ALIGNMENT.get(kb.characters.get(cid, {}).get("team") or "")
    if not learns or alignment is None:
        return None
    name, team = kb.name(cid), kb.characters[cid]["team"]
    wanted = (asked.group("as") or "evil").lower()
    because = [Because.from_ruling(ruling, learns)]
    what = f"the {name} is {_a(team)} {team.title()}, so {alignment}"
    own = kb.ability_ruling(cid)
    other = "good" if alignment == "evil" else "evil"
    may = own and next(
        (
            x
            for x in split_sentences(own["text"])
            if _OWN_REGISTERING.search(x) and rx.search(rf"\bas {other}\b", x, re.I)
        ),
        None,
    )
    if may:
        because.append(Because.from_ruling(own, may))
        return Verdict(
            Answer.STORYTELLER,
            f"Your choice: {what}, but “{may}” The {kb.name(counter)}'s ability: “{learns}”",
            tuple(because),
            firm=True,
            general=True,
        )
    yes = alignment == wanted
    return Verdict(
        Answer.YES if yes else Answer.NO,
        f"{'Yes' if yes else 'No'}: {what}; the {kb.name(counter)}'s ability: “{learns}”",
        tuple(because),
        firm=True,
        general=True,
    )


# something a character that sees the Grimoire may see, asked: "does the spy know who the
# drunk is", "can the spy see the red herring"
_SEES_ASKED = re.compile(
    rf"\W*(?:does|do|can|could|will|would)\s+{_THE}(?P<name>[\w' -]+?)\s+(?:still\s+|also\s+)?"
    r"(?:see|know|learn|find\s+out|spot)\s+(?P<what>[^?.!]+?)\W*",
    re.IGNORECASE,
)
_SEES_GRIMOIRE = re.compile(r"\b(?:see|look at) the Grimoire\b", re.IGNORECASE)
_EVERY_TOKEN = re.compile(r"\bevery (?:character|reminder token)\b", re.IGNORECASE)


def sees_grimoire(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether a character whose ability shows them the Grimoire (the Spy, the Widow) sees
    or knows something in it, asked of them and nothing else told: yes, by that ability,
    with its own ruling on what the Grimoire shows where it has one."""
    asked = _SEES_ASKED.fullmatch(u.question.strip())
    if asked is None or not u.mentions or rx.search(r"\bgrimoire\b", asked.group("what"), re.I):
        return None
    cid = u.mentions[0].id
    if not typed_as_named(asked.group("name"), u) or u.conditions.get(cid):
        return None
    said = _ability_says(kb, cid, _SEES_GRIMOIRE)
    if said is None:
        return None
    ruling, seeing = said
    every = kb.sentences_of(cid, _EVERY_TOKEN)
    because = [Because.from_ruling(ruling, seeing)]
    text = f"Yes: the {kb.name(cid)} sees the Grimoire (“{seeing}”)"
    if every:
        because.append(Because.from_ruling(*every[0]))
        text += f", and with it every token: “{every[0][1]}”"
    return Verdict(Answer.YES, to_sentence(text), tuple(because), firm=True)


# the whole-question readers, in the order they are tried (after evil_info and a term of
# the glossary the question names): the first to answer gives the verdict
READERS: tuple[Callable[[Understanding, AnswerKB], Verdict | None], ...] = (
    protected_from,
    acted,
    state_possible,
    false_info,
    demon_may_kill,
    demon_death,
    ordinary_death,
    dead_ability,
    kills,
    attacked,
    dies_at_night,
    dies_executed,
    impaired_wakes,
    impaired_ability,
    red_herring,
    red_herring_kind,
    sees_grimoire,
    turns,
    counted,
    same_again,
    nominated_again,
    executable,
    registers,
    team_asked,
    thinks_to_be,
)


# two players left: "two players left, imp and chef", "only 2 alive", "down to 2"
_TWO_ALIVE = re.compile(
    r"\b(?:two|2)\s+(?:players?\s+|ppl\s+|people\s+)?(?:are\s+)?(?:left|alive|remain(?:ing)?"
    r"|standing|living)\b|\b(?:final|last)\s+(?:two|2)\b|\bdown to (?:two|2)\b",
    re.IGNORECASE,
)
# a win asked: "who wins", "does evil win", "game over?"
_WIN_ASKED = re.compile(
    r"\bwho (?:wins|won|win)\b|\b(?:does|do|did|will|would)\s+(?P<side>evil|good|the evil team"
    r"|the good team|the demon|evil team|good team|the town)\s+win\b|\bgame over\b"
    r"|\b(?:does|is) the game (?:end|over)\b",
    re.IGNORECASE,
)


def two_alive(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Who wins with two players left, asked, where the question tells no Demon dead (its
    death decides first): evil, by the glossary's entry for the evil alignment."""
    if not _TWO_ALIVE.search(u.question):
        return None
    asked = _WIN_ASKED.search(u.question)
    if asked is None and _WHAT_HAPPENS_THEN.search(u.question):
        asked = _WIN_ASKED.search("who wins")  # "what happens at 2 players alive": who wins
    if asked is None or _demon_told_dead(u, kb):
        return None
    return _winner(kb, asked, "Evil", r"\b2 players are alive\b", "evil")


# the outcome asked, no side named: "what happens at 2 alive", "what now with two left"
_WHAT_HAPPENS_THEN = re.compile(r"\bwhat (?:happens|happened|now|then)\b", re.IGNORECASE)


def _demon_told_dead(u: Understanding, kb: AnswerKB) -> bool:
    """The question tells a Demon dead or executed: one named, or "the demon"."""
    gone = {Condition.DEAD, Condition.EXECUTED}
    return any(
        kb.characters.get(cid, {}).get("team") == "demon" and gone & set(conds)
        for cid, conds in u.conditions.items()
    ) or any(a == "demon" and c in gone for a, c in u.generic)


def _winner(
    kb: AnswerKB, asked: re.Match[str], term: str, says: str, winner: str
) -> Verdict | None:
    """``winner`` wins, by the glossary's entry for ``term`` (its sentence that ``says``):
    yes to that side's win asked, no to the other's, else said as information."""
    said = _glossary_says(kb, term, says)
    if said is None:
        return None
    entry, quote = said
    because = (Because.from_ruling(entry, quote),)
    quoted = f"“{quote}” (the rules glossary, “{term}”)"
    side = (asked.group("side") or "").lower()
    if not side:
        return Verdict(Answer.INFO, f"{winner.capitalize()} wins: {quoted}.", because, firm=True)
    if ("evil" if winner == "good" else "good") in side or (winner == "evil" and "town" in side):
        return Verdict(Answer.NO, f"No: {winner} wins: {quoted}.", because, firm=True)
    return Verdict(Answer.YES, f"Yes: {quoted}.", because, firm=True)


# how many votes an execution needs: "how many votes to execute with 7 alive"
_VOTES_NEEDED_ASKED = re.compile(
    r"\bhow many (?:votes|hands|people|ppl|players)\b[^.?!]*\b(?:exec\w*|exe|kill|die|need\w*"
    r"|block|on the block)\b|\bvotes? (?:do (?:i|we|you|they) )?need(?:ed)?\b",
    re.IGNORECASE,
)


def votes_needed(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """How many votes put a nominee on the block with N players alive, asked with N: at
    least half of them (rounded up), and more than any other nominee that day, by the
    glossary's entry for an execution."""
    if not _VOTES_NEEDED_ASKED.search(u.question):
        return None
    alive = counts(u.question)[0]
    said = _glossary_says(kb, "Execution", r"\bat least half\b") if alive else None
    if said is None:
        return None
    entry, quote = said
    need = (alive + 1) // 2
    return Verdict(
        Answer.INFO,
        f"{need} votes with {alive} players alive (at least half of them), and more than any "
        f"other nominee that day: “{quote}” (the rules glossary, “Execution”).",
        (Because.from_ruling(entry, quote),),
        firm=True,
    )


# a tie in the vote asked: "what happens if the vote ties", "two players tied on 4 votes"
_TIE_ASKED = re.compile(
    r"\b(?:tie|ties|tied|tying|draw|same (?:number of )?votes|equal (?:number of )?votes"
    r"|votes? (?:are|is|were|was) (?:equal|the same|even))\b",
    re.IGNORECASE,
)
_OF_A_VOTE = re.compile(r"\b(?:vote|votes|voted|voting|nominat\w*|noms?|execut\w*|block)\b", re.I)


def tied_vote(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """A tie in the day's vote, asked of no character ("what happens if the vote ties"):
    nobody is executed, by the glossary's entry for an execution (more votes than any other
    nominated player)."""
    if u.characters or not (_TIE_ASKED.search(u.question) and _OF_A_VOTE.search(u.question)):
        return None
    said = _glossary_says(kb, "Execution", r"\bmore votes than any other\b")
    if said is None:
        return None
    entry, quote = said
    return Verdict(
        Answer.INFO,
        "On a tie for the most votes nobody is executed: the nominee needs more votes than any "
        f"other: “{quote}” (the rules glossary, “Execution”).",
        (Because.from_ruling(entry, quote),),
        firm=True,
    )


# a Traveller's execution or nomination asked: "can travellers be executed", "can a
# traveller be nominated", "can you execute a traveller"
_TRAVELLER_EXECUTED_ASKED = re.compile(
    r"\b(?:can|could|may|do|does|are|is)\b[^.?!]*\btravell?ers?\b[^.?!]*\b(?:be|get|gets|getting)"
    r"\s+(?:nominated|executed|exed|exe'd)\b"
    r"|\b(?:can|could|may|do|does)\s+(?:you|we|i|they|the town|players)\s+(?:nominate|execute|exe)"
    r"\s+(?:a|the|any)?\s*travell?ers?\b",
    re.IGNORECASE,
)


_HOW_OFTEN = re.compile(rf"\s+(?:{_MORE_THAN_ONCE}|multiple times|every day)\b", re.IGNORECASE)


def traveller_executed(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether a Traveller can be nominated or executed, asked of no character: no, they are
    exiled, by the glossary's entries for an execution and an exile."""
    found = _TRAVELLER_EXECUTED_ASKED.search(u.question)
    if u.characters or not found or _HOW_OFTEN.search(u.question, found.end()):
        return None  # ("can a traveller be nominated twice": how often, not whether)
    execution = _glossary_says(kb, "Execution", r"\bother than a Traveller\b")
    exile = _glossary_says(kb, "Exile", r"\bTraveller\b")
    if execution is None or exile is None:
        return None
    return Verdict(
        Answer.NO,
        f"No: an execution is “{execution[1]}” (the rules glossary, “Execution”); a Traveller is "
        f"exiled instead: “{exile[1]}” (“Exile”).",
        (Because.from_ruling(*execution), Because.from_ruling(*exile)),
        firm=True,
    )


# a Traveller's own nomination or vote asked: "can travellers nominate", "do travelers vote"
_TRAVELLER_ACTS_ASKED = re.compile(
    r"\W*(?:can|could|may|do|does)\s+(?:a\s+|the\s+|my\s+|our\s+)?travell?ers?\s+"
    r"(?:still\s+|even\s+|ever\s+|get\s+to\s+|also\s+)*(?P<act>nominate|vote)\W*",
    re.IGNORECASE,
)


def traveller_acts(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether a Traveller may nominate or vote, asked of no character: yes while alive, by
    the glossary's entry for a Traveller (a character for players) and its rule for every
    alive player."""
    asked = _TRAVELLER_ACTS_ASKED.fullmatch(u.question.strip())
    if asked is None or u.characters:
        return None
    traveller = _glossary_says(kb, "Traveller", r"\bfor players\b")
    rule = _act_rule(kb, asked.group("act").lower(), dead=False)
    if traveller is None or rule is None:
        return None
    _, term, quote, because = rule
    return Verdict(
        Answer.YES,
        f"Yes, while alive: a Traveller is “{traveller[1]}” (the rules glossary, “Traveller”), "
        f"and the rule for every alive player holds: “{quote}” (“{term}”).",
        (Because.from_ruling(*traveller), because),
        firm=True,
    )


# whether the Storyteller may lie, asked: "can the storyteller lie", "am i allowed to lie",
# "is the st allowed to give false info"
_STORYTELLER_LIES_ASKED = re.compile(
    r"\b(?:can|could|may|should|do|does|is|am|are)\s+(?:the\s+)?(?:storyteller|st|i|we|you)\s+"
    r"(?:ever\s+|allowed\s+to\s+|supposed\s+to\s+|permitted\s+to\s+)?"
    r"(?:lie|lies|lying|give\s+(?:false|wrong|fake)\s+(?:info|information))\b",
    re.IGNORECASE,
)


def demon_first_night(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether "the Demon" kills on the first night, asked of no character: Demons usually
    kill at night, "each night*" (the asterisk: every night but the first), by the glossary's
    entries (a named Demon's own night order and rulings answer for it)."""
    question = u.question.lower()
    if u.characters or not (_FIRST_NIGHT.search(question) and _DEMON_ACTS.search(question)):
        return None
    usually = _glossary_says(kb, "Demon", r"\bkill\b")
    # (no entry of entries(): its words are all frame words, named by no question)
    starred = next(
        (
            r
            for r in kb.rulings.values()
            if r["source"] == SOURCE and r["text"].startswith("Each night*:")
        ),
        None,
    )
    if usually is None or starred is None:
        return None
    star = (starred, starred["text"].split(":", 1)[1].strip())
    meaning = rx.search(r"“([^”]+)”", star[1])
    if meaning is None:
        return None
    demons = [
        c for c in kb.characters.values() if c.get("team") == "demon" and kb.official(c["id"])
    ]
    starred_demons = [c for c in demons if "each night*" in (c.get("ability") or "").lower()]
    return Verdict(
        Answer.INFO,
        f"Not usually: “{usually[1]}” (the rules glossary, “Demon”); {len(starred_demons)} of "
        f"the {len(demons)} official Demons' abilities say “Each night*”, meaning "
        f"“{meaning.group(1)}” (“Each night*”). A Demon's own ability says where it differs.",
        (Because.from_ruling(*usually), Because.from_ruling(*star)),
        firm=True,
    )


_FIRST_NIGHT = re.compile(r"\b(?:first|1st|opening) night\b|\bnight (?:1|one)\b|\bn1\b")
_DEMON_ACTS = re.compile(
    r"\bdemons?\b[^.?!]*\b(?:kill\w*|attack\w*|act|acts|wake|wakes|choose|chooses)\b"
    r"|\b(?:kill\w*|attack\w*)\b[^.?!]*\bdemons?\b"
)


def storyteller_lies(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether the Storyteller may lie, asked of no character: about the rules never; with
    false information only where an ability malfunctions, by the glossary's entries for
    true and false information (a named character's case is its own rulings')."""
    if u.characters or not _STORYTELLER_LIES_ASKED.search(u.question):
        return None
    false = _glossary_says(kb, "False info", r"\bmay give false information\b")
    true = _glossary_says(kb, "True info", r"\bmust always give true information\b")
    if false is None or true is None:
        return None
    if rx.search(r"\babout (?:the )?rules?\b", u.question, re.IGNORECASE):
        return Verdict(
            Answer.NO,
            f"No: “{true[1]}” (the rules glossary, “True info”).",
            (Because.from_ruling(*true),),
            firm=True,
        )
    return Verdict(
        Answer.INFO,
        f"Only where an ability malfunctions: “{false[1]}” (the rules glossary, “False info”); "
        f"about the rules, never: “{true[1]}” (“True info”).",
        (Because.from_ruling(*false), Because.from_ruling(*true)),
        firm=True,
    )


# the first night's info steps, as storytellers speak of them
_INFO_STEPS = (
    (
        "minioninfo",
        re.compile(
            r"\bminion info\b|\bminions? (?:learn|learns|find out|see|know|get told|wake up to"
            r"|are shown)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "demoninfo",
        re.compile(
            r"\bdemon info\b|\bdemon (?:learns?|gets?|sees?|is shown) (?:\w+ )?(?:bluffs|minions)\b"
            r"|\bbluffs\b",
            re.IGNORECASE,
        ),
    ),
)
# (a comparison: not "never run lil monsta before.", the word ending its clause)
_BEFORE_OR_AFTER = re.compile(r"\b(before|after)\b(?!\s*[.,;:!?)]|\s*$)", re.IGNORECASE)
_WHICH_OF_TWO = re.compile(r"\b(?:before or after|after or before)\b", re.IGNORECASE)


def info_step_order(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Whether the first night's Minion or Demon info comes before or after one named
    character ("do minions learn the demon before the poisoner acts"), by the night sheet's
    steps: the one said first is asked to come before (or after) the other."""
    if len(set(u.characters)) != 1:
        return None
    found = next(((k, m) for k, p in _INFO_STEPS if (m := p.search(u.question))), None)
    relation = _BEFORE_OR_AFTER.search(u.question)
    if found is None or relation is None:
        return None
    (step, said), cid = found, u.characters[0]
    first = kb.night.get("first", {})
    if step not in first or cid not in first:
        return None  # (a character that does not wake on the first night: the rulings say)
    mention = next(m for m in u.mentions if m.id == cid)
    words = question_words(u)
    named_at = words[mention.start].start
    # "A before B": A is whichever of the two the question says first
    step_first = said.start() < named_at
    if not (min(said.start(), named_at) < relation.start() < max(said.end(), named_at)):
        return None  # (the before/after is not between them: another comparison)
    a, b = (step, cid) if step_first else (cid, step)
    before = first[a]["position"] < first[b]["position"]
    yes = before if relation.group(1).lower() == "before" else not before
    rows = sorted((first[step], first[cid]), key=lambda r: r["position"])
    listed = ", then ".join(
        f"{'the ' if r['id'] == cid else ''}{r['name']} (step {r['position']})" for r in rows
    )
    said_order = f"on the first night, {listed}"
    because = (
        Because(id=None, source="nightsheet.json", lines=None, quote=to_sentence(said_order)),
    )
    if _WHICH_OF_TWO.search(u.question):
        # "before or after minion info?": which, not a yes or no
        name = kb.name(cid)
        place = "before" if first[cid]["position"] < first[step]["position"] else "after"
        return Verdict(
            Answer.INFO,
            f"The {name} comes {place} {first[step]['name']}: by the official night sheet, "
            f"{said_order}.",
            because,
            firm=True,
        )
    word, answer = ("Yes", Answer.YES) if yes else ("No", Answer.NO)
    return Verdict(
        answer, f"{word}: by the official night sheet, {said_order}.", because, firm=True
    )


# when the first night's info is given, asked of no character: "when do i wake the minions on
# night 1", "when does the demon get their bluffs"
_INFO_WHEN_ASKED = re.compile(
    r"\bwhen\b[^?.!]*\b(?:(?:wake|show|tell)\s+(?:the\s+|my\s+)?(?P<who>minions|demon)\b"
    r"|(?P<who2>minion|demon)\s+info\b|(?P<bluffs>bluffs)\b)",
    re.IGNORECASE,
)


def info_step_when(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Where the first night's Minion or Demon info step is, asked of no character by name:
    its place on the official night sheet and the sheet's own words for it."""
    found = _INFO_WHEN_ASKED.search(u.question) if not u.characters else None
    if found is None:
        return None
    who = (found.group("who") or found.group("who2") or "demon").lower()
    step = "minioninfo" if who.startswith("minion") else "demoninfo"
    row = kb.night.get("first", {}).get(step)
    if row is None or not row.get("reminder"):
        return None
    reminder = row["reminder"]
    return Verdict(
        Answer.INFO,
        f"On the first night, {row['name']} is step {row['position']} of the official night "
        f"sheet: “{reminder}”",
        (Because(id=None, source="nightsheet.json", lines=None, quote=reminder),),
        firm=True,
    )


def demon_dead_win(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Who wins once the Demon is dead, asked of no character by name ("the demon is dead
    and a minion is alive, who wins"): good, by the glossary's entry for the Demon (a named
    character's part in it is the replay's)."""
    if u.characters or not _demon_told_dead(u, kb):
        return None
    asked = _WIN_ASKED.search(u.question)
    return _winner(kb, asked, "Demon", r"\bgood team wins\b", "good") if asked else None


def whole_question(u: Understanding, kb: AnswerKB, glossary: list[Found]) -> Verdict | None:
    """The verdict of the first whole-question reading that answers the question, or None
    (the rulings decide)."""
    # (the players' own act before the entry their words name: "do dead players get to
    # vote" is a yes, not the "Vote" entry's sentence as information)
    found = (
        two_alive(u, kb)
        or demon_dead_win(u, kb)
        or votes_needed(u, kb)
        or tied_vote(u, kb)
        or traveller_executed(u, kb)
        or traveller_acts(u, kb)
        or storyteller_lies(u, kb)
        or demon_first_night(u, kb)
        or script_night_order(u, kb)
        or info_step_order(u, kb)
        or info_step_when(u, kb)
        or evil_info(u, kb)
        or players_acted(u, kb)
        or answered(u, glossary)
    )
    return found or next((v for reader in READERS if (v := reader(u, kb)) is not None), None)
