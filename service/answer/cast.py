"""The players of a replay built from a question: who sits where, as what, in what state.

One seat per named character (with its drunk / poisoned / dead conditions), a Demon and a
Minion when none is named, and good filler players whose abilities touch nobody else: five
players alive, or as many as the question says (dead fillers make up a legal table). The
seating makes neighbours only of those the question says are neighbours: named good
characters sit together between good players, evil ones apart.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any

from service.answer.kb import AnswerKB
from service.answer.situation import (
    DEMON,
    IS_THE,
    MINION,
    STAND_INS,
    VICTIM,
    Situation,
    read_situation,
)
from service.answer.understand import Understanding, question_words
from service.answer.words import Condition
from service.engine.handlers import NightSpec, handler_for

NAMES = (
    "Ann",
    "Ben",
    "Cat",
    "Dan",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jon",
    "Kim",
    "Lou",
    "Max",
    "Ned",
    "Oz",
)
# Good characters whose abilities touch nobody else (each only learns on the first night).
NEUTRAL_GOOD = ("chef", "washerwoman", "librarian", "investigator", "steward", "noble")
# Outsiders whose abilities act only by day, on their own execution: the victim the question
# calls an Outsider
NEUTRAL_OUTSIDERS = ("saint", "mutant")
NEUTRAL = {DEMON: "imp", MINION: "poisoner"}  # the Poisoner given no choice does nothing
# Travellers whose abilities act only when the question says so (by day)
NEUTRAL_TRAVELLERS = ("gunslinger", "matron", "gangster")
# a second Minion when the question says so ("with 2 minions"): its ability is set-up only
MORE_MINIONS = ("baron", "witch", "cerenovus")
MIN_PLAYERS = 5
EVIL_TEAMS = frozenset({"minion", "demon"})
# the ability concept that causes a condition: an actor acting on a character with that
# condition is its cause, so the condition is not also set as a standing one
CAUSES = {Condition.POISONED: "poison", Condition.DRUNK: "drunk"}
EVENT_DEATH = re.compile(r"\b(?:dies|die|died|dying|killed|kills?|death|attack\w*|hits?)\b")


def night_spec(cid: str) -> NightSpec | None:
    """What the character chooses at night, per the engine (None: nothing a request gives)."""
    if cid == LUNATIC:
        cid = NEUTRAL[DEMON]  # the Lunatic chooses as the Demon they think they are
    handler = handler_for(cid)
    if handler is None or "night" not in handler.hooks or handler.night_spec is None:
        return None
    spec = handler.night_spec
    return spec if spec.targets or spec.character else None


# an ability that guesses a player's character (the Gambler): what it names is a guess, of a
# character that may well be in play
_GUESSING = re.compile(r"\bguess(?:es)? (?:their|a player's|its) character\b", re.IGNORECASE)


def guesses(info: dict[str, Any]) -> bool:
    """The character's ability names a character as a guess at a player's, not one it makes
    or gives (the Pit-Hag's, the Cerenovus's).

    >>> guesses({"ability": "Each night*, choose a player & guess their character: ..."})
    True
    >>> guesses({"ability": "Each night*, choose a player & a character they become ..."})
    False
    """
    return bool(_GUESSING.search(info.get("ability") or ""))


def situation_of(u: Understanding, kb: AnswerKB) -> Situation:
    """The situation the question tells, read with each named character's team."""
    return read_situation(u, {cid: kb.characters.get(cid, {}).get("team") for cid in u.characters})


def seatless(cid: str) -> bool:
    handler = handler_for(cid)
    return handler is not None and handler.seatless


# a nomination of oneself: "the virgin nominates herself", "can the imp nominate himself"
SELF_NOMINATION = re.compile(r"\bnominat\w*\s+(?:him|her|them|it|my|your|our)sel(?:f|ves)\b")


