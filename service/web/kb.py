"""Per-request database handles and per-worker shared state (graph, name resolver)."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import sqlite_utils
from flask import Flask, current_app, g

from knowledge.graph import graph_from_db
from knowledge.resolve import Resolver
from knowledge.store import open_readonly


def get_db() -> sqlite_utils.Database:
    """The knowledge base for this request, opened read-only, closed on teardown."""
    if "kb" not in g:
        g.kb = open_readonly(Path(current_app.config["KB_PATH"]))
    return g.kb


def close_db(_exc: BaseException | None = None) -> None:
    db = g.pop("kb", None)
    if db is not None:
        db.close()


def shared(name: str):
    """Per-worker state built on first use and kept in ``app.extensions``."""
    state = current_app.extensions["adjudicator"]
    if name not in state:
        state[name] = _BUILDERS[name](get_db())
    return state[name]


def get_graph() -> nx.MultiDiGraph:
    return shared("graph")


def get_resolver() -> Resolver:
    return shared("resolver")


def kb_version() -> str:
    return shared("version")


_BUILDERS = {
    "graph": graph_from_db,
    "resolver": lambda db: Resolver.from_rows(db.query("select id, name, aliases from characters")),
    "version": lambda db: db.execute("select value from meta where key = 'version'").fetchone()[0],
}


def init_app(app: Flask) -> None:
    app.extensions["adjudicator"] = {}
    app.teardown_appcontext(close_db)
