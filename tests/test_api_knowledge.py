"""GET /search, /interactions, /jinxes and /night-order."""

from __future__ import annotations

from urllib.parse import quote

import pytest


def search(client, q: str, extra: str = ""):
    return client.get(f"/api/v1/search?q={quote(q)}{extra}")


def test_search_finds_names_and_rulings(client, conforms):
    body = conforms(search(client, "safe from the demon"), "/api/v1/search")
    hits = body["rulings"]
    assert hits["match"] == "all" and hits["total"] >= len(hits["items"]) > 0
    assert all("<mark>" in h["snippet"] for h in hits["items"])
    ranks = [h["rank"] for h in hits["items"]]
    assert ranks == sorted(ranks, reverse=True)
    top = hits["items"][0]
    assert top["source"] and len(top["lines"]) == 2


def test_search_names_are_fuzzy_and_ranked(client):
    body = search(client, "is the scarlet women the demon").get_json()
    assert body["characters"][0]["id"] == "scarletwoman"
    assert search(client, "mnok").get_json()["characters"][0]["id"] == "monk"
    assert search(client, "qqqzzz").get_json()["characters"] == []


def test_search_pages_through_rulings(client):
    first = search(client, "demon", "&limit=3").get_json()["rulings"]
    second = search(client, "demon", "&limit=3&offset=3").get_json()["rulings"]
    assert first["total"] == second["total"] > 6
    assert not {h["id"] for h in first["items"]} & {h["id"] for h in second["items"]}


def test_search_falls_back_to_any_word(client):
    hits = search(client, "monk zzzunknownword").get_json()["rulings"]
    assert hits["match"] == "any" and hits["total"] > 0


@pytest.mark.parametrize(
    "q", ['"', "NOT", "monk OR", "(safe", "drunk*", "NEAR(a b)", "a:b", "'", "-", "💀"]
)
def test_search_treats_fts_syntax_as_words(client, q):
    response = search(client, q)
    assert response.status_code == 200
    assert response.get_json()["rulings"]["match"] in ("all", "any", "none")


def test_search_snippets_are_escaped_html(client, kb_db):
    # A ruling with markup-like text (if any) must come back escaped, hits in <mark> only.
    body = search(client, "poisoned").get_json()
    for hit in body["rulings"]["items"]:
        stripped = hit["snippet"].replace("<mark>", "").replace("</mark>", "")
        assert "<" not in stripped and ">" not in stripped


def test_search_korean_text(client):
    body = search(client, "이야기꾼이").get_json()
    assert [h["character"] for h in body["rulings"]["items"]] == ["highpriestess"]


def test_search_hits_carry_the_correction_of_a_slip(client, conforms):
    body = conforms(search(client, "umpire dies at night mark them"), "/api/v1/search")
    corrected = [h for h in body["rulings"]["items"] if "erratum" in h]
    assert [h["character"] for h in corrected] == ["sleeper"]
    assert corrected[0]["erratum"]["quote"] in corrected[0]["text"]


def test_search_needs_a_query(client):
    response = client.get("/api/v1/search")
    assert response.status_code == 422
    assert response.get_json()["error"]["details"]["field"] == "q"


def test_interactions_rank_the_jinx_first(client, conforms):
    body = conforms(
        client.get("/api/v1/interactions?characters=monk,leviathan"), "/api/v1/interactions"
    )
    links = body["pairs"][0]["links"]
    assert links[0]["kind"] == "jinx" and links[0]["source"] == "jinxes.json"
    weights = [link["weight"] for link in links]
    assert weights == sorted(weights, reverse=True)
    assert body["pairs"][0]["score"] == sum(weights)


def test_interactions_find_mentions_both_ways(client):
    pair = client.get("/api/v1/interactions?characters=huntsman,damsel").get_json()["pairs"][0]
    mentions = [link for link in pair["links"] if link["kind"] == "mention"]
    assert {(m["from"], m["to"]) for m in mentions} == {
        ("huntsman", "damsel"),
        ("damsel", "huntsman"),
    }
    assert all(m["source"] and m["lines"] for m in mentions)


def test_interactions_carry_the_correction_of_a_slip(client, conforms):
    """The Cannibal's notes name the Alchemist by mistake (knowledge/curated/errata.toml)."""
    body = conforms(
        client.get("/api/v1/interactions?characters=cannibal,alchemist"), "/api/v1/interactions"
    )
    links = [link for link in body["pairs"][0]["links"] if "erratum" in link]
    assert [(link["kind"], link["from"]) for link in links] == [("mention", "cannibal")]
    assert links[0]["erratum"]["correction"].startswith("When the Cannibal is dead")


