"""GET and POST /ask: a storyteller's question answered with rulings, a verdict and a replay."""

from __future__ import annotations

from typing import Any

from service.answer import ask as answer_question
from service.web.api.routing import route
from service.web.kb import get_answer_kb
from service.web.schemas.ask import AskBody, AskQuery, AskResponse


@route(
    "GET",
    "/ask",
    query=AskQuery,
    response=AskResponse,
    tag="ask",
    summary="Answer a storyteller's question",
)
def ask(query: AskQuery) -> dict[str, Any]:
    """The question is read for the characters it names (typos, plurals and short forms
    such as FT, SW, DA resolve), the conditions on each (drunk, poisoned, dead, executed,
    first night, ...) and its kind (interaction, how to run, reminders, night order, ruling).
    The answer: a verdict in plain words (`yes`, `no`, `storyteller` or `info`), the rulings it
    rests on with source file and lines and why each was chosen, the official jinx, where the
    sources disagree, and for a question about what happens, a replay: a minimal game built from
    the question, played by the rules engine (its response as POST /replay gives it). When the
    engine does not simulate a character named, `replay` is null and `replay_note` says so. A
    question naming no known character is answered from the rules glossary where it names a
    term the glossary defines ("can dead players vote"), and otherwise answers what was
    recognised and the nearest names."""
    return answer_question(query.q, get_answer_kb())


@route(
    "POST",
    "/ask",
    body=AskBody,
    response=AskResponse,
    tag="ask",
    cached=False,
    summary="Answer a storyteller's question (sent as JSON)",
)
def ask_post(body: AskBody) -> dict[str, Any]:
    """The same as GET /ask, with the question in a JSON body (`{"q": "..."}`): for long
    questions and for clients that prefer POST. Not cached."""
    return answer_question(body.q, get_answer_kb())
