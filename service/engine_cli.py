"""``adjudicator replay FILE.json|- [--text]``: the engine from the command line.

Exit status 0 with the response on stdout; 2 with the error as JSON when the request
is refused.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from service.engine import Rulebook, replay
from service.errors import InvalidRequest, ServiceError

DEFAULT_KB = Path("instance/knowledge.sqlite")


@click.command("replay")
@click.argument("request_file", type=click.File("r", encoding="utf-8"), metavar="FILE.json|-")
@click.option("--text", "as_text", is_flag=True, help="Print the trace as readable steps.")
@click.option(
    "--kb",
    "kb_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=DEFAULT_KB,
    show_default=True,
    envvar="ADJUDICATOR_KB",
    help="The knowledge base (SQLite) built by the knowledge build.",
)
def replay_command(request_file: Any, as_text: bool, kb_path: Path) -> None:
    """Replay a game state through nights and days; print the result as JSON."""
    try:
        rules = Rulebook.from_path(kb_path)
    except FileNotFoundError as err:
        raise click.ClickException(str(err)) from err
    try:
        result = replay(_load(request_file), rules)
    except ServiceError as err:
        click.echo(json.dumps(err.to_dict(), indent=1, ensure_ascii=False))
        sys.exit(2)
    if as_text:
        click.echo(to_text(result))
    else:
        click.echo(json.dumps(result, indent=1, ensure_ascii=False))


def _load(stream: Any) -> Any:
    try:
        return json.load(stream)
    except json.JSONDecodeError as err:
        raise InvalidRequest(f"the request is not valid JSON: {err}") from err


def to_text(result: dict[str, Any]) -> str:
    """The trace as numbered steps with their sources, then the outcome."""
    lines = []
    for entry in result["trace"]:
        who = f" {entry['player']}" if entry["player"] else ""
        lines.append(f"{entry['step']:>3}. [{entry['phase']}]{who}: {entry['text']}")
        for ruling in entry["rulings"]:
            start, end = ruling["lines"]
            span = f"{start}" if start == end else f"{start}-{end}"
            lines.append(f"       - {ruling['source']}:{span} {_short(ruling['text'])}")
        for ruling in entry.get("disagreeing", []):
            lines.append(
                f"       ≠ {ruling['source']}:{ruling['lines'][0]} (disagrees) "
                f"{_short(ruling['text'])}"
            )
    for choice in result["storyteller_choices"]:
        lines.append(f"choice {choice['id']}: {choice['chosen']!r} ({choice['from']})")
    winner = result["winner"]
    lines.append(f"winner: {winner['team']} ({winner['reason']})" if winner else "winner: none")
    if result["not_simulated"]:
        lines.append(f"not simulated: {', '.join(result['not_simulated'])}")
    return "\n".join(lines)


def _short(text: str, width: int = 90) -> str:
    """A ruling's text cut to one line.

    >>> _short("a" * 100, 10)
    'aaaaaaaaa…'
    """
    return text if len(text) <= width else text[: width - 1] + "…"
