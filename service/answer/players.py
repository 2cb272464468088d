"""Players called by their own names: "Margaret is the Empath. The Poisoner chose Margaret."

A storyteller describing a table often names the people, says once which character each
plays, and goes on with the people's names. The reader knows characters, not people, so each
later mention of a player so named is written as the character it plays ("the Poisoner chose
the Empath") before the question is read.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from functools import cache
from importlib import import_module
from types import MappingProxyType

from rapidfuzz.distance import Indel

from service.answer import rx
from service.answer.mentions import (
    CHARACTER_TYPES,
    HOMEBREW,
    Mention,
    Vocabulary,
    Word,
    does_as_a_player,
    heard_sound,
    like_a_name,
    near_sound,
    team_after,
)
from service.answer.words import (
    ANCHORS,
    CHOICE_VERBS,
    PRONOUNS,
    REFLEXIVES,
    STOPWORDS,
    condition_form,
)

# what says a person plays a character: "Margaret is the Empath", "Tom, our Monk,",
# "Sarah, who is the Soldier", "Dave (the Fortune Teller)", "the Mayor (Ann)"
_IS = frozenset({"is", "was", "plays", "played", "playing"})
_DETERMINERS = frozenset({"the", "our", "my", "their", "a"})
# whose people's given names are read: the English-speaking countries Faker lists names for
_LOCALES = ("en_US", "en_GB", "en_IE", "en_NZ", "en_IN")
# a given name this alike in letters to the character read from it may still be that name
# changed by a phone ("Summer": the Summoner), not a player ("Mike": not the Mime)
_NAME_ALIKE = 0.8
# an English word this common is a word, not a name, unless capitalised
_COMMON = 4.0
# ... and opening a sentence, where every word has a capital, one this common is a word
_OPENING = 5.0
# a given name this common ("bill", "rob"), typed lower case, is still someone where named
# twice and once where a person stands (not "will" or "mark", commoner)
_COMMON_NAME = 5.3


def with_players_named(
    question: str,
    words: list[Word],
    mentions: list[Mention],
    vocab: Vocabulary,
    genders: Mapping[str, str] = MappingProxyType({}),
) -> tuple[str, frozenset[str]]:
    """The question with each player named for the character it plays, after the place it
    says so (``words`` and ``mentions`` are the question's, as read), and the names so bound
    (``genders``: "female" or "male" for a name the question gave pronouns for).

    A player is bound to a character by "NAME is the CHARACTER", "NAME, (our|the)
    CHARACTER,", "NAME, who is the CHARACTER", "NAME (the CHARACTER)", "the CHARACTER
    (NAME)" or "(our|my) CHARACTER NAME"; every other mention of NAME becomes "the
    CHARACTER".
    """
    bound: dict[str, Mention] = {}
    edits: list[tuple[int, int, str]] = []  # (start, end, text) of the question replaced
    named = {i for m in mentions for i in range(m.start, m.end)}
    for mention in mentions:
        found = _player_of(question, words, mention, vocab)
        if found is None or found[0].bare in bound or found[0].index in named:
            continue  # "the old snake charmer is the vortox": a character, no player
        player, span = found
        bound[player.bare] = mention
        if span is not None:  # "Tom, our Monk, protected": "the Monk protected"
            edits.append(span)
    edits += _seats(question, words, mentions, vocab)
    if not bound:  # (and no pronoun written: a name may be a character's player, unsaid)
        return _edited(question, edits), frozenset()
    edits += _pronouns_of_people(words, mentions, bound, vocab, genders)
    written = {start for start, _, _ in edits}
    edits += [e for e in _gendered_pronouns(words, bound, vocab, genders) if e[0] not in written]
    inside = [range(a, b + 1) for a, b, _ in edits]
    # a name bound to a player, read elsewhere as a character like it ("the po (big mike)
    # ... mike is sober": the Po's player, not the Mime)
    misread = {
        m.start for m in mentions if not m.exact and m.end - m.start == 1 and m.text in bound
    }
    for word in words:
        mention = bound.get(word.bare)
        if (
            mention is None
            or (word.index in named and word.index not in misread)
            or any(word.start in r for r in inside)
        ):
            continue
        if not (
            _a_name(word, vocab)
            or _capital_done_to(words, word, vocab)
            or _a_common_name(word, vocab)  # "mo, our tinker ... mo"
        ):
            continue  # ("went for Will": the name, though a word too; not "will he")
        if _bound_here(words, word.index, mention):
            continue  # "Margaret is the Empath": the place that says so stays as said
        before = words[word.index - 1].bare if word.index else ""
        said = _name(mention, vocab) if before in _DETERMINERS else f"the {_name(mention, vocab)}"
        ending = "'s" if word.lower.endswith(("'s", "’s")) else ""
        edits.append((word.start, word.end, said + ending))
    return _edited(question, edits), frozenset(bound)


# a subject pronoun that says whether its player is a woman or a man, and what it is
# written as: "she's dead" is "the Courtier is dead"
_PRONOUN_GENDER = {"she": "female", "he": "male", "shes": "female", "hes": "male"}
_PRONOUN_IS = frozenset({"shes", "hes"})


def _gendered_pronouns(
    words: list[Word], bound: dict[str, Mention], vocab: Vocabulary, told: Mapping[str, str]
) -> list[tuple[int, int, str]]:
    """ "she" or "he" written as the character of the one player, of two or more named,
    whose given name is not listed for the other gender only, after the place that binds
    them: "Yuki is the courtier ... so Adam, who is the fang gu, is drunk. She died last
    night": the Courtier died, not the Fang Gu."""
    if len(bound) < 2:
        return []
    genders = {name: _gender_of(name, told) for name in bound}
    said = {_PRONOUN_GENDER[_unquoted(w)] for w in words if _unquoted(w) in _PRONOUN_GENDER}

    def meant(gender: str) -> list[str]:
        # a name listed for the other gender only is not whom the pronoun means
        return [n for n, g in genders.items() if g in (gender, None)]

    settled = False
    while not settled:  # "she" can mean only Yuki: then "he" cannot mean her
        settled = True
        for gender in said:
            names = meant(gender)
            if len(names) == 1 and genders[names[0]] is None:
                genders[names[0]] = gender
                settled = False
    edits = []
    for word in words:
        gender = _PRONOUN_GENDER.get(_unquoted(word))
        names = meant(gender) if gender is not None else []
        if len(names) != 1 or word.index < bound[names[0]].end:
            continue
        text = f"the {_name(bound[names[0]], vocab)}"
        is_ = _unquoted(word) in _PRONOUN_IS
        edits.append((word.start, word.end, f"{text} is" if is_ else text))
    return edits


def _pronouns_of_people(
    words: list[Word],
    mentions: list[Mention],
    bound: dict[str, Mention],
    vocab: Vocabulary,
    told: Mapping[str, str],
) -> list[tuple[int, int, str]]:
    """ "she" or "he" written as whom it means where that is plain: the nearest player
    before it named by a given name of the pronoun's gender, with no character between.
    A player who plays no character named is written by their name ("today we nom'd zack,
    votes passed, he got executed": Zack's execution, not the Mayor's named before); one
    bound to a character, as it, where a player of the other gender stands nearer ("jon is
    the sailor. n1 he picked meg ... n2 he picked himself": the Sailor, past Meg)."""
    people = people_called(words, mentions, vocab)
    players = {(m.start, m.end): name for name, m in bound.items()}
    ends = {m.end - 1: m for m in mentions}
    edits = []
    for word in words:
        gender = _PRONOUN_GENDER.get(_unquoted(word))
        if gender is None or _believed(words, word.index):
            continue  # ("thinks hes the chef", "mad that shes the chef": read as said)
        is_ = " is" if _unquoted(word) in _PRONOUN_IS else ""
        passed = False  # a player of the other gender, nearer
        for k in range(word.index - 1, -1, -1):
            other, mention = words[k], ends.get(k)
            if (
                mention is None
                and other.bare in ANCHORS
                and k
                and words[k - 1].bare in ("a", "an", "another")
                and not any(_unquoted(w) in _BEING for w in words[max(0, k - 2) : k])
            ):
                # "we exed a minion and he died": perhaps the Minion's player, so no name
                # before it (not "ian who was the demon and he died": Ian)
                break
            name = other.bare if other.bare in bound else None
            if mention is not None:
                name = players.get((mention.start, mention.end))
            if name is not None:
                said = _gender_of(name, told)
                if said is not None and said != gender:
                    passed = True
                    continue  # "tom ... she": not Tom, the Philosopher's player
                if passed:  # (the nearest player otherwise: left to the reader)
                    character = _name(mention or bound[name], vocab)
                    edits.append((word.start, word.end, f"the {character}{is_}"))
                break
            if mention is not None:
                break  # a character no player is named for is nearer
            if k in people or _a_given_name(other, vocab):
                said = _gender_of(other.bare, told)
                if said is None:
                    break  # whom "he" or "she" means is not clear
                if said == gender:
                    subject = _subject_of_its_sentence(words, k, gender, ends, players, bound, told)
                    if subject is not None:
                        # "priya (shes our alsaahir) guessed ... jen as minion. n2 she got
                        # killed": the one the sentence was about, not one it named after
                        edits.append((word.start, word.end, f"the {_name(subject, vocab)}{is_}"))
                    else:
                        edits.append((word.start, word.end, other.bare + is_))
                    break
                passed = True
    return edits


def _subject_of_its_sentence(
    words: list[Word],
    k: int,
    gender: str,
    ends: dict[int, Mention],
    players: dict[tuple[int, int], str],
    bound: dict[str, Mention],
    told: Mapping[str, str],
) -> Mention | None:
    """The character of a player of ``gender`` who opens the sentence holding word ``k``
    (past a time said first: "day 1 priya ... guessed jen"), when that player is not the
    word at ``k`` itself."""
    start = k
    while start > 0 and not words[start].opens_sentence:
        start -= 1
    j = start
    while j < k and (words[j].bare in _OPENING_TIMES or words[j].bare.isdigit()):
        j += 1
    if j >= k:
        return None
    mention = ends.get(j)
    name = players.get((mention.start, mention.end)) if mention is not None else None
    if name is None and words[j].bare in bound:
        name, mention = words[j].bare, bound[words[j].bare]
    if name is None or mention is None or _gender_of(name, told) != gender:
        return None
    return mention


_OPENING_TIMES = frozenset("day night n d on then and so ok".split())


# what "he's ..." after it tells of a belief or a claim: "thinks hes the chef"
_BELIEVING = frozenset(
    "thinks think thought believes believe believed says said claims claimed claiming "
    "knows know".split()
)


# what makes a noun after it what someone is, no other person: "was the demon", "hes an
# outsider"
_BEING = frozenset("is was are were be being as hes shes".split())


def _believed(words: list[Word], index: int) -> bool:
    """The word opens what is believed or claimed: "thinks hes", "mad that shes"."""
    before = [w.bare for w in words[max(0, index - 2) : index]]
    return bool(before) and (
        before[-1] in _BELIEVING or (before[-1] == "that" and before[0] in _BELIEVING | {"mad"})
    )


def _unquoted(word: Word) -> str:
    """The word as typed, lower case, without apostrophes: "she's" is "shes"."""
    return word.lower.replace("'", "").replace("’", "")


def _edited(question: str, edits: list[tuple[int, int, str]]) -> str:
    out: list[str] = []
    previous = 0
    for start, end, text in sorted(edits):
        out.append(question[previous:start])
        out.append(text)
        previous = end
    out.append(question[previous:])
    return "".join(out)


# a player called by the seat they sit in: "seat 3", "the player in seat 3", "player 3"
_SEAT = r"(?:the (?:player|person) (?:in|at) )?(?:seat|chair|player) ?#?(\d{1,2})\b"


def _seats(
    question: str, words: list[Word], mentions: list[Mention], vocab: Vocabulary
) -> list[tuple[int, int, str]]:
    """Each seat the question says a character sits in, and every other mention of that seat
    written as the character: "seat 4 is the Poisoner ... seat 4 picked seat 5"."""
    seats, bound, kept = _seated(question, words, mentions)
    edits = []
    for seat in seats:
        mention = bound.get(seat.group(1))
        if mention is not None and seat.start() not in kept:
            edits.append((seat.start(), seat.end(), f"the {_name(mention, vocab)}"))
    # "seat 6 (the poisoner) got exed", "the exorcist (seat 11) picked the imp": the seat and
    # its character said in brackets are one player, written as the character alone, so that
    # what follows the brackets is said of them
    for mention in mentions:
        span = _bracketed_seat(question, words, mention, seats)
        if span is not None:
            # ("the real poppy (seat 2)": its determiner kept, not written twice)
            k = mention.start - 1
            said = words[k].bare in _DETERMINERS | _BESIDE_THE_CHARACTER if k >= 0 else False
            edits.append(
                (
                    *span,
                    _name(mention, vocab)
                    if said and span[0] > words[k].start
                    else f"the {_name(mention, vocab)}",
                )
            )
    return edits


def _character_span(words: list[Word], mention: Mention) -> tuple[int, int]:
    """Where a character's mention starts (at its determiner: "the poisoner") and ends, in
    the question's characters."""
    first = words[mention.start]
    if mention.start and words[mention.start - 1].bare in _DETERMINERS:
        first = words[mention.start - 1]
    return first.start, words[mention.end - 1].end


def _bracketed_seat(
    question: str, words: list[Word], mention: Mention, seats: list[re.Match[str]]
) -> tuple[int, int] | None:
    """Where a seat and the character said in brackets beside it are written ("seat 6 (the
    poisoner)", "the empath (seat 3)"): from the first to the closing bracket."""
    begin, finish = _character_span(words, mention)
    for seat in seats:
        if seat.end() <= begin and rx.fullmatch(r"\s*\(\s*", question[seat.end() : begin]):
            close = rx.match(r"\s*\)", question[finish:])  # "seat 6 (the poisoner)"
            if close is not None:
                return seat.start(), finish + close.end()
        if finish <= seat.start() and rx.fullmatch(r"\s*\(\s*", question[finish : seat.start()]):
            close = rx.match(r"\s*\)", question[seat.end() :])  # "the empath (seat 3)"
            if close is not None:
                return begin, seat.end() + close.end()
    return None


# what stands between a seat and the character it is said to be: "seat 4 is the poisoner",
# "seat 4 (the poisoner)"; "the empath is seat 3", "the empath in seat 3", "the empath (seat 3)"
_SEAT_THEN_CHARACTER = r"(?i)^\s*(?:is|was|plays|\()?\s*(?:the |our |a )?$"
_CHARACTER_THEN_SEAT = (
    r"(?i)^\s*(?:(?:is|was|sits|who is|who sits)\s+(?:in\s+|at\s+)?|(?:in|at)\s+|\(\s*)$"
)


def _seated(
    question: str, words: list[Word], mentions: list[Mention]
) -> tuple[list[re.Match[str]], dict[str, Mention], set[int]]:
    """The seats the question names, the character each seat number is said to be ("seat 4
    is the Poisoner", "the empath (seat 3)"), and where it is said so."""
    seats = list(rx.finditer(rf"(?i)\b{_SEAT}", question))
    bound: dict[str, Mention] = {}
    kept: set[int] = set()  # where a seat is bound: left as said
    for mention in mentions if seats else ():
        begin, finish = _character_span(words, mention)
        for seat in seats:
            # what lies between the seat and the character, whichever comes first
            before = question[seat.end() : begin] if seat.end() <= begin else "-"
            after = question[finish : seat.start()] if finish <= seat.start() else "-"
            if rx.search(_SEAT_THEN_CHARACTER, before) or rx.search(_CHARACTER_THEN_SEAT, after):
                bound.setdefault(seat.group(1), mention)
                kept.add(seat.start())
    return seats, bound, kept


def seated_players(question: str, words: list[Word], mentions: list[Mention]) -> set[int]:
    """Where the question calls a player by a seat it binds to no character ("the widow
    poisoned seat 9", "does seat 6 die"): the seat's word, someone, as "a player" is; what
    is said of them is said of no character named."""
    seats, bound, _ = _seated(question, words, mentions)
    out = set()
    for seat in seats:
        if seat.group(1) in bound:
            continue
        said = [w for w in words if seat.start() <= w.start < seat.end() and not w.bare.isdigit()]
        if not said:
            continue
        # "the saint (Leo, seat 5)": where the Saint sits; not "(seat 2 died at night)", a
        # clause of its own in the bracket
        following = next((w for w in words if w.start >= seat.end()), None)
        if not said[-1].aside or (
            following is not None and following.aside and not following.gap_before
        ):
            out.add(said[-1].index)  # "the player in seat 3": its "seat"
    return out


# a word between the determiner and the character that leaves the player the one meant:
# "Sam, our good Chef,", "Steph is the drunk monk"; the states of them kept where the
# player's name and its character are written as the character alone ("the drunk Chef")
_STATES_BESIDE = frozenset("drunk poisoned sober mad".split())
_BESIDE_THE_CHARACTER = frozenset("good evil real actual true".split()) | _STATES_BESIDE


def _name(mention: Mention, vocab: Vocabulary) -> str:
    return vocab.resolver.names.get(mention.id, mention.text)


def _bound_here(words: list[Word], index: int, mention: Mention) -> bool:
    """The player's name where "NAME is/plays the CHARACTER" (or "NAME's the CHARACTER")
    binds it (not "so ben is drunk. ben is the imp": an earlier clause of the same player)."""
    if index + 1 >= mention.start:
        return False
    if words[index + 1].bare in _IS:
        between = words[index + 2 : mention.start]
    elif _is_written_in(words[index]) and words[index + 1].bare == "the":
        between = words[index + 1 : mention.start]
    else:
        return False
    return all(w.bare in _DETERMINERS | _BESIDE_THE_CHARACTER and not w.gap_before for w in between)


def _is_written_in(word: Word) -> bool:
    """ "tom's" before "the CHARACTER": "tom is" (not "tom's monk", whose)."""
    return word.lower.replace("’", "'").endswith("'s")


def _is_run_into(word: Word, vocab: Vocabulary) -> bool:
    """ "toms": a given name with "is" run into it, its apostrophe left out (not a name or a
    word of its own: "jess", "sams")."""
    bare = word.bare
    return (
        len(bare) >= 4
        and bare.endswith("s")
        and bare[:-1] in given_names()
        and bare not in given_names() | vocab.words
        and _a_name(word, vocab)
    )


def _named_before_pronoun(words: list[Word], det: int, vocab: Vocabulary) -> Word | None:
    """The name written just before ", he's the" / ", she is the" (``det``: where "the"
    stands), with perhaps a time word between ("protected Will tonight, he's the empath")."""
    if det < 2 or words[det].bare != "the":
        return None
    before = words[det - 1]
    if before.lower.replace("’", "'") in ("he's", "she's") or before.bare in _PRONOUN_IS:
        pronoun = det - 1
    elif (
        before.bare in ("is", "was")
        and words[det - 2].bare in ("he", "she")
        and not before.gap_before
    ):
        pronoun = det - 2
    else:
        return None
    if not words[pronoun].gap_before or pronoun < 1:
        return None  # a comma (or other mark) closes the name's clause
    name = pronoun - 1
    if name >= 1 and words[name].bare in _WHEN_WORDS and not words[name].gap_before:
        name -= 1
    elif (
        name >= 2
        and words[name].bare in ("night", "nite")
        and words[name - 1].bare in ("last", "that")
        and not words[name - 1].gap_before
    ):
        name -= 2  # "the imp killed sarah last night, she was the ravenkeeper"
    if (
        _a_name(words[name], vocab, capital=True)
        or _capital_done_to(words, words[name], vocab)
        # "the imp killed sarah last night, she was the ravenkeeper": typed lower case
        or _a_given_name(words[name], vocab)
        or _a_rare_name(words[name], vocab)  # "killed liv, shes the chef"
    ):
        return words[name]  # ("Will" after "protected": a name, though a word too)
    # "grace was executed today, she was the saint": the subject opening the clause before
    opening = next((k for k in range(name, -1, -1) if k == 0 or words[k].gap_before), 0)
    subject = words[opening]
    if (
        opening < name
        and words[opening + 1].bare in _SUBJECT_VERBS
        and (_a_name(subject, vocab, capital=True) or _a_given_name(subject, vocab))
    ):
        return subject
    return None


# after a player's name opening a clause, a verb it is the subject of: "grace was executed"
_SUBJECT_VERBS = frozenset("was is got gets has had died dies nominated voted".split())


# when something was done, between a name and a comma: "protected Will tonight, he's ..."
_WHEN_WORDS = frozenset("tonight today yesterday now earlier".split())


def _player_of(
    question: str, words: list[Word], mention: Mention, vocab: Vocabulary
) -> tuple[Word, tuple[int, int, str] | None] | None:
    """The player a character's mention says plays it, if the words around it say so, and
    the stretch of the question that names both in apposition (written as the character
    alone: where it starts and ends, and what it becomes), or None where a clause of its own
    says so ("Margaret is the Empath")."""

    def between(a: int, b: int) -> str:
        return question[words[a].end : words[b].start] if 0 <= a < b < len(words) else ""

    start, end = mention.start, mention.end
    det = start - 1 if start and words[start - 1].bare in _DETERMINERS else start
    if (
        start >= 2
        and words[start - 1].bare in _BESIDE_THE_CHARACTER
        and words[start - 2].bare in _DETERMINERS
        and not words[start - 1].gap_before
    ):
        det = start - 2  # "Sam, our good Chef,", "Luis, the actual savant,"
    after = between(end - 1, end) if end < len(words) else question[words[end - 1].end :]
    said = f"the {_name(mention, vocab)}"
    if det == start - 2 and words[start - 1].bare in _STATES_BESIDE:
        said = f"the {words[start - 1].bare} {_name(mention, vocab)}"  # "the drunk Chef"
    # "our pacifist Ollie died", "my monk Sam is drunk": a name straight after the character
    if (
        det != start
        and words[det].bare in ("our", "my")
        and end < len(words)
        and not words[end].gap_before
        and _bracketed_name(words[end], vocab)
    ):
        return words[end], (words[end - 1].end, words[end].end, "")
    # "plague doctor kev got exed": a character, then a name, then what the name did or had
    # done to it, opening a clause; "fool seat 9 kat was drunk": with the seat between
    seat = 2 if end + 3 < len(words) and _seat_at(words, end) else 0
    name = end + seat
    if (
        name + 1 < len(words)
        and (det == start or words[det].bare == "the")
        and (
            _opens_a_clause(words, det)
            # "today the imp rob got nominated"
            or (det and words[det - 1].bare in _WHEN_WORDS and _opens_a_clause(words, det - 1))
        )
        and not any(w.gap_before for w in words[end : name + 2])
        # (after a seat, any name: "mutant seat 4 jay is mad")
        and (_a_name(words[name], vocab, capital=not seat) or _a_given_name(words[name], vocab))
        and (
            words[name + 1].bare in _PREDICATE_OPENERS | _SUBJECT_VERBS
            # (after a seat, a choice too: "philo seat 5 raj took empath")
            or (seat and words[name + 1].bare in _DONE_TO | {"took", "takes"})
        )
    ):
        return words[name], (words[end - 1].end, words[name].end, "")
    # "gossip sara seat 3, innkeeper dom seat 10": the character, a name, then their seat,
    # ending its clause (a roll call of the table)
    if (
        det == start
        and end + 2 < len(words)
        and not words[end].gap_before
        and _seat_at(words, end + 1)
        and not words[end + 1].gap_before
        and (end + 3 == len(words) or words[end + 3].gap_before)
        and (_a_name(words[end], vocab, common=_OPENING) or _a_given_name(words[end], vocab))
    ):
        return words[end], (words[end - 1].end, words[end].end, "")
    # "seat 1 abe soldier, seat 2 nora no dashi": a seat, a name, then the character, ending
    # its clause (a roll call of the table)
    if (
        det == start
        and start >= 3
        and _seat_at(words, start - 3)
        and not any(w.gap_before for w in words[start - 2 : end])
        and (end == len(words) or words[end].gap_before)
        and _a_name(words[start - 1], vocab)
    ):
        return words[start - 1], (words[start - 3].start, words[end - 1].end, said)
    # "Margaret's the Empath": "is" written into the name
    if (
        det != start
        and det >= 1
        and words[det].bare == "the"
        and not words[det].gap_before
        and _is_written_in(words[det - 1])
        and (_a_name(words[det - 1], vocab, capital=True) or _a_given_name(words[det - 1], vocab))
    ):
        return words[det - 1], None
    # "toms the philo, he took empath": "tom's" typed without its apostrophe, opening a clause
    if (
        det != start
        and det >= 1
        and words[det].bare == "the"
        and not words[det].gap_before
        and _opens_a_clause(words, det - 1)
        and _is_run_into(words[det - 1], vocab)
    ):
        return dataclasses.replace(words[det - 1], bare=words[det - 1].bare[:-1]), None
    # "mayor is helen, alive", "salesman (ode traveller) is rick", "damsel is seat 10 zoe"
    after_is = _named_after_is(question, words, end, vocab)
    if after_is is not None:
        return after_is
    # "Margaret is the Empath", "Margaret plays the Empath"
    if det >= 2 and words[det - 1].bare in _IS and not words[det - 1].gap_before:
        if (
            det >= 4
            and _seat_at(words, det - 3)
            and not any(w.gap_before for w in words[det - 3 : det])
            and _a_name(words[det - 4], vocab)
        ):
            return words[det - 4], None  # "tom seat 9 is slayer": Tom, who sits in seat 9
        if words[det - 2].bare != "who" and _a_name(words[det - 2], vocab):
            if _and_a_predicate(words, end):
                # "Priya is the monk and is drunk": "the Monk, who is drunk", as below
                return words[det - 2], (words[det - 2].start, words[end].end, f"{said}, who")
            if end < len(words) and words[end].bare == "and" and not words[end].gap_before:
                # "Pete is the cannibal and an evil player got executed": a clause of its own
                # after the one that binds (not "the cannibal and an evil player" executed)
                return words[det - 2], (words[end - 1].end, words[end - 1].end, ",")
            return words[det - 2], None
    # "she protected Will tonight, he's the empath": a pronoun's clause after a comma, right
    # after a clause that ends with a name (and perhaps when)
    named_before = _named_before_pronoun(words, det, vocab)
    if named_before is not None:
        return named_before, None
    # "Maya the sweetheart died today": a name and its character opening a clause ("and jo
    # our butler picked tim")
    if (
        det != start
        and det >= 1
        and words[det].bare in ("the", "our", "my")
        and not words[det].gap_before
        and (
            _opens_a_clause(words, det - 1)
            # "she turned dan the mathematician into a vortox": after what is done to them
            or (
                det >= 2
                and words[det - 2].bare in _DONE_TO_BESIDE
                and not words[det - 1].gap_before
            )
        )
        and (_a_name(words[det - 1], vocab, capital=True) or _a_given_name(words[det - 1], vocab))
    ):
        return words[det - 1], (words[det - 1].start, words[end - 1].end, said)
    # "Sarah, who is the Soldier" ("ben, who's the gatekeeper": "who's" one word)
    said_who = _saying_who(words, det)
    who = said_who if said_who is not None and words[said_who + 1].bare in _WHO else None
    if who is not None:
        # (or with no comma, a name written as one: "pithag turned Marcus who is the chef")
        # (or a given name typed lower case: "so jess who is the actual savant is drunk")
        if (
            ("," in between(who, who + 1) and _a_name(words[who], vocab))
            or _a_name(words[who], vocab, capital=True)
            or _a_given_name(words[who], vocab)
        ):
            # "Sarah, who is the Soldier, was" (not "ivy who is the princess, she got exed")
            comma = rx.search(r"^\s*,", after) if "," in between(who, who + 1) else None
            last = words[end - 1].end + (comma.end() if comma else 0)
            if not comma and end < len(words) and words[end].bare == "and":
                # "Jack, who is the washerwoman and died n2": "the Washerwoman, who died n2"
                return words[who], (words[who].start, words[end].end, f"{said}, who")
            return words[who], (words[who].start, last, said)
    # "priya (shes our alsaahir)", "ben (he's the monk)": a bracket saying who the name is
    k = said_who
    if k is not None and "(" in between(k, k + 1) and _bracketed_name(words[k], vocab):
        closing = rx.search(r"^\s*\)", after)
        if closing:
            return words[k], (words[k].start, words[end - 1].end + closing.end(), said)
    # "Tom, our Monk," and "Dave (the Fortune Teller)"
    if (
        det >= 1
        and (det != start or "(" in between(det - 1, det))  # "tom (poisoner)": bare in brackets
        and rx.search(r"^\s*[,(]\s*$", between(det - 1, det))
    ):
        closing = rx.search(r"^\s*[,)]", after)
        ours = words[det].bare in ("our", "my") and closing and closing.group(0).strip() == ","
        if closing and (
            _bracketed_name(words[det - 1], vocab)
            # "went for mo, our tinker, first": between commas after "our", any name, though
            # as common a word as "mo" (no word of the sources)
            or (ours and _a_common_name(words[det - 1], vocab))
            # "liv (exo, seat 8) picked": before a bracket saying their character, as in one
            or ("(" in between(det - 1, det) and _a_rare_name(words[det - 1], vocab))
        ):
            last = words[end - 1].end + closing.end()
            shut = rx.search(r"^[^()]{0,30}\)", question[last:])
            if (
                "(" in between(det - 1, det)
                and closing.group(0).strip() == ","
                and shut
                # (not a state told inside: "kate (empath, drunk)")
                and not any(condition_form(w) for w in rx.findall(r"\w+", shut.group(0)))
            ):
                last += shut.end()  # "kim (exorsist, seat 2) died": the whole bracket
            first = words[det - 1].start
            if _seat_at(words, det - 3) and not words[det - 1].gap_before:
                first = words[det - 3].start  # "turned seat 8 rosa (klutz)": one player
            return words[det - 1], (first, last, said)
    # "the poisoner hit liz our fortune teller", "the imp went for sam, our soldier.": a name
    # after what is done to them, then whose character it is, ending the clause
    if (
        det != start
        and det >= 2
        and words[det].bare in ("our", "my", "the")
        and words[det - 2].bare in _DONE_TO_A_NAME
        and not words[det - 1].gap_before
        and between(det - 1, det).strip() in ("", ",")
        and (
            rx.match(r"\s*(?:[,.;:!?]|$)", after)
            # "nominated may our empath and chose to die"
            or (end < len(words) and words[end].bare in ("and", "but", "so", "then"))
        )
        and (_a_name(words[det - 1], vocab, capital=True) or _a_given_name(words[det - 1], vocab))
    ):
        return words[det - 1], (words[det - 1].start, words[end - 1].end, said)
    # "my monk, its Hannah, keeps pointing", "the Mayor, Ann, was": a name between commas
    if end < len(words) and rx.search(r"^\s*,\s*$", after):
        k = end + 1 if words[end].lower.replace("’", "'") in _SAYING_WHO else end
        if k < len(words) and _a_name(words[k], vocab, capital=True):
            closing = rx.search(r"^\s*,", question[words[k].end :])
            if closing:
                return words[k], (words[end - 1].end, words[k].end + closing.end(), "")
    # "ode stuntman. its wes. n2 the demon killed wes": a sentence saying who, after one that
    # names the character
    if (
        end + 1 < len(words)
        and rx.search(r"^\s*[.:;]\s*$", after)
        and words[end].lower.replace("’", "'") in _SAYING_WHO
        and not words[end + 1].gap_before
        and _bracketed_name(words[end + 1], vocab)
        and rx.match(r"\s*(?:[.,;:!]|$)", question[words[end + 1].end :])
    ):
        return words[end + 1], (words[end - 1].end, words[end + 1].end, "")
    # "the Mayor (Ann)", "the SW (seat 6 nina)", "the empath (seat 2, nat)", "courtier (ben,
    # seat 1)", and with what the character is between: "thief traveller (ryan)", "the monk
    # IS in play (sue)"
    opened = rx.match(_BEFORE_A_BRACKETED_NAME, question[words[end - 1].end :])
    if end < len(words) and opened:
        at = words[end - 1].end + opened.end()
        k = next((w.index for w in words[end:] if w.start >= at), None)
        shut = rx.match(_AFTER_A_BRACKETED_NAME, question[words[k].end :]) if k else None
        if shut and words[k].start == at and _bracketed_name(words[k], vocab):
            bracket = words[end - 1].end + opened.start("bracket")
            while question[bracket - 1].isspace():
                bracket -= 1
            return words[k], (bracket, words[k].end + shut.end(), "")
    return None


def _seat_at(words: list[Word], k: int) -> bool:
    """A seat written at ``k``, its number straight after: "seat 9", "chair 3"."""
    return (
        0 <= k
        and k + 1 < len(words)
        and words[k].bare in ("seat", "chair")
        and words[k + 1].bare.isdigit()
        and not words[k + 1].gap_before
    )


_SEAT_IN_BRACKETS = r"(?:seat|chair)\s*#?\d{1,2}"
_BEFORE_A_BRACKETED_NAME = (
    r"(?i)\s*(?:(?:townsfolk|outsider|minion|demon|traveller|traveler|fabled)\s*"
    r"|(?:is\s+|are\s+)?in\s+play\s*)?(?P<bracket>\()\s*(?:" + _SEAT_IN_BRACKETS + r"\s*,?\s*)?"
    r"(?:(?:big|little|lil|old|young)\s+)?"  # "the po (big mike)"
)
_AFTER_A_BRACKETED_NAME = r"(?i)\s*(?:,?\s*" + _SEAT_IN_BRACKETS + r"\s*)?\)"


def _named_after_is(
    question: str, words: list[Word], end: int, vocab: Vocabulary
) -> tuple[Word, tuple[int, int, str]] | None:
    """The player named after "is" that follows a character's mention (``end``: where the
    mention ends), ending its clause: "mayor is helen, alive", "cannibal is cal. day 2",
    "damsel is seat 10 zoe"; past what brackets say of the character ("salesman (ode
    traveller) is rick"). The stretch from the character (or its brackets) to the name is
    written away."""
    said_end = words[end - 1].end
    aside = end
    while aside < len(words) and words[aside].aside:
        aside += 1
    shut = rx.match(r"\s*\)", question[words[aside - 1].end :]) if aside > end else None
    bracketed = bool(shut) and aside < len(words)
    if bracketed:
        end, said_end = aside, words[aside - 1].end + shut.end()  # (past the bracket)
    who = end + 1
    if who + 2 < len(words) and _seat_at(words, who):
        who += 2  # "damsel is seat 10 zoe"
    # "innkeeper is raj in seat 5", "gossip is maria seat 2": the seat after the name
    seated = who < len(words) and bool(rx.match(_SEAT_AFTER, question[words[who].end :]))
    if (
        who < len(words)
        and words[end].bare == "is"
        and (not words[end].gap_before or bracketed)
        and not any(w.gap_before for w in words[end + 1 : who + 1])
        and (
            _a_name(words[who], vocab, capital=True)
            or _a_given_name(words[who], vocab)
            # beside a seat, any name
            or ((who > end + 1 or seated) and _a_name(words[who], vocab))
        )
        and (
            who + 1 == len(words)
            or words[who + 1].gap_before
            or words[who + 1].bare in ("and", "but", "so")
            or seated
        )
    ):
        return words[who], (said_end, words[who].end, "")
    return None


_SEAT_AFTER = r"(?i)\s+(?:(?:in|at)\s+)?(?:seat|chair)\s*#?\d"


# what a clause may open with before its subject: "so Maya the sweetheart died"
_CLAUSE_OPENERS = frozenset("and so but then because cos ok okay also now".split())


def _opens_a_clause(words: list[Word], index: int) -> bool:
    """The word opens the question, a sentence or a clause (after punctuation or a word
    that opens one)."""
    word = words[index]
    return (
        index == 0
        or word.opens_sentence
        or word.gap_before
        or (words[index - 1].bare in _CLAUSE_OPENERS and _opens_a_clause(words, index - 1))
    )


_PREDICATE_OPENERS = _IS | frozenset("got gets has had died dies is was".split())


def _and_a_predicate(words: list[Word], end: int) -> bool:
    """ "and" then a second predicate of the player: "Priya is the monk and is drunk", "and
    died n2" (not "and the imp attacked her", a clause of its own)."""
    if end + 1 >= len(words) or words[end].bare != "and" or words[end].gap_before:
        return False
    following = words[end + 1]
    return not following.gap_before and (
        following.bare in _PREDICATE_OPENERS or following.bare.endswith("ed")
    )


# words that say who plays a character just named: "the monk, it's Hannah,"
_SAYING_WHO = frozenset({"its", "it's", "thats", "that's", "aka"})


def _bracketed_name(word: Word, vocab: Vocabulary) -> bool:
    """A name beside a character in brackets or between commas: written as one ("Ann"), or
    a given name typed lower case ("philo (jen)"; not "(ode)", "(loric)", "(evil)")."""
    return (
        _a_name(word, vocab, capital=True)
        or _a_given_name(word, vocab)
        # "our real sage (ravi)": in brackets, a rare word no source uses is a name too
        or (word.aside and _a_rare_name(word, vocab))
    )


def _a_rare_name(word: Word, vocab: Vocabulary) -> bool:
    """A word that may be a name and that no source uses, nor a kind of character."""
    return word.bare not in vocab.words | HOMEBREW | CHARACTER_TYPES and _a_name(word, vocab)


def _a_common_name(word: Word, vocab: Vocabulary) -> bool:
    """A word that may be a name where a player is plainly named, though as common a word as
    "mo" (below ``_OPENING``), if no word of the sources."""
    return _a_name(word, vocab, common=_OPENING) and word.bare not in vocab.words


def _a_given_name(word: Word, vocab: Vocabulary) -> bool:
    """A given name from Faker's lists, however typed, that is no word of the sources and may
    be a name ("jen"; not "dawn", "hope")."""
    return word.bare in given_names() and word.bare not in vocab.words and _a_name(word, vocab)


def _a_name(
    word: Word, vocab: Vocabulary, *, capital: bool = False, common: float = _COMMON
) -> bool:
    """A word that may be a person's name: no small word, pronoun, person or state word, no
    character's name, and no common English word unless written with a capital. Beside a
    character, between commas or brackets, only a name written as one ("Ann"; not "ODE" or
    "loric": what the character is)."""
    bare = word.bare
    if not bare.isalpha() or len(bare) < 2:
        return False
    if capital and not _written_as_a_name(word):
        return False
    if bare in STOPWORDS | PRONOUNS | REFLEXIVES | ANCHORS or condition_form(bare):
        return False
    if vocab.resolver.lookup(bare) is not None:
        return False
    frequency = vocab.english.get(bare, 0.0)
    if word.index == 0 or word.opens_sentence:
        return frequency < _OPENING  # "Tom is the Monk", not "Today, the Monk, ..."
    # "my friend jake is the soldier": a given name typed lower case is still a name, unless
    # as common a word as "will" or "mark"
    return (
        word.typed[0].isupper()
        or frequency < common
        or (frequency < _OPENING and bare in given_names())
    )


# a player called by a handle, as a stream's chat or a Discord channel writes them:
# "[lazyotter]", "@frostbyte"
_HANDLE = re.compile(r"\[(\w+)\]|(?<![\w@])@(\w+)")


def handles(question: str, words: list[Word], mentions: list[Mention]) -> set[int]:
    """The words that are a player's handle ("princess nommed [lazyotter] and he got exed"):
    someone, as "a player" is, never a character, even one whose name it sounds like."""
    named = {i for m in mentions for i in range(m.start, m.end)}
    spans = [m.span(1) if m.group(1) else m.span(2) for m in _HANDLE.finditer(question)]
    return {
        w.index
        for w in words
        if w.index not in named and any(a <= w.start and w.end <= b for a, b in spans)
    }


def people_called(words: list[Word], mentions: list[Mention], vocab: Vocabulary) -> set[int]:
    """Where the question calls a player by a name it binds to no character ("she poisoned
    Amy last night. is amy still poisoned"): a name written with a capital inside a sentence,
    sounding like no character's, and wherever else the same name stands. Such a player is
    someone, as "a player" is: what is said of them is said of no character named."""
    named = {i for m in mentions for i in range(m.start, m.end)}
    taken = frozenset(words[i].bare for i in named)  # ("Oho ... the oho": the Ojo, twice)
    names = {
        w.bare
        for w in words
        if w.index not in named
        and not w.aside  # "the saint (Leo, seat 5)": who plays the Saint
        and (
            (
                _a_name(w, vocab, capital=True)
                and (
                    _given_name(w)  # "Sarah died last night": a name, opening a sentence or not
                    or (
                        w.index
                        and not w.opens_sentence
                        and w.bare in vocab.english  # a name people write ("Amy"), not "Kazakh"
                        and not like_a_name(w.bare, vocab)  # "Bacon": a name a phone changed?
                    )
                )
            )
            or _lower_case_person(words, w, vocab, taken)
        )
    }
    # a name that is also a small word ("Will", "May"), written with a capital where a
    # player stands: that occurrence and its other capitalised ones, not the word ("will he")
    homonyms = {w.bare for w in words if w.index not in named and _capital_done_to(words, w, vocab)}
    return {
        w.index
        for w in words
        if w.index not in named
        and (w.bare in names or (w.bare in homonyms and w.typed[:1].isupper() and w.index))
    }


def _capital_done_to(words: list[Word], word: Word, vocab: Vocabulary) -> bool:
    """ "she protected Will tonight", "the imp went for May": a word written as a name (a
    capital, then small letters) inside a sentence, right after what is done to a player,
    that names no character."""
    before = words[word.index - 1] if word.index else None
    return (
        before is not None
        and word.typed.istitle()  # "Will"; not "BUT" or "ME", written loud
        and not word.opens_sentence
        and not word.gap_before
        and before.bare in _DONE_TO
        and word.bare.isalpha()
        and len(word.bare) >= 2
        and vocab.resolver.lookup(word.bare) is None
        and condition_form(word.bare) is None
        and word.bare not in PRONOUNS | REFLEXIVES | ANCHORS
    )


# what is done to a player named after it: "the monk protected sam", "went for ellie"
_DONE_TO = CHOICE_VERBS | frozenset(
    "protected protects poisoned poisons killed kills attacked attacks nominated nominates "
    "executed exed for made makes turned turns".split()
)
# ... and before a name and its character side by side ("turned dan the mathematician into"):
# not "made" ("made liz the drunk": a state given); "hit" too where the clause ends after
# them ("hit liz, our empath.")
_DONE_TO_BESIDE = _DONE_TO - {"made", "makes"}
_DONE_TO_A_NAME = _DONE_TO_BESIDE | {"hit", "hits"}


def _lower_case_person(
    words: list[Word], word: Word, vocab: Vocabulary, taken: frozenset[str] = frozenset()
) -> bool:
    """A given name typed lower case, where a person stands: named twice ("ellie ... ellie
    was already dead"), or beside what a player does or has done to them ("sam nominated",
    "the monk protected priya"). Not a word of the sources ("at dawn"), nor one as common as
    "hope", nor, named once, a word like a character's name."""
    bare = word.bare
    if word.typed[:1].isupper():
        return False
    if not _a_given_name(word, vocab):
        # a name no list has ("noor", "uma"): no word of the sources, named twice or more,
        # and once where a person stands ("noor got changed ... noor gets exed"); or a given
        # name as common as "bill", so (not "will": commoner)
        twice = (
            bare not in vocab.words
            and bare not in taken
            and not like_a_name(bare, vocab)
            and sum(1 for w in words if w.bare == bare) >= 2
            and any(w.bare == bare and _where_a_person_stands(words, w) for w in words)
        )
        named = _a_name(word, vocab) or (
            bare in given_names() and vocab.english.get(bare, 0.0) < _COMMON_NAME
        )
        return twice and named
    if sum(1 for w in words if w.bare == bare) >= 2:
        return True  # named twice: "sarah" is someone, though it sounds like the Alsaahir
    before = words[word.index - 1] if word.index else None
    if before is not None and not word.gap_before and before.bare in _STATES_OF_A_PERSON:
        return True  # "dead marco wants to": a state said of a person, by name
    if like_a_name(bare, vocab):
        return False
    return _where_a_person_stands(words, word)


def _where_a_person_stands(words: list[Word], word: Word) -> bool:
    """The word is followed by what a player does or has done to them ("noor got exed"), or
    follows what is done to a player ("made uma mad")."""
    before = words[word.index - 1] if word.index else None
    return does_as_a_player(words, word.index + 1) or (
        before is not None and not word.gap_before and before.bare in _DONE_TO
    )


# a state said of a person right before their name: "dead marco", "drunk ann"
_STATES_OF_A_PERSON = frozenset("dead drunk poisoned mad protected executed".split())


@cache
def given_names() -> frozenset[str]:
    """People's given names, lower case, from Faker's person providers for ``_LOCALES``, and
    the short forms people go by ("jen", "andy", "jess": the nicknames package's pairs)."""
    from nicknames import name_triplets  # imported here, once

    short = {name.lower() for t in name_triplets() for name in (t.name1, t.name2)}
    return (
        _listed("first_names")
        | _listed("first_names_male")
        | _listed("first_names_female")
        # (not two letters, "al" of "Al hadith"; not "ode", who wrote homebrew)
        | frozenset(n for n in short if n.isalpha() and len(n) >= 3 and n not in HOMEBREW)
    )


@cache
def _listed(attribute: str) -> frozenset[str]:
    """The given names one list of Faker's person providers holds, lower case."""
    names: set[str] = set()
    for locale in _LOCALES:
        provider = import_module(f"faker.providers.person.{locale}").Provider
        names |= {name.lower() for name in getattr(provider, attribute, ())}
    return frozenset(names)


def _gender_of(name: str, told: Mapping[str, str]) -> str | None:
    """The gender the question's pronouns in brackets told for a name ("ali (he)"), else the
    one the lists of given names say."""
    return told.get(name) or _given_name_gender(name)


def _given_name_gender(name: str) -> str | None:
    """ "female" or "male" for a given name Faker lists for one of them only ("sarah",
    "adam"), or a short form whose full names are all of one ("zack": Zachary); None for
    one listed for both ("alex") or neither."""
    listed = _listed_gender(name)
    if listed is not None or name in _listed("first_names"):
        return listed
    return _short_form_genders().get(name)


def _listed_gender(name: str) -> str | None:
    female, male = name in _listed("first_names_female"), name in _listed("first_names_male")
    return "female" if female and not male else "male" if male and not female else None


@cache
def _short_form_genders() -> dict[str, str]:
    """Each short form the nicknames package pairs with full names Faker lists for one gender
    only ("zack": Zachary's, male; not "alex", Alexander's and Alexandra's)."""
    from nicknames import name_triplets

    genders: dict[str, set[str | None]] = {}
    for t in name_triplets():
        for short, full in ((t.name1.lower(), t.name2.lower()), (t.name2.lower(), t.name1.lower())):
            genders.setdefault(short, set()).add(_listed_gender(full))
    known = {n: g - {None} for n, g in genders.items()}
    return {n: g.pop() for n, g in known.items() if len(g) == 1}


def _given_name(word: Word) -> bool:
    """A person's given name written as one: with a capital, not all capitals ("Sarah")."""
    return _written_as_a_name(word) and word.bare in given_names()


def _written_as_a_name(word: Word) -> bool:
    """Typed with a capital, not in capitals ("Ann"; not "ODE's": the ODE, no name)."""
    typed = rx.sub(r"['’]s$", "", word.typed)
    return typed[:1].isupper() and not typed.isupper()


def _whose_partner(words: list[Word], mention: Mention) -> bool:
    """ "my gf maya": a short form after "my" and before a given name is who the player is to
    the storyteller, not the Godfather."""
    if mention.end - mention.start != 1 or len(words[mention.start].bare) > 2:
        return False
    before, after = mention.start - 1, mention.end
    return (
        before >= 0
        and after < len(words)
        and words[before].bare in ("my", "our", "his", "her", "their")
        and not words[mention.start].gap_before
        and not words[after].gap_before
        and words[after].bare in given_names()
    )


def _saying_who(words: list[Word], det: int) -> int | None:
    """Where the name is before words saying who they are, "who is", "who's", "shes", "he's"
    or "she is", before the character's determiner at ``det`` ("Sarah, who is the Soldier",
    "priya (shes our alsaahir)")."""
    said = words[det - 1].typed.lower().replace("’", "'") if det >= 1 else ""
    if det >= 2 and said in _SHE_IS:
        return det - 2
    if det >= 3 and words[det - 1].bare in _IS and words[det - 2].bare in _WHO_PRONOUNS:
        return det - 3
    return None


_SHE_IS = frozenset("shes she's hes he's theyre they're whos who's".split())
_WHO_PRONOUNS = frozenset({"she", "he", "they", "who"})
_WHO = frozenset({"who", "whos"})  # ("who's" is read as "who")


def without_people_named(
    words: list[Word], mentions: list[Mention], vocab: Vocabulary
) -> list[Mention]:
    """``mentions`` less a character read inexactly from words with a person's given name
    written as one among them, not much like the character's name ("Sarah died last night":
    a player, not the Alsaahir; "then Mike picked": not the Thief), and a short form between
    "my" and a given name ("my gf maya"). Words as like as "Summer" is to the Summoner may be
    a phone's change and stay read, as do words heard as a name ("oh Joe") and words a team
    is said of ("Harley (the traveller)").
    """
    starts = {m.start for m in mentions if m.exact}
    return [
        m
        for m in mentions
        if not _whose_partner(words, m)
        and _kept(words, m, vocab)
        and not _said_to_play(words, m, starts)
        and not _a_name_before_its_character(words, m, starts)
    ]


def _a_name_before_its_character(words: list[Word], m: Mention, starts: set[int]) -> bool:
    """A short form that is also a person's name, right before a bracket that opens with a
    character named exactly: the player ("vi (courtier, 10) picked the imp": not the Village
    Idiot)."""
    if m.end - m.start != 1 or m.end >= len(words):
        return False
    word, following = words[m.start], words[m.end]
    return (
        len(word.bare) <= 3
        and not word.typed.isupper()
        and not (m.start and words[m.start - 1].bare in _DETERMINERS and not word.gap_before)
        and following.aside
        and following.gap_before
        and not word.aside
        and m.end in starts
    )


def _said_to_play(words: list[Word], m: Mention, starts: set[int]) -> bool:
    """A word read inexactly as a name, said to be a character named exactly after it: a
    player ("Xena is the beggar": not the Xaan)."""
    if m.exact or m.end - m.start != 1:
        return False
    if m.start and words[m.start - 1].bare == "the" and not words[m.start].gap_before:
        return False  # "guessed the recluce was the imp": a character, as "the" says
    k = m.end
    if k >= len(words) or words[k].bare not in ("is", "was", "plays", "played"):
        return False
    k += 1
    if k >= len(words) or words[k].bare not in ("the", "our", "my"):
        return False  # not "vortex is drunk": a state, the Drunk's name
    k += 1
    return k in starts and not any(w.gap_before for w in words[m.end : k + 1])


def _kept(words: list[Word], m: Mention, vocab: Vocabulary) -> bool:
    """Whether a mention stays a character though a given name may be among its words."""
    joined = "".join(w.bare for w in words[m.start : m.end])
    return (
        m.exact
        or not any(
            _given_name(w)
            # in brackets, as people are named beside characters: "the po (big mike)"
            or (w.aside and w.bare in given_names())
            for w in words[m.start : m.end]
        )
        or team_after(words, m.end) is not None  # "Harley (the traveller)": the Harlot
        # words a phone heard for a name, a given name among them ("oh Joe": the Ojo)
        or (m.end - m.start > 1 and near_sound(heard_sound(joined), m.id, vocab))
        or max((Indel.normalized_similarity(joined, k) for k in vocab.keys[m.id]), default=0.0)
        >= _NAME_ALIKE
    )
