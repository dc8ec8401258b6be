"""The report's studies (issue 5): what `ttr report` / `make report` runs.

A study is a dict {"name", "board", "players", "bots", "rules", "overrides",
"games_share"} and optionally "bot_params" (NAME=VALUE weights and budgets,
analyzer.bots.BotParams, recorded in the run's manifest) and
"keep_bots" (True: `ttr report --bots` does not replace its bots, e.g. the
strong-play studies that must play `expert`); it runs games_share × GAMES games (GAMES is the size of one
main study) with the report's seed into results/<name>/<study> with
resume=True, so an interrupted `make report` continues where it stopped. The
core studies are here; each section module (analyzer.report.page.SECTIONS)
may add its own `STUDIES`.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import analyzer.report.sections as sections
from analyzer.bots import unsupported_bots
from analyzer.run.protocol import RUN_IDENTITY
from analyzer.run.results import Results, finished_run, load
from analyzer.run.simulate import simulate
from analyzer.run.spec import make_spec
from analyzer.run.tune_output import TuneResults, is_tune_folder

DEFAULT_GAMES = 100_000
"""Games of a main study (Europe, each player count) in `make report`; the
other studies run their share of it (README "Report": how the time splits)."""

CORE_BOARDS = ("usa", "europe")
BOARD_SHARE = {"europe": 1.0, "usa": 0.25}
"""Europe is what the project was made for; USA is the reference (a quarter:
its CIs stay narrow, and the time goes to the variants)."""
PLAYER_COUNTS = (2, 3, 4, 5)
BLOCKING_PLAYERS = (2, 3)
TUNNEL_REVEALS = (2, 4, 5, 6)  # with the default 3 (the europe-4p study itself)
TUNNEL_SHARE = 0.25  # each value: the study compares 3 against 4-6 revealed cards


def core_studies() -> list[dict]:
    """USA and Europe at 2-5 players; the same 2- and 3-player games with
    both lanes of every double route open (doubles_min_players = 2, the
    closure off: paired with the default runs by their seed); Europe 4p with
    the tunnel house rule tunnel_reveal = 2, 4, 5, 6."""
    out = []
    for board in CORE_BOARDS:
        for p in PLAYER_COUNTS:
            out.append(dict(name=f"{board}-{p}p", board=board, players=p, bots=["planner"], rules=None, overrides={},
                            games_share=BOARD_SHARE[board]))
    for board in CORE_BOARDS:
        for p in BLOCKING_PLAYERS:
            out.append(dict(name=f"{board}-{p}p-doubles-open", board=board, players=p, bots=["planner"], rules=None,
                            overrides={"doubles_min_players": 2}, games_share=BOARD_SHARE[board]))
    for n in TUNNEL_REVEALS:
        out.append(dict(name=f"europe-4p-reveal-{n}", board="europe", players=4, bots=["planner"], rules=None,
                        overrides={"tunnel_reveal": n}, games_share=TUNNEL_SHARE))
    return out


def all_studies(section_modules: list[str] | None = None) -> list[dict]:
    """The core studies and those of every section module (default: the page's)."""
    studies = core_studies()
    for mod in (importlib.import_module(m) for m in section_modules or sections.SECTIONS):
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
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"--games must be a whole number >= 1, not {games!r}")
    if studies is None:
        studies = all_studies(sections.SECTIONS)
    results_dir = Path(results_dir)
    runs = {}
    for i, st in enumerate(studies, 1):
        n = study_games(st, games)
        seats = seat_bots(None if st.get("keep_bots") else bots, list(st.get("bots") or ["planner"]),
                          int(st["players"]))
        if bots and not st.get("keep_bots") and unsupported_bots(seats, study_rules(st)):
            # e.g. BOTS=planner: Team Asia and Ghost Train keep their own bots (the manifest records which)
            seats = seat_bots(None, list(st.get("bots") or ["planner"]), int(st["players"]))
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
                                    threads=threads, resume=True, progress=progress,
                                    bot_params=st.get("bot_params") or None)
    return runs


def _finished(out: Path, st: dict, games: int, bots: list[str], seed: int) -> Results | None:
    """The run in `out` when it is complete and is this study (same board,
    players, bots, games, seed and rules); None otherwise."""
    spec = make_spec(st["board"], int(st["players"]), bots, games, seed, st.get("rules"), st.get("overrides") or None,
                     bot_params=st.get("bot_params") or None)
    return finished_run(out, spec.manifest(), RUN_IDENTITY)


def load_runs(paths: list[Path | str]) -> dict[str, Results]:
    """{folder name: Results} of existing results folders (tuning studies are left to load_tunes)."""
    runs = {}
    for p in paths:
        p = Path(p)
        if is_tune_folder(p):
            continue
        if p.name in runs:
            raise ValueError(f"two results folders are named {p.name}: rename one")
        runs[p.name] = load(p)
    if not runs and not any(is_tune_folder(p) for p in paths):
        raise ValueError("no results folders given")
    return runs


def load_tunes(paths: list[Path | str]) -> dict[str, TuneResults]:
    """{folder name: TuneResults} of the tuning study folders among `paths`."""
    tunes = {}
    for p in map(Path, paths):
        if is_tune_folder(p):
            if p.name in tunes:
                raise ValueError(f"two tuning studies are named {p.name}: rename one")
            tunes[p.name] = TuneResults.load(p)
    return tunes


def run_tune_studies(games: int = DEFAULT_GAMES, seed: int = 1, results_dir: Path | str = "results/default",
                     threads: int = 0, progress: bool = True, log=print, bots: str | list[str] | None = None
                     ) -> dict[str, TuneResults]:
    """The report's tuning study (analyzer.report.sections.tune.TUNE_STUDY),
    sized from GAMES, with the report's bots when given, into
    results_dir/<name> (resumed when it is there)."""
    from analyzer.report.sections.tune import TUNE_STUDY
    from analyzer.run.tune import tune

    st = TUNE_STUDY
    seats = seat_bots(bots, [st["bots"]], st["players"])
    if bots and unsupported_bots(seats, study_rules({"board": st["board"]})):
        seats = seat_bots(None, [st["bots"]], st["players"])
    out = Path(results_dir) / st["name"]
    min_games = max(20, int(round(st["min_games_share"] * games)))
    trial = min_games * st["factor"] ** (st["rungs"] - 1)
    budget = max(int(round(st["budget_share"] * games)), 4 * trial)
    if (out / "tune.json").exists():
        try:
            done = TuneResults.load(out)
            if (done.manifest.get("budget"), done.manifest.get("seed"), done.manifest.get("bots")) == (
                    budget, seed, seats):
                log(f"tuning study {st['name']}: already in {out}")
                return {st["name"]: done}
        except ValueError:
            pass  # not finished: resumed below
    log(f"tuning study {st['name']}: budget {budget:,} games, rungs from {min_games:,} -> {out}")
    res = tune(board=st["board"], players=st["players"], bots=seats, params=st["params"],
               objectives=st["objectives"], constraints=st["constraints"], budget=budget, min_games=min_games,
               factor=st["factor"], rungs=st["rungs"], seed=seed, out=out, resume=True,
               confirm_top=st["confirm_top"], threads=threads, progress=progress)
    return {st["name"]: res}
