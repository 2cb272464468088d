"""Characters of the experimental set ("carousel") that storytellers ask about most, outside
the editions and the seed scripts: the Banshee, the Princess, the Leviathan and the Vizier.

Not played: a player who becomes the Princess during the game (their "first day" is the
next day); the Leviathan sober again after day 5 ended while they were drunk or poisoned
(the evil team then wins at once); the Vizier's forced execution (an "ability" event of
theirs is refused); the jinxes each handler names in ``unplayed_jinxes``
(every one of the Leviathan's), which a replay lists. The Banshee & Vortox jinx is played:
the Banshee's death is announced.
"""

from __future__ import annotations

from service.engine.deaths import declare
from service.engine.handlers import character
from service.engine.handlers.support import has_token, mark, never_woken
from service.engine.model import Alignment, Cause, Death, Phase, Player, Token, Until
from service.engine.rules import works
from service.engine.step import Step

# ---- Banshee ------------------------------------------------------------------------------

banshee = character(
    "banshee",
    tokens={"Has Ability": Until.NEVER},
    unplayed_jinxes=("leviathan", "riot"),
    cites={
        "token": "On the night the Demon kills the Banshee, place the “Has Ability”",
        "announce": "announce that the death was the Banshee's",
        "drunk": "If the Banshee is drunk or poisoned when the Demon kills them",
        "other": "If the Banshee dies from any cause other than the Demon",
        "dead": "From then on the Banshee, though dead, may nominate twice per day",
        "count": "count the Banshee's raised hand as two",
        "impaired": "If the Banshee becomes drunk or poisoned after the ability has opened up",
        # (filed under the Vortox in jinxes.json)
        "vortox": ("vortox", "If the Vortox kills the Banshee, all players learn that the Banshee"),
    },
)
NOMINATIONS = 2  # a Banshee whose ability opened up nominates twice per day


@banshee.dies
def _banshee_dies(step: Step, me: Player, death: Death) -> None:
    if death.cause is not Cause.DEMON:
        step.say(
            f"{me.name}'s death is not the Demon's kill: the Banshee's ability does not open "
            f"up, and nothing happens.",
            player=me,
            rulings=step.cite(banshee, "other"),
        )
        return
    if not works(step.state, me, "banshee", dead_ok=True):
        step.say(
            f"{me.name} (Banshee) was drunk or poisoned when the Demon killed them: nothing "
            f"happens, and the death is announced as normal.",
            player=me,
            rulings=step.cite(banshee, "drunk"),
        )
        return
    mark(step, banshee, me, "Has Ability", me)
    killer = step.player(death.by) if death.by else None
    # (the Vortox's false information is not this: the Banshee & Vortox jinx)
    jinxed = step.cite(banshee, "vortox") if killer and killer.character == "vortox" else ()
    step.say(
        f"The Demon killed {me.name} (Banshee): all players learn that this player was the "
        f"Banshee; from now on, though dead, they may nominate twice per day and vote twice "
        f"per nomination.",
        player=me,
        rulings=(
            *step.cite(banshee, "ability"),
            *step.cite(banshee, "announce"),
            *step.cite(banshee, "token"),
            *step.cite(banshee, "dead"),
            *jinxed,
        ),
    )


def _opened(step: Step, me: Player) -> bool:
    """The Banshee's ability opened up (the Demon killed them) and works now."""
    return has_token(step, banshee, "Has Ability", on=me) and works(
        step.state, me, "banshee", dead_ok=True
    )


@banshee.nominates_dead
def _banshee_nominates_dead(step: Step, me: Player) -> tuple | None:
    if not has_token(step, banshee, "Has Ability", on=me):
        return None
    if not works(step.state, me, "banshee", dead_ok=True):
        step.say(
            f"{me.name} (Banshee) is drunk or poisoned: for now an ordinary dead player, who "
            f"may not nominate.",
            player=me,
            rulings=step.cite(banshee, "impaired"),
        )
        return None
    return (*step.cite(banshee, "ability"), *step.cite(banshee, "dead"))


