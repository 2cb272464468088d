"""The small vocabularies the question reader needs: conditions, anchors, stop words, kinds.

Condition vocabulary (the only conditions the ask feature attaches to characters):

========================  ==================================================================
condition                 typed as
========================  ==================================================================
``drunk``                 drunk, drunkenness (but "the drunk" alone is the Drunk character)
``poisoned``              poisoned, poisoning, poisons (the verb marks its object)
``dead``                  dead, dies, died, die, dying, death, killed
``first-night``           first night, 1st night, night 1, night one, n1
``other-nights``          other nights, night 2 .. night 9, n2 .., second night, later nights
``executed``              executed, execution, exec'd, lynched; execute(s) marks its object
``nominated``             nominated, nomination, nom(s); nominate(s) marks its object
``protected``             protected, protection, safe; protect(s) marks its object
``mad``                   mad, madness, "mad about"
``registering``           registers, registering, registration, misregisters, pings as,
                          "shows demon" (a team or alignment right after pings/shows)
``becomes``               becomes, become, became, turns into
``self-target``           himself, herself, themself, themselves, itself, "their own",
                          "star pass" (the Imp choosing itself)
========================  ==================================================================

A condition word is attached to the character it is about: an adjective to the character it
precedes ("drunk Monk"), anything else to the nearest character before it ("the Sailor is
executed"), a transitive verb to its object ("the Poisoner poisons the Monk"), a time to every
character of a night-order question. Generic people ("a player", "the Demon", "his
neighbour") absorb the words that are about them, so they are not pinned on a named character.
A condition asked about an unnamed "who" ("imp kills the mayor, who dies") goes to the victim
of the action named before it (the verb's object), never to its doer; with no such victim it
stays unattached ("nodash, who gets poisoned").
"""

from __future__ import annotations

import enum
import re

from rapidfuzz.distance import OSA


class Condition(enum.StrEnum):
    DRUNK = "drunk"
    POISONED = "poisoned"
    DEAD = "dead"
    FIRST_NIGHT = "first-night"
    OTHER_NIGHTS = "other-nights"
    EXECUTED = "executed"
    NOMINATED = "nominated"
    PROTECTED = "protected"
    MAD = "mad"
    REGISTERING = "registering"
    BECOMES = "becomes"
    SELF_TARGET = "self-target"


class Kind(enum.StrEnum):
    INTERACTION = "interaction"
    HOW_TO_RUN = "how-to-run"
    REMINDERS = "reminders"
    NIGHT_ORDER = "night-order"
    RULING = "ruling"


class Role(enum.StrEnum):
    """How a condition word relates to the character it is about."""

    ADJECTIVE = "adjective"  # "drunk Monk", or after its subject: "Monk is drunk"
    SUBJECT = "subject"  # about the character before it: "the Sage dies"
    OBJECT = "object"  # a verb marking what follows: "poisons the Monk"
    SELF = "self"  # reflexive: the subject before it
    VERB = "verb"  # noun or verb: its object if one follows ("noms the Virgin"), else SUBJECT
    TIME = "time"


