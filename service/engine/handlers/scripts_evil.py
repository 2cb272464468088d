"""The seed scripts' killers that are not evil: the Lycanthrope and the Gangster.

The evil characters of the two seed scripts are in ``scripts_evil_minions``,
``scripts_evil_demons`` and ``scripts_evil_monsta``.

The Gangster's day ability is ``{"type": "ability", "by": GANGSTER, "targets": [VICTIM,
AGREEING]}``: the alive neighbour who dies, then the other alive neighbour, who agrees.
"""

from __future__ import annotations

from dataclasses import replace

from service.engine.actions import Act, UseAbility
from service.engine.deaths import kill
from service.engine.handlers import NightSpec, Registration, character
from service.engine.handlers.support import by_seat, has_token, mark, token_on
from service.engine.model import Alignment, Cause, Player, Until
from service.engine.rules import alive_neighbours, works
from service.engine.step import Step
from service.errors import InvalidRequest

# ---- Lycanthrope --------------------------------------------------------------------------

lycanthrope = character(
    "lycanthrope",
    night=NightSpec(targets=1),
    tokens={"Faux Paw": Until.NEVER, "Dead": Until.DAWN},
    cites={
        "alive": "If the Lycanthrope chooses a dead player, the Storyteller",
        "evil": "If the player the Lycanthrope attacks is evil, that player",
        "survived": "If the Lycanthrope attacks a good player but that good",
        "demon": "Later that night, wake the Demon, as normal, but the Demon",
        "faux-paw": "mark one good player with the Lycanthrope’s FAUX PAW",
        "drunk": "When the Lycanthrope is drunk or poisoned, their target",
        "register": "While the Lycanthrope lives, one good player registers",
    },
)


@lycanthrope.setup
def _lycanthrope_setup(step: Step, me: Player) -> None:
    if me.character != "lycanthrope" or token_on(step, lycanthrope, "Faux Paw", me):
        return
    good = [p for p in by_seat(step.state.players) if p.alignment is Alignment.GOOD]
    # by default the good player seated furthest round from the Lycanthrope: the first one
    # after them is as likely as any to be the one they attack, and a Faux Paw there hides
    # the kill (the Storyteller chooses; the request can say whom)
    default = next((p for p in reversed(good) if p.name != me.name), me)
    chosen = step.choose(
        f"setup.lycanthrope.{me.name}.faux-paw",
        "which good player registers as evil (the Faux Paw)",
        [p.name for p in good],
        default.name,
        rulings=(*step.cite(lycanthrope, "ability"), *step.cite(lycanthrope, "faux-paw")),
    )
    mark(step, lycanthrope, me, "Faux Paw", step.player(chosen))
    step.say(
        f"{chosen} has the Faux Paw: they register as evil while the Lycanthrope's "
        f"ability works, and still win or lose with good.",
        player=me,
        rulings=step.cite(lycanthrope, "register"),
    )


@lycanthrope.misregisters
def _lycanthrope_misregisters(step: Step, me: Player, target: Player) -> Registration | None:
    if not has_token(step, lycanthrope, "Faux Paw", on=target, by=me) or not works(
        step.state, me, "lycanthrope"
    ):
        return None
    return Registration(
        alignments=(Alignment.EVIL,), teams=(target.team,), characters=(target.character,)
    )


@lycanthrope.validate
def _lycanthrope_validate(step: Step, me: Player, act: Act) -> None:
    if not step.player(act.targets[0]).alive:
        raise InvalidRequest(
            f"the Lycanthrope must choose an alive player; {act.targets[0]} "
            f"is dead (the Storyteller asks them to choose again)",
            field="targets[0]",
        )


