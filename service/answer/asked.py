"""Whether a question asks about a condition rather than states it: "does the spy die",
"chef dies?", "is the soldier poisoned or does he block that too", "goon dies or not".

Pure functions over the question's words; :mod:`service.answer.attach` calls ``askable`` and
``is_asked`` once it knows whom a condition is about.
"""

from __future__ import annotations

import re

from service.answer.mentions import (
    ARTICLES,
    HESITATIONS,
    TEAM_WORDS,
    Target,
    Word,
    clause_start,
    phrase_start,
    singular,
    word_at,
)
from service.answer.words import (
    COPULAS,
    OWNERS,
    PRONOUNS,
    QUESTION_AUXILIARIES,
    Condition,
    Role,
    condition_form,
    resurrecting,
)

# "is the empath still drunk" opens a question too
QUESTION_VERBS = QUESTION_AUXILIARIES | {"is", "are", "was", "were"}
# Conditions a question can ask about rather than state: whether someone dies ("does the spy
# die", "chef dies?"), and whether a lasting state holds ("is the soldier poisoned or does
# he block that too"). A lasting state asked with "still" is said all the same ("is the
# empath still drunk" says they were made drunk), and so is a choice ("can the imp kill
# himself"). An execution is asked like a death, unless a modal takes it as given (askable).
ASKABLE = frozenset({Condition.DEAD, Condition.BECOMES})
LASTING = frozenset({Condition.DRUNK, Condition.POISONED, Condition.PROTECTED})
PRESUPPOSING = frozenset({"still", "again", "anymore", "already"})
MAKING = frozenset({"make", "keep", "leave", "have"})
STAYING = frozenset({"stay", "stays", "remain", "remains", "still"})
PERMISSION = frozenset(
    "allowed able supposed ok okay fine have need meant forced required obliged".split()
)
MODALS = frozenset("can could may might".split())  # "would become": a prediction
# between a name and its condition in a short question: "chef actually dies?"
HEDGES = frozenset(
    "actually really also even just then now still exactly already only simply truly".split()
    # as they are typed in a hurry ("does he actualy die")
    + "actualy acutally actully realy rly stil".split()
)
# after the condition in a short question: "imp dies tonight?"
TRAILING_TIMES = frozenset("tonight tonite today now then again too also".split())
# a time said after the state asked about, as its own words: "imp die at night?", "he dies
# that same night?"
_TRAILING = TRAILING_TIMES | frozenset("at night nite that this same the".split())
# words said before a clause without opening one of their own: "so um he just dies yeah"
_FILLERS = frozenset({"so", "um", "uh", "erm", "like", "ok", "okay"})
# a clause run on after a tag, and the words that open it as a question: "yeah and do i"
_NEXT_CLAUSE = frozenset({"and", "but", "so", "or"})
_RUN_ON = frozenset("do does did can should will would is are i what how".split())
# a question's tag at its very end: "empath dies right", "imp dies yeah"
TAGS = frozenset({"right", "yeah", "correct", "yes", "no", "ya", "yea", "yep", "yah", "eh", "aye"})
# a clause they open states its situation: "can the slayer shoot after he's dead"
SUBORDINATORS = frozenset("after when if while because since until before once".split())
# words of time after which "before" / "after" is an adverb: "the night before", "a day after"
TIME_NOUNS = frozenset("night nite day days nights morning evening".split())


def subordinates(words: list[Word], j: int) -> bool:
    """Whether the word at ``j`` opens a subordinate clause ("since the demon died"), not an
    adverb of time ("the player the pukka poisoned the night before still dies")."""
    return words[j].bare in SUBORDINATORS and not (
        words[j].bare in ("before", "after")
        and (
            (j > 0 and words[j - 1].bare in TIME_NOUNS)
            # "the guy the pukka poisoned before still dies": an adverb, no clause after it
            or (j + 1 < len(words) and words[j + 1].bare in HEDGES and not words[j].asks)
        )
    )


