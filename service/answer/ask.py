"""``ask(question, kb) -> dict``: a storyteller's question answered from the knowledge base.

The response has the shape of issue 5: ``question``, ``understood``, ``verdict``,
``rulings`` (each with id, character, text, source, lines, why), ``jinxes``, ``conflicts``,
``replay`` (the engine's response to a minimal game built from the question, with the
request played and any choice the engine refused; null when there is none), plus
``replay_note`` (why there is no replay, when one was tried), ``night_order`` and
``reminders`` for the named characters. A ruling (and a ``because`` quoting it) whose text has
a curated slip carries an ``erratum`` (quote, correction, reason); its text stays as quoted.
Interaction and ruling questions are replayed with
the rules engine over the same knowledge base (or with ``replayer``, a function from a replay
request to the engine's response); ``replay=False`` answers from the rulings alone.
"""

from __future__ import annotations

import dataclasses
import logging
import re
import warnings
from typing import Any

from service.answer import deciding, general, meets, rx, sayings, score
from service.answer.cast import situation_of
from service.answer.decided import option_passed_over, registration_taken
from service.answer.game import nights_told, replay_request
from service.answer.kb import AnswerKB, normal_text
from service.answer.kinds import relearned
from service.answer.mentions import other_readings
from service.answer.outcome import could_change, note, with_replay
from service.answer.phrasing import Because, clause, split_sentences, unquoted, with_aside
from service.answer.players import given_names
from service.answer.replayed import (
    NOT_THEIRS,
    NOTHING_PLAYED,
    Replayed,
    Replayer,
    choices,
    named_players,
    outlived,
    play,
    plays_a_day,
    plays_their_rules,
    unplayed,
)
from service.answer.rerank import stems_of
from service.answer.retrieve import Retrieved, retrieve
from service.answer.score import Found
from service.answer.situation import DEMON, SEATLESS_TEAMS
from service.answer.understand import Understanding, understand
from service.answer.verdict import Answer, Verdict, decide, not_read, settled
from service.answer.verdict import prime as prime_verdict
from service.answer.words import STATES, Condition
from service.engine.handlers import handler_for

__all__ = ["Replayer", "ask", "prime", "replay_request", "ruling_entry", "understood"]


def ask(
    question: str,
    kb: AnswerKB,
    *,
    replayer: Replayer | None = None,
    limit: int = 8,  # (LIMIT)
    replay: bool = True,
) -> dict[str, Any]:
    """Answer a question: what was understood, the verdict, the rulings, jinxes, conflicts,
    and the replay of the situation."""
    u = understood(question, kb)
    glossary = general.named(u, kb)  # (a question naming no character)
    # the verdict rests on the usual number of rulings whatever ``limit`` asks to be shown
    # (the command line's --limit trims or lengthens the list, not the answer)
    found = _retrieved(u, kb, LIMIT, glossary)
    shown = found if limit == LIMIT else _retrieved(u, kb, limit, glossary)
    ruled = general.whole_question(u, kb, glossary) or decide(u, found, kb)
    failed = None
    try:
        played = _replay(u, kb, replayer) if replay else None
        verdict = _settled(with_replay(ruled, u, played, kb), u, played, kb)
    except Exception as exc:  # a fault of the replay's reading: the rulings still answer
        failed = _failed(question, exc)
        played, verdict = None, settled(ruled, u, kb)
    return {
        "question": question,
        "understood": _with_readings(u.to_dict(), kb),
        "verdict": _with_errata(_in_context(_unread(verdict, u), kb).to_dict(), kb),
        "rulings": [ruling_entry(f, kb) for f in shown.rulings],
        "jinxes": list(shown.jinxes),
        "conflicts": [_conflict(c) for c in shown.conflicts],
        "replay": played.to_dict() if played else None,
        "replay_note": failed or note(played, kb),
        "night_order": list(shown.night_order),
        "reminders": {cid: list(tokens) for cid, tokens in shown.reminders.items()},
    }


LIMIT = 8  # the rulings an answer rests on and shows, unless asked to show another number


