"""The API blueprint and its one route decorator: parse, validate, answer, cache, register.

Every route is declared once with ``@route``: that registers the Flask view and the
``Operation`` the OpenAPI document is generated from, so the two cannot drift apart.
"""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, current_app, request
from pydantic import BaseModel, ValidationError
from werkzeug.exceptions import UnsupportedMediaType

from knowledge.errors import InvalidRequest, ServiceError
from knowledge.queries import field_path
from service.web.kb import get_memo, kb_version
from service.web.openapi import Operation

PREFIX = "/api/v1"
api = Blueprint("api", __name__, url_prefix=PREFIX)
OPERATIONS: list[Operation] = []  # filled at import by the @route declarations

View = Callable[..., Any]


class MalformedBody(ServiceError):
    status = 400
    code = "malformed-json"


def route(
    method: str,
    path: str,
    *,
    response: type[BaseModel],
    summary: str,
    query: type[BaseModel] | None = None,
    body: type[BaseModel] | None = None,
    errors: tuple[int, ...] = (),
    cached: bool = True,
    tag: str = "knowledge",
    path_params: dict[str, str] | None = None,
) -> Callable[[View], View]:
    """Declare an API route: registered on the blueprint and in the OpenAPI document."""

    def decorator(view: View) -> View:
        op = Operation(
            method=method,
            path=PREFIX + path,
            name=view.__name__,
            summary=summary,
            description=inspect.getdoc(view) or "",
            tag=tag,
            query=query,
            body=body,
            response=response,
            errors=errors,
            cached=cached,
            path_params=path_params or {},
        )
        OPERATIONS.append(op)

        @functools.wraps(view)
        def endpoint(**path_args: str) -> Response:
            return answer(op, view, path_args)

        api.add_url_rule(
            op.flask_rule.removeprefix(PREFIX),
            endpoint=op.name,
            view_func=endpoint,
            methods=[method],
        )
        return view

    return decorator


def answer(op: Operation, view: View, path_args: dict[str, str]) -> Response:
    """Run ``view`` with its validated inputs; a conditional GET may stop at 304."""
    if op.cached and request.if_none_match.contains_weak(kb_version()):
        return cache_headers(Response(status=304))
    if op.cached and (body := get_memo().get(request.full_path)) is not None:
        # the same URL validated and answered before: the same answer, already encoded
        return cache_headers(current_app.response_class(body, mimetype="application/json"))
    kwargs: dict[str, Any] = dict(path_args)
    if op.query is not None:
        kwargs["query"] = parse(op.query, query_args(), "query")
    elif request.args:
        name = next(iter(request.args))
        raise InvalidRequest(
            f"{name}: this endpoint takes no query parameters",
            details={
                "field": name,
                "errors": [
                    {
                        "loc": ["query", name],
                        "msg": "unexpected parameter",
                        "type": "extra_forbidden",
                    }
                ],
            },
        )
    if op.body is not None:
        kwargs["body"] = parse(op.body, json_body(), "body")
    response = current_app.json.response(view(**kwargs))
    if not op.cached:
        return response
    get_memo().put(request.full_path, response.get_data())
    return cache_headers(response)


def query_args() -> dict[str, Any]:
    """The query string as a dict; a repeated parameter becomes a list."""
    return {key: values[0] if len(values) == 1 else values for key, values in request.args.lists()}


def json_body() -> Any:
    """The request body as JSON: 415 unless it says it is JSON, 400 unless it is."""
    if request.mimetype != "application/json" and not request.mimetype.endswith("+json"):
        raise UnsupportedMediaType(
            f"send the body as application/json, not {request.mimetype or 'no content type'}"
        )
    raw = request.get_data(cache=True)  # over MAX_CONTENT_LENGTH: 413 here
    if not raw.strip():
        raise MalformedBody("the request body is empty: send a JSON document")
    try:
        return json.loads(raw)
    except ValueError as exc:
        raise MalformedBody(f"the request body is not valid JSON: {exc}") from None


def parse(model: type[BaseModel], data: Any, where: str) -> BaseModel:
    """``data`` validated by ``model``; a 422 naming the first offending field otherwise."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise invalid(exc, where, getattr(model, "union_tags", frozenset())) from None


def invalid(exc: ValidationError, where: str, tags: frozenset[str] = frozenset()) -> InvalidRequest:
    """pydantic's errors in the one error shape: ``details.errors`` of ``loc``/``msg``."""
    errors = [
        {"loc": [where, *location(e, tags)], "msg": e["msg"], "type": e["type"]}
        for e in exc.errors(include_url=False, include_input=False)
    ]
    field = field_path(errors[0]["loc"][1:]) or where
    return InvalidRequest(
        f"{field}: {errors[0]['msg']}", details={"field": field, "errors": errors}
    )


def location(error: Any, tags: frozenset[str]) -> list[str | int]:
    """The error's location as the request spells it: no union tags, and for a wrong tag
    the field that holds it (``phases[2].phase``)."""
    loc = list(error["loc"])
    loc = [
        part
        for i, part in enumerate(loc)
        if not (part in tags and i and isinstance(loc[i - 1], int))
    ]
    if error["type"] in ("union_tag_invalid", "union_tag_not_found"):
        loc.append(str(error.get("ctx", {}).get("discriminator", "")).strip("'"))
    return loc


def cache_headers(response: Response) -> Response:
    """Knowledge answers change only with the knowledge base: its version is the ETag."""
    response.set_etag(kb_version())
    seconds = current_app.config["API_CACHE_SECONDS"]
    response.headers["Cache-Control"] = f"public, max-age={seconds}"
    return response


@api.after_request
def cors(response: Response) -> Response:
    """Open to browser tools for reading: GET (and its preflight), never for POST."""
    allowed = response.headers.get("Allow", "")
    wanted = request.headers.get("Access-Control-Request-Method", "GET")
    if request.method in ("GET", "HEAD"):
        response.headers["Access-Control-Allow-Origin"] = "*"
        response.headers["Access-Control-Expose-Headers"] = "ETag"
    elif request.method == "OPTIONS" and wanted in ("GET", "HEAD") and "GET" in allowed:
        response.headers["Access-Control-Allow-Origin"] = "*"
        response.headers["Access-Control-Allow-Methods"] = "GET, HEAD, OPTIONS"
        response.headers["Access-Control-Allow-Headers"] = "If-None-Match"
        response.headers["Access-Control-Max-Age"] = "86400"
    return response
