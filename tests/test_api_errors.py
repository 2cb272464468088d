"""One error shape for every failure under /api/: pinned for 400 to 500."""

from __future__ import annotations

import pytest

SHAPE = {"status", "code", "message", "details", "suggestions"}


@pytest.fixture
def strict_app(kb_path):
    """An app of this test's own: a small body limit and a route that fails."""
    from service.web import create_app

    app = create_app({"KB_PATH": str(kb_path), "TESTING": True, "MAX_CONTENT_LENGTH": 200})

    def boom():
        raise RuntimeError("secret internals")

    app.add_url_rule("/api/v1/boom", "boom", boom)
    return app


REQUESTS = {
    400: ("post", "/api/v1/scripts/check", {"data": b"[1, 2", "content_type": "application/json"}),
    404: ("get", "/api/v1/characters/nobody-at-all", {}),
    405: ("delete", "/api/v1/characters/imp", {}),
    413: ("post", "/api/v1/scripts/check", {"json": ["imp"] * 100}),
    415: ("post", "/api/v1/scripts/check", {"data": "imp", "content_type": "text/plain"}),
    422: ("get", "/api/v1/characters?limit=many", {}),
    500: ("get", "/api/v1/boom", {}),
}


@pytest.mark.parametrize("status", sorted(REQUESTS))
def test_every_error_has_the_one_shape(strict_app, status):
    method, path, kwargs = REQUESTS[status]
    response = getattr(strict_app.test_client(), method)(path, **kwargs)
    assert response.status_code == status
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert set(body) == {"error"} and set(body["error"]) == SHAPE
    error = body["error"]
    assert error["status"] == status and error["code"] and error["message"]
    assert isinstance(error["details"], dict) and isinstance(error["suggestions"], list)
    assert b"<html" not in response.data.lower() and b"Traceback" not in response.data


def test_500_hides_the_exception(strict_app):
    body = strict_app.test_client().get("/api/v1/boom").get_json()
    assert "secret" not in body["error"]["message"]
    assert body["error"]["code"] == "internal-error"


def test_413_says_the_limit(strict_app):
    error = (
        strict_app.test_client()
        .post("/api/v1/scripts/check", json=["imp"] * 100)
        .get_json()["error"]
    )
    assert error["details"]["limit"] == 200


def test_405_lists_the_allowed_methods(client):
    response = client.delete("/api/v1/characters/imp")
    assert "GET" in response.headers["Allow"]
    assert "GET" in response.get_json()["error"]["details"]["allowed"]


def test_unmatched_api_path_is_json(client):
    response = client.get("/api/v2/characters")
    assert response.status_code == 404 and response.get_json()["error"]["status"] == 404


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/api/v1/characters?colour=red", "colour"),
        ("/api/v1/characters?team=wizard", "team"),
        ("/api/v1/characters?offset=-1", "offset"),
        ("/api/v1/characters/imp/rulings?section=prologue", "section"),
        ("/api/v1/health?verbose=1", "verbose"),
        ("/api/v1/search?q=", "q"),
    ],
)
def test_422_names_the_offending_field(client, path, field):
    response = client.get(path)
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["details"]["field"] == field
    assert error["message"].startswith(f"{field}: ")
    assert error["details"]["errors"][0]["loc"] == ["query", field]
    assert {"loc", "msg", "type"} == set(error["details"]["errors"][0])


@pytest.mark.parametrize(
    ("kwargs", "status", "code"),
    [
        ({"data": b"", "content_type": "application/json"}, 400, "malformed-json"),
        (
            {"data": b"{'single': 'quotes'}", "content_type": "application/json"},
            400,
            "malformed-json",
        ),
        ({"data": b"[]"}, 415, "unsupported-media-type"),
        ({"json": []}, 422, "invalid-request"),
    ],
)
def test_body_errors(client, kwargs, status, code):
    response = client.post("/api/v1/scripts/check", **kwargs)
    assert response.status_code == status
    assert response.get_json()["error"]["code"] == code


def test_ambiguous_name_lists_the_candidates(client):
    response = client.get("/api/v1/characters/bar")  # Baron? Barber? Barista?
    assert response.status_code in (404, 422)
    assert len(response.get_json()["error"]["suggestions"]) >= 2
