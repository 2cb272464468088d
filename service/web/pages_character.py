"""What the character page shows: the record, rulings grouped by situation, the neighbourhood."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import networkx as nx
import sqlite_utils

from knowledge import queries
from service.web.icons import icon_file

Ruling = dict[str, Any]


def _tagged(*tags: str) -> Callable[[Ruling], bool]:
    return lambda r: bool(set(tags) & set(r["tags"]))


def _section(*sections: str) -> Callable[[Ruling], bool]:
    return lambda r: r["section"] in sections


def _either(*tests: Callable[[Ruling], bool]) -> Callable[[Ruling], bool]:
    return lambda r: any(test(r) for test in tests)


@dataclass(frozen=True, slots=True)
class Situation:
    key: str
    title: str
    matches: Callable[[Ruling], bool]


# Display order. A ruling goes to the first situation in PRIORITY that matches it: conditions
# (drunk, dead, ...) say more about when a ruling applies than the phase does.
SITUATIONS = [
    Situation("set-up", "Set-up", _either(_section("set-up"), _tagged("set-up"))),
    Situation(
        "first-night", "First night", _either(_section("first night"), _tagged("first-night"))
    ),
    Situation(
        "each-night", "Each night", _either(_section("other nights"), _tagged("other-nights"))
    ),
    Situation(
        "day",
        "During the day",
        _either(_section("day"), _tagged("day", "nomination", "vote", "execution", "exile")),
    ),
    Situation("drunk-poisoned", "When drunk or poisoned", _tagged("drunk-poisoned")),
    Situation("dead", "When dead", _tagged("dead")),
    Situation("registration", "Registering as something else", _tagged("registration")),
    Situation(
        "changes",
        "Changing character or alignment",
        _tagged("becomes-mid-game", "alignment-change"),
    ),
    Situation("madness", "Madness", _tagged("madness")),
    Situation("how-to-run", "How to run it", _section("how-to-run", "summary")),
    Situation("examples", "Examples", _section("example")),
    Situation("notes", "Notes and edge cases", _section("note")),
    Situation("script", "Script notes", _section("script")),
    Situation("other", "Everything else", lambda r: True),
]
PRIORITY = [
    "drunk-poisoned",
    "dead",
    "registration",
    "changes",
    "madness",
    "set-up",
    "first-night",
    "each-night",
    "day",
    "how-to-run",
    "examples",
    "notes",
    "script",
    "other",
]
SHOWN_ELSEWHERE = frozenset({"ability", "jinx"})  # in the header and the jinx list


@dataclass(slots=True)
class Group:
    key: str
    title: str
    rulings: list[Ruling] = field(default_factory=list)


def group_by_situation(rulings: list[Ruling]) -> list[Group]:
    """Rulings sorted into situations, each once, in display order; empty groups dropped.

    >>> rows = [{"id": "a", "section": "note", "tags": ["dead"]},
    ...         {"id": "b", "section": "other nights", "tags": []},
    ...         {"id": "c", "section": "ability", "tags": []}]
    >>> [(g.key, [r["id"] for r in g.rulings]) for g in group_by_situation(rows)]
    [('each-night', ['b']), ('dead', ['a'])]
    """
    by_key = {s.key: s for s in SITUATIONS}
    groups = {s.key: Group(s.key, s.title) for s in SITUATIONS}
    for ruling in rulings:
        if ruling["section"] in SHOWN_ELSEWHERE:
            continue
        key = next(k for k in PRIORITY if by_key[k].matches(ruling))
        groups[key].rulings.append(ruling)
    return [groups[s.key] for s in SITUATIONS if groups[s.key].rulings]


def night_slot(db: sqlite_utils.Database, night: str, cid: str) -> dict[str, Any] | None:
    """Where a character wakes on a night: position, of how many, who wakes before and after."""
    order = list(
        db.query(
            "select position, id, name, reminder from night_order "
            "where night = ? order by position",
            [night],
        )
    )
    for i, row in enumerate(order):
        if row["id"] == cid:
            return {
                "position": row["position"],
                "count": len(order),
                "reminder": row["reminder"],
                "before": order[i - 1] if i else None,
                "after": order[i + 1] if i + 1 < len(order) else None,
            }
    return None


def sources_by_file(db: sqlite_utils.Database) -> dict[str, dict[str, Any]]:
    return {r["file"]: r for r in db.query("select file, family, description from sources")}


def other_abilities(record: dict[str, Any]) -> list[dict[str, str]]:
    """Each source's ability text where it differs from the official one.

    >>> other_abilities({"ability": "A.", "abilities": {"x.txt": "A.", "y.txt": "B."}})
    [{'source': 'y.txt', 'text': 'B.'}]
    """
    official = " ".join((record.get("ability") or "").split())
    return [
        {"source": file, "text": text}
        for file, text in sorted((record.get("abilities") or {}).items())
        if text and " ".join(text.split()) != official
    ]


def character_view(db: sqlite_utils.Database, G: nx.MultiDiGraph, cid: str) -> dict[str, Any]:
    """Everything the character page renders, as plain data."""
    record = queries.character(db, G, cid)
    every = [r for rows in record["rulings"].values() for r in rows]
    names = {row["id"]: row for row in db.query("select id, name, team, official from characters")}
    return {
        "c": record,
        "icon": icon_file(cid, record["team"], official=record["official"]),
        "nights": {night: night_slot(db, night, cid) for night in ("first", "other")},
        "other_abilities": other_abilities(record),
        "situations": group_by_situation(sorted(every, key=lambda r: (r["source"], r["lines"][0]))),
        "sources": sources_by_file(db),
        "characters": names,
        "graph": neighbourhood_picture(record, record["neighbourhood"], names),
    }


def neighbourhood_picture(
    record: dict[str, Any], neighbours: list[dict[str, Any]], names: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """Node and edge positions for the SVG: the character in the middle, neighbours around,
    each name written outward from its node so that neighbouring names do not collide."""
    width, height, radius = 600, 400, 140
    cx, cy = width / 2, height / 2
    nodes = []
    for i, n in enumerate(neighbours):
        angle = -math.pi / 2 + 2 * math.pi * i / max(len(neighbours), 1)
        cos, sin = math.cos(angle), math.sin(angle)
        official = bool(names.get(n["id"], {}).get("official"))
        nodes.append(
            {
                **n,
                "x": round(cx + radius * cos, 1),
                "y": round(cy + radius * sin, 1),
                **_label_place(cx, cy, radius + 34, cos, sin),
                "how": relations_label(n["relations"]),
                "short": _short(n["name"]),
                "icon": icon_file(n["id"], n["team"], official=official),
                "jinx": "jinx" in n["relations"],
                "width": min(1 + n["weight"] / 2, 4),
            }
        )
    return {
        "width": width,
        "height": height,
        "cx": cx,
        "cy": cy,
        "nodes": nodes,
        "icon": icon_file(record["id"], record["team"], official=record["official"]),
    }


def _label_place(cx: float, cy: float, distance: float, cos: float, sin: float) -> dict[str, Any]:
    """Where a node's name goes: beyond the node, anchored on the side facing away.

    >>> _label_place(0, 0, 100, 1.0, 0.0)
    {'label_x': 100.0, 'label_y': 5.0, 'anchor': 'start'}
    >>> _label_place(0, 0, 100, 0.0, -1.0)["anchor"]
    'middle'
    """
    anchor = "start" if cos > 0.3 else "end" if cos < -0.3 else "middle"
    return {
        "label_x": round(cx + distance * cos, 1),
        "label_y": round(cy + distance * sin + 5 + (6 * sin if anchor == "middle" else 0), 1),
        "anchor": anchor,
    }


RELATION_LABEL = {
    "jinx": "official jinx",
    "mentions": "named in this character's rulings",
    "mentioned-by": "its rulings name this character",
}


def relations_label(relations: list[str]) -> str:
    """How a neighbour is linked, in words.

    >>> relations_label(["jinx", "mentioned-by"])
    'official jinx; its rulings name this character'
    """
    return "; ".join(RELATION_LABEL.get(r, r) for r in relations)


def _short(name: str, limit: int = 14) -> str:
    """A name cut to fit under a node.

    >>> _short("Monk"), _short("Lord of Typhon the Great")
    ('Monk', 'Lord of Typho…')
    """
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"
