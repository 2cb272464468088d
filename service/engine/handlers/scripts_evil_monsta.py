"""Lil' Monsta: a Demon no player is. The Minions choose a babysitter each night, who "is
the Demon" for every rule (wins, registration) without changing character or alignment.

Lil' Monsta is in play while its "Is The Demon" reminder is in the Grimoire: the request
puts it on the current babysitter (for a game that starts on the first night, on the
player who holds it going into that night; the Minions choose again that night). Its
hooks get ``me=None``: it is a seatless character (see ``service.engine.handlers``).
The babysitter is the player whose ``team`` is ``Team.DEMON`` while they hold the token.
"""

from __future__ import annotations

from dataclasses import replace

from knowledge.model import Team
from service.engine.actions import Act
from service.engine.deaths import kill
from service.engine.handlers import character
from service.engine.handlers.support import by_seat
from service.engine.model import Cause, Player, Token, Until
from service.engine.rules import is_drunk, is_poisoned
from service.engine.step import Step
from service.errors import InvalidRequest

TOKEN = "Is The Demon"

lilmonsta = character(
    "lilmonsta",
    seatless=True,
    tokens={TOKEN: Until.NEVER},
    cites={
        "babysit": "The majority will (eventually) point to one player",
        "demon": "The player marked IS THE DEMON registers as the Demon",
        "rules": "is the Demon for the purposes of rules and abilities, including the victory",
        "no-player": "Lil’ Monsta isn’t a player, and is instead babysat by a Minion",
        "skip": "remove Lil’ Monsta and add a Minion token. On the first night, skip",
        "kill": "choose a player to die; mark that player with the “Dead” reminder token",
        "unaffected": "When the babysitter is drunk or poisoned or has no ability, this has no",
    },
)


def babysitter(step: Step) -> Player | None:
    holders = [t.on for t in step.state.find_tokens("lilmonsta", TOKEN)]
    return step.player(holders[0]) if holders else None


def _slug(step: Step) -> str:
    return f"{step.moment.phase}{step.moment.number}.lilmonsta"


def _is_minion(step: Step, player: Player) -> bool:
    return step.rules.character(player.character).team is Team.MINION


@lilmonsta.setup
def _monsta_setup(step: Step, me: Player | None) -> None:
    if me is not None:
        raise InvalidRequest(
            f"{me.name} cannot be Lil' Monsta: no player is; give a Minion "
            f"and put Lil' Monsta's 'Is The Demon' reminder on the babysitter"
        )
    holders = step.state.find_tokens("lilmonsta", TOKEN)
    if len(holders) > 1:
        raise InvalidRequest(
            "Lil' Monsta has one babysitter: only one player may hold its 'Is The Demon' reminder"
        )
    sitter = step.player(holders[0].on)
    _hold(step, sitter)
    rulings = (
        *step.cite(lilmonsta, "ability"),
        *step.cite(lilmonsta, "no-player"),
        *step.cite(lilmonsta, "rules"),
    )
    if step.state.moment.number == 0:
        rulings = (*rulings, *step.cite(lilmonsta, "skip"))
    step.say(
        f"Lil' Monsta is in play: no player is Lil' Monsta; {sitter.name} holds it and "
        f"is the Demon until the Minions choose again.",
        character="lilmonsta",
        rulings=rulings,
    )


@lilmonsta.info_step
def _monsta_info_step(step: Step, me: None, marker: str) -> bool:
    what = "Minion Info" if marker == "minioninfo" else "Demon Info"
    step.say(
        f"Lil' Monsta is in play: skip the {what} step (the Minions wake together at "
        f"Lil' Monsta's place to choose its babysitter instead).",
        character="lilmonsta",
        rulings=step.cite(lilmonsta, "skip"),
    )
    return True


def _hold(step: Step, sitter: Player) -> None:
    step.update(step.state.with_player(replace(sitter, team=Team.DEMON)))


def _release(step: Step, sitter: Player) -> None:
    team = step.rules.character(sitter.character).team or sitter.team
    step.update(step.state.with_player(replace(sitter, team=team)))


@lilmonsta.night
def _monsta_night(step: Step, me: None, act: Act | None) -> None:
    if _kept_by_scarlet_woman(step):
        return
    current = babysitter(step)
    alive = by_seat(step.state.alive())
    minions = [p for p in alive if _is_minion(step, p)]
    default = current if current and current.alive else (minions or alive)[0]
    chosen = step.choose(
        f"{_slug(step)}.babysitter",
        "who babysits Lil' Monsta (the Minions' choice; the Storyteller "
        "chooses if they cannot agree)",
        [p.name for p in alive],
        default.name,
        rulings=(*step.cite(lilmonsta, "ability"), *step.cite(lilmonsta, "babysit")),
    )
    sitter = step.player(chosen)
    if current is not None:
        _release(step, step.player(current.name))
    step.update(step.state.remove_tokens("lilmonsta", TOKEN))
    step.place(Token(name=TOKEN, character="lilmonsta", on=sitter.name))
    _hold(step, step.player(sitter.name))
    moved = "keeps" if current and current.name == sitter.name else "now babysits"
    step.say(
        f"The Minions choose: {sitter.name} {moved} Lil' Monsta and is the Demon "
        f"({'a Minion' if _is_minion(step, sitter) else 'not a Minion, and stays good'}).",
        character="lilmonsta",
        rulings=(*step.cite(lilmonsta, "demon"), *step.cite(lilmonsta, "rules")),
    )
    if not step.moment.first_night:
        _might_kill(step, step.player(sitter.name))


def _kept_by_scarlet_woman(step: Step) -> bool:
    """After the Lil' Monsta + Scarlet Woman jinx she babysits for good: no choice tonight."""
    kept = [t.on for t in step.state.find_tokens("scarletwoman", "Babysits")]
    if not kept or not step.player(kept[0]).alive:
        return False
    sitter = step.player(kept[0])
    step.say(
        f"{sitter.name} (Scarlet Woman) babysits Lil' Monsta for the rest of the game: the "
        f"Minions do not choose a babysitter.",
        character="lilmonsta",
        rulings=step.rules.cite("lilmonsta", "the Scarlet Woman babysits Lil' Monsta"),
    )
    if not step.moment.first_night:
        _might_kill(step, sitter)
    return True


def _might_kill(step: Step, sitter: Player) -> None:
    options = [None, *(p.name for p in by_seat(step.state.alive()))]
    rulings = (*step.cite(lilmonsta, "ability"), *step.cite(lilmonsta, "kill"))
    victim = step.choose(
        f"{_slug(step)}.kill",
        "who dies to Lil' Monsta tonight (null: "
        "nobody); the Storyteller chooses, not as an omniscient Demon",
        options,
        None,
        rulings=rulings,
    )
    if victim is None:
        step.say(
            "The Storyteller lets nobody die to Lil' Monsta tonight.",
            character="lilmonsta",
            rulings=rulings,
        )
        return
    if is_drunk(step.state, sitter) or is_poisoned(step.state, sitter):
        rulings = (*rulings, *step.cite(lilmonsta, "unaffected"))
    step.say(f"Lil' Monsta attacks {victim}.", character="lilmonsta", rulings=rulings)
    kill(step, victim, Cause.DEMON, by=None)
