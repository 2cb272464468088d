"""The small vocabularies the question reader needs: conditions, anchors, stop words, kinds.

Condition vocabulary (the only conditions the ask feature attaches to characters):

========================  ==================================================================
condition                 typed as
========================  ==================================================================
``drunk``                 drunk, drunkenness (but "the drunk" alone is the Drunk character)
``poisoned``              poisoned, poisoning, poisons (the verb marks its object)
``dead``                  dead, dies, died, die, dying, death, killed
``first-night``           first night, 1st night, night 1, night one, n1
``other-nights``          other nights, night 2 .. 19 or two .. ten, n2 .., fourth night, later
``executed``              executed, execution, exec'd, lynched; execute(s) marks its object
``nominated``             nominated, nomination, nom(s); nominate(s) marks its object
``protected``             protected, protection, safe; protect(s) marks its object
``mad``                   mad, madness, "mad about"
``registering``           registers, registering, registration, misregisters, pings as, pinged as,
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
import functools
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


# How a condition reads in a sentence about a character: ("is drunk", "is"), so that a
# reason says "when the Monk is drunk" and "speaks of someone who is drunk (the Monk is)".
STATES: dict[Condition, tuple[str, str]] = {
    Condition.DRUNK: ("is drunk", "is"),
    Condition.POISONED: ("is poisoned", "is"),
    Condition.DEAD: ("is dead", "is"),
    Condition.FIRST_NIGHT: ("acts on the first night", "does"),
    Condition.OTHER_NIGHTS: ("acts on a later night", "does"),
    Condition.EXECUTED: ("is executed", "is"),
    Condition.NOMINATED: ("is nominated", "is"),
    Condition.PROTECTED: ("is protected", "is"),
    Condition.MAD: ("is mad", "is"),
    Condition.REGISTERING: ("registers as something else", "does"),
    Condition.BECOMES: ("is made in play", "is"),
    Condition.SELF_TARGET: ("chooses itself", "does"),
}


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
# bringing a dead player back: the death a premise, never asked ("can the prof revive the fool")
RESURRECTING = frozenset(
    {"revives", "revive", "reviving", "resurrects", "resurrect", "resurrecting"}
)
# "brings the chef back", "brought back the fool": a resurrection, said with "back"
BRINGING_BACK = re.compile(
    r"\b(?:bring|brings|brought|bringing)(?= back\b| (?:the |our |my |a |an )?[a-z'’-]+"
    r"(?: [a-z'’-]+)? back\b)"
)


def resurrecting(words: list, index: int) -> bool:
    """The word at ``index`` says a resurrection: "revives", or the "brings" of "brings the
    chef back" (its object is dead before it)."""
    word = words[index].bare
    if word in RESURRECTING:
        return True
    return word in ("bring", "brings", "brought", "bringing") and any(
        w.bare == "back" for w in words[index + 1 : index + 5]
    )


# surface form -> (condition, role); single words, lower case, apostrophes removed
FORMS: dict[str, tuple[Condition, Role]] = {
    **{w: (C.DRUNK, Role.ADJECTIVE) for w in ("drunk", "drunken", "drunked", "drunkd")},
    # "the drunkenness carry on?": a state as a noun, someone's only if said whose
    **{w: (C.DRUNK, Role.SUBJECT) for w in ("drunkenness",)},
    # "courtier drank the vizier": made the vizier drunk (storytellers' past of "to drunk")
    "drank": (C.DRUNK, Role.OBJECT),
    # "pois'd", "po'd", "ded": storytellers' short forms (read without the apostrophe)
    **{w: (C.POISONED, Role.ADJECTIVE) for w in ("poisoned", "poisoning", "poisd", "pod", "poed")},
    **{w: (C.POISONED, Role.OBJECT) for w in ("poisons", "poison")},
    **{w: (C.DEAD, Role.ADJECTIVE) for w in ("dead", "ded")},
    **{w: (C.DEAD, Role.SUBJECT) for w in ("dies", "died", "die", "dying", "death")},
    # "the imp killed the monk": the one killed; "killed by the imp", "was killed": the subject
    # "vortox kills the banshee" too (see understand: only as a verb after its subject)
    **{w: (C.DEAD, Role.VERB) for w in ("killed", "kills", "killd", "kiled")},
    # "trapper got assassinated": killed, by the Assassin or anyone
    **{w: (C.DEAD, Role.VERB) for w in ("assassinated", "assasinated", "assassinatd")},
    # "the gatekeeper got eaten by the demon": killed in the night, storytellers' slang
    **{w: (C.DEAD, Role.ADJECTIVE) for w in ("eaten",)},
    **{
        w: (C.EXECUTED, Role.ADJECTIVE)
        for w in ("executed", "execd", "exed", "exd", "lynched", "hanged", "hung", "axed")
    },
    **{w: (C.EXECUTED, Role.SUBJECT) for w in ("execution", "exe", "exec")},
    **{
        w: (C.EXECUTED, Role.OBJECT)
        for w in ("execute", "executes", "executing", "exing", "lynch", "exes")
    },
    # "the imp nominated her": its object; "the virgin is nominated": the subject
    **{w: (C.NOMINATED, Role.VERB) for w in ("nominated", "nommed", "nomd", "nomed")},
    **{w: (C.NOMINATED, Role.SUBJECT) for w in ("nomination", "nominations")},
    **{w: (C.NOMINATED, Role.VERB) for w in ("nom", "noms")},
    **{
        w: (C.NOMINATED, Role.OBJECT)
        for w in ("nominate", "nominates", "nominating", "nomming", "noming")
    },
    # "professor revives the chef": the one brought back was dead (implied: understand)
    **{w: (C.DEAD, Role.OBJECT) for w in RESURRECTING},
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
            "regs",
            "reg",  # "used its reg as good thing"
        )
    },
    # "someone became the FT": the character it names after it; "the SW becomes demon": the one
    # before it (see attach)
    **{w: (C.BECOMES, Role.VERB) for w in ("becomes", "become", "became", "becoming")},
    # "steward created midgame", "the pit hag creates a vortox": a character made in play.
    **{w: (C.BECOMES, Role.ADJECTIVE) for w in ("created",)},
    **{w: (C.BECOMES, Role.OBJECT) for w in ("creates", "create", "creating")},
    # "summoner summons zombuul into a dead guy": the Demon it makes
    **{w: (C.BECOMES, Role.OBJECT) for w in ("summons", "summon", "summoned", "summoning")},
    **{
        w: (C.SELF_TARGET, Role.SELF)
        for w in ("himself", "herself", "themself", "themselves", "itself", "yourself", "self")
    },
}
# Typo tolerance applies only to forms this long (short ones collide with ordinary words).
TYPO_MIN = 6

