"""POST /replay: the engine's request and response (issue 3), as pydantic models.

The models are strict (no coercion, no unknown fields) and mirror the engine's own parser
(``service.engine.request``): a test keeps their field names equal to the engine's.
The engine then refuses what only the game's rules can judge (a dead Monk acting).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from service.web.schemas.responses import Out

PlayerName = Annotated[str, Field(min_length=1, max_length=40)]
CharacterName = Annotated[
    str, Field(min_length=1, max_length=60, description="An id or any name that resolves.")
]


class Part(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class TokenOnPlayer(Part):
    token: str = Field(min_length=1, max_length=40)
    character: CharacterName | None = None
    by: PlayerName | None = None


class ReplayPlayer(Part):
    name: PlayerName
    character: CharacterName
    alignment: Literal["good", "evil"] | None = None
    drunk: bool = Field(False, description="Drunk for the whole replay, whatever the cause.")
    poisoned: bool = Field(False, description="Poisoned for the whole replay.")
    dead: bool = False
    ghost_vote: bool = True
    thinks: CharacterName | None = Field(None, description="What the Drunk & co. think they are.")
    reminders: list[Annotated[str, Field(min_length=1, max_length=80)] | TokenOnPlayer] = Field(
        default_factory=list,
        max_length=20,
        description='Tokens already on the player: "Red Herring", '
        '"fortuneteller:red-herring" or {"token", "character", "by"}.',
    )


class NightAction(Part):
    player: PlayerName
    targets: list[PlayerName] = Field(default_factory=list, max_length=25)
    character: (
        CharacterName
        | Annotated[
            list[CharacterName],
            Field(min_length=1, max_length=10, description="Several (the Engineer's Minions)."),
        ]
        | None
    ) = None
    decline: bool = False


class Nominate(Part):
    type: Literal["nominate"]
    by: PlayerName
    target: PlayerName


class VoteEvent(Part):
    type: Literal["vote"]
    nominee: PlayerName
    voters: list[PlayerName] = Field(default_factory=list, max_length=25)


class Execute(Part):
    type: Literal["execute"]
    target: PlayerName


class Exile(Part):
    type: Literal["exile"]
    target: PlayerName


class Slay(Part):
    type: Literal["slay"]
    by: PlayerName
    target: PlayerName


class AbilityEvent(Part):
    type: Literal["ability"]
    by: PlayerName
    targets: list[PlayerName] = Field(default_factory=list, max_length=25)
    character: CharacterName | None = None
    text: str | None = Field(None, max_length=500)


DayEvent = Annotated[
    Nominate | VoteEvent | Execute | Exile | Slay | AbilityEvent, Field(discriminator="type")
]


class Night(Part):
    phase: Literal["night"]
    number: int = Field(ge=1, le=50, description="1 is the first night.")
    actions: list[NightAction] = Field(default_factory=list, max_length=25)


class Day(Part):
    phase: Literal["day"]
    number: int = Field(ge=1, le=50)
    events: list[DayEvent] = Field(default_factory=list, max_length=100)


class ReplayRequest(Part):
    """Players in clockwise seat order, the phases to play, and storyteller choices."""

    # pydantic puts a tagged union's tag in an error's location; these are taken out again
    union_tags: ClassVar[frozenset[str]] = frozenset(
        {"night", "day", "nominate", "vote", "execute", "exile", "slay", "ability"}
    )

    players: list[ReplayPlayer] = Field(min_length=1, max_length=25)
    # No phases is a valid replay: set-up only (the engine checks the players and tokens).
    phases: list[Annotated[Night | Day, Field(discriminator="phase")]] = Field(max_length=30)
    choices: dict[str, Any] = Field(
        default_factory=dict, description="Choice id (as the result lists them) -> value."
    )


# ---- response ------------------------------------------------------------------------


class Cited(Out):
    id: str
    source: str
    lines: list[int]
    text: str


class TokenState(Out):
    token: str
    character: str
    by: str | None
    until: str


class PlayerState(Out):
    character: str
    alignment: Literal["good", "evil"]
    alive: bool
    ghost_vote: bool
    drunk: bool
    poisoned: bool
    reminders: list[TokenState]
    thinks: str | None = None
    gained: list[str] | None = Field(
        None,
        description="Abilities held besides the character's (Alchemist, Cannibal, Pixie, ...).",
    )


class Winner(Out):
    team: Literal["good", "evil"]
    reason: str
    phase: str
    unplayed: list[str] = Field(description="Phases and actions not played: the game was over.")


class Info(Out):
    character: str
    phase: str
    answer: Any = Field(
        description="The true answer: a number, yes/no, a character id, "
        "a player name or a list of them."
    )
    reliable: bool = Field(description="Whether the player must be told the truth.")
    told: Any
    why: list[str]


class Choice(Out):
    id: str
    phase: str
    question: str
    options: list[Any] | str
    default: Any
    chosen: Any
    from_: Literal["request", "default"] = Field(alias="from")
    rulings: list[Cited]


class TraceStep(Out):
    step: int
    phase: str
    action: str
    player: str | None
    character: str | None
    text: str
    rulings: list[Cited]
    disagreeing: list[Cited] | None = Field(
        None, description="Rulings of other sources that disagree with the one followed."
    )


class ResolvedName(Out):
    field: str = Field(description="Where in the request the name was given.")
    name: str = Field(description="The name as given.")
    id: str = Field(description="The character it was taken to mean.")


class ReplayResponse(Out):
    deaths: list[str]
    players: dict[str, PlayerState]
    winner: Winner | None
    info: dict[str, Info]
    storyteller_choices: list[Choice]
    unused_choices: list[str]
    not_simulated: list[str] = Field(description="Characters in play the engine does not act for.")
    unplayed_jinxes: list[list[str]] = Field(
        description="Pairs of characters in play whose official jinx the engine does not play "
        "(each plays its own ability as if there were no jinx), each pair sorted."
    )
    trace: list[TraceStep]
    resolved_names: list[ResolvedName] = Field(
        description="Character names that matched only approximately, and what they meant."
    )
