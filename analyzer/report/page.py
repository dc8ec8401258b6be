"""The page: every section of analyzer.report.sections.SECTIONS built from
the runs, written as one self-contained HTML file (its figures and tables
beside it) that opens in a browser without a server."""

from __future__ import annotations

import datetime
import html
import importlib
import traceback
from pathlib import Path

import analyzer.report.sections as sections
from analyzer.report.html import Section, render_section
from analyzer.run.results import Results

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;
color:#222;line-height:1.45}
h1{margin-bottom:.2em} h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:2em}
nav a{margin-right:1em} figure{margin:1em 0} figure img{max-width:100%;border:1px solid #eee}
figcaption{font-size:.85em;color:#555} .findings li{margin:.25em 0}
table.data{border-collapse:collapse;font-size:.8em;margin:.4em 0} table.data td,table.data th{padding:2px 6px;
border-bottom:1px solid #eee;text-align:right} table.data th{background:#f6f6f6}
.caption{font-size:.85em;color:#444;margin:.8em 0 0} .note{color:#8a5a00} .error{color:#b00020}
"""


def build_sections(runs: dict[str, Results], out_dir: Path, log=print) -> list[Section]:
    """Every section that has its runs. One broken section must not lose the
    others: it is kept as a section that says what failed."""
    built = []
    for name in sections.SECTIONS:
        try:
            sec = importlib.import_module(name).build_section(runs, out_dir)
        except Exception as e:
            log(f"section {name} failed: {e!r}")
            sec = Section(name.rsplit(".", 1)[-1], name, error=repr(e),
                          notes=[f"<pre>{html.escape(traceback.format_exc())}</pre>"])
        finally:
            for r in runs.values():
                r.release()
        if sec is not None:
            built.append(sec)
    return built


def build_report(runs: dict[str, Results], out_dir: Path | str, title: str = "Ticket to Ride analysis",
                 log=print) -> Path:
    """Write out_dir/index.html with every section that has its runs, its
    figures (PNG + SVG) and tables (CSV) beside it; return the page's path."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    secs = build_sections(runs, out_dir, log)
    path = out_dir / "index.html"
    tmp = path.with_name(".index.html.tmp")
    tmp.write_text(render_page(title, runs, secs), encoding="utf-8")
    tmp.replace(path)
    return path


def render_page(title: str, runs: dict[str, Results], secs: list[Section]) -> str:
    nav = " ".join(f'<a href="#{html.escape(s.key)}">{html.escape(s.title)}</a>' for s in secs)
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>{CSS}</style></head><body>
<h1>{html.escape(title)}</h1>
<p>Generated {now} from {len(runs)} runs. Every figure is a PNG with an SVG beside it; every table is a CSV
beside this page; every number can be re-derived from the runs' Parquet tables in pandas (see the README,
section “Report”). Intervals are 95% confidence intervals; n is the sample size.</p>
<nav>{nav}</nav>
{''.join(render_section(s) for s in secs)}
</body></html>
"""
