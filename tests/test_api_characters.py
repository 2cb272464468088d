"""GET /characters, /characters/{name}, its rulings and reminders; caching and CORS."""

from __future__ import annotations

from urllib.parse import quote

import pytest

LIST = "/api/v1/characters"
ONE = "/api/v1/characters/{name}"


def test_list_is_paginated_with_the_total(client, conforms, kb_db):
    everyone = kb_db["characters"].count
    first = conforms(client.get(f"{LIST}?limit=5"), LIST)
    second = conforms(client.get(f"{LIST}?limit=5&offset=5"), LIST)
    assert first["total"] == second["total"] == everyone
    assert len(first["items"]) == 5
    assert not {c["id"] for c in first["items"]} & {c["id"] for c in second["items"]}
    last = client.get(f"{LIST}?limit=200&offset={everyone - 2}").get_json()
    assert len(last["items"]) == 2


def test_list_comes_in_team_order(client):
    teams = [c["team"] for c in client.get(f"{LIST}?limit=200").get_json()["items"]]
    order = ["townsfolk", "outsider", "minion", "demon", "traveller", "fabled", "loric"]
    assert teams == sorted(teams, key=order.index)


@pytest.mark.parametrize(
    ("query", "field", "expected"),
    [
        ("team=demon", "team", {"demon"}),
        ("edition=tb", "edition", {"tb"}),
        ("origin=bmr", "origin", {"bmr"}),
    ],
)
def test_list_filters(client, kb_db, query, field, expected):
    body = client.get(f"{LIST}?{query}&limit=200").get_json()
    assert {c[field] for c in body["items"]} == expected
    value = next(iter(expected))
    assert (
        body["total"]
        == kb_db.execute(f"select count(*) from characters where {field} = ?", [value]).fetchone()[
            0
        ]
    )


def test_origin_prefix_matches_every_script_origin(client, kb_db):
    body = client.get(f"{LIST}?origin=script&limit=200").get_json()
    stored = kb_db.execute("select count(*) from characters where origin like 'script:%'")
    assert body["total"] == stored.fetchone()[0] > 0
    assert all(c["origin"].startswith("script:") for c in body["items"])


def test_script_and_source_filters(client, kb_db):
    on_script = client.get(f"{LIST}?script=wc25-seat7&limit=200").get_json()
    ids = {
        r["character_id"]
        for r in kb_db.query(
            "select character_id from script_characters where script_id = 'wc25-seat7'"
        )
    }
    assert {c["id"] for c in on_script["items"]} == ids
    from_file = client.get(f"{LIST}?source=002_b61e61b99ecc5fb8.txt&team=demon").get_json()
    assert from_file["total"] >= 1
    assert {c["team"] for c in from_file["items"]} == {"demon"}


@pytest.mark.parametrize("query", ["script=wc25-seven", "source=roles.jsn"])
def test_unknown_script_or_source_is_404_with_suggestions(client, query):
    response = client.get(f"{LIST}?{query}")
    assert response.status_code == 404
    assert response.get_json()["error"]["suggestions"]


def test_fuzzy_filter_ranks_the_best_match_first(client, conforms):
    body = conforms(client.get(f"{LIST}?q=scarlet%20women"), LIST)
    assert body["items"][0]["id"] == "scarletwoman"
    scores = [c["score"] for c in body["items"]]
    assert scores == sorted(scores, reverse=True)


def test_full_record(client, conforms):
    monk = conforms(client.get("/api/v1/characters/monk"), ONE)
    assert monk["ability"].startswith("Each night*, choose a player (not yourself)")
    assert monk["abilities"]["roles.json"] == monk["ability"]
    assert monk["night_order"] == {"first": None, "other": monk["other_night"]}
    assert {t["name"] for t in monk["reminder_tokens"]} >= {"Safe"}
    assert {j["with"] for j in monk["jinxes"]} >= {"leviathan", "riot"}
    assert "other nights" in monk["rulings"]
    ruling = monk["rulings"]["other nights"][0]
    assert ruling["source"] and ruling["lines"][0] <= ruling["lines"][1]
    assert "resolved_from" not in monk


def test_fuzzy_name_says_what_it_resolved(client, conforms):
    body = conforms(client.get(f"/api/v1/characters/{quote('scarlet women')}"), ONE)
    assert body["id"] == "scarletwoman"
    assert body["resolved_from"] == "scarlet women"


def test_accented_names_and_utf8(client):
    response = client.get(f"/api/v1/characters/{quote('Pâtissier')}")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert "Pâtissier".encode() in response.data  # UTF-8, not \\u escapes
    assert client.get("/api/v1/characters/patissier").get_json()["name"] == "Pâtissier"


def test_unknown_name_is_404_with_suggestions(client, conforms):
    response = client.get("/api/v1/characters/fortune%20telephone")
    assert response.status_code == 404
    error = conforms(response, ONE)["error"]
    assert error["code"] == "unknown-name"
    assert "Fortune Teller" in error["suggestions"]


