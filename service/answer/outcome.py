"""The verdict with the replay's facts: what happened when the situation was played out.

The facts are the engine's own sentences (a death, a survival, a Minion becoming the Imp,
what an information ability learnt), with the ruling the engine cited for them and the
storyteller decisions the replay took by default. They decide yes or no only for a yes/no
question about a death ("does the Soldier die", "can the Imp kill himself"), where the replay
shows whether the player it is about died; a Storyteller's choice the replay took makes an
open answer "your choice"; otherwise the outcome leads and the rulings' words give the reason.
The full facts go to ``replay_summary``, the engine's rulings to ``because``. When there is
no usable replay, the verdict says (in brackets) that it rests on the rulings alone.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from dataclasses import replace
from typing import Any, NamedTuple

from service.answer import rx
from service.answer.attach import SOMEONE
from service.answer.decided import (
    DEATH,
    MADE_FALSE,
    RELIABILITY,
    SIDE,
    SPENT_SAID,
    YES_NO,
    between_the_named,
    decided_by,
    impaired_state,
    impairment_choice,
    kill_tried,
    learned_state,
    registering_between_the_named,
    spent_state,
    truth_state,
    turns_deaths,
    unnamed_asked_dying,
)
from service.answer.game import nomination_staged
from service.answer.kb import AnswerKB
from service.answer.phrasing import (
    Because,
    clause,
    joined,
    plain_event,
    split_sentences,
    to_sentence,
    unique,
    with_aside,
)
from service.answer.replayed import (
    GENERAL_SOURCES,
    NOTHING_PLAYED,
    Replayed,
    Replayer,
    choices,
    cited,
    named_players,
    open_choices,
    other_options,
    outcomes,
    plays_a_day,
    seats_of,
    setup,
)
from service.answer.retrieve import CONDITION_TERMS, NUMBERS, content_words
from service.answer.situation import counted_words
from service.answer.understand import Understanding, question_words
from service.answer.verdict import Answer, Verdict
from service.answer.words import CHOICE_VERBS, Condition

_HARM = re.compile(
    r"\b(?:attack\w*|hits?|goes for|went for|targets?|shoots?|slay\w*|protect\w*|safe|death)\b"
)
QUIET = "nobody dies"
# an engine-cited sentence worth reading aloud says what becomes of a player
_FATE = re.compile(
    r"\b(?:die|dies|died|kill|kills|safe|protect\w*|becomes?|learns?|wins?|"
    r"executed|nothing happens)\b",
    re.IGNORECASE,
)
# a sentence on a Storyteller's choice that says what should guide it
_GUIDE = re.compile(
    r"\b(?:typically|usually|often|tend|help|good idea|best|consider|prefer)\b", re.IGNORECASE
)
_MIGHT = re.compile(r"\bmight\b", re.IGNORECASE)
_MOMENTOUS = re.compile(
    r"\b(?:dies|does not die|becomes?|wins|does not win|would win|alive again)\b"
)
_EXECUTED = re.compile(r"^\w+ is executed$")
MAX_CHOICES = 2
# "what happens", "what now", "who dies": a question about the outcome, which the replay shows
_WHAT_HAPPENS = re.compile(
    r"\bwhat (?:happens|happened|now|then|do i do)\b|\bwho (?:wins|dies|lives|survives)\b"
    r"|\bnow what\W*$"
)
# an either/or between outcomes ("does the SW catch it or is it game over"): what the replay
# shows happening answers it, where the engine refused nothing the question told
_EITHER_OUTCOME = re.compile(
    r"\b(?:does|do|did|will|is)\b[^?.]{3,60}\bor (?:is it|does|do|did|will)\b[^?.]{0,30}"
    r"\b(?:game over|over|win|wins|lose|loses|die|dies|survive|survives|become|becomes)\b"
)
_NUMBERS = frozenset(NUMBERS) | frozenset(NUMBERS.values())  # content_words' "2" and "two"
TERSE = 2  # words a question may have beyond names and conditions and still be "X vs Y"
# what a player learns leads only when the question is about what they learn
_LEARNS = re.compile(r"^\w+ \([^)]*\) learns\b")
_ASKS_INFO = re.compile(
    r"\b(?:learn\w*|info\w*|show\w*|tell|told|number|see|sees|nod|shake|pings?|register\w*"
    r"|check\w*|reads?|result|answer"
    r"|what do i (?:say|give)|true|false)\b"
)
# what a learner learns, asked: "what does he learn", "what do they see", "what do i show"
_WHAT_LEARNED = re.compile(
    r"\bwhat (?:does|do|did|will|would|should) (?:\w+ ){0,3}?(?:learn|see|get|find out)\b"
    r"|\bwhat (?:do|should|would) i (?:show|tell|give)\b|\bwhat (?:number|info)\b"
    r"|\bwho (?:does|do|did|will|would) (?:\w+ ){0,3}?(?:learn|see)\b"
)
_LEARNED = re.compile(r"\(([^)]*)\) learns\b")
_REFUSES = "the engine refuses "  # (as _happened says it)
# the storyteller asking about their own options: "can i", "am i (still) allowed to", "do i
# have to", "is it ok to"
_MINE = re.compile(
    r"\b(?:can|may|should|must|could) (?:i|we)\b|\b(?:am i|are we)(?: \w+)? allowed\b"
    r"|\bdo (?:i|we) (?:have|need|get) to\b|\bis it (?:ok|okay|fine|allowed|legal)\b"
    r"|\bwho (?:do|can|should) (?:i|we)\b|\bdo (?:i|we) (?:pick|choose|decide)\b"
)


def with_replay(
    verdict: Verdict, u: Understanding, played: Replayed | None, kb: AnswerKB
) -> Verdict:
    """``verdict`` with what the replay showed (or why there is none): the outcome leads
    the text, the replay's facts go to ``replay_summary``, the engine's rulings to
    ``because``."""
    if played is None:
        return verdict
    if not played.usable:
        if played.reason == NOTHING_PLAYED:
            return verdict  # an empty table would have shown nothing: no aside either
        return replace(verdict, text=_aside_too(verdict, _alone(played, kb)))
    response = played.response or {}
    steps = outcomes(played)
    engine = cited(response, steps, lambda rid: kb.rulings.get(rid, {}).get("section"), limit=3)
    told = replace(
        verdict,
        because=unique([*verdict.because, *_engine_because(engine)]),
        replay_summary=tuple(summary(played, u, kb)),
    )
    refused = None if verdict.firm else _character_refused(played, u, kb)
    if refused is not None:
        # "cerenovus makes the empath mad about being the imp": the character the question
        # has chosen is one the ability cannot choose; its own words say so, not a ruling on
        # another case ("You may make a player mad about the character they already are")
        said, because = refused
        if decided_by(played, u) is False:
            return replace(told, answer=Answer.NO, text=f"No: {said}", because=(because,))
        return replace(told, answer=Answer.INFO, text=to_sentence(said), because=(because,))
    spoken = [
        r
        for r in engine
        if r["source"] not in GENERAL_SOURCES
        and kb.rulings.get(r["id"], {}).get("section") != "ability"
    ]
    telling = _telling(steps, played, u)
    happened = _introduced(_happened(played, telling), played, kb) if telling or not steps else ""
    learner = _learner(verdict, u, played, kb) or _asked_learner(verdict, u, played, kb)
    learned = None  # (the same as happened)
    if learner:
        with_learned = _telling(steps, played, u, learner)
        learned = (
            _introduced(_happened(played, with_learned), played, kb) if with_learned else happened
        )
    return _reworded(
        told,
        u,
        played,
        happened,
        spoken,
        _spared(played, u, happened, kb),
        replayer=kb.replay,
        kb=kb,
        state=_state_said(played, u, kb),
        # (where the answer shows the sources disagreeing, a choice the engine's side of it
        # needs does not lead a situation told: "courtier chooses lil monsta")
        disputed="the sources disagree" in verdict.aside,
        # what the learner learned leads an answer that is no yes or no
        learned=learned,
    )


def _character_refused(
    played: Replayed, u: Understanding, kb: AnswerKB
) -> tuple[str, Because] | None:
    """The engine's refusal of the character a named player's night choice names (the
    ability chooses another kind), said with that ability quoted."""
    named = named_players(played, u)
    characters = {p["name"]: p["character"] for p in played.request["players"]}
    for refusal in played.refused:
        who = (refusal.get("removed") or {}).get("player")
        if not str(refusal.get("field", "")).endswith(".character") or who not in named:
            continue
        ruling = kb.ability_ruling(characters.get(who, ""))
        if ruling is None:
            return None
        said = (
            f"the engine refuses {who}'s choice: {clause(refusal['message'])}: “{ruling['text']}”"
        )
        return said, Because.from_ruling(ruling)
    return None


def _state_said(played: Replayed, u: Understanding, kb: AnswerKB) -> tuple[bool, str] | None:
    """ "is the fortune teller drunk now": whether, and the replay's words for it."""
    found = impaired_state(played, u)
    if found is None:
        return _spent_said(played, u, kb) or _truth_said(played, u, kb) or _learned_said(played, u)
    name, cid, state, whether = found
    if kb.conflicts.get(cid):
        # the sources disagree on this character, and the engine follows one side ("pukka
        # picked the soldier, is the soldier poisoned": 000 against 002): no yes or no
        return None
    return whether, f"{name} ({kb.name(cid)}) is {'' if whether else 'not '}{state}"