@dataclass(frozen=True, slots=True)
class Scene:
    """The question, read for the engine: its understanding and situation, with stand-ins
    resolved (a "Demon" the question mentions is the named Demon if there is one)."""

    u: Understanding
    s: Situation
    kb: AnswerKB

    @classmethod
    def from_question(cls, u: Understanding, kb: AnswerKB) -> Scene:
        s = situation_of(u, kb)
        naming = {a for a, _ in s.links if (spec := night_spec(a)) is not None and spec.character}
        about = mad_about(u)
        named_only = (
            {about}  # "made our savant mad about being the juggler": the Savant sits
            if about is not None and naming
            else {
                # the last one each names ("guessed the recluse was the imp": the Imp; the
                # Recluse, the player guessed, sits)
                told[-1]
                for a, _ in s.links
                if (spec := night_spec(a)) is not None
                and spec.character
                and spec.targets
                and (told := [t for b, t in s.links if b == a])
                # one a guess names alone is the player guessed as well ("the gambler
                # guessed imp on the imp"): it sits, the guess right
                and not (len(set(told)) == 1 and guesses(kb.characters.get(a, {})))
            }
        )
        s = dataclasses.replace(
            s, seated=tuple(c for c in s.seated if c not in named_only and not seatless(c))
        )
        scene = cls(u, s, kb)
        links = tuple(dict.fromkeys((scene.resolve(a), scene.resolve(t)) for a, t in s.links))
        abilities = tuple((scene.resolve(a), scene.resolve(t)) for a, t in s.abilities)
        return cls(u, dataclasses.replace(s, links=links, abilities=abilities), kb)

    def team(self, who: str) -> str | None:
        if who.startswith((DEMON, MINION)):
            return who[1:].rstrip("0123456789")
        return self.kb.characters.get(who, {}).get("team") if who in self.s.named else "townsfolk"

    def resolve(self, who: str) -> str:
        """A stand-in for the Demon or a Minion is the named one, if any."""
        if who in (DEMON, MINION):
            return next((c for c in self.s.seated if self.team(c) == who[1:]), who)
        return who

    def conditions(self, who: str) -> set[Condition]:
        out = self._told(who)
        if self._self_nomination(out):
            out.discard(Condition.SELF_TARGET)  # the nomination's, not the ability's
        return out

    def _told(self, who: str) -> set[Condition]:
        out = set(self.u.conditions.get(who, ()))
        for stand_in, conditions in self.s.generic.items():
            if self.resolve(stand_in) == who:
                out |= set(conditions)
        return out

    def nominates_itself(self, who: str) -> bool:
        """ "the virgin nominates herself": its own nominator; the choosing of itself the
        question tells is the nomination's, not its ability's ("can the imp nominate
        himself" is no starpass)."""
        return self._self_nomination(self._told(who))

    def _self_nomination(self, told: set[Condition]) -> bool:
        return (
            Condition.SELF_TARGET in told
            and Condition.NOMINATED in told
            and bool(SELF_NOMINATION.search(self.u.question.lower()))
        )

    def already_dead(self, who: str) -> bool:
        """Said to be dead before anything happens ("both minions are already dead")."""
        if who in self.u.already_dead:
            return True
        return any(
            anchor in STAND_INS and self.resolve(STAND_INS[anchor]) == who
            for anchor in self.u.already_dead
        )

    def concepts(self, cid: str) -> frozenset[str]:
        return self.kb.concepts.get(cid, frozenset())

    def babysat(self) -> list[str]:
        """Named seatless characters in play (Lil' Monsta), babysat by a Minion."""
        return [
            c
            for c in self.s.named
            if seatless(c)
            and c not in self.s.seated
            and not any(t == c and (night_spec(a) or NightSpec()).targets for a, t in self.s.links)
        ]


@dataclass(slots=True)
class Table:
    """The seats being laid out: players in seat order, and who stands for whom."""

    players: list[dict[str, Any]] = field(default_factory=list)
    seat_of: dict[str, str] = field(default_factory=dict)  # cid / stand-in -> player name

    def name(self, who: str) -> str:
        return self.seat_of[who]

    def character(self, name: str) -> str:
        return next(p["character"] for p in self.players if p["name"] == name)

    def player(self, who: str) -> dict[str, Any]:
        return next(p for p in self.players if p["name"] == self.seat_of[who])

    def fillers(self) -> list[str]:
        """The good filler players after the victim, in seat order."""
        return [w for w in self.seat_of if w.startswith("@good")]


def seat(scene: Scene) -> Table:
    """Named characters and fillers, in seat order (see the module notes)."""
    fillers = _fillers(scene)
    order = _order(scene, fillers)
    alive = scene.s.players or MIN_PLAYERS
    table = Table()
    names = iter([*NAMES, *(f"P{i}" for i in range(len(NAMES) + 1, 100))])
    believed = drunk_believes(scene)
    if believed is not None:
        order.remove("drunk")  # one player: the Drunk who thinks they are the Monk
    for who in order:
        table.seat_of[who] = name = next(names)
        standing = _standing(scene, who)
        if who == believed:
            standing.pop("drunk", None)  # the Drunk is drunk all game by its own ability
            table.seat_of["drunk"] = name
            table.players.append({"name": name, "character": "drunk", "thinks": who, **standing})
            continue
        table.players.append({"name": name, "character": fillers.get(who, who), **standing})
    spare = [c for c in NEUTRAL_GOOD if c not in scene.s.seated and c not in fillers.values()]
    for cid in spare[: max(0, MIN_PLAYERS - max(alive, len(order)))]:
        table.players.append({"name": next(names), "character": cid, "dead": True})
    _babysit(scene, table)
    _lunatic_thinks(table, scene)
    _undead_told(scene, table)
    return table


