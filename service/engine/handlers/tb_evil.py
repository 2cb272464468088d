"""Trouble Brewing: the Minions and the Demon."""

from __future__ import annotations

from dataclasses import replace

from knowledge.model import Team
from service.engine.actions import Act
from service.engine.deaths import kill
from service.engine.handlers import NightSpec, Registration, character
from service.engine.handlers.support import become, by_seat, edition_characters, mark
from service.engine.model import Alignment, Cause, Death, Kind, Phase, Player, Token, Until
from service.engine.rules import (
    ability_kept,
    alive_demons,
    alive_minions,
    is_demon,
    is_poisoned,
    works,
)
from service.engine.step import Step

poisoner = character(
    "poisoner",
    night=NightSpec(targets=1),
    tokens={"Poisoned": Until.DUSK},
    cites={
        "poison": "That player is poisoned until dusk",
        "drunk": "When the Poisoner is drunk or poisoned, nobody is poisoned",
        "dead": "any poison they placed lifts at once",
    },
)


@poisoner.night
def _poisoner_night(step: Step, me: Player, act: Act | None) -> None:
    if act:
        target = step.player(act.targets[0])
        mark(step, poisoner, me, "Poisoned", target)
        step.say(
            f"{me.name} (Poisoner) poisons {target.name} until dusk; the poison holds "
            f"only while the Poisoner's ability works.",
            player=me,
            rulings=(*step.cite(poisoner, "ability"), *step.cite(poisoner, "poison")),
        )


@poisoner.afflicts
def _poisoner_afflicts(state, me: Player, target: Player, visiting) -> Kind | None:
    marked = any(
        t.on == target.name and t.by == me.name for t in state.find_tokens("poisoner", "Poisoned")
    )
    if marked and works(state, me, "poisoner", _visiting=visiting):
        return Kind.POISONED
    return None


@poisoner.dies
def _poisoner_dies(step: Step, me: Player, death: Death) -> None:
    if ability_kept(step.state, step.player(me.name)):
        return  # a Minion the Vigormortis killed: the ability, and its poison, go on
    if any(t.by == me.name for t in step.state.find_tokens("poisoner", "Poisoned")):
        step.say(
            f"{me.name} (Poisoner) is dead: their poison lifts at once.",
            player=me,
            rulings=step.cite(poisoner, "dead"),
        )


spy = character(
    "spy", cites={"register": "Whenever another ability looks at the Spy, the Storyteller chooses"}
)


@spy.wakes
def _spy_wakes(step: Step, me: Player) -> bool:
    awake = me.alive or ability_kept(step.state, me)  # a Minion the Vigormortis killed
    if not awake:
        # The official ability's "even if dead" covers the misregistration only.
        step.say(
            f"{me.name} (Spy) is dead: they no longer see the Grimoire.",
            player=me,
            rulings=step.cite(spy, "ability"),
        )
    return awake


@spy.night
def _spy_night(step: Step, me: Player, act: Act | None) -> None:
    step.say(f"{me.name} (Spy) sees the Grimoire.", player=me, rulings=step.cite(spy, "ability"))


@spy.registers
def _spy_registers(step: Step, me: Player) -> Registration:
    good = edition_characters(step, "spy", (Team.TOWNSFOLK, Team.OUTSIDER))
    return Registration(
        alignments=(Alignment.EVIL, Alignment.GOOD),
        teams=(Team.MINION, Team.TOWNSFOLK, Team.OUTSIDER),
        characters=(me.character, *good),
    )


scarletwoman = character(
    "scarletwoman",
    tokens={"Is The Demon": Until.NEVER},
    cites={
        "tonight": "If it happened during the day, wake them at the next opportunity that night",
        "become": "If the Demon dies while five or more players are alive",
        "cause": "The cause of the Demon's death does not matter",
        "drunk": "If the Scarlet Woman is drunk or poisoned when the Demon dies",
        "four": "With four or fewer alive it does not trigger",
        "dead": "A Scarlet Woman who is already dead does not trigger",
    },
)


@scarletwoman.wakes
def _scarletwoman_wakes(step: Step, me: Player) -> bool:
    # She wakes only to learn she became the Demon, and then she is no longer the Scarlet
    # Woman: the Demon's own slot wakes her (see the death trigger below).
    return False