def askable(condition: Condition, index: int, words: list[Word], role: Role) -> bool:
    if condition is Condition.EXECUTED:
        # "is the chef executed?", "do i execute the drunk?" ask what happens; "can the
        # lleech be executed" asks about an execution it takes as given
        # ("the chef got executed today" is told, as is any execution outside a question)
        opening = _run_on_question(words, past_opener(words, clause_start(words, index)), index)
        clause = words[opening:index]
        return (
            (
                bool(clause)
                and clause[0].bare in QUESTION_VERBS
                and not any(w.bare in MODALS for w in clause)
            )
            or _may_i_execute(index, words)
            # "virgin nom by washer, washer exe?": a last short clause after the situation
            # asks whether (not "sailor executed?" alone, which states its topic)
            or (opening > 0 and words[index].asks and index - opening <= 3)
        )
    if condition is Condition.BECOMES and role is Role.OBJECT:
        # "can the summoner make a pukka on n2": a choice asked about, told as one (but "can
        # i turn her into the imp" asks the storyteller's leave)
        clause = words[clause_start(words, index) : index]
        return _may_i_turn(index, words) or not any(w.bare in MODALS for w in clause)
    if condition is Condition.BECOMES and role is Role.VERB:
        # "can the recluse become the imp instead?": whether it can happen at all, supposed
        # (conventions 1; four writers of five label it), unlike "does the sw become the imp"
        # "can the sw become the demon": no character named, whether she takes over, asked
        return not (
            _possible_making(index + 1, words, clause_start(words, index), verbs=BECOMING)
            and _names_a_character_next(index, words)
        )
    if (
        condition is Condition.DEAD
        and role is Role.ADJECTIVE
        and index >= 1
        and words[index - 1].bare == "still"
    ):
        return False  # "is the florist still dead": takes the death as told, as "still drunk"
    if condition is Condition.DEAD and _can_it_die_at_all(index, words):
        return False  # "can the vizier die at night?": whether it can hold at all, supposed
    if condition in ASKABLE:
        return True
    if condition is Condition.REGISTERING:
        # "can a dead recluse still register evil", "can he still show as evil": whether a
        # misregistration can hold at all is asked with it supposed, as "can the beggar be
        # poisoned" is (tests/eval/README.md, conventions 1)
        return False
    if condition not in LASTING:
        return False
    clause = clause_past_asides(words, index)
    if role is Role.OBJECT:
        # "does the jinx still poison the damsel": whether it acts, not a state; but "can the
        # no dashii even poison the soldier" asks whether the state can hold at all, supposed
        # as "can the soldier be poisoned" is (conventions 1), and so does "does drunk/poison
        # even work on him"
        return not _possible_making(index + 1, words, clause) and not _works_on(index, words)
    if _possible_state(index, words, clause) or _possible_making(index, words, clause):
        return False  # "can the beggar even be poisoned": the state supposed, asked what then
    if index > clause and words[index - 1].bare in GETTING:
        return True  # "does the FT still get drunk": whether the change comes, not presupposed
    if (
        index > clause + 1
        and words[index - 1].bare in ("him", "her", "them")
        and words[index - 2].bare in ("make", "makes")
        and words[clause].bare in QUESTION_VERBS
    ):
        return True  # "does the goon still make him drunk": whether it makes them so
    if _storytellers_doing(index, words):
        return True  # "do i still have to make the fall guy the drunk one": the making asked
    # ("does the damsel stay poisoned": she is, as "still" says; not "does he sober up or
    # stay drunk", one of two asked)
    return not any(
        w.bare in PRESUPPOSING or (w.bare in STAYING and words[w.index - 1].bare != "or")
        for w in words[clause : index + 3]
    )


_RUN_ON_VERBS = frozenset({"does", "do", "did", "will", "would"})


def _run_on_question(words: list[Word], opening: int, index: int) -> int:
    """ "if the spy registers as a townsfolk does he get exed": a condition run on into the
    question with no comma between; the question opens at its verb (where it has one)."""
    if words[opening].bare not in _TIME_OR_CONDITION:
        return opening
    for k in range(index - 2, opening + 1, -1):
        if (
            words[k].bare in _RUN_ON_VERBS
            and words[k + 1].bare in PRONOUNS | ARTICLES
            and not any(w.gap_before for w in words[k : index + 1])
        ):
            return k
    return opening


def clause_past_asides(words: list[Word], index: int) -> int:
    """Where the clause holding word ``index`` starts, a bracketed aside and the break after
    it not ending it: "can a Beggar (the traveller) be made drunk"."""
    start = clause_start(words, index)
    while start > 0 and (words[start].aside or words[start - 1].aside):
        start = clause_start(words, start - 1)
    return start


# a state come into: "get drunk", "become poisoned"
GETTING = frozenset("get gets getting become becomes go goes".split())


def _may_i_execute(index: int, words: list[Word]) -> bool:
    """ "can i execute the mutant at night", "am i allowed to exe the mutant": the storyteller
    asking leave to execute, an execution not yet had."""
    j = index - 1
    if words[index].bare in ("executed", "exed", "execd") and _have_it_done(index, words):
        return True  # "can i have the scapegoat executed instead?": the leave asked
    if words[index].bare in ("executed", "exed", "execd") and j >= 2 and words[j].bare == "have":
        j -= 1  # "could i have executed the spy": the leave asked after the fact
    elif words[index].bare not in ("execute", "exe", "exec", "ex"):
        return False
    while j > 0 and words[j].bare in HEDGES:
        j -= 1  # "can i still just execute him"
    if j >= 1 and words[j].bare in ("i", "we") and words[j - 1].bare in MODALS:
        return not words[j].gap_before and not words[index].gap_before
    if (
        j >= 2
        and words[j].bare in ("i", "we")
        and words[j - 1].bare in ("do", "should", "would")
        and words[j - 2].bare == "how"
    ):
        # "how do i actually execute her for it": the storyteller asking how, none had
        return not any(w.gap_before for w in words[j - 1 : index + 1])
    if j >= 1 and words[j].bare in MODALS and words[j - 1].bare in ("i", "we"):
        # "i can execute him at night also?": the same leave asked in the word order of a
        # statement, the question mark asking it
        return not words[index].gap_before and _asked_by_mark(index, words)
    if words[j].bare == "and" and not words[j].gap_before:
        # "can i treat the spy as a townsfolk and exe them": the leave asked before "and"
        for k in range(j - 1, max(0, j - 10), -1):
            if words[k + 1].gap_before:
                break
            if words[k].bare in ("i", "we") and k and words[k - 1].bare in MODALS:
                return True
            if words[k].bare == "to" and _may_i(words, k):
                return True
        return False
    if words[j].bare in ("allowed", "ok", "okay") and not words[index].gap_before:
        # "its night now, still allowed execute him now??": the leave asked without its "to"
        return _asked_by_mark(index, words)
    return words[j].bare == "to" and _may_i(words, j)


