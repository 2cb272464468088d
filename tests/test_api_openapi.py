"""The OpenAPI document: valid, generated from the models, complete; the reference page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from openapi_spec_validator import validate

ROOT = Path(__file__).resolve().parent.parent
METHODS = {"GET", "POST", "PUT", "PATCH", "DELETE"}


def api_routes(app) -> set[tuple[str, str]]:
    """(METHOD, /openapi/{path}) for every rule the app serves under /api/v1."""
    routes = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/v1/"):
            path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
            routes |= {(method, path) for method in rule.methods & METHODS}
    return routes


def documented(doc) -> set[tuple[str, str]]:
    return {(method.upper(), path) for path, ops in doc["paths"].items() for method in ops}


def test_document_is_valid_openapi_31(openapi_doc):
    assert openapi_doc["openapi"] == "3.1.0"
    validate(openapi_doc)


def test_every_route_is_documented_and_nothing_else(api_app, openapi_doc):
    assert api_routes(api_app) == documented(openapi_doc)


def test_document_is_generated_from_the_models(openapi_doc):
    from service.web.openapi import REF
    from service.web.schemas import responses

    for model in (responses.Character, responses.ErrorResponse, responses.ScriptCheck):
        schema = model.model_json_schema(mode="serialization", ref_template=REF)
        schema.pop("$defs", None)
        assert openapi_doc["components"]["schemas"][model.__name__] == schema


def test_every_operation_documents_its_errors(openapi_doc):
    error = {"$ref": "#/components/schemas/ErrorResponse"}
    for path, operations in openapi_doc["paths"].items():
        for method, op in operations.items():
            responses = op["responses"]
            assert "200" in responses and "500" in responses, (method, path)
            for status, response in responses.items():
                if status.startswith(("4", "5")):
                    assert response["content"]["application/json"]["schema"] == error


def test_query_parameters_come_from_the_query_models(openapi_doc):
    params = {p["name"]: p for p in openapi_doc["paths"]["/api/v1/characters"]["get"]["parameters"]}
    assert {"team", "edition", "origin", "source", "script", "q", "limit", "offset"} <= set(params)
    assert params["limit"]["schema"]["maximum"] == 200
    interactions = openapi_doc["paths"]["/api/v1/interactions"]["get"]["parameters"][0]
    assert interactions["schema"]["minItems"] == 2 and interactions["explode"] is False


def test_script_check_body_is_the_official_schema(openapi_doc):
    body = openapi_doc["components"]["schemas"]["ScriptBody"]
    assert body["type"] == "array" and body["minItems"] == 5
    assert body["items"]["oneOf"][0]["title"] == "Script Character"


def test_reference_page_lists_every_operation_offline(client, openapi_doc):
    response = client.get("/api/docs")
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    for path, operations in openapi_doc["paths"].items():
        assert f"<code>{path}</code>" in page
        for op in operations.values():
            assert f'id="{op["operationId"]}"' in page
    assert not re.search(r'(?:src|href)="(?:https?:)?//', page)  # nothing from another host
    assert "<script" not in page
    stylesheet = re.search(r'href="(/static/api/[^"]+\.css)"', page).group(1)
    assert client.get(stylesheet).status_code == 200


def readme_section(title: str) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else None]


def test_readme_documents_every_endpoint(openapi_doc):
    section = readme_section("HTTP API")
    for method, path in sorted(documented(openapi_doc)):
        assert f"`{method} {path}`" in section, f"README lacks {method} {path}"
    assert "`GET /api/docs`" in section


@pytest.mark.parametrize("source", ["service/web/__init__.py", "gunicorn.conf.py"])
def test_readme_documents_every_setting(source):
    used = set(re.findall(r"ADJUDICATOR_\w+", (ROOT / source).read_text(encoding="utf-8")))
    table = readme_section("Configuration")
    assert used and {name for name in used if f"`{name}`" not in table} == set()
