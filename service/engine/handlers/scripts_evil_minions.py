"""The seed scripts' Minions: Marionette, Widow, Xaan, Organ Grinder, Harpy.

Request conventions: the Organ Grinder's nightly choice is a night action, ``{"player":
OG}`` to nod (drunk until dusk) and ``{"player": OG, "decline": true}`` (or no action) to
stay sober. The Xaan's X is the set-up choice ``setup.xaan.<player>.x`` (default: the
Outsiders in the request), or a "Night N" reminder already on the Xaan. The Harpy's
"one or both might die" is the storyteller choice ``day<N>.harpy.<player>.deaths``, made
at dusk of the mad day.
"""

from __future__ import annotations

from knowledge.model import Team
from service.engine.actions import Act, Vote
from service.engine.deaths import kill
from service.engine.handlers import NightSpec, character
from service.engine.handlers.support import by_seat, mark, name_of, token_on
from service.engine.model import Alignment, Cause, Kind, Player, Token, Until
from service.engine.rules import works
from service.engine.step import Step
from service.errors import InvalidRequest

# ---- Marionette ---------------------------------------------------------------------------

marionette = character(
    "marionette",
    thinks=(Team.TOWNSFOLK, Team.OUTSIDER),
    cites={
        "neighbour": "There are no players sitting in between the Marionette and the Demon",
        "registers": "The Marionette registers as evil, and as a Minion",
        "drunk-like": "Treat the Marionette as if they were drunk",
        "demon": "Point to the player marked IS THE MARIONETTE and show the Marionette",
        "drunk": "When the Marionette is drunk or poisoned at the time the Demon would learn",
        "minion-info": "or any other time a rule or ability says to wake a player because they",
    },
)


def _at_setup(step: Step) -> bool:
    return step.state.moment.number == 0


@marionette.wakes
def _marionette_wakes(step: Step, me: Player) -> bool:
    # Their own slot wakes the Demon, which the set-up step reports; the Marionette wakes
    # only as the good character they think they are.
    return False


@marionette.setup
def _marionette_setup(step: Step, me: Player) -> None:
    if me.character != "marionette" or not _at_setup(step):
        return
    n = len(step.state.players)
    near = [step.state.players[(me.seat + d) % n] for d in (-1, 1)]
    demons = [p for p in near if p.team is Team.DEMON]
    anywhere = [p for p in step.state.players if p.team is Team.DEMON]
    if anywhere and not demons:
        raise InvalidRequest(
            f"{me.name} is the Marionette but sits next to no Demon: the "
            f"Marionette starts as the Demon's neighbour"
        )
    thinks = (
        f"thinks they are the {name_of(step, me.thinks)}"
        if me.thinks
        else "(the request does not say what they think they are)"
    )
    step.place(Token(name="Is The Marionette", character="marionette", on=me.name))
    step.say(
        f"{me.name} is the Marionette and {thinks}: their good ability does not work, "
        f"they register as an evil Minion, and they do not wake for Minion info.",
        player=me,
        character="marionette",
        rulings=(
            *step.cite(marionette, "ability"),
            *step.cite(marionette, "neighbour"),
            *step.cite(marionette, "drunk-like"),
            *step.cite(marionette, "registers"),
            *step.cite(marionette, "minion-info"),
        ),
    )
    if demons:
        _demon_learns(step, me, demons[0])


def _demon_learns(step: Step, me: Player, demon: Player) -> None:
    if not works(step.state, me, "marionette"):
        step.say(
            f"{me.name} has no working Marionette ability: the Demon learns nothing.",
            player=me,
            character="marionette",
            rulings=step.cite(marionette, "drunk"),
        )
        return
    step.say(
        f"On the first night the Demon, {demon.name}, is woken and shown that {me.name} "
        f"is the Marionette.",
        player=me,
        character="marionette",
        rulings=step.cite(marionette, "demon"),
    )


# ---- Widow --------------------------------------------------------------------------------

