"""Sects & Violets: the Minions (the Demons are in ``snv_demons``).

Request conventions: a Cerenovus-mad player who breaks madness is the day ``ability`` event
``{"type": "ability", "by": CERENOVUS, "targets": [MAD PLAYER]}`` (the Storyteller acting on
the Cerenovus's ability), then the choice ``day<N>.cerenovus.<Cerenovus>.execute``. The Evil
Twin's twin is a "Twin" reminder in the request or the set-up choice
``setup.eviltwin.<player>.twin``. After the Pit-Hag makes a Demon, the extra deaths tonight
are ``night<N>.pithag.<Pit-Hag>.deaths`` and each Demon attack may be cancelled with
``night<N>.pithag.<Pit-Hag>.spares.<target>``.
"""

from __future__ import annotations

from dataclasses import replace

from knowledge.model import Team
from service.engine.actions import Act, UseAbility
from service.engine.day import execute_player
from service.engine.deaths import declare, kill
from service.engine.handlers import NightSpec, character, handler_for
from service.engine.handlers.snv import GOOD_TEAMS, in_play, tell
from service.engine.handlers.support import become, has_token, mark, name_of
from service.engine.model import Alignment, Cause, Death, GameState, Phase, Player, Token, Until
from service.engine.rules import ability_kept, alive_demons, is_demon, works
from service.engine.step import Step
from service.errors import InvalidRequest


def active(step: Step, me: Player) -> bool:
    """Woken tonight: alive, or dead with an ability another ability lets them keep."""
    return me.alive or ability_kept(step.state, me)


def _good_character(step: Step, cid: str, who: str) -> None:
    if step.rules.character(cid).team not in GOOD_TEAMS:
        raise InvalidRequest(
            f"the {who} chooses a good character (a Townsfolk or Outsider), "
            f"not {name_of(step, cid)}",
            field="character",
        )


# ---- Witch ---------------------------------------------------------------------------------

witch = character(
    "witch",
    night=NightSpec(targets=1),
    tokens={"Cursed": Until.DUSK},
    cites={
        "die": "If the cursed player nominates the next day, they die",
        "stands": "The nomination still stands",
        "three": "Once only three players are alive, the Witch loses this ability",
        "drunk": "When the Witch is drunk or poisoned, no curse takes hold",
        "dead": "When the Witch is dead, the ability stops and any curse lifts",
        "not-demon": "This death is not a Demon kill",
    },
)
LAST_THREE = 3


@witch.wakes
def _witch_wakes(step: Step, me: Player) -> bool:
    return active(step, me) and len(step.state.alive()) > LAST_THREE


@witch.asleep
def _witch_asleep(step: Step, me: Player) -> str | None:
    if len(step.state.alive()) <= LAST_THREE:
        return "just three players live: the Witch has lost this ability"
    return None


@witch.night
def _witch_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    target = step.player(act.targets[0])
    mark(step, witch, me, "Cursed", target)
    step.say(
        f"{me.name} (Witch) curses {target.name}: if they nominate tomorrow, they die.",
        player=me,
        rulings=step.cite(witch, "ability"),
    )


@witch.sees_nomination
def _witch_sees(step: Step, me: Player, nominator: Player, nominee: Player) -> None:
    if not has_token(step, witch, "Cursed", on=nominator, by=me):
        return
    if len(step.state.alive()) <= LAST_THREE:
        step.say(
            f"{nominator.name} is cursed, but only three players live: the Witch has "
            f"lost the ability.",
            player=me,
            rulings=step.cite(witch, "three"),
        )
        return
    if not works(step.state, me, "witch"):
        key = "drunk" if active(step, me) else "dead"
        step.say(
            f"{nominator.name} is cursed, but {me.name} has no working Witch ability: "
            f"nothing happens.",
            player=me,
            rulings=step.cite(witch, key),
        )
        return
    step.say(
        f"{nominator.name} was cursed by the Witch and nominated: they die; the "
        f"nomination still stands.",
        player=me,
        rulings=(
            *step.cite(witch, "ability"),
            *step.cite(witch, "die"),
            *step.cite(witch, "stands"),
        ),
    )
    kill(step, nominator.name, Cause.MINION, by=me, rulings=step.cite(witch, "not-demon"))


