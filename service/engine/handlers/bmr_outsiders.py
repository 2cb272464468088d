"""Bad Moon Rising: the Outsiders (Goon, Lunatic, Tinker, Moonchild).

The Tinker's and Moonchild's night deaths are storyteller steps that wake nobody (the
``unwoken`` hook). The Tinker's daytime death is an ``ability`` event "by" the Tinker (the
Storyteller decides it); the Moonchild's choice is an ``ability`` event by the dead Moonchild.
A Lunatic wakes at the Lunatic's own place in the night order (before the Demons) to act
as the Demon they think they are: each Demon's night hook hands them to ``lunatic_acts``;
the real Demon is shown their choice when it wakes (``sees_wake``).
"""

from __future__ import annotations

from dataclasses import replace

from knowledge.model import Team
from service.engine.actions import Act, UseAbility
from service.engine.deaths import kill
from service.engine.handlers import Handler, character, hooks_of
from service.engine.handlers.bmr import (
    drop,
    pending,
    placed_by,
    use_today,
    used_today,
)
from service.engine.handlers.support import mark, name_of, never_woken
from service.engine.model import (
    Alignment,
    Cause,
    Death,
    GameState,
    Kind,
    Player,
    Token,
    Until,
)
from service.engine.rules import alive_demons, works
from service.engine.step import Step
from service.errors import InvalidRequest

# ---- Goon ---------------------------------------------------------------------------------

goon = character(
    "goon",
    tokens={"Drunk": Until.DUSK},
    cites={
        "first": "watch for the first player to choose the Goon with their ability",
        "alignment": "the Goon becomes that player's alignment",
        "only": "Only the first player counts",
        "drunk": "When the Goon is drunk or poisoned, nobody becomes drunk",
        "chooser": "If the player who chose the Goon is drunk or poisoned, the Goon's ability",
    },
)


@goon.chosen
def _goon_chosen(step: Step, me: Player, chooser: Player, act: Act) -> None:
    if chooser.name == me.name or not me.alive:
        return
    earlier = [t for t in step.state.find_tokens("goon", "Drunk") if t.by == me.name]
    if earlier:
        step.say(
            f"{chooser.name} chooses {me.name}, but {earlier[0].on} chose the Goon first "
            f"tonight: nothing more happens.",
            player=me,
            rulings=step.cite(goon, "only"),
        )
        return
    mark(step, goon, me, "Drunk", chooser)
    if not works(step.state, me, "goon"):
        step.say(
            f"{chooser.name} chooses {me.name} first tonight, but {me.name} has no "
            f"working Goon ability: nothing happens.",
            player=me,
            rulings=step.cite(goon, "drunk"),
        )
        return
    rulings = (*step.cite(goon, "ability"), *step.cite(goon, "first"), *step.cite(goon, "chooser"))
    turned = ""
    held = _alignment_held(step, me, chooser) if chooser.alignment is not me.alignment else ()
    rulings = (*rulings, *held)
    if held:
        turned = f"; {me.name} stays {me.alignment}"
    elif chooser.alignment is not me.alignment:
        step.update(step.state.with_player(replace(me, alignment=chooser.alignment)))
        turned = f", and {me.name} becomes {chooser.alignment}"
        rulings = (*rulings, *step.cite(goon, "alignment"))
    step.say(
        f"{chooser.name} is the first to choose {me.name} (Goon) tonight: {chooser.name} "
        f"is drunk until dusk{turned}.",
        player=me,
        rulings=rulings,
    )


def _alignment_held(step: Step, me: Player, chooser: Player) -> tuple:
    """The rulings by which a jinx keeps the Goon's alignment (the Pit-Hag's evil Goon)."""
    for player in step.state.players:
        for _, holds in hooks_of(player, "holds_alignment", real=True):
            if rulings := holds(step, player, me, chooser.alignment):
                return rulings
    return ()


@goon.afflicts
def _goon_afflicts(state: GameState, me: Player, target: Player, visiting) -> Kind | None:
    if placed_by(state, "goon", "Drunk", me, target) and works(
        state, me, "goon", _visiting=visiting
    ):
        return Kind.DRUNK
    return None


# ---- Lunatic ------------------------------------------------------------------------------

