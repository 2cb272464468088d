"""Readers for The Pandemonium Institute's toolmaker JSON (roles, jinxes, night sheet, scripts)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from knowledge.ingest.jsonlines import array_elements, array_offsets, line_of, object_members
from knowledge.model import (
    CharacterText,
    Jinx,
    ReadResult,
    ReminderToken,
    Ruling,
    Script,
    Section,
    Source,
    Team,
)
from knowledge.names import Lexicon, slug

NIGHTS = {"firstNight": "first", "otherNight": "other"}
MARKERS = {"dusk", "dawn", "minioninfo", "demoninfo"}


def read_roles(path: Path, lexicon: Lexicon) -> ReadResult:
    """Every official character: its text, ability and night reminders as rulings, its tokens."""
    result = ReadResult(file=path.name)
    text = path.read_text(encoding="utf-8")
    for role, start, end in array_offsets(text):
        source = Source(path.name, line_of(text, start), line_of(text, end - 1))
        members = object_members(text, start) if isinstance(role, dict) else {}
        lines = {key: (first, last) for key, (_, _, first, last) in members.items()}
        _read_role(result, role, source, lines)
    return result


def _read_role(
    result: ReadResult,
    role: dict[str, Any],
    source: Source,
    lines: dict[str, tuple[int, int]] | None = None,
) -> None:
    """One role; each ruling and token cites the line of its own field where it is known."""
    if "id" not in role or "team" not in role or role.get("team") not in set(Team):
        result.problem(
            source.line_start,
            "unrecognised",
            f"role without id or team: {role!r}",
            end=source.line_end,
        )
        return
    cid = role["id"]
    result.characters.append(
        CharacterText(
            character_id=cid,
            name=role["name"],
            team=Team(role["team"]),
            ability=role.get("ability"),
            flavour=role.get("flavor"),
            origin=role.get("edition") or "official",
            setup=bool(role.get("setup")),
            source=source,
        )
    )

    def at(key: str) -> Source:
        first, last = (lines or {}).get(key, (source.line_start, source.line_end))
        return Source(source.file, first, last)

    if role.get("ability"):
        result.rulings.append(
            Ruling(
                character_id=cid,
                text=role["ability"],
                section=Section.ABILITY,
                source=at("ability"),
            )
        )
    for key, section in (
        ("firstNightReminder", Section.FIRST_NIGHT),
        ("otherNightReminder", Section.OTHER_NIGHTS),
    ):
        if role.get(key):
            result.rulings.append(
                Ruling(character_id=cid, text=role[key], section=section, source=at(key))
            )
    for name in role.get("reminders", []):
        result.reminders.append(ReminderToken(character_id=cid, name=name, source=at("reminders")))
    for name in role.get("remindersGlobal", []):
        result.reminders.append(
            ReminderToken(character_id=cid, name=name, is_global=True, source=at("remindersGlobal"))
        )


def read_jinxes(path: Path, lexicon: Lexicon) -> ReadResult:
    """Every official jinx pair, with the reason both as a Jinx and as a ruling."""
    result = ReadResult(file=path.name)
    text = path.read_text(encoding="utf-8")
    for _entry, start, _end in array_offsets(text):
        members = object_members(text, start)
        first = members.get("id", (None,))[0]
        if "jinx" not in members or not first:
            result.problem(line_of(text, start), "unrecognised", "jinx entry without id or jinx")
            continue
        for jinx, a, b in array_offsets(text, members["jinx"][1]):
            source = Source(path.name, line_of(text, a), line_of(text, b - 1))
            _read_jinx(result, lexicon, first, jinx, source)
    return result


def _read_jinx(
    result: ReadResult, lexicon: Lexicon, first: str, jinx: dict[str, Any], source: Source
) -> None:
    second, reason = jinx.get("id"), jinx.get("reason")
    if not second or not reason:
        result.problem(source.line_start, "unrecognised", f"jinx of {first} without id/reason")
        return
    for cid in (first, second):
        if cid not in lexicon.roles:
            result.problem(
                source.line_start,
                "unknown-character",
                f"jinx names {cid!r}, which is not in roles.json",
            )
    result.jinxes.append(Jinx(a=first, b=second, reason=reason, source=source))
    result.rulings.append(
        Ruling(
            character_id=first, text=reason, section=Section.JINX, source=source, mentions=(second,)
        )
    )


def read_nightsheet(path: Path, lexicon: Lexicon) -> ReadResult:
    """The official first-night and other-night order, markers (dusk, Minion info …) included."""
    result = ReadResult(file=path.name)
    text = path.read_text(encoding="utf-8")
    for key, night in NIGHTS.items():
        members = object_members(text)
        if key not in members:
            result.problem(1, "unrecognised", f"night sheet has no {key!r}")
            continue
        order: list[str] = []
        for cid, line, _ in array_elements(text, members[key][1]):
            if cid not in MARKERS and cid not in lexicon.roles:
                result.problem(line, "unknown-character", f"{night} night lists unknown {cid!r}")
            order.append(cid)
        result.night_order[night] = order
    return result


def read_script(path: Path, lexicon: Lexicon) -> ReadResult:
    """One official script JSON: its meta, characters in order, and special rules."""
    result = ReadResult(file=path.name)
    text = path.read_text(encoding="utf-8")
    elements = array_offsets(text)
    meta = next((v for v, _, _ in elements if isinstance(v, dict) and v.get("id") == "_meta"), {})
    characters: list[str] = []
    defined: list[tuple[str, str]] = []  # (id, name) of the characters the script defines
    for value, start, stop in elements:
        line, end = line_of(text, start), line_of(text, stop - 1)
        cid = value if isinstance(value, str) else value.get("id")
        if cid == "_meta":
            continue
        cid = slug(cid or "")
        if isinstance(value, dict) and value.get("team") in set(Team):
            # A script-defined character (homebrew or variant): read it like an official role.
            lines = {k: (a, b) for k, (_, _, a, b) in object_members(text, start).items()}
            defined.append((cid, value.get("name") or cid))
            _read_role(
                result,
                {**value, "id": cid, "edition": f"script:{path.stem}"},
                Source(path.name, line, end),
                lines,
            )
            # The script's Witch wakes where the Witch does, on the nights its file says
            official = slug(value.get("name") or "")
            if official != cid and official in lexicon.roles:
                result.night_variants += [
                    (night, cid, official) for key, night in NIGHTS.items() if value.get(key)
                ]
        elif cid not in lexicon.roles:
            result.problem(line, "unknown-character", f"script lists unknown character {cid!r}")
        characters.append(cid)
    rules = tuple(meta.get("bootlegger", []))
    last = line_of(text, len(text.rstrip()))
    source = Source(path.name, 1, last)
    meta_lines = _meta_lines(text, elements)
    script_id = path.stem
    result.scripts.append(
        Script(
            id=script_id,
            name=meta.get("name", script_id),
            author=meta.get("author"),
            characters=tuple(characters),
            notes=meta.get("almanac"),
            special_rules=rules,
            source=source,
        )
    )
    for rule, rule_line in zip(rules, meta_lines, strict=False):
        result.rulings.append(
            Ruling(
                character_id=_rule_about(rule, defined),
                text=rule,
                section=Section.SCRIPT,
                source=Source(path.name, rule_line, rule_line),
            )
        )
    return result


def _rule_about(rule: str, defined: list[tuple[str, str]]) -> str | None:
    """The script's own character a special rule is about: the one it names ("The Amnesiac is
    considered an Outsider character type" on a script defining its Amnesiac), or the only
    one the script defines; None for a rule of the whole game ("Seat 7 remains empty")."""
    named = [cid for cid, name in defined if re.search(rf"\b{re.escape(name)}\b", rule, re.I)]
    if named:
        return named[0]
    return defined[0][0] if len(defined) == 1 else None


def _meta_lines(text: str, elements: list[tuple[Any, int, int]]) -> list[int]:
    """The line of each of the script's special rules ("bootlegger" entries)."""
    for value, start, _ in elements:
        if isinstance(value, dict) and value.get("id") == "_meta":
            members = object_members(text, start)
            if "bootlegger" in members:
                return [line for _, line, _ in array_elements(text, members["bootlegger"][1])]
    return []


def load_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))
