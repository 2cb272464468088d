"""The same question gets the same answer in every process: nothing in ask may depend on the
order of a set or a dict of strings, which changes with PYTHONHASHSEED (46756be: a float sum
over a set split two tied sentences differently from one process to the next)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# tied sentences (the Xaan's NIGHT 1 / NIGHT 2 steps), a replay, a disagreement, a jinx
QUESTIONS = [
    "xaan reminder tokens?? the night 1 night 2 ones, how do they work",
    "xaan reminders - night 1/2/3 every night? when does the X go on and when does it come off",
    "drunk monk vs assassin",
    "courtier picks lil monsta, does that stop the kills for 3 nights?",
    "imp went for the mayor last night and i bounced the kill onto the chef, so the chef died. "
    "chef is grandma's grandchild. does granny die too",
]
SCRIPT = """
import json, sys
from pathlib import Path
from service.answer import AnswerKB, ask
kb = AnswerKB.from_path(Path(sys.argv[1]))
print(json.dumps([ask(q, kb) for q in json.loads(sys.argv[2])], sort_keys=True))
"""


def _answers(seed: str, kb_path: Path) -> list:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(kb_path), json.dumps(QUESTIONS)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(out.stdout)


def test_answers_do_not_depend_on_the_hash_seed(kb_path: Path) -> None:
    assert _answers("11", kb_path) == _answers("22", kb_path)
