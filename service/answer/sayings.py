"""How the sources word things: a condition said of a character ("When the Monk is drunk"),
a storyteller's step ("Each night, wake the Chambermaid"); and the numbers and alignments a
question states ("only four alive", "the klutz got turned evil").

Pure text helpers shared by the ranking (:mod:`service.answer.score`) and the verdict.
"""

from __future__ import annotations

import functools
import re

from service.answer import rx
from service.answer.words import Condition

# How the sources word each condition, to find "When the Monk is drunk or poisoned".
WORDING: dict[Condition, str] = {
    Condition.DRUNK: r"drunk",
    Condition.POISONED: r"poison",
    Condition.DEAD: r"\bdead\b|\bdies\b|\bdied\b|\bdie\b|\bdeath\b|\bkilled\b"
    r"|\bkills? (?:them|the)",
    Condition.FIRST_NIGHT: r"first night",
    Condition.OTHER_NIGHTS: r"except the first|night\*",
    Condition.EXECUTED: r"execut",
    Condition.NOMINATED: r"nominat",
    Condition.PROTECTED: r"protect|safe|cannot die|can't die|does not die",
    Condition.MAD: r"\bmad\b|madness",
    Condition.REGISTERING: r"regist",
    Condition.BECOMES: r"becomes?|during the game|mid-?game|enters play"
    r"|\b(?:is|was|are|were|been|be) (?:made|created)\b(?! (?:drunk|poisoned|mad|to|into)\b)",
    Condition.SELF_TARGET: r"themsel|himself|herself|itself|\b(?:their|his|her|its) own\b",
}
OPENER = re.compile(
    r"^(?:Each night|Each day|During (?:set-?up|the first night|the day)|"
    r"While (?:preparing|setting up)|On (?:the|their) (?:First Night|first night"
    r"|first day)|When preparing|Before (?:the game|beginning)|[^.]{0,40}\bwake "
    r"(?:the|them)\b)",
    re.IGNORECASE,
)
# A storyteller instruction: "place the X token", "Wake the Y", "Show them ...".
INSTRUCTION = re.compile(
    r"(?:^|[.;:] |, )(?:then )?(?:wake|place|put|mark|show|point to|swap|"
    r"remove|announce|replace|give|tell|prompt|declare) (?:the|a|an|that|"
    r"them|each|any|all|one|two|three|on|by|with)\b",
    re.IGNORECASE,
)
EVENT_DEATH = re.compile(r"\b(?:dies|died|die|dying|killed|kill|kills|death)\b")
EVENT_WORDED = re.compile(EVENT_DEATH.pattern, re.IGNORECASE)  # as says() searches for it
SENTENCE = re.compile(r"(?<=[.!?])\s+")
# a sentence opening on the condition with no one named: "Going drunk ...", "If poisoned, ..."
IMPLICIT = re.compile(
    r"(?:If|When|While|Once|Even if) (?:going |being |becoming |getting |still )?"
    r"|(?:Going|Being|Becoming|Getting) ",
    re.IGNORECASE,
)
# strict: the name as the one the condition is about, not the object of a relative clause
# ("the player who chose the Goon is drunk" is not about a drunk Goon)
RELATIVE = re.compile(r"\b(?:who|that|which) \w+ (?:the |a |an )?$", re.IGNORECASE)
NUMERALS = {
    w: str(i) for i, w in enumerate("zero one two three four five six seven eight nine ten".split())
}
MANY = re.compile(r"\bmore than one\b|\bseveral\b|\bmultiple\b|\btwo or more\b", re.I)
NUMBER_WORD = re.compile(r"\b(?:\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten)\b")


