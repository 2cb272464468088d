"""Scripts: the stored ones, and a check of any official script JSON."""

from __future__ import annotations

from typing import Any

from knowledge import queries
from service.web.api.routing import route
from service.web.kb import get_db, get_resolver
from service.web.schemas import requests as rq
from service.web.schemas import responses as rs


@route(
    "GET",
    "/scripts",
    query=rq.ScriptsQuery,
    response=rs.ScriptPage,
    tag="scripts",
    summary="List the stored scripts",
)
def scripts(query: rq.ScriptsQuery) -> dict[str, Any]:
    """Every script the knowledge base read (almanacs and official tournament scripts)."""
    return queries.scripts(get_db(), limit=query.limit, offset=query.offset)


@route(
    "GET",
    "/scripts/{script_id}",
    response=rs.Script,
    tag="scripts",
    errors=(404,),
    path_params={"script_id": "A stored script's id."},
    summary="One stored script",
)
def script(script_id: str) -> dict[str, Any]:
    """Its characters, team counts, jinxes that apply, set-up modifiers, night order and
    special rules; an unknown id is a 404 with the nearest ids."""
    return queries.script(get_db(), script_id)


@route(
    "POST",
    "/scripts/check",
    body=rq.ScriptBody,
    response=rs.ScriptCheck,
    tag="scripts",
    cached=False,
    summary="Check an official script JSON",
)
def check_script(body: rq.ScriptBody) -> dict[str, Any]:
    """The body is validated against the official `script-schema.json` (422 with every
    error's location otherwise). The answer resolves each character (ids, names, near
    misses), lists unknown ids with suggestions and duplicates, and gives the night order,
    the jinxes that apply, set-up modifiers and team counts. Characters the script defines
    itself are kept (`known: false`)."""
    return queries.check_script(get_db(), get_resolver(), body.root)
