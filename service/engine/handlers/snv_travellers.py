"""Sects & Violets' Travellers: Barista, Harlot, Butcher, Bone Collector, Deviant.

Request conventions: the Barista's nightly pick is the Storyteller's, given as the choices
``night<N>.barista.<Barista>.player`` and ``.mode`` ("sober" or "twice"; a player who acts
twice still takes one action in a request, so "twice" is recorded, not replayed). Whether
the Harlot's target agrees and whether both die are ``night<N>.harlot.<Harlot>.agrees`` and
``.deaths``; whether the Deviant was funny is ``day<N>.deviant.<Deviant>.funny``.
"""

from __future__ import annotations

from dataclasses import replace

from service.engine.actions import Act
from service.engine.deaths import kill
from service.engine.handlers import NightSpec, character
from service.engine.handlers.support import has_token, mark, name_of
from service.engine.model import Cause, GameState, Player, Token, Until
from service.engine.rules import works
from service.engine.step import Step
from service.errors import InvalidRequest

# ---- Barista -------------------------------------------------------------------------------

barista = character(
    "barista",
    tokens={"Sober & Healthy": Until.DUSK, "Acts Twice": Until.DUSK},
    cites={
        "choose": "The Storyteller chooses which player the Barista affects each night",
        "sober": "A player marked SOBER AND HEALTHY is sober and healthy",
        "twice": "A player marked ACTS TWICE acts twice at the appropriate time",
        "true": "The Barista ensures players get true information",
    },
)
MODES = {"sober": "Sober & Healthy", "twice": "Acts Twice"}


@barista.night
def _barista_night(step: Step, me: Player, act: Act | None) -> None:
    for token in MODES.values():
        step.update(step.state.remove_tokens("barista", token, by=me.name))
    if not works(step.state, me, "barista"):
        step.say(
            f"{me.name} has no working Barista ability: nobody is affected tonight.",
            player=me,
            rulings=step.cite(None, "drunk"),
        )
        return
    rulings = (*step.cite(barista, "ability"), *step.cite(barista, "choose"))
    names = [p.name for p in step.state.players]
    default = next((n for n in names if n != me.name), me.name)
    who = step.choose(
        f"{step.slug(me, barista.id)}.player",
        "which player the Barista affects tonight",
        names,
        default,
        rulings=rulings,
    )
    mode = step.choose(
        f"{step.slug(me, barista.id)}.mode",
        f"what happens to {who}: sober, healthy and true information, or their ability works twice",
        list(MODES),
        "sober",
        rulings=rulings,
    )
    mark(step, barista, me, MODES[mode], step.player(who))
    what = (
        "is sober and healthy and gets true information until dusk"
        if mode == "sober"
        else "has their ability work twice until dusk (a request still gives one action)"
    )
    step.say(
        f"{me.name} (Barista): {who} {what}, and learns which.",
        player=me,
        rulings=(
            *rulings,
            *step.cite(barista, mode),
            *(step.cite(barista, "true") if mode == "sober" else ()),
        ),
    )


@barista.cures
def _barista_cures(state: GameState, me: Player, target: Player, visiting) -> bool:
    marked = any(
        t.on == target.name and t.by == me.name
        for t in state.find_tokens("barista", MODES["sober"])
    )
    return marked and works(state, me, "barista", _visiting=visiting)


# ---- Harlot --------------------------------------------------------------------------------

harlot = character(
    "harlot",
    night=NightSpec(targets=1),
    cites={"agree": "If that player nods their head, wake the Harlot"},
)


@harlot.validate
def _harlot_validate(step: Step, me: Player, act: Act) -> None:
    if not step.player(act.targets[0]).alive:
        raise InvalidRequest(
            f"the Harlot chooses a living player; {act.targets[0]} is dead", field="targets[0]"
        )


