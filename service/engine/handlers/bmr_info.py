"""Bad Moon Rising: the Townsfolk who learn or gamble (Grandmother, Chambermaid, Gambler,
Gossip).

The Gossip's statement is an ``ability`` event by the Gossip (whether it is true is a
storyteller choice); the death it causes happens at the Gossip's place in the night order,
which wakes nobody (the ``unwoken`` hook), so a Chambermaid does not count it.
"""

from __future__ import annotations

from typing import Any

from service.engine.actions import Act, UseAbility
from service.engine.deaths import kill
from service.engine.handlers import Handler, NightSpec, character
from service.engine.handlers.bmr import (
    alive_targets,
    distinct,
    drop,
    pending,
    use_today,
    used_today,
)
from service.engine.handlers.support import name_of, never_woken, token_on
from service.engine.model import (
    Alignment,
    Cause,
    Death,
    Player,
    Token,
    Until,
)
from service.engine.nightorder import slots, wakes
from service.engine.rules import unreliable_because, works
from service.engine.step import Step
from service.errors import InvalidRequest


def tell(
    step: Step,
    me: Player,
    handler: Handler,
    answer: Any,
    *,
    options: Any,
    check: Any = None,
    drunk: str = "drunk",
    words: str | None = None,
) -> None:
    """Record and describe what an information ability gave (``words``: the answer as
    told in the trace; ``drunk``: the citation key for unreliable information)."""
    broken = unreliable_because(step.state, me, handler.id)
    rulings = step.cite(handler, drunk) if broken else step.cite(handler, "ability")
    told = step.inform(me, handler.id, answer, options=options, check=check, rulings=rulings)
    reliability = "reliable" if not broken else f"not reliable: {'; '.join(broken)}"
    shown = f"; told {told}" if told != answer else ""
    step.say(
        f"{me.name} ({name_of(step, handler.id)}) learns {words or answer} ({reliability}){shown}.",
        player=me,
        rulings=rulings,
    )


# ---- Grandmother --------------------------------------------------------------------------

grandmother = character(
    "grandmother",
    tokens={"Grandchild": Until.NEVER},
    cites={
        "grandchild": "choose a good player and place the Grandmother",
        "dies": "On the night the Demon kills the grandchild, the Grandmother dies too",
        "other": "If the grandchild dies from any other cause",
        "drunk": "When the Grandmother is drunk or poisoned as they learn",
        "drunk-kill": "If the Grandmother is drunk or poisoned when the Demon kills the grandchild",
    },
)


@grandmother.setup
def _grandmother_setup(step: Step, me: Player) -> None:
    if token_on(step, grandmother, "Grandchild", me):
        return
    good = [
        p.name
        for p in step.state.players
        if p.alignment is Alignment.GOOD and p.name != me.name and not p.traveller
    ]
    if not good:
        return
    chosen = step.choose(
        f"setup.grandmother.{me.name}.grandchild",
        f"which good player is {me.name}'s grandchild",
        good,
        good[0],
        rulings=step.cite(grandmother, "grandchild"),
    )
    step.place(Token(name="Grandchild", character="grandmother", on=chosen, by=me.name))


@grandmother.wakes
def _grandmother_wakes(step: Step, me: Player) -> bool:
    return me.alive and step.moment.first_night


@grandmother.night
def _grandmother_night(step: Step, me: Player, act: Act | None) -> None:
    child = token_on(step, grandmother, "Grandchild", me)
    if child is None:
        return
    answer = {"player": child.name, "character": child.character}
    tell(
        step,
        me,
        grandmother,
        answer,
        options="a player and a character",
        words=f"that their grandchild {child.name} is the {name_of(step, child.character)}",
        check=lambda v: isinstance(v, dict) and set(v) == {"player", "character"},
    )