# "last night one minion didn't vote", "that night two players died": a night said already,
# then a number that counts something else, not the night's number
_NOT_A_NIGHTS_OWN = "".join(
    f"(?<!\\b{w} )" for w in ("last", "this", "that", "same", "previous", "whole", "each", "every")
)

# Multi-word forms, matched on the lower-cased question before single words.
# a player turned into another character, in parts the readers share: the verb ("the pit
# hag turned ...", "kazali makes ..."), whose the one turned is ("the chef", "ben's savant")
TURNING = r"(?:turns?|turned|turning|changes?|changed|changing|makes?|made|making)"
OWNER = r"(?:the|our|my|their|his|her|that|this|\w+['’]s)"
# (made without "into": "makes the chef a poisoner"; not "changes the chef a ...")
_MADE = r"(?:turns?|turned|turning|makes?|made|making)"
# what a player is made that is no character: "made the chef a target", "made a call"
_NO_CHARACTER = (
    r"(?:script|mistake|statement|nomination|call|choice|decision|rule|target|player|person"
    r"|guy|girl|offer|deal|promise|bet|guess|claim|lot|bit)s?\b"
)
_DRUNKENNESS = r"(?:drunk|drunkenness|being drunk)"
_POISONING = r"(?:poison|poisoning|being poisoned)"
_WORKS_ON = r" (?:even |actually |still |really )?(?:work|works|apply|applies) (?P<at>on|to)\b"
PHRASES: list[tuple[re.Pattern[str], Condition | tuple[Condition, ...], Role]] = [
    (re.compile(p), c, r)
    for p, c, r in [
        # "across nights one to three", "n1-n3": the first night and later ones
        (
            r"\b(?:nights?|nites?) (?:1|one) (?:to|through|thru|till|until|and|-) ?"
            r"(?:night |nite )?"
            r"(?:[2-9]|two|three|four|five)\b"
            # ("n1 - 3 evil sat in a row" is the first night, then a count: spaced, the dash
            # joins nights only as "n1 - n3")
            r"|\bn1(?:-n?[2-9]| ?(?:to|through|thru) ?n?[2-9]| - n[2-9])\b",
            (C.FIRST_NIGHT, C.OTHER_NIGHTS),
            Role.TIME,
        ),
        (
            r"\b(?:other|later|subsequent|following) (?:nights?|nites?)\b"
            rf"|(?<![0-9] ){_NOT_A_NIGHTS_OWN}\b(?:nights?|nites?) "
            r"(?:[2-9]|1[0-9]|two|three|four|five|six|seven|eight|nine|ten)\b"
            r"|\bn[2-9]\b|\bn1[0-9]\b|\beach night\*"
            r"|\b(?:second|third|fourth|fifth|sixth|seventh|2nd|3rd|[4-9]th) (?:night|nite)\b"
            r"|\bnights? after the first\b"
            # "after the first night", "after n1": a later night, read before the first's
            # words can be
            r"|\bafter (?:the )?(?:first|1st) (?:night|nite)\b|\bafter (?:night|nite) (?:1|one)\b"
            r"|\bafter n1\b",
            C.OTHER_NIGHTS,
            Role.TIME,
        ),
        (
            rf"\b(?:first|1st) (?:night|nite)\b|{_NOT_A_NIGHTS_OWN}\b(?:night|nite) (?:1|one)\b"
            r"|\bn1\b",
            C.FIRST_NIGHT,
            Role.TIME,
        ),
        # "assassin took out the king", "the sage got taken out": killed (not "take out a
        # townsfolk", which is the bag at set-up)
        (r"\b(?:took|taken) out\b", C.DEAD, Role.VERB),
        # "professor brings the chambermaid back", "prof brought back the fool": the one
        # brought back was dead before (implied, as "revives" is: understand._implied)
        (BRINGING_BACK.pattern, C.DEAD, Role.OBJECT),
        # "imp is on the block": nominated, and now about to be executed (or not)
        (
            r"\b(?:is|was|s|are|were|gets?|got|goes|went|being) (?:put )?on the block\b",
            C.NOMINATED,
            Role.SUBJECT,
        ),
        # "the poisoner is poisoning the monk": the monk poisoned, not the poisoner
        (
            r"\b(?:is|was|are|were|s|keeps?|kept|been) poisoning"
            r"(?= (?:the|a|an|his|her|their|my|our|him|them)\b)",
            C.POISONED,
            Role.OBJECT,
        ),
        # "does drunk/poison even work on him", "does drunkenness or poison even work on the
        # beggar": whether the states can hold at all, asked of the one after (conventions 1)
        (
            rf"\b(?:{_DRUNKENNESS}\s*(?:/|or|and|&|\+)\s*{_POISONING}"
            rf"|{_POISONING}\s*(?:/|or|and|&|\+)\s*{_DRUNKENNESS}){_WORKS_ON}",
            (C.DRUNK, C.POISONED),
            Role.OBJECT,
        ),
        # "saint got voted out", "we voted out the saint": executed by the town's vote
        (r"\bvoted (?=out\b)", C.EXECUTED, Role.VERB),
        # "went to the block", "died on the block": executed (put on it is nominated, above)
        (
            r"\b(?:went|go|goes|going|gone|sent|walked|walks) to the block\b",
            C.EXECUTED,
            Role.SUBJECT,
        ),
        (
            r"\b(?:died|dies|die|killed)\b(?: (?:day|d|today|yesterday|\d+)){0,3}"
            r" (?P<at>on the block)\b",
            C.EXECUTED,
            Role.SUBJECT,
        ),
        # "monk is actually the drunk": the Monk player is the Drunk, so the Monk is drunk (the
        # Drunk stays a name: the phrase stops before it)
        (
            r"\b(?:is|was|s) (?:actually|really|secretly|in fact) (?:the|a|my|our)(?= drunk\b)"
            r"|\b(?:is|was|s) (?:my|our)(?= drunk\b)",
            C.DRUNK,
            Role.SUBJECT,
        ),
        (r"\bturns? into\b|\bturned into\b|\bchanges? into\b", C.BECOMES, Role.VERB),
        # "my SW takes over as the imp": told (a bare "does the SW take over" asks, and writers
        # leave what is asked so unlabelled)
        (r"\b(?:takes?|took|taking) over\b", C.BECOMES, Role.SUBJECT),
        # "fang gu jumped into the klutz": the one jumped into has become the Fang Gu (told;
        # "fang gu jumps into the recluse?" asks, and writers leave it unlabelled)
        # "fang gu hits an outsider and jumps": whoever changes unnamed, the new character
        # becomes (conventions 5), the Fang Gu before it (most writers leave "jumped into an
        # outsider" unlabelled, the old Fang Gu dying: measured, not read so)
        (
            r"\b(?:hit|hits|attacked|attacks|went for|goes for|kills|killed) (?:an?|some)"
            r" (?:\w+ )?outsider\b[^.?!;,]{0,20}?\band (?:then )?(?P<at>jump(?:ed|s)?)\b",
            C.BECOMES,
            Role.SUBJECT,
        ),
        (r"\bjumped (?P<at>into|in|to)\b", C.BECOMES, Role.OBJECT),
        # "fang gu hit the klutz and jumped", "went for the barber last night and jumped": the
        # one hit is the one jumped into (only the verb matched: the name after it is read)
        (
            r"\b(?:hit|hits|attacked|attacks|went for|goes for|killed|kills)"
            r"(?= (?:the |our |my )?[a-z]+(?: [a-z]+)?(?: (?:last night|tonight|on n\d|n\d))?"
            r" (?:and|so|n) (?:then )?(?:it |he |she |they )?jump(?:ed|s)\b(?! (?:into|in|to)\b))",
            C.BECOMES,
            Role.OBJECT,
        ),
        # "the nominee is the slayer": the one named after is nominated
        (r"\bnominee (?P<at>is|was)\b", C.NOMINATED, Role.OBJECT),
        # "so klutz is the new fang gu", "the baron is gonna be the new imp"
        (
            r"\b(?:is|was|becomes|(?:is |s )?(?:gonna|going to) be|will be|ll be)"
            r" (?:now )?the new\b",
            C.BECOMES,
            Role.SUBJECT,
        ),
        # "if the new Fang Gu dies or changes character"
        (
            r"\bchang(?:es|ed|ing|e) (?:their |his |her |its )?characters?\b",
            C.BECOMES,
            Role.SUBJECT,
        ),
        # The character after the word (?P<at>) marks is made: "the pit hag turns someone into
        # the kazali", "turned one of the good players into a vortox", "turned my daughter,
        # who is good, into a vortox", "picked a dead player to be the zombuul", "made someone
        # a fang gu".
        (
            r"\b(?:turns?|turned|turning|changes?|changed|changing|makes?|made|making"
            r"|summons?|summoned|summoning) (?!into\b)(?:\(?[\w'’]+\)?,? ){1,8}(?P<at>into)\b",
            C.BECOMES,
            Role.OBJECT,
        ),
        # ... and the one named as turned: "pithag turned the sweetheart into a vigormortis",
        # "turned ben's savant into a vigormortis", "turned the sage (seat 4, good) into a
        # vortox" (not "turn them into it")
        (
            rf"\b{TURNING}(?= {OWNER} (?:\(?\w+\)? ){{1,3}}(?:\([^()]{{1,30}}\) )?into\b)",
            C.BECOMES,
            Role.OBJECT,
        ),
        # ... and made without "into": "kazali makes the chef a poisoner", "the pit hag made
        # my empath the new vortox": the one named, then the character after the article
        (
            rf"\b{_MADE}(?= {OWNER} \(?\w+\)? (?:player )?(?:an?|the new) "
            rf"(?!(?:\w+ )?{_NO_CHARACTER})\w+)",
            C.BECOMES,
            Role.OBJECT,
        ),
        (
            rf"\b{_MADE} {OWNER} \(?\w+\)? (?:player )?(?P<at>an?|the new)\b"
            rf"(?! (?:\w+ )?{_NO_CHARACTER})",
            C.BECOMES,
            Role.OBJECT,
        ),
        # ... not "turns out to be the technocrat", "claims to be the FT": what someone is;
        # not "the player who used to be the demon": what they were; not "does one of them
        # have to be the fall guy", "wants to be the imp": what is required or wished
        (
            r"(?<!out )(?<!claim )(?<!claims )(?<!claimed )(?<!claiming )(?<!seem )"
            r"(?<!seems )(?<!seemed )(?<!pretend )(?<!pretends )(?<!pretended )(?<!pretending )"
            r"(?<!happen )(?<!happens )(?<!happened )(?<!supposed )(?<!used )(?<!have )"
            r"(?<!has )(?<!wants )(?<!want )"
            r"\bto (?P<at>be) (?:the |a |an )",
            C.BECOMES,
            Role.OBJECT,
        ),
        # "pithag makes damsel", "pit hag made the investigator on n2": the Pit-Hag's making
        # is a character's creation, without "a" or "new" (not "made the monk drunk")
        (
            r"(?:(?<=\bpithag )|(?<=\bpit hag )|(?<=\bpit-hag )|(?<=\bhag ))"
            r"(?:makes?|made|making)(?= (?:the )?\w+\b"
            r"(?! (?:\w+ )?(?:drunk|poisoned|mad|evil|good|into|a|an|the)\b))",
            C.BECOMES,
            Role.OBJECT,
        ),
        # "pithag wants a damsel on seat 8", "pit hag chose a vortox": the character she
        # makes (not "picks a player", "wants a minion": whom, or a team)
        (
            r"(?:(?<=\bpithag )|(?<=\bpit hag )|(?<=\bpit-hag )|(?<=\bhag ))"
            r"(?:wants?|wanted|wanting|chose|chooses|choosing|picks?|picked|picking"
            r"|goes for|went for|going for) (?:to (?:make|create) )?(?P<at>an?)\b"
            r"(?! (?:new )?(?:player|person|guy|girl|seat|townsfolk|outsider|minion|demon"
            r"|traveller|dead|living|alive|good|evil)s?\b)",
            C.BECOMES,
            Role.OBJECT,
        ),
        # "can the summoner make a pukka", "the pit hag makes a damsel": made in play
        (
            r"\b(?:makes?|made|making|creates?|created|creating) (?P<at>an?|the new|a new)\b"
            # not a thing made: "made a script with lil monsta", "made a true statement"
            r"(?! (?:\w+ )?(?:script|mistake|statement|nomination|call|choice|decision|rule"
            r"|game|guess|wish|deal|bet|joke|claim|point|note|vote|change|list)s?\b)",
            C.BECOMES,
            Role.OBJECT,
        ),
        (
            # (not "make it the FT themself": the red herring made, no one created)
            r"\b(?:makes?|made|making) (?:someone|somebody|anyone|him|her|them|a player"
            r"|(?!it\b|that\b|this\b)\w+) (?P<at>an?|the)\b",
            C.BECOMES,
            Role.OBJECT,
        ),
        (
            r"\b(?:pings?|pinged|pinging) as\b|\breads? as\b|\bshow(?:s|ed|ing)? (?:up )?as\b",
            C.REGISTERING,
            Role.SUBJECT,
        ),
        # "if I ping the recluse as demon": the one between the verb and "as" registers
        (
            r"\b(?:pings?|pinging|show|register|point(?:s|ed|ing)? at) (?:the |a |an |my )?\w+"
            r"(?: \w+)? (?P<at>as)\b"
            r"(?! (?:one|part|some|any) of\b)",  # "show the ogre as one of the evil ones": listed
            C.REGISTERING,
            Role.SUBJECT,
        ),
        # whether someone can pass for another team: "can the zealot count as evil", "can i
        # treat the spy as a townsfolk", "does the spy get to look good to the ogre" (not "does
        # the amnesiac count as an outsider": what a script says it is)
        (
            r"\b(?:can|could|may|might) (?:the |a |an |my |our )?\w+(?: \w+)?"
            r" (?P<at>count) as (?:an? )?(?:evil|good|townsfolk|outsider|minion|demon)\b",
            C.REGISTERING,
            Role.SUBJECT,
        ),
        (
            r"\b(?:can|could|may) (?:i|we|you) treat (?:the |a |an |my |our )?\w+"
            r"(?: \w+)? (?P<at>as) (?:an? )?(?:evil|good|townsfolk|outsider|minion|demon)\b",
            C.REGISTERING,
            Role.SUBJECT,
        ),
        (r"\b(?:look|looks|appear|appears) (?:evil|good) to\b", C.REGISTERING, Role.SUBJECT),
        # "can one of the 2 i point at be the recluse instead of the actual demon": shown in the
        # real one's place, the player before it registers as one
        (
            r"\b(?P<at>instead of) (?:the |a |an )?(?:actual|real) (?:demon|minion)\b",
            C.REGISTERING,
            Role.SUBJECT,
        ),
        # "ft pings the recluse, can it show demon": a team or alignment straight after the
        # verb is what the player registers as, with or without "as" ("the empath reads evil"
        # is the Empath's reading, not the Empath registering: "reads" needs its "as").
        (
            # (not "what do i show evil": what the Storyteller shows the evil team)
            r"(?<!\bi )(?<!\bwe )(?<!\byou )\b(?:pings?|pinging|shows?|showing) (?:up )?(?:an? )?"
            r"(?:demon|minion|evil|good|outsider|townsfolk|traveller)s?\b"
            # (not "show a good player": whom the storyteller shows)
            r"(?! (?:player|person|guy|one|team)s?\b)",
            C.REGISTERING,
            Role.SUBJECT,
        ),
        # "for the recluse to come up evil for the empath, not come up as the demon for the FT":
        # a storyteller's word for what a player registers as (not "came up to me")
        (
            r"\b(?:comes?|came|coming) up (?:as )?(?:an? |the )?"
            r"(?:demon|minion|evil|good|outsider|townsfolk|traveller)s?\b"
            r"(?! (?:player|person|guy|one|team)s?\b)",
            C.REGISTERING,
            Role.SUBJECT,
        ),
        # "the imp star passes": the Imp choosing itself; "the imp starpassed" says it died too
        # "can the recluse catch the starpass": the Imp's act, named, not done by the Recluse
        (r"(?<!the )(?<!a )\bstar[ -]?pass(?:es|ing)?\b", C.SELF_TARGET, Role.SELF),
        (r"\bstar[ -]?passed\b", (C.SELF_TARGET, C.DEAD), Role.SELF),
        # "can the imp pass to the scarlet woman", "the imp passed it to the spy": the
        # starpass, said short
        (r"\b(?:pass|passes|passing)(?: it)? (?:on )?to\b", C.SELF_TARGET, Role.SELF),
        (r"\bpassed(?: it)? (?:on )?to\b", (C.SELF_TARGET, C.DEAD), Role.SELF),
        # "droisoned": the community's word for drunk or poisoned, either of them
        (r"\bdroisone?d\b|\bdroisoning\b", (C.DRUNK, C.POISONED), Role.ADJECTIVE),
        # "the imp jumps (kills himself)": "kills" alone is only an attempt ("titan kills the
        # demon"), but killing oneself is done; the reflexive stays free to say self-target
        (r"\bkills(?= (?:him|her|them|it)sel(?:f|ves)\b)", C.DEAD, Role.VERB),
        # "their own" is the character itself, but "his own minion" is someone on its team.
        (
            # (not "on its own", "of their own": alone, theirs)
            r"(?<!\bon )(?<!\bof )\b(?:their|his|her|its) own\b"
            r"(?=\s*(?:$|[?.!,;:)]|(?:and|or|too|again|then|if"
            r"|when|on|at|tonight|night|n\d|self|character|role)\b))",
            C.SELF_TARGET,
            Role.SELF,
        ),
    ]
]

