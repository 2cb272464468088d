"""Character queries: the list with its filters, one full record, rulings and reminders."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

import networkx as nx
import sqlite_utils
from rapidfuzz import fuzz, process, utils

from knowledge.errors import NotFound
from knowledge.graph import jinxes_for, neighbourhood
from knowledge.model import Team

JSON_COLUMNS = {
    "abilities",
    "sources",
    "setup_modifiers",
    "acts",
    "aliases",
    "reminders",
    "reminders_global",
    "named_by",
    "tags",
    "mentions",
    "info_cards",
    "concepts",
    "sides",
    "ruling_ids",
    "characters",
    "special_rules",
    "rulings",
}


def decode(row: dict[str, Any]) -> dict[str, Any]:
    """A stored row with its JSON columns decoded.

    >>> decode({"id": "x", "tags": '["dead"]'})
    {'id': 'x', 'tags': ['dead']}
    """
    return {
        k: json.loads(v) if k in JSON_COLUMNS and isinstance(v, str) else v for k, v in row.items()
    }


TEAM_ORDER = {team.value: i for i, team in enumerate(Team)}
FUZZY_CUTOFF = 75.0  # WRatio at or above this lists a character for a `q` filter
SUMMARY_COLUMNS = (
    "id",
    "name",
    "team",
    "origin",
    "official",
    "edition",
    "ability",
    "setup",
    "first_night",
    "other_night",
    "aliases",
)


def character_row(db: sqlite_utils.Database, cid: str) -> dict[str, Any]:
    rows = list(db.query("select * from characters where id = ?", [cid]))
    if not rows:
        raise NotFound(f"no character with id {cid!r}", details={"id": cid})
    row = decode(rows[0])
    row["official"] = bool(row["official"])
    row["setup"] = bool(row["setup"])
    return row


def ruling_dict(row: dict[str, Any], erratum: dict[str, str] | None = None) -> dict[str, Any]:
    """A stored ruling as the API gives it; with its ``erratum`` only when it has one."""
    r = decode(row)
    out = {
        "id": r["id"],
        "character": r["character_id"],
        "text": r["text"],
        "source": r["source"],
        "lines": [r["line_start"], r["line_end"]],
        "section": r["section"],
        "tags": r["tags"],
        "mentions": r["mentions"],
        "reminders": r["reminders"],
        "info_cards": r["info_cards"],
    }
    if erratum:
        out["erratum"] = erratum
    return out


def errata(db: sqlite_utils.Database) -> dict[str, dict[str, str]]:
    """Ruling id -> the curated correction of a slip in its text (``quote``, ``correction``,
    ``reason``); the ruling's own text stays as the source has it."""
    return {
        r["ruling_id"]: {"quote": r["quote"], "correction": r["correction"], "reason": r["reason"]}
        for r in db.query("select ruling_id, quote, correction, reason from errata order by id")
    }


def rulings(
    db: sqlite_utils.Database,
    cid: str,
    *,
    tag: str | None = None,
    section: str | None = None,
    source: str | None = None,
) -> list[dict[str, Any]]:
    """A character's rulings in source order, filtered."""
    sql = "select * from rulings where character_id = ?"
    params: list[Any] = [cid]
    if section:
        sql, params = sql + " and section = ?", [*params, section]
    if source:
        sql, params = sql + " and source = ?", [*params, source]
    if tag:
        sql, params = (
            sql + " and exists (select 1 from json_each(tags) where value = ?)",
            [*params, tag],
        )
    corrections = errata(db)
    rows = db.query(sql + " order by source, line_start", params)
    return [ruling_dict(r, corrections.get(r["id"])) for r in rows]


def reminders(db: sqlite_utils.Database, cid: str) -> list[dict[str, Any]]:
    rows = db.query("select * from reminders where character_id = ? order by is_global, id", [cid])
    return [
        {
            "id": r["id"],
            "name": r["name"],
            "global": bool(r["is_global"]),
            "source": r["source"],
            "rulings": json.loads(r["rulings"]),
        }
        for r in rows
    ]


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
    return {
        "id": node["id"],
        "with": b if a == cid else a,
        "reason": node["reason"],
        "source": node["source"],
        "lines": [node["line_start"], node["line_end"]],
    }


def characters(
    db: sqlite_utils.Database,
    *,
    team: str | None = None,
    edition: str | None = None,
    origin: str | None = None,
    source: str | None = None,
    script: str | None = None,
    q: str | None = None,
    limit: int = 50,
    offset: int = 0,
) -> dict[str, Any]:
    """Characters matching every filter, a page of them with the total.

    Without ``q`` they come in team order then by name; with it, best fuzzy match first.
    """
    if source is not None:
        _known(db, "sources", "file", source, "source")
    if script is not None:
        _known(db, "scripts", "id", script, "script")
    sql, params = _filter_sql(
        team=team, edition=edition, origin=origin, source=source, script=script
    )
    rows = [_summary(r) for r in db.query(sql, params)]
    rows.sort(key=lambda r: (TEAM_ORDER.get(r["team"], len(TEAM_ORDER)), r["name"], r["id"]))
    if q is not None:
        rows = _fuzzy(rows, q)
    return {
        "total": len(rows),
        "limit": limit,
        "offset": offset,
        "items": rows[offset : offset + limit],
    }


def _filter_sql(**filters: str | None) -> tuple[str, list[Any]]:
    clauses = {
        "team": "team = ?",
        "edition": "edition = ?",
        # "homebrew" or "script" match every "homebrew:<author>" or "script:<id>" origin
        "origin": "(origin = ? or origin like ? || ':%')",
        "source": "exists (select 1 from json_each(sources) where value = ?)",
        "script": "id in (select character_id from script_characters where script_id = ?)",
    }
    where, params = [], []
    for name, value in filters.items():
        if value is None:
            continue
        where.append(clauses[name])
        params.extend([value] * clauses[name].count("?"))
    columns = ", ".join(SUMMARY_COLUMNS)
    sql = f"select {columns} from characters" + (" where " + " and ".join(where) if where else "")
    return sql, params


def _summary(row: dict[str, Any]) -> dict[str, Any]:
    out = decode(row)
    out["official"] = bool(out["official"])
    out["setup"] = bool(out["setup"])
    return out


def _fuzzy(rows: list[dict[str, Any]], q: str) -> list[dict[str, Any]]:
    """Rows whose name or an alias is close to ``q``, best first, each with its score.

    >>> rows = [{"id": "monk", "name": "Monk", "aliases": []},
    ...         {"id": "mayor", "name": "Mayor", "aliases": []}]
    >>> [(r["id"], r["score"]) for r in _fuzzy(rows, "monk")]
    [('monk', 100.0)]
    """
    scored = []
    for row in rows:
        names = [row["name"], *row["aliases"]]
        best = process.extractOne(q, names, scorer=fuzz.WRatio, processor=utils.default_process)
        if best and best[1] >= FUZZY_CUTOFF:
            scored.append({**row, "score": round(best[1], 1)})
    scored.sort(key=lambda r: -r["score"])  # stable: ties keep team-then-name order
    return scored


def _known(db: sqlite_utils.Database, table: str, column: str, value: str, what: str) -> None:
    """Refuse a filter naming a script or source the knowledge base does not have."""
    values = [r[column] for r in db.query(f"select [{column}] from [{table}]")]
    if value not in values:
        nearest = process.extract(
            value, values, scorer=fuzz.WRatio, processor=utils.default_process, limit=5
        )
        raise NotFound(
            f"no {what} {value!r}", details={what: value}, suggestions=[v for v, _, _ in nearest]
        )
