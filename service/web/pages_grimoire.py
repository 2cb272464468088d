"""The grimoire: an engine response drawn as seats in a circle, stepped phase by phase."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from service.web.icons import icon_file

Replay = Callable[[Any, Any], dict[str, Any]]
SIZE = 440  # the SVG's viewBox is SIZE x SIZE
RING = 165  # distance from the centre to each seat
SHOWN_REMINDERS = 3


@dataclass(slots=True)
class Snapshot:
    label: str  # "start", "night 1", ...
    response: dict[str, Any]
    trace: list[dict[str, Any]] = field(default_factory=list)  # the steps of this phase only
    deaths: list[str] = field(default_factory=list)  # who died in this phase


def phase_labels(request: Mapping[str, Any]) -> list[str]:
    """The phases a request plays, in order.

    >>> phase_labels({"phases": [{"phase": "night", "number": 2}, {"phase": "day", "number": 2}]})
    ['night 2', 'day 2']
    """
    return [f"{p.get('phase')} {p.get('number')}" for p in request.get("phases") or []]


def snapshots(request: dict[str, Any], replay: Replay, rules: Any) -> list[Snapshot]:
    """The state at the start and after each phase, by replaying each prefix of the phases.

    The engine is deterministic, so the prefix runs agree with the full one; a choice the
    full run offered in a later phase is left out of the earlier prefixes (the engine
    refuses a choice it was never offered).
    """
    full = replay(request, rules)
    labels = phase_labels(request)
    offered = {c["id"]: c.get("phase") for c in full.get("storyteller_choices") or []}
    shots, seen_trace, seen_deaths = [], 0, 0
    for k in range(len(labels) + 1):
        response = full if k == len(labels) else replay(_prefix(request, k, labels, offered), rules)
        trace, deaths = response.get("trace") or [], response.get("deaths") or []
        shots.append(
            Snapshot(
                labels[k - 1] if k else "start", response, trace[seen_trace:], deaths[seen_deaths:]
            )
        )
        seen_trace, seen_deaths = len(trace), len(deaths)
    return shots


def _prefix(
    request: dict[str, Any], k: int, labels: list[str], offered: dict[str, Any]
) -> dict[str, Any]:
    played = set(labels[:k])
    choices = {
        cid: value
        for cid, value in (request.get("choices") or {}).items()
        if offered.get(cid) in played
    }
    return {**request, "phases": list(request.get("phases") or [])[:k], "choices": choices}


def seats(
    response: Mapping[str, Any],
    characters: Mapping[str, Mapping[str, Any]],
) -> list[dict[str, Any]]:
    """The players of a response in seat order, with what the grimoire draws for each."""
    players = response.get("players") or {}
    count = len(players)
    radius = token_radius(count)
    out = []
    for i, (name, p) in enumerate(players.items()):
        angle = -math.pi / 2 + 2 * math.pi * i / max(count, 1)
        x, y = SIZE / 2 + RING * math.cos(angle), SIZE / 2 + RING * math.sin(angle)
        info = characters.get(p.get("character") or "", {})
        out.append(
            {
                "name": name,
                "seat": i + 1,
                "player": p,
                "x": round(x, 1),
                "y": round(y, 1),
                "label": label(name),
                "r": radius,
                "character": info.get("name") or p.get("character") or "?",
                "team": info.get("team"),
                "alive": p.get("alive", True) is not False,
                "icon": icon_file(
                    p.get("character"), info.get("team"), official=bool(info.get("official"))
                ),
                "evil": p.get("alignment") == "evil",
                "reminders": _reminders(p.get("reminders") or [], x, y, angle, radius, characters),
                "hidden_reminders": max(0, len(p.get("reminders") or []) - SHOWN_REMINDERS),
            }
        )
    return out


def token_radius(count: int) -> float:
    """Token size: as large as fits the ring without touching its neighbours.

    >>> token_radius(3), token_radius(15)
    (44.0, 29.0)
    """
    if count <= 1:
        return 44.0
    return round(min(44.0, max(18.0, 0.42 * 2 * math.pi * RING / count)), 1)


def label(name: str, limit: int = 8) -> str:
    """A player's name cut to fit the banner across a token (the font scales with the token).

    >>> label("Ann"), label("Bartholomew")
    ('Ann', 'Barthol…')
    """
    return name if len(name) <= limit else name[: limit - 1] + "…"


def _reminders(
    tokens: list[dict[str, Any]],
    x: float,
    y: float,
    angle: float,
    radius: float,
    characters: Mapping[str, Mapping[str, Any]],
) -> list[dict[str, Any]]:
    """Reminder tokens stacked from the seat towards the centre, as on a real grimoire."""
    small = round(min(20.0, max(10.0, radius * 0.5)), 1)
    out = []
    for j, token in enumerate(tokens[:SHOWN_REMINDERS]):
        distance = radius + small + 4 + j * (2 * small + 3)
        info = characters.get(token.get("character") or "", {})
        out.append(
            {
                "token": str(token.get("token", "")),
                "character": token.get("character"),
                "by": token.get("by"),
                "r": small,
                "x": round(x - distance * math.cos(angle), 1),
                "y": round(y - distance * math.sin(angle), 1),
                "icon": icon_file(
                    token.get("character"), info.get("team"), official=bool(info.get("official"))
                ),
            }
        )
    return out


def shroud_path(x: float, y: float, r: float) -> str:
    """The death shroud hung over a token: a dark banner with a notched tail.

    >>> shroud_path(100, 100, 20)
    'M89.0 80.0 H111.0 V102.0 L100.0 107.0 L89.0 102.0 Z'
    """
    w, top = r * 0.55, y - r
    return (
        f"M{x - w:.1f} {top:.1f} H{x + w:.1f} V{y + r * 0.1:.1f} "
        f"L{x:.1f} {y + r * 0.35:.1f} L{x - w:.1f} {y + r * 0.1:.1f} Z"
    )