widow = character(
    "widow",
    night=NightSpec(targets=1),
    tokens={"Poisoned": Until.NEVER, "Know": Until.NEVER},
    cites={
        "grimoire": "wake the Widow and show them the Grimoire for as long as",
        "lasts": "The player that the Widow poisons is poisoned until the Widow",
        "know": "mark a good player with the KNOW reminder",
        "learns": "Wake the player marked KNOW. Show them the Widow character",
        "self": "When the Widow poisons themself on their first night",
        "drunk": "When the Widow is drunk or poisoned, the Widow's poison stops",
    },
)


@widow.night
def _widow_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    target = step.player(act.targets[0])
    step.say(
        f"{me.name} (Widow) looks at the Grimoire.", player=me, rulings=step.cite(widow, "grimoire")
    )
    mark(step, widow, me, "Poisoned", target)
    if not works(step.state, me, "widow"):
        step.say(
            f"{me.name} chooses {target.name} without a working Widow ability: nobody is "
            f"poisoned while that lasts, and no good player learns of the Widow.",
            player=me,
            rulings=step.cite(widow, "drunk"),
        )
        return
    step.say(
        f"{me.name} (Widow) poisons {target.name}, for as long as the Widow's ability works.",
        player=me,
        rulings=(*step.cite(widow, "ability"), *step.cite(widow, "lasts")),
    )
    if target.name == me.name:
        step.say(
            f"{me.name} poisoned themself before any good player learned of the Widow: "
            f"nobody learns a Widow is in play.",
            player=me,
            rulings=step.cite(widow, "self"),
        )
        return
    _someone_knows(step, me)


def _someone_knows(step: Step, me: Player) -> None:
    good = [p.name for p in by_seat(step.state.players) if p.alignment is Alignment.GOOD]
    if not good:
        return
    rulings = (*step.cite(widow, "ability"), *step.cite(widow, "know"))
    chosen = step.choose(
        f"{step.slug(me)}.know",
        "which good player learns that a Widow is in play",
        good,
        good[0],
        rulings=rulings,
    )
    mark(step, widow, me, "Know", step.player(chosen))
    step.say(
        f"{chosen} is woken and shown the Widow token: they know a Widow is in play (not "
        f"who, nor who is poisoned).",
        player=step.player(chosen),
        rulings=(*rulings, *step.cite(widow, "learns")),
    )


@widow.afflicts
def _widow_afflicts(state, me: Player, target: Player, visiting) -> Kind | None:
    marked = any(
        t.on == target.name and t.by == me.name for t in state.find_tokens("widow", "Poisoned")
    )
    return Kind.POISONED if marked and works(state, me, "widow", _visiting=visiting) else None


# ---- Xaan ---------------------------------------------------------------------------------

xaan = character(
    "xaan",
    tokens={"X": Until.DUSK},
    cites={
        "x": "The night that this happens equals the number of Outsiders in play",
        "setup": "X is the number of Outsiders at set-up",
        "counter": "On the 1st night, add the NIGHT 1 Xaan reminder to the Grimoire",
        "poison": "When the X reminder is in the Grimoire, all Townsfolk players are poisoned",
        "zero": "If X is zero — no Outsiders in play",
        "drunk": "If Xaan is drunk or poisoned on night X, nobody is poisoned",
        "dead": "If Xaan dies before night X, the ability never fires",
    },
)


def _night_token(n: int) -> str:
    return f"Night {n}"


def xaan_x(step: Step, me: Player) -> int:
    """X, as the Xaan's "Night N" reminder records it (0 if there is none)."""
    for token in step.state.tokens_on(me.name):
        if token.character == "xaan" and token.name.startswith("Night "):
            return int(token.name.removeprefix("Night "))
    return 0


@xaan.setup
def _xaan_setup(step: Step, me: Player) -> None:
    if me.character != "xaan":
        return
    given = xaan_x(step, me)
    outsiders = sum(1 for p in step.state.players if p.team is Team.OUTSIDER)
    rulings = (*step.cite(xaan, "ability"), *step.cite(xaan, "x"), *step.cite(xaan, "setup"))
    x = given or step.choose(
        f"setup.xaan.{me.name}.x",
        "X: how many Outsiders were in play at set-up",
        list(range(len(step.state.players) + 1)),
        outsiders,
        rulings=rulings,
    )
    if not given and x:
        step.place(Token(name=_night_token(x), character="xaan", on=me.name, by=me.name))
    if not x:
        rulings = (*rulings, *step.cite(xaan, "zero"))
    step.say(
        f"X is {x}: on night {x} every Townsfolk is poisoned until dusk."
        if x
        else "X is 0: the Xaan never poisons.",
        player=me,
        rulings=rulings,
    )