def _have_it_done(index: int, words: list[Word]) -> bool:
    """ "can i have the scapegoat executed", "could we get him exed": whether the storyteller
    may cause it, asked (the one it is done to between "have" and the participle)."""
    for j in range(index - 2, max(1, index - 6), -1):
        if words[j + 1].gap_before:
            return False
        if words[j].bare in ("have", "get") and words[j - 1].bare in ("i", "we"):
            return j >= 2 and words[j - 2].bare in MODALS and not words[j].gap_before
    return False


def _asked_by_mark(index: int, words: list[Word]) -> bool:
    """A question mark ends the sentence holding word ``index``."""
    for word in words[index:]:
        if word.asks:
            return True
        if word.index > index and word.opens_sentence:
            return False
    return False


def _may_i_turn(index: int, words: list[Word]) -> bool:
    """ "am i forced to turn them into the SW", "can i make her into the imp": the storyteller
    asking leave (or whether they must) to make someone a character, not yet made."""
    if words[index].bare != "into":
        return False
    for j in range(index - 1, max(0, index - 4), -1):
        if words[j + 1].gap_before:
            return False
        if words[j].bare in ("turn", "make", "change"):
            k = j - 1
            while k > 0 and words[k].bare in HEDGES:
                k -= 1  # "can i just turn them into"
            if words[k].bare == "to":
                return _may_i(words, k)
            return (
                k >= 1
                and words[k].bare in ("i", "we")
                and words[k - 1].bare in MODALS | {"should", "must"}
            )
    return False


OR_AND = frozenset({"or", "and"})


def _can_it_die_at_all(index: int, words: list[Word]) -> bool:
    """ "can the vizier die at night? town is debating ...", "can the tinker still die to
    their own ability while protected?": the question opens asking whether a character can
    die at all, nothing told before it; the death supposed (conventions 1, as "can the
    beggar be poisoned"), unlike "slayer shot the recluse. can the recluse die from that"
    (the outcome of what was told) or "can the scapegoat die in place of someone" (its
    ability's use).

    >>> from service.answer.mentions import tokenize
    >>> words = tokenize("can the vizier die at night?")
    >>> _can_it_die_at_all(3, words)
    True
    >>> words = tokenize("slayer shot the recluse. can the recluse die from that")
    >>> _can_it_die_at_all(8, words)
    False
    """
    if words[index].bare != "die":
        return False
    opening = past_opener(words, 0)
    clause = past_opener(words, clause_start(words, index))
    if clause != opening or words[clause].bare not in ("can", "could"):
        return False
    subject = [w.bare for w in words[clause + 1 : index] if w.bare not in HEDGES | {"ever"}]
    if not subject or subject[0] in ("i", "we", "you", "nobody", "noone", "anyone", "someone"):
        return False
    after = " ".join(w.bare for w in words[index + 1 : index + 4])
    return not re.match(r"(?:instead|in place)\b", after)


def _possible_state(index: int, words: list[Word], clause: int) -> bool:
    """ "can lil monsta even be drunk", "could the beggar be poisoned": whether the state can
    hold at all, a state the question supposes (as "can the lleech be executed" does)."""
    clause = past_opener(words, clause)
    j = index - 1
    if (
        j > clause + 2
        and words[j].bare in ("made", "got", "become")
        and words[j - 1].bare in OR_AND
    ):
        j -= 1  # "can the beggar be poisoned or made drunk": both states supposed
    if j > clause + 1 and words[j].bare in OR_AND and condition_form(words[j - 1].bare):
        j -= 2  # "can the beggar be drunk or poisoned": both states supposed
    if j > clause + 1 and words[j].bare in ("made", "got", "become") and words[j - 1].bare == "be":
        j -= 1  # "can the beggar be made drunk": made so, as being so, supposed
    while j > clause and words[j].bare in HEDGES | {"ever"}:
        j -= 1
    if (
        j > clause + 1
        and words[j].bare in ("being", "getting")
        and words[j - 1].bare == "to"
        and words[j - 2].bare in ("immune", "safe", "protected")
    ):
        return True  # "is the beggar immune to being drunk or poisoned": can it be so at all
    return (
        j > clause
        # "the beggar cant get drunk or poisoned right": getting so, as being so
        and words[j].bare in ("be", "get")
        and (
            words[clause].bare in MODALS
            # "pretty sure the beggar cant be drunk or poisoned?": said after its subject
            or (j - 1 > clause and words[j - 1].bare in _CAN_OR_NOT)
        )
    )


_CAN_OR_NOT = frozenset("can cant cannot could couldnt".split())


