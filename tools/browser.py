"""A report page in a real browser: headless Chromium (Debian's `chromium`
and `chromium-driver`, driven by selenium) opens the page from disk and
says what a reader would see wrong: an image that does not decode, an error
on the console, a heading or table cell whose text overflows its box, a
table wider than its section. It also writes a PNG of the page.

    python tools/browser.py reports/default/index.html                 # the problems, exit 1 if any
    python tools/browser.py reports/default/index.html --png shot.png  # and a PNG of the header and Answers

`make screenshot` runs the second line on reports/$(NAME)/index.html. No
network is used: the page and its figures are files."""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

WIDTH, HEIGHT = 1280, 900
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage")

# Run in the page: every problem as a line of text.
CHECK = """
const out = [];
for (const img of document.images) {
  if (!(img.complete && img.naturalWidth > 0)) out.push(`image does not decode: ${img.getAttribute('src')}`);
}
const said = el => el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 60);
for (const el of document.querySelectorAll('h1, h2, h3, h4, th, td, dt, dd')) {
  if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
    out.push(`${el.tagName.toLowerCase()} overflows its box: ${said(el)}`);
}
for (const t of document.querySelectorAll('table')) {
  const box = t.closest('.scroll') || t;
  const sec = (t.closest('section') || document.body).getBoundingClientRect();
  if (box.getBoundingClientRect().right > sec.right + 1)
    out.push(`table wider than its section: ${said(t.querySelector('tr') || t)}`);
}
return out;
"""


def _find(env: str, names: tuple[str, ...]) -> str:
    path = os.environ.get(env) or next((p for n in names if (p := shutil.which(n))), None)
    if not path:
        raise RuntimeError(f"{' or '.join(names)} not found: install Debian's chromium and chromium-driver "
                           f"(apt-get install chromium chromium-driver; .ci/run does) or set {env}")
    return path


@contextlib.contextmanager
def chromium(width: int = WIDTH, height: int = HEIGHT):
    """A headless Chromium (selenium WebDriver) with an empty profile, its console logged."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary = _find("CHROMIUM", ("chromium", "chromium-browser", "google-chrome"))
    driver_path = _find("CHROMEDRIVER", ("chromedriver",))
    with tempfile.TemporaryDirectory(prefix="ttr-chromium-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = binary
        for flag in (*FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"):
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
        try:
            yield driver
        finally:
            driver.quit()


def open_page(driver, page: Path | str) -> None:
    driver.get(Path(page).resolve().as_uri())
    driver.execute_script("return document.readyState")  # the page and its images are loaded by now


def page_problems(page: Path | str) -> list[str]:
    """What is wrong with the page in Chromium: undecodable images, console errors, overflowing boxes."""
    with chromium() as driver:
        open_page(driver, page)
        found = list(driver.execute_script(CHECK))
        found += [f"console: {e['message']}" for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    return found


def screenshot(page: Path | str, png: Path | str, full: bool = False) -> Path:
    """A PNG of the page as Chromium draws it: the header and the Answers (the whole page with full=True)."""
    with chromium() as driver:
        open_page(driver, page)
        bottom = driver.execute_script(
            "const a = document.getElementById('answers');"
            "return arguments[0] || !a ? document.documentElement.scrollHeight"
            " : a.getBoundingClientRect().bottom + window.scrollY + 16;", full)
        driver.set_window_size(WIDTH, min(int(bottom) + 140, 16000))  # the window's frame takes some pixels
        png = Path(png)
        png.parent.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(png))
    return png


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("page", type=Path)
    ap.add_argument("--png", type=Path, help="write a PNG of the header and the Answers here")
    ap.add_argument("--full", action="store_true", help="the PNG shows the whole page")
    args = ap.parse_args(argv)
    if not args.page.is_file():
        print(f"{args.page}: no such page (make report writes reports/NAME/index.html)", file=sys.stderr)
        return 2
    if args.png:
        print(f"wrote {screenshot(args.page, args.png, args.full)}")
    problems = page_problems(args.page)
    for p in problems:
        print(p)
    print(f"{args.page}: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
