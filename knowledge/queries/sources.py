"""The knowledge base's own provenance: its version, build time and every source read."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import sqlite_utils


def meta(db: sqlite_utils.Database) -> dict[str, str]:
    """The ``meta`` table as a dict (version, schema_version, built_at)."""
    return {r["key"]: r["value"] for r in db.query("select key, value from meta")}


def sources(db: sqlite_utils.Database) -> dict[str, Any]:
    """Every source document with its origin and what was read from it."""
    kinds: dict[str, dict[str, int]] = defaultdict(dict)
    for r in db.query(
        "select source, kind, count(*) as n from problems "
        "group by source, kind order by source, kind"
    ):
        kinds[r["source"]][r["kind"]] = r["n"]
    docs = [
        {
            "file": r["file"],
            "path": r["path"],
            "family": r["family"],
            "description": r["description"],
            "sha256": r["sha256"],
            "bytes": r["bytes"],
            "lines": r["lines"],
            "read": {
                "characters": r["characters"],
                "rulings": r["rulings"],
                "problems": r["problems"],
                "problems_by_kind": kinds.get(r["file"], {}),
            },
        }
        for r in db.query("select * from sources order by path")
    ]
    info = meta(db)
    return {
        "knowledge_base": {
            "version": info.get("version"),
            "built_at": info.get("built_at"),
            "schema_version": info.get("schema_version"),
        },
        "total": len(docs),
        "sources": docs,
    }