def _retrieved(u: Understanding, kb: AnswerKB, limit: int, glossary: list[Found]) -> Retrieved:
    """The ``limit`` best rulings, the glossary's entries the question names first."""
    found = retrieve(u, kb, limit=limit)
    if glossary:
        first = glossary[: general.SHOWN]
        ids = {f.ruling["id"] for f in first}
        rest = [f for f in found.rulings if f.ruling["id"] not in ids]
        found = dataclasses.replace(found, rulings=tuple([*first, *rest][:limit]))
    return found


class ReplayFailed(RuntimeWarning):
    """Replaying a question, or reading the replay into its answer, raised: the answer falls
    back on the rulings alone and the fault is logged (the test suite makes this warning an
    error, so a fault never passes a test unseen)."""


_log = logging.getLogger(__name__)


def _failed(question: str, exc: Exception) -> str:
    """Log a replay's fault on ``question`` and warn of it; the note the answer gives."""
    _log.exception("the replay failed on %r; answering from the rulings alone", question)
    warnings.warn(ReplayFailed(f"{question!r}: {exc!r}"), stacklevel=3)
    return (
        "The replay of this question failed (an internal fault, logged), so no replay is "
        "shown and this answer rests on the rulings alone."
    )


def understood(question: str, kb: AnswerKB) -> Understanding:
    """The question as the rules read it, with the kind the learned classifier gives it
    (service/answer/kinds.py): what the answer is built for. (The re-ranker and the chooser
    were trained on the rules' reading alone: bench/fit_kind.py says why.)"""
    return relearned(understand(question, kb.vocabulary), kb.kinds, kb.vocabulary.teams, kb.jinxes)


def _with_readings(understood: dict[str, Any], kb: AnswerKB) -> dict[str, Any]:
    """Each name read inexactly with the other names its words may mean ("the mare": the
    Mage, or the Mayor?), for a storyteller or a tool to offer as corrections, and the name
    it was read as, to show beside them."""
    for read in understood["recognised"]:
        read["name"] = kb.name(read["id"])
        read["alternatives"] = (
            [] if read["exact"] else other_readings(read["as"], read["id"], kb.vocabulary)
        )
    return understood


def prime(kb: AnswerKB) -> None:
    """Fill now what a process's first questions would otherwise pay for (about 0.7 s):
    the patterns built for each character's name and each condition, the words of every
    ruling and sentence, each word's full-text matches, and the given names players are
    called by. A server's worker calls this as it starts; one answer from the command line
    does not."""
    meets.prime(kb)
    given_names()
    sayings.prime([kb.name(cid) for cid in kb.characters])
    deciding.prime(kb)
    score.prime(kb)
    prime_verdict(kb)
    for ruling in kb.rulings.values():
        stems_of(ruling["text"])
    kb.terms.prime(kb.db, (ruling["text"] for ruling in kb.rulings.values()))


def _against_the_replay(
    out: Verdict, verdict: Verdict, u: Understanding, played: Replayed | None
) -> bool:
    """Whether the yes a deciding sentence settled (``out``, from ``verdict`` without one)
    says a death asked happened that the replay, which played the asked one's night, shows
    did not ("harlot picks the imp, do they both die": "Yes: Ben (Chef) dies. That player
    dies: ..." from the Imp's own kill, the Imp alive)."""
    if played is None or out.answer is not Answer.YES or verdict.answer is Answer.YES:
        return False
    asked = {cid for cid, c in u.asked if c is Condition.DEAD}
    seats = {p["name"] for p in played.request["players"] if p["character"] in asked}
    deaths = set((played.response or {}).get("deaths") or ())
    return bool(seats) and bool(deaths) and not seats & deaths


