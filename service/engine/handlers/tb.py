"""Trouble Brewing: the Townsfolk and Outsiders that protect, kill, win or lose.

The information abilities are in ``tb_info``, the Minions and Demon in ``tb_evil``, the
Travellers in ``tb_travellers``.
"""

from __future__ import annotations

from knowledge.model import Team
from service.engine.actions import Act, Slay, Vote
from service.engine.day import execute_player
from service.engine.deaths import death_of, declare, kill
from service.engine.handlers import NightSpec, Registration, character, hooks_of
from service.engine.handlers.support import (
    edition_characters,
    has_token,
    mark,
    name_of,
    token_on,
)
from service.engine.model import Alignment, Cause, Death, GameState, Phase, Player, Until
from service.engine.rules import has_ability, works
from service.engine.step import Step
from service.errors import InvalidRequest

monk = character(
    "monk",
    night=NightSpec(targets=1, not_self=True),
    tokens={"Safe": Until.DAWN},
    cites={
        "safe": "If the Demon tries to kill them, they do not die",
        "drunk": "When the Monk is drunk or poisoned, the protection does not work",
        "other": "They may still die from other causes",
        "harm": "The Monk's protection also prevents all other harmful effects of the Demon's",
    },
)


@monk.night
def _monk_night(step: Step, me: Player, act: Act | None) -> None:
    target = step.player(act.targets[0]) if act else None
    if target is None:
        return
    mark(step, monk, me, "Safe", target)
    step.say(
        f"{me.name} (Monk) chooses {target.name}: Safe reminder placed. Whether it "
        f"protects is decided when the Demon attacks.",
        player=me,
        rulings=step.cite(monk, "ability"),
    )


@monk.protects
def _monk_protects(step: Step, me: Player, target: Player, cause: Cause) -> tuple | None:
    if not has_token(step, monk, "Safe", on=target, by=me):
        return None
    if cause is not Cause.DEMON:
        step.say(
            f"{me.name}'s Safe reminder on {target.name} does not stop {death_of(cause)}.",
            player=me,
            rulings=step.cite(monk, "other"),
        )
        return None
    if not works(step.state, me, "monk"):
        step.say(
            f"{me.name}'s Safe reminder on {target.name} protects nobody: at the moment of "
            f"the kill {me.name} does not have a working Monk ability.",
            player=me,
            rulings=(*step.cite(monk, "drunk"), *step.cite(None, "drunk")),
        )
        return None
    return (*step.cite(monk, "ability"), *step.cite(monk, "safe"))


@monk.shields
def _monk_shields(step: Step, me: Player, target: Player) -> tuple | None:
    if not has_token(step, monk, "Safe", on=target, by=me) or not works(step.state, me, "monk"):
        return None
    return (*step.cite(monk, "ability"), *step.cite(monk, "harm"))


soldier = character(
    "soldier",
    cites={
        "safe": "If the Demon tries to kill the Soldier, the Soldier does not die",
        "drunk": "When the Soldier is drunk or poisoned, the Demon's kill does kill them",
        "harm": "The Soldier is also protected from all other harmful effects of the Demon's",
    },
)


@soldier.protects
def _soldier_protects(step: Step, me: Player, target: Player, cause: Cause) -> tuple | None:
    if target.name != me.name or cause is not Cause.DEMON:
        return None
    if not works(step.state, me, "soldier"):
        step.say(
            f"{me.name} has no working Soldier ability: the Demon's kill lands.",
            player=me,
            rulings=step.cite(soldier, "drunk"),
        )
        return None
    return (*step.cite(soldier, "ability"), *step.cite(soldier, "safe"))


@soldier.shields
def _soldier_shields(step: Step, me: Player, target: Player) -> tuple | None:
    if target.name != me.name or not soldier_safe(step.state, me):
        return None
    return (*step.cite(soldier, "ability"), *step.cite(soldier, "harm"))


def soldier_safe(state: GameState, player: Player, visiting: frozenset = frozenset()) -> bool:
    """A working Soldier, kept from a Demon's harm other than its kill (the No Dashii's
    standing poison, which an ``afflicts`` hook decides from the state alone; ``visiting`` as
    ``works`` takes it, so asking whether the Soldier is poisoned does not go round)."""
    return has_ability(player, "soldier") and works(state, player, "soldier", _visiting=visiting)


mayor = character(
    "mayor",
    cites={
        "bounce": "If the Mayor would die at night, another player may die instead",
        "demon-kill": "it counts as a Demon kill",
        "win": "If the day ends with only three players alive and no execution",
        "drunk": "When the Mayor is drunk or poisoned, neither half of the ability works",
    },
)


