"""GET /health and /sources: the service and the provenance of what it knows."""

from __future__ import annotations


def test_health(client, conforms, kb_db):
    response = client.get("/api/v1/health")
    body = conforms(response, "/api/v1/health")
    version = kb_db.execute("select value from meta where key = 'version'").fetchone()[0]
    assert body == {
        "status": "ok",
        "knowledge_base": {"version": version, "characters": kb_db["characters"].count},
    }
    assert "ETag" not in response.headers  # health is never a cached answer


def test_sources_say_what_was_read_from_each_file(client, conforms, kb_db):
    body = conforms(client.get("/api/v1/sources"), "/api/v1/sources")
    meta = {r["key"]: r["value"] for r in kb_db.query("select * from meta")}
    assert body["knowledge_base"] == {
        "version": meta["version"],
        "built_at": meta["built_at"],
        "schema_version": meta["schema_version"],
    }
    assert body["total"] == len(body["sources"]) == kb_db["sources"].count
    by_file = {s["file"]: s for s in body["sources"]}
    assert by_file["roles.json"]["family"] == "official-roles"
    assert by_file["roles.json"]["read"]["characters"] > 100
    problems = {
        r["source"]: r["n"]
        for r in kb_db.query("select source, count(*) as n from problems group by source")
    }
    for file, doc in by_file.items():
        assert sum(doc["read"]["problems_by_kind"].values()) == problems.get(file, 0)