def _settled(verdict: Verdict, u: Understanding, played: Replayed | None, kb: AnswerKB) -> Verdict:
    """The verdict with a yes or no its deciding sentence settles (verdict.settled), unless
    the replay shows the outcome asked about hung on what a player registers as, which it
    took by default ("slayer shoots the recluse": the Recluse may register as the Demon), or
    a choice it took by default could have fallen on the player asked about ("can the imp
    starpass to the recluse": _yours_to_take)."""
    usable = played is not None and played.usable
    choice = registration_taken(played, u) if usable else None
    if choice is not None and not could_change(choice, played, kb.replay):
        choice = None  # (what the outcome did not hang on: "ft picks the imp and the recluse")
    passed = option_passed_over(played, u) if usable and choice is None else None
    if passed is not None and verdict.answer is Answer.INFO:
        return _yours_to_take(verdict, *passed, played, u, kb)
    if choice is None:
        out = settled(verdict, u, kb)
        return verdict if usable and _against_the_replay(out, verdict, u, played) else out
    if verdict.general:
        return verdict  # (an answer in general: the replay's registration is one case of it)
    if verdict.answer not in (Answer.INFO, Answer.STORYTELLER) or (
        verdict.answer is Answer.STORYTELLER and choice["question"] in verdict.text
    ):
        return verdict  # (a choice said already: the replay's own lead)
    # (a choice the rulings gave says why it is the storyteller's, after the one the outcome
    # hung on: "virgin nominated by the spy, does the spy die")
    said = verdict.text.removeprefix("Your choice: ")
    asked = rx.sub(r", \w+, ", " ", choice["question"])  # "registers as, team, to": "as ... to"
    if _COULD_IT.search(u.question.strip()):
        # "can the recluse be one of the 2 i point at": it can, as the Storyteller chooses
        return dataclasses.replace(
            verdict,
            answer=Answer.YES,
            text=f"Yes, as you choose {asked}; in the replay, as {_a(choice['chosen'])}: {said}",
        )
    return dataclasses.replace(
        verdict,
        answer=Answer.STORYTELLER,
        text=f"Your choice: {asked}; in the replay, as {_a(choice['chosen'])}: {said}",
    )


# whether something can be, asked of someone other than the storyteller ("can the recluse be
# one of the 2 i point at", not "can i ...")
_COULD_IT = re.compile(r"(?:^|[.,;?!-]\s*)(?:can|could|may)\s+(?!i\b|we\b)", re.IGNORECASE)


def _yours_to_take(
    verdict: Verdict,
    choice: dict[str, Any],
    player: str,
    played: Replayed,
    u: Understanding,
    kb: AnswerKB,
) -> Verdict:
    """ "can the imp starpass to the recluse": yes, as the Storyteller chooses: the choice the
    replay took could have fallen on the named player, with the named character's own ruling
    on it (the Recluse may become the Minion an ability promotes) quoted first."""
    who = {p["name"]: f"{p['name']} ({kb.name(p['character'])})" for p in played.request["players"]}
    target = u.mentions[-1].id
    rulings = sorted(
        choice.get("rulings", []), key=lambda r: kb.ruling_character(r.get("id") or "") != target
    )
    because = tuple(Because.from_ruling(r) for r in rulings[:2] if r.get("lines"))
    chosen = who.get(choice.get("chosen"), choice.get("chosen"))
    return dataclasses.replace(
        verdict,
        answer=Answer.YES,
        text=f"Yes, as you choose: {choice['question']}: {who.get(player, player)} may be; "
        f"in the replay, {chosen} was. {verdict.text}",
        because=(*because, *verdict.because),
    )


def _in_context(verdict: Verdict, kb: AnswerKB) -> Verdict:
    """The verdict with the sentence before its first quote, where the quote goes on from it
    ("Or, mark an in-play Minion ...", "Instead, put ... into the bag", "If so, enter the
    circle ..."): said without it, the quote answers half a rule. Its words only: no yes or
    no changes."""
    if not verdict.because:
        return verdict
    first = verdict.because[0]
    ruling = kb.rulings.get(first.id or "")
    if ruling is None or not _GOES_ON.match(first.quote):
        return verdict
    sentences = [unquoted(s) for s in split_sentences(ruling["text"])]
    if first.quote not in sentences[1:]:
        return verdict
    before = sentences[sentences.index(first.quote) - 1]
    said = rx.search(re.escape(clause(first.quote)), verdict.text, re.IGNORECASE)
    if said is None:
        return verdict
    # "No: or, mark ...": the sentence before, then the quote, as one sentence (a verdict is
    # one or two)
    opens = said.start() == 0 or verdict.text[: said.start()].rstrip().endswith((".", "!", "?"))
    lead = before if opens else before[:1].lower() + before[1:]
    rest = verdict.text[said.start() :]
    text = f"{verdict.text[: said.start()]}{lead.rstrip('.')}; {rest[:1].lower()}{rest[1:]}"
    quote = f"{before} {first.quote}"
    return dataclasses.replace(
        verdict, text=text, because=(dataclasses.replace(first, quote=quote), *verdict.because[1:])
    )


