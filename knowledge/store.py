"""Write the knowledge base to SQLite (sqlite-utils), atomically and idempotently."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import sqlite_utils

SCHEMA_VERSION = 1

CONFLICT_COLUMNS: dict[str, type] = {
    "id": str,
    "character_id": str,
    "topic": str,
    "note": str,
    "reason": str,
    "status": str,
    "sides": str,
    "ruling_ids": str,
    # a pattern the question must match for the disagreement to be about it ("" = any)
    "asked_when": str,
}

# Every table with its columns, in the order they are written; the README documents each.
# JSON columns hold lists or objects as JSON text.
SCHEMA: dict[str, tuple[str | tuple[str, ...], dict[str, type]]] = {
    "meta": ("key", {"key": str, "value": str}),
    "sources": (
        "file",
        {
            "file": str,
            "path": str,
            "family": str,
            "description": str,
            "sha256": str,
            "bytes": int,
            "lines": int,
            "characters": int,
            "rulings": int,
            "problems": int,
        },
    ),
    "characters": (
        "id",
        {
            "id": str,
            "name": str,
            "team": str,
            "origin": str,
            "official": int,
            "edition": str,
            "ability": str,
            "flavour": str,
            "abilities": str,
            "sources": str,
            "setup": int,
            "setup_modifiers": str,
            "first_night": int,
            "other_night": int,
            "first_night_reminder": str,
            "other_night_reminder": str,
            "acts": str,
            "aliases": str,
            "reminders": str,
            "reminders_global": str,
            "named_by": str,
        },
    ),
    "rulings": (
        "id",
        {
            "id": str,
            "character_id": str,
            "text": str,
            "source": str,
            "line_start": int,
            "line_end": int,
            "section": str,
            "tags": str,
            "mentions": str,
            "reminders": str,
            "info_cards": str,
            "concepts": str,
        },
    ),
    "reminders": (
        "id",
        {
            "id": str,
            "character_id": str,
            "name": str,
            "is_global": int,
            "source": str,
            "line_start": int,
            "rulings": str,
        },
    ),
    "jinxes": (
        "id",
        {
            "id": str,
            "character_a": str,
            "character_b": str,
            "reason": str,
            "source": str,
            "line_start": int,
            "line_end": int,
        },
    ),
    "scripts": (
        "id",
        {
            "id": str,
            "name": str,
            "author": str,
            "characters": str,
            "notes": str,
            "special_rules": str,
            "source": str,
            "line_start": int,
            "line_end": int,
        },
    ),
    "script_characters": (
        ("script_id", "character_id"),
        {"script_id": str, "character_id": str, "position": int},
    ),
    "night_order": (
        ("night", "position"),
        {"night": str, "position": int, "id": str, "name": str, "reminder": str},
    ),
    # confirmed conflicts and the automatic proposals share one shape, kept in two tables
    "conflicts": ("id", CONFLICT_COLUMNS),
    "conflict_proposals": ("id", CONFLICT_COLUMNS),
    # slips in a source's text, each linked to the ruling that quotes it (curated/errata.toml)
    "errata": (
        "id",
        {
            "id": str,
            "ruling_id": str,
            "character_id": str,
            "source": str,
            "quote": str,
            "correction": str,
            "reason": str,
        },
    ),
    "problems": (
        "id",
        {
            "id": str,
            "source": str,
            "line_start": int,
            "line_end": int,
            "kind": str,
            "message": str,
            "character_id": str,
        },
    ),
}


def write_atomically(path: Path, tables: dict[str, list[dict[str, Any]]]) -> None:
    """Build the database beside ``path`` and rename it into place only when complete.

    A build that fails halfway leaves the previous knowledge base untouched.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    try:
        db = sqlite_utils.Database(tmp)
        with db.atomic():
            for name in SCHEMA:
                _write_table(db, name, tables.get(name, []))
        _enable_search(db)
        db.execute("VACUUM")
        db.close()
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _write_table(db: sqlite_utils.Database, name: str, rows: list[dict[str, Any]]) -> None:
    pk, columns = SCHEMA[name]
    db[name].create(columns, pk=pk)
    db[name].insert_all(rows)


def _enable_search(db: sqlite_utils.Database) -> None:
    db["rulings"].enable_fts(["text"], tokenize="porter", create_triggers=False)
    db["characters"].enable_fts(["name", "ability"], tokenize="porter", create_triggers=False)
    for table, columns in {
        "rulings": ["character_id", "source", "section"],
        "reminders": ["character_id"],
        "jinxes": ["character_a", "character_b"],
        "script_characters": ["character_id"],
        "problems": ["kind"],
        "conflicts": ["character_id"],
        "conflict_proposals": ["character_id"],
        "errata": ["ruling_id", "character_id"],
    }.items():
        for column in columns:
            db[table].create_index([column], if_not_exists=True)


def content_version(paths: Iterable[Path], base: Path | None = None) -> str:
    """A hash of every input file: the knowledge base's version (and the API's ETag). Paths
    count relative to ``base``, so the same sources give the same version wherever the
    project is checked out."""
    digest = hashlib.sha256(f"schema {SCHEMA_VERSION}".encode())
    for path in sorted(paths):
        name = path.relative_to(base) if base is not None and path.is_relative_to(base) else path
        digest.update(name.as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def reminder_rows(tokens: Iterable[Any], rulings: Iterable[Any]) -> list[dict[str, Any]]:
    """Reminder tokens with the ids of the rulings that use each one."""
    users: dict[str, list[str]] = defaultdict(list)
    for ruling in rulings:
        for token in ruling.reminders:
            users[token].append(ruling.id)
    rows = []
    for token in tokens:
        row = token.to_row()
        row["rulings"] = json.dumps(sorted(set(users.get(token.id, []))))
        rows.append(row)
    return sorted(rows, key=lambda r: r["id"])


def open_readonly(path: Path) -> sqlite_utils.Database:
    """A read-only handle (the service never writes the knowledge base)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
    return sqlite_utils.Database(conn)
