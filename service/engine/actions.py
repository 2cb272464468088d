"""Engine actions: frozen value objects with a one-line text form that round-trips.

Every line starts with a keyword, so player names are free text except for the
characters the grammar itself uses (``: , [ ] ( ) "`` and ``->``).

>>> str(Act.from_text("act Ann: Dan, Eve [imp]"))
'act Ann: Dan, Eve [imp]'
>>> Action.from_text("nominate Dan -> Cat")
Nominate(by='Dan', target='Cat')
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import ClassVar

from service.errors import InvalidRequest

FORBIDDEN = re.compile(r'[:,\[\]()"]|->')


def check_name(name: str) -> str:
    """A player name the text form can carry; raises InvalidRequest otherwise.

    >>> check_name("Ann Lee")
    'Ann Lee'
    """
    if not name or name != name.strip() or FORBIDDEN.search(name):
        raise InvalidRequest(
            f"a player name must be non-empty text without surrounding spaces "
            f'and without : , [ ] ( ) " or ->: {name!r}'
        )
    return name


def _names(text: str) -> tuple[str, ...]:
    text = text.strip()
    return tuple(check_name(n.strip()) for n in text.split(",")) if text else ()


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action; ``Action.from_text`` dispatches on the leading keyword."""

    keyword: ClassVar[str] = ""

    @classmethod
    def from_text(cls, text: str) -> Action:
        keyword = text.strip().split(" ", 1)[0].rstrip(":")
        kind = KEYWORDS.get(keyword)
        if kind is None or (cls is not Action and kind is not cls):
            raise InvalidRequest(f"not an action line: {text!r}")
        rest = text.strip()[len(keyword) :].strip()
        return kind._parse(rest, text)

    @classmethod
    def _parse(cls, rest: str, text: str) -> Action:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Setup(Action):
    """Before the first phase: set-up notes, and the Travellers whose alignment the
    Storyteller chooses (the request did not give it)."""

    travellers: tuple[str, ...] = ()
    keyword: ClassVar[str] = "setup"

    def __str__(self) -> str:
        return "setup" + (": " + ", ".join(self.travellers) if self.travellers else "")

    @classmethod
    def _parse(cls, rest: str, text: str) -> Action:
        if rest and not rest.startswith(":"):
            raise InvalidRequest(f"expected 'setup' or 'setup: TRAVELLER, ...': {text!r}")
        return cls(_names(rest[1:]))


@dataclass(frozen=True, slots=True)
class NightStart(Action):
    """Dusk: the night begins (and the day before it is over)."""

    number: int
    keyword: ClassVar[str] = "night"

    def __str__(self) -> str:
        return f"night {self.number}"

    @classmethod
    def _parse(cls, rest: str, text: str) -> Action:
        if not rest.isdigit():
            raise InvalidRequest(f"expected 'night N': {text!r}")
        return cls(int(rest))


@dataclass(frozen=True, slots=True)
class Act(Action):
    """What a waking player chose at night (targets, a character, or declining)."""

    player: str
    targets: tuple[str, ...] = ()
    character: str | None = None
    decline: bool = False
    keyword: ClassVar[str] = "act"
    pattern: ClassVar[re.Pattern[str]] = re.compile(
        r"^(?P<player>[^:]+):(?P<targets>[^\[(]*)(?:\[(?P<character>[^\]]+)\])?\s*"
        r"(?P<decline>\(decline\))?\s*$"
    )

    def __str__(self) -> str:
        parts = [", ".join(self.targets)] if self.targets else []
        if self.character:
            parts.append(f"[{self.character}]")
        if self.decline:
            parts.append("(decline)")
        return f"act {self.player}:" + "".join(" " + p for p in parts)

    @classmethod
    def _parse(cls, rest: str, text: str) -> Action:
        match = cls.pattern.match(rest)
        if not match:
            raise InvalidRequest(f"expected 'act PLAYER: TARGET, ... [character]': {text!r}")
        return cls(
            check_name(match["player"].strip()),
            _names(match["targets"]),
            match["character"],
            bool(match["decline"]),
        )


@dataclass(frozen=True, slots=True)
class _Bare(Action):
    """An action that is only its keyword."""

    def __str__(self) -> str:
        return self.keyword

    @classmethod
    def _parse(cls, rest: str, text: str) -> Action:
        if rest:
            raise InvalidRequest(f"'{cls.keyword}' takes nothing after it: {text!r}")
        return cls()