def _truth_said(played: Replayed, u: Understanding, kb: AnswerKB) -> tuple[bool, str] | None:
    """ "vortox in play, does the empath get a true number": whether, and the engine's words
    for what they learned; not where the sources disagree on a character named (the Barista
    against the Vortox: the engine plays one side)."""
    found = truth_state(played, u)
    if found is None or any(kb.conflicts.get(cid) for cid in u.characters):
        return None
    return found[1], found[0]


def _learned_said(played: Replayed, u: Understanding) -> tuple[bool, str] | None:
    """ "does the undertaker learn the drunk": whether, and the engine's words for what the
    learner was told."""
    found = learned_state(played, u)
    return None if found is None else (found[1], found[0])


def _spent_said(played: Replayed, u: Understanding, kb: AnswerKB) -> tuple[bool, str] | None:
    """ "does the virgin lose her ability if nominated by an outsider": whether, and the
    engine's words for the ability spent (or not), where the sources do not disagree on that
    character ("does the fool keep his ability": 000 against 001)."""
    found = spent_state(played, u)
    if found is None or kb.conflicts.get(found[0]):
        return None
    cid, whether = found
    text = next(
        s["text"]
        for s in (played.response or {}).get("trace") or ()
        if s.get("character") == cid and SPENT_SAID.search(s.get("text") or "")
    )
    return whether, text.rstrip(".")


