"""Benchmark: the cost of one engine replay, and how it grows with players and nights.

Replays a Trouble Brewing game (15 players, 5 nights and days: poison, protection, Demon
kills, information, nominations and votes) and a grid of smaller games. Run:
    .venv/bin/python bench/replay.py [--repeat 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from knowledge.build import build_kb  # noqa: E402
from service.answer.cast import NAMES  # noqa: E402  (the seat names a replay uses)
from service.engine.replay import replay  # noqa: E402
from service.engine.rulebook import Rulebook  # noqa: E402

# Seat order; the first N are used. Evil: imp, poisoner (+ spy, scarlet woman from 9 players).
CAST = [
    "imp",
    "monk",
    "poisoner",
    "soldier",
    "fortuneteller",
    "empath",
    "chef",
    "undertaker",
    "spy",
    "librarian",
    "investigator",
    "washerwoman",
    "scarletwoman",
    "butler",
    "mayor",
]
VICTIMS = ["chef", "librarian", "investigator", "washerwoman", "undertaker"]


def game(players: int, nights: int, *, deaths: bool = True) -> dict:
    """A request for ``players`` players over ``nights`` nights and days."""
    seats = [{"name": NAMES[i], "character": CAST[i]} for i in range(players)]
    who = {s["character"]: s["name"] for s in seats}
    victims = [who[v] for v in VICTIMS if v in who] if deaths else []
    phases = []
    for n in range(1, nights + 1):
        phases.append({"phase": "night", "number": n, "actions": _night(who, n, victims)})
        phases.append({"phase": "day", "number": n, "events": _day(who, n)})
    return {"players": seats, "phases": phases, "choices": {}}


def _night(who: dict[str, str], n: int, victims: list[str]) -> list[dict]:
    acts = []
    if "poisoner" in who:
        acts.append({"player": who["poisoner"], "targets": [who.get("empath", who["imp"])]})
    if "fortuneteller" in who:
        acts.append({"player": who["fortuneteller"], "targets": [who["imp"], who["monk"]]})
    if "butler" in who:
        acts.append({"player": who["butler"], "targets": [who["monk"]]})
    if n > 1:
        acts.append({"player": who["monk"], "targets": [who.get("soldier", who["imp"])]})
        target = victims[n - 2] if n - 2 < len(victims) else who.get("soldier", who["monk"])
        acts.append({"player": who["imp"], "targets": [target]})
    return acts


def _day(who: dict[str, str], n: int) -> list[dict]:
    nominator = who["monk"]
    return [
        {"type": "nominate", "by": nominator, "target": who["poisoner"]},
        {"type": "vote", "nominee": who["poisoner"], "voters": [nominator]},
    ]


def _cost(request: dict, rules: Rulebook, repeat: int) -> tuple[float, float, dict]:
    result = replay(request, rules)
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        replay(request, rules)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000, min(times) * 1000, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "kb.sqlite"
        build_kb(path)
        started = time.perf_counter()
        rules = Rulebook.from_path(path)
        load_ms = (time.perf_counter() - started) * 1000
    median, best, result = _cost(game(15, 5), rules, args.repeat)
    print(f"rulebook load: {load_ms:.1f} ms (once per worker)")
    print(
        f"15 players, 5 nights and days: median {median:.2f} ms, min {best:.2f} ms per replay; "
        f"{len(result['trace'])} trace steps, deaths {result['deaths']}, "
        f"winner {result['winner']}"
    )
    print("\ngrowth (median ms per replay; no deaths, so every game runs to the end)")
    print("players " + "".join(f"{n:>4} night{'s' if n > 1 else ' '}" for n in (1, 3, 5)))
    for players in (5, 7, 10, 15):
        row = [_cost(game(players, n, deaths=False), rules, args.repeat)[0] for n in (1, 3, 5)]
        print(f"{players:>7} " + "".join(f"{ms:>11.2f}" for ms in row))


if __name__ == "__main__":
    main()
