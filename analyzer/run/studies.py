"""Running a study plan (analyzer.studies): each Study simulated into
results_dir/<study name> with resume, so an interrupted `make report`
continues where it stopped and a finished study is read back instead of
played again; the plan's tuning study likewise. `ttr report` calls these
before it builds the page from what they return."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from analyzer.boards import load_board
from analyzer.bots import unsupported_bots
from analyzer.rules import RuleSet
from analyzer.run.protocol import RUN_IDENTITY
from analyzer.run.results import Results, finished_run
from analyzer.run.simulate import simulate
from analyzer.run.spec import make_spec
from analyzer.run.tune_output import TuneResults
from analyzer.studies import DEFAULT_GAMES, TUNE_STUDY, Study, TuneStudy, all_studies


def seat_bots(bots: str | list[str] | None, study_bots: list[str], players: int) -> list[str]:
    """One bot per seat: the report's bots (a name, or a comma list cycled
    over the seats) replace the study's when given."""
    chosen = study_bots if not bots else bots
    if isinstance(chosen, str):
        chosen = [b.strip() for b in chosen.split(",") if b.strip()]
    return [chosen[i % len(chosen)] for i in range(players)]


def board_rules(board: str, rules: str | None = None, overrides: dict | None = None) -> RuleSet:
    """The rule set a study of `board` plays (`rules`: a rule set name, None: the board's default)."""
    return load_board(board).rules(rules, overrides or None)


def study_rules(study: Study) -> RuleSet:
    return board_rules(study.board, study.rules, dict(study.overrides))


def study_games(study: Study, games: int) -> int:
    """The study's games: its games_share of `games` (at least one)."""
    return max(1, int(round(float(study.games_share) * games)))


def run_studies(games: int = DEFAULT_GAMES, bots: str | list[str] | None = None, seed: int = 1,
                results_dir: Path | str = "results/default", threads: int = 0, progress: bool = True,
                studies: Sequence[Study] | None = None, log=print) -> dict[str, Results]:
    """Simulate every study (default: the whole plan, analyzer.studies.all_studies)
    into results_dir/<study> (resuming what is there) and return {study name: Results}."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"--games must be a whole number >= 1, not {games!r}")
    if studies is None:
        studies = all_studies()
    results_dir = Path(results_dir)
    runs = {}
    for i, st in enumerate(studies, 1):
        n = study_games(st, games)
        own = list(st.bots) or ["planner"]
        seats = seat_bots(None if st.keep_bots else bots, own, int(st.players))
        if bots and not st.keep_bots and unsupported_bots(seats, study_rules(st)):
            # e.g. BOTS=blocker: Team Asia and Ghost Train keep their own bots (the manifest records which)
            seats = seat_bots(None, own, int(st.players))
            log(f"[{i}/{len(studies)}] {st.name}: {bots} does not play this variant; using {','.join(seats)}")
        out = results_dir / st.name
        done = _finished(out, st, n, seats, seed)
        if done is not None:
            log(f"[{i}/{len(studies)}] {st.name}: {n:,} games already in {out}")
            runs[st.name] = done
            continue
        log(f"[{i}/{len(studies)}] {st.name}: {n:,} games of {','.join(seats)} -> {out}")
        runs[st.name] = simulate(board=st.board, players=int(st.players), bots=seats, games=n, seed=seed,
                                 rules=st.rules, overrides=dict(st.overrides) or None, out=out, threads=threads,
                                 resume=True, progress=progress, bot_params=st.bot_params)
    return runs


def _finished(out: Path, st: Study, games: int, bots: list[str], seed: int) -> Results | None:
    """The run in `out` when it is complete and is this study (same board,
    players, bots, games, seed, rules and bot_params); None otherwise."""
    spec = make_spec(st.board, int(st.players), bots, games, seed, st.rules, dict(st.overrides) or None,
                     bot_params=st.bot_params)
    return finished_run(out, spec.manifest(), RUN_IDENTITY)


def run_tune_studies(games: int = DEFAULT_GAMES, seed: int = 1, results_dir: Path | str = "results/default",
                     threads: int = 0, progress: bool = True, log=print, bots: str | list[str] | None = None,
                     study: TuneStudy = TUNE_STUDY) -> dict[str, TuneResults]:
    """The plan's tuning study (analyzer.studies.TUNE_STUDY), sized from
    GAMES, with the report's bots when given, into results_dir/<name>
    (resumed when it is there)."""
    from analyzer.run.tune import tune

    st = study
    seats = seat_bots(bots, [st.bots], st.players)
    if bots and unsupported_bots(seats, board_rules(st.board)):
        seats = seat_bots(None, [st.bots], st.players)
    out = Path(results_dir) / st.name
    min_games = max(20, int(round(st.min_games_share * games)))
    trial = min_games * st.factor ** (st.rungs - 1)
    budget = max(int(round(st.budget_share * games)), 4 * trial)
    if (out / "tune.json").exists():
        try:
            done = TuneResults.load(out)
            if (done.manifest.get("budget"), done.manifest.get("seed"), done.manifest.get("bots")) == (
                    budget, seed, seats):
                log(f"tuning study {st.name}: already in {out}")
                return {st.name: done}
        except ValueError:
            pass  # not finished: resumed below
    log(f"tuning study {st.name}: budget {budget:,} games, rungs from {min_games:,} -> {out}")
    res = tune(board=st.board, players=st.players, bots=seats, params=list(st.params),
               objectives=list(st.objectives), constraints=list(st.constraints), budget=budget,
               min_games=min_games, factor=st.factor, rungs=st.rungs, seed=seed, out=out, resume=True,
               confirm_top=st.confirm_top, threads=threads, progress=progress)
    return {st.name: res}