C = Condition
# surface form -> (condition, role); single words, lower case, apostrophes removed
FORMS: dict[str, tuple[Condition, Role]] = {
    **{w: (C.DRUNK, Role.ADJECTIVE) for w in ("drunk", "drunken", "drunkenness")},
    **{w: (C.POISONED, Role.ADJECTIVE) for w in ("poisoned", "poisoning")},
    **{w: (C.POISONED, Role.OBJECT) for w in ("poisons", "poison")},
    **{w: (C.DEAD, Role.ADJECTIVE) for w in ("dead",)},
    **{w: (C.DEAD, Role.SUBJECT) for w in ("dies", "died", "die", "dying", "death", "killed")},
    **{w: (C.EXECUTED, Role.ADJECTIVE) for w in ("executed", "execd", "exed", "lynched", "hanged")},
    **{w: (C.EXECUTED, Role.SUBJECT) for w in ("execution", "exe", "exec")},
    **{w: (C.EXECUTED, Role.OBJECT) for w in ("execute", "executes", "executing", "lynch")},
    **{w: (C.NOMINATED, Role.ADJECTIVE) for w in ("nominated", "nommed")},
    **{w: (C.NOMINATED, Role.SUBJECT) for w in ("nomination", "nominations")},
    **{w: (C.NOMINATED, Role.VERB) for w in ("nom", "noms")},
    **{w: (C.NOMINATED, Role.OBJECT) for w in ("nominate", "nominates", "nominating")},
    **{w: (C.PROTECTED, Role.ADJECTIVE) for w in ("protected", "safe")},
    **{w: (C.PROTECTED, Role.SUBJECT) for w in ("protection",)},
    **{w: (C.PROTECTED, Role.OBJECT) for w in ("protect", "protects", "protecting")},
    **{w: (C.MAD, Role.ADJECTIVE) for w in ("mad",)},
    **{w: (C.MAD, Role.SUBJECT) for w in ("madness",)},
    **{
        w: (C.REGISTERING, Role.SUBJECT)
        for w in (
            "register",
            "registers",
            "registering",
            "registered",
            "registration",
            "misregister",
            "misregisters",
            "misregistering",
            "misregistration",
        )
    },
    **{w: (C.BECOMES, Role.SUBJECT) for w in ("becomes", "become", "became", "becoming")},
    **{
        w: (C.SELF_TARGET, Role.SELF)
        for w in ("himself", "herself", "themself", "themselves", "itself", "yourself", "self")
    },
}
# Typo tolerance applies only to forms this long (short ones collide with ordinary words).
TYPO_MIN = 6

# Multi-word forms, matched on the lower-cased question before single words.
PHRASES: list[tuple[re.Pattern[str], Condition, Role]] = [
    (re.compile(p), c, r)
    for p, c, r in [
        (r"\b(?:first|1st) (?:night|nite)\b|\bnight (?:1|one)\b|\bn1\b", C.FIRST_NIGHT, Role.TIME),
        (
            r"\b(?:other|later|subsequent|following) nights?\b|\bnight [2-9]\b|\bn[2-9]\b"
            r"|\b(?:second|third|2nd|3rd) night\b|\beach night\*",
            C.OTHER_NIGHTS,
            Role.TIME,
        ),
        (r"\bturns? into\b|\bturned into\b|\bchanges? into\b", C.BECOMES, Role.SUBJECT),
        (
            r"\bpings? as\b|\bpinging as\b|\breads? as\b|\bshows? (?:up )?as\b",
            C.REGISTERING,
            Role.SUBJECT,
        ),
        # "ft pings the recluse, can it show demon": a team or alignment straight after the
        # verb is what the player registers as, with or without "as" ("the empath reads evil"
        # is the Empath's reading, not the Empath registering: "reads" needs its "as").
        (
            r"\b(?:pings?|pinging|shows?|showing) (?:up )?(?:an? )?"
            r"(?:demon|minion|evil|good|outsider|townsfolk|traveller)s?\b",
            C.REGISTERING,
            Role.SUBJECT,
        ),
        (r"\b(?:their|his|her|its) own\b", C.SELF_TARGET, Role.SELF),
    ]
]

# Generic people: they take the condition words about them ("a dead player", "the Demon dies").
ANCHORS = frozenset(
    "player players someone somebody anyone nobody noone no-one person people guy guys nominator "
    "nominee neighbour neighbours neighbor neighbors target targets babysitter host master "
    "grandchild demon demons minion minions townsfolk outsider outsiders traveller travellers "
    "traveler travelers executee victim".split()
)
# Person-words that are also verbs: "the monk target(s) themselves".
VERB_ANCHORS = frozenset({"target", "targets"})
PRONOUNS = frozenset("he she they it him her them his hes shes theyre its".split())
REFLEXIVES = frozenset("himself herself themself themselves itself".split())
COPULAS = frozenset(
    "is are was were be been being gets get got becomes stays stay remains "
    "while when if still goes went falls feel feels made makes make".split()
)
NEGATIONS = frozenset({"no", "without", "non"})
# Words between an adjective and its noun, or between a verb and its object.
FILLERS = frozenset(
    {
        "the",
        "a",
        "an",
        "or",
        "and",
        "&",
        "/",
        "poisoned",
        "drunk",
        "good",
        "evil",
        "alive",
        "living",
        "other",
        "same",
        "chosen",
    }
)
# Words that make a name that is also an ordinary word ("general", "judge") a character.
CUES = frozenset(
    {
        "the",
        "a",
        "an",
        "vs",
        "v",
        "versus",
        "and",
        "or",
        "with",
        "&",
        "+",
        "my",
        "our",
        "their",
        "his",
        "her",
        "your",
        "no",
    }
)

