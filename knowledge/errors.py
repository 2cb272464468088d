"""One error base for everything the service refuses, whatever the front end.

Pure Python (no Flask), and in `knowledge` because data flows one way: the knowledge
queries, the engine and the web layer all raise these; the web layer turns every one
into the same JSON shape.
"""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A request the service refuses, with a status, a code and the nearest valid names."""

    status = 400
    code = "bad-request"

    def __init__(
        self,
        message: str,
        *,
        details: dict[str, Any] | None = None,
        suggestions: list[str] | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.details = dict(details or {})
        if field is not None:
            self.details.setdefault("field", field)
        self.suggestions = list(suggestions or [])

    def to_dict(self) -> dict[str, Any]:
        return {
            "error": {
                "status": self.status,
                "code": self.code,
                "message": self.message,
                "details": self.details,
                "suggestions": self.suggestions,
            }
        }


class NotFound(ServiceError):
    status = 404
    code = "not-found"


class InvalidRequest(ServiceError):
    """The request is well-formed JSON but breaks the rules (wrong field, forbidden choice)."""

    status = 422
    code = "invalid-request"


class UnknownName(NotFound):
    """A character (or other) name that resolves to nothing; carries the nearest names."""

    code = "unknown-name"


class AmbiguousName(InvalidRequest):
    """A name close to several characters at once; carries the candidates."""

    code = "ambiguous-name"