# Words that look like conditions but are not about anyone: "5 dead 5 alive", "live or die",
# "dead and alive are equal", "the dies next night token". Matched first; their words are
# consumed without a condition.
# putting a reminder token on someone ("puts safe on the chef", "i dropped the drunk on him")
PLACING = r"(?:puts?|putting|placed?|placing|moves?|moved|moving|drop|drops|dropped|dropping)"
# after a word that would otherwise be a time ("dead last"), what makes it one ("was dead
# last night")
NOT_A_TIME_AFTER = r"(?! (?:night|nite|time|round|day|game)\b)"
# a death the question says did not happen: "exed player didnt actually die", "she survived",
# "he lived", "saved", "still alive" (one reading for the replay's night after an execution
# and for the glossary's "a dead player loses their ability")
DEATH_DENIED_TOLD = re.compile(
    r"\b(?:didn'?t|did not|does not|doesn'?t|never)\s+(?:actually\s+|really\s+)?die\b"
    r"|\bsurviv\w*|\bsaved\b|\bnot (?:actually |really )?dead\b|\bstill alive\b|\blived\b",
    re.IGNORECASE,
)
NEUTRAL = re.compile(
    r"\b\d+ (?:dead|alive|living)\b|\b(?:dead|alive) (?:and|vs|v|or|to|=) (?:\d+ )?"
    r"(?:alive|living|dead)\b|\blive ?(?:/|or) ?die\b|\blife (?:or|and) death\b"
    r"|\bdies? next night\b|\bdead (?:players )?outnumbers?\b|\boutnumber(?:s|ed)? the dead\b"
    r"|\bthe dead\b(?= (?:can|may|vote|votes|nominate|get|have|are|players?)\b|\s*[?.!,]|\s*$)"
    # "oracle learns how many dead are evil": the dead players, counted
    r"|\bhow many (?:of the )?dead\b(?= (?:are|is|were|r)\b|\s*[?.!,]|\s*$)"
    # the poisoner at work, not a state: "the no dashii is poisoning 2 people"
    r"|\b(?:is|was|are|were|s|been|be|keeps?|kept|still) poisoning(?= (?:\d+|two|three|both"
    r"|someone|somebody|anyone|everyone|people|ppl|players?|neighbou?rs?)\b)"
    # the Monk's reminder token, and protection in general: "puts safe on the chef",
    # "do protection abilities still work"
    r"|\b(?:safe|poisoned|drunk|dead|mad|protected|executed|nominated|died today)"
    r" (?:token|reminder|marker)s?\b"
    rf"|\b{PLACING} (?:the |a |his |her |their )?(?:safe|poisoned|drunk|mad)\b"
    r"(?= (?:on|onto|next)\b)"
    r"|\b(?:puts?|putting|placed?|placing|moves?|moved|moving) (?:the |a |his |her |their )?safe\b"
    # the Zombuul's reminder put down: "do i put died today on him"
    rf"|\b{PLACING} (?:the |a |his |her |their )?died today\b"
    # ... and said to go on or come off someone: "does died today go on him"
    r"|\bdied today(?= (?:go|goes|going|gone|went|stay|stays|come|comes) (?:on|onto|off)\b)"
    # a share of the table: "exactly half the town is dead"
    r"|\b(?:half|most|all|rest) (?:of )?the (?:town|table|players|game|grimoire)"
    r" (?:is |are |was |were )?(?:dead|alive)\b"
    r"|\bprotection (?:abilit(?:y|ies)|characters?|roles?|powers?)\b"
    # the Soldier's ability said of it, not a protection told: "soldier is safe from the
    # demon so does he even get poisoned" (no blind writer labels it, 25 of 25)
    r"|\b(?:is|s|being|hes|shes|theyre|are|was) (?:\w+ )?safe from (?:the )?demons?\b"
    r"(?! (?:tonight|tonite)\b)"
    # reminder tokens named for nights: "the night 1 night 2 ones"
    r"|\bnight [1-9](?:(?: and| or| &|,| /)? night [1-9])* (?:ones?|tokens?|reminders?)\b"
    # a kind of ability, not anyone's night: "a townsfolk that had a first night ability"
    r"|\b(?:first|1st|other) nights? abilit(?:y|ies)\b"
    # a number asked for: "how many die", "how many ppl die tonight"
    r"|\bhow many (?:\w+ )?(?:will )?(?:die|dies|died|deaths)\b"
    # counts and comparisons: "does it need more dead than alive" ("then", typed for it)
    r"|\b(?:more|fewer|less) (?:dead|alive|living)(?: players)? th[ae]n\b|\bdead th[ae]n alive\b"
    r"|\bdead (?:equals?|=|(?:is|are) equal to) (?:the )?(?:living|alive)\b"
    # not dead: "protected from death", "still waiting to die", "hes fake dead"
    r"|\bfake[ -]?(?:dead|death|died|dying)\b"
    r"|\b(?:from|against) (?:death|dying|exe|execution|being executed)\b"
    r"|\b(?:waiting|about|due|going|set) to die\b"
    # the day's phase, nobody nominated: "after nominations had already opened"
    r"|\b(?:before|after|during|until|once) (?:the )?nominations?\b"
    # the day's business, nobody's: "does the day keep going with more nominations", "how do
    # I run execution votes", "the poisoner goes dead last"
    r"|\b(?:more|other|further|any) nominations\b|\bexecution (?:votes?|vote counts?|phase)\b"
    rf"|\bdead last\b{NOT_A_TIME_AFTER}"  # not "was dead last night"
    r"|\b(?:nominations?|noms) (?:had |have |are |were |is )?(?:already |now )?"
    r"(?:open|opened|closed|started|begun|over|ended)\b"
    # ... and its start or its course: "we already started nominations", "halfway thru noms"
    r"|\b(?:start|started|starting|open|opened|opening|doing|through|thru|into|in) "
    r"(?:the )?(?:nominations|noms)\b"
)