@mayor.redirect
def _mayor_redirect(step: Step, me: Player, cause: Cause, by: Player | None) -> str:
    if step.moment.phase is not Phase.NIGHT:
        return me.name
    if not works(step.state, me, "mayor"):
        if has_ability(me, "mayor") and me.alive:
            # drunk or poisoned: the death stays theirs, said so (as the Slayer's shot is)
            step.say(
                f"{me.name} has no working Mayor ability: the death is not moved onto another "
                f"player.",
                player=me,
                rulings=step.cite(mayor, "drunk"),
            )
        return me.name
    options = [me.name, *(p.name for p in step.state.players if p.name != me.name)]
    chosen = step.choose(
        f"{step.slug(me)}.bounce",
        f"who dies instead of {me.name} (Mayor): {me.name} or anyone else",
        options,
        me.name,
        rulings=(*step.cite(mayor, "ability"), *step.cite(mayor, "bounce")),
    )
    if chosen != me.name:
        step.say(
            f"The Storyteller moves the Mayor's death onto {chosen}; it counts as a Demon kill.",
            player=me,
            rulings=step.cite(mayor, "demon-kill"),
        )
    return chosen


@mayor.dusk
def _mayor_dusk(step: Step, me: Player) -> None:
    alive = step.state.alive()
    if len(alive) != 3 or step.state.today.executed:
        return
    if not works(step.state, me, "mayor"):
        step.say(
            f"Three players live and nobody was executed, but {me.name} has no working "
            f"Mayor ability.",
            player=me,
            rulings=step.cite(mayor, "drunk"),
        )
        return
    declare(
        step,
        me.alignment,
        f"the day ended with three players alive and no execution, and {me.name} is the Mayor",
        (*step.cite(mayor, "ability"), *step.cite(mayor, "win")),
    )


virgin = character(
    "virgin",
    tokens={"No Ability": Until.NEVER},
    cites={
        "execute": "if the nominator is a Townsfolk, that nominator is executed immediately",
        "not-townsfolk": "If the nominator is not a Townsfolk, nothing happens",
        "drunk": "When the Virgin is drunk or poisoned as they are nominated, nothing happens",
        "dead": "Nominating a dead Virgin does nothing",
        "registers": "A nominator who registers as a Townsfolk may be executed",
    },
)


@virgin.nominated
def _virgin_nominated(step: Step, me: Player, nominator: Player) -> None:
    if not me.alive:
        step.say(
            f"{me.name} (Virgin) is dead: nothing happens.",
            player=me,
            rulings=step.cite(virgin, "dead"),
        )
        return
    if has_token(step, virgin, "No Ability", by=me):
        return
    mark(step, virgin, me, "No Ability", me)
    if not works(step.state, me, "virgin"):
        step.say(
            f"{me.name} has no working Virgin ability: nothing happens, and the ability is spent.",
            player=me,
            rulings=step.cite(virgin, "drunk"),
        )
        return
    notes: list[str] = []
    team = step.register(me, nominator, "team", notes)
    if team != Team.TOWNSFOLK:
        step.say(
            f"{nominator.name} is not a Townsfolk: nothing happens; the Virgin's ability is spent.",
            player=me,
            rulings=step.cite(virgin, "not-townsfolk"),
        )
        return
    rulings = (*step.cite(virgin, "ability"), *step.cite(virgin, "execute"))
    if notes:
        rulings = (*rulings, *step.cite(virgin, "registers"))
    step.say(
        f"{nominator.name} {'registers as' if notes else 'is'} a Townsfolk: they are "
        f"executed immediately.",
        player=me,
        rulings=rulings,
    )
    execute_player(step, nominator)


slayer = character(
    "slayer",
    tokens={"No Ability": Until.NEVER},
    cites={
        "kill": "check whether that player is the Demon. If so, they die immediately",
        "miss": "If they are not the Demon, nothing happens",
        "drunk": "When the Slayer is drunk or poisoned, pointing at the Demon kills nobody",
        "bluff": "When someone who is not the Slayer declares the same thing, nothing happens",
        "registers": "A player who registers as a Demon may be taken to die",
        "dead": "Declaring after death does nothing",
    },
)


