"""Who a condition is about when it is the subject's: the passive's subject ("sleeper killed
by imp"), the head of a relative clause ("the player who is hosting the Lleech died"), the
subject of a second predicate ("the Scientist chose Townsfolk and gets executed"), the one
named after a question's auxiliary ("does the guy pukka poisoned still die"), and what a
pronoun or a possessive stands for.

Pure functions over the question's words and the people they name (:data:`Target`);
:mod:`service.answer.attach` calls them.
"""

from __future__ import annotations

from service.answer import rx
from service.answer.asked import (
    HEDGES,
    QUESTION_VERBS,
    clause_past_asides,
    subordinates,
)
from service.answer.mentions import (
    AMONG,
    TEAM_WORDS,
    Target,
    Word,
    clause_start,
    is_anchor,
    phrase_start,
    singular,
)
from service.answer.words import (
    CHOICE_VERBS,
    COPULAS,
    FILLERS,
    GUESSED_AS,
    PRONOUNS,
    REFLEXIVES,
    STOPWORDS,
    TOKEN_STATES,
    VERB_ANCHORS,
    WHOEVER,
    Condition,
    condition_form,
)

CONJUNCTIONS = frozenset({"and", "then", "but", "n", "&"})  # "n": "and" typed on a phone
# a pronoun that stands for someone named before (not the storyteller or the players)
THIRD_PERSON = frozenset({"he", "she", "they", "it"})
# a subject pronoun for a person, contracted with its verb or not ("shes", "theyre")
PERSONAL = frozenset({"he", "she", "they", "hes", "shes", "theyre"})


def possessive(word: Word) -> bool:
    """ "imp's", "imps", "imps'": typed on a phone, a possessive often loses its apostrophe."""
    return word.lower.endswith(("s", "'s", "s'"))


def possessed(hit: Target, words: list[Word], after: list[Target]) -> Target:
    """ "the imps target": a character written as a possessive before a person means that
    person, not the character."""
    following = hit[1] + 1
    if following >= len(words) or words[following].gap_before:
        return hit  # "poisons the beggar. dead guy ...": a new sentence, not the beggar's guy
    if hit[2] is None and possessive(words[hit[1]]):
        owned = next((t for t in after if t[0] == following and t[2] is not None), None)
        if owned is not None:
            return owned  # "turned ben's savant into ...": the player's character, the Savant
    participle = condition_form(words[following].bare) is not None
    if words[following].bare in FILLERS or participle:
        following += 1  # "the pukka's poisoned guy", "the monk protected player"
    if hit[2] is None or following >= len(words) or words[following].gap_before:
        return hit
    person = next((t for t in after if t[0] == following and t[2] is None), None)
    if person is None and possessive(words[hit[1]]) and _participle_like(words, following):
        # "the Bodyguard's defended player", "the imps chosen guy": a word of the owner's
        following += 1
        person = next((t for t in after if t[0] == following and t[2] is None), None)
    if person is None:
        return hit
    # ("does the imp target die": a character's "target" is its target, as "imp's target")
    noun_target = person[0] == hit[1] + 1 and words[person[0]].bare in VERB_ANCHORS
    return person if possessive(words[hit[1]]) or participle or noun_target else hit


def _participle_like(words: list[Word], index: int) -> bool:
    """A past participle not read as a condition ("defended", "chosen"), with a word after it."""
    return (
        words[index].bare.endswith(("ed", "en"))
        and index + 1 < len(words)
        and not words[index + 1].gap_before
    )


def passive_subject(agent: Target | None, words: list[Word], before: list[Target]) -> Target | None:
    """The one named before "<verb> by <agent>", in the same clause: "sleeper killed by imp"."""
    if agent is None or not before or agent is not before[-1]:
        return None
    k = phrase_start(words, agent[0]) - 1
    if k < 2 or words[k].bare != "by" or words[k + 1].gap_before:
        return None
    verb = k - 1
    subject = [t for t in before[:-1] if t[2] is not None and t[1] in (verb - 1, verb - 2)]
    if not subject or any(w.gap_before for w in words[subject[-1][1] + 1 : k + 1]):
        return None
    return subject[-1]


def passive(index: int, words: list[Word]) -> bool:
    """ "the virgin is nominated", "got nommed by the drunk"."""
    before = words[index - 1].bare if index > 0 else ""
    after = words[index + 1].bare if index + 1 < len(words) else ""
    return (
        before in COPULAS
        or before in HEDGES
        or after == "by"
        or index == 0
        or words[index].gap_before
    )


def head_of_clause(index: int, words: list[Word], before: list[Target]) -> Target | None:
    """ "The player who is hosting the Lleech died", "one of the players chosen by the
    Al-Hadikhia is dead": the one named inside a relative clause is not the subject of the
    predicate after it; the person the clause is about is."""
    if not before or before[-1][1] >= index:
        return None
    named = before[-1]
    between = words[named[1] + 1 : index]
    if any(w.gap_before for w in (*between, words[index])):
        return None
    if not all(
        w.bare in COPULAS or w.bare in HEDGES or w.bare in _IN_PLAY or w.bare in _WHEN_SAID
        for w in between
    ):
        return None  # "who knows there's a wizard in play just died": in play, then the verb
    k = phrase_start(words, named[0]) - 1
    for j in range(k, max(-1, k - 6), -1):
        if words[j + 1].gap_before:
            return None
        if words[j].bare in ("who", "that", "which") or (words[j].bare == "by" and j == k):
            end = j - 1 if words[j].bare != "by" else j - 2
            return next((t for t in before[:-1] if t[1] == end), None)
        if words[j].bare == "to" and j < k:
            # "the first person to pick the goon tonight was drunk": that person
            head = next((t for t in before[:-1] if t[1] == j - 1), None)
            if head is not None and head[2] is None and words[head[1]].bare in SINGLE_PEOPLE:
                return head
    return None


# when, said between a relative clause's name and the verb after it: "... the goon tonight was"
_WHEN_SAID = frozenset({"tonight", "tonite", "today", "yesterday"})


