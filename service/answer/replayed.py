"""Running the replay a question describes, and reading what happened in it.

``play`` runs the request through the engine. Where the engine refuses one choice or event
(a dead Monk acting, a Zombuul not woken after a death today), that choice is taken out, the
refusal kept as a fact of the answer, and the rest replayed; any other refusal means no
replay. A replay in which a named character is not simulated by the engine is not used: the
answer then rests on the rulings alone, and says so. Nothing here invents an outcome: every
sentence quoted comes from the engine's trace, every citation from the rulings it cites.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from knowledge.errors import ServiceError
from service.answer import rx
from service.answer.sayings import OWN_DEATH_WORDS
from service.answer.understand import Understanding
from service.answer.words import Condition
from service.engine.deaths import DEMON_DEAD

Replayer = Callable[[dict[str, Any]], dict[str, Any]]
_PLACE = re.compile(r"^phases\[(\d+)\]\.(actions|events)\[(\d+)\]")
OUTCOME = re.compile(
    r"\bdies\b|\bdoes not die\b|\bsurviv|\bbecomes?\b|\blearns?\b|\bwins?\b"
    r"|\bnot woken\b|\bnothing happens\b|\bdoes nothing\b|\bis executed\b|\binstead\b"
    r"|\balive again\b",
    re.IGNORECASE,
)
NOISE = re.compile(
    r"the request gives no choice|^Night \d+ begins|^Dawn:|^Dusk:|\bchooses\b"
    # (a set-up line of whom a player thinks they are: "Ann is the Lunatic and thinks they are
    # the Imp; the Demon (Cat) learns who the Lunatic is")
    r"|\band thinks they are\b"
)
# what came of a choice of one the question names ("Ann (Professor) resurrects Ben (Fool)",
# "chooses Ben, who is not a Townsfolk (Drunk): nothing happens"; not "who does not agree", a
# choice the replay took): the seat chosen
CHOICE_CAME_OF = re.compile(
    r"\b(?:resurrects|chooses) (\w+)(?: \([^)]*\))?"
    r"(?:, who is not (?:a|an|the) [^:]*: nothing happens|, who has"
    # "Ann (Lycanthrope) chooses Dan, who is evil: nothing happens": the named chooser's
    r"|(, who is (?:evil|good): nothing happens))"
)
GENERAL_SOURCES = ("glossary.json",)
COMMON = frozenset({"the", "and", "they", "that", "thi", "for", "with", "playe"})
ACTING = frozenset({"act", "slay", "nominate", "execute", "ability"})  # trace step actions
MAX_OUTCOMES = 4
NOTHING_PLAYED = "the replay has nothing to play here"
NOT_THEIRS = "a replay would play none of these characters' own rules"
NOBODY = frozenset({"nobody", "noone", "no-one", "none", "neither"})


@dataclass(frozen=True, slots=True)
class Replayed:
    """A replay as the answer uses it: the request played, the engine's response (None when
    the engine refused it), the choices it refused, and the named characters it does not
    simulate."""

    request: dict[str, Any]
    response: dict[str, Any] | None
    refused: tuple[dict[str, Any], ...] = ()
    error: str | None = None
    not_simulated: tuple[str, ...] = ()
    # pairs of characters in play whose jinx the engine does not play (the Leviathan's with
    # the Soldier): their replay would play each alone, against the jinx
    unplayed_jinxes: tuple[tuple[str, ...], ...] = ()
    # why no replay is shown though one was built (the question tells more than one replay
    # can hold): the note in full, and the short reason for the verdict's aside
    skipped: str | None = None
    reason: str = ""
    named: tuple[str, ...] = ()  # the characters the question names
    # staged events taken out because the day's execution was already had (_had_by_ability):
    # played in effect, so neither refused nor missing
    moot: tuple[dict[str, Any], ...] = ()

    @classmethod
    def not_shown(cls, request: dict[str, Any], note: str, reason: str) -> Replayed:
        """A replay built but not shown: ``note`` says why in full, ``reason`` in brief."""
        return cls(request, None, skipped=note, reason=reason)

    @property
    def usable(self) -> bool:
        """Whether the answer may rest on this replay (it ran, and simulates every named
        character and every jinx between the characters in play)."""
        return self.response is not None and not self.not_simulated and not self.unplayed_jinxes

    def to_dict(self) -> dict[str, Any] | None:
        """The ``replay`` of the answer: the engine's response, with the request played and
        the choices the engine refused; None when there is no usable replay."""
        if self.response is None or not self.usable:
            return None
        return {**self.response, "request": self.request, "refused": list(self.refused)}


def play(request: dict[str, Any], replayer: Replayer, named: tuple[str, ...]) -> Replayed:
    """Run ``request``; a refused choice or event is taken out and the rest replayed."""
    request = copy.deepcopy(request)
    refused: list[dict[str, Any]] = []
    for _ in range(1 + _count(request)):
        try:
            response = replayer(request)
        except ServiceError as err:
            removed = _remove(request, str(err.details.get("field") or ""))
            if removed is None:
                return Replayed(request, None, tuple(refused), error=str(err), named=named)
            refused.append(
                {"field": err.details.get("field"), "message": str(err), "removed": removed}
            )
            continue
        except Exception as exc:  # an engine fault must not take the answer down with it
            return Replayed(
                request,
                None,
                tuple(refused),
                error=f"it failed on this game: {type(exc).__name__}",
                named=named,
            )
        if _drop_stale(request, response):
            continue  # played again without the events the night had already made moot
        missing = tuple(c for c in named if c in response.get("not_simulated", ()))
        had = [_had_by_ability(r, response) for r in refused]
        moot = tuple(r["removed"] for r, h in zip(refused, had, strict=True) if h)
        kept = tuple(r for r, h in zip(refused, had, strict=True) if not h)
        jinxes = tuple(tuple(pair) for pair in response.get("unplayed_jinxes", ()))
        return Replayed(
            request,
            response,
            kept,
            not_simulated=missing,
            unplayed_jinxes=jinxes,
            named=named,
            moot=moot,
        )
    return Replayed(
        request, None, tuple(refused), error="the engine refused every choice", named=named
    )


# what the engine says of a nomination or execution after the day's execution was had
_AFTER_EXECUTION = re.compile(
    r"\bis dead: only alive players may nominate\b|\bhas already been executed today\b"
)


def _had_by_ability(refusal: dict[str, Any], response: dict[str, Any]) -> bool:
    """A staged nomination or execution refused because an ability had already executed
    someone that day ("Ann broke madness: the Storyteller executes them"): the day's execution
    the staging stood for was had, nothing the question told was refused."""
    removed = refusal.get("removed") or {}
    return (
        removed.get("type") in ("nominate", "execute")
        and bool(_AFTER_EXECUTION.search(refusal.get("message") or ""))
        and any(
            (step.get("action") or "").startswith("ability ")
            and step["text"].endswith(" is executed.")
            for step in response.get("trace", [])
        )
    )


def _count(request: dict[str, Any]) -> int:
    return sum(len(p.get("actions", ())) + len(p.get("events", ())) for p in request["phases"])


def _drop_stale(request: dict[str, Any], response: dict[str, Any]) -> bool:
    """Take out the day events the replay's own night made moot, saying whether any were: the
    execution staged for a death the question tells, of a player the night already killed
    ("klutz becomes the fang gu and the old FG dies": the Fang Gu died in the jump), with its
    nomination; and a day ability of a player whose character the night changed ("Ann
    (fanggu) uses a day ability" for the Klutz who became the Fang Gu)."""
    dead_at_start = {p["name"] for p in request["players"] if p.get("dead")}
    characters = {p["name"]: p["character"] for p in request["players"]}
    moot: set[tuple[str, str]] = set()
    for step in response.get("trace", []):
        action, who = step.get("action") or "", step.get("player")
        if (
            action.startswith("execute ")
            and who not in dead_at_start
            and step["text"].endswith("is already dead: nothing happens.")
        ):
            moot |= {("execute", who), ("nominate", who)}
        if action.startswith("ability ") and step.get("character") != characters.get(who):
            moot.add(("ability", who))
    if not moot:
        return False
    for phase in request["phases"]:
        if phase["phase"] != "day":
            continue
        phase["events"] = [
            e
            for e in phase.get("events", [])
            if (e["type"], e.get("target") if e["type"] != "ability" else e.get("by")) not in moot
        ]
    return True


def _remove(request: dict[str, Any], field: str) -> dict[str, Any] | None:
    """Take the refused action or event out of ``request`` (None: the refusal is of
    something else)."""
    match = _PLACE.match(field)
    if match is None:
        return None
    phase, key, index = int(match.group(1)), match.group(2), int(match.group(3))
    items = request["phases"][phase].get(key, [])
    return items.pop(index) if index < len(items) else None


# ---- reading a replay ------------------------------------------------------------------


def outcomes(played: Replayed) -> list[dict[str, Any]]:
    """The trace steps that say what came of the choices: deaths, survivals, characters
    becoming others, information learnt, wins; not what a filler learnt (the filler
    Washerwoman's first-night information answers nothing asked)."""
    seats = seats_of(played)
    steps = [
        s
        for s in (played.response or {}).get("trace", [])
        if (
            OUTCOME.search(s["text"])
            and not NOISE.search(s["text"])
            and not (seats and _LEARNS.search(s["text"]) and s.get("player") not in seats)
        )
        or (
            (came := CHOICE_CAME_OF.search(s["text"]))
            and (came.group(1) in seats or (came.group(2) and s.get("player") in seats))
        )
    ]
    return steps[:MAX_OUTCOMES]


_LEARNS = re.compile(r"\blearns?\b")


def other_options(
    played: Replayed, choice: dict[str, Any], replayer: Replayer
) -> Iterator[dict[str, Any] | None]:
    """The replay's response with each other option of ``choice`` taken (None where the
    engine refuses that option here)."""
    chosen = played.request.get("choices") or {}
    for option in choice.get("options") or ():
        if option == choice.get("chosen"):
            continue
        try:
            yield replayer({**played.request, "choices": {**chosen, choice["id"]: option}})
        except (ServiceError, LookupError):
            yield None


def plays_a_day(played: Replayed) -> bool:
    """Whether the replay's request plays a day (nominations, executions, day abilities)."""
    return any(p["phase"] == "day" for p in played.request["phases"])


def seats_of(played: Replayed, characters: Iterable[str] | None = None) -> set[str]:
    """The seats of ``characters`` (default: those the question names), the Drunk who thinks
    they are one of them included."""
    wanted = set(played.named if characters is None else characters)
    return {
        p["name"]
        for p in played.request["players"]
        if p["character"] in wanted or p.get("thinks") in wanted
    }


def cited(
    response: dict[str, Any],
    steps: list[dict[str, Any]],
    section: Callable[[str], str | None],
    limit: int = 2,
) -> list[dict[str, Any]]:
    """The rulings the engine rests the outcome on, from the outcome steps and the choices
    leading to them, each with the ``sentence`` closest to what happened: the sources' own
    words before ability lines (``section``: a ruling's section from its id) and the
    glossary, and among them those sharing most words with what happened."""
    acts = [s for s in response.get("trace", []) if s["action"].split(" ")[0] in ACTING]
    said = _words(" ".join(s["text"] for s in [*steps, *acts]))
    unique = {r["id"]: r for s in [*steps, *acts] for r in s["rulings"]}
    ranked = sorted(
        unique.values(),
        key=lambda r: (
            r["source"] in GENERAL_SOURCES,
            section(r["id"]) == "ability",
            -len(said & _words(r["text"])),
        ),
    )[:limit]
    return [{**r, "sentence": _closest(r["text"], said)} for r in ranked]


def _closest(text: str, said: set[str]) -> str:
    """The ruling's sentence sharing most words with what happened (the first on a tie)."""
    sentences = [s for s in rx.split(r"(?<=[.!?])\s+", text) if s.strip()] or [text]
    return max(sentences, key=lambda s: (len(said & _words(s)), -sentences.index(s)))


def _words(text: str) -> set[str]:
    return {w.rstrip("s")[:5] for w in rx.findall(r"[a-z]{3,}", text.lower())} - COMMON


def choices(played: Replayed) -> list[dict[str, Any]]:
    """Storyteller decisions with more than one option, as the replay took them, about the
    characters the question names: not a filler's own (the filler Washerwoman's "which
    player the Townsfolk reminder marks", a filler Traveller's alignment), which answers
    nothing asked."""
    response = played.response or {}
    about = set(played.named) | seats_of(played)
    return [
        c
        for c in response.get("storyteller_choices", [])
        if isinstance(c.get("options"), list)
        and len(c["options"]) > 1
        and (not about or about & set(str(c.get("id", "")).split(".")))
    ]


def open_choices(played: Replayed) -> list[dict[str, Any]]:
    """The decisions the replay took itself, not those the question made and the request
    gave ("chef is my red herring")."""
    return [c for c in choices(played) if c.get("from") != "request"]


def setup(request: dict[str, Any], named_players: set[str], name: Callable[[str], str]) -> str:
    """What was chosen and done, in a clause ("Ann (Monk, drunk) chooses Ben; Cat (Assassin)
    chooses Ben"), or who the named players are when nothing was (``name``: a character's
    name from its id)."""
    who = {p["name"]: _who(p, name) for p in request["players"]}
    parts = []
    for phase in request["phases"]:
        parts += [_did(who, action, name) for action in phase.get("actions", [])]
        parts += [_happened(who, event) for event in phase.get("events", [])]
    return "; ".join(parts or [who[player] for player in who if player in named_players])


def _who(player: dict[str, Any], name: Callable[[str], str]) -> str:
    state = [k for k in ("drunk", "poisoned", "dead") if player.get(k)]
    character = name(player["character"])
    if player.get("thinks"):  # "Ann (Drunk, thinks they are the Monk)"
        character += f", thinks they are the {name(player['thinks'])}"
    return f"{player['name']} ({', '.join([character, *state])})"


def _did(who: dict[str, str], action: dict[str, Any], name: Callable[[str], str]) -> str:
    if action.get("decline"):
        return f"{who[action['player']]} declines"
    targets = " and ".join(action.get("targets", []))
    if action.get("character"):
        # a character chosen: "Ann (Courtier) chooses the Vortox", "Ann (Cerenovus) chooses
        # Ben, naming the Vortox"
        character = f"the {name(action['character'])}"
        chosen = f"{targets}, naming {character}" if targets else character
        return f"{who[action['player']]} chooses {chosen}"
    return f"{who[action['player']]} chooses {targets or 'no player'}"


def _happened(who: dict[str, str], event: dict[str, Any]) -> str:
    if event["type"] == "nominate":
        return f"{event['by']} nominates {who[event['target']]}"
    if event["type"] == "execute":
        return f"{event['target']} is executed"
    if event["type"] == "exile":
        return f"{who[event['target']]} is exiled"
    if event["type"] == "vote":
        return f"{' and '.join(who[v] for v in event['voters'])} votes for {event['nominee']}"
    if event.get("text") and not event.get("targets"):
        return f"{who[event['by']]} says {event['text']!r}"  # the Gossip's statement
    targets = event.get("target") or " and ".join(event.get("targets", []))
    if event.get("character"):  # a guess: "Ann (Juggler) guesses Ben is the empath"
        return f"{who[event['by']]} guesses {targets} is the {event['character']}"
    return f"{who[event['by']]} uses their ability on {targets}"


def named_players(played: Replayed, u: Understanding) -> set[str]:
    """The seats of the characters the question names."""
    return {p["name"] for p in played.request["players"] if p["character"] in u.characters}


def plays_their_rules(
    played: Replayed,
    u: Understanding,
    about: Callable[[str], str | None],
    ability: Callable[[str], str] = lambda cid: "",
) -> bool:
    """Whether the replay applies a rule of a character the question names: a step of that
    character citing one of its own rulings (``about``: a ruling id's character), a choice
    left to the storyteller by one of their rulings, or the engine refusing one of their
    choices by a rule. A replay in which the named characters only die to a filler Demon or
    a filler execution shows nothing of what is asked ("evil klutz dies and points at an evil
    player": "Cat (Imp) chooses Ann. Ann (Klutz) dies."), nor does a game a filler ends ("Ann
    nominates Ben (Lleech); Ben is executed ... Good wins" for a Lleech whose host lives):
    neither is shown. A game the named Demon's own death ends is what is asked ("imp
    executed?": good wins), where its ability (``ability``: a character's) says nothing of
    its own death that the replay could have missed ("You die if & only if they are dead").
    """
    response = played.response or {}
    named = set(u.characters)
    if _their_death_ends_it(response, named, ability):
        return True
    for step in response.get("trace", []):
        cid = step.get("character")
        if cid in named and any(about(r["id"]) == cid for r in step.get("rulings", [])):
            return True
        if cid is None and any(about(r["id"]) in named for r in step.get("rulings", [])):
            return True  # the game's own step by their rule ("Evil wins: ... the Vortox")
        if (
            _OWN_ABILITY_ON_ANOTHER.search(step.get("text", ""))
            and any(about(r["id"]) in named for r in step.get("rulings", []))
            # (not where the engine refused a choice told: another situation was played)
            and not played.refused
        ):
            return True  # "Ben does not die: Ann's Tea Lady ability protects them": theirs
    for choice in response.get("storyteller_choices", []):  # "who dies instead of the Mayor"
        if any(about(r["id"]) in named for r in choice.get("rulings", [])):
            return True
    seats = named_players(played, u)
    return any(
        (".targets" in r.get("field", "") and r.get("removed", {}).get("player") in seats)
        # "the slayer already used his shot, then shoots the imp": the once-per-game rule
        or (spent_refusal(r) and refused_by(r) in seats)
        for r in played.refused
    )


# the engine refusing an ability used once per game a second time
SPENT = re.compile(r"\bused their once-per-game ability\b")


def spent_refusal(refusal: dict[str, Any]) -> bool:
    """The engine refused a once-per-game ability used again."""
    return bool(SPENT.search(refusal.get("message") or ""))


def refused_by(refusal: dict[str, Any]) -> str | None:
    """The player whose night choice ("player") or day event ("by") the engine refused."""
    removed = refusal.get("removed") or {}
    return removed.get("player") or removed.get("by")


# a step saying a player's ability acted on another: "Ann's Tea Lady ability protects them"
_OWN_ABILITY_ON_ANOTHER = re.compile(r"'s [A-Z][\w' -]* ability (?:protects|makes|keeps|stops)\b")


def _their_death_ends_it(
    response: dict[str, Any], named: set[str], ability: Callable[[str], str]
) -> bool:
    """The game ends because the Demon died, and that Demon is a character asked about whose
    ability has no word of its own death or survival."""
    winner = response.get("winner") or {}
    if winner.get("reason") != DEMON_DEAD:
        return False
    dead = {
        step.get("character")
        for step in response.get("trace", [])
        if step.get("character") in named and _DIES.search(step.get("text", ""))
    }
    # (one whose ability has words of its own death the replay may not have played)
    return any(not OWN_DEATH_WORDS.search(ability(cid)) for cid in dead)


_DIES = re.compile(r"\) dies\b")


def unplayed(played: Replayed, u: Understanding) -> tuple[tuple[str, Condition], ...]:
    """The states the question tells of a named character (not those it asks about) that
    the replay does not play: a death told that did not happen in it, an execution or a
    nomination it did not hold, drunkenness or poison no one had, a protection no one gave.
    A replay missing one of them plays another situation than the one asked about."""
    response = played.response or {}
    players = response.get("players", {})
    seats = {p["character"]: p for p in played.request["players"]}
    items = [
        *(
            x
            for phase in played.request["phases"]
            for key in ("events", "actions")
            for x in phase.get(key, [])
        ),
        *(r["removed"] for r in played.refused),
        *played.moot,
    ]
    trace = " ".join(s["text"] for s in response.get("trace", []))
    asked = set(u.asked)
    missing = []
    for cid, conditions in u.conditions.items():
        seat = seats.get(cid)
        if seat is None:
            continue
        name = seat["name"]
        state = players.get(name, {})
        # "monk protects himself?": the engine refused the choice of oneself, which is the
        # answer; the protection (or poison) that choice would have given is not missing
        chose_self = Condition.SELF_TARGET in conditions and any(
            r["removed"].get("player") == name and name in (r["removed"].get("targets") or ())
            for r in played.refused
        )
        for condition in conditions:
            if chose_self and condition in _GIVEN_BY_ONES_CHOICE:
                continue
            if (cid, condition) not in asked and not _played(
                condition, name, seat, state, items, trace
            ):
                missing.append((cid, condition))
    for person, condition in u.generic:  # "one of them gets executed": someone is
        kind = {Condition.EXECUTED: "execute", Condition.NOMINATED: "nominate"}.get(condition)
        if person in NOBODY or (kind == "execute" and any(x.get("type") == "exile" for x in items)):
            continue  # "nobody got executed": the replay holds none, rightly
        if kind and not any(x.get("type") == kind for x in items):
            missing.append((person, condition))
        if person in ("evil", "good") and condition is Condition.DEAD:
            # "oracle when 2 evil are dead": dead players of that side the replay must seat
            dead = [p for p in played.request["players"] if p.get("dead")]
            died = set(response.get("deaths") or ())
            if not any(
                (players.get(p["name"]) or {}).get("alignment") == person for p in dead
            ) and not any((players.get(n) or {}).get("alignment") == person for n in died):
                missing.append((person, condition))
    return tuple(missing)


# what a choice of oneself would give oneself
_GIVEN_BY_ONES_CHOICE = frozenset(
    {Condition.PROTECTED, Condition.POISONED, Condition.DRUNK, Condition.SELF_TARGET}
)


def outlived(played: Replayed, u: Understanding) -> tuple[str, ...]:
    """The characters the question says did not die ("attacked the chef but he didnt die")
    who die in the replay: it plays another situation than the one told."""
    response = played.response or {}
    players = response.get("players", {})
    trace = " ".join(s["text"] for s in response.get("trace", []))
    seats = {p["character"]: p["name"] for p in played.request["players"]}
    return tuple(
        cid
        for cid in u.survived
        if cid in seats
        and players.get(seats[cid], {}).get("alive") is False
        # "Ben (Zombuul) dies for the first time: they live on but register as dead"
        and not rx.search(
            rf"\b{re.escape(seats[cid])}\b[^.]*\b(?:live on|lives on|does not die|survives)\b",
            trace,
        )
    )


def _played(
    condition: Condition,
    name: str,
    seat: dict[str, Any],
    state: dict[str, Any],
    items: list[dict[str, Any]],
    trace: str,
) -> bool:
    if condition is Condition.DEAD:  # or the engine says why not: "Ann (Fool) does not die"
        return (
            bool(seat.get("dead"))
            or state.get("alive") is False
            # ("Ann (Saint) is the first Outsider the Fang Gu kills: they become an evil Fang
            # Gu, and Cat dies instead")
            or bool(
                rx.search(
                    rf"\b{re.escape(name)}\b[^.;]*\b(?:does not die|survives|dies instead)\b",
                    trace,
                )
            )
            # "imp kills the mayor, bounce goes to the ravenkeeper": the kill told was moved
            or (
                seat.get("character") == "mayor"
                and bool(rx.search(r"\bmoves the Mayor's death onto\b", trace))
            )
        )
    if condition in (Condition.EXECUTED, Condition.NOMINATED):
        kinds = ("execute", "exile") if condition is Condition.EXECUTED else ("nominate",)
        return any(x.get("type") in kinds and x.get("target") == name for x in items)
    if condition in (Condition.DRUNK, Condition.POISONED):
        word = str(condition)
        return (
            bool(seat.get(word))
            or bool(state.get(word))
            or bool(rx.search(rf"\b{re.escape(name)}\b[^.;]*\b{word}\b", trace))
            # "Cat (Poisoner) poisons Ann until dusk ... Dusk: day 2 ends": worn off by the end
            # (not a player the engine keeps sober, still so before any dusk: the Beggar)
            or condition is Condition.POISONED
            and bool(rx.search(rf"\bpoisons {re.escape(name)} until dusk\b.*\bDusk\b", trace))
        )
    if condition in TRACED:
        return bool(
            rx.search(rf"\b{re.escape(name)}\b[^.]*\b(?:{TRACED[condition]})\b", trace, re.I)
        )
    return True  # madness, registering, nights: not checked here


# what the trace says of a player given a protection ("chooses Ben: Safe reminder placed",
# "Ben does not die", the Innkeeper's "chooses Ann and Cat: they cannot die tonight") or a new
# character ("Ann becomes the Fang Gu", "swaps characters")
TRACED = {
    Condition.PROTECTED: r"does not die|cannot die|can't die|protects?|protected|safe",
    # (the Philosopher "becomes" the character whose ability it gains: "philo becomes the ft")
    Condition.BECOMES: r"becomes?|turns? into|is now|swaps?|gains? the [\w' -]+ ability",
}