def past_opener(words: list[Word], clause: int) -> int:
    """ "wait can the beggar even be poisoned": the modal after a discourse word opens the
    question all the same."""
    while (
        clause + 1 < len(words)
        and words[clause].bare in _OPENERS
        and not words[clause + 1].gap_before
    ):
        clause += 1  # "ok so um can the beggar ...": a run of them
    return clause


BECOMING = frozenset({"become", "turn"})
# the verbs of making someone so: "can the courtier make lil monsta drunk"
MAKING_SO = frozenset({"make", "get", "poison"})


def _names_a_character_next(index: int, words: list[Word]) -> bool:
    """ "become the imp", not "become the demon": a name, not a team, after the verb."""
    k = index + 1
    while k < len(words) and words[k].bare in ("the", "a", "an", "new", "into"):
        k += 1
    return k < len(words) and singular(words[k].bare) not in TEAM_WORDS and not words[k].gap_before


_WORKING = frozenset({"work", "works", "apply", "applies"})


def _works_on(index: int, words: list[Word]) -> bool:
    """ "does poison even work on the beggar": whether the state takes at all, asked of the
    one it would be on (``index``: the state's word, or the "on" the phrase ends with)."""
    near = [w.bare for w in words[max(0, index - 1) : index + 4]]
    return any(a in _WORKING and b in ("on", "to") for a, b in zip(near, near[1:], strict=False))


def _possible_making(
    index: int, words: list[Word], clause: int, verbs: frozenset[str] = MAKING_SO
) -> bool:
    """ "can the courtier make lil monsta drunk": whether it can be made so at all, the state
    supposed as "can lil monsta be drunk" supposes it (conventions 1)."""
    clause = past_opener(words, clause)
    return (
        words[clause].bare in MODALS
        and clause + 1 < index
        and words[clause + 1].bare not in ("i", "we")  # "can i make her the drunk one": leave
        and any(w.bare in verbs for w in words[clause + 1 : index])
    )


def is_asked(index: int, words: list[Word], target: Target, role: Role) -> bool:
    """ "does the spy die", "is the empath still drunk", "...imp goes for the chef. chef
    dies?", "goon dies or not": the question asks whether, it does not say so."""
    if _supposed(index, words) or _in_a_told_time(index, words):
        return False
    if resurrecting(words, index):
        return False  # "can the prof revive the fool": whether it works, not whether he died
    return (
        # "who becomes the imp"; not "the librarian, who's protected by ...", about them
        (
            index > 0
            and words[index - 1].bare == "who"
            and not (
                target[1] == index - 2
                and (
                    _next_is(words, index, "by")
                    or _next_is(words, index, "from")  # "the chambermaid, who's drunk from"
                    or _restrictive(words, target, index - 1)
                    # "the monk, who died n2, ...": told of it (not "..., who dies?")
                    or (words[index - 1].gap_before and words[index].bare.endswith("ed"))
                )
            )
        )
        or (  # "which one becomes the imp", "which minion dies"
            index > 1
            and words[index - 2].bare == "which"
            and not words[index - 1].gap_before
            and not words[index].gap_before
        )
        or _who_ends(index, words)
        or _meant(index, words, target)
        or _opinion(index, words)
        or _storytellers_doing(index, words)
        or _may_i_execute(index, words)  # "can i exe him then": whether, of whoever it is
        or _may_i_turn(index, words)  # "am i forced to turn them into the SW"
        or _who_is_to_be(index, words, role)
        or _modal(index, words)
        or _pronoun_question(index, words)
        or _inverted(index, words, target, attributive=role is Role.ADJECTIVE)
        or _trailing(index, words, target)
        or _asked_with_its_case(index, words, target)
        or _bare_verb_asked(index, words, target)
        or _or_not(index, words)
        or _how_long_asked(index, words)
    )


# how long a state lasts, asked after it: "is the damsel just poisoned all game?"
_HOW_LONG = re.compile(
    r"(?:all|the whole|the entire|for the (?:whole|rest of the)) (?:game|time)\b"
    r"|forever\b|permanently\b"
)


def _how_long_asked(index: int, words: list[Word]) -> bool:
    """ "so the damsel is just poisoned all game?", "is the damsel poisoned the whole time or
    what": whether the state lasts, asked as the outcome of what is in play."""
    tail = words[index + 1 : index + 6]
    ends = next((i for i, w in enumerate(tail) if w.gap_before), len(tail))
    said = " ".join(w.bare for w in tail[:ends])
    match = _HOW_LONG.match(said)
    if match is None:
        return False
    rest = tail[len(said[: match.end()].split()) : ends]
    closing = tail[ends - 1] if ends else words[index]
    return closing.asks or [w.bare for w in rest][:2] in (["or", "what"], ["or", "not"])


# verbs that, opening a sentence before their subject, suppose: "should the fool be poisoned,"
SUPPOSING = frozenset({"should", "were", "had"})


def _supposed(index: int, words: list[Word]) -> bool:
    """ "Should the Fool be poisoned on the night ..., does he die?", "Were the monk drunk,
    ...": a sentence opened by its verb and closed by a comma, not a question mark, supposes
    what it says (as "if" does)."""
    opening = clause_start(words, index)
    if words[opening].bare not in SUPPOSING or not (opening == 0 or words[opening].opens_sentence):
        return False
    closing = next((w.index for w in words[index + 1 :] if w.gap_before), None)
    return (
        closing is not None
        and not words[closing - 1].asks
        and not words[closing].opens_sentence
        and words[closing].bare != "or"  # "should the fool be poisoned, or drunk?"
        and not any(w.asks for w in words[opening:index])
    )


