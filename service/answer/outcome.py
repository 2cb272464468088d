"""The verdict with the replay's facts: what happened when the situation was played out.

The facts are the engine's own sentences (a death, a survival, a Minion becoming the Imp,
what an information ability learnt), with the ruling the engine cited for them and the
storyteller decisions the replay took by default. They decide the verdict only for a yes/no
question about a death ("does the Soldier die", "can the Imp kill himself"), where the replay
shows whether the player it is about died; otherwise they stand beside the rulings' answer.
When there is no usable replay, the verdict says why and that it rests on the rulings alone.
"""

from __future__ import annotations

import re
from typing import Any

from service.answer.kb import AnswerKB
from service.answer.replayed import Replayed, choices, cited, outcomes, setup
from service.answer.understand import Understanding
from service.answer.verdict import Answer, Verdict
from service.answer.words import Condition

# a yes/no clause: an auxiliary opening the question or a clause of it ("…, does X die")
_YES_NO = re.compile(r"(?:^|[,;-]\s*)(?:can|could|does|do|did|is|are|was|were|will|would)\b.*$",
                     re.IGNORECASE)
_DUTY = re.compile(r"\b(?:have to|has to|need to|needs to|must|should|supposed to)\b")
_DEATH = re.compile(r"\b(?:die|dies|died|kill|kills|killed|survive|survives|live|lives)\b")
_LIFE = re.compile(r"\b(?:survive|survives|live|lives)\b")
_WIN = re.compile(r"\b(?:win|wins|won|lose|loses|lost)\b")
_LOSE = re.compile(r"\b(?:lose|loses|lost)\b")
_SIDE = re.compile(r"\b(good|evil)\b")
MAX_CHOICES = 2


def with_replay(verdict: Verdict, u: Understanding, played: Replayed | None,
                kb: AnswerKB) -> Verdict:
    """``verdict`` with what the replay showed (or why there is none)."""
    if played is None:
        return verdict
    if not played.usable:
        return Verdict(verdict.answer, f"{verdict.text} {note(played, kb)}")
    facts = facts_text(played, u, kb)
    decided = decided_by(played, u)
    if decided is None:
        return Verdict(verdict.answer, f"{verdict.text} {facts}")
    word, answer = ("Yes", Answer.YES) if decided else ("No", Answer.NO)
    rest = re.sub(r"^(?:Yes|No): ", "", verdict.text)
    return Verdict(answer, f"{word}: {facts} {rest}")


def note(played: Replayed | None, kb: AnswerKB) -> str | None:
    """Why the answer has no replay, when one was tried."""
    if played is None or played.usable:
        return None
    if played.not_simulated:
        names = " or the ".join(kb.name(c) for c in played.not_simulated)
        return (f"The rules engine does not simulate the {names} yet, so no replay is shown "
                f"and this answer rests on the rulings alone.")
    return (f"The rules engine refused the replay ({played.error}), so this answer rests on "
            f"the rulings alone.")


def facts_text(played: Replayed, u: Understanding, kb: AnswerKB) -> str:
    """The replay in a few sentences: the set-up, the outcomes, refusals, choices, citations."""
    response = played.response or {}
    named = _named_players(played, u)
    steps = outcomes(response)
    happened = "; ".join(s["text"].rstrip(".") for s in steps) or _quiet(response)
    parts = [f"In a replay ({setup(played.request, named, kb.name)}): {happened}."]
    parts += [f"The engine refuses {_removed(r)}: {r['message']}." for r in played.refused]
    parts += [f"Storyteller's choice: {c['question']} (the replay took {c['chosen']})."
              for c in choices(response)[:MAX_CHOICES]]
    rulings = cited(response, steps, lambda rid: kb.rulings.get(rid, {}).get("section"))
    if rulings:
        parts.append("The engine cites " + "; ".join(_quote(r) for r in rulings) + ".")
    return " ".join(parts)


def _quiet(response: dict[str, Any]) -> str:
    deaths = response.get("deaths") or []
    return f"{', '.join(deaths)} died" if deaths else "nobody dies"


def _removed(refusal: dict[str, Any]) -> str:
    removed = refusal["removed"]
    if "player" in removed:
        return f"{removed['player']}'s choice"
    return f"the {removed.get('type', 'event')} by {removed.get('by', 'the Storyteller')}"


def _quote(ruling: dict[str, Any]) -> str:
    start, end = ruling["lines"]
    lines = f"{start}" if start == end else f"{start}-{end}"
    return f"{ruling['source']}:{lines} (“{ruling['sentence'].strip(chr(34))}”)"


def _named_players(played: Replayed, u: Understanding) -> set[str]:
    return {p["name"] for p in played.request["players"] if p["character"] in u.characters}


def decided_by(played: Replayed, u: Understanding) -> bool | None:
    """Yes/no for a yes/no question about a death ("…, does the Soldier die"), from whether
    its subject died; not for a duty ("do I have to kill both")."""
    clause = _YES_NO.search(u.question.strip())
    asked = clause.group(0).lower() if clause else ""
    if _DUTY.search(asked):
        return None
    if asked.startswith(("can", "could")) and _refused_named(played, u):
        return False
    if _WIN.search(asked):
        return _won(played, asked, u)
    if not _DEATH.search(asked):
        return None
    subjects = _subjects(played, u)
    if not subjects:
        return None
    died = bool(subjects & set((played.response or {}).get("deaths") or []))
    return not died if _LIFE.search(asked) else died


def _refused_named(played: Replayed, u: Understanding) -> bool:
    """Whether the engine refused a named character's choice (the rules forbid it)."""
    named = _named_players(played, u)
    return any(r["removed"].get("player") in named or r["removed"].get("by") in named
               for r in played.refused)


def _won(played: Replayed, asked: str, u: Understanding) -> bool | None:
    """"…, do they lose": whether the side asked about won (lost) in a replay where someone
    died, so that the game could have ended."""
    response = played.response or {}
    if not response.get("deaths"):
        return None
    side = _SIDE.search(asked)
    team = side.group(1) if side else _side_of_first_named(played, u)
    winner = (response.get("winner") or {}).get("team")
    if team is None:
        return None
    return (winner is not None and winner != team) if _LOSE.search(asked) else winner == team


def _side_of_first_named(played: Replayed, u: Understanding) -> str | None:
    players = (played.response or {}).get("players", {})
    named = [p["name"] for p in played.request["players"] if p["character"] in u.characters]
    return players[named[0]]["alignment"] if named and named[0] in players else None


def _subjects(played: Replayed, u: Understanding) -> set[str]:
    """Who the death question is about: the named characters it says die, else whoever the
    named characters' choices targeted."""
    players = played.request["players"]
    dying = {p["name"] for p in players
             if Condition.DEAD in u.conditions.get(p["character"], ())}
    if dying:
        return dying
    named = _named_players(played, u)
    return {t for phase in played.request["phases"] for a in phase.get("actions", [])
            if a["player"] in named for t in a.get("targets", [])}