# where a character named in a relative clause is: "a wizard in play", "on the script"
_IN_PLAY = frozenset("in on play game script".split())

_RELATIVE_VERBS = frozenset("got gets get been being has had have is was are were".split())


def relative_head(index: int, words: list[Word], before: list[Target]) -> Target | None:
    """ "a demon that got nominated", "the player who was poisoned": the person a relative
    clause right after them is about."""
    j = index - 1
    while j > 0 and (words[j].bare in _RELATIVE_VERBS or words[j].bare in HEDGES):
        if words[j].gap_before:
            return None
        j -= 1
    if j < 1 or words[j].bare not in ("that", "who", "which") or words[j].gap_before:
        return None
    if words[index].gap_before or words[j + 1].gap_before:
        return None
    return next((t for t in before if t[1] == j - 1), None)


def participle_head(index: int, words: list[Word], before: list[Target]) -> Target | None:
    """ "the person sitting on his left died": a person word, then a participle's phrase
    about them, then their verb: theirs, not whoever the phrase names."""
    if index == 0 or words[index].gap_before:
        return None
    for j in range(index - 1, max(-1, index - 8), -1):
        if words[j].gap_before or words[j].bare in ("and", "but", "who", "that", "which"):
            return None
        if j >= 1 and words[j].bare.endswith("ing") and len(words[j].bare) > 4:
            head = next((t for t in before if t[1] == j - 1), None)
            if head is not None and head[2] is None and words[j - 1].bare in SINGLE_PEOPLE:
                return head
    return None


PERFECT = HEDGES | REFLEXIVES | {"had", "has", "have"}  # "people the shab itself killed"


def reduced_relative(index: int, words: list[Word], before: list[Target]) -> bool:
    """ "the guy pukka poisoned", "the guy the lleech poisoned": a person, then a character,
    then the verb: the verb is the character's doing and the person its object."""
    verb = index
    while verb - 1 > 0 and words[verb - 1].bare in PERFECT and not words[verb].gap_before:
        verb -= 1  # "the player the monk had protected", "people the shab actually killed"
    if len(before) < 2 or before[-1][1] != verb - 1:
        return False
    person = before[-2]
    if before[-1][2] is None and person[2] is not None:
        return False  # "the person the demon killed": both unnamed, nobody named is killed
    if words[person[1]].lower.endswith(("'s", "’s")):
        return False  # "turned ben's savant into": the player's character, no relative clause
    k = phrase_start(words, before[-1][0]) - 1
    if k > 0 and words[k].bare in ("that", "whom") and not words[k].gap_before:
        k -= 1  # "the chef that the monk protected"
    if person[1] != k:
        return False
    if any(w.gap_before for w in words[person[1] + 1 : index + 1]):
        return False  # "sw with 4 players, imp executed": a clause of its own, no relative
    if person[2] is None:
        return True
    # "carnage picks the librarian the monk protected": a named object, then the clause
    start = phrase_start(words, person[0])
    following = words[index + 1] if index + 1 < len(words) else None
    return (
        0 < start < person[0]
        and not any(w.gap_before for w in words[start : index + 1])
        and words[index].bare.endswith("ed")
        and (following is None or following.gap_before or following.bare in ("and", "but"))
    )


def reduced_relative_head(index: int, words: list[Word], before: list[Target]) -> Target | None:
    """ "the player the cerenovus picks is drunk", "the guy the imp attacked was protected": a
    state told after a reduced relative clause is the person's it is about, not the one
    doing its verb."""
    copula = index - 1
    verb = copula - 1
    if verb < 2 or words[copula].bare not in _STATE_COPULAS:
        return None
    if any(w.gap_before for w in (words[verb], words[copula], words[index])):
        return None
    prior = [t for t in before if t[1] < verb]
    if reduced_relative(verb, words, prior):
        return prior[-2]  # "the player the cerenovus picks is drunk"
    if len(prior) < 2 or prior[-1][1] != verb - 1 or prior[-2][2] is None:
        return None
    # "the monk the poisoner picked is dead": a named person, the clause's verb past
    k = phrase_start(words, prior[-1][0]) - 1
    named = prior[-2][1] == k and words[verb].bare.endswith("ed")
    return prior[-2] if named and not words[prior[-1][0]].gap_before else None


_STATE_COPULAS = frozenset({"is", "was", "are", "were", "gets", "got", "becomes", "became"})


# what may open a clause before its subject: "today he ...", "then she ..."
_OPENING_TIMES = frozenset("today yesterday tonight then later so and".split())
_AT_ONCE = frozenset("insta instantly immediately straight quickly".split())