def _undead_told(scene: Scene, table: Table) -> None:
    """A character whose first death is not had, told dying a second time ("zombuul executed
    the second time", "the zombuul dies again", "can the fool die the second time"), starts
    as the engine keeps one whose first death was had: the Zombuul dead with its own "Dead"
    reminder, the Fool alive with its "No Ability" (this death is for real)."""
    for cid, (dead, token) in _FIRST_DEATH_HAD.items():
        if cid not in table.seat_of:
            continue
        words = question_words(scene.u)
        told = any(
            _SECOND_DEATH.search(" ".join(w.bare for w in words[m.end : m.end + 6]))
            for m in scene.u.mentions
            if m.id == cid
        )
        if not told:
            continue
        name = table.name(cid)
        player = table.player(cid)
        if dead:
            player["dead"] = True
        player.setdefault("reminders", []).append({"token": token, "character": cid, "by": name})


# how the engine keeps a character whose first death was had: dead or not, and its reminder
_FIRST_DEATH_HAD = {"zombuul": (True, "Dead"), "fool": (False, "No Ability")}


# a second death told in the words after the name: "(is) executed the second time", "dies
# again", "died once already and is killed"
_SECOND_DEATH = re.compile(
    r"\b(?:second time|2nd time|again|died once|already died once)\b", re.IGNORECASE
)


LUNATIC = "lunatic"


def _lunatic_thinks(table: Table, scene: Scene) -> None:
    """A Lunatic thinks they are the Demon in play (the engine plays their choice as that
    Demon's, which kills nobody)."""
    demon = next(
        (
            p["character"]
            for p in table.players
            if scene.kb.characters.get(p["character"], {}).get("team") == "demon"
        ),
        None,
    )
    if demon is None:
        return
    for player in table.players:
        if player["character"] == LUNATIC:
            player.setdefault("thinks", demon)


# "the drunk (thinks hes the chef)", "drunk who believes they're the FT"
_THINKS = frozenset({"think", "thinks", "thought", "believe", "believes", "believed"})


def drunk_believes(scene: Scene) -> str | None:
    """The Townsfolk the named Drunk thinks they are, when the question says so ("the drunk
    (thinks hes the chef)", "monk is actually the drunk", "the drunk is the monk"): both are
    one player."""
    if "drunk" not in scene.s.seated:
        return None
    words = question_words(scene.u)
    mentions = scene.u.mentions
    drunk = next(m for m in mentions if m.id == "drunk")
    for other in mentions:
        if other.id not in scene.s.seated or scene.team(other.id) != "townsfolk":
            continue
        if other.start > drunk.start:
            between = words[drunk.end : other.start]
            if len(between) <= 6 and _THINKS & {w.bare for w in between}:
                return other.id
            if IS_THE.fullmatch(" ".join(w.bare for w in between)):
                return other.id  # "the drunk is the monk"
        elif IS_THE.fullmatch(" ".join(w.bare for w in words[other.end : drunk.start])):
            return other.id  # "monk is actually the drunk"
    return None


