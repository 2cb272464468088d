"""The replay builder as plain forms, the request in a shareable URL, and the grimoire it draws
from the real engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service.web import create_app
from service.web.pages_replay import (
    Builder,
    PlayerRow,
    StepRow,
    builder_from_form,
    builder_from_request,
    decode,
    encode,
    request_from_builder,
)

THREE = {
    "players": [
        {"name": "Ann", "character": "monk"},
        {"name": "Ben", "character": "imp"},
        {"name": "Cat", "character": "chef"},
    ],
    "phases": [{"phase": "night", "number": 2, "actions": [{"player": "Ben", "targets": ["Cat"]}]}],
    "choices": {},
}


@pytest.fixture(scope="module")
def client(kb_path: Path):
    return create_app({"KB_PATH": str(kb_path), "TESTING": True}).test_client()


def _form(builder: Builder) -> dict[str, str]:
    data = {}
    for i, p in enumerate(builder.players):
        data |= {f"players-{i}-name": p.name, f"players-{i}-character": p.character}
        data |= {
            f"players-{i}-{flag}": "1" for flag in ("drunk", "poisoned", "dead") if getattr(p, flag)
        }
    for i, s in enumerate(builder.steps):
        data |= {
            f"steps-{i}-phase": s.phase,
            f"steps-{i}-kind": s.kind,
            f"steps-{i}-who": s.who,
            f"steps-{i}-targets": s.targets,
            f"steps-{i}-character": s.character,
        }
    return data


BUILDER = Builder(
    [
        PlayerRow("Ann", "monk", drunk=True),
        PlayerRow("Ben", "assassin"),
        PlayerRow("Cat", "imp", poisoned=True),
        PlayerRow("Dan", "chef", dead=True),
    ],
    [
        StepRow("night 2", "act", "Ann", "Dan"),
        StepRow("night 2", "decline", "Ben"),
        StepRow("day 2", "nominate", "Dan", "Cat"),
        StepRow("day 2", "vote", "Cat", "Ann, Ben"),
        StepRow("day 2", "execute", "Cat"),
        StepRow("night 3", "act", "Cat", "Ann", ""),
    ],
)


def test_builder_rows_make_the_engine_request() -> None:
    request = request_from_builder(BUILDER)
    assert request["players"][0] == {"name": "Ann", "character": "monk", "drunk": True}
    assert request["players"][3] == {"name": "Dan", "character": "chef", "dead": True}
    assert [(p["phase"], p["number"]) for p in request["phases"]] == [
        ("night", 2),
        ("day", 2),
        ("night", 3),
    ]
    assert request["phases"][0]["actions"] == [
        {"player": "Ann", "targets": ["Dan"]},
        {"player": "Ben", "decline": True},
    ]
    assert request["phases"][1]["events"] == [
        {"type": "nominate", "by": "Dan", "target": "Cat"},
        {"type": "vote", "nominee": "Cat", "voters": ["Ann", "Ben"]},
        {"type": "execute", "target": "Cat"},
    ]


def test_request_and_rows_round_trip() -> None:
    request = request_from_builder(BUILDER)
    back = builder_from_request(request)
    assert back.complete
    assert request_from_builder(back) == request


def test_a_request_the_form_cannot_show_says_so() -> None:
    request = {"players": [{"name": "Ann", "character": "drunk", "thinks": "monk"}], "phases": []}
    assert not builder_from_request(request).complete


def test_the_form_reads_its_own_fields() -> None:
    from werkzeug.datastructures import MultiDict

    assert builder_from_form(MultiDict(_form(BUILDER))).players == BUILDER.players


@pytest.mark.parametrize(
    "rows, field",
    [
        (Builder([PlayerRow("Ann", "")]), "players[1]"),
        (Builder([]), "players"),
        (Builder([PlayerRow("Ann", "monk")], [StepRow("day 1", "act", "Ann")]), "steps[1]"),
        (
            Builder([PlayerRow("Ann", "monk")], [StepRow("day 1", "nominate", "Ann", "")]),
            "steps[1]",
        ),
    ],
)
def test_half_filled_rows_are_refused_by_number(rows: Builder, field: str) -> None:
    from knowledge.errors import InvalidRequest

    with pytest.raises(InvalidRequest) as caught:
        request_from_builder(rows)
    assert caught.value.details["field"] == field


def test_posting_the_form_redirects_to_a_shareable_url(client) -> None:
    response = client.post("/replay", data=_form(BUILDER))
    assert response.status_code == 303
    packed = response.headers["Location"].split("r=")[1].split("#")[0]
    assert decode(packed) == request_from_builder(BUILDER)


def test_add_row_buttons_work_without_javascript(client) -> None:
    data = _form(Builder([PlayerRow("Ann", "monk")], [StepRow()]))
    html = client.post("/replay", data={**data, "add": "player"}).get_data(as_text=True)
    assert 'name="players-1-name"' in html and 'name="players-2-name"' not in html
    html = client.post("/replay", data={**data, "add": "step"}).get_data(as_text=True)
    assert 'name="steps-1-who"' in html


def test_a_half_filled_form_comes_back_with_the_error(client) -> None:
    response = client.post("/replay", data={"players-0-name": "Ann", "players-0-character": ""})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "player 1 needs both a name and a character" in html
    assert 'value="Ann"' in html


@pytest.mark.parametrize("packed", ["not base64!", encode({"x": 1})[:-3] + "zzz", "AAAA"])
def test_a_damaged_link_is_refused(client, packed: str) -> None:
    response = client.get("/replay", query_string={"r": packed})
    assert response.status_code == 422
    assert "damaged" in response.get_data(as_text=True)


def test_a_replay_link_draws_the_grimoire_with_a_shroud_on_the_victim(client) -> None:
    html = client.get("/replay", query_string={"r": encode(THREE)}).get_data(as_text=True)
    seats = re.findall(r'<g class="seat([^"]*)" data-player="(\w+)"', html)
    assert [name for _, name in seats] == ["Ann", "Ben", "Cat"]
    dead = {name for classes, name in seats if "seat-dead" in classes}
    assert dead == {"Cat"}
    assert html.count('class="shroud"') == 1


def test_a_jinx_the_engine_does_not_play_is_said_on_the_page(client) -> None:
    game = {
        "players": [
            {"name": "Ann", "character": "leviathan"},
            {"name": "Ben", "character": "soldier"},
            {"name": "Cat", "character": "chef"},
        ],
        "phases": [{"phase": "day", "number": 1, "events": []}],
        "choices": {},
    }
    html = client.get("/replay", query_string={"r": encode(game)}).get_data(as_text=True)
    assert "Jinxes the engine does not play" in html and "leviathan &amp; soldier" in html


def test_stepping_back_to_the_start_shows_nobody_dead(client) -> None:
    html = client.get("/replay", query_string={"r": encode(THREE), "step": 0}).get_data(
        as_text=True
    )
    assert '<a href="/replay?r=' in html and 'aria-current="step">start</a>' in html
    assert 'class="shroud"' not in html


def test_an_engine_refusal_is_shown_on_the_page(client) -> None:
    bad = {**THREE, "players": [*THREE["players"], {"name": "Ann", "character": "monk"}]}
    response = client.get("/replay", query_string={"r": encode(bad)})
    assert response.status_code in (400, 422)
    assert 'data-state="error"' in response.get_data(as_text=True)


def test_json_that_does_not_parse_comes_back_with_the_error(client) -> None:
    response = client.post("/replay", data={"mode": "json", "json": '{"players": ['})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "this is not JSON" in html
    assert "{&#34;players&#34;: [" in html  # the text is kept, escaped, to fix


def test_json_mode_redirects_to_the_same_shareable_url(client) -> None:
    import json

    response = client.post("/replay", data={"mode": "json", "json": json.dumps(THREE)})
    assert response.status_code == 303
    assert decode(response.headers["Location"].split("r=")[1].split("#")[0]) == THREE