@scarletwoman.sees_death
def _scarletwoman_sees(step: Step, me: Player, death: Death) -> None:
    demon = step.player(death.player)
    if not is_demon(demon) or alive_demons(step.state):
        return
    if not me.alive:
        step.say(
            f"{me.name} (Scarlet Woman) is dead: she does not become the Demon.",
            player=me,
            rulings=step.cite(scarletwoman, "dead"),
        )
        return
    alive = len(step.state.alive(travellers=False)) + 1  # counted as the Demon dies
    if alive < 5:
        step.say(
            f"Only {alive} players (not Travellers) were alive when the Demon died: "
            f"{me.name} (Scarlet Woman) does not become the Demon.",
            player=me,
            rulings=(*step.cite(scarletwoman, "ability"), *step.cite(scarletwoman, "four")),
        )
        return
    if not works(step.state, me, "scarletwoman"):
        if _passes_on(demon, death):
            # the Imp's own ability still makes a Minion the Imp (she may be the one chosen)
            step.say(
                f"{me.name} has no working Scarlet Woman ability, so it does not make her the "
                f"Demon; but {demon.name} killed themself as the Imp, and the Imp's own "
                "ability still makes a living Minion the Imp.",
                player=me,
                rulings=(*step.cite(scarletwoman, "drunk"), *step.cite(imp, "self")),
            )
            return
        step.say(
            f"{me.name} has no working Scarlet Woman ability: she does not become the Demon.",
            player=me,
            rulings=step.cite(scarletwoman, "drunk"),
        )
        return
    if _babysat_lil_monsta(step, demon):
        _babysit(step, me, demon)
        return
    become(step, me, demon.character)
    step.place(Token(name="Is The Demon", character="scarletwoman", on=me.name))
    rulings = (
        *step.cite(scarletwoman, "ability"),
        *step.cite(scarletwoman, "become"),
        *step.cite(scarletwoman, "cause"),
    )
    if step.moment.phase is Phase.DAY:
        rulings = (*rulings, *step.cite(scarletwoman, "tonight"))
    step.say(
        f"{alive} players were alive when {demon.name} died: {me.name} (Scarlet Woman) "
        f"becomes the {step.name(demon.character)}.",
        player=me,
        character="scarletwoman",
        rulings=rulings,
    )


def _passes_on(demon: Player, death: Death) -> bool:
    """Did an Imp kill themself (its own ability then makes a Minion the Imp)?"""
    return demon.character == "imp" and death.cause is Cause.DEMON and death.by == demon.name


def _babysat_lil_monsta(step: Step, demon: Player) -> bool:
    """Was the dead 'Demon' the player babysitting Lil' Monsta (not a Demon character)?"""
    return any(t.on == demon.name for t in step.state.find_tokens("lilmonsta", "Is The Demon"))


def _babysit(step: Step, me: Player, sitter: Player) -> None:
    """Lil' Monsta + Scarlet Woman jinx: she babysits Lil' Monsta for the rest of the game."""
    state = step.state.remove_tokens("lilmonsta", "Is The Demon")
    step.update(state.with_player(replace(step.player(me.name), team=Team.DEMON)))
    step.place(Token(name="Is The Demon", character="lilmonsta", on=me.name))
    # Marks the babysitting as permanent, so the Minions no longer choose (jinx).
    step.place(Token(name="Babysits", character="scarletwoman", on=me.name))
    step.say(
        f"Lil' Monsta died with {sitter.name} (its babysitter) while five or more players were "
        f"alive: {me.name} (Scarlet Woman) babysits Lil' Monsta for the rest of the game.",
        player=me,
        character="scarletwoman",
        rulings=step.rules.cite("lilmonsta", "the Scarlet Woman babysits Lil' Monsta"),
    )


baron = character("baron", cites={"setup": "The Baron does not wake at night and does nothing"})


@baron.setup
def _baron_setup(step: Step, me: Player) -> None:
    step.say(
        f"{me.name} is the Baron: two extra Outsiders were added at set-up (the seating "
        f"given is taken as already set up); nothing more happens.",
        player=me,
        rulings=(*step.cite(baron, "ability"), *step.cite(baron, "setup")),
    )