@grandmother.sees_death
def _grandmother_sees(step: Step, me: Player, death: Death) -> None:
    child = token_on(step, grandmother, "Grandchild", me)
    if child is None or child.name != death.player or not me.alive:
        return
    if death.cause is not Cause.DEMON:
        step.say(
            f"{child.name}, {me.name}'s grandchild, did not die to the Demon: the "
            f"Grandmother lives.",
            player=me,
            rulings=step.cite(grandmother, "other"),
        )
    elif not works(step.state, me, "grandmother"):
        step.say(
            f"The Demon killed {child.name}, but {me.name} has no working Grandmother "
            f"ability: the Grandmother lives.",
            player=me,
            rulings=step.cite(grandmother, "drunk-kill"),
        )
    else:
        rulings = (*step.cite(grandmother, "ability"), *step.cite(grandmother, "dies"))
        step.say(
            f"The Demon killed {child.name}, {me.name}'s grandchild: the Grandmother dies too.",
            player=me,
            rulings=rulings,
        )
        kill(step, me.name, Cause.ABILITY, by=me, rulings=rulings)


# ---- Chambermaid --------------------------------------------------------------------------

chambermaid = character(
    "chambermaid",
    night=NightSpec(targets=2, not_self=True),
    cites={
        "count": "how many of those two woke tonight due to their own ability",
        "later": "Count players who have not woken yet but will wake later tonight",
        "own": "Count only waking due to their own ability",
        "drunk": "When the Chambermaid is drunk or poisoned, the number need not be true",
        "one": "If only one other player is alive",
    },
)


def _others_alive(step: Step, me: Player) -> list[Player]:
    return [p for p in step.state.players if p.alive and p.name != me.name]


@chambermaid.target_count
def _chambermaid_count(step: Step, me: Player) -> int:
    return min(2, len(_others_alive(step, me)))


@chambermaid.validate
def _chambermaid_validate(step: Step, me: Player, act: Act) -> None:
    alive_targets(step, chambermaid, act)
    distinct(step, chambermaid, act)


def woke_tonight(step: Step, name: str) -> bool:
    """Woke tonight for their own ability, or will wake later tonight."""
    if name in step.state.woke:
        return True
    cursor = step.state.night_cursor
    return any(
        s.player is not None
        and s.player.name == name
        and s.key > cursor
        and wakes(step, step.player(name), s.name)
        for s in slots(step)
    )


@chambermaid.night
def _chambermaid_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    woke = [name for name in act.targets if woke_tonight(step, name)]
    rulings = (
        *step.cite(chambermaid, "ability"),
        *step.cite(chambermaid, "count"),
        *step.cite(chambermaid, "later"),
        *step.cite(chambermaid, "own"),
    )
    if len(act.targets) == 1:
        rulings = (*rulings, *step.cite(chambermaid, "one"))
    step.say(
        f"{me.name} (Chambermaid) chooses {' and '.join(act.targets)}; woke tonight by "
        f"their own ability: {', '.join(woke) or 'neither'}.",
        player=me,
        rulings=rulings,
    )
    tell(step, me, chambermaid, len(woke), options=list(range(len(act.targets) + 1)))


# ---- Gambler ------------------------------------------------------------------------------

gambler = character(
    "gambler",
    night=NightSpec(targets=1, character=True),
    cites={
        "right": "If the guess is right, nothing happens",
        "wrong": "If it is wrong, the Gambler dies",
        "own": "Guessing their own character is always true",
        "drunk": "When the Gambler is drunk or poisoned, a wrong guess does not kill them",
        "register": "If the chosen player registers as another character, you may treat the",
        "not-demon": "A Gambler dying to their own ability is not a Demon kill",
    },
)


@gambler.night
def _gambler_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    target, guess = step.player(act.targets[0]), act.character or ""
    notes: list[str] = []
    shown = step.register(me, target, "character", notes, allowed=[target.character, guess])
    said = f"{me.name} (Gambler) guesses that {target.name} is the {name_of(step, guess)}"
    if shown == guess:
        rulings = (
            *step.cite(gambler, "ability"),
            *step.cite(gambler, "right"),
            *(step.cite(gambler, "own") if target.name == me.name else ()),
            *(step.cite(gambler, "register") if notes else ()),
        )
        step.say(f"{said}: right, nothing happens.", player=me, rulings=rulings)
        return
    if not works(step.state, me, "gambler"):
        step.say(
            f"{said}: wrong, but {me.name} has no working Gambler ability, so nothing happens.",
            player=me,
            rulings=step.cite(gambler, "drunk"),
        )
        return
    rulings = (
        *step.cite(gambler, "ability"),
        *step.cite(gambler, "wrong"),
        *step.cite(gambler, "not-demon"),
    )
    step.say(
        f"{said}: wrong ({target.name} is the {name_of(step, target.character)}).",
        player=me,
        rulings=rulings,
    )
    kill(step, me.name, Cause.ABILITY, by=me, rulings=rulings)


