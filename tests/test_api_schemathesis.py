"""Requests generated from the OpenAPI document (schemathesis): never a 5xx, always documented.

For every operation, a bounded number of generated requests, valid (positive) and invalid
(negative), derandomised so a run repeats. Every answer must be a non-5xx with a documented
status, content type and body schema. (schemathesis's own pytest plugin is not used: its
lazy-fixture loader does not work with pytest 9, so the strategies are driven here.)
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from service.web.api import OPERATIONS

POSITIVE_CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
# Invalid requests must be refused with a documented error, never crash the service.
NEGATIVE_CHECKS = POSITIVE_CHECKS


@pytest.fixture(scope="session")
def api_schema(api_app):
    return schemathesis.openapi.from_wsgi("/api/v1/openapi.json", api_app)


def takes_input(op) -> bool:
    return bool(op.query or op.body or op.path_params)


CASES = [
    (op, mode)
    for op in OPERATIONS
    for mode in GenerationMode
    if mode is GenerationMode.POSITIVE or takes_input(op)
]  # nothing to get wrong


@pytest.mark.parametrize(
    ("op", "mode"), CASES, ids=[f"{op.method} {op.path} {mode}" for op, mode in CASES]
)
def test_generated_requests(api_schema, api_app, op, mode):
    operation = api_schema[op.path][op.method]
    checks = POSITIVE_CHECKS if mode is GenerationMode.POSITIVE else NEGATIVE_CHECKS

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=30,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def run(case):
        response = case.call(app=api_app)
        case.validate_response(response, checks=checks)

    run()