# a sentence that goes on from the one before it
_GOES_ON = re.compile(r"(?:Or|However|Instead|Then|So|Otherwise|If so|If not|Either way|But)\b")


def _unread(verdict: Verdict, u: Understanding) -> Verdict:
    """The verdict, saying whom it leaves out: words that stand where a name does but were
    read as no name ("four tops is poisoned, does the empath get wrong info" is answered for
    the Empath alone, and the Vortox may have been meant)."""
    unread = [x for x in u.unrecognised if x.placed and x.suggestions]
    if not unread or not u.characters:
        return verdict
    left = "; ".join(not_read(x) for x in unread)
    return dataclasses.replace(
        verdict,
        text=f"{verdict.text} This leaves out what I could not read: {left}. Ask again with the "
        "name to have it counted.",
    )


def _a(noun: str) -> str:
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


def _turned(u: Understanding, kb: AnswerKB) -> str | None:
    """A named character the question says is of the other alignment than its team's ("our
    mayor got flipped evil earlier", "evil mayor 3 alive", "good imp")."""
    question = u.question.lower()
    for mention in u.mentions:
        team = kb.characters.get(mention.id, {}).get("team")
        other = "evil" if team in ("townsfolk", "outsider") else "good"
        if team not in ("townsfolk", "outsider", "minion", "demon") or other not in question:
            continue  # (both patterns need the other alignment's word)
        name = re.escape(mention.text.lower())
        told = rx.search(rf"\b{other}\s+(?:the\s+)?{name}\b", question) or rx.search(
            rf"\b{name}\b[^.?!,;]{{0,30}}\b(?:turned|flipped|went|gone|became|becomes|is|was"
            rf"|got|now|being|turns)\s+{other}\b",
            question,
        )
        if told and not _BELIEVED.search(question[max(0, told.start() - 30) : told.end()]):
            return mention.id  # not "made the empath mad that the chef is evil"
    return None


# what someone is made to think or says, not what is: "mad that the chef is evil"
_BELIEVED = re.compile(r"\b(?:mad|thinks?|believes?|claims?|claiming|says?|said|pretends?)\b")


def _rules_apart(u: Understanding, kb: AnswerKB) -> tuple[str, ...]:
    """The named Fabled and Loric the engine has no rules for: they change the game without a
    seat ("I See Dead People": poisoned players don't wake), so a replay without them plays
    another game."""
    return tuple(
        cid
        for cid in u.characters
        if kb.characters.get(cid, {}).get("team") in SEATLESS_TEAMS and handler_for(cid) is None
    )


def _told_choices(played: Replayed, u: Understanding) -> dict[str, str]:
    """The storyteller's choices the question says it made, by the name the engine gives
    what is chosen ("which good player is the Fortune Teller's red herring": "the red
    herring is the chef", "chef is my red herring") and a named character's seat."""
    question = u.question.lower()
    seats = {p["character"]: p["name"] for p in played.request["players"]}
    taken = choices(played)
    out = {}
    for choice in taken:
        thing = choice["question"].lower().rsplit("'s ", 1)
        if len(thing) != 2 or len(thing[1]) < 5 or thing[1] not in question:
            continue
        for mention in u.mentions:
            name = re.escape(mention.text.lower())
            said = rx.search(
                rf"\b{re.escape(thing[1])}\s+(?:is|was|on|=|:|goes on|is on)\s+"
                rf"(?:the\s+|my\s+|our\s+)?{name}\b"
                rf"|\b{name}\s+(?:is|was|as)\s+(?:the|their|my|our|his|her)\s+"
                rf"{re.escape(thing[1])}\b",
                question,
            )
            seat = seats.get(mention.id)
            if said and seat in (choice.get("options") or ()):
                out[choice["id"]] = seat
    out |= _registrations_told(played, taken, u)
    out |= _pass_told(played, taken, u)
    return out