def _reworded(
    verdict: Verdict,
    u: Understanding,
    played: Replayed,
    happened: str,
    engine: list[dict[str, Any]],
    spared: str | None = None,
    *,
    replayer: Replayer | None = None,
    kb: AnswerKB,
    state: tuple[bool, str] | None = None,
    learned: str | None = None,
    disputed: bool = False,
) -> Verdict:
    """Lead with the outcome: yes or no where the replay decides it, your choice where it
    took one of the Storyteller's, else what happened; then the reason, quoted
    (``replayer``: to try a choice's other options)."""
    decided = decided_by(played, u, firm=verdict.firm, replayer=replayer)
    # who is drunk, a choice the replay took, may decide the death asked ("sailor picks the
    # imp, imp attacks sailor. does the sailor die?"): then the replay decides nothing, and
    # where the rulings' yes or no is firm or nothing else is asked, that choice leads
    leads = not verdict.firm and _asks_else(u)
    fate = impairment_choice(played, u, replayer) if decided is not None or leads else None
    if fate is not None:
        decided = None
    if (
        decided is not None
        and verdict.firm
        and verdict.answer in (Answer.YES, Answer.NO)
        and decided != (verdict.answer is Answer.YES)
    ):
        # a jinx or the night sheet says yes and the replay no (or the other way): the rule
        # decides; the replay played another situation than the one asked ("slayer shot ben
        # who is the lleech host": the host dies, by the jinx)
        if verdict.general:
            return verdict  # (what the ability does in general: one replay that did not)
        return replace(verdict, text=_aside_too(verdict, _REPLAY_OTHERWISE))
    guided = _choices(played, u, replayer, told=not disputed)
    if fate is not None and leads:
        # whoever is drunk, the storyteller's pick, decides it; the rulings' yes or no is one
        # side of it
        _, because, asked, _ = _said_of([fate])
        guide = f" ({clause(because[0].quote)})" if because else ""
        return replace(
            verdict,
            answer=Answer.STORYTELLER,
            text=f"Your choice: {asked}, which decides it{guide}"
            + (f"; in the replay, {happened}. " if happened else ". ")
            + _reason(verdict, engine),
            because=unique([*verdict.because, *because]),
        )
    if decided is None and state is not None and verdict.answer is Answer.INFO:
        # "is the real fortune teller drunk": the state the replay ends with, where the rulings
        # said no yes or no of their own
        word, answer = ("Yes", Answer.YES) if state[0] else ("No", Answer.NO)
        return replace(
            verdict, answer=answer, text=f"{word}: {state[1]}. {_reason(verdict, engine)}"
        )
    if decided is not None:
        word, answer = ("Yes", Answer.YES) if decided else ("No", Answer.NO)
        if spared and (decided is False or _survival_asked(u, kb)):
            # "does gran die too": "No: Ann (Grandmother) does not die; Ben (Chef) dies", not
            # "No: Ben (Chef) dies"; "lleech survives?": "Yes: Ben (Lleech) does not die; Ann
            # (Chef) dies"
            happened = f"{spared}; {happened}" if happened and happened != QUIET else spared
        if happened == QUIET and not _about_death(u):
            happened = ""  # "evil wins at dusk or no": "nobody dies" is beside the point
        # the rulings' own yes or no the replay overturns is not said beside it ("Yes: Ann
        # (Sailor) dies. When the Sailor is drunk or poisoned, they can die ...; the Sailor
        # cannot die, from any cause" for a Sailor who chose himself): the engine's words are
        overturned = verdict.answer in (Answer.YES, Answer.NO) and decided != (
            verdict.answer is Answer.YES
        )
        reason = (
            guided.sentence
            if guided
            else _reason(verdict, engine, engine_first=True, own=not overturned)
        )
        said = _ANSWERED.match(reason)  # the rulings' own "Yes:" is not said twice
        if said:
            reason = reason[said.end() :][:1].upper() + reason[said.end() + 1 :]
        if played.refused:
            # the engine's refusal may be one side of the disagreement the rulings' words
            # followed the other side of ("they point at any player" beside "the Lleech must
            # choose an alive player"): the disagreement is named, no side claimed
            reason = _FOLLOWS.sub("", reason)
        staged = nomination_staged(played.request, u.question) if happened else None
        if staged is not None:
            # "does the witch curse kill": the replay staged the nomination the kill waits
            # on, which the question did not tell; the answer says it rests on it
            happened = (
                f"if {staged} nominates the next day, {happened}"
                if decided
                else f"{happened}, even when {staged} nominates the next day"
            )
        return replace(
            verdict,
            answer=answer,
            text=f"{word}: {happened}. {reason}" if happened else f"{word}: {_stopped(reason)}",
            because=unique([*verdict.because, *guided.because]) if guided else verdict.because,
        )
    happened = happened if learned is None else learned
    fate = bool(guided) and _fate_chosen(guided, u, played)
    if guided and verdict.answer is Answer.INFO and (not _asks_else(u) or fate):
        # the death asked is the choice: the rule that leaves it open says why ("harlot picks
        # the chef, do both die": "... you both might die"), in place of a ruling on something
        # else, or beside one of the chooser's own ("There is no limit on uses")
        guide = guided.because[0].quote if fate and guided.because else None
        own = guide is not None and _of_the_chooser(verdict, guided, kb)
        mark = " — " if ":" in guided.asked else ": "  # (one colon to a sentence)
        opened = f"{mark}{clause(guide)}" if own and guide not in verdict.text else ""
        lead = f"Your choice: {guided.asked}{opened}" + (
            f"; in the replay, {happened}" if happened else ""
        )
        reason = (
            to_sentence(clause(guide))
            if guide is not None and not own
            else _reason(verdict, engine)
        )
        return replace(
            verdict,
            answer=Answer.STORYTELLER,
            text=f"{to_sentence(lead)} {reason}",
            because=unique([*verdict.because, *guided.because]),
        )
    if (
        verdict.answer is Answer.STORYTELLER
        and learned is not None
        and not open_choices(played)
        and _reliably_learned(happened)
        and _WHAT_LEARNED.search(u.question.lower())
    ):
        # "spy next to the empath, imp kills the spy, what does the empath learn": the learner
        # asked about learned it, reliably, with no choice of yours on the way (a dead Spy is
        # no neighbour), so the rulings' choice ("you might register as good ... even if
        # dead") is not what decides it; it follows as the reason
        return replace(
            verdict,
            answer=Answer.INFO,
            text=f"{to_sentence(happened)} {_reason(verdict, engine)}",
        )
    if verdict.answer is not Answer.INFO or not happened:
        return verdict  # the rulings already say it, or the replay only played the premise
    if happened == QUIET and not _about_death(u):
        return verdict  # "nobody dies" answers nothing the question asked (the summary has it)
    if happened == QUIET and not kill_tried(played) and not plays_a_day(played):
        # "the drunk is the monk. is the monk's target safe": no attack was played, so that
        # nobody died shows nothing
        return verdict
    either = bool(_EITHER_OUTCOME.search(u.question.lower())) and not played.refused
    # "..., what does he learn": what the named learner learned in the replay answers it
    learned = bool(_WHAT_LEARNED.search(u.question.lower())) and _LEARNED.search(happened)
    if learned and verdict.general:
        # "what does the chef learn": the ability answers, what the replay's learner learned
        # is one example of it
        shown = "; ".join(p for p in happened.split("; ") if not p.startswith(_REFUSES))
        return replace(verdict, text=f"{verdict.text} In the replay, {shown}.")
    if verdict.general:
        return verdict  # (an answer in general: what the replay shows is one case, summarised)
    if not (_terse(u) or _WHAT_HAPPENS.search(u.question.lower()) or either or _only_told(u)):
        if not learned:
            return verdict  # a question of its own: the rulings answer it, the summary has it
        # what was learned, not the choices the engine refused on the way (the summary has
        # them): "the Godfather chooses 0 player(s)" answers nothing asked
        happened = "; ".join(p for p in happened.split("; ") if not p.startswith(_REFUSES))
    if (
        any(c in (Condition.DRUNK, Condition.POISONED) for _, c in u.asked)
        and not _about_death(u)
        and all(_A_DEATH.search(p) for p in happened.split("; "))
    ):
        # "the no dashii sits next to the soldier. is the soldier poisoned?": the replay's
        # own attack killing him is beside a question that speaks of no death
        return verdict
    unreliable = _not_reliable(happened) if learned else None
    if unreliable is not None and verdict.answer is Answer.INFO:
        # "the drunk thinks they are the investigator, what do they learn": what they learn
        # need not be true, so what they are told is the storyteller's (as a drunk Chef's is)
        return replace(
            verdict,
            answer=Answer.STORYTELLER,
            text=f"Your choice: it need not be true ({unreliable}); in the replay, "
            f"{happened}. {_reason(verdict, engine)}",
        )
    return replace(verdict, text=f"{to_sentence(happened)} {_reason(verdict, engine)}")


