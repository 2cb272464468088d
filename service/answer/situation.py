"""Understanding -> the situation a replay must set up: who acts on whom, who sits by whom,
how many players and Minions, and what happens to the people the question leaves unnamed.

Read from the question's words alone, the same way for every character:

- "A <verb> B" (a few words, no "vs", "and" or comma between them) means A's ability acts
  on B; "B <verb> by A" the reverse ("the Banshee killed by the Assassin"). B may be a
  generic person: "the Slayer shoots a Demon", "the Witch curses someone". Where a name is
  followed by a relation word ("the Tea Lady's neighbour", "the Monk's target"), A acts on
  that unnamed person instead, who sits next to B for a neighbour.
- "neighbours" or "next to" between two names seats them together.
- "with 4 alive", "only 4 players left", "final 3" set the players alive; "1 minion",
  "no minions" the number of Minions.
- A condition on a generic person ("the Demon dies", "a protected player") goes to the
  Demon, a Minion or the unnamed victim of the replay.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from dataclasses import dataclass

from service.answer import rx
from service.answer.mentions import ARTICLES, Mention, Word, singular, word_at
from service.answer.subjects import possessive
from service.answer.understand import Understanding, question_words
from service.answer.words import CHOICE_VERBS, GUESSED_AS, WHOEVER, Condition

# the unnamed people a replay adds: the player the question's abilities act on, the Demon
# and a Minion when none is named
VICTIM, DEMON, MINION = "@victim", "@demon", "@minion"
SEPARATORS = frozenset(
    {
        "vs",
        "v",
        "versus",
        "and",
        "or",
        "with",
        "&",
        "+",
        "/",
        "when",
        "while",
        "if",
        "but",
        "then",
        "after",
        "before",
        "does",
        "do",
        "can",
        "who",
        "which",
        "that",
    }
)
LINK_SPAN = 4  # most words between an actor and what it acts on
RELATIONS = frozenset({"neighbour", "neighbor", "target", "host", "grandchild", "master", "victim"})
# the Grandmother's grandchild, as storytellers say it ("the demon kills her grandkid")
GRANDCHILDREN = frozenset({"grandchild", "grandkid", "grandson", "granddaughter"})
SIDE_WORDS = frozenset({"neighbour", "neighbor", "neighbours", "neighbors", "next"})
NUMBER_WORDS = {
    "no": 0,
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
_NUMBER = r"(\d+|no|zero|one|two|three|four|five|six|seven|eight|nine|ten)"
_COUNT = re.compile(
    # (not "her two players", "the two players i point to": players chosen, not the table)
    r"(?<!\bher )(?<!\bhis )(?<!\btheir )(?<!\bthe )(?<!\bthose )(?<!\bthese )"
    r"(?<!\byour )(?<!\bmy )"
    rf"\b{_NUMBER}\s+(?:(?:more|other|good|evil|living|alive)\s+)?"
    r"(minions?|players?|people|ppl|alive|left|living)\b|\bfinal\s+" + _NUMBER + r"\b"
)
# generic people the replay can stand someone in for
STAND_INS = {
    "demon": DEMON,
    "demons": DEMON,
    "minion": MINION,
    "minions": MINION,
    **{
        w: VICTIM
        for w in (
            "player",
            "players",
            "someone",
            "somebody",
            "anyone",
            "person",
            "guy",
            "target",
            "victim",
            "nominee",
            "executee",
            "neighbour",
            "neighbor",
            "host",
            *GRANDCHILDREN,
            "townsfolk",
            "outsider",
        )
    },
}
SEATLESS_TEAMS = frozenset({"fabled", "loric"})
NOMINATING = frozenset("nominated nominates nominate noms nom nommed nomd nomed".split())
IDENTITY = frozenset({"is", "are", "was", "were", "be", "as"})
NEXT_DAY = re.compile(r"\b(?:next|following|second) day\b|\btomorrow\b")
BY_DAY = re.compile(r"\b(?:during|in|by|that|same|next|the) day\b|\btoday\b|\bdaytime\b")


@dataclass(frozen=True, slots=True)
class Situation:
    """What the replay must set up, beyond the named characters and their conditions."""

    named: tuple[str, ...]  # every character named, in question order
    seated: tuple[str, ...]  # named characters who take a seat, in question order
    links: tuple[tuple[str, str], ...]  # (actor, acted on): a character id or a stand-in
    # who acts on whom, said in the passive ("nominated by the Drunk") or, for a
    # nomination, in the active ("the thief nominated the virgin"): (actor, acted on)
    by: tuple[tuple[str, str], ...]
    together: tuple[tuple[str, str], ...]  # named pairs seated side by side
    beside: str | None  # the named character the victim sits next to
    players: int | None  # players alive, if the question says
    minions: int | None  # Minions in play, if the question says
    by_day: bool  # "during the day"
    next_day: bool  # "the next day": the day after the one asked about is played too
    generic: dict[str, tuple[Condition, ...]]  # stand-in -> conditions
    travellers: int = 0  # unnamed Travellers among the players, if the question says
    # the unnamed victim is said to be an Outsider ("the fang gu jumped into an outsider")
    victim_outsider: bool = False
    # ... or the unnamed player who nominates is a Traveller ("traveller noms the virgin")
    victim_traveller: bool = False
    # links whose second one is named as an ability, not a player ("the alchemist got the spy
    # ability", "can my alchemist have a minion ability"): not someone acted on by day
    abilities: tuple[tuple[str, str], ...] = ()
    # how many of the one good character's neighbours are evil, where the question says so
    # of unnamed players ("both her neighbours are evil", "an evil neighbour")
    evil_beside: int | None = None
    # the question says the good character's unnamed neighbours are good ("both her
    # neighbours are good"), and that a killer goes for one of them ("assassin picks one of
    # them"): both sit beside it, and the one attacked is the victim stand-in
    good_beside: bool = False
    neighbour_attacked: bool = False
    # "oracle with 2 dead evil": that many evil players dead, none of them named
    dead_evil: int = 0


def _nominates_the_other(words: list[Word], mentions: list[Mention]) -> tuple[tuple[str, str], ...]:
    """ "does the virgin trigger if the spy nominates her": a nomination of a pronoun by one of
    two characters named, the other the one it means (who nominates whom)."""
    named = list(dict.fromkeys(m.id for m in mentions))
    if len(named) != 2:
        return ()
    out = []
    for mention in mentions:
        following = [w.bare for w in words[mention.end : mention.end + 2]]
        if (
            len(following) == 2
            and following[0] in NOMINATING
            and following[1] in _OBJECT_PRONOUNS
            and not any(w.gap_before for w in words[mention.end : mention.end + 2])
        ):
            other = named[1] if named[0] == mention.id else named[0]
            out.append((mention.id, other))
    return tuple(out)


_OBJECT_PRONOUNS = frozenset({"her", "him", "them", "it"})


def _nominated_by_the_other(
    words: list[Word], mentions: list[Mention]
) -> tuple[tuple[str, str], ...]:
    """ "lena is the drunk ... and she just nominated the virgin": a nomination of one of two
    characters named by a pronoun, the other the one it means (who nominates whom)."""
    named = list(dict.fromkeys(m.id for m in mentions))
    if len(named) != 2:
        return ()
    out = []
    for mention in mentions:
        j = mention.start - 1
        if j >= 0 and words[j].bare == "the":
            j -= 1
        if j < 1 or words[j].bare not in NOMINATING:
            continue
        k = j - 1
        while k > 0 and words[k].bare in _ADVERBS_BEFORE_AN_ACT:
            k -= 1
        if words[k].bare in _SUBJECT_PRONOUNS and not any(
            w.gap_before for w in words[k + 1 : mention.start + 1]
        ):
            other = named[1] if named[0] == mention.id else named[0]
            out.append((other, mention.id))
    return tuple(out)


def _nominated_if(words: list[Word], mentions: list[Mention]) -> tuple[tuple[str, str], ...]:
    """ "does the virgin lose her ability if nominated by the drunk": a participle clause
    ("if / when / once nominated by X") whose nominee is the name before it in the sentence:
    (nominator, nominee)."""
    out = []
    for i, b in enumerate(mentions):
        j = b.start - 1
        if j >= 0 and words[j].bare == "the":
            j -= 1
        if j < 2 or words[j].bare != "by" or words[j - 1].bare not in NOMINATING:
            continue
        if words[j - 2].bare not in _PARTICIPLE_OPENERS:
            continue
        before = [m for m in mentions[:i] if m.end <= j - 2]
        if not before or before[-1].id == b.id:
            continue
        a = before[-1]
        if any(w.opens_sentence for w in words[a.end : b.start]):
            continue  # another sentence's name
        out.append((b.id, a.id))
    return tuple(out)


_PARTICIPLE_OPENERS = frozenset("if when once after whenever".split())
_SUBJECT_PRONOUNS = frozenset({"she", "he", "they"})
# a Demon's attack said with a verb
_ATTACKING = frozenset(
    "attacks attacked attack kills killed kill targets targeted hits hit".split()
)


def _attacks_the_one_told(
    words: list[Word], mentions: list[Mention], teams: dict[str, str | None]
) -> tuple[tuple[str, str], ...]:
    """ "ravenkeeper protected by the monk, imp attacks him": a Demon named attacking a
    pronoun in a later sentence or clause means the character the question opened with (its
    first named other than the Demon), not someone else."""
    out = []
    for mention in mentions:
        # (not "them": "kill them", the neighbours)
        if teams.get(mention.id) != "demon" or not _acts_on_pronoun(
            words, mention, _ATTACKING, ("him", "her")
        ):
            continue
        earlier = [m for m in mentions if m.start < mention.start and m.id != mention.id]
        between = words[earlier[0].end : mention.start + 1] if earlier else []
        # (a clause of its own: after punctuation, or opened by "if": "does the chef die if the
        # imp attacks him")
        if earlier and any(w.gap_before or w.bare in _OPENING_A_CASE for w in between):
            out.append((mention.id, earlier[0].id))
    return tuple(out)


_OPENING_A_CASE = frozenset({"if", "when", "whenever", "once"})


def _kills_the_one_acted_on(
    words: list[Word], mentions: list[Mention], links: tuple[tuple[str, str], ...]
) -> tuple[tuple[str, str], ...]:
    """ "innkeeper protects the imp, can the slayer kill it": a character named (not a Demon's
    attack: _attacks_the_one_told) killing or shooting a pronoun in a later clause means the
    one the clause before acted on, the latest named such."""
    acted_on = {t for _, t in links}
    out = []
    for mention in mentions:
        if not _acts_on_pronoun(words, mention, _KILLING, ("it", "him", "her")) or any(
            a == mention.id for a, _ in links
        ):
            continue
        earlier = [m for m in mentions if m.end <= mention.start and m.id != mention.id]
        if not earlier or not any(w.gap_before for w in words[earlier[-1].end : mention.start + 1]):
            continue  # (in one clause the pronoun may be anyone's)
        target = next((m.id for m in reversed(earlier) if m.id in acted_on), None)
        if target is not None:
            out.append((mention.id, target))
    return tuple(out)


_KILLING = frozenset("kill kills killed shoot shoots shot slay slays slayed".split())


def _chooses_the_other(
    words: list[Word], mentions: list[Mention], links: tuple[tuple[str, str], ...]
) -> tuple[tuple[str, str], ...]:
    """ "does the imp kill tonight if the exorcist picked him", "sailor is drunk, can the
    demon kill him if the monk picks him": of two characters named, the later choosing a
    pronoun means the one named before it (where nothing else is said of its choice)."""
    named = list(dict.fromkeys(m.id for m in mentions))
    if len(named) != 2:
        return ()
    out = []
    for mention in mentions:
        if mention.id == named[0] or any(a == mention.id for a, _ in links):
            continue
        if _acts_on_pronoun(words, mention, CHOICE_VERBS, ("him", "her", "it", "them")):
            out.append((mention.id, named[0]))
    return tuple(out)


def _acts_on_pronoun(
    words: list[Word], mention: Mention, verbs: frozenset[str], pronouns: tuple[str, ...]
) -> bool:
    """The name is followed, in one clause, by one of ``verbs`` and one of ``pronouns``
    ("imp attacks him", "slayer kill it")."""
    following = words[mention.end : mention.end + 2]
    return (
        len(following) == 2
        and following[0].bare in verbs
        and following[1].bare in pronouns
        and not any(w.gap_before for w in following)
    )


_ADVERBS_BEFORE_AN_ACT = frozenset({"just", "then", "also", "already", "now", "later"})


def read_situation(u: Understanding, teams: dict[str, str | None]) -> Situation:
    """The situation the question describes (``teams``: character id -> team)."""
    words = question_words(u)
    mentions = sorted(u.mentions, key=lambda m: m.start)
    links, beside, abilities = _links(words, mentions)
    pairs = _pairs(words, mentions)
    through = _through_asides(u.question, words, mentions)
    if through is not None:
        # "the drunk (thinks hes the chef) nommed the virgin", "salesman (homebrew traveller)
        # picked the poisoner": what is said around a bracket, read as if it were not there
        more, _, more_abilities = _links(*through)
        links = tuple(dict.fromkeys((*links, *more)))
        abilities = tuple(dict.fromkeys((*abilities, *more_abilities)))
        pairs += _pairs(*through)
    by = tuple((b.id, a.id) for a, b, between in pairs if any(w.bare == "by" for w in between))
    # "the thief nominated the virgin": who nominates whom, said in the active too
    by += tuple(
        (a.id, b.id)
        for a, b, between in pairs
        if any(w.bare in NOMINATING for w in between) and not any(w.bare == "by" for w in between)
    )
    by += _nominates_the_other(words, mentions)
    by += _nominated_by_the_other(words, mentions)
    participle = _nominated_if(words, mentions)
    by += participle
    links = tuple(dict.fromkeys((*links, *participle)))
    links = tuple(dict.fromkeys((*links, *_attacks_the_one_told(words, mentions, teams))))
    links = tuple(dict.fromkeys((*links, *_kills_the_one_acted_on(words, mentions, links))))
    links = tuple(dict.fromkeys((*links, *_chooses_the_other(words, mentions, links))))
    seated = _only_seated(words, mentions)
    links = tuple(link for link in links if link not in seated)
    players, minions = counts(u.question)
    lower = u.question.lower()
    return Situation(
        named=u.characters,
        seated=tuple(c for c in u.characters if teams.get(c) not in SEATLESS_TEAMS),
        links=links,
        by=by,
        together=_together(words, mentions),
        beside=beside,
        players=players,
        minions=minions,
        by_day=bool(BY_DAY.search(lower)),
        next_day=bool(NEXT_DAY.search(lower)),
        generic=_generic(u),
        travellers=travellers_told(u.question),
        victim_outsider=(bool(AN_OUTSIDER.search(lower)) and any(VICTIM in pair for pair in links))
        or _a_nominator("outsider", lower)
        # "godfather, an outsider was executed today": the unnamed one executed; "an outsider
        # died today": the one who died, by day (not "died in the night, not the day")
        or any(
            a == "outsider"
            and (
                c is Condition.EXECUTED
                or c is Condition.DEAD
                and bool(_BY_DAY_TOLD.search(lower))
                and not _AT_NIGHT_TOLD.search(lower)
                # "does the fang gu jump if he kills an outsider": the one killed
                or c is Condition.DEAD
                and bool(_KILLS_AN_OUTSIDER.search(lower))
            )
            for a, c in u.generic
        ),
        victim_traveller=bool(A_TRAVELLER_NOMINATES.search(lower))
        or _a_nominator("traveller", lower),
        abilities=abilities,
        evil_beside=evil_beside(u.question),
        good_beside=bool(_GOOD_BESIDE.search(lower)),
        neighbour_attacked=bool(
            _NEIGHBOUR_WORD.search(lower) and _ONE_OF_THEM_ATTACKED.search(lower)
        ),
        dead_evil=dead_evil(lower),
    )


# a count of dead evil players, unnamed: "2 dead evil", "two dead minions", "3 evil players
# are dead"
_DEAD_EVIL = re.compile(
    r"\b(?P<n>\d|one|two|three|four)\s+(?:"
    r"dead\s+(?:evil\b|minions?\b)"
    r"|evil\s+(?:players?\s+|ppl\s+|people\s+|ones\s+)?(?:are\s+|were\s+)?dead\b)"
)


def dead_evil(lower: str) -> int:
    """How many evil players the (lower-case) question says are dead, unnamed.

    >>> dead_evil("oracle with 2 dead evil"), dead_evil("two evil players are dead")
    (2, 2)
    >>> dead_evil("oracle with 2 dead players")
    0
    """
    found = _DEAD_EVIL.search(lower)
    return _number(found.group("n")) if found else 0


# unnamed neighbours said to be good: "both her neighbours are good", "two good neighbours"
_GOOD_BESIDE = re.compile(
    r"\bneighbou?rs?\s+(?:are\s+|r\s+|being\s+)?(?:both\s+|all\s+)?good\b"
    r"|\b(?:both|two|2)\s+(?:(?:of\s+)?(?:her|his|their|its|the)\s+)?(?:alive\s+|living\s+)?"
    r"(?:neighbou?rs\s+(?:are\s+|r\s+)?good|good\s+neighbou?rs?)\b"
)
_NEIGHBOUR_WORD = re.compile(r"\bneighbou?rs?\b")
# a killer's act on one of the neighbours said ("can the imp kill them", "assassin picks one
# of them", "imp attacks one")
_ONE_OF_THEM_ATTACKED = re.compile(
    r"\b(?:kill|kills|killed|killing|attack\w*|targets?|targeted|goes for|go for|went for"
    r"|picks?|picked|chooses|chose|hits?|shoots?|shot)\s+(?:one of\s+)?(?:them|one|either)\b"
    # (or said so of the neighbours: "drunk tea lady, neighbours attacked")
    r"|\bneighbou?rs?\s+(?:is\s+|are\s+|was\s+|were\s+|gets?\s+|got\s+)?"
    r"(?:attacked|targeted)\b"
    # (or in the passive: "one of them is picked by the assassin")
    r"|\b(?:one of them|either of them|one)\s+(?:is\s+|was\s+|gets?\s+|got\s+)?"
    r"(?:attacked|targeted|picked|chosen|killed|hit|shot)\s+by\b"
)


# unnamed neighbours said to be evil: both of them ("both neighbours are evil", "two evil
# neighbours", "sits between two minions") or one ("one of her neighbours is evil", "an evil
# neighbour", "sits next to a minion")
_NEIGHBOURS = r"neighbou?rs"
_TWO_EVIL_BESIDE = re.compile(
    rf"\bboth (?:of )?(?:her |his |their |its |the )?{_NEIGHBOURS} (?:are |r |being )?"
    r"(?:evil|minions|demons)\b"
    rf"|\b{_NEIGHBOURS} (?:are|r) both evil\b|\b(?:two|2) evil {_NEIGHBOURS}\b"
    r"|\bbetween (?:two|2) (?:evil(?: players| ppl| people| guys)?|minions)\b"
)
_ONE_EVIL_BESIDE = re.compile(
    r"\b(?:one|1) (?:of (?:her |his |their |its |the )?)?neighbou?rs? (?:is|being) evil\b"
    r"|\b(?:an|one|1) evil neighbou?r\b"
    r"|\b(?:sits|sitting|sat|is|s) (?:right |directly )?next to (?:a|an) (?:minion|evil player)\b"
    r"|\bneighbou?r is (?:a|an) (?:minion|evil player)\b"
)


def evil_beside(question: str) -> int | None:
    """How many neighbours of the character asked about the question says are evil, unnamed.

    >>> evil_beside("what does the empath learn if both neighbours are evil")
    2
    >>> evil_beside("empath has an evil neighbour"), evil_beside("empath sits by the imp")
    (1, None)
    """
    lower = question.lower()
    if _TWO_EVIL_BESIDE.search(lower):
        return 2
    return 1 if _ONE_EVIL_BESIDE.search(lower) else None


def _pairs(words: list[Word], mentions: list[Mention]) -> list[tuple[Mention, Mention, list[Word]]]:
    """Each two names in a row in one clause, with the words between them."""
    return [
        (a, b, words[a.end : b.start])
        for a, b in zip(mentions, mentions[1:], strict=False)
        if _one_clause(words[a.end : b.start], words[b.start])
    ]


def _through_asides(
    question: str, words: list[Word], mentions: list[Mention]
) -> tuple[list[Word], list[Mention]] | None:
    """The words and names outside brackets, numbered again, a word after a bracket joined
    to the one before it unless other punctuation parts them (None: no brackets)."""
    if not any(w.aside for w in words):
        return None
    kept = [w for w in words if not w.aside]
    number = {w.index: i for i, w in enumerate(kept)}
    out: list[Word] = []
    for i, w in enumerate(kept):
        gap = w.gap_before
        if i and w.index != kept[i - 1].index + 1:  # a bracket stood between them
            between = _BRACKETED.sub(" ", question[kept[i - 1].end : w.start])
            gap = bool(_PUNCTUATION.search(between))
        out.append(dataclasses.replace(w, index=i, gap_before=gap))
    named = [
        dataclasses.replace(m, start=number[m.start], end=number[m.end - 1] + 1)
        for m in mentions
        if all(k in number for k in range(m.start, m.end))
    ]
    return out, named


_BRACKETED = re.compile(r"[(\[][^()\[\]]*[)\]]")
_PUNCTUATION = re.compile(r"[^\w\s'’]")


# an unnamed Traveller who nominates: "traveller noms the virgin", "a traveller nominated"
A_TRAVELLER_NOMINATES = re.compile(
    r"(?:^|\b(?:a|the|our|some|my)\s+)travell?er\s+(?:just\s+)?(?:"
    + "|".join(sorted(NOMINATING))
    + r")\b"
)


def _a_nominator(team: str, lower: str) -> bool:
    """An unnamed player of ``team`` who nominates: "nominated by an outsider", "an outsider
    noms the virgin" (the one nominating is the victim stand-in)."""
    return bool(
        rx.search(
            rf"\b(?:nominated|nommed|nomd|nomed)\s+by\s+(?:a|an|the|some|our|one)\s+{team}\b"
            rf"|\b(?:a|an|some|one)\s+{team}\s+(?:just\s+)?(?:{'|'.join(sorted(NOMINATING))})\b",
            lower,
        )
    )


