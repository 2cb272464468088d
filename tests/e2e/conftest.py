"""A real server on a free loopback port and Debian's Chromium driven by Playwright.

Chromium comes from the system (``tools/install-browser.sh`` installs Debian's package);
Playwright's own browser download is never used. Every test here skips, with the reason,
when no ``chromium`` is on the PATH or the Playwright package is missing.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from werkzeug.serving import make_server

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
# The flags the machine notes give for headless Chromium on a machine with no network.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = shutil.which("chromium")
    if path is None:
        pytest.skip("no chromium on the PATH: run tools/install-browser.sh (Debian's package)")
    return path


@pytest.fixture(scope="session")
def base_url(kb_path: Path) -> Iterator[str]:
    """The application served over HTTP on 127.0.0.1 and a port the OS picked."""
    from service.web import create_app

    app = create_app({"KB_PATH": str(kb_path)})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser(chromium_path: str, tmp_path_factory: pytest.TempPathFactory):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        # launch() starts Chromium on a fresh temporary --user-data-dir of its own.
        browser = playwright.chromium.launch(
            executable_path=chromium_path, headless=True, args=CHROMIUM_FLAGS
        )
        yield browser
        browser.close()


@dataclass
class Console:
    """What the page said on its console: CSP violations and script errors land here."""

    errors: list[str] = field(default_factory=list)

    def watch(self, page) -> None:
        page.on("console", lambda m: self._console(page, m))
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _console(self, page, message) -> None:
        if message.type != "error":
            return
        # A page answered with 404 on purpose (an unknown character) logs its own status;
        # the test checks that status itself. Any other failed resource is an error.
        own = message.location.get("url") == page.url
        if not (own and message.text.startswith("Failed to load resource")):
            self.errors.append(f"{message.text} ({message.location.get('url')})")


@pytest.fixture
def console() -> Console:
    return Console()


def _page(browser, console: Console, base_url: str, *, javascript: bool = True):
    context = browser.new_context(viewport=PHONE, base_url=base_url, java_script_enabled=javascript)
    page = context.new_page()
    page.set_default_timeout(15_000)
    console.watch(page)
    return context, page


@pytest.fixture
def page(browser, console: Console, base_url: str):
    """A phone-sized page; the test fails if the console showed any error."""
    context, page = _page(browser, console, base_url)
    yield page
    context.close()
    assert console.errors == [], f"console errors: {console.errors}"


@pytest.fixture
def page_without_js(browser, console: Console, base_url: str):
    context, page = _page(browser, console, base_url, javascript=False)
    yield page
    context.close()


@pytest.fixture
def screenshot():
    """Save the whole page at phone and desktop widths under artifacts/screenshots/."""

    def shoot(page, name: str) -> None:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
            page.set_viewport_size(size)
            page.screenshot(path=str(SCREENSHOTS / f"{name}-{label}.png"), full_page=True)
        page.set_viewport_size(PHONE)

    return shoot
