"""POST /replay: the engine's golden scenarios over HTTP, answered exactly as the engine does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

GOLDEN = sorted((Path(__file__).resolve().parent / "golden" / "replays").glob("*.json"))
REPLAY = "/api/v1/replay"


def scenario(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_scenarios_over_http(client, conforms, path):
    case = scenario(path)
    response = client.post(REPLAY, json=case["request"])
    expected = case["response"]
    if "error" in expected:
        error = response.get_json()["error"]
        assert response.status_code == expected["error"]["status"]
        assert error["details"]["field"] == expected["error"]["details"]["field"]
        conforms(response, REPLAY, "post")
    else:
        assert response.status_code == 200
        assert conforms(response, REPLAY, "post") == expected


def test_models_accept_the_fields_the_engine_accepts():
    from service.engine import request as engine
    from service.web.schemas import replay as models

    assert set(models.ReplayRequest.model_fields) == engine.TOP
    assert set(models.ReplayPlayer.model_fields) == engine.PLAYER
    assert set(models.NightAction.model_fields) == engine.NIGHT_ACTION
    events = {
        m.model_fields["type"].annotation.__args__[0]: set(m.model_fields) - {"type"}
        for m in (
            models.Nominate,
            models.VoteEvent,
            models.Execute,
            models.Exile,
            models.Slay,
            models.AbilityEvent,
        )
    }
    assert events == engine.EVENT_FIELDS


def base_request() -> dict:
    players = [
        {"name": n, "character": c}
        for n, c in [
            ("Ann", "monk"),
            ("Ben", "poisoner"),
            ("Cat", "imp"),
            ("Dan", "empath"),
            ("Eve", "soldier"),
        ]
    ]
    return {
        "players": players,
        "phases": [
            {
                "phase": "night",
                "number": 2,
                "actions": [
                    {"player": "Ann", "targets": ["Dan"]},
                    {"player": "Cat", "targets": ["Dan"]},
                ],
            }
        ],
    }


def test_protected_player_survives(client):
    body = client.post(REPLAY, json=base_request()).get_json()
    assert body["deaths"] == [] and body["players"]["Dan"]["alive"] is True
    assert any(r["source"] for step in body["trace"] for r in step["rulings"])


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r["players"][0].update(colour="red"), "players[0].colour"),
        (lambda r: r["players"][1].update(dead="no"), "players[1].dead"),
        (lambda r: r["phases"][0].update(number="2"), "phases[0].number"),
        (lambda r: r["phases"][0].update(phase="dusk"), "phases[0].phase"),
        (
            lambda r: r["phases"][0]["actions"][0].update(targets="Dan"),
            "phases[0].actions[0].targets",
        ),
        (lambda r: r.update(players=[]), "players"),
        (
            lambda r: r.update(phases=[{"phase": "day", "number": 2, "events": [{"type": "zap"}]}]),
            "phases[0].events[0].type",
        ),
    ],
)
def test_refusals_name_the_field(client, change, field):
    request = base_request()
    change(request)
    response = client.post(REPLAY, json=request)
    assert response.status_code == 422
    assert response.get_json()["error"]["details"]["field"] == field


def test_unknown_character_is_404_with_suggestions(client):
    request = base_request()
    request["players"][0]["character"] = "monkk monkk"
    response = client.post(REPLAY, json=request)
    assert response.status_code == 404
    error = response.get_json()["error"]
    assert error["details"]["field"] == "players[0].character" and error["suggestions"]


def test_engine_refusal_keeps_the_shape(client):
    request = base_request()
    request["phases"][0]["actions"][0]["targets"] = ["Ann"]  # the Monk may not choose themself
    error = client.post(REPLAY, json=request).get_json()["error"]
    assert error["status"] == 422
    assert error["details"]["field"].startswith("phases[0].actions[0]")