def _reliably_learned(happened: str) -> bool:
    """Each thing the replay says was learned was learned reliably, and something was."""
    parts = [p for p in happened.split("; ") if _LEARNED.search(p)]
    return bool(parts) and all(p.endswith("(reliable)") for p in parts)


def _not_reliable(happened: str) -> str | None:
    """Why what a learner learned need not be true, as the engine says it ("(not reliable:
    Ann is the drunk, not the investigator)"); not the Vortox's "makes it false": that must
    be false."""
    return next(
        (
            why
            for found in RELIABILITY.finditer(happened)
            if (why := found.group(1)) and not any(MADE_FALSE.search(r) for r in why.split("; "))
        ),
        None,
    )


# a death the replay played: "Ben (Soldier) dies", "Ann (Chef) dies (execution)"
_A_DEATH = re.compile(r"\) dies\b")


def _stopped(reason: str) -> str:
    """The reason as the clause after "Yes:" with its stop: one a quotation ends on stays
    inside it ("... kills no one: “... to you.”"), not doubled after it."""
    said = clause(reason)
    return said if said.endswith((".”", "?”", "!”")) else f"{said}."


_ANSWERED = re.compile(r"(?:Yes|No|Your choice):\s*")
_FOLLOWS = re.compile(r"; this follows [^;()]*?, the more authoritative")
# said where the replay's outcome goes against the jinx or the night sheet that decides
_REPLAY_OTHERWISE = "the replay below shows otherwise: it did not play the situation as told"


def _spared(played: Replayed, u: Understanding, happened: str, kb: AnswerKB) -> str | None:
    """ "Ann (Grandmother) does not die": the one whose death the question asks about, alive
    at the end of a replay whose outcomes do not name them."""
    asked = {cid for cid, condition in u.asked if condition is Condition.DEAD}
    asked |= _survival_asked(u, kb)
    dead = set((played.response or {}).get("deaths", ()))
    # (or the one unnamed it asks about: "lycan was drunk and picked a good player. does
    # that player die": "Ben (Chef) does not die; Eve (Washerwoman) dies")
    unnamed = unnamed_asked_dying(played, u) if not asked else set()
    for player in played.request["players"]:
        name = player["name"]
        if (
            (player["character"] in asked or (len(unnamed) == 1 and name in unnamed))
            and name not in dead
            and not rx.search(rf"\b{re.escape(name)}\b", happened)
        ):
            return f"{name} ({kb.name(player['character'])}) does not die"
    return None


def _survival_asked(u: Understanding, kb: AnswerKB) -> set[str]:
    """The characters whose survival the yes/no ask names: "lleech survives?", "does the
    soldier live"."""
    ask = YES_NO.search(u.question.strip())
    if ask is None:
        return set()
    said = ask.group(0).lower()
    out = set()
    for mention in u.mentions:
        names = {mention.text.lower(), kb.name(mention.id).lower()}
        if any(
            rx.search(
                rf"\b{re.escape(name)}\b(?:\s+\w+){{0,2}}?\s+(?:survives?|lives?|stays? alive)\b",
                said,
            )
            for name in names
        ):
            out.add(mention.id)
    return out


def _terse(u: Understanding) -> bool:
    """ "drunk monk vs assassin", "sailor executed?", "SW when the imp is executed with 5
    alive": names, conditions and little else, so what happens is what is asked."""
    # (a count is the table's set-up, as a condition is: "imp kills himself with no
    # minions left" asks what happens)
    counted = counted_words(u.question)
    words = [
        w
        for w in content_words(u)
        if w not in CONDITION_TERMS and w not in _NUMBERS and w not in counted
    ]
    return len(words) <= TERSE


def _only_told(u: Understanding) -> bool:
    """ "tea lady neighbours both good, imp attacks one": a situation told and nothing asked
    (no question mark, no question word, no yes or no), so what happens is what is asked."""
    question = u.question.lower()
    return not ("?" in question or _QUESTION_WORD.search(question) or YES_NO.search(question))


# a word that asks, offers alternatives ("nod or shake") or asks of the storyteller ("walk me
# through", "am i allowed"): the situation told is not all there is to answer; "is" and
# "are" ask only opening a clause ("ok so is he dead"), not after what they say of ("both
# minions are already dead")
_QUESTION_WORD = re.compile(
    r"\b(?:who|whos|whom|whose|what|whats|which|when|where|why|how|can|could|will|would|should"
    r"|must|may"
    r"|might|shall|do|does|did|whether|or|me|allowed|explain|help)\b"
    # a tag: "that doesnt hand evil the win right" (not a count: "juggler got 2 right")
    r"|(?<!\d )(?<!one )(?<!two )(?<!three )(?<!four )(?<!five )"
    r"\b(?:right|correct|yeah|yes|no)\W*$"
    r"|(?:^|[,;.!-]\s*|\b(?:so|ok|okay|then|and|but|now|well|also|like|lol|hmm)\s+)"
    r"(?:is|are|was|were|am)\b"
)