@lycanthrope.night
def _lycanthrope_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    target = step.player(act.targets[0])
    if not works(step.state, me, "lycanthrope"):
        step.say(
            f"{me.name} chooses {target.name} without a working Lycanthrope ability: "
            f"they do not die, and the Demon may kill as normal.",
            player=me,
            rulings=step.cite(lycanthrope, "drunk"),
        )
        return
    notes: list[str] = []
    if step.register(me, target, "alignment", notes) == Alignment.EVIL:
        why = "registers as evil" if notes else "is evil"
        step.say(
            f"{me.name} (Lycanthrope) chooses {target.name}, who {why}: nothing happens, "
            f"and the Demon may kill as normal.",
            player=me,
            rulings=(*step.cite(lycanthrope, "ability"), *step.cite(lycanthrope, "evil")),
        )
        return
    rulings = (*step.cite(lycanthrope, "ability"), *step.cite(lycanthrope, "demon"))
    step.say(
        f"{me.name} (Lycanthrope) chooses {target.name}, who is good.", player=me, rulings=rulings
    )
    if kill(step, target.name, Cause.ABILITY, by=me, rulings=rulings):
        mark(step, lycanthrope, me, "Dead", target)
    else:
        step.say(
            f"{target.name} did not die: the Demon may still kill tonight.",
            player=me,
            rulings=step.cite(lycanthrope, "survived"),
        )


@lycanthrope.protects
def _lycanthrope_protects(step: Step, me: Player, target: Player, cause: Cause) -> tuple | None:
    if cause is not Cause.DEMON or not has_token(step, lycanthrope, "Dead", by=me):
        return None
    if not works(step.state, me, "lycanthrope"):
        return None
    return (*step.cite(lycanthrope, "ability"), *step.cite(lycanthrope, "demon"))


# ---- Gangster -----------------------------------------------------------------------------

gangster = character(
    "gangster",
    cites={
        "agree": "If an alive neighbor agrees, the other alive neighbor dies",
        "once": "Once an agreement has been reached, then the Gangster may not use their ability",
        "skipped": "Their dead neighbors are skipped over, and do not count",
    },
)


@gangster.day
def _gangster_day(step: Step, me: Player, event: UseAbility) -> None:
    victim, agrees = _gangster_targets(step, me, event)
    today = step.state.today
    step.update(
        replace(step.state, today=replace(today, used=(*today.used, f"{me.name}:gangster")))
    )
    rulings = (
        *step.cite(gangster, "ability"),
        *step.cite(gangster, "agree"),
        *step.cite(gangster, "skipped"),
    )
    if not works(step.state, me, "gangster"):
        step.say(
            f"{agrees.name} agrees, but {me.name} has no working Gangster ability: "
            f"nothing happens, and the ability is used for today.",
            player=me,
            rulings=(*step.cite(None, "drunk"), *step.cite(gangster, "once")),
        )
        return
    step.say(
        f"{me.name} (Gangster) chooses to kill {victim.name}, and {agrees.name}, their "
        f"other alive neighbour, agrees.",
        player=me,
        rulings=rulings,
    )
    kill(step, victim.name, Cause.ABILITY, by=me, rulings=rulings)


def _gangster_targets(step: Step, me: Player, event: UseAbility) -> tuple[Player, Player]:
    if len(event.targets) != 2:
        raise InvalidRequest(
            "name the alive neighbour the Gangster kills, then the other alive "
            "neighbour, who agrees",
            field="targets",
        )
    if f"{me.name}:gangster" in step.state.today.used:
        raise InvalidRequest(
            f"{me.name} (Gangster) has already used their ability today", field="by"
        )
    if not me.alive:
        raise InvalidRequest(
            f"{me.name} (Gangster) is dead: the ability no longer works", field="by"
        )
    near = [p.name for p in alive_neighbours(step.state, me)]
    victim, agrees = (step.player(n) for n in event.targets)
    if victim.name not in near:
        raise InvalidRequest(
            f"{victim.name} is not an alive neighbour of {me.name}; the "
            f"Gangster may kill only {' or '.join(near) or 'nobody'}",
            field="targets[0]",
        )
    if agrees.name not in near or agrees.name == victim.name:
        raise InvalidRequest(
            f"only {me.name}'s other alive neighbour can agree to kill "
            f"{victim.name}, not {agrees.name}",
            field="targets[1]",
        )
    return victim, agrees
