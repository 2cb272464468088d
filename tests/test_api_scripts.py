"""GET /scripts, /scripts/{id}; POST /scripts/check against the official script schema."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

SCRIPTS = sorted(
    (
        Path(__file__).resolve().parent.parent
        / "knowledge"
        / "sources"
        / "botc-release"
        / "scripts"
    ).glob("*.json")
)
CHECK = "/api/v1/scripts/check"
ANALYSIS = ("characters", "team_counts", "jinxes", "setup", "night_order")
TB = [
    "washerwoman",
    "librarian",
    "investigator",
    "chef",
    "empath",
    "fortuneteller",
    "undertaker",
    "monk",
    "ravenkeeper",
    "virgin",
    "slayer",
    "soldier",
    "mayor",
    "butler",
    "drunk",
    "recluse",
    "saint",
    "poisoner",
    "spy",
    "scarletwoman",
    "baron",
    "imp",
]


def check(client, script):
    return client.post(CHECK, json=script)


def test_list_scripts(client, conforms, kb_db):
    body = conforms(client.get("/api/v1/scripts?limit=5"), "/api/v1/scripts")
    assert body["total"] == kb_db["scripts"].count and len(body["items"]) == 5
    assert all(item["characters"] > 0 for item in body["items"])


def test_one_script(client, conforms):
    body = conforms(client.get("/api/v1/scripts/wc25-seat7"), "/api/v1/scripts/{script_id}")
    assert body["name"] == "The Ballad of Seat 7" and body["source"] == "wc25-seat7.json"
    assert sum(body["team_counts"].values()) == len(body["characters"])
    assert body["special_rules"]


def test_unknown_script_is_404_with_suggestions(client):
    response = client.get("/api/v1/scripts/seat7")
    assert response.status_code == 404
    assert response.get_json()["error"]["suggestions"][0] == "wc25-seat7"


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.stem)
def test_check_agrees_with_the_stored_script(client, conforms, path):
    """Each official script, checked, says what the knowledge base read from the same file."""
    body = conforms(check(client, json.loads(path.read_text(encoding="utf-8"))), CHECK, "post")
    stored = client.get(f"/api/v1/scripts/{path.stem}").get_json()
    assert body["unknown"] == [] and body["duplicates"] == []
    assert {k: body[k] for k in ANALYSIS} == {k: stored[k] for k in ANALYSIS}
    assert body["name"] == stored["name"]


def test_check_a_plain_script(client, conforms):
    body = conforms(check(client, [{"id": "_meta", "name": "TB"}, *TB]), CHECK, "post")
    assert [c["id"] for c in body["characters"]] == TB
    assert body["team_counts"] == {
        "townsfolk": 13,
        "outsider": 4,
        "minion": 4,
        "demon": 1,
        "traveller": 0,
        "fabled": 0,
        "loric": 0,
    }
    assert {s["id"]: s["modifiers"] for s in body["setup"]}["baron"] == ["+2 Outsiders"]
    first = [w["id"] for w in body["night_order"]["first"]["order"]]
    assert first[:1] == ["dusk"] and "minioninfo" in first and first[-1] == "dawn"
    assert "imp" in body["night_order"]["first"]["not_waking"]
    assert body["jinxes"] == []  # Trouble Brewing has none


def test_check_reports_jinxes_unknown_ids_duplicates_and_fuzzy_names(client):
    body = check(
        client, ["monk", "leviathan", "Scarlet Women", "fortunetelephone", "monk", "imp"]
    ).get_json()
    assert [j["id"] for j in body["jinxes"]] == ["leviathan+monk"]
    assert body["unknown"][0]["index"] == 3
    assert "Fortune Teller" in body["unknown"][0]["suggestions"]
    assert body["duplicates"] == ["monk"]
    scarlet = next(c for c in body["characters"] if c["id"] == "scarletwoman")
    assert scarlet["resolved_from"] == "Scarlet Women"


def test_check_keeps_a_character_the_script_defines(client):
    own = {
        "id": "my-hermit",
        "name": "Hermit",
        "team": "outsider",
        "ability": "You have all Outsider abilities. [-0 or -1 Outsider]",
        "otherNight": 5,
        "otherNightReminder": "Wake the Hermit.",
        "jinxes": [{"id": "monk", "reason": "The Monk cannot protect the Hermit."}],
    }
    body = check(client, [*TB[:5], "monk", own]).get_json()
    hermit = next(c for c in body["characters"] if c["id"] == "myhermit")
    assert hermit["known"] is False and hermit["setup_modifiers"] == ["-0 or -1 Outsider"]
    assert {
        "id": "monk+myhermit",
        "characters": ["monk", "myhermit"],
        "reason": "The Monk cannot protect the Hermit.",
        "source": "script",
        "lines": None,
    } in body["jinxes"]
    unplaced = body["night_order"]["other"]["unplaced"]
    assert [(w["id"], w["reminder"]) for w in unplaced] == [("myhermit", "Wake the Hermit.")]


def test_check_follows_the_scripts_own_night_order(client):
    meta = {"id": "_meta", "name": "Mine", "firstNight": ["dusk", "chef", "washerwoman", "dawn"]}
    body = check(client, [meta, *TB]).get_json()
    assert [w["id"] for w in body["night_order"]["first"]["order"]] == [
        "dusk",
        "chef",
        "washerwoman",
        "dawn",
    ]


@pytest.mark.parametrize(
    ("script", "loc", "field"),
    [
        (["imp", "monk"], ["body"], "body"),  # fewer than 5 entries
        (
            [
                "imp",
                "monk",
                "chef",
                "spy",
                {"id": "x", "name": "X", "team": "wizard", "ability": "."},
            ],
            ["body", 4, "team"],
            "body[4].team",
        ),
        (["imp", "monk", "chef", "spy", 5], ["body", 4], "body[4]"),
    ],
)
def test_check_refuses_what_the_official_schema_refuses(client, conforms, script, loc, field):
    response = check(client, script)
    assert response.status_code == 422
    error = conforms(response, CHECK, "post")["error"]
    assert error["details"]["errors"][0]["loc"] == loc
    assert error["details"]["field"] == field


def test_check_refuses_a_body_that_is_not_a_list(client):
    response = check(client, {"characters": ["imp"]})
    assert response.status_code == 422
    assert response.get_json()["error"]["details"]["field"] == "body"


def test_check_accepts_the_deprecated_id_object(client):
    body = check(client, [{"id": "monk"}, *TB[:4], {"id": "not-a-character"}]).get_json()
    assert "monk" in [c["id"] for c in body["characters"]]
    assert body["unknown"][0]["index"] == 5