# adjectives of a lasting state ("sober again or drunk", "who becomes drunk")
STATE_ADJECTIVES = frozenset("sober healthy poisoned drunk dead alive mad safe".split())
# the states reminder tokens are named for, and what each says of whom it sits on ("the
# poisoned token is on the empath", "the innkeeper safe token")
TOKEN_STATES = {
    "poisoned": C.POISONED,
    "poison": C.POISONED,  # "the grim has a poison token on sam"
    "drunk": C.DRUNK,
    "mad": C.MAD,
    "safe": C.PROTECTED,
    "protected": C.PROTECTED,
}

# Chat abbreviations that are also short forms of names when capitalised: lower-case "bc"
# is "because", "BC" the Bone Collector; "og" is "original", "OG" the Organ Grinder.
CHAT_WORDS = frozenset(
    {"bc", "og", "rn", "ngl", "tbh", "imo", "idk", "ty", "smth", "sth", "tmrw", "tmr", "tmrrw"}
    | {"tonite", "nite", "nites", "lol", "lmao", "omg", "pls", "plz", "thx", "homebrew"}
)

# Generic people: they take the condition words about them ("a dead player", "the Demon dies").
ANCHORS = frozenset(
    "player players someone somone sombody somebody anyone anybody nobody noone no-one person "
    "people guy guys "
    "nominator nominee neighbour neighbours neighbor neighbors nbr nbrs neighb neighbs "
    "target targets babysitter host "
    "master grandchild grandkid grandson granddaughter demon demons minion minions townsfolk "
    "outsider outsiders traveller "
    "travellers traveler travelers executee victim twin twins ppl everyone everybody ones sitter "
    "tf tfs goods evils goodies baddies kid kids girl girls boy boys bloke fella gal dude dudes "
    "teammate teammates herring herrings".split()
)
# Person-words that are also verbs: "the monk target(s) themselves".
VERB_ANCHORS = frozenset({"target", "targets"})
PRONOUNS = frozenset("he she they it him her them his hes shes theyre its".split())
# the two states that take an ability away: "cant be drunk or poisoned"
IMPAIRED_WORDS = frozenset({"drunk", "poisoned"})
# a player's pronouns as typed beside their name: "(she/her)", "(gwen, she, seat 8)", "(he,
# mayor, seat 2)"
PLAYER_PRONOUNS = r"(?:she|he|they)(?:\s*/\s*(?:her|him|them|hers|his|theirs))?"
REFLEXIVES = frozenset("himself herself themself themselves itself".split())
# possessive determiners that, like an article, introduce a named person ("our ravenkeeper")
OWNERS = frozenset({"our", "my", "your", "their", "his", "her"})
# "the player he made drunk", "make somebody mad": whoever is made so
MAKE_FORMS = frozenset({"make", "makes", "made", "making"})
# a day the question says ended with no execution: "no exe today", "nobody got executed"
NO_EXECUTION = re.compile(
    r"\bno (?:exe|exec|execution|exile)s?\b|\bno(?:body| one) (?:was |got |has been )?"
    r"(?:executed|exed|exe'?d)\b|\b(?:wasn'?t|was not|not) (?:executed|exed)\b"
    r"|\bskip(?:ped)? (?:the )?(?:exe|execution)\b|\bdid(?:n'?t| not) (?:execute|exe)\b"
    r"|\bwithout an? (?:exe|execution)\b"
)
# the unnamed player a clause is about: "whoever the monk protected"
WHOEVER = frozenset({"whoever", "whomever", "whoevers"})
# going for someone is a choice of them: "the poisoner went for the empath", "the imp goes
# for the mayor on n3"
GOING_FOR = frozenset("went goes go going gone".split())
# "can the medic choose medic": a character chosen by itself, named twice
CHOICE_VERBS = frozenset(
    "choose chooses chose chosen choosing pick picks picked picking target targets targeted "
    "targeting select selects selected point points pointed pointing name names named".split()
)
# the forms of "be" a state or a role is said with ("is", "was one of")
BE_FORMS = frozenset({"is", "are", "was", "were", "be", "been"})
COPULAS = frozenset(
    "is are was were be been being gets get got becomes stays stay remains "
    "while when if still goes went falls feel feels made makes make".split()
)
NEGATIONS = frozenset({"no", "without", "non"})
# Verbs negated: "attacked but didnt die", "does not die", "never dies" (apostrophes are gone).
VERB_NEGATIONS = frozenset(
    "not never didnt doesnt dont wont cant cannot isnt wasnt arent werent hasnt havent".split()
)
# Words between an adjective and its noun, or between a verb and its object.
FILLERS = frozenset(
    {
        "the",
        "a",
        "an",
        "my",
        "our",
        "your",
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
# "tonight" as storytellers type it
TONIGHT_WORDS = frozenset({"tonight", "tonite", "2nite", "2night"})
# the verbs a question opens with: "does the spy die", "what tokens does riot need"
QUESTION_AUXILIARIES = frozenset("does do did can could will would should".split())

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
w few more most other some such up down out off over under vs v versus pls plz lol tho though
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
            # "who do I wake after": the storyteller's procedure, not the order
            r"|(?<!do i )\b(?:go|goes|going|wake|wakes|waking|act|acts|acting|move|moves)\s+"
            r"(?:first|before|after|last|earlier|later|sooner)\b"
            r"|\bwho (?:goes|wakes|acts|is) first\b|\bfirst in (?:the )?night\b"
            # "lycanthrope and the imp, who kills first": which of two acts earlier
            r"|\b(?:who|which(?: one)?) (?:kills|attacks|poisons|protects|picks|chooses)"
            r" (?:first|1st)\b"
            # "who wakes when", "wake the wraith b4 the imp or after", "do they wake at the
            # philo spot or the FT spot" (not "who do i wake first": the storyteller's steps)
            r"|\bwho wakes when\b|\bb4 or after\b"
            # "lunatic and the real demon, who do i wake first": which of the two
            r"|\b(?:who|which(?: one)?) do i wake (?:1st|first)\b"
            r"|\bwake (?:\w+ ){1,3}(?:b4|before|after) (?:the )?(?:\w+ ){1,2}or"
            r" (?:after|before|b4)\b"
            r"|\bwakes? (?:\w+ )?at the \w+(?: \w+)? (?:spot|place|position)\b"
            r"|\b(?:very )?(?:start|beginning|end) of the night\b|\bwhere in the night\b"
            r"|\bwakes? (?:up )?at all\b|\bwhen in the night\b|\bwhen (?:do|should) i wake\b"
            # "when does he wake now", "when does the other player change character"
            r"|\bwhen (?:does|do|will|would) (?:\w+ ){1,4}?(?:wake|wakes|go|goes|act|acts"
            r"|change|changes)\b"
            # "does the undertaker wake n1", "get to go on night one": on a night's order
            r"|\b(?:wak(?:e|es|ing)|go|goes|act|acts)\b(?: up)?(?: on| at)?(?: the)? "
            r"(?:n\d|night (?:\d|one)|(?:first|1st|other|later) nights?|(?:every|each) night)"
        ),
    ),
    # Vote and life tokens belong to players, character tokens go in the bag or are flipped:
    # none of them is a reminder.
    (
        Kind.REMINDERS,
        re.compile(
            r"\breminders?\b|(?<!vote )(?<!life )(?<!character )(?<!flip the )\btokens?\b"
            r"(?! (?:go )?in(?:to)? the bag)|\bmarkers?\b"
            r"|\bwhat (?:do|should) i (?:put|place|mark)\b"
        ),
    ),
    (
        Kind.HOW_TO_RUN,
        re.compile(
            r"\bhow (?:do|does|should|would|can|to)\b(?: \w+){0,4} "
            r"(?:run|running|work|works|set (?:\w+ )?up|setup|handle|manage|deal with)\b"
            r"(?! says)|\brunning\b|\bset-?up\b|\bsetup\b|\bsetting (?:\w+ )?up\b"
            r"|\btokens? (?:go )?in(?:to)? the bag\b"
            r"|\bexplain\b|\bhow\s*\??$"
            # told to: "run the gatekeeper", "pls run me through the ogre"
            r"|^\W*(?:pls |please )?run (?:me through )?(?:the |a |an )?\w+(?: \w+)?\W*$"
            r"|\bwhat(?:s|'s| is| does)? (?:the |a |an )?\w+(?: \w+)? do\b"
        ),
    ),
]

