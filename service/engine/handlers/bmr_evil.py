"""Bad Moon Rising: the Minions (Godfather, Devil's Advocate, Assassin, Mastermind)."""

from __future__ import annotations

from knowledge.model import Team
from service.engine.actions import Act
from service.engine.deaths import declare, kill
from service.engine.handlers import NightSpec, character
from service.engine.handlers.bmr import (
    alive_targets,
    dead,
    died_on,
    no_choice,
    not_again,
    spent,
    spent_reason,
)
from service.engine.handlers.bmr_info import tell
from service.engine.handlers.support import mark, name_of
from service.engine.model import (
    Alignment,
    Cause,
    Moment,
    Phase,
    Player,
    Token,
    Until,
)
from service.engine.rules import ability_kept, alive_demons, is_demon, works
from service.engine.step import Step

# ---- Godfather ----------------------------------------------------------------------------

godfather = character(
    "godfather",
    night=NightSpec(targets=1, always=True),
    tokens={"Died Today": Until.NEVER, "Dead": Until.NEVER},
    cites={
        "setup": "add one Outsider or remove one",
        "learn": "wake the Godfather and show every Outsider character token in play",
        "today": "When an Outsider dies during the day",
        "kill": "They point to a player, who dies",
        "two": "This happens alongside the Demon's kill",
        "no-wake": "If no Outsider died during the day, do not wake the Godfather",
        "drunk": "If the Godfather is drunk or poisoned as they choose, nobody dies",
        "drunk-learn": "When the Godfather is drunk or poisoned on the First Night",
        "not-demon": "A Godfather kill is not a Demon kill",
    },
)


def _outsiders_died_today(step: Step) -> list[str]:
    day = Moment(Phase.DAY, step.moment.number - 1)
    return [d.player for d in died_on(step, day) if step.player(d.player).team is Team.OUTSIDER]


@godfather.setup
def _godfather_setup(step: Step, me: Player) -> None:
    if me.character == "godfather":
        step.say(
            f"{me.name} is the Godfather: one Outsider was added or removed at set-up "
            f"(the seating given is taken as already set up).",
            player=me,
            rulings=step.cite(godfather, "setup"),
        )


@godfather.wakes
def _godfather_wakes(step: Step, me: Player) -> bool:
    return me.alive and (step.moment.first_night or bool(_outsiders_died_today(step)))


@godfather.asleep
def _godfather_asleep(step: Step, me: Player) -> str | None:
    return None if _outsiders_died_today(step) else "no Outsider died today"


@godfather.target_count
def _godfather_count(step: Step, me: Player) -> int:
    return 0 if step.moment.first_night else 1


@godfather.night
def _godfather_night(step: Step, me: Player, act: Act | None) -> None:
    if step.moment.first_night:
        outsiders = sorted({p.character for p in step.state.players if p.team is Team.OUTSIDER})
        step.say(
            f"{me.name} (Godfather) is shown the Outsiders in play.",
            player=me,
            rulings=step.cite(godfather, "learn"),
        )
        words = " and ".join(f"the {name_of(step, c)}" for c in outsiders) or "no Outsider"
        tell(
            step,
            me,
            godfather,
            outsiders,
            options="a list of Outsider characters",
            drunk="drunk-learn",
            words=f"which Outsiders are in play: {words}",
            check=lambda v: isinstance(v, list),
        )
        return
    if act is None:
        no_choice(step, me, "nobody dies")
        return
    target = step.player(act.targets[0])
    died = ", ".join(_outsiders_died_today(step))
    if not works(step.state, me, "godfather"):
        step.say(
            f"{me.name} chooses {target.name} without a working Godfather ability: nobody dies.",
            player=me,
            rulings=step.cite(godfather, "drunk"),
        )
        return
    rulings = (
        *step.cite(godfather, "ability"),
        *step.cite(godfather, "today"),
        *step.cite(godfather, "kill"),
        *step.cite(godfather, "two"),
    )
    step.say(
        f"An Outsider ({died}) died today: {me.name} (Godfather) chooses {target.name}.",
        player=me,
        rulings=rulings,
    )
    kill(step, target.name, Cause.MINION, by=me, rulings=step.cite(godfather, "not-demon"))


# ---- Devil's Advocate ---------------------------------------------------------------------

devilsadvocate = character(
    "devilsadvocate",
    night=NightSpec(targets=1),
    tokens={"Survives Execution": Until.NEVER},
    cites={
        "again": "They may not choose the same player as last night",
        "survives": "If that player is executed the next day, they do not die",
        "counts": "The execution still counts as the day's execution",
        "drunk": "When the Devil's Advocate is drunk or poisoned, the protection does not work",
        "only": "Only executions are covered",
    },
)


@devilsadvocate.validate
def _advocate_validate(step: Step, me: Player, act: Act) -> None:
    alive_targets(step, devilsadvocate, act)
    not_again(step, devilsadvocate, "Survives Execution", me, act)


@devilsadvocate.night
def _advocate_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    target = step.player(act.targets[0])
    mark(step, devilsadvocate, me, "Survives Execution", target)
    step.say(
        f"{me.name} (Devil's Advocate) chooses {target.name}: if executed tomorrow, "
        f"they do not die.",
        player=me,
        rulings=step.cite(devilsadvocate, "ability"),
    )


