"""Name resolution: a typed name to a character id, fuzzily, refusing to guess near-ties."""

from __future__ import annotations

import bisect
import functools
import itertools
import json
from collections.abc import Iterable
from dataclasses import dataclass

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from knowledge.errors import AmbiguousName, UnknownName
from knowledge.names import slug

ACCEPT = 82.0  # a similarity (0-100) at or above this is an answer ...
TYPOS = ((3, 1), (8, 2))  # ... and so is a key of at least N letters within K edits
TIE = 3.0  # two characters as few edits away and this close in similarity: ambiguous
SHORTEST_ALIAS = 4  # shorter aliases ("ft", "sw") must be typed exactly
SHORTEST_PREFIX = 3  # "gobl" means Goblin; "bar" could be Baron or Barber
# keys remembered per resolver: answering a question tries every span of its words as a name,
# and storytellers' questions reuse words ("poisoned", "the demon")
REMEMBERED = 8192


@dataclass(frozen=True, slots=True)
class Resolution:
    id: str
    name: str
    query: str
    exact: bool
    score: float


@dataclass(frozen=True, slots=True)
class Entry:
    id: str
    name: str
    aliases: tuple[str, ...] = ()


class Resolver:
    """Resolves names, ids and aliases; fuzzy over slugs (case, spaces, apostrophes ignored)."""

    def __init__(self, entries: Iterable[Entry]) -> None:
        self.names: dict[str, str] = {}
        self._exact: dict[str, str] = {}
        self._choices: dict[str, str] = {}
        for entry in sorted(entries, key=lambda e: e.id):
            self.names[entry.id] = entry.name
            for key in (entry.id, slug(entry.name), *map(slug, entry.aliases)):
                if key:
                    self._exact.setdefault(key, entry.id)
            self._choices.setdefault(slug(entry.name), entry.id)
            for key in map(slug, entry.aliases):
                if len(key) >= SHORTEST_ALIAS:
                    self._choices.setdefault(key, entry.id)
        self._sorted = sorted(self._choices)  # for the names a typed key begins
        self._prefixed = functools.lru_cache(maxsize=REMEMBERED)(self._prefixed)
        self._ranked = functools.lru_cache(maxsize=REMEMBERED)(self._ranked)

    @classmethod
    def from_rows(cls, rows: Iterable[dict]) -> Resolver:
        """From ``characters`` rows (id, name, aliases as a JSON list or a list)."""
        entries = []
        for row in rows:
            aliases = row.get("aliases") or []
            if isinstance(aliases, str):
                aliases = json.loads(aliases)
            entries.append(Entry(row["id"], row["name"], tuple(aliases)))
        return cls(entries)

    def resolve(self, query: str) -> Resolution:
        """The character a name means; raises UnknownName or AmbiguousName with suggestions.

        >>> r = Resolver([Entry("scarletwoman", "Scarlet Woman", ("SW",)),
        ...               Entry("monk", "Monk")])
        >>> r.resolve("scarlet women").id, r.resolve("sw").exact, r.resolve("Monk's").id
        ('scarletwoman', True, 'monk')
        """
        exact = self.lookup(query)
        if exact:
            return Resolution(exact, self.names[exact], query, True, 100.0)
        key = name_key(query)
        prefixed = self._prefixed(key)
        if len(prefixed) == 1:
            return Resolution(prefixed[0], self.names[prefixed[0]], query, False, 90.0)
        if len(prefixed) > 1:
            candidates = [self.names[c] for c in prefixed]
            raise AmbiguousName(
                f"{query!r} could mean {', '.join(candidates)}",
                details={"name": query},
                suggestions=candidates,
            )
        ranked = self._ranked(key)
        if not ranked or not _acceptable(key, *ranked[0][1:]):
            raise UnknownName(
                f"no character is called {query!r}",
                details={"name": query},
                suggestions=self.suggest(query),
            )
        best_id, best_edits, best_score = ranked[0]
        rivals = [
            cid
            for cid, edits, score in ranked[1:]
            if edits == best_edits and best_score - score <= TIE
        ]
        if rivals:
            candidates = [self.names[c] for c in (best_id, *rivals)]
            raise AmbiguousName(
                f"{query!r} could mean {', '.join(candidates)}",
                details={"name": query},
                suggestions=candidates,
            )
        return Resolution(best_id, self.names[best_id], query, False, best_score)

    def lookup(self, query: str) -> str | None:
        """The id for an exact name, id or alias (also with a plural or possessive 's')."""
        key = name_key(query)
        # ("-es" only after a hiss, as English plurals take it: "witches", not "saves" for
        # the Savant's "sav")
        plural_es = key.removesuffix("es") if key.endswith(_HISSED_ES) else key
        for candidate in (key, key.removesuffix("s"), plural_es):
            if candidate in self._exact:
                return self._exact[candidate]
        return None

    def suggest(self, query: str, limit: int = 5) -> list[str]:
        """The nearest character names, best first."""
        return [self.names[cid] for cid in self.nearest(query, limit)]

    def nearest(self, query: str, limit: int = 5) -> list[str]:
        """The ids of the nearest characters, best first."""
        return [cid for cid, _, _ in self._ranked(name_key(query))[:limit]]

    def _prefixed(self, key: str) -> tuple[str, ...]:
        """Characters whose name or alias starts with ``key`` (typing cut short)."""
        if len(key) < SHORTEST_PREFIX:
            return ()
        found = set()
        for choice in itertools.islice(self._sorted, bisect.bisect_left(self._sorted, key), None):
            if not choice.startswith(key):
                break  # the names a key begins sort together, from where the key would
            found.add(self._choices[choice])
        return tuple(sorted(found))

    def _ranked(self, key: str) -> tuple[tuple[str, int, float], ...]:
        """(id, edits, similarity) per character, fewest edits then most similar first."""
        if not key:
            return ()
        # no processor: the choices and the key are slugs already (what rapidfuzz's
        # default_process would make of them), and processing every choice on every call
        # was most of the cost
        matches = process.extract(key, self._choices.keys(), scorer=fuzz.ratio, limit=30)
        best: dict[str, tuple[int, float]] = {}
        for choice, score, _ in matches:
            cid = self._choices[choice]
            candidate = (OSA.distance(key, choice), -score)
            best[cid] = min(best.get(cid, candidate), candidate)
        ranked = sorted(best.items(), key=lambda kv: (kv[1], kv[0]))
        return tuple((cid, edits, -neg) for cid, (edits, neg) in ranked)


def _acceptable(key: str, edits: int, score: float) -> bool:
    """A fuzzy match good enough to answer with, not just to suggest.

    >>> _acceptable("mnok", 1, 75.0), _acceptable("zzz", 3, 20.0)
    (True, False)
    """
    allowed = max((k for n, k in TYPOS if len(key) >= n), default=0)
    return score >= ACCEPT or edits <= allowed


# the endings an English plural adds "-es" to
_HISSED_ES = ("ses", "xes", "zes", "ches", "shes")


def name_key(query: str) -> str:
    """A typed name as the resolver compares it: a slug, without a possessive ("Lleach's")."""
    text = query.strip().replace("’", "'")
    if text.lower().endswith("'s"):
        text = text[:-2]
    return slug(text)