# The storyteller asking what they do ("do I wake them all together", "what do I show",
# "how am I meant to count it", "walk me through it"): how to run the character, whatever
# the situation, when one character is named (with two, the blind sets are split).
# "do I still wake the undertaker" asks whether a rule still holds in a situation, and "can I
# take an in-play Minion's ability" whether it is allowed: rulings, not the procedure
PROCEDURE = re.compile(
    r"\b(?:do|should|must|would) (?:i|we) (?:(?!still\b)\w+ )?"
    r"(?:wake|show|tell|give|say|put|place|swap|announce|do|remove|add|take|handle|run|need|prep|prepare)\b"
    r"|\bwhat (?:am|are) (?:i|we) (?:supposed|meant)\b"
    r"|\bhow (?:am|are|do|should|would|can) (?:i|we)\b(?! run\b)"
    r"|\bwalk me\b|\bwhat now\b|\bprep\b|\bwhen should (?:i|we)\b"
    r"|\bwhat (?:to|should i) (?:show|tell|give|say|do)\b"
    r"|\bprocedure\b|\bwhat (?:am|are) (?:i|we) allowed to (?:say|answer|tell|show|give)\b"
    r"|\bwhat do (?:i|we) (?:hand|give)\b"
)
# Weaker: "lunatic n1, what do they see", "minion info?": a procedure only when nothing but
# the character and a night is named with it.
# The storyteller asking for the procedure in so many words, whatever else the question
# names: 95% of 181 such questions across the read sets are labelled how to run.
RUN_ASKED = re.compile(
    r"walk me th|step by step|\bhow (?:do|2|to|would|should|am) i (?:run|handle)\b"
    r"|(?<!the )\bhow (?:to|2) run\b|\bhow i run\b"
    r"|\bwhat am i supposed to do\b|\bhow do i handle\b"
)
PROCEDURE_ALONE = re.compile(
    r"\bwhat (?:do|does|should|can|would) (?:i|we|you|they|he|she) "
    r"(?:show|tell|give|say|do|see|learn|get)\b|\b(?:minion|demon) info\b"
)


