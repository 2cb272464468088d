"""Bad Moon Rising: the Townsfolk who keep players alive (Sailor, Innkeeper, Tea Lady, Fool,
Pacifist), and helpers the other ``bmr_*`` modules share.

Information and chance are in ``bmr_info``, the Courtier, Professor and Minstrel in
``bmr_townsfolk``, the Outsiders in ``bmr_outsiders``, the Minions in ``bmr_evil``, the
Exorcist and the Demons in ``bmr_demons``, the Travellers in ``bmr_travellers``.
"""

from __future__ import annotations

from dataclasses import replace

from knowledge.model import Team
from service.engine.actions import Act
from service.engine.handlers import Handler, NightSpec, character
from service.engine.handlers.support import has_token, mark, name_of
from service.engine.model import (
    Alignment,
    Cause,
    Death,
    GameState,
    Kind,
    Moment,
    Phase,
    Player,
    Token,
    Until,
)
from service.engine.rules import alive_neighbours, works
from service.engine.step import Step
from service.errors import InvalidRequest

# ---- helpers shared by the Bad Moon Rising modules ----------------------------------------


def placed_by(state: GameState, cid: str, token: str, me: Player, on: Player) -> bool:
    """``me``'s ``token`` reminder (of character ``cid``) sits on ``on``."""
    return any(t.on == on.name and t.by == me.name for t in state.find_tokens(cid, token))


def last_night(step: Step) -> Moment:
    return Moment(Phase.NIGHT, step.moment.number - 1)


def last_choice(step: Step, handler: Handler, token: str, me: Player) -> str | None:
    """Who ``me`` marked with ``token`` last night (a set-up reminder counts as last night's)."""
    for t in step.state.find_tokens(handler.id, token):
        if t.by == me.name and t.placed in (None, last_night(step)):
            return t.on
    return None


def not_again(step: Step, handler: Handler, token: str, me: Player, act: Act) -> None:
    """Refuse last night's player again ("different to last night")."""
    if act.targets and last_choice(step, handler, token, me) == act.targets[0]:
        raise InvalidRequest(
            f"the {name_of(step, handler.id)} may not choose "
            f"{act.targets[0]} again: they chose them last night",
            field="targets[0]",
        )


def alive_targets(step: Step, handler: Handler, act: Act) -> None:
    for i, name in enumerate(act.targets):
        if not step.player(name).alive:
            raise InvalidRequest(
                f"the {name_of(step, handler.id)} chooses an alive player; {name} is dead",
                field=f"targets[{i}]",
            )


def distinct(step: Step, handler: Handler, act: Act) -> None:
    if len(set(act.targets)) != len(act.targets):
        raise InvalidRequest(
            f"the {name_of(step, handler.id)} chooses different players", field="targets"
        )


def drop(step: Step, token: Token) -> None:
    """Take one reminder token off the Grimoire."""
    step.update(replace(step.state, tokens=tuple(t for t in step.state.tokens if t != token)))


def spent(step: Step, handler: Handler, me: Player) -> bool:
    return has_token(step, handler, "No Ability", by=me)


def spent_reason(step: Step, handler: Handler, me: Player) -> str | None:
    if spent(step, handler, me):
        return "they have used their once-per-game ability"
    return None


def revive(step: Step, player: Player) -> Player:
    """The player is alive again, with their vote token back."""
    back = replace(player, alive=True, ghost_vote=True)
    step.update(step.state.with_player(back))
    return back


def died_on(step: Step, moment: Moment) -> list[Death]:
    return [d for d in step.state.deaths if d.moment == moment]


def used_today(step: Step, key: str) -> bool:
    return key in step.state.today.used


def use_today(step: Step, key: str) -> None:
    today = step.state.today
    step.update(replace(step.state, today=replace(today, used=(*today.used, key))))


def tonight(step: Step, token: Token) -> bool:
    return token.placed == step.moment


def dead(step: Step, handler: Handler, me: Player, what: str) -> bool:
    """Say that ``me`` is dead, so their ability no longer does ``what``; False if alive."""
    if me.alive:
        return False
    step.say(
        f"{me.name} ({name_of(step, handler.id)}) is dead: {what}.",
        player=me,
        character=handler.id,
        rulings=(*step.cite(handler, "ability"), *step.cite(None, "dead")),
    )
    return True


def no_choice(step: Step, me: Player, what: str) -> None:
    """The player woke, but the request gives no choice for them."""
    step.say(
        f"{me.name} ({name_of(step, me.acting)}) wakes, but the request gives no choice "
        f"for them: {what}.",
        player=me,
    )


def pending(step: Step, handler: Handler, me: Player) -> Token | None:
    """``me``'s "Dead" reminder, if one waits to be resolved tonight."""
    found = [t for t in step.state.find_tokens(handler.id, "Dead") if t.by == me.name]
    return found[0] if found else None


# ---- Sailor -------------------------------------------------------------------------------

