"""One JSON error shape for every failure under /api/, whatever raised it."""

from __future__ import annotations

from flask import Flask, Response, current_app, jsonify, request
from werkzeug.exceptions import HTTPException

from knowledge.errors import ServiceError


def error_response(
    status: int,
    code: str,
    message: str,
    *,
    details: dict | None = None,
    suggestions: list[str] | None = None,
) -> tuple[Response, int]:
    body = {
        "error": {
            "status": status,
            "code": code,
            "message": message,
            "details": details or {},
            "suggestions": suggestions or [],
        }
    }
    return jsonify(body), status


def _is_api() -> bool:
    return request.path.startswith("/api/")


def _explain(exc: HTTPException) -> tuple[str, dict]:
    """Werkzeug's generic sentences made specific to this request."""
    if exc.code == 404 and request.url_rule is None:
        return (
            f"no endpoint {request.path}; the API is described at /api/v1/openapi.json",
            {"path": request.path},
        )
    if exc.code == 405:
        allowed = sorted(getattr(exc, "valid_methods", None) or [])
        return (
            f"{request.method} is not allowed on {request.path}",
            {"method": request.method, "allowed": allowed},
        )
    if exc.code == 413:
        limit = current_app.config.get("MAX_CONTENT_LENGTH")
        return (f"the request body is larger than the limit of {limit} bytes", {"limit": limit})
    return exc.description or exc.name, {}


def init_app(app: Flask) -> None:
    @app.errorhandler(ServiceError)
    def service_error(exc: ServiceError):
        return jsonify(exc.to_dict()), exc.status

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        if not _is_api():
            return exc
        code = (exc.name or "error").lower().replace(" ", "-")
        message, details = _explain(exc)
        response, status = error_response(exc.code or 500, code, message, details=details)
        if exc.code == 405 and exc.valid_methods:
            response.headers["Allow"] = ", ".join(exc.valid_methods)
        return response, status

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        app.logger.exception("unhandled error on %s", request.path)
        if isinstance(exc, HTTPException):
            return http_error(exc)
        return error_response(500, "internal-error", "the server could not answer this request")
