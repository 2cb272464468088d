"""The learned re-ranker: its model reads only features the code still computes, it is loaded
with the knowledge base, and it reorders the hand-set ranking's pool without losing or
inventing a ruling."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from service.answer.deciding import candidates, deciding_sentence
from service.answer.evaluate import read_eval
from service.answer.kb import AnswerKB
from service.answer.rerank import (
    CHOOSER,
    MODEL,
    NUMERIC,
    POOL,
    Model,
    features,
    predict,
    rerank,
    source,
    trained,
)
from service.answer.retrieve import content_words, ranked_pool, retrieve
from service.answer.understand import understand

EVAL = Path(__file__).resolve().parent / "eval"


@pytest.fixture(scope="module")
def kb(kb_path: Path) -> AnswerKB:
    return AnswerKB.from_path(kb_path)


def test_the_model_ships_beside_the_code_and_loads_with_the_knowledge_base(kb) -> None:
    assert MODEL.exists() and source(MODEL).exists()
    assert kb.ranker is trained()  # loaded once, shared
    assert set(NUMERIC) <= set(kb.ranker.columns)


def test_the_model_was_trained_on_every_evaluation_set(kb) -> None:
    """An evaluation set added (a held-out set renamed ask_dev_*, tests/eval/README.md) or
    removed without retraining fails here: bench/fit_rerank.py --write."""
    assert list(kb.ranker.trained_on) == sorted(p.stem for p in EVAL.glob("*.jsonl"))


def test_every_feature_the_model_reads_is_still_computed(kb) -> None:
    """The reasons a ruling was chosen are features by their wording: a reworded reason
    (service/answer/score.py) would silently drop out of the model. Retrain it then
    (bench/fit_rerank.py --write)."""
    columns = kb.ranker.columns
    computed: set[str] = set()
    for path in sorted(EVAL.glob("*.jsonl")):
        for row in read_eval(path):
            u = understand(row["q"], kb.vocabulary)
            pool = ranked_pool(u, kb, 8)[:POOL]
            for found in features(u, pool, kb, content_words(u, kb)):
                computed.update(found)
    assert set(columns) - computed == set()


@pytest.mark.parametrize(
    "question",
    ["drunk monk vs assassin", "how do i run the chambermaid", "po charge", "sailor executed?"],
)
def test_the_learned_order_is_a_reordering_of_the_pool(kb, question) -> None:
    u = understand(question, kb.vocabulary)
    pool = ranked_pool(u, kb, 8)[:POOL]
    again = rerank(u, pool, kb, content_words(u, kb))
    assert sorted(f.ruling["id"] for f in again) == sorted(f.ruling["id"] for f in pool)
    assert again == rerank(u, pool, kb, content_words(u, kb))  # the same every time


def test_the_hand_set_ranking_is_still_there_for_training(kb) -> None:
    u = understand("drunk monk vs assassin", kb.vocabulary)
    hand = retrieve(u, kb, learned=False).rulings
    learned = retrieve(u, kb).rulings
    assert len(hand) == len(learned) == 8
    # the same candidates, the learned ranker's choice among the pool
    assert {f.ruling["character"] for f in learned} <= {"monk", "assassin", None}


def test_the_sentence_chooser_ships_and_learned_from_every_evaluation_set(kb) -> None:
    """bench/fit_deciding.py --write retrains it (after the re-ranker: it learns from the
    re-ranker's order)."""
    assert CHOOSER.exists() and source(CHOOSER).exists()
    columns = kb.chooser.columns
    assert kb.chooser is trained(CHOOSER)
    assert list(kb.chooser.trained_on) == sorted(p.stem for p in EVAL.glob("*.jsonl"))
    computed: set[str] = set()
    for path in sorted(EVAL.glob("*.jsonl")):
        for row in read_eval(path)[:40]:
            u = understand(row["q"], kb.vocabulary)
            found = retrieve(u, kb).rulings[:3]
            if found:
                for c in candidates(u, found, kb):
                    computed.update(c.features)
    assert set(columns) - computed == set()


def test_the_sentence_chooser_only_weighs_in_beside_the_hand_set_score(kb) -> None:
    u = understand("drunk monk vs assassin", kb.vocabulary)
    found = retrieve(u, kb).rulings[:3]
    hand_set = dataclasses.replace(kb, chooser=None)
    both = deciding_sentence(u, found, kb)
    assert both[1] in {c.sentence for c in candidates(u, found, kb)}
    # without the learned score it is the best hand-set score, the first on a tie
    best = max(candidates(u, found, kb), key=lambda c: c.score)
    assert deciding_sentence(u, found, hand_set)[1] == best.sentence


def test_the_compiled_models_score_as_the_trained_ones_they_came_from(kb) -> None:
    """Answering loads the ONNX files; the training scripts write them from the XGBoost
    models beside them. Retrained without recompiling (or compiled wrong, e.g. as a
    classifier) fails here. Scores agree to float rounding (answers to all 5,093 evaluation
    questions were the same with either, 2026-12-01)."""
    import numpy
    import xgboost

    rows: dict[Path, list[list[dict[str, float]]]] = {MODEL: [], CHOOSER: []}
    for row in read_eval(EVAL / "ask.jsonl")[:60]:
        u = understand(row["q"], kb.vocabulary)
        pool = ranked_pool(u, kb, 8)[:POOL]
        rows[MODEL].append(features(u, pool, kb, content_words(u, kb)))
        found = retrieve(u, kb).rulings[:3]
        if found:
            rows[CHOOSER].append([c.features for c in candidates(u, found, kb)])
    for path, groups in rows.items():
        booster = xgboost.Booster(model_file=str(source(path)))
        booster.set_param({"nthread": 1})
        compiled, original = trained(path), Model.of_booster(booster)
        assert compiled.columns == original.columns
        assert list(compiled.trained_on) == json.loads(booster.attr("trained_on") or "[]")
        for group in groups:
            ours, theirs = predict(compiled, group), predict(original, group)
            assert numpy.allclose(ours, theirs, rtol=0, atol=1e-5)
