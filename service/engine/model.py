"""The game state: players, reminder tokens, conditions and deaths, all frozen.

A ``GameState`` is a value: every change makes a new one, so a snapshot is a reference
and undo is a pointer move. Seats are the order of ``players`` (clockwise).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from knowledge.model import Team, token_key


class Alignment(enum.StrEnum):
    GOOD = "good"
    EVIL = "evil"


class Phase(enum.StrEnum):
    NIGHT = "night"
    DAY = "day"


class Cause(enum.StrEnum):
    """Why a player died: protections and death triggers look at this."""

    DEMON = "demon"  # the Demon's ability (including a Mayor bounce)
    MINION = "minion"  # a Minion's ability
    EXECUTION = "execution"
    EXILE = "exile"
    ABILITY = "ability"  # any other character's ability (Slayer, Gunslinger, ...)
    STORYTELLER = "storyteller"


class Until(enum.StrEnum):
    """When an effect or a reminder token lapses."""

    DAWN = "dawn"  # the end of the night it was placed ("tonight")
    DUSK = "dusk"  # the start of the next night ("tonight and tomorrow day")
    NEVER = "never"  # until an ability removes it ("permanently", once-per-game markers)


class Kind(enum.StrEnum):
    DRUNK = "drunk"
    POISONED = "poisoned"
    NO_ABILITY = "no ability"  # the ability is removed outright (a preached Minion)


@dataclass(frozen=True, slots=True)
class Moment:
    """A phase of the game: night 1, day 1, night 2, ...

    >>> str(Moment(Phase.NIGHT, 2)), Moment(Phase.NIGHT, 2) < Moment(Phase.DAY, 2)
    ('night 2', True)
    """

    phase: Phase
    number: int

    def __lt__(self, other: Moment) -> bool:
        return self.key < other.key

    @property
    def key(self) -> tuple[int, int]:
        return self.number, 0 if self.phase is Phase.NIGHT else 1

    def __str__(self) -> str:
        return f"{self.phase} {self.number}"

    @property
    def first_night(self) -> bool:
        return self.phase is Phase.NIGHT and self.number == 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Condition:
    """Drunkenness or poison with its source and how long it lasts."""

    kind: Kind
    source: str  # a character id, or "request" for a standing condition given up front
    by: str | None = None  # the player whose ability caused it
    until: Until = Until.NEVER

    def __str__(self) -> str:
        cause = f" by {self.by}" if self.by else ""
        return f"{self.kind} ({self.source}{cause}, until {self.until})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Token:
    """A reminder token on a player: whose, placed by whom and when, until when."""

    name: str  # display form, as printed: "Safe", "No Ability"
    character: str  # the character whose reminder this is
    on: str  # player name
    by: str | None = None  # player name of the placer (None: the Storyteller or set-up)
    placed: Moment | None = None
    until: Until = Until.NEVER

    @property
    def key(self) -> str:
        """``monk:safe``: the token's id as the knowledge base names reminders."""
        return f"{self.character}:{token_key(self.name)}"

    def is_(self, character: str, name: str) -> bool:
        return self.character == character and token_key(self.name) == token_key(name)


@dataclass(frozen=True, slots=True, kw_only=True)
class Player:
    name: str
    seat: int
    character: str
    team: Team
    alignment: Alignment
    alive: bool = True
    ghost_vote: bool = True
    thinks: str | None = None  # the character the player believes they are
    conditions: tuple[Condition, ...] = ()
    since: Moment | None = None  # when they gained their current character (None: set-up)
    # Abilities held besides their character's (an Alchemist's Minion ability, a Cannibal's
    # lunch, a Pixie's Townsfolk): hooks run for these too, and ``has_ability`` is true.
    gained: tuple[str, ...] = ()

    @property
    def acting(self) -> str:
        """The character whose ability the player uses (what they think they are)."""
        return self.thinks or self.character

    @property
    def traveller(self) -> bool:
        return self.team is Team.TRAVELLER


@dataclass(frozen=True, slots=True, kw_only=True)
class Death:
    player: str
    cause: Cause
    by: str | None
    moment: Moment


@dataclass(frozen=True, slots=True, kw_only=True)
class Info:
    """What an information ability gave: the true answer, and whether it had to be true."""

    character: str
    moment: Moment
    answer: object
    reliable: bool
    told: object
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Win:
    team: Alignment
    reason: str
    moment: Moment


@dataclass(frozen=True, slots=True, kw_only=True)
class Today:
    """What happened during the current day (read by the following night's abilities)."""

    nominators: tuple[str, ...] = ()
    nominees: tuple[str, ...] = ()
    votes: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (nominee, voters) in order
    executed: str | None = None
    executed_character: str | None = None
    execution_killed: bool = False
    used: tuple[str, ...] = ()  # "player:character" for once-per-day abilities used today
    # Players whose ability another ability stopped since dawn (a killer whose target was
    # protected): the Mathematician counts them.
    abnormal: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class GameState:
    players: tuple[Player, ...]
    moment: Moment
    tokens: tuple[Token, ...] = ()
    deaths: tuple[Death, ...] = ()
    today: Today = field(default_factory=Today)
    info: tuple[tuple[str, Info], ...] = ()
    night_cursor: tuple[int, int] = (-1, -1)  # (night-order position, seat) last run tonight
    woke: tuple[str, ...] = ()  # players woken tonight for their own ability (Chambermaid)
    day_over: bool = False  # the day has ended (dusk) and the next night has not begun
    winner: Win | None = None

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def has_player(self, name: str) -> bool:
        return any(p.name == name for p in self.players)

    def with_player(self, player: Player) -> GameState:
        players = tuple(player if p.name == player.name else p for p in self.players)
        return replace(self, players=players)

    def alive(self, *, travellers: bool = True) -> tuple[Player, ...]:
        return tuple(p for p in self.players if p.alive and (travellers or not p.traveller))

    def tokens_on(self, name: str) -> tuple[Token, ...]:
        return tuple(t for t in self.tokens if t.on == name)

    def find_tokens(self, character: str, token: str) -> tuple[Token, ...]:
        return tuple(t for t in self.tokens if t.is_(character, token))

    def add_token(self, token: Token) -> GameState:
        return replace(self, tokens=(*self.tokens, token))

    def remove_tokens(self, character: str, token: str, *, by: str | None = None) -> GameState:
        kept = tuple(
            t for t in self.tokens if not (t.is_(character, token) and (by is None or t.by == by))
        )
        return replace(self, tokens=kept)

    def with_info(self, name: str, info: Info) -> GameState:
        kept = tuple(item for item in self.info if item[0] != name)
        return replace(self, info=(*kept, (name, info)))

    def last_info(self, name: str) -> Info | None:
        return dict(self.info).get(name)