# an unnamed Outsider someone acts on: "jumped into an outsider", "kills an outsider"
# a death told by day, or at night
_BY_DAY_TOLD = re.compile(r"\b(?:today|during the day|in the day|by day|day \d)\b")
_AT_NIGHT_TOLD = re.compile(r"\b(?:in|at|during) the night\b|\bnot (?:during |in )?the day\b")
_KILLS_AN_OUTSIDER = re.compile(
    r"\b(?:kill\w*|attack\w*|eat\w*|ate|hit\w*|target\w*)\s+(?:an|the|one|some|another)\s+outsider\b"
)
AN_OUTSIDER = re.compile(r"\b(?:into|an|the|one|some|another) outsider\b")


_TRAVELLERS = re.compile(
    rf"\b{_NUMBER}\s+(?:of (?:them|those|the \w+)\s+)?(?:(?:are|is|being)\s+)?(?:an?\s+)?"
    r"(?:\w+\s+)?travell?ers?\b"
)


_COUNTING_TRAVELLERS = re.compile(
    rf"(?<!not )(?<!without )\b(?:counting|including|incl)\s+(the|a|an|our|{_NUMBER})\s+"
    r"travell?ers?\b"
)


def travellers_told(question: str) -> int:
    """How many of the players the question says are Travellers.

    >>> travellers_told("demon executed. 6 alive but 2 of them are travellers")
    2
    >>> travellers_told("5 alive but one of them is a traveller"), travellers_told("sw, 5 alive")
    (1, 0)
    >>> travellers_told("we have 5 alive but thats counting the traveller")
    1
    >>> travellers_told("6 alive not counting the traveller")
    0
    """
    found = _TRAVELLERS.search(question.lower())
    if found is None:
        # "5 alive but thats counting the traveller", "including 2 travellers"
        counted = _COUNTING_TRAVELLERS.search(question.lower())
        if counted is None:
            return 0
        number = counted.group(1)
        return 1 if number in ("the", "a", "an", "our", "one") else _number(number)
    return _number(found.group(1)) if found.group(1) != "no" else 0


