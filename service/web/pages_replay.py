"""The replay builder: form rows <-> the engine's request, and the request in a shareable URL."""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass, field
from typing import Any

from werkzeug.datastructures import MultiDict

from knowledge.errors import InvalidRequest

NIGHTS = 6
PHASES = [f"{phase} {n}" for n in range(1, NIGHTS + 1) for phase in ("night", "day")]
NIGHT_KINDS = ("act", "decline")
DAY_KINDS = ("nominate", "vote", "execute", "exile", "slay", "ability")
KIND_LABEL = {
    "act": "acts",
    "decline": "declines",
    "nominate": "nominates",
    "vote": "is voted on",
    "execute": "is executed",
    "exile": "is exiled",
    "slay": "slays",
    "ability": "uses ability",
}
MAX_PLAYERS, MAX_STEPS = 20, 60
MAX_ENCODED, MAX_JSON = 12_000, 256 * 1024
FLAGS = ("drunk", "poisoned", "dead")


@dataclass(slots=True)
class PlayerRow:
    name: str = ""
    character: str = ""
    drunk: bool = False
    poisoned: bool = False
    dead: bool = False


@dataclass(slots=True)
class StepRow:
    phase: str = "night 1"
    kind: str = "act"
    who: str = ""
    targets: str = ""
    character: str = ""


@dataclass(slots=True)
class Builder:
    players: list[PlayerRow] = field(default_factory=list)
    steps: list[StepRow] = field(default_factory=list)
    choices: str = ""
    complete: bool = True  # False: the request has fields the form cannot show

    def padded(self, players: int = 5, steps: int = 3) -> Builder:
        """The same rows plus blank ones to type into (at least ``players`` and ``steps``)."""
        return Builder(
            self.players + [PlayerRow() for _ in range(max(1, players - len(self.players)))],
            self.steps + [StepRow() for _ in range(max(1, steps - len(self.steps)))],
            self.choices,
            self.complete,
        )


def builder_from_form(form: MultiDict[str, str]) -> Builder:
    """The builder's rows as submitted (blank rows kept: the form shows them again)."""
    players = [
        PlayerRow(
            form.get(f"players-{i}-name", "").strip(),
            form.get(f"players-{i}-character", "").strip(),
            *(bool(form.get(f"players-{i}-{flag}")) for flag in FLAGS),
        )
        for i in range(MAX_PLAYERS)
        if f"players-{i}-name" in form
    ]
    steps = [
        StepRow(
            form.get(f"steps-{i}-phase", "night 1"),
            form.get(f"steps-{i}-kind", "act"),
            form.get(f"steps-{i}-who", "").strip(),
            form.get(f"steps-{i}-targets", "").strip(),
            form.get(f"steps-{i}-character", "").strip(),
        )
        for i in range(MAX_STEPS)
        if f"steps-{i}-who" in form
    ]
    return Builder(players, steps, form.get("choices", "").strip())


def names(text: str) -> list[str]:
    """Comma-separated player names.

    >>> names(" Ann, Ben ,, Cat ")
    ['Ann', 'Ben', 'Cat']
    """
    return [n.strip() for n in text.split(",") if n.strip()]


def request_from_builder(builder: Builder) -> dict[str, Any]:
    """The engine's request for the filled rows; a half-filled row is refused by its number."""
    players = []
    for i, row in enumerate(builder.players, start=1):
        if not (row.name or row.character):
            continue
        if not (row.name and row.character):
            raise InvalidRequest(
                f"player {i} needs both a name and a character", field=f"players[{i}]"
            )
        player: dict[str, Any] = {"name": row.name, "character": row.character}
        player.update({flag: True for flag in FLAGS if getattr(row, flag)})
        players.append(player)
    if not players:
        raise InvalidRequest("add at least one player", field="players")
    return {"players": players, "phases": _phases(builder.steps), "choices": _choices(builder)}


def _choices(builder: Builder) -> dict[str, Any]:
    if not builder.choices:
        return {}
    try:
        choices = json.loads(builder.choices)
    except json.JSONDecodeError as err:
        raise InvalidRequest(
            f"storyteller choices are not JSON: {err.msg}", field="choices"
        ) from None
    if not isinstance(choices, dict):
        raise InvalidRequest(
            'storyteller choices are a JSON object: {"choice id": value}', field="choices"
        )
    return choices


def _phases(steps: list[StepRow]) -> list[dict[str, Any]]:
    grouped: dict[str, list[dict[str, Any]]] = {}
    for i, step in enumerate(steps, start=1):
        if not step.who:
            continue
        grouped.setdefault(_phase_of(step, i), []).append(_step(step, i))
    phases = []
    for label in sorted(grouped, key=PHASES.index):
        phase, number = label.split()
        key = "actions" if phase == "night" else "events"
        phases.append({"phase": phase, "number": int(number), key: grouped[label]})
    return phases