@xaan.night
def _xaan_night(step: Step, me: Player, act: Act | None) -> None:
    x = xaan_x(step, me)
    if step.moment.number != x:
        return
    if not works(step.state, me, "xaan"):
        step.say(
            f"It is night {x}, but {me.name} has no working Xaan ability: nobody is "
            f"poisoned, and the night does not come again.",
            player=me,
            rulings=step.cite(xaan, "drunk"),
        )
        return
    step.place(Token(name="X", character="xaan", on=me.name, by=me.name, until=Until.DUSK))
    townsfolk = [p.name for p in by_seat(step.state.players) if p.team is Team.TOWNSFOLK]
    step.say(
        f"Night {x}: every Townsfolk ({', '.join(townsfolk) or 'none'}) is poisoned until dusk.",
        player=me,
        rulings=(*step.cite(xaan, "ability"), *step.cite(xaan, "poison")),
    )


@xaan.afflicts
def _xaan_afflicts(state, me: Player, target: Player, visiting) -> Kind | None:
    fired = any(t.by == me.name for t in state.find_tokens("xaan", "X"))
    if fired and target.team is Team.TOWNSFOLK and works(state, me, "xaan", _visiting=visiting):
        return Kind.POISONED
    return None


# ---- Organ Grinder ------------------------------------------------------------------------

organgrinder = character(
    "organgrinder",
    night=NightSpec(optional=True),
    tokens={"Drunk": Until.DUSK},
    # (an Alchemist with its ability, and the Butler's hand in an eyes-closed vote)
    unplayed_jinxes=("alchemist", "butler"),
    cites={
        "nod": "If they nod their head, mark them with the DRUNK reminder",
        "secret": "When counting votes, do so silently",
        "open": "by their own choice or another ability — voting is open",
        "dead": "When the Organ Grinder is dead, the ability stops",
        "token": "dead votes are spent as usual",
    },
)


@organgrinder.night
def _grinder_night(step: Step, me: Player, act: Act | None) -> None:
    rulings = (*step.cite(organgrinder, "ability"), *step.cite(organgrinder, "nod"))
    if act is None or act.decline:
        step.say(
            f"{me.name} (Organ Grinder) shakes their head: they stay sober.",
            player=me,
            rulings=rulings,
        )
        return
    if not works(step.state, me, "organgrinder"):
        step.say(
            f"{me.name} (Organ Grinder) nods, without a working ability: voting is open "
            f"anyway while that lasts.",
            player=me,
            rulings=step.cite(organgrinder, "open"),
        )
        return
    mark(step, organgrinder, me, "Drunk", me)
    step.say(
        f"{me.name} (Organ Grinder) nods: they are drunk until dusk, so tomorrow's votes are open.",
        player=me,
        rulings=rulings,
    )


@organgrinder.afflicts
def _grinder_afflicts(state, me: Player, target: Player, visiting) -> Kind | None:
    chosen = any(
        t.on == me.name and t.by == me.name for t in state.find_tokens("organgrinder", "Drunk")
    )
    return Kind.DRUNK if chosen and target.name == me.name else None


@organgrinder.voted
def _grinder_voted(step: Step, me: Player, event: Vote) -> None:
    if not me.alive:
        step.say(
            "The Organ Grinder is dead: the vote was open and counted aloud as normal.",
            player=me,
            rulings=step.cite(organgrinder, "dead"),
        )
        return
    if not works(step.state, me, "organgrinder"):
        step.say(
            "The Organ Grinder has no working ability: the vote was open and counted "
            "aloud as normal.",
            player=me,
            rulings=step.cite(organgrinder, "open"),
        )
        return
    rulings = (*step.cite(organgrinder, "ability"), *step.cite(organgrinder, "secret"))
    dead = [v for v in event.voters if not step.player(v).alive]
    if dead:
        rulings = (*rulings, *step.cite(organgrinder, "token"))
    step.say(
        f"Eyes closed: the Storyteller counts the votes on {event.nominee} silently and "
        f"announces neither the tally nor who is about to die"
        + (f"; {', '.join(dead)} spent their dead vote" if dead else "")
        + ".",
        player=me,
        rulings=rulings,
    )


