"""POST /replay: the rules engine over HTTP, request and response as the engine defines them."""

from __future__ import annotations

from typing import Any

from service.engine import replay as replay_game
from service.web.api.routing import route
from service.web.kb import get_rulebook
from service.web.schemas.replay import ReplayRequest, ReplayResponse


@route(
    "POST",
    "/replay",
    body=ReplayRequest,
    response=ReplayResponse,
    tag="engine",
    cached=False,
    errors=(404,),
    summary="Replay a game state through nights and days",
)
def replay(body: ReplayRequest) -> dict[str, Any]:
    """Players in clockwise seat order, then each phase's actions (nights, in any order: the
    engine runs them in night order) or events (days, in the order they happen). The answer:
    deaths, every player's final state, the winner if the game ended, what each information
    ability learnt and whether it must be true, every storyteller choice point, and a trace
    of every step citing the rulings it rests on (source file and lines). Refusals name the
    offending field (`phases[0].actions[1].player`); unknown characters answer 404 with
    suggestions. The same request as `adjudicator replay` on the command line."""
    return replay_game(body.model_dump(exclude_unset=True), get_rulebook())
