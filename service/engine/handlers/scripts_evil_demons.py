"""The seed scripts' Demons: Lleech, Kazali, Lord of Typhon (Lil' Monsta, who is no
player, is in ``scripts_evil_monsta``).

The Kazali and the Lord of Typhon change who the Minions are at set-up: the request may
list the players as the Minions they became, or give the storyteller choice
``setup.<demon>.<player>.minions`` (player name -> Minion id) to turn players into Minions.
Their set-up rules are checked only when the replay starts at set-up (its first phase is
night 1); a replay that starts later takes the seating as given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from knowledge.model import Team
from service.engine.actions import Act
from service.engine.deaths import die, kill
from service.engine.handlers import Handler, NightSpec, character, hooks_of
from service.engine.handlers.support import become, by_seat, name_of, token_on
from service.engine.model import Alignment, Cause, Death, Kind, Player, Token, Until
from service.engine.rulebook import Citation
from service.engine.rules import is_poisoned, works
from service.engine.step import Step
from service.errors import InvalidRequest

# The set-up table: from this many players (not Travellers), this many Minions.
MINIONS_FROM = ((5, 1), (7, 2), (10, 3))


def normal_minions(players: int) -> int:
    """The usual number of Minions for a game of ``players`` (Travellers not counted).

    >>> normal_minions(5), normal_minions(8), normal_minions(12)
    (1, 2, 3)
    """
    return max((m for n, m in MINIONS_FROM if players >= n), default=1)


def at_setup(step: Step) -> bool:
    """The replay starts at set-up: its first phase is the first night."""
    return step.state.moment.number == 0


def demon_kill(
    step: Step, handler: Handler, me: Player, target: Player, rulings: tuple[Citation, ...]
) -> None:
    """``Each night*, choose a player: they die`` (a Demon kill, so protections apply)."""
    name = name_of(step, handler.id)
    if not works(step.state, me, handler.id):
        condition = "poisoned" if is_poisoned(step.state, me) else "drunk"
        step.say(
            f"{me.name} chooses {target.name} without a working {name} ability: nobody dies.",
            player=me,
            rulings=step.cite(None, condition),
        )
        return
    step.say(
        f"{me.name} ({name}) attacks {target.name}.",
        player=me,
        rulings=step.cite(handler, "ability"),
    )
    kill(step, target.name, Cause.DEMON, by=me, rulings=rulings)


# ---- Lleech ------------------------------------------------------------------------------

lleech = character(
    "lleech",
    night=NightSpec(targets=1),
    tokens={"Poisoned": Until.NEVER},
    cites={
        "host": "They point to an alive player; put the Lleech to sleep",
        "created": "If a Lleech is created mid-game, they poison a player that night",
        "kill": "That player dies—mark them with the DEAD reminder. Put the Lleech to sleep",
        "lives": "If the Lleech would die but the player marked with the Lleech’s POISONED",
        "executed": "If the Lleech is executed, the Storyteller tells the group",
        "host-dies": "When the poisoned player dies, the Lleech also dies immediately",
        "drunk": "When the Lleech is drunk or poisoned, the poisoned player they chose is not",
        "drunk-host": "dies while the Lleech is drunk or poisoned, the Lleech is unaffected",
        "drunk-dies": "When the Lleech dies while drunk or poisoned, they die as normal",
    },
)


def _host(step: Step, me: Player) -> Player | None:
    return token_on(step, lleech, "Poisoned", me)


@lleech.validate
def _lleech_validate(step: Step, me: Player, act: Act) -> None:
    target = step.player(act.targets[0])
    if _host(step, me) is None and not target.alive:
        raise InvalidRequest(
            f"the Lleech must choose an alive player to poison; {target.name} is dead",
            field="targets[0]",
        )


@lleech.night
def _lleech_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    target = step.player(act.targets[0])
    if _host(step, me) is None:
        _choose_host(step, me, target)
    else:
        demon_kill(step, lleech, me, target, step.cite(lleech, "kill"))


def _choose_host(step: Step, me: Player, host: Player) -> None:
    step.place(Token(name="Poisoned", character="lleech", on=host.name, by=me.name))
    rulings = (*step.cite(lleech, "ability"), *step.cite(lleech, "host"))
    if not step.moment.first_night:
        rulings = (*rulings, *step.cite(lleech, "created"))
    step.say(
        f"{me.name} (Lleech) chooses {host.name} as their host: {host.name} is poisoned "
        f"while the Lleech's ability works, and the Lleech cannot die while "
        f"{host.name} lives.",
        player=me,
        rulings=rulings,
    )
    if not works(step.state, me, "lleech"):
        step.say(
            f"{me.name} has no working Lleech ability: {host.name} is not poisoned for "
            f"now; the reminder stays.",
            player=me,
            rulings=step.cite(lleech, "drunk"),
        )


@lleech.afflicts
def _lleech_afflicts(state, me: Player, target: Player, visiting) -> Kind | None:
    marked = any(
        t.on == target.name and t.by == me.name for t in state.find_tokens("lleech", "Poisoned")
    )
    return Kind.POISONED if marked and works(state, me, "lleech", _visiting=visiting) else None


@lleech.protects
def _lleech_protects(step: Step, me: Player, target: Player, cause: Cause) -> tuple | None:
    host = _host(step, me)
    if target.name != me.name or host is None or not host.alive:
        return None
    if not works(step.state, me, "lleech"):
        step.say(
            f"{me.name} has no working Lleech ability: they die as normal, whatever "
            f"happens to {host.name}.",
            player=me,
            rulings=step.cite(lleech, "drunk-dies"),
        )
        return None
    rulings = (*step.cite(lleech, "ability"), *step.cite(lleech, "lives"))
    if cause is Cause.EXECUTION:
        rulings = (*rulings, *step.cite(lleech, "executed"))
    return rulings


@lleech.sees_death
def _lleech_sees(step: Step, me: Player, death: Death) -> None:
    host = _host(step, me)
    if host is None or death.player != host.name or not me.alive:
        return
    if not works(step.state, me, "lleech"):
        step.say(
            f"{host.name}, the Lleech's host, died while {me.name} has no working Lleech "
            f"ability: the Lleech is unaffected.",
            player=me,
            rulings=step.cite(lleech, "drunk-host"),
        )
        return
    if any(
        spares(step, p, me, death)
        for p in step.state.players
        for _, spares in hooks_of(p, "spares", real=True)
    ):  # a jinx keeps the Lleech alive (Mastermind)
        return
    die(
        step,
        me,
        Cause.ABILITY,
        by=me,
        rulings=(*step.cite(lleech, "ability"), *step.cite(lleech, "host-dies")),
    )


# ---- Kazali and Lord of Typhon: Minions made at set-up -------------------------------------

kazali = character(
    "kazali",
    night=NightSpec(targets=1),
    cites={
        "choose": "Repeat until the normal number of Minions exist",
        "setup": "The Kazali acts at a time that is technically both during setup",
        "kill": "Each night except the first, wake the Kazali. They point at any player",
        "marionette": ("marionette", "they enter play after the Demon & must start as their"),
    },
)

lordoftyphon = character(
    "lordoftyphon",
    night=NightSpec(targets=1),
    cites={
        "line": "All evil characters sit next to each other in a continuous line",
        "neighbours": "wake the appropriate number of players directly clockwise",
        "kill": "Each night except the first, wake the Lord of Typhon. They point at any",
    },
)

MINION_MAKERS = {kazali: 0, lordoftyphon: 1}  # extra Minions beyond the normal number


def _minion_players(state_players: tuple[Player, ...]) -> dict[str, str]:
    return {p.name: p.character for p in by_seat(state_players) if p.team is Team.MINION}


def _assignment_problem(step: Step, handler: Handler, me: Player, value: Any) -> str | None:
    """Why a player -> Minion mapping is not a legal set-up for this Demon (None if it is)."""
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        return "give an object of player name to Minion character id"
    for name, minion in value.items():
        problem = _one_problem(step, me, name, minion)
        if problem:
            return problem
    minions = {**_minion_players(step.state.players), **value}
    if len(set(minions.values())) != len(minions):
        return "each Minion character may be used once"
    count = sum(1 for p in step.state.players if not p.traveller)
    wanted = normal_minions(count) + MINION_MAKERS[handler]
    if len(minions) != wanted:
        return (
            f"{count} players need {wanted} Minion(s) with the {step.name(handler.id)}, "
            f"not {len(minions)}"
        )
    return None


def _one_problem(step: Step, me: Player, name: str, minion: str) -> str | None:
    if not step.state.has_player(name):
        return f"no player is called {name!r}"
    player = step.player(name)
    if player.name == me.name or player.traveller:
        return f"{name} cannot become a Minion"
    if (
        minion not in {c.id for c in step.rules.characters()}
        or step.rules.character(minion).team is not Team.MINION
    ):
        return f"{minion!r} is not a Minion character"
    seats = {(me.seat + d) % len(step.state.players) for d in (-1, 1)}
    if minion == "marionette" and player.seat not in seats:
        return f"the Marionette must start next to the Demon; {name} does not"
    return None


def assign_minions(
    step: Step, handler: Handler, me: Player, rulings: tuple[Citation, ...]
) -> dict[str, str]:
    """The set-up choice of which players are which Minions; applies it and returns it."""
    cid = f"setup.{handler.id}.{me.name}.minions"
    default = _minion_players(step.state.players)
    chosen = step.choose(
        cid,
        f"which players are which Minions ({step.name(handler.id)} set-up)",
        "an object of player name to Minion character id",
        default,
        rulings=rulings,
    )
    problem = _assignment_problem(step, handler, me, chosen)
    if problem:
        given = "choice " + repr(cid) if cid in step.requested else "the request"
        raise InvalidRequest(
            f"the {step.name(handler.id)}'s set-up, from {given}: {problem} "
            f"(list the players as the Minions they became, or give choice "
            f"{cid!r})",
            field=f"choices.{cid}" if cid in step.requested else None,
        )
    for name, minion in chosen.items():
        _make_minion(step, step.player(name), minion, rulings)
    return chosen


def _make_minion(step: Step, player: Player, minion: str, rulings: tuple[Citation, ...]) -> None:
    if player.character == minion:
        return
    was = player.character
    changed = become(step, player, minion)
    thinks = was if minion == "marionette" else None
    step.update(
        step.state.with_player(
            replace(changed, alignment=Alignment.EVIL, thinks=thinks, since=None)
        )
    )
    step.say(
        f"{player.name} ({name_of(step, was)}) becomes the {name_of(step, minion)} and is evil.",
        player=step.player(player.name),
        character=minion,
        rulings=rulings,
    )


@kazali.setup
def _kazali_setup(step: Step, me: Player) -> None:
    if me.character != "kazali" or not at_setup(step):
        return
    rulings = (
        *step.cite(kazali, "ability"),
        *step.cite(kazali, "choose"),
        *step.cite(kazali, "setup"),
    )
    asked = step.requested.get(f"setup.kazali.{me.name}.minions")
    if isinstance(asked, dict) and "marionette" in asked.values():
        rulings = (*rulings, *step.cite(kazali, "marionette"))
    chosen = assign_minions(step, kazali, me, rulings)
    step.say(
        f"{me.name} (Kazali) chose the Minions: "
        f"{', '.join(f'{n} ({name_of(step, c)})' for n, c in chosen.items())}.",
        player=me,
        rulings=rulings,
    )


@lordoftyphon.setup
def _typhon_setup(step: Step, me: Player) -> None:
    if me.character != "lordoftyphon" or not at_setup(step):
        return
    rulings = (*step.cite(lordoftyphon, "ability"), *step.cite(lordoftyphon, "neighbours"))
    chosen = assign_minions(step, lordoftyphon, me, rulings)
    problem = line_problem(step.state.players, step.player(me.name))
    if problem:
        raise InvalidRequest(f"the Lord of Typhon's set-up: {problem}")
    line = ", ".join(f"{n} ({name_of(step, c)})" for n, c in chosen.items())
    step.say(
        f"The evil players sit in one line with {me.name} (Lord of Typhon) in the middle; "
        f"the Minions ({line}) learn they are evil.",
        player=me,
        rulings=(*rulings, *step.cite(lordoftyphon, "line")),
    )


def line_problem(players: tuple[Player, ...], me: Player) -> str | None:
    """Why the seating is not a line of evil players with ``me`` inside it (None if it is)."""
    n = len(players)
    evil = [p.alignment is Alignment.EVIL for p in players]
    for side in (-1, 1):
        other = players[(me.seat + side) % n]
        if not evil[other.seat]:
            return (
                f"{other.name} sits next to {me.name} and is not evil: the Lord of Typhon "
                f"must have an evil player on both sides"
            )
    if all(evil):
        return None
    start = evil.index(False)
    runs, run = [], []
    for k in range(1, n + 1):
        seat = (start + k) % n
        if evil[seat]:
            run.append(seat)
        elif run:
            runs.append(run)
            run = []
    holding = [r for r in runs if any(players[s].team in (Team.MINION, Team.DEMON) for s in r)]
    if len(holding) > 1:
        return "the Minions and the Demon do not sit in one continuous line"
    return None


def _later_nights(step: Step, me: Player) -> bool:
    # The first night's slot is the set-up (Minions chosen or woken); no kill then.
    return me.alive and not step.moment.first_night


def _kills(handler: Handler) -> Callable[[Step, Player, Act | None], None]:
    def night(step: Step, me: Player, act: Act | None) -> None:
        if act is not None:
            demon_kill(step, handler, me, step.player(act.targets[0]), step.cite(handler, "kill"))

    return night


for _handler in MINION_MAKERS:
    _handler.wakes(_later_nights)
    _handler.night(_kills(_handler))
