"""Sects & Violets: the Snake Charmer and the Philosopher, and the helpers every SnV module
shares.

The other SnV handlers: the information abilities in ``snv_info`` (by night) and
``snv_days`` (by day), the Outsiders in ``snv_outsiders``, the Minions in ``snv_evil``, the
Demons in ``snv_demons``, the Travellers in ``snv_travellers``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from knowledge.model import Team
from service.engine.actions import Act
from service.engine.handlers import Handler, NightSpec, character
from service.engine.handlers.support import become, by_seat, name_of
from service.engine.model import Alignment, Condition, Death, GameState, Kind, Player, Token, Until
from service.engine.rules import is_demon, is_drunk, is_poisoned, unreliable_because, works
from service.engine.step import Step
from service.errors import InvalidRequest

GOOD_TEAMS = (Team.TOWNSFOLK, Team.OUTSIDER)


# ---- shared helpers ------------------------------------------------------------------------


def townsfolk_neighbours(state: GameState, player: Player) -> tuple[Player, ...]:
    """The nearest Townsfolk on each side of ``player``, dead or alive, skipping every other
    type (one player if both sides reach the same Townsfolk; none if there is none)."""
    seats, found = state.players, []
    for step in (-1, 1):
        for k in range(1, len(seats)):
            other = seats[(player.seat + step * k) % len(seats)]
            if other.name == player.name:
                break
            if other.team is Team.TOWNSFOLK:
                if other not in found:
                    found.append(other)
                break
    return tuple(by_seat(found))


def show(answer: Any) -> str:
    """An answer in words.

    >>> show(["Ann", "Ben"]), show({"good": "sage", "evil": "vortox"}), show(None)
    ('Ann and Ben', 'sage (good) and vortox (evil)', 'nothing')
    """
    if isinstance(answer, list):
        return " and ".join(map(str, answer)) or "nobody"
    if isinstance(answer, dict):
        return " and ".join(f"{v} ({k})" for k, v in answer.items())
    return "nothing" if answer is None else str(answer)


def tell(
    step: Step,
    me: Player,
    handler: Handler,
    answer: Any,
    *,
    options: Sequence[Any] | str,
    notes: Sequence[str] = (),
    check: Callable[[Any], bool] | None = None,
    false_options: Sequence[Any] | str | None = None,
    broke: Sequence[str] = (),
) -> Any:
    """Give ``me`` the information ``answer`` and say so, with why it need not (or must not)
    be true (``broke``: the ability did not work earlier); returns what they are told."""
    broken = bool(unreliable_because(step.state, me, handler.id)) or bool(broke)
    rulings = step.cite(handler, "drunk") if broken else step.cite(handler, "ability")
    told = step.inform(
        me,
        handler.id,
        answer,
        misregistered=list(notes),
        options=options,
        check=check,
        false_options=false_options,
        rulings=rulings,
        broke=broke,
    )
    info = step.state.last_info(me.name)
    reliability = "reliable" if info.reliable else f"not reliable: {'; '.join(info.reasons)}"
    shown = f"; told {show(told)}" if told != answer else ""
    _, lies = step.falsified(me, handler.id)
    step.say(
        f"{me.name} ({name_of(step, handler.id)}) learns {show(answer)} ({reliability}){shown}.",
        player=me,
        character=handler.id,
        rulings=(*rulings, *lies),
    )
    return told


def in_play(state: GameState, cid: str) -> bool:
    return any(p.character == cid for p in state.players)


def swap(step: Step, a: Player, b: Player, *, alignments: bool) -> tuple[Player, Player]:
    """``a`` and ``b`` swap characters (and alignments, if asked)."""
    new_a = become(step, a, b.character)
    new_b = become(step, b, a.character)
    if alignments:
        new_a = replace(new_a, alignment=b.alignment)
        new_b = replace(new_b, alignment=a.alignment)
        step.update(step.state.with_player(new_a).with_player(new_b))
    return step.player(a.name), step.player(b.name)


def died_at(state: GameState, name: str) -> Death | None:
    return next((d for d in reversed(state.deaths) if d.player == name), None)


def never_wakes(step: Step, me: Player) -> bool:
    return False


# ---- Snake Charmer -------------------------------------------------------------------------

snakecharmer = character(
    "snakecharmer",
    night=NightSpec(targets=1),
    tokens={"Poisoned": Until.NEVER},
    cites={
        "alive": "Each night, wake the Snake Charmer. They point to an alive player.",
        "next": "From the next night, the new Snake Charmer uses this ability",
        "nothing": "If that player is not the Demon, nothing happens. Put the Snake Charmer",
        "swap": "the two swap characters and alignments",
        "poisoned": "The new Snake Charmer is poisoned",
        "drunk": "If the Snake Charmer is drunk or poisoned when they choose the Demon",
        "demon-drunk": "If the Demon is drunk or poisoned, the swap still happens",
        "actual": "keeping to actual characters is simpler",
        "evil": "In the strange situation that the Snake Charmer is evil",
    },
)


@snakecharmer.wakes
def _snakecharmer_wakes(step: Step, me: Player) -> bool:
    # A Demon swapped into the Snake Charmer tonight uses the ability from the next night.
    return me.alive and me.since != step.moment


@snakecharmer.validate
def _snakecharmer_validate(step: Step, me: Player, act: Act) -> None:
    if not step.player(act.targets[0]).alive:
        raise InvalidRequest(
            f"the Snake Charmer chooses an alive player; {act.targets[0]} is dead",
            field="targets[0]",
        )


@snakecharmer.night
def _snakecharmer_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    target = step.player(act.targets[0])
    if not is_demon(target):
        step.say(
            f"{me.name} (Snake Charmer) chooses {target.name}, who is not the Demon: "
            f"nothing happens.",
            player=me,
            rulings=(*step.cite(snakecharmer, "nothing"), *step.cite(snakecharmer, "actual")),
        )
        return
    if not works(step.state, me, "snakecharmer"):
        step.say(
            f"{me.name} chooses the Demon {target.name} without a working Snake Charmer "
            f"ability: no swap, no poison.",
            player=me,
            rulings=step.cite(snakecharmer, "drunk"),
        )
        return
    _charm(step, me, target)


def _charm(step: Step, me: Player, demon: Player) -> None:
    rulings = (*step.cite(snakecharmer, "ability"), *step.cite(snakecharmer, "swap"))
    if is_drunk(step.state, demon) or is_poisoned(step.state, demon):
        rulings = (*rulings, *step.cite(snakecharmer, "demon-drunk"))
    if me.alignment is not Alignment.GOOD or demon.alignment is not Alignment.EVIL:
        rulings = (*rulings, *step.cite(snakecharmer, "evil"))
    new_demon, charmer = swap(step, me, demon, alignments=True)
    poison = Condition(kind=Kind.POISONED, source="snakecharmer", by=me.name)
    step.update(step.state.with_player(replace(charmer, conditions=(*charmer.conditions, poison))))
    step.place(Token(name="Poisoned", character="snakecharmer", on=charmer.name, by=me.name))
    step.say(
        f"{me.name} (Snake Charmer) chooses the Demon {demon.name}: {me.name} becomes the "
        f"{name_of(step, new_demon.character)} ({new_demon.alignment}), {demon.name} "
        f"becomes the Snake Charmer ({charmer.alignment}) and is poisoned from now on.",
        player=me,
        character="snakecharmer",
        rulings=(*rulings, *step.cite(snakecharmer, "poisoned"), *step.cite(snakecharmer, "next")),
    )


# ---- Philosopher ---------------------------------------------------------------------------

philosopher = character(
    "philosopher",
    night=NightSpec(character=True, optional=True),
    tokens={"Drunk": Until.NEVER, "Is The Philosopher": Until.NEVER},
    cites={
        "gain": "Either way, the Philosopher gains the ability",
        "not-in-play": "If that character is not in play, nobody becomes drunk",
        "drunk-choose": "If the Philosopher is drunk or poisoned as they choose, they gain nothing",
        "wake": "Run the gained ability as though they had been that character all along",
        "sober-again": "If the Philosopher then dies or becomes drunk or poisoned, the player they",
        "good": "point at any Townsfolk icon or any Outsider icon on their character sheet",
    },
)


def _philosophised(state: GameState, me: Player) -> bool:
    return any(t.by == me.name for t in state.find_tokens("philosopher", "Is The Philosopher"))


@philosopher.wakes
def _philosopher_wakes(step: Step, me: Player) -> bool:
    return me.alive and not _philosophised(step.state, me)


@philosopher.asleep
def _philosopher_asleep(step: Step, me: Player) -> str | None:
    if _philosophised(step.state, me):
        return "the Philosopher has already chosen: the ability is once per game"
    return None


@philosopher.validate
def _philosopher_validate(step: Step, me: Player, act: Act) -> None:
    if act.character and step.rules.character(act.character).team not in GOOD_TEAMS:
        raise InvalidRequest(
            f"the Philosopher chooses a good character (a Townsfolk or "
            f"Outsider), not {name_of(step, act.character)}",
            field="character",
        )


@philosopher.night
def _philosopher_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None or act.decline:
        if act is not None:
            step.say(
                f"{me.name} (Philosopher) does not choose tonight.",
                player=me,
                rulings=step.cite(None, "once-per-game"),
            )
        return
    chosen, name = act.character or "", name_of(step, act.character or "")
    step.place(Token(name="Is The Philosopher", character="philosopher", on=me.name, by=me.name))
    if not works(step.state, me, "philosopher"):
        step.say(
            f"{me.name} chooses the {name} without a working Philosopher ability: they "
            f"gain nothing, nobody becomes drunk, and the ability is spent.",
            player=me,
            rulings=step.cite(philosopher, "drunk-choose"),
        )
        return
    step.update(step.state.with_player(replace(me, gained=(*me.gained, chosen))))
    holders = [p for p in step.state.players if p.character == chosen and p.name != me.name]
    for holder in holders:
        step.place(Token(name="Drunk", character="philosopher", on=holder.name, by=me.name))
    drunk = (
        f"{' and '.join(p.name for p in holders)} (the {name}) drunk while the "
        f"Philosopher's ability works"
        if holders
        else "nobody drunk: it is not in play"
    )
    rulings = (
        *step.cite(philosopher, "ability"),
        *step.cite(philosopher, "gain"),
        *step.cite(philosopher, "wake"),
    )
    rulings += (
        step.cite(philosopher, "sober-again") if holders else step.cite(philosopher, "not-in-play")
    )
    step.say(
        f"{me.name} (Philosopher) gains the {name} ability, and wakes for it from now "
        f"on; this makes {drunk}.",
        player=me,
        character="philosopher",
        rulings=rulings,
    )


@philosopher.afflicts
def _philosopher_afflicts(state: GameState, me: Player, target: Player, visiting) -> Kind | None:
    # "If this character is in play, they are drunk": decided now, so a character that
    # enters play later is drunk too, and the drunkenness ends with the Philosopher's ability.
    if (
        me.character == "philosopher"
        and target.name != me.name
        and target.character in me.gained
        and works(state, me, "philosopher", _visiting=visiting)
    ):
        return Kind.DRUNK
    return None


@philosopher.dies
def _philosopher_dies(step: Step, me: Player, death: Death) -> None:
    drunk = [t.on for t in step.state.find_tokens("philosopher", "Drunk") if t.by == me.name]
    if not drunk:
        return
    step.update(step.state.remove_tokens("philosopher", "Drunk", by=me.name))
    step.say(
        f"{me.name} (Philosopher) is dead: the gained ability stops, and "
        f"{' and '.join(drunk)} is sober again.",
        player=me,
        character="philosopher",
        rulings=step.cite(philosopher, "sober-again"),
    )