@functools.lru_cache(maxsize=65536)
def says(
    text: str,
    name: str,
    condition: Condition,
    *,
    strict: bool = False,
    event: bool = False,
    acting: bool = False,
) -> bool:
    """One sentence names the character (or "they") and words the condition (``event``: a
    death the character dies; ``acting``: or a kill it makes, as what its death sets off)."""
    if condition not in worded(text) and not (event and EVENT_WORDED.search(text)):
        return False  # the words nowhere in the text (most rulings, for most conditions)
    words = EVENT_DEATH.pattern if event else WORDING[condition]
    subject = _subject(name, strict)
    for sentence in SENTENCE.split(text):
        opening = None if strict else IMPLICIT.match(sentence)
        if opening and rx.match(rf"(?:{words})", sentence[opening.end() :], re.IGNORECASE):
            return True  # "Going drunk switches off the voting rule": the character's own
        found = rx.search(subject, sentence, re.IGNORECASE)
        if not found or not rx.search(words, sentence, re.IGNORECASE):
            continue
        if strict and RELATIVE.search(sentence[: found.start()]):
            continue
        if event and not strict:
            if dies_itself(sentence, subject, acting=acting):
                return True
        elif near(sentence, subject, words):
            return True
    return False


# what may stand between a subject and its death verb: "the Gossip is executed and then
# dies", "the Ravenkeeper would be killed", "they do not die"
_BETWEEN = (
    r"(?:(?:is|are|was|were|be|been|being|would|will|can|could|may|might|must|should|does"
    r"|do|did|has|have|had|not|never|cannot|can't|can’t|won't|won’t|doesn't|doesn’t"
    r"|don't|don’t|didn't|didn’t|also|still|then|instead|only|just|already|and|or|now"
    r"|to|due|about|going|who|that|but|\w+ly|\w+ed"
    r"|(?:at|by|in|on|during|from|with) (?:the |a |an )?[\w'’]+)\s+){0,6}"
)
# a death with its subject left out, after the name: "The Plagiarist switches sides if
# killed at night"
_ELIDED = r"[^,;:.]*\b(?:if|when|once|unless|after|until) (?:killed|executed and dies)\b"
_DEATH_VERB = re.compile(
    r"\b(?:dies|died|die|dying|killed|kill(?:s|ed)? (?:them|him|her|it)sel(?:f|ves))\b",
    re.IGNORECASE,
)
_PRONOUN = r"\b(?:they|he|she)\s+"
_KILLS = re.compile(r"\bkills?\b", re.IGNORECASE)


def dies_itself(sentence: str, subject: str, *, acting: bool = False) -> bool:
    """The character is the one the sentence says dies: its subject ("If the Gossip dies
    after speaking", "the Soldier is attacked by the Demon, they do not die", "the Imp
    kills themself"), or whose death it names ("the Gossip’s death"); not a death beside
    it ("When the Gossip is drunk, a true statement kills nobody", "A death caused by the
    Gossip", "tell the Gossip; they can only infer it from who died"). ``acting``: or the
    kill it makes ("The Boomdandy now kills players", what its execution sets off).

    >>> dies_itself("If the Gossip dies after speaking, nothing happens.", "Gossip")
    True
    >>> dies_itself("When the Gossip is drunk, a true statement kills nobody.", "Gossip")
    False
    """
    named = rx.search(subject, sentence, re.IGNORECASE)
    if named is None:
        return False
    verbs = [*_DEATH_VERB.finditer(sentence), *(_KILLS.finditer(sentence) if acting else ())]
    for verb in verbs:
        before = sentence[: verb.start()]
        if rx.search(rf"(?:{subject})(?:['’]s)?\s+{_BETWEEN}$", before, re.IGNORECASE):
            return True
        if named.start() < verb.start() and rx.search(
            rf"{_PRONOUN}{_BETWEEN}$", before, re.IGNORECASE
        ):
            return True  # "they", "he" after the name: the name resumed
    if rx.search(rf"(?:{subject}){_ELIDED}", sentence, re.IGNORECASE):
        return True
    if acting and rx.search(
        rf"\bdeaths?\s+caused\s+by\s+(?:the\s+)?(?:{subject})", sentence, re.IGNORECASE
    ):
        return True  # "A death caused by the Moonchild ...": the kill its death sets off
    if rx.search(
        rf"(?:{subject})\W+(?:[\w'’]+\W+){{0,9}}kills?\s+(?:them|him|her)\b",
        sentence,
        re.IGNORECASE,
    ):
        return True  # its killing told after it: "the Banshee ... when the Demon kills them"
    return bool(
        rx.search(
            rf"(?:{subject})['’]s\s+(?:own\s+)?death\b|\bdeath of (?:the )?(?:{subject})",
            sentence,
            re.IGNORECASE,
        )
    )


