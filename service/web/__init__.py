"""The Flask application: the only layer that knows about HTTP."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask

from service.web import errors, kb, pages


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Application factory; configuration from ``ADJUDICATOR_*`` environment variables."""
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(
        KB_PATH=os.environ.get("ADJUDICATOR_KB", "instance/knowledge.sqlite"),
        MAX_CONTENT_LENGTH=int(os.environ.get("ADJUDICATOR_MAX_BODY", 256 * 1024)),
        API_CACHE_SECONDS=int(os.environ.get("ADJUDICATOR_CACHE_SECONDS", 300)),
        API_MEMO_ENTRIES=int(os.environ.get("ADJUDICATOR_MEMO_ENTRIES", 1024)),
        JSON_SORT_KEYS=False,
    )
    if test_config:
        app.config.from_mapping(test_config)
    app.config["KB_PATH"] = str(Path(app.config["KB_PATH"]).resolve())
    app.json.sort_keys = False
    app.json.ensure_ascii = False

    kb.init_app(app)
    errors.init_app(app)

    from service.web.api import api, docs

    app.register_blueprint(api)
    app.register_blueprint(docs)
    pages.init_app(app)
    return app
