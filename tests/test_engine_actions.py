"""Engine actions are value objects whose one-line text form round-trips."""

from __future__ import annotations

import pytest

from service.engine.actions import (
    Act,
    Action,
    Dawn,
    Dusk,
    Execute,
    Exile,
    NightStart,
    Nominate,
    Setup,
    Slay,
    UseAbility,
    Vote,
    check_name,
)
from service.errors import InvalidRequest

ACTIONS = [
    Setup(),
    Setup(("Tom", "Ann Lee")),
    NightStart(1),
    NightStart(12),
    Act("Ann"),
    Act("Ann", ("Ben",)),
    Act("Ann Lee", ("Ben", "Cat")),
    Act("Ann", (), "imp"),
    Act("Ann", ("Ben",), "imp"),
    Act("Ann", decline=True),
    Dawn(),
    Dusk(),
    Nominate("Ann", "Ben"),
    Slay("Ann", "Ben"),
    Vote("Ben"),
    Vote("Ben", ("Ann", "Cat")),
    Execute("Ben"),
    Exile("Tom"),
    UseAbility("Ann"),
    UseAbility("Ann", ("Ben",), "imp"),
    UseAbility("Ann", ("Ben", "Cat"), None, 'there are "two" Minions: yes, two'),
    UseAbility("Ann", (), "poisoner", ""),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_text_round_trip(action: Action) -> None:
    assert Action.from_text(str(action)) == action
    assert type(action).from_text(str(action)) == action


def test_text_forms_read_naturally() -> None:
    assert str(Act("Ann", ("Ben", "Cat"), "imp")) == "act Ann: Ben, Cat [imp]"
    assert str(Vote("Cat", ("Ann", "Ben"))) == "vote Cat: Ann, Ben"
    assert str(Nominate("Dan", "Cat")) == "nominate Dan -> Cat"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly Ann",
        "night",
        "night two",
        "act Ann Ben",
        "nominate Ann",
        "dawn now",
        "dusk 3",
        "vote Cat Ann",
        "setup Ann",
        "act Ann: Ben [imp] (maybe)",
    ],
)
def test_malformed_lines_are_refused(text: str) -> None:
    with pytest.raises(InvalidRequest):
        Action.from_text(text)


def test_a_subclass_parses_only_its_own_keyword() -> None:
    with pytest.raises(InvalidRequest):
        Nominate.from_text("slay Ann -> Ben")


@pytest.mark.parametrize("name", ["", " Ann", "Ann ", "A,B", "A:B", "A->B", "A[1]", 'A"B'])
def test_names_the_text_form_cannot_carry_are_refused(name: str) -> None:
    with pytest.raises(InvalidRequest):
        check_name(name)


def test_actions_are_frozen() -> None:
    with pytest.raises(AttributeError):
        Act("Ann").player = "Ben"  # type: ignore[misc]