sailor = character(
    "sailor",
    night=NightSpec(targets=1),
    tokens={"Drunk": Until.DUSK},
    cites={
        "choice": "the Sailor or that player. The Storyteller chooses which",
        "usually": "the Storyteller will usually make the Townsfolk drunk",
        "cannot-die": "The Sailor cannot die, from any cause",
        "drunk": "When the Sailor is drunk or poisoned, they can die and nobody becomes drunk",
        "dead": "If the Sailor chooses a dead player accidentally",
    },
)


@sailor.validate
def _sailor_validate(step: Step, me: Player, act: Act) -> None:
    alive_targets(step, sailor, act)


@sailor.night
def _sailor_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    target = step.player(act.targets[0])
    if not works(step.state, me, "sailor"):
        step.say(
            f"{me.name} chooses {target.name} without a working Sailor ability: nobody "
            f"becomes drunk.",
            player=me,
            rulings=step.cite(sailor, "drunk"),
        )
        return
    drunk = me.name
    if target.name != me.name:
        default = target.name if target.team is Team.TOWNSFOLK else me.name
        drunk = step.choose(
            f"{step.slug(me)}.drunk",
            f"who is drunk until dusk: the Sailor {me.name} or {target.name}",
            [me.name, target.name],
            default,
            rulings=(*step.cite(sailor, "choice"), *step.cite(sailor, "usually")),
        )
    mark(step, sailor, me, "Drunk", step.player(drunk))
    step.say(
        f"{me.name} (Sailor) chooses {target.name}: {drunk} is drunk until dusk.",
        player=me,
        rulings=(*step.cite(sailor, "ability"), *step.cite(sailor, "choice")),
    )


@sailor.afflicts
def _sailor_afflicts(state: GameState, me: Player, target: Player, visiting) -> Kind | None:
    if placed_by(state, "sailor", "Drunk", me, target) and works(
        state, me, "sailor", _visiting=visiting
    ):
        return Kind.DRUNK
    return None


@sailor.protects
def _sailor_protects(step: Step, me: Player, target: Player, cause: Cause) -> tuple | None:
    if target.name != me.name:
        return None
    if not works(step.state, me, "sailor"):
        step.say(
            f"{me.name} has no working Sailor ability: they can die.",
            player=me,
            rulings=step.cite(sailor, "drunk"),
        )
        return None
    return (*step.cite(sailor, "ability"), *step.cite(sailor, "cannot-die"))


# ---- Innkeeper ----------------------------------------------------------------------------

innkeeper = character(
    "innkeeper",
    night=NightSpec(targets=2),
    tokens={"Safe": Until.DAWN, "Drunk": Until.DUSK},
    cites={
        "safe": "Those two cannot die tonight, whether from the Demon's kill or any other ability",
        "which": "The Storyteller chooses which of the two is drunk",
        "self": "The Innkeeper may choose themself, so a night",
        "drunk": "When the Innkeeper is drunk or poisoned, nobody is protected",
    },
)


def _innkeeper_works(state: GameState, me: Player, visiting=frozenset()) -> bool:
    # Drunkenness from their own choice tonight does not undo what the ability just did.
    own = state.remove_tokens("innkeeper", "Drunk", by=me.name)
    return works(own, me, "innkeeper", _visiting=visiting)


@innkeeper.validate
def _innkeeper_validate(step: Step, me: Player, act: Act) -> None:
    distinct(step, innkeeper, act)


@innkeeper.night
def _innkeeper_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    names = list(act.targets)
    rulings = (
        *step.cite(innkeeper, "which"),
        *(step.cite(innkeeper, "self") if me.name in names else ()),
    )
    step.update(step.state.remove_tokens("innkeeper", "Safe", by=me.name))
    for name in names:
        step.place(Token(name="Safe", character="innkeeper", on=name, by=me.name, until=Until.DAWN))
    if not _innkeeper_works(step.state, me):
        # nobody becomes drunk, so which of the two would have been is no choice to make
        step.say(
            f"{me.name} chooses {' and '.join(names)} without a working Innkeeper "
            f"ability: nobody is protected and nobody becomes drunk.",
            player=me,
            rulings=step.cite(innkeeper, "drunk"),
        )
        return
    drunk = step.choose(
        f"{step.slug(me)}.drunk",
        "which of the two the Innkeeper chose is drunk until dusk",
        names,
        me.name if me.name in names else names[0],
        rulings=rulings,
    )
    mark(step, innkeeper, me, "Drunk", step.player(drunk))
    step.say(
        f"{me.name} (Innkeeper) chooses {' and '.join(names)}: they cannot die tonight, "
        f"and {drunk} is drunk until dusk.",
        player=me,
        rulings=(*step.cite(innkeeper, "ability"), *rulings),
    )


@innkeeper.afflicts
def _innkeeper_afflicts(state: GameState, me: Player, target: Player, visiting) -> Kind | None:
    if placed_by(state, "innkeeper", "Drunk", me, target) and _innkeeper_works(state, me, visiting):
        return Kind.DRUNK
    return None