@devilsadvocate.protects
def _advocate_protects(step: Step, me: Player, target: Player, cause: Cause) -> tuple | None:
    marked = [
        t
        for t in step.state.find_tokens("devilsadvocate", "Survives Execution")
        if t.by == me.name
        and t.on == target.name
        and t.placed in (None, Moment(Phase.NIGHT, step.moment.number))
    ]
    if (
        not marked
        or cause is not Cause.EXECUTION
        or step.moment.phase is not Phase.DAY
        or dead(step, devilsadvocate, me, f"{target.name} dies as normal")
    ):
        return None
    if not works(step.state, me, "devilsadvocate"):
        step.say(
            f"{me.name} has no working Devil's Advocate ability: {target.name} dies.",
            player=me,
            rulings=step.cite(devilsadvocate, "drunk"),
        )
        return None
    return (
        *step.cite(devilsadvocate, "ability"),
        *step.cite(devilsadvocate, "survives"),
        *step.cite(devilsadvocate, "counts"),
    )


# ---- Assassin -----------------------------------------------------------------------------

assassin = character(
    "assassin",
    night=NightSpec(targets=1, optional=True),
    tokens={"Dead": Until.NEVER, "No Ability": Until.NEVER},
    cites={
        "through": "No protection and no cannot-die ability stops it",
        "once": "This ability works once per game.",
        "drunk": "If the Assassin is drunk or poisoned as they choose, nobody dies",
        "cut": "It does not cut through the Assassin's own ability being switched off",
        "not-demon": "An Assassin kill is not a Demon kill",
    },
)


@assassin.wakes
def _assassin_wakes(step: Step, me: Player) -> bool:
    return me.alive and not spent(step, assassin, me)


@assassin.asleep
def _assassin_asleep(step: Step, me: Player) -> str | None:
    return spent_reason(step, assassin, me)


@assassin.night
def _assassin_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None or act.decline:
        return
    target = step.player(act.targets[0])
    mark(step, assassin, me, "No Ability", me)
    if not works(step.state, me, "assassin"):
        step.say(
            f"{me.name} chooses {target.name} without a working Assassin ability: nobody "
            f"dies, and the ability is spent.",
            player=me,
            rulings=(*step.cite(assassin, "drunk"), *step.cite(assassin, "cut")),
        )
        return
    rulings = (
        *step.cite(assassin, "ability"),
        *step.cite(assassin, "once"),
        *step.cite(assassin, "through"),
    )
    step.say(
        f"{me.name} (Assassin) chooses {target.name}: they die, even if for some reason "
        f"they could not.",
        player=me,
        rulings=rulings,
    )
    step.place(Token(name="Dead", character="assassin", on=target.name, by=me.name))
    kill(
        step,
        target.name,
        Cause.MINION,
        by=me,
        unstoppable=True,
        redirect=False,
        rulings=step.cite(assassin, "not-demon"),
    )


# ---- Mastermind ---------------------------------------------------------------------------

mastermind = character(
    "mastermind",
    cites={
        "extra": "When the Demon dies by execution and the game would end, do not end it",
        "loses": "During that day, if a player is executed, their team loses",
        "none": "If that day ends with no execution, the good team wins",
        "drunk": "If the Mastermind is drunk or poisoned when the Demon is executed",
        "other": "If the Demon dies by any means other than execution, it does not trigger",
        "two": "evil does not win from two players being alive",
    },
)


@mastermind.vetoes
def _mastermind_vetoes(step: Step, me: Player, team: Alignment) -> tuple | None:
    """Good would win because the Demon just died: by execution, play one more day."""
    death = step.state.deaths[-1] if step.state.deaths else None
    if (
        team is not Alignment.GOOD
        or death is None
        or death.moment != step.moment
        or not is_demon(step.player(death.player))
    ):
        return None
    if death.cause is not Cause.EXECUTION:
        step.say(
            f"The Demon did not die by execution: {me.name}'s Mastermind ability does not trigger.",
            player=me,
            rulings=step.cite(mastermind, "other"),
        )
        return None
    # A dead Mastermind whose ability is kept (the Vigormortis's Minion) still triggers.
    if not ability_kept(step.state, me) and dead(step, mastermind, me, "the game ends as normal"):
        return None
    if not works(step.state, me, "mastermind"):
        step.say(
            f"The Demon died by execution, but {me.name} has no working Mastermind "
            f"ability: the game ends.",
            player=me,
            rulings=(*step.cite(mastermind, "ability"), *step.cite(mastermind, "drunk")),
        )
        return None
    return (
        *step.cite(mastermind, "ability"),
        *step.cite(mastermind, "extra"),
        *step.cite(mastermind, "two"),
    )


@mastermind.dusk
def _mastermind_dusk(step: Step, me: Player) -> None:
    yesterday = Moment(Phase.DAY, step.moment.number - 1)
    executed = [
        d
        for d in died_on(step, yesterday)
        if d.cause is Cause.EXECUTION and is_demon(step.player(d.player))
    ]
    if not executed or alive_demons(step.state):
        return
    name = step.state.today.executed
    if name is None:
        declare(
            step,
            Alignment.GOOD,
            "the Mastermind's extra day ended without an execution",
            step.cite(mastermind, "none"),
        )
        return
    loser = step.player(name).alignment
    winner = Alignment.EVIL if loser is Alignment.GOOD else Alignment.GOOD
    declare(
        step,
        winner,
        f"{name} ({loser}) was executed on the Mastermind's extra day, so their team loses",
        (*step.cite(mastermind, "ability"), *step.cite(mastermind, "loses")),
    )
