"""How big the HTML reports are and how fast they open in a browser.

    python benchmarks/report_load.py RUN_DIR [RUN_DIR ...] [--repeat 3]

For each run directory (the ``--out`` of ``mtg-conformance run`` or ``mutants``), renders its
results.json again (timing the render), then opens every ``*.html`` page of the directory in
headless Chromium (the system's ``chromium`` and ``chromedriver``) and prints its size, the time
until the browser's load event (best of ``--repeat``) and the page height at 1,400 px, with the
position of the first failure group. Needs the ``test`` extra (selenium) and a browser.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

from reports.html import render_report
from reports.results import read_results


def _driver():  # type: ignore[no-untyped-def]
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser = next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)
    driver = shutil.which("chromedriver")
    if browser is None or driver is None:
        sys.exit("report_load: needs chromium and chromedriver on PATH")
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1400,1000",
    ):
        options.add_argument(arg)
    return webdriver.Chrome(options=options, service=Service(executable_path=driver))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    driver = _driver()
    try:
        print("| page | cases | results.json | HTML | render | load (best) | height at 1,400 px | first group at |")
        print("|---|---|---|---|---|---|---|---|")
        for run in args.runs:
            results = read_results(run / "results.json")
            started = time.perf_counter()
            render_report(results)
            render = time.perf_counter() - started
            for page in sorted(run.glob("*.html")):
                loads = []
                for _ in range(args.repeat):
                    driver.get("about:blank")
                    driver.get(page.resolve().as_uri())
                    loads.append(
                        driver.execute_script(
                            "const n = performance.getEntriesByType('navigation')[0]; return n.loadEventEnd - n.startTime"
                        )
                    )
                height = driver.execute_script("return document.documentElement.scrollHeight")
                first = driver.execute_script(
                    "const g = document.querySelector('article.group'); return g ? g.getBoundingClientRect().top : null"
                )
                print(
                    f"| {run.name}/{page.name} | {len(results.results)} "
                    f"| {(run / 'results.json').stat().st_size / 1024:.0f} KiB | {page.stat().st_size / 1024:.0f} KiB "
                    f"| {render * 1000:.0f} ms | {min(loads):.0f} ms | {height:,} px "
                    f"| {'-' if first is None else f'{first:.0f} px'} |"
                )
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