def test_interactions_of_concepts_cite_rulings(client):
    body = client.get("/api/v1/interactions?characters=monk,assassin").get_json()
    concepts = [link for link in body["pairs"][0]["links"] if link["kind"] == "concept"]
    assert ["protection", "bypasses-protection"] in [c["concepts"] for c in concepts]
    assert all(r["source"] for c in concepts for r in c["rulings"])


def test_interactions_of_three_rank_pairs(client):
    body = client.get("/api/v1/interactions?characters=monk,leviathan,washerwoman").get_json()
    assert len(body["pairs"]) == 3
    scores = [p["score"] for p in body["pairs"]]
    assert scores == sorted(scores, reverse=True)
    assert body["pairs"][0]["characters"] == ["monk", "leviathan"]


def test_interactions_resolve_names(client):
    body = client.get("/api/v1/interactions?characters=Scarlet%20Women,imp").get_json()
    assert body["characters"][0] == {
        "id": "scarletwoman",
        "name": "Scarlet Woman",
        "team": "minion",
        "resolved_from": "Scarlet Women",
    }


@pytest.mark.parametrize(
    ("query", "status", "field"),
    [
        ("characters=monk", 422, "characters"),
        ("characters=monk,Monk", 422, "characters"),
        ("", 422, "characters"),
    ],
)
def test_interactions_need_two_characters(client, query, status, field):
    response = client.get(f"/api/v1/interactions?{query}")
    assert response.status_code == status
    assert response.get_json()["error"]["details"]["field"] == field


def test_interactions_unknown_name(client):
    response = client.get("/api/v1/interactions?characters=monk,zzqx")
    assert response.status_code == 404
    assert response.get_json()["error"]["code"] == "unknown-name"


def test_jinxes_among_characters(client, conforms, kb_db):
    body = conforms(
        client.get("/api/v1/jinxes?characters=monk,leviathan,riot,imp"), "/api/v1/jinxes"
    )
    ids = {j["id"] for j in body["jinxes"]}
    assert ids == {"leviathan+monk", "monk+riot"} | (
        {"leviathan+riot"} if kb_db["jinxes"].count_where("id = 'leviathan+riot'") else set()
    )
    assert all(j["source"] == "jinxes.json" for j in body["jinxes"])


def test_night_order_for_characters(client, conforms, kb_db):
    body = conforms(
        client.get("/api/v1/night-order?night=first&characters=imp,poisoner,washerwoman,monk"),
        "/api/v1/night-order",
    )
    ids = [w["id"] for w in body["order"]]
    assert ids[0] == "dusk" and ids[-1] == "dawn"
    assert {"minioninfo", "demoninfo", "poisoner", "washerwoman"} <= set(ids)
    positions = [w["position"] for w in body["order"]]
    assert positions == sorted(positions)
    assert set(body["not_waking"]) == {"imp", "monk"}  # neither wakes on the first night
    assert all(w["reminder"] for w in body["order"])


def test_night_order_other_nights_has_no_info_markers(client):
    body = client.get("/api/v1/night-order?night=other&characters=imp,monk").get_json()
    ids = [w["id"] for w in body["order"]]
    assert "minioninfo" not in ids and ids.index("monk") < ids.index("imp")


def test_night_order_whole_sheet_and_script(client, kb_db):
    whole = client.get("/api/v1/night-order?night=other").get_json()
    assert len(whole["order"]) == kb_db["night_order"].count_where("night = 'other'")
    script = client.get("/api/v1/night-order?night=first&script=wc25-seat7").get_json()
    assert script["script"] == "wc25-seat7"
    on_script = {
        r["character_id"]
        for r in kb_db.query(
            "select character_id from script_characters where script_id = 'wc25-seat7'"
        )
    }
    woken = {w["id"] for w in script["order"] if not w["marker"]}
    assert (
        woken <= on_script
        and woken | set(script["not_waking"]) | {w["id"] for w in script["unplaced"]} == on_script
    )


@pytest.mark.parametrize(
    ("query", "status"),
    [
        ("night=first&characters=imp&script=wc25-seat7", 422),
        ("night=third", 422),
        ("night=first&script=nope", 404),
        ("night=first&characters=zzqx", 404),
    ],
)
def test_night_order_errors(client, query, status):
    assert client.get(f"/api/v1/night-order?{query}").status_code == status