# the Demon passed to a player the question names: "the imp starpasses to the recluse", "imp
# jumped into the baron", "passes it to the scarlet woman"
_PASSED_TO = (
    r"\b(?:star\s*-?\s*pass\w*|pass\w*|jump\w*|gives?|gave|hands?|handed)\s+(?:it\s+|the\s+imp\s+)?"
    r"(?:on\s+)?(?:to|onto|into)\s+(?:the\s+|my\s+|our\s+)?{name}\b"
)


def _pass_told(played: Replayed, taken: list[dict[str, Any]], u: Understanding) -> dict[str, str]:
    """Who the Demon passes to, where the question says and the engine asks which Minion
    becomes it ("the imp starpasses to the recluse": the Recluse, one of the options);
    ``taken``: the replay's choices."""
    question = u.question.lower()
    seats = {p["character"]: p["name"] for p in played.request["players"]}
    out = {}
    for choice in taken:
        if not choice["id"].endswith(".star-pass"):
            continue
        for mention in u.mentions:
            seat = seats.get(mention.id)
            said = rx.search(_PASSED_TO.format(name=re.escape(mention.text.lower())), question)
            if said is None or seat not in (choice.get("options") or ()):
                continue
            if _only_possible(question, said.start()):
                continue  # "can the imp starpass to the recluse": whether, asked
            out[choice["id"]] = seat
    return out


def _registrations_told(
    played: Replayed, taken: list[dict[str, Any]], u: Understanding
) -> dict[str, str]:
    """What a player the question says registers as something registers as, where the
    replay asks it ("slayer shot a recluse who registered as the demon": "what Ben (Recluse)
    registers as, team, to Ann's Slayer" is the Demon); ``taken``: the replay's choices."""
    question = u.question.lower()
    character = {p["name"]: p["character"] for p in played.request["players"]}
    out = {}
    for choice in taken:
        asked = _REGISTRATION_ASKED.match(choice["question"])
        options = [str(o) for o in choice.get("options") or ()]
        if asked is None or not options:
            continue
        cid = character.get(asked.group("who"))
        if Condition.REGISTERING not in u.conditions.get(cid, ()):
            continue
        said = rx.search(
            r"\bregist\w*\s+(?:to\s+\w+\s+)?as\s+(?:a\s+|an\s+|the\s+)?"
            rf"(?P<what>{'|'.join(re.escape(o.lower()) for o in options)})\b",
            question,
        )
        if said is None:
            continue
        if _only_possible(question, said.start()):
            continue  # "can i have the recluse register as the demon": whether, asked
        out[choice["id"]] = next(o for o in options if o.lower() == said.group("what"))
    return out


def _only_possible(question: str, at: int) -> bool:
    """What is said at ``at`` is asked as a possibility or a wish in its clause, not told."""
    opening = max(question.rfind(mark, 0, at) for mark in ".?!,;")
    clause = question[opening + 1 : at]
    found = [m.group(0) for m in _MAY_REGISTER.finditer(clause)]
    if found == ["if"] and _PREMISE_OPENING.match(clause):
        return False  # "if the spy registers as good, are they both safe": the case asked about
    return bool(found)


# a clause opened by "if": its premise ("(and) if the spy registers as good"), not a wish or
# an embedded question ("not sure if the recluse registers as evil")
_PREMISE_OPENING = re.compile(r"\s*(?:(?:and|but|so|then|now|ok|okay)\s+)?if\b")


# a registration (or a pass) asked as a possibility or a wish, not told: "can the spy register
# as", "am i allowed to have", "i kind of want the recluse to register"
_MAY_REGISTER = re.compile(
    r"\b(?:can|could|may|might|allowed|able|want|wanna|should|would|if|whether)\b"
)


