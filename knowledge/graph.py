"""The knowledge base as a networkx MultiDiGraph, and the queries over it as free functions.

Node ids are strings with a kind prefix (``character:monk``, ``reminder:monk:safe``,
``ruling:<hash>``, ``concept:protection``, ``team:demon``); ``kind`` is a node attribute
and the relationship is the edge key.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import networkx as nx
import sqlite_utils

# What a character's official ability does, as concepts shared between characters.
ABILITY_CONCEPTS: list[tuple[str, re.Pattern[str]]] = [
    (c, re.compile(p, re.IGNORECASE))
    for c, p in [
        (
            "protection",
            r"safe from the Demon|cannot die|can't die|does not die|do not die|"
            r"doesn't die|would die.*instead|protect",
        ),
        ("bypasses-protection", r"even if for some reason they could not"),
        ("kill", r"\bthey die\b|\bdies\b|\bkill|\bdie\b"),
        ("poison", r"\bpoison"),
        ("drunk", r"\bdrunk\b"),
        ("registration", r"\bregister"),
        ("madness", r"\bmad\b"),
        ("resurrection", r"resurrect|alive again|back to life"),
        ("execution", r"\bexecut"),
        ("nomination", r"\bnominat"),
        ("vote", r"\bvot(?:e|es|ing)\b"),
        ("alignment", r"\balignment\b|turns? evil|becomes? evil|evil team|good team"),
        ("information", r"\blearn|start knowing|you know"),
        ("character-change", r"\bbecomes?\b|\bswap|\bchange"),
        ("death-trigger", r"if you die|when you die|if you are executed|when .* dies"),
        ("night-action", r"each night|at night"),
        ("day-action", r"during the day|each day|publicly"),
    ]
]
# Concepts that act on each other: one character's concept on the left meets the other's.
INTERACTS: frozenset[tuple[str, str]] = frozenset(
    {
        ("protection", "kill"),
        ("protection", "demon-kill"),
        ("protection", "minion-kill"),
        ("protection", "bypasses-protection"),
        ("registration", "information"),
        ("poison", "information"),
        ("drunk", "information"),
        ("poison", "protection"),
        ("drunk", "protection"),
        ("kill", "death-trigger"),
        ("demon-kill", "death-trigger"),
        ("execution", "death-trigger"),
        ("nomination", "execution"),
        ("madness", "information"),
        ("character-change", "demon-kill"),
        ("resurrection", "kill"),
        ("registration", "kill"),
        ("poison", "kill"),
        ("drunk", "kill"),
        ("alignment", "information"),
    }
)
TEAM_WORDS = re.compile(r"\b(Townsfolk|Outsiders?|Minions?|Demons?|Travell?ers?|Fabled)\b")
TEAM_OF_WORD = {
    "townsfolk": "townsfolk",
    "outsider": "outsider",
    "minion": "minion",
    "demon": "demon",
    "traveller": "traveller",
    "traveler": "traveller",
    "fabled": "fabled",
}


def character_node(cid: str) -> str:
    return f"character:{cid}"


def graph_from_db(db: sqlite_utils.Database) -> nx.MultiDiGraph:
    """Build the graph from a knowledge-base database (once per worker)."""
    G = nx.MultiDiGraph()
    _add_characters(G, db)
    _add_rulings(G, db)
    _add_errata(G, db)
    _add_reminders(G, db)
    _add_jinxes(G, db)
    _add_scripts(G, db)
    _add_night_order(G, db)
    _add_conflicts(G, db)
    return G


def _rows(db: sqlite_utils.Database, table: str) -> Iterable[dict[str, Any]]:
    return db.query(f"select * from [{table}]")


def _add_characters(G: nx.MultiDiGraph, db: sqlite_utils.Database) -> None:
    for row in _rows(db, "characters"):
        node = character_node(row["id"])
        G.add_node(
            node,
            kind="character",
            id=row["id"],
            name=row["name"],
            team=row["team"],
            origin=row["origin"],
            official=bool(row["official"]),
        )
        if row["team"]:
            G.add_node(f"team:{row['team']}", kind="team", name=row["team"])
            G.add_edge(node, f"team:{row['team']}", key="on_team")
        for concept in ability_concepts(row["ability"] or "", row["team"]):
            G.add_node(f"concept:{concept}", kind="concept", name=concept)
            G.add_edge(node, f"concept:{concept}", key="has_concept")


def ability_concepts(ability: str, team: str | None) -> list[str]:
    """The concepts an ability text touches.

    >>> ability_concepts("Each night*, choose a player (not yourself): they are safe from "
    ...                  "the Demon tonight.", "townsfolk")
    ['protection', 'night-action']
    >>> ability_concepts("Once per game, at night, choose a player: they die, even if for "
    ...                  "some reason they could not.", "minion")
    ['bypasses-protection', 'kill', 'night-action', 'minion-kill']
    """
    concepts = [name for name, pattern in ABILITY_CONCEPTS if pattern.search(ability)]
    if "kill" in concepts and team in ("demon", "minion"):
        concepts.append(f"{team}-kill")
    return concepts


def _add_rulings(G: nx.MultiDiGraph, db: sqlite_utils.Database) -> None:
    for row in _rows(db, "rulings"):
        node = f"ruling:{row['id']}"
        G.add_node(
            node,
            kind="ruling",
            id=row["id"],
            character_id=row["character_id"],
            section=row["section"],
            source=row["source"],
            tags=json.loads(row["tags"]),
            line_start=row["line_start"],
            line_end=row["line_end"],
            text=row["text"],
        )
        if row["character_id"]:
            G.add_edge(node, character_node(row["character_id"]), key="ruling_about")
        for cid in json.loads(row["mentions"]):
            if G.has_node(character_node(cid)):
                G.add_edge(node, character_node(cid), key="mentions")
        for concept in json.loads(row["concepts"]):
            G.add_node(f"concept:{concept}", kind="concept", name=concept)
            G.add_edge(node, f"concept:{concept}", key="about_concept")
        for word in {
            TEAM_OF_WORD[w.lower().rstrip("s")]
            for w in TEAM_WORDS.findall(row["text"])
            if w.lower().rstrip("s") in TEAM_OF_WORD
        }:
            G.add_edge(node, f"team:{word}", key="mentions_team")


def _add_errata(G: nx.MultiDiGraph, db: sqlite_utils.Database) -> None:
    """A ruling whose text has a curated slip carries its correction (an ``erratum``)."""
    for row in _rows(db, "errata"):
        node = f"ruling:{row['ruling_id']}"
        if G.has_node(node):
            G.nodes[node]["erratum"] = {k: row[k] for k in ("quote", "correction", "reason")}


def _add_reminders(G: nx.MultiDiGraph, db: sqlite_utils.Database) -> None:
    for row in _rows(db, "reminders"):
        node = f"reminder:{row['id']}"
        G.add_node(
            node, kind="reminder", id=row["id"], name=row["name"], is_global=bool(row["is_global"])
        )
        G.add_edge(character_node(row["character_id"]), node, key="has_reminder")
        for rid in json.loads(row["rulings"]):
            G.add_edge(f"ruling:{rid}", node, key="uses_reminder")


def _add_jinxes(G: nx.MultiDiGraph, db: sqlite_utils.Database) -> None:
    for row in _rows(db, "jinxes"):
        node = f"jinx:{row['id']}"
        a, b = character_node(row["character_a"]), character_node(row["character_b"])
        G.add_node(
            node,
            kind="jinx",
            id=row["id"],
            reason=row["reason"],
            source=row["source"],
            line_start=row["line_start"],
            line_end=row["line_end"],
        )
        for one, other in ((a, b), (b, a)):
            G.add_edge(one, other, key="jinxed_with", jinx=row["id"])
            G.add_edge(one, node, key="in_jinx")


def _add_scripts(G: nx.MultiDiGraph, db: sqlite_utils.Database) -> None:
    for row in _rows(db, "scripts"):
        G.add_node(f"script:{row['id']}", kind="script", id=row["id"], name=row["name"])
    for row in _rows(db, "script_characters"):
        if G.has_node(character_node(row["character_id"])):
            G.add_edge(
                character_node(row["character_id"]),
                f"script:{row['script_id']}",
                key="on_script",
                position=row["position"],
            )


def _add_night_order(G: nx.MultiDiGraph, db: sqlite_utils.Database) -> None:
    previous: dict[str, str] = {}
    for row in db.query("select * from night_order order by night, position"):
        node = character_node(row["id"])
        if not G.has_node(node):
            continue
        if row["night"] in previous:
            G.add_edge(
                previous[row["night"]], node, key=f"acts_before_{row['night']}", night=row["night"]
            )
        previous[row["night"]] = node


def _add_conflicts(G: nx.MultiDiGraph, db: sqlite_utils.Database) -> None:
    for row in _rows(db, "conflicts"):
        node = f"conflict:{row['id']}"
        G.add_node(node, kind="conflict", id=row["id"], topic=row["topic"], note=row["note"])
        G.add_edge(node, character_node(row["character_id"]), key="conflict_about")
        rulings = [f"ruling:{r}" for r in json.loads(row["ruling_ids"])]
        for rid in rulings:
            G.add_edge(node, rid, key="side")
        for i, a in enumerate(rulings):
            for b in rulings[i + 1 :]:
                G.add_edge(a, b, key="conflicts_with", conflict=row["id"])
                G.add_edge(b, a, key="conflicts_with", conflict=row["id"])


# ---- queries -------------------------------------------------------------------------


def rulings_for(
    G: nx.MultiDiGraph,
    cid: str,
    *,
    tags: Iterable[str] = (),
    section: str | None = None,
    source: str | None = None,
) -> list[dict[str, Any]]:
    """Rulings about a character, filtered by tags (all must hold), section and source."""
    wanted = set(tags)
    out = []
    for node, _, key in G.in_edges(character_node(cid), keys=True):
        if key != "ruling_about":
            continue
        data = G.nodes[node]
        if wanted - set(data["tags"]) or (section and data["section"] != section):
            continue
        if source and data["source"] != source:
            continue
        out.append(data)
    return sorted(out, key=lambda r: (r["source"], r["line_start"]))


def jinxes_for(G: nx.MultiDiGraph, cid: str) -> list[dict[str, Any]]:
    node = character_node(cid)
    return [G.nodes[t] for _, t, k in G.out_edges(node, keys=True) if k == "in_jinx"]


@dataclass(slots=True)
class Links:
    """Everything the graph links between two characters."""

    jinxes: list[dict[str, Any]] = field(default_factory=list)
    mentions: list[dict[str, Any]] = field(default_factory=list)  # rulings of one naming other
    team_mentions: list[dict[str, Any]] = field(default_factory=list)  # "the Demon" etc.
    shared_concepts: list[str] = field(default_factory=list)
    interacting_concepts: list[tuple[str, str]] = field(default_factory=list)  # (a's, b's)
    conflicts: list[dict[str, Any]] = field(default_factory=list)


def links_between(G: nx.MultiDiGraph, a: str, b: str) -> Links:
    """Jinxes, cross-mentions (both ways), team mentions and shared concepts of two characters."""
    na, nb = character_node(a), character_node(b)
    links = Links()
    jinx_ids = {
        d.get("jinx")
        for _, t, k, d in G.out_edges(na, keys=True, data=True)
        if k == "jinxed_with" and t == nb
    }
    links.jinxes = [G.nodes[f"jinx:{j}"] for j in sorted(jinx_ids)]
    for one, other in ((a, b), (b, a)):
        for ruling in rulings_for(G, one):
            node = f"ruling:{ruling['id']}"
            if G.has_edge(node, character_node(other), key="mentions"):
                links.mentions.append(ruling)
            elif G.has_edge(
                node, f"team:{G.nodes[character_node(other)]['team']}", key="mentions_team"
            ):
                links.team_mentions.append(ruling)
    ca, cb = _concepts(G, na), _concepts(G, nb)
    links.shared_concepts = sorted(ca & cb)
    links.interacting_concepts = sorted(
        (x, y) for x in ca for y in cb if (x, y) in INTERACTS or (y, x) in INTERACTS
    )
    links.conflicts = [G.nodes[n] for n in _conflict_nodes(G, na) | _conflict_nodes(G, nb)]
    return links


def _concepts(G: nx.MultiDiGraph, node: str) -> set[str]:
    return {G.nodes[t]["name"] for _, t, k in G.out_edges(node, keys=True) if k == "has_concept"}


def _conflict_nodes(G: nx.MultiDiGraph, node: str) -> set[str]:
    return {s for s, _, k in G.in_edges(node, keys=True) if k == "conflict_about"}


def neighbourhood(G: nx.MultiDiGraph, cid: str, *, limit: int = 24) -> list[dict[str, Any]]:
    """Characters linked to ``cid`` (jinx, mention either way, night neighbour), strongest first."""
    node = character_node(cid)
    weight: dict[str, float] = {}
    relations: dict[str, set[str]] = {}

    def link(other: str, how: str, w: float) -> None:
        if other == node or G.nodes[other].get("kind") != "character":
            return
        weight[other] = weight.get(other, 0.0) + w
        relations.setdefault(other, set()).add(how)

    for _, other, key in G.out_edges(node, keys=True):
        if key == "jinxed_with":
            link(other, "jinx", 3.0)
    for ruling, _, key in G.in_edges(node, keys=True):
        if key == "ruling_about":
            for _, other, k in G.out_edges(ruling, keys=True):
                if k == "mentions":
                    link(other, "mentions", 1.0)
        elif key == "mentions":
            for _, subject, k in G.out_edges(ruling, keys=True):
                if k == "ruling_about":
                    link(subject, "mentioned-by", 1.0)
    ranked = sorted(weight, key=lambda n: (-weight[n], n))[:limit]
    return [
        {
            "id": G.nodes[n]["id"],
            "name": G.nodes[n]["name"],
            "team": G.nodes[n]["team"],
            "weight": weight[n],
            "relations": sorted(relations[n]),
        }
        for n in ranked
    ]
