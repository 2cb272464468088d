"""gunicorn settings used by ``make serve`` (override with GUNICORN_* / ADJUDICATOR_* variables)."""

import os
import time

bind = os.environ.get("ADJUDICATOR_BIND", "127.0.0.1:8000")
# One sync worker per core this process may run on (at least two, so a long answer does not
# hold up a health check; at most four, each holding its own copy of the knowledge). The
# work is CPU-bound, so gunicorn's usual 2 x cores + 1 (sized for workers that wait on I/O)
# only makes the workers take turns on the cores: on 2 cores, 4 workers against 2 gave ask
# a p99 of 27-37 ms against 18-20 ms, and a fifth less throughput (bench/api.py).
cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
workers = int(os.environ.get("ADJUDICATOR_WORKERS", min(4, max(2, cores))))
worker_class = "sync"
timeout = int(os.environ.get("ADJUDICATOR_TIMEOUT", 30))
graceful_timeout = 10
keepalive = 5
accesslog = os.environ.get("ADJUDICATOR_ACCESS_LOG", "-")
errorlog = "-"
loglevel = os.environ.get("ADJUDICATOR_LOG_LEVEL", "info")
preload_app = True


def on_starting(server):
    """Build the knowledge base once, in the master, only if it is missing or out of date."""
    from pathlib import Path

    from knowledge.build import ensure_kb

    path = Path(os.environ.get("ADJUDICATOR_KB", "instance/knowledge.sqlite"))
    built = ensure_kb(path)
    server.log.info("knowledge base %s: %s", path, "rebuilt" if built else "current")


def post_fork(server, worker):
    worker.forked_at = time.perf_counter()


def post_worker_init(worker):
    """Build the graph, name resolver, rulebook and ask's knowledge once per worker, before
    it accepts a request."""
    import gc

    from service.web.kb import warm

    warm(worker.wsgi)
    # What warm() built lives as long as the worker: freeze it out of the collector's sight.
    # Otherwise a full collection walks it all (~150,000 objects, 0.12 s, measured) whenever
    # the caches grow by a quarter, a pause some request waits out.
    gc.collect()
    gc.freeze()
    elapsed = (time.perf_counter() - worker.forked_at) * 1000
    worker.log.info("worker %s ready in %.1f ms", worker.pid, elapsed)
