"""Whether a character's protection holds against a cause other than the Demon, asked of a
whole question: "does the tea lady protect from execution", "does the monk protect from the
assassin", "is the soldier safe from the assassin", "can the fool save himself from
execution".

Answered from the sentences that name the cause: those of the protecting character's rulings
that name it ("The cause does not matter: the Demon's kill, an execution, or any other ability
cannot kill those two"; "Other causes still kill them: an execution, a Minion's ability, ..."),
and, where the cause is a character, its own rulings ("No protection and no cannot-die ability
stops it"). A sentence keeping the death off is a yes, one where the player dies all the same
a no; where the sentences disagree, or none says either, the rulings answer as usual. A
protection against the Demon is every protecting character's own case, which the replay
plays: not read here.
"""

from __future__ import annotations

import re

from service.answer import rx
from service.answer.beside import question_parts
from service.answer.kb import AnswerKB
from service.answer.phrasing import Because, clause
from service.answer.sayings import NOTHING_PREVENTS
from service.answer.understand import Understanding, question_words
from service.answer.verdict import Answer, Verdict
from service.answer.words import Condition

# "does the tea lady protect from execution", "is the soldier safe from the assassin", "can
# the fool save himself from execution", "is the sailor immune to the poisoner"
_ASKED = re.compile(
    r"^\W*(?:does|do|can|could|will|would|is|are)\b[^?.;]*?\b"
    r"(?P<verb>protect|protects|save|saves|stop|stops|block|blocks|prevent|prevents|safe|immune)\b"
    r"(?:\s+(?:him|her|them|himself|herself|themself|themselves|itself|someone|people|players?"
    r"|anyone|you|(?:the|a|an|my|our|their)\s+[\w'-]+(?:\s+[\w'-]+)?))?"
    r"\s+(?:from|against|to|vs)\s+(?:the\s+|an?\s+|being\s+|getting\s+)?"
    r"(?P<cause>[a-z][\w'’-]*)",
    re.IGNORECASE,
)
# words after "from" that name no cause
_NO_CAUSE = frozenset("dying death dead harm them him her it that this everything anything".split())
# a death that happens whatever protects: "Other causes still kill them", "They may still die
# from other causes", "they die, even if for some reason they could not", "No protection and
# no cannot-die ability stops it"
_REGARDLESS = re.compile(
    rf"\bstill (?:kill|kills|die|dies)\b|\b(?:die|dies)\b[^.;]*\beven if\b|{NOTHING_PREVENTS}",
    re.IGNORECASE,
)
# a death kept off: "cannot kill those two", "cannot die, from any cause", "remains alive",
# "the first one is prevented"
_KEPT_OFF = re.compile(
    r"\b(?:cannot|can't|can’t|can not) (?:kill|die|be killed)\b|\b(?:does|do) not die\b"
    r"|\bremains? alive\b|\b(?<!not )(?:is|are) prevented\b",
    re.IGNORECASE,
)
_IMPAIRED = frozenset({Condition.DRUNK, Condition.POISONED})
_NEGATED = re.compile(r"^\W*(?:does|do|can|could|will|would|is|are)n[o']?t\b", re.IGNORECASE)


def protected_from(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """Yes or no for a protection asked against a cause other than the Demon, from the
    sentences that name it, where they agree; else None."""
    question = u.question.strip()
    found = _ASKED.match(question)
    if found is None or _NEGATED.match(question) or len(question_parts(question)) > 1:
        return None
    words = question_words(u)
    at = {w.index for w in words if w.start >= found.start() and w.end <= found.start("verb")}
    cause_at = next((w.index for w in words if w.start == found.start("cause")), None)
    protectors = [m for m in u.mentions if m.start in at]
    causing = [m for m in u.mentions if cause_at is not None and m.start <= cause_at < m.end]
    if len({m.id for m in protectors}) != 1 or _IMPAIRED & set(
        u.conditions.get(protectors[0].id, ())
    ):
        return None  # (a drunk or poisoned protector's is another question)
    protector = protectors[0].id
    cause = _cause(causing[0].id if causing else None, found.group("cause").lower(), kb)
    if cause is None:
        return None
    cause_id, names = cause
    sentences = kb.sentences_of(protector, _naming(names))
    if cause_id is not None:
        sentences += kb.sentences_of(cause_id, _naming(_OF_PROTECTION))
    said = [
        (holds, ruling, sentence)
        for ruling, sentence in sentences
        if (holds := _holds(sentence)) is not None
    ]
    answers = {holds for holds, _, _ in said}
    if len(answers) != 1:
        return None  # (none said, or the sentences disagree: the rulings show both)
    (holds,) = answers
    quoted = list({sentence: (ruling, sentence) for _, ruling, sentence in said}.values())[:2]
    word, answer = ("Yes", Answer.YES) if holds else ("No", Answer.NO)
    text = "; ".join(clause(sentence) for _, sentence in quoted)
    because = tuple(Because.from_ruling(ruling, sentence) for ruling, sentence in quoted)
    return Verdict(answer, f"{word}: {text[0].lower()}{text[1:]}.", because, firm=True)


def _cause(cid: str | None, word: str, kb: AnswerKB) -> tuple[str | None, tuple[str, ...]] | None:
    """The character the cause is (or None) and the words that name it in a sentence: the
    character's name and its type ("a Minion's ability" for the Assassin); "execut" for an
    execution. None for the Demon (every protection's own case) or no cause."""
    if cid is not None:
        team = (kb.characters.get(cid) or {}).get("team")
        if team == "demon":
            return None
        return cid, (kb.name(cid).lower(), *((team,) if team == "minion" else ()))
    if word.rstrip("s") in ("demon", "kill", "attack") or word in _NO_CAUSE or len(word) < 4:
        return None
    return None, (word[:6],)


# the causing character's own sentences about protection: "No protection and no cannot-die
# ability stops it", "they die, even if for some reason they could not"
_OF_PROTECTION = ("protect", "cannot die", "cannot-die", "could not")


def _naming(names: tuple[str, ...]) -> re.Pattern[str]:
    """A pattern finding any of ``names`` at a word's start, in any case."""
    return rx.compiled("|".join(rf"\b{re.escape(n)}" for n in names), re.IGNORECASE)


def _holds(sentence: str) -> bool | None:
    """True where the sentence keeps the death off, False where it happens all the same."""
    if _REGARDLESS.search(sentence):
        return False
    if _KEPT_OFF.search(sentence):
        return True
    return None