lunatic = character(
    "lunatic",
    thinks=(Team.DEMON,),
    tokens={"Chosen": Until.DAWN},
    cites={
        "learns": "The Demon learns who the Lunatic is",
        "nobody": "Nobody actually dies",
        "shown": "Then wake the Demon and show them whom the Lunatic chose",
        "before": "before the Demon wakes to attack, wake the Lunatic to act as if they were",
        "not-demon": "The Lunatic is not a Demon: they do not register as one",
    },
)


@lunatic.setup
def _lunatic_setup(step: Step, me: Player) -> None:
    if me.character != "lunatic":
        return
    thinks = f"the {name_of(step, me.thinks)}" if me.thinks else "a Demon"
    demons = ", ".join(p.name for p in alive_demons(step.state)) or "nobody"
    step.say(
        f"{me.name} is the Lunatic and thinks they are {thinks}; the Demon ({demons}) "
        f"learns who the Lunatic is.",
        player=me,
        character="lunatic",
        rulings=(
            *step.cite(lunatic, "ability"),
            *step.cite(lunatic, "learns"),
            *step.cite(lunatic, "not-demon"),
        ),
    )


def lunatic_acts(step: Step, demon: Handler, me: Player, act: Act | None) -> bool:
    """The Lunatic acting as ``demon``: their choice kills nobody; the Demon learns it."""
    if me.character != "lunatic":
        return False
    targets = list(act.targets) if act else []
    for name in targets:
        step.place(Token(name="Chosen", character="lunatic", on=name, by=me.name, until=Until.DAWN))
    chose = " and ".join(targets) or "no-one"
    step.say(
        f"{me.name} is the Lunatic, not the {name_of(step, demon.id)}: choosing {chose} "
        f"does nothing; the Demon is shown it when they wake.",
        player=me,
        character="lunatic",
        rulings=(
            *step.cite(lunatic, "ability"),
            *step.cite(lunatic, "before"),
            *(() if step.moment.first_night else step.cite(lunatic, "nobody")),
        ),
    )
    return True


@lunatic.acts_at
def _lunatic_acts_at(me: Player) -> str:
    return "lunatic"


# (every Demon's night choice, the Imp's and a homebrew one's too, not only those whose
# hooks hand the Lunatic on themselves)
lunatic.acts_as(lunatic_acts)


@lunatic.sees_wake
def _lunatic_shown(step: Step, me: Player, woken: Player, cid: str) -> None:
    if woken.character != cid or step.rules.character(cid).team is not Team.DEMON:
        return  # only the real Demon, waking as the Demon, is shown the choice
    chosen = [t.on for t in step.state.find_tokens("lunatic", "Chosen") if t.by == me.name]
    if not chosen:
        return
    step.say(
        f"{woken.name} ({name_of(step, cid)}) wakes and is shown that the Lunatic "
        f"({me.name}) chose {' and '.join(chosen)}.",
        player=woken,
        character="lunatic",
        rulings=(*step.cite(lunatic, "ability"), *step.cite(lunatic, "shown")),
    )


# ---- Tinker -------------------------------------------------------------------------------

tinker = character(
    "tinker",
    tokens={"Dead": Until.NEVER},
    cites={
        "any": "You may kill the Tinker whenever you like",
        "drunk": "When the Tinker is drunk or poisoned, you cannot kill them",
        "not-demon": "A Tinker death is not a Demon kill",
        "protected": "The Tinker cannot die from their ability while protected from death",
    },
)


tinker.wakes(never_woken)


def _tinker_dies(step: Step, me: Player) -> None:
    rulings = (
        *step.cite(tinker, "ability"),
        *step.cite(tinker, "any"),
        *step.cite(tinker, "not-demon"),
        *step.cite(tinker, "protected"),
    )
    step.say(f"The Storyteller kills {me.name} (Tinker).", player=me, rulings=rulings)
    kill(step, me.name, Cause.ABILITY, by=me, rulings=rulings)


@tinker.unwoken
def _tinker_unwoken(step: Step, me: Player) -> None:
    if not me.alive or not works(step.state, me, "tinker"):
        return
    if step.choose(
        f"{step.slug(me)}.dies",
        f"whether {me.name} (Tinker) dies tonight",
        [False, True],
        False,
        rulings=step.cite(tinker, "any"),
    ):
        _tinker_dies(step, me)


