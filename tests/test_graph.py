"""The graph: every jinx reachable from both ends, links between characters, neighbourhoods."""

from __future__ import annotations

import pytest

from knowledge.graph import character_node, jinxes_for, links_between, neighbourhood, rulings_for


def test_every_jinx_is_reachable_from_both_characters(kb_db, kb_graph) -> None:
    rows = list(kb_db.query("select * from jinxes"))
    assert len(rows) == 131
    for row in rows:
        a, b = row["character_a"], row["character_b"]
        assert row["id"] in {j["id"] for j in jinxes_for(kb_graph, a)}, (a, b)
        assert row["id"] in {j["id"] for j in jinxes_for(kb_graph, b)}, (b, a)
        assert links_between(kb_graph, a, b).jinxes, (a, b)
        assert links_between(kb_graph, b, a).jinxes, (b, a)


def test_monk_and_assassin_meet_on_protection(kb_graph) -> None:
    links = links_between(kb_graph, "monk", "assassin")
    assert ("protection", "bypasses-protection") in links.interacting_concepts
    assert not links.jinxes


def test_monk_rulings_that_name_the_demon_link_to_every_demon(kb_graph) -> None:
    links = links_between(kb_graph, "monk", "imp")
    texts = " ".join(r["text"] for r in links.team_mentions)
    assert "safe from the Demon" in texts


def test_rulings_for_filters_by_tag_and_section(kb_graph) -> None:
    everything = rulings_for(kb_graph, "monk")
    drunk = rulings_for(kb_graph, "monk", tags=["drunk-poisoned"])
    ability = rulings_for(kb_graph, "monk", section="ability")
    assert drunk and set(r["id"] for r in drunk) < set(r["id"] for r in everything)
    assert all("drunk-poisoned" in r["tags"] for r in drunk)
    assert "roles.json" in [r["source"] for r in ability]
    assert all(r["section"] == "ability" for r in ability)


def test_every_character_is_a_node_with_its_team(kb_db, kb_graph) -> None:
    teamless = set()
    for row in kb_db.query("select id, team from characters"):
        node = kb_graph.nodes[character_node(row["id"])]
        assert node["kind"] == "character" and node["team"] == row["team"]
        if row["team"] is None:
            teamless.add(row["id"])
            continue
        assert kb_graph.has_edge(character_node(row["id"]), f"team:{row['team']}", "on_team")
    # Only characters a source names without ever saying their team, each reported.
    reported = {
        r["character_id"]
        for r in kb_db.query("select character_id from problems where kind = 'unknown-character'")
    }
    assert teamless <= reported


def test_night_order_edges_follow_the_sheet(kb_db, kb_graph) -> None:
    order = [
        r["id"]
        for r in kb_db.query("select id from night_order where night = 'other' order by position")
    ]
    characters = [c for c in order if kb_graph.has_node(f"character:{c}")]
    for before, after in zip(characters, characters[1:], strict=False):
        assert kb_graph.has_edge(f"character:{before}", f"character:{after}", "acts_before_other")
    assert characters.index("poisoner") < characters.index("monk") < characters.index("imp")


@pytest.mark.parametrize("cid, expected", [("alchemist", "boffin"), ("spy", "alchemist")])
def test_neighbourhood_ranks_jinxed_characters_high(kb_graph, cid: str, expected: str) -> None:
    ids = [n["id"] for n in neighbourhood(kb_graph, cid)]
    assert expected in ids
