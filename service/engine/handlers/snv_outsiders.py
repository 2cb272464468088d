"""Sects & Violets: the Outsiders (Sweetheart, Klutz, Barber, Mutant).

Request conventions: the Klutz's choice and the Mutant's slip are day ``ability`` events
(``{"type": "ability", "by": KLUTZ, "targets": [PLAYER]}``, ``{"type": "ability", "by":
MUTANT}``); the Barber's swap is the Demon's, given as the storyteller choice
``night<N>.barber.<Barber>.swap`` (two player names, or [] to decline); whom the Sweetheart
makes drunk is ``<phase>.sweetheart.<Sweetheart>.drunk``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from knowledge.model import Team
from service.engine.actions import Act, UseAbility
from service.engine.day import execute_player
from service.engine.deaths import declare
from service.engine.handlers import character
from service.engine.handlers.snv import died_at, never_wakes, swap
from service.engine.handlers.support import by_seat, has_token, name_of
from service.engine.model import (
    Alignment,
    Condition,
    Death,
    Kind,
    Moment,
    Phase,
    Player,
    Token,
    Until,
)
from service.engine.rules import alive_demons, is_demon, works
from service.engine.step import Step
from service.errors import InvalidRequest

# ---- Sweetheart ----------------------------------------------------------------------------

sweetheart = character(
    "sweetheart",
    tokens={"Drunk": Until.NEVER},
    cites={
        "choose": "When the Sweetheart dies, choose a player and place the",
        "valid": "the Sweetheart themself is valid",
        "drunk": "If the Sweetheart was drunk or poisoned when they died, nobody becomes drunk",
        "cause": "The cause of death does not matter: an execution or a night kill",
        "stays": "If the drunk player becomes another character, they stay drunk",
    },
)
sweetheart.wakes(never_wakes)


@sweetheart.dies
def _sweetheart_dies(step: Step, me: Player, death: Death) -> None:
    if not works(step.state, me, "sweetheart", dead_ok=True):
        step.say(
            f"{me.name} (Sweetheart) had no working ability when they died: nobody becomes drunk.",
            player=me,
            rulings=step.cite(sweetheart, "drunk"),
        )
        return
    townsfolk = [p.name for p in step.state.players if p.alive and p.team is Team.TOWNSFOLK]
    options = [p.name for p in step.state.players]
    rulings = (
        *step.cite(sweetheart, "ability"),
        *step.cite(sweetheart, "choose"),
        *step.cite(sweetheart, "valid"),
    )
    chosen = step.choose(
        f"{step.slug(me, 'sweetheart')}.drunk",
        "which player is drunk from now on (anyone: the Sweetheart and the dead included)",
        options,
        (townsfolk or [me.name])[0],
        rulings=rulings,
    )
    target = step.player(chosen)
    drunk = Condition(kind=Kind.DRUNK, source="sweetheart", by=me.name)
    step.update(step.state.with_player(replace(target, conditions=(*target.conditions, drunk))))
    step.place(Token(name="Drunk", character="sweetheart", on=chosen, by=me.name))
    step.say(
        f"{me.name} (Sweetheart) died ({death.cause}): {chosen} is drunk from now on, "
        f"whatever happens to the Sweetheart or to {chosen}'s character.",
        player=me,
        character="sweetheart",
        rulings=(*rulings, *step.cite(sweetheart, "cause"), *step.cite(sweetheart, "stays")),
    )


# ---- Klutz ---------------------------------------------------------------------------------

klutz = character(
    "klutz",
    cites={
        "choose": "they publicly choose an alive player",
        "good": "If they choose a good player, nothing happens and the game goes on",
        "drunk": "If the Klutz was drunk or poisoned when they died, choosing an evil player",
        "actual": "keeping to actual alignment is simpler",
        "evil-klutz": "In the strange situation where the Klutz is evil and chooses an evil",
    },
)


@klutz.day
def _klutz_day(step: Step, me: Player, event: UseAbility) -> None:
    """``{"type": "ability", "by": KLUTZ, "targets": [PLAYER]}``: the dead Klutz's choice."""
    _klutz_check(step, me, event)
    target = step.player(event.targets[0])
    today = step.state.today
    step.update(replace(step.state, today=replace(today, used=(*today.used, f"{me.name}:klutz"))))
    step.say(
        f"{me.name} (Klutz) learns they died and publicly chooses {target.name}.",
        player=me,
        rulings=(*step.cite(klutz, "ability"), *step.cite(klutz, "choose")),
    )
    if not works(step.state, me, "klutz", dead_ok=True):
        step.say(
            f"{me.name} has no working Klutz ability: nothing happens.",
            player=me,
            rulings=step.cite(klutz, "drunk"),
        )
        return
    if target.alignment is not Alignment.EVIL:
        step.say(
            f"{target.name} is good: nothing happens.",
            player=me,
            rulings=(*step.cite(klutz, "good"), *step.cite(klutz, "actual")),
        )
        return
    rulings = (*step.cite(klutz, "ability"), *step.cite(klutz, "actual"))
    if me.alignment is Alignment.EVIL:
        rulings += step.cite(klutz, "evil-klutz")
    winner = Alignment.GOOD if me.alignment is Alignment.EVIL else Alignment.EVIL
    declare(
        step,
        winner,
        f"{me.name}, the Klutz, chose {target.name}, who is evil: the "
        f"Klutz's team ({me.alignment}) loses",
        rulings,
    )