@banshee.nominates_again
def _banshee_nominates_again(step: Step, me: Player, target: Player) -> bool:
    today = step.state.today
    return (
        _opened(step, me)
        and target.name not in today.nominees
        and today.nominators.count(me.name) < NOMINATIONS
    )


@banshee.free_vote
def _banshee_free_vote(step: Step, me: Player, voter: Player) -> bool:
    # (not limited to a single dead vote)
    return voter.name == me.name and _opened(step, me)


@banshee.vote_weight
def _banshee_vote_weight(step: Step, me: Player, voter: Player) -> int:
    if voter.name != me.name or not _opened(step, me):
        return 1
    step.say(
        f"{me.name} (Banshee) votes twice.",
        player=me,
        rulings=(*step.cite(banshee, "ability"), *step.cite(banshee, "count")),
    )
    return 2


# ---- Princess -----------------------------------------------------------------------------

princess = character(
    "princess",
    tokens={"Doesn't Kill": Until.DAWN},
    unplayed_jinxes=("alhadikhia", "cannibal"),
    cites={
        "token": "if a player they themselves nominated was executed that day, place",
        "own": "The Princess must have nominated, and that nomination must have led",
        "survived": "If the executed player did not die, the execution still happened",
        "kill": "That night the Demon wakes and chooses as normal, but nobody dies",
        "others": "Deaths from causes other than the Demon are not prevented",
        "drunk": "When the Princess is drunk or poisoned, the Demon kills as normal",
        "several": "On scripts with several Demons, treating all Demon kills as prevented",
    },
)
FIRST_DAY = 1  # (a player who becomes the Princess later has the next day: not played)


# (her night-sheet line is the Storyteller's reminder: "wake the Demon as normal, but no one
# dies to the Demon's ability")
princess.wakes(never_woken)


@princess.sees_execution
def _princess_sees_execution(step: Step, me: Player, target: Player, died: bool) -> None:
    today = step.state.today
    nominators = [
        n for n, t in zip(today.nominators, today.nominees, strict=True) if t == target.name
    ]
    if step.moment.number != FIRST_DAY or not me.alive or not nominators:
        return
    if nominators[-1] != me.name:
        step.say(
            f"{target.name} was executed on {nominators[-1]}'s nomination, not the Princess's: "
            f"the Demon kills as normal tonight.",
            player=me,
            rulings=step.cite(princess, "own"),
        )
        return
    mark(step, princess, me, "Doesn't Kill", me)
    rulings = (*step.cite(princess, "ability"), *step.cite(princess, "token"))
    if not died:
        rulings = (*rulings, *step.cite(princess, "survived"))
    step.say(
        f"On the Princess's first day {me.name} nominated {target.name}, who was executed: "
        f"the Demon doesn't kill tonight.",
        player=me,
        rulings=rulings,
    )


@princess.protects
def _princess_protects(step: Step, me: Player, target: Player, cause: Cause) -> tuple | None:
    if cause is not Cause.DEMON or step.moment.phase is not Phase.NIGHT:
        return None
    if not has_token(step, princess, "Doesn't Kill", on=me):
        return None
    if not works(step.state, me, "princess", dead_ok=True):
        step.say(
            f"{me.name} (Princess) is drunk or poisoned: the Demon kills as normal.",
            player=me,
            rulings=step.cite(princess, "drunk"),
        )
        return None
    return (
        *step.cite(princess, "ability"),
        *step.cite(princess, "kill"),
        *step.cite(princess, "several"),
    )


# ---- Leviathan ----------------------------------------------------------------------------

leviathan = character(
    "leviathan",
    tokens={"Good Player Executed": Until.NEVER},
    # (every one of its jinxes: with the Ravenkeeper, the Sage, the Farmer and the Banshee it
    # chooses a player each night, which its own ability does not)
    unplayed_jinxes=(
        "banshee",
        "exorcist",
        "farmer",
        "grandmother",
        "hatter",
        "innkeeper",
        "king",
        "mayor",
        "monk",
        "pithag",
        "ravenkeeper",
        "sage",
        "soldier",
    ),
    cites={
        "marked": "When a good player is executed, place the Leviathan “Good Player Executed”",
        "drunk": "When the Leviathan is drunk or poisoned, the execution of a good player",
        "day5": "When day 5 of the game ends, the evil team wins immediately",
        "day5-drunk": "If day 5 of the game ends while the Leviathan is drunk or poisoned",
        "announce": "Announce that the Leviathan is in play. :reminder:",
    },
)
LAST_DAY = 5


