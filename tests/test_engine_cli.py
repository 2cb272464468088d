"""``adjudicator replay FILE.json|- [--text]``: exit 0 with JSON, 2 with the error as JSON."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from service.engine_cli import replay_command

SCENARIO = Path(__file__).resolve().parent / "golden" / "replays" / "mayor_bounce.json"


def request_text() -> str:
    return json.dumps(json.loads(SCENARIO.read_text(encoding="utf-8"))["request"])


def test_replay_a_file_prints_the_response(kb_path: Path, tmp_path: Path) -> None:
    path = tmp_path / "request.json"
    path.write_text(request_text(), encoding="utf-8")
    result = CliRunner().invoke(replay_command, [str(path), "--kb", str(kb_path)])
    assert result.exit_code == 0, result.output
    response = json.loads(result.output)
    assert response == json.loads(SCENARIO.read_text(encoding="utf-8"))["response"]


def test_replay_stdin_as_text(kb_path: Path) -> None:
    result = CliRunner().invoke(
        replay_command, ["-", "--text", "--kb", str(kb_path)], input=request_text()
    )
    assert result.exit_code == 0, result.output
    assert "moves the Mayor's death onto Ben" in result.output
    assert "choice night2.mayor.Ann.bounce: 'Ben' (request)" in result.output
    assert "winner: none" in result.output


def test_a_refused_request_exits_2_with_the_error_as_json(kb_path: Path) -> None:
    bad = {
        "players": [{"name": "Ann", "character": "monk"}],
        "phases": [{"phase": "night", "number": 2, "actions": [{"player": "Zed"}]}],
    }
    result = CliRunner().invoke(replay_command, ["-", "--kb", str(kb_path)], input=json.dumps(bad))
    assert result.exit_code == 2
    error = json.loads(result.output)["error"]
    assert error["details"]["field"] == "phases[0].actions[0].player"


def test_invalid_json_exits_2(kb_path: Path) -> None:
    result = CliRunner().invoke(replay_command, ["-", "--kb", str(kb_path)], input="{nope")
    assert result.exit_code == 2
    assert json.loads(result.output)["error"]["code"] == "invalid-request"


def test_a_missing_knowledge_base_is_reported(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        replay_command, ["-", "--kb", str(tmp_path / "none.sqlite")], input="{}"
    )
    assert result.exit_code == 1 and "build it first" in result.output
