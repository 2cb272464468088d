"""What the graph links between characters: jinxes, mentions, concepts, conflicts, ranked."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import networkx as nx
import sqlite_utils

from knowledge.graph import character_node, links_between, rulings_for

# How much each kind of link says about two characters together; a pair's score is the sum.
WEIGHTS = {"jinx": 5.0, "mention": 3.0, "conflict": 2.0, "team-mention": 1.0, "concept": 0.5}
CONCEPT_RULINGS = 3  # supporting rulings kept per interacting concept pair


def interactions(G: nx.MultiDiGraph, ids: list[str]) -> dict[str, Any]:
    """Every pair of ``ids`` with its links, strongest pair and strongest link first."""
    pairs = [_pair(G, a, b) for a, b in combinations(dict.fromkeys(ids), 2)]
    pairs.sort(key=lambda p: (-p["score"], p["characters"]))
    return {"characters": [_who(G, cid) for cid in dict.fromkeys(ids)], "pairs": pairs}


def _pair(G: nx.MultiDiGraph, a: str, b: str) -> dict[str, Any]:
    found = links_between(G, a, b)
    links = [_jinx(j) for j in found.jinxes]
    for ruling in found.mentions:
        if found.jinxes and ruling["section"] == "jinx":
            continue  # the jinx's own text, stored as a ruling too: counted once above
        links.append(_ruling_link("mention", ruling, a, b))
    for ruling in found.team_mentions:
        links.append(_ruling_link("team-mention", ruling, a, b))
    linking = {r["id"] for r in found.mentions + found.team_mentions}
    links += [_conflict(G, c, linking) for c in found.conflicts]
    links += [_concept(G, a, b, x, y) for x, y in found.interacting_concepts]
    links.sort(key=lambda link: (-link["weight"], link["kind"], _where(link)))
    return {
        "characters": [a, b],
        "score": round(sum(link["weight"] for link in links), 2),
        "shared_concepts": found.shared_concepts,
        "links": links,
    }


def _who(G: nx.MultiDiGraph, cid: str) -> dict[str, Any]:
    data = G.nodes[character_node(cid)]
    return {"id": cid, "name": data["name"], "team": data["team"]}


def _jinx(node: dict[str, Any]) -> dict[str, Any]:
    return {
        "kind": "jinx",
        "weight": WEIGHTS["jinx"],
        "id": node["id"],
        "text": node["reason"],
        "source": node["source"],
        "lines": [node["line_start"], node["line_end"]],
    }


def _ruling_link(kind: str, ruling: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    """A ruling about one character that names the other (or the other's team)."""
    subject = ruling["character_id"]
    other = b if subject == a else a
    return {
        "kind": kind,
        "weight": WEIGHTS[kind],
        "id": ruling["id"],
        "from": subject,
        "to": other,
        "text": ruling["text"],
        "source": ruling["source"],
        "lines": [ruling["line_start"], ruling["line_end"]],
        "section": ruling["section"],
        **_erratum(ruling),
    }


def _conflict(G: nx.MultiDiGraph, node: dict[str, Any], linking: set[str]) -> dict[str, Any]:
    """A disagreement between sources about one of the two; weightier if it is about both."""
    sides = [
        G.nodes[t]
        for _, t, k in G.out_edges(f"conflict:{node['id']}", keys=True)
        if k == "side" and G.has_node(t) and "text" in G.nodes[t]
    ]
    about_both = linking & {s["id"] for s in sides}
    # A disagreement about only one of them is context, ranked below everything else.
    weight = WEIGHTS["conflict"] if about_both else WEIGHTS["conflict"] / 8
    return {
        "kind": "conflict",
        "weight": weight,
        "id": node["id"],
        "text": node["note"] or node["topic"],
        "topic": node["topic"],
        "rulings": [_cited(s) for s in sorted(sides, key=lambda s: (s["source"], s["id"]))],
    }


def _concept(G: nx.MultiDiGraph, a: str, b: str, x: str, y: str) -> dict[str, Any]:
    """One character's concept that acts on the other's, with rulings that discuss them."""
    overlap = {
        r["id"]: len(_concepts_of(G, r["id"]) & {x, y})
        for cid in (a, b)
        for r in rulings_for(G, cid)
    }
    support = sorted(
        (r for cid in (a, b) for r in rulings_for(G, cid) if overlap[r["id"]]),
        key=lambda r: -overlap[r["id"]],
    )  # both concepts first, else source order
    return {
        "kind": "concept",
        "weight": WEIGHTS["concept"],
        "concepts": [x, y],
        "text": f"{_name(G, a)}: {x}; {_name(G, b)}: {y}",
        "rulings": [_cited(r) for r in support[:CONCEPT_RULINGS]],
    }


def _concepts_of(G: nx.MultiDiGraph, rid: str) -> set[str]:
    node = f"ruling:{rid}"
    return {G.nodes[t]["name"] for _, t, k in G.out_edges(node, keys=True) if k == "about_concept"}


def _name(G: nx.MultiDiGraph, cid: str) -> str:
    return G.nodes[character_node(cid)]["name"]


def _cited(ruling: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": ruling["id"],
        "character": ruling["character_id"],
        "text": ruling["text"],
        "source": ruling["source"],
        "lines": [ruling["line_start"], ruling["line_end"]],
        **_erratum(ruling),
    }


def _erratum(ruling: dict[str, Any]) -> dict[str, Any]:
    """``{"erratum": ...}`` for a ruling whose text has a curated slip, else nothing."""
    return {"erratum": ruling["erratum"]} if ruling.get("erratum") else {}


def _where(link: dict[str, Any]) -> tuple[str, int, str]:
    lines = link.get("lines") or [0, 0]
    return (link.get("source", ""), lines[0], link.get("id", link.get("text", "")))


def jinxes_among(db: sqlite_utils.Database, ids: list[str]) -> list[dict[str, Any]]:
    """The official jinxes whose two characters are both in ``ids``."""
    marks = ", ".join("?" for _ in ids)
    rows = db.query(
        f"select * from jinxes where character_a in ({marks}) "
        f"and character_b in ({marks}) order by id",
        [*ids, *ids],
    )
    return [
        {
            "id": r["id"],
            "characters": [r["character_a"], r["character_b"]],
            "reason": r["reason"],
            "source": r["source"],
            "lines": [r["line_start"], r["line_end"]],
        }
        for r in rows
    ]
