"""The page: a header saying what it was built from, then every section of
analyzer.report.sections.SECTIONS built from the runs, the Answers first and
the runs table last (folded), written with
the Jinja2 templates of templates/ as one self-contained HTML file (its
figures and tables beside it) that opens in a browser without a server."""

from __future__ import annotations

import html
import importlib
import inspect
import os
import traceback
from pathlib import Path

import jinja2

import analyzer.report.sections as sections
from analyzer.report.answers import answers_section
from analyzer.report.header import header
from analyzer.report.html import Section
from analyzer.report.names import shown, words
from analyzer.report.replay_link import write_main_replay
from analyzer.run.protocol import tmp_name
from analyzer.run.results import Results
from analyzer.studies import POPULATION_STUDIES

TEMPLATES = jinja2.Environment(loader=jinja2.PackageLoader("analyzer.report", "templates"),
                               autoescape=True, trim_blocks=False, lstrip_blocks=False)
TEMPLATES.globals["preview"] = lambda t: shown(t.preview, t.index).to_html(index=False, border=0, classes="data")
TEMPLATES.globals["words"] = words
TEMPLATES.globals["answer_table"] = lambda a: (a.table.rename_axis(columns=None).reset_index()
                                               .to_html(index=False, border=0, classes="data answer-table"))
TEMPLATES.globals["population_table"] = lambda a: (a.populations.rename_axis(columns=None).reset_index()
                                                   .to_html(index=False, border=0, classes="data answer-table"))
SEE_POPULATION_TWINS = tuple(f"analyzer.report.sections.{m}" for m in ("runs", "cost", "populations"))
TWIN_NAMES = frozenset(s.name for s in POPULATION_STUDIES)


def section_runs(section: str, runs: dict[str, Results]) -> dict[str, Results]:
    """The runs a section reads: all of them for the runs table, the cost table and the Populations section;
    the others describe the report's own bots and never see the population twins
    (analyzer.studies.POPULATION_STUDIES)."""
    return runs if section in SEE_POPULATION_TWINS else {n: r for n, r in runs.items() if n not in TWIN_NAMES}


def build_sections(runs: dict[str, Results], out_dir: Path, log=print, tunes: dict | None = None) -> list[Section]:
    """Every section that has its runs. One broken section must not lose the
    others: it is kept as a section that says what failed. A section whose
    build_section takes `tunes` also gets the tuning studies (name ->
    analyzer.run.tune_output.TuneResults) and may return a list of sections."""
    built = []
    for name in sections.SECTIONS:
        try:
            mod = importlib.import_module(name)
            extra = {"tunes": tunes or {}} if "tunes" in inspect.signature(mod.build_section).parameters else {}
            sec = mod.build_section(section_runs(name, runs), out_dir, **extra)
        except Exception as e:
            log(f"section {name} failed: {e!r}")
            sec = Section(name.rsplit(".", 1)[-1], name, error=repr(e),
                          notes=[f"<pre>{html.escape(traceback.format_exc())}</pre>"])
        finally:
            for r in runs.values():
                r.release()
        if sec is not None:
            built.extend(sec if isinstance(sec, list) else [sec])
    return built


TITLE = "Ticket to Ride strategy report"
"""The page's title, whatever the study is called (the study's name is in its header)."""


def build_report(runs: dict[str, Results], out_dir: Path | str, name: str | None = None, log=print,
                 tunes: dict | None = None, games: int | None = None) -> Path:
    """Write out_dir/index.html with every section that has its runs, its
    figures (PNG + SVG) and tables (CSV) beside it; return the page's path.
    `name` is the study's name in the header (default: out_dir's name),
    `games` the games of a main study when the runs come from the plan."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    secs = build_sections(runs, out_dir, log, tunes)
    answers = answers_section(secs)
    runs_sec = [s for s in secs if s.key == "runs"]
    for s in runs_sec:  # the runs table goes last, folded: the page opens with the answers
        s.collapsed = True
    last = runs_sec + [s for s in secs if s.key == "cost"]  # then what the page cost, open
    secs = ([answers] if answers else []) + [s for s in secs if s.key not in ("runs", "cost")] + last
    path = out_dir / "index.html"
    tmp = tmp_name(path)
    head = header(runs, tunes or {}, name or out_dir.name, games)
    replay = write_main_replay(section_runs("replay", runs), out_dir)
    tmp.write_text(render_page(head, secs, replay), encoding="utf-8")
    os.replace(tmp, path)
    return path


def render_section(sec: Section) -> str:
    """One section as HTML (what the page shows for it)."""
    return TEMPLATES.from_string('{% import "section.html.j2" as s %}{{ s.section(sec) }}').render(sec=sec)


def render_page(head: dict[str, str], secs: list[Section], replay: dict | None = None) -> str:
    """The page: its header (with the link to the replay of one game, analyzer.report.replay_link), then
    the sections in order, from templates/page.html.j2."""
    return TEMPLATES.get_template("page.html.j2").render(title=TITLE, header=head, sections=secs, replay=replay)