leviathan.wakes(never_woken)  # (its night-sheet lines: announce it, mark the day)


@leviathan.setup
def _leviathan_setup(step: Step, me: Player) -> None:
    step.say(
        f"All players know the Leviathan is in play ({me.name}).",
        player=me,
        rulings=(*step.cite(leviathan, "ability"), *step.cite(leviathan, "announce")),
    )


@leviathan.sees_execution
def _leviathan_sees_execution(step: Step, me: Player, target: Player, died: bool) -> None:
    if target.alignment is not Alignment.GOOD or not me.alive:
        return
    if not works(step.state, me, "leviathan"):
        step.say(
            f"{target.name}, a good player, was executed while {me.name} (Leviathan) is drunk "
            f"or poisoned: it is not marked for the Leviathan.",
            player=me,
            rulings=step.cite(leviathan, "drunk"),
        )
        return
    marked = step.state.find_tokens("leviathan", "Good Player Executed")
    rulings = (*step.cite(leviathan, "ability"), *step.cite(leviathan, "marked"))
    if marked:
        declare(step, Alignment.EVIL, "a second good player was executed (the Leviathan)", rulings)
        return
    step.place(
        Token(name="Good Player Executed", character="leviathan", on=target.name, by=me.name)
    )
    step.say(
        f"{target.name}, a good player, was executed: the first for the Leviathan; a second "
        f"and evil wins.",
        player=me,
        rulings=rulings,
    )


@leviathan.dusk
def _leviathan_dusk(step: Step, me: Player) -> None:
    if step.moment.number < LAST_DAY or not me.alive:
        return
    if not works(step.state, me, "leviathan"):
        step.say(
            f"Day {step.moment.number} ends while {me.name} (Leviathan) is drunk or "
            f"poisoned: the ability has no effect.",
            player=me,
            rulings=step.cite(leviathan, "day5-drunk"),
        )
        return
    declare(
        step,
        Alignment.EVIL,
        f"day {step.moment.number} ended with the Leviathan in play",
        (*step.cite(leviathan, "ability"), *step.cite(leviathan, "day5")),
    )


# ---- Vizier -------------------------------------------------------------------------------

vizier = character(
    "vizier",
    unplayed_jinxes=(
        "alsaahir",
        "courtier",
        "fearmonger",
        "investigator",
        "lilmonsta",
        "magician",
        "politician",
        "preacher",
        "zealot",
    ),
    cites={
        "day": "The Vizier cannot die during the day, an execution included",
        "night": "The Vizier can die at night; only the day is safe",
        "drunk": "When the Vizier is drunk or poisoned, they can die during the day",
        "announce": "Announce which player is the Vizier",
    },
)


vizier.wakes(never_woken)  # (their night-sheet line is the Storyteller's announcement)


@vizier.setup
def _vizier_setup(step: Step, me: Player) -> None:
    step.say(
        f"All players know that {me.name} is the Vizier.",
        player=me,
        rulings=(*step.cite(vizier, "ability"), *step.cite(vizier, "announce")),
    )


@vizier.protects
def _vizier_protects(step: Step, me: Player, target: Player, cause: Cause) -> tuple | None:
    if target.name != me.name:
        return None
    if step.moment.phase is not Phase.DAY:
        step.say(
            f"{me.name} (Vizier) can die at night: only the day is safe.",
            player=me,
            rulings=step.cite(vizier, "night"),
        )
        return None
    if not works(step.state, me, "vizier"):
        step.say(
            f"{me.name} (Vizier) is drunk or poisoned: they can die during the day.",
            player=me,
            rulings=step.cite(vizier, "drunk"),
        )
        return None
    return (*step.cite(vizier, "ability"), *step.cite(vizier, "day"))
