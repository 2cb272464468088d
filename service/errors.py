"""The service's error classes (defined in ``knowledge.errors`` so that arrows point one way)."""

from knowledge.errors import AmbiguousName, InvalidRequest, NotFound, ServiceError, UnknownName

__all__ = ["AmbiguousName", "InvalidRequest", "NotFound", "ServiceError", "UnknownName"]
