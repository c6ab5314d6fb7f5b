"""离线使用 in headless Chromium: the button on every page opens a panel that downloads, with progress,
everything the pages running the rules core need; then, with no network at all, the scorer loads and
gives the CLI's total; the panel says what is stored, and removing it empties this site's caches. The
panel is phone-sized and axe-clean."""
from __future__ import annotations

import json
from urllib.parse import quote

from rules.registry import game

from .conftest import axe_script, open_page
from .test_scorer import PHONE, readme_examples

OURS = "() => caches.keys().then(names => names.filter(n => n.startsWith('caipan-') || n === 'scorer-snapshot'))"


def panel(browser, site_url: str, page_url: str = "rulings/"):
    """A phone-sized tab on a page that does not run the core, with the offline panel open."""
    tab = open_page(browser, site_url)
    tab.set_viewport_size(PHONE)
    tab.goto(site_url + page_url)
    button = tab.locator(".cp-offline-open")
    button.wait_for(state="visible")
    box = button.bounding_box()
    assert box and box["width"] >= 24 and box["height"] >= 24 and box["x"] + box["width"] <= PHONE["width"], box
    button.click()
    tab.wait_for_selector("dialog.cp-offline[open][data-state]")
    return tab


def test_download_with_progress_then_the_scorer_works_with_no_network_then_remove(browser, site_url):
    tab = panel(browser, site_url)
    tab.evaluate("() => window.caipanOffline.remove()")  # a clean start, whatever an earlier test left
    assert tab.evaluate(OURS) == []
    assert tab.get_attribute("dialog.cp-offline", "data-state") == "empty"
    listed = json.loads(tab.evaluate("() => fetch('../offline.json').then(r => r.text())"))
    tab.click("dialog.cp-offline .cp-off-get")
    tab.wait_for_selector('dialog.cp-offline[data-state="ready"]', timeout=180_000)
    seen = tab.evaluate("window.caipanOffline.seen")
    assert any(0 < f < 1 for f in seen) and seen[-1] == 1, seen  # the bar moved, and reached the end
    status = tab.evaluate("() => window.caipanOffline.status()")
    assert status["count"] == status["files"] == len(listed["files"]) and status["stored"] == status["total"]
    assert "已全部下载" in tab.inner_text("dialog.cp-offline .cp-off-stored")
    tab.close()

    request = readme_examples()[0][1]
    browser.set_offline(True)
    try:
        scorer = open_page(browser, site_url)
        scorer.set_viewport_size(PHONE)
        scorer.goto(f"{site_url}nanning/scorer/#" + quote(json.dumps(request, ensure_ascii=False)))
        scorer.wait_for_selector(".cp-scorer[data-ready]", timeout=120_000)
        scorer.wait_for_selector("[data-total]")
        assert scorer.get_attribute("[data-total]", "data-total") == str(game("nanning").score(request)["total"])
        # its interpreter snapshot is stored too (after the first answer), and goes with the rest below
        scorer.wait_for_selector(".cp-scorer[data-snapshot]", state="attached", timeout=120_000)
        assert not scorer.problems.any(), scorer.problems
        scorer.close()
    finally:
        browser.set_offline(False)

    tab = panel(browser, site_url)
    tab.wait_for_function("() => document.querySelector('dialog.cp-offline').textContent.includes('已全部下载')")
    assert "scorer-snapshot" in tab.evaluate(OURS)
    tab.click("dialog.cp-offline .cp-off-remove")
    tab.wait_for_selector('dialog.cp-offline[data-state="empty"]')
    assert tab.evaluate(OURS) == []
    assert tab.evaluate("() => navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0
    assert "未下载" in tab.inner_text("dialog.cp-offline .cp-off-stored")
    tab.close()
    assert not tab.problems.any(), tab.problems


def test_the_panel_fits_a_phone_and_passes_axe(browser, site_url):
    tab = panel(browser, site_url, "")
    box = tab.locator("dialog.cp-offline").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert box["y"] + box["height"] <= PHONE["height"], box
    for button in tab.locator("dialog.cp-offline button").all():
        b = button.bounding_box()
        assert b["height"] >= 24 and b["x"] + b["width"] <= PHONE["width"], b
    assert tab.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    tab.add_script_tag(content=axe_script())
    result = tab.evaluate("() => axe.run(document.querySelector('dialog.cp-offline'))")
    assert not [(v["id"], [n["target"] for n in v["nodes"]]) for v in result["violations"]]
    tab.click("dialog.cp-offline .cp-off-close")
    assert not tab.locator("dialog.cp-offline[open]").count()
    tab.close()
    assert not tab.problems.any(), tab.problems