@innkeeper.protects
def _innkeeper_protects(step: Step, me: Player, target: Player, cause: Cause) -> tuple | None:
    if not placed_by(step.state, "innkeeper", "Safe", me, target) or dead(
        step, innkeeper, me, f"their Safe reminder on {target.name} protects nobody"
    ):
        return None
    if not _innkeeper_works(step.state, me):
        step.say(
            f"{me.name}'s Safe reminder on {target.name} protects nobody: {me.name} has "
            f"no working Innkeeper ability.",
            player=me,
            rulings=step.cite(innkeeper, "drunk"),
        )
        return None
    return (*step.cite(innkeeper, "ability"), *step.cite(innkeeper, "safe"))


# ---- Tea Lady, Fool, Pacifist -------------------------------------------------------------

tealady = character(
    "tealady",
    cites={
        "protect": "If both alive neighbours are good, neither of them can die",
        "cause": "The cause does not matter: the Demon's kill, an execution",
        "evil": "If either neighbour is evil, nobody is protected",
        "drunk": "When the Tea Lady is drunk or poisoned, the protection does not work",
        "neighbours": "Neighbours are the nearest living player on each side",
    },
)


@tealady.protects
def _tealady_protects(step: Step, me: Player, target: Player, cause: Cause) -> tuple | None:
    if me.alive and target.name == me.name:
        # "can the demon kill the tea lady": the ability is the neighbours', never her own
        step.say(
            f"{me.name} is the Tea Lady: the ability keeps their neighbours alive, not themself.",
            player=me,
            rulings=(*step.cite(tealady, "ability"), *step.cite(tealady, "protect")),
        )
        return None
    neighbours = alive_neighbours(step.state, me)
    if not me.alive or target.name not in {p.name for p in neighbours}:
        return None
    if not works(step.state, me, "tealady"):
        step.say(
            f"{me.name} has no working Tea Lady ability: {target.name} is not protected.",
            player=me,
            rulings=step.cite(tealady, "drunk"),
        )
        return None
    notes: list[str] = []
    good = [step.register(me, p, "alignment", notes) == Alignment.GOOD for p in neighbours]
    if len(neighbours) < 2 or not all(good):
        step.say(
            f"{me.name}'s alive neighbours ({' and '.join(p.name for p in neighbours)}) "
            f"are not both good: the Tea Lady protects nobody.",
            player=me,
            rulings=(*step.cite(tealady, "evil"), *step.cite(tealady, "neighbours")),
        )
        return None
    return (
        *step.cite(tealady, "ability"),
        *step.cite(tealady, "protect"),
        *step.cite(tealady, "cause"),
    )


fool = character(
    "fool",
    tokens={"No Ability": Until.NEVER},
    cites={
        "first": "The first time the Fool would die, they do not",
        "cause": "The cause does not matter: a Demon kill, an execution",
        "drunk": "If the Fool is drunk or poisoned when they would die, they die",
        "used": "Once the ability has been used, the Fool dies as normal the next time",
        "other": "protects the Fool from death, the Fool does not use their ability",
    },
)


@fool.protects
def _fool_protects(step: Step, me: Player, target: Player, cause: Cause) -> tuple | None:
    # Asked after every other protection (the core asks a player's own ability last).
    if target.name != me.name:
        return None
    if spent(step, fool, me):
        step.say(
            f"{me.name} (Fool) has already escaped death once: they die as normal.",
            player=me,
            rulings=step.cite(fool, "used"),
        )
        return None
    if not works(step.state, me, "fool"):
        step.say(
            f"{me.name} has no working Fool ability: they die, and the ability is not spent.",
            player=me,
            rulings=step.cite(fool, "drunk"),
        )
        return None
    mark(step, fool, me, "No Ability", me)
    return (*step.cite(fool, "ability"), *step.cite(fool, "first"), *step.cite(fool, "cause"))


pacifist = character(
    "pacifist",
    cites={
        "choice": "Each time a good player is executed, the Storyteller chooses whether they die",
        "still": "Even when nobody dies, the day's execution has happened",
        "drunk": "When the Pacifist is drunk or poisoned, an executed good player dies as normal",
        "actual": "keeping to actual alignment is the simpler ruling",
    },
)


@pacifist.protects
def _pacifist_protects(step: Step, me: Player, target: Player, cause: Cause) -> tuple | None:
    if (
        cause is not Cause.EXECUTION
        or target.alignment is not Alignment.GOOD
        or dead(step, pacifist, me, f"{target.name} dies as normal")
    ):
        return None
    if not works(step.state, me, "pacifist"):
        step.say(
            f"{me.name} has no working Pacifist ability: {target.name} dies as normal.",
            player=me,
            rulings=step.cite(pacifist, "drunk"),
        )
        return None
    rulings = (
        *step.cite(pacifist, "ability"),
        *step.cite(pacifist, "choice"),
        *step.cite(pacifist, "actual"),
    )
    saved = step.choose(
        f"{step.slug(me)}.saves.{target.name}",
        f"whether {target.name}, a good player, survives their execution ({me.name}'s Pacifist)",
        [False, True],
        False,
        rulings=rulings,
    )
    if not saved:
        return None
    return (*rulings, *step.cite(pacifist, "still"))