# ---- Harpy --------------------------------------------------------------------------------

harpy = character(
    "harpy",
    night=NightSpec(targets=2),
    tokens={"Mad": Until.DUSK, "2nd": Until.DUSK},
    cites={
        "mad": "must keep trying to convince the group of it",
        "kill": "you may kill one or both of them",
        "choice": "The Storyteller can decide to kill only one, or none",
        "warn": "You need not kill on the first slip",
        "drunk": "When the Harpy is drunk or poisoned, no madness is imposed",
        "dead": "Madness already imposed lasts out its day",
        "order": "The order of deaths due to the Harpy ability can be chosen",
    },
)


@harpy.validate
def _harpy_validate(step: Step, me: Player, act: Act) -> None:
    if act.targets[0] == act.targets[1]:
        raise InvalidRequest("the Harpy chooses 2 different players", field="targets")


@harpy.night
def _harpy_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    mad, second = (step.player(n) for n in act.targets)
    if not works(step.state, me, "harpy"):
        step.say(
            f"{me.name} chooses {mad.name} and {second.name} without a working Harpy "
            f"ability: {mad.name} is shown the Harpy as usual, but no madness is imposed.",
            player=me,
            rulings=step.cite(harpy, "drunk"),
        )
        return
    mark(step, harpy, me, "Mad", mad)
    mark(step, harpy, me, "2nd", second)
    step.say(
        f"{me.name} (Harpy) chooses {mad.name} then {second.name}: tomorrow {mad.name} "
        f"must be mad that {second.name} is evil, or one or both might die.",
        player=me,
        rulings=(*step.cite(harpy, "ability"), *step.cite(harpy, "mad")),
    )


@harpy.dusk
def _harpy_dusk(step: Step, me: Player) -> None:
    mad, second = token_on(step, harpy, "Mad", me), token_on(step, harpy, "2nd", me)
    if mad is None or second is None:
        return
    if not works(step.state, me, "harpy", dead_ok=True):
        step.say(
            f"{me.name} has no working Harpy ability now: nobody dies for {mad.name}'s madness.",
            player=me,
            rulings=step.cite(harpy, "drunk"),
        )
        return
    rulings = (
        *step.cite(harpy, "ability"),
        *step.cite(harpy, "kill"),
        *step.cite(harpy, "choice"),
        *step.cite(harpy, "warn"),
    )
    if not me.alive:
        rulings = (*rulings, *step.cite(harpy, "dead"))
    victims = step.choose(
        f"{step.slug(me, 'harpy')}.deaths",
        f"did {mad.name} fail to be mad that {second.name} is evil? who "
        f"dies for it, in order (empty: nobody)",
        _outcomes(mad, second),
        [],
        rulings=rulings,
    )
    if not victims:
        step.say(
            f"The Storyteller judges {mad.name} kept up the madness (or lets it pass): "
            f"nobody dies.",
            player=me,
            rulings=rulings,
        )
        return
    step.say(
        f"The Storyteller judges {mad.name} broke madness: {' then '.join(victims)} "
        f"{'dies' if len(victims) == 1 else 'die'}.",
        player=me,
        rulings=(*rulings, *(step.cite(harpy, "order") if len(victims) > 1 else ())),
    )
    for name in victims:
        if not step.state.winner:
            kill(step, name, Cause.MINION, by=me)


def _outcomes(mad: Player, second: Player) -> list[list[str]]:
    """Every allowed answer: nobody, either alive one, or both in either order."""
    alive = [p.name for p in (mad, second) if p.alive]
    found: list[list[str]] = [[], *([n] for n in alive)]
    if len(alive) == 2:
        found += [alive, alive[::-1]]
    return found