def _fate_chosen(guided: Said, u: Understanding, played: Replayed) -> bool:
    """The replay's choice is the death asked about: "pacifist, good player executed, do they
    survive": "whether Ben, a good player, survives their execution"; "imp attacks the mayor,
    does the mayor die": "who dies instead of Ann (Mayor)" (a choice that decides the very
    outcome a yes/no question asks is its answer, the storyteller's)."""
    asked = YES_NO.search(u.question.strip())
    return (
        asked is not None
        and bool(DEATH.search(asked.group(0).lower()))
        and guided.choices == 1
        and bool(DEATH.search(guided.asked.lower()))
        # (whether someone dies, or who dies in the place of the one asked about; not "who
        # dies instead of Ann (Mayor)" for "does he die" of the one it is bounced onto)
        and (guided.asked.startswith("whether ") or bool(_fates_asked(guided.asked, played, u)))
    )


def _asks_else(u: Understanding) -> bool:
    """A yes/no question that is not the storyteller asking about their own options ("does
    the nightly kill still happen"): a choice the replay had to take does not answer it."""
    question = u.question.lower()
    # a player's question relayed in quotes ("... player asks "does it still go thru?"") and
    # a "yes or no" tag ask yes or no as well
    asked = question.strip().rstrip("\"”'")
    yes_no = YES_NO.search(asked) or _YES_OR_NO.search(asked)
    return bool(yes_no) and not _MINE.search(question)


_YES_OR_NO = re.compile(r"\byes or no\W*$")


def _about_death(u: Understanding) -> bool:
    """The question is about who dies or survives: it says so, or an attack or protection."""
    return bool(DEATH.search(u.question.lower()) or _HARM.search(u.question.lower())) or any(
        Condition.DEAD in conds or Condition.PROTECTED in conds for conds in u.conditions.values()
    )


def _reason(
    verdict: Verdict, engine: list[dict[str, Any]], engine_first: bool = False, own: bool = True
) -> str:
    """The sources' words behind the outcome in one sentence: the deciding ruling's (unless
    not ``own`` and the engine says something) and the engine's (only those saying what
    becomes of a player)."""
    if verdict.firm:
        return verdict.text
    said = [r["sentence"] for r in engine if _FATE.search(r["sentence"])]
    quoted = [b.quote for b in verdict.because[:1]] if own or not said else []
    reason = joined([*said, *quoted] if engine_first else [*quoted, *said])
    return with_aside(reason, verdict.aside) if verdict.aside else reason


def _choices(
    played: Replayed, u: Understanding, replayer: Replayer | None = None, *, told: bool = False
) -> Said | None:
    """The Storyteller's choices the replay took: the sentence saying what guides them, the
    rulings it comes from, and the choices in a clause (``told``: also one that turns who
    dies in a situation told with nothing asked). A Traveller's alignment, which the replay
    must set to seat one, is left to the summary unless the question is about sides."""
    sides = bool(SIDE.search(u.question.lower()) or "alignment" in u.question.lower())
    mine = bool(_MINE.search(u.question.lower()) or rx.search(r"\bif i\b", u.question.lower()))
    taken = [
        c
        for c in open_choices(played)
        if (sides or not (c["id"].startswith("setup.") and c["id"].endswith(".alignment")))
        # a choice the replay had to take is the question's only if the storyteller asks
        # about their own options or it shares a word ("which good player is the Fortune
        # Teller's red herring" does not answer "which one counts as first")
        and (
            mine
            and not _another_drunkenness(c, u)
            or _shares_words(c["question"], u)
            # "the drunk thinks he is the empath, what does he learn": what the learner is
            # told, a choice where it need not be true, is what is asked
            or (
                c["id"].endswith(".told")
                and "need not be true" in c["question"]
                and bool(_WHAT_LEARNED.search(u.question.lower()))
            )
            # "harlot picks the imp, does the imp die": "whether Ann and Cat both die"
            or _fate_of_the_asked(c, played, u, replayer)
            or registering_between_the_named(c, u)
            and could_change(c, played, replayer)
            # "sailor picks the imp, imp attacks sailor": a situation told, whose outcome
            # the choice turns
            or told
            and _only_told(u)
            and (between_the_named(c, played, u) or not _of_a_choice(c, played))
            and _changes_deaths(c, played, replayer)
        )
        and _of_the_named(c, u)
    ][:MAX_CHOICES]
    return _said_of(taken) if taken else None


class Said(NamedTuple):
    """Choices the replay took, said."""

    sentence: str  # the choices and what guides them
    because: tuple[Because, ...]  # the rulings the guide comes from
    asked: str  # the choices in a clause
    choices: int  # how many


def _said_of(taken: list[dict[str, Any]]) -> Said:
    """Choices the replay took, said: the sentence saying what guides them, the rulings it
    comes from, and the choices in a clause."""
    asked = " and ".join(c["question"] for c in taken)
    rulings = [r for c in taken for r in c.get("rulings", [])]
    sentences = [(r, s) for r in rulings for s in split_sentences(r["text"])]
    # what guides the choice; else where the rule leaves it open ("... you both might die")
    guide = next(((r, s) for r, s in sentences if _GUIDE.search(s)), None) or next(
        ((r, s) for r, s in sentences if _MIGHT.search(s)), None
    )
    if guide is None:
        return Said(f"{to_sentence(asked).rstrip('.')} is your choice.", (), asked, len(taken))
    sentence = f"{to_sentence(asked)[:-1]} is your choice: {clause(guide[1])}."
    return Said(sentence, (Because.from_ruling(guide[0], guide[1]),), asked, len(taken))


def could_change(choice: dict[str, Any], played: Replayed, replayer: Replayer | None) -> bool:
    """Whether another option of ``choice`` plays out otherwise: other deaths, another winner
    or other information told ("what Ben (Recluse) registers as, team, to Ann's Fortune
    Teller" when Ann also chose the Imp: a yes either way, so not the choice the answer
    turns on). Without a replayer to try them, it may."""
    if replayer is None:
        return True
    base = _played_out(played.response or {})
    # (an option the engine refuses here may matter)
    return any(
        again is None or _played_out(again) != base
        for again in other_options(played, choice, replayer)
    )


