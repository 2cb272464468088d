"""What the API accepts: query strings and JSON bodies, strict (unknown fields refused)."""

from __future__ import annotations

import enum
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, RootModel, model_validator

from knowledge.model import Section, Team
from knowledge.queries.scripts import script_validator


class Strict(BaseModel):
    """A request part: every field declared, anything else refused with a 422 naming it."""

    model_config = ConfigDict(extra="forbid")


def split_commas(value: Any) -> Any:
    """``"monk, imp"`` (or a repeated parameter) as a list; anything else is left to pydantic.

    >>> split_commas("monk, imp,,"), split_commas(["a,b", "c"]), split_commas(3)
    (['monk', 'imp'], ['a', 'b', 'c'], 3)
    """
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [part for v in value for part in split_commas(v)]
    return value


Name = Annotated[str, Field(min_length=1, max_length=60)]
NameList = Annotated[list[Name], BeforeValidator(split_commas)]


class Night(enum.StrEnum):
    FIRST = "first"
    OTHER = "other"


class Page(Strict):
    limit: int = Field(50, ge=1, le=200, description="Most items to return.")
    offset: int = Field(0, ge=0, le=100_000, description="Items to skip (for the next page).")


class CharactersQuery(Page):
    team: Team | None = Field(None, description="Only this team.")
    edition: str | None = Field(
        None, max_length=50, description="Only this official edition id (tb, bmr, snv, ...)."
    )
    origin: str | None = Field(
        None,
        max_length=80,
        description=(
            "Only this origin: an edition id, `homebrew:<author>`, `script:<id>`; "
            "`homebrew` or `script` alone match every such origin."
        ),
    )
    source: str | None = Field(
        None, max_length=80, description="Only characters read from this source file."
    )
    script: str | None = Field(None, max_length=80, description="Only characters on this script.")
    q: str | None = Field(
        None, min_length=1, max_length=100, description="Fuzzy name filter; best match first."
    )


class RulingsQuery(Strict):
    tag: str | None = Field(None, max_length=60, description="Only rulings with this tag.")
    section: Section | None = Field(None, description="Only rulings in this section.")
    source: str | None = Field(None, max_length=80, description="Only rulings from this file.")


class SearchQuery(Page):
    q: str = Field(
        min_length=1,
        max_length=200,
        description="Words to look for in character names and ruling texts.",
    )
    limit: int = Field(20, ge=1, le=100, description="Most rulings to return.")


class InteractionsQuery(Strict):
    characters: NameList = Field(
        min_length=2,
        max_length=12,
        description=(
            "Two or more character ids or names, comma-separated (names resolve fuzzily)."
        ),
    )


class JinxesQuery(Strict):
    characters: NameList = Field(
        min_length=2, max_length=60, description=("Character ids or names, comma-separated.")
    )


class NightOrderQuery(Strict):
    night: Night = Field(description="`first` for the first night, `other` for the rest.")
    characters: NameList | None = Field(
        None,
        min_length=1,
        max_length=60,
        description=("Only these characters (plus dusk, Minion info, Demon info and dawn)."),
    )
    script: str | None = Field(
        None, max_length=80, description="Only the characters of this stored script."
    )

    @model_validator(mode="after")
    def one_selection(self) -> NightOrderQuery:
        if self.characters is not None and self.script is not None:
            raise ValueError("give `characters` or `script`, not both")
        return self


class ScriptsQuery(Page):
    pass


def _official_schema(schema: dict[str, Any]) -> None:
    """Document the body as the official script schema says it, minus its own identity."""
    official = dict(script_validator().schema)
    for key in ("$schema", "$id", "default"):
        official.pop(key, None)
    schema.clear()
    schema.update(official)


class ScriptBody(RootModel[list[Any]]):
    """An official script JSON (an array): validated against the official script-schema.json."""

    model_config = ConfigDict(json_schema_extra=_official_schema)