# ---- Cerenovus -----------------------------------------------------------------------------

cerenovus = character(
    "cerenovus",
    night=NightSpec(targets=1, character=True),
    tokens={"Mad": Until.DUSK},
    cites={
        "mad": "That player must be mad that they are that character tomorrow",
        "execute": "If you judge that they have stopped trying, you may execute them",
        "drunk": "When the Cerenovus is drunk or poisoned, no madness is imposed",
        "lasts": "Madness already imposed lasts out its day",
        "counts": "An execution for breaking madness counts as the day's execution",
    },
)


@cerenovus.wakes
def _cerenovus_wakes(step: Step, me: Player) -> bool:
    return active(step, me)


@cerenovus.validate
def _cerenovus_validate(step: Step, me: Player, act: Act) -> None:
    _good_character(step, act.character or "", "Cerenovus")


@cerenovus.night
def _cerenovus_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    target, about = step.player(act.targets[0]), name_of(step, act.character or "")
    if not works(step.state, me, "cerenovus"):
        step.say(
            f"{me.name} chooses {target.name} and the {about} without a working Cerenovus "
            f"ability: {target.name} is shown the choice, but no madness is imposed.",
            player=me,
            rulings=step.cite(cerenovus, "drunk"),
        )
        return
    mark(step, cerenovus, me, "Mad", target)
    step.say(
        f"{me.name} (Cerenovus) makes {target.name} mad that they are the {about} "
        f"tomorrow, or they might be executed.",
        player=me,
        rulings=(*step.cite(cerenovus, "ability"), *step.cite(cerenovus, "mad")),
    )


@cerenovus.day
def _cerenovus_day(step: Step, me: Player, event: UseAbility) -> None:
    """The Storyteller judges that the mad player stopped trying: they may be executed."""
    if len(event.targets) != 1:
        raise InvalidRequest("name the 1 mad player who broke madness", field="targets")
    target = step.player(event.targets[0])
    if not has_token(step, cerenovus, "Mad", on=target, by=me):
        raise InvalidRequest(
            f"{target.name} is not mad by {me.name}'s Cerenovus ability today", field="targets[0]"
        )
    rulings = (*step.cite(cerenovus, "ability"), *step.cite(cerenovus, "execute"))
    if not me.alive:
        rulings += step.cite(cerenovus, "lasts")
    if step.state.today.executed:
        step.say(
            f"{target.name} broke madness, but there has already been an execution today.",
            player=me,
            rulings=step.cite(cerenovus, "counts"),
        )
        return
    chosen = step.choose(
        f"{step.slug(me, 'cerenovus')}.execute",
        f"whether the Storyteller executes {target.name} for breaking madness",
        ["execute", "spare"],
        "execute",
        rulings=rulings,
    )
    if chosen == "spare":
        step.say(
            f"{target.name} broke madness; the Storyteller lets it go.", player=me, rulings=rulings
        )
        return
    step.say(
        f"{target.name} broke madness: the Storyteller executes them.",
        player=me,
        rulings=(*rulings, *step.cite(cerenovus, "counts")),
    )
    execute_player(step, target)


# ---- Pit-Hag -------------------------------------------------------------------------------

pithag = character(
    "pithag",
    night=NightSpec(targets=1, character=True),
    cites={
        "in-play": "If that character is already in play, nothing happens",
        "become": "If it is not in play, that player becomes that character",
        "alignment": "remind the player that their alignment is unchanged",
        "arbitrary": "If a Demon was made, deaths tonight are arbitrary",
        "attacks": "Additional deaths are considered attacks from the Pit-Hag",
        "drunk": "If the Pit-Hag is drunk or poisoned as they choose, nothing happens",
        "two": "With two Demons in play, good must kill both to win",
    },
)
PLAYABLE = (Team.TOWNSFOLK, Team.OUTSIDER, Team.MINION, Team.DEMON)


@pithag.wakes
def _pithag_wakes(step: Step, me: Player) -> bool:
    return active(step, me)


