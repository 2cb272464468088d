"""Small helpers shared by handler modules (no rules of their own)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from knowledge.model import Team
from service.engine.handlers import Handler
from service.engine.model import Player, Token, Until
from service.engine.step import Step


def never_woken(step: Step, me: Player) -> bool:
    """A ``wakes`` hook for a character the Storyteller never wakes: its night-sheet line, if
    any, is the Storyteller's own step (the Gossip's kill, the Leviathan's day count)."""
    return False


def mark(step: Step, handler: Handler, me: Player, name: str, on: Player) -> None:
    """Move ``me``'s ``name`` reminder onto ``on`` (one such token per placer)."""
    step.update(step.state.remove_tokens(handler.id, name, by=me.name))
    step.place(
        Token(
            name=name,
            character=handler.id,
            on=on.name,
            by=me.name,
            until=handler.tokens.get(name, Until.NEVER),
        )
    )


def has_token(
    step: Step, handler: Handler, name: str, *, on: Player | None = None, by: Player | None = None
) -> bool:
    return any(
        (on is None or t.on == on.name) and (by is None or t.by == by.name)
        for t in step.state.find_tokens(handler.id, name)
    )


def token_on(step: Step, handler: Handler, name: str, by: Player) -> Player | None:
    """The player ``by``'s ``name`` reminder sits on, if any."""
    for token in step.state.find_tokens(handler.id, name):
        if token.by == by.name:
            return step.player(token.on)
    return None


def by_seat(players: Iterable[Player]) -> list[Player]:
    return sorted(players, key=lambda p: p.seat)


def become(step: Step, player: Player, character: str) -> Player:
    """The player's character changes (alignment kept unless the caller changes it); any
    ability gained as the old character (an Alchemist's, a Cannibal's) goes with it."""
    team = step.rules.character(character).team or player.team
    changed = replace(
        player, character=character, team=team, thinks=None, since=step.moment, gained=()
    )
    step.update(step.state.with_player(changed))
    return changed


def edition_characters(step: Step, of: str, teams: Iterable[Team]) -> tuple[str, ...]:
    """Character ids of ``of``'s edition in the given teams, by id (registration options)."""
    edition = step.rules.character(of).edition
    wanted = set(teams)
    return tuple(c.id for c in step.rules.characters() if c.edition == edition and c.team in wanted)


def known_character(step: Step) -> Callable[[Any], bool]:
    ids = {c.id for c in step.rules.characters()}
    return lambda value: value in ids


def name_of(step: Step, character: str) -> str:
    return step.rules.character(character).name
