"""Sects & Violets: the Demons (No Dashii, Vortox, Vigormortis, Fang Gu)."""

from __future__ import annotations

from dataclasses import replace

from knowledge.model import Team
from service.engine.actions import Act
from service.engine.deaths import declare, die, kill, protected
from service.engine.handlers import Handler, NightSpec, character
from service.engine.handlers.bmr import drop
from service.engine.handlers.snv import townsfolk_neighbours
from service.engine.handlers.support import become, has_token, name_of
from service.engine.handlers.tb import soldier, soldier_safe
from service.engine.model import Alignment, Cause, GameState, Kind, Player, Token, Until
from service.engine.rules import is_poisoned, works
from service.engine.step import Step


def attack(step: Step, handler: Handler, me: Player, act: Act | None) -> Player | None:
    """``Each night*, choose a player: they die``: the target, if the ability works."""
    if act is None:
        return None
    target, name = step.player(act.targets[0]), name_of(step, handler.id)
    if not works(step.state, me, handler.id):
        condition = "poisoned" if is_poisoned(step.state, me) else "drunk"
        own = step.cite(handler, "drunk") if "drunk" in handler.cites else ()
        step.say(
            f"{me.name} chooses {target.name} without a working {name} ability: nobody dies.",
            player=me,
            rulings=(*own, *step.cite(None, condition)),
        )
        return None
    step.say(
        f"{me.name} ({name}) attacks {target.name}.",
        player=me,
        rulings=step.cite(handler, "ability"),
    )
    return target


nodashii = character(
    "nodashii",
    night=NightSpec(targets=1),
    cites={
        "kill": "Each night except the first, wake the No Dashii. They point at any player",
        "neighbours": "Two Townsfolk players will always be poisoned this way",
        "glossary": (None, "Neighbors: The two players, whether dead or alive"),
        "actual": "keeping to actual type is simpler",
        "drunk": "When the No Dashii is drunk or poisoned, neither the night kill",
        "dead": "When the No Dashii is dead, the ability stops and the poison lifts",
    },
)


@nodashii.setup
def _nodashii_setup(step: Step, me: Player) -> None:
    if me.character != "nodashii":
        return
    found = townsfolk_neighbours(step.state, me)
    safe = [p for p in found if soldier_safe(step.state, p)]
    names = " and ".join(p.name for p in found if p not in safe) or (
        "nobody" if found else "nobody (no Townsfolk in play)"
    )
    step.say(
        f"{me.name} is the No Dashii: the nearest Townsfolk on each side, skipping every "
        f"other type, are poisoned while the No Dashii's ability works: {names}.",
        player=me,
        character="nodashii",
        rulings=(
            *step.cite(nodashii, "ability"),
            *step.cite(nodashii, "neighbours"),
            *step.cite(nodashii, "glossary"),
            *step.cite(nodashii, "actual"),
        ),
    )
    for player in safe:
        step.say(
            f"{player.name} (Soldier) is a neighbour, but is not poisoned: their own Soldier "
            f"ability protects them from the Demon's harm.",
            player=player,
            rulings=(*step.cite(soldier, "ability"), *step.cite(soldier, "harm")),
        )


@nodashii.afflicts
def _nodashii_afflicts(state: GameState, me: Player, target: Player, visiting) -> Kind | None:
    if me.character != "nodashii" or target.team is not Team.TOWNSFOLK:
        return None
    near = {p.name for p in townsfolk_neighbours(state, me)}
    if (
        target.name in near
        and works(state, me, "nodashii", _visiting=visiting)
        and not soldier_safe(state, target, visiting)
    ):
        return Kind.POISONED
    return None


@nodashii.night
def _nodashii_night(step: Step, me: Player, act: Act | None) -> None:
    target = attack(step, nodashii, me, act)
    if target is not None:
        kill(step, target.name, Cause.DEMON, by=me, rulings=step.cite(nodashii, "kill"))


