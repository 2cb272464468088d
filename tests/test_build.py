"""The build: atomic, idempotent, complete, and every table documented."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import sqlite_utils

from knowledge import build, store

ROOT = Path(__file__).resolve().parent.parent
DATA_TABLES = [t for t in store.SCHEMA if t != "meta"]


def _dump(path: Path) -> dict[str, list[tuple]]:
    db = sqlite_utils.Database(path)
    return {
        t: [tuple(r.values()) for r in db.query(f"select * from [{t}] order by 1, 2")]
        for t in DATA_TABLES
    }


def test_build_is_idempotent(tmp_path: Path, kb_path: Path) -> None:
    again = tmp_path / "again.sqlite"
    build.build_kb(again)
    assert _dump(again) == _dump(kb_path)


def test_interrupted_build_keeps_previous(
    tmp_path: Path, kb_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "kb.sqlite"
    target.write_bytes(kb_path.read_bytes())
    before = _dump(target)

    def explode(db, name, rows):
        if name == "conflicts":
            raise RuntimeError("power cut while writing")
        return original(db, name, rows)

    original = store._write_table
    monkeypatch.setattr(store, "_write_table", explode)
    with pytest.raises(RuntimeError, match="power cut"):
        build.build_kb(target)
    assert _dump(target) == before
    assert not list(tmp_path.glob(".*.tmp")), "the half-written file is cleaned up"


def test_ensure_kb_rebuilds_only_when_stale(tmp_path: Path) -> None:
    path = tmp_path / "kb.sqlite"
    assert build.ensure_kb(path) is True
    assert build.ensure_kb(path) is False
    path.write_bytes(b"not a database")
    assert build.ensure_kb(path) is True


def test_every_table_and_column_is_in_the_readme(kb_db) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for table, (_, columns) in store.SCHEMA.items():
        section = re.search(rf"^\| `{table}` \|.*$", readme, re.MULTILINE)
        assert section, f"table {table} is not documented in README.md"
        for column in columns:
            assert f"`{column}`" in section.group(0), f"{table}.{column} not documented"
        assert set(kb_db[table].columns_dict) == set(columns)


def test_every_source_file_is_read(kb_db) -> None:
    sources = ROOT / "knowledge" / "sources"
    vendored = {
        p.name
        for p in sources.rglob("*")
        if p.is_file() and p.suffix in (".txt", ".json") and p.name != "script-schema.json"
    }
    read = {r["file"] for r in kb_db.query("select file from sources")}
    assert vendored == read


def test_vendored_sources_match_originals() -> None:
    shared = ROOT.parent / "shared"
    if not shared.exists():
        pytest.skip("../shared is not beside this checkout")
    for original in (shared / "seeds").iterdir():
        copy = ROOT / "knowledge" / "sources" / "seeds" / original.name
        assert copy.read_bytes() == original.read_bytes(), original.name
    for name in ("roles.json", "jinxes.json", "nightsheet.json"):
        original = shared / "reference" / "botc-release" / "data" / name
        copy = ROOT / "knowledge" / "sources" / "botc-release" / name
        assert copy.read_bytes() == original.read_bytes(), name


def test_report_measures_what_the_issue_asks(kb_path: Path) -> None:
    from knowledge.report import report
    from knowledge.store import open_readonly

    data = report(open_readonly(kb_path), ROOT / "tests" / "golden" / "attribution_000.json")
    assert data["unattributed_paragraphs"] == 0
    assert data["attribution_000"]["accuracy"] == 1.0
    assert data["reminder_coverage"]["share"] >= 0.9
    assert data["conflicts"] >= 39
    assert set(data["characters_by_team"]) >= {"townsfolk", "outsider", "minion", "demon"}


def test_a_scripts_own_version_wakes_where_the_official_character_does(kb_db) -> None:
    # Witch Hunt's Witch (both nights in its file), Beautiful House's Amnesiac, and Stowed
    # Away's Bone Collector (its file gives other nights only)
    night = {
        r["id"]: (r["first_night"], r["other_night"])
        for r in kb_db.query(
            "select id, first_night, other_night from characters where id in "
            "('witch', 'witchhuntwitch', 'amnesiac', 'beautifulhouseamnesiac', "
            "'bonecollector', 'stowedawaybonecollector')"
        )
    }
    assert night["witchhuntwitch"] == night["witch"] != (None, None)
    assert night["beautifulhouseamnesiac"] == night["amnesiac"]
    assert night["stowedawaybonecollector"] == (None, night["bonecollector"][1])
    # the official night sheet itself is unchanged: its steps are the sheet's own
    sheet = [r["id"] for r in kb_db.query("select id from night_order where night = 'first'")]
    assert "witchhuntwitch" not in sheet


def test_a_scripts_own_version_acts_on_the_nights_its_file_says(kb_db) -> None:
    # Stowed Away's Apprentice (first night only in its file) wakes though its ability text
    # names no night the reader knows; its Bone Collector ("at night*") never on the first
    acts = {
        r["id"]: json.loads(r["acts"])
        for r in kb_db.query(
            "select id, acts from characters where id in "
            "('stowedawayapprentice', 'stowedawaybonecollector', 'beautifulhouseamnesiac')"
        )
    }
    assert acts["stowedawayapprentice"] == ["first-night"]
    assert acts["stowedawaybonecollector"] == ["other-nights"]
    assert {"first-night", "other-nights"} <= set(acts["beautifulhouseamnesiac"])


def test_the_version_does_not_depend_on_where_the_project_is(tmp_path: Path) -> None:
    # the version is the API's ETag: two checkouts of the same sources must agree (it hashed
    # absolute paths, so every clone had its own)
    for name in ("a", "b"):
        root = tmp_path / name / "project"
        (root / "knowledge").mkdir(parents=True)
        (root / "knowledge" / "x.txt").write_text("same", encoding="utf-8")
    versions = {
        store.content_version(
            [tmp_path / name / "project" / "knowledge" / "x.txt"], base=tmp_path / name / "project"
        )
        for name in ("a", "b")
    }
    assert len(versions) == 1
    assert build.current_version() == store.content_version(
        build.input_files(), base=build.PACKAGE.parent
    )


def test_a_curated_token_that_is_not_its_characters_reminder_fails_the_build() -> None:
    from knowledge.corpus import Corpus

    with pytest.raises(ValueError, match="has no reminder token 'Red Herring'"):
        build._with_tokens([{"id": "monk"}], Corpus(), {"monk": ["Red Herring"]})
