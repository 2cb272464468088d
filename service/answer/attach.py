"""Which character each condition word is about: "drunk Monk", "the Monk is drunk", "poisons
the Monk", "who dies", "the guy pukka poisoned", "does the spy die".

Pure functions over the question's words, the characters named in it and the generic people
("a player", "the Demon") it speaks of; :mod:`service.answer.understand` calls ``attach``.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.answer import rx
from service.answer.asked import (
    HEDGES,
    MODALS,
    QUESTION_VERBS,
    TIME_NOUNS,
    askable,
    ends_question,
    is_asked,
    past_opener,
)
from service.answer.mentions import (
    ARTICLES,
    GIVEN,
    PLACED,
    TEAM_WORDS,
    Mention,
    Target,
    Word,
    clause_start,
    is_anchor,
    next_content,
    no_one,
    phrase_start,
    singular,
    word_at,
)
from service.answer.subjects import (
    NO_ONE,
    PERFECT,
    PERSONAL,
    SINGLE_PEOPLE,
    acts_on,
    antecedent_of,
    asked_subject,
    by_whom,
    coordinated_subject,
    head_of_clause,
    modifies,
    no_antecedent,
    of_the_other_gender,
    participle_head,
    passive,
    passive_subject,
    possessed,
    possessive,
    pronoun_subject,
    reduced_relative,
    reduced_relative_head,
    relative_head,
    seat_owner,
    seated_by,
    unnamed_subject,
)
from service.answer.words import (
    ANCHORS,
    BE_FORMS,
    CHOICE_VERBS,
    COPULAS,
    FILLERS,
    GOING_FOR,
    MAKE_FORMS,
    OWNERS,
    PRONOUNS,
    QUESTION_AUXILIARIES,
    REFLEXIVES,
    STATE_ADJECTIVES,
    STOPWORDS,
    TONIGHT_WORDS,
    VERB_ANCHORS,
    WHOEVER,
    Condition,
    Kind,
    Role,
    condition_form,
)

# the id of a name the question says but no one could read ("four tops")
UNKNOWN = "?"
ASKING_SUBJECTS = frozenset({"i", "we", "you"})
# words after which a clause is over: an adjective before them is said of what came before
CLAUSE_ENDS = frozenset("and or but while when if so then because".split())
# after "target", words that show it is the noun ("the shab target from last night")
NOUN_FOLLOWERS = frozenset(
    "from of is was die dies died survive survives gets got last tonight yesterday and or"
    " but".split()
)
# small words that are verbs of acting on someone when an article and a character follow
HITS = frozenset({"got", "gets", "hit", "hits"})
AUXILIARIES = frozenset({"do", "does", "should", "shall", "can", "must", "would", "will"})
OBJECT_PRONOUNS = frozenset({"him", "her", "them"})
ENDING_UP = frozenset({"ends", "end", "ended", "up", "has", "have", "had"})  # and "who has been"
SUBJECT_PRONOUNS = frozenset({"they", "he", "she", "it", "i", "we", "you"})
# a clause with no subject of its own: "po chose nobody while poisoned"
BARE_SUBORDINATORS = frozenset("while when if though although once unless".split())
# words of time that stand where a verb might: "and later the baron ..."
ADVERBS_OF_TIME = frozenset(
    "later earlier today tonight yesterday afterwards tomorrow overnight".split()
)
# verbs that make their object so: "made her drunk", "had him poisoned", "got them mad"
CAUSING = MAKE_FORMS | {"had", "has", "have", "got", "gets", "left", "leaves", "keeps", "kept"}
# nouns a condition word can qualify that are no person ("the dead count", "dead votes")
NOT_PEOPLE = frozenset(
    "count counts vote votes token tokens side total number rules pick choice option bet info"
    " information".split()
)
# pronouns that can stand before a noun ("his own minions", "her neighbour")
DETERMINERS = frozenset({"his", "her", "its", "their"})


@dataclass(frozen=True, slots=True)
class Attached:
    conditions: dict[str, tuple[Condition, ...]]  # every condition said of each character
    unattached: tuple[Condition, ...]
    generic: tuple[tuple[str, Condition], ...]  # ("player", DEAD) for "a dead player"
    asked: tuple[tuple[str, Condition], ...]  # the ones the question asks about ("chef dies?")
    # who is dead already, said with "dead" ("both minions are already dead"), not a death
    # told as an event ("the imp killed himself"): a character id or a generic person's word
    already_dead: tuple[str, ...] = ()


def attach(
    found: list[tuple[Condition, Role, int]],
    words: list[Word],
    mentions: list[Mention],
    anchors: set[int],
    kind: Kind,
    mentioned: frozenset[int] = frozenset(),
    unknown: frozenset[int] = frozenset(),
) -> Attached:
    """Each condition's character; ``mentioned``: the indices of condition words a question
    quotes to ask about ("does 'safe from the demon' cover it"), asked rather than stated;
    ``unknown``: words that stand for a name no one could read ("four tops is poisoned"),
    whose conditions are said of no character named."""
    named = _targets(mentions, anchors, words)
    targets = sorted([*named, *((i, i, UNKNOWN) for i in unknown - anchors)])
    attached: dict[str, list[Condition]] = {m.id: [] for m in mentions} | {UNKNOWN: []}
    unattached: list[Condition] = []
    generic: list[tuple[str, Condition]] = []
    asking: list[tuple[str, Condition]] = []
    stating: list[tuple[str, Condition, int]] = []  # with the word that says it
    asked_at = -9
    dead: list[str] = []
    told_aside = _told_asides(words)
    nights: list[tuple[str, Condition, int]] = []
    for condition, role, index in sorted(found, key=lambda f: f[2]):
        if (
            role is Role.TIME
            and kind is Kind.NIGHT_ORDER
            and mentions
            and not _in_a_told_clause(index, words)
        ):
            beside = [m for m in mentions if m.end == index]
            # "oracle n3 - does she go before the vortox kill": the night said beside a name,
            # ending its words, is that character's
            if beside and (index + 1 >= len(words) or words[index + 1].gap_before):
                attached[beside[0].id].append(condition)
                continue
            if any(_same_sentence(words, m.start, index) for m in mentions):
                for mention in mentions:
                    attached[mention.id].append(condition)
                continue
            # "oracle n3 - ... vortox kill? does tonights body count in her number": a night
            # in a sentence naming no one is read as in any other question
        asked = _asked_who(role, index, words, targets)
        # a night is said of who acts in it, never of a name not read ("great keeper was
        # executed, does the imp kill on night three": the Imp's)
        among = named if role is Role.TIME else targets
        if not words[index].aside and told_aside:
            # a name in brackets that tell something of it is said of by what is inside them
            # only: "empath it poisoned (butler exe) still poisoned?" is the Empath's state
            among = [t for t in among if t[0] not in told_aside] or among
        target = _target_for(condition, role, index, words, among) if asked is None else asked[0]
        owner = seat_owner(target, among, words) if target is not None else None
        if owner is not None and _same_sentence(words, target[0], index):
            target = owner  # "stuntman is dee seat 5, got exed": the seat is the Stuntman's player
        if target is not None and role in (Role.SUBJECT, Role.ADJECTIVE, Role.VERB):
            target = _of_whom(target, targets, words, index)
            target = _one_of(target, targets, words)
        if target is not None and target[2] is None and role is not Role.TIME:
            target = _named_in_aside(target, targets, words)
        if (
            condition is Condition.BECOMES
            and asked is None
            and target is not None
            and target[2] is None
            and role in (Role.SUBJECT, Role.VERB)
            and target[1] < index
            and words[target[0]].bare not in ("who", "whos", "which", "whoever")
        ):
            # "an outsider becomes the new fang gu": the new character, whoever changes being
            # unnamed (conventions 5)
            target = _becoming(index, words, targets) or target
        if (
            target is not None
            and condition is Condition.DEAD
            and _dead_before(index, words)
            and not _asked_dead(index, words)
            and not _dead_or_not(index, words)  # "chef dead or nah": whether, asked
            # "the vortox killed the banshee last night": the kill told, by its killer named,
            # is the night the question is about, not a death before it (unless it asks of a
            # night after: "demon killed the gatekeeper last night. twice tonight?")
            and not (
                words[index].bare == "killed"
                and any(t[1] == index - 1 for t in named)
                and not any(w.bare in TONIGHT_WORDS for w in words)
                # (not "the imp killed himself last night": the self-kill, told before)
                and not (index + 1 < len(words) and words[index + 1].bare in REFLEXIVES)
            )
        ):
            dead.append(target[2] or singular(words[target[0]].bare))
        if target is not None and target[2] == UNKNOWN:
            continue  # said of a name not read: of no one the answer knows
        if _done_by_no_one(role, index, target, words):
            continue  # "nobody poisoned the chef": no one's state
        if _powerless(condition, index, target, targets, attached, words):
            continue  # "monk is drunk, protected the empath": no protection to speak of
        if target is not None and target[2] is None:
            # "the executed player was the drunk": the person is that character
            target = _identified_as(target, targets, words) or target
        both = _both_of_them(target, targets, words, index) if asked is None else []
        if both and not (
            askable(condition, index, words, role) and is_asked(index, words, target, role)
        ):
            # "the empath and the dreamer sit by the no dashii so both of them are poisoned"
            for named_ in both:
                attached[named_[2]].append(condition)
                stating.append((named_[2], condition, index))
            continue
        if target is None:
            unattached.append(condition)
        elif target[2] is None:  # a generic person ("a dead player") keeps it
            generic.append((singular(words[target[0]].bare), condition))
            if (
                target[0] > index
                and (
                    role in (Role.VERB, Role.OBJECT)
                    or (role is Role.ADJECTIVE and words[index].bare.endswith("ed"))
                )
                and asked is None
                and not (
                    askable(condition, index, words, role) and is_asked(index, words, target, role)
                )
            ):
                for partner in _objects_with(target, targets, words, index):
                    if partner[2] is not None and partner[2] != UNKNOWN:
                        # "the po killed jo and the soldier n3": the Soldier too
                        attached[partner[2]].append(condition)
                        stating.append((partner[2], condition, index))
        else:
            attached[target[2]].append(condition)
            if role is Role.TIME:
                nights.append((target[2], condition, index))
                for partner in _coordinated_with(target, targets, words, index):
                    # "n2 the poisoner and the FT both picked the goon": both of theirs
                    attached[partner[2]].append(condition)
                    stating.append((partner[2], condition, index))
                doer = _doer_of_what_was_done(target, targets, words, index)
                if doer is not None:
                    attached[doer[2]].append(condition)
            coordinated = asked_at == index - 2 and words[index - 1].bare in ("and", "or")
            if role is Role.SELF and _the_storytellers_pick(
                index, words, [t for t in targets if t[1] < index]
            ):
                # "am i allowed to make her the drunk one herself": whether the storyteller
                # may pick her, asked; no pick of her own (conventions 6)
                asking.append((target[2], condition))
                asked_at = index
            elif index in mentioned:
                asking.append((target[2], condition))
                asked_at = index
            elif (
                asked is None
                and askable(condition, index, words, role)
                and (coordinated or is_asked(index, words, target, role))
            ):
                asking.append((target[2], condition))  # "are they drunk and safe": both
                asked_at = index
            else:
                stating.append((target[2], condition, index))
                if role is not Role.TIME:
                    for partner in [
                        *_subjects_with(target, targets, words, index),
                        *_they_both(target, targets, words, index),
                    ]:
                        # "the chef and the empath died last night": both
                        attached[partner[2]].append(condition)
                        stating.append((partner[2], condition, index))
                if target[0] > index and (
                    role in (Role.VERB, Role.OBJECT)
                    # "the poisoner poisoned the chef and the monk": a participle's object
                    or (role is Role.ADJECTIVE and words[index].bare.endswith("ed"))
                ):
                    for partner in _objects_with(target, targets, words, index):
                        if _attributive(index, partner, words):
                            continue  # "the poisoned monk and the imp": the Monk's only
                        # "shab ate the washerwoman and the chef": both
                        attached[partner[2]].append(condition)
                        stating.append((partner[2], condition, index))
    for cid, index in _protected_by_the_impaired(stating, targets, words):
        # "the monk protected the empath last night but the monk was drunk" (conventions 4)
        attached[cid].remove(Condition.PROTECTED)
        stating.remove((cid, Condition.PROTECTED, index))
    for cid, night in _nights_of_what_was_done(nights, stating, words):
        attached[cid].append(night)
    for cid, night in _sentence_nights(nights, named, words):
        attached[cid].append(night)
    for cid, night in _so_acts(nights, named, words):
        attached[cid].append(night)
    said = {(cid, condition) for cid, condition, _ in stating}
    order = list(Condition)
    conditions = {
        cid: tuple(sorted(set(conds), key=order.index))
        for cid, conds in attached.items()
        if cid != UNKNOWN
    }
    return Attached(
        conditions,
        tuple(dict.fromkeys(unattached)),
        tuple(dict.fromkeys(generic)),
        tuple(pair for pair in dict.fromkeys(asking) if pair not in said),
        tuple(dict.fromkeys(dead)),
    )


# what a night's action does to whom it is done to: "n2 the imp killed the trapper"
_DONE = frozenset({Condition.DEAD, Condition.DRUNK, Condition.POISONED, Condition.PROTECTED})


def _nights_of_what_was_done(
    nights: list[tuple[str, Condition, int]],
    states: list[tuple[str, Condition, int]],
    words: list[Word],
) -> list[tuple[str, Condition]]:
    """A night is also the night of what its action did, told in the same clause: "n2 the
    imp killed the trapper" is the Trapper's death on a later night (conventions 2: the
    night places the state); not a state told in a clause of its own ("philo chose the sage
    on n2 so the sage is drunk")."""
    out = []
    timed = {cid for cid, _, _ in nights}
    for owner, night, t in nights:
        for cid, condition, i in states:
            if cid in timed or cid == owner or condition not in _DONE or words[i].bare == "dead":
                continue  # "the dead old imp": dead before, not by what the night did
            if i > 0 and words[i - 1].bare in _ATTRIBUTING:
                continue  # "chose the drunk tea lady on n2": drunk before, as "the dead" is
            first, last = sorted((i, t))
            if i > t and any(w.bare in _RUN_ON_ASKING for w in words[t + 1 : min(i, t + 3)]):
                continue  # "spy died on night three does the damsel stay poisoned": asked after
            if i < t and any(w.bare in _RUN_ON_ASKING for w in words[i + 1 : t]):
                continue  # "if the amne dies today does the godfather get a kill tonight"
            if (
                not _ends_between(words, first, last, _heading_break(words, t) if i > t else None)
                or _so_done(t, i, words, nights)
                or (condition is Condition.DEAD and _and_then_died(t, i, words, nights))
            ):
                out.append((cid, night))
    return out


# a question run on after a night told, with no stop between: "... on night three does the"
_RUN_ON_ASKING = frozenset("does do did".split())

# determiners between a verb and its object: "killed his own witch", "killed our mastermind"
_OWNING = frozenset("his her its their our my own".split())


def _doer_of_what_was_done(
    victim: Target, targets: list[Target], words: list[Word], time: int
) -> Target | None:
    """The named character who did to ``victim`` what the night times, said just before:
    "vigormortis killed his own witch n2" is the Vigormortis's night as well as the Witch's
    death's (conventions 2: the night goes on the named character it times)."""
    if time < victim[1] or any(
        w.gap_before or w.bare not in ("on", "at", "during") for w in words[victim[1] + 1 : time]
    ):
        return None  # the night said just after the object, not "the chef, who died n3"
    k = phrase_start(words, victim[0]) - 1
    while k > 0 and words[k].bare in _OWNING and not words[k + 1].gap_before:
        k -= 1
    if k < 1 or words[k + 1].gap_before:
        return None
    form = condition_form(words[k].bare)
    if form is None or form[0] not in _DONE or not words[k].bare.endswith("ed"):
        return None
    doers = [t for t in targets if t[1] < k and t[2] is not None and t[2] != victim[2]]
    if not doers:
        return None
    doer = doers[-1]
    between = words[doer[1] + 1 : k + 1]
    if any(w.gap_before for w in between) or any(
        w.bare not in ("just", "already", "then", "also") for w in between[:-1]
    ):
        return None
    return doer


def _sentence_nights(
    nights: list[tuple[str, Condition, int]], named: list[Target], words: list[Word]
) -> list[tuple[str, Condition]]:
    """A night opening a sentence times each clause of it: "n3 the poisoner hit the
    grandmother and the imp killed her grandkid" is the Imp's night too, whose clause opens
    after "and" (conventions 2: the night goes on the named character it times)."""
    out = []
    timed = {cid for cid, _, _ in nights}
    for _, night, t in nights:
        opening = _sentence_start(words, t)
        if any(w.bare not in _FRONTED for w in words[opening:t]):
            continue  # the night said after its sentence began times that clause
        if t + 1 < len(words) and words[t + 1].opens_sentence:
            continue
        end = next((w.index for w in words[t + 1 :] if w.opens_sentence), len(words))
        for target in named:
            if not t < target[0] < end or target[2] is None or target[2] in timed:
                continue
            k = phrase_start(words, target[0]) - 1
            while k > t and words[k].bare in ("then", "also", "later"):
                k -= 1
            if (words[k].bare in ("and", "then") or words[k + 1].gap_before) and _does(
                target, words
            ):
                out.append((target[2], night))
                timed.add(target[2])
    return out


def _so_acts(
    nights: list[tuple[str, Condition, int]], named: list[Target], words: list[Word]
) -> list[tuple[str, Condition]]:
    """Whom a night's act was done to, told acting in that night as what followed, after
    "so": "salesman chose the poisoner n2 so the poisoner goes last" is the Poisoner's night
    too; a sentence of its own opened by "so" follows from it as well."""
    out = []
    timed = {cid for cid, _, _ in nights}
    for owner, night, t in nights:
        sentence = _sentence_start(words, t)
        for j, word in enumerate(words):
            if word.bare != "so" or j <= t:
                continue
            opened = sum(w.opens_sentence for w in words[t + 1 : j + 1])
            if opened > 1 or (opened == 1 and not word.opens_sentence):
                break  # in the night's sentence, or opening the next one
            following = [x for x in named if x[0] > j and x[2] is not None]
            if not following or following[0][2] in timed or following[0][2] == owner:
                break
            subject = following[0]
            if phrase_start(words, subject[0]) != j + 1 and not (
                phrase_start(words, subject[0]) == j + 2 and words[j + 1].bare in ARTICLES
            ):
                break
            told = [x for x in named if x[2] == subject[2] and x[0] < j]
            if told and told[-1][0] >= sentence and _does(subject, words):
                out.append((subject[2], night))
                timed.add(subject[2])
            break
    return out


def _would_have(index: int, words: list[Word]) -> bool:
    """ "would normally become": what the rules have happen as a rule, not what the question
    tells or supposes happened ("sw would become demon too, 2 demons?" supposes it)."""
    j = index - 1
    usually = False
    while j > 0 and words[j].bare in _USUALLY and not words[j + 1].gap_before:
        j -= 1
        usually = True
    return usually and words[j].bare == "would" and not words[j + 1].gap_before


_USUALLY = frozenset("normally usually typically ordinarily".split())


def _a_things_doing(index: int, words: list[Word], before: list[Target]) -> bool:
    """The verb's subject is what a character owns ("the shabaloth's own attack actually
    killed"), and nothing follows it in its clause: whom it killed is said before, no
    death of the owner."""
    following = word_at(words, index + 1)
    if following is not None and not following.gap_before:
        return False
    j = index - 1
    while j > 0 and words[j].bare in HEDGES and not words[j + 1].gap_before:
        j -= 1
    if j < 1 or words[j].bare not in _THINGS_DONE or words[j + 1].gap_before:
        return False
    j -= 1
    if words[j].bare == "own" and j > 0:
        j -= 1
    return bool(before) and before[-1][1] == j and possessive(words[j])


_THINGS_DONE = frozenset("attack attacks kill kills ability power curse poison shot".split())


def _another_subject_before(index: int, words: list[Word], targets: list[Target]) -> bool:
    """ "the original died": the verb's subject, "the" and a noun no one is named by, said
    right before it, opening its clause or after a joining word (``_JOINING``)."""
    if index < 2 or words[index].gap_before or words[index - 1].gap_before:
        return False
    noun, article = words[index - 1], words[index - 2]
    return (
        article.bare == "the"
        and (index - 2 == 0 or words[index - 2].gap_before or words[index - 3].bare in _JOINING)
        and noun.bare.isalpha()
        and noun.bare not in PRONOUNS
        and not any(t[0] <= index - 1 <= t[1] for t in targets)
    )


def _lettered_player(index: int, words: list[Word]) -> bool:
    """ "A dies even tho ...": the verb's subject a player called by a capital letter,
    opening its clause (not "I", nor the article "a" before a noun)."""
    if index < 1 or words[index].gap_before:
        return False
    letter = words[index - 1]
    return (
        len(letter.typed) == 1
        and letter.typed.isupper()
        and letter.typed != "I"
        and (index - 1 == 0 or letter.gap_before or letter.opens_sentence)
    )


def _counted_ones_relative(index: int, words: list[Word], before: list[Target]) -> bool:
    """ "the two the shab just killed", "the 3 that the po picked": a counted head, then the
    character doing the verb, its object the ones counted."""
    verb = index
    while verb - 1 > 0 and words[verb - 1].bare in PERFECT and not words[verb].gap_before:
        verb -= 1
    if not before or before[-1][1] != verb - 1 or before[-1][2] is None:
        return False
    k = phrase_start(words, before[-1][0]) - 1
    if k > 0 and words[k].bare in ("that", "whom"):
        k -= 1
    return (
        k >= 1
        and (words[k].bare.isdigit() or words[k].bare in NUMBER_WORDS)
        and words[k - 1].bare in ("the", "those", "these")
        and not any(w.gap_before for w in words[k : index + 1])
    )


def _nominations_had(index: int, words: list[Word]) -> bool:
    """ "her extra nominations", "two nominations": nominations a player has to make (the
    Banshee's), not a nomination of anyone."""
    if index < 1 or words[index].gap_before:
        return False
    said = words[index - 1].bare
    return said in _MORE_OF or (words[index].bare == "nominations" and said in _WHOSE)


_MORE_OF = frozenset("extra additional more two own second".split())
_WHOSE = frozenset("her his their its my your".split())


def _undergone_by(index: int, words: list[Word], before: list[Target]) -> Target | None:
    """The named subject of a second predicate the night times, a state undergone ("... and
    got killed n2", "... and died on night 3"), not whoever is named nearest before it."""
    k = index - 1
    if k >= 1 and words[k].bare in _TIME_PREPOSITIONS and not words[k].gap_before:
        k -= 1
    if k < 1 or words[k + 1].gap_before:
        return None
    form = condition_form(words[k].bare)
    if form is None or form[0] not in _UNDERGONE:
        return None
    subject = coordinated_subject(k, words, before)
    return subject if subject is not None and subject[2] is not None else None


_UNDERGONE = frozenset({Condition.DEAD, Condition.EXECUTED, Condition.POISONED, Condition.DRUNK})


def _someone_dies(person: Target, index: int, words: list[Word]) -> bool:
    """ "does someone (still) die tonight", "do 3 ppl have to die tonight", "does a player
    still die tonight from it", "do all TF still get poisoned n3": anyone's death (or a
    group's poisoning) asked, in the night's clause; "still kill someone tonight": a death,
    its killer unsaid."""
    if words[person[0]].bare in SOMEONE and _killed_unsaid_by_whom(person, index, words):
        return True
    said = words[person[0]].bare
    counter = words[person[0] - 1].bare if person[0] == person[1] and person[0] >= 1 else ""
    counted = said in _PEOPLE and (counter.isdigit() or counter in NUMBER_WORDS | {"all"})
    one = said in ("player", "person", "guy") and counter in ("a", "any")
    if said not in SOMEONE and not counted and not one:
        return False
    between = words[person[1] + 1 : index]
    while between and between[-1].bare in _WHENCE:
        between = between[:-1]  # "die from it tonight"
    form = condition_form(between[-1].bare) if between else None
    states = (Condition.DEAD, Condition.POISONED, Condition.DRUNK) if counted else (Condition.DEAD,)
    return (
        form is not None
        and form[0] in states
        and all(w.bare in HEDGES or w.bare in _MUST for w in between[:-1])
        and not any(w.gap_before for w in [*between, words[index]])
    )


# what a death asked may be said to come of before its night: "die from it tonight"
_WHENCE = frozenset("from of it that this".split())
_PEOPLE = frozenset("ppl people players tf tfs townsfolk everyone".split())
# "virgins first nom": a nomination of the one named before, counted
_ORDINAL_NOMS = frozenset("first 1st second 2nd third 3rd last only".split())
_MUST = frozenset("have has to need needs gotta got get gets be".split())


def _killed_unsaid_by_whom(person: Target, index: int, words: list[Word]) -> bool:
    """ "... today. still kill someone tonight?": "someone" killed by a verb opening its
    clause (hedges aside), the night right after it."""
    verb = person[0] - 1
    if verb < 0 or words[verb].bare not in _KILLING or person[1] + 1 != index:
        return False
    if any(w.gap_before for w in words[verb + 1 : index + 1]):
        return False
    k = verb
    while k > 0 and words[k - 1].bare in HEDGES and not words[k].gap_before:
        k -= 1
    return k == 0 or words[k].gap_before or words[k].opens_sentence


def _sentence_start(words: list[Word], index: int) -> int:
    """Where the sentence holding word ``index`` starts."""
    return max((w.index for w in words[: index + 1] if w.opens_sentence), default=0)


def _gap_outside_brackets(word: Word, words: list[Word]) -> bool:
    """A break before ``word`` that is not a bracket's edge: "the townsfolk on his left (seat
    4) died" reads on past the bracket."""
    # (a full stop after the bracket is a break all the same: "(all minions are witches). day 3")
    return word.gap_before and (
        word.opens_sentence or not (word.aside or words[word.index - 1].aside)
    )


def _does(subject: Target, words: list[Word]) -> bool:
    """A verb of doing follows the one named: "the imp killed", "the carnage went for", "SC
    pointed" (not "the imp is", "the monk's")."""
    found = _verb_after(subject, words)
    if found is None:
        return False
    verb, k = found.bare, found.index
    if verb in GOING_FOR and k + 1 < len(words) and words[k + 1].bare in _GOING_WHERE:
        return True  # "went for", "goes last", not "went mad"
    return verb not in COPULAS and (verb not in STOPWORDS or verb in HITS)


_GOING_WHERE = frozenset({"for", "last", "first", "before", "after"})


# what may stand before a night that opens its sentence: "on night 3, ...", "n3: ..."
_FRONTED = frozenset(
    {"on", "at", "during", "so", "ok", "okay", "then", "and"}
    # a supposition opening the sentence times it all the same: "Suppose that on night two
    # the Poisoner targets the Monk, ..., and the Imp attacks that same player"
    | {"suppose", "supposing", "say", "imagine", "assume", "if", "that", "lets"}
)


def _so_done(
    time: int, index: int, words: list[Word], nights: list[tuple[str, Condition, int]]
) -> bool:
    """The state is told, later in the same sentence, as what followed from the night's
    action, in a clause of "so" ("n2 the courtier chose the imp, and the imp is in play so
    it's drunk"), with no other night said between."""
    if not _later_that_night(time, index, words, nights):
        return False
    opening = _sentence_start(words, time)
    if any(w.bare not in ("on", "night", "nite", "n") for w in words[opening:time]):
        return False  # a night said after the clause's start times that clause only
    start = _clause_from(words, index)
    return start > 0 and words[start - 1].bare == "so"


def _later_that_night(
    time: int, index: int, words: list[Word], nights: list[tuple[str, Condition, int]]
) -> bool:
    """Word ``index`` is said after the night at ``time``, in its sentence, with no other
    night said between."""
    return (
        index >= time
        and not any(w.opens_sentence for w in words[time + 1 : index + 1])
        and not any(time < t <= index for _, _, t in nights)
    )


def _and_then_died(
    time: int, index: int, words: list[Word], nights: list[tuple[str, Condition, int]]
) -> bool:
    """The death told right after the night's action, joined by "and" with a pronoun ("n3
    the assassin used his kill on the trapper and she died"): that night's, as "killed the
    trapper" would be; no other night or sentence said between."""
    return (
        index >= time + 3
        and _later_that_night(time, index, words, nights)
        and words[index].bare in ("died", "dies")
        and words[index - 1].bare in ("she", "he", "they")
        and words[index - 2].bare == "and"
        and not words[index - 1].gap_before
    )


def _coordinated_with(
    target: Target, targets: list[Target], words: list[Word], time: int
) -> list[Target]:
    """The named characters joined to ``target`` by "and" after the night said first ("n2
    the poisoner and the FT", "on night one for the lunatic and the po"); a night said after
    them is the last one's ("washer woman and the monk on n1")."""
    out = []
    for other in targets:
        if other[2] is None or other[2] == target[2]:
            continue
        first, second = (target, other) if target[1] < other[0] else (other, target)
        if (
            time <= first[0]
            or _asked_of_both(first, second, time, words)
            or _both_acting(first, second, time, words)
        ) and _and_joined(first, second, words):
            out.append(other)
    return out


def _both_acting(first: Target, second: Target, time: int, words: list[Word]) -> bool:
    """ "the thief and the bureaucrat picked different people n1": the pair opening its
    clause as the subject of a choice the night comes after, in the same clause, each one's
    night."""
    k = phrase_start(words, first[0]) - 1
    verb = word_at(words, second[1] + 1)
    return (
        (k < 0 or words[k + 1].opens_sentence or words[k].bare in _FRONTED)
        and verb is not None
        and not verb.gap_before
        and verb.bare in CHOICE_VERBS
        and second[1] + 1 < time <= second[1] + 6
        and not any(w.gap_before for w in words[second[1] + 1 : time + 1])
    )


def _asked_of_both(first: Target, second: Target, time: int, words: list[Word]) -> bool:
    """ "do the FT and the empath still wake that night": the pair the subject of a question
    whose verb the night comes after, each one's night."""
    k = phrase_start(words, first[0]) - 1
    between = words[second[1] + 1 : time]
    return (
        k >= 0
        and words[k].bare in QUESTION_AUXILIARIES
        and 1 <= len(between) <= 4
        and not any(w.gap_before for w in [*between, words[time]])
    )


_JOINING = frozenset({"and", "&", "+", "n"})


def _both_of_them(
    target: Target | None, targets: list[Target], words: list[Word], index: int
) -> list[Target]:
    """The two names joined by "and" earlier in the sentence that a "both (of them)" standing
    before a state stands for."""
    if target is None or target[2] is not None or words[target[0]].bare != "both":
        return []
    if target[1] >= index:
        return []
    named = [
        t
        for t in targets
        if t[1] < target[0]
        and t[2] not in (None, UNKNOWN)
        and not any(w.opens_sentence for w in words[t[0] + 1 : target[0] + 1])
    ]
    for i in range(len(named) - 1, 0, -1):
        if _and_joined(named[i - 1], named[i], words):
            return [named[i - 1], named[i]]
    # "cm pointed at the dreamer and the RK. RK died tonight and both of them were
    # poisoned": the pair of the sentence before, where this one names no one else
    start = _sentence_start(words, target[0])
    if start == 0:
        return []
    earlier = [t for t in targets if t[2] not in (None, UNKNOWN) and t[1] < target[0]]
    before = [
        t for t in earlier if _sentence_start(words, t[0]) == _sentence_start(words, start - 1)
    ]
    for i in range(len(before) - 1, 0, -1):
        if _and_joined(before[i - 1], before[i], words):
            pair = [before[i - 1], before[i]]
            ids = {t[2] for t in pair}
            if all(t[2] in ids for t in earlier if t[0] > pair[1][1]):
                return pair
            return []
    return []


def _and_joined(first: Target, second: Target, words: list[Word]) -> bool:
    """Two names joined by "and", with only articles or "both" between and no break: "the
    poisoner and the FT", "both the chef and the monk"."""
    between = words[first[1] + 1 : second[0]]
    return (
        any(w.bare in _JOINING for w in between)
        and all(w.bare in _JOINING | ARTICLES | {"both"} for w in between)
        and not any(w.gap_before for w in [*between, words[second[0]]])
    )


def _objects_with(
    target: Target, targets: list[Target], words: list[Word], verb: int
) -> list[Target]:
    """The named characters joined to a verb's object by "and" ("killed the washerwoman and
    the chef"), each the verb's object too: not the subject of a clause of its own ("killed
    the monk and the poisoner died")."""
    out = []
    for other in _coordinated_with(target, targets, words, verb):
        if other[0] < target[0]:
            continue
        following = word_at(words, other[1] + 1)
        if (
            following is None
            or following.gap_before
            or following.bare in _AFTER_AN_OBJECT
            or rx.fullmatch(r"n\d", following.bare)
        ):
            out.append(other)  # not "... and the imp attacks the fool": a clause's subject
    return out


# between a subject and a state said of it: "are both drunk", "have all died", "got executed"
_PREDICATING = BE_FORMS | frozenset(
    "both all still already now just also got get gets have has had each".split()
)


_PLURAL_SUBJECTS = frozenset({"they", "theyre", "both"})


def _they_both(
    target: Target, targets: list[Target], words: list[Word], index: int
) -> list[Target]:
    """A state said of "they" or "both", standing for names joined by "and" just before:
    "i have the chef and the empath. they are both poisoned", "chef and empath - both
    poisoned?": the other names of the pair ``target`` ends (not an agent: "chosen by the
    poisoner and the sailor")."""
    j = index - 1
    while j >= 0 and words[j].bare in _PREDICATING and not words[j].gap_before:
        j -= 1  # "they are both", "- both": "both" after a break is the subject
    if j < 0 or words[j].bare not in _PLURAL_SUBJECTS or target[1] >= j:
        return []
    if any(t[2] is not None and target[1] < t[0] < j for t in targets) or by_whom(target, words):
        return []  # the last named before the pronoun only
    pair = [
        t
        for t in targets
        if t[1] < target[0] and t[2] is not None and t[2] != target[2] and not by_whom(t, words)
    ]
    if not pair:
        return []
    return [pair[-1]] if _and_joined(pair[-1], target, words) else []


# a verb agreeing with one subject only
_SINGULAR = frozenset("is was has gets dies becomes registers".split())


def _subjects_with(
    target: Target, targets: list[Target], words: list[Word], index: int
) -> list[Target]:
    """The named characters joined by "and" to the subject a state is said of right after it,
    each a subject of it too: "the chef and the empath died", "juggler and snake charmer both
    poisoned", "the chef, the empath and the monk are all drunk" (not "the chef and the empath
    died" read as the Empath alone)."""
    if target[2] is None or target[1] >= index:
        return []
    if any(w.bare not in _PREDICATING or w.gap_before for w in words[target[1] + 1 : index]):
        return []
    if words[index].gap_before or any(
        w.bare in _SINGULAR for w in words[target[1] + 1 : index + 1]
    ):
        return []  # "godfather and a recluse dies": the Recluse's death, asked of both
    out: list[Target] = []
    current, anded = target, False
    for other in sorted((t for t in targets if t[1] < target[0]), key=lambda t: -t[0]):
        between = words[other[1] + 1 : current[0]]
        if (
            other[2] is None
            or other[2] == target[2]
            or any(w.bare not in _JOINING | ARTICLES | {"both"} for w in between)
        ):
            break
        if any(w.bare in _JOINING and not w.gap_before for w in between):
            anded = True  # "the empath and the monk"
        elif not (anded and words[current[0] - len(between)].gap_before):
            break  # a comma only before an "and": "the chef, the empath and the monk"
        out.append(other)
        current = other
    return out


# before an adjective describing a noun ("the drunk tea lady"): not "her", which may be an
# object ("made her drunk")
_ATTRIBUTING = ARTICLES | frozenset({"his", "its", "their", "my", "our", "your"})


def _attributive(index: int, partner: Target, words: list[Word]) -> bool:
    """A participle after an article or owner describes its own noun only, when the name joined
    to it has an article or owner of its own: "the poisoned monk and the imp" (not "the
    poisoner poisoned the monk and the imp", nor "the poisoned monk and imp")."""
    before = word_at(words, partner[0] - 1)
    return (
        index > 0
        and words[index - 1].bare in _ATTRIBUTING
        and before is not None
        and before.bare in _ATTRIBUTING
    )


# what may follow the last of a verb's objects: a time, a place, the end of the clause
_AFTER_AN_OBJECT = frozenset(
    "last tonight tonite today yesterday earlier two both on at during in with too "
    "and but so then night".split()
)


# a death told as past before what the question asks about: "the mastermind died yesterday"
PAST = frozenset({"yesterday", "earlier", "ago", "previously", "before"})
_FELL = frozenset({"dropped", "drops", "drop", "dropping", "fell", "falls", "keeled"})


def _dead_before(index: int, words: list[Word]) -> bool:
    """Dead before anything the question asks about happens: "dead" ("both minions are
    already dead"), or a death told with a time before it ("died yesterday", "died last
    night", "killed a while back", "died two nights ago"); not "killed by the imp n2", the
    night the question is about."""
    if words[index].bare == "dead":
        # (not "dropped dead": a death happening, told as "died" is)
        return not (index and words[index - 1].bare in _FELL)
    if words[index].bare not in ("died", "killed"):
        return False
    after = [
        w.bare for w in words[index + 1 : index + 5] if not w.gap_before or w.index == index + 1
    ]
    text = " ".join(after)
    return bool(PAST & set(after)) or "last night" in text or "a while back" in text


def _dead_or_not(index: int, words: list[Word]) -> bool:
    """ "chef dead or nah", "is he dead or not?": "dead" with its alternative closing the
    clause asks; not "now that the spy is dead or does it lift", another clause's "or"."""
    tail = words[index + 1 : index + 4]
    return (
        words[index].bare in ("dead", "alive")
        and len(tail) >= 2
        and [tail[0].bare, tail[1].bare in ("not", "nah", "no", "nope")] == ["or", True]
        and not tail[0].gap_before
        and not tail[1].gap_before
        and (len(tail) == 2 or tail[2].gap_before)
    )


def _asked_dead(index: int, words: list[Word]) -> bool:
    """ "chef dead?", "is the chef dead?": "dead" asked about at the question's end, not said.

    >>> from service.answer.mentions import tokenize
    >>> _asked_dead(1, tokenize("chef dead?")), _asked_dead(1, tokenize("the dead chef?"))
    (True, False)
    """
    if words[index].bare != "dead" or (index and words[index - 1].bare == "already"):
        return False  # "whos already dead??": told
    if words[index].asks:
        return True
    # "... and the demon attacked her. is she dead": the question's last words, its copula
    # opening the clause, with no mark after it
    return index == len(words) - 1 and any(
        k >= 0
        and words[k].bare in ("is", "are", "was", "were")
        and (k == 0 or words[k].gap_before or words[k].opens_sentence)
        for k in (index - 2, index - 3)
    )


def _done_by_no_one(role: Role, index: int, target: Target | None, words: list[Word]) -> bool:
    """What no one did to someone named after it ("nobody poisoned the chef", "no one
    protected the monk") puts no state on them."""
    return (
        target is not None
        and target[0] > index
        and role in (Role.VERB, Role.ADJECTIVE, Role.OBJECT)
        and index >= 1
        and (words[index - 1].bare in NO_ONE or no_one(words, words[index - 1]))
    )


def _powerless(
    condition: Condition,
    index: int,
    target: Target | None,
    targets: list[Target],
    attached: dict[str, list[Condition]],
    words: list[Word],
) -> bool:
    """Protection given by someone said to be drunk or poisoned ("the poisoned monk protects
    the chef") is an attempt, not a state of the one protected; not a second state joined to
    the first ("drunk baker and protected atheist": two players, each described)."""
    if condition is not Condition.PROTECTED or target is None or target[0] < index:
        return False
    doers = [t for t in targets if t[1] < index and t[2] is not None]
    if (
        doers
        and words[index - 1].bare in _JOINING
        and doers[-1][1] == index - 2
        and doers[-1][0] > 0
        and words[doers[-1][0] - 1].bare in STATE_ADJECTIVES
        and target[0] == index + 1
    ):
        return False  # "drunk baker and protected atheist": "protected" describes the Atheist
    return bool(doers) and any(
        c in (Condition.DRUNK, Condition.POISONED) for c in attached[doers[-1][2]]
    )


# the words of where someone sits beside a character: "on the clockwise side of my"
_PLACE_WORDS = frozenset(
    "on to of the my our their his her side left right clockwise counterclockwise "
    "anticlockwise counter nearest closest next immediate direct".split()
)


def _placed_by(before: list[Target], index: int, words: list[Word]) -> Target | None:
    """The person a state after a copula is said of, where the character named last only
    says where they sit: "the nearest townsfolk on the clockwise side of my no dashii is
    dead" (the Townsfolk, unnamed)."""
    if len(before) < 2 or before[-1][2] is None or before[-2][2] is not None:
        return None
    k = phrase_start(words, before[-1][0]) - 1
    if k >= 1 and words[k].bare in ("my", "our", "their", "his", "her", "the"):
        k -= 1  # "of my no dashii"
    between = words[before[-2][1] + 1 : k + 1]
    verb = words[before[-1][1] + 1 : index]
    return (
        before[-2]
        if k >= 1
        and words[k].bare == "of"
        and between
        and all(w.bare in _PLACE_WORDS and not w.gap_before for w in between)
        and any(w.bare == "side" for w in between)
        and verb
        and all(w.bare in COPULAS | HEDGES and not w.gap_before for w in verb)
        else None
    )


def _protected_by_the_impaired(
    stating: list[tuple[str, Condition, int]], targets: list[Target], words: list[Word]
) -> list[tuple[str, int]]:
    """Protection given by a named protector that the same sentence goes on to call drunk
    or poisoned ("the monk protected the empath last night but the monk was drunk"): an
    attempt, as when the state is told first (``_powerless``)."""
    out = []
    for cid, condition, index in stating:
        if condition is not Condition.PROTECTED:
            continue
        doers = [t for t in targets if t[1] < index and t[2] is not None and t[2] != cid]
        if not doers or _ends_between(words, doers[-1][0], index):
            continue
        impaired = any(
            other == doers[-1][2]
            and state in (Condition.DRUNK, Condition.POISONED)
            and later > index
            and not any(w.opens_sentence for w in words[index + 1 : later + 1])
            for other, state, later in stating
        )
        if impaired:
            out.append((cid, index))
    return out


# with SINGLE_PEOPLE, the unnamed people whose night is their own when they act on someone
# named ("someone picked the vengeance on night one"), unlike a Demon ("demon attacked the
# sleeper on n2": the Sleeper's night)
ANYONE = frozenset({"anyone", "anybody"})
# anyone at all, unnamed: "does someone still die", "could someone walk me through"
SOMEONE = ANYONE | frozenset({"someone", "somebody"})


def _becoming(index: int, words: list[Word], targets: list[Target]) -> Target | None:
    """The character named right after "becomes" ("becomes the new fang gu")."""
    k = index + 1
    if k < len(words) and words[k].bare == "into":
        k += 1
    while k < len(words) and words[k].bare in ("the", "a", "an", "new", "evil", "good"):
        if words[k].gap_before:
            return None
        k += 1
    if k >= len(words) or words[k].gap_before:
        return None
    return next((t for t in targets if t[0] == k and t[2] is not None), None)


# the storyteller's verbs whose object then acts: "do i wake the demon for haircuts tonight"
WAKING = frozenset("wake run call ask tell show give let have make".split())


def _storytellers_object(target: Target, words: list[Word]) -> bool:
    """ "can i regurgitate that player tonight": whom the storyteller acts on, who does not
    act in the night."""
    k = phrase_start(words, target[0]) - 1
    while k > 0 and words[k].bare in ("that", "this", "those", "these", "the"):
        k -= 1  # "regurgitate that player"
    j = k - 1
    while j > 0 and words[j].bare in HEDGES:
        j -= 1
    return (
        j >= 0
        and words[k].bare not in STOPWORDS | WAKING
        and words[j].bare in ("i", "we")
        and not any(w.gap_before for w in words[j + 1 : target[0] + 1])
    )


def _tonight(words: list[Word], index: int) -> bool:
    """The night at ``index`` is the one the question is in, or is about to be: "tonight",
    or "that night" after a day told (understand.TONIGHT), read from its "night"."""
    return words[index].bare in TONIGHT_WORDS or (
        index >= 1
        and words[index].bare in ("night", "nite")
        and words[index - 1].bare in ("that", "this")
    )


def _named_in_aside(target: Target, targets: list[Target], words: list[Word]) -> Target:
    """ "killed his own minion tonight (the poisoner)": a person word followed by a bracket
    that only names a character is that character."""
    k = target[1] + 1
    while k < len(words) and not words[k].aside and k - target[1] <= 2:
        if words[k].gap_before or not (
            words[k].bare in TONIGHT_WORDS or rx.fullmatch(r"n\d|night|last|today", words[k].bare)
        ):
            return target
        k += 1  # "his minion tonight (the poisoner)"
    if k >= len(words) or not words[k].aside or not words[k].gap_before:
        return target
    inside = [w for w in words[k:] if w.aside]
    inside = inside[: next((i for i, w in enumerate(inside[1:], 1) if w.gap_before), len(inside))]
    named = [t for t in targets if t[2] is not None and t[0] >= k and t[1] <= inside[-1].index]
    rest = [w for w in inside if not any(t[0] <= w.index <= t[1] for t in named)]
    if len(named) == 1 and all(w.bare in ("the", "a", "our", "my") for w in rest):
        return named[0]
    return target


# where someone sits, said between a person and "of": "the TF clockwise of the no dashii"
SIDES = frozenset("clockwise anticlockwise counterclockwise left right".split())


def _told_asides(words: list[Word]) -> set[int]:
    """The words of bracketed asides that tell something, with a verb or a state ("(butler
    exe)", "(sweetheart died day 1)"); not those that only name ("my son (imp)")."""
    told: set[int] = set()
    group: list[Word] = []
    for word in [*words, None]:
        if word is not None and word.aside:
            group.append(word)
            continue
        if any(condition_form(w.bare) or w.bare in COPULAS for w in group) or (
            group and group[0].bare in ("who", "which", "that", "whos")
        ):
            # "(butler exe)", "(sweetheart died day 1)", "(who had the slayer ability)"
            told |= {w.index for w in group}
        group = []
    return told


def _of_whom(target: Target, targets: list[Target], words: list[Word], index: int) -> Target:
    """ "the babysitter of lil monsta got poisoned", "the neighbour of the empath is
    poisoned": a state after a person named "of" someone is that person's."""
    k = phrase_start(words, target[0]) - 1
    if target[1] >= index or k < 1 or words[k].bare != "of" or words[k + 1].gap_before:
        return target
    if k >= 2 and words[k - 1].bare in SIDES and not words[k - 1].gap_before:
        k -= 1  # "the nearest TF clockwise of the nd died"
    head = next((t for t in targets if t[1] == k - 1 and t[2] is None), None)
    return head if head is not None and not words[k].gap_before else target


def _one_of(target: Target, targets: list[Target], words: list[Word]) -> Target:
    """ "one of the legions got exed": a state of one of several of a character is that
    character's (whichever one it is). ("3 village idiots and one of them is drunk" is left
    alone: its writers split, one under the conventions labelling it, one before them not.)"""
    if target[2] is not None or words[target[1]].bare not in ("one", "ones"):
        return target
    k = target[1] + 1
    if k >= len(words) or words[k].bare != "of" or words[k].gap_before:
        return target
    named = [t for t in targets if t[2] is not None]
    after = next((t for t in named if k < t[0] <= k + 2), None)
    if after is not None:
        # "one of the legions"; not "one of the hatters tf neighbours": one of theirs
        ends = after[1] + 1 >= len(words) or words[after[1] + 1].gap_before
        following = None if ends else words[after[1] + 1].bare
        if following in ANCHORS:
            return target
        return after
    return target


def _asked_who(
    role: Role, index: int, words: list[Word], targets: list[Target]
) -> tuple[Target | None] | None:
    """ "imp kills the mayor, who dies": the condition of an unnamed "who" belongs to the victim
    of the action before it, never to the one acting; None when no "who" asks it."""
    if role not in (Role.SUBJECT, Role.ADJECTIVE):
        return None
    following = word_at(words, index + 1)
    if (
        index >= 4
        and following is not None
        and following.bare == "one"
        and [w.bare for w in words[index - 4 : index]][::2] == ["which", "is"]
        and words[index - 1].bare == "the"
        and words[index - 3].bare in ("one", "player", "of")
    ):
        return (None,)  # "which one is the drunk one": one of several, asked
    j = index - 1
    while j >= 0 and (
        words[j].bare in COPULAS
        or words[j].bare in HEDGES
        or words[j].bare in ENDING_UP
        or words[j].bare in _MODALS
    ):
        j -= 1  # "a minion who then got executed", "who ends up poisoned", "who would be"
    # "who do I make drunk": the storyteller's own question about whom to affect
    if j >= 1 and words[j].bare in ASKING_SUBJECTS and words[j - 1].bare in AUXILIARIES:
        j -= 2
    if (
        j >= 1
        and words[j - 1].bare == "which"
        and not any(t[0] <= j <= t[1] and t[2] is not None for t in targets)
    ):
        return (None,)  # "which one is poisoned", "which tf is": one of several, none named
    if (
        j >= 3
        and words[j].bare in ("that", "who")
        and [w.bare for w in words[j - 2 : j]] == ["the", "one"]
        and words[j - 3].bare in ("who", "whos", "which")
    ):
        return (None,)  # "who's the one that ends up drunk": anyone, asked
    if j < 0 or words[j].bare not in ("who", "whos"):  # "who's drunk from the sailor"
        return None
    before = [t for t in targets if t[1] < j]
    if words[j].opens_sentence:
        return (None,)  # "pit hag made a vortox. who dies tonight": anyone, asked
    if j >= 1 and words[j - 1].bare in ("so", "but") and words[j - 1].gap_before:
        return (None,)  # "... because the imp went for the soldier, so who dies": anyone
    if (
        not words[j].gap_before
        and ends_question(index, words)
        and not (before and before[-1][1] == j - 1)
        and not (j > 0 and is_anchor(words[j - 1]))  # "as the player who is drunk"
    ):
        return (None,)  # "blight alive butler exed who gets poisoned": anyone, asked
    if before and _relative(before[-1], j, words):
        return None  # "players who died", "the monk who is drunk": about the person before it
    described = [w.bare for w in words[before[-1][1] + 1 : j]] if before else []
    if (
        role is Role.ADJECTIVE
        and len(described) == 3
        and described[0] == "as"
        and described[1] in ARTICLES
    ):
        return (before[-1],)  # "chose the vortox as the player who is drunk": the Vortox
    if before and any(w.bare in ASKING_SUBJECTS or w.asks for w in words[before[-1][1] : j]):
        return (None,)  # "into a demon and i have no idea who dies", "pick X? ... who ends up"
    if (
        before
        and words[j].gap_before
        and any(w.bare in _INTERROGATIVES for w in words[before[-1][1] + 1 : j])
    ):
        return (None,)  # "picked the goon. who counts as first - who gets drunk": a question
    if (
        before
        and before[-1][2] is not None
        and before[-1][1] == j - 1
        and words[j].gap_before
        and _told_past(j + 1, words)
    ):
        # "chose the undertaker, who died n2": a clause told of the one just named
        return (before[-1],)
    return (_victim(before, words) if before else None,)


# after "the <name> poison", words that make "poison" a noun: "the no dashii poison on them"
_AFTER_A_NOUN = frozenset(
    "on from in to for is was still wear wears wore reach reaches cover covers covered affect"
    " affects hit hits last lasts stay stays end ends ended go goes went stop stops apply"
    " applies work works".split()
)


def _owned_noun(index: int, words: list[Word], before: list[Target]) -> bool:
    """ "the no dashii poison on them", "the pukka poison still": the character's poison, a
    thing it owns, not a player it poisons."""
    following = word_at(words, index + 1)
    return (
        words[index].bare == "poison"
        and bool(before)
        and before[-1][2] is not None
        and before[-1][1] == index - 1
        and not words[index].gap_before
        and before[-1][0] >= 1
        and words[before[-1][0] - 1].bare in ("the", "its", "their", "his", "her", "that")
        and following is not None
        and not following.gap_before
        and following.bare in _AFTER_A_NOUN
    )


def _the_poison(index: int, words: list[Word]) -> bool:
    """ "the poison": a noun after its article, not a verb with an object."""
    return (
        words[index].bare == "poison"
        and index >= 1
        and not words[index].gap_before
        and words[index - 1].bare == "the"
    )


# words that open a question of their own: "who counts as first - who gets drunk"
_INTERROGATIVES = frozenset({"who", "whos", "which", "what", "whats", "whose"})
_PAST_VERBS = frozenset("died was were had got became woke chose took made went said did".split())


def _in_a_told_clause(index: int, words: list[Word]) -> bool:
    """The night's clause tells what was done ("courtier chose the shab n2", "philo took the
    sailor ability on n2"): its night is of who did it, not of each character a question of
    night order names."""
    start = clause_start(words, index)
    end = next((w.index for w in words[index + 1 :] if w.gap_before), len(words))
    return any(
        w.index != index
        and (w.bare in _PAST_VERBS or (w.bare.endswith("ed") and len(w.bare) > 3))
        and condition_form(w.bare) is None
        for w in words[start:end]
    )


def _told_past(k: int, words: list[Word]) -> bool:
    """The verb of a clause, from ``k``, tells what happened ("who died n2", "who was
    executed"), or says who someone is ("who is the washerwoman"): no question."""
    while k < len(words) and words[k].bare in HEDGES:
        k += 1
    if k >= len(words):
        return False
    verb = words[k].bare
    if verb in _FINITE_BE:
        following = word_at(words, k + 1)
        return verb == "was" or (following is not None and following.bare in ARTICLES)
    return verb in _PAST_VERBS or (verb.endswith("ed") and len(verb) > 3)


_MODALS = frozenset("would will might could should may".split())
_WHO_IS = frozenset("who whos that thats is was".split())
# the finite forms of "be" (a clause's verb: "who was executed", "..., is he dead")
_FINITE_BE = BE_FORMS - {"be", "been"}
NUMBER_WORDS = frozenset("one two three four five six seven eight nine ten".split())


def _relative(person: Target, who: int, words: list[Word]) -> bool:
    """ "a player who died", "the Monk who is drunk": "who" right after a generic person, or
    after a character written with an article, starts a clause about them ("nodash who gets
    poisoned" asks who)."""
    if person[1] != who - 1:
        return False
    if words[who].gap_before:  # "Our Zombuul, who is drunk at the moment, died": set off
        closing = next((w for w in words[who + 1 :] if w.gap_before), None)
        clause = words[who + 1 : closing.index if closing else len(words)]
        if person[2] is not None and any(w.bare in ("by", "from") for w in clause[1:4]):
            # "the librarian, who's protected by the monk that night - and ...", "the
            # chambermaid, who's drunk from the sailor."
            return True
        if closing is None or person[2] is None or words[closing.index - 1].asks:
            return False
        if closing.bare in _FINITE_BE:
            # "The Saint, who is drunk, was executed": the main clause goes on, its verb with no
            # subject after it; "..., is he dead" asks a new question
            following = word_at(words, closing.index + 1)
            return (
                following is not None
                and not following.gap_before
                and (following.bare not in SUBJECT_PRONOUNS | ARTICLES | OWNERS | {"there"})
            )
        return closing.bare not in QUESTION_VERBS | {"who", "what", "and", "or"}
    return person[2] is None or (person[0] > 0 and words[person[0] - 1].bare in ARTICLES | OWNERS)


def _the_storytellers_pick(index: int, words: list[Word], before: list[Target]) -> bool:
    """A reflexive in the storyteller's own sentence ("can i make ... the drunk one? or her
    own self?"), where no character named after the "i" chooses: the storyteller's pick of
    that one, not the character picking itself (conventions 6)."""
    opening = _sentence_start(words, index)
    if opening > 0 and words[opening].bare == "or":
        # "... the drunk one? or her own self?": the sentence the "or" goes on
        opening = _sentence_start(words, opening - 1)
    mine = [k for k in range(opening, index) if words[k].bare == "i"]
    if not mine:
        return False
    choosing = CHOICE_VERBS | {"kill", "kills", "killed", "poison", "poisons", "poisoned"}
    verb = index - 2 if index >= 2 and words[index - 1].bare in ("at", "on") else index - 1
    if verb > mine[0] and words[verb].bare in choosing and words[verb - 1].bare != "i":
        return False  # "i woke him and he pointed at himself": his own pick
    return not any(
        t[2] is not None
        and t[0] > mine[0]
        and (following := word_at(words, t[1] + 1)) is not None
        and following.bare in choosing
        for t in before
    )


def _and_a_verb_before(index: int, words: list[Word], last: Target) -> bool:
    """ "... and (still) VERB themselves", after the last one named: a second verb of the
    clause's subject."""
    k = index - 1
    if k <= last[1] or words[index].gap_before or words[k].bare in STOPWORDS:
        return False
    k -= 1
    while k > last[1] and words[k].bare in HEDGES and not words[k + 1].gap_before:
        k -= 1
    return k > last[1] and words[k].bare == "and" and not words[k + 1].gap_before


def _victim(before: list[Target], words: list[Word]) -> Target | None:
    """The last person named, when they are the object of a verb ("the imp hits the mayor");
    a generic person ("the imps target") keeps what is asked about them."""
    last = before[-1]
    if last[2] is None:
        return last
    k = phrase_start(words, last[0]) - 1
    while k >= 2 and words[k].bare in _DESCRIBING and not words[k + 1].gap_before:
        k = phrase_start(words, k) - 1  # "picks the dead ravenkeeper": the verb before
    if k >= 2 and words[k - 1].bare in _VERBS_BEFORE.get(words[k].bare, ()):
        k -= 1  # "went for the mayor", "pointed at the imp", "jumped into the klutz": a hit
    if (
        k < 1
        or words[k + 1].gap_before
        or (words[k].bare in STOPWORDS and words[k].bare not in HITS | _JUMPING)
        or words[k].bare == "n"  # "fall guy in play n the sweetheart dies": "and"
    ):
        return None  # "the snake charmer got the imp": a hit, though "got" is a small word
    verb = words[k]
    if any(t[0] <= verb.index <= t[1] for t in before) or condition_form(verb.bare):
        return None
    if verb.bare in HEDGES or verb.bare in ADVERBS_OF_TIME or verb.bare.endswith("ly"):
        # "and later the baron nominated her", "and obviously the monk chose her": the baron,
        # the monk act, no one is hit
        return None
    doer = [
        t
        for t in before[:-1]
        if t[1] < verb.index and (verb.aside or not words[t[0]].aside)  # not one in brackets
    ]
    if not doer or any(
        # not a bracket's own between them: "mage (ode traveller) picked empath"
        (w.gap_before if verb.aside else _gap_outside_brackets(w, words))
        for w in words[doer[-1][1] + 1 : verb.index + 1]
    ):
        return None
    return last


_POINTING = frozenset("point points pointed pointing".split())
# a death that is an ability's, not one that happened: "her free death", "his fake death"
_NO_REAL_DEATH = frozenset("free fake extra spare bonus".split())
# a night's clause whose subject is no death at all
_NO_DEATHS = r"\bno (?:deaths?|kills?|one died|one dies|body|bodies)\b"
_JUMPING = frozenset("jump jumps jumped jumping".split())
# a verb and the preposition before whom it acts on, the pair a hit: "the imp went for the
# mayor", "exorcist went on the yagg", "the exorcist pointed at the imp" (a choice), "the fang
# gu jumped into the klutz" (its attack)
_VERBS_BEFORE = {"for": GOING_FOR, "on": GOING_FOR, "at": _POINTING, "into": _JUMPING}
# words describing whom a verb acts on, between the verb and the name ("the dead ravenkeeper")
_DESCRIBING = frozenset("dead living alive real old new own other".split())


# a free relative as a verb's object: "protected who the demon went for"
_WHOEVER = frozenset("who whom whoever whomever whichever".split())
_JUST = frozenset("exactly just precisely".split())


def _whom_follows(index: int, words: list[Word]) -> bool:
    """A participle said as a verb whose object is a free relative: "the monk protected
    (exactly) who the demon went for" (someone, no state of the Monk's); of a state an
    actor gives (not "butler exed who gets poisoned": a question after the telling)."""
    k = index + 1
    while k < len(words) and words[k].bare in _JUST and not words[k].gap_before:
        k += 1
    return (
        k < len(words)
        and words[k].bare in _WHOEVER
        and not words[k].gap_before
        and words[index].bare.endswith("ed")
    )


def _targets(mentions: list[Mention], anchors: set[int], words: list[Word]) -> list[Target]:
    """(first word, last word, character id or None for a generic person), in word order."""
    ends = {m.end: m for m in mentions}
    # "the monk player is drunk": the person-word is the named character's player
    players = {
        m.end
        for m in mentions
        if m.end in anchors
        and not words[m.end].gap_before
        and not possessive(words[m.end - 1])  # "the monk's guy": whom the Monk chose
        and (
            words[m.end].bare in PLAYER_WORDS
            # "beggar traveller - does poison work on him": the Beggar, said with its kind
            or singular(words[m.end].bare) in TEAM_WORDS
            and (m.end + 1 == len(words) or words[m.end + 1].gap_before)
        )
    }
    out = [(m.start, m.end if m.end in players else m.end - 1, m.id) for m in mentions]
    out += [
        (i, i, None)
        for i in anchors
        if i not in players
        and not _verb_use(words[i], ends.get(i), words)
        and not _one_of_them(words, i)
    ]
    return sorted(out)


_COUNTS = frozenset("2 3 4 two three four".split())


def _one_of_them(words: list[Word], index: int) -> bool:
    """A person-word said of the subject by "be one of the ...": "can the recluse be one of
    the two players i point to, registering as the demon" (the Recluse, no one else): its
    "one", and the people it is one of."""
    if (
        words[index].bare == "one"
        and index >= 1
        and index + 1 < len(words)
        and words[index - 1].bare in BE_FORMS
        and words[index + 1].bare == "of"
    ):
        return True
    k = index - 1
    if k >= 0 and words[k].bare in _COUNTS:
        k -= 1
    if k >= 0 and words[k].bare == "the":
        k -= 1
    return (
        k >= 2
        and words[k].bare == "of"
        and words[k - 1].bare == "one"
        and words[k - 2].bare in BE_FORMS
        and not any(w.gap_before for w in words[k - 1 : index + 1])
    )


_TIME_PREPOSITIONS = frozenset("on at in during".split())


def _timed_state_of_someone_unnamed(index: int, words: list[Word], before: list[Target]) -> bool:
    """The night times a state said of an unnamed person right before it, its subject: "a
    townsfolk died n2", "the townsfolk on his left got poisoned on night 3" (not "the imp
    killed a townsfolk n2", whose night times the Imp's act)."""
    k = index - 1
    if words[index].aside and words[index].gap_before:
        # "died last night (n2)": the night in brackets names the one said before it
        while k >= 1 and words[k].bare in _SAID_NIGHT and not words[k].aside:
            k -= 1
        if k == index - 1:
            return False
    elif words[index].gap_before:
        return False
    if k >= 1 and words[k].bare in _TIME_PREPOSITIONS and not words[k].gap_before:
        k -= 1
    if k < 1 or (words[k + 1].gap_before and not words[k + 1].aside):
        return False
    form = condition_form(words[k].bare)
    if form is None or form[1] is Role.TIME:
        return False
    subjects = [t for t in before if t[1] < k]
    if not subjects or subjects[-1][2] is not None:
        return False
    subject = subjects[-1]
    if _no_one_told(subject, words):
        return False  # "nobody died on n3": the night of what did not happen to anyone
    made = phrase_start(words, subject[0]) - 1
    if made >= 0 and words[made].bare in CAUSING:
        return False  # "harpy made someone mad on n2": the night of the one who made it so
    between = [w for w in words[subject[1] + 1 : k] if not w.aside]
    return (
        len(between) <= 4
        # a bracket between is about the subject: "the townsfolk on his left (seat 4) died n2"
        and not any(_gap_outside_brackets(w, words) for w in words[subject[1] + 1 : k + 1])
        and not any(w.bare in CLAUSE_ENDS or condition_form(w.bare) for w in between)
        # not "the guy it poisoned on n1": the night of what "it" did
        and not (between and between[0].bare in _CLAUSE_PRONOUNS)
    )


# a night said before another says it in brackets: "died last night (n2)"
_SAID_NIGHT = frozenset("last night nite tonight tonite".split())


def _owner_of_the_subject(
    in_clause: list[Target], before: list[Target], start: int, index: int, words: list[Word]
) -> bool:
    """The only one named in the clause owns the unnamed person who is its subject, of whom
    a state is said before the night: "one of the no dashii's townsfolk neighbours died n2"
    (not "the imp's target on n2")."""
    if len(in_clause) != 1:
        return False
    owner = in_clause[0]
    k = phrase_start(words, owner[0]) - 1
    if k >= 1 and words[k].bare == "of" and not words[k + 1].gap_before:
        # "nearest TF clockwise of the nd died n2": the one of whom the owner is said
        while k >= 1 and words[k - 1].bare in SIDES:
            k -= 1
        return any(
            t[2] is None
            and t[1] == k - 1
            and any(condition_form(w.bare) for w in words[owner[1] + 1 : index])
            for t in before
        )
    if _beside(owner, words) and any(condition_form(w.bare) for w in words[owner[1] + 1 : index]):
        return True  # "the nearest townsfolk on the no dashii's left died n2": theirs
    if not possessive(words[owner[1]]):
        return False
    if not words[owner[1]].lower.endswith(("'s", "’s")):
        return False  # "no dashiis" may be a plural
    return any(
        t[2] is None
        and owner[1] < t[0] <= owner[1] + 2
        and not words[t[0]].gap_before
        and any(condition_form(w.bare) for w in words[t[1] + 1 : index])
        for t in before
        if t[0] >= start
    )


def _said_by_pronoun(
    index: int, start: int, words: list[Word], before: list[Target]
) -> Target | None:
    """The character a "he", "she" or "they" opening the night's clause stands for, when no
    one is named in it: "can they do it n2 instead of n3" is theirs."""
    for j in range(start, index):
        if words[j].bare in PERSONAL:
            return _named_antecedent(j, words, before)
    return None


def _named_antecedent(pronoun: int, words: list[Word], before: list[Target]) -> Target | None:
    """The character a pronoun stands for, if it stands for one named as a player (not a
    generic person, nor a character named as what someone is)."""
    found = antecedent_of(pronoun, words, before)
    if found is not None and found[2] is not None and _what_one_became(found, words):
        # "the SW became the imp. tonight when do i tell her": the Scarlet Woman, who
        # became it (the one the clause is about)
        became = [t for t in before if t[2] is not None and t[1] < found[0]]
        if became and _same_clause(words, became[-1][1], found[0]):
            return became[-1]
    if found is None or found[2] is None or _predicate(found, words):
        return None
    return found


def _what_one_became(target: Target, words: list[Word]) -> bool:
    """The character named as what someone became: "the SW became the imp"."""
    k = phrase_start(words, target[0]) - 1
    return (
        k >= 0 and words[k].bare in ("became", "becomes", "become") and not words[k + 1].gap_before
    )


_NIGHT_WORDS = frozenset("night nite nights one two three four five".split())


def _unnamed_subject_after(
    index: int, start: int, words: list[Word], ahead: list[Target], named_before: list[Target]
) -> bool:
    """A night opening a sentence that names no one, straight before an unnamed subject and
    its verb: "the chef is in play. on night 2 the demon killed rob", "n2 the TF sitting left
    of him died", "n2 demon killed one, day 2 the sweetheart got exed". The night is
    theirs, not the character of an earlier sentence (but "lil monsta game. n1 do i still do
    minion info" is the Lil' Monsta's: the storyteller's)."""
    if not ahead or any(t[1] >= start for t in named_before):
        return False
    if start and not words[start].opens_sentence:
        return False
    k = index + 1
    while k < len(words) and (words[k].bare in _NIGHT_WORDS or words[k].bare.isdigit()):
        k += 1
    # asked: "on n1 do the minions and demon still wake"
    inverted = k < len(words) and words[k].bare in QUESTION_AUXILIARIES and not words[k].gap_before
    k += inverted
    while k < len(words) and words[k].bare in ARTICLES and not words[k].gap_before:
        k += 1
    subject = ahead[0]
    following = word_at(words, subject[1] + 1)
    return (
        subject[0] == k
        and subject[2] is None
        # (with no one named before, someone: "n2 demon killed one", not "n1 nobody died")
        and (bool(named_before) or words[subject[1]].bare not in NO_ONE)
        and following is not None
        and not following.gap_before
        # ("n2 noor got changed": a verb, though a small word)
        and (inverted or following.bare not in STOPWORDS or following.bare in _BEING_DONE)
    )


# small words that open what is done to or said of a subject: "noor got changed"
_BEING_DONE = frozenset("got gets was were is has had".split())


def _woken_by_pronoun(
    start: int, index: int, words: list[Word], before: list[Target]
) -> Target | None:
    """The character a "him", "her" or "them" the storyteller wakes stands for, in the
    storyteller's own clause before its night: "do i wake her tonight"."""
    for k in range(max(start, 1), index):
        if words[k].bare in OBJECT_PRONOUNS and words[k - 1].bare in WAKING:
            return _named_antecedent(k, words, before)
    return None


def _victim_asked(index: int, words: list[Word], before: list[Target]) -> Target | None:
    """A bare "dies?" opening its sentence, after one named acted on "him", "her" or "them"
    (the victim named before): the victim, not the one who acted."""
    if not words[index].opens_sentence:
        return None
    named = [t for t in before if t[2] is not None]
    last = before[-1] if before else None
    if (
        named
        and last is not None
        and last[2] is None
        and words[last[1]].bare in ("demon", "minion")
        and any(acts_on(last, words, obj, before=index) for obj in ("him", "her"))
    ):
        return named[-1]  # "fool was poisoned when the demon hit him. dies?": the Fool
    if len(named) < 2 or any(w.opens_sentence for w in words[named[-1][1] + 1 : index - 1]):
        return None
    acted = any(acts_on(named[-1], words, obj, before=index) for obj in OBJECT_PRONOUNS)
    return named[-2] if acted else None


def _the_one_said(index: int, words: list[Word], before: list[Target]) -> Target | None:
    """ "he's the drunk one", "she is the poisoned one": the state named of the one the
    pronoun stands for, not of a name that follows."""
    if index < 2 or words[index - 1].bare != "the":
        return None
    following = word_at(words, index + 1)
    if following is None or following.bare != "one":
        return None
    j = index - 2
    if words[j].bare in COPULAS and j >= 1:
        j -= 1  # "he is the drunk one"; "he's" is one word, its "'s" dropped
    if words[j].bare not in ("he", "she", "they", "it"):
        return None
    return _named_antecedent(j, words, before)


def _pronoun_after_time(index: int, words: list[Word], before: list[Target]) -> Target | None:
    """The character a "he", "she" or "they" right after a night that opens its clause
    stands for: "n1 the poisoner hit the chef, n2 she switched to the empath": the
    Poisoner's second night."""
    j = index + 1
    while j < len(words) and (words[j].bare in _NIGHT_WORDS or words[j].bare.isdigit()):
        if words[j].gap_before:
            return None
        j += 1
    if j >= len(words) or words[j].bare not in ("he", "she", "they") or words[j].opens_sentence:
        return None
    found = _named_antecedent(j, words, before)
    if found is None:
        return None
    told = [t for t in before if t[1] < index]
    if told and found is told[-1] and _victim(told, words) is found:
        # "the snake charmer picked the recluse, second night she picked the imp": the one
        # who acted before acts again, not the one acted on
        doers = [t for t in told[:-1] if t[2] is not None]
        return doers[-1] if doers else found
    return found


_CLAUSE_PRONOUNS = frozenset({"he", "she", "they", "it", "hes", "shes", "theyre"})
# what may open a clause before its night: "on their first night", "during the second night"
_NIGHT_OPENERS = frozenset("on at during in the their his her its that this".split())


def _an_unnamed_ones_night(index: int, start: int, words: list[Word], before: list[Target]) -> bool:
    """A pronoun in the night's clause stands for someone unnamed, the last person told of
    before it: "a good player said the word today, do they turn tonight", "demon got nommed
    today, can it still kill tonight"."""
    pronoun = next(
        (
            j
            for j in range(start, index)
            if words[j].bare in _CLAUSE_PRONOUNS
            # a subject, not a preposition's object: "do i kill someone for it tonight"
            and not (j > 0 and words[j - 1].bare in _PREPOSITIONS)
        ),
        None,
    )
    if pronoun is None:
        return False
    # "it", or a pronoun no character is read for: the last one told of, no modifier ("the
    # mezepheles word") and not "nobody" ("nobody died today. does it wake")
    told = [
        t
        for t in before
        if t[1] < pronoun
        and not _no_one_told(t, words)
        and not modifies(t, words)
        and not no_antecedent(t, before, words)  # "is a townsfolk, not a traveller"
        # not the head of a relative the pronoun is the subject of: "the guy it poisoned"
        and not (t[1] == pronoun - 1 and t[2] is None)
    ]
    found = antecedent_of(pronoun, words, before) if words[pronoun].bare != "it" else None
    if found is None and told:
        found = told[-1]
    if found is None or found[2] is not None:
        return False
    # the unnamed one must be who acts, not whom a character named acted on ("the imp
    # killed someone yesterday. can he kill tonight": the Imp's night)
    clause = clause_start(words, found[0])
    return not any(
        t[2] is not None
        and clause <= t[0] < found[0]
        # not one told before "and" ("minions r witches right and demon got nommed today")
        and not any(w.bare in _JOINING_CLAUSES for w in words[t[1] + 1 : found[0]])
        for t in before
    )


_JOINING_CLAUSES = frozenset({"and", "but", "so", "then"})
_PREPOSITIONS = frozenset("for to of with on at about from by into".split())


def _unnamed_head_of_relative(index: int, start: int, words: list[Word]) -> bool:
    """The night's clause is of someone unnamed told by what a pronoun did to them ("is the
    guy he poisoned still poisoned tonite", "does the player she chose wake tonight"): the
    night is theirs, not the one "he" stands for (conventions 2: none for the unnamed)."""
    return any(
        words[j].bare in ANCHORS
        and words[j + 1].bare in _CLAUSE_PRONOUNS
        and not words[j + 1].gap_before
        and not words[j + 2].gap_before
        and words[j + 2].bare not in COPULAS
        and (j == start or words[j - 1].bare in ("the", "a", "that", "this", "any"))
        # the night after more of the main clause ("... still poisoned tonite"), not inside
        # the relative one, timing what the pronoun did ("the person she poisoned n1")
        and any(w.bare not in _NIGHT_PHRASE for w in words[j + 3 : index])
        for j in range(start, index - 2)
    )


def _doer_in_relative(index: int, words: list[Word], before: list[Target]) -> Target | None:
    """The night right after what a pronoun did to someone unnamed ("the player she poisoned
    night one", "the guy he chose on n2"): the night of the one the pronoun stands for."""
    v = index - 1
    while v > 2 and words[v].bare in ("on", "at", "during") and not words[v].gap_before:
        v -= 1
    if v < 2 or index == v or words[index].gap_before or words[v].gap_before:
        return None
    done = words[v].bare.endswith("ed") or words[v].bare in _PAST_VERBS
    if not (
        done
        and words[v - 1].bare in ("she", "he", "they")
        and words[v - 2].bare in ANCHORS
        and not words[v - 1].gap_before
    ):
        return None
    said = pronoun_subject(v, words, before)
    return said if said is not None and said[2] is not None else None


_NIGHT_PHRASE = frozenset("on at during in the that night nite first one 1".split())


def _storytellers_own_clause(index: int, start: int, words: list[Word]) -> bool:
    """The night's clause is what the storyteller does in it: "what do i do n1", "what do i
    show the evil team on n1", "how do i run that on n1" (with no one in it: "do i wake the
    demon tonight" is the Demon's night)."""
    return any(w.bare == "i" and w.index + 1 < index for w in words[start:index])


def _whose_doing(index: int, words: list[Word], after: list[Target]) -> Target | None:
    """What happens that night comes "from" a character's ability, said after the night in
    its clause: "does someone die tonight from the gossip" (not "from it": writers split
    on whose night that is)."""
    for k in range(index + 1, min(index + 4, len(words) - 1)):
        if words[k].gap_before or words[k].bare in CLAUSE_ENDS:
            return None
        if words[k].bare != "from" or words[k + 1].gap_before:
            continue
        hit = next((t for t in after if phrase_start(words, t[0]) == k + 1), None)
        return hit if hit is not None and hit[2] is not None else None
    return None


_ASKING_AUXILIARIES = frozenset("does do did can could will would should is are".split())


def _asked_of_the_head(subject: Target, words: list[Word], before: list[Target]) -> bool:
    """The person a reduced relative clause is told of ("the guy" of "the guy pukka
    poisoned") is what a question asks of, its auxiliary right before them."""
    heads = [t for t in before if t[1] < subject[0]]
    if not heads:
        return False
    k = phrase_start(words, heads[-1][0]) - 1
    return k >= 0 and words[k].bare in _ASKING_AUXILIARIES


def _asked_of_someone_unnamed(
    index: int, start: int, words: list[Word], before: list[Target]
) -> bool:
    """The night's question asks of a person no name is read for, its subject right after
    the word that opens it: "baker exed does nominator learn anything tonight": a question
    run on after a character told of in the same clause, with no stop between."""
    for a in range(index - 1, start - 1, -1):
        if words[a].bare not in _ASKING_AUXILIARIES or words[a + 1].gap_before:
            continue
        if not any(start <= t[0] < a and t[2] is not None for t in before):
            return False  # "could someone walk me through the first night": no run-on
        if a > 0 and words[a - 1].bare in PRONOUNS | _SUBJECTS_ONLY and not words[a].gap_before:
            return False  # "he can move tonight", "how do i do the minion thing": a verb
        first = a + 2 if words[a + 1].bare in ("that", "this") else a + 1
        subject = next((t for t in before if a < t[0] and phrase_start(words, t[0]) <= first), None)
        return subject is not None and subject[2] is None and words[subject[0]].bare not in PRONOUNS
    return False


def _no_one_told(person: Target, words: list[Word]) -> bool:
    """ "nobody", "no one": a person-word that stands for no one."""
    return words[person[0]].bare in NO_ONE or no_one(words, words[person[0]])


def _opens_clause(start: int, words: list[Word]) -> bool:
    """A subject pronoun opens the clause at ``start`` ("she picked ...", "then he chose"),
    or follows the question's verb that does ("does he learn the juggler's number")."""
    j = start
    while j < len(words) - 1 and words[j].bare in HEDGES | {"then", "and", "so", "but"}:
        j += 1
    if j < len(words) - 1 and words[j].bare in QUESTION_AUXILIARIES:
        j += 1
    return words[j].bare in ("he", "she", "they")


def _predicate(target: Target, words: list[Word]) -> bool:
    """A character named as what someone is ("thinks hes the baron"), no one to point back to."""
    k = phrase_start(words, target[0]) - 1
    return k >= 0 and words[k].bare in COPULAS | {"hes", "shes", "theyre", "im"}


# an unnamed object a relative clause's verb is done to: "whoever she poisoned"
_WHOEVER_OBJECTS = frozenset({"whoever", "whomever", "whoeva"})


def _done_to_whoever(index: int, words: list[Word], before: list[Target]) -> bool:
    """The verb at ``index`` closes "whoever SUBJECT" or "the one SUBJECT" ("whoever she
    poisoned", "the one lleech poisoned"): done to that unnamed one, not the subject's state."""
    if index < 2 or words[index].gap_before or not words[index].bare.endswith("ed"):
        return False
    subject = index - 1
    if words[subject].bare in ("he", "she", "they", "it"):
        k = subject - 1
    else:
        named = [t for t in before if t[1] == subject and t[2] is not None]
        if not named:
            return False
        k = phrase_start(words, named[0][0]) - 1
    if k < 0 or words[k + 1].gap_before:
        return False
    if words[k].bare in _WHOEVER_OBJECTS:
        return True
    return words[k].bare == "one" and k > 0 and words[k - 1].bare == "the"


def _way_of_dying_asked(index: int, words: list[Word]) -> bool:
    """ "can that player die at night or only by execution", "can they still die by
    execution", "can vizier die to exe now": an execution said as the way a modal's death
    could come, in its clause."""
    if index < 2 or words[index - 1].bare not in ("by", "to") or words[index].gap_before:
        return False  # "by execution", "die to exe"
    for j in range(index - 2, max(-1, index - 9), -1):
        if words[j + 1].gap_before and words[j + 1].bare not in ("or",):
            return False
        if words[j].bare in ("die", "be", "get"):  # the bare verb: after a modal
            for k in range(j - 1, max(-1, j - 5), -1):  # "can the saint still die"
                if words[k].bare in MODALS | {"only"}:
                    return True
                if words[k + 1].gap_before:
                    break
            return False
    return False


def _verb_use(word: Word, named: Mention | None, words: list[Word]) -> bool:
    """ "can the monk target themselves": a person-word that can be a verb, right after a
    character not written as a possessive, is the verb."""
    following = word_at(words, word.index + 1)
    if word.bare in VERB_ANCHORS and following is not None and following.bare in REFLEXIVES:
        return True  # "po charged and targets himself"
    if named is None or word.bare not in VERB_ANCHORS or word.gap_before:
        return False
    if following is None or following.gap_before or following.bare in NOUN_FOLLOWERS:
        return False  # "shab target from last night", "the imp target dies": the noun
    return not possessive(words[named.end - 1])


# verbs before a doing: "keeps poisoning", "stops protecting"
CARRYING_ON = frozenset(
    "keep keeps kept stop stops stopped start starts started continue continues continued "
    "still".split()
)
# verbs that have their object be something: "force a player to be mad"
FORCING = MAKE_FORMS | frozenset(
    "force forces forced forcing cause causes caused causing want wants wanted".split()
)
# before or after a phase of the day ("before noms open")
PHASE_BOUNDS = frozenset({"before", "after", "until", "till", "til", "during", "since"})
# what "the dead" (players) do: "only dead can vote"
PEOPLES_VERBS = frozenset("can cant cannot may vote votes nominate nominates get gets".split())


def _participle_relative(
    index: int, words: list[Word], before: list[Target]
) -> tuple[Target | None] | None:
    """ "the minion babysitting lil monsta got executed": an unnamed person, a participle and
    the character it acts on, then the state: the person's (None when no such clause)."""
    if len(before) < 2 or before[-2][2] is not None or before[-1][2] is None:
        return None
    person, named = before[-2], before[-1]
    verb = person[1] + 1
    if verb >= len(words) or not words[verb].bare.endswith("ing") or words[verb].gap_before:
        return None
    start = phrase_start(words, named[0])
    if start != verb + 1 and not (
        start > verb + 1 and all(w.bare in _WHERE_SEATED for w in words[verb + 1 : start])
    ):
        return None  # not "the person sitting on the empaths left", "the one next to the imp"
    between = words[named[1] + 1 : index]
    if any(w.gap_before for w in words[verb : index + 1]) or any(
        w.bare not in COPULAS
        and w.bare not in ("got", "gets", "get", "just", "was", "then")
        and w.bare not in _SIDES
        for w in between
    ):
        return None
    return (person,)


# where a person sits, told between a participle and the character: "sitting on the left of"
_SIDES = frozenset("left right side".split())
_WHERE_SEATED = (
    frozenset("on to of next beside by at the their his her in".split())
    | _SIDES
    # "sitting directly left of", "immediately clockwise of"
    | frozenset("directly immediately clockwise anticlockwise counterclockwise".split())
)


# a condition said as a noun: "the madness", "the exe", "protection"
NOUN_FORMS = frozenset(
    "death execution exe exec nomination nominations protection madness registration "
    "drunkenness".split()
)
ARTICLES_AND_QUANTIFIERS = frozenset("the a an every each any this that no".split())


# things a verb's subject can be that are no one: "the game turned into a custom script"
_THINGS = frozenset("game script setup grimoire grim night day".split())


def _thing_before(index: int, words: list[Word]) -> bool:
    """The verb's subject, right before it, is a thing ("the game turned into ...")."""
    k = index - 1
    while k >= 0 and words[k].bare in HEDGES and not words[k + 1].gap_before:
        k -= 1
    return (
        k >= 1
        and not words[k + 1].gap_before
        and words[k].bare in _THINGS
        and (words[k - 1].bare in ("the", "this", "our", "my", "a"))
    )


def _own_noun_phrase(index: int, words: list[Word], before: list[Target]) -> bool:
    """A condition noun opening its own phrase ("does the madness still count", "every good
    exe", "the death"), not someone's ("the monk's protection", "the imp's death"): no one
    named is its owner. (A possessive name stands right before it, with no determiner.)"""
    if words[index].bare not in NOUN_FORMS:
        return False
    j = index - 1
    while j >= 0 and words[j].bare in ("good", "evil", "first", "next", "last", "same"):
        j -= 1
    return (
        j >= 0
        and words[j].bare in ARTICLES_AND_QUANTIFIERS
        and not (before and before[-1][1] == j - 1 and words[j].bare == "the")
        # "his first death is an execution", "tinker has a protection on him"
        and not (j > 0 and words[j - 1].bare in COPULAS | HAVING)
        and not died_by(words, j)  # "juggler died to the exe": the way the subject died
    )


_DIED = frozenset("died dies die dying killed".split())
HAVING = frozenset({"has", "had", "have", "having"})
_BY_WAY_OF = frozenset("to in at by from during".split())


def died_by(words: list[Word], determiner: int) -> bool:
    """A death's cause said right before the noun phrase at ``determiner``: "died to the"."""
    return (
        determiner >= 2
        and words[determiner].bare != "every"
        and words[determiner - 1].bare in _BY_WAY_OF
        and words[determiner - 2].bare in _DIED
        and not words[determiner - 1].gap_before
        and not words[determiner].gap_before
    )


def _identified_as(target: Target, targets: list[Target], words: list[Word]) -> Target | None:
    """ "the executed player was the drunk", "the dead guy is actually the imp": a generic
    person said to be a named character, who is the one the state is said of."""
    k = target[1] + 1
    if k >= len(words) or words[k].bare not in ("was", "is", "s") or words[k].gap_before:
        return None
    k += 1
    while (
        k < len(words)
        and words[k].bare in ("actually", "really", "secretly", "the", "a", "an", "my", "our")
        and not words[k].gap_before
    ):
        k += 1
    return next((t for t in targets if t[0] == k and t[2] is not None and t[2] != UNKNOWN), None)


def _target_for(
    condition: Condition, role: Role, index: int, words: list[Word], targets: list[Target]
) -> Target | None:
    before = [t for t in targets if t[1] < index]
    after = [t for t in targets if t[0] > index]
    following = word_at(words, index + 1)
    if (
        role is Role.SUBJECT
        and len(before) >= 2
        and before[-1][2] is not None
        and possessive(words[before[-1][1]])
        and before[-1][1] < index - 1
        and not any(w.gap_before for w in words[before[-2][0] : index + 1])
        and all(condition_form(w.bare) is None for w in words[before[-2][1] + 1 : index])
        and not any(is_anchor(w) for w in words[before[-1][1] + 1 : index])  # "empaths 2 nbrs"
        # something it owns follows: not "the chef and the vigormortis has died", a name
        # ending in s with only its verb after it
        and not all(w.bare in _PREDICATING for w in words[before[-1][1] + 1 : index])
    ):
        # "the closest townsfolk on the dashii's left side died n2": the townsfolk died,
        # the No Dashii's name says only whose side
        return before[-2]
    if _the_dead(condition, role, index, words, after):
        return None  # "the dead put 2 votes on her": the dead players, no one named
    if (
        condition is Condition.REGISTERING
        and words[index].bare == "instead"
        and before
        and before[-1][1] == index - 1
    ):
        return before[-1]  # "can the ft see the spy instead of the real demon": the Spy
    if condition is Condition.BECOMES and _would_have(index, words):
        return None  # "the SW would normally become the Demon when ...": the rule, not told
    if (
        role is Role.VERB
        and condition is Condition.DEAD
        and following is not None
        and following.bare in REFLEXIVES
        and not following.gap_before
        and before
    ):
        # "the imp attacked the monk and killed himself": the one the reflexive says, as its
        # own self-target is (not the Monk, named last)
        return _target_for(Condition.SELF_TARGET, Role.SELF, index + 1, words, targets)
    if _state_placed(condition, role, index, words, before):
        return None  # "does the sweetheart drunk still have to land on the fall guy": a token
    said_under = _subordinated(index, words) if role is Role.ADJECTIVE else 0
    if said_under and not any(t[0] == index + 1 for t in after):  # "when dead players give"
        # "po chose nobody while poisoned", "the gossip said something true today while still
        # poisoned": the state of the clause's subject, before the subordinator
        opening = _clause_from(words, said_under - 1)
        told = [t for t in before if t[0] >= opening and t[2] is not None]
        if told:
            return told[0]
    if (
        role is not Role.TIME
        and following is not None
        and not following.gap_before
        # "the dead evil number": a team word between it and the thing
        and (
            following.bare in NOT_PEOPLE
            or (
                following.bare in ("evil", "good")
                and (then := word_at(words, index + 2)) is not None
                and not then.gap_before
                and then.bare in NOT_PEOPLE
            )
        )
        # "the monks safe pick": whom the Monk protected
        and not (index >= 1 and following.bare == "pick" and possessive(words[index - 1]))
    ):
        # "does the dead count have to be higher", "the dead vote", "do exe rules apply": no
        # one's state
        return None
    if (
        words[index].bare == "safe"
        and following is not None
        and following.bare in ("night", "nights", "nite")
        and not following.gap_before
        and index >= 1
        and words[index - 1].bare in ("a", "one", "another")
    ):
        return None  # "just to have a safe night": a night's, no one protected
    if (
        condition is Condition.PROTECTED
        and words[index].bare == "protection"
        and before
        and before[-1][1] == index - 1
        and before[-1][2] is not None
        and possessive(words[index - 1])
        and not words[index].gap_before
    ):
        return None  # "does the monk's protection still work": the protector's, given
    if (
        condition in (Condition.DRUNK, Condition.POISONED)
        and role is Role.ADJECTIVE
        and before
        and before[-1][1] == index - 1
        and before[-1][2] is not None
        and (k := phrase_start(words, before[-1][0]) - 1) >= 0
        and (
            words[k].bare in GIVEN
            or (k >= 1 and words[k].bare == "the" and words[k - 1].bare in GIVEN)
        )
        and following is not None
        and following.bare in ("on", "onto")
    ):
        return None  # "do i have to put the sweetheart drunk on her": the reminder token
    if condition is Condition.EXECUTED and _way_of_dying_asked(index, words):
        return None  # "can they still die by execution": how they could die, no execution
    if (
        condition is Condition.DRUNK
        and role is Role.ADJECTIVE
        and following is not None
        and following.bare in PLACED
        and word_at(words, index + 2) is not None
        and words[index + 2].bare in ("on", "onto", "to")
    ):
        # "can the drunk go on someone whos already dead": on whom it goes, if named
        landing = [t for t in after if t[0] > index + 2 and not _ends_between(words, index, t[0])]
        return landing[0] if landing and phrase_start(words, landing[0][0]) == index + 3 else None
    if (
        condition is Condition.DRUNK
        and role is Role.ADJECTIVE
        and index >= 2
        and words[index - 1].bare == "the"
        and words[index - 2].bare in GIVEN
    ):
        return None  # "can i give the drunk to the sweetheart herself": the drunkenness, asked
    if (
        index >= 3
        and (words[index - 1].bare.isdigit() or words[index - 1].bare in NUMBER_WORDS)
        and words[index - 2].bare == "but"
        and words[index - 3].bare == "all"
    ):
        return None  # "boomdandy got exed, all but 3 die": the others, no one named
    if (
        index >= 2
        and words[index - 1].bare == "being"
        and words[index - 2].bare in AUXILIARIES
        and not words[index - 1].gap_before
    ):
        return None  # "does being safe from the demon stop that": a state as such, nobody's
    if (
        condition is Condition.NOMINATED
        and role is Role.VERB
        and index > 0
        and words[index - 1].bare in PHASE_BOUNDS
    ):
        return None  # "before noms open", "after noms": the day's nominations, no one's
    if condition is Condition.EXECUTED and role is Role.SUBJECT and _when_of(index, words):
        return None  # "guessed right after the exe", "became the imp at exe": the day's
    if role is Role.SUBJECT and _own_noun_phrase(index, words, before):
        return None  # "does the madness still count", "every good exe": nobody's
    if (
        condition is Condition.DEAD
        and words[index].bare in ("death", "deaths")
        and index >= 1
        and words[index - 1].bare in _NO_REAL_DEATH
        and not words[index].gap_before
    ):
        return None  # "does she still get her free death", "the fake death thing": an ability
    if (role is Role.SUBJECT or condition is Condition.BECOMES) and _thing_before(index, words):
        return None  # "when the game turned into a custom script": the game's, nobody's
    if (
        role is Role.ADJECTIVE
        and following is not None
        and not following.gap_before
        and following.bare in PEOPLES_VERBS
        and index > 0
        and words[index - 1].bare in ("only", "all", "so", "that", "because", "and", "but")
    ):
        return None  # "only dead can vote": the dead, players
    person = _participle_relative(index, words, before)
    if person is not None:
        return person[0]  # "the minion babysitting lil monsta got executed": the minion
    if role is not Role.SELF and reduced_relative(index, words, before):
        return before[-2]
    if role is Role.VERB and _counted_ones_relative(index, words, before):
        return None  # "does she count the two the shab just killed": the two, unnamed
    if role is not Role.SELF and _done_to_whoever(index, words, before):
        return None  # "whoever she poisoned last night", "the one lleech poisoned": unnamed
    if role is Role.ADJECTIVE:
        named = _named_as(index, words, before, after)
        if named is not None:
            return named  # "he was the drunk target": he is that person
    if (
        condition in (Condition.POISONED, Condition.DRUNK)
        and len(before) >= 2
        and before[-1][1] == index - 1
        and before[-1][2] is not None
        and possessive(words[index - 1])
        and (k := phrase_start(words, before[-1][0]) - 1) >= 1
        and words[k].bare in _FINITE_BE
        and before[-2][1] == k - 1
        and not any(w.gap_before for w in words[before[-2][1] + 1 : index + 1])
    ):
        return before[-2]  # "the damsel is the puzzlemasters drunk": the damsel is that one
    if (
        condition in (Condition.PROTECTED, Condition.POISONED, Condition.DRUNK)
        and len(before) >= 2
        and before[-1][1] == index - 1
        and before[-1][2] is not None
        and before[-2][2] is not None
        and (
            before[-2][1] == before[-1][0] - 1  # "tinker monk protected"
            or (
                words[before[-1][0] - 1].bare in COPULAS - MAKE_FORMS  # not "makes imp drunk"
                and before[-2][1] == before[-1][0] - 2
            )
            or (  # "the librarian whos monk protected"
                0 < before[-1][0] - before[-2][1] - 1 <= 2
                and all(w.bare in _WHO_IS for w in words[before[-2][1] + 1 : before[-1][0]])
            )
        )
        and not any(w.gap_before for w in words[before[-2][1] + 1 : index + 1])
    ):
        return before[-2]  # "the fool was monk protected": the fool, by the Monk
    if (
        condition is Condition.PROTECTED
        and len(before) >= 2
        and before[-1][1] == index - 1
        and before[-1][2] is not None
        and before[-2][2] is not None
        and _pronoun_is(words, before[-1][0] - 1)
    ):
        return before[-2]  # "kill the tinker when theyre monk protected": the tinker
    if (
        role in (Role.VERB, Role.ADJECTIVE)
        and before
        and (
            before[-1][1] == index - 1
            # "whoever the sweetheart made drunk"
            or (before[-1][1] == index - 2 and words[index - 1].bare in MAKE_FORMS)
        )
        and (k := phrase_start(words, before[-1][0]) - 1) >= 0
        and words[k].bare in WHOEVER
        and not any(w.gap_before for w in words[k + 1 : index + 1])
    ):
        return None  # "the imp went for whoever the monk protected": an unnamed player
    said = index - 1  # "ppl it actually killed": the subject before a hedge
    while said > 0 and words[said].bare in HEDGES and not words[said].gap_before:
        said -= 1
    if (
        role in (Role.VERB, Role.ADJECTIVE)
        and said >= 1
        and words[said].bare in SUBJECT_PRONOUNS
        and before
        and before[-1][2] is None
        and before[-1][1] == said - 1
        and not any(w.gap_before for w in words[said : index + 1])
    ):
        return before[-1]  # "the person they nominated": the person
    if (
        role is Role.ADJECTIVE
        and index >= 3
        and words[index - 1].bare in MAKE_FORMS
        and words[index - 2].bare in SUBJECT_PRONOUNS
        and before
        and before[-1][2] is None
        and before[-1][1] == index - 3
    ):
        return before[-1]  # "the player he made drunk": the player
    if role is Role.OBJECT:
        if _owned_noun(index, words, before):
            return None  # "does that stop the no dashii poison on them": its poison, a noun
        target = _object_of(index, words, before, after)
        if target is not None and target[2] is not None and _the_poison(index, words):
            return None  # "does the poison stop it": the poisoning, a noun, of no one named
        return target
    if role is Role.VERB and condition is Condition.DEAD and _a_things_doing(index, words, before):
        return None  # "people the shabaloth's own attack actually killed": not the Shabaloth
    if role is Role.VERB:
        target = _object_of(index, words, before, after)
        if target is None and words[index].bare == "kills":
            return None  # "zyxwyx kills by alphabet": the killer, no one killed
        counted = word_at(words, index + 1)
        if (
            target is None
            and counted is not None
            and not counted.gap_before
            and (counted.bare.isdigit() or counted.bare in NUMBER_WORDS)
        ):
            return None  # "shabbat killed 2 last night": two players, not the Shabaloth
        named_subject = bool(before) and before[-1][2] is not None
        if (
            target is None
            and condition is Condition.NOMINATED
            and named_subject
            and _then_executed(index, words)
        ):
            return before[-1]  # "baker nom'd then exed": nominated, then executed
        if (
            condition is Condition.NOMINATED
            and named_subject
            and index >= 2
            and words[index - 1].bare in _ORDINAL_NOMS
            and before[-1][1] == index - 2
            and not any(w.gap_before for w in words[index - 1 : index + 1])
        ):
            return before[-1]  # "virgins first nom came from the chef": her nomination
        if (
            target is None
            and condition is Condition.NOMINATED
            and named_subject
            and not passive(index, words)
        ):
            return None  # "leviathon noms and exes ...": the one nominating is not nominated
        becoming = condition is Condition.BECOMES and bool(before)
        if becoming and words[index - 1].bare in ("she", "he", "they"):
            said = pronoun_subject(index, words, before)
            if said is not None and said[2] is not None:
                return said  # "the only minion left is the SW, so she becomes the imp"
        if becoming and words[index - 1].bare in ("and", "then") and not words[index].gap_before:
            clause = clause_start(words, index)
            named = [t for t in before if t[0] >= clause and t[2] is not None]
            if named:
                return named[0]  # "can the recluse catch the star pass and become imp"
        subject = before[-1] if becoming and before[-1][2] is not None else None
        if subject is not None and not any(w.gap_before for w in words[subject[1] + 1 : index + 1]):
            between = words[subject[1] + 1 : index]
            if all(w.bare in HEDGES or w.bare in COPULAS for w in between):
                return subject  # "the SW becomes the imp": the SW is the one who becomes
        if (
            becoming
            and target is not None
            and before[-1][2] is None
            and any(w.bare in PRONOUNS for w in words[index + 1 : index + 3])
            and not any(w.gap_before for w in words[before[-1][1] + 1 : index + 1])
        ):
            return None  # "does somebody turn into it": someone unnamed becomes what "it" is
        if target is not None and not (becoming and target[2] is None):
            return target  # "the SW becomes the demon": a generic object leaves it the SW's
    if role is Role.ADJECTIVE and index > 0 and words[index - 1].bare in REFLEXIVES and before:
        return before[-1]  # "he made himself drunk"
    if (
        role is Role.ADJECTIVE
        and index > 1
        and words[index - 1].bare in OBJECT_PRONOUNS
        and words[index - 2].bare in CAUSING
        and not words[index - 1].gap_before
    ):
        # "the sailor made her drunk", "the poisoner had her poisoned": whom "her" means
        return _antecedent(index - 2, words, before, words[index - 1].bare)
    if (
        role is Role.ADJECTIVE
        and index >= 4
        and word_at(words, index + 1) is not None
        and words[index + 1].bare == "one"
        and words[index - 1].bare == "the"
        and words[index - 2].bare in OBJECT_PRONOUNS
        and words[index - 3].bare in MAKE_FORMS
        and not any(w.gap_before for w in words[index - 2 : index + 2])
    ):
        # "so i made him the drunk one": whom "him" means
        return _antecedent(index - 3, words, before, words[index - 2].bare)
    said_of = _the_one(role, index, words, before)
    if said_of is not None:
        return said_of  # "so hes the drunk one": whom "he" means
    following = word_at(words, index + 1)
    if role is Role.ADJECTIVE and following is not None and following.bare in OBJECT_PRONOUNS:
        if not following.gap_before:  # "but monk protected him": the participle as a verb
            return _object_of(index, words, before, after)
    if (
        role is Role.ADJECTIVE
        and condition in (Condition.PROTECTED, Condition.POISONED)
        and _whom_follows(index, words)
    ):
        return None  # "the monk protected exactly who the demon went for": whoever that was
    if (
        role is Role.ADJECTIVE
        and index >= 3
        and words[index - 1].bare == "be"
        and words[index - 2].bare == "to"
        and before
        and before[-1][1] == index - 3
        and (k := phrase_start(words, before[-1][0]) - 1) >= 0
        and words[k].bare in FORCING
        and not any(w.gap_before for w in words[k + 1 : index + 1])
    ):
        return before[-1]  # "can the cerenovus force a player to be mad": that player
    if role is Role.ADJECTIVE and before and before[-1][1] == index - 1:
        made = phrase_start(words, before[-1][0]) - 1
        if made >= 0 and words[made].bare in MAKE_FORMS:
            return before[-1]  # "can the ceren make somebody mad": the one made so
        ends = following is None or following.gap_before or following.bare in CLAUSE_ENDS
        if ends and not words[index].gap_before:
            if (
                made >= 1
                and words[made].bare in ("who", "whom")
                and len(before) > 1
                and before[-2][1] == made - 1
            ):
                return before[-2]  # "carnage chose the librarian, who the monk protected"
            return before[-1]  # "evil twin poisoned and good twin executed": after its noun
    linked = index - 1
    while linked > 0 and words[linked].bare in HEDGES and not words[linked].gap_before:
        linked -= 1  # "the mastermind is already dead and the demon ...": still said of it
    while (
        linked > 1
        and words[linked].bare in ("but", "and", "or")
        and words[linked - 1].bare in STATE_ADJECTIVES
        and not words[linked].gap_before
        # not a verb with its object: "is alive and poisoned the mayor"
        and not (
            following is not None and not following.gap_before and _object_next(following, after)
        )
    ):
        linked -= 2  # "the technocrat is alive but poisoned": a second state of the same one
        while linked > 0 and words[linked].bare in HEDGES and not words[linked].gap_before:
            linked -= 1
    predicative = (
        index > 0
        and words[linked].bare in COPULAS
        and bool(before)
        and not any(t[0] == index + 1 for t in after)  # "are dead players": attributive
    )
    if (
        role in (Role.SUBJECT, Role.VERB)
        and before
        and (
            before[-1][1] == index - 1
            or (before[-1][1] == index - 2 and words[index - 1].bare in _SIDES)
        )
        and before[-1][2] is not None
        and _beside(before[-1], words)
    ):
        # "one of the townsfolk next to the no dashii died": not the No Dashii; "the imp next
        # to the monk died": the Imp
        k = phrase_start(words, before[-1][0]) - 1
        seated = len(before) >= 2 and before[-2][1] == k - 2 and before[-2][2] is not None
        return before[-2] if seated else None
    if predicative and role is Role.ADJECTIVE and _beside(before[-1], words):
        if linked > 0 and words[linked - 1].bare == "and" and not words[linked].gap_before:
            # "tinker sits next to the tea lady and is protected": the one who sits there
            seated = [t for t in before[:-1] if t[2] is not None]
            if seated and not any(w.gap_before for w in words[seated[-1][1] + 1 : index + 1]):
                return seated[-1]
        return None  # "one of the townsfolk next to the no dashii is dead": not the No Dashii
    if role is Role.ADJECTIVE and not predicative:  # "SW is poisoned and the imp...": the SW's
        noun = _adjective_noun(index, words, after)
        if noun is not None and noun[2] is None:
            member = _one_of_the(index, words, before)
            if member is not None:
                return member  # "snakecharmer is one of nodash poisoned tfs": the Snake Charmer
        if noun is not None:
            return noun
    if role is Role.SELF:
        said_by = _reflexive_of_a_pronoun(index, words, before)
        if said_by is not None:
            return said_by  # "the demon got him n3. he wakes and points at himself": his
        if (
            before
            and words[index - 1].bare in ("and", "or", "+", "&")
            and _victim(before, words) is before[-1]
        ):
            doers = [t for t in before[:-1] if t[2] is not None]
            if doers:
                # "FT picks the swindler and themselves", "picked sara + himself": the FT
                return doers[-1]
        if (
            len(before) >= 2
            and _and_a_verb_before(index, words, before[-1])
            and _victim(before, words) is before[-1]
        ):
            # "a dead player can hand the beggar their token and still vote themselves": the
            # one who hands, the Beggar being handed to
            return before[-2]
        # not the agent of a passive: "rk got killed by the demon and wants to point at
        # himself": the Ravenkeeper
        acting = [
            t for t in before if not by_whom(t, words) and not of_the_other_gender(t, index, words)
        ] or before
        if _subjectless_gerund(index, words):
            # "the DA wants to save the same person ... what about picking themself": the
            # one who acts, not the player last spoken of
            named = [t for t in acting if t[2] is not None]
            if named:
                return named[-1]
        return acting[-1] if acting else None
    if role is Role.TIME and _a_nights_thing(index, words):
        return None  # "does the n1 target still die": the night of a thing, no one's
    if (
        role is Role.TIME
        and index
        and words[index - 1].bare in ("his", "her")  # "their" may be any player's
        and not words[index].gap_before
    ):
        owner = _named_antecedent(index - 1, words, before)
        if owner is not None:
            return owner  # "mage traveller showed up and on his first night picked empath"
    if role is Role.TIME:  # a night is a named character's ("2 outsiders ... on night 2")
        k = index - 1 if index and words[index - 1].bare in ("on", "at", "during") else index
        if k >= 2 and words[k - 1].bare in OBJECT_PRONOUNS:
            form = condition_form(words[k - 2].bare)
            if form is not None and form[0] in (Condition.DEAD, Condition.EXECUTED):
                return _object_of(k - 2, words, before, after)  # "killed him on n3": his
        start = _clause_from(words, index)
        in_clause = [t for t in before if t[0] >= start and t[2] is not None]
        heads = [
            t
            for t in before
            if (t[0] >= start or t[1] + 1 == start)  # "the undertaker, who died n2" too
            and word_at(words, t[1] + 1) is not None
            and words[t[1] + 1].bare in ("who", "whos", "whose")
            and not words[t[1] + 1].opens_sentence  # not "the undertaker. who died n2"
            and not _ends_between(words, t[1] + 1, index)
        ]
        if heads and (
            heads[-1][2] is not None or not in_clause or words[heads[-1][1] + 1].bare == "whose"
        ):
            # "someone who died n2", "brought back our ravenkeeper who died n3", "a townsfolk
            # whose ability works only on the first night": theirs
            return heads[-1]
        if not in_clause and _an_unnamed_ones_night(index, start, words, before):
            return None  # "a good player said the word today, do they turn tonight": theirs
        if not in_clause and rx.search(_NO_DEATHS, " ".join(w.bare for w in words[start:index])):
            return None  # "... and the sailor didnt die, so no deaths that night": no one's
        if _uneventful(index, words):
            return None  # "carl is our RK. n1 quiet, n2 ...": a night no one did anything in
        if _unnamed_head_of_relative(index, start, words):
            return None  # "is the guy he poisoned still poisoned tonite": the guy's
        relative = [t for t in before if t[2] is not None and t[0] >= start]
        if (
            relative
            and index >= 2
            and relative[-1][1] == index - 2
            and words[index - 1].bare.endswith("ed")
            and reduced_relative(index - 1, words, [t for t in before if t[1] <= relative[-1][1]])
            and _asked_of_the_head(relative[-1], words, before)
        ):
            # "does the guy pukka poisoned n2 still die": the night of what the Pukka did (not
            # "carnage picks the guy the monk protected n3": the Carnage's pick)
            return relative[-1]
        doer = _doer_in_relative(index, words, before)
        if doer is not None:
            return doer  # "does the player she poisoned night one stay poisoned": the widow's
        if _asked_of_someone_unnamed(index, start, words, before):
            return None  # "baker exed does nominator learn anything tonight": the nominator's
        if (
            not in_clause
            and _storytellers_own_clause(index, start, words)
            and not any(
                start <= t[0] and not _ends_between(words, index, t[0]) and not _a_team(t, words)
                for t in targets
            )
        ):
            woken = _woken_by_pronoun(start, index, words, before)
            if woken is not None:
                return woken  # "the undertaker is alive, do i wake her tonight": the Undertaker
            topic = [t for t in before if t[2] is not None and not _no_one_told(t, words)]
            if topic:
                return topic[0]  # "storm catcher on soldier, what do i do n1": the Storm Catcher
        said_by = _said_by_pronoun(index, start, words, before)
        if said_by is not None and (
            not in_clause or (said_by not in in_clause and _opens_clause(start, words))
        ):
            # "summoner wants a pukka. can he do it on n2": the Summoner's; "snake charmer, she
            # picked the fang gu on night one": the Snake Charmer's, who acts in it
            return said_by
        unnamed = [
            t
            for t in before
            if t[0] >= start and t[2] is None and not _storytellers_object(t, words)
        ]
        source = _whose_doing(index, words, after)
        if unnamed and not in_clause and source is not None:
            return source  # "does someone still die tonight from the gossip": the Gossip's
        sole = {t[2] for t in before if t[2] is not None}
        if (
            unnamed
            and not in_clause
            and len(sole) == 1
            and _someone_dies(unnamed[-1], index, words)
        ):
            # "the gossip made her statement yesterday ... does someone still die tonight":
            # the night of the one character whose doing the death would be
            return next(t for t in before if t[2] is not None)
        if unnamed and not in_clause and _tonight(words, index):
            # "she got executed and died. does the demon still kill tonight": the Demon's night
            # (a later night said "tonight" is someone's only where they act in it)
            return None
        if _timed_state_of_someone_unnamed(index, words, before):
            return None  # "the imp is in play. a townsfolk died n2": the townsfolk's night
        if _owner_of_the_subject(in_clause, before, start, index, words):
            return None  # "the no dashii's townsfolk neighbour died n2": the neighbour's night
        if len(in_clause) >= 2 and _acts(in_clause[0], words):
            last = in_clause[-1]
            if (
                _acts(last, words)
                and reduced_relative(last[1] + 1, words, [t for t in before if t[1] <= last[1]])
                and any(
                    w.bare in ("today", "yesterday") for w in words[in_clause[0][1] + 1 : last[0]]
                )
            ):
                # "used their shot today on the player the lleech poisoned on night one": the
                # Lleech's night, the shot having its own day
                return last
            return in_clause[0]  # "pit hag turned the mathematician into a fang gu on n3"
        named_before = [t for t in before if t[2] is not None]
        if in_clause:  # "used its ability on n3 and then attacked the soldier": not past "and"
            after = [t for t in after if not _ends_between(words, index, t[0])]
        elif index - start <= 1 or all(
            w.bare in _NIGHT_OPENERS and not w.gap_before for w in words[start + 1 : index]
        ):  # ("on their first night they chose the savant")
            by_pronoun = _pronoun_after_time(index, words, before)
            if by_pronoun is not None:
                return by_pronoun  # "second night she picked the imp": the Snake Charmer's
            # "So tonight, does the demon act twice": a fronted time times what follows its comma
            fronted = (
                index + 1 < len(words)
                and words[index + 1].gap_before
                and not words[index + 1].opens_sentence
                and not words[index].asks
            )
            ahead = [
                t for t in after if not _ends_between(words, index + 1 if fronted else index, t[0])
            ]
            opened = [t for t in ahead if t[2] is not None]
            if (
                opened
                and named_before
                and _verb_between(words, index, opened[0][0])
                # (not the storyteller's doing: "tonight how do i wake the scarlet woman")
                and not any(w.bare in ("i", "we") for w in words[index + 1 : opened[0][0]])
                # (nor an unnamed subject's: "n2 the demon got the empath")
                and not any(t[2] is None and t[0] < opened[0][0] for t in ahead)
            ):
                # "good mage joined and on n1 picked empath": the one who picked, said before
                return named_before[-1]
            if opened:
                return opened[0]  # "night 2 innkeeper picks the chambermaid": the innkeeper
            if _unnamed_subject_after(index, start, words, ahead, named_before):
                return None  # "the chef is in play. n2 the demon killed rob": the demon's
            if (
                _tonight(words, index)
                and ahead
                and ahead[0][2] is None
                and not any(w.bare in PRONOUNS for w in words[index + 1 : ahead[0][0] + 1])
            ):
                return None  # "tonight someone else would turn evil": theirs, unnamed
        # not across a break: "took empath on n2 (empath in play ...)" is the first empath's,
        # nor one said to be in play after it: "po killed itself on n3 with a dirtminder in
        # play" is the Po's night
        if named_before:
            after = [
                t
                for t in after
                if not any(w.gap_before for w in words[index + 1 : t[0] + 1])
                and not _said_in_play(t, words)
            ]
        named_after = [t for t in after if t[2] is not None]
        if (
            len(in_clause) == 1
            and named_after
            and _acts(in_clause[0], words)
            and _opens_clause_as_subject(in_clause[0], start, words)
        ):
            # "the assassin also used his kill tonight on the gambler": the night of the one
            # acting in its clause, not of whom the act lands on after it
            return in_clause[0]
        undergone = _undergone_by(index, words, before)
        if undergone is not None:
            return undergone  # "the empath sat next to the no dashii and got killed n2": hers
        later = _pronoun_later_in_sentence(index, words, before, after)
        if later is not None:
            return later  # "... the vortox kill? does tonights body count in her number": hers
        nearest = _nearest(index, named_before, named_after) or _nearest(index, before, after)
        passive_of = passive_subject(nearest, words, before)
        if passive_of is not None:
            return passive_of  # "sleeper killed by imp n2": the sleeper's night
        named_object = nearest is not None and nearest[2] is not None
        if (
            named_object
            and len(before) >= 3
            and before[-1][2] is None
            and nearest is before[-2]
            and words[before[-1][1]].bare in SINGLE_PEOPLE | ANYONE | {"else"}
            and [w.bare for w in words[nearest[1] + 1 : phrase_start(words, before[-1][0])]]
            in (["and"], ["&"])
            and not any(w.gap_before for w in words[nearest[1] + 1 : index + 1])
            and _victim(before[:-1], words) is nearest
        ):
            named = [t for t in before[:-2] if t[2] is not None]
            if named:
                # "FT picked the vengeance and someone else on night 1": the FT's
                return named[-1]
        if named_object and len(before) >= 3 and nearest is before[-1]:
            k = phrase_start(words, nearest[0]) - 1
            if (
                k >= 0
                and words[k].bare in ("and", "&")
                and not words[k + 1].gap_before
                and before[-2][2] is not None
                and _victim(before[:-1], words) is before[-2]
                # (not a clause of its own: "attacked the sailor and the sailor was drunk")
                and (
                    getattr(word_at(words, nearest[1] + 1), "bare", "") not in _BEING_DONE
                    or _said_in_play(nearest, words)
                )
            ):
                named = [t for t in before[:-2] if t[2] is not None]
                if named:
                    # "chambermaid picked the mathematician and the empath on n2": hers
                    return named[-1]
        if named_object and before and nearest is before[-1] and _victim(before, words) is nearest:
            if (
                before[-2][2] is None
                and words[before[-2][1]].bare in SINGLE_PEOPLE | ANYONE
                and _clause_from(words, before[-2][0]) == _clause_from(words, nearest[0]) == start
            ):
                # "someone picked the vengeance on night one", "does the nominator still learn
                # baker tonite": theirs, unnamed
                return None
            named = [t for t in before[:-1] if t[2] is not None]
            return named[-1] if named else nearest  # "the mage picked empath on n1": the mage
        if (
            nearest is not None
            and nearest[2] is not None
            and not in_clause
            and not _same_clause(words, nearest[0], index)
            and _unnamed_asked_subject(index, words, before)
        ):
            # "toymaker, 6 player game - do i still wake minions n demon for info first night":
            # the night of the unnamed people in its clause, not of a name outside it
            return None
        return nearest
    head = (
        head_of_clause(index, words, before)
        or participle_head(index, words, before)
        or relative_head(index, words, before)
        or reduced_relative_head(index, words, before)
    )
    if head is not None:
        return head
    if condition is Condition.NOMINATED and role is Role.VERB and _nominating(index, words, before):
        # "cursed herself last night and then nominated today", "can he still nom": the one
        # before nominates
        return None
    if _said_of_the_name_before(condition, index, words, before):
        return before[-1]  # "can one of them be the recluse registering as the demon": his
    subject = (
        coordinated_subject(index, words, before)
        or pronoun_subject(index, words, before)
        or asked_subject(index, words, before)
    )
    if subject is not None:
        return subject
    if unnamed_subject(index, words, before):
        return None  # "... whoever the monk protected. they die right?": that player
    j = index - 1
    while j > 0 and (words[j].bare in COPULAS or words[j].bare in HEDGES):
        j -= 1
    if j >= 0 and words[j].bare in WHOEVER and role is not Role.TIME:
        return None  # "the imp kills whoever is drunk", "whoever is on the block": anyone
    if (
        role is Role.ADJECTIVE
        and index >= 2
        and words[index - 1].bare in ("that", "this", "it")
        and words[index - 2].bare in AUXILIARIES | {"did"}
    ):
        # "does that drunk anything": a verb, the one made so (if anyone) after it
        return _object_of(index, words, before, after)
    if (
        role is Role.ADJECTIVE
        and index >= 1
        and words[index].bare.endswith("ing")
        and words[index - 1].bare in CARRYING_ON
    ):
        following = word_at(words, index + 1)
        if following is not None and following.bare in REFLEXIVES and before:
            return before[-1]  # "poisoner keeps poisoning herself": on her, the state
        return None  # "the poisoner keep poisoning while dead": what they do, no state
    if role is Role.ADJECTIVE and (one := _the_one_said(index, words, before)) is not None:
        return one  # "sailor chose himself so he's the drunk one, and the demon ...": his
    if role is Role.ADJECTIVE and (asked_of := _or_stays(index, words, before)) is not None:
        return asked_of  # "does abe sober up now that she's alive or stay drunk": Abe
    if (
        condition is Condition.DEAD
        and role is Role.SUBJECT
        and (victim := _victim_asked(index, words, before)) is not None
    ):
        return victim  # "monk protected the soldier, imp goes for him. dies?": the Soldier
    if condition is Condition.DEAD and role is Role.VERB and _killed_someone_unnamed(index, words):
        return None  # "n2 vortox killed al": whom it killed, no character (not the Vortox)
    if condition is Condition.NOMINATED and role is Role.SUBJECT and _nominations_had(index, words):
        return None  # "does she receive her extra nominations": hers to make, not of her
    if (
        role is Role.SUBJECT
        and condition is Condition.DEAD
        and _another_subject_before(index, words, targets)
    ):
        return None  # "SW still alive. the original died": the original Demon, unnamed
    if role is Role.SUBJECT and _lettered_player(index, words):
        return None  # "A dies even tho ...": the player called "A"
    placed = _placed_by(before, index, words)
    if placed is not None:
        return placed  # "the nearest townsfolk on the clockwise side of my no dashii is dead"
    if before and (role is not Role.ADJECTIVE or index - before[-1][1] <= 6):
        return before[-1]
    # not "no one", far back: "the po chose no one, but I had him marked as drunk"; nor one
    # in the next sentence ("... just dropped dead mid convo. does the godfather get a kill")
    return _nearest(
        index,
        [t for t in before if not _no_one_told(t, words)],
        # (not the character one is mad about being: "she spent all day mad about being the
        # clockmaker" is her madness)
        [
            t
            for t in after
            if _same_sentence(words, index, t[0])
            and not _a_role(t, words)
            and not _said_absent(t, words)
        ],
    )


def _said_absent(target: Target, words: list[Word]) -> bool:
    """ "no atheist in play": a character said to be absent, of whom nothing is told."""
    k = phrase_start(words, target[0]) - 1
    return k >= 0 and words[k].bare == "no" and not words[target[0]].gap_before


# what a night's word may stand before as its own: "the n1 target", "that night 2 kill"
_NIGHTS_THINGS = frozenset(
    "target targets kill kills pick picks choice choices victim attack poisoning death "
    "guess info information ability".split()
)


def _a_nights_thing(index: int, words: list[Word]) -> bool:
    """ "does the n1 target still die", "the night 2 kill": a night said of the thing after
    it, after an article, times that thing (an act already timed, or an unnamed player)."""
    if index < 1 or words[index - 1].bare not in _NIGHTS_OWNERS or words[index].gap_before:
        return False
    end, then = index, word_at(words, index + 1)
    if then is not None and (
        (
            words[index].bare in ("night", "nite")
            and (then.bare.isdigit() or then.bare in NUMBER_WORDS)
        )
        or (words[index].bare in ("first", "1st") and then.bare in ("night", "nite"))
    ):
        end = index + 1  # "night 1", "first night"
    elif not rx.fullmatch(r"n\d+", words[index].bare):
        return False  # "that nite lycan kills": a night, then its clause
    following = word_at(words, end + 1)
    if following is not None and following.bare == "only" and not following.gap_before:
        end, following = end + 1, word_at(words, end + 2)  # "a first night only info ability"
    return (
        following is not None
        and not following.gap_before
        and not words[end].gap_before
        and following.bare in _NIGHTS_THINGS
    )


# what a night said of a thing may stand after: "the n1 target", "her first night info"
_NIGHTS_OWNERS = frozenset("the that a her his their its".split())


_ONE_PERSONS_PRONOUNS = frozenset({"he", "she", "his", "her", "hers"})


def _pronoun_later_in_sentence(
    index: int, words: list[Word], before: list[Target], after: list[Target]
) -> Target | None:
    """A night in a sentence that names no one, a "she" or "her" later in it: the night of
    whom the pronoun stands for ("does tonights body count in her number")."""
    if any(
        _same_sentence(words, t[0], index) and not (t[2] is not None and modifies(t, words))
        for t in (*before, *after)
    ):
        return None  # (not a name said of a thing: "tonight when do i tell her, ... at the
        # imps spot?" is hers)
    for word in words[index + 1 :]:
        if word.opens_sentence:
            return None
        if word.bare in _ONE_PERSONS_PRONOUNS:
            return _named_antecedent(word.index, words, before)
    return None


def _unnamed_asked_subject(index: int, words: list[Word], before: list[Target]) -> bool:
    """The night's clause opens with its question's verb and an unnamed subject: "do minions
    + demon still get their info n1", "do the minions and demon still wake on n1"."""
    opening = past_opener(words, clause_start(words, index))
    if opening >= index or words[opening].bare not in QUESTION_AUXILIARIES:
        return False
    subject = next((t for t in before if t[0] > opening), None)
    return (
        subject is not None
        and subject[2] is None
        and subject[0] <= opening + 2
        and words[subject[1]].bare not in PRONOUNS
        # not whom the question asks: "could someone walk me through the first night"
        and words[subject[1]].bare not in SOMEONE
    )


def _killed_someone_unnamed(index: int, words: list[Word]) -> bool:
    """A kill with an object no character or person word names: "vortox killed al.", whose
    subject killed, not died (not "empath killed n2", "killed by the imp", "killed tonight")."""
    if words[index].bare not in _KILLING:
        return False
    following = word_at(words, index + 1)
    return (
        following is not None
        and not following.gap_before
        and following.bare.isalpha()
        and following.bare not in STOPWORDS | REFLEXIVES | _NOT_AN_OBJECT
        and condition_form(following.bare) is None
    )


_KILLING = frozenset("killed kills kill killing ate eats murdered".split())
# what may follow a kill that is no one killed: "killed tonight", "killed again"
_NOT_AN_OBJECT = frozenset(
    "tonight tonite today yesterday again twice instead too first last night nite earlier "
    "later already anyway off".split()
)


def _or_stays(index: int, words: list[Word], before: list[Target]) -> Target | None:
    """The subject of a question asking one thing "or" that the state stays: "does abe
    sober up now that the sweetheart is alive or stay drunk" (Abe, not the Sweetheart)."""
    if (
        index < 2
        or words[index - 1].bare not in _STAYING
        or words[index - 2].bare != "or"
        or any(w.gap_before for w in words[index - 2 : index + 1])
    ):
        return None
    start = _sentence_start(words, index)
    if words[start].bare not in QUESTION_AUXILIARIES | {"is"}:
        return None
    k = start + 1
    while k < index and words[k].bare in ARTICLES:
        k += 1
    return next((t for t in before if t[0] == k), None)


_STAYING = frozenset("stay stays remain remains".split())


def _uneventful(index: int, words: list[Word]) -> bool:
    """The night's own clause, after it, says nothing happened: "n1 quiet,", "n1 normal.",
    "night 1 was pretty boring"."""
    said = []
    k = index + 1
    while k < len(words) and (k == index + 1 or not words[k].gap_before):
        said.append(words[k].bare)
        k += 1
    if said[:1] in (["a"], ["an"], ["one"]) and said[1:] in (["kill"], ["death"]):
        return not words[index + 1].gap_before  # "n2 a kill, day 2 no exe": no one named
    return any(w in _UNEVENTFUL for w in said) and all(
        w in _UNEVENTFUL | _UNEVENTFUL_FILLER or w.isdigit() or rx.fullmatch(_A_NIGHT, w)
        for w in said
    )


_UNEVENTFUL = frozenset(
    "quiet normal nothing boring uneventful calm standard routine info done".split()
)
# another night told with it: "n1 n2 normal", "n1 and n2 quiet"
_A_NIGHT = r"n\d{1,2}|nights?|nites?|and|&"
_UNEVENTFUL_FILLER = frozenset(
    "was were went by as pretty very really super totally happened happens so fine ok okay "
    "one two three weird interesting special much strange odd unusual".split()
)


def _said_in_play(target: Target, words: list[Word]) -> bool:
    """ "with a dirtminder in play", "and a dirtminder is in play": there, not acting."""
    k = target[1] + 1
    if k < len(words) and words[k].bare in ("is", "was") and not words[k].gap_before:
        k += 1
    return (
        k + 1 < len(words)
        and words[k].bare == "in"
        and words[k + 1].bare == "play"
        and not words[k].gap_before
    )


_TEAMS_OF_PLAYERS = frozenset(
    "players minions demons townsfolk outsiders everyone everybody team evils".split()
)


def _a_team(target: Target, words: list[Word]) -> bool:
    """No one named, but a group the storyteller deals with at once: "what do i show the evil
    players n1" (the night is the one the question is about).

    >>> from service.answer.mentions import tokenize
    >>> words = tokenize("what do i show the evil players n1")
    >>> _a_team((4, 6, None), words), _a_team((4, 6, "imp"), words)
    (True, False)
    """
    return target[2] is None and words[target[1]].bare in _TEAMS_OF_PLAYERS


def _subjectless_gerund(index: int, words: list[Word]) -> bool:
    """A reflexive after a gerund with no one before it: "what about picking themself", "and
    pointing at himself?".

    >>> from service.answer.mentions import tokenize
    >>> words = tokenize("is that allowed? and what about picking themself")
    >>> _subjectless_gerund(len(words) - 1, words)
    True
    >>> words = tokenize("the imp picking himself")
    >>> _subjectless_gerund(len(words) - 1, words)
    False
    """
    k = index - 1
    if k >= 1 and words[k].bare in ("at", "on", "to"):
        k -= 1  # "pointing at himself"
    if k < 0 or not words[k].bare.endswith("ing") or len(words[k].bare) < 5:
        return False
    return words[k].gap_before or k == 0 or words[k - 1].bare in ("about", "and", "or", "with")


def _reflexive_of_a_pronoun(index: int, words: list[Word], before: list[Target]) -> Target | None:
    """ "he wakes and points at himself", "and he can pick himself?": a reflexive whose clause
    opens with "he" or "she" and names no one before it is the character that pronoun
    stands for."""
    for j in range(index - 1, max(-1, index - 8), -1):
        if words[j + 1].gap_before and j + 1 != index:
            return None
        if any(t[0] <= j <= t[1] for t in before):
            return None  # "the FT picks the swindler and himself": named in between
        if words[j].bare in ("he", "she"):
            return _named_antecedent(j, words, before)
    return None


def _same_clause(words: list[Word], a: int, b: int) -> bool:
    """No punctuation between words ``a`` and ``b``."""
    low, high = min(a, b), max(a, b)
    return not any(w.gap_before for w in words[low + 1 : high + 1])


def _same_sentence(words: list[Word], a: int, b: int) -> bool:
    """No full stop or question mark between words ``a`` and ``b``."""
    low, high = min(a, b), max(a, b)
    return not any(w.opens_sentence for w in words[low + 1 : high + 1])


def _said_of_the_name_before(
    condition: Condition, index: int, words: list[Word], before: list[Target]
) -> bool:
    """ "the recluse registering as the demon", "the sw becoming the imp": a present
    participle of registering or becoming straight after a character's name says it of
    that character, whoever the clause's subject is."""
    return (
        condition in (Condition.REGISTERING, Condition.BECOMES)
        and words[index].bare.endswith("ing")
        and bool(before)
        and before[-1][2] is not None
        and before[-1][1] == index - 1
        and not words[index].gap_before
    )


def _the_dead(
    condition: Condition, role: Role, index: int, words: list[Word], after: list[Target]
) -> bool:
    """ "the dead" as the dead players, the subject of what follows: "and the dead put 2
    votes on her", "the dead gave A 2 votes", or ending its clause ("votes from the dead.");
    not "the dead empath", "the dead guy", "the dead votes"."""
    following = word_at(words, index + 1)
    return (
        condition is Condition.DEAD
        and role is Role.ADJECTIVE
        and index >= 1
        and words[index - 1].bare == "the"
        and not any(t[0] == index + 1 for t in after)
        and (following is None or following.gap_before or following.bare in _WHAT_THE_DEAD_DO)
    )


def _state_placed(
    condition: Condition, role: Role, index: int, words: list[Word], before: list[Target]
) -> bool:
    """A state word after a name, said to go or sit on someone: the drunkenness that name
    gives, as a token ("the sweetheart drunk still has to land on the fall guy", "had the
    florist drunk on them"), not that character's state."""
    if condition not in (Condition.DRUNK, Condition.POISONED) or role is not Role.ADJECTIVE:
        return False
    k = index + 1
    while k < len(words) and words[k].bare in _TO_LAND and not words[k].gap_before:
        k += 1
    after_on = word_at(words, k + 1)
    if after_on is not None and after_on.bare == "the":
        after_on = word_at(words, k + 2)
    return (
        k < len(words)
        and not words[k].gap_before
        and words[k].bare in ("on", "onto")
        and (k == index + 1 or words[k - 1].bare in _LANDING)
        # right after the name that gives it, not "the summoner's drunk on night 3"
        and bool(before)
        and before[-1][1] == index - 1
        and before[-1][2] is not None
        and not possessive(words[index - 1])
        and after_on is not None
        and not rx.fullmatch(r"n\d+|night|nite|first|day|d\d+", after_on.bare)
    )


# a token's going on someone: "(still) (has to) land on", "goes onto", "move to"
_LANDING = frozenset("land lands landed go goes went move moves moved stay stays sit sits".split())
_TO_LAND = _LANDING | frozenset("still has have to must should can just".split())


# what "the dead" do as a group: "the dead put 2 votes on her", "the dead can still vote";
# or whom a clause says it of: "the dead who blew their vote"
_WHAT_THE_DEAD_DO = AUXILIARIES | frozenset(
    "put puts vote votes voted can cant could may still raise raised get got have had keep"
    " kept lose lost who gave give gives gets has are were might cannot dont didnt all".split()
)


def _subordinated(index: int, words: list[Word]) -> int:
    """Where the bare subordinator stands that says the state at ``index`` with no subject of
    its own ("while poisoned", "while still poisoned"); 0 if none does."""
    j = index - 1
    while j >= 1 and words[j].bare not in BARE_SUBORDINATORS and words[j].bare in HEDGES | COPULAS:
        j -= 1
    return j if j >= 1 and words[j].bare in BARE_SUBORDINATORS else 0


def _nominating(index: int, words: list[Word], before: list[Target]) -> bool:
    """ "... and then nominated today": a second predicate of the one named before, active
    (no "got", "was" before it); "can he still nom", "can the zombuul nom": after a modal and
    its subject. Either way that one nominates someone."""
    j = index - 1
    while j > 0 and words[j].bare in HEDGES and not words[j + 1].gap_before:
        j -= 1
    if j <= 0 or words[j + 1].gap_before:
        return False
    if words[j].bare in ("and", "n", "&"):
        return True
    if before and before[-1][1] == j:
        j = phrase_start(words, before[-1][0])
    elif words[j].bare not in SUBJECT_PRONOUNS:
        return False
    return j >= 1 and words[j - 1].bare in MODALS | _MODALS | {"cant", "cannot"}


def _when_of(index: int, words: list[Word]) -> bool:
    """The execution said as a time: "after the exe", "before the execution", "at exe" (not
    "died at exe", how someone died)."""
    j = index - 1
    if (
        j > 0
        and words[j].bare in _WHICH_EXECUTION
        and words[j - 1].bare == "the"
        and not words[index].gap_before
        and not words[j].gap_before
    ):
        return True  # "an ability from the previous execution": an earlier one, a time
    if j > 0 and words[j].bare == "the" and not words[index].gap_before:
        j -= 1
    if j < 0 or words[j + 1].gap_before:
        return False
    if words[j].bare in PHASE_BOUNDS:
        return True
    return words[j].bare == "at" and not (j > 0 and words[j - 1].bare in _DIED)


_WHICH_EXECUTION = frozenset("previous last earlier prior first next".split())


# the person-words that, after a name, are that character's player: "the legion player"
PLAYER_WORDS = frozenset({"player", "guy", "person"})


def _beside(target: Target, words: list[Word]) -> bool:
    """A character named only as where someone sits: "next to the no dashii", "beside him",
    "on the no dashii's left"."""
    k = phrase_start(words, target[0]) - 1
    if k >= 1 and words[k].bare == "to" and words[k - 1].bare == "next":
        return True
    side = word_at(words, target[1] + 1)
    if (
        k >= 0
        and words[k].bare in ("on", "to", "at")
        and possessive(words[target[1]])
        and side is not None
        and side.bare in _SIDES
        and not side.gap_before
    ):
        return True  # "the nearest townsfolk on the no dashii's left"
    return k >= 0 and words[k].bare in ("beside", "neighbouring", "neighboring")


# a pronoun and its copula typed as one word: "theyre monk protected", "hes the drunk one"
_PRONOUN_IS = {"hes": "he", "shes": "she", "theyre": "they"}


def _pronoun_is(words: list[Word], index: int) -> bool:
    """ "theyre", "he is", "she was" ends at ``index``: a person said to be something."""
    if index < 0:
        return False
    if words[index].bare in _PRONOUN_IS:
        return True
    return (
        index > 0
        and words[index].bare in COPULAS
        and words[index - 1].bare in ("he", "she", "they")
    )


def _clause_from(words: list[Word], index: int) -> int:
    """Where the clause holding a time word starts: after punctuation or a word that ends a
    clause ("and then", "so", "but")."""
    start = clause_start(words, index)
    while start and _seat_set_off(words, start):
        start = clause_start(words, start - 1)  # "turned rob (seat 3) into a vortox on n3"
    for word in words[start:index]:
        if word.bare in CLAUSE_ENDS:
            start = word.index + 1
        elif (
            word.bare in QUESTION_AUXILIARIES
            and word.index > start
            and words[word.index - 1].bare in _TOLD_WHEN
        ):
            # a question run on after what it tells, unpunctuated: "barber was drunk when he
            # died today does the demon swap tonight"
            start = word.index
    return start


_TOLD_WHEN = frozenset("today yesterday tonight tonite dusk dawn".split())


def _seat_set_off(words: list[Word], k: int) -> bool:
    """The break before word ``k`` opens or closes a seat set off beside a player, in
    brackets or commas ("pit hag turned rob (seat 3) into", "rob, seat 3, died"): the clause
    reads on through it."""

    def seat_at(i: int) -> bool:
        return (
            0 < i < len(words) - 2
            and words[i].bare == "seat"
            and words[i + 1].bare.isdigit()
            and words[i].gap_before
            and not words[i].opens_sentence
            and not words[i + 1].gap_before
            and words[i + 2].gap_before
            and not words[i + 2].opens_sentence
        )

    return seat_at(k) or seat_at(k - 2)


def _ends_between(words: list[Word], first: int, last: int, past: int | None = None) -> bool:
    """A break or a word joining clauses between two words (not the break at ``past``)."""
    return any(
        (w.gap_before and w.index != past) or w.bare in CLAUSE_ENDS
        for w in words[first + 1 : last + 1]
    )


_OF_A_NIGHT = frozenset("one two three four five six seven eight nine ten night nite".split())


def _heading_break(words: list[Word], night: int) -> int | None:
    """The word after a night heading its sentence ("n3: the monk protected tim", "night 2,
    the poisoner hit the chef"), whose break before it opens what the night times."""
    following = word_at(words, night + 1)
    while (
        following is not None
        and not following.gap_before
        and (following.bare.isdigit() or following.bare in _OF_A_NIGHT)
    ):
        following = word_at(words, following.index + 1)  # "night 2", "night two"
    if (
        following is None
        or not following.gap_before
        or following.opens_sentence
        or following.aside
        or any(w.bare not in _FRONTED for w in words[_sentence_start(words, night) : night])
    ):
        return None
    return following.index


def _opens_clause_as_subject(subject: Target, start: int, words: list[Word]) -> bool:
    """The one named opens its clause: only an article or a word joining clauses before
    it ("then the SC pointed", "and the assassin also used")."""
    return all(
        w.bare in ARTICLES | _JOINING_CLAUSES | {"also", "later"} for w in words[start : subject[0]]
    )


def _verb_after(subject: Target, words: list[Word]) -> Word | None:
    """The word after the one named, past hedges ("the assassin also used"), in its clause;
    None after a possessive name ("the monk's") or at a break."""
    k = subject[1] + 1
    while k < len(words) and words[k].bare in HEDGES and not words[k].gap_before:
        k += 1
    if k >= len(words) or words[k].gap_before:
        return None
    if possessive(words[subject[1]]) and not _own_s(subject, words[k], words):
        return None
    return words[k]


def _own_s(subject: Target, following: Word, words: list[Word]) -> bool:
    """A name whose "s" is its own, the whole of the character's name ("seamstress",
    "mezepheles", not "monks"), before a verb in the past: "seamstress chose the goon" (not
    "cerenovus target slipped up", the Cerenovus' target)."""
    name = words[subject[1]].bare
    return (
        subject[2] is not None
        and subject[2].endswith(name)
        and (following.bare.endswith("ed") or following.bare in _PAST_VERBS)
    )


def _acts(subject: Target, words: list[Word]) -> bool:
    """The one named starts its clause and a verb follows ("the salesman picked ...", "the
    vigormortis killed its own poisoner"), not a copula or a small word ("the imp is ...")."""
    found = _verb_after(subject, words)
    if found is None:
        return False
    verb = found.bare
    form = condition_form(verb)
    if form is not None and form[0] in (Condition.DEAD, Condition.EXECUTED):
        return False  # "imp killed the sleeper on n3": the night of the death, the sleeper's
    return verb not in COPULAS and (verb not in STOPWORDS or verb in HITS)


def _the_one(role: Role, index: int, words: list[Word], before: list[Target]) -> Target | None:
    """ "sailor picked himself so hes the drunk one": the state is said of whom the pronoun
    means, not of the next person named ("... one, and the demon went for him")."""
    if role is not Role.ADJECTIVE or index < 3 or words[index - 1].bare != "the":
        return None
    following = word_at(words, index + 1)
    if following is None or following.bare != "one" or following.gap_before:
        return None
    if any(w.gap_before for w in words[index - 1 : index + 1]):
        return None
    pronoun = _PRONOUN_IS.get(words[index - 2].bare)
    if pronoun is None and words[index - 2].bare in ("is", "was") and index >= 4:
        pronoun = words[index - 3].bare if words[index - 3].bare in ("he", "she") else None
        if pronoun is not None:
            return _antecedent(index - 3, words, before, pronoun)
        return None
    return _antecedent(index - 2, words, before, pronoun) if pronoun else None


def _named_as(
    index: int, words: list[Word], before: list[Target], after: list[Target]
) -> Target | None:
    """ "the hatter was the drunk target", "he was the poisoned player": the person the
    adjective describes is the one named before the copula."""
    if index < 3 or words[index - 1].bare != "the" or words[index - 2].bare not in COPULAS:
        return None
    if any(w.gap_before for w in words[index - 2 : index + 2]):
        return None
    if not any(t[0] == index + 1 and t[2] is None for t in after):
        return None  # "is the drunk one"'s "one" is read elsewhere; a person noun only here
    said = pronoun_subject(index - 1, words, before)
    if said is not None:
        return said if said[2] is not None else None
    if before and before[-1][1] == index - 3 and before[-1][2] is not None:
        return before[-1]
    return None


def _object_of(
    index: int, words: list[Word], before: list[Target], after: list[Target]
) -> Target | None:
    """The object of "poisons the Monk"; a reflexive object means the subject before, any
    other pronoun someone named before that subject ("the Imp noms her")."""
    for word in words[index + 1 : index + 7]:  # "killed one of his own minions"
        if _shared_object(word, words):
            continue  # "levi noms and exes the soldier": both verbs' object
        if word.gap_before or word.bare in ("by", "from", "against") or word.bare in CLAUSE_ENDS:
            # "killed by the imp": passive; "nominated today but ...": no object; "does the
            # monk protect from the assassin": what is kept off, not who is protected
            break
        if word.bare in NOT_PEOPLE:
            break  # "does the demon nominating count for town crier": a thing, no object
        if word.bare in _SUBJECTS_ONLY:
            break  # "if the demon got nominated today they cant move": the next clause's subject
        if word.bare in _RUN_ON_AUXILIARIES:
            break  # "its host just got killed does the leech die": a question run on
        if word.bare in _CONCEDING:
            break  # "can the undertaker nominate even though the undertaker is dead"
        hit = next((t for t in after if t[0] == word.index), None)
        if hit:
            return possessed(hit, words, after)
        if word.bare in REFLEXIVES:
            return before[-1] if before else None
        if word.bare in PRONOUNS:
            following = word_at(words, word.index + 1)
            if (
                word.bare in DETERMINERS
                and following is not None
                and not following.gap_before
                and following.bare not in CLAUSE_ENDS
                and not _not_a_noun(following.bare)
                and not _time_after(words, following.index)
            ):
                continue  # "killed one of his own minions": his, then the noun
            return _antecedent(index, words, before, word.bare)
    return None


# words opening a clause that concedes or excepts, after a verb with no object
_CONCEDING = frozenset({"though", "although", "unless"})
# auxiliaries that open a question run on, unpunctuated, after a verb with no object
_RUN_ON_AUXILIARIES = frozenset("does do did can will should would could".split())
# pronouns that are only ever subjects (never what a verb acts on)
_SUBJECTS_ONLY = frozenset({"they", "he", "she", "hes", "shes", "theyre", "we", "i"})


def _shared_object(word: Word, words: list[Word]) -> bool:
    """ "noms and exes the soldier": "and", or the verb after it, before an object both share."""
    if word.gap_before:
        return False
    if word.bare in ("and", "n", "&"):
        following = word_at(words, word.index + 1)
        form = condition_form(following.bare) if following is not None else None
        if form is None or following.gap_before:
            return False
        if form[1] is Role.ADJECTIVE:  # "nominated and executed the soldier"
            start = word_at(words, following.index + 1)
            return (
                start is not None
                and not start.gap_before
                and start.bare in ARTICLES | DETERMINERS | OWNERS | _DEMONSTRATIVES
            )
        return form[1] is Role.OBJECT
    previous = words[word.index - 1].bare if word.index else ""
    form = condition_form(word.bare)
    return previous in ("and", "n", "&") and form is not None and form[1] is Role.OBJECT


def _one_of_the(index: int, words: list[Word], before: list[Target]) -> Target | None:
    """ "X is one of the (no dashii's) poisoned townsfolk": X, one of those the adjective at
    ``index`` describes."""
    for j in range(index - 1, max(0, index - 5), -1):
        if words[j + 1].gap_before:
            return None
        if words[j].bare == "of" and words[j - 1].bare == "one" and j >= 3:
            named = [t for t in before if t[1] == j - 3 and t[2] is not None]
            return named[0] if named and words[j - 2].bare in _FINITE_BE else None
    return None


def _then_executed(index: int, words: list[Word]) -> bool:
    """A past nomination with nobody nominated, then an execution: "baker nom'd then exed"
    (not "leviathan noms and exes", the nominator's own doing)."""
    then = word_at(words, index + 1)
    executed = word_at(words, index + 2)
    form = condition_form(executed.bare) if executed is not None else None
    return (
        not words[index].bare.endswith("s")
        and then is not None
        and then.bare in ("then", "and", "n", "&")
        and form is not None
        and form[0] is Condition.EXECUTED
        and not executed.bare.endswith("s")
        and not any(w.gap_before for w in words[index + 1 : index + 3])
        # not "leviathan nominated and executed the player": someone else, both times
        and not (
            (after := word_at(words, index + 3)) is not None
            and not after.gap_before
            and (
                after.bare in ARTICLES | DETERMINERS | OWNERS | OBJECT_PRONOUNS | _DONE_TO_SOMEONE
                # "nominated and executed that exact player" (not "exed that day")
                or (after.bare in _DEMONSTRATIVES and not _time_after(words, after.index))
            )
        )
    )


_DEMONSTRATIVES = frozenset({"that", "this"})
# "princess nommed and executed someone": whom both were done to (and as it gets typed)
_DONE_TO_SOMEONE = SOMEONE | {"somone"}


def _object_next(following: Word, after: list[Target]) -> bool:
    """The word after a participle begins its object ("poisoned the mayor", "protected our
    empath")."""
    return following.bare in ARTICLES | DETERMINERS | OWNERS or any(
        t[0] == following.index for t in after
    )


def _verb_between(words: list[Word], index: int, end: int) -> bool:
    """A word other than a filler between a time (at ``index``) and a name: a verb, whose
    subject came before the time ("on n1 picked empath"), not "on n1 the mage"."""
    between = [
        w
        for w in words[index + 1 : end]
        if w.bare not in FILLERS
        and w.bare not in _TIMES
        and not w.bare.isdigit()
        and w.bare not in ("both", "all", "each")  # "on night 2 both the FT and the butler"
    ]
    # not a question's auxiliary before its subject: "tonight does the imp still get a kill"
    return bool(between) and not (
        # (or a copula asking: "from tonight is the FT sober again")
        between[0].bare in QUESTION_AUXILIARIES | _FINITE_BE
        and all(w.bare in HEDGES for w in between[1:])
    )


# "picked her last night", "got him this morning": a time after the pronoun, not its noun
_TIME_DETERMINERS = frozenset({"last", "this", "next", "that"})
_TIMES = TIME_NOUNS | frozenset(
    "n1 n2 n3 n4 n5 round one two three four five six seven eight first second third".split()
)


def _time_after(words: list[Word], index: int) -> bool:
    then = word_at(words, index + 1)
    return (
        words[index].bare in _TIME_DETERMINERS
        and then is not None
        and not then.gap_before
        and then.bare in _TIMES
    )


def _not_a_noun(word: str) -> bool:
    """A word that cannot be what "her" is the determiner of ("killed her tonight")."""
    return word != "own" and (  # "killed its own mastermind": still the determiner
        word in ADVERBS_OF_TIME
        or word in HEDGES
        or word in STOPWORDS
        or word in _SENTENCE_ADVERBS
        or bool(rx.fullmatch(r"n\d|d\d", word))
    )


# adverbs a sentence may end on: "the town executed her anyway"
_SENTENCE_ADVERBS = frozenset("anyway anyways instead regardless though tho lol".split())


def _antecedent(index: int, words: list[Word], before: list[Target], pronoun: str) -> Target | None:
    """Who "her" means after a verb: not the verb's own subject when it stands right before;
    "them" may be a person ("the imp nominated the defended player, then the baron nominated
    them")."""
    before = [t for t in before if not _no_one_told(t, words)]  # "chose no one, ... him"
    # not the seat of the one named before it: "sailor, seat 4. n2 ... i made her the drunk one"
    before = [t for t in before if seat_owner(t, before, words) is None]
    before = [
        t
        for t in before
        if not by_whom(t, words) and not _a_role(t, words) and not modifies(t, words)
    ] or before
    if not before:
        return None
    subject = before[-1]
    between = words[subject[1] + 1 : index + 1]
    if any(w.gap_before for w in between) or index - subject[1] > 2:
        k = phrase_start(words, subject[0]) - 1
        if (
            k >= 0
            and words[k].bare in QUESTION_VERBS
            and not any(w.gap_before for w in between)
            and len(before) > 1
            and before[-2][2] is None
        ):
            # "the first player to choose the goon ... does the goon still switch and make them
            # drunk": not the question's own subject, the person before it
            return before[-2]
        if k >= 1 and words[k].bare in ("that", "whom") and before[:-1] and before[-2][2]:
            # "the empath that the innkeeper protected ... and we executed her": the one the
            # relative clause is about, not its subject
            return before[-2]
        if (
            before[:-1]
            and before[-2][1] == k
            and words[k + 1].bare in ARTICLES | OWNERS  # not "cerenovus target"
            and not any(w.gap_before for w in words[k + 1 : subject[1] + 1])
        ):
            # "nominated the player the monk protected last night and we executed them": the
            # player, the relative clause's head (its "that" left out)
            return before[-2]
        return subject
    if pronoun == "them" and len(before) > 1 and before[-2][2] is None:
        return before[-2]
    if (
        pronoun in ("him", "her")
        and len(before) > 1
        and before[-2][2] is None
        and words[before[-2][1]].bare in SINGLE_PEOPLE
    ):
        return before[-2]  # "imp nom'd the defended guy, baron noms him": that guy
    if (
        pronoun == "them"
        and subject[2] is None
        and len(between) == 2
        and between[0].bare in ("and", "then")
    ):
        return subject  # "nominated that exact player and got them executed": that player
    named = [
        t
        for t in before[:-1]
        if t[2] is not None
        and t[2] != subject[2]  # "next to the no dashii so the no dashii poisons him"
        and not _aside(t, words)
        and not by_whom(t, words)
        and not acts_on(t, words, pronoun)  # "the imp nominated her. the baron ... her"
    ]
    if len(named) >= 2 and seated_by(named[-2], named[-1], words):
        return named[-2]  # "the fool sits next to the no dashi. demon killed her": the Fool
    return named[-1] if named else None


def _a_role(target: Target, words: list[Word]) -> bool:
    """A character named as what someone is made out to be: "made someone mad as the mayor",
    "mad about being the fool"; not a player "her" can mean."""
    k = phrase_start(words, target[0]) - 1
    return k >= 0 and words[k].bare in ("as", "being")


def _aside(target: Target, words: list[Word]) -> bool:
    """A character named alone between punctuation: "RK was poisoned (poisoner) and then the
    imp killed him": an aside saying by whom, not someone "him" can mean."""
    following = word_at(words, target[1] + 1)
    return (
        target[0] > 0
        and words[target[0]].gap_before
        and following is not None
        and following.gap_before
    )


def _adjective_noun(index: int, words: list[Word], after: list[Target]) -> Target | None:
    """The character or person an adjective stands before ("drunk Monk", "executed Drunk")."""
    following = word_at(words, index + 1)
    if following is not None and not following.gap_before:
        hit = next((t for t in after if t[0] == following.index), None)
        if hit:
            # "poisoned ben's monk": the player's character; "drunk imp's guy" stays the Imp
            return possessed(hit, words, after) if hit[2] is None else hit
    for word in words[index + 1 : index + 4]:  # "executed the drunk": a filler that names
        if word.gap_before:  # a character is that character
            break
        hit = next((t for t in after if t[0] == word.index), None)
        if hit:
            return possessed(hit, words, after)  # "nominated the bodyguard's guy"
        if word.bare in _BEFORE_THE_NOUN:
            continue  # "picks the dead old imp", "we exed one good player", "both the chef"
        if (
            word.bare in ("and", "or")
            and word.index + 1 < len(words)
            and words[word.index + 1].bare in ("a", "an", "the")
        ):
            return None  # "blight's already dead and an outsider gets exed": a new phrase
        if word.bare not in FILLERS:
            break
    word = next_content(words, index)
    if word is None:
        return None
    return next((t for t in after if t[0] == word.index), None)


# words between a participle and the noun it is said of: "poisoned some random person"
_BEFORE_THE_NOUN = frozenset(
    "old new former real actual one both random some another that this exact same very".split()
)


def _nearest(index: int, before: list[Target], after: list[Target]) -> Target | None:
    candidates = [(index - before[-1][1], 0, before[-1])] if before else []
    candidates += [(after[0][0] - index, 1, after[0])] if after else []
    return min(candidates)[2] if candidates else None
