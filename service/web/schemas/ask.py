"""The ask endpoint: the question (query string or JSON body) and the answer (issue 5)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints

from service.web.schemas.replay import ReplayResponse
from service.web.schemas.requests import Strict
from service.web.schemas.responses import ERRATUM, ConflictSide, Erratum, Jinx, Lines, Out

MAX_QUESTION = 500
Question = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_QUESTION)
]
QUESTION = (
    'The question as a storyteller would type it: "drunk Monk vs Assassin", '
    '"can the imp kill himself with 1 minion left", "how do I run the Chambermaid".'
)


class AskQuery(Strict):
    q: Question = Field(description=QUESTION)


class AskBody(Strict):
    q: Question = Field(description=QUESTION)


# ---- response ------------------------------------------------------------------------


class Recognised(Out):
    id: str
    name: str = Field(description="The character's name, as the alternatives are given.")
    as_: str = Field(alias="as", description="The words of the question that name it.")
    exact: bool = Field(description="False when the name was typed approximately.")
    alternatives: list[str] = Field(
        description="Other character names these words may mean, nearest first (a name "
        'heard or autocorrected: "the mare" read as the Mage may be the Mayor); empty when '
        "the name is exact or its letters leave little doubt."
    )


class NotRecognised(Out):
    text: str
    suggestions: list[str] = Field(description="The nearest character names.")
    placed: bool = Field(
        description='True when the words stand where a name does ("four tops is poisoned"): '
        "what is said of them is said of no character, and the verdict says whom it leaves out."
    )


class Understood(Out):
    characters: list[str] = Field(description="Character ids, in the order named.")
    conditions: dict[str, list[str]] = Field(
        description="Character id -> its conditions (drunk, poisoned, dead, first-night, "
        "other-nights, executed, nominated, protected, mad, registering, becomes, "
        "self-target) that the question states."
    )
    asked: dict[str, list[str]] = Field(
        description="Character id -> the conditions the question asks about rather than "
        'states ("does the soldier die": soldier -> dead); the replay plays them out.'
    )
    implied: dict[str, list[str]] = Field(
        description="Character id -> the conditions the question implies without stating "
        'them ("the imp starpassed": imp -> dead); the replay and the ranking use them.'
    )
    kind: Literal["interaction", "how-to-run", "reminders", "night-order", "ruling"]
    recognised: list[Recognised]
    unattached: list[str] = Field(description="Conditions not attached to any character.")
    unrecognised: list[NotRecognised]
    scripts: list[str] = Field(
        description="Ids of the scripts the question names (see /api/v1/scripts); their "
        "special rules are among the rulings considered."
    )


class Because(Out):
    id: str | None = Field(description="The ruling (or jinx) id; null for the night sheet.")
    source: str = Field(description="The vendored file it was read from.")
    lines: Lines | None
    quote: str = Field(description="The sentence of it the verdict rests on.")
    erratum: Erratum | None = Field(
        None,
        description="A curated slip the quote takes in: what it should say, and why. "
        "Only when there is one.",
    )


class Verdict(Out):
    answer: Literal["yes", "no", "storyteller", "info"] = Field(
        description="`storyteller`: the rules leave it to the Storyteller (the text says "
        "which choice and what guides it)."
    )
    text: str = Field(
        description="One or two plain sentences to read aloud at the table: "
        "the outcome first, then the reason in the sources' words; "
        "no file names or line numbers (see `because`)."
    )
    because: list[Because] = Field(
        description="The rulings the verdict rests on, the deciding one first, including "
        "those the rules engine cited for the replay's outcome."
    )
    replay_summary: list[str] = Field(
        description="The replay's key facts as short sentences (empty without a replay)."
    )


class AskRuling(Out):
    id: str
    character: str | None
    text: str
    source: str = Field(description="The vendored file the ruling was read from.")
    lines: Lines
    section: str
    why: str = Field(description="Why it was chosen for this question.")
    also_in: list[str] | None = Field(
        None, description="Other sources with the same (or nearly the same) text."
    )
    erratum: Erratum | None = Field(None, description=ERRATUM)


class AskConflict(Out):
    id: str
    character_id: str | None
    topic: str | None
    note: str | None
    sides: list[ConflictSide] | None


class Refusal(Out):
    field: str | None = Field(description="The refused part of the request.")
    message: str = Field(description="The engine's reason.")
    removed: dict[str, Any] = Field(description="The choice or event taken out.")


class AskReplay(ReplayResponse):
    """The engine's response (as POST /replay answers it), the request it played, and the
    choices it refused (taken out before the rest was played)."""

    request: dict[str, Any] = Field(
        description="The minimal game built from the question, in the POST /replay request format."
    )
    refused: list[Refusal]


class NightRow(Out):
    night: Literal["first", "other"]
    position: int
    id: str
    name: str
    reminder: str | None


class ReminderRef(Out):
    id: str
    name: str
    global_: bool = Field(alias="global")


class AskResponse(Out):
    question: str
    understood: Understood
    verdict: Verdict
    rulings: list[AskRuling] = Field(description="The best rulings, most decisive first.")
    jinxes: list[Jinx]
    conflicts: list[AskConflict] = Field(description="Where the sources disagree.")
    replay: AskReplay | None = Field(
        description="The situation played out by the rules engine; null when the question "
        "is not about what happens, or the engine does not simulate a character "
        "named (see `replay_note`)."
    )
    replay_note: str | None = Field(description="Why there is no replay, when one was tried.")
    night_order: list[NightRow]
    reminders: dict[str, list[ReminderRef]]
