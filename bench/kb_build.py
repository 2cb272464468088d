"""Benchmark: how long a full knowledge-base build takes, and where the time goes.

Run: .venv/bin/python bench/kb_build.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from knowledge import build, store  # noqa: E402
from knowledge.corpus import CURATED, SOURCES, read_corpus  # noqa: E402
from knowledge.graph import graph_from_db  # noqa: E402


def _time(fn, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "kb.sqlite"
        full = _time(lambda: build.build_kb(path), args.runs)
        read = _time(lambda: read_corpus(SOURCES, CURATED), args.runs)
        corpus = read_corpus(SOURCES, CURATED)
        tables = _time(lambda: build.tables_from(corpus, SOURCES, CURATED), args.runs)
        graph = _time(lambda: graph_from_db(store.open_readonly(path)), args.runs)
        version = _time(build.current_version, args.runs)
        size = path.stat().st_size
    print(f"knowledge-base build, {args.runs} runs (median / min seconds)")
    for name, times in [
        ("full build", full),
        ("read + annotate", read),
        ("assemble tables", tables),
        ("graph from db", graph),
        ("version hash (startup check)", version),
    ]:
        print(f"  {name:<30} {statistics.median(times):8.3f} {min(times):8.3f}")
    print(f"  database size: {size / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