def coordinated_subject(index: int, words: list[Word], before: list[Target]) -> Target | None:
    """ "the Scientist chose Townsfolk and gets executed": a second predicate, same subject."""
    j = index - 1
    while (
        j >= 0
        and not words[j + 1].gap_before
        and words[j].bare not in CONJUNCTIONS
        and (
            words[j].bare in COPULAS
            or words[j].bare in HEDGES | _AT_ONCE
            or words[j].bare in ("has", "have", "since")
        )
    ):
        j -= 1  # "... but has since been executed", "and got insta exed"
    if j >= 2 and words[j].bare == "to" and not words[j].gap_before:
        j -= 2  # "... and chose to die": the verb before "to"
    # "scientist chose townsfolk last night, gets executed today": a second predicate after a
    # comma, its subject left out
    elided = (
        j >= 1
        and words[j + 1].gap_before
        and not words[j + 1].opens_sentence
        and words[j + 1].bare in ("gets", "got")
    )
    if not elided and (j < 0 or words[j].bare not in CONJUNCTIONS or words[j + 1].gap_before):
        return None
    if elided:
        j += 1  # the clause before the comma is the subject's
    elif j >= 2 and words[j - 1].bare in ("who", "that", "which"):  # "a minion who then got"
        return next((t for t in before if t[1] == j - 2), None)
    # the clause's subject, a generic person too ("someone nominated the gossip and chose to
    # die"); a comma before "then" does not start a new one ("went evil, then got exed"), and a
    # clause opened by "when" has its own ("lleech was drunk when his host got exed and died")
    previous = [w for w in words[max(0, j - 4) : j] if w.bare in THIRD_PERSON | PERSONAL]
    if previous and not any(t[0] > previous[-1].index for t in before if t[1] < j):
        return antecedent_of(previous[-1].index, words, before)  # "she was executed and died"
    # "klutz is evil now (long story) and got executed", "baker (ODE homebrew) got
    # nominated ... and then executed": a bracket does not end the clause
    clause = clause_past_asides(words, j - 1 if words[j].gap_before else j)
    while clause > 0 and words[clause].bare == "then":
        # "got nominated by a good player, then executed and died": one subject throughout
        clause = clause_start(words, clause - 1)
    opened = [w.index + 1 for w in words[clause:j] if subordinates(words, w.index)]
    # "dirtminder in play and the po targets himself and dies": an earlier "and" before a
    # new subject opens the clause the second predicate belongs to
    joined = [
        t[0]
        for t in before
        if clause < (k := _past_a_time(words, phrase_start(words, t[0]) - 1)) < j
        and words[k].bare in CONJUNCTIONS
        # "the imp and the baron": one subject; not "nominated the baker and the baker got
        # executed and died", an object and then a subject
        and not any(u[1] == k - 1 and not _done_to(u, words) for u in before)
    ]
    start = max([clause, *opened, *joined])
    k = start
    while k < j and words[k].bare in _OPENING_TIMES:
        k += 1
    if (
        k < j
        and words[k].bare in PERSONAL
        and not any(start <= t[0] < k for t in before)
        and not any(w.opens_sentence for w in words[k + 1 : j + 1])
    ):
        # "today he nominated the virgin first thing and got insta exed": the pronoun
        # subject's, not the object's after it
        return antecedent_of(k, words, before)
    # not a name that modifies a person: "the lleech host got exed and died": the host
    subjects = [
        t
        for t in before
        if t[0] >= start
        and not modifies(t, words)
        and not any(u[0] == t[1] + 1 and u[2] is None for u in before)
        # nor the owner of one: "BH's marked evil guy got exed and died": the guy
        and not (
            possessive(words[t[1]])
            and any(u[2] is None and t[1] < u[0] <= t[1] + 4 for u in before)
        )
    ]
    # not what a bracket says of a name: "Quazion game (the ODE demon): our Goon ... got
    # executed"
    subjects = [t for t in subjects if not words[t[0]].aside] or subjects
    return subjects[0] if subjects else None


# the words of a time said between "and" and a new subject: "and on n4 the po ..."
_A_TIMES_WORDS = frozenset("on at during night nite tonight tonite later".split())


def _past_a_time(words: list[Word], k: int) -> int:
    """Back from ``k`` past a time told before a subject ("... and on n4 the po"), at most
    three words, to the word before it."""
    j = k
    while (
        j > 0
        and k - j < 3
        and not words[j + 1].gap_before
        and words[j].bare not in CONJUNCTIONS
        and (words[j].bare in _A_TIMES_WORDS or rx.fullmatch(r"n\d+|\d+", words[j].bare))
    ):
        j -= 1
    return j


def _done_to(person: Target, words: list[Word]) -> bool:
    """``person`` is the object of the verb right before it ("nominated the baker")."""
    k = phrase_start(words, person[0]) - 1
    return (
        k >= 0
        and not words[k + 1].gap_before
        and (condition_form(words[k].bare) is not None or words[k].bare in CHOICE_VERBS)
    )


def asked_subject(index: int, words: list[Word], before: list[Target]) -> Target | None:
    """ "does the guy pukka poisoned still die": the one named right after the question's
    auxiliary, within the clause."""
    for j in range(index - 1, max(-1, index - 11), -1):
        if words[j + 1].gap_before and j + 1 != index:
            return None
        if subordinates(words, j):
            return None  # "does SW become a demon since the demon died": a clause of its own
        if words[j].bare in QUESTION_VERBS:  # "does the guy ...", "is the guy ... still"
            hit = next((t for t in before if t[0] in (j + 1, j + 2)), None)
            return possessed(hit, words, before) if hit else None
    return None


def pronoun_subject(index: int, words: list[Word], before: list[Target]) -> Target | None:
    """ "does she become the Demon": a pronoun subject means the last character named."""
    j = _subject_pronoun(index, words)
    return None if j is None else antecedent_of(j, words, before)


def _subject_pronoun(index: int, words: list[Word]) -> int | None:
    """Where the pronoun that is the subject of the word at ``index`` stands, if one does."""
    j = index - 1
    while j >= 0 and (
        words[j].bare in COPULAS or words[j].bare in HEDGES or words[j].bare in HAVING_TO
    ):
        j -= 1  # "does he just die", "they still die", "do they have to die"
    if j < 0 or words[j].bare not in PRONOUNS or words[j].bare in ("them", "him", "her"):
        return None
    if j > 0 and words[j - 1].bare in PREPOSITIONS and not words[j].gap_before:
        return None  # "the townsfolk next to it is dead": the pronoun is the place's
    return j


# before a pronoun that is then no subject: "next to it", "left of him", "beside them"
PREPOSITIONS = frozenset("to of beside besides by with from for at on".split())


# between a subject and its verb: "do they have to die", "does he need to die"
HAVING_TO = frozenset("have has to need needs gotta gonna".split())


def unnamed_subject(index: int, words: list[Word], before: list[Target]) -> bool:
    """ "went for whoever the monk protected. they die": the pronoun subject stands for the
    unnamed player of a "whoever" clause, no one named."""
    j = _subject_pronoun(index, words)
    if j is None or words[j].bare not in ("they", "he", "she", "theyre", "hes", "shes"):
        return False
    people = [t for t in before if t[1] < j]
    if people and people[-1][2] is None and _subject_of_who_clause(people[-1], words):
        return True  # "protected exactly who the demon went for. do they die": that player
    return (
        bool(people)
        and people[-1][2] is not None
        and (
            _in_whoever_clause(people[-1], j, words)
            or _whoever_pronoun_between(people[-1], j, words)
        )
    )