# a compound's last word says what was done ("madness-exed"), unless its first denies it
_DONE = frozenset({C.EXECUTED, C.POISONED, C.DRUNK})
_NOT_PREFIXES = frozenset({"non", "not", "un", "anti", "never", "half", "almost", "nearly"})


@functools.lru_cache(maxsize=16384)  # every word of every question, often the same words
def condition_form(word: str, known: frozenset[str] = frozenset()) -> tuple[Condition, Role] | None:
    """The condition a single (lower-case, apostrophe-free) word expresses, if any, allowing
    one slip in a long word ("posioned", "exectued") that is not itself a ``known`` word
    ("changed" is not a slip of "hanged").

    >>> condition_form("poisoned")[0], condition_form("posioned")[0], condition_form("monk")
    (<Condition.POISONED: 'poisoned'>, <Condition.POISONED: 'poisoned'>, None)
    >>> condition_form("changed"), condition_form("changed", frozenset({"changed"})) is None
    ((<Condition.EXECUTED: 'executed'>, <Role.ADJECTIVE: 'adjective'>), True)
    """
    if word in FORMS:
        return FORMS[word]
    head = word.split("-", 1)[0]
    if head != word and head in FORMS and FORMS[head][0] is Condition.REGISTERING:
        return FORMS[head]  # "its register-as-good thing"
    tail = word.rsplit("-", 1)[-1]
    if tail != word and tail in FORMS and head not in _NOT_PREFIXES and FORMS[tail][0] in _DONE:
        return FORMS[tail]  # "the mutant got madness-exed" (not "the already-dead one")
    if not word.isalpha() or word in known:
        return None
    if len(word) < TYPO_MIN:
        return _short_slip(word)
    for form, value in FORMS.items():
        if len(form) >= TYPO_MIN and OSA.distance(word, form) <= 1:
            return value
    for form, value in FORMS.items():
        # two slips in a long participle, its start and end kept ("poisend": poisoned)
        if (
            len(form) >= 8
            and form.endswith("ed")
            and word.endswith("d")
            and word[:4] == form[:4]
            and OSA.distance(word, form) <= 2
        ):
            return value
    return _short_slip(word)  # "druunk", "drrunk": six letters, a short word's slip


