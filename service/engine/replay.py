"""``replay(request, rules) -> response``: the one entry point the CLI and the API share."""

from __future__ import annotations

import difflib
from typing import Any

from service.engine.actions import Act, Action, Dawn, Dusk, NightStart, Setup
from service.engine.game import Game
from service.engine.handlers import handler_for, load_all
from service.engine.model import GameState, Phase
from service.engine.nightorder import waking_abilities
from service.engine.request import PhasePlan, parse_request
from service.engine.rulebook import Rules
from service.engine.rules import is_drunk, is_poisoned
from service.errors import InvalidRequest, ServiceError


def replay(request: Any, rules: Rules) -> dict[str, Any]:
    """Play the request's phases through the engine and describe what happened."""
    load_all()
    parsed = parse_request(request, rules)
    game = Game(rules, parsed.start, parsed.choices)
    _push(game, Setup(parsed.travellers_unaligned), "players")
    unplayed: list[str] = []
    for plan in parsed.phases:
        if game.state.winner:
            unplayed.append(str(plan.moment))
            continue
        unplayed.extend(f"{plan.moment}: {action}" for action in _play(game, plan))
    _check_choices(game, complete=not unplayed)
    result = response(game, unplayed)
    result["resolved_names"] = list(parsed.fuzzy)
    return result


def _play(game: Game, plan: PhasePlan) -> list[Action]:
    """Push one phase; returns the actions not played because the game ended."""
    if plan.moment.phase is Phase.NIGHT:
        _push(game, NightStart(plan.moment.number), plan.field)
        actions = sorted(plan.actions, key=lambda pair: _night_key(game, pair[0]))
        closing: tuple[Action, str] = (Dawn(), plan.field)
    else:
        actions = list(plan.actions)
        closing = (Dusk(), plan.field)
    queue = [*actions, closing]
    for i, (action, field) in enumerate(queue):
        if game.state.winner:
            return [a for a, _ in queue[i:] if not isinstance(a, Dawn | Dusk)]
        _push(game, action, field)
    return []


def _night_key(game: Game, action: Action) -> tuple[float, int]:
    if not isinstance(action, Act) or not game.state.has_player(action.player):
        return float("inf"), 0
    player = game.state.player(action.player)
    waking = waking_abilities(game.rules, game.state.moment, player)
    return (waking[0][0] if waking else float("inf")), player.seat


def _push(game: Game, action: Action, field: str) -> None:
    try:
        game.push(action)
    except ServiceError as err:
        inner = err.details.get("field")
        if not (inner and inner.startswith("choices.")):
            err.details["field"] = f"{field}.{inner}" if inner else field
        err.details.setdefault("action", str(action))
        raise


def _check_choices(game: Game, *, complete: bool) -> None:
    offered = [c.id for c in game.choices]
    for cid in sorted(game.requested):
        if cid not in offered and complete:
            raise InvalidRequest(
                f"the replay never offered a choice {cid!r}",
                field=f"choices.{cid}",
                suggestions=difflib.get_close_matches(cid, offered, n=5),
            )


def response(game: Game, unplayed: list[str]) -> dict[str, Any]:
    state = game.state
    offered = {c.id for c in game.choices}
    return {
        "deaths": [d.player for d in state.deaths],
        "players": {p.name: _player(state, p) for p in state.players},
        "winner": _winner(state, unplayed),
        "info": {name: _info(info) for name, info in state.info},
        "storyteller_choices": [c.to_dict() for c in game.choices],
        "unused_choices": sorted(cid for cid in game.requested if cid not in offered),
        "not_simulated": _not_simulated(state),
        "unplayed_jinxes": _unplayed_jinxes(state),
        "trace": [entry.to_dict(i + 1) for i, entry in enumerate(game.trace)],
    }


def _player(state: GameState, player: Any) -> dict[str, Any]:
    result = {
        "character": player.character,
        "alignment": str(player.alignment),
        "alive": player.alive,
        "ghost_vote": player.ghost_vote,
        "drunk": is_drunk(state, player),
        "poisoned": is_poisoned(state, player),
        "reminders": [
            {"token": t.name, "character": t.character, "by": t.by, "until": str(t.until)}
            for t in state.tokens_on(player.name)
        ],
    }
    if player.thinks:
        result["thinks"] = player.thinks
    if player.gained:
        result["gained"] = list(player.gained)
    return result


def _winner(state: GameState, unplayed: list[str]) -> dict[str, Any] | None:
    if state.winner is None:
        return None
    return {
        "team": str(state.winner.team),
        "reason": state.winner.reason,
        "phase": str(state.winner.moment),
        "unplayed": unplayed,
    }


def _info(info: Any) -> dict[str, Any]:
    return {
        "character": info.character,
        "phase": str(info.moment),
        "answer": info.answer,
        "reliable": info.reliable,
        "told": info.told,
        "why": list(info.reasons),
    }


def _in_play(state: GameState) -> set[str]:
    """Every character in play, as players are it or act as it (the Drunk's Townsfolk)."""
    return {cid for p in state.players for cid in (p.character, p.acting)}


def _unplayed_jinxes(state: GameState) -> list[list[str]]:
    """The pairs of characters in play whose official jinx the engine does not play (each
    plays its own ability as if there were none), each pair sorted."""
    ids = _in_play(state)
    pairs = {
        tuple(sorted((cid, other)))
        for cid in ids
        if (handler := handler_for(cid)) is not None
        for other in handler.unplayed_jinxes & ids
    }
    return [list(pair) for pair in sorted(pairs)]


def _not_simulated(state: GameState) -> list[str]:
    return sorted(cid for cid in _in_play(state) if handler_for(cid) is None)
