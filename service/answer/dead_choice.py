"""Whether a character may choose a dead player ("can the monk protect a dead player", "can
the slayer shoot someone who's already dead"), read from its ability's own words.

The sources give the rule once, in general: "Whenever a character's ability says "choose a
player," that means that any player—alive or dead—can be chosen." (002, under the Imp). An
ability that says "choose an alive player" (the Sailor, the Lycanthrope) cannot; one that
says "choose a dead player" (the Professor) can only choose the dead. A ruling of the
character's own that speaks of choosing a dead player ("The Ravenkeeper may choose a dead
player") is quoted beside the general rule. An ability that chooses no player (the Soldier)
is not read here: the question then goes the usual way.

The same general rule answers a choice of a kind of player or of another named character
("can the monk protect the demon", "can the poisoner poison the imp"): an ability that says
"choose a player" may choose any player, one that says "choose an alive player" any alive
one, unless one of the character's own rulings says it cannot. Only where the whole
question asks that choice, nothing else.

Nothing else answers these well: the words shared with the question ("dead") draw the
character's own "When the Slayer is dead, the ability stops", which is about another
death; and a replay of the choice shows what it does, not whether it may be made.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from service.answer import rx
from service.answer.phrasing import Because, split_sentences

if TYPE_CHECKING:
    from service.answer.kb import AnswerKB

# what a player dead is called as the object of a choice
_DEAD_ONE = (
    r"(?:(?:a|an|the|any|some|another)\s+)?(?:already\s+)?dead\s+"
    r"(?:player|players|person|people|ppl|one|ones|guy|target|townsfolk|outsider|minion|demon)\b"
    r"|\bsomeone\s+(?:who\s+is|who's|whos|that\s+is|thats|that's|who\s+has\s+(?:already\s+)?died"
    r"|who\s+died|that\s+died)(?:\s+already)?(?:\s+dead)?\b"
    r"|\b(?:a|the)\s+dead\s+(?:one|guy)\b|\bthe\s+dead\b(?!\s+(?:vote|votes|token)\b)"
)
# a choice made of one: the ability's own verbs, and "use it on"
_CHOICE_VERB = (
    r"\b(?:choose|chooses|chose|chosen|choosing|pick|picks|picked|picking|target|targets"
    r"|targeting|select|selects|point\s+(?:at|to)|points\s+(?:at|to)|protect|protects"
    r"|protecting|save|saves|saving|poison|poisons|poisoning|kill|kills|killing|attack|attacks"
    r"|attacking|shoot|shoots|shooting|slay|slays|guess|guesses|check|checks|curse|curses|read"
    r"|reads"
    r"|use\s+(?:it|(?:their|his|her|its|the)\s+ability)\s+on|go\s+for|goes\s+for)\b"
)
# asked as something that may or may not be done
_ASKED = re.compile(
    r"\b(?:can|could|may|able\s+to|allowed\s+to|is\s+it\s+(?:ok|okay|legal|allowed|possible)"
    r"|legal\s+to|possible\s+to)\b[^.?!]*?"
    + _CHOICE_VERB
    + r"\s+(?:on\s+)?(?:\w+\s+){0,2}?(?:"
    + _DEAD_ONE
    + r")",
    re.IGNORECASE,
)
# what the ability says it chooses
_CHOOSES_ALIVE = re.compile(
    r"\bchoose\s+(?:an?\s+|\d+\s+|two\s+|three\s+)?(?:alive|living)\s+players?\b", re.I
)
_CHOOSES_DEAD = re.compile(r"\bchoose\s+(?:an?\s+|\d+\s+|two\s+)?dead\s+players?\b", re.I)
_CHOOSES_ANY = re.compile(r"\bchoose\s+(?:a|an|\d+|two|three|four)\s+players?\b", re.I)
_ALIVE_TOO = re.compile(r"\b(?:alive|living)\s+players?\b", re.I)
# its own rulings saying the one chosen is alive ("They must choose an alive player")
_OWN_ALIVE = re.compile(
    r"\b(?:must|can only|may only)\s+(?:choose|pick|point\s+(?:at|to))\s+an?\s+(?:alive|living)\b"
    r"|\bpoints?\s+(?:at|to)\s+an?\s+(?:alive|living)\s+player\b",
    re.IGNORECASE,
)
# the general rule, found by its words (its id is the knowledge base's to give)
_GENERAL = re.compile(r"\bany player\W+alive or dead\W+can be chosen\b", re.IGNORECASE)
# a character's own ruling on choosing the dead ("The Ravenkeeper may choose a dead player",
# "The Fortune Teller may choose any two players—alive or dead, or even themself")
_OWN = re.compile(
    r"\b(?:may|can|might)\s+(?:also\s+)?(?:choose|pick|target)\s+"
    r"(?:a\s+dead\b|any\s+(?:\w+\s+)?players?\W+(?:alive or dead|dead or alive)\b)"
    r"|\bdead players are valid choices\b",  # the Seamstress
    re.IGNORECASE,
)


def asked(question: str) -> bool:
    """The question asks whether a dead player may be chosen.

    >>> asked("can the FT pick dead players?"), asked("can i have the imp attack a dead guy")
    (True, True)
    >>> asked("the slayer is dead, can he still shoot"), asked("can a dead player nominate")
    (False, False)
    """
    return _ASKED.search(question) is not None


def ruled(cid: str, kb: AnswerKB) -> tuple[bool, str, tuple[Because, ...]] | None:
    """Whether the character ``cid`` may choose a dead player, the sentence saying so, and
    the rulings it rests on; None where its ability chooses no player, or the knowledge base
    lacks the ruling the answer would rest on."""
    chooses = _who_it_chooses(kb.ability(cid))
    own_ability = _ability_ruling(cid, kb)
    name = kb.name(cid)
    if chooses == "alive":
        if own_ability is None:
            return None
        said = f"the {name}'s ability chooses an alive player, so a dead player cannot be chosen"
        return False, said, (own_ability,)
    if chooses == "dead":
        if own_ability is None:
            return None
        return True, f"the {name}'s ability chooses a dead player", (own_ability,)
    if chooses != "any":
        return None
    if _first_sentence(kb, _OWN_ALIVE, cid) is not None:
        return None  # its own rulings say an alive one: not the general rule's to answer
    general = _first_sentence(kb, _GENERAL)  # asked rarely: read where asked
    if general is None:
        return None
    own = _first_sentence(kb, _OWN, cid)
    said = (
        f"the {name}'s ability says to choose a player, and any player, alive or dead, can be "
        "chosen"
    )
    rest = (own,) if own is not None else (own_ability,) if own_ability is not None else ()
    return True, said, (general, *rest)


# a kind of player as the object of a choice ("the demon", "a minion", "an evil player")
KIND_CHOSEN = (
    r"(?:demon|minion|outsider|townsfolk|traveller|evil|good)(?:\s+(?:player|one|guy|character))?"
)


# oneself as the object of a choice ("can the snake charmer choose themselves")
# ("their own character": "their" is read as the target's article)
ITSELF_CHOSEN = (
    r"(?:themselves|themself|himself|herself|itself|yourself"
    r"|(?:(?:his|her|its|your)\s+)?own\s+(?:character|icon))"
)
# an ability used as its owner dies, or after: "When you learn that you died, ..."
ON_DEATH = re.compile(r"\byou (?:died|die)\b|\byour death\b", re.I)
# an ability that may not choose its owner: "choose a player (not yourself)"
_NOT_SELF = re.compile(r"\bnot yourself\b|\bother than yourself\b|\bexcept yourself\b", re.I)


def itself_ruled(cid: str, kb: AnswerKB) -> tuple[bool, str, tuple[Because, ...]] | None:
    """Whether the character ``cid`` may choose itself, by its ability's words: "(not
    yourself)" no; "choose a player" yes, by the general rule (any player can be chosen);
    "choose an alive player" yes, alive as it is. None where it chooses no player, or
    chooses among the dead only."""
    ability = kb.ability(cid)
    chooses = _who_it_chooses(ability)
    own_ability = _ability_ruling(cid, kb)
    if own_ability is None or chooses == "dead" or ON_DEATH.search(ability):
        return None  # (the Klutz chooses an alive player once dead: not themself)
    name = kb.name(cid)
    if chooses is None and (kind := _CHOOSES_A_CHARACTER.search(ability)) is not None:
        # "can the courtier pick himself": a character is chosen, and its own is one, if it
        # is of the kind the ability says ("a good character": the Philosopher is good)
        if not _of_kind(kb.characters.get(cid, {}), kind.group("kind")):
            return None
        said = (
            f"the {name}'s ability chooses a character, not a player, and any "
            f"{kind.group('kind') + ' ' if kind.group('kind') else ''}character can be "
            f"chosen, the {name} too"
        )
        return True, said, (own_ability,)
    if _NOT_SELF.search(ability):
        return False, f"the {name}'s ability chooses a player other than themself", (own_ability,)
    if chooses == "alive":
        said = f"the {name}'s ability chooses an alive player, and they are one"
        return True, said, (own_ability,)
    if chooses != "any":
        return None
    general = _first_sentence(kb, _GENERAL)
    if general is None:
        return None
    said = (
        f"the {name}'s ability says to choose a player, and any player can be chosen, themself too"
    )
    return True, said, (general, own_ability)


# an ability that chooses a character, of any kind or of one kind, and nothing more of it
# ("choose a character: they are drunk", "choose a good character: gain that ability"; not
# "a character that wakes", "a character of your alignment", "a character type")
_CHOOSES_A_CHARACTER = re.compile(
    r"\bchoose an?\s+(?:(?P<kind>good|evil|townsfolk|outsider|minion|demon)\s+)?character"
    r"(?=\s*:)",
    re.IGNORECASE,
)


# the kinds of player a choice may be typed as (a team or a side), and each team's side
_TYPED_KINDS = frozenset({"townsfolk", "outsider", "minion", "demon", "traveller", "evil", "good"})
_SIDE_OF = {"townsfolk": "good", "outsider": "good", "minion": "evil", "demon": "evil"}


def _of_kind(character: dict, kind: str | None) -> bool:
    """Whether a character is of the kind an ability chooses ("good": a Townsfolk or an
    Outsider; a team by its name), or any kind is chosen."""
    if kind is None:
        return True
    team, kind = character.get("team"), kind.lower()
    if kind in ("good", "evil"):
        return _SIDE_OF.get(team) == kind
    return team == kind


def anyone_asked(question: str, chooser: str, target: str) -> str | None:
    """The target as typed, where the whole question asks whether ``chooser`` (a name as
    typed) may choose ``target`` (a name as typed, or KIND_CHOSEN): "can the monk protect
    the demon", "can the poisoner poison the imp?" (nothing else told or asked).

    >>> anyone_asked("can the monk protect the demon?", "monk", KIND_CHOSEN)
    'demon'
    >>> anyone_asked("can the godfather kill a minion on night 1", "godfather", KIND_CHOSEN)
    """
    found = _CHOICE_ASKED.fullmatch(question)
    if found is None or found.group("chooser").lower() != chooser.lower():
        return None
    # (one pattern for every name: none is built per question)
    return found.group("target") if rx.fullmatch(target, found.group("target"), re.I) else None


_CHOICE_ASKED = re.compile(
    r"\W*(?:can|could|may)\s+(?:the\s+|a\s+|my\s+|our\s+)?(?P<chooser>.+?)"
    r"\s+(?:still\s+|even\s+|also\s+)?"
    + _CHOICE_VERB
    + r"\s+(?:on\s+)?(?:(?:the|a|an|their|any|my|our)\s+)?(?P<target>[\w' -]+?)"
    # what the ability keeps off, said after: "can the devil's advocate save the demon from
    # execution" (not another cause: "... from the assassin" is protection.py's)
    r"(?:\s+from\s+(?:an?\s+|being\s+|getting\s+)?(?:execution|executed|exile|exiled|death"
    r"|dying))?\W*",
    re.IGNORECASE,
)


def anyone_ruled(cid: str, target: str, kb: AnswerKB) -> tuple[str, tuple[Because, ...]] | None:
    """Why the character ``cid`` may choose ``target`` (a kind of player or a character's
    name, as typed): its ability chooses a player with no limit on who they are ("choose a
    player": any player can be chosen, by 002's general rule; "choose an alive player": any
    alive one), and none of its rulings says it cannot. None where the ability limits whom
    it chooses (a dead player, a Townsfolk) or chooses no player."""
    chooses = _who_it_chooses(kb.ability(cid))
    own_ability = _ability_ruling(cid, kb)
    if own_ability is None or chooses == "dead":
        return None
    denied = rx.compiled(
        r"\b(?:cannot|can not|can't|may not|must not|never|not)\s+(?:\w+\s+)?"
        + _CHOICE_VERB
        + r"\s+(?:(?:the|a|an|any)\s+)?"
        + re.escape(target),
        re.IGNORECASE,
    )
    if _first_sentence(kb, denied, cid) is not None:
        return None
    name = kb.name(cid)
    if chooses == "alive":
        return f"the {name}'s ability chooses an alive player, whoever they are", (own_ability,)
    if chooses != "any":
        return None
    general = _first_sentence(kb, _GENERAL)
    if general is None:
        return None
    return f"the {name}'s ability says to choose a player, and any player can be chosen", (
        general,
        own_ability,
    )


def character_ruled(
    cid: str, target: str | None, typed: str, kb: AnswerKB
) -> tuple[bool, str, tuple[Because, ...]] | None:
    """Whether the character ``cid``, whose ability chooses a character ("choose a good
    character:"), may choose the character ``target`` (an id), or a kind of one typed ("a
    minion"): yes where it is of the kind the ability chooses, no where it is not ("the
    Philosopher's ability chooses a good character, and the Imp is a Demon"). None where
    the ability chooses players, or no character of one kind."""
    ability = kb.ability(cid)
    kind = _CHOOSES_A_CHARACTER.search(ability)
    own = _ability_ruling(cid, kb)
    if kind is None or own is None or _who_it_chooses(ability) is not None:
        return None
    wanted = (kind.group("kind") or "").lower() or None
    chooses = f"the {kb.name(cid)}'s ability chooses {_a_kind(wanted)} character"
    if target is not None:
        character = kb.characters.get(target, {})
        team = character.get("team")
        if team not in _SIDE_OF:
            return None  # (a Traveller, a Fabled: not on the sheet it chooses from)
        name = kb.name(target)
        if _of_kind(character, wanted):
            return True, f"{chooses}, and the {name} is one", (own,)
        return False, f"{chooses}, and the {name} is {_a_kind(team)}", (own,)
    typed_kind = typed.lower().split()[0] if typed.strip() else None
    if typed_kind not in _TYPED_KINDS or typed_kind == "traveller":
        return None
    said = f"{_a_kind(typed_kind)} character"
    if wanted is None or typed_kind == wanted or _SIDE_OF.get(typed_kind) == wanted:
        return True, f"{chooses}, and {said} is one", (own,)
    if typed_kind in ("good", "evil") and _SIDE_OF.get(wanted) == typed_kind:
        return None  # (a side asked of a one-type choice: "a good character" may be of another)
    return False, f"{chooses}, and {said} is not one", (own,)


def _a_kind(kind: str | None) -> str:
    """ "a good", "an evil", "a Demon", "a" (any)."""
    if kind is None:
        return "a"
    word = kind.title() if kind in _SIDE_OF else kind
    return f"{'an' if word[0] in 'aeiouAEIOU' else 'a'} {word}"


def _who_it_chooses(ability: str) -> str | None:
    """Whom an ability's choice is of: "alive" ("choose an alive player"), "dead" ("choose a
    dead player"), "any" ("choose a player", and no alive player said elsewhere: not the
    Lleech, whose host is "an alive player"), or None (no player chosen so)."""
    if _CHOOSES_ALIVE.search(ability):
        return "alive"
    if _CHOOSES_DEAD.search(ability):
        return "dead"
    if _CHOOSES_ANY.search(ability) and not _ALIVE_TOO.search(ability):
        return "any"
    return None


def _ability_ruling(cid: str, kb: AnswerKB) -> Because | None:
    ruling = kb.ability_ruling(cid)
    return Because.from_ruling(ruling) if ruling is not None else None


def _first_sentence(
    kb: AnswerKB, pattern: re.Pattern[str], cid: str | None = None
) -> Because | None:
    """The first sentence ``pattern`` finds among the rulings (``cid``'s only, if given)."""
    for ruling in kb.rulings.values():
        if cid is not None and ruling["character"] != cid:
            continue
        for sentence in split_sentences(ruling["text"]):
            if pattern.search(sentence):
                return Because.from_ruling(ruling, sentence)
    return None


# an ability that makes a player a character not in play: "choose a player & a character
# they become (if not-in-play)" (the Pit-Hag)
_MAKES_NOT_IN_PLAY = re.compile(
    r"\bchoose a player & a character they become \(if not[- ]in[- ]play\)", re.IGNORECASE
)
# a character made asked: "can the pit hag turn someone into the imp", "make a second imp",
# "make the chef a vortox"
MADE_ASKED = re.compile(
    r"^\W*(?:can|could|may|is it (?:ok|allowed|legal) (?:for|to have))\s+"
    r"(?:the\s+|a\s+|my\s+|our\s+)?(?P<maker>.+?)\s+"
    r"(?:turn|make|create|change|transform)\s+(?P<rest>.+?)\W*$",
    re.IGNORECASE,
)
# the one made said to be another of one in play: "a second imp", "another vortox"
_ANOTHER = re.compile(r"\b(?:a second|second|another|two|2|extra|more)\s+", re.IGNORECASE)
_IN_PLAY_TOLD = re.compile(r"\b(?:already|is|still)\s+in\s+play\b", re.IGNORECASE)


def made_ruled(
    cid: str, made: str, rest: str, kb: AnswerKB
) -> tuple[bool | None, str, tuple[Because, ...]] | None:
    """Whether ``cid``, whose ability makes a player a character not in play, may make
    ``made``: no where the question says one is in play ("a second imp"), else yes while
    none is (None: the answer holds only if so); with the ability quoted. None for another
    kind of ability."""
    ability = kb.ability(cid)
    own = _ability_ruling(cid, kb)
    if own is None or not _MAKES_NOT_IN_PLAY.search(ability):
        return None
    name, character = kb.name(cid), kb.name(made)
    if _ANOTHER.search(rest) or _IN_PLAY_TOLD.search(rest):
        a = "an" if character[:1].lower() in "aeiou" else "a"
        said = (
            f"the {name}'s ability makes a player a character not in play, and {a} "
            f"{character} already is: “{own.quote}”"
        )
        return False, said, (own,)
    said = f"while no {character} is in play: the {name}'s ability: “{own.quote}”"
    return True, said, (own,)