def _of_a_choice(choice: dict[str, Any], played: Replayed) -> bool:
    """The choice comes of a night choice its player made in the replay ("night2.sailor.Ann
    .drunk" of the Sailor's pick), not of what befell them (the Mayor's bounce)."""
    parts = choice["id"].split(".")
    return len(parts) > 2 and any(
        action.get("player") == parts[2]
        for phase in played.request.get("phases") or ()
        for action in phase.get("actions") or ()
    )


def _changes_deaths(choice: dict[str, Any], played: Replayed, replayer: Replayer | None) -> bool:
    """Whether another option of ``choice`` makes other players die (what a situation told
    turns on: not what someone learns, nor a red herring)."""
    if replayer is None:
        return False
    base = sorted((played.response or {}).get("deaths") or ())
    return any(
        again is not None and sorted(again.get("deaths") or ()) != base
        for again in other_options(played, choice, replayer)
    )


def _played_out(response: dict[str, Any]) -> tuple[Any, ...]:
    """What a replay came to: its deaths, its winner and what each player was told."""
    info = response.get("info") or {}
    return (
        tuple(sorted(response.get("deaths") or ())),
        (response.get("winner") or {}).get("team"),
        tuple(sorted((player, str(i.get("told"))) for player, i in info.items())),
    )


def _another_drunkenness(choice: dict[str, Any], u: Understanding) -> bool:
    """A choice of who is drunk, for a question that asks nothing of drunkenness ("innkeeper
    protected the tinker. am i still allowed to kill the tinker": "which of the two the
    Innkeeper chose is drunk until dusk" is the replay's, not the one asked)."""
    return bool(_DRUNK_CHOICE.search(choice["question"])) and not _DRUNK_ASKED.search(
        u.question.lower()
    )


_DRUNK_CHOICE = re.compile(r"\bis drunk\b|\bdrunk until\b", re.IGNORECASE)
_DRUNK_ASKED = re.compile(r"\bdrunk|\bsober\b")


def _of_the_chooser(verdict: Verdict, guided: Said, kb: AnswerKB) -> bool:
    """The verdict's deciding ruling is of the character whose rule leaves the choice open
    (the Pacifist's "There is no limit on uses" beside its "might not die"): it says more of
    the choice than the rule that opens it."""
    if not verdict.because or not guided.because:
        return False
    own = kb.ruling_character(verdict.because[0].id)
    return own is not None and own == kb.ruling_character(guided.because[0].id)


def _fate_of_the_asked(
    choice: dict[str, Any], played: Replayed, u: Understanding, replayer: Replayer | None
) -> bool:
    """The choice is whether a player dies whose death the question asks, and another option
    plays that death otherwise ("whether Ann and Cat both die" for "harlot picks the imp,
    does the imp die", Cat the Imp; not a protected Tinker's "whether Ann dies", nor the
    Harlot's pick the Imp kills anyway)."""
    asked = choice["question"]
    if replayer is None or not DEATH.search(asked.lower()):
        return False
    names = _fates_asked(asked, played, u)
    return bool(names) and turns_deaths(played, choice, replayer, names)


def _fates_asked(asked: str, played: Replayed, u: Understanding) -> set[str]:
    """The players whose death the question asks and a choice (``asked``) decides: one named
    in "whether Ann and Cat both die", the one in "who dies instead of Ann (Mayor)" (whether
    the Mayor dies), or for "does someone else die", anyone the bounce may fall on."""
    seats = {p["character"]: p["name"] for p in played.request["players"]}
    dying = {seats[cid] for cid, c in u.asked if c is Condition.DEAD and cid in seats}
    if asked.startswith("whether "):
        return {name for name in dying if rx.search(rf"\b{re.escape(name)}\b", asked)}
    instead = _INSTEAD_OF.match(asked)
    if instead is None:
        return set()
    if instead.group(1) in dying:
        return {instead.group(1)}
    if any(c is Condition.DEAD and a in SOMEONE for a, c in u.generic):
        return set(seats.values())
    return set()


# the engine's choice of who dies in a player's place: "who dies instead of Ann (Mayor)"
_INSTEAD_OF = re.compile(r"who dies instead of (\w+)\b")


def _of_the_named(choice: dict[str, Any], u: Understanding) -> bool:
    """A choice a named character's ability asks for ("night2.mayor.Ann.bounce"), not a
    filler's ("night1.washerwoman.Dan.townsfolk": the Washerwoman only fills a seat)."""
    parts = choice["id"].split(".")
    return (
        len(parts) < 2
        or parts[0] == "setup"
        and len(parts) < 3
        or any(p in u.characters for p in parts[1:3])
    )


def _shares_words(asked: str, u: Understanding) -> bool:
    """ "xaan drunk on night x" does not ask how many Outsiders there were at set-up: a set-up
    choice the replay had to make is the question's only if it shares a word with it."""
    named = {_stem(w) for m in u.mentions for w in rx.findall(r"[a-z]{4,}", m.text.lower())}
    words = {_stem(w) for w in rx.findall(r"[a-z]{4,}", u.question.lower())} - named
    words |= {alike for w in words for alike in ALIKE.get(w, ())}
    if len(u.characters) > 1 and not _INFO_ASKED.search(u.question):
        # "(Ben is poisoned)" says why the information is the Storyteller's, not that it is
        # asked: "slayer shoots the lleech host, which is the poisoned empath"
        asked = rx.sub(r"\([^)]*\)", " ", asked)
    return bool(words & {_stem(w) for w in rx.findall(r"[a-z]{4,}", asked.lower())} - CHOICE_FRAME)


# a question about what an information character learns
_INFO_ASKED = re.compile(
    r"\b(?:learn\w*|told|tell|show\w*|see|sees|info\w*|number|ping\w*|nod|shake|checks?|"
    r"reading|result|true|false|lie|correct)\b",
    re.IGNORECASE,
)


def _stem(word: str) -> str:
    """ "shown" and "show", "bounces" and "bounce": one stem of five letters at most."""
    for ending in ("ing", "es", "ed", "s", "n"):
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            word = word[: -len(ending)]
            break
    return word[:5]


# a storyteller's words for what the engine's choices say: "bounce" the Mayor's death is
# who dies "instead"; "ping" or "show" a player is what they "register" as
ALIKE = {
    "bounc": ("inste",),
    "redir": ("inste",),
    "ping": ("regis",),
    "show": ("regis",),
    "kill": ("dies",),
}