def test_rulings_filtered_by_section_tag_and_source(client, conforms):
    path = "/api/v1/characters/{name}/rulings"
    everything = conforms(client.get("/api/v1/characters/monk/rulings"), path)
    assert everything["character"] == {"id": "monk", "name": "Monk"}
    assert everything["total"] == len(everything["items"]) > 3
    night = client.get("/api/v1/characters/monk/rulings?section=other%20nights").get_json()
    assert night["items"] and {r["section"] for r in night["items"]} == {"other nights"}
    tagged = client.get("/api/v1/characters/monk/rulings?tag=protection").get_json()
    assert tagged["items"] and all("protection" in r["tags"] for r in tagged["items"])
    official = client.get("/api/v1/characters/monk/rulings?source=roles.json").get_json()
    assert {r["source"] for r in official["items"]} == {"roles.json"}
    assert official["total"] < everything["total"]


def test_rulings_of_a_fuzzy_name(client):
    body = client.get("/api/v1/characters/mnok/rulings").get_json()
    assert body["character"] == {"id": "monk", "name": "Monk", "resolved_from": "mnok"}


def test_reminders(client, conforms):
    body = conforms(
        client.get("/api/v1/characters/monk/reminders"), "/api/v1/characters/{name}/reminders"
    )
    safe = next(t for t in body["reminders"] if t["name"] == "Safe")
    assert safe["id"] == "monk:safe" and safe["global"] is False and safe["rulings"]


@pytest.mark.parametrize(
    ("character", "names"), [("po", ["3 Attacks", "Dead"]), ("bureaucrat", ["3 Votes"])]
)
def test_a_token_named_with_its_count_keeps_it(client, character, names):
    # 001 writes "the 3 ATTACKS reminder": one token with roles.json's "3 Attacks", not a
    # second one called "Attacks"
    body = client.get(f"/api/v1/characters/{character}/reminders").get_json()
    assert sorted(t["name"] for t in body["reminders"]) == names


def test_knowledge_answers_carry_the_version_as_etag(client, kb_db):
    version = kb_db.execute("select value from meta where key = 'version'").fetchone()[0]
    response = client.get("/api/v1/characters/imp")
    assert response.headers["ETag"] == f'"{version}"'
    assert "max-age=" in response.headers["Cache-Control"]
    again = client.get("/api/v1/characters/imp", headers={"If-None-Match": f'"{version}"'})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == f'"{version}"'
    stale = client.get("/api/v1/characters/imp", headers={"If-None-Match": '"older"'})
    assert stale.status_code == 200


def test_a_memoised_answer_is_the_same_answer(client):
    first = client.get("/api/v1/characters/imp?")
    second = client.get("/api/v1/characters/imp?")
    assert first.data == second.data
    assert second.headers["ETag"] == first.headers["ETag"]
    assert second.mimetype == "application/json"


def test_cors_is_open_for_get_only(client):
    assert client.get("/api/v1/characters/imp").headers["Access-Control-Allow-Origin"] == "*"
    preflight = client.options(
        "/api/v1/characters/imp", headers={"Access-Control-Request-Method": "GET"}
    )
    assert preflight.headers["Access-Control-Allow-Methods"] == "GET, HEAD, OPTIONS"
    assert "If-None-Match" in preflight.headers["Access-Control-Allow-Headers"]
    post = client.options(
        "/api/v1/scripts/check", headers={"Access-Control-Request-Method": "POST"}
    )
    assert "Access-Control-Allow-Origin" not in post.headers


def test_every_record_matches_the_documented_schema(client, conforms, kb_db):
    """Every character, conflicts and homebrew included, answers what the document says."""
    ids = [r["id"] for r in kb_db.query("select id from characters order by id")]
    with_conflicts = {r["character_id"] for r in kb_db.query("select character_id from conflicts")}
    for cid in ids:
        body = conforms(client.get(f"/api/v1/characters/{cid}"), ONE)
        assert body["id"] == cid
        assert bool(body["conflicts"]) == (cid in with_conflicts)


def test_conflicts_carry_both_sides(client, kb_db):
    row = next(iter(kb_db.query("select character_id from conflicts order by id limit 1")))
    conflict = client.get(f"/api/v1/characters/{row['character_id']}").get_json()["conflicts"][0]
    assert len(conflict["sides"]) >= 2
    assert all(side["source"] and side["quote"] for side in conflict["sides"])


def test_a_ruling_with_a_slip_carries_its_correction(client, conforms, kb_db):
    """knowledge/curated/errata.toml: the text stays as the source has it, the correction
    comes beside it, in the rulings list and in the full record."""
    erratum = next(kb_db.query("select * from errata where character_id = 'sleeper'"))
    path = "/api/v1/characters/{name}/rulings"
    items = conforms(client.get("/api/v1/characters/sleeper/rulings"), path)["items"]
    corrected = [r for r in items if "erratum" in r]
    assert [r["id"] for r in corrected] == [erratum["ruling_id"]]
    assert corrected[0]["text"].startswith("If the Umpire dies at night")
    assert corrected[0]["erratum"] == {
        "quote": erratum["quote"],
        "correction": erratum["correction"],
        "reason": erratum["reason"],
    }
    record = conforms(client.get("/api/v1/characters/sleeper"), ONE)
    every = [r for rows in record["rulings"].values() for r in rows]
    assert [r["erratum"] for r in every if "erratum" in r] == [corrected[0]["erratum"]]