def counts(question: str) -> tuple[int | None, int | None]:
    """(players alive, Minions) the question states.

    >>> counts("can the imp kill himself with 1 minion left")
    (None, 1)
    >>> counts("scarlet women and only 4 players left"), counts("mayor drunk at final 3")
    ((4, None), (3, None))
    >>> counts("clockmaker with no minions"), counts("theres only 4 ppl alive")
    ((None, 0), (4, None))
    >>> counts("sage was executed, does she still learn her two players")
    (None, None)
    """
    players = minions = None
    for found in _counts_found(question.lower()):
        number, noun, final = (g or "" for g in found.groups())
        value = _number(number or final)
        if noun.startswith("minion"):
            minions = value
        elif value > 0:
            players = value
    return players, minions


# what makes "N players" the table's count: a word before it ("with 5 players", "only 4
# players", "theres 6 people") or after it ("5 players alive", "a 7 player game")
_TABLE_BEFORE = frozenset(
    "with only just are have has had at theres there's still remaining".split()
)
_TABLE_AFTER = re.compile(
    r"\s+(?:alive|left|living|remaining|still|in (?:the|our|this) game|game|in play|up)\b"
)


def _counts_found(lower: str) -> list[re.Match[str]]:
    """The counts a lower-cased question states: Minions, "N alive" or "N left" as they
    come, "N players" only as the table's ("if two players are the same alignment": players
    spoken of, not the table).

    >>> [m.group(0) for m in _counts_found("if two players are the same alignment, 5 alive")]
    ['5 alive']
    """
    out = []
    for found in _COUNT.finditer(lower):
        noun = found.group(2) or ""
        if noun.startswith(("player", "people", "ppl")) and not _table_count(lower, found):
            continue
        out.append(found)
    return out