@pithag.validate
def _pithag_validate(step: Step, me: Player, act: Act) -> None:
    if step.rules.character(act.character or "").team not in PLAYABLE:
        raise InvalidRequest(
            f"the Pit-Hag chooses a Townsfolk, Outsider, Minion or Demon, not "
            f"{name_of(step, act.character or '')}",
            field="character",
        )


@pithag.night
def _pithag_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    target, chosen = step.player(act.targets[0]), act.character or ""
    name = name_of(step, chosen)
    if not works(step.state, me, "pithag"):
        step.say(
            f"{me.name} chooses {target.name} and the {name} without a working Pit-Hag "
            f"ability: nothing happens.",
            player=me,
            rulings=step.cite(pithag, "drunk"),
        )
        return
    if in_play(step.state, chosen):
        step.say(
            f"{me.name} (Pit-Hag) chooses {target.name} and the {name}, who is already "
            f"in play: nothing happens.",
            player=me,
            rulings=step.cite(pithag, "in-play"),
        )
        return
    placed = (handler_for(chosen) or pithag).hook("created")  # a jinx may move it
    target = step.player(placed(step, me, target)) if placed else target
    made = become(step, target, chosen)
    step.say(
        f"{me.name} (Pit-Hag) turns {target.name} into the {name}; their alignment "
        f"({made.alignment}) does not change.",
        player=me,
        character="pithag",
        rulings=(
            *step.cite(pithag, "ability"),
            *step.cite(pithag, "become"),
            *step.cite(pithag, "alignment"),
        ),
    )
    if made.team is Team.DEMON:
        _arbitrary(step, me, made)


def _arbitrary(step: Step, me: Player, made: Player) -> None:
    today = step.state.today
    step.update(
        replace(step.state, today=replace(today, used=(*today.used, f"{me.name}:pithag:demon")))
    )
    rulings = (*step.cite(pithag, "ability"), *step.cite(pithag, "arbitrary"))
    if len(alive_demons(step.state)) > 1:
        rulings += step.cite(pithag, "two")
    names = {p.name for p in step.state.players if p.alive}
    deaths = step.choose(
        f"{step.slug(me, 'pithag')}.deaths",
        f"{made.name} was made a Demon, so deaths tonight are arbitrary: which players die now",
        "a list of alive players",
        [],
        rulings=rulings,
        check=lambda v: isinstance(v, list) and set(v) <= names and len(set(v)) == len(v),
    )
    extra = (
        f"{' and '.join(deaths)} {'dies' if len(deaths) == 1 else 'die'} now"
        if deaths
        else "nobody dies now"
    )
    step.say(
        f"A Demon was made: deaths tonight are arbitrary ({extra}; each Demon attack "
        f"tonight is the Storyteller's to allow).",
        player=me,
        character="pithag",
        rulings=rulings,
    )
    for name in deaths:
        kill(step, name, Cause.MINION, by=me, rulings=step.cite(pithag, "attacks"))


@pithag.protects
def _pithag_protects(step: Step, me: Player, target: Player, cause: Cause) -> tuple | None:
    made = f"{me.name}:pithag:demon" in step.state.today.used
    if not made or cause is not Cause.DEMON or step.moment.phase is not Phase.NIGHT:
        return None
    rulings = step.cite(pithag, "arbitrary")
    chosen = step.choose(
        f"{step.slug(me, 'pithag')}.spares.{target.name}",
        f"whether the Demon's attack on {target.name} kills them (deaths tonight are arbitrary)",
        ["dies", "survives"],
        "dies",
        rulings=rulings,
    )
    return rulings if chosen == "survives" else None


# ---- Evil Twin -----------------------------------------------------------------------------

eviltwin = character(
    "eviltwin",
    tokens={"Twin": Until.NEVER},
    cites={
        "setup": "choose a good player as the twin",
        "learn": "wake the pair together and let them see each other",
        "win": "If the good twin is executed, the evil team wins immediately",
        "block": "While both twins live, the good team cannot win, even by killing the Demon",
        "drunk": "When the Evil Twin is drunk or poisoned, neither clause works",
        "turned": "If the good twin becomes evil, decide in advance",
    },
)


