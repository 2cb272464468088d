"""Build the knowledge base: read every source, annotate, assemble, store atomically."""

from __future__ import annotations

import contextlib
import hashlib
import json
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from knowledge import conflicts, errata, store
from knowledge.characters import assemble, named_by
from knowledge.corpus import CURATED, PACKAGE, SOURCES, Corpus, read_corpus
from knowledge.model import Problem, Section

DEFAULT_PATH = Path("instance/knowledge.sqlite")


def input_files(root: Path = SOURCES, curated: Path = CURATED) -> list[Path]:
    """Everything a build reads: sources, curated files and the code that reads them."""
    files = [p for p in root.rglob("*") if p.is_file()]
    files += [p for p in curated.rglob("*") if p.is_file()]
    files += list(PACKAGE.rglob("*.py"))
    return sorted(files)


def current_version(root: Path = SOURCES, curated: Path = CURATED) -> str:
    return store.content_version(input_files(root, curated), base=PACKAGE.parent)


def build_kb(
    path: Path = DEFAULT_PATH,
    *,
    root: Path = SOURCES,
    curated: Path = CURATED,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Rebuild the knowledge base at ``path``; returns a summary of what was stored."""
    corpus = read_corpus(root, curated, progress=progress)
    tables = tables_from(corpus, root, curated)
    version = current_version(root, curated)
    tables["meta"] = [
        {"key": "version", "value": version},
        {"key": "schema_version", "value": str(store.SCHEMA_VERSION)},
        {"key": "built_at", "value": datetime.now(UTC).isoformat(timespec="seconds")},
    ]
    if progress:
        progress(f"writing {path}")
    store.write_atomically(Path(path), tables)
    return {
        "path": str(path),
        "version": version,
        **{name: len(rows) for name, rows in tables.items() if name != "meta"},
    }


def tables_from(corpus: Corpus, root: Path, curated: Path) -> dict[str, list[dict[str, Any]]]:
    """Every table's rows, in a deterministic order (so two builds store identical rows)."""
    confirmed, curated_problems = conflicts.read_curated(curated / "conflicts.toml", corpus.rulings)
    corrections, errata_problems = errata.read_errata(curated / "errata.toml", corpus.rulings)
    problems = [*corpus.problems, *curated_problems, *errata_problems]
    characters = _with_tokens(assemble(corpus, curated), corpus, named_by(curated))
    return {
        "sources": _source_rows(corpus, root, problems),
        "characters": characters,
        "rulings": _unique([r.to_row() for r in corpus.rulings]),
        "reminders": store.reminder_rows(corpus.reminders, corpus.rulings),
        "jinxes": _unique([j.to_row() for j in corpus.jinxes]),
        "scripts": sorted((s.to_row() for s in corpus.scripts), key=lambda r: r["id"]),
        "script_characters": [
            {"script_id": s.id, "character_id": c, "position": i}
            for s in sorted(corpus.scripts, key=lambda s: s.id)
            for i, c in enumerate(dict.fromkeys(s.characters), start=1)
        ],
        "night_order": _night_rows(corpus, characters),
        "conflicts": sorted(confirmed, key=lambda r: r["id"]),
        "conflict_proposals": _unique(conflicts.propose(corpus.rulings, confirmed)),
        "errata": corrections,
        "problems": _unique([p.to_row() for p in problems]),
    }


def _unique(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows by id, first wins; a repeated id is the same fact read twice."""
    seen: dict[str, dict[str, Any]] = {}
    for row in rows:
        seen.setdefault(row["id"], row)
    return sorted(seen.values(), key=lambda r: r["id"])


def _with_tokens(
    rows: list[dict[str, Any]], corpus: Corpus, named: dict[str, list[str]]
) -> list[dict[str, Any]]:
    """Each row's reminder tokens, night reminders, and the tokens it is named by (each one
    of its own reminders, else the build fails: a curated entry that matches nothing)."""
    tokens: dict[str, list[str]] = {}
    global_tokens: dict[str, list[str]] = {}
    for token in corpus.reminders:
        target = global_tokens if token.is_global else tokens
        target.setdefault(token.character_id, []).append(token.name)
    reminders = {
        (r.character_id, r.section): r.text for r in corpus.rulings if r.source.file == "roles.json"
    }
    for row in rows:
        cid = row["id"]
        row["reminders"] = json.dumps(tokens.get(cid, []))
        row["reminders_global"] = json.dumps(global_tokens.get(cid, []))
        row["first_night_reminder"] = reminders.get((cid, Section.FIRST_NIGHT))
        row["other_night_reminder"] = reminders.get((cid, Section.OTHER_NIGHTS))
        own = tokens.get(cid, []) + global_tokens.get(cid, [])
        unknown = [t for t in named.get(cid, []) if t not in own]
        if unknown:
            raise ValueError(f"aliases.toml: {cid} has no reminder token {unknown[0]!r}")
        row["named_by"] = json.dumps(named.get(cid, []))
    return rows


MARKER_TEXT = {
    "dusk": ("Dusk", "Start the night. Some travellers and Fabled act now."),
    "minioninfo": (
        "Minion info",
        "If there are 7 or more players, wake all Minions: show the "
        "THIS IS THE DEMON token and point to the Demon; show the THESE ARE YOUR "
        "MINIONS token and point to the other Minions.",
    ),
    "demoninfo": (
        "Demon info",
        "If there are 7 or more players, wake the Demon: show the THESE "
        "ARE YOUR MINIONS token and point to the Minions; show the THESE CHARACTERS "
        "ARE NOT IN PLAY token and three not-in-play good characters.",
    ),
    "dawn": ("Dawn", "Wait a few seconds. Call for eyes open and announce who died."),
}


def _night_rows(corpus: Corpus, characters: list[dict[str, Any]]) -> list[dict[str, Any]]:
    by_id = {c["id"]: c for c in characters}
    rows = []
    for night, order in sorted(corpus.night_order.items()):
        key = "first_night_reminder" if night == "first" else "other_night_reminder"
        for position, cid in enumerate(order, start=1):
            name, reminder = MARKER_TEXT.get(cid, (None, None))
            if cid in by_id:
                name, reminder = by_id[cid]["name"], by_id[cid][key]
            rows.append(
                {
                    "night": night,
                    "position": position,
                    "id": cid,
                    "name": name,
                    "reminder": reminder,
                }
            )
    return rows


def _source_rows(corpus: Corpus, root: Path, problems: list[Problem]) -> list[dict[str, Any]]:
    per_file = Counter(p.source.file for p in problems)
    rulings = Counter(r.source.file for r in corpus.rulings)
    rows = []
    for doc in corpus.documents:
        path = root / doc.path
        data = path.read_bytes()
        result = corpus.results[doc.path]
        rows.append(
            {
                "file": path.name,
                "path": doc.path,
                "family": doc.family,
                "description": doc.description,
                "sha256": hashlib.sha256(data).hexdigest(),
                "bytes": len(data),
                "lines": data.count(b"\n") + 1,
                "characters": len(result.characters),
                "rulings": rulings[path.name],
                "problems": per_file[path.name],
            }
        )
    return rows


def stored_version(path: Path) -> str | None:
    """The version recorded in an existing knowledge base, or None if there is none."""
    if not Path(path).exists():
        return None
    try:
        db = store.open_readonly(Path(path))
        row = db.execute("select value from meta where key = 'version'").fetchone()
        db.close()
    except Exception:  # a damaged file is rebuilt, not trusted
        return None
    return row[0] if row else None


@contextlib.contextmanager
def given_or_built(path: Path | None) -> Iterator[Path]:
    """``path`` when given; else a knowledge base built afresh in a temporary directory,
    removed afterwards (the benchmarks measure the sources as they are)."""
    if path is not None:
        yield Path(path)
        return
    with tempfile.TemporaryDirectory() as tmp:
        built = Path(tmp) / "knowledge.sqlite"
        build_kb(built)
        yield built


def ensure_kb(path: Path = DEFAULT_PATH) -> bool:
    """Build the knowledge base if missing or out of date; True if it was (re)built."""
    if stored_version(path) == current_version():
        return False
    build_kb(path)
    return True