@tinker.day
def _tinker_day(step: Step, me: Player, event: UseAbility) -> None:
    """``{"type": "ability", "by": TINKER}``: the Storyteller kills the Tinker now."""
    if not me.alive:
        raise InvalidRequest(f"{me.name} (Tinker) is already dead", field="by")
    if not works(step.state, me, "tinker"):
        step.say(
            f"{me.name} has no working Tinker ability: the Storyteller cannot kill them.",
            player=me,
            rulings=step.cite(tinker, "drunk"),
        )
        return
    _tinker_dies(step, me)


# ---- Moonchild ----------------------------------------------------------------------------

moonchild = character(
    "moonchild",
    tokens={"Dead": Until.NEVER},
    cites={
        "choose": "When the Moonchild learns that they died, they publicly choose an alive player",
        "good": "That night, if the chosen player is good, they die",
        "drunk": "If the Moonchild was drunk or poisoned when they died",
        "register": "An evil player who registers as good may be taken to die",
        "not-demon": "A death caused by the Moonchild is not a Demon kill",
    },
)


@moonchild.dies
def _moonchild_dies(step: Step, me: Player, death: Death) -> None:
    if works(step.state, me, "moonchild", dead_ok=True):
        step.place(Token(name="Dead", character="moonchild", on=me.name, by=me.name))
        step.say(
            f"{me.name} (Moonchild) died: when they learn it, they publicly choose an "
            f"alive player.",
            player=me,
            rulings=step.cite(moonchild, "choose"),
        )
    else:
        step.say(
            f"{me.name} (Moonchild) died drunk or poisoned: their choice will kill nobody.",
            player=me,
            rulings=step.cite(moonchild, "drunk"),
        )


@moonchild.day
def _moonchild_day(step: Step, me: Player, event: UseAbility) -> None:
    if me.alive:
        raise InvalidRequest(
            f"{me.name} (Moonchild) is alive: they choose only once they learn that they died",
            field="by",
        )
    token = pending(step, moonchild, me)
    if used_today(step, f"{me.name}:moonchild") or (token and token.on != me.name):
        raise InvalidRequest(f"{me.name} (Moonchild) has already chosen", field="by")
    if len(event.targets) != 1 or not step.player(event.targets[0]).alive:
        raise InvalidRequest("the Moonchild publicly chooses 1 alive player", field="targets")
    use_today(step, f"{me.name}:moonchild")
    target = step.player(event.targets[0])
    if token is None:
        step.say(
            f"{me.name} (Moonchild) chooses {target.name}, but died drunk or poisoned: "
            f"nothing will happen.",
            player=me,
            rulings=step.cite(moonchild, "drunk"),
        )
        return
    mark(step, moonchild, me, "Dead", target)
    step.say(
        f"{me.name} (Moonchild) publicly chooses {target.name}: if they are good, they "
        f"die tonight.",
        player=me,
        rulings=(*step.cite(moonchild, "ability"), *step.cite(moonchild, "choose")),
    )


moonchild.wakes(never_woken)


@moonchild.unwoken
def _moonchild_unwoken(step: Step, me: Player) -> None:
    token = pending(step, moonchild, me)
    if token is None or token.on == me.name:
        return
    drop(step, token)
    target = step.player(token.on)
    notes: list[str] = []
    good = step.register(me, target, "alignment", notes) == Alignment.GOOD
    rulings = (
        *step.cite(moonchild, "ability"),
        *step.cite(moonchild, "good"),
        *(step.cite(moonchild, "register") if notes else ()),
    )
    if not good:
        step.say(
            f"{target.name}, the Moonchild's choice, is evil: nothing happens.",
            player=me,
            rulings=rulings,
        )
        return
    step.say(
        f"{target.name}, the Moonchild's choice, is good: they die.", player=me, rulings=rulings
    )
    kill(
        step,
        target.name,
        Cause.ABILITY,
        by=me,
        rulings=(*rulings, *step.cite(moonchild, "not-demon")),
    )
