"""The night-order sheet of a script: a stored one, or an official script JSON pasted in."""

from __future__ import annotations

import json
from typing import Any

import sqlite_utils

from knowledge import queries
from knowledge.errors import InvalidRequest
from knowledge.resolve import Resolver
from service.web.icons import icon_file


def known_scripts(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    """Every stored script: the seed almanacs first, then the tournament scripts, by name."""
    rows = queries.scripts(db, limit=1000)["items"]
    return sorted(rows, key=lambda r: (r["source"].endswith(".json"), r["name"].lower()))


def stored_sheet(db: sqlite_utils.Database, script_id: str) -> dict[str, Any]:
    """The sheet of a stored script (NotFound with suggestions for an unknown id)."""
    return with_icons(db, queries.script(db, script_id))


def pasted_sheet(db: sqlite_utils.Database, resolver: Resolver, text: str) -> dict[str, Any]:
    """The sheet of an official script JSON, checked against the official schema."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise InvalidRequest(
            f"this is not JSON: {err.msg} (line {err.lineno}, column {err.colno})", field="script"
        ) from None
    checked = queries.check_script(db, resolver, data)
    return with_icons(db, {**checked, "name": checked.get("name") or "Pasted script"})


def with_icons(db: sqlite_utils.Database, sheet: dict[str, Any]) -> dict[str, Any]:
    """The sheet with an icon, team and link target on every character and wake entry."""
    official = {
        r["id"]: bool(r["official"]) for r in db.query("select id, official from characters")
    }
    people = {
        c["id"]: {**c, "icon": icon_file(c["id"], c["team"], official=official.get(c["id"], False))}
        for c in sheet["characters"]
    }
    nights = {}
    for night, order in sheet["night_order"].items():
        nights[night] = {
            "order": [_entry(e, people) for e in order["order"]],
            "unplaced": [_entry(e, people) for e in order["unplaced"]],
            "not_waking": [people[cid] for cid in order["not_waking"] if cid in people],
        }
    return {
        **sheet,
        "characters": list(people.values()),
        "nights": nights,
        "names": {cid: c["name"] for cid, c in people.items()},
    }


def _entry(entry: dict[str, Any], people: dict[str, dict[str, Any]]) -> dict[str, Any]:
    person = people.get(entry["id"], {})
    return {
        **entry,
        "team": person.get("team"),
        "icon": person.get("icon"),
        "known": person.get("known", False),
    }
