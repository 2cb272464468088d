"""The ``adjudicator`` command line: build and report the knowledge base, replay, ask."""

from __future__ import annotations

import json
import time
from pathlib import Path

import click

from knowledge import report as kb_report
from knowledge.build import DEFAULT_PATH, build_kb
from knowledge.store import open_readonly

ATTRIBUTION_GOLDEN = Path("tests/golden/attribution_000.json")


@click.group()
def main() -> None:
    """Clocktower Adjudicator: rules adjudication for Blood on the Clocktower storytellers."""


@main.group()
def kb() -> None:
    """Build and inspect the knowledge base."""


@kb.command("build")
@click.option(
    "--path",
    type=click.Path(path_type=Path),
    default=DEFAULT_PATH,
    show_default=True,
    envvar="ADJUDICATOR_KB",
    help="Where to write the SQLite knowledge base.",
)
def kb_build(path: Path) -> None:
    """Rebuild the knowledge base from knowledge/sources and knowledge/curated."""
    started = time.perf_counter()
    summary = build_kb(path, progress=lambda step: click.echo(f"  reading {step}", err=True))
    elapsed = time.perf_counter() - started
    click.echo(f"built {summary['path']} (version {summary['version']}) in {elapsed:.2f}s")
    for name, count in summary.items():
        if name not in ("path", "version"):
            click.echo(f"  {name:<18} {count}")


@kb.command("report")
@click.option(
    "--path",
    type=click.Path(path_type=Path, exists=True),
    default=DEFAULT_PATH,
    show_default=True,
    envvar="ADJUDICATOR_KB",
)
@click.option(
    "--attribution",
    type=click.Path(path_type=Path),
    default=ATTRIBUTION_GOLDEN,
    show_default=True,
    help="Golden attribution table for file 000, if present.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def kb_report_command(path: Path, attribution: Path, as_json: bool) -> None:
    """Coverage and problems: characters, rulings, tokens, jinxes, conflicts, problems."""
    data = kb_report.report(open_readonly(path), attribution)
    if as_json:
        click.echo(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        click.echo(kb_report.to_text(data))


def _attach_commands() -> None:
    """Commands of other layers, attached here so ``service.cli`` stays the one entry point."""
    from service.answer_cli import ask_command
    from service.engine_cli import replay_command

    main.add_command(replay_command, "replay")
    main.add_command(ask_command, "ask")


_attach_commands()
