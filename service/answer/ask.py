"""``ask(question, kb) -> dict``: a storyteller's question answered from the knowledge base.

The response has the shape of issue 5: ``question``, ``understood``, ``verdict``,
``rulings`` (each with id, character, text, source, lines, why), ``jinxes``, ``conflicts``,
``replay`` (the engine's response, or null), plus ``night_order`` and ``reminders`` for the
named characters. The engine is plugged in by passing ``replayer`` (a function from a replay
request to the engine's response); ``replay_request`` builds that request from the
understanding. Without a replayer, ``replay`` is null and the answer rests on the rulings.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from service.answer.kb import AnswerKB
from service.answer.retrieve import retrieve
from service.answer.score import Found
from service.answer.understand import Understanding, understand
from service.answer.verdict import decide
from service.answer.words import Condition, Kind

Replayer = Callable[[dict[str, Any]], dict[str, Any]]
FILLER_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")
# Characters whose abilities touch nobody else: they fill seats without changing the outcome.
NEUTRAL_FILLERS = ("chef", "washerwoman", "librarian", "investigator", "steward", "noble")
NEUTRAL_DEMON = "imp"
MIN_PLAYERS = 5
REPLAYABLE = (Kind.INTERACTION, Kind.RULING)


def ask(question: str, kb: AnswerKB, *, replayer: Replayer | None = None,
        limit: int = 8) -> dict[str, Any]:
    """Answer a question: what was understood, the verdict, the rulings, jinxes, conflicts."""
    u = understand(question, kb.vocabulary)
    found = retrieve(u, kb, limit=limit)
    replay = _replay(u, kb, replayer)
    return {
        "question": question,
        "understood": u.to_dict(),
        "verdict": decide(u, found, kb, replay).to_dict(),
        "rulings": [ruling_entry(f, kb) for f in found.rulings],
        "jinxes": list(found.jinxes),
        "conflicts": [_conflict(c) for c in found.conflicts],
        "replay": replay,
        "night_order": list(found.night_order),
        "reminders": {cid: list(tokens) for cid, tokens in found.reminders.items()},
    }


def ruling_entry(found: Found, kb: AnswerKB) -> dict[str, Any]:
    r = found.ruling
    entry = {"id": r["id"], "character": r["character"], "text": r["text"],
             "source": r["source"], "lines": list(r["lines"]), "section": r["section"],
             "why": "; ".join(found.why) or "shares the question's words"}
    if found.also_in:
        entry["also_in"] = list(dict.fromkeys(found.also_in))
    return entry


def _conflict(conflict: dict[str, Any]) -> dict[str, Any]:
    keys = ("id", "character_id", "topic", "note", "sides")
    return {k: conflict.get(k) for k in keys}


def _replay(u: Understanding, kb: AnswerKB, replayer: Replayer | None) -> dict[str, Any] | None:
    if replayer is None or u.kind not in REPLAYABLE:
        return None
    request = replay_request(u, kb)
    if request is None:
        return None
    try:
        return replayer(request)
    except Exception as exc:  # the engine refusing a request is an answer, not a crash
        return {"error": str(exc), "request": request}


# ---- building a replay from the question ---------------------------------------------------


def replay_request(u: Understanding, kb: AnswerKB) -> dict[str, Any] | None:
    """A minimal replay request (issue 3 format) for the situation the question describes.

    One player per named character, with the stated standing conditions (drunk, poisoned,
    dead); neutral filler players up to five, with an Imp if no Demon is named. The first
    named character that acts on other nights targets the next named character; an
    executed/nominated condition becomes a day with that nomination and execution.
    """
    if not u.characters:
        return None
    players = [_player(cid, name, u) for cid, name in zip(u.characters, FILLER_NAMES,
                                                          strict=False)]
    players += _fillers(u, kb, len(players))
    by_id = {p["character"]: p["name"] for p in players}
    return {"players": players, "phases": _phases(u, kb, by_id), "choices": {}}


def _player(cid: str, name: str, u: Understanding) -> dict[str, Any]:
    player: dict[str, Any] = {"name": name, "character": cid}
    conditions = u.conditions.get(cid, ())
    for condition in (Condition.DRUNK, Condition.POISONED, Condition.DEAD):
        if condition in conditions:
            player[str(condition)] = True
    return player


def _fillers(u: Understanding, kb: AnswerKB, taken: int) -> list[dict[str, Any]]:
    names = iter(FILLER_NAMES[taken:])
    fillers = []
    teams = {kb.characters.get(c, {}).get("team") for c in u.characters}
    if "demon" not in teams:
        fillers.append({"name": next(names), "character": NEUTRAL_DEMON})
    for cid in NEUTRAL_FILLERS:
        if taken + len(fillers) >= MIN_PLAYERS:
            break
        if cid not in u.characters:
            fillers.append({"name": next(names), "character": cid})
    return fillers


def _phases(u: Understanding, kb: AnswerKB, by_id: dict[str, str]) -> list[dict[str, Any]]:
    phases: list[dict[str, Any]] = []
    first_night = any(Condition.FIRST_NIGHT in c for c in u.conditions.values())
    night = 1 if first_night else 2
    actions = _night_actions(u, kb, by_id, "first" if first_night else "other")
    phases.append({"phase": "night", "number": night, "actions": actions})
    events = _day_events(u, by_id)
    if events:
        phases.append({"phase": "day", "number": night, "events": events})
    return phases


def _night_actions(u: Understanding, kb: AnswerKB, by_id: dict[str, str],
                   night: str) -> list[dict[str, Any]]:
    chars = list(u.characters)
    for i, cid in enumerate(chars):
        if cid in kb.night.get(night, {}) and i + 1 < len(chars):
            return [{"player": by_id[cid], "targets": [by_id[chars[i + 1]]]}]
        if cid in kb.night.get(night, {}) and Condition.SELF_TARGET in u.conditions.get(cid, ()):
            return [{"player": by_id[cid], "targets": [by_id[cid]]}]
    return []


def _day_events(u: Understanding, by_id: dict[str, str]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    nominator = next((n for c, n in by_id.items() if c not in u.characters), None)
    for cid in u.characters:
        conditions = u.conditions.get(cid, ())
        if Condition.NOMINATED in conditions or Condition.EXECUTED in conditions:
            events.append({"type": "nominate", "by": nominator, "target": by_id[cid]})
        if Condition.EXECUTED in conditions:
            events.append({"type": "execute", "target": by_id[cid]})
    return events
