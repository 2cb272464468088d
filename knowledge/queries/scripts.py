"""Scripts: the stored ones, the night order of any set of characters, and a script check."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from typing import Any

import sqlite_utils
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from knowledge.characters import setup_modifiers
from knowledge.corpus import SOURCES
from knowledge.errors import InvalidRequest, NotFound, ServiceError
from knowledge.model import Team
from knowledge.names import slug
from knowledge.queries.characters import decode
from knowledge.queries.interactions import jinxes_among
from knowledge.resolve import Resolver

SCRIPT_SCHEMA = SOURCES / "botc-release" / "script-schema.json"
MARKERS = ("dusk", "minioninfo", "demoninfo", "dawn")
NIGHTS = ("first", "other")
MAX_SCHEMA_ERRORS = 20


def scripts(db: sqlite_utils.Database, *, limit: int = 50, offset: int = 0) -> dict[str, Any]:
    """A page of the stored scripts, by id, with the total."""
    total = db["scripts"].count
    rows = db.query(
        "select id, name, author, characters, source from scripts order by id limit ? offset ?",
        [limit, offset],
    )
    items = [{**r, "characters": len(json.loads(r["characters"]))} for r in rows]
    return {"total": total, "limit": limit, "offset": offset, "items": items}


def script(db: sqlite_utils.Database, sid: str) -> dict[str, Any]:
    """One stored script with its characters, team counts, jinxes, set-up and night order."""
    rows = list(db.query("select * from scripts where id = ?", [sid]))
    if not rows:
        ids = [r["id"] for r in db.query("select id from scripts order by id")]
        raise NotFound(
            f"no script {sid!r}",
            details={"script": sid},
            suggestions=sorted(ids, key=lambda i: _distance(sid, i))[:5],
        )
    row = decode(rows[0])
    return {
        "id": row["id"],
        "name": row["name"],
        "author": row["author"],
        "notes": row["notes"],
        "special_rules": row["special_rules"],
        "source": row["source"],
        "lines": [row["line_start"], row["line_end"]],
        **analyse(db, _characters(db, row["characters"])),
    }


def _distance(a: str, b: str) -> tuple[int, str]:
    return (0 if a in b or b in a else 1, b)


def script_ids(db: sqlite_utils.Database, sid: str) -> list[str]:
    """The character ids of a stored script, in script order."""
    script(db, sid)  # raises NotFound with suggestions
    return [
        r["character_id"]
        for r in db.query(
            "select character_id from script_characters where script_id = ? order by position",
            [sid],
        )
    ]


def _characters(db: sqlite_utils.Database, ids: list[str]) -> list[dict[str, Any]]:
    """Stored character summaries for ``ids``, in that order (duplicates dropped)."""
    ids = list(dict.fromkeys(ids))
    marks = ", ".join("?" for _ in ids)
    rows = {
        r["id"]: r
        for r in db.query(
            "select id, name, team, origin, official, setup, setup_modifiers, ability, acts, "
            f"first_night_reminder, other_night_reminder from characters where id in ({marks})",
            ids,
        )
    }
    return [_with_reminders(db, _entry(rows[cid])) for cid in ids if cid in rows]


def _with_reminders(db: sqlite_utils.Database, entry: dict[str, Any]) -> dict[str, Any]:
    """A script's own character has its night reminder as a ruling, not on the night sheet."""
    for night, section in (("first", "first night"), ("other", "other nights")):
        wakes, reminder = entry["_wakes"][night]
        if wakes and not reminder:
            row = db.execute(
                "select text from rulings where character_id = ? and section = ? "
                "order by source, line_start limit 1",
                [entry["id"], section],
            ).fetchone()
            entry["_wakes"][night] = (wakes, row[0] if row else None)
    return entry


def _entry(row: dict[str, Any]) -> dict[str, Any]:
    acts = json.loads(row["acts"])
    return {
        "id": row["id"],
        "name": row["name"],
        "team": row["team"],
        "origin": row["origin"],
        "official": bool(row["official"]),
        "ability": row["ability"],
        "setup_modifiers": json.loads(row["setup_modifiers"]),
        "setup": bool(row["setup"]),
        "known": True,
        # whether it wakes each night, and the reminder: used for the night order only
        "_wakes": {
            "first": ("first-night" in acts, row["first_night_reminder"]),
            "other": ("other-nights" in acts, row["other_night_reminder"]),
        },
    }


