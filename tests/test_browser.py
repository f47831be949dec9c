"""The reports in a real browser: headless Chromium driven by Selenium, with the system's
``chromium`` and ``chromedriver`` (Debian's ``chromium`` and ``chromium-driver`` packages).
Nothing is downloaded: without a browser, these tests are skipped and say why.

What a person needs from the page, checked where it shows: the first failure group in the first
screen at 1,400 px, no sideways page scroll at 400 px (the matrix scrolls in its own box), six
engines' matrix fitting at 1,400 px, no network request, a page that renders with scripts off,
and hostile names and texts that run nothing.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from reports.html import write_report
from reports.mutants import MutantRow
from reports.mutants_page import write_mutants_page
from reports.results import (
    Counterexample,
    EngineInfo,
    Failure,
    ResultRecord,
    Results,
    RulingRecord,
    RunInfo,
    TraceRecord,
)

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")
# After the importorskip on purpose: without selenium the module skips instead of failing.
from selenium.common.exceptions import NoAlertPresentException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

BROWSER = next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    BROWSER is None or DRIVER is None,
    reason="no headless browser: install Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)",
)

HOSTILE_ENGINE = "<script>window.pwned=1</script></style><b>engine"
HOSTILE_TEXT = "</style><script>window.pwned=2</script><style>body{display:none}"
HOSTILE_MESSAGE = "<script>window.pwned=3</script> refused </style>"

STATE = {
    "objects": [
        {"id": "c1", "name": "Soldier", "owner": 0},
        {"id": "c2", "name": "Ninja of the Deep Hours", "owner": 0},
        {"id": "c3", "name": "Island", "owner": 0},
    ],
    "players": [{"index": 0, "life": 20, "hand": ["c2"], "library": []}, {"index": 1, "life": 20}],
    "battlefield": [
        {"id": "c1", "controller": 0, "tapped": True, "attacking": {"kind": "player", "player": 1}, "blocked": False},
        {"id": "c3", "controller": 0},
    ],
    "step": "end-of-combat",
    "turn": 2,
    "active_player": 0,
    "priority": 0,
}
AFTER = {
    **STATE,
    "players": [{"index": 0, "life": 20, "hand": ["c1"], "library": []}, {"index": 1, "life": 20}],
    "battlefield": [
        {"id": "c2", "controller": 0, "tapped": True, "attacking": {"kind": "player", "player": 1}, "blocked": False}
    ],
}


def big_results(engines: tuple[str, ...], *, hostile: bool = False) -> Results:
    """A run the size of the real corpus: 51 rulings, 90 invariants per engine, the first engine
    failing like phase.rs (two deviations, eight invariants) and the others differing a little."""
    rulings = tuple(
        RulingRecord(
            f"family{i % 8}.ruling-{i}",
            (
                HOSTILE_TEXT
                if hostile and i == 0
                else "Ninjutsu abilities can be activated only after blockers have been declared. " * 3
            ),
            cards=(f"Card {i % 5}",),
            cr=("702.49a",),
            tags=("combat",),
            coverage="template",
            invariants=tuple(f"family{i % 8}.ruling-{i}/check-{j}" for j in range(2)),
        )
        for i in range(45)
    )
    records = []
    for e, engine in enumerate(engines):
        n = 0
        for ruling in rulings:
            for invariant in ruling.invariants:
                n += 1
                status = "unsupported" if n % 3 == 0 else "pass"
                failure = None
                if e == 0 and n <= 8:
                    status = "fail"
                    message = (
                        HOSTILE_MESSAGE
                        if hostile
                        else "ninjutsu not offered in the end-of-combat step with c1 unblocked"
                    )
                    failure = Failure(
                        message,
                        expected="P0 activate c2 [ninjutsu] costs=return:c1 offered",
                        observed=message,
                        counterexample=Counterexample(STATE, {"ninja": "c2"}),
                        trace=(
                            TraceRecord(
                                "P0 activate c2 [ninjutsu] costs=return:c1",
                                ("zone-change card=c1 from_zone=battlefield to_zone=hand",),
                            ),
                        ),
                        reproduce=f"mtg-conformance run --engine {engine}",
                        size=3,
                        after=AFTER,
                    )
                elif e > 0 and n % 17 == e:
                    status = "fail"
                    failure = Failure(
                        f"deviation {e}: the Ninja entered untapped",
                        counterexample=Counterexample(STATE),
                        size=2,
                        reproduce="x",
                    )
                records.append(
                    ResultRecord(
                        engine,
                        invariant,
                        (ruling.id,),
                        "outcome",
                        status,
                        examples=100,
                        reason="the adapter does not map searches" if status == "unsupported" else None,
                        failure=failure,
                    )
                )
    run = RunInfo(
        "2026-12-01T00:00:00+00:00",
        "2026-12-01T00:01:00+00:00",
        "ci",
        None,
        tuple(EngineInfo(e, "1.0") for e in engines),
        "mtg-conformance run",
        "0.1.0",
        60.0,
    )
    return Results(run, rulings, tuple(records))


def _driver(*, scripts: bool = True):  # type: ignore[no-untyped-def]
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = BROWSER
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--window-size=1400,1000",
    ):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    if not scripts:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    return webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    driver = _driver()
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("pages")
    six = ("phase", "reference", "forge-like", "xmage-like", "mutant:one", "mutant:two")
    return {
        "one": write_report(big_results(("phase",)), root / "one.html"),
        "six": write_report(big_results(six), root / "six.html"),
        "hostile": write_report(big_results((HOSTILE_ENGINE, "reference"), hostile=True), root / "hostile.html"),
        "mutants": write_mutants_page(
            big_results(("mutant:one",)),
            [MutantRow("one", "mutant:one", ("r",), "<script>window.pwned=4</script>", "killed", ("i",), 1, 1, 2)],
            root / "mutants.html",
        ),
    }


def _open(driver, path: Path, width: int = 1400, height: int = 1000) -> None:  # type: ignore[no-untyped-def]
    driver.set_window_size(width, height)
    driver.get(path.as_uri())


@pytest.mark.parametrize("page", ["one", "six"])
def test_first_failure_group_in_the_first_screen(browser, pages, page) -> None:  # type: ignore[no-untyped-def]
    _open(browser, pages[page])
    group = browser.find_element(By.CSS_SELECTOR, "article.group")
    assert group.rect["y"] < 1000, group.rect
    summary = browser.find_element(By.ID, "summary")
    assert summary.rect["y"] < group.rect["y"]


@pytest.mark.parametrize("page", ["one", "six", "hostile", "mutants"])
def test_no_horizontal_page_overflow_at_400px(browser, pages, page) -> None:  # type: ignore[no-untyped-def]
    _open(browser, pages[page], 400, 900)
    width = browser.execute_script("return document.documentElement.scrollWidth")
    inner = browser.execute_script("return document.documentElement.clientWidth")
    assert width <= inner, f"page is {width} px wide in a {inner} px window"


def test_six_engines_fit_at_1400_and_the_matrix_keeps_to_its_box_at_400(browser, pages) -> None:  # type: ignore[no-untyped-def]
    _open(browser, pages["six"])
    box = browser.find_element(By.CSS_SELECTOR, "#matrix .matrix-box")
    fits = browser.execute_script("const b = arguments[0]; return [b.scrollWidth, b.clientWidth]", box)
    assert fits[0] <= fits[1], fits
    assert len(browser.find_elements(By.CSS_SELECTOR, "#matrix thead th.eng")) == 6
    _open(browser, pages["six"], 400, 900)
    box = browser.find_element(By.CSS_SELECTOR, "#matrix .matrix-box")
    sizes = browser.execute_script("const b = arguments[0]; return [b.scrollWidth, b.clientWidth]", box)
    inner = browser.execute_script("return document.documentElement.clientWidth")
    assert sizes[1] <= inner, "at 400 px the matrix keeps to the page and scrolls inside its own box"
    assert browser.execute_script("return getComputedStyle(arguments[0]).overflowX", box) == "auto"
    header = browser.find_element(By.CSS_SELECTOR, "#matrix thead th.eng")
    assert header.value_of_css_property("position") == "sticky"
    assert browser.find_elements(By.CSS_SELECTOR, "#disagree table.matrix")


def test_no_network_request(browser, pages) -> None:  # type: ignore[no-untyped-def]
    browser.get_log("performance")  # drop earlier pages' entries
    for name in ("six", "hostile", "mutants"):
        _open(browser, pages[name])
    urls = []
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    assert urls and all(u.startswith("file://") for u in urls), urls
    assert {u.rsplit("/", 1)[-1] for u in urls} <= {"six.html", "hostile.html", "mutants.html"}


def test_renders_with_scripts_disabled(pages) -> None:  # type: ignore[no-untyped-def]
    driver = _driver(scripts=False)
    try:
        probe = pages["one"].with_name("probe.html")
        probe.write_text("<title>before</title><script>document.title = 'ran'</script>")
        driver.get(probe.as_uri())
        assert driver.title == "before", "scripts were not disabled"
        _open(driver, pages["one"])
        group = driver.find_element(By.CSS_SELECTOR, "article.group")
        assert group.is_displayed() and group.rect["y"] < 1000
        assert "judged" in driver.find_element(By.ID, "summary").text
        # a filter (a link to a fragment + CSS :target in :has) works with no script: only failures
        # stay, the address says so, and the same address reloaded is the same filtered view
        rows = driver.find_elements(By.CSS_SELECTOR, "tr.ruling")
        driver.find_element(By.CSS_SELECTOR, "details.filters > summary").click()
        driver.find_element(By.ID, "filter~status~fail").click()
        assert driver.current_url.endswith("#filter~status~fail")
        shown = [r for r in driver.find_elements(By.CSS_SELECTOR, "tr.ruling") if r.is_displayed()]
        assert 0 < len(shown) < len(rows)
        assert driver.find_element(By.CSS_SELECTOR, "p.filter-on").is_displayed()
        driver.get(pages["one"].as_uri() + "#filter~status~fail")
        driver.refresh()
        again = [r for r in driver.find_elements(By.CSS_SELECTOR, "tr.ruling") if r.is_displayed()]
        assert len(again) == len(shown)
        driver.find_element(By.CSS_SELECTOR, "p.filter-on a").click()
        assert all(r.is_displayed() for r in driver.find_elements(By.CSS_SELECTOR, "tr.ruling"))
    finally:
        driver.quit()


@pytest.mark.parametrize("page", ["hostile", "mutants"])
def test_hostile_text_runs_nothing(browser, pages, page) -> None:  # type: ignore[no-untyped-def]
    _open(browser, pages[page])
    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert.text  # noqa: B018
    assert browser.execute_script("return window.pwned === undefined")
    assert browser.find_elements(By.TAG_NAME, "script") == []
    assert not any(b.text.startswith("engine") for b in browser.find_elements(By.TAG_NAME, "b"))
    # the page's own CSS still applies (a stray </style> closed nothing) and the text shows as text
    assert browser.find_element(By.TAG_NAME, "body").value_of_css_property("display") == "block"
    if page == "hostile":
        assert (
            browser.find_element(By.CSS_SELECTOR, "article.group").value_of_css_property("border-left-style") == "solid"
        )
        text = browser.find_element(By.TAG_NAME, "body").text
        assert "<script>window.pwned=3</script>" in text and "</style>" in text
