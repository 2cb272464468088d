"""The engine's coverage target: every character of TB, BMR and S&V and of the two seed scripts."""

from __future__ import annotations

import json

from service.engine.handlers import load_all

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
