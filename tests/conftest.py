"""Shared fixtures: golden files and a knowledge base built once per test session."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

# Fixtures for the HTTP API tests (an app over the session knowledge base, a client, …).
pytest_plugins = ["api_fixtures"]

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite golden files from the current output instead of comparing",
    )


@pytest.fixture
def golden(request: pytest.FixtureRequest):
    """Compare JSON-able data with tests/golden/<name>; --update-golden rewrites it."""
    update = request.config.getoption("--update-golden")

    def check(name: str, data: object) -> None:
        path = GOLDEN / name
        text = json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
        if update or not path.exists():
            if not update:
                pytest.fail(f"golden file {path} missing; run pytest --update-golden")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            return
        expected = json.loads(path.read_text(encoding="utf-8"))
        assert json.loads(text) == expected, f"output differs from golden file {name}"

    return check


@pytest.fixture(scope="session")
def kb_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A knowledge base built from the real sources, once per test session."""
    from knowledge.build import build_kb

    path = tmp_path_factory.mktemp("kb") / "knowledge.sqlite"
    build_kb(path)
    return path


@pytest.fixture(scope="session")
def kb_db(kb_path: Path):
    from knowledge.store import open_readonly

    return open_readonly(kb_path)


@pytest.fixture(scope="session")
def kb_graph(kb_db):
    from knowledge.graph import graph_from_db

    return graph_from_db(kb_db)
