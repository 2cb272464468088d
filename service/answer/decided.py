"""Yes or no from a replay, for a yes/no question the replay plays out: whether the player
it is about died ("does the Soldier die"), whether a side won ("does good lose"), whether the
engine refused the choice asked about ("can the Monk protect himself", "is the DA allowed to
choose the Zombuul"). None where the replay cannot decide: a duty, an alternative, a death the
replay's own default choice settled.

:mod:`service.answer.outcome` leads the verdict with it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from typing import Any

from knowledge.names import slug
from service.answer import dead_choice, rx
from service.answer.cast import NEUTRAL
from service.answer.replayed import (
    Replayed,
    choices,
    named_players,
    open_choices,
    other_options,
    plays_a_day,
    refused_by,
    seats_of,
    spent_refusal,
)
from service.answer.sayings import KILL_MOVED, NUMERALS
from service.answer.situation import DEMON
from service.answer.understand import Understanding
from service.answer.words import CLASS_ASKED, REFLEXIVES, Condition

# a yes/no clause: an auxiliary opening the question or a clause of it ("…, does X die")
YES_NO = re.compile(
    r"(?:^|[,;.?!\u2013\u2014-]\s*)(?:can|could|does|do|did|is|are|was|were|will|would)\b.*$"
    # a last clause with a tag: "they die right?", "he survives yeah?", "empath dies, right?"
    r"|(?:^|[,;.?!\u2013\u2014-]\s*)(?:\w+\s+){0,3}\w+,?\s+(?:right|yeah|correct)\s*\?*\s*$"
    # a short last clause without its auxiliary: "evil win?", "host die?", "good win or no?"
    r"|(?:^|[,;.?!\u2013\u2014-]\s*)(?!(?:who|whom|which|what|how|when|where|why)\b)(?:\w+\s+){0,3}"
    r"(?:win|wins|lose|loses|die|dies|survive|survives|dead|alive)"
    r"(?:\s+or\s+(?:no|not|nah))?\s*\?+\s*$"
    # ... or with its "or nah" and no question mark: "host dies or nah", "evil wins at dusk
    # or no"
    r"|(?:^|[,;.?!\u2013\u2014-]\s*)(?!(?:who|whom|which|what|how|when|where|why)\b)(?:\w+\s+){0,3}"
    r"(?:win|wins|lose|loses|die|dies|survive|survives|dead|alive)(?:\s+\w+){0,3}\s+or\s+"
    r"(?:no|not|nah)\W*$"
    # ... or after its premise with no comma, opened by an auxiliary and a pronoun: "if the
    # imp attacks the soldier does he survive" (not a wh-question's: "what does she learn";
    # nor a second question's: "where do i put it and does it ever move", "... or does she
    # die")
    r"|(?<=\s)(?<!what )(?<!how )(?<!who )(?<!whom )(?<!when )(?<!where )(?<!why )(?<!which )"
    r"(?<!and )(?<!or )(?<! n )(?<!&)"
    r"(?:does|do|did|will|would|can|could|is|are)\s+(?:he|she|they|it)\b.*$",
    re.IGNORECASE,
)
_DUTY = re.compile(r"\b(?:have to|has to|need to|needs to|must|should|supposed to)\b")
# ("live" after a copula or "still" is the adjective: "is the curse still live", an ability
# in force)
DEATH = re.compile(
    r"\b(?:die|dies|died|kill|kills|killed|survive|survives|lives)\b"
    r"|(?<!\bis )(?<!\bare )(?<!\bstill )\blive\b"
)
_LIFE = re.compile(
    r"\b(?:survive|survives|live|lives)\b|\b(?:alive|safe)(?:\s+or\s+(?:no|not|nah))?\W*$"
)
# safety asked, with no death or life word: "are they safe"
_SAFE_ONLY = re.compile(rf"^(?!.*(?:{DEATH.pattern}|\b(?:dead|alive)\b)).*\bsafe\b")
# "chef dead?", "is the soldier still alive", "is he safe": the state asked at the end is the
# outcome
_STATE_ASKED = re.compile(r"\b(?:dead|alive|safe)(?:\s+or\s+(?:no|not|nah))?\W*$")
_WIN = re.compile(r"\b(?:win|wins|won|lose|loses|lost)\b")
_LOSE = re.compile(r"\b(?:lose|loses|lost)\b")
SIDE = re.compile(r"\b(good|evil)\b")
_REFLEXIVE = re.compile(rf"\b(?:{'|'.join(sorted(REFLEXIVES | {'self'}))})\b", re.I)
# "does he lose the once per game save": losing something, not the game
_LOSES_SOMETHING = re.compile(
    r"\b(?:lose|loses|lost)\s+(?:the|their|his|her|its|a|an)\b(?! game\b)"
)


# whether a character can be in a state: "can the professor be poisoned"
_STATE_POSSIBLE = re.compile(
    r"\W*(?:can|could)\b[^?.;]*\b(?:be|get|become)\s+(?:made\s+)?(?:drunk|poisoned)\W*$"
)


def decided_by(
    played: Replayed,
    u: Understanding,
    *,
    firm: bool = False,
    replayer: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> bool | None:
    """Yes/no for a yes/no question the replay decides (see the module); not when the death
    asked about hung on a Storyteller's choice the replay took by default (who is drunk,
    tried by replaying: impairment_choice, which the caller weighs). ``firm``: a jinx or the
    night sheet decides on its own (who becomes what is then not the replay's say);
    ``replayer``: to try whether another option of a choice about a death changes it."""
    decided = _decided(played, u, firm=firm)
    return None if decided is not None and _chose_the_fate(played, u, replayer) else decided


def _yes_no_clause(u: Understanding) -> str:
    """The question's yes/no clause, lower case ("" where it has none); after an "if"
    premise with no comma, its last auxiliary and article ("if the imp kills himself does a
    poisoned scarlet woman become the imp")."""
    question = u.question.strip()
    if (clause := YES_NO.search(question)) is not None:
        return clause.group(0).lower()
    premised = _AFTER_PREMISE.search(question)
    if premised:
        return premised.group("asked").lower()
    stated = _STATED_WITH_ITS_CASE.match(question)
    return stated.group("asked").lower() if stated else ""


# a statement asked by its mark, its case after it: "sw becomes imp if imp exed w 5 alive?"
_STATED_WITH_ITS_CASE = re.compile(
    r"^(?!\W*(?:what|who|whom|how|which|when|where|why|if)\b)(?P<asked>[^,;.?!]+?)\s+"
    r"if\b[^.?!]*\?+\s*$",
    re.IGNORECASE,
)
# (greedy: the last auxiliary, so one inside the premise is passed over: "if the sw does
# nothing does the imp ...")
_AFTER_PREMISE = re.compile(
    r"^\W*(?:and |so |but |ok |okay )?if\b[^,;.?!]*\s(?<!\bwhat )(?<!\bhow )(?<!\bwho )"
    r"(?P<asked>(?:does|do|did|will|would)\s+(?:the|a|an|my|our|your|that|this)\s[^,;.?!]*\W*)$",
    re.IGNORECASE,
)


def _decided(played: Replayed, u: Understanding, *, firm: bool = False) -> bool | None:
    """Yes/no for a yes/no question about a death ("…, does the Soldier die"), from whether
    its subject died; not for a duty ("do I have to kill both")."""
    if u.tokens and not u.asked:
        # "can the red herring be killed by the demon": the player a token names is the
        # replay's filler, not the character it brought in; its fate is not the replay's
        return None
    asked = _yes_no_clause(u)
    # "is the soldier poisoned? one guide says only kills are blocked": asked up to its mark
    # (the punctuation the clause opens with is not it)
    mark = asked.find("?", len(asked) - len(asked.lstrip(",;.?!- ")))
    if mark != -1:
        asked = asked[: mark + 1]
    if _DUTY.search(asked) or rx.search(r"\bor\b(?! not\b| no\b| nah\b)", asked):
        return None  # a duty, or two alternatives ("is there the extra day or do good win")
    if _ST_MAY_KILL.search(asked) and not (played.response or {}).get("storyteller_choices"):
        # "can i kill only him": what the Storyteller may do, which a replay that kills no one
        # unless told cannot show (where it took a choice of the Storyteller's, the choice
        # guides the answer instead)
        return None
    if _NO_ONE_CHOSEN.search(asked):
        # "can the imp choose to kill no one": whether choosing nobody is allowed, which a
        # replay that played the attack cannot show
        return None
    if _PREVENTING.search(asked):
        # "does exorcist still stop the kill": whether a death is kept from happening, which a
        # replay where nobody died would answer no
        return None
    if _STATE_POSSIBLE.match(asked):
        return None  # "can the professor be poisoned": no one staging shows what can be
    if (asked.startswith(("can", "could")) or " allowed" in asked) and _refused_named(played, u):
        return False  # "can the monk protect himself", "is the DA allowed to choose ..."
    if asked.lstrip(",;.?!- ").startswith(("can", "could")) and _refused_named(
        played, u, spent=True
    ):
        return False  # "slayer already used his ability, can he shoot the imp"
    if dead_choice.asked(u.question):
        return None  # "can the monk protect a dead player": the choice made, not what it did
    if _refused_named(played, u, besides_the_asleep=True):
        # "the gunslinger shot the witch ..., does the cursed guy die": the engine refused an
        # act the question tells, so the replay played another situation than the one asked
        # (not a night choice of one the rules keep asleep: "... is not woken tonight (they
        # are dead)", "(Ann's Exorcist chose them)")
        return None
    if _WIN.search(asked) and not _LOSES_SOMETHING.search(asked):
        return _won(played, asked, u)
    if _GAME_ENDS.search(asked):
        return _ended(played)  # "does the game just end", "game over?"
    if _asks_becoming(u, asked):
        if firm:
            return None  # a jinx says who becomes what; a replay's casting does not overrule it
        return _became(played, {cid for cid, c in u.asked if c is Condition.BECOMES})
    passed_to = _passed_to_asked(u, asked)
    if passed_to:
        # "can the imp starpass to the baron": whether the Baron became the Imp
        return None if firm else _became(played, passed_to)
    if (jump := _JUMP_ASKED.search(asked)) is not None and not firm:
        # "does the fang gu jump if he kills an outsider": whether another player became it
        jumping = {m.id for m in u.mentions if m.text.lower() in asked[: jump.start()]}
        if not jumping and rx.search(r"\b(?:he|she|it|they)\s+(?:\w+\s+)?$", asked[: jump.start()]):
            jumping = set(u.characters)  # "does he jump": whoever named became another's
        if jumping:
            return _jumped(played, jumping)
    if _EXECUTION.search(asked) and any(c is Condition.EXECUTED for _, c in u.asked):
        return _executed(played, u, asked)
    if (woken := _woken(played, u, asked or u.question.lower())) is not None:
        return woken
    if _TRIGGER_ASKED.search(asked):
        return _triggered(played, u)
    if (resurrected := _resurrected(played, u, asked)) is not None:
        return resurrected
    if (kept := _protection_tried(played, u, asked)) is not None:
        return kept
    if CLASS_ASKED.search(u.question.lower().strip()) and _KIND_OF_DEATH.search(asked):
        return None  # "is a tinker death a demon kill": a kind asked, not whether one dies
    if not DEATH.search(KILL_MOVED.sub(" ", asked)) and not _STATE_ASKED.search(asked):
        return None  # "can I bounce the kill onto the soldier": where it goes, not who dies
    if _A_DEAD_ONE.search(asked):
        return None  # "can the one who gets drunk be someone already dead": who, not a death
    if _NOMINATION_SUPPOSED.search(_last_sentence(u.question)) and not _nominations(played):
        # "witch cursed a guy. if he nominates tomorrow does he still drop dead": a death on
        # nominating, asked of a replay that played no nomination
        return None
    nobody = _nobody_died(played, asked)
    if nobody is not None:
        return nobody
    if _killer_kept_asleep(played, u, asked):
        return False  # "exorcist picks the imp, does the imp kill": it is not woken tonight
    subjects = _subjects(played, u)
    if not subjects:
        return None
    if _NIGHT_DEATH_ASKED.search(asked) and _ends_by_day(played):
        # "DA saves the executed player, can the ST still kill them at night": a night after
        # the day the replay ends on, which it did not play
        return None
    every = (played.response or {}).get("deaths") or []
    deaths = subjects & set(every)
    if (
        not deaths
        and (_POSSIBLE_DEATH.search(asked) or not _acted(played))
        and not _harmed(played, subjects)
    ):
        # "can he die while hes the drunk one": a replay where nothing went for him shows
        # nothing of whether he could; "witch is drunk, does the witch die": nor does one
        # where nothing was done at all
        return None
    if not deaths and _SAFE_ONLY.search(asked) and not _death_turned_aside(played, subjects):
        return None  # "innkeeper picks themself, are they safe": nothing tried to kill them
    if deaths and all(every.count(d) == 1 for d in deaths) and deaths <= _registered_dead(played):
        return None  # the Zombuul's first death: they live on, registered as dead (the rules say)
    return not deaths if _LIFE.search(asked) else bool(deaths)


# a death asked of a night: "can the ST still kill them at night", "do they die tonight"
_NIGHT_DEATH_ASKED = re.compile(
    r"\b(?:at night|tonight|tonite|that night|overnight|in the night|the next night)\b"
)


def _ends_by_day(played: Replayed) -> bool:
    """The replay's last phase is a day (what follows it, the night, was not played)."""
    phases = played.request.get("phases") or ()
    return bool(phases) and phases[-1].get("phase") == "day"


def spent_state(played: Replayed, u: Understanding) -> tuple[str, bool] | None:
    """Whether a named character's ability is spent, asked ("does the virgin lose her
    ability if nominated by an outsider": "Ben is not a Townsfolk: nothing happens; the
    Virgin's ability is spent", yes; "does the fool keep his ability": "... the ability is
    not spent", yes), where the engine says so of that character's ability, one way: the
    character and the answer."""
    asked = _yes_no_clause(u)
    lost, kept = bool(_ABILITY_LOSS_ASKED.search(asked)), bool(_ABILITY_KEPT_ASKED.search(asked))
    if lost == kept:
        return None
    named = {m.id for m in u.mentions}
    said = {
        (s["character"], not found.group(1))
        for s in (played.response or {}).get("trace") or ()
        if s.get("character") in named
        for found in SPENT_SAID.finditer(s.get("text") or "")
    }
    if len(said) != 1:
        return None
    ((cid, spent),) = said
    return cid, spent if lost else not spent


def truth_state(played: Replayed, u: Understanding) -> tuple[str, bool] | None:
    """Whether a named character's information is true, asked ("vortox in play, does the
    empath get a true number": no; "does the chef get the right number": yes), where the
    engine says of that character's one learning that it is reliable, or false by an ability
    that makes it so (not drunk or poisoned: what they are told is then the Storyteller's to
    pick, true or not): the engine's words and the answer. Not a duty asked ("do i have to
    give her wrong info")."""
    asked = _yes_no_clause(u)
    if not asked and (after_colon := _AFTER_A_COLON.search(u.question.strip())):
        asked = after_colon.group(0).lower()  # "vortox: can the chef get a true number"
    found = _TRUTH_ASKED.search(asked)
    if found is None or _DUTY.search(asked):
        return None
    named = {m.id for m in u.mentions if m.text.lower() in asked[: found.start()]}
    said = [
        (s["text"], reliable.group(1))
        for s in (played.response or {}).get("trace") or ()
        if s.get("character") in named
        for reliable in RELIABILITY.finditer(s.get("text") or "")
    ]
    if len(said) != 1:
        return None
    text, why = said[0]
    if why is not None and not all(MADE_FALSE.search(r) for r in why.split("; ")):
        return None
    true = why is None
    return text.rstrip("."), true if found.group("word") in _TRUE_WORDS else not true


def learned_state(played: Replayed, u: Understanding) -> tuple[str, bool] | None:
    """Whether a named character learns the very thing asked ("does the chef learn 1", "does
    the undertaker learn the drunk"), from what the replay's one learning of theirs told
    them, where the engine says it is reliable: its words and the answer (an unreliable one
    is the Storyteller's pick, which the replay's choice says)."""
    asked = _yes_no_clause(u).rstrip(" ?!.")
    found = _VALUE_ASKED.search(asked)
    if found is None or _DUTY.search(asked) or _SEATED_BY_UNNAMED.search(u.question.lower()):
        # ("empath next to two evil players": the replay seats no such neighbours, so what
        # it told the learner is no answer)
        return None
    named = {m.id for m in u.mentions if m.text.lower() in asked[: found.start()]}
    seats = {p["name"]: p["character"] for p in played.request["players"]}
    info = [
        (name, learned)
        for name, learned in ((played.response or {}).get("info") or {}).items()
        if seats.get(name) in named
    ]
    if len(info) != 1 or not info[0][1].get("reliable"):
        return None
    name, learned = info[0]
    told = learned.get("told")
    value = found.group("value")
    if isinstance(told, bool) or not isinstance(told, (int, str)):
        return None
    if isinstance(told, int):
        if not value.isdigit() and value not in NUMERALS:
            return None
        same = int(NUMERALS.get(value, value)) == told
    else:
        character = next((m.id for m in u.mentions if m.text.lower() == value), None)
        if character is None:
            return None
        same = character == told
    line = next(
        (
            s["text"]
            for s in (played.response or {}).get("trace") or ()
            if s.get("player") == name and RELIABILITY.search(s.get("text") or "")
        ),
        None,
    )
    return (line.rstrip("."), same) if line else None


# what a player is asked to learn, at the end of the yes/no clause: "does the chef learn 1",
# "does the undertaker see the drunk", "does the empath get a 0" (a number, in figures or
# words, or a character's name)
# neighbours told by kind, not named: "next to two evil players", "her neighbours are a minion"
_SEATED_BY_UNNAMED = re.compile(
    r"\b(?:next to|beside|between|neighbou?rs?(?: are| is)?|sits? by)\s+(?:\w+\s+){0,2}?"
    r"(?:evil|good|minions?|demons?|townsfolk|outsiders?|players?|people|ppl|dead|alive|living)\b"
)
_VALUE_ASKED = re.compile(
    r"\b(?:learn|learns|see|sees|get|gets|receive|receives|shown)\s+(?:a\s+|an\s+|the\s+)?"
    r"(?P<value>\d{1,2}|[a-z'’]+(?: [a-z'’]+)?)(?:\s+token)?$"
)


# a yes/no question after a colon: "vortox: can the chef get a true number"
_AFTER_A_COLON = re.compile(r":\s*(?:can|could|does|do|did|is|are|will|would)\b.*$", re.I)
# what a player's information is asked to be: "does the empath get a true number"
_TRUE_WORDS = frozenset({"true", "correct", "accurate", "real", "right"})
_TRUTH_ASKED = re.compile(
    r"\b(?:get|gets|getting|got|receive|receives|learn|learns|see|sees|given|shown|told)\s+"
    r"(?:a\s+|the\s+)?(?P<word>true|correct|accurate|real|right|false|wrong|fake|incorrect)\s+"
    r"(?:number|info|information|answer|reading|result|character|nod|ping)s?\b"
)
# the engine's word on what a player learns: "(reliable)", "(not reliable: Ann is poisoned)"
RELIABILITY = re.compile(r"\((?:reliable|not reliable: ([^)]*))\)")
MADE_FALSE = re.compile(r"\bmakes it false$")


# the engine's word on an ability: "the Virgin's ability is spent", "the ability is not spent"
SPENT_SAID = re.compile(r"\bability is (not )?spent\b")
# an ability asked lost or kept: "does the virgin lose her ability", "is his shot used up"
_ABILITY_LOSS_ASKED = re.compile(
    r"\b(?:lose|loses|lost|burn|burns|burned|burnt|waste|wastes|wasted)\s+"
    r"(?:his|her|their|its|the)\s+(?:ability|power|shot|once)"
    r"|\b(?:used up|spent)\b"
)
_ABILITY_KEPT_ASKED = re.compile(
    r"\b(?:keep|keeps|still (?:have|has|got))\s+(?:his|her|their|its|the)\s+"
    r"(?:ability|power|shot)\b"
)


# whether an ability goes off, asked: "does the virgin trigger", "does it still go off"
_TRIGGER_ASKED = re.compile(
    r"\b(?:trigger|triggers|triggered|go off|goes off|went off|fire|fires|fired|proc|procs)\b"
)
_NOTHING_HAPPENS = re.compile(r"\bnothing happens\b", re.IGNORECASE)
# its player's own nomination, execution or death: not its ability going off
# (and an attack or execution staged on one dead already: "Ann is already dead: nothing
# happens" is no word on the ability)
_ITS_FATE = re.compile(r"\bis executed\.|\) dies \(|\bnominates\b|\bis already dead\b")
_WENT_OFF = re.compile(
    r"\bexecuted immediately\b|\) dies\b|\bbecomes\b|\bability goes off\b", re.IGNORECASE
)


# "is the real fortune teller drunk", "is the empath still poisoned now?": a state asked of
# one named, in a question of its own
_IMPAIRED_ASKED = re.compile(
    r"^\W*(?:so\W+|and\W+|then\W+)?(?:is|are|was|were) (?:the |my |our |that |this )?"
    r"(?:real |actual |original |old |new )?(?P<name>[\w' -]+?) "
    r"(?:still |now |also |actually |then )?(?P<state>drunk|poisoned)"
    r"(?: (?:now|still|too|then|tonight|today))?\W*$"
)


def impaired_state(played: Replayed, u: Understanding) -> tuple[str, str, str, bool] | None:
    """Whether the one named is drunk or poisoned when the replay ends, asked in a question
    of its own ("philo chose fortune teller, is the fortune teller drunk now": the engine made
    Ben drunk): (seat, character id, state, whether); not where the replay played a day (a
    poison's dusk) or took a Storyteller's choice of who is drunk or poisoned."""
    asked = _yes_no_clause(u).strip()
    found = _IMPAIRED_ASKED.search(asked) if asked else None
    if found is None:
        return None
    typed = found.group("name").strip()
    cids = {m.id for m in u.mentions if m.text.lower() == typed}
    state = found.group("state")
    if len(cids) != 1 or not any(cid in cids for cid, _ in u.asked):
        return None
    (cid,) = cids
    names = {p["name"] for p in played.request["players"] if p["character"] == cid}
    if len(names) != 1 or not played.usable:
        return None
    if any(_WHO_IMPAIRED.search(c.get("question") or "") for c in open_choices(played)):
        return None
    (name,) = names
    player = ((played.response or {}).get("players") or {}).get(name)
    if player is None or (plays_a_day(played) and not player.get(state)):
        # (sober after a day's dusk: the state the question asks about may have worn off;
        # still drunk after it, as under the Minstrel, it is so)
        return None
    return name, cid, state, bool(player.get(state))


# a Storyteller's choice of who is made drunk or poisoned ("which Townsfolk neighbour of Ben
# is poisoned"), not one that gives being drunk as its reason ("it need not be true (Ben is
# drunk)")
_WHO_IMPAIRED = re.compile(r"\b(?:who|which)\b[^()]*\b(?:drunk|poisoned)\b")


# "can the professor revive the fool", "does the prof bring back the drunk"
_RESURRECTION_ASKED = re.compile(
    r"\b(?:revive|revives|resurrect|resurrects|brings? (?:\w+ ){0,3}back)\b"
)


def _resurrected(played: Replayed, u: Understanding, asked: str) -> bool | None:
    """Whether the one the question says is brought back is alive after the replay played the
    resurrection, asked ("Ann (Professor) resurrects Ben (Fool)": yes; "chooses Ben, who is
    not a Townsfolk (Drunk): nothing happens": no); nothing where none is asked or played,
    and the other readings of the ask go on."""
    if not _RESURRECTION_ASKED.search(asked):
        return None
    dead = {cid for cid, c in u.implied if c is Condition.DEAD}
    seats = seats_of(played, dead)
    if not dead:
        # "can the professor resurrect the demon": the one unnamed the resurrector chose
        seats = _chosen_by(played, named_players(played, u))
    response = played.response or {}
    if len(seats) != 1 or not any(
        (s.get("action") or "").startswith("act ") and s.get("character") not in dead
        for s in response.get("trace") or ()
        if seats & set(rx.findall(r"\w+", s.get("text") or ""))
    ):
        return None
    (seat,) = seats
    return bool((response.get("players") or {}).get(seat, {}).get("alive"))


def _triggered(played: Replayed, u: Understanding) -> bool | None:
    """Whether the first named character's ability went off in the replay, asked ("does the
    virgin trigger if the washerwoman nominates her": the nominator executed, yes; "nothing
    happens", no); not where the replay took by default a choice of what a player registers
    as (the Spy nominating the Virgin: it may register as a Townsfolk)."""
    if not u.mentions or any(_REGISTERS_AS.search(c["question"]) for c in open_choices(played)):
        return None
    cid = u.mentions[0].id
    said = [
        s.get("text") or ""
        for s in (played.response or {}).get("trace") or ()
        if s.get("character") == cid and not _ITS_FATE.search(s.get("text") or "")
    ]
    if any(_NOTHING_HAPPENS.search(t) for t in said):
        return False
    if any(_WENT_OFF.search(t) for t in said):
        return True
    return None


# a death the engine turned aside, in its trace: "does not die", "the kill bounces"
_TURNED_ASIDE = re.compile(r"\b(?:does not die|do not die|survives?|is safe|bounce\w*|instead)\b")
# a death asked as a possibility: "can he die", "could the sailor be killed"
_POSSIBLE_DEATH = re.compile(r"\b(?:can|could)\b[^?.]*\b(?:die|be killed|be executed)\b")


# a dead person as who is chosen or made something: "be someone already dead"
_A_DEAD_ONE = re.compile(
    r"\b(?:someone|somebody|anyone|anybody|a player|a person|one|players?)\s+"
    r"(?:who(?:'s|s| is| was| are)\s+|thats?\s+|that is\s+)?(?:already\s+)?dead\b"
)
# a nomination supposed in the sentence asked: "if he nominates tomorrow", "when she noms"
_NOMINATION_SUPPOSED = re.compile(
    r"\b(?:if|when|once|after)\s+(?:\w+\s+){0,3}?"
    r"(?:nominates?|nominated|nominating|noms?|nommed|nomd)\b",
    re.IGNORECASE,
)


def _last_sentence(question: str) -> str:
    parts = [p for p in rx.split(r"(?<=[.?!])\s+", question.strip()) if p.strip()]
    return parts[-1] if parts else question


def _nominations(played: Replayed) -> bool:
    return any(
        event.get("type") == "nominate"
        for phase in played.request.get("phases") or ()
        for event in phase.get("events") or ()
    )


def _protection_tried(played: Replayed, u: Understanding, asked: str) -> bool | None:
    """Whether a named character asked to be protected ("monk picks the goon, is the goon
    safe from the demon", "can the goon be protected by the monk") survived the Demon's
    attack on them the replay played (game._safety_asked stages it): yes if they live; None
    where no death word is asked, or no Demon went for them."""
    if DEATH.search(asked) or not _PROTECTION_ASKED.search(asked):
        return None
    cids = set(protected_asked(u, asked))
    seats = {p["name"] for p in played.request["players"] if p["character"] in cids}
    attacked = {
        found.group(1)
        for step in (played.response or {}).get("trace") or ()
        if (found := _ATTACKS.search(step.get("text") or "")) and found.group(1)
    }
    if not seats or not seats <= attacked:
        return None
    return not seats & set((played.response or {}).get("deaths") or ())


def protected_asked(u: Understanding, text: str) -> list[str]:
    """The named characters a question asks to be protected: a protection asked of them,
    or "can the goon be protected" in ``text`` (the question, or its asking clause)."""
    asked = [cid for cid, c in u.asked if c is Condition.PROTECTED]
    return list(
        dict.fromkeys(
            [
                *asked,
                *(
                    m.id
                    for m in u.mentions
                    if Condition.PROTECTED in u.conditions.get(m.id, ())
                    and rx.search(
                        rf"\bcan (?:the |my |our )?{re.escape(m.text.lower())} be protected\b", text
                    )
                ),
            ]
        )
    )


# safety asked: "is the goon safe", "can he be protected", "is she saved"
_PROTECTION_ASKED = re.compile(r"\b(?:safe|protected|saved)\b")


def _death_turned_aside(played: Replayed, names: set[str]) -> bool:
    """Whether the engine says a death of one of ``names`` was turned aside ("Ben (Chef) does
    not die: Ann's Monk ability protects them")."""
    return any(
        any(rx.search(rf"\b{re.escape(n)}\b", step.get("text") or "") for n in names)
        and _TURNED_ASIDE.search(step.get("text") or "")
        for step in (played.response or {}).get("trace") or ()
    )


def _harmed(played: Replayed, names: set[str]) -> bool:
    """Whether anything in the replay acts on the players named: a night choice of them, a
    day's nomination or execution of them, or a death of theirs the engine turned aside ("the
    kill bounces to Ben (Soldier), who does not die")."""
    if _death_turned_aside(played, names):
        return True
    for phase in played.request.get("phases") or ():
        for action in phase.get("actions") or ():
            # (not one's own choice of oneself: "sailor chose himself")
            if (names - {action.get("player")}) & set(action.get("targets") or ()):
                return True
        for event in phase.get("events") or ():  # {"type": "execute", "target": "Ben"}
            if isinstance(event, dict) and names & {
                str(v) for v in event.values() if isinstance(v, str)
            }:
                return True
    # "the slayer already used his shot, then shoots the imp": the act on them the question
    # tells, refused because the once-per-game ability was spent
    return any(
        spent_refusal(r)
        and names
        & {
            str(t)
            for key in ("target", "targets")
            for t in _as_list((r.get("removed") or {}).get(key))
        }
        for r in played.refused
    )


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [] if value is None else [value]


# the engine's words for a Demon's attack (service/engine/handlers): "Cat (Imp) attacks Ben."
_ATTACKS = re.compile(r"\) attacks (\w+)\.$|^Lil' Monsta attacks\b")  # (whom, where named)


# whether one named wakes, asked: "does the ravenkeeper (still) wake", "do i wake the ravenkeeper"
_PERSONAL = frozenset({"he", "she", "they", "it", "him", "her", "them"})
_WAKE_ASKED = re.compile(
    r"(?:^|\W)(?:does|do|will|would|did)\s+(?:(?:the|my|our)\s+)?(?P<name>[a-z' -]+?)\s+"
    r"(?:still\s+|even\s+|also\s+)?(?:wake|wake up|get woken|get to wake)"
    r"(?:\s+(?:up|tonight|that night|then))?\W*$"
    r"|(?:^|\W)(?:do|should|would|can|must)\s+(?:i|we|you)\s+(?:still\s+|even\s+|also\s+)?"
    r"wake\s+(?:up\s+)?(?:(?:the|my|our)\s+)?(?P<name2>[a-z' -]+?)(?:\s+up)?"
    r"(?:\s+(?:tonight|that night|then))?\W*$"
)
# a player kept asleep, as the engine says it: "Cat (Imp) is not woken tonight", "the Demon
# Cat, who learns that Ann is the Exorcist and does not wake tonight"
_KEPT_ASLEEP = r"\b{name}\b[^.;]*\b(?:is not woken|does not wake) tonight\b"
_WOKE = re.compile(r"\b(?:wakes?|chooses|learns)\b")
_FIRST_NIGHT_ASKED = re.compile(r"\b(?:first night|night (?:1|one)|n1)\b")


def _woken(played: Replayed, u: Understanding, asked: str) -> bool | None:
    """ "if the imp kills the ravenkeeper does the ravenkeeper wake": whether the one named
    woke in the replay's night (it chose, learned or was woken) or was kept asleep ("is not
    woken tonight"); not for a first night the replay did not play."""
    found = _WAKE_ASKED.search(asked.strip())
    if found is None:
        return None
    typed = (found.group("name") or found.group("name2") or "").strip()
    cids = {m.id for m in u.mentions if m.text.lower() == typed}
    if typed in _PERSONAL and not cids:
        # "if the ravenkeeper is killed by the imp does he wake": the one named told dying,
        # where only one is (not one told poisoned: "do i still wake her" is the rulings'
        # "wake them as normal")
        cids = {
            m.id
            for m in u.mentions
            if {Condition.DEAD, Condition.EXECUTED} & set(u.conditions.get(m.id, ()))
        }
        last = max(u.mentions, key=lambda m: m.start) if u.mentions else None
        if (
            not cids
            and last is not None
            and len(u.characters) > 1
            and not u.conditions.get(last.id)
        ):
            # "exorcist picks the zombuul, does it wake": the one named last, acted on,
            # before the ask (not one told poisoned: "the empath is poisoned tonight, do i
            # still wake her" is the rulings' "wake them as normal")
            cids = {last.id}
    if len(cids) != 1:
        return None
    cid = next(iter(cids))
    names = {p["name"] for p in played.request["players"] if p["character"] == cid}
    steps = (played.response or {}).get("trace") or ()
    night = [s for s in steps if str(s.get("phase", "")).startswith("night")]
    if _FIRST_NIGHT_ASKED.search(u.question.lower()) and not any(
        s.get("phase") == "night 1" for s in night
    ):
        return None
    texts = [
        *(s.get("text") or "" for s in night),
        *(r.get("message") or "" for r in played.refused),
    ]
    asleep = [
        t for t in texts if any(rx.search(_KEPT_ASLEEP.format(name=re.escape(n)), t) for n in names)
    ]
    if asleep:
        return False
    woke = [
        s
        for s in night
        if (
            s.get("player") in names
            or any((s.get("text") or "").startswith(f"{n} (") for n in names)
        )
        and _WOKE.search(s.get("text") or "")
    ]
    return True if woke else None


# a choice of nobody asked: "kill no one", "attack nobody", "choose not to kill"
_NO_ONE_CHOSEN = re.compile(
    r"\b(?:kill|kills|attack|attacks|choose|chooses|pick|picks|target|targets)\s+"
    r"(?:no ?one|no-one|nobody|noone)\b|\bnot\s+(?:to\s+)?(?:kill|attack)\b"
)


def _nobody_died(played: Replayed, asked: str) -> bool | None:
    """ "exorcist picks the imp, does anyone die tonight": no, where the replay played the
    night's kill (made, or refused its waking) and nobody died, every character in it being
    played and no choice of the Storyteller's taken by default; "and have no one die?" yes.
    A death in the replay answers nothing here: the replay's own attack, or its reading of
    whom a death is moved onto, may be beside what is asked ("harlot picked the imp, does
    someone die", "bounce it onto the monk protected player, does anyone die")."""
    anyone = _ANYONE_DIES.search(asked)
    tried = kill_tried(played) or _STATEMENT_UNTRUE.search(
        " ".join(s.get("text") or "" for s in (played.response or {}).get("trace") or ())
    )
    if anyone is None or not tried or played.not_simulated or open_choices(played):
        return None
    if (played.response or {}).get("deaths"):
        return None
    return bool(rx.match(r"no ?one|nobody", anyone.group(0)))


# a statement that would kill if true, played untrue: "Ann (Gossip) says '...': not true, so
# nothing happens" ("gossip said the chef is the imp and it is wrong, does anyone die")
_STATEMENT_UNTRUE = re.compile(r"\bnot true, so nothing happens\b")


def kill_tried(played: Replayed) -> bool:
    """Whether the replay's night had its kill: a Demon attacked, or an evil player's choice
    was refused because they were not woken ("Cat (Imp) is not woken tonight (Ann's Exorcist
    chose them)")."""
    response = played.response or {}
    if any(_ATTACKS.search(s.get("text") or "") for s in response.get("trace") or ()):
        return True
    players = response.get("players") or {}
    return any(
        "is not woken tonight" in (r.get("message") or "")
        and (players.get(r["removed"].get("player")) or {}).get("alignment") == "evil"
        and r["removed"].get("targets")
        for r in played.refused
    )


def _acted(played: Replayed) -> bool:
    """Whether the replay's request plays anything: a choice of a player, or a day's event."""
    return any(
        action.get("targets") or phase.get("events")
        for phase in played.request.get("phases") or ()
        for action in (phase.get("actions") or [{}])
    )


def _registered_dead(played: Replayed) -> set[str]:
    """Players the replay shows dead by their own "Dead" reminder: a death they only register
    (the Zombuul's first; a second death is listed again), not one they die."""
    players = (played.response or {}).get("players") or {}
    return {
        name
        for name, player in players.items()
        if any(
            t.get("token") == "Dead" and t.get("by") == name for t in player.get("reminders", ())
        )
    }


_EXECUTION = re.compile(r"\bexe\b|\bexe[cd]\w*|\bexecut\w*")


def _executed(played: Replayed, u: Understanding, asked: str) -> bool | None:
    """ "chef nominates the virgin, is the chef executed?": whether the named player asked
    about was executed in the replay's day (the Drunk who thinks they are the Chef counts as
    the Chef); None where a Storyteller's choice about them decided it ("what the Spy
    registers as, to the Virgin")."""
    # named in the clause that asks, not a pronoun read back to someone ("is he executed")
    who = {
        cid
        for cid, c in u.asked
        if c is Condition.EXECUTED
        and any(m.id == cid and m.text.lower() in asked for m in u.mentions)
    }
    names = seats_of(played, who)
    if not names or not plays_a_day(played):
        return None
    response = played.response or {}
    if _open_choices_about(played, names):
        return None
    lines = [t if isinstance(t, str) else t.get("text", "") for t in response.get("trace") or []]
    return any(line.startswith(f"{name} is executed") for name in names for line in lines)


def _chose_the_fate(
    played: Replayed,
    u: Understanding,
    replayer: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> bool:
    """Whether the death a yes/no question asks about hung on a Storyteller's choice the replay
    took by default ("whether Ann (Tinker) dies tonight", "what Ben (Recluse) registers as to
    Ann's Slayer"): then the replay decides nothing. With a ``replayer``, a choice of whether
    someone dies counts only where another option plays the deaths asked about otherwise
    ("harlot picks the chef, the imp attacks the chef": the Imp kills him either way)."""
    subjects = _subjects(played, u)
    return any(
        (
            _REGISTERS_AS.search(c["question"])
            # "harlot picks the imp, do they both die": whether the one chosen agrees, taken
            # by default, is what the deaths hang on
            or _AGREES.search(c["question"])
        )
        or DEATH.search(c["question"].lower())
        and (replayer is None or turns_deaths(played, c, replayer, subjects, refused=True))
        for c in _open_choices_about(played, subjects)
    )


def turns_deaths(
    played: Replayed,
    choice: dict[str, Any],
    replayer: Callable[[dict[str, Any]], dict[str, Any]],
    among: AbstractSet[str],
    *,
    refused: bool = False,
) -> bool:
    """Whether another option of ``choice`` plays the deaths of the players ``among`` otherwise
    than the replay did, tried by replaying it; an option the engine refuses counts as one
    that does where ``refused`` (it may matter), else as one that does not."""
    base = set((played.response or {}).get("deaths") or ()) & among
    return any(
        refused if again is None else set(again.get("deaths") or ()) & among != base
        for again in other_options(played, choice, replayer)
    )


_AGREES = re.compile(r"\bwhether \w+ agrees\b")


def impairment_choice(
    played: Replayed, u: Understanding, replayer: Callable[[dict[str, Any]], dict[str, Any]] | None
) -> dict[str, Any] | None:
    """Whether who is drunk or poisoned, a Storyteller's choice the replay took by default,
    turns whether a player asked about dies ("sailor picks the imp, imp attacks sailor. does
    the sailor die?": a drunk Sailor dies, a sober one does not), tried by replaying its other
    options."""
    if replayer is None:
        return None
    subjects = _subjects(played, u)
    return next(
        (
            choice
            for choice in _open_choices_about(played, subjects)
            if _IMPAIRED.search(choice["question"])
            and between_the_named(choice, played, u)
            and turns_deaths(played, choice, replayer, subjects)
        ),
        None,
    )


def between_the_named(choice: dict[str, Any], played: Replayed, u: Understanding) -> bool:
    """A choice between players the question names, none of whose states it tells: "the
    Sailor Ann or Cat" for "sailor picks the imp"; not a pick the replay staged on a filler
    ("can the imp kill the sailor": "the Sailor Ann or Ben"), nor one the question took ("i
    made the fool the drunk one")."""
    character = {p["name"]: p["character"] for p in played.request["players"]}
    told = {
        cid
        for cid, conditions in u.conditions.items()
        if {Condition.DRUNK, Condition.POISONED} & set(conditions)
    }
    options = choice.get("options") or ()
    return bool(options) and all(
        isinstance(option, str)  # (not a list of players: "who dies, in order")
        and character.get(option) in u.characters
        and character.get(option) not in told
        for option in options
    )


_IMPAIRED = re.compile(r"\b(?:drunk|poisoned)\b")


def registration_taken(played: Replayed, u: Understanding) -> dict[str, Any] | None:
    """The choice the replay took by default of what a player asked about registers as ("what
    Ben (Recluse) registers as, team, to Ann's Slayer"), if any: the outcome is then the
    Storyteller's."""
    asked = _subjects(played, u) | seats_of(played, {cid for cid, _ in u.asked})
    return next(
        (c for c in _open_choices_about(played, asked) if _REGISTERS_AS.search(c["question"])),
        None,
    ) or (
        # one named character's registration to another's ability ("does the virgin trigger
        # if the spy nominates her"), unless the storyteller asks leave to take it (settled:
        # "yes, as you choose")
        None
        if _LEAVE_ASKED.search(u.question.lower())
        else next((c for c in open_choices(played) if registering_between_the_named(c, u)), None)
    )


_REGISTERS_AS = re.compile(r"\bregisters as\b")
_LEAVE_ASKED = re.compile(r"\b(?:can|could|may) (?:i|we)\b|\ballowed\b|\bam i\b")


def registering_between_the_named(choice: dict[str, Any], u: Understanding) -> bool:
    """What one named character registers as to another's ability ("what Ben (Recluse)
    registers as, alignment, to Ann's Chef" for "chef info with the recluse next to the
    imp"; the Spy's team to the Virgin it nominates): the choice the question turns on."""
    found = _REGISTERS_TO.search(choice["question"])
    if found is None:
        return False
    return {slug(found.group(g)) for g in ("who", "to")} <= set(u.characters)


# "what Ben (Recluse) registers as, alignment, to Ann's Chef"
_REGISTERS_TO = re.compile(r"\((?P<who>[^)]+)\) registers as\b.*\bto \w+'s (?P<to>[\w' -]+)$")


def option_passed_over(played: Replayed, u: Understanding) -> tuple[dict[str, Any], str] | None:
    """A choice the replay took by default for the first named character's ability that
    could have fallen on the last named one's player, and did not ("can the imp starpass to
    the recluse": which alive Minion becomes the Imp, Ann (the Recluse) or Dan; Dan by
    default): the choice and that player. Only for a question asking whether it can."""
    if len(u.mentions) < 2 or not _CAN_ASKED.match(u.question):
        return None
    chooser, target = u.mentions[0].id, u.mentions[-1].id
    if chooser == target:
        return None
    seats = {p["name"] for p in played.request["players"] if p["character"] == target}
    for choice in open_choices(played):
        parts = choice["id"].split(".")
        options = choice.get("options") or []
        if len(parts) < 2 or parts[1] != chooser or len(options) < 2:
            continue
        # (an option may be a list of players: the Harpy's "who dies, in order")
        passed = [
            o for o in options if isinstance(o, str) and o in seats and o != choice.get("chosen")
        ]
        if passed:
            return choice, passed[0]
    return None


_CAN_ASKED = re.compile(
    r"^\W*(?:can|could|may|is it (?:possible|ok|okay|legal|allowed))\b", re.IGNORECASE
)


def _open_choices_about(played: Replayed, names: set[str]) -> list[dict[str, Any]]:
    """The choices the replay took itself whose question names one of these players."""
    return [
        c
        for c in open_choices(played)
        if any(rx.search(rf"\b{re.escape(name)}\b", c["question"]) for name in names)
    ]


# the Storyteller asking leave to kill: "can i kill only him", "can we have him die"
_ST_MAY_KILL = re.compile(
    r"^\W*(?:can|could|may) (?:i|we)\b(?: \w+){0,4}? (?:kill|make \w+ die|have \w+ die)\b"
)
# asking whether something keeps a death from happening: "stop the kill", "block the death"
_PREVENTING = re.compile(
    r"\b(?:stop|stops|stopped|prevent\w*|block\w*|cancel\w*|negate\w*)\b[^?.!,;]{0,25}"
    r"\b(?:kill|kills|death|dying)\b"
)


def _refused_named(
    played: Replayed, u: Understanding, *, besides_the_asleep: bool = False, spent: bool = False
) -> bool:
    """Whether the engine refused a named character's choice (the rules forbid it);
    ``besides_the_asleep``: not a night choice of one the rules keep asleep; ``spent``: only
    for an ability used once per game, used again."""
    named = named_players(played, u)
    return any(
        refused_by(r) in named
        and (not spent or spent_refusal(r))
        # "can the godfather kill twice": not woken for want of an event the replay did not
        # stage ("... is not woken tonight (no Outsider died today)") forbids nothing
        and "is not woken tonight (no " not in r.get("message", "")
        and not (
            besides_the_asleep
            and (
                "is not woken tonight" in r.get("message", "")
                # "the slayer already used his shot, then shoots the imp": the spent ability
                # the question tells, refused as told
                or spent_refusal(r)
            )
        )
        for r in played.refused
    )


def _won(played: Replayed, asked: str, u: Understanding) -> bool | None:
    """ "…, do they lose": whether the side asked about won (lost) in a replay where someone
    died, so that the game could have ended."""
    if not _could_end(played):
        return None
    response = played.response or {}
    side = SIDE.search(asked)
    team = side.group(1) if side else _side_of_first_named(played, u)
    winner = (response.get("winner") or {}).get("team")
    if team is None:
        return None
    stopped = {
        found.group(1).lower()
        for t in response.get("trace", ())
        if (found := _WIN_STOPPED.search(t.get("text") or ""))
    }
    if winner is None and stopped and team not in stopped and _MAY_YET.search(asked):
        # "can the mastermind win after the demon dies": an ability stopped the other side's
        # win and the game goes on, so the side asked about may yet win: not a no
        return None
    return (winner is not None and winner != team) if _LOSE.search(asked) else winner == team


# what the engine says where an ability stops a win (service/engine/deaths.py)
_WIN_STOPPED = re.compile(r"^(Good|Evil) would win\b.*\bability stops it: the game goes on")
# a win asked as a possibility: "can the mastermind win", "could evil still win"
_MAY_YET = re.compile(r"\b(?:can|could|may|might)\b[^?.,;]*\b(?:win|wins)\b|\bstill win\b")
_GAME_ENDS = re.compile(r"\bgame (?:\w+ )?(?:end|ends|over)\b|\bis it over\b")


# a kind of death asked: "a demon kill", "an execution", "a death"
_KIND_OF_DEATH = re.compile(r"\b(?:a|an)\s+(?:\w+\s+)?(?:kill|death|execution)\s*\?*\s*$")


def _ended(played: Replayed) -> bool | None:
    """Whether the game ended (someone won), in a replay where it could have."""
    if not _could_end(played):
        return None
    return (played.response or {}).get("winner") is not None


def _could_end(played: Replayed) -> bool:
    """Whether anything in the replay could have ended the game: a death, or a day played to
    its dusk."""
    return bool((played.response or {}).get("deaths")) or plays_a_day(played)


def _asks_becoming(u: Understanding, asked: str) -> bool:
    """ "does the SW become the demon": whether a named character becomes another."""
    return any(c is Condition.BECOMES for _, c in u.asked) and bool(_BECOME.search(asked))


def _became(played: Replayed, asked: set[str]) -> bool | None:
    """Whether a character asked to become another did so in the replay (its player's
    character changed), where the replay seats it; not where a choice of who becomes what
    was taken by default ("which alive Minion becomes the Imp")."""
    if _becoming_by_default(played):
        return None
    players = (played.response or {}).get("players", {})
    seats = [p for p in played.request["players"] if p["character"] in asked]
    if not seats or any(p["name"] not in players for p in seats):
        return None
    return any(players[p["name"]]["character"] != p["character"] for p in seats)


def _becoming_by_default(played: Replayed) -> bool:
    """Who becomes what was a choice the replay took by default ("which alive Minion becomes
    the Imp"): then its casting decides nothing."""
    return any(
        _BECOME.search(c["question"].lower()) and c.get("from") == "default"
        for c in choices(played)
    )


def _jumped(played: Replayed, jumping: set[str]) -> bool | None:
    """Whether another player became one of ``jumping`` (a Demon's jump: the Fang Gu's into
    an Outsider), where the replay seats it; not where who becomes what was a default."""
    if _becoming_by_default(played):
        return None
    players = (played.response or {}).get("players", {})
    seated = {p["name"]: p["character"] for p in played.request["players"]}
    if not jumping & set(seated.values()):
        return None
    return any(
        state["character"] in jumping and state["character"] != seated.get(name)
        for name, state in players.items()
    )


# a Demon's jump asked, not where to: "does the fang gu jump" (a pass onto someone named is
# _passed_to_asked's)
_JUMP_ASKED = re.compile(
    r"\b(?:jump|jumps|jumped)\b(?!\s+(?:to|into|onto|in)\b)"
    # (or to a kind named, no player: "does the fang gu jump to a minion")
    r"|\b(?:jump|jumps|jumped)\s+(?:to|into|onto|in)\s+(?:an?\s+)?(?:\w+\s+)?"
    r"(?:minion|townsfolk|outsider|demon|player|traveller)s?\b"
)


def _passed_to(question: str, mention_text: str) -> bool:
    return bool(
        rx.search(
            r"\b(?:star\s*-?\s*pass\w*|pass|passes|passing|jump|jumps)\s+(?:it\s+|the\s+\w+\s+)?"
            rf"(?:on\s*)?(?:to|into)\s+(?:the\s+|a\s+|my\s+|our\s+)?"
            rf"(?:(?:drunk|poisoned|mad|evil|good)\s+)?{re.escape(mention_text)}\b",
            question,
        )
    )


def _passed_to_asked(u: Understanding, asked: str) -> set[str]:
    """The named characters the asked clause says the Demon passes to ("can the imp
    starpass to the baron", "... to a drunk baron"), or that a pronoun asked of after a
    passing told stands for ("imp starpassed to the poisoned sw, is she the imp now")."""
    if "pass" not in asked and "jump" not in asked:
        if not _IS_IT_NOW.match(asked):
            return set()  # (most questions: no pattern built per name)
        asked = u.question.lower()
    return {m.id for m in u.mentions if _passed_to(asked, m.text.lower())}


# "is she the imp now", "so is he the demon?": whether the one passed to is it now
_IS_IT_NOW = re.compile(
    r"^\W*(?:so\W+|and\W+)?(?:is|are)\s+(?:she|he|they)\s+(?:now\s+)?(?:the|a|an)\s+"
    r"[\w' -]+?(?:\s+now)?\W*$"
)


_BECOME = re.compile(r"\b(?:become|becomes|turn into|turns into|take over|takes over)\b")


def _side_of_first_named(played: Replayed, u: Understanding) -> str | None:
    players = (played.response or {}).get("players", {})
    named = [p["name"] for p in played.request["players"] if p["character"] in u.characters]
    return players[named[0]]["alignment"] if named and named[0] in players else None


def unnamed_asked_dying(played: Replayed, u: Understanding) -> set[str]:
    """The unnamed players a death question asks about by a noun ("does that player die"),
    as _subjects finds them; none where it asks of no such one."""
    clause = YES_NO.search(u.question.strip())
    if clause is None or not _UNNAMED_ASKED.search(clause.group(0)):
        return set()
    return _subjects(played, u)


def _subjects(played: Replayed, u: Understanding) -> set[str]:
    """Who the death question is about: the named characters it asks about dying, else
    whoever the named characters' choices targeted (a named character's death the question
    states is its premise, not what it asks: "the gossip got exed and died")."""
    players = played.request["players"]
    asked = {cid for cid, c in u.asked if c is Condition.DEAD}
    dying = {p["name"] for p in players if p["character"] in asked}
    if dying:
        return dying
    clause = YES_NO.search(u.question.strip())
    # "imp kills the zombuul tonight, does the zombuul die": named dying in the asking clause,
    # where the telling clause made the same death a premise
    said = clause.group(0).lower() if clause else ""
    named_dying = {m.id for m in u.mentions if _followed(said, m.text.lower(), _DYING)}
    # "can the shabaloth kill the soldier": the one named as the kill's object, not every
    # player the killer chose
    # (not whom it names by its owner: "do i still kill stuntmans neighbour")
    named_dying |= {
        m.id
        for m in u.mentions
        if rx.search(
            rf"\b(?:kill|kills|killed|attack|attacks|attacked)\s+(?:the\s+|a\s+|my\s+|our\s+)?"
            rf"{re.escape(m.text.lower())}\b(?!['’]?s?\s+{_OWNED})",
            said,
        )
    }
    dying = {p["name"] for p in players if p["character"] in named_dying}
    if dying:
        return dying
    demon = _DEMON_DYING_ASKED.match(said)
    if demon is not None:
        # "technocrat is poisoned, the demon gets exed. does the demon die": the Demon the
        # replay seated for the one unnamed (none is, where the question names its Demon);
        # whether it can die, only where it did ("can the old demon die": a replay where it
        # lived shows nothing of whether it could)
        dying = {
            p["name"]
            for p in players
            if p["character"] == NEUTRAL[DEMON] and p["character"] not in u.characters
        }
        died = dying & set((played.response or {}).get("deaths") or ())
        if dying and (died or not demon.group("may")):
            return dying
    if clause and _ANYONE_DIES.search(clause.group(0)):
        # "does someone (still) die": whoever the named characters chose is not whom it asks
        return set()
    # "does the player the pukka poisoned the night before still die": the unnamed player
    # the question gives a state, not whoever the named characters chose
    unnamed = {
        p["name"]
        for p in players
        if p["character"] not in u.characters
        and any(p.get(state) for state in ("poisoned", "drunk", "protected", "reminders"))
    }
    if clause and _UNNAMED_ASKED.search(clause.group(0)):
        # (else the unnamed one a named character chose: "the lunatic attacks someone, does
        # that person die"; not a named one: "exorcist chose the pukka, does the pukka's
        # poisoned guy die")
        return unnamed or _unnamed_chosen(played, u)
    if (
        unnamed
        and clause
        and _PRONOUN_ASKED.search(clause.group(0))
        and _UNNAMED_TOLD.search(u.question)
    ):
        return unnamed  # "the person the pukka poisoned the night before - do they still die"
    named = named_players(played, u)
    killer = _killer_asked(clause.group(0).lower() if clause else "", u)
    if killer is not None and not _acts(
        played, {p["name"] for p in players if p["character"] == killer}
    ):
        # "does the gossip still get a kill" where the replay plays no Gossip: the Poisoner's
        # victim surviving says nothing of it
        return set()
    # one choosing itself counts where that is what is asked ("can the imp kill himself"),
    # not where it is told ("imp killed himself ... does the new imp kill again")
    itself = bool(clause and _REFLEXIVE.search(clause.group(0)))
    if clause and _UNNAMED_DEMON_KILLS.search(clause.group(0)):
        # "tea lady neighbours are good, can the demon kill them": the Demon the replay
        # seated for the one unnamed is the killer asked about; where it acted, it alone
        # ("lycan kills the good player, does the demon also kill": not the Lycanthrope's
        # victim's death, "Yes: Ben (Chef) dies")
        # ("exorcist picks the chef, does the demon still kill": a replay where it attacked
        # nobody shows nothing of it)
        unnamed = {p["name"] for p in players if p["character"] not in u.characters}
        if not _acts(played, unnamed):
            return set()
        named = unnamed
    return _chosen_by(played, named, itself=itself)


def _unnamed_chosen(played: Replayed, u: Understanding) -> set[str]:
    characters = {p["name"]: p["character"] for p in played.request["players"]}
    chosen = _chosen_by(played, named_players(played, u))
    return {t for t in chosen if characters.get(t) not in u.characters}


def _chosen_by(played: Replayed, players: set[str], *, itself: bool = True) -> set[str]:
    """Whom ``players`` chose in the replay's night actions (``itself``: a player's choice of
    themself too)."""
    return {
        t
        for phase in played.request["phases"]
        for a in phase.get("actions", [])
        if a["player"] in players
        for t in a.get("targets", [])
        if itself or t != a["player"]
    }


# the unnamed Demon's kill asked: "can the demon kill them", "does the demon's attack work"
_UNNAMED_DEMON_KILLS = re.compile(
    r"\bthe demon(?:'s)?\s+(?:\w+\s+)?(?:kill|kills|attack|attacks|get (?:them|him|her))\b",
    re.IGNORECASE,
)


# a named character asked about as the one who kills: "does the gossip still get a kill",
# "can the imp kill"
_KILLS = (
    r"(?:\s+\w+){0,2}?\s+(?:kill|kills|get (?:a|their|his|her|its|the) kill|gets? (?:a )?kill)\b"
)


_UNNAMED_ASKED = re.compile(
    r"(?:^|[,;.?!-]\s*)(?:does|do|did|will|would|is|can)\s+(?:the|that|this)\s+"
    r"(?:guy|player|person|one|victim)\b"
    # "does last nights poisoned guy still die", "does the pukka's poisoned guy ..."
    r"|(?:^|[,;.?!-]\s*)(?:does|do|did|will|would|is|can)\s+(?:(?!be\b)[\w']+\s+){1,3}"
    r"(?:guy|player|person|victim)\b",
    re.IGNORECASE,
)
# "the person the pukka poisoned the night before - do they still die": a pronoun asked,
# for an unnamed person told before it
_PRONOUN_ASKED = re.compile(
    r"(?:^|[,;.?!-]\s*)(?:does|do|did|will|would|is|can)\s+(?:they|he|she)\b", re.IGNORECASE
)
_UNNAMED_TOLD = re.compile(r"\b(?:the|that|this)\s+(?:guy|player|person|victim)\b", re.IGNORECASE)
_ANYONE_DIES = re.compile(
    r"\b(?:some ?one|somebody|any ?one|anybody|no ?one|nobody)\s+(?:\w+\s+)?(?:die|dies)\b",
    re.IGNORECASE,
)


def _killer_kept_asleep(played: Replayed, u: Understanding, asked: str) -> bool:
    """The named killer asked about ("does the imp kill") is kept asleep tonight in the
    replay: its choice refused because it is not woken ("Ann's Exorcist chose them")."""
    killer = _killer_asked(asked, u)
    if killer is None or _ANOTHER_NIGHT_ASKED.search(u.question.lower()):
        return False  # ("... does the po get 3 kills the night after": not the night played)
    seats = seats_of(played, [killer])
    # "imp starpasses to the baron, does the baron kill that night": the Minion made the Imp
    # does not act the night it becomes it
    trace = (played.response or {}).get("trace") or ()
    if any(
        (found := _MADE_TOO_LATE.search(s.get("text") or "")) and found.group(1) in seats
        for s in trace
    ):
        return True
    # (kept asleep by a choice the question tells, the Exorcist's; not by what the replay
    # staged of the day before: "no Outsider died today" for a Tinker killed that day)
    return any(
        _EXORCISED.search(r.get("message") or "")
        and (r.get("removed") or {}).get("player") in seats
        for r in played.refused
    )


_EXORCISED = re.compile(r"\bis not woken tonight \(\w+'s Exorcist chose them\)")
# the engine's word on a player made the Demon after their turn: "Cat becomes the Imp, and
# does not act tonight"
_MADE_TOO_LATE = re.compile(r"\b(\w+) becomes the [\w' -]+?, and does not act tonight\b")
_ANOTHER_NIGHT_ASKED = re.compile(
    r"\b(?:the )?(?:night after|next night|following night|tomorrow night|night after that)\b"
)


def _killer_asked(asked: str, u: Understanding) -> str | None:
    """The named character a yes/no clause asks about killing, if it asks so of one."""
    for mention in u.mentions:
        if _followed(asked, mention.text.lower(), _KILLING):
            return mention.id
    return None


_KILLING = re.compile(_KILLS)
# the words a death asked may have between its subject and its verb: "does X still die"
_HEDGE = r"(?:\s+(?:still|actually|really|also|even|then|just))?\s+"
_DYING = re.compile(rf"{_HEDGE}(?:die|dies|survive|survives)\b")
# whom a character's name may stand before as its owner: "stuntman's neighbour"
_OWNED = r"(?:neighbou?rs?|neighbors?|target|pick|choice|victim|host|guy|player)\b"
# the unnamed Demon's death or life asked, its subject: "does the demon die", "demon
# survives?", "can the demon die by execution" (not "... kick in if the demon dies")
_DEMON_DYING_ASKED = re.compile(
    r"\W*(?:(?P<may>can|could)\s+|(?:does|do|did|will|would|is)\s+)?(?:the\s+)?demon"
    rf"{_HEDGE}(?:die|dies|survive|survives|live|lives)\b"
)
_BOUNDARY = re.compile(r"\b")


def _followed(text: str, words: str, after: re.Pattern[str]) -> bool:
    """``words`` start a word of ``text`` somewhere ``after`` matches right behind them: the
    search ``\\b{words}{after}`` without compiling a pattern for each name."""
    at = text.find(words)
    while at != -1:
        if _BOUNDARY.match(text, at) and after.match(text, at + len(words)):
            return True
        at = text.find(words, at + 1)
    return False


def _acts(played: Replayed, names: set[str]) -> bool:
    """Whether any of these players acts in the replay: a night choice or a day event of
    theirs ("slay" by the Slayer)."""
    return any(
        a.get("player") in names or a.get("by") in names
        for phase in played.request["phases"]
        for a in [*phase.get("actions", []), *phase.get("events", [])]
    )
