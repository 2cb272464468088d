"""Golden replay scenarios: every file in tests/golden/replays is one request and the
response the engine must give (``pytest --update-golden`` rewrites the responses)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from service.engine import Rulebook, replay
from service.engine.handlers import load_all
from service.errors import ServiceError

REPLAYS = Path(__file__).resolve().parent / "golden" / "replays"
FILES = sorted(REPLAYS.glob("*.json"))


@pytest.fixture(scope="module")
def rulebook(kb_path: Path) -> Rulebook:
    return Rulebook.from_path(kb_path)


def run(request: object, rulebook: Rulebook) -> dict:
    """The response, or the refusal in the service's one error shape."""
    try:
        return replay(request, rulebook)
    except ServiceError as err:
        return err.to_dict()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_replay_scenario(path: Path, rulebook: Rulebook, request: pytest.FixtureRequest) -> None:
    scenario = json.loads(path.read_text(encoding="utf-8"))
    assert set(scenario) == {"name", "request", "response"}, "a scenario has exactly 3 keys"
    got = json.loads(json.dumps(run(scenario["request"], rulebook)))
    if request.config.getoption("--update-golden"):
        scenario["response"] = got
        text = json.dumps(scenario, indent=1, ensure_ascii=False) + "\n"
        path.write_text(text, encoding="utf-8")
        return
    assert got == scenario["response"], f"{path.name}: {scenario['name']}"


def test_replay_is_deterministic(rulebook: Rulebook) -> None:
    scenario = json.loads((REPLAYS / "imp_star_pass_several_minions.json").read_text())
    first = run(scenario["request"], rulebook)
    assert all(run(scenario["request"], rulebook) == first for _ in range(3))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 40


def test_every_simulated_character_is_exercised_by_a_scenario(kb_path: Path) -> None:
    """A character counts as simulated only when a golden scenario cites its rulings."""
    db = sqlite3.connect(kb_path)
    owner = dict(db.execute("select id, character_id from rulings"))
    db.close()
    cited: set[str] = set()
    for path in FILES:
        response = json.loads(path.read_text(encoding="utf-8"))["response"]
        for item in (*response.get("trace", []), *response.get("storyteller_choices", [])):
            cited.update(owner.get(r["id"]) for r in item["rulings"])
    assert sorted(set(load_all()) - cited) == []
