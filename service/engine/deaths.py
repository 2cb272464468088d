"""Deaths and wins: kills carry a cause, protections and redirections are asked first,
death triggers fire after, and the game ends the moment a win condition holds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from service.engine.handlers import hooks_of
from service.engine.model import Alignment, Cause, Death, Player, Win
from service.engine.rulebook import Citation
from service.engine.rules import alive_demons, is_demon, is_undead, living
from service.engine.step import Step


def kill(
    step: Step,
    name: str,
    cause: Cause,
    *,
    by: Player | None,
    rulings: Sequence[Citation] = (),
    redirect: bool = True,
    unstoppable: bool = False,
) -> bool:
    """Try to kill ``name``; returns whether they died (as far as the game can tell).
    ``unstoppable``: "they die, even if for some reason they could not" (the Assassin):
    no protection is asked."""
    target = step.player(name)
    if not target.alive and not is_undead(step.state, target):
        step.say(
            f"{target.name} is already dead: nothing happens.",
            player=target,
            rulings=step.cite(None, "dead"),
        )
        return False
    if not unstoppable and protected(step, target, cause, by=by):
        return False
    if redirect:
        instead = _redirected(step, target, cause, by)
        if instead != target.name:
            return kill(
                step,
                instead,
                cause,
                by=by,
                rulings=rulings,
                redirect=False,
                unstoppable=unstoppable,
            )
    if _cheats(step, target, cause, by):
        return True
    die(step, target, cause, by=by, rulings=rulings)
    return True


def _cheats(step: Step, target: Player, cause: Cause, by: Player | None) -> bool:
    """The target's own ability turns this death into a registered one (the Zombuul)."""
    return any(
        cheats(step, step.player(target.name), cause, by)
        for _, cheats in hooks_of(target, "cheats_death")
    )


def protected(step: Step, target: Player, cause: Cause, *, by: Player | None = None) -> bool:
    """Does an ability stop this death (said in the trace)? A stopped killer's ability
    worked abnormally, which the Mathematician counts."""
    # The target's own ability is asked last: the Fool does not spend theirs when another
    # ability already protects them.
    for guard in sorted(step.state.players, key=lambda p: p.name == target.name):
        for cid, protects in hooks_of(guard, "protects"):
            rulings = protects(step, guard, target, cause)
            if rulings:
                whose = "their own" if guard.name == target.name else f"{guard.name}'s"
                step.say(
                    f"{target.name} does not die: {whose} {step.name(cid)} ability "
                    f"protects them from {_DEATH_OF[cause]}.",
                    player=target,
                    rulings=rulings,
                )
                if by is not None:
                    today = step.state.today
                    step.update(
                        replace(
                            step.state, today=replace(today, abnormal=(*today.abnormal, by.name))
                        )
                    )
                return True
    return False


def shielded(step: Step, target: Player) -> tuple[str, str, tuple] | None:
    """Whether an ability keeps ``target`` from a Demon's harm other than its kill (poisoning,
    turning evil): "The Monk's protection also prevents all other harmful effects of the
    Demon's ability, such as poisoning". (guard's name, its character, the citations)."""
    for guard in step.state.players:
        for cid, shields in hooks_of(guard, "shields"):
            rulings = shields(step, guard, target)
            if rulings:
                return guard.name, cid, rulings
    return None


# what a protection stops, said plainly ("protects them from this execution")
_DEATH_OF = {
    Cause.DEMON: "the Demon's kill",
    Cause.MINION: "the Minion's kill",
    Cause.EXECUTION: "this execution",
    Cause.EXILE: "this exile",
    Cause.ABILITY: "this kill",
    Cause.STORYTELLER: "this death",
}


def death_of(cause: Cause) -> str:
    """What a death by ``cause`` is, said plainly: "the Minion's kill", "this execution"."""
    return _DEATH_OF[cause]


def _redirected(step: Step, target: Player, cause: Cause, by: Player | None) -> str:
    for _, redirect in hooks_of(target, "redirect"):
        instead = redirect(step, target, cause, by)
        if instead != target.name:
            return instead
    return target.name


def die(
    step: Step, target: Player, cause: Cause, *, by: Player | None, rulings: Sequence[Citation] = ()
) -> Death:
    """The player dies: the shroud, then every death trigger, then the win check."""
    death = Death(player=target.name, cause=cause, by=by.name if by else None, moment=step.moment)
    state = step.state.with_player(replace(target, alive=False))
    step.update(replace(state, deaths=(*state.deaths, death)))
    who = (
        f" by {by.name}'s {step.name(by.character)}" if by and cause is not Cause.EXECUTION else ""
    )
    step.say(
        f"{target.name} ({step.name(target.character)}) dies ({cause}{who}).",
        player=target,
        character=target.character,
        rulings=(*rulings, *step.cite(None, "dead")),
    )
    for other in step.state.players:
        for _, sees in hooks_of(other, "sees_death"):
            if other.name != target.name and not step.state.winner:
                sees(step, step.player(other.name), death)
    for _, dies in hooks_of(step.player(target.name), "dies"):
        if not step.state.winner:
            dies(step, step.player(target.name), death)
    check_win(step, demon_died=is_demon(target))
    return death


# the reason good wins when the Demon dies (answers read it: service/answer/replayed.py)
DEMON_DEAD = "the Demon is dead"


def check_win(step: Step, *, demon_died: bool = False) -> None:
    """Good wins when the Demon dies; evil when only two players (not Travellers) live."""
    state = step.state
    if state.winner:
        return
    demons = alive_demons(state)
    if demon_died and not demons:
        declare(step, Alignment.GOOD, DEMON_DEAD, step.cite(None, "win"))
    elif demons and len(living(state)) <= 2:
        declare(
            step,
            Alignment.EVIL,
            "only two players are alive and one is the Demon",
            step.cite(None, "lose"),
        )


def declare(step: Step, team: Alignment, reason: str, rulings: Sequence[Citation]) -> None:
    if step.state.winner or _vetoed(step, team, reason):
        return
    step.update(replace(step.state, winner=Win(team=team, reason=reason, moment=step.moment)))
    step.say(f"{str(team).capitalize()} wins: {reason}.", rulings=rulings)


def _vetoed(step: Step, team: Alignment, reason: str) -> bool:
    """An ability stops this win for now (the Evil Twin): the game goes on."""
    for player in step.state.players:
        for cid, vetoes in hooks_of(player, "vetoes"):
            rulings = vetoes(step, player, team)
            if rulings:
                step.say(
                    f"{str(team).capitalize()} would win ({reason}), but {player.name}'s "
                    f"{step.name(cid)} ability stops it: the game goes on.",
                    player=player,
                    rulings=rulings,
                )
                return True
    return False
