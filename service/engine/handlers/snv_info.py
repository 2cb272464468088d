"""Sects & Violets: the information abilities that wake at night (the day ones are in
``snv_days``).

Each computes the true answer from the state (every Spy/Recluse-style registration an
explicit storyteller choice) and hands it to ``tell``, which marks it reliable or not and,
under a working Vortox, makes what the player is told false. The Dreamer's other character
and the player shown beside the Demon to the Sage are storyteller choices.
"""

from __future__ import annotations

from knowledge.model import Team
from service.engine.actions import Act
from service.engine.handlers import NightSpec, character, hooks_of
from service.engine.handlers.snv import GOOD_TEAMS, died_at, tell
from service.engine.handlers.support import by_seat, edition_characters, has_token
from service.engine.model import (
    Alignment,
    Cause,
    Death,
    Kind,
    Moment,
    Phase,
    Player,
    Token,
    Until,
)
from service.engine.rules import is_demon, is_drunk, is_poisoned
from service.engine.step import Step
from service.errors import InvalidRequest

YES_NO = ["yes", "no"]

# ---- Clockmaker ----------------------------------------------------------------------------

clockmaker = character(
    "clockmaker",
    cites={
        "count": "Count around the circle the shorter way",
        "nearest": "With several Minions, give the distance to the nearest one",
        "none": "With no Minion in play there is no distance to give",
        "drunk": "When the Clockmaker is drunk or poisoned, the number need not be true",
        "registers": "You may also base the number on a player who registers as a Demon",
    },
)


def steps_between(seats: int, a: int, b: int) -> int:
    """Steps around a circle of ``seats`` from seat ``a`` to seat ``b``, the shorter way.

    >>> steps_between(7, 0, 1), steps_between(7, 0, 6), steps_between(7, 1, 5)
    (1, 1, 3)
    """
    gap = abs(a - b) % seats
    return min(gap, seats - gap)