@slayer.day
def _slayer_day(step: Step, me: Player, event: Slay) -> None:
    target = step.player(event.target)
    if has_token(step, slayer, "No Ability", by=me):
        raise InvalidRequest(
            f"{me.name} (Slayer) has already used their once-per-game ability", field="by"
        )
    if not me.alive:
        raise InvalidRequest(f"{me.name} (Slayer) is dead: the ability no longer works", field="by")
    mark(step, slayer, me, "No Ability", me)
    if not works(step.state, me, "slayer"):
        step.say(
            f"{me.name} shoots {target.name} without a working Slayer ability: nothing "
            f"happens, and the ability is spent.",
            player=me,
            rulings=step.cite(slayer, "drunk"),
        )
        return
    notes: list[str] = []
    if step.register(me, target, "team", notes) != Team.DEMON:
        if jinx := _slain_by_jinx(step, me, target):
            kill(step, target.name, Cause.ABILITY, by=me, rulings=jinx)
            return
        step.say(
            f"{me.name} shoots {target.name}, who is not the Demon: nothing happens.",
            player=me,
            rulings=step.cite(slayer, "miss"),
        )
        return
    rulings = (*step.cite(slayer, "ability"), *step.cite(slayer, "kill"))
    step.say(
        f"{me.name} (Slayer) publicly chooses {target.name}, who "
        f"{'registers as' if notes else 'is'} the Demon.",
        player=me,
        rulings=rulings,
    )
    kill(
        step,
        target.name,
        Cause.ABILITY,
        by=me,
        rulings=(*rulings, *(step.cite(slayer, "registers") if notes else ())),
    )


def _slain_by_jinx(step: Step, me: Player, target: Player) -> tuple:
    """The rulings by which a jinx makes this shot kill a non-Demon (the Lleech's host)."""
    for other in step.state.players:
        for _, slain in hooks_of(other, "slain", real=True):
            if found := slain(step, other, me, target):
                return found
    return ()


butler = character(
    "butler",
    night=NightSpec(targets=1, not_self=True),
    tokens={"Master": Until.DUSK},
    cites={"illegal": "If the Butler accidentally votes illegally"},
)


@butler.night
def _butler_night(step: Step, me: Player, act: Act | None) -> None:
    if act:
        master = step.player(act.targets[0])
        mark(step, butler, me, "Master", master)
        step.say(
            f"{me.name} (Butler) chooses {master.name} as their master.",
            player=me,
            rulings=step.cite(butler, "ability"),
        )


@butler.voted
def _butler_voted(step: Step, me: Player, event: Vote) -> None:
    master = token_on(step, butler, "Master", me)
    if me.name not in event.voters or master is None or master.name in event.voters:
        return
    if not me.alive:
        # The official ability has no "even if dead": a dead Butler votes freely.
        step.say(
            f"{me.name} (Butler) is dead and has no ability: their vote is not restricted.",
            player=me,
            rulings=step.cite(butler, "ability"),
        )
    elif works(step.state, me, "butler"):
        step.say(
            f"{me.name} (Butler) voted without their master {master.name}: an illegal "
            f"vote, tallied anyway.",
            player=me,
            rulings=(*step.cite(butler, "ability"), *step.cite(butler, "illegal")),
        )


drunk = character(
    "drunk",
    thinks=(Team.TOWNSFOLK,),
    always_drunk=True,
    cites={
        "drunk": "their ability does not work, and any information you give them",
        "always": "The Drunk is always drunk",
    },
)


@drunk.setup
def _drunk_setup(step: Step, me: Player) -> None:
    if me.character != "drunk":
        return
    thinks = (
        f"thinks they are the {name_of(step, me.thinks)}"
        if me.thinks
        else "(the request does not say who they think they are, so they take no action)"
    )
    step.say(
        f"{me.name} is the Drunk and {thinks}: they are drunk for the whole game.",
        player=me,
        character="drunk",
        rulings=(*step.cite(drunk, "ability"), *step.cite(drunk, "drunk")),
    )


recluse = character(
    "recluse",
    cites={
        "register": "Whenever another ability looks at the Recluse, the Storyteller chooses",
        "promote": "If the Recluse registers as a Minion for an ability that changes or promotes",
    },
)


@recluse.registers
def _recluse_registers(step: Step, me: Player) -> Registration:
    evil = edition_characters(step, "recluse", (Team.MINION, Team.DEMON))
    return Registration(
        alignments=(Alignment.GOOD, Alignment.EVIL),
        teams=(Team.OUTSIDER, Team.MINION, Team.DEMON),
        characters=(me.character, *evil),
    )


saint = character(
    "saint",
    cites={
        "lose": "If the Saint dies by execution, the Saint's team loses",
        "drunk": "If the Saint is drunk or poisoned when executed, nothing happens",
    },
)


@saint.dies
def _saint_dies(step: Step, me: Player, death: Death) -> None:
    if death.cause is not Cause.EXECUTION:
        return
    if not works(step.state, me, "saint", dead_ok=True):
        step.say(
            f"{me.name} has no working Saint ability: the game goes on.",
            player=me,
            rulings=step.cite(saint, "drunk"),
        )
        return
    winner = Alignment.EVIL if me.alignment is Alignment.GOOD else Alignment.GOOD
    declare(
        step,
        winner,
        f"{me.name}, the Saint, died by execution",
        (*step.cite(saint, "ability"), *step.cite(saint, "lose")),
    )
