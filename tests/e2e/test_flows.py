"""What a storyteller does at the table, in a real browser against a real server."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "knowledge" / "sources" / "botc-release" / "scripts"


def box(page):
    return page.get_by_role("combobox", name="Character name or question")


def mark_document(page) -> None:
    """Tag the loaded document: the tag survives only if later pages are swapped in place."""
    page.evaluate("window.__sameDocument = true")


def same_document(page) -> bool:
    return page.evaluate("window.__sameDocument === true")


def test_misspelt_name_suggests_the_character_and_opens_its_page(page, screenshot) -> None:
    page.goto("/")
    mark_document(page)
    box(page).fill("scarlet women")
    option = page.get_by_role("option", name=re.compile("Scarlet Woman"))
    expect(option).to_be_visible()
    expect(option.locator("img")).to_have_attribute("src", re.compile(r"scarletwoman\.webp$"))
    screenshot(page, "flow-suggestions")
    box(page).press("ArrowDown")
    box(page).press("Enter")
    page.wait_for_url(re.compile(r"/c/scarletwoman$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Scarlet Woman")
    assert same_document(page), "choosing a suggestion reloaded the whole page"


def test_misspelt_name_submitted_lands_on_the_page_and_says_so(page) -> None:
    page.goto("/")
    mark_document(page)
    box(page).fill("fortune telller")
    box(page).press("Enter")
    page.wait_for_url(re.compile(r"/c/fortuneteller\?from="))
    expect(page.get_by_role("heading", level=1)).to_have_text("Fortune Teller")
    expect(page.locator('[data-state="resolved"]')).to_contain_text("fortune telller")
    assert same_document(page)
    page.go_back()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("What do you need to rule on?")


def test_the_box_works_without_javascript(page_without_js) -> None:
    page = page_without_js
    page.goto("/")
    box(page).fill("fortune telller")
    box(page).press("Enter")
    page.wait_for_url(re.compile(r"/c/fortuneteller"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Fortune Teller")


def test_ask_drunk_monk_vs_assassin(page, screenshot) -> None:
    page.goto("/")
    box(page).fill("drunk monk vs assassin")
    box(page).press("Enter")
    page.wait_for_url(re.compile(r"/search\?q=drunk"))
    screenshot(page, "flow-ask")
    expect(page.locator("[data-verdict]")).to_be_visible()
    cited = page.locator(".cited-ruling").first
    expect(cited.locator(".ruling-text")).not_to_be_empty()
    expect(cited.locator(".badge-lines")).to_contain_text("line")


def fill_player(page, row: int, name: str, character: str) -> None:
    page.fill(f'[name="players-{row}-name"]', name)
    page.fill(f'[name="players-{row}-character"]', character)


def test_a_word_heard_amiss_is_corrected_with_one_tap(page, screenshot) -> None:
    # a phone's speech-to-text wrote the Vortox as "four tops": the answer says what it did
    # not recognise, and each name it may be asks the question again with that name
    page.goto("/")
    box(page).fill("four tops is poisoned, does the empath get wrong info")
    box(page).press("Enter")
    page.wait_for_url(re.compile(r"/search\?q=four"))
    unrecognised = page.locator('[data-unrecognised="four tops"]')
    expect(unrecognised).to_be_visible()
    fix = unrecognised.locator('[data-correction="Vortox"]')
    expect(fix).to_be_visible()
    box_height = fix.bounding_box()["height"]
    assert box_height >= 32, f"a correction is {box_height}px tall: too small to tap"
    screenshot(page, "flow-correction")
    fix.click()
    page.wait_for_url(re.compile(r"/search\?q=Vortox"))
    understood = page.get_by_label("What was understood")
    expect(understood).to_contain_text("Vortox")
    expect(understood).to_contain_text("Empath")
    expect(page.locator("[data-unrecognised]")).to_have_count(0)


def test_a_name_heard_as_another_is_changed_with_one_tap(page) -> None:
    # "the mare" read as the Mage: the Mayor is offered, and tapping it asks about the Mayor
    page.goto("/")
    box(page).fill("the mare is poisoned tonight and the demon goes for him")
    box(page).press("Enter")
    page.wait_for_url(re.compile(r"/search\?q=the"))
    understood = page.get_by_label("What was understood")
    expect(understood).to_contain_text("Mage")
    page.locator('[data-read="mare"] [data-correction="Mayor"]').click()
    page.wait_for_url(re.compile(r"/search\?q=the\+Mayor"))
    expect(page.get_by_label("What was understood")).to_contain_text("Mayor")


def test_three_player_replay_puts_a_shroud_on_the_victim(page, screenshot) -> None:
    page.goto("/replay")
    for row, (name, character) in enumerate([("Ann", "Monk"), ("Ben", "Imp"), ("Cat", "Chef")]):
        fill_player(page, row, name, character)
    page.select_option('[name="steps-0-phase"]', "night 2")
    page.fill('[name="steps-0-who"]', "Ben")
    page.select_option('[name="steps-0-kind"]', "act")
    page.fill('[name="steps-0-targets"]', "Cat")
    mark_document(page)
    page.get_by_role("button", name="Run the replay").click()
    seat = page.locator("g.seat")
    expect(seat).to_have_count(3)
    expect(page.locator('g.seat[data-player="Cat"] .shroud')).to_have_count(1)
    expect(page.locator('g.seat[data-player="Ann"] .shroud')).to_have_count(0)
    expect(page.locator('g.seat[data-player="Ben"] .shroud')).to_have_count(0)
    assert same_document(page)
    screenshot(page, "flow-replay")

    page.get_by_role("link", name="start").click()
    expect(page.locator('a[aria-current="step"]')).to_have_text("start")
    expect(page.locator(".shroud")).to_have_count(0)

    page.goto(page.url)  # the shareable URL alone rebuilds the replay
    expect(page.locator("g.seat")).to_have_count(3)


def test_replay_builder_works_as_a_plain_form(page_without_js) -> None:
    page = page_without_js
    page.goto("/replay")
    page.get_by_role("button", name="Add a player").click()  # a server round trip
    expect(page.locator('[name="players-5-name"]')).to_have_count(1)
    for row, (name, character) in enumerate([("Ann", "Monk"), ("Ben", "Imp"), ("Cat", "Chef")]):
        fill_player(page, row, name, character)
    page.select_option('[name="steps-0-phase"]', "night 2")
    page.fill('[name="steps-0-who"]', "Ben")
    page.fill('[name="steps-0-targets"]', "Cat")
    page.get_by_role("button", name="Run the replay").click()
    expect(page.locator('g.seat[data-player="Cat"] .shroud')).to_have_count(1)


def test_add_a_player_adds_a_row_in_place(page) -> None:
    page.goto("/replay")
    mark_document(page)
    rows = page.locator('[data-rows="players"] [data-row]')
    before = rows.count()
    page.get_by_role("button", name="Add a player").click()
    expect(rows).to_have_count(before + 1)
    expect(page.locator(f'[name="players-{before}-name"]')).to_be_focused()
    assert same_document(page)


def test_night_sheet_of_a_seed_script(page, screenshot) -> None:
    page.goto("/night")
    page.select_option("#script-pick", label="With My Third Eye Open (Zapperzook)")
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("With My Third Eye Open")
    first = page.locator('[data-night="first"] .wake-list').first
    expect(first).to_contain_text("Minion info")
    expect(first).to_contain_text("Demon info")
    expect(first.locator("li").first).to_contain_text("Dusk")
    expect(page.locator('[data-night="other"] .wake-list').first).to_contain_text("Monk")
    screenshot(page, "flow-night-seed")


def test_night_sheet_from_an_uploaded_script(page) -> None:
    path = SCRIPTS / "wc25-beautifulhouse.json"
    name = next(
        e["name"]
        for e in json.loads(path.read_text())
        if isinstance(e, dict) and e.get("id") == "_meta"
    )
    page.goto("/night")
    page.set_input_files("#script-file", str(path))
    page.get_by_role("button", name="Make the sheet").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(name)
    expect(page.locator('[data-night="first"]')).to_contain_text("Dawn")


def test_theme_toggle_switches_without_reload_and_sticks(page) -> None:
    page.goto("/c/monk")
    mark_document(page)
    assert page.get_attribute("html", "data-theme") == "dark"
    page.get_by_role("button", name="Switch to the light theme").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert same_document(page)
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-theme", "light")


def test_keyboard_reaches_the_skip_link_first(page) -> None:
    page.goto("/")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to content"
