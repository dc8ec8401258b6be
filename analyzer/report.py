"""`ttr report` / `make report` (issue 5): run the default studies and build
one HTML page from their tables.

A study is a dict {"name", "board", "players", "bots", "rules", "overrides",
"games_share"}; it runs games_share × GAMES games (GAMES is the size of one
main study) with the report's seed into results/<name>/<study> with
resume=True, so an interrupted `make report` continues where it stopped.

The page is assembled from sections: the core ones (analyzer/report_core.py)
and one per module in SECTION_MODULES (a variant's `analyzer/report_<x>.py`,
exposing STUDIES and build_section(runs, out_dir) -> HTML or None). Sections
recognise their runs by what the manifests say (board, players, rules), so a
report built from existing runs (`ttr report results/A results/B`) finds them
too.
"""

from __future__ import annotations

import datetime
import html
import importlib
import re
import traceback
from pathlib import Path

from analyzer.bots import unsupported_bots
from analyzer.results import Results, load

SECTION_MODULES: list[str] = [
    "analyzer.report_legendary_asia",
    "analyzer.report_ghost_train",
    "analyzer.report_team_asia",
    "analyzer.report_maps",
    "analyzer.report_sweep",
]
"""Variant section modules, e.g. "analyzer.report_legendary_asia" (appended by each variant)."""

DEFAULT_GAMES = 100_000
"""Games of a main study in `make report`: about 10 minutes of simulation on 2
cores with planner bots (about 5 minutes with greedy), see README."""

CORE_BOARDS = ("usa", "europe")
PLAYER_COUNTS = (2, 3, 4, 5)
BLOCKING_PLAYERS = (2, 3)
TUNNEL_REVEALS = (2, 4, 5, 6)  # with the default 3 (the europe-4p study itself)


def core_studies() -> list[dict]:
    """USA and Europe at 2-5 players; the same 2- and 3-player games with
    both lanes of every double route open (doubles_min_players = 2, the
    closure off: paired with the default runs by their seed); Europe 4p with
    the tunnel house rule tunnel_reveal = 2, 4, 5, 6."""
    out = []
    for board in CORE_BOARDS:
        for p in PLAYER_COUNTS:
            out.append(dict(name=f"{board}-{p}p", board=board, players=p, bots=["greedy"], rules=None, overrides={},
                            games_share=1.0))
    for board in CORE_BOARDS:
        for p in BLOCKING_PLAYERS:
            out.append(dict(name=f"{board}-{p}p-doubles-open", board=board, players=p, bots=["greedy"], rules=None,
                            overrides={"doubles_min_players": 2}, games_share=1.0))
    for n in TUNNEL_REVEALS:
        out.append(dict(name=f"europe-4p-reveal-{n}", board="europe", players=4, bots=["greedy"], rules=None,
                        overrides={"tunnel_reveal": n}, games_share=0.25))
    return out


def section_modules() -> list:
    return [importlib.import_module(m) for m in SECTION_MODULES]


def all_studies() -> list[dict]:
    """The core studies and every section module's."""
    studies = core_studies()
    for mod in section_modules():
        studies.extend(getattr(mod, "STUDIES", []))
    names = [s["name"] for s in studies]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise ValueError(f"study names used twice: {', '.join(dup)}")
    return studies


def seat_bots(bots: str | list[str] | None, study_bots: list[str], players: int) -> list[str]:
    """One bot per seat: the report's bots (a name, or a comma list cycled
    over the seats) replace the study's when given."""
    chosen = study_bots if not bots else bots
    if isinstance(chosen, str):
        chosen = [b.strip() for b in chosen.split(",") if b.strip()]
    return [chosen[i % len(chosen)] for i in range(players)]


def study_rules(study: dict):
    from analyzer.boards import load_board

    return load_board(study["board"]).rules(study.get("rules"), study.get("overrides") or None)


def study_games(study: dict, games: int) -> int:
    return max(1, int(round(float(study.get("games_share", 1.0)) * games)))


