"""About the service: health, the sources read, and the API's own description."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, render_template

from knowledge import queries
from service.web.api.routing import OPERATIONS, route
from service.web.kb import get_db, kb_version
from service.web.openapi import document, linked_label, prose
from service.web.schemas import responses as rs

TITLE = "Clocktower Adjudicator API"
API_VERSION = "1.0.0"
DESCRIPTION = (
    "Rules knowledge for Blood on the Clocktower storytellers and tools: characters, rulings "
    "with their sources, jinxes, night order, scripts and interactions. Knowledge answers carry "
    "the knowledge-base version as their ETag. Every error has the shape "
    '`{"error": {"status", "code", "message", "details", "suggestions"}}`.'
)

docs = Blueprint("api_docs", __name__, url_prefix="/api")


@route(
    "GET",
    "/health",
    response=rs.Health,
    tag="service",
    cached=False,
    summary="Service status and knowledge-base version",
)
def health() -> dict[str, Any]:
    """Answers 200 once the knowledge base can be read."""
    return {
        "status": "ok",
        "knowledge_base": {"version": kb_version(), "characters": get_db()["characters"].count},
    }


@route(
    "GET",
    "/sources",
    response=rs.Sources,
    tag="service",
    summary="Every source document and what was read from it",
)
def sources() -> dict[str, Any]:
    """Each vendored document with its family (origin), checksum, size, and the characters,
    rulings and problems read from it; and the knowledge base's version and build time."""
    return queries.sources(get_db())


@route(
    "GET",
    "/openapi.json",
    response=rs.OpenAPIDocument,
    tag="service",
    cached=False,
    summary="This API's OpenAPI 3.1 document",
)
def openapi() -> dict[str, Any]:
    """Generated from the routes and their pydantic models."""
    return openapi_document()


def openapi_document() -> dict[str, Any]:
    """The document, built once per worker (it depends only on the code)."""
    state = current_app.extensions["adjudicator"]
    if "openapi" not in state:
        state["openapi"] = document(
            OPERATIONS, title=TITLE, version=API_VERSION, description=DESCRIPTION
        )
    return state["openapi"]


@docs.get("/docs")
def reference() -> str:
    """The human API reference, rendered from the OpenAPI document (no scripts, no CDN)."""
    doc = openapi_document()
    names = doc["components"]["schemas"]
    return render_template(
        "api/docs.html", doc=doc, prose=prose, linked=lambda schema: linked_label(schema, names)
    )
