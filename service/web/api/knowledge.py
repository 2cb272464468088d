"""Across characters: search, interactions, jinxes and the night order."""

from __future__ import annotations

from typing import Any

from knowledge import queries
from knowledge.errors import InvalidRequest
from service.web.api.characters import resolve_all
from service.web.api.routing import route
from service.web.kb import get_db, get_graph
from service.web.schemas import requests as rq
from service.web.schemas import responses as rs


@route(
    "GET",
    "/search",
    query=rq.SearchQuery,
    response=rs.SearchResult,
    summary="Search character names and the full text of every ruling",
)
def search(query: rq.SearchQuery) -> dict[str, Any]:
    """Names match fuzzily (a near miss still finds the character). Rulings match by full-text
    search (porter stemming): every word if any ruling has them all (`match: all`), otherwise
    any word (`match: any`); ranked by relevance, each with a highlighted snippet. The words
    are searched as typed: FTS operators (NOT, OR, NEAR, *, quotes) have no effect."""
    return queries.search(get_db(), query.q, limit=query.limit, offset=query.offset)


@route(
    "GET",
    "/interactions",
    query=rq.InteractionsQuery,
    response=rs.Interactions,
    summary="Everything linking two or more characters, ranked",
    errors=(404,),
)
def interactions(query: rq.InteractionsQuery) -> dict[str, Any]:
    """For every pair: official jinxes, rulings about one that name the other (both ways),
    rulings that name the other's team ("the Demon"), conflicts between sources, and
    concepts of one ability that act on the other's (protection vs a kill); strongest first,
    each with its source file and lines."""
    refs = distinct(query.characters, at_least=2)
    result = queries.interactions(get_graph(), [r["id"] for r in refs])
    result["characters"] = [{**c, **r} for c, r in zip(result["characters"], refs, strict=True)]
    return result


@route(
    "GET",
    "/jinxes",
    query=rq.JinxesQuery,
    response=rs.JinxList,
    summary="The official jinxes among a set of characters",
    errors=(404,),
)
def jinxes(query: rq.JinxesQuery) -> dict[str, Any]:
    """Every official jinx whose two characters are both in the list."""
    refs = distinct(query.characters, at_least=2)
    return {"characters": refs, "jinxes": queries.jinxes_among(get_db(), [r["id"] for r in refs])}


@route(
    "GET",
    "/night-order",
    query=rq.NightOrderQuery,
    response=rs.NightOrder,
    summary="The ordered wake list for a night",
    errors=(404,),
)
def night_order(query: rq.NightOrderQuery) -> dict[str, Any]:
    """The official night sheet with each entry's reminder, dusk, Minion info, Demon info and
    dawn included: whole, or for `characters`, or for a stored `script`. Characters that do
    not wake that night are listed in `not_waking`."""
    db = get_db()
    if query.script is not None:
        return {
            **queries.night_order(db, query.night, queries.script_ids(db, query.script)),
            "script": query.script,
        }
    if query.characters is not None:
        refs = distinct(query.characters, at_least=1)
        return {**queries.night_order(db, query.night, [r["id"] for r in refs]), "characters": refs}
    return queries.night_order(db, query.night)


def distinct(names: list[str], *, at_least: int) -> list[dict[str, Any]]:
    """Names resolved to distinct characters; 422 when fewer remain than needed."""
    refs = resolve_all(names)
    if len(refs) < at_least:
        raise InvalidRequest(
            f"characters: name at least {at_least} different characters",
            details={"field": "characters", "characters": names},
        )
    return refs