@functools.lru_cache(maxsize=8192)  # one for each ruling: primed
def worded(text: str) -> frozenset[Condition]:
    """The conditions ``text`` words somewhere (WORDING), in any sentence.

    >>> sorted(c.value for c in worded("When the Monk is drunk, the protection fails."))
    ['drunk', 'protected']
    """
    return frozenset(c for c, words in WORDING.items() if rx.search(words, text, re.IGNORECASE))


def near(sentence: str, subject: str, words: str, after: int = 10, before: int = 1) -> bool:
    """The condition worded right after the name ("the Demon is drunk or poisoned") or just
    before it ("the poisoned Monk"), not elsewhere in the sentence ("If the Demon is drunk
    ... this is the Barber's ability").

    >>> near("If the Demon is drunk, the Barber acts.", "Barber", "drunk")
    False
    >>> near("If the Demon is drunk, the Barber acts.", "Demon", "drunk")
    True
    """
    spans = [(m.start(), m.end()) for m in rx.finditer(r"[\w'’-]+", sentence)]
    index = {start: i for i, (start, _) in enumerate(spans)}
    names = [index.get(m.start()) for m in rx.finditer(subject, sentence, re.IGNORECASE)]
    conds = [
        next((i for i, (a, b) in enumerate(spans) if a <= m.start() < b), None)
        for m in rx.finditer(words, sentence, re.IGNORECASE)
    ]
    return any(
        n is not None and c is not None and -before <= c - n <= after for n in names for c in conds
    )


def is_instruction(text: str) -> bool:
    """A storyteller's step: "Each night, wake the Chambermaid", "Place the X token".

    >>> is_instruction("Each night, wake the Chambermaid."), is_instruction("They learn 2.")
    (True, False)
    """
    return bool(OPENER.search(text) or INSTRUCTION.search(text))


@functools.lru_cache(maxsize=256)
def asked_numbers(question: str) -> frozenset[str]:
    """The numbers a question states, as figures ("no one" is nobody, not a number).

    >>> sorted(asked_numbers("SW with only four alive on night 2, no one else"))
    ['2', '4']
    """
    words = NUMBER_WORD.findall(question.lower())
    return frozenset(
        NUMERALS.get(w, w) for w in words if w.isdigit() or w in NUMERALS and w != "one"
    )


# "evil klutz", "the klutz got turned evil", "the damsel is evil": the alignment a question
# gives a character, which its rulings speak of ("If the Klutz has become evil")
ALIGNED_AFTER = (
    r"(?:is|was|are|turned|turns|became|becomes|now|goes|went|gone|got|gets|still|flipped|flips"
    r"|made|switched|to)"
)
NOT_ALIGNED = r"(?:players?|ones?|neighbou?rs?|team|minions?|demons?|townsfolk|character)\b"


@functools.lru_cache(maxsize=4096)
def said_alignment(question: str, names: tuple[str, ...]) -> str | None:
    """ "evil" or "good" when the question says so of the character written as ``names``.

    >>> said_alignment("my klutz got turned evil earlier", ("klutz",))
    'evil'
    >>> said_alignment("klutz got flipped evil a couple days ago", ("klutz",))
    'evil'
    >>> said_alignment("klutz picks an evil player", ("klutz",)) is None
    True
    >>> said_alignment("huntsman picks the damsel but the damsel is evil", ("damsel",))
    'evil'
    >>> said_alignment("the mayor is good player", ("mayor",)) is None
    True
    """
    lower = question.lower()
    if not rx.search(r"\b(?:evil|good)\b", lower):
        return None  # most questions: no pattern to build
    for written in names:
        before, after = _alignment_patterns(written.lower())
        found = rx.search(before, lower) or rx.search(after, lower)
        if found:
            return found.group(1)
    return None


