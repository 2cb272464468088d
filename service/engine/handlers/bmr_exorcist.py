"""Bad Moon Rising: the Exorcist, who stops the chosen Demon waking.

The Demons ask ``exorcised`` and ``exorcist_note`` (in ``bmr_demons``) so that what needs no
waking still happens: the Pukka's poison kills, the Shabaloth may regurgitate.
"""

from __future__ import annotations

from service.engine.actions import Act
from service.engine.handlers import NightSpec, character
from service.engine.handlers.bmr import not_again, tonight
from service.engine.handlers.support import mark
from service.engine.model import Player, Until
from service.engine.rules import is_demon, is_drunk, is_poisoned, works
from service.engine.step import Step

# ---- Exorcist -----------------------------------------------------------------------------

exorcist = character(
    "exorcist",
    night=NightSpec(targets=1),
    tokens={"Chosen": Until.NEVER},
    cites={
        "again": "They may not choose the same player as last night",
        "demon": "If the chosen player is the Demon, wake the Demon",
        "other": "Any other Demon abilities still function",
        "not-demon": "If the chosen player is not the Demon, nothing happens",
        "drunk": "When the Exorcist is drunk or poisoned as they choose the Demon",
        "demon-drunk": "If the Demon is drunk or poisoned, the Exorcist's ability still works",
    },
)


@exorcist.validate
def _exorcist_validate(step: Step, me: Player, act: Act) -> None:
    not_again(step, exorcist, "Chosen", me, act)


@exorcist.night
def _exorcist_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    target = step.player(act.targets[0])
    mark(step, exorcist, me, "Chosen", target)
    if not is_demon(target):
        step.say(
            f"{me.name} (Exorcist) chooses {target.name}, who is not the Demon: nothing happens.",
            player=me,
            rulings=(*step.cite(exorcist, "ability"), *step.cite(exorcist, "not-demon")),
        )
    elif not works(step.state, me, "exorcist"):
        step.say(
            f"{me.name} chooses the Demon {target.name} without a working Exorcist "
            f"ability: the Demon learns nothing and has a normal night.",
            player=me,
            rulings=step.cite(exorcist, "drunk"),
        )
    else:
        impaired = is_drunk(step.state, target) or is_poisoned(step.state, target)
        step.say(
            f"{me.name} (Exorcist) chooses the Demon {target.name}, who learns that "
            f"{me.name} is the Exorcist and does not wake tonight.",
            player=me,
            rulings=(
                *step.cite(exorcist, "ability"),
                *step.cite(exorcist, "demon"),
                *(step.cite(exorcist, "demon-drunk") if impaired else ()),
            ),
        )


@exorcist.stops_waking
def _exorcist_stops(step: Step, me: Player, other: Player, cid: str) -> str | None:
    chosen = [
        t
        for t in step.state.find_tokens("exorcist", "Chosen")
        if t.by == me.name and t.on == other.name and tonight(step, t)
    ]
    if chosen and is_demon(other) and works(step.state, me, "exorcist"):
        return f"{me.name}'s Exorcist chose them"
    return None


def exorcised(step: Step, me: Player) -> str | None:
    """Which Exorcist stopped the Demon ``me`` waking tonight (for the trace), if any."""
    for t in step.state.find_tokens("exorcist", "Chosen"):
        if (
            t.on == me.name
            and tonight(step, t)
            and t.by
            and works(step.state, step.player(t.by), "exorcist")
        ):
            return t.by
    return None


def exorcist_note(step: Step, me: Player, what: str) -> None:
    """Say that an Exorcised Demon's other ability still works tonight."""
    by = exorcised(step, me)
    if by:
        step.say(
            f"{me.name} was chosen by {by}'s Exorcist and does not wake, but {what}.",
            player=me,
            rulings=step.cite(exorcist, "other"),
        )
