"""Deaths and wins: kills carry a cause, protections and redirections are asked first,
death triggers fire after, and the game ends the moment a win condition holds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from service.engine.handlers import handler_for
from service.engine.model import Alignment, Cause, Death, Player, Win
from service.engine.rulebook import Citation
from service.engine.rules import alive_demons, is_demon
from service.engine.step import Step


def kill(step: Step, name: str, cause: Cause, *, by: Player | None,
         rulings: Sequence[Citation] = (), redirect: bool = True) -> bool:
    """Try to kill ``name``; returns whether they died."""
    target = step.player(name)
    if not target.alive:
        step.say(f"{target.name} is already dead: nothing happens.", player=target,
                 rulings=step.cite(None, "dead"))
        return False
    if _protected(step, target, cause):
        return False
    if redirect:
        instead = _redirected(step, target, cause, by)
        if instead != target.name:
            return kill(step, instead, cause, by=by, rulings=rulings, redirect=False)
    die(step, target, cause, by=by, rulings=rulings)
    return True


def _protected(step: Step, target: Player, cause: Cause) -> bool:
    for guard in step.state.players:
        handler = handler_for(guard.acting)
        protects = handler.hook("protects") if handler else None
        rulings = protects(step, guard, target, cause) if protects else None
        if rulings:
            whose = "their own" if guard.name == target.name else f"{guard.name}'s"
            step.say(f"{target.name} does not die: {whose} {step.name(guard.character)} ability "
                     f"protects them from this {cause} kill.", player=target, rulings=rulings)
            return True
    return False


def _redirected(step: Step, target: Player, cause: Cause, by: Player | None) -> str:
    handler = handler_for(target.acting)
    redirect = handler.hook("redirect") if handler else None
    return redirect(step, target, cause, by) if redirect else target.name


def die(step: Step, target: Player, cause: Cause, *, by: Player | None,
        rulings: Sequence[Citation] = ()) -> Death:
    """The player dies: the shroud, then every death trigger, then the win check."""
    death = Death(player=target.name, cause=cause, by=by.name if by else None,
                  moment=step.moment)
    state = step.state.with_player(replace(target, alive=False))
    step.update(replace(state, deaths=(*state.deaths, death)))
    who = f" by {by.name}'s {step.name(by.character)}" \
        if by and cause is not Cause.EXECUTION else ""
    step.say(f"{target.name} ({step.name(target.character)}) dies ({cause}{who}).",
             player=target,
             character=target.character, rulings=(*rulings, *step.cite(None, "dead")))
    for other in step.state.players:
        handler = handler_for(other.acting)
        sees = handler.hook("sees_death") if handler else None
        if other.name != target.name and sees and not step.state.winner:
            sees(step, other, death)
    handler = handler_for(target.acting)
    dies = handler.hook("dies") if handler else None
    if dies and not step.state.winner:
        dies(step, step.player(target.name), death)
    check_win(step, demon_died=is_demon(target))
    return death


def check_win(step: Step, *, demon_died: bool = False) -> None:
    """Good wins when the Demon dies; evil when only two players (not Travellers) live."""
    state = step.state
    if state.winner:
        return
    demons = alive_demons(state)
    if demon_died and not demons:
        declare(step, Alignment.GOOD, "the Demon is dead", step.cite(None, "win"))
    elif demons and len(state.alive(travellers=False)) <= 2:
        declare(step, Alignment.EVIL, "only two players are alive and one is the Demon",
                step.cite(None, "lose"))


def declare(step: Step, team: Alignment, reason: str, rulings: Sequence[Citation]) -> None:
    if step.state.winner:
        return
    step.update(replace(step.state, winner=Win(team=team, reason=reason, moment=step.moment)))
    step.say(f"{str(team).capitalize()} wins: {reason}.", rulings=rulings)
