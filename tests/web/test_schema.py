"""The OpenAPI document matches every answer (issue 14), checked by schemathesis.

Oracle: the app's own ``/openapi.json``. Schemathesis generates requests for
every documented operation (fixed seed, a fixed number of examples per
operation, so the run is reproducible and bounded) and checks each answer:
its status is documented, its body matches the documented schema (every 4xx
and 503 is ``{"detail": "<one line>"}``), its content type is documented,
and nothing is a 5xx.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from schemathesis import Case
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from proofgrid.server import create_app

APP = create_app()
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    response_schema_conformance,
    content_type_conformance,
]


@pytest.mark.slow
@schema.parametrize()
@settings(
    max_examples=15,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
def test_every_answer_matches_the_openapi_document(case: Case) -> None:
    response = case.call_and_validate(checks=CHECKS)
    if response.status_code >= 400:
        body = response.json()
        assert set(body) == {"detail"} and isinstance(body["detail"], str)
        assert "\n" not in body["detail"]


def test_every_api_route_documents_its_errors() -> None:
    from fastapi.testclient import TestClient  # noqa: PLC0415

    doc = TestClient(APP).get("/openapi.json").json()
    error = doc["components"]["schemas"]["ErrorOut"]
    assert error["properties"]["detail"]["type"] == "string"
    assert "HTTPValidationError" not in doc["components"]["schemas"]
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            codes = set(op["responses"])
            assert {"400", "404", "413", "422", "503"} <= codes, (method, path)
            for code in ("400", "404", "413", "422", "503"):
                ref = op["responses"][code]["content"]["application/json"]["schema"]["$ref"]
                assert ref.endswith("/ErrorOut")