def _klutz_check(step: Step, me: Player, event: UseAbility) -> None:
    if me.alive:
        raise InvalidRequest(
            f"{me.name} (Klutz) is alive: the Klutz chooses when they learn they died", field="by"
        )
    death = died_at(step.state, me.name)
    learned = (Moment(Phase.NIGHT, step.moment.number), Moment(Phase.DAY, step.moment.number))
    if death is None or death.moment not in learned:
        raise InvalidRequest(
            f"{me.name} (Klutz) died before today: the choice is made when "
            f"they learn they died, not later",
            field="by",
        )
    if f"{me.name}:klutz" in step.state.today.used:
        raise InvalidRequest(f"{me.name} (Klutz) has already chosen", field="by")
    if len(event.targets) != 1:
        raise InvalidRequest(
            f"the Klutz chooses 1 alive player, not {len(event.targets)}", field="targets"
        )
    if not step.player(event.targets[0]).alive:
        raise InvalidRequest(
            f"the Klutz chooses an alive player; {event.targets[0]} is dead", field="targets[0]"
        )


# ---- Barber --------------------------------------------------------------------------------

barber = character(
    "barber",
    tokens={"Haircuts Tonight": Until.NEVER},
    cites={
        "token": "If the Barber died today or tonight, place the",
        "choose": "The Demon may point to two players, or may decline",
        "alignment": "Alignments do not change. A good player given a Minion character stays good",
        "self": "The Demon may choose themself, but not another Demon",
        "drunk": "If the Barber was drunk or poisoned when they died, nothing happens",
        "demon-drunk": "If the Demon is drunk or poisoned, the swap still happens — this is the",
        "which": "If there is more than one living Demon, the Storyteller chooses which Demon",
    },
)


@barber.dies
def _barber_dies(step: Step, me: Player, death: Death) -> None:
    if not works(step.state, me, "barber", dead_ok=True):
        step.say(
            f"{me.name} (Barber) had no working ability when they died: the Demon gets "
            f"no haircuts.",
            player=me,
            rulings=step.cite(barber, "drunk"),
        )
        return
    step.place(Token(name="Haircuts Tonight", character="barber", on=me.name, by=me.name))
    step.say(
        f"{me.name} (Barber) died: tonight the Demon may choose two players to swap characters.",
        player=me,
        character="barber",
        rulings=(*step.cite(barber, "ability"), *step.cite(barber, "token")),
    )


@barber.wakes
def _barber_wakes(step: Step, me: Player) -> bool:
    return has_token(step, barber, "Haircuts Tonight", on=me)


