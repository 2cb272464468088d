"""Benchmark: the API under the real gunicorn (gunicorn.conf.py) on loopback.

Starts gunicorn on a free 127.0.0.1 port with the project's settings, measures start-up
(launch -> first answer; each worker's own ready time from its log line), then for each
endpoint sends a bounded number of requests from a few client threads and reports
requests per second, p50 and p99 latency, the ratio to the trivial /health endpoint
(the ceiling) and p50/p99 as multiples of a character lookup (ask's target: p99 within
5x). ``ask`` is measured three ways: twelve questions by GET (memoised once a worker has
answered one), the same twelve by POST (computed every time, though a worker's caches of
what it read of each answer the repeats), and the evaluation sets' questions by POST, each
asked once: a storyteller's new question. Stops the server it started. Figures go in the
issue notes, never in tests.

Run: .venv/bin/python bench/api.py [--requests 800] [--seconds 20] [--concurrency 4]
     (ADJUDICATOR_MEMO_ENTRIES=0 measures without the per-worker memo of answers)
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"  # loopback only, by design
CHARACTERS = [
    "monk",
    "imp",
    "scarletwoman",
    "fortuneteller",
    "baron",
    "drunk",
    "spy",
    "poisoner",
    "empath",
    "washerwoman",
    "fanggu",
    "vortox",
]
SEARCHES = [
    "drunk monk",
    "poisoned",
    "scarlet woman demon",
    "safe from the demon",
    "execution",
    "registers as evil",
]
# Storytellers' questions for /ask (interactions replayed by the engine, how-to-run, jinxes,
# night order, a character the engine does not simulate).
QUESTIONS = [
    "drunk Monk vs Assassin",
    "can the imp kill himself with 1 minion left",
    "poisoned FT checks the recluse",
    "sailor executed?",
    "how do I run the Chambermaid",
    "what happens if the virgin is nominated by the drunk",
    "spy and damsel jinx",
    "does the poisoner go before the monk",
    "SW when the imp is executed with 5 alive",
    "exorcist picks the shabaloth, can it still regurgitate",
    "banshee killed by the assassin",
    "what tokens does the fortune teller use",
]
# A 7-player game's second night, in the engine's replay format (issue 3).
REPLAY = {
    "players": [
        {"name": "Ann", "character": "monk"},
        {"name": "Ben", "character": "poisoner"},
        {"name": "Cat", "character": "imp"},
        {"name": "Dan", "character": "empath"},
        {"name": "Eve", "character": "soldier"},
        {"name": "Fay", "character": "chef"},
        {"name": "Gus", "character": "butler"},
    ],
    "phases": [
        {
            "phase": "night",
            "number": 2,
            "actions": [
                {"player": "Ben", "targets": ["Ann"]},
                {"player": "Ann", "targets": ["Dan"]},
                {"player": "Cat", "targets": ["Dan"]},
                {"player": "Gus", "targets": ["Fay"]},
            ],
        }
    ],
    "choices": {},
}


@dataclass(frozen=True, slots=True)
class Endpoint:
    label: str
    method: str
    paths: tuple[str, ...]
    body: bytes | None = None
    bodies: tuple[bytes, ...] = ()  # POST bodies to cycle through, instead of ``body``


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def call(
    port: int, method: str, path: str, body: bytes | None = None, timeout: float = 10.0
) -> tuple[int, bytes]:
    """One request on a fresh connection (gunicorn's sync workers close after each)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


class Server:
    """gunicorn started with the project's config, on a free loopback port."""

    def __init__(self, kb: Path) -> None:
        self.port = free_port()
        self.log = tempfile.NamedTemporaryFile(prefix="bench-gunicorn-", suffix=".log")
        env = {
            **os.environ,
            "ADJUDICATOR_BIND": f"{HOST}:{self.port}",
            "ADJUDICATOR_KB": str(kb),
            "ADJUDICATOR_ACCESS_LOG": "-",
        }
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "wsgi:app"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=self.log,
        )

    def wait(self, path: str, limit: float = 120.0) -> float:
        """Seconds from launch until ``path`` first answers 200."""
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {self.log_text()[-2000:]}")
            try:
                if call(self.port, "GET", path, timeout=2)[0] == 200:
                    return time.perf_counter() - self.started
            except OSError:
                time.sleep(0.02)
        raise TimeoutError(f"{path} did not answer within {limit}s")

    def log_text(self) -> str:
        return Path(self.log.name).read_text(encoding="utf-8", errors="replace")

    def wait_for_workers(self, limit: float = 20.0) -> None:
        """Until every booted worker has logged its ready line (or ``limit`` seconds)."""
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            text = self.log_text()
            if text.count("Booting worker") <= len(self.worker_ready_ms()):
                return
            time.sleep(0.05)

    def worker_ready_ms(self) -> list[float]:
        return [float(m) for m in re.findall(r"ready in ([\d.]+) ms", self.log_text())]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


