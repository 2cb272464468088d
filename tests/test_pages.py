"""The HTML pages through the Flask test client: every page renders, source text is escaped,
the security headers are there, and the plain-form paths (no JavaScript) work."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import sqlite_utils
from markupsafe import escape

from service.web import create_app

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "knowledge" / "sources" / "botc-release" / "scripts"
HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>'
PAGES = [
    "/",
    "/characters",
    "/c/monk",
    "/c/imp",
    "/c/apiarist",
    "/c/drunk",
    "/replay",
    "/night",
    "/night?script=withmythirdeyeopen",
    "/night?script=blindmansbluff",
    "/search?q=drunk+monk+vs+assassin",
    "/search?q=safe+from+the+demon",
    "/c/sleeper",  # a ruling with an erratum
    "/search?q=what+reminder+does+the+blight+use",  # the verdict quotes a slip
    "/search?q=river+styx+script+ferryman",  # a named script
]


@pytest.fixture(scope="module")
def client(kb_path: Path):
    return create_app({"KB_PATH": str(kb_path), "TESTING": True}).test_client()


@pytest.fixture(scope="module")
def hostile_client(kb_path: Path, tmp_path_factory: pytest.TempPathFactory):
    """The real knowledge base plus a character whose every text is an injection attempt."""
    path = tmp_path_factory.mktemp("hostile") / "knowledge.sqlite"
    shutil.copyfile(kb_path, path)
    db = sqlite_utils.Database(path)
    _add_hostile(db)
    db.close()
    return create_app({"KB_PATH": str(path), "TESTING": True}).test_client()


def _add_hostile(db: sqlite_utils.Database) -> None:
    monk = next(db.query("select * from characters where id = 'monk'"))
    source = next(db.query("select * from sources where file = 'roles.json'"))
    db["sources"].insert({**source, "file": "evil<b>.txt", "description": HOSTILE})
    db["characters"].insert(
        {
            **monk,
            "id": "hostile",
            "name": f"Evil {HOSTILE}",
            "official": 0,
            "origin": f"homebrew:{HOSTILE}",
            "ability": HOSTILE,
            "flavour": HOSTILE,
            "other_night": 999,
            "abilities": json.dumps({"evil<b>.txt": HOSTILE}),
            "setup_modifiers": json.dumps([HOSTILE]),
        }
    )
    db["rulings"].insert(
        {
            "id": "hostile1",
            "character_id": "hostile",
            "text": f"{HOSTILE} :reminder: *TOKEN{HOSTILE}* hostileword",
            "source": "evil<b>.txt",
            "line_start": 1,
            "line_end": 2,
            "section": "note",
            "tags": json.dumps([HOSTILE]),
            "mentions": "[]",
            "reminders": "[]",
            "info_cards": "[]",
            "concepts": "[]",
        }
    )
    db["rulings"].rebuild_fts()
    db["reminders"].insert(
        {
            "id": "hostile:x",
            "character_id": "hostile",
            "name": HOSTILE,
            "is_global": 0,
            "source": "evil<b>.txt",
            "line_start": 1,
            "rulings": '["hostile1"]',
        }
    )
    db["jinxes"].insert(
        {
            "id": "hostile+monk",
            "character_a": "hostile",
            "character_b": "monk",
            "reason": HOSTILE,
            "source": "evil<b>.txt",
            "line_start": 1,
            "line_end": 1,
        }
    )
    side = {
        "source": "evil<b>.txt",
        "quote": HOSTILE,
        "ruling_id": "hostile1",
        "line_start": 1,
        "line_end": 2,
        "text": HOSTILE,
    }
    db["conflicts"].insert(
        {
            "id": "hostile-c",
            "character_id": "hostile",
            "topic": HOSTILE,
            "note": HOSTILE,
            "reason": HOSTILE,
            "status": "confirmed",
            "sides": json.dumps([side, side]),
            "ruling_ids": '["hostile1"]',
        }
    )
    db["errata"].insert(
        {
            "id": "hostile-e",
            "ruling_id": "hostile1",
            "character_id": "hostile",
            "source": "evil<b>.txt",
            "quote": HOSTILE,
            "correction": HOSTILE,
            "reason": HOSTILE,
        }
    )
    db["night_order"].insert(
        {
            "night": "other",
            "position": 999,
            "id": "hostile",
            "name": HOSTILE,
            "reminder": f"{HOSTILE} :reminder:",
        }
    )
    db["scripts"].insert(
        {
            "id": "hostile-script",
            "name": HOSTILE,
            "author": HOSTILE,
            "characters": '["hostile", "monk"]',
            "notes": HOSTILE,
            "special_rules": json.dumps([HOSTILE]),
            "source": "evil<b>.txt",
            "line_start": 1,
            "line_end": 1,
        }
    )
    db["script_characters"].insert_all(
        [
            {"script_id": "hostile-script", "character_id": "hostile", "position": 1},
            {"script_id": "hostile-script", "character_id": "monk", "position": 2},
        ]
    )


def _text(response) -> str:
    return response.get_data(as_text=True)


@pytest.mark.parametrize("url", PAGES)
def test_every_page_renders_with_strict_headers(client, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 200, url
    assert response.mimetype == "text/html"
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    assert "unsafe" not in policy
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    html = _text(response)
    assert "not affiliated with The Pandemonium Institute" in html
    assert "ccc-sleeve.png" in html


@pytest.mark.parametrize("url", PAGES)
def test_no_inline_script_style_or_handler(client, url: str) -> None:
    """What the policy would block: any of it would break the page in a browser."""
    html = _text(client.get(url))
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline <script>"
    assert "<style" not in html
    assert not re.search(r"\sstyle=", html), "style attribute"
    assert not re.search(r"\son[a-z]+=", html), "event handler attribute"


def test_api_responses_get_the_headers_too(client) -> None:
    response = client.get("/api/v1/health")
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "Content-Security-Policy" in response.headers


@pytest.mark.parametrize(
    "url",
    [
        "/c/hostile",
        "/characters",
        "/night?script=hostile-script",
        "/search?q=hostileword",
        "/c/monk",
    ],
)
def test_hostile_source_text_is_escaped(hostile_client, url: str) -> None:
    html = _text(hostile_client.get(url))
    assert "hostile" in html.lower() or "Evil" in html, f"{url} did not show the hostile rows"
    assert "<script>alert" not in html
    assert "<img src=x" not in html
    assert "&lt;script&gt;alert" in html


def test_hostile_character_page_shows_every_part_escaped(hostile_client) -> None:
    html = _text(hostile_client.get("/c/hostile"))
    assert html.count("&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;") >= 8
    # our own markup around source text still works: the token mark and the bold token name
    assert 'class="token-mark"' in html
    assert '<strong class="token-name">TOKEN&lt;script&gt;' in html


def test_hostile_erratum_is_escaped(hostile_client) -> None:
    html = _text(hostile_client.get("/c/hostile"))
    (shown,) = re.findall(r'<p class="erratum".*?</p>', html, re.DOTALL)
    assert "<script>" not in shown and shown.count("&lt;script&gt;") == 3


def test_a_ruling_with_a_slip_shows_its_correction_under_the_quote(client, kb_db) -> None:
    """The source's words stay as they are; the correction and its reason come under them."""
    erratum = next(kb_db.query("select * from errata where character_id = 'sleeper'"))
    html = _text(client.get("/c/sleeper"))
    article = re.search(
        rf'<article class="ruling" id="r-{erratum["ruling_id"]}">.*?</article>', html, re.DOTALL
    )
    assert article, "the corrected ruling is on the page"
    quoted = article.group(0)
    text = quoted.index('<p class="ruling-text">If the Umpire dies at night, mark them')
    correction = quoted.index("<strong>Correction:</strong> If the Sleeper would die at night")
    assert text < correction
    assert str(escape(erratum["reason"])) in quoted
    assert html.count('class="erratum"') == 1