def analyse(
    db: sqlite_utils.Database,
    characters: list[dict[str, Any]],
    custom_order: dict[str, list[str]] | None = None,
) -> dict[str, Any]:
    """Team counts, applicable jinxes, set-up modifiers and night order of a character list."""
    ids = [c["id"] for c in characters]
    counts = Counter(c["team"] for c in characters)
    orders = {
        night: _order(db, night, characters, (custom_order or {}).get(night)) for night in NIGHTS
    }
    return {
        "characters": [{k: v for k, v in c.items() if not k.startswith("_")} for c in characters],
        "team_counts": {team.value: counts.get(team.value, 0) for team in Team},
        "jinxes": jinxes_among(db, ids) + _script_jinxes(characters, set(ids)),
        "setup": [
            {"id": c["id"], "name": c["name"], "modifiers": c["setup_modifiers"]}
            for c in characters
            if c["setup"]
        ],
        "night_order": orders,
    }


def _script_jinxes(characters: list[dict[str, Any]], ids: set[str]) -> list[dict[str, Any]]:
    """Jinxes a script declares on its own characters, between characters on the script."""
    out = []
    for c in characters:
        for jinx in c.get("_jinxes", []):
            other = slug(jinx["id"])
            if other in ids:
                pair = sorted([c["id"], other])
                out.append(
                    {
                        "id": "+".join(pair),
                        "characters": pair,
                        "reason": jinx["reason"],
                        "source": "script",
                        "lines": None,
                    }
                )
    return out


def night_order(
    db: sqlite_utils.Database, night: str, ids: list[str] | None = None
) -> dict[str, Any]:
    """The wake list for ``night``: every entry, or only ``ids`` plus dusk, info and dawn."""
    characters = None if ids is None else _characters(db, ids)
    result = _order(db, night, characters, None)
    return {"night": night, **result}


def _order(
    db: sqlite_utils.Database,
    night: str,
    characters: list[dict[str, Any]] | None,
    custom: list[str] | None,
) -> dict[str, Any]:
    """Official positions for stored characters; a script's own order when it gives one.

    A character that wakes but has no place on the official sheet (a script's own
    character) is ``unplaced``; the rest of the list that does not wake is ``not_waking``.
    """
    rows = db.query(
        "select position, id, name, reminder from night_order where night = ? order by position",
        [night],
    )
    official = {r["id"]: _wake(r) for r in rows}
    if characters is None:
        return {"order": list(official.values()), "not_waking": [], "unplaced": []}
    by_id = {c["id"]: c for c in characters}
    sequence = [slug(i) for i in custom] if custom is not None else list(official)
    order = []
    for cid in dict.fromkeys(sequence):
        if cid in official and (cid in by_id or cid in MARKERS):
            order.append(official[cid])
        elif cid in by_id and by_id[cid]["_wakes"][night][0]:
            order.append(_own_wake(by_id[cid], night))
    placed = {w["id"] for w in order}
    rest = [c for c in characters if c["id"] not in placed]
    return {
        "order": order,
        "unplaced": [_own_wake(c, night) for c in rest if c["_wakes"][night][0]],
        "not_waking": [c["id"] for c in rest if not c["_wakes"][night][0]],
    }


def _wake(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "position": row["position"],
        "id": row["id"],
        "name": row["name"],
        "reminder": row["reminder"],
        "marker": row["id"] in MARKERS,
    }


def _own_wake(character: dict[str, Any], night: str) -> dict[str, Any]:
    return {
        "position": None,
        "id": character["id"],
        "name": character["name"],
        "reminder": character["_wakes"][night][1],
        "marker": False,
    }


# ---- POST /scripts/check ------------------------------------------------------------