def _alignment_patterns(name: str) -> tuple[str, str]:
    """said_alignment's patterns for a name in lower case: "evil klutz", "klutz got turned
    evil"."""
    name = re.escape(name)
    return (
        rf"\b(evil|good) {name}\b",
        rf"\b{name}(?:'s|s)?(?: (?:\w+ )?{ALIGNED_AFTER})+ (evil|good)\b(?! {NOT_ALIGNED})",
    )


def says_alignment(text: str, name: str, alignment: str) -> bool:
    """One sentence of ``text`` says the alignment of the character (or of "they").

    >>> says_alignment("If the Klutz has become evil, good loses.", "Klutz", "evil")
    True
    """
    subject = named_or_they(name)
    return any(
        near(sentence, subject, rf"\b{alignment}\b", after=5) for sentence in SENTENCE.split(text)
    )


def named_or_they(name: str) -> str:
    """A pattern for the character as a sentence's subject: named, or "they" opening it."""
    return rf"\b{spelled(name)}\b|^(?:If |When |While )?they\b"


def spelled(name: str) -> str:
    """A pattern for a name as the sources write it, with either apostrophe ("Lil’ Monsta").

    >>> bool(re.search(spelled("Lil' Monsta"), "Lil’ Monsta isn’t a player"))
    True
    """
    return re.escape(name).replace("'", "['’]")


# a death at night a question tells ("the demon killed the saint", "died in the night"), or
# a ruling's premise says ("on the night the Demon kills ..."); and an execution told
NIGHT_DEATH = re.compile(
    r"\bdemon kills?\b|\bkilled by the demon\b|\bdemon killed\b|\b(?:at|in the) night\b"
    r"|\b(?:dies|died|killed) (?:in the night|tonight|overnight)\b|\bto the demon\b"
    # "imp killed the gatekeeper tonight", "the po killed her last night"
    r"|\bkill(?:s|ed)\b[^.?!,;]{0,40}?\b(?:tonight|last night|overnight)\b",
    re.IGNORECASE,
)
# a kill moved elsewhere, as a thing: "bounce the kill onto the soldier", "redirect the kill"
# (where it lands is asked, not who dies)
KILL_MOVED = re.compile(
    r"\b(?:bounce|move|redirect|pass|transfer|shift|send|put)\w*\s+"
    r"(?:the|a|that|their|his|her|its|this)\s+kill\b",
    re.IGNORECASE,
)
# a prevention said of nothing: "No protection and no cannot-die ability stops it", "This
# cannot be prevented in any way", "nothing prevents it"
NOTHING_PREVENTS = (
    r"^(?:no (?:protection|ability|character)\b[^.;]{0,40}?|nothing (?:can )?)"
    r"\b(?:stops?|prevents?|saves?)\b"
    r"|\bcan(?:not|'t|’t| not) be (?:prevented|stopped)\b"
)
EXECUTION_TOLD = re.compile(r"\bexe(?:d|cuted?|cution|cutes)?\b|\bexe'd\b|\bexile", re.I)


def night_death_told(question: str) -> bool:
    """The question tells a death at night, and no execution."""
    return bool(NIGHT_DEATH.search(question)) and not EXECUTION_TOLD.search(question)


# a question saying its sources differ: "books say different things", "my notes contradict"
DISAGREEMENT_TOLD = re.compile(
    r"\b(?:books?|sources?|notes|guides?|docs|sheets|references?|almanacs?)\b[^.?!]{0,30}"
    r"\b(?:say|says|said|disagree\w*|contradict\w*|differ\w*|different)\b"
    r"|\b(?:seen|read|heard) (?:it )?(?:both|two|2) ways?\b|\bseen both\b|\bdisagree\w*\b"
)


