"""What was retrieved -> a verdict in one or two plain sentences: yes, no, storyteller or info.

Nothing here knows a rule. The verdict quotes the sentence of the best ruling that speaks to
the question and says where it comes from (for several characters, also the best word on the
next one); night order comes from the official night sheet, a jinx decides when there is one.
Yes or no is said only where it cannot be a guess: "does X go before Y" from the night sheet,
and a yes/no question about one character whose deciding sentence states, of that character
in the asked condition, the very outcome asked about ("die", "work", "wake", ...). A sentence
that leaves the outcome to the Storyteller makes the answer "storyteller". Where the deciding
ruling is one side of a confirmed disagreement, the verdict follows the more authoritative
source and names the other. When nothing speaks to the question, it says so and that the
Storyteller decides; when no character is recognised, it says what was not and the nearest
names.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Any

from service.answer.kb import AnswerKB
from service.answer.retrieve import Retrieved, content_words
from service.answer.score import WORDING, Found
from service.answer.understand import Understanding
from service.answer.words import Kind

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z“\"(])")
_CHOICE = re.compile(
    r"judge?ment call|storyteller'?s? (?:choice|call|discretion)|your (?:choice|discretion|call)"
    r"|the storyteller (?:chooses|decides|may)|\byou may\b|\bup to (?:you|the storyteller)\b"
    r"|\bmight\b|either answer will do|whether to\b", re.IGNORECASE)
_NEGATIVE = re.compile(r"\b(?:not|no|nothing|nobody|none|never|cannot|can't|doesn't|don't|"
                       r"isn't|neither|nor|without)\b|n't\b", re.IGNORECASE)
_AUXILIARY = re.compile(r"(?:^|[,;-]\s*)(?:can|could|does|do|did|is|are|was|were|will|would|"
                        r"should|shall|must|has|have|may)\b", re.IGNORECASE)
_QUESTION_NEGATION = re.compile(r"\b(?:not|cant|can't|cannot|doesnt|doesn't|dont|don't|isnt|"
                                r"isn't|wont|won't|never)\b", re.IGNORECASE)


# outcome words a yes/no question asks about -> a common stem
OUTCOMES = {w: stem for stem, words in {
    "die": "die dies died dying", "kill": "kill kills killed", "work": "work works working",
    "protect": "protect protects protected protection safe", "wake": "wake wakes woken",
    "trigger": "trigger triggers triggered", "count": "count counts counted",
    "win": "win wins won", "lose": "lose loses lost", "learn": "learn learns learned learnt",
    "stop": "stop stops stopped", "change": "change changes changed",
}.items() for w in words.split()}


class Answer(enum.StrEnum):
    YES = "yes"
    NO = "no"
    STORYTELLER = "storyteller"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Verdict:
    answer: Answer
    text: str

    def to_dict(self) -> dict[str, str]:
        return {"answer": str(self.answer), "text": self.text}


def decide(u: Understanding, found: Retrieved, kb: AnswerKB) -> Verdict:
    """The verdict for a question from its understanding and its rulings (the replay's
    facts are added by :func:`service.answer.outcome.with_replay`)."""
    if not u.characters:
        return _unrecognised(u)
    if u.kind is Kind.NIGHT_ORDER and found.night_order:
        return _night_order(u, found, kb)
    if found.jinxes:
        jinx = found.jinxes[0]
        text = f"The official jinx decides this: {jinx['reason']} ({jinx['source']})."
        return Verdict(Answer.INFO, _with_conflicts(text, found, kb))
    if not found.rulings:
        names = ", ".join(kb.name(c) for c in u.characters)
        return Verdict(Answer.STORYTELLER, f"Nothing in the sources speaks to this about the "
                       f"{names}: the storyteller decides.")
    if u.kind is Kind.REMINDERS:
        return Verdict(Answer.INFO, _reminders(u, found, kb))
    verdict = _from_rulings(u, found, kb)
    return Verdict(verdict.answer, _with_conflicts(verdict.text, found, kb))


def _unrecognised(u: Understanding) -> Verdict:
    hints = [f"'{x.text}' (did you mean {_or(x.suggestions)}?)" for x in u.unrecognised
             if x.suggestions]
    text = "I could not tell which character this is about, so I cannot answer it."
    if hints:
        text += " Not recognised: " + "; ".join(hints) + "."
    return Verdict(Answer.INFO, text)


def _or(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


# ---- from rulings -------------------------------------------------------------------------


def _reminders(u: Understanding, found: Retrieved, kb: AnswerKB) -> str:
    parts = []
    for cid in u.characters:
        tokens = [t["name"] for t in found.reminders.get(cid, ())]
        listed = ", ".join(dict.fromkeys(tokens)) if tokens else "none recorded"
        parts.append(f"Reminder tokens for the {kb.name(cid)}: {listed}.")
    best, sentence = deciding_sentence(u, found.rulings[:3], kb)
    return " ".join(parts) + f" {sentence} ({_where(best)})"


def _from_rulings(u: Understanding, found: Retrieved, kb: AnswerKB) -> Verdict:
    best, sentence = deciding_sentence(u, found.rulings[:3], kb)
    best, sentence, other_side = _authoritative(best, sentence, u, found, kb)
    cite = f"{sentence} ({_where(best)})"
    if u.kind is Kind.HOW_TO_RUN:
        name = kb.name(u.characters[0])
        return Verdict(Answer.INFO, f"To run the {name}: {cite} The rulings below give the "
                       f"rest, in order of relevance.")
    tail = " ".join(t for t in (_second_voice(u, found, best, kb), other_side) if t)
    tail = f" {tail}" if tail else ""
    if _CHOICE.search(sentence):
        return Verdict(Answer.STORYTELLER, f"The storyteller's choice: {cite}{tail}")
    polarity = _polarity(u, best, sentence, kb)
    if polarity is not None:
        word = "Yes" if polarity else "No"
        return Verdict(Answer.YES if polarity else Answer.NO, f"{word}: {cite}{tail}")
    return Verdict(Answer.INFO, f"{cite}{tail}")


def _authoritative(best: Found, sentence: str, u: Understanding, found: Retrieved,
                   kb: AnswerKB) -> tuple[Found, str, str]:
    """Where the deciding ruling is one side of a confirmed disagreement, follow the most
    authoritative side and name the other."""
    for conflict in found.conflicts:
        ids = set(conflict.get("ruling_ids") or ())
        if best.ruling["id"] not in ids:
            continue
        sides = [f for f in found.rulings if f.ruling["id"] in ids]
        ranked = sorted(sides, key=lambda f: -kb.authority.get(f.ruling["source"], 1))
        if ranked and kb.authority.get(ranked[0].ruling["source"], 1) > kb.authority.get(
                best.ruling["source"], 1):
            other = f"({best.ruling['source']} says otherwise: {sentence})"
            chosen = ranked[0]
            return chosen, deciding_sentence(u, (chosen,), kb)[1], other
    return best, sentence, ""


def deciding_sentence(u: Understanding, rulings: tuple[Found, ...], kb: AnswerKB
                      ) -> tuple[Found, str]:
    """The ruling and sentence that speak most directly to the question."""
    words = set(content_words(u))
    best: tuple[float, int, Found, str] | None = None
    for rank, found in enumerate(rulings):
        for sentence in split_sentences(found.ruling["text"]):
            score = _sentence_score(sentence, u, words, kb) - 0.5 * rank
            if best is None or score > best[0]:
                best = (score, -rank, found, sentence)
    assert best is not None  # rulings is never empty here
    return best[2], best[3]


def split_sentences(text: str) -> list[str]:
    """Sentences of a ruling (a quoted ability line stays whole).

    >>> split_sentences("Wake the Monk. They point to a player.")
    ['Wake the Monk.', 'They point to a player.']
    """
    return [s.strip() for s in _SENTENCE.split(text) if s.strip()]


def _sentence_score(sentence: str, u: Understanding, words: set[str], kb: AnswerKB) -> float:
    lower = sentence.lower()
    score = sum(1.0 for w in words if re.search(rf"\b{re.escape(w[:5])}", lower))
    score += 0.5 if re.search(r"\b(?:they|you)\b", lower) and "choose" in lower else 0.0
    asked = {c for conds in u.conditions.values() for c in conds}
    for cid in u.characters:
        name = kb.name(cid).lower()
        for condition in asked:
            if _about(lower, name, condition):
                score += 3.0 if condition in u.conditions.get(cid, ()) else -3.0
    return score + sum(1.5 for cid in u.characters if kb.name(cid).lower() in lower)


def _about(sentence: str, name: str, condition: Any) -> bool:
    """"the monk is drunk", "the drunk monk": the condition said of that character."""
    cond = WORDING[condition]
    near = r"(?:\W+\w+){0,3}?\W+"
    return bool(re.search(rf"\b{re.escape(name)}{near}(?:{cond})", sentence)
                or re.search(rf"(?:{cond})\w*\W+(?:the\W+)?{re.escape(name)}\b", sentence))


def _polarity(u: Understanding, best: Found, sentence: str, kb: AnswerKB) -> bool | None:
    """True/False for a yes/no question about one character whose outcome ("die", "work",
    "wake", ...) the deciding sentence states, of that character in the asked condition.

    Interactions get no yes/no from one ruling; nor does a sentence that does not repeat the
    outcome asked about ("stay drunk" is not answered by "becomes sober" this way).
    """
    if len(u.characters) != 1 or not _AUXILIARY.search(u.question.strip()):
        return None
    if _QUESTION_NEGATION.search(u.question):
        return None
    cid = u.characters[0]
    asked = u.conditions.get(cid, ())
    if not asked or not any(_about(sentence.lower(), kb.name(cid).lower(), c) for c in asked):
        return None
    outcomes = {OUTCOMES[w] for w in re.findall(r"[a-z]+", u.question.lower()) if w in OUTCOMES}
    consequence = sentence.split(",", 1)[-1].lower()
    said = {OUTCOMES[w] for w in re.findall(r"[a-z]+", consequence) if w in OUTCOMES}
    if not outcomes & said:
        return None
    return not _NEGATIVE.search(consequence)


def _second_voice(u: Understanding, found: Retrieved, best: Found, kb: AnswerKB) -> str:
    """For a question about several characters, the best word on another one."""
    if len(u.characters) < 2:
        return ""
    covered = {best.ruling["character"]}
    others = tuple(f for f in found.rulings[:5]
                   if f.ruling["character"] in u.characters
                   and f.ruling["character"] not in covered)
    if not others:
        return ""
    item, sentence = deciding_sentence(u, others, kb)
    return f"On the {kb.name(item.ruling['character'])}: {sentence} ({_where(item)})"


def _where(found: Found) -> str:
    ruling = found.ruling
    start, end = ruling["lines"]
    lines = f"{start}" if start == end else f"{start}-{end}"
    return f"{ruling['source']}:{lines}"


# ---- night order, conflicts ---------------------------------------------------------


def _night_order(u: Understanding, found: Retrieved, kb: AnswerKB) -> Verdict:
    parts = []
    for night in ("first", "other"):
        rows = sorted((r for r in found.night_order if r["night"] == night),
                      key=lambda r: r["position"])
        if not rows:
            continue
        listed = ", then ".join(f"the {r['name']} (step {r['position']})" for r in rows)
        absent = [kb.name(c) for c in u.characters if all(r["id"] != c for r in rows)]
        label = "On the first night" if night == "first" else "On other nights"
        part = f"{label}: {listed}"
        if absent:
            part += f" ({', '.join(absent)} not woken)"
        parts.append(part)
    text = "; ".join(parts) + " — official night sheet."
    answer = _before_after(u, found.night_order)
    if answer is not None:
        text = ("Yes. " if answer else "No. ") + text
        return Verdict(Answer.YES if answer else Answer.NO, text)
    return Verdict(Answer.INFO, text)


def _before_after(u: Understanding, rows: tuple[dict[str, Any], ...]) -> bool | None:
    """"does X go before Y": compare their positions on the night asked (or the other nights)."""
    match = re.search(r"\b(before|after)\b", u.question.lower())
    if len(u.characters) != 2 or not match or not _AUXILIARY.search(u.question.strip()):
        return None
    if re.search(r"\bbefore or after\b|\bafter or before\b", u.question.lower()):
        return None
    night = u.night or ("other" if sum(r["night"] == "other" for r in rows) == 2 else "first")
    pos = {r["id"]: r["position"] for r in rows if r["night"] == night}
    a, b = u.characters
    if a not in pos or b not in pos:
        return None
    return (pos[a] < pos[b]) == (match.group(1) == "before")


def _with_conflicts(text: str, found: Retrieved, kb: AnswerKB) -> str:
    leading = {f.ruling["id"] for f in found.rulings[:3]}
    relevant = [c for c in found.conflicts if leading & set(c.get("ruling_ids") or ())]
    for conflict in relevant[:1]:  # the most relevant one; all are listed beside the verdict

        sides = conflict.get("sides") or []
        if len(sides) < 2:
            continue
        ranked = sorted(sides, key=lambda s: -kb.authority.get(s.get("source", ""), 1))
        quoted = "; ".join(f"{s.get('source')} says “{s.get('quote') or s.get('text')}”"
                           for s in sides)
        text += (f" The sources disagree ({conflict.get('topic')}): {quoted}. This answer "
                 f"follows {ranked[0].get('source')}, the more authoritative source.")
    return text