def twin_of(state: GameState, me: Player) -> Player | None:
    for token in state.find_tokens("eviltwin", "Twin"):
        if token.by == me.name:
            return state.player(token.on)
    return None


def _opposed(me: Player, twin: Player | None) -> bool:
    return twin is not None and twin.alignment is not me.alignment


@eviltwin.setup
def _eviltwin_setup(step: Step, me: Player) -> None:
    if me.character != "eviltwin" or twin_of(step.state, me) is not None:
        return
    good = [p.name for p in step.state.players if p.alignment is not me.alignment]
    if not good:
        return
    chosen = step.choose(
        f"setup.eviltwin.{me.name}.twin",
        "which opposing player is the Evil Twin's twin",
        good,
        good[0],
        rulings=step.cite(eviltwin, "setup"),
    )
    step.place(Token(name="Twin", character="eviltwin", on=chosen, by=me.name))
    step.say(
        f"{chosen} is {me.name}'s twin.",
        player=me,
        rulings=(*step.cite(eviltwin, "ability"), *step.cite(eviltwin, "setup")),
    )


@eviltwin.night
def _eviltwin_night(step: Step, me: Player, act: Act | None) -> None:
    twin = twin_of(step.state, me)
    if twin is None:
        return
    step.say(
        f"{me.name} (Evil Twin) and {twin.name} wake together: each learns who the other "
        f"is and their character ({name_of(step, twin.character)} and "
        f"{name_of(step, me.character)}).",
        player=me,
        rulings=(*step.cite(eviltwin, "ability"), *step.cite(eviltwin, "learn")),
    )
    tell(
        step,
        me,
        eviltwin,
        {"player": twin.name, "character": twin.character},
        options="a player and a character",
    )


@eviltwin.sees_death
def _eviltwin_sees(step: Step, me: Player, death: Death) -> None:
    twin = twin_of(step.state, me)
    if twin is None or twin.name != death.player or not _opposed(me, twin):
        return
    if death.cause is Cause.EXECUTION and twin.alignment is Alignment.GOOD:
        return  # the execution, not the death, decides: ``sees_execution`` below
    _unblocked(step)


@eviltwin.sees_execution
def _eviltwin_executed(step: Step, me: Player, target: Player, died: bool) -> None:
    """The good twin's execution, not their death, wins for evil: a good twin who survives
    it (a Sailor, a Devil's Advocate's protection) still loses the game for good."""
    twin = twin_of(step.state, me)
    if twin is None or twin.name != target.name or not _opposed(me, twin):
        return
    if twin.alignment is not Alignment.GOOD:
        return
    if not works(step.state, me, "eviltwin"):
        step.say(
            f"{twin.name}, the good twin, was executed, but {me.name} has no working "
            f"Evil Twin ability.",
            player=me,
            rulings=step.cite(eviltwin, "drunk"),
        )
        if died:
            _unblocked(step)
        return
    survived = "" if died else " (they survive it, but the execution is what counts)"
    declare(
        step,
        Alignment.EVIL,
        f"{twin.name}, the good twin, was executed{survived}",
        (
            *step.cite(eviltwin, "ability"),
            *step.cite(eviltwin, "win"),
            *step.cite(None, "execution"),
        ),
    )


@eviltwin.dies
def _eviltwin_dies(step: Step, me: Player, death: Death) -> None:
    _unblocked(step)


def _unblocked(step: Step) -> None:
    """A twin died: a good win that was blocked (the Demon already dead) now happens."""
    demons = [p for p in step.state.players if is_demon(p)]
    if demons and not alive_demons(step.state):
        declare(
            step,
            Alignment.GOOD,
            "the Demon is dead and the twins no longer both live",
            (*step.cite(None, "win"), *step.cite(eviltwin, "block")),
        )


@eviltwin.vetoes
def _eviltwin_vetoes(step: Step, me: Player, team: Alignment) -> tuple | None:
    twin = twin_of(step.state, me)
    if team is not Alignment.GOOD or not me.alive or twin is None or not twin.alive:
        return None
    if not _opposed(me, twin) or not works(step.state, me, "eviltwin"):
        return None
    return (*step.cite(eviltwin, "ability"), *step.cite(eviltwin, "block"))
