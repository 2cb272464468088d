"""Coverage and problems of a built knowledge base: what ``adjudicator kb report`` prints."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import sqlite_utils

SEED_FAMILIES = ("howto", "wiki", "almanac", "homebrew")


def report(db: sqlite_utils.Database, attribution: Path | None = None) -> dict[str, Any]:
    """Every figure the knowledge-base issue asks to be measured."""
    out: dict[str, Any] = {
        "version": _meta(db, "version"),
        "built_at": _meta(db, "built_at"),
        "characters_by_team": _count(
            db, "select team as k, count(*) as n from characters group by team"
        ),
        "characters_by_source": _characters_by_source(db),
        "rulings_by_source": _count(
            db, "select source as k, count(*) as n from rulings group by source"
        ),
        "rulings_by_section": _count(
            db, "select section as k, count(*) as n from rulings group by section"
        ),
        "rulings_by_tag": _json_counts(db, "rulings", "tags"),
        "reminders": db["reminders"].count,
        "reminders_global": db.execute("select count(*) from reminders where is_global").fetchone()[
            0
        ],
        "jinxes": db["jinxes"].count,
        "scripts": db["scripts"].count,
        "conflicts": db["conflicts"].count,
        "conflict_proposals": db["conflict_proposals"].count,
        "conflicts_by_topic": _count(
            db, "select topic as k, count(*) as n from conflicts group by topic"
        ),
        "errata": db["errata"].count,
        "problems_by_kind": _count(
            db, "select kind as k, count(*) as n from problems group by kind"
        ),
        "unattributed_paragraphs": db.execute(
            "select count(*) from problems where kind = 'unattributed'"
        ).fetchone()[0],
        "reminder_coverage": reminder_coverage(db),
    }
    if attribution and attribution.exists():
        out["attribution_000"] = attribution_accuracy(db, attribution)
    return out


def reminder_coverage(db: sqlite_utils.Database) -> dict[str, Any]:
    """For official characters the seeds describe: share of their official tokens the seeds use."""
    seed_files = {r["file"] for r in db.query("select file from sources where path like 'seeds/%'")}
    per_character: dict[str, tuple[int, int]] = {}
    rulings = {r["id"]: r["source"] for r in db.query("select id, source from rulings")}
    for row in db.query(
        "select r.* from reminders r join characters c on c.id = r.character_id "
        "where c.official = 1 and r.source = 'roles.json'"
    ):
        cid = row["character_id"]
        seed_users = [rid for rid in json.loads(row["rulings"]) if rulings.get(rid) in seed_files]
        if not _in_seeds(db, cid, seed_files):
            continue
        linked, total = per_character.get(cid, (0, 0))
        per_character[cid] = (linked + bool(seed_users), total + 1)
    linked = sum(a for a, _ in per_character.values())
    total = sum(b for _, b in per_character.values())
    missing = {c: f"{a}/{b}" for c, (a, b) in sorted(per_character.items()) if a < b}
    return {
        "characters": len(per_character),
        "tokens": total,
        "linked": linked,
        "share": round(linked / total, 3) if total else None,
        "incomplete": missing,
    }


def _in_seeds(db: sqlite_utils.Database, cid: str, seed_files: set[str]) -> bool:
    placeholders = ",".join("?" for _ in seed_files)
    if not placeholders:
        return False
    sql = f"select 1 from rulings where character_id = ? and source in ({placeholders}) limit 1"
    return db.execute(sql, [cid, *sorted(seed_files)]).fetchone() is not None


def attribution_accuracy(db: sqlite_utils.Database, golden: Path) -> dict[str, Any]:
    """Share of the golden blocks of file 000 whose every paragraph has the right character."""
    blocks = json.loads(golden.read_text(encoding="utf-8"))
    blocks = blocks["blocks"] if isinstance(blocks, dict) else blocks
    source = db.execute("select file from sources where file like '000_%'").fetchone()
    if not source:
        return {"blocks": len(blocks), "right": 0, "accuracy": 0.0, "wrong": []}
    rulings = list(
        db.query(
            "select character_id, line_start, line_end from rulings where source = ?", [source[0]]
        )
    )
    wrong = []
    for block in blocks:
        inside = [
            r
            for r in rulings
            if block["line_start"] <= r["line_start"] and r["line_end"] <= block["line_end"]
        ]
        if not inside or any(r["character_id"] != block["character"] for r in inside):
            wrong.append(block)
    right = len(blocks) - len(wrong)
    return {
        "blocks": len(blocks),
        "right": right,
        "accuracy": round(right / len(blocks), 4) if blocks else None,
        "wrong": wrong,
    }


def _meta(db: sqlite_utils.Database, key: str) -> str | None:
    row = db.execute("select value from meta where key = ?", [key]).fetchone()
    return row[0] if row else None


def _count(db: sqlite_utils.Database, sql: str) -> dict[str, int]:
    return {str(r["k"]): r["n"] for r in db.query(sql)}


def _json_counts(db: sqlite_utils.Database, table: str, column: str) -> dict[str, int]:
    counts: Counter[str] = Counter()
    for row in db.query(f"select [{column}] as v from [{table}]"):
        counts.update(json.loads(row["v"]))
    return dict(counts.most_common())


def _characters_by_source(db: sqlite_utils.Database) -> dict[str, int]:
    counts: Counter[str] = Counter()
    for row in db.query("select sources from characters"):
        counts.update(json.loads(row["sources"]))
    return dict(sorted(counts.items()))


def to_text(data: dict[str, Any]) -> str:
    """The report as aligned plain text."""
    lines = [f"knowledge base {data['version']} built {data['built_at']}"]
    for key, value in data.items():
        if key in ("version", "built_at"):
            continue
        if isinstance(value, dict):
            lines.append(f"\n{key.replace('_', ' ')}:")
            for k, v in value.items():
                lines.append(f"  {k:<36} {json.dumps(v, ensure_ascii=False)}")
        else:
            lines.append(f"{key.replace('_', ' '):<38} {value}")
    return "\n".join(lines)
