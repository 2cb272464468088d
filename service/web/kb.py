"""Per-request database handles and per-worker shared state (graph, name resolver)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path

import networkx as nx
import sqlite_utils
from flask import Flask, current_app

from knowledge.graph import graph_from_db
from knowledge.resolve import Resolver
from knowledge.store import open_readonly
from service.answer.ask import prime
from service.answer.kb import AnswerKB
from service.engine import Rulebook


def get_db() -> sqlite_utils.Database:
    """The knowledge base, read-only: one connection per worker thread, kept open.

    Sound for the reason the shared state below is: a worker reads one knowledge-base
    version for its whole life. Opening a connection per request cost each one its pages
    read cold (measured: the ask's full-text query took 1.5 ms on a fresh connection,
    0.36 ms on one used before, and opening it 0.17 ms more).
    """
    local = current_app.extensions["adjudicator"]["connections"]
    db = getattr(local, "db", None)
    if db is None:
        db = local.db = open_readonly(Path(current_app.config["KB_PATH"]))
    return db


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


def get_rulebook() -> Rulebook:
    """The engine's view of the knowledge base (characters, night order, rulings)."""
    return shared("rulebook")


def get_answer_kb() -> AnswerKB:
    """What ``ask`` reads, loaded once per worker, over this request's database handle."""
    return shared("answer").with_db(get_db())


_BUILDERS = {
    "graph": graph_from_db,
    "version": lambda db: db.execute("select value from meta where key = 'version'").fetchone()[0],
    "rulebook": lambda db: Rulebook.from_path(Path(current_app.config["KB_PATH"])),
    "resolver": lambda db: get_rulebook().resolver,  # the rulebook's: built once, same rows
    "answer": lambda db: AnswerKB.from_db(db, rules=get_rulebook()),  # after "rulebook"
}


class Memo:
    """A bounded least-recently-used map of answers, per worker.

    Sound because a worker reads one knowledge-base version for its whole life (the
    version, graph and resolver above are cached the same way): the same URL gets the same
    bytes until the worker is replaced.

    >>> memo = Memo(2)
    >>> memo.put("a", b"1"); memo.put("b", b"2"); memo.get("a"); memo.put("c", b"3")
    b'1'
    >>> memo.get("b") is None, memo.get("a"), len(memo)
    (True, b'1', 2)
    >>> off = Memo(0); off.put("a", b"1"); len(off)
    0
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()  # threaded workers share one memo

    def get(self, key: str) -> bytes | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: str, value: bytes) -> None:
        if self.size <= 0:
            return
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)


def get_memo() -> Memo:
    """The worker's memo of knowledge answers (``API_MEMO_ENTRIES`` of them, 0 disables)."""
    state = current_app.extensions["adjudicator"]
    if "memo" not in state:
        state["memo"] = Memo(current_app.config["API_MEMO_ENTRIES"])
    return state["memo"]


def warm(app: Flask) -> None:
    """Build the per-worker state now (gunicorn calls this as a worker starts), so the
    first request does not pay for it."""
    with app.app_context():
        for name in _BUILDERS:
            shared(name)
        prime(shared("answer"))


def init_app(app: Flask) -> None:
    # per-worker state, and each thread's own connection (sqlite3's are not shared)
    app.extensions["adjudicator"] = {"connections": threading.local()}
