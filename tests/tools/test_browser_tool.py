"""tools/browser.py in headless Chromium finds what a reader would see
wrong on a page (an image that does not decode, a console error, a heading or
cell whose text overflows its box, a table wider than its section), finds
nothing on a sound page, and writes a PNG. Chromium must be installed (.ci/run
installs Debian's chromium and chromium-driver): without it these tests fail
with the command that installs it."""

import importlib.util
import struct

from helpers import PROJECT_ROOT as ROOT

spec = importlib.util.spec_from_file_location("browser", ROOT / "tools" / "browser.py")
browser = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser)

PNG_1PX = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                        "1f15c4890000000d49444154789c6360000002000154a24f5f0000000049454e44ae426082")

SOUND = """<!doctype html><html><head><meta charset="utf-8"><title>t</title></head><body>
<section><h2>A heading</h2><img src="dot.png" alt="dot"><table><tr><th>a</th><td>1</td></tr></table></section>
</body></html>"""

BROKEN = """<!doctype html><html><head><meta charset="utf-8"><title>t</title>
<style>section{width:300px} .tight{width:80px;white-space:nowrap;overflow:hidden}
table.fixed{table-layout:fixed;width:80px} .fixed td{white-space:nowrap;overflow:hidden}</style></head><body>
<section><h2 class="tight">A heading far too long for its narrow box</h2>
<img src="missing.png" alt="gone"><img src="garbage.png" alt="garbage">
<table class="fixed"><tr><td>a cell whose words do not fit</td></tr></table>
<table><tr>""" + "<td>wide&nbsp;cell&nbsp;text</td>" * 30 + """</tr></table></section>
<script>console.error("boom in the page")</script></body></html>"""


def test_a_sound_page_has_no_problem(tmp_path):
    (tmp_path / "dot.png").write_bytes(PNG_1PX)
    (tmp_path / "index.html").write_text(SOUND)
    assert browser.page_problems(tmp_path / "index.html") == []


def test_each_kind_of_problem_is_found(tmp_path):
    (tmp_path / "garbage.png").write_bytes(b"not a png")
    (tmp_path / "index.html").write_text(BROKEN)
    found = browser.page_problems(tmp_path / "index.html")
    assert "image does not decode: missing.png" in found and "image does not decode: garbage.png" in found
    assert any(p.startswith("h2 overflows its box: A heading far too long") for p in found)
    assert any(p.startswith("td overflows its box: a cell whose words") for p in found)
    assert any(p.startswith("table wider than its section") for p in found)
    assert any(p.startswith("console:") and "boom in the page" in p for p in found)


def test_screenshot_writes_a_png_of_the_page(tmp_path):
    (tmp_path / "dot.png").write_bytes(PNG_1PX)
    (tmp_path / "index.html").write_text(SOUND)
    png = browser.screenshot(tmp_path / "index.html", tmp_path / "shot.png")
    head = png.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", head[16:24])
    assert width == browser.WIDTH and height > 100
