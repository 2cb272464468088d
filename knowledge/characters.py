"""Assemble one canonical character row from every source's description of it."""

from __future__ import annotations

import json
import re
import tomllib
from collections import defaultdict
from pathlib import Path
from typing import Any

from knowledge.corpus import Corpus
from knowledge.model import CharacterText

_BRACKETS = re.compile(r"\[([^\]]+)\]")
_DAY = re.compile(r"\b(?:day|publicly|nominat|vote|execut)", re.IGNORECASE)


def setup_modifiers(ability: str | None) -> list[str]:
    """The bracketed set-up changes in an ability text.

    >>> setup_modifiers("There are extra Outsiders in play. [+2 Outsiders]")
    ['+2 Outsiders']
    >>> setup_modifiers("Each night*, choose a player: they die. [-? to +? Outsiders]")
    ['-? to +? Outsiders']
    """
    return [m.strip() for m in _BRACKETS.findall(ability or "")]


def acts_from_text(ability: str | None) -> list[str]:
    """When a character without an official night-sheet place acts, read from its ability.

    >>> acts_from_text("Each night*, choose a player: they die.")
    ['other-nights']
    >>> acts_from_text("You start knowing 1 good player.")
    ['first-night']
    >>> acts_from_text("If you die at night, a Minion dies too.")
    ['passive']
    >>> acts_from_text("Once per game, at night*, choose a dead player: they regain their ability.")
    ['other-nights']
    """
    text = ability or ""
    acts: list[str] = []
    if re.search(r"each night\*|each night except|at night\*", text, re.IGNORECASE):
        acts.append("other-nights")
    elif re.search(
        r"\beach night\b|\bat night\b.*choose|once per game, at night", text, re.IGNORECASE
    ):
        acts += ["first-night", "other-nights"]
    elif re.search(r"you start knowing|\bfirst night\b", text, re.IGNORECASE):
        acts.append("first-night")
    if re.search(r"during the day|once per game, .*day|each day", text, re.IGNORECASE):
        acts.append("day")
    return acts or ["passive"]


def assemble(corpus: Corpus, curated: Path) -> list[dict[str, Any]]:
    """One row per character id, official data first, then each seed's view of it."""
    texts: dict[str, list[CharacterText]] = defaultdict(list)
    for text in corpus.characters:
        texts[text.character_id].append(text)
    aliases = _aliases(curated)
    order = corpus.night_order
    variants = corpus.night_variants
    rows = [_row(cid, views, aliases.get(cid, []), order, variants) for cid, views in texts.items()]
    return sorted(rows, key=lambda r: r["id"])


def _row(
    cid: str,
    views: list[CharacterText],
    aliases: list[str],
    order: dict[str, list[str]],
    variants: dict[tuple[str, str], str] | None = None,
) -> dict[str, Any]:
    main = next((v for v in views if v.source.file == "roles.json"), views[0])
    team = main.team or next((v.team for v in views if v.team), None)
    official = main.source.file == "roles.json"
    variants = variants or {}
    # a script's version of an official character takes that character's place
    first = _position(order.get("first", []), variants.get(("first", cid), cid))
    other = _position(order.get("other", []), variants.get(("other", cid), cid))
    # an official character, or a script's version of one that wakes where it does on the
    # nights its file says: the sheet decides when it acts, not the reading of its ability
    if official or first or other:
        acts = [a for a, p in (("first-night", first), ("other-nights", other)) if p]
        if _DAY.search(main.ability or "") and "day" not in acts:
            acts.append("day")
        acts = acts or ["passive"]
    else:
        acts = acts_from_text(main.ability)
    return {
        "id": cid,
        "name": main.name,
        "team": str(team) if team else None,
        "origin": main.origin,
        "official": int(official),
        "edition": main.origin if official else None,
        "ability": main.ability,
        "flavour": main.flavour or next((v.flavour for v in views if v.flavour), None),
        "abilities": json.dumps(
            {v.source.file: v.ability for v in views if v.ability}, ensure_ascii=False
        ),
        "sources": json.dumps(sorted({v.source.file for v in views})),
        "setup_modifiers": json.dumps(setup_modifiers(main.ability)),
        "first_night": first,
        "other_night": other,
        "acts": json.dumps(acts),
        "aliases": json.dumps(aliases),
        "setup": int(any(v.setup for v in views) or bool(setup_modifiers(main.ability))),
    }


def _position(order: list[str], cid: str) -> int | None:
    return order.index(cid) + 1 if cid in order else None


def _aliases(curated: Path) -> dict[str, list[str]]:
    data = tomllib.loads((curated / "aliases.toml").read_text(encoding="utf-8"))
    out: dict[str, list[str]] = defaultdict(list)
    for entry in data.get("alias", []):
        out[entry["character"]].extend(entry["names"])
    return out


def named_by(curated: Path) -> dict[str, list[str]]:
    """Character id -> the reminder tokens storytellers name a player by (aliases.toml's
    ``[[token]]``: "Red Herring" for the Fortune Teller)."""
    data = tomllib.loads((curated / "aliases.toml").read_text(encoding="utf-8"))
    out: dict[str, list[str]] = defaultdict(list)
    for entry in data.get("token", []):
        out[entry["character"]].append(entry["name"])
    return out