def _in_a_told_time(index: int, words: list[Word]) -> bool:
    """ "do i keep waking the spy after she dies", "does the mayor die if executed": a clause
    of time or condition inside the question, its subject a pronoun right before the
    condition or left out, supposes it."""
    j = index - 1
    while j > 0 and words[j].bare in HEDGES:
        j -= 1
    if j >= 1 and words[j].bare in _TIME_OR_CONDITION:
        # "does the soldier die if poisoned", "... while still drunk": the subject left out
        unbroken = not any(w.gap_before for w in words[j : index + 1])
        return unbroken and clause_start(words, index) < j
    j = index - 1
    while j > 0 and (words[j].bare in HEDGES or words[j].bare in COPULAS):
        j -= 1  # "after she dies", "after hes dead", "once he is dead"
    return (
        j >= 2
        and words[j].bare in ("he", "she", "they", "it", "hes", "shes", "theyre", "its")
        and words[j - 1].bare in ("after", "once", "when", "if")
        and not any(w.gap_before for w in words[j - 1 : index + 1])
        and clause_start(words, index) < j - 1
    )


_TIME_OR_CONDITION = frozenset({"after", "once", "when", "if", "while", "whilst"})


def ends_question(index: int, words: list[Word]) -> bool:
    """The word the question ends with, its mark or a trailing time after it at most."""
    return all(w.bare in _TRAILING for w in words[index + 1 :]) and not any(
        w.gap_before for w in words[index + 1 :]
    )


def _who_ends(index: int, words: list[Word]) -> bool:
    """ "... and the butler also chose the librarian, who (actually) dies": the question's last
    words ask who, whoever stands before "who"."""
    j = index - 1
    while j > 0 and words[j].bare in HEDGES and not words[j + 1].gap_before:
        j -= 1
    return j >= 0 and words[j].bare == "who" and ends_question(index, words)


def _restrictive(words: list[Word], target: Target, who: int) -> bool:
    """ "our ravenkeeper who died n3", "the monk who is drunk": "who" straight after a name
    with a determiner starts a clause about them, not a question."""
    return (
        not words[who].gap_before
        and target[0] > 0
        and (words[target[0] - 1].bare == "the" or words[target[0] - 1].bare in OWNERS)
    )


def _next_is(words: list[Word], index: int, bare: str) -> bool:
    return index + 1 < len(words) and words[index + 1].bare == bare


_FIRST_PERSONS = frozenset({"i", "we"})
_TURNING = frozenset({"turn", "into"})


_ABLE = frozenset({"able", "unable"})


# a quantifier between the subject and its verb: "do they both die", "do they all die"
_ALL = frozenset({"both", "all"})


def _inverted(index: int, words: list[Word], target: Target, *, attributive: bool) -> bool:
    """The question's verb before the one it is about: "does the spy (still) die", or opening
    the clause: "does SW become the imp", "does a minion catch it or does a player become
    the po" (a question verb after "or" opens a question of its own)."""
    opening = clause_start(words, index)
    for k in range(opening, index - 1):
        if words[k].bare in _OPENERS and words[k + 1].bare in QUESTION_VERBS:
            opening = k + 1
        elif (
            k > opening + 1
            and words[k].bare in ("does", "do", "did")
            and words[k + 1].bare
            in ("a", "an", "the", "someone", "anyone", "somebody", "one", "either", "any", "each")
            and words[k - 1].bare not in QUESTION_VERBS | {"what", "how", "why", "who", "when"}
        ):
            # "hydra died with only four people alive does a neighbour turn into a hydra": a
            # run-on question, its verb opening it mid-sentence
            opening = k
    clause = words[opening:index]
    if (
        clause
        and clause[0].bare in QUESTION_VERBS
        and opening < target[0]
        and (target[1] < index or not attributive)
        # an unnamed subject may take more words: "does one of its good neighbours still
        # turn into a hydra?" (the one asked about is named after the verb)
        and len(clause) <= (8 if target[0] > index else 6)
        and not any(subordinates(words, w.index) for w in clause)
        and not _told_in_relative(target, index, words)
    ):
        return True  # "does SW become the imp"; not "can a dead recluse", "(...) is dead"
    if (
        clause
        and clause[0].bare in QUESTION_VERBS
        and len(clause) <= 6
        and index >= 2
        and words[index - 1].bare in PRONOUNS
        and words[index - 2].bare in ("make", "makes")
        and not any(subordinates(words, w.index) for w in clause)
    ):
        return True  # "does that (actually) make it drunk": whether it does, asked
    if index >= 3 and words[index - 1].bare == "to" and words[index - 2].bare in _ABLE | _ABOUT_TO:
        # "is he still unable to die", "is the artist still about to die": asked
        index -= 2
    if index >= 2 and words[index - 1].bare in HEDGES | PRONOUNS | _PASSIVE | _FIRST_PERSONS | _ALL:
        j = index - 1  # "do they (still) die", "does he get executed", "do they both die"
        while j > 0 and words[j].bare in HEDGES | _PASSIVE | _ALL:
            j -= 1
        if (
            (
                words[j].bare in PRONOUNS
                # "do i become the hydra now?", a player's words relayed; not "who do i turn
                # into the empath", what the storyteller does (conventions 5)
                or (words[j].bare in _FIRST_PERSONS and words[index].bare not in _TURNING)
            )
            and j > 0
            and words[j - 1].bare in QUESTION_VERBS
        ):
            return True
        if words[j].bare in ("do", "did", "will", "would") and words[j + 1].bare in _ALL:
            return True  # "do both die": the quantifier its subject
    if not target[0] < index:
        return False
    j = phrase_start(words, target[0]) - 1
    between = words[target[1] + 1 : index]
    return (
        j >= 0
        and words[j].bare in QUESTION_VERBS
        # a copula opening its clause: not "the closest townsfolk on his left is the empath
        # who died" (an auxiliary may open a run-on clause: "... as demon can the recluse die")
        and (
            words[j].bare not in ("is", "are", "was", "were")
            or j == clause_start(words, j)
            or words[j - 1].bare in _OPENERS
        )
        and not words[j + 1].gap_before
        and not any(w.gap_before for w in between)
        and len(between) <= 4
        and not _told_in_relative(target, index, words)
    )