def _table_count(lower: str, found: re.Match[str]) -> bool:
    """ "N players" said of the table: "with 5 players", "down to three living players",
    "5 players alive", "a 7 player game", or a clause of its own ("kazali n1, 8 players,
    ..."); not "if two players are the same alignment"."""
    if rx.search(r"\b(?:living|alive)\s+\w+$", found.group(0)):
        return True  # "three living players"
    head = lower[: found.start()].rstrip()
    before = head.split()
    if before and (before[-1] in _TABLE_BEFORE or " ".join(before[-2:]) == "down to"):
        return True
    if _TABLE_AFTER.match(lower, found.end()):
        return True
    alone_before = not head or head[-1] in ",.;:!?-("
    return alone_before and bool(rx.match(r"\s*(?:[,.;:!?)]|$)", lower[found.end() :]))


# what may follow a count and belongs to it: "no minions left", "one minion alive"
_COUNT_TAIL = re.compile(r"\s+(?:left|alive|living|remaining|still alive)\b")


def counted_words(question: str) -> frozenset[str]:
    """The words of the counts a question states (players alive, Minions): the table's set-up,
    told as conditions are, not something asked.

    >>> sorted(counted_words("imp kills himself with no minions left"))
    ['left', 'minions', 'no']
    >>> sorted(counted_words("SW when the imp is executed with 5 alive"))
    ['5', 'alive']
    """
    lower = question.lower()
    words: set[str] = set()
    for found in _counts_found(lower):
        tail = _COUNT_TAIL.match(lower, found.end())
        words.update(lower[found.start() : tail.end() if tail else found.end()].split())
    return frozenset(words)


def _number(text: str) -> int:
    return int(text) if text.isdigit() else NUMBER_WORDS[text]


# "the drunk thinks they are the chambermaid", "thinks hes the empath": who they think they are
THINKS_THEY_ARE = re.compile(
    r"(?:who |that )?(?:thinks?|thought|believes?|believed) (?:that )?"
    r"(?:(?:they|he|she) (?:are|is|re|s) |theyre |hes |shes |(?:they|he|she) )?(?:the|a|an)"
)
# "monk is actually the drunk", "the empath is my drunk": one player, two names
IS_THE = re.compile(r"(?:is|was|s) (?:(?:actually|really|secretly|in fact) )?(?:the|a|my|our)")


