"""The real server: gunicorn with gunicorn.conf.py on a free loopback port, over HTTP."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"

pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def call(
    port: int,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


@pytest.fixture(scope="module")
def server(kb_path, tmp_path_factory):
    """gunicorn as ``make serve`` runs it (two workers), stopped after the module."""
    port = free_port()
    log = tmp_path_factory.mktemp("gunicorn") / "error.log"
    env = {
        **os.environ,
        "ADJUDICATOR_BIND": f"{HOST}:{port}",
        "ADJUDICATOR_KB": str(kb_path),
        "ADJUDICATOR_WORKERS": "2",
        "ADJUDICATOR_ACCESS_LOG": "-",
    }
    with log.open("w") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "wsgi:app"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
    try:
        wait_for_health(proc, port, log)
        yield port, log
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def wait_for_health(proc: subprocess.Popen, port: int, log: Path, limit: float = 60) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"gunicorn exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            if call(port, "GET", "/api/v1/health")[0] == 200:
                return
        except OSError:
            time.sleep(0.05)
    pytest.fail(f"gunicorn did not answer /health within {limit}s:\n{log.read_text()[-3000:]}")


def test_health_and_startup_kept_the_current_knowledge_base(server, kb_path):
    port, log = server
    status, headers, body = call(port, "GET", "/api/v1/health")
    assert status == 200 and json.loads(body)["status"] == "ok"
    assert f"knowledge base {kb_path}: current" in log.read_text()  # not rebuilt at start-up
    deadline = time.monotonic() + 20  # the second worker may still be warming up
    while log.read_text().count(" ready in ") < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert log.read_text().count(" ready in ") == 2  # each worker built its state once


def test_character_with_etag_over_http(server):
    port, _ = server
    status, headers, body = call(port, "GET", "/api/v1/characters/scarlet%20women")
    record = json.loads(body)
    assert status == 200 and record["id"] == "scarletwoman"
    assert record["resolved_from"] == "scarlet women"
    assert headers["Access-Control-Allow-Origin"] == "*"
    status, _, body = call(
        port, "GET", "/api/v1/characters/imp", headers={"If-None-Match": headers["ETag"]}
    )
    assert status == 304 and body == b""


def test_search_and_script_check_over_http(server):
    port, _ = server
    status, _, body = call(port, "GET", "/api/v1/search?q=safe%20from%20the%20demon")
    assert status == 200 and json.loads(body)["rulings"]["total"] > 0
    script = json.dumps(["imp", "monk", "chef", "baron", "spy"]).encode()
    status, _, body = call(
        port, "POST", "/api/v1/scripts/check", script, {"Content-Type": "application/json"}
    )
    assert status == 200 and json.loads(body)["team_counts"]["minion"] == 2


def test_errors_over_http_keep_the_shape(server):
    port, _ = server
    status, headers, body = call(port, "GET", "/api/v1/characters/nobody-at-all")
    assert status == 404 and headers["Content-Type"] == "application/json"
    assert set(json.loads(body)["error"]) == {"status", "code", "message", "details", "suggestions"}
    big = b"[" + b'"imp",' * 60_000 + b'"imp"]'
    status, _, body = call(
        port, "POST", "/api/v1/scripts/check", big, {"Content-Type": "application/json"}
    )
    assert status == 413 and json.loads(body)["error"]["status"] == 413
