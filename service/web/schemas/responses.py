"""What the API answers: one model per response body (the OpenAPI document is made of them).

Handlers return plain dicts from ``knowledge.queries`` for speed; the tests validate every
response against these models' schemas, so a field added to a query but not here fails.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Lines = list[int]  # [first, last], 1-based, inclusive


class Out(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class ErrorBody(Out):
    status: int = Field(description="The HTTP status, repeated.")
    code: str = Field(description="A stable machine-readable code, e.g. `unknown-name`.")
    message: str = Field(description="What went wrong, naming the offending field or value.")
    details: dict[str, Any] = Field(
        description=(
            "Context: `field` (the offending field), `errors` (validation errors, each "
            "with `loc` and `msg`), the value given."
        )
    )
    suggestions: list[str] = Field(description="The nearest valid names, best first.")


class ErrorResponse(Out):
    """Every failure under /api/ has this shape, whatever its status."""

    error: ErrorBody


class KnowledgeBaseInfo(Out):
    version: str
    characters: int


class Health(Out):
    status: Literal["ok"]
    knowledge_base: KnowledgeBaseInfo


class Erratum(Out):
    """A slip in a ruling's source text (a name copied from a neighbouring entry, a wrong
    word), corrected in `knowledge/curated/errata.toml`. The ruling's `text` stays exactly as
    the source has it; show the correction beside it."""

    quote: str = Field(description="The words of the ruling's text that are wrong, as quoted.")
    correction: str = Field(description="What those words should say.")
    reason: str = Field(description="Why they are a slip, citing the source's own lines.")


ERRATUM = "A curated slip in the ruling's text: what it should say, and why (only when it has one)."


class Ruling(Out):
    id: str
    character: str | None
    text: str
    source: str = Field(description="The vendored file the ruling was read from.")
    lines: Lines
    section: str
    tags: list[str]
    mentions: list[str]
    reminders: list[str]
    info_cards: list[Any]
    erratum: Erratum | None = Field(None, description=ERRATUM)


class ReminderToken(Out):
    id: str
    name: str
    global_: bool = Field(alias="global")
    source: str
    rulings: list[str] = Field(description="Ids of the rulings that use this token.")


class CharacterJinx(Out):
    id: str
    with_: str = Field(alias="with")
    reason: str
    source: str
    lines: Lines


class ConflictSide(Out):
    source: str
    quote: str
    ruling_id: str | None
    line_start: int | None
    line_end: int | None
    text: str | None


class Conflict(Out):
    id: str
    character_id: str
    topic: str
    note: str
    reason: str
    status: str
    sides: list[ConflictSide]
    ruling_ids: list[str]
    asked_when: str = Field(
        "",
        description="A regular expression a question must match for /ask to treat this "
        "disagreement as its concern; empty: any question whose rulings show a side.",
    )


class Neighbour(Out):
    id: str
    name: str
    team: str | None
    weight: float
    relations: list[str]


class NightPositions(Out):
    first: int | None
    other: int | None


class Character(Out):
    """The full record of one character."""

    id: str
    name: str
    team: str | None
    origin: str | None
    official: bool
    edition: str | None
    ability: str | None
    flavour: str | None
    abilities: dict[str, str] = Field(description="Source file -> that source's ability text.")
    sources: list[str]
    setup: bool
    setup_modifiers: list[str]
    first_night: int | None
    other_night: int | None
    first_night_reminder: str | None
    other_night_reminder: str | None
    acts: list[str]
    aliases: list[str]
    reminders: list[str]
    reminders_global: list[str]
    named_by: list[str] = Field(
        description="Reminder tokens storytellers name a player by (the Red Herring)."
    )
    night_order: NightPositions
    reminder_tokens: list[ReminderToken]
    jinxes: list[CharacterJinx]
    conflicts: list[Conflict]
    rulings: dict[str, list[Ruling]] = Field(description="Rulings grouped by section.")
    rulings_by_condition: dict[str, list[str]] = Field(
        description="Condition tag -> ids of the rulings that carry it."
    )
    neighbourhood: list[Neighbour]
    resolved_from: str | None = Field(
        None,
        description=("The name as typed, present only when it was not an exact id, name or alias."),
    )


class CharacterSummary(Out):
    id: str
    name: str
    team: str | None
    origin: str | None
    official: bool
    edition: str | None
    ability: str | None
    setup: bool
    first_night: int | None
    other_night: int | None
    aliases: list[str]
    score: float | None = Field(None, description="Fuzzy match score (0-100), with `q` only.")


class PageInfo(Out):
    total: int = Field(description="How many items match, on every page.")
    limit: int
    offset: int


class CharacterPage(PageInfo):
    items: list[CharacterSummary]


class CharacterRef(Out):
    id: str
    name: str
    team: str | None = None
    resolved_from: str | None = None


class RulingList(Out):
    character: CharacterRef
    total: int
    items: list[Ruling]


class ReminderList(Out):
    character: CharacterRef
    reminders: list[ReminderToken]


class NameHit(Out):
    id: str
    name: str
    team: str | None
    matched: str = Field(description="The name or alias that matched.")
    score: float


class RulingHit(Ruling):
    snippet: str = Field(description="Safe HTML: the text around the hits, hits in <mark>.")
    rank: float = Field(description="Full-text relevance (BM25), higher is better.")


class RulingHits(PageInfo):
    match: Literal["all", "any", "none"] = Field(
        description="`all`: every word matched; `any`: no ruling had them all."
    )
    items: list[RulingHit]


class SearchResult(Out):
    query: str
    characters: list[NameHit]
    rulings: RulingHits


class CitedRuling(Out):
    id: str
    character: str | None
    text: str
    source: str
    lines: Lines
    erratum: Erratum | None = Field(None, description=ERRATUM)


class Link(Out):
    kind: Literal["jinx", "mention", "conflict", "team-mention", "concept"]
    weight: float
    text: str
    id: str | None = None
    from_: str | None = Field(None, alias="from", description="Whose ruling it is.")
    to: str | None = Field(None, description="The character (or team member) it names.")
    source: str | None = None
    lines: Lines | None = None
    section: str | None = None
    topic: str | None = None
    concepts: list[str] | None = Field(None, description="[first's concept, second's].")
    rulings: list[CitedRuling] | None = None
    erratum: Erratum | None = Field(None, description=ERRATUM)


class Pair(Out):
    characters: list[str]
    score: float
    shared_concepts: list[str]
    links: list[Link]


class Interactions(Out):
    characters: list[CharacterRef]
    pairs: list[Pair]


class Jinx(Out):
    id: str
    characters: list[str]
    reason: str
    source: str
    lines: Lines | None


class JinxList(Out):
    characters: list[CharacterRef]
    jinxes: list[Jinx]


class Wake(Out):
    position: int | None = Field(description="Place on the official night sheet.")
    id: str
    name: str
    reminder: str | None
    marker: bool = Field(description="Dusk, Minion info, Demon info or dawn.")


class NightSheet(Out):
    order: list[Wake]
    unplaced: list[Wake] = Field(description="Wakes, but has no place on the official sheet.")
    not_waking: list[str]


class NightOrder(NightSheet):
    night: Literal["first", "other"]
    characters: list[CharacterRef] | None = None
    script: str | None = None


class ScriptSummary(Out):
    id: str
    name: str
    author: str | None
    characters: int
    source: str


class ScriptPage(PageInfo):
    items: list[ScriptSummary]


class ScriptCharacter(Out):
    id: str
    name: str
    team: str | None
    origin: str | None
    official: bool
    ability: str | None
    setup_modifiers: list[str]
    setup: bool
    known: bool = Field(description="False for a character only the script defines.")
    resolved_from: str | None = None


class SetupEntry(Out):
    id: str
    name: str
    modifiers: list[str]


class Nights(Out):
    first: NightSheet
    other: NightSheet


class ScriptAnalysis(Out):
    characters: list[ScriptCharacter]
    team_counts: dict[str, int]
    jinxes: list[Jinx]
    setup: list[SetupEntry]
    night_order: Nights


class Script(ScriptAnalysis):
    id: str
    name: str
    author: str | None
    notes: str | None
    special_rules: list[str]
    source: str
    lines: Lines


class UnknownEntry(Out):
    index: int = Field(description="Position of the entry in the script array.")
    id: str
    message: str
    suggestions: list[str]


class ScriptCheck(ScriptAnalysis):
    name: str | None
    author: str | None
    special_rules: list[str]
    unknown: list[UnknownEntry]
    duplicates: list[str]


class SourceRead(Out):
    characters: int
    rulings: int
    problems: int
    problems_by_kind: dict[str, int]


class SourceDocument(Out):
    file: str
    path: str
    family: str
    description: str | None
    sha256: str
    bytes: int
    lines: int
    read: SourceRead


class BuildInfo(Out):
    version: str | None
    built_at: str | None
    schema_version: str | None


class Sources(Out):
    knowledge_base: BuildInfo
    total: int
    sources: list[SourceDocument]


class OpenAPIDocument(BaseModel):
    """The OpenAPI 3.1 document itself."""

    model_config = ConfigDict(extra="allow")
    openapi: str
