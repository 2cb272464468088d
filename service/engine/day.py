"""Days: nominations, votes, the execution, exiles, public abilities, and dusk."""

from __future__ import annotations

from dataclasses import replace

from service.engine.actions import Dusk, Execute, Exile, Nominate, Setup, Slay, UseAbility, Vote
from service.engine.deaths import kill
from service.engine.handlers import abilities, handler_for, hooks_of
from service.engine.model import Alignment, Cause, Phase, Player, Until
from service.engine.rules import seatless_in_play
from service.engine.step import Step
from service.errors import InvalidRequest


def setup(step: Step, action: Setup) -> None:
    """Set-up notes from every character, then the Travellers' alignments."""
    for player in step.state.players:
        for cid in dict.fromkeys((player.character, *abilities(player))):
            handler = handler_for(cid)
            hook = handler.hook("setup") if handler else None
            if hook:
                hook(step, player)
    for cid in seatless_in_play(step.state):  # in play without a player (Lil' Monsta)
        hook = handler_for(cid).hook("setup")
        if hook:
            hook(step, None)
    for i, name in enumerate(action.travellers):
        traveller = step.known(name, f"travellers[{i}]")
        chosen = step.choose(
            f"setup.{name}.alignment",
            f"the alignment of {name}, a Traveller",
            ["good", "evil"],
            "good",
            rulings=step.cite(None, "traveller"),
        )
        step.update(step.state.with_player(replace(traveller, alignment=Alignment(chosen))))


def _require_day(step: Step, what: str) -> None:
    if step.moment.phase is not Phase.DAY or step.state.day_over:
        raise InvalidRequest(f"{what} can only happen during the day, not {step.moment}")


def nominate(step: Step, event: Nominate) -> None:
    _require_day(step, "a nomination")
    by, target = step.known(event.by, "by"), step.known(event.target, "target")
    today, rule = step.state.today, step.cite(None, "nomination")
    if not by.alive and not _nominates_dead(step, by):
        raise InvalidRequest(f"{by.name} is dead: only alive players may nominate", field="by")
    again = (by.name in today.nominators or target.name in today.nominees) and _nominates_again(
        step, by, target
    )
    if by.name in today.nominators and not again:
        raise InvalidRequest(f"{by.name} has already nominated today", field="by")
    if target.name in today.nominees and not again:
        raise InvalidRequest(f"{target.name} has already been nominated today", field="target")
    today = step.state.today
    if target.traveller:
        raise InvalidRequest(
            f"{target.name} is a Traveller: Travellers are exiled, not "
            f"nominated (use an exile event)",
            field="target",
        )
    step.update(
        replace(
            step.state,
            today=replace(
                today,
                nominators=(*today.nominators, by.name),
                nominees=(*today.nominees, target.name),
            ),
        )
    )
    step.say(f"{by.name} nominates {target.name}.", player=by, rulings=rule)
    for _, hook in hooks_of(target, "nominated"):
        hook(step, step.player(target.name), step.player(by.name))
    for player in step.state.players:
        for _, hook in hooks_of(player, "sees_nomination"):
            hook(step, step.player(player.name), step.player(by.name), step.player(target.name))


def _nominates_dead(step: Step, by: Player) -> bool:
    """An ability lets the dead ``by`` nominate (the Banshee's, opened up), said with its
    rulings."""
    for cid, hook in hooks_of(by, "nominates_dead"):
        rulings = hook(step, by)
        if rulings:
            step.say(
                f"{by.name} is dead, but their {step.name(cid)} ability lets them nominate.",
                player=by,
                rulings=rulings,
            )
            return True
    return False


def _nominates_again(step: Step, by: Player, target: Player) -> bool:
    """An ability lets ``by`` nominate again today (the Butcher)."""
    return any(hook(step, by, target) for _, hook in hooks_of(by, "nominates_again"))


def vote(step: Step, event: Vote) -> None:
    _require_day(step, "a vote")
    nominee = step.known(event.nominee, "nominee")
    if nominee.name not in step.state.today.nominees:
        raise InvalidRequest(f"{nominee.name} has not been nominated today", field="nominee")
    if len(set(event.voters)) != len(event.voters):
        raise InvalidRequest("a player is listed twice among the voters", field="voters")
    total = 0
    for i, name in enumerate(event.voters):
        voter = step.known(name, f"voters[{i}]")
        if not voter.alive and not _votes_free(step, voter):
            if not voter.ghost_vote:
                raise InvalidRequest(
                    f"{voter.name} is dead and has used their vote token", field=f"voters[{i}]"
                )
            step.update(step.state.with_player(replace(voter, ghost_vote=False)))
        total += _weight(step, voter)
    today = step.state.today
    step.update(
        replace(
            step.state,
            today=replace(today, votes=(*today.votes, (nominee.name, tuple(event.voters)))),
        )
    )
    voters = ", ".join(event.voters) or "nobody"
    step.say(
        f"Vote on {nominee.name}: {total} vote(s) ({voters}).",
        player=nominee,
        character=nominee.character,
        rulings=step.cite(None, "vote"),
    )
    for player in step.state.players:
        for _, hook in hooks_of(player, "voted"):
            hook(step, step.player(player.name), event)