def _subject(name: str, strict: bool) -> str:
    """The character by name (``strict``), or by name or "they" opening a sentence."""
    return rf"\b{spelled(name)}\b" if strict else named_or_they(name)


def prime(names: list[str]) -> None:
    """Compile the patterns ``says`` builds for these names and every condition now."""
    for words in (*WORDING.values(), EVENT_DEATH.pattern):
        rx.compiled(words, re.IGNORECASE)
        rx.compiled(rf"(?:{words})", re.IGNORECASE)
    for name in names:
        for strict in (False, True):
            rx.compiled(_subject(name, strict), re.IGNORECASE)
        for pattern in _alignment_patterns(name.lower()):
            rx.compiled(pattern)


def denied_state_told(premise: str, question: str) -> bool:
    """A premise that a thing is not so ("the statement was not true", "the Demon is not in
    play") where the question, lower-cased, says it is, undenied ("made a true statement").

    >>> denied_state_told("if the statement was not true", "gossip made a true statement")
    True
    >>> denied_state_told("if the statement was not true", "the statement wasnt true")
    False
    """
    found = NOT_SO.search(premise)
    if found is None:
        return False
    state = re.escape(found.group(1))
    return bool(rx.search(rf"\b{state}\b", question)) and not rx.search(
        # (nor only thought so: "the drunk (thinks theyre a townsfolk)")
        rf"\b(?:(?:not|no|isnt|isn't|wasnt|wasn't|never|thinks?|thought|believes?)\s+"
        rf"(?:[\w']+\s+){{0,2}}|non-?){state}\b",
        question,
    )


# a thing said not to be so: "the statement was not true", "the Demon is not in play"
NOT_SO = re.compile(
    r"\b(?:is|was|are|were) not (?:an? )?"
    # ("If the nominator is not a Townsfolk" for "nominated by a drunk townsfolk")
    r"(true|false|in play|alive|dead|townsfolk|outsider|minion|demon|traveller)\b"
)


# an ability's words for its own player's death, survival or execution ("You die if & only if
# they are dead", "The 1st time you die, you live", "You can't die", "Executions fail if only
# evil voted"): where it has them, its death is its rulings' to answer, not the game's rule
OWN_DEATH_WORDS = re.compile(
    r"\byou (?:die|live|survive|are killed|are executed)\b|\bcan(?:not|'t|’t| not) die\b"
    r"|\b(?:do|does) not die\b|\bexecutions? fail",
    re.IGNORECASE,
)
# an ability that keeps its player (or another) from dying: its rulings answer ("You are safe
# from the Demon", "You can't die", "The 1st time you die, you don't", "another player might
# die instead")
KEPT_ALIVE = re.compile(
    r"\bsafe from the demon\b|\bcan't die\b|\bcannot die\b|\bdie, you don't\b|\bdo not die\b"
    r"|\bdoes not die\b|\binstead\b",
    re.IGNORECASE,
)


def none_alive_denied(said: str, question: str) -> bool:
    """The sentence says no player of a character type is alive ("There are no living
    Minions", "no Outsiders are alive"), where the question says one is ("minions alive: the
    spy and the witch", "a minion is still alive")."""
    lower = question.lower()
    for match in _NONE_OF_A_TYPE_ALIVE.finditer(said):
        kind = match.group(1) or match.group(2)
        if rx.search(_A_TYPE_ALIVE.format(kind=re.escape(kind.lower())), lower):
            return True
    return False


_NONE_OF_A_TYPE_ALIVE = re.compile(
    r"\bno (?:living|alive) (minion|demon|outsider|townsfolk)s?\b"
    r"|\bno (minion|demon|outsider|townsfolk)s? (?:is|are) (?:still )?alive\b",
    re.IGNORECASE,
)
# (not "no minions alive", "no living minion")
_A_TYPE_ALIVE = (
    r"(?<!\bno )(?<!\bnot )\b{kind}s?\s*(?:is\s+|are\s+)?(?:still\s+)?(?::\s*)?alive\b"
    r"|(?<!\bno )\b(?:living|alive)\s+{kind}s?\b"
)