def test_the_answer_page_shows_the_correction_of_a_quoted_slip(client) -> None:
    html = _text(
        client.get(
            "/search", query_string={"q": "blight reminder token, where does the poisoned go"}
        )
    )
    because = re.search(r'<ul class="because.*?</ul>', html, re.DOTALL).group(0)
    assert "Correction:</strong> If an Outsider is executed whilst the Blight lives" in because
    # and under the cited ruling, and under the full-text match
    assert html.count("If an Outsider is executed whilst the Blight lives") >= 3


def test_the_answer_page_says_why_there_is_no_replay(client) -> None:
    q = "poisoner hit the soldier last night n now the imp goes for him tonight. does he die?"
    html = _text(client.get("/search", query_string={"q": q}))
    note = re.search(r'<p class="muted replay-note">(.*?)</p>', html, re.DOTALL).group(1)
    assert "more than one night" in note
    assert "Grimoire after the replay" not in html


def test_the_answer_page_shows_a_named_script_with_a_link_to_its_sheet(client) -> None:
    q = "river styx script, does the ferryman still wait for the final day?"
    html = _text(client.get("/search", query_string={"q": q}))
    understood = re.search(r'<div class="understood"[^>]*>(.*?)</div>', html, re.DOTALL).group(1)
    assert 'href="/night?script=wc25-riverstyx"' in understood
    assert "script: The River Styx" in understood