def _votes_free(step: Step, voter: Player) -> bool:
    """An ability lets the dead ``voter`` vote without spending a vote token (the Voudon)."""
    return any(
        hook(step, player, voter)
        for player in step.state.players
        for _, hook in hooks_of(player, "free_vote")
    )


def _weight(step: Step, voter: Player) -> int:
    weight = 1
    for player in step.state.players:
        for _, hook in hooks_of(player, "vote_weight", real=True):
            weight *= hook(step, player, voter)
    return weight


def execute(step: Step, event: Execute) -> None:
    _require_day(step, "an execution")
    target = step.known(event.target, "target")
    execute_player(step, target, field="target")


def execute_player(
    step: Step, target: Player, *, field: str | None = None, by: Player | None = None
) -> None:
    """Today's one execution (a Virgin's nominator, or the vote's result)."""
    today = step.state.today
    if today.executed and not _extra_execution(step, target):
        raise InvalidRequest(
            f"{today.executed} has already been executed today: there is at "
            f"most one execution per day",
            field=field,
        )
    today = step.state.today
    if target.traveller:
        raise InvalidRequest(
            f"{target.name} is a Traveller: Travellers are exiled, not executed", field=field
        )
    target = _substituted(step, target)
    step.update(
        replace(
            step.state,
            today=replace(today, executed=target.name, executed_character=target.character),
        )
    )
    step.say(
        f"{target.name} is executed.",
        player=target,
        character=target.character,
        rulings=step.cite(None, "execution"),
    )
    died = kill(step, target.name, Cause.EXECUTION, by=by)
    step.update(replace(step.state, today=replace(step.state.today, execution_killed=died)))
    # Abilities that care about the execution itself, whether or not it killed (Evil Twin).
    for player in step.state.players:
        for _, sees in hooks_of(player, "sees_execution"):
            sees(step, step.player(player.name), step.player(target.name), died)


def _extra_execution(step: Step, target: Player) -> bool:
    """An ability allows a second execution today (the Butcher's)."""
    return any(
        hook(step, player, target)
        for player in step.state.players
        for _, hook in hooks_of(player, "extra_execution")
    )


def _substituted(step: Step, target: Player) -> Player:
    for player in step.state.players:
        for _, hook in hooks_of(player, "substitute"):
            target = step.player(hook(step, player, target))
    return target


def exile(step: Step, event: Exile) -> None:
    _require_day(step, "an exile")
    target = step.known(event.target, "target")
    if not target.traveller:
        raise InvalidRequest(
            f"{target.name} is not a Traveller: only Travellers are exiled", field="target"
        )
    step.say(f"{target.name} is exiled.", player=target, rulings=step.cite(None, "exile"))
    kill(step, target.name, Cause.EXILE, by=None)


def slay(step: Step, event: Slay) -> None:
    _require_day(step, "the Slayer's shot")
    by, target = step.known(event.by, "by"), step.known(event.target, "target")
    handler = handler_for("slayer")
    if "slayer" not in abilities(by) or handler is None:
        rulings = step.cite("slayer", "bluff") if handler else ()
        step.say(
            f"{by.name} publicly chooses {target.name} as the Slayer, but is not the "
            f"Slayer: nothing happens.",
            player=by,
            rulings=rulings,
        )
        return
    handler.hooks["day"](step, by, event)


def use_ability(step: Step, event: UseAbility) -> None:
    _require_day(step, "a public ability")
    by = step.known(event.by, "by")
    for i, name in enumerate(event.targets):
        step.known(name, f"targets[{i}]")
    named = handler_for(event.character) if event.character else None
    if named is not None and "declared" in named.hooks and named.id not in abilities(by):
        named.hooks["declared"](step, by, event)
        return
    hook = next((h for _, h in hooks_of(by, "day")), None)
    if hook is None:
        step.say(
            f"{by.name} ({by.acting}) uses a day ability; this character's day ability "
            f"is not simulated, so the engine takes no action.",
            player=by,
        )
        return
    hook(step, by, event)


def dusk(step: Step, event: Dusk) -> None:
    _require_day(step, "dusk")
    for player in step.state.players:
        for _, hook in hooks_of(player, "dusk"):
            if not step.state.winner:
                hook(step, step.player(player.name))
    if step.state.winner:
        return
    state = step.state
    # (a token placed today to last "tonight", until dawn, stays: the Princess's "Doesn't
    # Kill" after her first day's execution)
    tokens = tuple(
        t
        for t in state.tokens
        if t.until is Until.NEVER or (t.until is Until.DAWN and t.placed == step.moment)
    )
    players = tuple(
        replace(p, conditions=tuple(c for c in p.conditions if c.until is Until.NEVER))
        for p in state.players
    )
    step.update(replace(state, tokens=tokens, players=players, day_over=True))
    step.say(f"Dusk: day {step.moment.number} ends.", rulings=step.cite(None, "dusk"))