@harlot.night
def _harlot_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    target = step.player(act.targets[0])
    rulings = (*step.cite(harlot, "ability"), *step.cite(harlot, "agree"))
    agrees = step.choose(
        f"{step.slug(me, harlot.id)}.agrees",
        f"whether {target.name} agrees to show the Harlot their character",
        ["yes", "no"],
        "no",
        rulings=rulings,
    )
    if agrees == "no":
        step.say(
            f"{me.name} (Harlot) chooses {target.name}, who does not agree: nothing happens.",
            player=me,
            rulings=rulings,
        )
        return
    notes: list[str] = []
    shown = step.register(me, target, "character", notes)
    step.inform(me, "harlot", shown, misregistered=notes, options="any character", rulings=rulings)
    step.say(
        f"{target.name} agrees: {me.name} (Harlot) learns they are the {name_of(step, shown)}.",
        player=me,
        rulings=rulings,
    )
    if not works(step.state, me, "harlot"):
        return
    deaths = step.choose(
        f"{step.slug(me, harlot.id)}.deaths",
        f"whether {me.name} and {target.name} both die",
        ["neither", "both"],
        "neither",
        rulings=rulings,
    )
    if deaths == "both":
        for name in (target.name, me.name):
            kill(step, name, Cause.ABILITY, by=me, rulings=step.cite(harlot, "ability"))


# ---- Butcher -------------------------------------------------------------------------------

butcher = character("butcher")


@butcher.nominates_again
def _butcher_again(step: Step, me: Player, target: Player) -> tuple | None:
    today, used = step.state.today, f"{me.name}:butcher"
    if not today.executed or used in today.used or not works(step.state, me, "butcher"):
        return None
    step.update(replace(step.state, today=replace(today, used=(*today.used, used))))
    step.say(
        f"After today's execution, {me.name} (Butcher) nominates again.",
        player=me,
        rulings=step.cite(butcher, "ability"),
    )
    return step.cite(butcher, "ability")


@butcher.extra_execution
def _butcher_execution(step: Step, me: Player, target: Player) -> tuple | None:
    today, done = step.state.today, f"{me.name}:butcher:executed"
    last = today.nominators[-1:] == (me.name,) and today.nominees[-1:] == (target.name,)
    if f"{me.name}:butcher" not in today.used or done in today.used or not last:
        return None
    step.update(replace(step.state, today=replace(today, used=(*today.used, done))))
    return step.cite(butcher, "ability")


# ---- Bone Collector ------------------------------------------------------------------------

bonecollector = character(
    "bonecollector",
    night=NightSpec(targets=1, optional=True),
    tokens={"No Ability": Until.NEVER, "Has Ability": Until.DUSK},
    cites={"wake": "If necessary, wake the chosen player to use their"},
)


@bonecollector.validate
def _bonecollector_validate(step: Step, me: Player, act: Act) -> None:
    if has_token(step, bonecollector, "No Ability", by=me):
        raise InvalidRequest(
            f"{me.name} (Bone Collector) has already used their once-per-game ability",
            field="player",
        )
    if act.targets and step.player(act.targets[0]).alive:
        raise InvalidRequest(
            f"the Bone Collector chooses a dead player; {act.targets[0]} is alive",
            field="targets[0]",
        )


@bonecollector.night
def _bonecollector_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None or act.decline:
        return
    target = step.player(act.targets[0])
    step.place(Token(name="No Ability", character="bonecollector", on=me.name, by=me.name))
    if not works(step.state, me, "bonecollector"):
        step.say(
            f"{me.name} chooses {target.name} without a working Bone Collector ability: "
            f"nothing happens, and the ability is spent.",
            player=me,
            rulings=step.cite(None, "drunk"),
        )
        return
    mark(step, bonecollector, me, "Has Ability", target)
    step.say(
        f"{me.name} (Bone Collector) chooses {target.name}, who regains their "
        f"{name_of(step, target.character)} ability until dusk (and wakes for it if it "
        f"wakes later tonight).",
        player=me,
        rulings=(*step.cite(bonecollector, "ability"), *step.cite(bonecollector, "wake")),
    )


@bonecollector.keeps
def _bonecollector_keeps(state: GameState, me: Player, target: Player, visiting) -> bool:
    marked = any(
        t.on == target.name and t.by == me.name
        for t in state.find_tokens("bonecollector", "Has Ability")
    )
    return marked and works(state, me, "bonecollector", _visiting=visiting)


# ---- Deviant -------------------------------------------------------------------------------

deviant = character("deviant")


@deviant.protects
def _deviant_protects(step: Step, me: Player, target: Player, cause: Cause) -> tuple | None:
    if target.name != me.name or cause is not Cause.EXILE or not works(step.state, me, "deviant"):
        return None
    rulings = step.cite(deviant, "ability")
    funny = step.choose(
        f"{step.slug(me, deviant.id)}.funny",
        f"whether {me.name} (Deviant) was funny today",
        ["yes", "no"],
        "no",
        rulings=rulings,
    )
    return rulings if funny == "yes" else None