_PASSIVE = frozenset({"get", "be"})
_ABOUT_TO = frozenset({"about", "going"})
_RELATIVE_WORDS = frozenset({"that", "thats", "who", "whos", "which"})


def _told_in_relative(target: Target, index: int, words: list[Word]) -> bool:
    """ "can a recluse that's already dead still register": the state told in a relative
    clause on the one asked about, not asked."""
    between = words[target[1] + 1 : index]
    return bool(between) and (
        between[0].bare in _RELATIVE_WORDS and all(w.bare in COPULAS | HEDGES for w in between[1:])
    )


# words after which a question verb may open a clause: "and is the chef dead", "so does ..."
# (and hesitations said before a question as "so" is: "um can the beggar even get poisoned")
_OPENERS = HESITATIONS | frozenset("and but so or then also now ok okay wait hmm".split())


# a cause or company said after the state asked: "imp dies from the bodyguard?"
_CAUSE_PREPOSITIONS = frozenset({"from", "with", "to", "by", "for"})


def _asked_with_its_case(index: int, words: list[Word], target: Target) -> bool:
    """A statement asked by its question mark, its case after it: "sw becomes imp if imp exed
    w 5 alive?", "chef dies if the imp attacks him?" (the subject opens the question, its verb
    right after it, an "if" clause runs to the mark, nothing between them set apart)."""
    if target[1] >= index or not words[-1].asks or any(w.asks for w in words[:-1]):
        return False
    opening = phrase_start(words, target[0])
    if opening != 0 or any(w.gap_before for w in words[target[1] + 1 : index + 1]):
        return False
    if index != target[1] + 1:
        return False  # (its verb right after it: not "sw was poisoned when ...", a state told)
    case = next((k for k in range(index + 1, len(words)) if words[k].bare in _CASE_WORDS), None)
    if case is None or case - index > 4:
        return False
    return not any(w.gap_before or w.opens_sentence for w in words[index + 1 : case + 1])


_CASE_WORDS = frozenset({"if"})


def _trailing(index: int, words: list[Word], target: Target) -> bool:
    """A last short clause ("chef dies?", "damsel still poisoned?") after the situation it
    asks about; a question that is only "sailor executed?" states its topic."""
    tail = words[index + 1 :]
    ends = next((i for i, w in enumerate(tail) if w.gap_before), len(tail))
    if words[index].asks or (ends and tail[ends - 1].asks):
        tail = tail[:ends]  # "lleech dead too? game over?": the clause's own question mark
    tagged = (
        bool(tail)
        and tail[-1].bare in TAGS
        # "empath dies right", "grandma dies too yes? new player asking": the question's end
        and (len(tail) == len(words) - index - 1 or tail[-1].asks)
    )
    if tagged:
        tail = tail[:-1]  # "empath dies right": a question without its mark
    asks = tagged or (tail[-1] if tail else words[index]).asks
    if (
        not tagged
        and 2 <= len(tail) <= 4
        and tail[0].bare in ("and", "or")
        and tail[-1].asks
        and len(tail) == ends
    ):
        tail = []  # "goon dies and turns evil?": a second verb asked with it
    if (
        asks
        and 2 <= len(tail) <= 3
        and tail[0].bare in _CAUSE_PREPOSITIONS
        and len(tail) == ends
        and not any(condition_form(w.bare) for w in tail)
    ):
        tail = []  # "lleech is dying with him??", "imp dies from the bodyguard?": how, asked
    if any(w.bare not in _TRAILING for w in tail) or target[1] >= index:
        return False
    if not asks:
        return False
    first = index
    while first > 0 and not words[first].gap_before and words[first - 1].bare in HEDGES:
        first -= 1  # "... guesses gambler. just safe?"
    if words[first].gap_before and first > 0:
        return True  # "... demon attacks the rk at night - dies?": a clause of its own
    if not all(w.bare in HEDGES or w.bare in COPULAS for w in words[target[1] + 1 : index]):
        return False
    start = phrase_start(words, target[0])
    if start > 1 and words[start - 1].bare in _OPENERS and words[start - 1].gap_before:
        return True  # "we exed the sweetheart. so the lleech dies too??": opened by "so"
    return start > 0 and words[start].gap_before


