"""Every page at phone width: no horizontal scroll, no console error; screenshots saved."""

from __future__ import annotations

import pytest

from service.web.pages_features import EXAMPLE_REPLAY
from service.web.pages_replay import encode

pytestmark = pytest.mark.slow

PAGES = {
    "home": "/",
    "characters": "/characters",
    "character-monk": "/c/monk",
    "character-homebrew": "/c/apiarist",
    "search": "/search?q=drunk+monk+vs+assassin",
    "search-unrecognised": "/search?q=four+tops+is+poisoned,+does+the+empath+get+wrong+info",
    "night-picker": "/night",
    "night-seed-script": "/night?script=withmythirdeyeopen",
    "replay-builder": "/replay",
    "replay-example": f"/replay?r={encode(EXAMPLE_REPLAY)}",
    "not-found": "/c/zzzzqqq",
}


def horizontal_overflow(page) -> int:
    """How many CSS pixels the page is wider than the viewport (0: no horizontal scroll)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


@pytest.mark.parametrize("name", list(PAGES))
def test_page_fits_a_phone(page, screenshot, name: str) -> None:
    page.goto(PAGES[name])
    page.wait_for_load_state("networkidle")
    for width in (320, 360):
        page.set_viewport_size({"width": width, "height": 780})
        assert horizontal_overflow(page) <= 0, f"{name} scrolls sideways at {width}px"
    screenshot(page, name)
