"""Read-side queries over the stored knowledge base, returning plain JSON-able dicts.

Free functions over a read-only ``sqlite_utils.Database`` (and the graph where links
matter); the web layer and the command line call them and never write SQL themselves.
"""

from __future__ import annotations

from knowledge.queries.characters import (
    JSON_COLUMNS,
    character,
    character_row,
    characters,
    conflicts,
    decode,
    errata,
    reminders,
    ruling_dict,
    rulings,
)
from knowledge.queries.interactions import interactions, jinxes_among
from knowledge.queries.scripts import (
    check_script,
    field_path,
    night_order,
    schema_errors,
    script,
    script_ids,
    scripts,
)
from knowledge.queries.search import search
from knowledge.queries.sources import meta, sources

__all__ = [
    "JSON_COLUMNS",
    "character",
    "character_row",
    "characters",
    "check_script",
    "conflicts",
    "decode",
    "errata",
    "field_path",
    "interactions",
    "jinxes_among",
    "meta",
    "night_order",
    "reminders",
    "ruling_dict",
    "rulings",
    "schema_errors",
    "script",
    "script_ids",
    "scripts",
    "search",
    "sources",
]