def test_the_answer_page_shows_what_each_name_was_read_from(client) -> None:
    # a name read from a typo or a sound shows what was typed, so a wrong reading is seen
    q = "the full was poisoned and the ravenkeper died"
    html = _text(client.get("/search", query_string={"q": q}))
    understood = re.search(r'<div class="understood"[^>]*>(.*?)</div>', html, re.DOTALL).group(1)
    assert re.search(r"Fool <span class=\"read-as\"[^>]*>\(“full”\)</span> · poisoned", understood)
    assert "(“ravenkeper”)" in understood
    # a name typed as it is needs no note
    html = _text(client.get("/search", query_string={"q": "drunk monk vs assassin"}))
    assert 'class="read-as"' not in html


def _correction(client, q: str, marked: str) -> str | None:
    """The body of the answer page's correction paragraph marked ``marked`` (an attribute
    and its value: 'data-read="mare"'), or None."""
    html = _text(client.get("/search", query_string={"q": q}))
    found = re.search(rf'<p class="correction" {marked}>(.*?)</p>', html, re.S)
    return found.group(1) if found else None


def test_the_answer_page_offers_other_readings_of_a_name_heard(client) -> None:
    # "the mare" is read as the Mage by its letters; the Mayor sounds nearer: one tap asks again
    read = _correction(
        client, "the mare is poisoned tonight, the demon goes for him", 'data-read="mare"'
    )
    assert read is not None and "as Mage" in read
    assert 'href="/search?q=the+Mayor+is+poisoned+tonight,+the+demon+goes+for+him"' in read
    # a plain slip of a name offers nothing more
    assert (
        _correction(client, "the ravenkeper died, does he wake", 'data-read="ravenkeper"') is None
    )


def test_the_answer_page_offers_names_for_words_not_recognised(client) -> None:
    q = "four tops is poisoned, does the empath get wrong info"
    fix = _correction(client, q, 'data-unrecognised="four tops"')
    assert fix is not None
    assert 'href="/search?q=Vortox+is+poisoned,+does+the+empath+get+wrong+info"' in fix


def test_a_misspelt_name_redirects_to_the_character(client) -> None:
    response = client.get("/c/scarlet women")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/c/scarletwoman?from=scarlet")
    page = _text(client.get(response.headers["Location"]))
    assert "Showing <strong>Scarlet Woman</strong>" in page


@pytest.mark.parametrize(
    "typed, cid", [("FT", "fortuneteller"), ("scarlet women", "scarletwoman"), ("Monk", "monk")]
)
def test_the_box_goes_straight_to_a_named_character(client, typed: str, cid: str) -> None:
    response = client.get("/search", query_string={"q": typed})
    assert response.status_code == 302
    assert response.headers["Location"].split("?")[0] == f"/c/{cid}"