# the short state words a slip of a key can still be told from ordinary words in
_SHORT_STATES = ("drunk", "dead", "mad")


def _short_slip(word: str) -> tuple[Condition, Role] | None:
    """A short state word typed with a letter doubled or two letters swapped, which no
    ordinary word is ("druunk", "deead", "maad", "drukn"); not any other slip, as a short
    word one letter from a state is often a word of its own ("trunk", "deal", "mod").

    >>> [_short_slip(w) is not None for w in ("druunk", "drrunk", "maad", "drukn", "deda")]
    [True, True, True, True, True]
    >>> [_short_slip(w) for w in ("trunk", "deal", "mod", "dad", "drunks")]
    [None, None, None, None, None]
    """
    collapsed = re.sub(r"(.)\1+", r"\1", word)
    for form in _SHORT_STATES:
        if collapsed == form and word != form:
            return FORMS[form]
        if sorted(word) == sorted(form) and OSA.distance(word, form) == 1:
            return FORMS[form]  # the same letters, one transposition apart: two swapped
    return None


def stem(word: str) -> str:
    """A word's first five letters, a plural's without its "s" ("votes" meets "vote")."""
    return word[:-1] if len(word) == 5 and word.endswith("s") else word[:5]


# between a player guessed and the character guessed: "gambler guesses the chef as the empath",
# "... that the chef is the empath", "... the chef to be a demon"
GUESSED_AS = re.compile(r"(?:as|is|s|to be|=|was|being)(?: the| a| an)?")


# a question whether something is of a kind: "is it a demon kill", "is a tinker death a demon
# kill?", "does the tinker dying count as a demon kill", "would that be an execution"
CLASS_ASKED = re.compile(
    r"(?:^|[,;.?!]\s*)(?:is|was|would|does|do|did)\s+[\w' -]{1,40}?\s+"
    r"(?:(?:count|counts|counted|considered|be)\s+(?:as\s+)?)?(?:a|an)\s+"
    r"(?P<kind>[a-z]+(?:\s+[a-z]+)?)\s*\?*\s*$"
)
