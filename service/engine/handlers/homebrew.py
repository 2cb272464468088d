"""Homebrew characters (the ODE collection, seeds/003): the Technocrat and the Stuntman.

The Technocrat keeps every Demon alive through execution while they are alive, sober and
healthy, and registers as a Demon to good abilities. Its registration is fixed, not the
storyteller's choice ("The Technocrat registers as a Demon for good information"). Only good
abilities ask a player's type in this engine (the Fortune Teller, the Investigator, ...), so
a registration by type is the one to good abilities; the Technocrat's alignment and
character register truly.
"""

from __future__ import annotations

from knowledge.model import Team
from service.engine.deaths import kill
from service.engine.handlers import Registration, character
from service.engine.model import Cause, Player
from service.engine.rules import alive_neighbours, works
from service.engine.step import Step

# ---- Technocrat ---------------------------------------------------------------------------

technocrat = character(
    "technocrat",
    cites={
        "sober": "If the Technocrat is alive, sober and healthy, and a Demon would die",
        "lives": "Whilst the Technocrat lives, the Demon cannot die from execution",
        "register": "The Technocrat registers as a Demon for good information",
    },
)


@technocrat.protects
def _technocrat_protects(step: Step, me: Player, target: Player, cause: Cause) -> tuple | None:
    if cause is not Cause.EXECUTION or target.team is not Team.DEMON:
        return None
    if not me.alive:
        step.say(
            f"{me.name}'s Technocrat is dead: {target.name} can die by execution.",
            player=me,
            rulings=step.cite(technocrat, "lives"),
        )
        return None
    if not works(step.state, me, "technocrat"):
        step.say(
            f"{me.name} has no working Technocrat ability (not sober and healthy): "
            f"{target.name} can die by execution.",
            player=me,
            rulings=step.cite(technocrat, "sober"),
        )
        return None
    return (
        *step.cite(technocrat, "ability"),
        *step.cite(technocrat, "sober"),
        *step.cite(technocrat, "lives"),
    )


@technocrat.registers
def _technocrat_registers(step: Step, me: Player) -> Registration:
    return Registration(alignments=(me.alignment,), teams=(Team.DEMON,), characters=(me.character,))


# ---- Stuntman -----------------------------------------------------------------------------

stuntman = character(
    "stuntman",
    cites={
        "must": "If no players would die at night otherwise, the Stuntman or one of their alive",
        "token": "If no players would die during the night (not including the first), mark",
        "drunk": (None, "Drunk: A drunk player has no ability"),
    },
)


@stuntman.night_ends
def _stuntman_night_ends(step: Step, me: Player) -> None:
    night = step.moment
    if night.number == 1 or any(d.moment == night for d in step.state.deaths):
        return  # (night*: not the first night; and somebody died tonight)
    if not works(step.state, me, "stuntman", dead_ok=True):
        step.say(
            f"Nobody died tonight, but {me.name} has no working Stuntman ability: nobody dies.",
            player=me,
            rulings=step.cite(stuntman, "drunk"),
        )
        return
    neighbours = [p.name for p in alive_neighbours(step.state, me)]
    options = [*([me.name] if me.alive else []), *neighbours]
    if not options:
        return
    rulings = (*step.cite(stuntman, "ability"), *step.cite(stuntman, "must"))
    dying = step.choose(
        f"{step.slug(me, 'stuntman')}.dies",
        "who dies, nobody else having died tonight: the Stuntman or one of their living neighbours",
        options,
        options[0],
        rulings=(*rulings, *step.cite(stuntman, "token")),
    )
    step.say(
        f"Nobody would die tonight: {me.name}'s Stuntman ability goes off"
        f"{', though the Stuntman is dead' if not me.alive else ''}, and {dying} dies.",
        player=me,
        rulings=rulings,
    )
    kill(step, dying, Cause.ABILITY, by=me)