@cache
def script_validator() -> Draft202012Validator:
    """The official script schema (knowledge/sources/botc-release/script-schema.json)."""
    schema = json.loads(SCRIPT_SCHEMA.read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


def schema_errors(data: Any) -> list[dict[str, Any]]:
    """Where ``data`` breaks the official script schema: a path and a message per error."""
    errors = sorted(script_validator().iter_errors(data), key=lambda e: list(map(str, e.path)))
    return [_schema_error(e) for e in errors[:MAX_SCHEMA_ERRORS]]


def field_path(loc: list[str | int]) -> str:
    """A location as the engine and the API name fields.

    >>> field_path(["phases", 0, "actions", 1, "player"]), field_path([3, "team"])
    ('phases[0].actions[1].player', '[3].team')
    """
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else str(part)
    return out


def _schema_error(error: ValidationError) -> dict[str, Any]:
    specific = _closest(error)
    loc = ["body", *specific.absolute_path]
    return {"loc": loc, "msg": specific.message, "type": f"schema.{specific.validator}"}


def _closest(error: ValidationError) -> ValidationError:
    """For a oneOf/anyOf failure ("not valid under any"), the error of the branch meant.

    The branch meant is the one of the value's type that declares most of its keys (an
    object with a team and an ability is a character, not script metadata); its deepest
    error says what to fix.
    """
    if not error.context:
        return error
    by_branch: dict[int, list[ValidationError]] = {}
    for sub in error.context:
        by_branch.setdefault(sub.relative_schema_path[0], []).append(sub)
    branches, value = error.validator_value, error.instance

    def fit(index: int) -> tuple[bool, int, int]:
        errors = by_branch[index]
        typed = not any(e.validator == "type" and not e.relative_path for e in errors)
        keys = (
            set(value) & set(branches[index].get("properties", {}))
            if isinstance(value, dict)
            else set()
        )
        return typed, len(keys), -len(errors)

    meant = by_branch[max(by_branch, key=fit)]
    return _closest(max(meant, key=lambda e: len(e.relative_path)))


def check_script(db: sqlite_utils.Database, resolver: Resolver, data: Any) -> dict[str, Any]:
    """An official script JSON checked: what it holds, resolved against the knowledge base."""
    errors = schema_errors(data)
    if errors:
        first = errors[0]
        where = field_path(first["loc"])
        raise InvalidRequest(
            f"the script does not follow the official schema at {where}: {first['msg']}",
            details={"errors": errors, "field": where},
        )
    meta = next((e for e in data if isinstance(e, dict) and e.get("id") == "_meta"), {})
    characters, unknown, duplicates = _resolve_entries(db, resolver, data)
    custom_order = {
        night: meta[key]
        for night, key in (("first", "firstNight"), ("other", "otherNight"))
        if key in meta
    }
    analysis = analyse(db, characters, custom_order)
    return {
        "name": meta.get("name"),
        "author": meta.get("author"),
        "special_rules": meta.get("bootlegger", []),
        "unknown": unknown,
        "duplicates": duplicates,
        **analysis,
    }


def _resolve_entries(
    db: sqlite_utils.Database, resolver: Resolver, data: list[Any]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]]:
    characters: list[dict[str, Any]] = []
    unknown: list[dict[str, Any]] = []
    seen: Counter[str] = Counter()
    for index, entry in enumerate(data):
        if isinstance(entry, dict) and entry.get("id") == "_meta":
            continue
        found = _resolve_entry(db, resolver, entry)
        if "suggestions" in found:
            unknown.append({"index": index, **found})
            continue
        seen[found["id"]] += 1
        if seen[found["id"]] == 1:
            characters.append(found)
    return characters, unknown, sorted(cid for cid, n in seen.items() if n > 1)


def _resolve_entry(
    db: sqlite_utils.Database, resolver: Resolver, entry: str | dict[str, Any]
) -> dict[str, Any]:
    given = entry if isinstance(entry, str) else entry["id"]
    defines = isinstance(entry, dict) and {"name", "team", "ability"} <= set(entry)
    if defines and resolver.lookup(slug(given)) is None:
        return _custom(entry)  # else an id, or the deprecated {"id": ...} form of one
    try:
        resolution = resolver.resolve(given)
    except ServiceError as exc:
        return {"id": given, "message": exc.message, "suggestions": exc.suggestions}
    found = _characters(db, [resolution.id])[0]
    if not resolution.exact:
        found["resolved_from"] = given
    return found


def _custom(entry: dict[str, Any]) -> dict[str, Any]:
    """A character the script defines itself and the knowledge base does not have."""
    modifiers = setup_modifiers(entry["ability"])
    return {
        "id": slug(entry["id"]),
        "name": entry["name"],
        "team": entry["team"],
        "origin": "script",
        "official": False,
        "ability": entry["ability"],
        "setup_modifiers": modifiers,
        "setup": bool(entry.get("setup")) or bool(modifiers),
        "known": False,
        "_jinxes": entry.get("jinxes", []),
        "_wakes": {
            night: (bool(entry.get(key)), entry.get(f"{key}Reminder") or None)
            for night, key in (("first", "firstNight"), ("other", "otherNight"))
        },
    }