vortox = character(
    "vortox",
    night=NightSpec(targets=1),
    cites={
        "kill": "Each night except the First Night, wake the Vortox",
        "false": "Every Townsfolk ability yields false information",
        "only": "Only Townsfolk abilities are falsified",
        "execution": "Each day, if nobody is executed, the evil team wins",
        "counts": "it counts even when the executed player did not die",
        "drunk": "When the Vortox is drunk or poisoned, all three clauses stop",
    },
)


@vortox.night
def _vortox_night(step: Step, me: Player, act: Act | None) -> None:
    target = attack(step, vortox, me, act)
    if target is not None:
        kill(step, target.name, Cause.DEMON, by=me, rulings=step.cite(vortox, "kill"))


@vortox.falsifies
def _vortox_falsifies(step: Step, me: Player, player: Player, cid: str) -> tuple | None:
    if player.team is not Team.TOWNSFOLK or not works(step.state, me, "vortox"):
        return None
    return (*step.cite(vortox, "ability"), *step.cite(vortox, "false"), *step.cite(vortox, "only"))


@vortox.dusk
def _vortox_dusk(step: Step, me: Player) -> None:
    today = step.state.today
    if today.executed or not me.alive:
        return
    if not works(step.state, me, "vortox"):
        step.say(
            f"Nobody was executed today, but {me.name} has no working Vortox ability.",
            player=me,
            rulings=step.cite(vortox, "drunk"),
        )
        return
    declare(
        step,
        Alignment.EVIL,
        "nobody was executed today and the Vortox is in play",
        (*step.cite(vortox, "ability"), *step.cite(vortox, "execution")),
    )


vigormortis = character(
    "vigormortis",
    night=NightSpec(targets=1),
    tokens={"Has Ability": Until.NEVER, "Poisoned": Until.NEVER},
    cites={
        "kill": "Each night except the First Night, wake the Vigormortis",
        "keep": "That Minion keeps their ability while dead",
        "poison": "The Storyteller chooses which of the two Townsfolk is poisoned",
        "actual": "Whether killing a player who registers as a Minion keeps their ability",
        "drunk": "When the Vigormortis is drunk or poisoned, nobody dies",
        "dead": "Dead Minions keep their abilities only while the Vigormortis lives",
        "setup": "During set-up, remove one Outsider and fill the slot with a Townsfolk",
    },
)
fanggu = character(
    "fanggu",
    night=NightSpec(targets=1),
    tokens={"Once": Until.NEVER},
    cites={
        "kill": "If the chosen player is not an Outsider, that player dies",
        "jump": "The first time a Fang Gu attacks and kills an Outsider",
        "after": "If the chosen player is an Outsider and the ONCE reminder is in the center",
        "survives": "If the Fang Gu attacks an Outsider but that Outsider does not die",
        "setup": "add one extra Outsider character token and remove one Townsfolk",
    },
)
SETUP = {vigormortis: "one Outsider fewer", fanggu: "one Outsider more"}


def _setup_note(handler: Handler):
    def setup(step: Step, me: Player) -> None:
        if me.character == handler.id:
            step.say(
                f"{me.name} is the {name_of(step, handler.id)}: set-up had "
                f"{SETUP[handler]} (the seating given is taken as already set up).",
                player=me,
                rulings=(*step.cite(handler, "ability"), *step.cite(handler, "setup")),
            )

    return setup


for _handler in SETUP:
    _handler.setup(_setup_note(_handler))


@vigormortis.night
def _vigormortis_night(step: Step, me: Player, act: Act | None) -> None:
    target = attack(step, vigormortis, me, act)
    if target is None:
        return
    kept = None
    if target.team is Team.MINION:
        # placed before the kill, so that what the Minion's death would end (a Poisoner's
        # poison) is not said to end: it keeps its ability as it dies
        step.place(Token(name="Has Ability", character="vigormortis", on=target.name, by=me.name))
        kept = step.state.tokens[-1]
    died = kill(step, target.name, Cause.DEMON, by=me, rulings=step.cite(vigormortis, "kill"))
    if kept is not None and not died:
        drop(step, kept)  # (a Monk saved it: nothing kept)
    if kept is not None and died:
        _keep(step, me, step.player(target.name))