def _subject_of_who_clause(person: Target, words: list[Word]) -> bool:
    """An unnamed Demon or Minion that is the subject of a "who" clause ("exactly who the
    demon went for"): the one the clause is about is someone else."""
    start = phrase_start(words, person[0])
    return (
        words[person[1]].bare in ("demon", "minion")
        and start > 0
        and words[start - 1].bare in {"who", "whom", *WHOEVER}
    )


def _whoever_pronoun_between(last: Target, pronoun: int, words: list[Word]) -> bool:
    """ "the poisoner died. whoever she poisoned last night, are they still poisoned": a
    "whoever" clause with a pronoun subject, between the last one named and a "they", which
    stands for that unnamed player."""
    return words[pronoun].bare in ("they", "theyre") and any(
        words[j].bare in WHOEVER and words[j + 1].bare in ("he", "she", "they", "it")
        for j in range(last[1] + 1, pronoun - 1)
    )


# a generic person "he" or "she" may stand for, when named after the last character
SINGLE_PEOPLE = frozenset(
    "player someone somebody one person guy neighbour neighbor target victim nominee executee "
    "nominator host master grandchild".split()
)


def by_whom(target: Target, words: list[Word]) -> bool:
    """ "poisoned by the no dashii", "died n3 to the demon", "mad from the cerenovus": the
    agent of a passive, or of a death, or whom a state came from, is not whom "they" means."""
    start = phrase_start(words, target[0])
    if start > 0 and words[start - 1].bare in ("by", "from"):
        return True  # "... the klutz from the cerenovus but hes drunk": the Klutz
    # "died to the demon", "died n3 to the demon": the killer
    before = [w.bare for w in words[max(0, start - 4) : start]]
    return bool(before) and before[-1] == "to" and any(b in DYING for b in before[:-1])


DYING = frozenset("died dies die dying".split())


def _acted_on(people: list[Target], words: list[Word]) -> bool:
    """ "the assassin picks someone ...": a generic person right after a named one's verb."""
    return len(people) >= 2 and people[-2][2] is not None and _chooses_next(people, words)


def _nominee_executed(people: list[Target], pronoun: int, words: list[Word]) -> bool:
    """ "the imp nominated a guy and he got executed": the one nominated is the one executed
    (not "empath nominates someone, he dies?", where the nominator may be the one dying)."""
    verb = phrase_start(words, people[-1][0]) - 1
    nominated = len(people) >= 2 and verb == people[-2][1] + 1 and words[verb].bare in NOMINATING
    then = words[pronoun + 1 : pronoun + 4]
    executed = any(
        (form := condition_form(w.bare)) is not None and form[0] is Condition.EXECUTED for w in then
    )
    return nominated and executed


NOMINATING = frozenset("nominates nominated noms nommed nomd nomed".split())


def _dealt_with_then_died(people: list[Target], pronoun: int, words: list[Word]) -> bool:
    """ "we exed a minion and he died", "the imp attacked a townsfolk and she died": an
    unnamed player killed, executed or attacked, then "and he died": the one it was done to."""
    if not people or people[-1][2] is not None or words[pronoun].bare not in ("he", "she", "they"):
        return False
    verb = phrase_start(words, people[-1][0]) - 1
    if verb < 0 or words[verb].bare not in _DEALING or words[people[-1][0]].gap_before:
        return False
    if pronoun != people[-1][1] + 2 or words[pronoun - 1].bare not in ("and", "so"):
        return False
    if any(w.gap_before for w in words[pronoun - 1 : pronoun + 1]):
        return False
    k = pronoun + 1
    while k < len(words) and words[k].bare in HEDGES and not words[k].gap_before:
        k += 1
    form = condition_form(words[k].bare) if k < len(words) and not words[k].gap_before else None
    return form is not None and form[0] in (Condition.DEAD, Condition.EXECUTED)


_DEALING = frozenset(
    "exed execd executed killed attacked attacks kills executes exes hit shot slayed".split()
)


def _actor_impaired_after_but(
    people: list[Target], pronoun: int, words: list[Word]
) -> Target | None:
    """ "assassin used his kill n3 on seat 2 but he was poisoned": a drunk or poisoned state
    said after "but" of what a named character did to someone unnamed is the doer's, the
    reason the act failed (not the unnamed one's, named last)."""
    if pronoun < 1 or words[pronoun - 1].bare not in ("but", "though") or len(people) < 2:
        return None
    state = [w.bare for w in words[pronoun + 1 : pronoun + 3]]
    if state[:1] not in (["was"], ["were"], ["is"]) or state[1:] not in (["drunk"], ["poisoned"]):
        return None
    last, doer = people[-1], people[-2]
    start = clause_start(words, pronoun - 1)
    if last[2] is not None or doer[2] is None or doer[0] < start:
        return None
    return doer if all(w.bare in _OPENERS for w in words[start : doer[0]]) else None


_OPENERS = frozenset("the our my a an then so and".split())


def of_the_other_gender(target: Target, pronoun: int, words: list[Word]) -> bool:
    """A person named by a word of one gender ("the girl", "the guy") for a pronoun of the
    other ("he", "she")."""
    if target[2] is not None:
        return False
    said = words[pronoun].bare
    word = words[target[1]].bare
    return (said in _HIS and word in _FEMALE) or (said in _HERS and word in _MALE)


_HIS = frozenset({"he", "hes", "him", "his", "himself"})
_HERS = frozenset({"she", "shes", "her", "hers", "herself"})
_FEMALE = frozenset("girl gal lady woman women girlfriend gf wife sister mum mom mother".split())
_MALE = frozenset("guy boy man dude bloke lad boyfriend bf husband brother dad father".split())


