"""``adjudicator ask "…"``: answer a storyteller's question on the command line."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import click

from knowledge.build import DEFAULT_PATH
from service.answer.ask import ask
from service.answer.kb import AnswerKB

WIDTH = 100


@click.command("ask")
@click.argument("question", nargs=-1, required=True)
@click.option(
    "--path",
    type=click.Path(path_type=Path, exists=True, dir_okay=False),
    default=DEFAULT_PATH,
    show_default=True,
    envvar="ADJUDICATOR_KB",
    help="The knowledge base to answer from.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the API response body as JSON.")
@click.option(
    "--limit",
    type=click.IntRange(1, 20),
    default=8,
    show_default=True,
    help="How many rulings to cite.",
)
def ask_command(question: tuple[str, ...], path: Path, as_json: bool, limit: int) -> None:
    """Answer QUESTION the way a more experienced storyteller would, citing the rulings."""
    answer = ask(" ".join(question), AnswerKB.from_path(path), limit=limit)
    if as_json:
        click.echo(json.dumps(answer, indent=1, ensure_ascii=False))
    else:
        click.echo(to_text(answer))


def to_text(answer: dict[str, Any]) -> str:
    """A readable rendering of an ask response: the verdict and what it rests on first."""
    lines = [*_verdict(answer["verdict"]), "", _understood(answer["understood"])]
    for jinx in answer["jinxes"]:
        lines += ["", _wrap(f"Jinx ({' + '.join(jinx['characters'])}): {jinx['reason']}")]
    if answer["rulings"]:
        lines += ["", "Rulings:"]
    for i, ruling in enumerate(answer["rulings"], start=1):
        lines.append(_wrap(f"{i}. {ruling['text']}", indent="   "))
        if erratum := ruling.get("erratum"):  # a curated slip: what the quoted words meant
            lines.append(_wrap(f"(read: {erratum['correction']})", indent="   "))
        lines.append(f"   {_badge(ruling['source'], ruling['lines'])} {ruling['why']}")
    for conflict in answer["conflicts"]:
        lines += ["", _wrap(f"Sources disagree ({conflict['topic']}): {conflict['note']}")]
    lines += ["", *_replay(answer)]
    return "\n".join(lines)


def _verdict(verdict: dict[str, Any]) -> list[str]:
    """The verdict's sentences, then one line per ruling it rests on, with its source."""
    out = [_wrap(f"{verdict['answer'].upper()}: {verdict['text']}")]
    out += [
        _wrap(f"because {_badge(b['source'], b['lines'])} {b['quote']}", indent="  ")
        for b in verdict.get("because", [])
    ]
    return out


def _badge(source: str, lines: list[int] | None) -> str:
    """Where a quote comes from: "[000_….txt:571]", "[000_….txt:571-573]", "[nightsheet.json]".

    >>> _badge("roles.json", [197, 197]), _badge("a.txt", [3, 5]), _badge("x.json", None)
    ('[roles.json:197]', '[a.txt:3-5]', '[x.json]')
    """
    if not lines:
        return f"[{source}]"
    start, end = lines
    return f"[{source}:{start}" + (f"-{end}]" if end != start else "]")


def _replay(answer: dict[str, Any]) -> list[str]:
    """The replay's trace as numbered steps, or why there is none."""
    replay = answer["replay"]
    if replay is None:
        return [_wrap(answer.get("replay_note") or "(no replay: answered from the rulings alone)")]
    out = ["Replay (rules engine):"]
    out += [_wrap(f"- {fact}", indent="  ") for fact in answer["verdict"].get("replay_summary", [])]
    out += ["", "Trace:"]
    out += [_wrap(f"{step['step']}. {step['text']}", indent="   ") for step in replay["trace"]]
    out += [_wrap(f"   refused: {r['message']}", indent="   ") for r in replay["refused"]]
    return out


def _understood(understood: dict[str, Any]) -> str:
    parts = []
    for cid in understood["characters"]:
        conditions = understood["conditions"].get(cid, [])
        conditions += [f"{c}?" for c in understood.get("asked", {}).get(cid, [])]  # asked about
        conditions += [f"({c})" for c in understood.get("implied", {}).get(cid, [])]  # unsaid
        parts.append(f"{cid} ({', '.join(conditions)})" if conditions else cid)
    text = f"Understood: {', '.join(parts) or 'no character'} · {understood['kind']}"
    for read in understood["recognised"]:
        if read.get("alternatives"):
            text += (
                f"\nRead {read['as']!r} as the {read['name']}; or did you mean "
                f"{', '.join(read['alternatives'])}?"
            )
    for item in understood["unrecognised"]:
        if item["suggestions"]:
            text += (
                f"\nNot recognised: {item['text']!r}, did you mean "
                f"{', '.join(item['suggestions'])}?"
            )
    return text


def _wrap(text: str, indent: str = "") -> str:
    return textwrap.fill(
        text, WIDTH, initial_indent=indent if indent else "", subsequent_indent=indent
    )
