"""A learned second look at the kind of question: interaction, how to run, reminders, night
order or a single ruling, as storytellers' evaluation questions taught it.

The rules (:func:`service.answer.understand.classify` and the turns after it) read the kind
from a few patterns ("how do i run", "what reminders", "who wakes first"). Storytellers ask
each kind in more ways than patterns cover. An XGBoost classifier (trained by
``bench/fit_kind.py``) reads the question's words (stemmed, every character's name written as
its team, so that it learns "how do i run the TEAM_townsfolk" once for all of them), its word
pairs and opening words, what the rules read (their kind, how many characters and
conditions, whether a night is told), whether two characters named have a jinx, and
gives each kind a probability; the answer takes the likeliest.

Why learned rather than more patterns: sessions of patterns written from sets read moved the
kind little on sets not read; a classifier over words generalises to new writers. Held out
by whole sets (``bench/fit_kind.py --cv``) the rules give the writer's kind on 89.0% of
questions and the model on 94.3%; on the held sets it never learned from, 89.0% -> 95.0%
(142-181) and 79.2% -> 86.8% (182-191), where two people agree on 95-97%.

The rules' kind is still what the conditions were read with (a night-order question's night
is every named character's, :mod:`service.answer.attach`), and what the re-ranker and the
chooser of the deciding sentence were trained on (bench/fit_kind.py says why); the learned
kind is what the answer is built for (the rulings ranked, the verdict, whether a how-to-run
question tells a situation, and so is replayed). The model is compiled to ONNX like the
re-ranker's (:mod:`service.answer.rerank`) and loaded with the knowledge base; without it (a
model file removed) the rules' kind stands.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from service.answer.rerank import matrix, session
from service.answer.understand import TIMES, Understanding
from service.answer.words import Kind, stem

MODEL = Path(__file__).with_name("kind.onnx")  # compiled from kind.json (bench/fit_kind.py)
KINDS = tuple(Kind)  # the classes, in the model's order (reordering Kind needs retraining)
NUMERIC = ("jinx", "characters", "conditions", "night", "length", "asks")
_ODD = re.compile(r"[\[\]<\s]")  # no feature name may hold them (XGBoost's rule)
OPENING = 3  # the first words, each a feature of its own ("how do i ...")


def tokens(u: Understanding, teams: Mapping[str, str]) -> list[str]:
    """The question's words as the model reads them: stemmed, a number as ``NUM``, a
    character's name as its team (``TEAM_demon``), a sentence's start as ``SENT``.

    Needs the words the mentions count in (an Understanding built by hand has none: no
    tokens)."""
    starts = {m.start: m for m in u.mentions}
    words = u.words
    out: list[str] = []
    i = 0
    while i < len(words):
        mention = starts.get(i)
        if mention is not None and mention.end > i:
            out.append(f"TEAM_{teams.get(mention.id) or 'unknown'}")
            i = mention.end
            continue
        word = words[i]
        if word.opens_sentence and out:
            out.append("SENT")
        bare = word.bare
        if bare.isalpha():
            out.append(stem(bare))
        else:
            out.append("NUM" if bare.isdigit() else _ODD.sub("_", bare))
        i += 1
    return out


def features(
    u: Understanding, teams: Mapping[str, str], jinxed: Collection[frozenset[str]] = ()
) -> dict[str, float]:
    """The question's features, by name: its words, word pairs and opening words, what the
    rules read of it, and whether two characters it names have a jinx (``jinxed``: the
    pairs that do), which makes "can the summoner make a pukka on n2" a question of their
    interaction, not of the night order."""
    said = tokens(u, teams)
    named = u.characters
    row: dict[str, float] = {
        "jinx": float(
            any(frozenset((a, b)) in jinxed for i, a in enumerate(named) for b in named[i + 1 :])
        ),
        "characters": float(len(u.characters)),
        "conditions": float(sum(len(c) for c in u.conditions.values())),
        "night": float(any(c in TIMES for cs in u.conditions.values() for c in cs)),
        "length": float(len(u.words)),
        "asks": float(sum(1 for w in u.words if w.asks)),
        f"rules_{u.kind}": 1.0,
    }
    for word in said:
        row[f"w_{word}"] = 1.0
    for first, second in zip(said, said[1:], strict=False):
        row[f"b_{first}_{second}"] = 1.0
    for word in said[:OPENING]:
        row[f"open_{word}"] = 1.0
    return row


@dataclasses.dataclass(frozen=True, slots=True, eq=False)
class Classifier:
    """A trained kind classifier as answering uses it: each kind's probability for rows of
    features (float32, one column per feature), the column of each feature it knows, and the
    evaluation sets it learned from."""

    probabilities: Any  # Callable[[matrix], matrix of rows x len(KINDS)]
    columns: dict[str, int]
    trained_on: tuple[str, ...] = ()

    def kind(self, row: Mapping[str, float]) -> Kind:
        """The likeliest kind for one question's features (a feature it does not know is
        ignored; one it knows that the question lacks is missing, NaN, as in training: the
        trees learned where a missing word goes)."""
        import numpy

        chances = self.probabilities(matrix([row], self.columns, missing=numpy.nan))
        return KINDS[int(numpy.argmax(chances[0]))]


# which of two acts first, asked in so many words: the learned kind does not overrule it
_WHICH_FIRST = re.compile(
    r"\b(?:who|which(?: one)?) (?:kills|attacks|poisons|protects|picks|chooses|goes|wakes|acts)"
    r" (?:first|1st)\b"
)


# the night order asked in so many words, in a short question
_SHORT_ORDER = re.compile(r"\border\b(?! to\b)", re.IGNORECASE)
SHORT = 10  # words


@functools.cache
def trained(path: Path = MODEL) -> Classifier:
    """The kind classifier, loaded once from its ONNX file."""
    opened, columns, trained_on = session(path)
    feed = opened.get_inputs()[0].name
    output = [o.name for o in opened.get_outputs()].index("probabilities")
    return Classifier(lambda rows: opened.run(None, {feed: rows})[output], columns, trained_on)


def relearned(
    u: Understanding,
    classifier: Classifier | None,
    teams: Mapping[str, str],
    jinxed: Collection[frozenset[str]] = (),
) -> Understanding:
    """``u`` with the learned kind (``situation`` follows it); ``u`` itself without a
    classifier or without the words read."""
    if classifier is None or not u.words:
        return u
    if u.kind is Kind.NIGHT_ORDER and _WHICH_FIRST.search(u.question.lower()):
        return u  # "lycanthrope and the imp, who kills first": the order, whatever else it names
    if u.kind is Kind.NIGHT_ORDER and _SHORT_ORDER.search(u.question) and len(u.words) <= SHORT:
        # "order of the imp and the monk": the order asked in few words, which the model,
        # taught on longer questions, read as the two characters' interaction
        return u
    kind = classifier.kind(features(u, teams, jinxed))
    return u if kind is u.kind else dataclasses.replace(u, kind=kind)
