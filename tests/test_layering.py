"""Arrows never point backwards: knowledge <- engine <- answer <- web (checked on the AST)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# package -> prefixes it must never import
FORBIDDEN = {
    "knowledge": ("flask", "werkzeug", "service", "gunicorn"),
    "service/engine": ("flask", "werkzeug", "service.web", "service.answer", "gunicorn"),
    "service/answer": ("flask", "werkzeug", "service.web", "gunicorn"),
}


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def _modules() -> list[tuple[str, Path]]:
    out = []
    for package in FORBIDDEN:
        out += [(package, p) for p in sorted((ROOT / package).rglob("*.py"))]
    return out


@pytest.mark.parametrize(
    "package, path",
    _modules(),
    ids=lambda v: str(v.relative_to(ROOT)) if isinstance(v, Path) else v,
)
def test_no_backward_imports(package: str, path: Path) -> None:
    for name in _imports(path):
        for prefix in FORBIDDEN[package]:
            assert name != prefix and not name.startswith(prefix + "."), (
                f"{path.relative_to(ROOT)} imports {name}"
            )