def _links(
    words: list[Word], mentions: list[Mention]
) -> tuple[tuple[tuple[str, str], ...], str | None, tuple[tuple[str, str], ...]]:
    """(actor, acted on) pairs, the named character the victim sits by, and the pairs whose
    second one is named as an ability ("got the spy ability")."""
    links: list[tuple[str, str]] = []
    abilities: list[tuple[str, str]] = []
    beside = None
    for i, a in enumerate(mentions):
        b = mentions[i + 1] if i + 1 < len(mentions) else None
        attacker = _stand_in_attacks(words, a, mentions[i - 1] if i else None)
        if attacker is not None:
            links.append((attacker, a.id))  # "demon attacked the fool": the Demon's target
        chosen = _chosen_relation(words, a, mentions)
        if chosen is not None:
            links.append((a.id, chosen))  # "the lleech host", "the monk's target": a's choice
        between = words[a.end : b.start] if b else words[a.end : a.end + LINK_SPAN + 1]
        if b is not None and (
            IS_THE.fullmatch(" ".join(w.bare for w in between))
            # "the drunk thinks they are the chambermaid": who they think they are
            or THINKS_THEY_ARE.fullmatch(" ".join(w.bare for w in between))
        ):
            if i and (guesser := _guessed_to_be(words, mentions[i - 1], a)) is not None:
                links.append((guesser, b.id))  # "gambler guessed the recluse was the imp"
            continue  # "monk is actually the drunk": who the player is, not an act
        if (
            b is not None
            and i
            and _registered_as(words, a)
            and {w.bare for w in between} <= {"to", "for", "the", "a", "an", "their", "her", "his"}
            and {w.bare for w in between} & {"to", "for"}
        ):
            # "recluse registers as the imp to the FT": the FT's ability looks at the Recluse;
            # the Imp is what it sees, no actor
            links.append((b.id, mentions[i - 1].id))
            continue
        if b is not None and b.id != a.id and _one_clause(between, words[b.start]):
            link, side = _link(words, a, b, between, mentions)
            passive = _passive_subject(words, a, mentions[i - 1] if i else None, between)
            if passive is not None and link[0] == a.id:
                # "ravenkeeper killed by the imp picks the baron": the Ravenkeeper picks
                link = (passive, link[1])
            links.append(link)
            if link == (a.id, b.id) and _an_ability(words, b.end - 1):
                abilities.append(link)
            beside = beside or side
        elif (
            b is not None
            and b.id != a.id
            and (
                (tail := _predicate_then_act(between, words[b.start])) is not None
                or (tail := _if_it_acts(between, words[b.start])) is not None
            )
        ):
            # "slayer is drunk, shoots the imp": a state told of the first, then its act
            link, side = _link(words, a, b, tail, mentions)
            links.append(link)
            beside = beside or side
        elif (agent := _stand_in_agent(words, a, b)) is not None:
            # "ravenkeeper killed by the demon picks the spy": the Demon's kill, then the
            # Ravenkeeper's own act
            stand_in, rest = agent
            links.append((stand_in, a.id))
            if b is not None and b.id != a.id and rest and _one_clause(rest, words[b.start]):
                link, side = _link(words, a, b, rest, mentions)
                links.append(link)
                beside = beside or side
        elif (stand_in := _stand_in(between)) is not None:
            links.append((a.id, stand_in))
            if any(_an_ability(words, w.index) for w in between if STAND_INS.get(w.bare)):
                abilities.append((a.id, stand_in))
    links += _coordinated(words, mentions, links)
    links += _stand_in_attacks_a_pronoun(words, mentions, links)
    links += _chosen_after_unnamed(words, mentions)
    links += _guessed_as(words, mentions, links)
    links += _host_apart(words, mentions)
    return tuple(dict.fromkeys(links)), beside, tuple(dict.fromkeys(abilities))


def _host_apart(words: list[Word], mentions: list[Mention]) -> list[tuple[str, str]]:
    """A host the question speaks of apart from its owner's name ("does the lleech die if
    the host is executed", "his host died. does the lleech die"): the unnamed player chosen
    by the nearest name before it (else the first after), where no name has a host yet
    (_chosen_relation links "the lleech host")."""
    if not mentions or any(_relation_after(words, m) in ("host", "hosts") for m in mentions):
        return []
    for word in words:
        if word.bare not in ("host", "hosts"):
            continue
        before = [m for m in mentions if m.end <= word.index]
        owner = before[-1] if before else mentions[0]
        if _relation_after(words, owner) is None:
            return [(owner.id, VICTIM)]
    return []


