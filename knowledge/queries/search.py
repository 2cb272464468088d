"""Search: character names (fuzzy) and the full text of every ruling (FTS5), ranked."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import sqlite_utils
from rapidfuzz import fuzz, utils
from rapidfuzz.distance import OSA

from knowledge.queries.characters import errata, ruling_dict

NAME_CUTOFF = 80.0  # similarity at or above this counts a name as a hit
SHORTEST_FUZZY = 4  # names and aliases shorter than this must be typed exactly
NAME_LIMIT = 8
SNIPPET_TOKENS = 24
# Private-use characters mark the hits inside snippet(): they cannot occur in the sources,
# so the text can be HTML-escaped first and the markers turned into <mark> afterwards.
OPEN, CLOSE = "\ue000", "\ue001"
WORD = re.compile(r"[\w'’]+")


def words(q: str) -> list[str]:
    """The words of a query, apostrophes dropped (the porter tokenizer splits on them).

    >>> words('drunk "monk\\'s" OR (safe)*')
    ['drunk', 'monks', 'OR', 'safe']
    """
    return [w for w in (re.sub("['’]", "", m) for m in WORD.findall(q)) if w]


def fts_queries(db: sqlite_utils.Database, q: str) -> list[tuple[str, str]]:
    """FTS5 match expressions to try in turn: every word, then any word.

    Each word is quoted (sqlite-utils ``quote_fts``), so FTS operators typed by a user
    (NOT, OR, NEAR, *, quotes, brackets) are searched as plain words, never obeyed.
    """
    quoted = [db.quote_fts(w) for w in words(q)]
    if not quoted:
        return []
    tries = [("all", " ".join(quoted))]
    if len(quoted) > 1:
        tries.append(("any", " OR ".join(quoted)))
    return tries


def search(
    db: sqlite_utils.Database, q: str, *, limit: int = 20, offset: int = 0
) -> dict[str, Any]:
    """Characters whose names match ``q`` and rulings whose text matches it, best first."""
    match, expression, total = "none", None, 0
    for mode, candidate in fts_queries(db, q):
        total = db.execute(
            "select count(*) from rulings_fts where rulings_fts match ?", [candidate]
        ).fetchone()[0]
        if total:
            match, expression = mode, candidate
            break
    items = _ruling_hits(db, expression, limit, offset) if expression else []
    return {
        "query": q,
        "characters": names(db, q),
        "rulings": {
            "match": match,
            "total": total,
            "limit": limit,
            "offset": offset,
            "items": items,
        },
    }


def names(db: sqlite_utils.Database, q: str) -> list[dict[str, Any]]:
    """Characters whose name or alias is in ``q``, typed exactly or nearly, best first."""
    query = [utils.default_process(w) for w in words(q)]
    out = []
    for row in db.query("select id, name, team, aliases from characters order by id"):
        choices = [row["name"], *json.loads(row["aliases"] or "[]")]
        scored = [(name_score(query, name), name) for name in choices]
        score, matched = max(scored, key=lambda s: (s[0], -len(s[1])))
        if score >= NAME_CUTOFF:
            out.append(
                {
                    "id": row["id"],
                    "name": row["name"],
                    "team": row["team"],
                    "matched": matched,
                    "score": round(score, 1),
                }
            )
    out.sort(key=lambda h: (-h["score"], h["name"]))
    return out[:NAME_LIMIT]


def name_score(query: list[str], name: str) -> float:
    """How well some run of the query's words spells ``name`` (0-100).

    Short names and aliases ("SW", "Po") count only when typed exactly.

    >>> name_score(["is", "the", "scarlet", "women", "a", "demon"], "Scarlet Woman")
    92.3
    >>> name_score(["monk"], "SC"), name_score(["sc"], "SC"), name_score(["mnok"], "Monk")
    (0.0, 100.0, 90.0)
    """
    target = utils.default_process(name)
    size = len(target.split())
    runs = [" ".join(query[i : i + size]) for i in range(max(1, len(query) - size + 1))]
    if len(target.replace(" ", "")) < SHORTEST_FUZZY:
        return 100.0 if target in runs else 0.0
    return round(max((_similarity(run, target) for run in runs), default=0.0), 1)


def _similarity(typed: str, name: str) -> float:
    """fuzz.ratio, but a slip of the finger (a swap, a missing letter) still scores high."""
    edits = OSA.distance(typed, name)
    allowed = 2 if len(name) >= 8 else 1
    typo = 100.0 - 10.0 * edits if edits <= allowed else 0.0
    return max(fuzz.ratio(typed, name), typo)


def _ruling_hits(
    db: sqlite_utils.Database, expression: str, limit: int, offset: int
) -> list[dict[str, Any]]:
    sql = f"""
        select rulings.*, rulings_fts.rank as rank,
               snippet(rulings_fts, 0, '{OPEN}', '{CLOSE}', '…', {SNIPPET_TOKENS}) as snippet
        from rulings_fts join rulings on rulings.rowid = rulings_fts.rowid
        where rulings_fts match ?
        order by rulings_fts.rank, rulings.id
        limit ? offset ?"""
    hits, corrections = [], errata(db)
    for row in db.query(sql, [expression, limit, offset]):
        snippet, rank = row.pop("snippet"), row.pop("rank")
        ruling = ruling_dict(row, corrections.get(row["id"]))
        hits.append({**ruling, "snippet": highlight(snippet), "rank": round(-rank, 4)})
    return hits


def highlight(snippet: str) -> str:
    """A snippet as safe HTML: the text escaped, the hits wrapped in <mark>.

    >>> highlight("a <b> \\ue000monk\\ue001 & c")
    'a &lt;b&gt; <mark>monk</mark> &amp; c'
    """
    escaped = html.escape(snippet, quote=False)
    return escaped.replace(OPEN, "<mark>").replace(CLOSE, "</mark>")