@barber.night
def _barber_night(step: Step, me: Player, act: Act | None) -> None:
    step.update(step.state.remove_tokens("barber", "Haircuts Tonight", by=me.name))
    demons = by_seat(alive_demons(step.state))
    if not demons:
        step.say(
            "No Demon is alive to give haircuts.", player=me, rulings=step.cite(barber, "ability")
        )
        return
    demon = _barber_demon(step, me, demons)
    pair = step.choose(
        f"{step.slug(me, 'barber')}.swap",
        f"which two players {demon.name}, the Demon, swaps (two names, not "
        f"another Demon; [] to decline)",
        "two player names, or []",
        [],
        rulings=(*step.cite(barber, "choose"), *step.cite(barber, "self")),
        check=_pair_check(step, demon),
    )
    if not pair:
        step.say(
            f"{demon.name} (the Demon) declines the Barber's swap.",
            player=demon,
            rulings=step.cite(barber, "choose"),
        )
        return
    a, b = swap(step, step.player(pair[0]), step.player(pair[1]), alignments=False)
    step.say(
        f"{demon.name} (the Demon) swaps {a.name} and {b.name}: {a.name} is now the "
        f"{name_of(step, a.character)}, {b.name} the {name_of(step, b.character)}; "
        f"alignments do not change.",
        player=demon,
        rulings=(*step.cite(barber, "ability"), *step.cite(barber, "alignment")),
    )


def _barber_demon(step: Step, me: Player, demons: list[Player]) -> Player:
    if len(demons) == 1:
        return demons[0]
    names = [p.name for p in demons]
    chosen = step.choose(
        f"{step.slug(me, 'barber')}.demon",
        "which Demon makes the swap",
        names,
        names[0],
        rulings=step.cite(barber, "which"),
    )
    return step.player(chosen)


def _pair_check(step: Step, demon: Player) -> Callable[[Any], bool]:
    names = {p.name for p in step.state.players}
    others = {p.name for p in step.state.players if is_demon(p) and p.name != demon.name}

    def check(value: Any) -> bool:
        return isinstance(value, list) and (
            value == []
            or (
                len(value) == 2
                and len(set(value)) == 2
                and set(value) <= names
                and not set(value) & others
            )
        )

    return check


# ---- Mutant --------------------------------------------------------------------------------

mutant = character(
    "mutant",
    cites={
        "execute": "If the Mutant says they are an Outsider, or acts in a way that shows it",
        "how": "execute them immediately, at any point in the day, with no nomination",
        "drunk": "When the Mutant is drunk or poisoned, the madness no longer binds them",
        "dead": "When the Mutant is dead, the ability stops and they may say anything",
        "counts": "An execution of the Mutant counts as the day's execution",
    },
)


@mutant.day
def _mutant_day(step: Step, me: Player, event: UseAbility) -> None:
    """``{"type": "ability", "by": MUTANT}``: the Mutant is "mad" about being an Outsider."""
    said = f' ("{event.text}")' if event.text else ""
    if not me.alive:
        step.say(
            f"{me.name} (Mutant) is dead and may say anything{said}.",
            player=me,
            rulings=step.cite(mutant, "dead"),
        )
        return
    if not works(step.state, me, "mutant"):
        step.say(
            f"{me.name} (Mutant) hints at being an Outsider{said}, but has no working "
            f"ability: the madness does not bind them.",
            player=me,
            rulings=step.cite(mutant, "drunk"),
        )
        return
    if step.state.today.executed:
        step.say(
            f"{me.name} (Mutant) hints at being an Outsider{said}, but there has already "
            f"been an execution today.",
            player=me,
            rulings=step.cite(mutant, "counts"),
        )
        return
    rulings = (*step.cite(mutant, "ability"), *step.cite(mutant, "execute"))
    chosen = step.choose(
        f"{step.slug(me, 'mutant')}.execute",
        f"whether the Storyteller executes {me.name} (Mutant) for being mad "
        f"about being an Outsider",
        ["execute", "spare"],
        "execute",
        rulings=rulings,
    )
    if chosen == "spare":
        step.say(
            f"{me.name} (Mutant) hints at being an Outsider{said}; the Storyteller lets it go.",
            player=me,
            rulings=rulings,
        )
        return
    step.say(
        f"{me.name} (Mutant) is mad about being an Outsider{said}: the Storyteller executes them.",
        player=me,
        rulings=(*rulings, *step.cite(mutant, "how"), *step.cite(mutant, "counts")),
    )
    execute_player(step, me)