def _chose_named(people: list[Target], words: list[Word]) -> bool:
    """ "someone picked the vengeance": a generic person choosing a named character."""
    return (
        len(people) >= 2
        and people[-2][2] is None
        and people[-1][2] is not None
        and _chooses_next(people, words)
    )


def _chooses_next(people: list[Target], words: list[Word]) -> bool:
    """The last but one person's choosing verb stands right before the last one."""
    verb = phrase_start(words, people[-1][0]) - 1
    doing = people[-2][1] + 1
    if doing < verb and words[doing].bare in _DOINGS and not words[doing].gap_before:
        doing += 1  # "witch curse hit the nominator": the Witch's curse
    return (
        verb == doing
        and words[verb].bare in CHOOSING
        and not words[verb].gap_before
        and not words[verb + 1].gap_before
    )


# what a character does, named as a thing: "the witch curse hit ...", "the slayer shot hit"
_DOINGS = frozenset("curse ability power poison kill attack shot pick choice".split())
# a named character's choice of its target ("the assassin picks someone")
CHOOSING = frozenset(
    "picks picked chooses chose attacks attacked hits hit kills killed targets targeted "
    "shoots shot protects protected poisons poisoned".split()
)


# nouns a name can stand before as a modifier: "the mezzy word" is not the Mezepheles
def modifies(target: Target, words: list[Word]) -> bool:
    """A name used to say whose thing follows: "the mezzy word", "the innkeeper safe token"."""
    after = [w.bare for w in words[target[1] + 1 : target[1] + 3]]
    return bool(after) and (
        after[0] in MODIFIED or (after[0] in TOKEN_STATES and after[1:] in (["token"], ["tokens"]))
    )


MODIFIED = frozenset(
    "word words ability token tokens reminder info kill shot pick choice save protection jinx"
    " curse attack"  # "the witch curse got him and he died": not the Witch
    " spot slot turn"  # "at the imps spot": the Imp's place in the night, not the Imp
    " jinxes game games script".split()  # "Quazion game (...): our goon ... got executed"
)


# verbs that bring a character into play: what they make is not yet anyone to point back to
MAKING_VERBS = frozenset("summon summons summoning create creates creating".split())


def _made(target: Target, words: list[Word]) -> bool:
    """ "the summoner wants to summon a pukka": the Pukka the verb would make."""
    k = target[0] - 1
    if k >= 0 and words[k].bare in ("a", "an", "the"):
        k -= 1
    return k >= 0 and words[k].bare in MAKING_VERBS and not words[k + 1].gap_before


def _been(target: Target, words: list[Word]) -> bool:
    """ "mad about being the juggler": a character someone would be, no one to point back to;
    "announced 'theres a vortox in play', but he was drunk": one said to be there, not who
    "he" is."""
    k = phrase_start(words, target[0]) - 1
    if (
        k >= 0
        and words[k + 1].bare in ("a", "an")
        and not words[k + 1].gap_before
        and (
            words[k].bare == "theres"
            or (k >= 1 and words[k].bare in ("is", "was") and words[k - 1].bare == "there")
        )
    ):
        return True
    return k >= 0 and words[k].bare == "being" and not words[k + 1].gap_before


NO_ONE = frozenset({"nobody", "noone", "none", "no-one"})


def no_antecedent(target: Target, before: list[Target], words: list[Word]) -> bool:
    """A generic person word that stands for no one a pronoun can mean: "chose nobody", "the
    deviant is a townsfolk" (what the Deviant is), "the uninitiated outsider" (what the
    Uninitiated is)."""
    if target[2] is not None:
        return False
    word = words[target[0]]
    if word.bare in NO_ONE or (
        target[0] > 0 and words[target[0] - 1].bare == "no" and not word.gap_before
    ):
        return True
    named = [t for t in before if t[2] is not None and t[1] < target[0]]
    if not named or singular(word.bare) not in TEAM_WORDS:
        return False
    last = named[-1]
    if last[1] == target[0] - 1 and not word.gap_before:
        return True  # "uninitiated outsider": a name and its team
    k = phrase_start(words, target[0]) - 1
    prior = next((t for t in before if t[1] == k - 1), None) if k >= 1 else None
    if (
        prior is not None
        and words[k].bare == "not"
        and words[k].gap_before
        and no_antecedent(prior, before, words)
    ):
        return True  # "the bone collector is a townsfolk, not a traveller": what it is not
    return (
        k == last[1] + 1
        and words[k].bare in ("is", "was", "isnt", "as")
        and not any(w.gap_before for w in words[last[1] + 1 : target[0] + 1])
    )  # "the deviant is a townsfolk", "scapegoat as a townsfolk"


# words that make a kind one person: "the no dashii's nearest townsfolk"
_ONE_OF_A_KIND = frozenset({"nearest", "closest", "only", "first"})


def seat_owner(target: Target, before: list[Target], words: list[Word]) -> Target | None:
    """ "sailor, seat 4", "sailor (seat 4)", "the empath seat 2": the character named just
    before the seat ``target`` is, the same player (no one else a pronoun may mean)."""
    if target[2] is not None or words[target[0]].bare not in ("seat", "chair"):
        return None
    named = [t for t in before if t[2] is not None and t[1] < target[0]]
    if named and named[-1][1] == target[0] - 1 and not words[target[0]].opens_sentence:
        return named[-1]
    return None