@clockmaker.night
def _clockmaker_night(step: Step, me: Player, act: Act | None) -> None:
    notes: list[str] = []
    teams = {p.name: step.register(me, p, "team", notes) for p in step.state.players}
    demons = [p for p in step.state.players if teams[p.name] == Team.DEMON]
    minions = [p for p in step.state.players if teams[p.name] == Team.MINION]
    seats = len(step.state.players)
    options = list(range(1, seats // 2 + 1))
    if not demons or not minions:
        number = step.choose(
            f"{step.slug(me, clockmaker.id)}.number",
            "the Clockmaker's number: there is no Demon-to-Minion distance to give",
            options,
            options[0],
            rulings=step.cite(clockmaker, "none"),
        )
        tell(step, me, clockmaker, number, options=options, notes=notes)
        return
    answer = min(steps_between(seats, d.seat, m.seat) for d in demons for m in minions)
    rulings = (
        *step.cite(clockmaker, "ability"),
        *step.cite(clockmaker, "count"),
        *step.cite(clockmaker, "nearest"),
    )
    step.say(
        f"From the Demon ({', '.join(d.name for d in demons)}) to the nearest Minion "
        f"({', '.join(m.name for m in minions)}), the shorter way round, dead seats "
        f"counted: {answer} step(s).",
        player=me,
        rulings=(*rulings, *(step.cite(clockmaker, "registers") if notes else ())),
    )
    tell(step, me, clockmaker, answer, options=options, notes=notes)


# ---- Dreamer -------------------------------------------------------------------------------

dreamer = character(
    "dreamer",
    night=NightSpec(targets=1, not_self=True),
    cites={
        "one": "One of the two must be that player's real character",
        "true": "If the target is good, the good token is the true one",
        "drunk": "When the Dreamer is drunk or poisoned, both characters may be wrong",
        "registers": "If the target registers as another character, you may show",
    },
)


@dreamer.validate
def _dreamer_validate(step: Step, me: Player, act: Act) -> None:
    if step.player(act.targets[0]).traveller:
        raise InvalidRequest("the Dreamer may not choose a Traveller", field="targets[0]")


def _side(step: Step, cid: str) -> str:
    return "good" if step.rules.character(cid).team in GOOD_TEAMS else "evil"


@dreamer.night
def _dreamer_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    target, notes = step.player(act.targets[0]), []
    shown = step.register(me, target, "character", notes)
    side = _side(step, shown)
    other = "evil" if side == "good" else "good"
    teams = GOOD_TEAMS if other == "good" else (Team.MINION, Team.DEMON)
    partners = [c for c in edition_characters(step, "dreamer", teams) if c != shown]
    spare = [c for c in partners if not any(p.character == c for p in step.state.players)]
    partner = step.choose(
        f"{step.slug(me, dreamer.id)}.{other}",
        f"which {other} character is shown beside {target.name}'s",
        partners,
        (spare or partners)[0],
        rulings=(*step.cite(dreamer, "one"), *step.cite(dreamer, "true")),
    )
    answer = {side: shown, other: partner}
    answer = {"good": answer["good"], "evil": answer["evil"]}
    lies = [c for c in edition_characters(step, "dreamer", _teams(side)) if c != shown]
    false = [
        {"good": c, "evil": partner} if side == "good" else {"good": partner, "evil": c}
        for c in lies
    ]
    step.say(
        f"{me.name} (Dreamer) chooses {target.name}.",
        player=me,
        rulings=(
            *step.cite(dreamer, "ability"),
            *(step.cite(dreamer, "registers") if notes else ()),
        ),
    )
    tell(
        step,
        me,
        dreamer,
        answer,
        options="a good character and an evil character",
        notes=notes,
        check=_pair_of_sides(step),
        false_options=false,
    )


def _teams(side: str) -> tuple[Team, ...]:
    return GOOD_TEAMS if side == "good" else (Team.MINION, Team.DEMON)


def _pair_of_sides(step: Step):
    ids = {c.id for c in step.rules.characters()}
    return lambda v: (
        isinstance(v, dict)
        and set(v) == {"good", "evil"}
        and v["good"] in ids
        and v["evil"] in ids
        and _side(step, v["good"]) == "good"
        and _side(step, v["evil"]) == "evil"
    )


# ---- Flowergirl and Town Crier: today's votes and nominations -------------------------------

flowergirl = character(
    "flowergirl",
    cites={
        "watch": "watch whether the Demon raises their hand",
        "none": "On a day with no nomination at all, the Demon had no chance to vote",
        "several": "any of them raising a hand counts",
        "drunk": "When the Flowergirl is drunk or poisoned, the answer need not be true",
        "registers": "If a player who registers as a Demon voted",
    },
)
towncrier = character(
    "towncrier",
    cites={
        "only": "Only the nominator matters",
        "none": "On a day with no nominations at all, no Minion nominated",
        "demon": "A nomination by the Demon does not count",
        "drunk": "When the Town Crier is drunk or poisoned, the answer need not be true",
        "registers": "If a player who registers as a Minion nominated",
    },
)


@flowergirl.night
def _flowergirl_night(step: Step, me: Player, act: Act | None) -> None:
    voters = dict.fromkeys(v for _, vs in step.state.today.votes for v in vs)
    notes: list[str] = []
    demons = [
        v
        for v in by_seat(step.player(n) for n in voters)
        if step.register(me, v, "team", notes) == Team.DEMON
    ]
    key = "none" if not step.state.today.votes else "watch"
    who = f"{', '.join(p.name for p in demons)} (Demon) voted" if demons else "no Demon voted"
    step.say(
        f"Today {len(step.state.today.votes)} vote(s) were held: {who}.",
        player=me,
        rulings=(
            *step.cite(flowergirl, "ability"),
            *step.cite(flowergirl, key),
            *(step.cite(flowergirl, "registers") if notes else ()),
        ),
    )
    tell(step, me, flowergirl, "yes" if demons else "no", options=YES_NO, notes=notes)


@towncrier.night
def _towncrier_night(step: Step, me: Player, act: Act | None) -> None:
    nominators = dict.fromkeys(step.state.today.nominators)
    notes: list[str] = []
    minions = [
        p
        for p in by_seat(step.player(n) for n in nominators)
        if step.register(me, p, "team", notes) == Team.MINION
    ]
    key = "none" if not nominators else "only"
    who = (
        f"{', '.join(p.name for p in minions)} (Minion) nominated"
        if minions
        else "no Minion nominated"
    )
    step.say(
        f"Today's nominators: {', '.join(nominators) or 'nobody'}; {who}.",
        player=me,
        rulings=(
            *step.cite(towncrier, "ability"),
            *step.cite(towncrier, key),
            *step.cite(towncrier, "demon"),
            *(step.cite(towncrier, "registers") if notes else ()),
        ),
    )
    tell(step, me, towncrier, "yes" if minions else "no", options=YES_NO, notes=notes)


# ---- Oracle --------------------------------------------------------------------------------

oracle = character(
    "oracle",
    cites={
        "all": "All dead players count, including those who died tonight",
        "zero": "If nobody is dead, show zero",
        "drunk": "When the Oracle is drunk or poisoned, the number need not be true",
        "registers": "A dead player who registers as evil may be counted as evil",
    },
)


@oracle.night
def _oracle_night(step: Step, me: Player, act: Act | None) -> None:
    notes: list[str] = []
    dead = [p for p in step.state.players if not p.alive]
    evil = [p for p in dead if step.register(me, p, "alignment", notes) == Alignment.EVIL]
    step.say(
        f"Dead players: {', '.join(p.name for p in dead) or 'none'}; evil among them: "
        f"{', '.join(p.name for p in evil) or 'none'}.",
        player=me,
        rulings=(
            *step.cite(oracle, "ability"),
            *step.cite(oracle, "all" if dead else "zero"),
            *(step.cite(oracle, "registers") if notes else ()),
        ),
    )
    tell(step, me, oracle, len(evil), options=list(range(len(step.state.players) + 1)), notes=notes)


# ---- Seamstress ----------------------------------------------------------------------------

seamstress = character(
    "seamstress",
    night=NightSpec(targets=2, not_self=True, optional=True),
    tokens={"No Ability": Until.NEVER},
    cites={
        "once": "This ability works once per game",
        "same": "Both good or both evil counts as the same",
        "dead": "Dead players are valid choices",
        "drunk": "If the Seamstress is drunk or poisoned when they ask",
        "registers": "A player who registers as the other alignment may be counted",
    },
)


@seamstress.validate
def _seamstress_validate(step: Step, me: Player, act: Act) -> None:
    if has_token(step, seamstress, "No Ability", by=me):
        raise InvalidRequest(
            f"{me.name} (Seamstress) has already used their once-per-game ability", field="player"
        )
    if not act.decline and len(set(act.targets)) != 2:
        raise InvalidRequest("the Seamstress chooses 2 different players", field="targets")


@seamstress.night
def _seamstress_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None or act.decline:
        if act is not None and not has_token(step, seamstress, "No Ability", by=me):
            step.say(
                f"{me.name} (Seamstress) does not choose tonight.",
                player=me,
                rulings=step.cite(None, "once-per-game"),
            )
        return
    step.place(Token(name="No Ability", character="seamstress", on=me.name, by=me.name))
    notes: list[str] = []
    a, b = (step.register(me, step.player(n), "alignment", notes) for n in act.targets)
    dead = any(not step.player(n).alive for n in act.targets)
    step.say(
        f"{me.name} (Seamstress) chooses {' and '.join(act.targets)}; the ability is spent.",
        player=me,
        rulings=(
            *step.cite(seamstress, "ability"),
            *step.cite(seamstress, "once"),
            *step.cite(seamstress, "same"),
            *(step.cite(seamstress, "dead") if dead else ()),
            *(step.cite(seamstress, "registers") if notes else ()),
        ),
    )
    tell(step, me, seamstress, "yes" if a == b else "no", options=YES_NO, notes=notes)


# ---- Sage ----------------------------------------------------------------------------------

sage = character(
    "sage",
    cites={
        "wake": "On the night the Demon kills the Sage, wake them at the next opportunity",
        "other": "The other may be anyone",
        "cause": "If the Sage died from any other cause, the ability does not trigger",
        "drunk": "If the Sage was drunk or poisoned when they died",
        "survived": "If the Sage was attacked but did not die",
    },
)


def _killed_by_demon(step: Step, me: Player) -> Death | None:
    death = died_at(step.state, me.name)
    tonight = death is not None and death.moment == step.moment
    return death if tonight and death.cause is Cause.DEMON else None


@sage.dies
def _sage_dies(step: Step, me: Player, death: Death) -> None:
    if death.cause is Cause.DEMON and step.moment.phase is Phase.NIGHT:
        step.say(
            f"{me.name} (Sage) was killed by the Demon: they wake tonight to learn two "
            f"players, one of them the Demon.",
            player=me,
            rulings=step.cite(sage, "wake"),
        )
    else:
        step.say(
            f"{me.name} (Sage) died by {death.cause}, not by the Demon at night: the "
            f"ability does not trigger.",
            player=me,
            rulings=step.cite(sage, "cause"),
        )


@sage.wakes
def _sage_wakes(step: Step, me: Player) -> bool:
    return not me.alive and _killed_by_demon(step, me) is not None


@sage.night
def _sage_night(step: Step, me: Player, act: Act | None) -> None:
    death = _killed_by_demon(step, me)
    killer = step.player(death.by) if death and death.by else None
    demons = by_seat(p for p in step.state.players if is_demon(p))
    demon = (
        killer
        if killer is not None and is_demon(killer)
        else next(iter([p for p in demons if p.alive] or demons), None)
    )
    if demon is None:
        step.say("There is no Demon to show the Sage.", player=me, rulings=step.cite(sage, "wake"))
        return
    notes: list[str] = []
    demon = _shown_as_demon(step, me, demon, notes)
    others = [p.name for p in step.state.players if p.name not in (me.name, demon.name)]
    other = step.choose(
        f"{step.slug(me, sage.id)}.other",
        f"which player is shown with the Demon {demon.name}",
        others,
        others[0],
        rulings=step.cite(sage, "other"),
    )
    answer = [p.name for p in by_seat([demon, step.player(other)])]
    harmless = [p.name for p in step.state.players if p.name != me.name and not is_demon(p)]
    false = [[a, b] for i, a in enumerate(harmless) for b in harmless[i + 1 :]]
    tell(
        step,
        me,
        sage,
        answer,
        options="any two players",
        check=_two_players(step),
        false_options=false,
        notes=notes,
    )


def _shown_as_demon(step: Step, me: Player, demon: Player, notes: list[str]) -> Player:
    """The Demon, or a player a jinx shows the Sage in its place (the Recluse)."""
    for player in by_seat(step.state.players):
        for _, shown in hooks_of(player, "demon_to", real=True):
            if player.name != me.name and shown(step, player, me, notes):
                return player
    return demon


def _two_players(step: Step):
    names = {p.name for p in step.state.players}
    return lambda v: isinstance(v, list) and len(set(v)) == 2 == len(v) and set(v) <= names


# ---- Mathematician -------------------------------------------------------------------------

mathematician = character(
    "mathematician",
    cites={
        "track": "keep track of every case where a player's ability worked abnormally",
        "once": "A player who was affected several times still counts once",
        "abnormal": "Players made drunk or poisoned, a killer whose target was protected",
        "drunk": "When the Mathematician is drunk or poisoned, the number need not be true",
    },
)


def _afflicted_by_others(step: Step, player: Player) -> str | None:
    """ "drunk" or "poisoned" if another character's ability (or a standing condition the
    request gave) makes the player so: the Drunk's own drunkenness and a Poisoner's
    self-poisoning are their own ability's doing."""
    state = step.state
    for kind, afflicted in ((Kind.POISONED, is_poisoned), (Kind.DRUNK, is_drunk)):
        if not afflicted(state, player):
            continue
        if any(c.kind is kind and c.by != player.name for c in player.conditions):
            return str(kind)
        others = (s for s in state.players if s.name != player.name)
        if any(
            hook(state, s, player, frozenset()) is kind
            for s in others
            for _, hook in hooks_of(s, "afflicts", real=True)
        ):
            return str(kind)
    return None


def _since_dawn(step: Step) -> tuple[int, int]:
    if step.moment.number == 1:
        return (0, 0)
    return Moment(Phase.DAY, step.moment.number - 1).key


@mathematician.night
def _mathematician_night(step: Step, me: Player, act: Act | None) -> None:
    found: dict[str, str] = {}
    for p in step.state.players:
        if why := _afflicted_by_others(step, p):
            found.setdefault(p.name, f"{p.name} is {why}")
    since = _since_dawn(step)
    for name, info in step.state.info:
        if info.moment.key >= since and not info.reliable:
            found.setdefault(name, f"{name}'s information was not reliable")
    for name in step.state.today.abnormal:
        found.setdefault(name, f"{name}'s ability was stopped by another's")
    cases = "; ".join(found[n] for n in (p.name for p in step.state.players) if n in found)
    step.say(
        f"Abilities that worked abnormally since dawn: {cases or 'none'}.",
        player=me,
        rulings=(
            *step.cite(mathematician, "ability"),
            *step.cite(mathematician, "track"),
            *step.cite(mathematician, "abnormal"),
            *step.cite(mathematician, "once"),
        ),
    )
    tell(step, me, mathematician, len(found), options=list(range(len(step.state.players) + 1)))