_SUBJECT_PRONOUNS = frozenset({"he", "she", "they", "it"})


def _bare_verb_asked(index: int, words: list[Word], target: Target) -> bool:
    """ "imp nominated washerwoman on day 1, imp die from bodyguard?", "he die for real?",
    "soldier get poisoned and die next night?", "SW become the demon?": a death, a state or a
    change of character asked in a statement's
    word order with the verb's bare form after its subject (the "does" left out), the
    question mark asking it; "dies" and "died" tell it, and "make him die" is not its
    subject's doing."""
    verb = index
    if index > 1 and words[index - 1].bare == "get" and not words[index].gap_before:
        verb = index - 1  # "soldier get poisoned ...?": whether it comes, asked
    elif words[index].bare not in ("die", "become", "take"):
        return False  # ("take" is "take over": "imp died, SW take over?")
    if target[1] >= verb or words[verb].gap_before:
        return False
    index = verb
    j = index - 1
    while j > target[1] and words[j].bare in HEDGES and not words[j + 1].gap_before:
        j -= 1
    if j == target[1]:
        start = phrase_start(words, target[0])
    elif words[j].bare in _SUBJECT_PRONOUNS and not words[j + 1].gap_before:
        start = j  # "he die for real?": the one the pronoun stands for
    else:
        return False
    before = words[start - 1].bare if start > 0 and not words[start].gap_before else ""
    if before in MAKING | MODALS | QUESTION_VERBS | {"let", "see", "saw", "watch", "to"}:
        return False
    return _asked_by_mark(index, words)


def _meant(index: int, words: list[Word], target: Target) -> bool:
    """ "does that mean the damsel is poisoned all game": a consequence asked about."""
    k = phrase_start(words, target[0]) - 1
    if k >= 0 and words[k].bare == "that" and not words[k + 1].gap_before:
        k -= 1  # "does it mean that the damsel is poisoned"
    return (
        k >= 2
        and target[1] < index
        and words[k].bare == "mean"
        and words[k - 2].bare in ("does", "do", "did")
        and not any(w.gap_before for w in words[k - 2 : index + 1])
    )


def _opinion(index: int, words: list[Word]) -> bool:
    """ "is he poisoned or does soldier block that too?? i say poisoned": the asker's own
    answer to what the question asks, the state alone after "i say", not a state told."""
    following = index + 1 < len(words) and not words[index + 1].gap_before
    return (
        index >= 2
        and not following
        and words[index - 1].bare in _SAYING
        and words[index - 2].bare in ("i", "we", "id")
        and not any(w.gap_before for w in words[index - 1 : index + 1])
    )


_SAYING = frozenset("say says think reckon vote guess".split())


def _storytellers_doing(index: int, words: list[Word]) -> bool:
    """ "can i make the sweetheart the drunk one": whether the storyteller may bring it about."""
    for j in range(index - 1, max(1, index - 8), -1):
        if words[j + 1].gap_before:
            return False
        k = j - 1
        while k > 0 and words[k].bare in HEDGES:
            k -= 1  # "can i still just have the tinker die"
        if (
            words[j].bare in MAKING
            and words[k].bare in ("i", "we")
            and k >= 1
            and words[k - 1].bare in QUESTION_VERBS | {"may", "must"}
        ):
            return True
        if words[j].bare in MAKING and words[k].bare == "to" and _may_i(words, k):
            return True  # "am i allowed to (just) make", "do i have to make"
        m = k - 1 if words[k].bare == "to" else k
        if (
            words[j].bare in MAKING
            and m >= 1
            and words[m].bare in _INTENDING
            and words[m - 1].bare in ("i", "we", "id", "im", "ill")
        ):
            return True  # "i wanna make the empath the drunk one": meant, not done
    return False


# what the storyteller means to do, not has done: "i wanna make", "im going to make"
_INTENDING = frozenset("wanna want gonna going like plan planning intend".split())


def _who_is_to_be(index: int, words: list[Word], role: Role) -> bool:
    """ "which one gets to be the new imp", "does it have to be the scarlet woman": who is to
    be the character, asked."""
    if role is not Role.OBJECT or words[index].bare != "be":
        return False
    opening = words[clause_start(words, index)].bare
    return opening in QUESTION_VERBS | {"which", "who", "whos"}


def _may_i(words: list[Word], to: int) -> bool:
    """ "am i allowed to", "do i have to", "is it ok to": the storyteller asking leave."""
    before = [w.bare for w in words[max(0, to - 4) : to]]
    return any(w in PERMISSION for w in before) and any(
        w in QUESTION_VERBS | {"am"} for w in before
    )


def _told_in_subordinate(words: list[Word], clause: int, index: int) -> bool:
    """The condition at ``index`` closes a clause of time or condition ("after hes dead")."""
    return any(
        w.bare in ("after", "once", "when", "since", "if")
        for w in words[max(clause, index - 3) : index]
    )


