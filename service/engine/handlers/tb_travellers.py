"""Trouble Brewing's Travellers: Thief, Bureaucrat, Gunslinger, Beggar, Scapegoat."""

from __future__ import annotations

from dataclasses import replace

from service.engine.actions import Act, UseAbility, Vote
from service.engine.deaths import kill
from service.engine.handlers import Handler, NightSpec, character
from service.engine.handlers.support import has_token, mark
from service.engine.model import Cause, Player, Token, Until
from service.engine.rules import works
from service.engine.step import Step
from service.errors import InvalidRequest

thief = character(
    "thief",
    night=NightSpec(targets=1, not_self=True),
    tokens={"Negative Vote": Until.DUSK},
    cites={"tally": "count it as subtracting one vote instead of adding one"},
)
bureaucrat = character(
    "bureaucrat",
    night=NightSpec(targets=1, not_self=True),
    tokens={"3 Votes": Until.DUSK},
    cites={"tally": "count it as three votes instead of one"},
)
VOTE_TOKENS = {thief: ("Negative Vote", -1), bureaucrat: ("3 Votes", 3)}


def _marker(handler: Handler):
    token, _ = VOTE_TOKENS[handler]

    def night(step: Step, me: Player, act: Act | None) -> None:
        if act:
            target = step.player(act.targets[0])
            mark(step, handler, me, token, target)
            step.say(
                f"{me.name} ({step.name(handler.id)}) marks {target.name} with {token}.",
                player=me,
                rulings=step.cite(handler, "ability"),
            )

    return night


def _weight(handler: Handler):
    token, factor = VOTE_TOKENS[handler]

    def weight(step: Step, me: Player, voter: Player) -> int:
        if has_token(step, handler, token, on=voter, by=me) and works(step.state, me, handler.id):
            step.say(
                f"{voter.name}'s vote counts as {factor} ({me.name}'s {step.name(handler.id)}).",
                player=me,
                rulings=(*step.cite(handler, "ability"), *step.cite(handler, "tally")),
            )
            return factor
        return 1

    return weight


for _handler in VOTE_TOKENS:
    _handler.night(_marker(_handler))
    _handler.vote_weight(_weight(_handler))


gunslinger = character("gunslinger")


@gunslinger.day
def _gunslinger_day(step: Step, me: Player, event: UseAbility) -> None:
    today = step.state.today
    if len(event.targets) != 1:
        raise InvalidRequest("the Gunslinger chooses 1 player", field="targets")
    if not today.votes:
        raise InvalidRequest(
            "the Gunslinger acts after the 1st vote has been tallied; there has been no vote today",
            field="targets",
        )
    if f"{me.name}:gunslinger" in today.used:
        raise InvalidRequest(f"{me.name} (Gunslinger) has already shot today", field="by")
    target = step.player(event.targets[0])
    if target.name not in today.votes[0][1]:
        raise InvalidRequest(
            f"{target.name} did not vote in the first vote today", field="targets[0]"
        )
    step.update(
        replace(step.state, today=replace(today, used=(*today.used, f"{me.name}:gunslinger")))
    )
    if not works(step.state, me, "gunslinger"):
        step.say(
            f"{me.name} has no working Gunslinger ability: nothing happens.",
            player=me,
            rulings=step.cite(None, "drunk"),
        )
        return
    kill(step, target.name, Cause.ABILITY, by=me, rulings=step.cite(gunslinger, "ability"))


beggar = character(
    "beggar",
    sober=True,
    cites={
        "token": "The Beggar cannot vote unless they have a vote token",
        "give": "a dead player can declare that they give their vote token to the Beggar",
    },
)


@beggar.day
def _beggar_day(step: Step, me: Player, event: UseAbility) -> None:
    """``{"type": "ability", "by": BEGGAR, "targets": [GIVER]}``: a dead player gives the
    Beggar their vote token, and the Beggar learns their alignment."""
    if len(event.targets) != 1:
        raise InvalidRequest(
            "name the dead player who gives the Beggar their vote token", field="targets"
        )
    giver = step.player(event.targets[0])
    if giver.alive or not giver.ghost_vote:
        raise InvalidRequest(
            f"{giver.name} cannot give a vote token: only a dead player with their vote token can",
            field="targets[0]",
        )
    step.update(step.state.with_player(replace(giver, ghost_vote=False)))
    step.place(Token(name="Vote Token", character="beggar", on=me.name, by=giver.name))
    notes: list[str] = []
    answer = step.register(me, giver, "alignment", notes)
    rulings = (*step.cite(beggar, "ability"), *step.cite(beggar, "give"))
    step.inform(
        me, "beggar", answer, misregistered=notes, options=["good", "evil"], rulings=rulings
    )
    step.say(
        f"{giver.name} gives their vote token to {me.name} (Beggar), who learns they are {answer}.",
        player=me,
        rulings=rulings,
    )


@beggar.voted
def _beggar_voted(step: Step, me: Player, event: Vote) -> None:
    if me.name not in event.voters or not me.alive:
        return
    tokens = [t for t in step.state.tokens_on(me.name) if t.is_("beggar", "Vote Token")]
    if not tokens:
        raise InvalidRequest(f"{me.name} (Beggar) has no vote token to vote with", field="voters")
    step.update(
        replace(step.state, tokens=tuple(t for t in step.state.tokens if t is not tokens[0]))
    )
    step.say(
        f"{me.name} (Beggar) spends a vote token to vote.",
        player=me,
        rulings=step.cite(beggar, "token"),
    )


scapegoat = character(
    "scapegoat", cites={"instead": "you may choose that the Scapegoat is executed instead"}
)


@scapegoat.substitute
def _scapegoat_substitute(step: Step, me: Player, target: Player) -> str:
    if (
        target.name == me.name
        or target.alignment is not me.alignment
        or not works(step.state, me, "scapegoat")
    ):
        return target.name
    chosen = step.choose(
        f"{step.slug(me)}.instead-of.{target.name}",
        f"whether {me.name} (Scapegoat) is executed instead of {target.name}",
        [target.name, me.name],
        target.name,
        rulings=(*step.cite(scapegoat, "ability"), *step.cite(scapegoat, "instead")),
    )
    if chosen == me.name:
        step.say(
            f"{me.name} (Scapegoat) is executed instead of {target.name}.",
            player=me,
            rulings=step.cite(scapegoat, "instead"),
        )
    return chosen