def test_a_question_gets_the_results_page(client) -> None:
    html = _text(client.get("/search", query_string={"q": "drunk monk vs assassin"}))
    assert '<h1 id="answer-h">drunk monk vs assassin</h1>' in html
    assert "Rulings that match" in html
    assert "<mark>" in html


def test_unknown_character_is_a_404_page_with_suggestions(client) -> None:
    response = client.get("/c/zzzzqqq")
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert 'data-state="error"' in _text(response)


def test_character_page_shows_the_record(client, kb_db) -> None:
    html = _text(client.get("/c/monk"))
    position = next(
        kb_db.query("select position from night_order where night = 'other' and id = 'monk'")
    )["position"]
    assert f'<span class="big">{position}</span>' in html
    for token in kb_db.query("select name from reminders where character_id = 'monk'"):
        assert f'<span class="reminder-name">{token["name"]}</span>' in html
    for jinx in kb_db.query("select * from jinxes where 'monk' in (character_a, character_b)"):
        other = jinx["character_b"] if jinx["character_a"] == "monk" else jinx["character_a"]
        assert f'href="/c/{other}"' in html
    assert 'id="s-each-night"' in html
    assert '<svg viewBox="0 0 600 400" role="img"' in html


def test_theme_toggle_without_javascript(client) -> None:
    response = client.post("/theme", data={"theme": "light", "next": "/c/monk"})
    assert response.status_code == 303 and response.headers["Location"] == "/c/monk"
    assert "theme=light" in response.headers["Set-Cookie"]
    assert 'data-theme="light"' in _text(client.get("/"))
    client.delete_cookie("theme")


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/", "/\\evil"])
def test_theme_toggle_never_redirects_off_site(client, target: str) -> None:
    response = client.post("/theme", data={"theme": "dark", "next": target})
    assert response.headers["Location"] == "/"


def test_night_sheet_of_a_seed_script(client, kb_db) -> None:
    html = _text(client.get("/night", query_string={"script": "withmythirdeyeopen"}))
    assert "<h1>With My Third Eye Open</h1>" in html
    assert html.index("Minion info") < html.index("Demon info")
    on_script = [
        r["character_id"]
        for r in kb_db.query(
            "select character_id from script_characters where script_id = 'withmythirdeyeopen'"
        )
    ]
    jinxes = list(
        kb_db.query(
            "select reason from jinxes where character_a in ({0}) and character_b in ({0})".format(
                ",".join("?" * len(on_script))
            ),
            on_script + on_script,
        )
    )
    assert jinxes, "the seed script has jinxes to show"
    for jinx in jinxes:
        assert str(_escape(jinx["reason"])) in html


def _escape(text: str) -> str:
    from markupsafe import escape

    return str(escape(text))


def test_night_sheet_from_a_pasted_script(client) -> None:
    script = [
        {"id": "_meta", "name": "Pasted <b>test</b>"},
        "washerwoman",
        "monk",
        "imp",
        "poisoner",
        "butler",
        "nosuchcharacterx",
    ]
    html = _text(client.post("/night", data={"script": json.dumps(script)}))
    assert "<h1>Pasted &lt;b&gt;test&lt;/b&gt;</h1>" in html
    assert "nosuchcharacterx" in html  # reported as unknown, not dropped silently


def test_night_sheet_from_an_uploaded_file(client) -> None:
    path = SCRIPTS / "wc25-beautifulhouse.json"
    with path.open("rb") as handle:
        response = client.post(
            "/night", data={"file": (handle, path.name)}, content_type="multipart/form-data"
        )
    assert response.status_code == 200
    assert "This Is Not My Beautiful House" in _text(response)


@pytest.mark.parametrize("text", ["not json", "{}", "[1, 2]"])
def test_a_bad_script_is_refused_on_the_page(client, text: str) -> None:
    response = client.post("/night", data={"script": text})
    assert response.status_code in (400, 422)
    assert 'data-state="error"' in _text(response)
