"""Read-side queries over the stored knowledge base, returning plain JSON-able dicts."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

import networkx as nx
import sqlite_utils

from knowledge.errors import NotFound
from knowledge.graph import jinxes_for, neighbourhood

JSON_COLUMNS = {"abilities", "sources", "setup_modifiers", "acts", "aliases", "reminders",
                "reminders_global", "tags", "mentions", "info_cards", "concepts", "sides",
                "ruling_ids", "characters", "special_rules", "rulings"}


def decode(row: dict[str, Any]) -> dict[str, Any]:
    """A stored row with its JSON columns decoded.

    >>> decode({"id": "x", "tags": '["dead"]'})
    {'id': 'x', 'tags': ['dead']}
    """
    return {k: json.loads(v) if k in JSON_COLUMNS and isinstance(v, str) else v
            for k, v in row.items()}


def character_row(db: sqlite_utils.Database, cid: str) -> dict[str, Any]:
    rows = list(db.query("select * from characters where id = ?", [cid]))
    if not rows:
        raise NotFound(f"no character with id {cid!r}", details={"id": cid})
    row = decode(rows[0])
    row["official"] = bool(row["official"])
    row["setup"] = bool(row["setup"])
    return row


def ruling_dict(row: dict[str, Any]) -> dict[str, Any]:
    r = decode(row)
    return {"id": r["id"], "character": r["character_id"], "text": r["text"],
            "source": r["source"], "lines": [r["line_start"], r["line_end"]],
            "section": r["section"], "tags": r["tags"], "mentions": r["mentions"],
            "reminders": r["reminders"], "info_cards": r["info_cards"]}


def rulings(db: sqlite_utils.Database, cid: str, *, tag: str | None = None,
            section: str | None = None, source: str | None = None) -> list[dict[str, Any]]:
    """A character's rulings in source order, filtered."""
    sql = "select * from rulings where character_id = ?"
    params: list[Any] = [cid]
    if section:
        sql, params = sql + " and section = ?", [*params, section]
    if source:
        sql, params = sql + " and source = ?", [*params, source]
    if tag:
        sql, params = sql + " and exists (select 1 from json_each(tags) where value = ?)", \
            [*params, tag]
    return [ruling_dict(r) for r in db.query(sql + " order by source, line_start", params)]


def reminders(db: sqlite_utils.Database, cid: str) -> list[dict[str, Any]]:
    rows = db.query("select * from reminders where character_id = ? order by is_global, id",
                    [cid])
    return [{"id": r["id"], "name": r["name"], "global": bool(r["is_global"]),
             "source": r["source"], "rulings": json.loads(r["rulings"])} for r in rows]


def conflicts(db: sqlite_utils.Database, cid: str) -> list[dict[str, Any]]:
    rows = db.query("select * from conflicts where character_id = ? order by topic, id", [cid])
    return [decode(r) for r in rows]


def character(db: sqlite_utils.Database, G: nx.MultiDiGraph, cid: str) -> dict[str, Any]:
    """The full record of one character, rulings grouped by section and by condition."""
    row = character_row(db, cid)
    all_rulings = rulings(db, cid)
    by_section: dict[str, list[dict[str, Any]]] = defaultdict(list)
    by_condition: dict[str, list[str]] = defaultdict(list)
    for ruling in all_rulings:
        by_section[ruling["section"]].append(ruling)
        for tag in ruling["tags"]:
            by_condition[tag].append(ruling["id"])
    return {
        **row,
        "night_order": {"first": row.pop("first_night"), "other": row.pop("other_night")},
        "reminder_tokens": reminders(db, cid),
        "jinxes": [_jinx(j, cid) for j in jinxes_for(G, cid)],
        "conflicts": conflicts(db, cid),
        "rulings": dict(by_section),
        "rulings_by_condition": dict(sorted(by_condition.items())),
        "neighbourhood": neighbourhood(G, cid, limit=12),
    }


def _jinx(node: dict[str, Any], cid: str) -> dict[str, Any]:
    a, b = node["id"].split("+")
    return {"id": node["id"], "with": b if a == cid else a, "reason": node["reason"],
            "source": node["source"], "lines": [node["line_start"], node["line_end"]]}