# the engine's question of what a player registers as: "what Ben (Recluse) registers as, ..."
_REGISTRATION_ASKED = re.compile(r"what (?P<who>\w+) \([^)]*\) registers as\b")


def _nothing_played(played: Replayed, u: Understanding) -> bool:
    """A replay with no choice, no event, no death, no refusal and no information for the
    characters asked about ("Played: Ann (Mutant). Nobody dies."): it shows nothing."""
    response = played.response or {}
    phases = played.request["phases"]
    if any(p.get("actions") or p.get("events") for p in phases) or played.refused:
        return False
    if played.request.get("choices"):
        return False  # a choice the question told ("shabaloth regurgitates the chef")
    if any(p["phase"] == "day" for p in phases):
        return False  # a day ending with no execution: its dusk is what is played
    named = named_players(played, u)
    return not response.get("deaths") and not any(who in named for who in response.get("info", {}))


def ruling_entry(found: Found, kb: AnswerKB) -> dict[str, Any]:
    r = found.ruling
    entry = {
        "id": r["id"],
        "character": r["character"],
        "text": r["text"],
        "source": r["source"],
        "lines": list(r["lines"]),
        "section": r["section"],
        "why": "; ".join(found.why) or "shares the question's words",
    }
    if found.also_in:
        entry["also_in"] = list(dict.fromkeys(found.also_in))
    if r["id"] in kb.errata:
        entry["erratum"] = dict(kb.errata[r["id"]])
    return entry


def _with_errata(verdict: dict[str, Any], kb: AnswerKB) -> dict[str, Any]:
    """Each ``because`` whose quote takes in a curated slip carries its correction, and the
    verdict's own words say the corrected sentence, not the slip, with a word that they do."""
    for because in verdict["because"]:
        erratum = kb.errata.get(because["id"])
        if erratum and _overlap(because["quote"], erratum["quote"]):
            because["erratum"] = dict(erratum)
            verdict["text"] = _corrected(verdict["text"], erratum)
    return verdict


def _corrected(text: str, erratum: dict[str, str]) -> str:
    """``text`` with the slip's words replaced by the correction (as the verdict may start
    the sentence in lower case), and an aside saying so.

    >>> _corrected("Yes: if the Umpire dies at night, mark them.",
    ...            {"quote": "If the Umpire dies at night, mark them.",
    ...             "correction": "If the Sleeper would die at night, mark them."})
    'Yes: if the Sleeper would die at night, mark them (a slip in the source, corrected).'
    """
    slip, fix = erratum["quote"].rstrip("."), erratum["correction"].rstrip(".")
    at = text.lower().find(slip.lower())
    if at < 0:
        return text
    if text[at].islower():
        fix = fix[:1].lower() + fix[1:]
    return with_aside(text[:at] + fix + text[at + len(slip) :], "a slip in the source, corrected")


def _overlap(quote: str, slip: str) -> bool:
    """One quote holds the other (the verdict may quote a sentence, the slip may be one).

    >>> _overlap("If the Umpire dies at night, mark them.", "the Umpire dies")
    True
    >>> _overlap("Then, wake the Sleeper.", "the Umpire dies")
    False
    """
    a, b = normal_text(quote), normal_text(slip)
    return bool(a and b) and (a in b or b in a)


# a question about votes: the replay's night shows nothing of them
_VOTING = re.compile(r"\bvot(?:e|es|ed|ing|er|ers)\b|\bhands? up\b|\btally\b", re.IGNORECASE)


def _conflict(conflict: dict[str, Any]) -> dict[str, Any]:
    keys = ("id", "character_id", "topic", "note", "sides")
    return {k: conflict.get(k) for k in keys}