def antecedent_of(pronoun: int, words: list[Word], before: list[Target]) -> Target | None:
    """The character a subject pronoun stands for: the last one named before it, not counting
    a name used as a modifier ("said the mezzy word ... he got exed"); "they" may stand for a
    generic person ("assassin picks one of them - do they die")."""
    person = words[pronoun].bare in PERSONAL
    people = [
        t
        for t in before
        if t[1] < pronoun
        and not by_whom(t, words)
        and not (person and _made(t, words))
        and not _been(t, words)
        and not no_antecedent(t, before, words)
        # not a name said of a thing: "says the mez word. do they turn": not the Mezepheles
        and not (t[2] is not None and modifies(t, words))
        # not a person of the other gender: "he picked the girl next to him. n2 he chose
        # himself": not the girl
        and not of_the_other_gender(t, pronoun, words)
        # not the seat of the one named before it: "sailor, seat 4. n2 she chose herself"
        and seat_owner(t, before, words) is None
    ]
    if (
        len(people) >= 2
        and people[-2][2] is None
        and people[-1][2] is None
        and words[people[-1][1]].bare in ("demon", "minion")
        and people[-2][1] == phrase_start(words, people[-1][0]) - 1 < people[-1][0] - 1
        and words[people[-2][1]].bare in SINGLE_PEOPLE | {"people", "players"}
    ):
        return people[-2]  # "the player the demon went for. do they die": the player
    if people and people[-1][2] is None and _subject_of_who_clause(people[-1], words):
        return None  # "protected exactly who the demon went for. do they die": that player
    if (
        words[pronoun].bare in ("they", "them", "theyre")
        and people
        and people[-1][2] is None
        and not acts_on(people[-1], words, "them", before=pronoun)
    ):
        # not "the demon attacked them, so they died": "they" are "them", someone before
        return people[-1]
    if (
        words[pronoun].bare == "it"
        and people
        and people[-1][2] is None
        and words[people[-1][1]].bare in ("demon", "minion")
    ):
        return people[-1]  # "what happens to the Demon if it gets nominated": the Demon
    if (
        words[pronoun].bare in ("they", "theyre", "he", "she")
        and _chose_named(people, words)
        # (not a Demon's or Minion's attack: "the demon attacked the chef, does she die": the
        # Chef)
        and words[people[-2][1]].bare not in ("demon", "minion", "demons", "minions")
    ):
        return people[-2]  # "someone picked the vengeance, do they have to die": that someone
    if (
        len(people) >= 2
        and people[-2][2] is not None
        and _chooses_again(people[-2], people[-1], pronoun, words)
    ):
        return people[-2]  # "sailor picked meg n1. n2 he picked himself": the Sailor
    actor = _actor_impaired_after_but(people, pronoun, words)
    if actor is not None:
        return actor  # "assassin used his kill n3 on seat 2 but he was poisoned": the Assassin
    if person and people and _woken_then(people[-1], pronoun, words):
        # "when i woke the demon for the haircut he pointed at himself": the one woken
        return people[-1]
    if _dealt_with_then_died(people, pronoun, words):
        return people[-1]  # "day 2 we exed a minion and he died": the Minion
    if (
        words[pronoun].bare in ("he", "she", "hes", "shes")
        and people
        and people[-1][2] is None
        and not is_anchor(words[people[-1][0]])
        and words[people[-1][0]].bare not in AMONG
    ):
        return people[-1]  # "we executed Rob. does he die": Rob, a player called by name
    if (
        words[pronoun].bare in ("he", "she", "hes", "shes")
        and people
        and people[-1][2] is None
        and words[people[-1][0]].bare in SINGLE_PEOPLE
        and (
            any(w.bare in ("him", "her") for w in words[people[-1][1] + 1 : pronoun])
            or _acted_on(people, words)
            or _state_told_of(people[-1], pronoun, words)
            or _nominee_executed(people, pronoun, words)
        )
    ):
        return people[-1]  # "votes one of them out and i execute him - does he die": that one
    if (
        words[pronoun].bare in ("he", "she", "hes", "shes")
        and len(people) >= 2
        and people[-1][2] is None
        and people[-2][2] is not None
        and singular(words[people[-1][1]].bare) in TEAM_WORDS
        and possessive(words[people[-2][1]])
        and 0 < people[-1][0] - people[-2][1] <= 2
        and all(w.bare in _ONE_OF_A_KIND for w in words[people[-2][1] + 1 : people[-1][0]])
    ):
        # "no dashi's nearest townsfolk on the left is dead now. is she still the poisoned
        # one": that townsfolk, not the No Dashii
        return people[-1]
    if (
        words[pronoun].bare in ("he", "she", "hes", "shes")
        and people
        and people[-1][2] is None
        and words[people[-1][1]].bare in ("demon", "minion")
        and _state_told_of(people[-1], pronoun, words)
        and not any(w.bare in _DEATH_TOLD for w in words[people[-1][1] + 1 : pronoun])
        and any(w.bare in _DEMONS_DOING for w in words[pronoun + 1 : pronoun + 4])
    ):
        # "the demon got nominated today, can he still kill": the Demon (not "demon just
        # died, does she take over": the Scarlet Woman)
        return people[-1]
    if (
        len(people) >= 2
        and people[-2][2] is None
        and people[-1][2] is not None
        and people[-2][1] == phrase_start(words, people[-1][0]) - 1
        and words[people[-2][1]].bare in SINGLE_PEOPLE | {"people", "players"}
    ):
        return people[-2]  # "the player the monk had protected ..., they're executed": the player
    if people and people[-1][2] is not None and _in_whoever_clause(people[-1], pronoun, words):
        return None  # "the imp went for whoever the monk protected. they die": not the Monk
    if people and _whoever_pronoun_between(people[-1], pronoun, words):
        return None  # "she died. whoever she poisoned last night, are they still poisoned"
    named = [
        t
        for t in before
        if t[2] is not None
        and t[1] < pronoun
        and not by_whom(t, words)
        and not modifies(t, words)
        and not (person and _made(t, words))
        and not _been(t, words)
    ]
    if len(named) >= 2 and _acted_on_by_last(named[-1], pronoun, words):
        same = _same_pronoun_between(named[-2], named[-1], pronoun, words)
        if same is not None:
            # "the sailor picked the chef. n2 he picked himself and the imp attacked him. does
            # he die": "him" is the "he" before, whoever that stands for (the Sailor)
            found = antecedent_of(same, words, before)
            if found is not None:
                return found
        return named[-2]  # "the imp attacks her. shes poisoned": she is her, not the imp
    if len(named) >= 2 and _risked_by_the_actor(named[-2], named[-1], pronoun, words):
        return named[-2]  # "gambler guesses the imp correctly, does he die": the Gambler
    if len(named) >= 2 and _chooses_again(named[-2], named[-1], pronoun, words):
        return named[-2]  # "the sailor picked the chef. n2 he picked himself": the Sailor
    if (
        len(named) >= 3
        and _risked_by_the_actor(named[-3], named[-2], pronoun, words)
        and GUESSED_AS.fullmatch(" ".join(w.bare for w in words[named[-2][1] + 1 : named[-1][0]]))
    ):
        return named[-3]  # "gambler guesses that the chef is the empath, does he die"
    if len(named) >= 2 and seated_by(named[-2], named[-1], words):
        return named[-2]  # "witch dr sits next to the no dashii so hes poisoned": the witch dr
    if (
        len(people) >= 2
        and people[-2][2] is None
        and people[-1][2] is not None
        and seated_by(people[-2], people[-1], words)
    ):
        return people[-2]  # "Ellie is the townsfolk on the left of the no dashii and she died"
    if len(named) >= 2 and _died_then_well(named[-1], pronoun, words):
        return named[-2]  # "the poisoner got exed and died so shes healthy tonight": the other
    if named and words[pronoun].bare in _SAME_PERSON:
        earlier = _done_by_pronoun(named[-1], _SAME_PERSON[words[pronoun].bare], words)
        if earlier is not None:
            # "the klutz got killed ... he pointed at the pit hag. or not cos hes drunk": the
            # one "he" was, not whom he pointed at
            return antecedent_of(earlier, words, [t for t in before if t[1] < earlier])
    if len(named) >= 2 and _named_in_its_subordinate(named[-2], named[-1], pronoun, words):
        return named[-2]  # "SW was drunk when the imp got exed. does she take over": the SW
    return named[-1] if named else None