# words every choice's question has
CHOICE_FRAME = frozenset(
    {"which", "whom", "playe", "chara", "choos", "what", "that", "this", "with", "their"}
    # words too common to tie a choice to a question ("which good player registers as evil"
    # for "the lycan killed a good guy")
    | {"good", "evil", "alive", "dead"}
)


def _learner(verdict: Verdict, u: Understanding, played: Replayed, kb: AnswerKB) -> set[str]:
    """The seat of the character a terse question opens on, where what it learns is what is
    asked ("librarian with no outsiders in play", "clockmaker with no minions"): an ability
    that learns or knows, and no yes or no already said (not "does she die": "... learns 1")."""
    if (
        not u.characters
        or not (_terse(u) or _only_told(u))
        or verdict.answer in (Answer.YES, Answer.NO)
    ):
        return set()  # (a situation told and nothing asked: "seamstress picks the imp and a
        # good player", what she learns is what happens)
    if YES_NO.search(u.question.strip()):
        return set()  # "can the chef choose themselves": a yes or no asked of something else
    first = u.characters[0]
    if any(w.bare in CHOICE_VERBS for w in question_words(u)) and not _choice_played(
        played, u, first
    ):
        return set()  # "dreamer picks a traveller": a choice the replay may not have played
    if not _learns(first, kb):
        return set()  # (the Alchemist's Minion ability shown at set-up is no information)
    last = rx.split(r"[.,;!?]+\s*|\s-+\s", u.question.strip().rstrip("?!. "))[-1].lower()
    if u.question.rstrip().endswith("?") and any(
        m.id != first and m.text.lower() in last for m in u.mentions
    ):
        return set()  # "drunk FT picks the goon first, goon still flip?": the Goon's, asked
    return seats_of(played, [first])


def _asked_learner(verdict: Verdict, u: Understanding, played: Replayed, kb: AnswerKB) -> set[str]:
    """The seat of the character whose learning the question asks ("spy next to the empath,
    imp kills the spy, what does the empath learn"), an ability that learns, where no yes or
    no is already said."""
    if verdict.answer in (Answer.YES, Answer.NO):
        return set()
    asked = _WHAT_LEARNS.search(u.question.lower())
    if asked is None:
        return set()
    at = [w.index for w in question_words(u) if asked.start("who") <= w.start < asked.end("who")]
    cid = next((m.id for m in u.mentions if m.start in at), None)
    if cid is None or not _learns(cid, kb):
        return set()
    return seats_of(played, [cid])


def _learns(cid: str, kb: AnswerKB) -> bool:
    """The character's ability learns or knows something (a learner's)."""
    return bool(rx.search(r"\b(?:learn|learns|know|knowing)\b", kb.ability(cid), re.IGNORECASE))


# what a character learns, asked: "what does the empath learn", "what number does the chef
# get", "what will my fortune teller see"
_WHAT_LEARNS = re.compile(
    r"\bwhat(?: number| info| information)? (?:does|do|did|will|would|should) "
    r"(?:the |my |our |their |that )?(?P<who>[\w'’ -]{2,30}?)(?: player)? "
    r"(?:learn|see|get|know|find out|hear|receive)\b"
)


def _choice_played(played: Replayed, u: Understanding, first: str) -> bool:
    """The replay played the choice the question tells of its first character, on players
    it names ("dreamer picks the drunk": the Dreamer chose the Drunk's seat), and refused
    none of it."""
    own = seats_of(played, [first])
    others = named_players(played, u) - own
    acted = [
        action
        for phase in played.request.get("phases", ())
        for action in phase.get("actions", ())
        if action.get("player") in own
    ] + [
        # (a choice by day: "the juggler guessed the empath and the chef")
        event
        for phase in played.request.get("phases", ())
        for event in phase.get("events", ())
        if event.get("by") in own and event.get("type") == "ability"
    ]
    unnamed = _unnamed_chosen(u.question.lower())
    return (
        bool(acted)
        and not played.refused
        and all(
            action.get("targets")
            and (
                len(set(action["targets"]) - others) <= unnamed
                # (a choice of two that names one: "chambermaid picks the drunk", the other
                # the replay's)
                or len(action["targets"]) > 1
                and set(action["targets"]) & others
            )
            for action in acted
        )
    )


def _unnamed_chosen(lower: str) -> int:
    """How many chosen players the (lower-case) question leaves unnamed: one ("seamstress
    picks the imp and a good player"), two ("seamstress picks two evil players") or none."""
    if _TWO_UNNAMED.search(lower):
        return 2
    return 1 if _SOMEONE.search(lower) else 0


# two players the question chooses without naming: "two evil players", "2 good ones"
_TWO_UNNAMED = re.compile(
    r"\b(?:two|2|both)\s+(?:good\s+|evil\s+|random\s+|other\s+)?(?:players|people|ppl|ones|guys)\b"
)
# a player the question chooses without naming: "a good player", "someone"
_SOMEONE = re.compile(
    r"\b(?:a|another|some|any)\s+(?:good\s+|evil\s+|random\s+)?(?:player|person|guy)\b"
    r"|\bsome(?:one|body)\b"
)


def _telling(
    steps: list[dict[str, Any]],
    played: Replayed,
    u: Understanding,
    learner: AbstractSet[str] = frozenset(),
) -> list[dict[str, Any]]:
    """The outcomes worth leading with: deaths, changes and wins, and what became of the
    players the question names (not what filler players happened to learn, even about a
    named player: "Dan (Washerwoman) learns Ann or Ben (Widow) is the chef"); none when
    nothing is worth it, and the rulings lead."""
    named = named_players(played, u)
    stated = _stated_deaths(played, u)
    info = bool(_ASKS_INFO.search(u.question.lower()))
    return [
        s
        for s in steps
        if (
            _MOMENTOUS.search(s["text"])
            or any(rx.match(rf"{re.escape(n)}\b", s["text"]) for n in named)
        )
        and not _restates(s, stated)
        and (info or not _LEARNS.search(s["text"]) or s.get("player") in learner)
    ]