def _guessed_as(
    words: list[Word], mentions: list[Mention], links: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    """ "gambler pointed at the lunatic and guessed po": the one who chose the player just
    named guesses (names) the character after the guessing word too."""
    out = []
    for before, named in zip(mentions, mentions[1:], strict=False):
        between = [w.bare for w in words[before.end : named.start]]
        if not between or between[-1] == "the":
            between = between[:-1]
        if (
            not between
            or between[-1] not in _GUESSES
            or any(w.gap_before for w in words[before.end + 1 : named.start + 1])
        ):
            continue
        out += [
            (actor, named.id)
            for actor, chosen in links
            if chosen == before.id and actor != named.id
        ]
    return out


ABILITY_NOUNS = frozenset({"ability", "abilities", "power", "powers"})
# what says a character named a player as some character: "guessed the recluse was the imp"
_GUESSES = frozenset("guess guesses guessed guessing named names said says thinks thought".split())


def _guessed_to_be(words: list[Word], actor: Mention, player: Mention) -> str | None:
    """The actor who guessed (or named) the player just named as the character named next:
    "gambler guessed the recluse was the imp": the Gambler names the Imp."""
    between = words[actor.end : player.start]
    if not between or any(w.gap_before for w in between[1:] + [words[player.start]]):
        return None
    return actor.id if between[0].bare in _GUESSES else None


def _an_ability(words: list[Word], last: int) -> bool:
    """Whether the name (or stand-in) ending at word ``last`` names an ability: "the spy
    ability", "a minion's power"."""
    following = word_at(words, last + 1)
    return following is not None and not following.gap_before and following.bare in ABILITY_NOUNS


# what may follow a second object and end its clause ("ft picks the chef and the imp tonight")
CLAUSE_TAIL = frozenset("tonight tonite today now again n1 n2 n3 n4 n5".split())


def _coordinated(
    words: list[Word], mentions: list[Mention], links: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    """ "ft picks the chef and the imp": the second name after "and" is the same actor's
    choice too, where nothing follows it in its clause (not "... and the monk protects X")."""
    out = []
    for b, c in zip(mentions, mentions[1:], strict=False):
        between = [w.bare for w in words[b.end : c.start]]
        if between not in (["and"], ["and", "the"], ["&"], ["&", "the"], ["+"], ["+", "the"]):
            continue
        if any(w.gap_before for w in words[b.end : c.end]):
            continue
        following = word_at(words, c.end)
        if following is not None and not following.gap_before and following.bare not in CLAUSE_TAIL:
            continue
        out += [
            (a, c.id)
            for a, t in links
            if t == b.id and a != c.id and not _named_only_after(words, mentions, a, c)
        ]
    return out


def _named_only_after(
    words: list[Word], mentions: list[Mention], actor: str, last: Mention
) -> bool:
    """The actor (a character or a stand-in) is named only after ``last``: its act is a later
    clause's ("innkeeper picked the chef and the monk. demon attacks the chef": the Demon
    attacks the Chef alone)."""
    named = [m.start for m in mentions if m.id == actor]
    named += [w.index for w in words if STAND_INS.get(w.bare) == actor]
    return bool(named) and min(named) >= last.end


_CHOOSING = frozenset(
    "pick picks picked chose chooses choose check checks checked target targets targeted".split()
)
_AND = frozenset({"and", "&", "+"})


def _chosen_after_unnamed(words: list[Word], mentions: list[Mention]) -> list[tuple[str, str]]:
    """ "FT picks the red herring and the imp": the name after an unnamed first choice is the
    chooser's choice too (the unnamed one is the replay's filler)."""
    out = []
    for a, b in zip(mentions, mentions[1:], strict=False):
        between = [w.bare for w in words[a.end : b.start]]
        if between and between[-1] in ARTICLES:
            between = between[:-1]
        if (
            len(between) >= 3
            and between[0] in _CHOOSING
            and between[-1] in _AND
            and not any(w in _AND for w in between[1:-1])
            and not any(w.gap_before for w in words[a.end : b.start + 1])
        ):
            out.append((a.id, b.id))
    return out


# what one is seen as by another's ability: "registers as the imp", "shows as a demon"
_SEEN_AS = frozenset(
    """register registers registered registering show shows showed shown showing ping pings
    pinged pinging read reads appear appears appeared look looks""".split()
)


def _passive_subject(
    words: list[Word], agent: Mention, before: Mention | None, between: list[Word]
) -> str | None:
    """The one a participle said "by" ``agent`` befell, where what follows the agent is that
    one's own act ("ravenkeeper killed by the imp picks the baron": the Ravenkeeper picks):
    the name right before the participle."""
    k = agent.start - 1
    if k >= 0 and words[k].bare in ("the", "a", "an", "their", "his", "her"):
        k -= 1
    if (
        before is None
        or k < 1
        or words[k].bare != "by"
        or not words[k - 1].bare.endswith(("ed", "en", "ot"))
        or before.end != k - 1
        or not between
        or between[0].bare in _NOT_AN_ACT
        or between[0].gap_before
    ):
        return None
    return before.id


def _stand_in_agent(
    words: list[Word], a: Mention, b: Mention | None
) -> tuple[str, list[Word]] | None:
    """The generic Demon or Minion a participle right after ``a`` says "by" ("ravenkeeper
    killed by the demon"), and the words after it up to the next name, where they may be
    ``a``'s own act ("picks the"; not "and the chef", "who ...")."""
    k = a.end
    participle = word_at(words, k)
    if (
        participle is None
        or participle.gap_before
        or not participle.bare.endswith(("ed", "en", "ot"))
    ):
        return None
    k += 1
    if (by := word_at(words, k)) is None or by.bare != "by" or by.gap_before:
        return None
    k += 1
    if (article := word_at(words, k)) is not None and article.bare in ARTICLES:
        k += 1
    agent = word_at(words, k)
    if agent is None or agent.gap_before or STAND_INS.get(agent.bare) not in (DEMON, MINION):
        return None
    end = b.start if b is not None else k + 1
    rest = words[k + 1 : end]
    if rest and (rest[0].bare in _NOT_AN_ACT or rest[0].gap_before):
        rest = []
    return STAND_INS[agent.bare], rest


# what after an agent is no act of the one the participle befell ("killed by the imp and
# the chef", "by the imp, who ...")
_NOT_AN_ACT = frozenset("and or but while who which that when if so then because".split())


def _registered_as(words: list[Word], mention: Mention) -> bool:
    """``mention`` is what someone registers as ("... registers as the imp")."""
    k = mention.start - 1
    if k >= 0 and words[k].bare in ("the", "a", "an"):
        k -= 1
    return k >= 1 and words[k].bare == "as" and words[k - 1].bare in _SEEN_AS


def _link(
    words: list[Word], a: Mention, b: Mention, between: list[Word], mentions: list[Mention]
) -> tuple[tuple[str, str], str | None]:
    """Who acts on whom between two names in one clause, and who the victim sits by."""
    if any(w.bare == "by" for w in between) or any(
        w.bare in _DEATH_WORDS and after.bare == "to"
        for w, after in zip(between, between[1:], strict=False)
    ):
        # "lleech host shot by the slayer", "does the soldier die to the slayer": the one the
        # relation names is acted on
        return (b.id, _chosen_relation(words, a, mentions) or a.id), None
    if _chosen_by_next(between) or acted_on_by(words, b):
        # "the imp went for whoever the monk protected", "... the player the monk chose",
        # "imp kills the monk protected player": the one the second name acted on, not the
        # second name
        return (a.id, VICTIM), None
    relation = _relation_after(words, b) or _relation_before(words, b)
    if relation is None:
        return (a.id, b.id), None
    named = _named_relation(words, b, mentions)
    if named is not None:
        return (a.id, named.id), None  # "the monks target, who is the soldier": the Soldier
    return (a.id, VICTIM), (b.id if singular(relation) in SIDE_WORDS else None)


def acted_on_by(words: list[Word], mention: Mention) -> bool:
    """ "the monk protected player", "the innkeeper-protected guy": a name then its act's
    participle describing a person, who is the one acted on."""
    after = word_at(words, mention.end)
    person = word_at(words, mention.end + 1)
    return (
        after is not None
        and person is not None
        and not after.gap_before
        and not person.gap_before
        and after.bare in _ACTED_PARTICIPLES
        and person.bare in _A_PERSON
    )


_ACTED_PARTICIPLES = frozenset(
    "protected chosen picked poisoned targeted nominated cursed marked selected".split()
)
_A_PERSON = frozenset("player guy person one target girl boy lady man woman dude".split())


# "die to the slayer": the death's cause after "to"
_DEATH_WORDS = frozenset({"die", "dies", "died", "dying", "death"})


# relations that are the named character's own choice: the Lleech's host, the Monk's target,
# the Butler's master (not a neighbour or a grandchild, whom no one chose)
CHOSEN_RELATIONS = frozenset({"target", "host", "master", "victim", "pick", "choice"})
UNMISTAKABLE_RELATIONS = frozenset({"host", "master"})


def _chosen_relation(words: list[Word], a: Mention, mentions: list[Mention]) -> str | None:
    """Whom ``a`` chose, where the question speaks of it as ``a``'s relation: the unnamed
    victim ("the lleech host"), or the character named as that person ("the monks target
    who is the soldier")."""
    relation = _relation_after(words, a)
    if relation is None or not (
        (possessive(words[a.end - 1]) and relation in CHOSEN_RELATIONS)
        or relation in UNMISTAKABLE_RELATIONS  # "the lleech host": no verb reads so
    ):
        return None  # "assassin targets the soldier": a verb, the soldier named after it
    named = _named_relation(words, a, mentions)
    return named.id if named is not None else VICTIM


def _named_relation(words: list[Word], mention: Mention, mentions: list[Mention]) -> Mention | None:
    """ "the monks target who is the soldier", "the lleech host is the chef": the character
    the relation after ``mention`` is said to be."""
    j = mention.end + 1
    rest = [w.bare for w in words[j : j + 4]]
    skip = 0
    if rest[:2] in (["who", "is"], ["who", "was"], ["which", "is"], ["that", "is"]):
        skip = 2
    elif rest[:1] in (["is"], ["was"], ["being"]):
        skip = 1
    if not skip:
        return None
    k = j + skip
    if k < len(words) and words[k].bare in ("the", "a", "our", "my"):
        k += 1
    if k < len(words) and words[k].bare in _STATE_WORDS:
        k += 1  # "the lleech host, which is the poisoned empath"
    return next((m for m in mentions if m.start == k), None)


_STATE_WORDS = frozenset({"poisoned", "drunk", "dead", "mad", "protected", "alive", "sober"})


# the head of a clause about the player someone else chose: "whoever the monk protected"
CHOSEN_HEADS = WHOEVER | {"player", "person", "guy", "one"}


def _chosen_by_next(between: list[Word]) -> bool:
    """ "went for whoever the monk ...", "attacks the player the monk ...": between two
    names, a person-word right before the second (with its article) heads a clause whose
    subject is the second name."""
    words = list(between)
    if words and words[-1].bare in ("the", "a", "an"):
        words = words[:-1]
    return (
        len(words) >= 2
        and words[-1].bare in CHOSEN_HEADS
        and not (words[-1].bare == "one" and words[-2].bare != "the")
    )


# what tells a state of the one named before it: "slayer is drunk", "monk got poisoned"
_STATE_TOLD = frozenset("is was s gets got became becomes has been".split())
# a death told in one word before the act that follows it: "klutz died and pointed at the imp"
_FATE_TOLD = frozenset("died dies executed exed killed".split())


def _predicate_then_act(between: list[Word], last: Word) -> list[Word] | None:
    """The words of an act after a state told of the same subject: "is drunk, shoots the" and
    "is drunk and shoots the" give "shoots the" (the subject goes on acting); None where the
    words say anything else."""
    cut = max(
        (k for k, w in enumerate(between) if k and (w.gap_before or w.bare in ("and", "then"))),
        default=None,
    )
    if cut is None or last.gap_before:
        return None
    head = between[:cut]
    tail = between[cut + 1 :] if between[cut].bare in ("and", "then") else between[cut:]
    # (the pronoun is the subject's where the words before it speak of no one else: not
    # "monk is drunk (courtier got him). he protected the rk")
    if not any(w.bare in _PRONOUNS_ONLY for w in head):
        if len(tail) > 2 and tail[0].bare in _ASKING and tail[1].bare in _SUBJECT_PRONOUNS:
            tail = tail[2:]  # "slayer already used his ability, can he shoot the": asked of it
        elif len(tail) > 1 and tail[0].bare in _SUBJECT_PRONOUNS:
            tail = tail[1:]  # "slayer already used his shot, he shoots the": the subject again
    told = bool(head) and len(head) <= 3
    told = told and (head[0].bare in _STATE_TOLD or (len(head) == 1 and head[0].bare in _FATE_TOLD))
    # (or its ability told spent: "slayer already used his shot, he shoots the imp")
    if not told and not _spent_told(head):
        return None
    if any(w.gap_before for w in head[1:]) or any(w.gap_before for w in tail[1:]):
        return None
    if not tail or len(tail) > 3 or tail[0].bare in ARTICLES or tail[0].bare in _PRONOUNS_ONLY:
        return None
    if any(w.bare in SEPARATORS or w.bare in NOT_DONE for w in tail):
        return None
    return tail


def _if_it_acts(between: list[Word], last: Word) -> list[Word] | None:
    """The act of the subject's own pronoun in a clause of condition: "does the slayer die if
    he shoots the recluse" gives "shoots the" (the Slayer shoots); None otherwise."""
    cut = next(
        (k for k, w in enumerate(between) if 0 < k <= 3 and w.bare in _CONDITION_OPENERS), None
    )
    if cut is None or last.gap_before or cut + 1 >= len(between):
        return None
    if between[cut + 1].bare not in _SUBJECT_PRONOUNS or between[cut + 1].gap_before:
        return None
    tail = between[cut + 2 :]
    if not tail or len(tail) > 3 or tail[0].bare in ARTICLES or tail[0].bare in _PRONOUNS_ONLY:
        return None
    if any(w.gap_before for w in between[1 : cut + 1]) or any(w.gap_before for w in tail):
        return None
    if any(w.bare in SEPARATORS or w.bare in NOT_DONE for w in tail):
        return None
    return tail


_CONDITION_OPENERS = frozenset({"if", "when", "once"})
_PRONOUNS_ONLY = frozenset("he she they it i we you him her them".split())
_ASKING = frozenset("can could does do will would".split())


def _spent_told(head: list[Word]) -> bool:
    """ "already used his shot", "has used her ability", "used it yesterday": the subject's
    ability told used."""
    bare = [w.bare for w in head]
    while bare and bare[0] in ("already", "has", "had", "just"):
        bare = bare[1:]
    return (
        0 < len(bare) <= 4
        and bare[0] in ("used", "spent", "burned", "burnt")
        and all(b in _SPENT_REST for b in bare[1:])
    )


_SPENT_REST = frozenset(
    "his her their its the it ability shot power save once up already yesterday before".split()
)


def _one_clause(between: list[Word], last: Word) -> bool:
    if not between or len(between) > LINK_SPAN:
        return False
    if any(w.gap_before for w in (*between, last)):
        return False
    # "the imp did not kill the chef", "the monk never protected the fool": told as not done
    return not any(w.bare in SEPARATORS or w.bare in NOT_DONE for w in between)


NOT_DONE = frozenset("not didnt never wasnt werent hasnt havent hadnt".split())


# a killer's verb: "the demon attacked / went for / killed the fool"
_ATTACK_VERBS = frozenset(
    """attack attacks attacked attacking kill kills killed killing target targets targeted
    targeting stab stabs stabbed hit hits ate eats chose chooses picked picks""".split()
)
_GOES_FOR = frozenset({"went", "goes", "go", "going"})


def _stand_in_attacks(words: list[Word], a: Mention, before: Mention | None) -> str | None:
    """ "demon attacked the fool", "the demon went for the fool": the generic killer right
    before a name, its attack's verb between them, in one clause (not before a relation of
    the name's: "demon kills grandmas grandkid")."""
    if _relation_after(words, a) is not None or possessive(words[a.end - 1]):
        return None
    start = before.end if before is not None else 0
    k = a.start - 1
    if k >= start and words[k].bare in ("the", "a", "an", "our", "my", "their", "his", "her"):
        k -= 1
    if k >= start and words[k].bare == "for" and k - 1 >= start and words[k - 1].bare in _GOES_FOR:
        verb = k - 1
    elif k >= start and words[k].bare in _ATTACK_VERBS:
        verb = k
    else:
        return None
    actor = verb - 1
    if actor < start or words[actor].bare not in ("demon", "minion"):
        return None
    agent = actor - 1 if actor - 1 >= start and words[actor - 1].bare in ARTICLES else actor
    if agent - 1 >= 0 and words[agent - 1].bare == "by" and not words[agent].gap_before:
        return None  # "ravenkeeper killed by the demon picks the spy": the Ravenkeeper picks
    if any(w.gap_before for w in words[actor + 1 : a.start + 1]):
        return None  # "the demon, then the fool": not one clause
    return STAND_INS[words[actor].bare]


def _stand_in_attacks_a_pronoun(
    words: list[Word], mentions: list[Mention], links: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    """ "the fool was drunk when the demon attacked him", "the monk protected the chef and
    the demon attacked her": the generic killer's attack on an object pronoun, the last
    character named before it (not an agent after "by"), where none is named after it (a
    character already linked as acted on is left as it is)."""
    out = []
    for word in words:
        if word.bare not in ("demon", "minion") or word.index + 2 >= len(words):
            continue
        verb, pronoun = words[word.index + 1], words[word.index + 2]
        # (not "them": "tea lady neighbours are good, can the demon kill them")
        if verb.bare not in _ATTACK_VERBS or pronoun.bare not in ("him", "her"):
            continue
        if verb.gap_before or pronoun.gap_before or any(m.start > word.index for m in mentions):
            continue
        named = [m for m in mentions if m.start < word.index and not _by_agent(words, m)]
        if not named or (STAND_INS[word.bare], named[-1].id) in links:
            continue
        out.append((STAND_INS[word.bare], named[-1].id))
    return out


def _by_agent(words: list[Word], mention: Mention) -> bool:
    """The name is the agent after "by" ("poisoned by the poisoner")."""
    k = mention.start - 1
    if k >= 0 and words[k].bare in ARTICLES:
        k -= 1
    return k >= 0 and words[k].bare == "by"


def _stand_in(after: list[Word]) -> str | None:
    """ "shoots a Demon", "curse on someone": a generic person a name's verb acts on."""
    for word in after[:LINK_SPAN]:
        if word.gap_before or word.bare in SEPARATORS or word.bare in IDENTITY:
            return None  # "the imp is the demon", "registers as a minion": who, not whom
        if word.bare in STAND_INS:
            if word.bare in ("demon", "demons", "minion", "minions") and any(
                w.bare in WHOEVER for w in after[: word.index - after[0].index]
            ):
                return VICTIM  # "protected whoever the demon attacked": that player
            if word.index <= after[0].index:
                return None
            stand_in = STAND_INS[word.bare]
            before = word_at(after, word.index - after[0].index - 1)
            if stand_in == VICTIM and before is not None and before.bare == "evil":
                return MINION  # "kills an evil player": an evil one, a Minion (as _generic)
            return stand_in
    return None


def _relation_after(words: list[Word], mention: Mention) -> str | None:
    """ "the Tea Lady's neighbour", "the Lleech host": the word after a name, if a relation."""
    after = word_at(words, mention.end)
    if after is None or after.gap_before:
        return None
    return after.bare if singular(after.bare) in RELATIONS else None


def _relation_before(words: list[Word], mention: Mention) -> str | None:
    """ "the neighbour of the Tea Lady", "the host of the lleech": a relation said before the
    name, with "of"."""
    k = mention.start - 1
    if k >= 0 and words[k].bare in ("the", "a", "an", "my", "our"):
        k -= 1
    if k < 1 or words[k].bare != "of" or words[mention.start].gap_before:
        return None
    relation = words[k - 1]
    if words[k].gap_before or singular(relation.bare) not in RELATIONS:
        return None
    return relation.bare


def _together(words: list[Word], mentions: list[Mention]) -> tuple[tuple[str, str], ...]:
    """ "the Empath neighbours the Spy", "a Recluse sat next to the Imp": seat them together
    (not "the imp attacks the neighbour of the tea lady": whose neighbour); "the empath sits
    between the imp and the poisoner", "her neighbours are the imp and the spy", "next to
    both the witch and the imp": the one named first beside each of the two."""
    pairs = []
    for k, (a, b) in enumerate(zip(mentions, mentions[1:], strict=False)):
        between = {w.bare for w in words[a.end : b.start]}
        if _relation_after(words, b) is not None or _relation_before(words, b) is not None:
            continue
        if between & SIDE_WORDS:
            pairs.append((a.id, b.id))
        elif not between & _BETWEEN:
            continue
        listed = mentions[k + 2] if k + 2 < len(mentions) else None
        if (
            between & _TWO_SIDES
            and listed is not None
            and listed.id not in (a.id, b.id)
            and _listed_after(words, b, listed)
        ):
            if (a.id, b.id) not in pairs:
                pairs.append((a.id, b.id))
            pairs.append((a.id, listed.id))
    return tuple(pairs)


def guessed_as(words: list[Word], mentions: list[Mention], guesser: str) -> tuple[str, str] | None:
    """The player and the character a guess names, where one named character is guessed as
    another: "gambler guesses the chef as the empath", "guesses that the chef is the empath",
    "guessed the chef to be the empath": (the Chef, the Empath)."""
    mentions = sorted(mentions, key=lambda m: m.start)
    for k, actor in enumerate(mentions[:-2]):
        if actor.id != guesser:
            continue
        player, guessed = mentions[k + 1], mentions[k + 2]
        verb = words[actor.end : player.start]
        if not verb or not any(w.bare.startswith("guess") for w in verb):
            continue
        if any(w.gap_before for w in [*verb[1:], words[player.start]]):
            continue
        if GUESSED_AS.fullmatch(" ".join(w.bare for w in words[player.end : guessed.start])):
            return player.id, guessed.id
    return None


def _only_seated(words: list[Word], mentions: list[Mention]) -> set[tuple[str, str]]:
    """Pairs of names the words between only seat together ("no dashii next to the drunk",
    "the no dashii sits next to the drunk"): no act of the first on the second."""
    return {
        (a.id, b.id)
        for a, b in itertools.pairwise(mentions)
        if (between := {w.bare for w in words[a.end : b.start]}) & SIDE_WORDS
        and between <= _SEATING
    }


_SEATING = SIDE_WORDS | frozenset(
    "to sits sit sat sitting seated is s are right directly just the a an of beside by"
    " neighbours neighbors neighbouring neighboring".split()
)


# what says a player has someone on each side: "between", "both neighbours", "neighbours are"
_BETWEEN = frozenset({"between", "betwen", "btwn", "inbetween"})
_TWO_SIDES = _BETWEEN | {"neighbours", "neighbors", "nbrs", "both", "next"}  # ("next to X and Y")
_LISTING = frozenset({"and", "&", "+", "the", "a", "an", "our", "their", "his", "her"})


def _listed_after(words: list[Word], first: Mention, then: Mention) -> bool:
    """ "the imp and the poisoner": ``then`` is the second of a pair listed with "and"."""
    gap = words[first.end : then.start]
    return (
        bool(gap)
        and gap[0].bare in ("and", "&", "+")
        and all(w.bare in _LISTING for w in gap)
        and not any(w.gap_before and w.bare not in ("and", "&") for w in [*gap, words[then.start]])
    )


def _generic(u: Understanding) -> dict[str, tuple[Condition, ...]]:
    out: dict[str, list[Condition]] = {}
    for anchor, condition in u.generic:
        if anchor in STAND_INS:
            who = STAND_INS[anchor]
            if who == VICTIM and rx.search(rf"\bevil\s+{re.escape(anchor)}\b", u.question.lower()):
                who = MINION  # "pacifist, evil player executed": an evil one, a Minion
            out.setdefault(who, []).append(condition)
    return {who: tuple(dict.fromkeys(conds)) for who, conds in out.items()}