def _keep(step: Step, me: Player, minion: Player) -> None:
    rulings = (
        *step.cite(vigormortis, "ability"),
        *step.cite(vigormortis, "keep"),
        *step.cite(vigormortis, "actual"),
    )
    near = [p.name for p in townsfolk_neighbours(step.state, minion)]
    if not near:
        step.say(
            f"{minion.name} (a Minion) keeps their ability while dead; no Townsfolk is "
            f"in play to poison.",
            player=me,
            rulings=rulings,
        )
        return
    chosen = step.choose(
        f"{step.slug(me, vigormortis.id)}.poisoned",
        f"which Townsfolk neighbour of {minion.name} is poisoned",
        near,
        near[0],
        rulings=step.cite(vigormortis, "poison"),
    )
    step.place(Token(name="Poisoned", character="vigormortis", on=chosen, by=me.name))
    step.say(
        f"{minion.name} (a Minion) keeps their ability while dead, and their Townsfolk "
        f"neighbour {chosen} is poisoned, both while the Vigormortis's ability works.",
        player=me,
        rulings=(*rulings, *step.cite(vigormortis, "poison"), *step.cite(vigormortis, "dead")),
    )


def _marked(state: GameState, me: Player, target: Player, token: str) -> bool:
    return any(
        t.on == target.name and t.by == me.name for t in state.find_tokens("vigormortis", token)
    )


@vigormortis.keeps
def _vigormortis_keeps(state: GameState, me: Player, target: Player, visiting) -> bool:
    return _marked(state, me, target, "Has Ability") and works(
        state, me, "vigormortis", _visiting=visiting
    )


@vigormortis.afflicts
def _vigormortis_afflicts(state: GameState, me: Player, target: Player, visiting) -> Kind | None:
    if _marked(state, me, target, "Poisoned") and works(
        state, me, "vigormortis", _visiting=visiting
    ):
        return Kind.POISONED
    return None


@fanggu.wakes
def _fanggu_wakes(step: Step, me: Player) -> bool:
    # The new Fang Gu is put to sleep after the jump: the Fang Gu has acted tonight.
    return me.alive and not (me.since == step.moment and has_token(step, fanggu, "Once", on=me))


@fanggu.night
def _fanggu_night(step: Step, me: Player, act: Act | None) -> None:
    target = attack(step, fanggu, me, act)
    if target is None:
        return
    jumped = bool(step.state.find_tokens("fanggu", "Once"))
    if target.team is not Team.OUTSIDER or not target.alive or jumped:
        key = "after" if target.team is Team.OUTSIDER and jumped else "kill"
        kill(step, target.name, Cause.DEMON, by=me, rulings=step.cite(fanggu, key))
        return
    if protected(step, target, Cause.DEMON, by=me):
        step.say(
            f"{target.name} (an Outsider) did not die: no jump, and the Fang Gu lives.",
            player=me,
            rulings=step.cite(fanggu, "survives"),
        )
        return
    _jump(step, me, target)


def _jump(step: Step, me: Player, outsider: Player) -> None:
    old = name_of(step, outsider.character)
    new = become(step, outsider, "fanggu")
    step.update(step.state.with_player(replace(new, alignment=Alignment.EVIL)))
    step.place(Token(name="Once", character="fanggu", on=outsider.name, by=me.name))
    rulings = (*step.cite(fanggu, "ability"), *step.cite(fanggu, "jump"))
    step.say(
        f"{outsider.name} ({old}) is the first Outsider the Fang Gu kills: they become an "
        f"evil Fang Gu, and {me.name} dies instead (once per game).",
        player=me,
        character="fanggu",
        rulings=rulings,
    )
    die(step, step.player(me.name), Cause.DEMON, by=me, rulings=rulings)