imp = character(
    "imp",
    night=NightSpec(targets=1),
    cites={
        "kill": "That player dies: place the Imp",
        "self": "If the Imp pointed to themself, the Imp dies and a living Minion becomes the Imp",
        "choice": "When more than one Minion is alive, the Storyteller chooses",
        "none": "If no Minion is alive, nothing happens. The Imp simply dies",
        "dead": "If the Imp attacks a dead player at night, let them do so",
        "new": "This new Imp does not act that same night",
    },
)


@imp.wakes
def _imp_wakes(step: Step, me: Player) -> bool:
    """A Minion who became the Imp by tonight's star-pass does not act tonight.

    An Imp made earlier in the night by another ability (Engineer, Pit-Hag, Snake Charmer)
    still wakes at the Imp's place: only the star-pass happens after the Imp has acted.
    """
    return me.alive and not (me.since == step.moment and _star_passed(step))


def _star_passed(step: Step) -> bool:
    """Did an Imp kill themself tonight?"""
    return any(
        d.moment == step.moment and d.by == d.player and d.cause is Cause.DEMON
        for d in step.state.deaths
    )


@imp.night
def _imp_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    target = step.player(act.targets[0])
    if not works(step.state, me, "imp"):
        condition = "poisoned" if is_poisoned(step.state, me) else "drunk"
        step.say(
            f"{me.name} chooses {target.name} without a working Imp ability: nobody dies.",
            player=me,
            rulings=step.cite(None, condition),
        )
        return
    step.say(
        f"{me.name} (Imp) attacks {target.name}.", player=me, rulings=step.cite(imp, "ability")
    )
    rulings = step.cite(imp, "dead") if not target.alive else step.cite(imp, "kill")
    kill(step, target.name, Cause.DEMON, by=me, rulings=rulings)


@imp.dies
def _imp_dies(step: Step, me: Player, death: Death) -> None:
    if death.cause is not Cause.DEMON or death.by != me.name:
        return
    if alive_demons(step.state):
        heir = alive_demons(step.state)[0]
        step.say(
            f"{heir.name} is already the Demon: no Minion needs to become the Imp.",
            player=me,
            rulings=step.cite(imp, "self"),
        )
        return
    candidates = [*alive_minions(step.state), *_recluses(step)]
    if not candidates:
        step.say(
            "No Minion is alive: nobody becomes the Imp.", player=me, rulings=step.cite(imp, "none")
        )
        return
    options = [p.name for p in by_seat(candidates)]
    minions = [p.name for p in by_seat(candidates) if p.team is Team.MINION]
    rulings = (*step.cite(imp, "ability"), *step.cite(imp, "self"))
    if len(options) > 1:
        rulings = (*rulings, *step.cite(imp, "choice"))
    if any(p.character == "recluse" for p in candidates):
        rulings = (*rulings, *step.cite("recluse", "promote"))
    if not minions:
        # only a Recluse could register as a Minion: whether it does is the storyteller's
        # choice, and if it does not, no Minion is alive
        options = ["nobody", *options]
        rulings = (*rulings, *step.cite(imp, "none"))
    chosen = (
        options[0]
        if len(options) == 1
        else step.choose(
            f"{step.slug(me)}.star-pass",
            "which alive Minion becomes the Imp",
            options,
            minions[0] if minions else "nobody",
            rulings=rulings,
        )
    )
    if chosen == "nobody":
        step.say(
            "No Minion is alive and the Recluse does not register as one: nobody becomes the Imp.",
            player=me,
            rulings=rulings,
        )
        return
    heir = become(step, step.player(chosen), "imp")
    step.update(step.state.with_player(replace(heir, alignment=Alignment.EVIL)))
    step.say(
        f"{me.name} killed themself: {chosen} becomes the Imp, and does not act tonight.",
        player=me,
        rulings=(*rulings, *step.cite(imp, "new")),
    )


def _recluses(step: Step) -> list[Player]:
    return [
        p
        for p in step.state.players
        if p.alive and p.character == "recluse" and works(step.state, p, "recluse")
    ]