# words that open a clause told of the main one: "SW was drunk when the imp got exed"
_SUBORDINATORS = frozenset("when whenever while after before once because since until".split())


def _woken_then(woken: Target, pronoun: int, words: list[Word]) -> bool:
    """``woken`` is whom the storyteller wakes ("i woke the demon"), in the pronoun's sentence,
    and the pronoun opens what they do next ("... for the haircut he pointed")."""
    k = phrase_start(words, woken[0]) - 1
    return (
        k >= 1
        and words[k].bare in _WOKE
        and words[k - 1].bare in ("i", "we")
        and not words[k].gap_before
        and not any(w.opens_sentence for w in words[woken[1] + 1 : pronoun + 1])
        and not any(w.bare in ("he", "she", "they") for w in words[woken[1] + 1 : pronoun])
    )


_WOKE = frozenset("woke wake wakes waking".split())


def _named_in_its_subordinate(main: Target, last: Target, pronoun: int, words: list[Word]) -> bool:
    """``main`` opens its sentence and ``last`` is named in a clause told of it that a
    subordinator opens ("SW was drunk when the imp got exed, 7 alive. does she still take
    over"), and the pronoun stands in a later clause: the pronoun is the main subject's."""
    first = phrase_start(words, main[0])
    if first > 0 and not words[first].gap_before:
        return False
    opening = phrase_start(words, last[0])
    if any(w.gap_before for w in words[first + 1 : opening + 1]):
        return False  # (another clause or sentence between them)
    if not any(w.bare in _SUBORDINATORS for w in words[max(main[1] + 1, opening - 2) : opening]):
        return False
    return any(w.gap_before for w in words[last[1] + 1 : pronoun + 1])


# a subject pronoun, and the subject pronouns that stand for the same person
_HE, _SHE = frozenset({"he", "hes"}), frozenset({"she", "shes"})
_SAME_PERSON = {"he": _HE, "hes": _HE, "she": _SHE, "shes": _SHE}


def _done_by_pronoun(target: Target, same: frozenset[str], words: list[Word]) -> int | None:
    """Where a pronoun of the same person stands as the subject of what was done to
    ``target`` ("he publicly pointed at the pit hag"), within the clause: a few words before
    it, none of them a name's."""
    k = phrase_start(words, target[0]) - 1
    for j in range(k, max(-1, k - 5), -1):
        if words[j + 1].gap_before:
            return None
        if words[j].bare in same:
            return j if j < k else None  # (not straight before it: "he the imp")
        if words[j].bare in PRONOUNS or condition_form(words[j].bare) is not None:
            return None
    return None


# what is said of someone alive and well again: "so shes healthy tonight", "she'll be sober"
_WELL_AGAIN = frozenset({"healthy", "sober", "clean", "cured", "fine", "unpoisoned"})


def _died_then_well(last: Target, pronoun: int, words: list[Word]) -> bool:
    """The last one named was told dead ("poisoner got exed and died") and the pronoun's
    clause says its subject is well again: not the dead one."""
    told = words[last[1] + 1 : pronoun]
    if any(w.opens_sentence for w in told) or len(told) > 6:
        return False
    died = any(
        (form := condition_form(w.bare)) is not None
        and form[0] in (Condition.DEAD, Condition.EXECUTED)
        for w in told
    )
    after = words[pronoun + 1 : pronoun + 4]
    return died and any(w.bare in _WELL_AGAIN for w in after)


# where someone sits, said of the subject: "sits next to", "is sat beside", "neighbours"
_SEATED = frozenset(
    {"sits", "sat", "is", "was", "seated", "sitting", "right", "directly", "immediately"}
    | {"on", "to", "the", "just"}  # "is on the left of"
)
_NEXT_TO = (
    ("next", "to"),
    ("beside",),
    ("besides",),
    ("neighbours",),
    ("neighbors",),
    ("left", "of"),
    ("right", "of"),
    ("neighbour", "of"),
    ("neighbor", "of"),
)


