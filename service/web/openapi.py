"""The OpenAPI 3.1 document, generated from the route registry and the pydantic models."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup, escape
from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from service.web.schemas.responses import ErrorResponse

REF = "#/components/schemas/{model}"
STATUS_TEXT = {
    304: "Not modified: the knowledge base has not changed since the ETag you sent.",
    400: "Malformed request (a body that is not JSON).",
    404: "Unknown character, script or source (with the nearest names as suggestions).",
    405: "Method not allowed.",
    413: "Request body too large.",
    415: "The body is not `application/json`.",
    422: "A field is missing, of the wrong type or not allowed; the error names it.",
    500: "Unexpected failure (the body still has the one error shape).",
}
PATH_PARAM = re.compile(r"{(\w+)}")


@dataclass(frozen=True, slots=True, kw_only=True)
class Operation:
    """One documented route: what it takes, what it answers, which errors it can give."""

    method: str
    path: str  # OpenAPI form, full: "/api/v1/characters/{name}"
    name: str  # the Flask endpoint and the operationId
    summary: str
    description: str = ""
    tag: str = "knowledge"
    query: type[BaseModel] | None = None
    body: type[BaseModel] | None = None
    response: type[BaseModel]
    errors: tuple[int, ...] = ()
    cached: bool = True  # ETag + Cache-Control + 304, and CORS (GET only)
    path_params: dict[str, str] = field(default_factory=dict)

    @property
    def flask_rule(self) -> str:
        """The route in Flask's syntax.

        >>> Operation(method="GET", path="/a/{name}/b", name="x", summary="",
        ...           response=BaseModel).flask_rule
        '/a/<name>/b'
        """
        return PATH_PARAM.sub(r"<\1>", self.path)

    @property
    def statuses(self) -> list[int]:
        codes = set(self.errors) | {500}
        if self.query or self.body or self.path_params:
            codes.add(422)
        if self.body:
            codes |= {400, 413, 415}
        if self.cached:
            codes.add(304)
        return sorted(codes)


def document(
    operations: Iterable[Operation], *, title: str, version: str, description: str
) -> dict[str, Any]:
    """The OpenAPI 3.1 document for ``operations``, schemas under components."""
    operations = list(operations)
    refs, defs = _schemas(operations)
    paths: dict[str, dict[str, Any]] = {}
    for op in operations:
        paths.setdefault(op.path, {})[op.method.lower()] = _operation(op, refs, defs)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": title,
            "version": version,
            "description": description,
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "paths": paths,
        "components": {"schemas": defs},
    }


def _schemas(operations: list[Operation]) -> tuple[dict[Any, Any], dict[str, Any]]:
    inputs = {m for op in operations for m in (op.query, op.body) if m is not None}
    outputs = {op.response for op in operations} | {ErrorResponse}
    models = sorted(
        {(m, "validation") for m in inputs} | {(m, "serialization") for m in outputs},
        key=lambda pair: (pair[0].__name__, pair[1]),
    )
    refs, top = models_json_schema(models, ref_template=REF)
    return refs, top.get("$defs", {})


def _operation(op: Operation, refs: dict[Any, Any], defs: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"operationId": op.name, "summary": op.summary, "tags": [op.tag]}
    if op.description:
        out["description"] = op.description
    parameters = _path_parameters(op) + _query_parameters(op, refs, defs)
    if op.cached:
        parameters.append(
            {
                "name": "If-None-Match",
                "in": "header",
                "required": False,
                "schema": {"type": "string"},
                "description": "An ETag from an earlier answer: 304 if unchanged.",
            }
        )
    if parameters:
        out["parameters"] = parameters
    if op.body:
        out["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": refs[(op.body, "validation")]}},
        }
    out["responses"] = _responses(op, refs)
    return out


def _path_parameters(op: Operation) -> list[dict[str, Any]]:
    return [
        {
            "name": name,
            "in": "path",
            "required": True,
            "schema": {"type": "string", "minLength": 1, "maxLength": 100},
            "description": op.path_params.get(name, ""),
        }
        for name in PATH_PARAM.findall(op.path)
    ]


def _query_parameters(
    op: Operation, refs: dict[Any, Any], defs: dict[str, Any]
) -> list[dict[str, Any]]:
    if op.query is None:
        return []
    schema = _resolve(refs[(op.query, "validation")], defs)
    required = set(schema.get("required", []))
    params = []
    for name, prop in schema.get("properties", {}).items():
        prop = dict(prop)
        param = {
            "name": name,
            "in": "query",
            "required": name in required,
            "description": prop.pop("description", ""),
            "schema": prop,
        }
        prop.pop("title", None)
        if _is_array(prop):
            param |= {"style": "form", "explode": False}
        params.append(param)
    return params


def _resolve(ref: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    return defs[ref["$ref"].rsplit("/", 1)[1]] if "$ref" in ref else ref


def _is_array(schema: dict[str, Any]) -> bool:
    """True when a parameter schema is a list (possibly optional)."""
    if schema.get("type") == "array":
        return True
    return any(s.get("type") == "array" for s in schema.get("anyOf", []))


def _responses(op: Operation, refs: dict[Any, Any]) -> dict[str, Any]:
    ok: dict[str, Any] = {
        "description": op.summary,
        "content": {"application/json": {"schema": refs[(op.response, "serialization")]}},
    }
    if op.cached:
        ok["headers"] = {
            "ETag": {"description": "The knowledge-base version.", "schema": {"type": "string"}},
            "Cache-Control": {"schema": {"type": "string"}},
        }
    responses: dict[str, Any] = {"200": ok}
    error = {"application/json": {"schema": refs[(ErrorResponse, "serialization")]}}
    for status in op.statuses:
        if status == 304:
            responses["304"] = {"description": STATUS_TEXT[304]}
        else:
            responses[str(status)] = {"description": STATUS_TEXT[status], "content": error}
    return responses


def type_label(schema: dict[str, Any]) -> str:
    """A short human label for a JSON schema, for the reference page.

    >>> type_label({"anyOf": [{"type": "string"}, {"type": "null"}]})
    'string | null'
    >>> type_label({"type": "array", "items": {"$ref": "#/components/schemas/Ruling"}})
    'array of Ruling'
    """
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[1]
    for combiner in ("anyOf", "oneOf", "allOf"):
        if combiner in schema:
            return " | ".join(type_label(s) for s in schema[combiner])
    if "enum" in schema:
        return " | ".join(repr(v).replace("'", '"') for v in schema["enum"])
    if "const" in schema:
        return repr(schema["const"]).replace("'", '"')
    kind = schema.get("type", "any")
    if kind == "array" and "items" in schema:
        return f"array of {type_label(schema['items'])}"
    if kind == "object" and isinstance(schema.get("additionalProperties"), dict):
        return f"object of {type_label(schema['additionalProperties'])}"
    return str(kind)


def linked_label(schema: dict[str, Any], names: Iterable[str]) -> Markup:
    """``type_label`` as HTML, each schema name a link to its entry on the reference page.

    >>> str(linked_label({"type": "array", "items": {"$ref": "#/x/Ruling"}}, ["Ruling"]))
    'array of <a href="#schema-Ruling">Ruling</a>'
    """
    known = set(names)
    parts = re.split(r"([A-Za-z_][\w-]*)", type_label(schema))
    return Markup("").join(
        Markup('<a href="#schema-{0}">{0}</a>').format(part) if part in known else escape(part)
        for part in parts
    )


def prose(text: str) -> Markup:
    """Description text as HTML: escaped, with `backticks` as code.

    >>> str(prose("use `q` <here>"))
    'use <code>q</code> &lt;here&gt;'
    """
    parts = str(escape(text)).split("`")
    return Markup(
        "".join(f"<code>{part}</code>" if i % 2 else part for i, part in enumerate(parts))
    )
