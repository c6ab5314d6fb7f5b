"""Headless Chromium (Debian's package) driven by Playwright, against the site served on 127.0.0.1.

Every page a test opens records console errors, page errors, failed responses and
any request that would leave 127.0.0.1 (those are blocked); a test fails if any occurred.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
# axe-core, pinned in tests/browser/package.json; `scripts/setup test` installs it (npm ci)
AXE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@dataclass
class Problems:
    console: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)

    def any(self) -> bool:
        return bool(self.console or self.errors or self.failed or self.outside)


@pytest.fixture(scope="session")
def browser(tmp_path_factory):
    if not CHROMIUM.exists():
        pytest.fail("Debian's chromium is needed for the browser tests: apt-get install chromium (scripts/setup test)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            user_data_dir=str(tmp_path_factory.mktemp("chromium")), executable_path=str(CHROMIUM),
            args=ARGS, headless=True, viewport={"width": 1280, "height": 900}, locale="zh-CN")
        yield context
        context.close()


def open_page(browser, base: str):
    """A new tab that records problems and blocks every request outside `base`."""
    page = browser.new_page()
    problems = Problems()
    page.on("console", lambda m: m.type == "error" and problems.console.append(m.text))
    page.on("pageerror", lambda e: problems.errors.append(str(e)))
    page.on("response", lambda r: r.status >= 400 and problems.failed.append(f"{r.status} {r.url}"))

    def guard(route):
        url = route.request.url
        if url.startswith((base, "data:", "blob:")):
            route.continue_()
        else:
            problems.outside.append(url)
            route.abort()

    page.route("**/*", guard)
    page.problems = problems
    return page


@pytest.fixture
def page(browser, site_url):
    tab = open_page(browser, site_url)
    yield tab
    tab.close()
    assert not tab.problems.any(), tab.problems


def axe_script() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: scripts/setup test installs axe-core (npm ci in tests/browser)")
    return AXE.read_text(encoding="utf-8")