def seated_by(subject: Target, neighbour: Target, words: list[Word]) -> bool:
    """ "the snake charmer sits next to the no dashi": the one named first is the clause's
    subject, the second only where they sit, so a pronoun after means the first."""
    between = words[subject[1] + 1 : phrase_start(words, neighbour[0])]
    if not between or any(w.gap_before for w in between[1:]) or words[neighbour[0]].gap_before:
        return False
    bare = tuple(w.bare for w in between)
    # "Ellie is the fool and she sits right next to the no dashi": a pronoun of the first,
    # opening a clause of its own, sits there
    if len(bare) > 2 and bare[0] in ("and", "so", "but") and bare[1] in ("she", "he", "they"):
        bare = bare[2:]
    return any(
        bare[-len(tail) :] == tail and all(b in _SEATED for b in bare[: -len(tail)])
        for tail in _NEXT_TO
    )


# "the poisoner got him": a stopword that is still the verb acting on "him"
_GETTING = frozenset({"got", "gets", "get"})
_HAVING = frozenset({"had", "has", "have", "just", "already"})

OBJECT_OF = {"she": "her", "shes": "her", "he": "him", "hes": "him"}


def _in_whoever_clause(last: Target, pronoun: int, words: list[Word]) -> bool:
    """ "went for whoever the monk protected. they ...": the last one named is the subject of a
    clause about an unnamed player, which the pronoun stands for."""
    k = phrase_start(words, last[0]) - 1
    return (
        k >= 0
        and words[k].bare in WHOEVER
        and last[1] + 2 <= pronoun
        and not any(w.gap_before for w in words[k + 1 : last[1] + 2])
    )


# a death or an execution told (DYING, above, is the verb alone)
_DEATH_TOLD = frozenset("died dies dead killed executed exed".split())
# what a Demon or Minion does at night
_DEMONS_DOING = frozenset("kill kills act acts move moves attack attacks wake wakes".split())


def _state_told_of(person: Target, pronoun: int, words: list[Word]) -> bool:
    """ "her good neighbour just got executed. does he die": a state said of the generic
    person in their own clause, right before the pronoun's."""
    clause = words[person[1] + 1 : min(pronoun, person[1] + 5)]
    return any(condition_form(w.bare) is not None for w in clause) and not any(
        w.gap_before for w in clause[:1]
    )


def _risked_by_the_actor(actor: Target, acted: Target, pronoun: int, words: list[Word]) -> bool:
    """ "gambler guesses the imp correctly, does he die", "the chef nominates the virgin,
    does he die": a guess or a nomination risks the one who makes it, so a death asked of
    "he" or "she" right after is the actor's."""
    between = words[actor[1] + 1 : acted[0]]
    return (
        bool(between)
        and between[0].bare in _RISKY_ACTS
        and all(w.bare in _DETERMINERS or w.bare == "that" for w in between[1:])
        and not any(w.gap_before for w in [*between, words[acted[0]]])
        and words[pronoun].bare in ("he", "she")
        and any(w.bare in _LIFE_AND_DEATH for w in words[pronoun + 1 : pronoun + 4])
    )


def _chooses_again(chooser: Target, chosen: Target, pronoun: int, words: list[Word]) -> bool:
    """ "the sailor picked the chef. n2 he picked himself": a pronoun doing what the one
    named before did to the last one named ("picked") is that chooser again, not the one
    chosen."""
    between = words[chooser[1] + 1 : chosen[0]]
    after = words[pronoun + 1] if pronoun + 1 < len(words) else None
    return (
        bool(between)
        and between[0].bare in CHOOSING
        and all(w.bare in _DETERMINERS for w in between[1:])
        and not any(w.gap_before for w in [*between, words[chosen[0]]])
        and words[pronoun].bare in ("he", "she", "they")
        and after is not None
        and not after.gap_before
        and after.bare in CHOOSING
        and after.bare[:4] == between[0].bare[:4]
    )


_RISKY_ACTS = frozenset(
    "guess guesses guessed guessing nominate nominates nominated nominating nom noms nommed".split()
)
_DETERMINERS = frozenset({"the", "a", "an", "my", "our", "their", "his", "her"})
_LIFE_AND_DEATH = frozenset({"die", "dies", "survive", "survives", "live", "lives"})


def _acted_on_by_last(last: Target, pronoun: int, words: list[Word]) -> bool:
    """ "the imp attacks her. she ...": the last one named acted on "her" (name, verb, her), so
    "she" is someone named before."""
    obj = OBJECT_OF.get(words[pronoun].bare)
    return obj is not None and acts_on(last, words, obj, before=pronoun)


def _same_pronoun_between(
    earlier: Target, last: Target, pronoun: int, words: list[Word]
) -> int | None:
    """The subject pronoun like ``pronoun`` ("he" for "he") said between the two named last,
    nearest the last: who the one acted on stands for, when the last acted on them."""
    said = words[pronoun].bare
    for j in range(last[0] - 1, earlier[1], -1):
        if words[j].bare == said:
            return j
    return None


def acts_on(subject: Target, words: list[Word], obj: str, before: int | None = None) -> bool:
    """The one named acts on the object pronoun right after its verb ("the imp attacks her",
    "the witch had cursed her", "the poisoner got him"), ending before index ``before``."""
    end = len(words) if before is None else before
    verb = subject[1] + 1
    if verb < end and words[verb].bare in _HAVING and not words[verb].gap_before:
        verb += 1  # "the witch had cursed her"
    place = verb + 1
    if place + 1 < end and words[place].bare in _AT_WHOM and not words[place].gap_before:
        place += 1  # "the imp goes for him", "went after her"
    return (
        place < end
        and words[place].bare == obj
        and (words[verb].bare not in STOPWORDS or words[verb].bare in _GETTING)
        and not words[verb].gap_before
        and not words[place].gap_before
    )


# the word between an attack's verb and its victim: "goes for him", "went after her"
_AT_WHOM = frozenset({"for", "after", "at"})