def _phase_of(step: StepRow, i: int) -> str:
    if step.phase not in PHASES:
        raise InvalidRequest(f"step {i}: unknown phase {step.phase!r}", field=f"steps[{i}]")
    night = step.phase.startswith("night")
    if step.kind not in (NIGHT_KINDS if night else DAY_KINDS):
        allowed = ", ".join(NIGHT_KINDS if night else DAY_KINDS)
        raise InvalidRequest(
            f"step {i}: in a {step.phase.split()[0]} a player can only: {allowed}",
            field=f"steps[{i}]",
        )
    return step.phase


def _step(step: StepRow, i: int) -> dict[str, Any]:
    targets = names(step.targets)
    if step.kind in ("nominate", "slay") and len(targets) != 1:
        raise InvalidRequest(f"step {i}: {step.kind} needs exactly one target", field=f"steps[{i}]")
    shapes: dict[str, dict[str, Any]] = {
        "act": {"player": step.who, "targets": targets},
        "decline": {"player": step.who, "decline": True},
        "nominate": {"type": "nominate", "by": step.who, "target": targets[:1] and targets[0]},
        "vote": {"type": "vote", "nominee": step.who, "voters": targets},
        "execute": {"type": "execute", "target": step.who},
        "exile": {"type": "exile", "target": step.who},
        "slay": {"type": "slay", "by": step.who, "target": targets[:1] and targets[0]},
        "ability": {"type": "ability", "by": step.who, "targets": targets},
    }
    shaped = shapes[step.kind]
    if step.character and step.kind in ("act", "ability"):
        shaped["character"] = step.character
    return shaped


def builder_from_request(request: dict[str, Any]) -> Builder:
    """The rows that show a request; ``complete`` is False if some of it cannot be shown."""
    builder = Builder(
        choices=json.dumps(request["choices"], ensure_ascii=False) if request.get("choices") else ""
    )
    for p in request.get("players") or []:
        builder.players.append(
            PlayerRow(
                str(p.get("name", "")),
                str(p.get("character", "")),
                *(p.get(flag) is True for flag in FLAGS),
            )
        )
        builder.complete &= set(p) <= {"name", "character", *FLAGS}
    for phase in request.get("phases") or []:
        label = f"{phase.get('phase')} {phase.get('number')}"
        for item in phase.get("actions") or phase.get("events") or []:
            row, shown = _row(label, item)
            builder.steps.append(row)
            builder.complete &= shown
    return builder


def _row(label: str, item: dict[str, Any]) -> tuple[StepRow, bool]:
    kind = item.get("type") or ("decline" if item.get("decline") else "act")
    who = item.get("player") or item.get("by") or item.get("nominee") or item.get("target")
    if kind in ("execute", "exile"):
        who = item.get("target")
    targets = (
        item.get("targets")
        or item.get("voters")
        or ([item["target"]] if kind in ("nominate", "slay") and item.get("target") else [])
    )
    row = StepRow(
        label, kind, str(who or ""), ", ".join(map(str, targets)), str(item.get("character") or "")
    )
    shown = label in PHASES and kind in KIND_LABEL and "text" not in item
    return row, shown


def encode(request: dict[str, Any]) -> str:
    """The request packed for a URL: compact JSON, deflated, base64url without padding.

    >>> decode(encode({"players": [{"name": "Ann", "character": "monk"}]}))
    {'players': [{'name': 'Ann', 'character': 'monk'}]}
    """
    raw = json.dumps(request, ensure_ascii=False, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def decode(text: str) -> dict[str, Any]:
    """A request from a URL; refuses anything that is not a packed JSON object."""
    if len(text) > MAX_ENCODED or not re.fullmatch(r"[A-Za-z0-9_-]*", text):
        raise InvalidRequest("this replay link is damaged (not a packed request)", field="r")
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_JSON)
        if inflater.unconsumed_tail:
            raise InvalidRequest("this replay link holds too large a request", field="r")
        request = json.loads(raw.decode())
    except (binascii.Error, zlib.error, UnicodeDecodeError, json.JSONDecodeError):
        raise InvalidRequest(
            "this replay link is damaged (not a packed request)", field="r"
        ) from None
    if not isinstance(request, dict):
        raise InvalidRequest("a replay request is a JSON object", field="r")
    return request


def parse_json(text: str) -> dict[str, Any]:
    """A request typed or pasted as JSON."""
    try:
        request = json.loads(text)
    except json.JSONDecodeError as err:
        raise InvalidRequest(
            f"this is not JSON: {err.msg} (line {err.lineno}, column {err.colno})", field="json"
        ) from None
    if not isinstance(request, dict):
        raise InvalidRequest(
            "a replay request is a JSON object with players and phases", field="json"
        )
    return request
