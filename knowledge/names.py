"""Character names and ids: slugs, and finding names inside running text."""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from knowledge.model import Team


@functools.lru_cache(maxsize=16384)  # answering slugs every span of every question
def slug(name: str) -> str:
    """The canonical id of a character name, as the official data spells ids.

    >>> slug("Scarlet Woman"), slug("Lil' Monsta"), slug("Al-Hadikhia"), slug("Doppelgänger")
    ('scarletwoman', 'lilmonsta', 'alhadikhia', 'doppelganger')
    """
    return _NOT_IN_SLUG.sub("", unicodedata.normalize("NFKD", name).lower())


_NOT_IN_SLUG = re.compile(r"[^a-z0-9]")  # what slug() drops: all but ASCII letters and digits


@dataclass(frozen=True, slots=True)
class Role:
    id: str
    name: str
    team: Team
    edition: str | None = None


@dataclass(slots=True)
class Lexicon:
    """Known character names, for attributing and linking text.

    Matching is case-sensitive on the capitalised name ("the Drunk", not "drunk"),
    because most character names are also ordinary words.
    """

    roles: dict[str, Role] = field(default_factory=dict)
    _pattern: re.Pattern[str] | None = None
    _by_name: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_roles_json(cls, path: Path) -> Lexicon:
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls.from_roles(
            Role(r["id"], r["name"], Team(r["team"]), r.get("edition")) for r in data
        )

    @classmethod
    def from_roles(cls, roles: Iterable[Role]) -> Lexicon:
        lex = cls()
        for role in roles:
            lex.add(role)
        return lex

    def add(self, role: Role, *names: str) -> None:
        self.roles.setdefault(role.id, role)
        for name in (role.name, *names):
            # First come keeps a name: a script's variant "Witch" must not take the official one's.
            self._by_name.setdefault(name, role.id)
            self._by_name.setdefault(name.replace("’", "'"), role.id)
        self._pattern = None

    def id_for(self, name: str) -> str | None:
        """The id of an exact (case-sensitive) name, or of a matching slug."""
        if name in self._by_name:
            return self._by_name[name]
        key = slug(name)
        return key if key in self.roles else None

    def find(self, text: str) -> Iterator[tuple[int, int, str]]:
        """Yield (start, end, character id) for every known name in ``text``.

        Longest names win ("Scarlet Woman" before "Woman"); possessives count.

        >>> lex = Lexicon.from_roles([Role("monk", "Monk", Team.TOWNSFOLK)])
        >>> [m[2] for m in lex.find("The Monk's token. A monk. Monks.")]
        ['monk', 'monk']
        """
        for match in self.pattern.finditer(text):
            yield match.start(1), match.end(1), self._by_name[match.group(1)]

    def ids_in(self, text: str) -> list[str]:
        """Distinct character ids named in ``text``, in order of first appearance."""
        seen: dict[str, None] = {}
        for _, _, cid in self.find(text):
            seen.setdefault(cid, None)
        return list(seen)

    @property
    def pattern(self) -> re.Pattern[str]:
        if self._pattern is None:
            names = sorted(self._by_name, key=len, reverse=True)
            alternation = "|".join(re.escape(n) for n in names)
            # Plural "Monks" also names the character; a following letter otherwise does not.
            self._pattern = re.compile(rf"(?<![\w])({alternation})(?=s?\b|['’])")
        return self._pattern