def run_studies(games: int = DEFAULT_GAMES, bots: str | list[str] | None = None, seed: int = 1,
                results_dir: Path | str = "results/default", threads: int = 0, progress: bool = True,
                studies: list[dict] | None = None, log=print) -> dict[str, Results]:
    """Simulate every study into results_dir/<study> (resuming what is there)
    and return {study name: Results}."""
    from analyzer.runner import simulate

    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"--games must be a whole number >= 1, not {games!r}")
    studies = all_studies() if studies is None else studies
    results_dir = Path(results_dir)
    runs = {}
    for i, st in enumerate(studies, 1):
        n = study_games(st, games)
        seats = seat_bots(bots, list(st.get("bots") or ["greedy"]), int(st["players"]))
        if bots and unsupported_bots(seats, study_rules(st)):
            # e.g. BOTS=planner: Team Asia and Ghost Train keep their own bots (the manifest records which)
            seats = seat_bots(None, list(st.get("bots") or ["greedy"]), int(st["players"]))
            log(f"[{i}/{len(studies)}] {st['name']}: {bots} does not play this variant; using {','.join(seats)}")
        out = results_dir / st["name"]
        done = _finished(out, st, n, seats, seed)
        if done is not None:
            log(f"[{i}/{len(studies)}] {st['name']}: {n:,} games already in {out}")
            runs[st["name"]] = done
            continue
        log(f"[{i}/{len(studies)}] {st['name']}: {n:,} games of {','.join(seats)} -> {out}")
        runs[st["name"]] = simulate(board=st["board"], players=int(st["players"]), bots=seats, games=n, seed=seed,
                                    rules=st.get("rules"), overrides=st.get("overrides") or None, out=out,
                                    threads=threads, resume=True, progress=progress)
    return runs


def _finished(out: Path, st: dict, games: int, bots: list[str], seed: int) -> Results | None:
    """The run in `out` when it is complete and is this study (same board,
    players, bots, games, seed and rules); None otherwise."""
    from analyzer.runner import make_spec

    if not (out / "manifest.json").exists():
        return None
    try:
        res = load(out)
    except ValueError:
        return None  # incomplete: simulate(resume=True) finishes it
    m = res.manifest
    spec = make_spec(st["board"], int(st["players"]), bots, games, seed, st.get("rules"), st.get("overrides") or None)
    same = (m.get("status") == "complete" and m.get("board") == spec.board.name and m.get("players") == spec.players
            and m.get("bots") == spec.bots and m.get("games") == games and m.get("seed") == seed
            and m.get("rules_hash") == spec.rules.hash())
    return res if same else None


def load_runs(paths: list[Path | str]) -> dict[str, Results]:
    """{folder name: Results} of existing results folders."""
    runs = {}
    for p in paths:
        p = Path(p)
        if p.name in runs:
            raise ValueError(f"two results folders are named {p.name}: rename one")
        runs[p.name] = load(p)
    if not runs:
        raise ValueError("no results folders given")
    return runs


# --- the page ------------------------------------------------------------------------------
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


def build_report(runs: dict[str, Results], out_dir: Path | str, title: str = "Ticket to Ride analysis",
                 log=print) -> Path:
    """Write out_dir/index.html with every section that has its runs, its
    figures (PNG + SVG) and tables (CSV) beside it; return the page's path."""
    from analyzer import report_core

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    builders = [(f"analyzer.report_core.{f.__name__}", f) for f in report_core.SECTIONS]
    builders += [(m.__name__, m.build_section) for m in section_modules()]
    parts = []
    for name, build in builders:
        try:
            frag = build(runs, out_dir)
        except Exception as e:  # one broken section must not lose the others
            log(f"section {name} failed: {e!r}")
            frag = (f'<section><h2>{html.escape(name)}</h2><p class="error">This section failed: '
                    f'{html.escape(repr(e))}</p><pre>{html.escape(traceback.format_exc())}</pre></section>')
        finally:
            report_core.release(*runs.values())
        if frag:
            parts.append(frag)
    page = _page(title, runs, parts)
    path = out_dir / "index.html"
    path.write_text(page, encoding="utf-8")
    return path


def _page(title: str, runs: dict[str, Results], sections: list[str]) -> str:
    heads = [re.search(r"<h2[^>]*>(.*?)</h2>", s, re.S) for s in sections]
    ids = [f"s{i}" for i in range(len(sections))]
    sections = [s.replace("<section>", f'<section id="{i}">', 1) for s, i in zip(sections, ids, strict=True)]
    nav = " ".join(f'<a href="#{i}">{h.group(1) if h else i}</a>' for h, i in zip(heads, ids, strict=True))
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>{CSS}</style></head><body>
<h1>{html.escape(title)}</h1>
<p>Generated {now} from {len(runs)} runs. Every figure is a PNG with an SVG beside it; every table is a CSV
beside this page; every number can be re-derived from the runs' Parquet tables in pandas (see the README,
section “Report”). Intervals are 95% confidence intervals; n is the sample size.</p>
<nav>{nav}</nav>
{''.join(sections)}
</body></html>
"""