def _stated_deaths(played: Replayed, u: Understanding) -> set[str]:
    """The players whose execution the question states ("spy got executed"): the replay
    plays it, but it is the question's premise, not news."""
    asked = set(u.asked)
    return {
        p["name"]
        for p in played.request["players"]
        if Condition.EXECUTED in u.conditions.get(p["character"], ())
        and (p["character"], Condition.EXECUTED) not in asked
    }


def _restates(step: dict[str, Any], stated: set[str]) -> bool:
    """ "Cat is executed", "Cat (Spy) dies (execution)" after "the spy got executed"; not
    "Ben (Zombuul) dies drunk or poisoned: ...", which says why, nor a death the question
    tells ("the demon kills the fool"), which may have been only an attempt."""
    for name in stated:
        who = rf"{re.escape(name)}(?: \([^)]*\))?"
        plain = r"(?:is executed|dies(?: \(execution\))?)\.?$"
        if rx.match(rf"{who} {plain}", step["text"]):
            return True
    return False


def _happened(played: Replayed, steps: list[dict[str, Any]]) -> str:
    """What came of the replay, in a clause: its outcomes and the choices it refused."""
    said = [plain_event(s["text"]) for s in steps]
    if len(said) > 1:  # "Cat is executed" says nothing the death after it does not
        said = [s for s in said if not _EXECUTED.match(s)] or said
    said += [
        f"{_REFUSES}{_removed(r)}: {clause(r['message'])}"
        for r in played.refused
        if not str(r.get("field", "")).endswith(".text")  # words the question cannot give
        and not _changed_before(r, played)
    ]
    return "; ".join(said) or _quiet(played.response or {})


def _changed_before(refusal: dict[str, Any], played: Replayed) -> bool:
    """A refused choice of a player the replay itself had changed ("Ann (Snake Charmer)
    chooses the Demon Cat: ... Cat becomes the Snake Charmer", then "Cat (Snake Charmer) is
    not woken tonight" for the Imp's attack the replay had given Cat): no news."""
    who = refusal.get("removed", {}).get("player")
    found = rx.match(rf"{re.escape(who or '')} \(([^)]*)\)", refusal.get("message", ""))
    if not who or found is None:
        return False
    trace = " ".join(s["text"] for s in (played.response or {}).get("trace", []))
    return bool(rx.search(rf"\b{re.escape(who)} becomes the {re.escape(found.group(1))}", trace))


def _introduced(text: str, played: Replayed, kb: AnswerKB) -> str:
    """``text`` with each player's character said at their first mention ("Ann (Sailor)"),
    where the engine did not say it."""
    for player in played.request["players"]:
        name = re.escape(player["name"])
        if rx.search(rf"\b{name} \(", text):
            continue
        role = kb.name(player["character"])
        text = rx.sub(rf"\b{name}\b(?!')", f"{player['name']} ({role})", text, count=1)
    return text


def _engine_because(engine: list[dict[str, Any]]) -> list[Because]:
    return [Because.from_ruling(r, r["sentence"]) for r in engine]


def _aside_too(verdict: Verdict, aside: str) -> str:
    """The verdict's text with one more aside, in the same brackets as the one it has."""
    if verdict.aside and f"({verdict.aside})" in verdict.text:
        return verdict.text.replace(f"({verdict.aside})", f"({verdict.aside}; {aside})")
    return with_aside(verdict.text, aside)


def _alone(played: Replayed, kb: AnswerKB) -> str:
    """Why the verdict rests on the rulings alone, as a bracketed aside."""
    if played.skipped:
        return f"from the rulings alone: {played.reason}"
    if played.not_simulated:
        names = " or the ".join(kb.name(c) for c in played.not_simulated)
        return f"from the rulings alone: the rules engine does not simulate the {names} yet"
    if played.unplayed_jinxes:
        return f"from the rulings alone: the rules engine does not play {_jinxes(played, kb)} yet"
    return "from the rulings alone: the rules engine refused the replay"


def _jinxes(played: Replayed, kb: AnswerKB) -> str:
    """ "the Leviathan & Soldier jinx", "the ... and the ... jinxes"."""
    pairs = [" & ".join(kb.name(c) for c in pair) for pair in played.unplayed_jinxes]
    return f"the {' and the '.join(pairs)} jinx{'es' if len(pairs) > 1 else ''}"


def note(played: Replayed | None, kb: AnswerKB) -> str | None:
    """Why the answer has no replay, when one was tried."""
    if played is None or played.usable:
        return None
    if played.skipped:
        return played.skipped
    if played.not_simulated:
        names = " or the ".join(kb.name(c) for c in played.not_simulated)
        return (
            f"The rules engine does not simulate the {names} yet, so no replay is shown "
            f"and this answer rests on the rulings alone."
        )
    if played.unplayed_jinxes:
        return (
            f"The rules engine does not play {_jinxes(played, kb)} yet, so no replay is "
            f"shown and this answer rests on the rulings alone."
        )
    return (
        f"The rules engine refused the replay ({played.error}), so this answer rests on "
        f"the rulings alone."
    )


def summary(played: Replayed, u: Understanding, kb: AnswerKB) -> list[str]:
    """The replay's key facts as short sentences: the set-up, outcomes, refusals, choices."""
    response = played.response or {}
    named = named_players(played, u)
    done = setup(played.request, named, kb.name)
    parts = [f"Played: {done}." if done else "Played: the table as set up, with no choice to make."]
    steps = outcomes(played)
    parts += [to_sentence(plain_event(s["text"])) for s in steps]
    if not steps:
        parts.append(to_sentence(_quiet(response)))
    parts += [
        f"The engine refuses {_removed(r)}: {r['message']}."
        for r in played.refused
        if not _changed_before(r, played)
    ]
    parts += [
        f"Your choice, as the question tells it: {c['question']}: {c['chosen']}."
        if c.get("from") == "request"
        else f"Storyteller's choice: {c['question']} (the replay took {c['chosen']})."
        for c in choices(played)[:MAX_CHOICES]
    ]
    return parts


def _quiet(response: dict[str, Any]) -> str:
    deaths = response.get("deaths") or []
    return f"{', '.join(deaths)} died" if deaths else QUIET


def _removed(refusal: dict[str, Any]) -> str:
    removed = refusal["removed"]
    if "player" in removed:
        return f"{removed['player']}'s choice"
    return f"the {removed.get('type', 'event')} by {removed.get('by', 'the Storyteller')}"