def _asked_death_played(played: Replayed, u: Understanding, kb: AnswerKB) -> bool:
    """The question asks whether a named character dies to the Demon it tells attacking them
    ("the demon attacked the chef, does she die"), and in the replay they do: the death is
    the answer, though no rule of theirs is played (not a death the replay staged for the
    one asked about: "can i have the scapegoat die instead")."""
    asked = {cid for cid, condition in u.asked if condition is Condition.DEAD}
    if not asked or not rx.search(r"\bdemon\b", u.question.lower()):
        return False
    attacked = {t for a, t in situation_of(u, kb).links if a == DEMON}
    seats = {p["character"]: p["name"] for p in played.request["players"]}
    deaths = set((played.response or {}).get("deaths", ()))
    return any(seats.get(cid) in deaths for cid in asked & attacked)


def _replay(u: Understanding, kb: AnswerKB, replayer: Replayer | None) -> Replayed | None:
    request = replay_request(u, kb)
    if request is None:
        return None
    told = nights_told(u.question)
    if len(told) > 1:  # one replay plays one night: it would run them together
        return Replayed.not_shown(
            request,
            f"The question tells events on more than one night ({', '.join(told)}); a replay "
            f"plays them as one night, so none is shown and this answer rests on the rulings "
            f"alone.",
            "the question tells more than one night",
        )
    if replayer is None and kb.rules is None:
        return None
    played = play(request, replayer or kb.replay, u.characters)
    told = _told_choices(played, u)
    if told:  # "the red herring is the chef": the storyteller's choice the question made
        again = play(
            {**played.request, "choices": {**played.request.get("choices", {}), **told}},
            replayer or kb.replay,
            u.characters,
        )
        played = again if again.usable else played
    rules_apart = _rules_apart(u, kb)
    if played.response is not None and rules_apart:  # a Fabled the engine does not run
        played = dataclasses.replace(
            played, not_simulated=tuple(dict.fromkeys((*played.not_simulated, *rules_apart)))
        )
    if played.usable and _nothing_played(played, u):
        return Replayed.not_shown(
            played.request,
            "The rules engine has nothing to play for this situation (no choice, event, death "
            "or information of the characters asked about), so no replay is shown and this "
            "answer rests on the rulings alone.",
            NOTHING_PLAYED,
        )
    if played.usable and _VOTING.search(u.question) and not plays_a_day(played):
        # "bureaucrat got exiled, does the guy with 3 votes keep them": a night's choice and
        # "Nobody dies" say nothing of a vote
        return Replayed.not_shown(
            played.request,
            "The question is about voting, and the replay plays no day to vote in, so none is "
            "shown and this answer rests on the rulings alone.",
            "the replay plays no vote",
        )
    if (
        played.usable
        and not plays_their_rules(played, u, kb.ruling_character, kb.ability)
        and not _asked_death_played(played, u, kb)
    ):
        return Replayed.not_shown(
            played.request,
            "The rules engine plays none of the asked characters' own rules in this situation "
            "(only a death or an execution of the kind any game has), so no replay is shown "
            "and this answer rests on the rulings alone.",
            NOT_THEIRS,
        )
    turned = _turned(u, kb)
    if played.usable and turned:
        return Replayed.not_shown(
            played.request,
            f"The question tells the {kb.name(turned)} is of the other alignment, which the "
            f"replay does not set up, so none is shown and this answer rests on the rulings "
            f"alone.",
            "the replay does not set up a changed alignment",
        )
    died = outlived(played, u) if played.usable else ()
    if died:  # "the imp attacked the chef but he didnt die": not "Ann (Chef) dies"
        told = " and the ".join(kb.name(cid) if cid in kb.characters else cid for cid in died)
        return Replayed.not_shown(
            played.request,
            f"In the replay the {told} dies, where the question says they did not, so none is "
            f"shown and this answer rests on the rulings alone.",
            "the replay kills whom the question says lived",
        )
    missing = unplayed(played, u) if played.usable else ()
    if missing:  # it played another situation than the one asked about
        told = ", ".join(
            f"the {kb.name(cid) if cid in kb.characters else cid} {STATES[c][0]}"
            for cid, c in missing
        )
        return Replayed.not_shown(
            played.request,
            f"The replay could not play everything the question tells ({told}), so none is "
            f"shown and this answer rests on the rulings alone.",
            "the replay could not play all the question tells",
        )
    return played