def _fillers(scene: Scene) -> dict[str, str]:
    """Stand-in -> character: the Demon, Minions, the victim and other good players."""
    s = scene.s
    teams = [scene.team(c) for c in s.seated]
    out: dict[str, str] = {}
    if "demon" not in teams and not scene.babysat():
        out[DEMON] = NEUTRAL[DEMON]
    room = (s.players or MIN_PLAYERS) - len(s.seated) - len(out) - 1  # one seat: the victim
    minions = s.minions if s.minions is not None else min(1, room)
    # ("oracle with 2 dead evil": that many Minions, dead)
    wanted = max(minions, _dead_evil(scene), 1 if scene.babysat() else 0) - teams.count("minion")
    for i, cid in enumerate([NEUTRAL[MINION], *MORE_MINIONS][: max(0, wanted)]):
        out[MINION if i == 0 else f"{MINION}{i + 1}"] = cid
    good = [c for c in NEUTRAL_GOOD if c not in s.seated]
    wanted = max(1, (s.players or MIN_PLAYERS) - len(s.seated) - len(out))
    out[VICTIM] = good[0]
    if s.victim_outsider:  # "the fang gu jumped into an outsider": the victim is one
        # (one told executed or dead is no Saint: a death by day is played as an execution,
        # and a Saint's would end the game: "godfather, an outsider was executed today")
        executed = any(
            a == "outsider" and c in (Condition.EXECUTED, Condition.DEAD)
            for a, c in scene.u.generic
        )
        pool = reversed(NEUTRAL_OUTSIDERS) if executed else NEUTRAL_OUTSIDERS
        out[VICTIM] = next(c for c in pool if c not in s.seated)
    elif s.victim_traveller:  # "traveller noms the virgin": the one nominating is one
        out[VICTIM] = next(c for c in NEUTRAL_TRAVELLERS if c not in s.seated)
    for i, cid in enumerate(good[1:wanted], start=1):
        out[f"@good{i}"] = cid
    # "6 alive but 2 of them are travellers": the last good fillers are Travellers who do
    # nothing unless told (they count as alive, not towards the Scarlet Woman's five)
    fill = [w for w in out if w.startswith("@good")]
    for who, cid in zip(reversed(fill), NEUTRAL_TRAVELLERS[: s.travellers], strict=False):
        out[who] = cid
    return out


def _order(scene: Scene, fillers: dict[str, str]) -> list[str]:
    s = scene.s
    good_fill = [w for w in fillers if w.startswith("@good")]
    evil_fill = [w for w in fillers if w.startswith((DEMON, MINION))]
    good = [c for c in s.seated if scene.team(c) not in EVIL_TEAMS]
    if s.good_beside and s.beside is None and len(good) == 1:
        # "both the tea lady's neighbours are good": the one good character named sits
        # between the victim and another good player, where there is one (an evil one named
        # "next to" it is not among them: "tea lady neighbours both good, can the imp kill
        # them")
        named_evil = [c for c in s.seated if scene.team(c) in EVIL_TEAMS]
        return [good[0], VICTIM, *named_evil, *evil_fill, *good_fill]
    if s.together:
        return [*_chained(s.together, s.seated), VICTIM, *evil_fill, *good_fill]
    evil = [*(c for c in s.seated if scene.team(c) in EVIL_TEAMS), *evil_fill]
    if s.evil_beside and s.beside is None and len(good) == 1 and len(evil) >= s.evil_beside:
        # "the empath's neighbours are both evil": the one good character named sits between
        # two evil players, or by one with a good player on its other side
        if s.evil_beside == 2:
            return [evil[0], good[0], evil[1], VICTIM, *evil[2:], *good_fill]
        return [good[0], evil[0], *evil[1:], VICTIM, *good_fill]
    order = [*good, *(c for c in s.seated if scene.team(c) in EVIL_TEAMS)]
    order.insert(order.index(s.beside) + 1 if s.beside in order else len(good), VICTIM)
    return [*order, *evil_fill, *good_fill]


def _chained(pairs: tuple[tuple[str, str], ...], seated: tuple[str, ...]) -> list[str]:
    """The seated characters in an order that puts each pair said to sit together side by
    side ("the empath sits between the imp and the poisoner": imp, empath, poisoner), the
    others after them; in the question's order where that does already, or where no line
    of seats can (someone with three neighbours named)."""
    said = list(seated)
    if all(abs(said.index(a) - said.index(b)) == 1 for a, b in pairs if a in said and b in said):
        return said  # (the question's order already seats each pair together)
    beside: dict[str, list[str]] = {}
    for a, b in pairs:
        if a in seated and b in seated and a != b:
            beside.setdefault(a, []).append(b)
            beside.setdefault(b, []).append(a)
    if any(len(set(them)) > 2 for them in beside.values()):
        return said
    order: list[str] = []
    for start in (c for c in seated if c in beside):
        if start in order:
            continue
        end, came = start, None  # walk to one end of the line (or round a circle)
        while True:
            onward = [c for c in dict.fromkeys(beside[end]) if c != came]
            if not onward or onward[0] == start:
                break
            end, came = onward[0], end
        line, came = [end], None
        while True:
            onward = [c for c in dict.fromkeys(beside[line[-1]]) if c != came and c not in line]
            if not onward:
                break
            came = line[-1]
            line.append(onward[0])
        order += line
    return [*order, *(c for c in said if c not in order)]


