"""Characters: the list, one record, its rulings and its reminder tokens."""

from __future__ import annotations

from typing import Any

from knowledge import queries
from service.web.api.routing import route
from service.web.kb import get_db, get_graph, get_resolver
from service.web.schemas import requests as rq
from service.web.schemas import responses as rs

NAME = {"name": "A character id, name or alias; a near miss resolves and says so."}


def resolve(name: str) -> dict[str, Any]:
    """``{"id", "name", "resolved_from"?}`` for a typed name; 404 with suggestions if none."""
    found = get_resolver().resolve(name)
    ref: dict[str, Any] = {"id": found.id, "name": found.name}
    if not found.exact:
        ref["resolved_from"] = name
    return ref


def resolve_all(names: list[str]) -> list[dict[str, Any]]:
    """Each name resolved, in order, a character named twice kept once."""
    refs: dict[str, dict[str, Any]] = {}
    for name in names:
        ref = resolve(name)
        refs.setdefault(ref["id"], ref)
    return list(refs.values())


@route(
    "GET",
    "/characters",
    query=rq.CharactersQuery,
    response=rs.CharacterPage,
    summary="List characters, filtered and paginated",
    errors=(404,),
)
def characters(query: rq.CharactersQuery) -> dict[str, Any]:
    """Filters combine (all must hold). `source` and `script` must exist (404 with
    suggestions otherwise). With `q`, the best fuzzy matches come first, each with a score."""
    return queries.characters(get_db(), **query.model_dump())


@route(
    "GET",
    "/characters/{name}",
    response=rs.Character,
    path_params=NAME,
    summary="One character's full record",
    errors=(404,),
)
def character(name: str) -> dict[str, Any]:
    """Official ability and each source's ability text, team, origin, set-up modifiers,
    night-order positions, reminder tokens, jinxes, conflicts, and rulings grouped by section
    and by condition, each with its source file and lines (and an `erratum` where the source's
    text has a curated slip). A name that is not exact resolves fuzzily and says so in
    `resolved_from`; an unknown one is a 404 with suggestions."""
    ref = resolve(name)
    record = queries.character(get_db(), get_graph(), ref["id"])
    if "resolved_from" in ref:
        record["resolved_from"] = ref["resolved_from"]
    return record


@route(
    "GET",
    "/characters/{name}/rulings",
    query=rq.RulingsQuery,
    response=rs.RulingList,
    path_params=NAME,
    summary="A character's rulings, filtered",
    errors=(404,),
)
def character_rulings(name: str, query: rq.RulingsQuery) -> dict[str, Any]:
    """Rulings about the character in source order, filtered by tag, section and source. The
    text is quoted as the source has it; where it has a curated slip (a copied name, a wrong
    word), the ruling carries an `erratum`: the words, what they should say, and why."""
    ref = resolve(name)
    items = queries.rulings(get_db(), ref["id"], **query.model_dump())
    return {"character": ref, "total": len(items), "items": items}


@route(
    "GET",
    "/characters/{name}/reminders",
    response=rs.ReminderList,
    path_params=NAME,
    summary="A character's reminder tokens",
    errors=(404,),
)
def character_reminders(name: str) -> dict[str, Any]:
    """Each token with the rulings that use it; global tokens last."""
    ref = resolve(name)
    return {"character": ref, "reminders": queries.reminders(get_db(), ref["id"])}
