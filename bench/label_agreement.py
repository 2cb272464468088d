"""How far two people labelling the same questions agree, and how ``ask`` reads against each.

    .venv/bin/python bench/label_agreement.py                 # every file in tests/eval/second
    .venv/bin/python bench/label_agreement.py --kb P --disagreements

A file under tests/eval/second/ holds a second, independent labelling of questions from the
blind sets: someone who read only the labelling brief (tests/eval/README.md) and the sources
labelled each question's characters, conditions and kind without seeing the writer's labels.
Exact agreement between the two people is the ceiling a single writer's labels put on any
reader's accuracy; where both agree, the label is not a matter of convention, and ``ask``'s
accuracy there says how well it reads, not whose convention it follows.

Reports, for characters (exact set), conditions (exact, per character) and kind: the
writer against the second labeller, ``ask`` against each, and ``ask`` on the questions where
the two people agree.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from knowledge.build import given_or_built  # noqa: E402
from service.answer.ask import understood  # noqa: E402
from service.answer.evaluate import normal_conditions, read_eval  # noqa: E402
from service.answer.kb import AnswerKB  # noqa: E402

EVAL = ROOT / "tests" / "eval"
SECOND = EVAL / "second"
HELD = EVAL / "held"  # the held-out sets, and their second labellings in held/second
FIELDS = ("characters", "conditions", "kind")


def same(a: dict[str, Any], b: dict[str, Any], field: str) -> bool:
    if field == "characters":
        return sorted(a["characters"]) == sorted(b["characters"])
    if field == "conditions":
        return normal_conditions(a["conditions"]) == normal_conditions(b["conditions"])
    return a["kind"] == b["kind"]


def writers_labels() -> dict[str, dict[str, Any]]:
    """Every question of every set, the held-out ones too (tests/eval/held), by its text."""
    paths = sorted(EVAL.glob("*.jsonl")) + sorted(HELD.glob("*.jsonl"))
    return {row["q"]: row for path in paths for row in read_eval(path)}


def compare(second: list[dict[str, Any]], kb: AnswerKB) -> dict[str, Any]:
    first = writers_labels()
    missing = [row["q"] for row in second if row["q"] not in first]
    if missing:
        raise SystemExit(f"not in any set under tests/eval or tests/eval/held: {missing[:3]}")
    counts = {
        f: dict.fromkeys(("people", "ask_writer", "ask_second", "agreed", "ask_agreed"), 0)
        for f in FIELDS
    }
    disagreements = []
    for row in second:
        writer = first[row["q"]]
        read = understood(row["q"], kb).to_dict()
        for field in FIELDS:
            c = counts[field]
            agree = same(writer, row, field)
            c["people"] += agree
            c["ask_writer"] += same(read, writer, field)
            c["ask_second"] += same(read, row, field)
            if agree:
                c["agreed"] += 1
                c["ask_agreed"] += same(read, writer, field)
        if not same(writer, row, "conditions"):
            disagreements.append(
                {
                    "q": row["q"],
                    "writer": normal_conditions(writer["conditions"]),
                    "second": normal_conditions(row["conditions"]),
                    "ask": normal_conditions(read["conditions"]),
                }
            )
    n = len(second)
    figures = {
        field: {
            "people": round(c["people"] / n, 4),
            "ask_vs_writer": round(c["ask_writer"] / n, 4),
            "ask_vs_second": round(c["ask_second"] / n, 4),
            "agreed_questions": c["agreed"],
            "ask_where_people_agree": round(c["ask_agreed"] / max(c["agreed"], 1), 4),
        }
        for field, c in counts.items()
    }
    return {"questions": n, "figures": figures, "disagreements": disagreements}


def to_text(name: str, result: dict[str, Any], *, disagreements: bool) -> str:
    head = (
        f"{'':<12}{'people':>9}{'ask/writer':>12}{'ask/second':>12}{'agreed':>8}{'ask there':>11}"
    )
    lines = [f"{name}: {result['questions']} questions", head, "-" * len(head)]
    for field, f in result["figures"].items():
        lines.append(
            f"{field:<12}{f['people']:>9.1%}{f['ask_vs_writer']:>12.1%}{f['ask_vs_second']:>12.1%}"
            f"{f['agreed_questions']:>8}{f['ask_where_people_agree']:>11.1%}"
        )
    for d in result["disagreements"] if disagreements else ():
        lines.append(
            f"- {d['q']!r}\n    writer {d['writer']}  second {d['second']}  ask {d['ask']}"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="second labellings (default: all)")
    parser.add_argument("--kb", type=Path, help="existing knowledge base (default: build one)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--disagreements", action="store_true", help="list where people differ")
    args = parser.parse_args()
    files = args.files or sorted(SECOND.glob("*.jsonl")) + sorted((HELD / "second").glob("*.jsonl"))
    with given_or_built(args.kb) as path:
        kb = AnswerKB.from_path(path)
        results = {f.stem: compare(read_eval(f), kb) for f in files}
    if args.json:
        print(json.dumps(results, indent=1, ensure_ascii=False))
    else:
        print(
            "\n\n".join(to_text(k, v, disagreements=args.disagreements) for k, v in results.items())
        )


if __name__ == "__main__":
    main()
