"""The engine's coverage target: every character of TB, BMR and S&V and of the two seed scripts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import service.engine.handlers as handlers_package
from service.engine.handlers import load_all
from service.engine.rulebook import normalise

EDITIONS = ("tb", "bmr", "snv")
SEED_SCRIPTS = ("withmythirdeyeopen", "blindmansbluff")


def _target(kb_db) -> set[str]:
    ids = {
        r["id"]
        for r in kb_db.query(
            f"select id from characters where edition in ({','.join('?' * len(EDITIONS))})",
            EDITIONS,
        )
    }
    for row in kb_db.query("select characters from scripts where id in (?, ?)", SEED_SCRIPTS):
        ids.update(json.loads(row["characters"]))
    return ids


def test_target_is_the_110_characters_of_the_issue(kb_db) -> None:
    assert len(_target(kb_db)) == 110


def test_every_target_character_has_a_handler(kb_db) -> None:
    # Exercised-by-a-scenario is checked by test_engine_replays; together they are "simulated".
    assert sorted(_target(kb_db) - set(load_all())) == []


def test_every_jinx_between_simulated_characters_is_played_or_said_not_to_be(kb_db) -> None:
    """An official jinx between two characters the engine plays is cited by a handler (its
    ``cites``, a jinx constant, or ``rules.cite``), or one of the two names the other in
    ``unplayed_jinxes``, which a replay lists; never played as if it were not there."""
    found = load_all()
    phrases = {(cid, normalise(p)) for h in found.values() for cid, p in h.cites.values()}
    source = "\n".join(
        path.read_text(encoding="utf-8")
        for path in Path(handlers_package.__file__).parent.glob("*.py")
    )
    phrases |= {
        (cid, normalise(p)) for cid, p in re.findall(r'\(\s*"(\w+)",\s*"([^"]+)"\s*\)', source)
    }
    missing = []
    for row in kb_db.query("select character_a a, character_b b, reason from jinxes"):
        a, b = row["a"], row["b"]
        if a not in found or b not in found:
            continue
        reason = normalise(row["reason"])
        cited = any(cid in (a, b) and p in reason for cid, p in phrases)
        said = b in found[a].unplayed_jinxes or a in found[b].unplayed_jinxes
        if not (cited or said):
            missing.append(f"{a}+{b}")
    assert missing == []