# ---- Gossip -------------------------------------------------------------------------------

gossip = character(
    "gossip",
    tokens={"Dead": Until.NEVER},
    cites={
        "statement": "When the Gossip makes a public statement during the day, note it down",
        "call": "Whether the statement is true is the Storyteller's call",
        "dies": "That night, if the statement was true, a player dies",
        "anyone": "Anyone may be the one who dies",
        "false": "If the statement was not true, nothing happens",
        "drunk": "When the Gossip is drunk or poisoned, a true statement kills nobody",
        "sober": "but is sober and healthy when their ability triggers that night",
        "not-demon": "A death caused by the Gossip is not a Demon kill",
        "dead": "Statements made after death do nothing",
        "died": "If the Gossip dies after speaking but before that night",
    },
)


@gossip.day
def _gossip_day(step: Step, me: Player, event: UseAbility) -> None:
    if not me.alive:
        raise InvalidRequest(
            f"{me.name} (Gossip) is dead: statements made after death do nothing", field="by"
        )
    if used_today(step, f"{me.name}:gossip"):
        raise InvalidRequest(f"{me.name} (Gossip) has already made today's statement", field="by")
    if not event.text:
        raise InvalidRequest("the Gossip's statement goes in 'text'", field="text")
    use_today(step, f"{me.name}:gossip")
    rulings = (
        *step.cite(gossip, "ability"),
        *step.cite(gossip, "statement"),
        *step.cite(gossip, "call"),
    )
    true = step.choose(
        f"{step.slug(me)}.true",
        f"whether {me.name}'s statement is true: {event.text!r}",
        [False, True],
        False,
        rulings=rulings,
    )
    if not true:
        step.say(
            f"{me.name} (Gossip) says {event.text!r}: not true, so nothing happens.",
            player=me,
            rulings=(*rulings, *step.cite(gossip, "false")),
        )
        return
    step.place(Token(name="Dead", character="gossip", on=me.name, by=me.name))
    step.say(
        f"{me.name} (Gossip) says {event.text!r}: true, so a player dies tonight.",
        player=me,
        rulings=(*rulings, *step.cite(gossip, "dies")),
    )


gossip.wakes(never_woken)  # the Storyteller kills; the Gossip does not wake


@gossip.unwoken
def _gossip_unwoken(step: Step, me: Player) -> None:
    token = pending(step, gossip, me)
    if token is None or token.on != me.name:
        return
    drop(step, token)
    if not me.alive:
        step.say(
            f"{me.name} (Gossip) died after speaking: the statement has no effect.",
            player=me,
            rulings=step.cite(gossip, "died"),
        )
        return
    if not works(step.state, me, "gossip"):
        step.say(
            f"{me.name} has no working Gossip ability tonight: nobody dies.",
            player=me,
            rulings=(*step.cite(gossip, "drunk"), *step.cite(gossip, "sober")),
        )
        return
    seats = step.state.players
    clockwise = [p.name for p in (*seats[me.seat + 1 :], *seats[: me.seat + 1]) if p.alive]
    rulings = (*step.cite(gossip, "dies"), *step.cite(gossip, "anyone"))
    victim = step.choose(
        f"{step.slug(me)}.victim",
        "who dies because the Gossip's statement was true",
        [p.name for p in seats if p.alive],
        clockwise[0],
        rulings=rulings,
    )
    step.place(Token(name="Dead", character="gossip", on=victim, by=me.name))
    step.say(
        f"{me.name}'s statement was true: the Storyteller chooses {victim} to die.",
        player=me,
        rulings=(*step.cite(gossip, "ability"), *rulings),
    )
    kill(step, victim, Cause.ABILITY, by=me, rulings=step.cite(gossip, "not-demon"))