def _standing(scene: Scene, who: str) -> dict[str, Any]:
    """The conditions a player starts with (those no named actor causes in the replay)."""
    conditions = scene.conditions(who)
    out: dict[str, Any] = {}
    for condition in (Condition.DRUNK, Condition.POISONED):
        if condition in conditions and not _caused(scene, condition, who):
            out[str(condition)] = True
    # "the recluse is dead" starts dead; "imp dies", "imp killed himself" and "imp starpassed"
    # (choosing itself) die in the replay
    if Condition.DEAD in conditions and (
        scene.already_dead(who)
        or (
            Condition.SELF_TARGET not in conditions
            and (who, Condition.DEAD) not in scene.u.asked  # "empath dead?": the outcome
            and not EVENT_DEATH.search(scene.u.question.lower())
        )
    ):
        out["dead"] = True
    if who == VICTIM and _chooses_the_dead(scene):
        out["dead"] = True  # "prof revives an outsider": the one the Professor picks is dead
    if _minion_filler(who) < _dead_evil(scene):
        out["dead"] = True  # "oracle with 2 dead evil": the first Minions are those dead
    if scene.team(who) == "traveller":
        # "evil scapegoat traveller": a Traveller's alignment, the storyteller's to give, told
        words = scene.u.words
        said = {
            words[m.start - 1].bare
            for m in scene.u.mentions
            if m.id == who and 0 < m.start <= len(words)
        } & {"good", "evil"}
        if len(said) == 1:
            out["alignment"] = said.pop()
    return out


# an ability whose choice is of a dead player: the unnamed person it acts on is one
CHOOSES_THE_DEAD = re.compile(r"\bchoose (?:a|1|one) dead player\b", re.IGNORECASE)


def _chooses_the_dead(scene: Scene) -> bool:
    """Whether the unnamed victim is one a dead-choosing ability picks: told so ("prof
    revives an outsider"), or the only one such an ability has to pick where the question
    tells it no target and nothing else of the victim ("what happens if the professor is
    drunk": not an alive player the engine would refuse)."""

    def chooses(actor: str) -> bool:
        ability = scene.kb.ability(actor)
        return bool(CHOOSES_THE_DEAD.search(ability))

    if any(target == VICTIM and chooses(actor) for actor, target in scene.s.links):
        return True
    untold = [a for a in scene.s.seated if chooses(a) and not any(x == a for x, _ in scene.s.links)]
    return (
        bool(untold)
        and not any(VICTIM in pair for pair in scene.s.links)
        and not scene.conditions(VICTIM)
        and len(scene.s.seated) == 1
    )


def _dead_evil(scene: Scene) -> int:
    """How many unnamed evil players the question says are dead ("oracle with 2 dead evil"),
    where it names no evil character (then those are the evil it speaks of)."""
    named_evil = any(scene.team(c) in EVIL_TEAMS for c in scene.s.seated)
    return 0 if named_evil else scene.s.dead_evil


def _minion_filler(who: str) -> int:
    """The place of a Minion filler among them (0 for the first), or a large number."""
    if who == MINION:
        return 0
    rest = who.removeprefix(MINION)
    return int(rest) - 1 if rest != who and rest.isdigit() else 1_000


def _caused(scene: Scene, condition: Condition, who: str) -> bool:
    return any(
        target == who and CAUSES[condition] in scene.concepts(actor)
        for actor, target in scene.s.links
    ) or (
        # "innkeeper picked herself + seat 2, can i make the innkeeper the drunk one": the
        # drunkenness asked is what its own choice of itself may give
        (who, condition) in scene.u.asked
        and Condition.SELF_TARGET in scene.conditions(who)
        and CAUSES[condition] in scene.concepts(who)
    )


def _babysit(scene: Scene, table: Table) -> None:
    """A seatless character is in play by its first reminder token on a Minion."""
    minion = scene.resolve(MINION)
    for cid in scene.babysat():
        handler = handler_for(cid)
        if handler is not None and handler.tokens and minion in table.seat_of:
            table.player(minion).setdefault("reminders", []).append(
                {"token": next(iter(handler.tokens)), "character": cid}
            )


_MAD_ABOUT = re.compile(r"^(?:about being|mad as|as being|that (?:they|he|she) (?:is|are|s|re))$")


def mad_about(u: Understanding) -> str | None:
    """The character a question says someone is made mad about ("mad about being the juggler",
    "mad as the SW"): the character named right after those words."""
    words = question_words(u)
    for mention in u.mentions:
        k = mention.start - 1
        if k >= 0 and words[k].bare in ("the", "a", "an"):
            k -= 1
        if k >= 1 and _MAD_ABOUT.match(f"{words[k - 1].bare} {words[k].bare}"):
            return mention.id
    return None
