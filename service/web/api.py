"""The JSON API, version 1."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, jsonify

from knowledge import queries
from service.web.kb import get_db, get_graph, get_resolver, kb_version

api = Blueprint("api", __name__, url_prefix="/api/v1")


@api.get("/health")
def health():
    db = get_db()
    return jsonify({"status": "ok", "knowledge_base": {
        "version": kb_version(), "characters": db["characters"].count}})


@api.get("/characters/<name>")
def character(name: str):
    resolution = get_resolver().resolve(name)
    record: dict[str, Any] = queries.character(get_db(), get_graph(), resolution.id)
    if not resolution.exact:
        record["resolved_from"] = name
    return jsonify(record)


def _json(value: str | None) -> Any:
    return json.loads(value) if value else None
