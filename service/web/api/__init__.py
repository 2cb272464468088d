"""The JSON API, version 1: ``api`` (under /api/v1) and ``docs`` (the reference at /api/docs).

Importing the route modules registers their routes on the blueprint and their operations
in ``OPERATIONS``, from which the OpenAPI document is generated.
"""

from __future__ import annotations

from service.web.api import ask, characters, knowledge, meta, replay, scripts
from service.web.api.meta import docs
from service.web.api.routing import OPERATIONS, api

__all__ = [
    "OPERATIONS",
    "api",
    "ask",
    "characters",
    "docs",
    "knowledge",
    "meta",
    "replay",
    "scripts",
]
