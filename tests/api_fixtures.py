"""Fixtures for the API tests: an app over the session knowledge base, and a schema check.

tests/conftest.py loads this as a plugin (``pytest_plugins``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator


@pytest.fixture(scope="session")
def api_app(kb_path: Path) -> Flask:
    """One app for the session (its graph and resolver are built once, as in a worker)."""
    from service.web import create_app

    return create_app({"KB_PATH": str(kb_path), "TESTING": True})


@pytest.fixture
def client(api_app: Flask) -> FlaskClient:
    return api_app.test_client()


@pytest.fixture(scope="session")
def openapi_doc(api_app: Flask) -> dict[str, Any]:
    return api_app.test_client().get("/api/v1/openapi.json").get_json()


Checker = Callable[..., Any]


@pytest.fixture(scope="session")
def conforms(openapi_doc: dict[str, Any]) -> Checker:
    """``conforms(response, path, method="get")``: the body matches the documented schema.

    Returns the JSON body, so a test can go on asserting about it.
    """

    def check(response: Any, path: str, method: str = "get") -> Any:
        operation = openapi_doc["paths"][path][method]
        documented = operation["responses"][str(response.status_code)]
        body = response.get_json()
        schema = documented["content"]["application/json"]["schema"]
        root = {**schema, "components": openapi_doc["components"]}
        errors = sorted(Draft202012Validator(root).iter_errors(body), key=str)
        assert not errors, f"{method.upper()} {path} {response.status_code}: {errors[0]}"
        return body

    return check