@dataclass(frozen=True, slots=True)
class Dawn(_Bare):
    """The night ends: every remaining night step runs, then the day begins."""

    keyword: ClassVar[str] = "dawn"


@dataclass(frozen=True, slots=True)
class Dusk(_Bare):
    """The day ends (end-of-day wins are checked here)."""

    keyword: ClassVar[str] = "dusk"


@dataclass(frozen=True, slots=True)
class _ByOn(Action):
    """``KEYWORD BY -> TARGET``: one player acting on another in public."""

    by: str
    target: str

    def __str__(self) -> str:
        return f"{self.keyword} {self.by} -> {self.target}"

    @classmethod
    def _parse(cls, rest: str, text: str) -> Action:
        left, sep, right = rest.partition("->")
        if not sep:
            raise InvalidRequest(f"expected '{cls.keyword} BY -> TARGET': {text!r}")
        return cls(check_name(left.strip()), check_name(right.strip()))


@dataclass(frozen=True, slots=True)
class Nominate(_ByOn):
    keyword: ClassVar[str] = "nominate"


@dataclass(frozen=True, slots=True)
class Slay(_ByOn):
    keyword: ClassVar[str] = "slay"


@dataclass(frozen=True, slots=True)
class Vote(Action):
    nominee: str
    voters: tuple[str, ...] = ()
    keyword: ClassVar[str] = "vote"

    def __str__(self) -> str:
        return f"vote {self.nominee}:" + (" " + ", ".join(self.voters) if self.voters else "")

    @classmethod
    def _parse(cls, rest: str, text: str) -> Action:
        nominee, sep, voters = rest.partition(":")
        if not sep:
            raise InvalidRequest(f"expected 'vote NOMINEE: VOTER, ...': {text!r}")
        return cls(check_name(nominee.strip()), _names(voters))


@dataclass(frozen=True, slots=True)
class _OnOne(Action):
    """``KEYWORD TARGET``: something that happens to one player."""

    target: str

    def __str__(self) -> str:
        return f"{self.keyword} {self.target}"

    @classmethod
    def _parse(cls, rest: str, text: str) -> Action:
        return cls(check_name(rest))


@dataclass(frozen=True, slots=True)
class Execute(_OnOne):
    keyword: ClassVar[str] = "execute"


@dataclass(frozen=True, slots=True)
class Exile(_OnOne):
    keyword: ClassVar[str] = "exile"


@dataclass(frozen=True, slots=True)
class UseAbility(Action):
    """Any other public use of an ability during the day."""

    by: str
    targets: tuple[str, ...] = ()
    character: str | None = None
    text: str | None = None
    keyword: ClassVar[str] = "ability"
    pattern: ClassVar[re.Pattern[str]] = re.compile(
        r'^(?P<by>[^:]+):(?P<targets>[^\["]*)(?:\[(?P<character>[^\]]+)\])?\s*'
        r'(?P<text>".*")?\s*$'
    )

    def __str__(self) -> str:
        parts = [", ".join(self.targets)] if self.targets else []
        if self.character:
            parts.append(f"[{self.character}]")
        if self.text is not None:
            parts.append(json.dumps(self.text, ensure_ascii=False))
        return f"ability {self.by}:" + "".join(" " + p for p in parts)

    @classmethod
    def _parse(cls, rest: str, text: str) -> Action:
        match = cls.pattern.match(rest)
        if not match:
            raise InvalidRequest(
                f"expected 'ability BY: TARGET, ... [character] \"text\"': {text!r}"
            )
        said = json.loads(match["text"]) if match["text"] else None
        return cls(
            check_name(match["by"].strip()), _names(match["targets"]), match["character"], said
        )


KEYWORDS: dict[str, type[Action]] = {
    kind.keyword: kind
    for kind in (
        Setup,
        NightStart,
        Act,
        Dawn,
        Dusk,
        Nominate,
        Slay,
        Vote,
        Execute,
        Exile,
        UseAbility,
    )
}
DAY_EVENTS: dict[str, type[Action]] = {
    "nominate": Nominate,
    "vote": Vote,
    "execute": Execute,
    "exile": Exile,
    "slay": Slay,
    "ability": UseAbility,
}
