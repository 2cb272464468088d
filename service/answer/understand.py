"""Question -> understanding: the characters named, the conditions on each, the kind of question.

Characters are found by :mod:`service.answer.mentions` (typos, plurals, possessives and
short forms all resolve). The condition vocabulary and the attachment rules are documented in
:mod:`service.answer.words`; the kind comes from the wording and how many characters are
named. Everything here is pure: the same question and vocabulary give the same understanding.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rapidfuzz.distance import Levenshtein

from knowledge.model import Team
from service.answer import rx
from service.answer.asked import HEDGES
from service.answer.attach import PLAYER_WORDS, SUBJECT_PRONOUNS, attach, died_by
from service.answer.mentions import (
    ARTICLES,
    ENGLISH_WORD,
    Mention,
    Unrecognised,
    Vocabulary,
    Word,
    by_team_told,
    character_mentions,
    clause_start,
    drunk_opening_a_clause,
    find_anchors,
    guessed_name,
    heard_near,
    in_script,
    is_anchor,
    like_a_name,
    named_scripts,
    phrase_start,
    settle_weak_names,
    singular,
    sound_of,
    split_pairs,
    tokenize,
    tokens_named,
    verbs_cut_short,
    word_at,
)
from service.answer.players import (
    handles,
    people_called,
    seated_players,
    with_players_named,
    without_people_named,
)
from service.answer.subjects import possessive
from service.answer.words import (
    BE_FORMS,
    CHAT_WORDS,
    CHOICE_VERBS,
    COPULAS,
    GOING_FOR,
    IMPAIRED_WORDS,
    KIND_PATTERNS,
    NEGATIONS,
    NEUTRAL,
    OWNERS,
    PHRASES,
    PLACING,
    PLAYER_PRONOUNS,
    PROCEDURE,
    PROCEDURE_ALONE,
    PRONOUNS,
    REFLEXIVES,
    RUN_ASKED,
    STATE_ADJECTIVES,
    STOPWORDS,
    TOKEN_STATES,
    TONIGHT_WORDS,
    VERB_NEGATIONS,
    Condition,
    Kind,
    Role,
    condition_form,
    resurrecting,
)

TIMES = frozenset({Condition.FIRST_NIGHT, Condition.OTHER_NIGHTS})


@dataclass(frozen=True, slots=True)
class Understanding:
    """What was read from a question; ``conditions`` maps every named character (possibly to
    no condition)."""

    question: str
    characters: tuple[str, ...]
    conditions: dict[str, tuple[Condition, ...]]
    kind: Kind
    mentions: tuple[Mention, ...] = ()
    unattached: tuple[Condition, ...] = ()
    unrecognised: tuple[Unrecognised, ...] = ()
    night: str | None = None  # "first" / "other" when the question names a night
    generic: tuple[tuple[str, Condition], ...] = ()  # ("player", DEAD) for "a dead player"
    # conditions the question asks about rather than states ("does the spy die", "chef
    # dies?"): kept in ``conditions`` for ranking and the replay (which plays them out), shown
    # apart in ``to_dict``
    asked: tuple[tuple[str, Condition], ...] = ()
    # conditions the question implies without saying them ("the imp starpassed": the Imp's
    # death): kept in ``conditions`` for ranking and the replay, shown apart in ``to_dict``
    implied: tuple[tuple[str, Condition], ...] = ()
    # who the question says is dead already (ids, or a generic person's word such as "minion")
    already_dead: tuple[str, ...] = ()
    # whether the question describes what happened, beyond asking ("barber died today, what
    # do I do tonight"); of a how-to-run question, what makes it a ``situation``
    tells: bool = False
    # the words the mentions' indices count in (a hyphened pair of names is two words:
    # "alchemist-spy"); empty for an Understanding built by hand
    words: tuple[Word, ...] = ()
    # ids of the scripts the question names ("river styx script"): their special rules are
    # candidates for the answer
    scripts: tuple[str, ...] = ()
    # the characters the question says did not die ("attacked the chef but he didnt die"):
    # a replay in which they die plays another situation than the one told
    survived: tuple[str, ...] = ()
    # characters the question is about by a reminder token it names a player by, not by
    # name: (id, the words as typed) ("can the spy be the red herring": the Fortune Teller)
    tokens: tuple[tuple[str, str], ...] = ()

    @property
    def situation(self) -> bool:
        """A how-to-run question that also describes what happened ("barber died today, what
        do I do tonight"): answered from the rulings on that situation, not the procedure
        alone (and replayed); it follows the kind, the rules' or a learned one."""
        return self.kind is Kind.HOW_TO_RUN and self.tells

    def told(self, cid: str) -> tuple[Condition, ...]:
        """The conditions the question states of a character, not those it asks ("does the
        spy die": the Spy's death is asked, not told)."""
        return tuple(c for c in self.conditions.get(cid, ()) if (cid, c) not in self.asked)

    def to_dict(self) -> dict[str, Any]:
        """The ``understood`` block of the ask response."""
        apart = set(self.asked) | set(self.implied)
        return {
            "characters": list(self.characters),
            "conditions": _by_character(
                (cid, c)
                for cid, conds in self.conditions.items()
                for c in conds
                if (cid, c) not in apart
            ),
            "asked": _by_character(self.asked),
            "implied": _by_character(self.implied),
            "kind": str(self.kind),
            # (each name as read once: "Margaret is the Empath ... chose Margaret" is read with
            # the second "Margaret" written as the Empath, one name read twice, not two)
            "recognised": _once(
                [
                    *({"id": m.id, "as": m.text, "exact": m.exact} for m in self.mentions),
                    *({"id": cid, "as": text, "exact": True} for cid, text in self.tokens),
                ]
            ),
            "unattached": [str(c) for c in self.unattached],
            "unrecognised": [
                {"text": u.text, "suggestions": list(u.suggestions), "placed": u.placed}
                for u in self.unrecognised
            ],
            "scripts": list(self.scripts),
        }


def _once(reads: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The names read, the first of each character read from the same words (any case)."""
    first: dict[tuple[str, str], dict[str, Any]] = {}
    for read in reads:
        first.setdefault((read["id"], read["as"].casefold()), read)
    return list(first.values())


def question_words(u: Understanding) -> list[Word]:
    """The question's words as ``understand`` read them, so that a mention's ``start`` and
    ``end`` index them (tokenizing the question again would not split "alchemist-spy")."""
    return list(u.words) if u.words else tokenize(u.question)


# "the imp starpassed": the Imp chose itself, and so died, a death the question does not say
STARPASSED = re.compile(r"\bstar[ -]?passed\b")


def _implied(
    found: list[tuple[Condition, Role, int]],
    conditions: dict[str, tuple[Condition, ...]],
    words: list[Word],
    mentions: list[Mention],
    anchors: set[int],
    kind: Kind,
    quoted: frozenset[int],
    unknown: set[int],
) -> tuple[tuple[str, Condition], ...]:
    """The deaths only a starpass says ("the imp starpassed"): read again without them, whose
    death is left unsaid is implied. Most writers leave it out (8 of 9 who say "starpassed"
    and no death), while the rulings on an Imp's death still rank by it."""
    passed = {
        i
        for c, r, i in found
        if c is Condition.DEAD
        and (
            (r is Role.SELF and _passed(words, i))
            # "professor revives the chef": a death before, which the resurrection says
            or (r is Role.OBJECT and resurrecting(words, i))
        )
    }
    if not passed:
        return ()
    rest = [f for f in found if not (f[0] is Condition.DEAD and f[2] in passed)]
    said = attach(rest, words, mentions, anchors, kind, quoted, unknown).conditions
    return tuple(
        (cid, Condition.DEAD)
        for cid, conds in conditions.items()
        if Condition.DEAD in conds and Condition.DEAD not in said.get(cid, ())
    )


def _passed(words: list[Word], index: int) -> bool:
    """The word at ``index`` is "starpassed", or the "star" of "star passed"."""
    word = words[index].bare
    return bool(STARPASSED.fullmatch(word)) or (
        word == "star" and index + 1 < len(words) and words[index + 1].bare == "passed"
    )


def _by_character(pairs: Iterable[tuple[str, Condition]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for cid, condition in pairs:
        out.setdefault(cid, []).append(str(condition))
    return out


# punctuation said aloud to a phone, which its speech-to-text wrote as words, and numbers it
# heard as other words
# "on night to." ("last night too" is no number)
_ON_NIGHT = r"\b((?:on|of|by|until|till|since|before|after) (?:night|nite|day))"
_CLAUSE_ENDS = r"(?=\s*(?:[.,;:?!]|$))"
SPOKEN_PUNCTUATION = (
    (re.compile(r"\s*\bquestion ?marks?\b", re.IGNORECASE), "?"),
    (re.compile(r"\s*\bexclamation (?:mark|point)s?\b", re.IGNORECASE), "!"),
    (re.compile(r"\s*\b(?:full stop|new line|new paragraph)\b", re.IGNORECASE), "."),
    # a night's or day's number heard as a word of its sound: "night won", "on night to."
    (re.compile(r"\b(night|nite|day) won\b", re.IGNORECASE), r"\1 one"),
    (re.compile(rf"{_ON_NIGHT} (?:to|too)\b{_CLAUSE_ENDS}", re.IGNORECASE), r"\1 two"),
    (re.compile(rf"{_ON_NIGHT} (?:for|fore)\b{_CLAUSE_ENDS}", re.IGNORECASE), r"\1 four"),
)


_COMMA = re.compile(r"\s*\bcomma\b(?=\s+([a-z]+)|)", re.IGNORECASE)


def unspoken(question: str, sounds: Mapping[str, frozenset[str]] | None = None) -> str:
    """The question with punctuation said aloud written as punctuation, and a night's number
    heard as another word written as the number; a "comma" that begins a name heard
    (``sounds``: a name's sound -> ids; "comma lisa": the Kumalisa) stays a word.

    >>> unspoken("fool died comma is he dead question mark")
    'fool died, is he dead?'
    >>> unspoken("comma lisa comma", {sound_of("commalisa"): frozenset({"kumalisa"})})
    'comma lisa,'
    >>> unspoken("the monk died on night to. does he wake")
    'the monk died on night two. does he wake'
    >>> unspoken("night to wake"), unspoken("they picked it last night too")
    ('night to wake', 'they picked it last night too')
    """
    for spoken, mark in SPOKEN_PUNCTUATION:
        question = spoken.sub(mark, question)

    def comma(match: re.Match[str]) -> str:
        heard = match.group(1) and sound_of("comma" + match.group(1).lower()) in (sounds or {})
        return match.group(0) if heard else ","

    return _COMMA.sub(comma, question)


# a player's pronouns in brackets of their own, "tess (she) seat 2", "abe (he/him)": said of
# whoever they follow, and nothing the rules read (gone, what binds the player reads as it
# would without them)
_PRONOUNS_ALONE = re.compile(rf"\s*\(\s*{PLAYER_PRONOUNS}\s*\)", re.IGNORECASE)
# ... and among what brackets say of a player, "(bo, he)", "(he, seat 8)", "(he, mayor,
# seat 2)": the rest of the bracket read as it would be without them
_PRONOUNS_LISTED = re.compile(
    rf"(?<=\()\s*{PLAYER_PRONOUNS}\s*,\s*|\s*,\s*{PLAYER_PRONOUNS}\s*(?=[,)])", re.IGNORECASE
)


# ... where the word before them in the bracket is the player's name: "(bo, he)"
_NAME_WITH_PRONOUNS = re.compile(
    rf"(?<=\()\s*([a-z][a-z'-]*)(?=\s*,\s*{PLAYER_PRONOUNS}\s*[,)])", re.IGNORECASE
)


# ... and the word they follow: a player's name, whatever the word ("ivo (he, seat 8)")
_NAME_BEFORE_PRONOUNS = re.compile(
    rf"\b([a-z][a-z'-]*)\s*\(\s*{PLAYER_PRONOUNS}\s*[,)]", re.IGNORECASE
)


def _pronouned(words: list[Word], mentions: list[Mention], pronouned: frozenset[str]) -> set[int]:
    """The words naming a player whose pronouns the question gave in brackets after the name
    ("ivo (he, seat 8) nominated the empath and died": Ivo died, no character named), where
    they name no character."""
    if not pronouned:
        return set()
    named = {i for m in mentions for i in range(m.start, m.end)}
    # (not a name straight after a character, its player: "the imp jd (he) got exed")
    beside = {m.end for m in mentions}
    return {
        w.index
        for w in words
        if w.bare in pronouned
        and w.index not in named
        and not (w.index in beside and not w.gap_before)
    }


_NOT_A_NAME = PRONOUNS | REFLEXIVES | frozenset({"player", "guy", "girl", "person", "one"})


# "she" or "he" in brackets, after a name or after it in the bracket: "ali (he)", "(lin, she)"
_GENDER_TOLD = re.compile(
    r"\b([a-z][a-z'-]*)\s*\(\s*(she|he)\s*[,)/]|\(\s*[^()]*?\b([a-z][a-z'-]*)\s*,\s*(she|he)\s*[,)/]",
    re.IGNORECASE,
)


def _genders_told(question: str) -> dict[str, str]:
    """The players the question gives "she" or "he" for, by name ("ali (he)" -> male, "our
    gossip (lin, she)" -> female); a name given both is left out."""
    told: dict[str, set[str]] = {}
    for m in _GENDER_TOLD.finditer(question):
        name, pronoun = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        told.setdefault(name.lower(), set()).add("female" if pronoun.lower() == "she" else "male")
    return {name: next(iter(g)) for name, g in told.items() if len(g) == 1}


def _after_a_character(before: str, vocabulary: Vocabulary) -> bool:
    """The text ends with a character's name (its last word: "the imp", "fang gu")."""
    last = rx.search(r"([a-z][a-z'-]*)\s*$", before.lower())
    return last is not None and vocabulary.resolver.lookup(last.group(1)) is not None


def _not_a_characters(word: str, vocabulary: Vocabulary) -> bool:
    """A word before a player's pronouns that is a name, not a character's (nor one like it:
    "the sav (she)", the Savant's player)."""
    return (
        word not in _NOT_A_NAME
        and word not in vocabulary.words
        and vocabulary.resolver.lookup(word) is None
        and not like_a_name(word, vocabulary)
    )


# a seat set off after a word, in brackets or commas: "rob (seat 3) is", "rob, seat 3, died"
_SEAT_SET_OFF = re.compile(
    r"(?<=\w)\s*(?:\(\s*(?:seat\s*#?\s*)?(\d{1,2})\s*\)|,\s*seat\s*#?\s*(\d{1,2})\s*,)",
    re.IGNORECASE,
)


# a number in brackets after these counts them ("got 5 votes (6)"), no seat
_COUNTED = frozenset("votes vote alive dead players player ppl people left night day".split())


def _without_player_asides(question: str) -> str:
    """The question with what is said of its players in passing taken out, as nothing reads
    it and it would break the clause it stands in:
    - the pronouns in brackets: "tess (she) seat 2" -> "tess seat 2"; a name they follow in
      the bracket is written as one, with a capital, as what said it is a name is gone:
      "courtier (bo, he)" -> "courtier (Bo)";
    - a seat set off beside a player that nothing else in the question calls by it: "dev
      (seat 3) is the tinker" -> "dev is the tinker", "sid (he, seat 8)" -> "sid", "nell (6),
      shes the gatekeeper" -> "nell, shes the gatekeeper"."""
    question = _NAME_WITH_PRONOUNS.sub(lambda m: m.group(1).capitalize(), question)
    question = _PRONOUNS_LISTED.sub("", _PRONOUNS_ALONE.sub("", question))

    def seat(match: re.Match[str]) -> str:
        number = match.group(1) or match.group(2)
        before = question[: match.start()].split()
        if "seat" not in match.group(0).lower() and before and before[-1].lower() in _COUNTED:
            return match.group(0)
        rest = f"{question[: match.start()]} {question[match.end() :]}"
        elsewhere = rx.search(rf"(?i)\b(?:seat|chair|player)\s*#?\s*{number}\b", rest)
        return match.group(0) if elsewhere else ""

    return _SEAT_SET_OFF.sub(seat, question)


def understand(
    question: str,
    vocabulary: Vocabulary,
    *,
    players: bool = True,
    pronouned: frozenset[str] | None = None,
) -> Understanding:
    """Read a storyteller's question (``players``: first write each player it calls by name
    as the character they play; the question so written is read without it; ``pronouned``:
    the words its players' pronouns followed, read before they went)."""
    question = unspoken(question, vocabulary.sounds)
    genders = _genders_told(question) if players else {}
    if pronouned is None:
        pronouned = frozenset(
            m.group(1).lower()
            for m in _NAME_BEFORE_PRONOUNS.finditer(question)
            if _not_a_characters(m.group(1).lower(), vocabulary)
            # (not the player's name straight after their character: "the imp jd (he)")
            and not _after_a_character(question[: m.start()], vocabulary)
        )
        # written as a name, as what said it was one goes: "fin (he, seat 3)" -> "Fin"
        question = _NAME_BEFORE_PRONOUNS.sub(
            lambda m: (
                m.group(0)
                if m.group(1).lower() not in pronouned
                else m.group(0).replace(m.group(1), m.group(1).capitalize(), 1)
            ),
            question,
        )
    question = _without_player_asides(question)
    words = verbs_cut_short(split_pairs(tokenize(question), vocabulary), vocabulary)
    taken: set[int] = set()
    phrase_conditions = _phrase_conditions(question, words, taken)
    mentions, ambiguous = character_mentions(words, vocabulary, taken)
    if not ambiguous:
        # with no name read, the one the question is about; with names read elsewhere, a
        # name its opening words sound or are spelt like, if a doing follows them
        read = taken | {i for m in mentions for i in range(m.start, m.end)}
        ends = frozenset(m.end - 1 for m in mentions)
        guess = guessed_name(words, vocabulary, read, opening_only=bool(mentions), name_ends=ends)
        mentions = [*mentions, guess] if guess is not None else mentions
    mentions = without_people_named(words, mentions, vocabulary)  # "Sarah died": no Alsaahir
    mentions, drunk_words, token_words = settle_weak_names(words, mentions, vocabulary)
    named, bound = (
        with_players_named(question, words, mentions, vocabulary, genders)
        if players
        else (question, frozenset())
    )
    if named != question:  # "Margaret is the Empath ... chose Margaret"
        # (a name bound to a character is not someone else: "juggler is fin (he) ... fin")
        return understand(named, vocabulary, players=False, pronouned=pronouned - bound)
    taken |= token_words
    mentions = by_team_told(words, in_script(question, mentions, vocabulary), vocabulary)
    anchors = find_anchors(words, mentions, question)
    people = (
        people_called(words, mentions, vocabulary)
        | handles(question, words, mentions)
        | seated_players(question, words, mentions)
        | _pronouned(words, mentions, pronouned)
    ) - anchors
    anchors |= people
    found = [
        *phrase_conditions,
        *_word_conditions(words, mentions, taken, drunk_words, vocabulary.words),
        *_chooses_itself(words, mentions),
        *_now_another(words, mentions),
    ]
    quoted = frozenset(_quoted(question, words))  # "does 'safe from the demon' cover it"
    characters = tuple(dict.fromkeys(m.id for m in sorted(mentions, key=lambda m: m.start)))
    # a token naming a player ("the red herring") brings in its character, unnamed
    tokens = tuple(
        (cid, text) for cid, text in tokens_named(question, vocabulary) if cid not in characters
    )
    characters = (*characters, *(cid for cid, _ in tokens))
    kind = classify(question, characters)
    procedure = len(characters) <= 1 and bool(PROCEDURE.search(question.lower()))
    if kind is Kind.RULING and (procedure or _asks_procedure(question, words, mentions, taken)):
        kind = Kind.HOW_TO_RUN
    if kind is Kind.REMINDERS and TOKEN_NIGHTS.search(question):
        found = [f for f in found if f[1] is not Role.TIME]  # the tokens' names, no night
    unrecognised, unknown = _unrecognised(words, mentions, anchors, found, vocabulary, ambiguous)
    attached = attach(found, words, mentions, anchors, kind, quoted, unknown)
    implied = _implied(found, attached.conditions, words, mentions, anchors, kind, quoted, unknown)
    conditions, unattached, generic = attached.conditions, attached.unattached, attached.generic
    made = set() if ON_THE_SCRIPT.search(question) else _made_by_a_maker(characters, vocabulary)
    conditions = {
        cid: (*conds, Condition.BECOMES)
        if cid in made and Condition.BECOMES not in conds
        else conds
        for cid, conds in conditions.items()
    }
    conditions = _nights_to_the_maker(conditions, made, characters, vocabulary)
    conditions = {**conditions, **{cid: () for cid, _ in tokens if cid not in conditions}}
    asked = tuple(a for a in attached.asked if not (a[0] in made and a[1] is Condition.BECOMES))
    if (
        kind is Kind.HOW_TO_RUN
        and not procedure
        and any(set(c) - TIMES for c in conditions.values())
    ):
        kind = Kind.RULING  # a situation ("baron drunk at setup"), not the procedure
    if kind in (Kind.RULING, Kind.INTERACTION, Kind.NIGHT_ORDER) and RUN_ASKED.search(
        question.lower()
    ):
        kind = Kind.HOW_TO_RUN  # "mage picked empath ... what do i actually do": the procedure
    tells = not _only_asks(question, words, mentions, taken)
    return Understanding(
        question=question,
        characters=characters,
        conditions=conditions,
        kind=kind,
        mentions=tuple(sorted(mentions, key=lambda m: m.start)),
        unattached=unattached,
        unrecognised=unrecognised,
        night=_night(found),
        generic=generic,
        tells=tells,
        words=tuple(words),
        asked=asked,
        implied=implied,
        already_dead=attached.already_dead,
        scripts=named_scripts(question, vocabulary),
        survived=_survived(words, mentions, anchors, kind, quoted, unknown, taken),
        tokens=tokens,
    )


# a death denied as a thing that did not happen ("he didnt die", "was not killed"), not as a
# thing that cannot ("the sailor cant die") or asked ("does it fake die")
_PAST_DENIALS = frozenset({"didnt", "never", "wasnt", "werent"})


def _denied_in_the_past(words: list[Word], index: int) -> bool:
    j = index - 1
    while j > 0 and words[j].bare in HEDGES:
        j -= 1  # "didnt really die"
    if j < 0 or words[index].asks:
        return False
    if words[j].bare == "not" and j > 0 and words[j - 1].bare in ("did", "was", "were"):
        j -= 1
    elif words[j].bare not in _PAST_DENIALS:
        return False
    # not "they didnt die": "they" is often someone unnamed ("minion got exed but DA had them
    # so they didnt die"), which a named character's replay cannot contradict
    return not (j > 0 and words[j - 1].bare in ("they", "theyre", "them"))


def _survived(
    words: list[Word],
    mentions: list[Mention],
    anchors: set[int],
    kind: Kind,
    quoted: frozenset[int],
    unknown: frozenset[int],
    taken: set[int],
) -> tuple[str, ...]:
    """The characters a death word the question negates is told of, read as any death is:
    "the imp attacked the chef but he didnt die" (the Chef), not "does the chef not die?"."""
    skipped = taken | {i for m in mentions for i in range(m.start, m.end)}
    found = []
    for word in words:
        # the denial first: it looks at the word before, where condition_form may match fuzzily
        if word.index in skipped or not _denied_in_the_past(words, word.index):
            continue
        form = condition_form(word.bare)
        if form is not None and form[0] is Condition.DEAD:
            found.append((Condition.DEAD, form[1], word.index))
    if not found:
        return ()
    said = attach(found, words, mentions, anchors, kind, quoted, unknown)
    return tuple(
        cid
        for cid, conds in said.conditions.items()
        if Condition.DEAD in conds and (cid, Condition.DEAD) not in said.asked
    )


# ---- conditions ------------------------------------------------------------------------------

# numbered nights listed one after another are reminder tokens' names ("xaan reminders,
# night 1/2/3 and the X"), not the night a question is about
TOKEN_NIGHTS = re.compile(r"\bnight\s*1\b\W{0,3}(?:night\s*)?2\b", re.IGNORECASE)


# a phrase in quotation marks that a question asks about: words mentioned, not used ("does
# 'safe from the demon' cover that too"); scare quotes ("zombuul 'died'") and an ability
# named as used ("used its 'register as good'") still say what happened; a source's words
# quoted ("the how to run says 'if the umpire dies at night'") are mentioned too
QUOTED = re.compile(
    r"\b(?:does|do|did|doesnt|dont|is|whether|being|says|said|say|reads|read|writes|wrote"
    r"|states|stated) ['\"‘“]"
    r"([^'\"‘’“”\n]{1,80}? [^'\"‘’“”\n]{1,80}?)['\"’”](?=[\s.,;:!?)]|$)",
    re.IGNORECASE,
)


# a state's reminder token told as sitting on someone, or held by someone (not "do i put the
# poisoned token on ...", asked)
_TOKEN_STATE = "|".join(TOKEN_STATES)  # "poisoned|drunk|mad|safe|protected"
_TOKEN_ON = re.compile(
    rf"\b({_TOKEN_STATE}) (?:token|reminder|marker)s? "
    r"(?:is |was |are |sits |sitting |still |currently |now )*on\b"
)
_TOKEN_HELD = re.compile(
    rf"\bha(?:s|ve|d) (?:a|an|the|their|his|her) ({_TOKEN_STATE}) (?:token|reminder|marker)\b"
)
_ASKED_PLACING = re.compile(
    r"\b(?:do|does|should|can|could|would|will) (?:i|we|you) (?:\w+ )?(?:put|place|move|leave)"
    r"(?: \w+){0,3} $|\bwhere (?:do|does|should) \S+ (?:\w+ )?$"
)


def _told_tokens(lower: str) -> list[tuple[re.Match[str], Condition, Role]]:
    """The state tokens a question tells as placed, in order: on whom a token sits (the
    object after "on") or who has one (the subject before "has"); not a placing asked."""
    told = [
        *((m, Role.OBJECT) for m in _TOKEN_ON.finditer(lower)),
        *((m, Role.SUBJECT) for m in _TOKEN_HELD.finditer(lower)),
    ]
    return [
        (match, TOKEN_STATES[match.group(1)], role)
        for match, role in sorted(told, key=lambda t: t[0].start())
        if not _ASKED_PLACING.search(lower[: match.start()])
    ]


def _state_told(lower: str) -> str:
    """The grimoire told ("the poisoned token is on the empath", "lunatic has a drunk token")
    with its token words taken out: a state, not a question about reminders (a placing asked,
    "do i put the poisoned token on ...", keeps them)."""
    out, last = [], 0
    for match, _, _ in _told_tokens(lower):
        word = _TOKEN_WORD.search(lower, match.start(), match.end())
        if word is not None and word.start() >= last:
            out += [lower[last : word.start()], "state"]
            last = word.end()
    return "".join([*out, lower[last:]])


_TOKEN_WORD = re.compile(r"\b(?:token|reminder|marker)s?\b")
# a token put on someone, and the storyteller telling that they did ("i put", not "do i put")
_PLACED = re.compile(rf"{PLACING} (?:the |a |his |her |their )?(poisoned|drunk|mad)")
_TOLD_PLACING = re.compile(r"(?:^|[.,;!?-]\s*|\b(?:and|so|then|but) )(?:i|we) $")


def _quoted(question: str, words: list[Word]) -> set[int]:
    """The indices of the words of a quoted phrase a question asks about, and of what it
    reports a source to say.

    >>> from service.answer.mentions import tokenize
    >>> q = "does 'safe from the demon' cover it, or is he 'dead'?"
    >>> sorted(_quoted(q, tokenize(q)))
    [1, 2, 3, 4]
    """
    spans = [(m.start(1), m.end(1)) for m in QUOTED.finditer(question)]
    spans += [
        (m.start("said"), m.end("said"))
        for source in (REPORTED, HEARSAY, GLOSSED, GLOSSED_PART, NAMED_ABILITY)
        for m in source.finditer(question)
    ]
    return {w.index for w in words if any(a <= w.start < b for a, b in spans)}


# what a source says, reported ("one source says soldier is protected from all harmful demon
# effects, the other says only the kill is blocked"; "the ability says outsiders who get
# executed poison a neighbour"): the source's words, mentioned, as quoted ones are
REPORTED = re.compile(
    r"\b(?:source|doc|document|text|guide|book|almanac|wiki|sheet|page|ability|rule|ruling"
    r"|version|one|other|how[ -]to[ -]run)s?(?: \w+)? (?:says?|said|reads|claims|states)"
    r"(?: that)? (?P<said>[^.;?!]*?)"
    r"(?=\s*(?:[.;?!]|$)|,? (?:but|while|whereas|and the other|and another|the other)\b|,)",
    re.IGNORECASE,
)


# words a question asks the meaning of, unquoted: "what does the cant move tonight thing
# mean", "what does cant move tonight actually mean" (an ability's words, mentioned)
GLOSSED = re.compile(
    r"\bwhat (?:does|do) (?P<said>(?!(?:that|it|this|they|he|she)\b)[^.;?!,]{2,60}?)"
    r"(?: (?:thing|bit|part|line|rule|wording))?(?: (?:actually|even|really|exactly))?"
    r" (?:mean|means)\b",
    re.IGNORECASE,
)
# ... or asks what they do, called a "bit" or "thing": "what does the cant move tonight bit
# actually stop"
GLOSSED_PART = re.compile(
    r"\bwhat (?:does|do) (?P<said>[^.;?!,]{2,60}?) (?:thing|bit|part|line|rule)"
    r"(?: (?:actually|even|really|exactly))? (?:stop|cover|do|block|prevent)\b",
    re.IGNORECASE,
)


# an ability's words as the subject of a question, unquoted: "does safe from the demon cover
# the poison too?" (the Soldier's words, mentioned; not "is he safe from the demon")
NAMED_ABILITY = re.compile(
    r"\b(?:does|do|did|doesnt|dont|didnt|would|wouldnt|will|wont) (?:the |their |his |her |its )?"
    r"(?P<said>safe from (?:the )?demons?)\b",
    re.IGNORECASE,
)


# what the storyteller has read, heard or thought, not what happened: "i saw somewhere that the
# damsel is poisoned??", "someone told me the imp cant", "i thought the lleech just dies"
HEARSAY = re.compile(
    r"\b(?:(?:i|we) (?:saw|read|heard)(?: somewhere| online| on reddit)? that"
    r"|(?:someone|somebody|a friend|people) (?:told me|said|says)(?: that)?"
    # a player's claim of a rule or a state ("tom claims his soldier is safe from ..."), not
    # a character claimed ("sweetheart claims klutz")
    r"|(?:claims|claimed|insists|insisted|swears|swore|reckons|argues|argued)(?: that)?"
    r"(?= (?:his|her|their|the|my) (?:\w+ ){1,3}(?:is|was|are|were|cant|can|gets|got)\b)"
    r"|i was told(?: that)?|(?:i|we) (?:thought|assumed|figured)(?: that)?"
    # (not a state thought impossible: "i thought it cant be drunk", supposed)
    r"(?! (?:\w+ ){1,3}(?:can|cant|cannot|could|couldnt|wouldnt)(?: even)? be\b))"
    r" (?P<said>[^.;?!]*)",
    re.IGNORECASE,
)


def _phrase_conditions(
    question: str, words: list[Word], taken: set[int]
) -> list[tuple[Condition, Role, int]]:
    lower = question.lower()
    found = []
    for match in NEUTRAL.finditer(lower):
        indices = [w.index for w in words if match.start() <= w.start < match.end()]
        taken.update(indices)
        placed = _PLACED.fullmatch(match.group(0))
        if placed and _TOLD_PLACING.search(lower[: match.start()]):
            # "i put the drunk on him": a state the storyteller says they gave, on whom
            state = condition_form(placed.group(1))
            if state is not None:
                found.append((state[0], Role.OBJECT, indices[-1]))
    for match, state, role in _told_tokens(lower):
        # "the poisoned token is on the empath": the grimoire told, the state on whom the
        # token sits; "lunatic has a drunk token on em": on the one who has it
        indices = [w.index for w in words if match.start() <= w.start < match.end()]
        if indices:
            taken.update(indices)
            found.append((state, role, indices[-1] if role is Role.OBJECT else indices[0]))
    for pattern, condition, role in PHRASES:
        for match in pattern.finditer(lower):
            # a pattern with an "at" group is read from that word: the words before it
            # stay free to name characters ("ping the recluse as demon")
            at = match.start("at") if "at" in pattern.groupindex else match.start()
            indices = [w.index for w in words if at <= w.start < match.end()]
            if indices and not taken & set(indices):
                taken.update(indices)
                if role is Role.TIME and _after_deadline(words, indices[0]):
                    continue  # "died, so before n3": a deadline, not when something happened
                if _negated(words, indices[0]):
                    continue  # "lil monsta cant be droisoned"
                if role is Role.SELF and _use_asked(words, indices[0], match.group(0)):
                    continue  # "can he still starpass tonight": the ability's use, asked
                for each in condition if isinstance(condition, tuple) else (condition,):
                    found.append((each, role, indices[0]))
    for match in SAME_NIGHT.finditer(lower):
        # "n2 the poisoner hit the RK and the imp killed him that same night": the night told
        indices = [w.index for w in words if match.start() <= w.start < match.end()]
        earlier = [f for f in found if f[1] is Role.TIME and indices and f[2] < indices[0]]
        if _OR_THE_NEXT.match(lower, match.end()):
            continue  # "this same night or only from the next one": which night, asked
        if earlier and not taken & set(indices):
            taken.update(indices)
            # (the nearest night before it, whichever pattern found it first: "n1 nothing
            # weird, ..., n2 the demon killed ben ... that same night" is night 2's)
            nearest = max(earlier, key=lambda f: f[2])
            found.append((nearest[0], Role.TIME, indices[-1]))
    told = list(LATER_IN_THE_GAME.finditer(lower))
    if told:
        for match in TONIGHT.finditer(lower):
            indices = [w.index for w in words if match.start() <= w.start < match.end()]
            if match.group(0).startswith("that") and not any(
                m.start() < match.start() and not _A_NIGHT_TOLD.fullmatch(m.group(0)) for m in told
            ):
                continue  # "the pit hag made a vortox last night, deaths that night": that one
            if all(_a_day_to_come(lower, m, match) for m in told):
                continue  # "the monk protected ben tonight. if ben gets exed": no day before
            if indices and not taken & set(indices):
                taken.update(indices)
                found.append((Condition.OTHER_NIGHTS, Role.TIME, indices[-1]))
    for match in LAST_NIGHT.finditer(lower):
        # "sweetheart died on n2 ... then the klutz got killed last night": after a later
        # night told, the night before now is a later one too (conventions 2)
        indices = [w.index for w in words if match.start() <= w.start < match.end()]
        told = NUMBERED_LATER_NIGHT.search(lower, 0, match.start()) is not None
        # "a minion got exed yesterday ... the minstrel got killed last night": the night
        # after a day told before it is a later one (not "day 4 — ... last night": the day
        # now, the night before it may be any)
        told = told or _DAY_BEFORE.search(lower, 0, match.start()) is not None
        if indices and told and not taken & set(indices):
            taken.update(indices)
            found.append((Condition.OTHER_NIGHTS, Role.TIME, indices[-1]))
    return found


_DAY_BEFORE = re.compile(r"\byesterday\b|\bthe day before\b")
LAST_NIGHT = re.compile(r"\b(?:last|previous) (?:night|nite)\b(?!['’]?s)")
# a later night told by its number ("n2", "night 3", "the second night"), not "tonight"
NUMBERED_LATER_NIGHT = re.compile(
    r"\b(?:n[2-9]|n1[0-9]|(?:night|nite) (?:[2-9]|two|three|four|five|six|seven|eight)"
    r"|(?:second|third|fourth|fifth|2nd|3rd|[4-9]th) (?:night|nite))\b"
)


# "tonight" after a day or a night the question tells is a later night: "RK got exed today,
# does he wake tonight", "po chose no one last night ... 3 kills tonight"; so is "that night"
# after a day told ("juggler exed day 1, does he get his number that night"), as the brief's
# conventions say; "this night" is tonight, and "all day" tells a day ("mad all day, do they
# turn tonight")
TONIGHT = re.compile(
    rf"\b(?:{'|'.join(sorted(TONIGHT_WORDS))}|(?:that|this) (?:night|nite))"
    r"(?!['’]?s (?:game|games|session|match|group|lobby|stream|table|script)\b)"
    r"(?:['’]?s)?\b"
)  # "in tonight's game": the evening's game, no night of the game; "tonights number": the
# night's

# the words of an execution told
_EXECUTION_WORDS = r"exe|exed|exe'?d|exec'?d|executed|lynched"
LATER_IN_THE_GAME = re.compile(
    r"\b(?:today|yesterday|earlier(?! (?:tonight|tonite|this night|that night|that nite))"
    r"|(?:last|previous) (?:night|nite)(?:['’]?s)?|this (?:morning|afternoon)"
    r"|(?:a few|two|2|three|3|couple(?: of)?) (?:nights|days) ago|the (?:night|day) before"
    r"|day (?:[1-9]|one|two|three|four)|d[1-9]|n[2-9]|night [2-9]|all day)\b"
    r"|(?<!no )(?<!no-)(?<!dont )(?<!don't )(?<!not )"
    rf"\b(?:{_EXECUTION_WORDS})\b"
    r"(?! (?:tonight|tomorrow|tmrw|tmr|tmrrw|2morrow|2moro)\b)"
)  # "vortox poisoned tonight, no exe tomorrow", "a no-exe day", "if we dont exe tmrw": a day
# to come, no day told


# "would" and the pronouns it is run into, typed without the apostrophe: "shed die"
_WOULD = frozenset("would wouldve shed hed theyd itd".split())
_WANTING = frozenset("want wants wanted wanna wanting".split())


def _a_death_not_had(words: list[Word], index: int) -> bool:
    """A death that would happen, or is wanted, not one had: "the first time they would
    die", "first time shed die at night so she doesnt", "i kinda want gus to die tonight"."""
    if not index:
        return False
    before = words[index - 1]
    if before.bare in _WOULD:
        return True
    if before.bare != "to" or before.gap_before:
        return False
    start = clause_start(words, index)
    return any(w.bare in _WANTING for w in words[max(start, index - 6) : index - 1])


_CHARACTER_NOUNS = frozenset("char chars character characters role roles".split())


def _of_someones_character(words: list[Word], index: int) -> bool:
    """ "the exed char", "the dead guys character": a state said of someone unnamed, through
    the character they had."""
    following = word_at(words, index + 1)
    return (
        following is not None
        and following.bare in _CHARACTER_NOUNS
        and not following.gap_before
        and index > 0
        and words[index - 1].bare in ARTICLES
    )


# words ending like a gerund that are none
_ING_NOUNS = frozenset("nothing something anything everything thing morning evening king".split())


def _safe_as_wise(words: list[Word], index: int) -> bool:
    """ "is that always safe", "thats safe right", "is it safe to pick him": safe said of a
    deed (harmless, wise), not of a player's protection."""
    if words[index].bare != "safe":
        return False
    j = index - 1
    while j >= 0 and words[j].bare in HEDGES | {"always", "totally", "100%"}:
        j -= 1
    following = word_at(words, index + 1)
    if (
        following is not None
        and following.bare.endswith("ing")
        and following.bare not in _ING_NOUNS
        and not following.gap_before
    ):
        return True  # "an evil klutz is only safe picking evil": safe in doing so
    if j < 0 or words[j].gap_before and words[j].bare not in ("thats", "that's"):
        return False
    if words[j].bare in ("thats", "that's", "thatll"):
        return True
    return (
        j >= 1
        and words[j - 1].bare in ("is", "was", "isnt", "wasnt", "would", "will")
        and (
            words[j].bare in ("that", "this")
            or (
                words[j].bare == "it"
                and following is not None
                and following.bare == "to"
                and not following.gap_before
            )
        )
    )


_EXECUTION_TOLD = re.compile(_EXECUTION_WORDS)
_CLAUSE_BREAK = re.compile(r"[.?!,;:—–]| - ")


def _a_day_to_come(lower: str, day: re.Match[str], night: re.Match[str]) -> bool:
    """An execution supposed after the night, in a clause of "if": a day to come, not one
    told before the night ("the monk protected ben tonight. if ben gets exed what happens")."""
    if day.start() < night.end() or not _EXECUTION_TOLD.fullmatch(day.group(0)):
        return False
    clause = _CLAUSE_BREAK.split(lower[night.end() : day.start()])[-1]
    # (not a past one supposed: "does the rk wake tonight if he got exed")
    return rx.search(r"\bif\b", clause) is not None and not rx.search(
        r"\b(?:got|was|were|been)\s+$", clause
    )


# the night a question has told already, said again
SAME_NIGHT = re.compile(r"\b(?:that|the|this)? ?same (?:night|nite)\b")
_OR_THE_NEXT = re.compile(r",? or (?:only |just )?(?:from |on |until |till )?(?:the )?next\b")


# the night before the one the question is in: a "that night" after it may be that very
# night, which may be the first (a "tonight" after it is a later one)
_A_NIGHT_TOLD = re.compile(r"(?:last|previous) (?:night|nite)")


_TOKEN_TALK = frozenset("reminder reminders token tokens".split())


# what a storyteller types to take a word back: "drunk, sorry poisoned", "drunk, er poisoned"
CORRECTING = frozenset({"sorry", "er", "erm", "um", "uh", "oops", "meant"})


def _corrected(words: list[Word], index: int, known: frozenset[str]) -> bool:
    """A condition word taken back: right after it a correcting word, then another condition
    word ("drunk last night, sorry poisoned")."""
    for k in range(index + 1, min(index + 5, len(words))):
        if words[k].bare in CORRECTING:
            after = words[k + 1 : k + 3]
            return any(condition_form(w.bare, known) is not None for w in after)
    return False


def _listed_token(words: list[Word], index: int, inside: set[int]) -> bool:
    """A condition word in a "+" or "/" list, in a question about reminder tokens: a token's
    name ("defended + dead + no ability"), not a state."""
    joined = any(
        0 <= j < len(words) and words[j].bare in ("+", "/") for j in (index - 1, index + 1)
    )
    talk = any(w.bare in _TOKEN_TALK for w in words)
    if _token_one(words, index, talk=talk):
        return True
    if not talk:
        return False
    return joined or _nobodys_clause(words, index, inside)


# what a storyteller does with a reminder token: "take the poisoned one off"
_HANDLING = frozenset("take takes took taking remove removes removed removing".split())


def _token_one(words: list[Word], index: int, *, talk: bool) -> bool:
    """ "when do i take the poisoned one off", "remove the drunk one": a token named by its
    state ("the X one"), taken off, or in a question about reminders (``talk``)."""
    following = word_at(words, index + 1)
    if following is None or following.bare not in ("one", "ones") or following.gap_before:
        return False
    if index < 1 or words[index - 1].bare != "the":
        return False
    return talk or (index >= 2 and words[index - 2].bare in _HANDLING)


def _nobodys_clause(words: list[Word], index: int, inside: set[int]) -> bool:
    """ "gremlin reminders for n1? seen and poisoned or smth else": a clause naming no one,
    no person and no pronoun, in which a condition word can only be a token's name."""
    start = clause_start(words, index)
    if words[index].aside and start - 1 in inside:
        return False  # "we exed the poisoner (died)": said of the one named before it
    k = start - 1
    while k >= 0 and words[k].aside:
        k -= 1
    if k < start - 1 and k in inside:
        return False  # "zombuul (seat 8) got executed, flipped his token": the Zombuul's
    end = index + 1
    while end < len(words) and not words[end].gap_before:
        end += 1
    return not any(
        j in inside
        or is_anchor(words[j])
        or words[j].bare in PRONOUNS | REFLEXIVES | {"one"}
        or (words[j].bare in ("who", "whom") and j - 1 in inside)  # "the chef, who died n2"
        for j in range(start, end)
    )


def _word_conditions(
    words: list[Word],
    mentions: list[Mention],
    taken: set[int],
    drunk_words: set[int],
    known: frozenset[str],
) -> list[tuple[Condition, Role, int]]:
    inside = {i for m in mentions for i in range(m.start, m.end)}
    found = []
    for word in words:
        if word.index in taken or (word.index in inside and word.index not in drunk_words):
            continue
        form = condition_form(word.bare, known)
        if form is None and word.bare == "drunks" and word.index in drunk_words:
            form = (Condition.DRUNK, Role.OBJECT)  # "courtier drunks the lil monsta"
        if form == (Condition.DRUNK, Role.ADJECTIVE) and _drunk_as_a_verb(words, word.index):
            form = (Condition.DRUNK, Role.OBJECT)  # "can i drunk a dead guy": the guy's state
        if form is None:
            form = _choice_that_poisons(words, word.index, mentions)  # "poisoner hit the monk"
        if form is None and _demon_got(words, word.index, mentions):
            form = (Condition.DEAD, Role.VERB)  # "the demon got her last night": killed her
        if form is None and _shabaloth_ate(words, word.index, mentions):
            form = (Condition.DEAD, Role.VERB)  # "shab ate the washerwoman and the chef"
        if form is None and word.bare == "kill" and _kill_told(words, word.index, mentions):
            form = (Condition.DEAD, Role.VERB)  # "carnage kill the empath": "kills", told
        if form is None or _negated(words, word.index):
            continue
        if form[0] is Condition.DEAD and _token_turned(words, word.index):
            continue  # "when do i turn it into dead": the reminder token, turned over
        if _corrected(words, word.index, known):
            continue  # "saint was drunk last night, sorry poisoned": the word taken back
        if form[0] is Condition.MAD and word.index and words[word.index - 1].bare in INTENSIFIERS:
            continue  # "really mad about it": angry, not the game's madness
        if _listed_token(words, word.index, inside):
            continue  # "what reminders do i need? defended + dead + no ability?": token names
        if form[0] is Condition.SELF_TARGET and (
            word.index - 1 in inside
            or (word.index > 0 and words[word.index - 1].bare in PLAYER_WORDS | _THINGS)
        ):
            # "on the FT himself", "the pumpkin player themselves", "the busboy token
            # itself": emphasis
            continue
        if (
            form[0] is not Condition.SELF_TARGET
            and (following := word_at(words, word.index + 1)) is not None
            and following.bare in _THINGS
            and not following.gap_before
            and word.index - 1 in inside
        ):
            continue  # "the goon drunk thing": the character's rule, no state
        if (
            word.bare == "protection"
            and word.index - 1 in inside
            and not possessive(words[word.index - 1])
            and not word.gap_before
        ):
            continue  # "monk protection still works": the Monk's ability, nobody's state
        if form[0] is Condition.BECOMES and _becomes_a_state(words, word.index):
            continue  # "who becomes drunk": a state, not another character
        if form == (Condition.EXECUTED, Role.SUBJECT) and _exe_verb(words, word.index):
            form = (Condition.EXECUTED, Role.OBJECT)  # "day 4 we exe the demon"
        if form[0] is Condition.DEAD and _a_death(words, word.index):
            continue  # "or only the actual death": the event, nobody's
        if (
            form[0] is Condition.DEAD
            and word.index
            and words[word.index - 1].bare in _SEEMING
            and not word.gap_before
        ):
            continue  # "first time so he only looks dead": how it seems, no death
        if _an_event(words, word.index, form):
            continue  # "a player made a nomination": the event, said of nobody in particular
        if form[0] is Condition.DEAD and (
            _first_death(words, word.index) or _a_death_not_had(words, word.index)
        ):
            # "first death so hes secretly still alive", "the first time they would die":
            # the death an ability turns aside, not one that happened
            continue
        if _of_someones_character(words, word.index):
            continue  # "show the exed char": the character of whoever was executed
        if form[0] is Condition.PROTECTED and _safe_as_wise(words, word.index):
            continue  # "can the gambler guess himself? is that always safe": a deed, no one
        if word.bare == "kills" and not _kills_verb(words, word.index, mentions):
            continue  # "2 kills tonight", "the kills": the noun
        if word.bare == "poison" and _poison_noun(words, word.index, mentions):
            continue  # "does the no dashii poison reach him": the character's poison
        if _intended(words, word.index):
            continue  # "DA wants to protect himself": not done, asked about
        if word.index + 1 not in inside and _group_noun(words, word.index, form[0]):
            continue  # "is his drunk sober again", "dead need vote tokens": a person, no state
        if (
            form[0] is not Condition.REGISTERING
            and word.index > 0
            and (
                (
                    words[word.index - 1].bare == "as"
                    and not (word.index > 1 and words[word.index - 2].bare in MARKED)
                )
                or (
                    condition_form(words[word.index - 1].bare)
                    == (Condition.REGISTERING, Role.SUBJECT)
                    and not word.gap_before
                )
            )
        ):
            continue  # "registering (as) dead": what it registers as, not what it is
        if form[0] is Condition.SELF_TARGET and _emphatic(words, word.index):
            continue  # "witchdoctor is poisoned herself": emphasis
        if (
            form[0] is Condition.SELF_TARGET
            and word.index
            and words[word.index - 1].bare in _REVEALING
        ):
            continue  # "mutant outs himself": says what they are, chooses nobody
        found.append((form[0], form[1], word.index))
    return found


_SEEMING = frozenset("look looks looked looking appear appears appeared seem seems seemed".split())
# things a character's name and a state word say, not a player: "the goon drunk thing",
# "the busboy token itself"
_THINGS = frozenset("thing things stuff rule rules part bit token tokens".split())

DYING_ONES = frozenset("it he she they its hes shes".split())


def _first_death(words: list[Word], index: int) -> bool:
    """ "its first 'death'", "first death so hes secretly still alive", "first time it died":
    the death an ability turns aside (the Zombuul's, the Fool's), not a death that happened."""
    before = [w.bare for w in words[max(0, index - 3) : index]]
    if words[index].bare == "death":
        following = word_at(words, index + 1)
        return (
            bool(before)
            and before[-1] in ("first", "1st")
            and "fake" not in before  # "its fake first death": what the ability gives
            # "fools first death is an execution": the death said to happen
            and not (following is not None and following.bare in COPULAS)
        )
    return len(before) >= 3 and before[-3:-1] == ["first", "time"] and before[-1] in DYING_ONES


# determiners before "drunk" as a noun: "his drunk" is the player his ability made drunk
# ("her" is left out: "made her drunk")
_OWNING = (OWNERS - {"her"}) | {"its"}
# verbs after "dead" as a noun: "dead need vote tokens", "dead can nominate"
_GROUP_VERBS = frozenset("need needs get gets can cannot vote votes keep keeps have".split())


def _group_noun(words: list[Word], index: int, condition: Condition) -> bool:
    """ "philo dies, is his drunk sober again": the drunk player, no state of anyone named
    (the caller sees no name follows: "my drunk chef"); "voudon game - dead need vote
    tokens?": the dead players."""
    before = words[index - 1] if index > 0 else None
    k = index + 1
    while k < len(words) and words[k].bare in HEDGES | {"only"}:
        k += 1  # "do the dead only get their votes back"
    after = words[k] if k < len(words) else None
    if condition is Condition.DRUNK and before is not None and before.bare in _OWNING:
        return True
    if (
        condition is Condition.DEAD
        and before is not None
        and before.bare == "the"
        and any(w.bare in ("living", "alive") for w in words[max(0, index - 3) : index + 4])
    ):
        return True  # "when the dead and the living are equal": both groups of players
    return (
        condition is Condition.DEAD
        and words[index].bare == "dead"
        and (before is None or words[index].gap_before or before.bare == "the")
        and after is not None
        and not after.gap_before
        and after.bare in _GROUP_VERBS
    )


# characters whose every choice poisons the one chosen (the Pukka's poison is what its
# questions ask about, so it is not told by "pukka picks the soldier"), the verbs of choosing,
# and whom a choice does not poison: the Goon makes its first chooser drunk instead
POISONING = frozenset({"poisoner"})
UNPOISONED = frozenset({"goon"})
POISONS_BY = frozenset(
    "picks picked pick chooses chose choose hits hit targets targeted got gets".split()
)


def _shabaloth_ate(words: list[Word], index: int, mentions: list[Mention]) -> bool:
    """ "shab ate the washerwoman", "the demon ate two": the Shabaloth's kill, as storytellers
    say it (not the Cannibal's, who "eats" an executed player and kills no one)."""
    if words[index].bare not in ("ate", "eats") or index == 0 or words[index].gap_before:
        return False
    j = index - 1
    while j > 0 and words[j].bare in HEDGES:
        j -= 1
    eater = next((m for m in mentions if m.end - 1 == j), None)
    return (eater is not None and eater.id == "shabaloth") or words[j].bare == "demon"


def _demon_got(words: list[Word], index: int, mentions: list[Mention]) -> bool:
    """ "the demon got her last night", "when the imp got him": the Demon's kill, said so."""
    if words[index].bare not in ("got", "gets") or index == 0 or index + 1 >= len(words):
        return False
    following = words[index + 1]
    if words[index - 1].bare not in ("demon", "imp") or following.gap_before:
        return False
    starts = {m.start for m in mentions}
    return (
        following.bare in ("him", "her", "them")
        or index + 1 in starts  # "the imp got chef"
        or (following.bare in ("the", "my", "our") and index + 2 in starts)
    )


# who makes someone drunk, in the Storyteller's slang ("can i drunk a dead guy")
_DRUNKING = frozenset({"i", "we", "u", "you", "to"})
# what opens the object after it
_OBJECT_OPENERS = frozenset("a an the someone somebody anyone him her them my our".split())


def _drunk_as_a_verb(words: list[Word], index: int) -> bool:
    """ "can i drunk a dead guy", "should we drunk the fall guy", "sweetheart died, drunk a
    dead player ok?": "drunk" used as a verb by the one asking, its object the one made drunk
    (not a state of a name said before)."""
    if index == 0 or index + 1 >= len(words):
        return False
    before, after = words[index - 1], words[index + 1]
    return (
        before.bare in _DRUNKING
        and not words[index].gap_before
        and not after.gap_before
        and after.bare in _OBJECT_OPENERS
    ) or drunk_opening_a_clause(words, words[index])


def _choice_that_poisons(
    words: list[Word], index: int, mentions: list[Mention]
) -> tuple[Condition, Role] | None:
    """ "poisoner hit the monk", "the pukka picked the chef": the one chosen is poisoned, as
    "poisoner poisons the monk" says it."""
    if words[index].bare in GOING_FOR and index + 2 < len(words):
        if words[index + 1].bare != "for" or words[index + 1].gap_before:
            return None
        after = index + 1  # "went for the empath": the one chosen follows "for"
    elif words[index].bare in ("was", "is") and index + 2 < len(words):
        if words[index + 1].bare != "on" or words[index + 1].gap_before:
            return None
        after = index + 1  # "poisoner was on the RK last night": the one chosen
    elif words[index].bare not in POISONS_BY or words[index].gap_before:
        return None
    else:
        after = index
    j = index - 1
    while j >= 0 and (words[j].bare in HEDGES or words[j].bare in ("had", "has")):
        j -= 1  # "the poisoner had picked her", "the poisoner has just picked"
    chooser = next((m for m in mentions if m.end - 1 == j), None)
    if chooser is None or chooser.id not in POISONING or after + 1 >= len(words):
        return None
    following = words[after + 1]
    chosen = next((m for m in mentions if m.start in (after + 1, after + 2)), None)
    if (
        following.gap_before
        or following.bare in REFLEXIVES  # "poisoner picks herself": no one else poisoned
        or (chosen is None and condition_form(following.bare) is not None)  # "got exed"
        or (chosen is not None and chosen.id in UNPOISONED)
        or (chooser.start > 0 and words[chooser.start - 1].bare in ("drunk", "poisoned"))
        or _said_impaired(words, mentions, chooser.id)
    ):
        return None
    return (Condition.POISONED, Role.OBJECT)


# between a name and the state said of it: "the poisoner was drunk", "poisoner is also drunk"
_STATE_LINKS = frozenset("is was s got gets been being also still actually already".split())


def _said_impaired(words: list[Word], mentions: list[Mention], cid: str) -> bool:
    """The question says the character is drunk or poisoned, a verb after one of its names
    ("the poisoner picked him, but the poisoner was drunk"): its choice poisons no one."""
    for mention in mentions:
        if mention.id != cid:
            continue
        k = mention.end
        while k < len(words) and words[k].bare in _STATE_LINKS and not words[k].gap_before:
            k += 1
        # a state linked to it by a verb ("was drunk"), not a word run on ("poisoner drunk")
        if k > mention.end and k < len(words) and not words[k].gap_before:
            if words[k].bare in ("drunk", "poisoned"):
                return True
    return False


def _chooses_itself(
    words: list[Word], mentions: list[Mention]
) -> list[tuple[Condition, Role, int]]:
    """ "can the medic choose medic", "the FT picked the FT", "ojo just pointed at the ojo
    icon": the same character on both sides of a choice verb is that character choosing
    itself (read from the verb)."""
    ordered = sorted(mentions, key=lambda m: m.start)
    found = []
    for first, second in itertools.pairwise(ordered):
        between = words[first.end : second.start]
        verbs = [w for w in between if w.bare in CHOICE_VERBS]
        if (
            first.id == second.id
            and len(verbs) == 1
            and len([w for w in between if w.bare not in HEDGES]) <= 3
            and all(
                w.bare in CHOICE_VERBS
                or w.bare in ARTICLES
                or w.bare in ("at", "on", "to")
                or w.bare in HEDGES
                for w in between
            )
            and not any(w.gap_before for w in [*between, words[second.start]])
        ):
            found.append((Condition.SELF_TARGET, Role.SELF, verbs[0].index))
    return found


# characters said to be on the script, not in play ("summoner + pukka on the script")
ON_THE_SCRIPT = re.compile(r"\b(?:on|in) (?:the |my |our |this )?script\b", re.IGNORECASE)


def _made_by_a_maker(characters: Sequence[str], vocab: Vocabulary) -> set[str]:
    """The Demons a question names beside a character whose ability makes a player the Demon
    of its choice ("summoner wants a pukka", "can the summoner make a pukka on n2"): made in
    play, so become."""
    if not any(cid in vocab.demon_makers for cid in characters):
        return set()
    return {
        cid
        for cid in characters
        if vocab.teams.get(cid) == Team.DEMON and cid not in vocab.demon_makers
    }


def _nights_to_the_maker(
    conditions: dict[str, tuple[Condition, ...]],
    made: set[str],
    characters: Sequence[str],
    vocab: Vocabulary,
) -> dict[str, tuple[Condition, ...]]:
    """A night said of a Demon made in play is its maker's, who acts then ("summoner wants a
    pukka, can it happen on n2": the Summoner's night 2)."""
    maker = next((cid for cid in characters if cid in vocab.demon_makers), None)
    moved = {c for cid in made for c in conditions.get(cid, ()) if c in TIMES}
    if maker is None or not moved:
        return conditions
    out = {
        cid: tuple(c for c in conds if cid not in made or c not in TIMES)
        for cid, conds in conditions.items()
    }
    out[maker] = (*out.get(maker, ()), *(c for c in sorted(moved) if c not in out.get(maker, ())))
    return out


def _now_another(words: list[Word], mentions: list[Mention]) -> list[tuple[Condition, Role, int]]:
    """ "so our SW is the imp now", "the klutz is now a fang gu": one character said to be
    another one now has become it (read from the copula, of its subject)."""
    ordered = sorted(mentions, key=lambda m: m.start)
    found = []
    for first, second in itertools.pairwise(ordered):
        between = words[first.end : second.start]
        after = word_at(words, second.end)
        now_before = any(w.bare == "now" for w in between)
        now_after = after is not None and after.bare == "now" and not after.gap_before
        if (
            first.id != second.id
            and between
            and between[0].bare in ("is", "s", "was")
            and (now_before or now_after)
            and all(w.bare in ("is", "s", "was", "now") or w.bare in ARTICLES for w in between)
            and not any(w.gap_before for w in [*between, words[second.start]])
        ):
            found.append((Condition.BECOMES, Role.SUBJECT, between[0].index))
    for mention in ordered:
        # "so SW is the demon now", "the baron is now a demon": the Demon named by its kind
        said = []
        for w in words[mention.end : mention.end + 5]:
            if w.gap_before:
                break
            said.append(w.bare)
        read = " ".join(said)
        if rx.match(r"(?:is|s) (?:now (?:the |a )?demon\b|(?:the |a )?demon now\b)", read):
            found.append((Condition.BECOMES, Role.SUBJECT, mention.end))
    return found


STATE_WORDS = STATE_ADJECTIVES | {"evil", "good"}


def _becomes_a_state(words: list[Word], index: int) -> bool:
    following = word_at(words, index + 1)
    return following is not None and following.bare in STATE_WORDS


EVENT_NOUNS = frozenset({Condition.EXECUTED, Condition.NOMINATED})
EVENT_DETERMINERS = frozenset(
    "a an the their his her its my only every each next another any".split()
)
SKIPPING = frozenset({"skip", "skips", "skipped", "skipping"})
ORDINALS = frozenset("first second third last 1st 2nd 3rd".split())
# "had him marked as drunk", "treat her as poisoned": the state the storyteller gives them
MARKED = frozenset("marked mark marking treat treats treated treating".split())
COUNTS = frozenset("two three four many several multiple 2 3 4".split())
# short forms that are both the event and the doing: "the nom failed", "i nom him"
NOUN_OR_VERB = frozenset({"nom", "noms"})


def _a_death(words: list[Word], index: int) -> bool:
    """ "block the poison or only the actual death", "a death tonight", "does a bounced death
    always land": a death as an event, no one's (not "the death of the chef", "his death")."""
    if words[index].bare not in ("death", "deaths"):
        return False
    following = words[index + 1] if index + 1 < len(words) else None
    if following is not None and following.bare == "of" and not following.gap_before:
        return False
    j = index - 1
    while j > 0 and words[j].bare in ("actual", "real", "normal", "regular", "extra", "second"):
        j -= 1
    if j > 0 and words[j].bare.endswith("ed") and not words[j + 1].gap_before:
        j -= 1  # "a bounced death"
    return j >= 0 and words[j].bare in ("the", "a", "an", "any", "another", "no", "every")


_AN_EVENTS_VERBS = frozenset(
    "happened happens occurred goes go went passes passed stands fails failed".split()
)


def _an_event(words: list[Word], index: int, form: tuple[Condition, Role]) -> bool:
    """ "force an execution to pass", "made a nomination": the noun with an article is the
    event; "his first death is an execution" still says it of him (after a copula)."""
    if form[0] not in EVENT_NOUNS or index == 0:
        return False
    if form[1] is not Role.SUBJECT and words[index].bare not in NOUN_OR_VERB:
        return False  # "the noms failed": "nom" is a noun after a determiner
    following = word_at(words, index + 1)
    if following is not None and following.bare in _AN_EVENTS_VERBS:
        return True  # "exe happened but guy survived", "exe goes thru?"
    then = word_at(words, index + 2)
    if (
        following is not None
        and following.bare in ("is", "are", "was", "were")
        and then is not None
        and then.bare != "by"
    ):
        return False  # "the only nominations were the sweetheart": said of who follows
    j = index - 1
    if words[j].bare == "own" and j > 0:  # "on their own nomination"
        j -= 1
    if words[j].bare in ("todays", "yesterdays") and (j < 1 or words[j - 1].bare not in BE_FORMS):
        return True  # "after todays execution the alchemist called out the spy": the day's
    if words[j].bare in ("current", "pending", "upcoming", "whole", "todays", "actual") and j > 0:
        j -= 1  # "declares that the current execution fails"
    if words[j].bare in COUNTS and words[index].bare.endswith("s"):
        return True  # "her two nominations": events counted
    if words[j].bare in ORDINALS:
        if (j == 0 or words[j].gap_before) and (following is None or following.bare != "on"):
            # "first nomination of day 1: the drunk nominated the virgin" (not "first
            # nomination on the virgin")
            return True
        j -= 1  # "the first nomination", not "the drunk's first nomination"
        if j > 0 and words[j].bare in ("whole", "entire", "very"):
            j -= 1  # "sat quiet thru the whole first nomination": the event
    if j > 0 and words[j - 1].bare in ("a", "an") and words[j].bare in _EVENTFUL:
        j -= 1  # "a big nomination", "a surprise execution" (not "a townsfolk noms her")
    if words[j].bare not in EVENT_DETERMINERS or died_by(words, j):
        return False  # "juggler died to the exe": the way the subject died
    if j >= 1 and (words[j - 1].bare in ("theres", "there") or _there_is(words, j - 1)):
        return True  # "today theres a big nomination": one happens, nobody's
    return j < 1 or words[j - 1].bare not in BE_FORMS


# what describes an event between its article and its noun
_EVENTFUL = frozenset("big huge surprise failed successful quick second third tied".split())


def _there_is(words: list[Word], k: int) -> bool:
    """ "there is", "there was": the event said to happen, no one said to be it."""
    return k >= 1 and words[k].bare in ("is", "was", "will") and words[k - 1].bare == "there"


def _kills_verb(words: list[Word], index: int, mentions: list[Mention]) -> bool:
    """ "vortox kills the banshee", "demon kills him": most writers label the one a killer goes
    for as dying, when the killer is named (or is "the demon") right before the verb."""
    if index == 0 or words[index].gap_before:
        return False
    previous = words[index - 1]
    return any(m.end == index for m in mentions) or previous.bare in ("demon", "he", "she", "it")


# verbs of a reminder token turned over or swapped: "flip it to dead"
TURNING = frozenset(
    "flip flips flipped flipping turn turns turned turning change changes changed swap swaps "
    "swapped switch switches switched".split()
)


def _token_turned(words: list[Word], index: int) -> bool:
    """ "when does it flip to dead", "when do i turn it into dead": a token turned over to its
    Dead side (or swapped for the Dead reminder), no one's death."""
    if index >= 3 and words[index - 1].bare in ("a", "the") and words[index - 2].bare == "for":
        # "when does the poisoned reminder get swapped for a dead one"
        before = [w.bare for w in words[max(0, index - 5) : index - 2]]
        return any(w in TURNING for w in before)
    if index < 2 or words[index - 1].bare not in ("to", "into"):
        return False
    before = [w.bare for w in words[max(0, index - 4) : index - 1]]
    return any(w in TURNING for w in before)


def _kill_told(words: list[Word], index: int, mentions: list[Mention]) -> bool:
    """ "carnage kill the empath and ...": "kill" straight after a character opening its
    clause, an article and a name after it, tells a kill (as "kills" does); not "can the imp
    kill the empath", "wants to kill", "kill the imp"."""
    named = next((m for m in mentions if m.end == index), None)
    if words[index].gap_before or index + 2 >= len(words):
        return False
    if named is not None:
        opening = phrase_start(words, named.start)
    elif index and words[index - 1].bare in ("i", "we"):
        # "..., and i kill the lil monsta itself": the storyteller telling the kill they
        # make (not "can i kill the imp", "do we kill ...": leave asked)
        opening = index - 1
        if opening and words[opening - 1].bare in _TELLING_OPENERS:
            opening -= 1
    else:
        return False
    if not (opening == 0 or words[opening].gap_before):
        return False
    return words[index + 1].bare in ARTICLES and any(m.start == index + 2 for m in mentions)


# words that open a clause telling what the storyteller does: "and i kill the imp"
_TELLING_OPENERS = frozenset({"and", "so", "then", "if", "when", "after", "once"})


DEADLINE = frozenset({"before", "until", "til", "till"})


def _after_deadline(words: list[Word], index: int) -> bool:
    """A night named as a deadline: "before n3", "before the first night"."""
    k = index - 1
    if k > 0 and words[k].bare == "the":
        k -= 1
    return k >= 0 and words[k].bare in DEADLINE


def _exe_verb(words: list[Word], index: int) -> bool:
    """ "exe the demon", "exe him": the short form used as a verb, with its object."""
    following = word_at(words, index + 1)
    if (
        index
        and words[index - 1].bare in ("the", "a", "an", "todays")
        and not words[index].gap_before
    ):
        return False  # "after the exe the alchemist calls out the spy": the noun
    return (
        words[index].bare in ("exe", "exec")
        and following is not None
        and not following.gap_before
        and following.bare in ("the", "a", "an", "him", "her", "them", "his", "my", "our", "that")
    )


INTENT = frozenset("wants want wanted tries try tried trying plans planning planned".split())


def _intended(words: list[Word], index: int) -> bool:
    """ "DA wants to protect himself", "guess gambler every night to stay safe": aimed at,
    not done."""
    if index >= 2 and words[index - 1].bare == "to" and words[index - 2].bare in INTENT:
        return True
    if _feared(words, index):
        return True  # "shes scared of getting exed tomorrow": feared, not done
    if _so_that_asked(words, index):
        return True  # "can i swap it so the scapegoat dies instead": the aim of what is asked
    if index < 2 or words[index - 2].bare != "to" or words[index - 1].gap_before:
        return False
    if words[index - 1].bare in ("stay", "keep"):
        return True  # "to stay safe"
    # "wants to be safe"; not "happens to be protected from death", which says it is
    return words[index - 1].bare == "be" and index >= 3 and words[index - 3].bare in INTENT


FEARING = frozenset("scared afraid worried nervous terrified fearful paranoid".split())


def _feared(words: list[Word], index: int) -> bool:
    """ "scared of getting exed", "worried about being poisoned": a state feared."""
    k = index - 1
    if k >= 1 and words[k].bare in ("getting", "being") and not words[index].gap_before:
        k -= 1
    return (
        k >= 1
        and words[k].bare in ("of", "about")
        and words[k - 1].bare in FEARING
        and not words[k].gap_before
        and not words[k + 1].gap_before
    )


def _so_that_asked(words: list[Word], index: int) -> bool:
    """The state at ``index`` closes "so (that) X ..." in a question: after "can i",
    "should i" or "do i" opening its sentence, the result the storyteller asks leave to bring
    about; after "can he" or "could the spy", the result asked of what they may do ("can he
    register as a townsfolk so that he gets executed")."""
    for k in range(index - 1, max(0, index - 6), -1):
        if words[k + 1].gap_before:
            return False
        if words[k].bare == "so" or (words[k].bare == "that" and k and words[k - 1].bare == "so"):
            j = clause_start(words, k)
            opening = [w.bare for w in words[j : j + 2]]
            return opening in (["can", "i"], ["could", "i"], ["should", "i"], ["do", "i"]) or (
                len(opening) == 2
                and opening[0] in ("can", "could")
                and (j == 0 or words[j].opens_sentence)
            )
    return False


# what follows "the <character> poison" when it is the noun: a verb of its own or the end
POISON_NOUN_FOLLOWERS = frozenset(
    "reach reaches stay stays affect affects work works last lasts go goes jump jumps move moves "
    "spread spreads carry carries apply applies land lands end ends wear wears skip skips hit "
    "hits count counts still too also or and is was token reminder".split()
)


def _poison_noun(words: list[Word], index: int, mentions: list[Mention]) -> bool:
    """ "the no dashii poison", "block the pukka poison or only the death": after a character
    named with an article, "poison" followed by a verb of its own or nothing is the noun."""
    named = next((m for m in mentions if m.end == index), None)
    if named is None or named.start == 0 or words[named.start - 1].bare not in ARTICLES:
        return False
    following = word_at(words, index + 1)
    return following is None or following.gap_before or following.bare in POISON_NOUN_FOLLOWERS


def _emphatic(words: list[Word], index: int) -> bool:
    """ "is poisoned herself", "made the nomination themselves": a reflexive after a state or a
    noun, not after a choice ("poisoned herself", "picks the ft and herself")."""
    if index < 2 or words[index].gap_before:
        return False
    previous, before = words[index - 1], words[index - 2]
    if condition_form(previous.bare) is not None and before.bare in LINKING:
        return True  # "the math being drunk itself"
    if previous.bare in ("evil", "good") and before.bare in LINKING | _LINKED_PRONOUNS:
        return True  # "is she fine since shes evil herself": her alignment, stressed
    if before.bare == "as" and not previous.gap_before:
        return True  # "count as scary themself": what they count as, no choice
    if previous.bare in ("it", "that", "this") and not previous.gap_before:
        return True  # "the puppetmaster said it himself": the object taken, the doer stressed
    following = words[index + 1] if index + 1 < len(words) else None
    if (
        following is not None
        and not following.gap_before
        and following.bare in _AFTER_A_STRESSED_SUBJECT
        and previous.bare not in CHOICE_VERBS
        and condition_form(previous.bare) is None
        # a name, not a verb: not "gambler guessing himself is that allowed"
        and not previous.bare.endswith(("ing", "ed", "s"))
    ):
        return True  # "then fin himself got executed": the subject stressed
    # "made the nomination themselves": after a noun with its article, not after a verb
    if before.bare in ARTICLES and previous.bare not in CHOICE_VERBS and not previous.gap_before:
        return True
    return _relative_emphasis(words, index)


_LINKED_PRONOUNS = frozenset("shes hes theyre its".split())
# a verb straight after a subject's reflexive: "fin himself got executed"
_AFTER_A_STRESSED_SUBJECT = frozenset("got gets was is has had died dies did does".split())
# verbs of giving oneself away, which no ability does: "mutant outs himself"
_REVEALING = frozenset(
    "out outs outed outted outing reveal reveals revealed revealing expose exposes exposed".split()
)
# nouns a clause without "that" can be about: "a nomination they made themselves"
_RELATIVE_HEADS = frozenset(
    "someone somebody anyone anybody nomination player person one execution choice nom exe"
    " vote pick".split()
)


def _relative_emphasis(words: list[Word], index: int) -> bool:
    """ "someone the judge nominated themselves", "a nomination they made themself": the
    clause's object is the noun before it, so the reflexive only stresses who did it."""
    subject = index - 2  # the verb is at index - 1
    if subject >= 1 and words[subject].bare not in SUBJECT_PRONOUNS:
        subject -= 1 if words[subject - 1].bare in ARTICLES else 0
    head = subject - 1
    return (
        head >= 0
        and words[head].bare in _RELATIVE_HEADS
        and not any(w.gap_before for w in words[head + 1 : index + 1])
    )


LINKING = frozenset("is was are were got gets been being be".split())


# "really mad", "so mad": a feeling; the game's madness is never had by degrees
INTENSIFIERS = frozenset("really so super very pretty kinda quite totally".split())
CHOOSING_TO = frozenset("chosen chose choose decided decide wanted want".split())
# "would have died", "should've been executed": what did not happen
COUNTERFACTUAL = frozenset("would should could wouldve shouldve couldve".split())
FEIGNED = frozenset({"fake", "faked", "fakes", "faking"})
INSTEAD = (["instead", "of"], ["rather", "than"])


def _use_asked(words: list[Word], index: int, said: str) -> bool:
    """ "imp got nominated today, can he still starpass tonight?": whether the Imp may use its
    ability as it always can, asked (three writers of three leave self-target out), unlike
    "the imp starpassed" or "can the imp kill himself" (which say who is chosen)."""
    if not said.startswith("star"):
        return False
    j = index - 1
    while j > 0 and words[j].bare in HEDGES and not words[j + 1].gap_before:
        j -= 1
    return (
        j >= 1
        and words[j].bare in ("he", "she", "it", "they", "imp")
        and words[j - 1].bare in ("can", "could", "may")
        and not words[j].gap_before
        and not words[j + 1].gap_before
    )


def _negated(words: list[Word], index: int) -> bool:
    """ "no execution", "without a nomination", "attacked but didnt die": the thing did not
    happen."""
    start = index
    while start > 0 and words[start - 1].bare in HEDGES | {"else"}:
        start -= 1  # "they dont actually die", "no one else died"
    before = [w.bare for w in words[max(0, start - 2) : start]]
    if before and before[-1] in NEGATIONS | VERB_NEGATIONS:
        return True
    if before and before[-1] in FEIGNED:
        return True  # "does it fake die like normal": the Zombuul's seeming death
    being = 1 if before[-1:] == ["being"] else 0  # "rather than being executed"
    if [w.bare for w in words[max(0, start - 2 - being) : start - being]] in INSTEAD:
        return True  # "can he become the philosopher instead of dying": it does not happen
    if before and before[-1] in SKIPPING:
        return True  # "we skipped exe"
    if before and before[-1] in ("zero", "0"):
        return True  # "zero nominations today"
    if len(before) == 2 and before[0] in VERB_NEGATIONS and before[1] in ("be", "get", "go"):
        # "wont be executed", "doesnt get nominated"; but "i thought lil monsta cant be drunk"
        # asks whether the state can hold at all, as "can the beggar be poisoned" does
        # (conventions 1: five of the six writers who say it so label it)
        # ("the beggar cant get drunk or poisoned right" alike)
        return not (
            before[0] == "cant"
            and before[1] in ("be", "get")
            and words[index].bare in IMPAIRED_WORDS
        )
    if len(before) == 2 and before[0] in SKIPPING and before[1] in ("the", "a", "an"):
        return True  # "town skips the exe"
    if len(before) == 2 and before[0] == "no" and before[1] in ("one", "player", "players"):
        return True  # "no one died"
    if (len(before) == 2 and before[0] in COUNTERFACTUAL and before[1] in ("have", "of")) or (
        before and before[-1] in COUNTERFACTUAL and before[-1].endswith("ve")
    ):
        return True  # "the sleeper would have died at night", "wouldve died": it did not
    if _wished(words, start):
        return True  # "the town wants him dead": a wish, not what happened
    if start >= 4 and [w.bare for w in words[start - 2 : start]] == ["to", "be"]:
        chosen = [w.bare for w in words[start - 4 : start - 2]]
        if chosen[0] in VERB_NEGATIONS and chosen[1] in CHOOSING_TO:
            return True  # "hasnt chosen to be drunk": the choice not (yet) made
    return len(before) == 2 and before[0] in NEGATIONS and before[1] in ("a", "an", "any")


# verbs of wishing a state on someone: "wants him dead", "want the saint executed"
WISHING = frozenset("want wants wanted wanting wish wishes wished".split())


def _wished(words: list[Word], start: int) -> bool:
    """ "the town wants him dead", "everyone wants the saint dead": the state wished on
    someone (the object of the wish, right before it), not told."""
    between = words[max(0, start - 3) : start]
    for k, word in enumerate(between):
        if word.bare not in WISHING:
            continue
        rest = between[k + 1 :]
        if any(w.gap_before for w in [*rest, words[start]]):
            return False
        if len(rest) == 1 and rest[0].bare in ("him", "her", "them", "it"):
            return True
        return len(rest) == 2 and rest[0].bare in ("the", "a", "an", "my", "our", "their")
    return False


def _night(found: list[tuple[Condition, Role, int]]) -> str | None:
    conditions = {c for c, _, _ in found}
    if Condition.FIRST_NIGHT in conditions:
        return "first"
    return "other" if Condition.OTHER_NIGHTS in conditions else None


# ---- kind and leftovers ----------------------------------------------------------------------


def classify(question: str, characters: Sequence[str]) -> Kind:
    """The kind of question, from its wording and how many characters it names.

    >>> classify("does the poisoner go before the monk", ["poisoner", "monk"])
    <Kind.NIGHT_ORDER: 'night-order'>
    >>> classify("how do I run the Chambermaid", ["chambermaid"])
    <Kind.HOW_TO_RUN: 'how-to-run'>
    >>> classify("drunk Monk vs Assassin", ["monk", "assassin"])
    <Kind.INTERACTION: 'interaction'>
    """
    lower = GIVEN_TOKEN.sub(r"\1vote token", " ".join(question.lower().split()))
    lower = SHOWN_TOKEN.sub(r"\1character token", lower)
    lower = _state_told(lower)
    for kind, pattern in KIND_PATTERNS[:2]:
        found = pattern.search(lower)
        if found and not (
            kind is Kind.NIGHT_ORDER
            and "order" not in found.group(0)  # "the night order" itself is the topic
            and _asks_after(lower, found.end(), pattern)
        ):
            return kind
    if len(characters) > 1:
        return Kind.INTERACTION
    for kind, pattern in KIND_PATTERNS[2:]:
        if pattern.search(lower):
            return kind
    return Kind.RULING


# a token one player gives another is their vote ("dead guy gives the beggar a token"), not
# a reminder the storyteller places
GIVEN_TOKEN = re.compile(
    r"(\b(?:give|gives|gave|given|giving|hand|hands|handed)\s+(?:\w+\s+){0,2}"
    r"(?:a|their|his|her|my|the|its)\s+)tokens?\b"
)


# a token shown to a player is a character ("do i show him the raven keeper token back"),
# not a reminder the storyteller places
SHOWN_TOKEN = re.compile(r"(\b(?:show|shows|showed|showing)\s+(?:\w+\s+){0,4})tokens?\b")


FOLLOWING_QUESTION = re.compile(
    r"(?:[.?!,;:-]|\band|\bbut|\bso)\s+(?:is|are|does|do|did|can|will|would|what|who)\b"
)


def _asks_after(lower: str, end: int, pattern: re.Pattern[str]) -> bool:
    """ "salesman chose the poisoner so poisoner goes last. is the empath's number real then?":
    the order is told, and what is asked comes after it, without the order ("oracle goes
    before or after the kills? do the dead count" asks the order first)."""
    following = FOLLOWING_QUESTION.search(lower, end)
    if following is None or rx.search(
        r"\bor\b[^.]*\?", lower[max(0, end - 12) : following.start() + 1]
    ):
        return False  # "before or after ...?": the order is asked
    return not pattern.search(lower, following.start())


def _asks_procedure(
    question: str, words: list[Word], mentions: list[Mention], taken: set[int]
) -> bool:
    """ "lunatic n1, what do I show them": what the storyteller does, with nothing else named
    but the character and the night (a situation makes it a ruling)."""
    match = PROCEDURE_ALONE.search(question.lower())
    if match is None or len({m.id for m in mentions}) != 1:
        return False
    used = {i for m in mentions for i in range(m.start, m.end)} | taken
    return all(
        w.index in used or w.bare in STOPWORDS or match.start() <= w.start < match.end()
        for w in words
    )


# Words that frame a how-to-run question without describing a situation.
FRAME = frozenset(
    "run running runs work works working explain setup set up do show tell give say wake "
    "actually exactly again thru through walk me now supposed meant info each every night "
    "nights day tonight game script st storyteller".split()
)


def _only_asks(question: str, words: list[Word], mentions: list[Mention], taken: set[int]) -> bool:
    """Whether the question names the character and asks how to run it, and nothing more."""
    lower = question.lower()
    spans = [m.span() for p in (PROCEDURE, KIND_PATTERNS[2][1]) for m in p.finditer(lower)]
    used = {i for m in mentions for i in range(m.start, m.end)} | taken
    return all(
        w.index in used
        or w.bare in STOPWORDS
        or w.bare in FRAME
        or not w.bare.isalpha()
        or any(a <= w.start < b for a, b in spans)
        for w in words
    )


# after a name no one could read, what says it stands for a player: "four tops is poisoned"
_STATED = frozenset("is was got gets has had died dies".split())


def _standing_for_a_name(words: list[Word], span: range, used: set[int]) -> set[int]:
    """The words of ``span`` when they open their clause, or follow an article, and a state
    or a death follows them, no name read in them: a name no one could read."""
    start = span.start
    opens = start == 0 or words[start].gap_before or words[start - 1].bare in ARTICLES
    following = word_at(words, span.stop)
    if (
        opens
        and following is not None
        and not following.gap_before
        and following.bare in _STATED
        and not used.intersection(span)
    ):
        return set(span)
    return set()


def _a_slip_of(word: str, names: Iterable[str]) -> bool:
    """Whether the word is alike enough to one of the names (letters only) to be it typed
    or heard amiss: "marinate" the Marionette (0.7), not "random" the Grandmother (0.45)."""
    # (or one word of a name: "no dashing's" the No Dashii)
    return any(
        Levenshtein.normalized_similarity(word, "".join(c for c in part if c.isalpha()))
        >= SLIP_ALIKE
        for name in names
        for part in (name.lower(), *(p for p in name.lower().split() if len(p) >= 4))
    )


SLIP_ALIKE = 0.6


def _unrecognised(
    words: list[Word],
    mentions: list[Mention],
    anchors: set[int],
    found: list[tuple[Condition, Role, int]],
    vocab: Vocabulary,
    ambiguous: list[Unrecognised],
) -> tuple[tuple[Unrecognised, ...], frozenset[int]]:
    """Words that look like names but resolve to nothing, with the nearest names; and where
    they stand, when the words a phone may have heard amiss sound like a name (a state said
    of them is said of that unknown name, not of the next character: "four tops is
    poisoned, does the empath ...")."""
    used = {i for m in mentions for i in range(m.start, m.end)} | anchors
    used |= {index for _, _, index in found}
    out = {u.text: u for u in ambiguous if not any(u.text == m.text.lower() for m in mentions)}
    unknown: set[int] = set()
    squeezed = "".join(w.bare for w in words)
    scripts = [key for key in vocab.scripts if key in squeezed]
    for word in words:
        if word.index in used or len(word.bare) < 4 or not word.bare.isalpha():
            continue
        if word.bare in STOPWORDS or word.bare in vocab.words or word.bare in out:
            continue
        if singular(word.bare) in vocab.words:
            continue
        if is_anchor(word) or word.bare in vocab.terms | CHAT_WORDS:
            continue  # "his nearest townsfolk": a person, said as one; "the Grimoire"
        if any(word.bare in key for key in scripts):
            continue  # "stowed away has ...": the script named
        # an everyday word ("picked", "walk me thru"), beside names read, is meant as itself
        # unless it stands where a name would; with no name read it may be the one meant
        common = vocab.english.get(word.bare, 0.0) >= ENGLISH_WORD
        everyday = bool(mentions) and common
        heard = heard_near(words, word.index, vocab)
        placed = _standing_for_a_name(words, heard.span, used) if heard.ids else set()
        if everyday and not placed:
            continue
        typed = tuple(vocab.resolver.suggest(word.bare, 3))
        if (
            common
            and not placed
            and len(heard.span) < 2  # (not words sounding out a name: "four tops")
            and not _a_slip_of(word.bare, typed)
        ):
            # "can the storyteller kill a player at random": an everyday word no name is a
            # slip of (not "random: did you mean Grandmother?")
            continue
        if heard.ids:  # what a phone may have heard first, then what a thumb may have typed
            names = [vocab.resolver.names[cid] for cid in heard.ids]
            suggested = tuple(dict.fromkeys([*names, *typed]))[:3]
            out[word.bare] = Unrecognised(heard.text, suggested, placed=bool(placed))
            unknown |= placed
        else:
            out[word.bare] = Unrecognised(word.typed, typed)
    return tuple(out.values()), frozenset(unknown)
