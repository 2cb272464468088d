"""A learned second look at the ranking: reorder the best candidates by how likely each is to
decide the question, as storytellers' evaluation questions taught it.

The hand-set ranking (:mod:`service.answer.score`, :mod:`service.answer.retrieve`) orders
every candidate. An XGBoost ranker (LambdaMART, trained by ``bench/fit_rerank.py``) then
reorders its best ``POOL`` from what the ranking already knows about each: its place and
score, the reasons it was chosen (their wording with the character names taken out), its
section and source, its length, its place among its character's paragraphs, the question's
words it shares (and how rare they are), whether it is about the first character named, and
the kind of question. What the answer promises is kept afterwards, as for the hand-set
order (retrieve.presented): every named character, the jinx, both sides of a disagreement.
The model (``rerank.json``) names its features; a feature it does not know is ignored, one
it knows that is not computed here counts 0 (tests/test_ask_rerank.py checks there is none).

Why learned: the hand-set weights were fitted by coordinate ascent and had stopped gaining
(one warm pass: 89.9% -> 90.0% of must-cite phrases found); the reasons combine in ways a
weighted sum does not. Held out by whole sets (``bench/fit_rerank.py --cv``) it finds 94.2%
of the phrases against the hand-set order's 89.9%.

Why XGBoost: its Linux wheel carries its own OpenMP runtime (LightGBM's needs the system's
libgomp, which a slim machine lacks), and its JSON model format is stable across versions.
It trains the models (``rerank.json``, ``deciding.json``, kept as trained).

Why ONNX Runtime to answer with them: the training scripts compile each model's trees to an
ONNX file beside it (``rerank.onnx``, ``deciding.onnx``: the same trees, scores equal to
within float rounding, tests/test_ask_rerank.py), and answering loads that. XGBoost's
prediction call costs about 0.3 ms however few the rows (its Python wrapper rebuilds its
arguments and output on every call), a fifth of an answer's time over two or three calls;
ONNX Runtime's costs about 0.05 ms.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from service.answer import rx
from service.answer.words import stem

if TYPE_CHECKING:
    from service.answer.kb import AnswerKB
    from service.answer.score import Found
    from service.answer.understand import Understanding

MODEL = Path(__file__).with_name("rerank.onnx")  # answering loads the ONNX files; each was
# compiled from the trained model beside it (source(): rerank.json, deciding.json)
POOL = 20  # candidates the model reorders
# numeric features, in the order the training script lists them first
NUMERIC = (
    "rank",
    "score",
    "gap",
    "share",
    "reasons",
    "length",
    "also_in",
    "position",
    "shared",
    "shared_rarity",
    "covered",
    "about_first",
    "about_named",
    "general",
    "characters",
    "conditions",
)
_NOT_NAME = re.compile(r"[^a-z0-9]+")
_ASIDE = re.compile(r"\s*\([^)]*\)")


@functools.lru_cache(maxsize=4096)
def feature_name(group: str, value: str) -> str:
    """A categorical value as a model feature ("why", "tagged drunk" -> "why_tagged_drunk")."""
    return f"{group}_{_NOT_NAME.sub('_', value.lower()).strip('_')}"


@functools.lru_cache(maxsize=16384)
def reason(why: str, names: tuple[str, ...]) -> str:
    """A reason's wording with the character names and asides taken out.

    >>> reason("speaks of the minion (the Assassin is one)", ("Assassin",))
    'speaks of the minion'
    >>> reason("touches what the Fortune Teller does", ("Fortune Teller", "Recluse"))
    'touches what the X does'
    """
    for name in names:
        why = why.replace(name, "X")
    return _ASIDE.sub("", why).strip()


def features(
    u: Understanding, found: Sequence[Found], kb: AnswerKB, words: Sequence[str]
) -> list[dict[str, float]]:
    """Each candidate's features, by name (``words``: the question's content words)."""
    stems = {stem(w) for w in words}
    top = max((f.score for f in found), default=0.0) or 1.0
    named = tuple(
        sorted(
            {kb.name(c) for c in u.characters}
            | {kb.name(f.ruling["character"]) for f in found if f.ruling["character"]},
            key=len,
            reverse=True,
        )
    )
    conditions = sum(len(v) for v in u.conditions.values())
    out = []
    for rank, f in enumerate(found):
        ruling = f.ruling
        row = {
            "rank": float(rank),
            "score": f.score,
            "gap": top - f.score,
            "share": f.score / top,
            "reasons": float(len(f.why)),
            "length": math.log1p(len(ruling["text"].split())),
            "also_in": float(len(f.also_in)),
            "position": float(kb.position.get(ruling["id"], 9)),
            **shared_words(stems, ruling["text"], kb),
            "about_first": float(bool(u.characters) and ruling["character"] == u.characters[0]),
            "about_named": float(ruling["character"] in u.characters),
            "general": float(ruling["character"] is None),
            "characters": float(len(u.characters)),
            "conditions": float(conditions),
            feature_name("section", ruling["section"] or "none"): 1.0,
            feature_name("source", (ruling["source"] or "")[:3]): 1.0,
            feature_name("kind", str(u.kind)): 1.0,
        }
        for why in f.why:
            row[feature_name("why", reason(why, named))] = 1.0
        out.append(row)
    return out


CHOOSER = Path(__file__).with_name("deciding.onnx")  # the deciding sentence's chooser


def source(path: Path) -> Path:
    """The trained model (XGBoost's JSON, what bench/fit_rerank.py writes) an ONNX file was
    compiled from."""
    return path.with_suffix(".json")


@dataclass(frozen=True, slots=True, eq=False)
class Model:
    """A trained model as answering uses it: scores for a matrix of feature rows (float32,
    one column per feature), the column of each feature it knows, and the evaluation sets it
    learned from."""

    scores: Callable[[Any], Any]
    columns: dict[str, int]
    trained_on: tuple[str, ...] = ()

    @classmethod
    def of_booster(cls, booster: Any, trained_on: Sequence[str] = ()) -> Model:
        """An XGBoost booster as a model (training and checking; answering loads ONNX)."""
        return cls(
            lambda matrix: booster.inplace_predict(matrix, validate_features=False),
            {name: i for i, name in enumerate(booster.feature_names or ())},
            tuple(trained_on),
        )


def session(path: Path) -> tuple[Any, dict[str, int], tuple[str, ...]]:
    """An ONNX file compiled by a training script, opened for answering: its session, the
    column of each feature it reads, and the evaluation sets it learned from."""
    import onnxruntime  # imported here, once: the module costs a fifth of a second to load

    options = onnxruntime.SessionOptions()
    # one thread: twenty rows need no more, and a pool of threads per gunicorn worker fights
    # the other workers for the cores
    options.intra_op_num_threads = options.inter_op_num_threads = 1
    options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
    opened = onnxruntime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    meta = opened.get_modelmeta().custom_metadata_map
    names = json.loads(meta["feature_names"])
    return (
        opened,
        {name: i for i, name in enumerate(names)},
        tuple(json.loads(meta.get("trained_on", "[]"))),
    )


@functools.cache
def trained(path: Path = MODEL) -> Model:
    """A trained model (the re-ranker by default), loaded once from its ONNX file."""
    opened, columns, trained_on = session(path)
    feed = opened.get_inputs()[0].name
    return Model(lambda matrix: opened.run(None, {feed: matrix})[0].ravel(), columns, trained_on)


def matrix(rows: Sequence[Mapping[str, float]], columns: Mapping[str, int], missing: float = 0.0):
    """Rows of features by name as a float32 matrix, one column per feature a model reads (a
    name it does not read is ignored; one a row lacks is ``missing``)."""
    import numpy

    out = numpy.full((len(rows), len(columns)), missing, dtype=numpy.float32)
    for i, row in enumerate(rows):
        for name, value in row.items():
            column = columns.get(name)
            if column is not None:
                out[i, column] = value
    return out


def predict(model: Model, rows: Sequence[dict[str, float]]):
    """A model's scores for rows of features by name (a name it does not know is ignored)."""
    return model.scores(matrix(rows, model.columns))


def shared_words(stems: set[str], text: str, kb: AnswerKB) -> dict[str, float]:
    """The question's word stems a text (a ruling, or a sentence of one) shares: how many,
    how rare together, and what share of the question's."""
    shared = stems & stems_of(text)
    return {
        "shared": float(len(shared)),
        "shared_rarity": sum(kb.rarity(s) for s in shared),
        "covered": len(shared) / (len(stems) or 1),
    }


@functools.lru_cache(maxsize=16384)
def stems_of(text: str) -> frozenset[str]:
    """The stems of a text's words (a ruling's or a sentence's), kept for the next question."""
    return frozenset(stem(t) for t in rx.findall(r"\w+", text.lower()))


def rerank(
    u: Understanding,
    found: Sequence[Found],
    kb: AnswerKB,
    words: Sequence[str],
    *,
    model: Model | None = None,
) -> list[Found]:
    """``found`` (the hand-set ranking's best) in the model's order; ties keep their order.
    ``model``: a ranker and its feature columns other than the one loaded with ``kb``."""
    if len(found) < 2:
        return list(found)
    scores = predict(model or kb.ranker, features(u, found, kb, words))
    order = sorted(range(len(found)), key=lambda i: (-round(float(scores[i]), 9), i))
    return [found[i] for i in order]
