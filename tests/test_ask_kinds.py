"""The learned kind of question: its model reads only features the code still computes, is
loaded with the knowledge base, answers as the trained model it was compiled from, and the
answer is built for the kind it gives."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy
import pytest

from service.answer.ask import ask, understood
from service.answer.evaluate import read_eval
from service.answer.kb import AnswerKB
from service.answer.kinds import KINDS, MODEL, NUMERIC, Classifier, features, relearned, trained
from service.answer.rerank import matrix
from service.answer.understand import Understanding, understand
from service.answer.words import Kind

EVAL = Path(__file__).resolve().parent / "eval"


@pytest.fixture(scope="module")
def kb(kb_path: Path) -> AnswerKB:
    return AnswerKB.from_path(kb_path)


@pytest.fixture(scope="module")
def rows(kb) -> list[dict[str, float]]:
    """Every evaluation question's features, as the rules read it."""
    return [
        features(understand(row["q"], kb.vocabulary), kb.vocabulary.teams, kb.jinxes)
        for path in sorted(EVAL.glob("*.jsonl"))
        for row in read_eval(path)
    ]


def test_the_model_ships_beside_the_code_and_loads_with_the_knowledge_base(kb) -> None:
    assert MODEL.exists() and MODEL.with_suffix(".json").exists()
    assert kb.kinds is trained()  # loaded once, shared
    assert set(NUMERIC) <= set(kb.kinds.columns)


def test_the_model_was_trained_on_every_evaluation_set(kb) -> None:
    """An evaluation set added or removed without retraining fails here: `make train`."""
    assert list(kb.kinds.trained_on) == sorted(p.stem for p in EVAL.glob("*.jsonl"))


def test_every_feature_the_model_reads_is_still_computed(kb, rows) -> None:
    """A word the tokenizer now splits or stems otherwise would silently drop out of the
    model: retrain it then (`make train`)."""
    computed = {name for row in rows for name in row}
    assert set(kb.kinds.columns) - computed == set()


def test_the_compiled_model_gives_the_trained_models_probabilities(kb, rows) -> None:
    xgboost = pytest.importorskip("xgboost")  # the test extra has it
    booster = xgboost.Booster()
    booster.load_model(str(MODEL.with_suffix(".json")))
    columns = kb.kinds.columns
    assert list(columns) == booster.feature_names
    features_in = matrix(rows, columns, missing=numpy.nan)
    compiled = kb.kinds.probabilities(features_in)
    assert numpy.abs(compiled - booster.inplace_predict(features_in)).max() < 1e-5
    assert compiled.shape == (len(rows), len(KINDS))


def _always(kind: Kind) -> Classifier:
    """A classifier that gives one kind, whatever it is asked."""
    return Classifier(
        lambda matrix: numpy.array([[float(k is kind) for k in KINDS]] * len(matrix)), {}
    )


def test_a_learned_how_to_run_kind_brings_the_situation_the_question_tells(kb) -> None:
    u = understand("barber died today, what do i do tonight", kb.vocabulary)
    assert u.tells
    again = relearned(dataclasses.replace(u, kind=Kind.RULING), _always(Kind.HOW_TO_RUN), {})
    assert again.kind is Kind.HOW_TO_RUN and again.situation
    plain = understand("how do i run the barber", kb.vocabulary)
    assert not plain.tells
    assert not relearned(plain, _always(Kind.HOW_TO_RUN), {}).situation
    away = relearned(u, _always(Kind.INTERACTION), {})
    assert away.kind is Kind.INTERACTION and not away.situation


def test_without_a_model_or_words_the_rules_kind_stands(kb) -> None:
    u = understand("drunk monk vs assassin", kb.vocabulary)
    assert relearned(u, None, kb.vocabulary.teams) is u
    by_hand = Understanding("monk?", ("monk",), {"monk": ()}, Kind.RULING)
    assert relearned(by_hand, _always(Kind.REMINDERS), {}) is by_hand


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("how do i run the chambermaid", "how-to-run"),
        ("drunk monk vs assassin", "interaction"),
        ("what reminders does the po use", "reminders"),
        ("who wakes first, the poisoner or the monk", "night-order"),
    ],
)
def test_the_answer_is_built_for_the_learned_kind(kb, question, kind) -> None:
    assert understood(question, kb).kind == kind
    assert ask(question, kb, replay=False)["understood"]["kind"] == kind


def test_a_name_is_read_as_its_team(kb) -> None:
    """A storyteller asks how to run any townsfolk the same way: the model sees the team."""
    one = features(understand("how do i run the chambermaid", kb.vocabulary), kb.vocabulary.teams)
    other = features(understand("how do i run the undertaker", kb.vocabulary), kb.vocabulary.teams)
    assert one == other and "w_TEAM_townsfolk" in one


@pytest.mark.parametrize(
    "question",
    ["lycanthrope and the imp, who kills first", "imp and the assassin, which one kills first?"],
)
def test_which_of_two_acts_first_is_the_night_order_whatever_the_model_says(kb, question) -> None:
    # the learned kind read an interaction and replayed both kills ("Ben (Chef) dies; ...")
    u = understand(question, kb.vocabulary)
    assert relearned(u, _always(Kind.INTERACTION), kb.vocabulary.teams).kind is Kind.NIGHT_ORDER
    assert ask(question, kb)["verdict"]["text"].startswith("By the official night sheet")


@pytest.mark.parametrize(
    "question",
    ["order of the imp and the monk", "what order do the imp and monk go in", "imp and monk order"],
)
def test_a_short_question_asking_the_order_is_the_night_order(kb, question) -> None:
    # the model, taught on longer questions, read these as the pair's interaction ("That
    # player is safe from the Demon tonight.")
    u = understand(question, kb.vocabulary)
    assert relearned(u, _always(Kind.INTERACTION), kb.vocabulary.teams).kind is Kind.NIGHT_ORDER
    assert ask(question, kb)["verdict"]["text"].startswith("By the official night sheet")


def test_a_long_question_saying_order_is_the_models_to_read(kb) -> None:
    u = understand(
        "snake charmer hit the no dashii. what do i show each of them and in what order",
        kb.vocabulary,
    )
    assert relearned(u, _always(Kind.HOW_TO_RUN), kb.vocabulary.teams).kind is Kind.HOW_TO_RUN
