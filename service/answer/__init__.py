"""Answering a storyteller's question: understand it, retrieve the rulings, give a verdict."""

from __future__ import annotations

from service.answer.ask import ask
from service.answer.game import replay_request
from service.answer.kb import AnswerKB
from service.answer.understand import Understanding, understand
from service.answer.verdict import Answer, Verdict, decide
from service.answer.words import Condition, Kind

__all__ = [
    "Answer",
    "AnswerKB",
    "Condition",
    "Kind",
    "Understanding",
    "Verdict",
    "ask",
    "decide",
    "replay_request",
    "understand",
]