def load(
    port: int,
    endpoint: Endpoint,
    requests: int,
    seconds: float,
    concurrency: int,
    offset: int = 0,
) -> tuple[list[float], int, float]:
    """Send up to ``requests`` requests (or for ``seconds``) from ``concurrency`` threads,
    the paths and bodies taken from ``offset`` on (a later round goes on where one ended).

    Returns the latencies, the number of non-200 answers and the wall time.
    """
    latencies: list[float] = []
    failures: list[int] = []
    lock = threading.Lock()
    counter = iter(range(offset, offset + requests))
    deadline = time.perf_counter() + seconds

    def client() -> None:
        for i in counter:  # shared iterator: each request number taken once
            if time.perf_counter() > deadline:
                return
            path = endpoint.paths[i % len(endpoint.paths)]
            body = endpoint.bodies[i % len(endpoint.bodies)] if endpoint.bodies else endpoint.body
            started = time.perf_counter()
            status, _ = call(port, endpoint.method, path, body)
            elapsed = time.perf_counter() - started
            with lock:
                latencies.append(elapsed)
                if status != 200:
                    failures.append(status)

    threads = [threading.Thread(target=client) for _ in range(concurrency)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, len(failures), time.perf_counter() - began


def measure(port: int, chosen: list[Endpoint], args: argparse.Namespace) -> list[dict[str, Any]]:
    """Every endpoint in turn, ``rounds`` times over, so all see the same background load."""
    per_round = max(1, args.requests // args.rounds)
    totals = {e.label: ([], 0, 0.0) for e in chosen}
    for round_ in range(args.rounds):
        for endpoint in chosen:
            latencies, failures, wall = load(
                port,
                endpoint,
                per_round,
                args.seconds / args.rounds,
                args.concurrency,
                offset=round_ * per_round,
            )
            before = totals[endpoint.label]
            totals[endpoint.label] = (before[0] + latencies, before[1] + failures, before[2] + wall)
    return [summary(label, *totals[label]) for label in totals]


def summary(label: str, latencies: list[float], failures: int, wall: float) -> dict[str, Any]:
    latencies = sorted(latencies)
    return {
        "endpoint": label,
        "requests": len(latencies),
        "failures": failures,
        "rps": round(len(latencies) / wall, 1),
        "p50_ms": round(statistics.median(latencies) * 1000, 2),
        "p99_ms": round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000, 2),
    }


def new_questions() -> list[str]:
    """The evaluation sets' questions, each once, in a fixed shuffled order (thousands: more
    than any run sends)."""
    seen: dict[str, None] = {}
    for path in sorted((ROOT / "tests" / "eval").glob("ask*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                seen.setdefault(json.loads(line)["q"], None)
    questions = list(seen)
    random.Random(34).shuffle(questions)
    return questions


def endpoints(port: int) -> list[Endpoint]:
    paths = json.loads(call(port, "GET", "/api/v1/openapi.json")[1])["paths"]
    chosen = [
        Endpoint("GET /health", "GET", ("/api/v1/health",)),
        Endpoint(
            "GET /characters/{id}", "GET", tuple(f"/api/v1/characters/{c}" for c in CHARACTERS)
        ),
        Endpoint(
            "GET /search",
            "GET",
            tuple(f"/api/v1/search?q={q.replace(' ', '%20')}" for q in SEARCHES),
        ),
    ]
    if "/api/v1/ask" in paths:
        chosen.append(
            Endpoint(
                "GET /ask (memoised once asked)",
                "GET",
                tuple(f"/api/v1/ask?q={quote(q)}" for q in QUESTIONS),
            )
        )
        chosen.append(
            Endpoint(
                "POST /ask (computed every time)",
                "POST",
                ("/api/v1/ask",),
                bodies=tuple(json.dumps({"q": q}).encode() for q in QUESTIONS),
            )
        )
        # the twelve above come back over and over, so a worker's caches of what it read of
        # each question answer the repeats; a storyteller's question is new: these are asked
        # once each (as far as the requests go), in a shuffled order
        chosen.append(
            Endpoint(
                "POST /ask (new questions)",
                "POST",
                ("/api/v1/ask",),
                bodies=tuple(json.dumps({"q": q}).encode() for q in new_questions()),
            )
        )
    if "/api/v1/replay" in paths:
        chosen.append(
            Endpoint(
                "POST /replay (7 players, one night)",
                "POST",
                ("/api/v1/replay",),
                json.dumps(REPLAY).encode(),
            )
        )
    return chosen


def run(args: argparse.Namespace) -> dict[str, Any]:
    from knowledge.build import ensure_kb

    ensure_kb(args.kb)  # so start-up below measures a server start, not a build
    server = Server(args.kb)
    try:
        first_health = server.wait("/api/v1/health")
        first_character = server.wait("/api/v1/characters/imp")
        server.wait_for_workers()
        startup = {
            "launch_to_first_health_s": round(first_health, 3),
            "launch_to_first_character_s": round(first_character, 3),
            "worker_ready_ms": server.worker_ready_ms(),
        }
        results = measure(server.port, endpoints(server.port), args)
        workers = len(server.worker_ready_ms())
    finally:
        server.stop()
    ceiling = results[0]["rps"]
    lookup = next(r for r in results if r["endpoint"].startswith("GET /characters/"))
    for row in results:
        row["ratio_to_health"] = round(row["rps"] / ceiling, 3) if ceiling else None
        for key in ("p50_ms", "p99_ms"):  # ask's target: p99 within 5x a character lookup
            row[f"{key[:3]}_vs_lookup"] = round(row[key] / lookup[key], 2) if lookup[key] else None
    return {
        "workers": workers,
        "memo_entries": os.environ.get("ADJUDICATOR_MEMO_ENTRIES", "default"),
        "concurrency": args.concurrency,
        "startup": startup,
        "endpoints": results,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=800, help="per endpoint, at most")
    parser.add_argument("--seconds", type=float, default=20.0, help="per endpoint, at most")
    parser.add_argument("--concurrency", type=int, default=4, help="client threads")
    parser.add_argument(
        "--rounds",
        type=int,
        default=4,
        help="interleave the endpoints this many times (fairer under noise)",
    )
    parser.add_argument("--kb", type=Path, default=ROOT / "instance" / "knowledge.sqlite")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    report = run(args)
    if args.json:
        print(json.dumps(report, indent=1))
        return
    s = report["startup"]
    print(f"{report['workers']} workers, {report['concurrency']} client threads")
    print(
        f"start-up: first /health {s['launch_to_first_health_s']} s after launch, "
        f"first character {s['launch_to_first_character_s']} s; "
        f"workers ready in {s['worker_ready_ms']} ms"
    )
    print(
        f"{'endpoint':<38} {'req':>5} {'fail':>4} {'req/s':>7} {'p50 ms':>7} "
        f"{'p99 ms':>7} {'vs /health':>10} {'p50/p99 vs lookup':>18}"
    )
    for r in report["endpoints"]:
        print(
            f"{r['endpoint']:<38} {r['requests']:>5} {r['failures']:>4} {r['rps']:>7} "
            f"{r['p50_ms']:>7} {r['p99_ms']:>7} {r['ratio_to_health']:>10} "
            f"{r['p50_vs_lookup']:>8} / {r['p99_vs_lookup']:<7}"
        )


if __name__ == "__main__":
    main()