def _or_not(index: int, words: list[Word]) -> bool:
    """ "goon dies or does goon ability save him", "dies or not", "grandma die with him, or
    only when ...?": an alternative offered in a question."""
    following = [w.bare for w in words[index + 1 : index + 3]]
    clause = clause_start(words, index)
    if _life_or_death(index, words):
        return True
    k = index + 1
    while k < len(words) and words[k].bare in TRAILING_TIMES and not words[k].gap_before:
        k += 1  # "lleech dies too or nah"
    if (
        k + 1 < len(words)
        and words[k].bare == "or"
        and words[k + 1].bare in ("not", "nah", "no", "nope")
        and not words[k].gap_before
    ):
        return True
    if following[:1] == ["or"] and following[1:2] in (["not"], ["does"], ["do"], ["is"]):
        # ... not a state a clause of time or condition tells: "does the spy keep looking
        # after hes dead or do i stop waking him"
        return not (following[1:2] == ["do"] and _told_in_subordinate(words, clause, index))
    j = index - 1
    while j > clause and words[j].bare in COPULAS | STAYING | HEDGES:
        j -= 1  # "do they get to pick an ability or just die"
    if j > clause and words[j].bare == "or" and words[clause].bare in QUESTION_VERBS:
        return True  # "does he sober up now or stay drunk": the second of two, asked
    if any(subordinates(words, w.index) for w in words[clause:index]):
        return False  # "if the new fang gu dies or changes character, should ...": the situation
    near = words[index + 1 : index + 5]
    at = next((w.index for w in near if w.bare == "or"), None)
    if at is None or any(w.gap_before for w in words[index + 1 : at]):
        return False  # "mayor is poisoned. game over or keep going?": another clause's "or"
    ending = word_at(words, at + 2)
    if (
        at + 1 < len(words)
        # (what is between is the verb's object, "the demon": not "died demon kills tonight or
        # no", another verb's alternative)
        and words[index + 1].bare in ("the", "a", "an")
        and words[at + 1].bare in ("not", "nah", "no", "nope")
        and not words[at + 1].gap_before
        and (ending is None or ending.gap_before)
    ):
        return True  # "SW becomes the demon or not": the clause ends on its alternative
    return any(w.asks for w in words[at:])


# the other side of "survives or dies?"
SURVIVING = frozenset("survive survives surviving survived live lives living".split())


def _life_or_death(index: int, words: list[Word]) -> bool:
    """ "imp survives or dies?", "lives or dies?", "dies or survives?": which of the two,
    asked (a question mark closes the clause)."""

    def joined(first: int, second: int) -> bool:  # "survives or" / "or survives", unbroken
        return (
            0 <= first
            and second < len(words)
            and not any(w.gap_before for w in words[first + 1 : second + 1])
            and words[first].bare in SURVIVING | {"or"}
            and words[second].bare in SURVIVING | {"or"}
            and words[first].bare != words[second].bare
        )

    if not (joined(index - 2, index - 1) and not words[index].gap_before) and not joined(
        index + 1, index + 2
    ):
        return False
    tail = words[index:]
    ends = next((i for i, w in enumerate(tail[1:], 1) if w.gap_before), len(tail))
    return any(w.asks for w in tail[:ends])


def _modal(index: int, words: list[Word]) -> bool:
    """ "then he can die, or still he cant die?", "could he have died if ...?": what may
    happen, or might have, asked."""
    if not any(w.asks for w in words[index:]):
        return False
    j = index - 1
    if j > 2 and words[j].bare == "have" and words[j - 1].bare in PRONOUNS:
        j -= 2  # "could he have died"
        return words[j].bare in MODALS | {"would", "should"} and not any(
            w.gap_before for w in words[j + 1 : index + 1]
        )
    return index > 0 and words[index - 1].bare in MODALS


def _pronoun_question(index: int, words: list[Word]) -> bool:
    """ "empath nominates someone, he dies?": a last short clause of a pronoun and the
    condition."""
    j = index - 1
    while j > 0 and words[j].bare in HEDGES and not words[j].gap_before:
        j -= 1  # "he just dies?"
    if j < 0 or words[j].bare not in PRONOUNS:
        return False
    k = j
    while k > 0 and words[k - 1].bare in _FILLERS and not words[k].gap_before:
        k -= 1  # "... today so um he just dies yeah"
    if not words[k].gap_before and words[k].bare != "so":
        return False
    tail = words[index + 1 :]
    if (
        len(tail) >= 3
        and tail[0].bare in TAGS
        and tail[1].bare in _NEXT_CLAUSE
        and not tail[0].asks
        and not tail[1].gap_before
    ):
        # "he just dies yeah and do i still put the token": the tag, then a question run on
        return tail[2].bare in _RUN_ON
    ends = next((i for i, w in enumerate(tail) if w.gap_before), len(tail))
    if ends < len(tail) and (tail[:ends] or words[index : index + 1])[-1].asks:
        tail = tail[:ends]  # "He dies right? And do i put ...": its own sentence
    if tail and tail[-1].bare in TAGS:
        return all(w.bare in _TRAILING for w in tail[:-1])  # "she just dies right"
    return (tail[-1] if tail else words[index]).asks and all(w.bare in _TRAILING for w in tail)