STOPWORDS = frozenset(
    """
a an the and or but if of in on at to by for from with without into onto about as is are was
were be been being am do does did doing done have has had having i me my we our you your he
him his she her it its they them their theyre this that these those there here what whats which
who whom whose when where why how can could will would shall should may might must not no nor
so than too very just also only own same then once again ever still yet all any both each
few more most other some such up down out off over under vs v versus pls plz lol tho though
ok okay yes yeah hmm um uh ah oh hi hey thx thanks btw imo idk rn gonna wanna kinda sorta
get gets got let lets like really right wrong thing things way happen happens happened
happening what's whats isnt doesnt dont cant wont didnt wasnt arent hasnt havent im ive id
char chars character characters ability abilities bounce bounces star starpass shot ping
pings grim jump jumps jumped handle
""".split()
)

KIND_PATTERNS: list[tuple[Kind, re.Pattern[str]]] = [
    (
        Kind.NIGHT_ORDER,
        re.compile(
            r"\bnight ?order\b|(?<!in )\border\b(?! to)|\bbefore or after\b"
            r"|\b(?:go|goes|going|wake|wakes|waking|act|acts|acting|move|moves)\s+"
            r"(?:first|before|after|last|earlier|later|sooner)\b"
            r"|\bwho (?:goes|wakes|acts|is) first\b|\bfirst in (?:the )?night\b"
            # "does the undertaker wake n1": whether a character is on a night's order
            r"|\bwak(?:e|es|ing)\b(?: up)?(?: on| at)?(?: the)? (?:n\d|night (?:\d|one)"
            r"|(?:first|1st|other|later) nights?|(?:every|each) night)"
        ),
    ),
    # Vote and life tokens belong to players, not to a character's reminders.
    (Kind.REMINDERS, re.compile(r"\breminders?\b|(?<!vote )(?<!life )\btokens?\b|\bmarkers?\b")),
    (
        Kind.HOW_TO_RUN,
        re.compile(
            r"\bhow (?:do|does|should|would|can|to)\b(?: \w+){0,4} "
            r"(?:run|running|work|works|set ?up|handle|manage|deal with)\b|\brunning\b|\bset-?up\b"
            r"|\bsetup\b"
            r"|\bexplain\b|\bhow\s*\??$"
            r"|\bwhat(?:s|'s| is| does)? (?:the |a |an )?\w+(?: \w+)? do\b"
        ),
    ),
]

# The storyteller asking what to do ("lunatic n1, what do I show them"): a procedure, so a
# how-to-run question when nothing but the character and a night is named with it.
PROCEDURE = re.compile(
    r"\bwhat (?:do|should|can|would) (?:i|we|you) (?:show|tell|give|say|do)\b"
    r"|\bwhat (?:to|should i) (?:show|tell|give|say)\b"
)


def condition_form(word: str) -> tuple[Condition, Role] | None:
    """The condition a single (lower-case, apostrophe-free) word expresses, if any, allowing
    one slip in a long word ("posioned", "exectued").

    >>> condition_form("poisoned")[0], condition_form("posioned")[0], condition_form("monk")
    (<Condition.POISONED: 'poisoned'>, <Condition.POISONED: 'poisoned'>, None)
    """
    if word in FORMS:
        return FORMS[word]
    if len(word) < TYPO_MIN or not word.isalpha():
        return None
    for form, value in FORMS.items():
        if len(form) >= TYPO_MIN and OSA.distance(word, form) <= 1:
            return value
    return None
