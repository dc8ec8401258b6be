"""Tuning house rules: `analyzer.tune` / `ttr tune` with real
Optuna, real kernels and real Parquet files, at small sizes.

- a known answer: tuning `trains` so that game_length hits a target lands
  within one train of the answer of a full `analyzer.sweep`;
- killing `ttr tune` (SIGKILL) and rerunning it with --resume gives the same
  trials table as an uninterrupted run;
- the games: every trial plays the baseline's games (common random numbers),
  with the seats rotated between seatings;
- bad input exits 2 with one clear line naming the field.
"""

import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pandas as pd
import pytest
from cli_run import ttr

import analyzer
from analyzer.rules import preset
from analyzer.run.tune_games import rung_plan
from analyzer.run.tune_space import parse_param
from analyzer.stats.tune import TuneError, pareto_mask, parse_constraint, parse_objective

CLI = [sys.executable, "-m", "analyzer.cli"]
# USA, 2 greedy players: the fastest table; trains 30..45 moves game_length by about 1.8 turns a train
SMALL = dict(board="usa", players=2, bots="greedy", min_games=100, factor=2, rungs=3, seed=3)
TRAINS = list(range(30, 46))
TARGET_TRAINS = 38


def _cli_args(out, extra=()):
    return [*CLI, "tune", "--board", "usa", "--players", "2", "--bots", "greedy", "--min-games", "100", "--factor",
            "2", "--rungs", "3", "--seed", "3", "--param", "trains=30..45", "--objective", f"game_length={TARGET:g}",
            "--budget", "5000", "--confirm-top", "2", "--quiet", "--out", str(out), *extra]


@pytest.fixture(scope="module")
def grid(tmp_path_factory):
    """The full sweep over trains: game_length of every value on 400 games."""
    sw = analyzer.sweep(board="usa", players=2, bots="greedy", games=400, seed=11, grid={"trains": TRAINS},
                        out=tmp_path_factory.mktemp("grid") / "sweep", progress=False)
    table = analyzer.compare(sw, n_boot=50)
    gl = table[table["measure"] == "game_length"].set_index("variant")["estimate"]
    return {t: float(gl[f"trains={t}"]) for t in TRAINS}


TARGET = None  # set from the grid: the sweep's game_length at TARGET_TRAINS


@pytest.fixture(scope="module")
def tuned(grid, tmp_path_factory):
    global TARGET
    TARGET = round(grid[TARGET_TRAINS], 2)
    out = tmp_path_factory.mktemp("tune") / "study"
    res = analyzer.tune(params=["trains=30..45"], objectives=[f"game_length={TARGET:g}"], budget=5000,
                        confirm_top=2, out=out, progress=False, **SMALL)
    return res


def test_known_answer_within_one_train_of_the_sweep(grid, tuned):
    exact = min(TRAINS, key=lambda t: abs(grid[t] - TARGET))
    assert exact == TARGET_TRAINS  # the grid's game_length is monotone enough to find its own value
    rec = tuned.recommendation["recommended"]
    assert rec is not None, tuned.recommendation
    assert abs(rec["overrides"]["trains"] - exact) <= 1, (rec, exact)
    # the search spent less than the grid's 16 x 400 games
    assert tuned.manifest["games_search"] <= 5000 < len(TRAINS) * 400


def test_trials_table_rungs_and_pruning(tuned):
    t = tuned.trials
    assert list(t["trial"]) == list(range(len(t)))
    for col in ("trains", "state", "rung", "games", "game_length", "game_length_ci_low", "game_length_ci_high",
                "objective_game_length", "pruned", "feasible"):
        assert col in t.columns
    assert set(t["games"]) <= {100, 200, 400} and t["pruned"].any() and (t["state"] == "complete").any()
    assert (t.loc[t["state"] == "complete", "rung"] == 2).all()
    assert ((t["game_length_ci_low"] <= t["game_length"]) & (t["game_length"] <= t["game_length_ci_high"])).all()
    np.testing.assert_allclose(t["objective_game_length"], (t["game_length"] - TARGET).abs())
    # a pruned trial stopped below the last rung; the played games fit the budget
    assert (t.loc[t["pruned"], "rung"] < 2).all()
    assert t["played"].sum() + 400 <= 5000
    # the rungs table holds each rung's running estimate of every measure
    r = tuned.rungs
    first = t[t["duplicate_of"] < 0].iloc[0]
    assert set(r.loc[r["trial"] == first["trial"], "rung"]) == set(range(first["rung"] + 1))


def test_confirmation_on_fresh_games_with_paired_cis(tuned):
    rec = tuned.recommendation
    assert rec["confirm_seed"] not in (SMALL["seed"],) and rec["confirm_games"] == 400
    c = tuned.confirmation
    assert set(c["variant"]) == {"baseline"} | {x["name"] for x in rec["candidates"]}
    assert c["paired"].all()
    best = rec["candidates"][0]["objectives"][f"game_length={TARGET:g}"]
    assert best["ci"][0] <= best["estimate"] <= best["ci"][1]
    assert best["difference_ci"][0] <= best["difference"] <= best["difference_ci"][1]
    assert "ttr tune" in rec["command"] and "--param trains=30..45" in rec["command"]
    pareto = tuned.pareto
    assert len(pareto) >= 1 and pareto["objective_game_length"].iloc[0] == tuned.trials.query(
        "state == 'complete'")["objective_game_length"].min()


def test_kill_and_resume_gives_the_same_trials_table(tuned, tmp_path):
    out = tmp_path / "killed"
    proc = subprocess.Popen(_cli_args(out), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    t0 = time.time()
    while time.time() - t0 < 120 and proc.poll() is None:
        if (out / "trials").exists() and len(list((out / "trials").iterdir())) >= 4:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the study finished before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    again = ttr(_cli_args(out, ["--resume"])[len(CLI):])
    assert again.returncode == 0, again.stdout + again.stderr
    pd.testing.assert_frame_equal(pd.read_parquet(out / "trials.parquet"), tuned.trials)
    assert json.loads((out / "recommendation.json").read_text())["recommended"] == \
        tuned.recommendation["recommended"]


def test_every_trial_plays_the_baselines_games_with_seats_rotated(tmp_path):
    """Mixed bots: two seatings (greedy,random and random,greedy); a trial
    with the base rules plays exactly the baseline's games."""
    res = analyzer.tune(board="usa", players=2, bots="greedy,random", params=["longest_path_bonus=10,20"],
                        objectives=["seat_advantage"], constraints=["ticket_completion>=0.1"], budget=1600,
                        min_games=100, factor=2, rungs=2, seed=4, confirm_top=1, startup_trials=3,
                        out=tmp_path / "t", progress=False)
    assert res.manifest["seatings"] == [["greedy", "random"], ["random", "greedy"]]
    base = tmp_path / "t" / "baseline" / "rung-0"
    for s, bots in enumerate(res.manifest["seatings"]):
        assert analyzer.load(base / f"seating-{s}").manifest["bots"] == bots
    t = res.trials
    same = t[(t["longest_path_bonus"] == "10") & (t["duplicate_of"] < 0)]
    assert len(same) == 1
    trial = tmp_path / "t" / "trials" / f"t{int(same['trial'].iloc[0]):04d}" / "rung-0"
    for s in range(2):
        a, b = analyzer.load(base / f"seating-{s}"), analyzer.load(trial / f"seating-{s}")
        pd.testing.assert_frame_equal(a.players, b.players)
    r = res.rungs[res.rungs["trial"] == same["trial"].iloc[0]]
    assert (r["difference"] == 0).all() and (r["diff_ci_low"] == 0).all() and (r["diff_ci_high"] == 0).all()
    assert "strategy_dominance" in set(r["measure"])  # bots differ per game within a seating's pool


# --- parsing ----------------------------------------------------------------------------------------------
def test_params_objectives_constraints_parse():
    eu = preset("europe")
    p = parse_param("trains=30..45", eu)
    assert (p.kind, p.low, p.high) == ("int", 30, 45)
    p = parse_param("route_scores=0,1,2,4,7,10,15,18,21;0,1,2,4,7,10,15,18,27", eu)
    assert p.kind == "choice" and p.rule_value(p.choices[1])[-1] == 27
    assert parse_objective("game_length=40").target == 40 and parse_objective("game_length=40").value(43) == 3
    assert parse_objective("max:ticket_completion").direction == "maximize"
    assert parse_constraint("ticket_completion>=0.7").violation(0.8) < 0 < parse_constraint(
        "ticket_completion>=0.7").violation(0.6)
    assert parse_constraint("stalled_games<0.01").surely_violated(0.02, 0.03)
    assert not parse_constraint("stalled_games<0.01").surely_violated(0.0, 0.03)
    assert rung_plan(2000, 4, 3, 3) == [667, 2000, 8000]  # per seating: 2001, 8001, 32001 games in all
    mask = pareto_mask(np.array([[1, 5], [2, 2], [3, 3], [np.nan, 0], [1, 5]]), [False, False])
    assert mask.tolist() == [True, True, False, False, True]


@pytest.mark.parametrize("text,words", [
    ("trainz=30..45", "unknown rule 'trainz'"),
    ("trains=45..30", "empty range"),
    ("trains=30", "at least two different choices"),
    ("trains=3.5..9", "not a whole number"),
    ("tunnel_reveal=2,3,2", "given twice"),
])
def test_bad_params_are_refused(text, words):
    with pytest.raises(TuneError, match=words):
        parse_param(text, preset("europe"))


@pytest.mark.parametrize("kwargs,words", [
    (dict(constraints=["explorer_bonus_holders>=1"]), "no measure explorer_bonus_holders"),
    (dict(objectives=["max:seat_advantage=3"]), "neither min: nor max:"),
    (dict(budget=100), "a trial and the baseline need 800 games"),
    (dict(params={"trains": 40}), "give \\(low, high\\) or a list"),
    (dict(storage="mysql"), "--storage must be journal or sqlite"),
])
def test_bad_study_is_refused_before_any_game(kwargs, words, tmp_path):
    args = dict(params=["trains=30..45"], objectives=["seat_advantage"], budget=5000, out=tmp_path / "t",
                progress=False, **SMALL)
    args.update(kwargs)
    with pytest.raises(TuneError, match=words):
        analyzer.tune(**args)
    assert not (tmp_path / "t").exists()


@pytest.mark.parametrize("args,words", [
    (["--param", "trainz=30..45", "--objective", "game_length=40"], "--param 'trainz=30..45': unknown rule"),
    (["--param", "trains=45..30", "--objective", "game_length=40"], "--param 'trains=45..30': empty range"),
    (["--param", "trains=30..45", "--objective", "game_lenght"], "--objective 'game_lenght': unknown measure"),
    (["--param", "trains=30..45", "--objective", "seat_advantage", "--constraint", "strategy_dominance<=0.1"],
     "--constraint 'strategy_dominance<=0.1': strategy_dominance needs different bots"),
])
def test_cli_bad_input_exits_2_with_one_line(args, words, tmp_path):
    proc = ttr(["tune", "--board", "usa", "--players", "2", "--out", str(tmp_path / "t"), *args],
               env={"COLUMNS": "100"})
    out = (proc.stdout + proc.stderr).strip()
    assert proc.returncode == 2, out
    assert "Traceback" not in out and len(out.splitlines()) == 1 and words in out
    assert not (tmp_path / "t").exists()  # nothing was started


# --- the report ------------------------------------------------------------------------------------------
def test_report_picks_a_tune_folder_up(tuned, tmp_path):
    from analyzer.report.folders import load_runs, load_tunes
    from analyzer.report.page import build_report

    paths = [tuned.path]
    assert load_runs(paths) == {} and list(load_tunes(paths)) == [tuned.path.name]
    page = build_report(load_runs(paths), tmp_path / "rep", tunes=load_tunes(paths), log=lambda m: None)
    html = page.read_text()
    assert f"Tuning house rules: {tuned.path.name}" in html and "Recommended: trains=" in html
    assert (tmp_path / "rep" / "tune_game_length.png").exists()
    conf = pd.read_csv(tmp_path / "rep" / f"tune_{tuned.path.name}_confirmation.csv")
    assert set(conf["trial"]) == {c["trial"] for c in tuned.recommendation["candidates"]}


def test_two_parameters_match_the_grid_at_under_30_percent_of_its_games(tmp_path):
    """The tuner against a grid: a two-parameter problem whose grid optimum a
    full sweep finds; the tuner's confirmed best is statistically
    indistinguishable from the grid's best (both re-played on the same fresh
    games, the gap in the objective within the paired CI) and the search
    spends <= 30% of the grid's games."""
    grid = {"trains": list(range(34, 42)), "end_trains": [0, 1, 2, 3]}
    cell = 200
    sw = analyzer.sweep(board="usa", players=2, bots="greedy", games=cell, seed=21, grid=grid,
                        out=tmp_path / "grid", progress=False)
    gl = analyzer.compare(sw, n_boot=20).query("measure == 'game_length'").set_index("variant")["estimate"]
    target = round(float(gl["trains=38,end_trains=2"]), 2)
    grid_best = min((v for v in sw.names if v != "baseline"), key=lambda v: abs(gl[v] - target))
    grid_games = cell * (len(sw.names) - 1)
    res = analyzer.tune(board="usa", players=2, bots="greedy", params=["trains=34..41", "end_trains=0..3"],
                        objectives=[f"game_length={target:g}"], budget=int(0.3 * grid_games), min_games=50,
                        factor=2, rungs=3, seed=8, confirm_top=1, out=tmp_path / "tune", progress=False)
    assert res.manifest["games_search"] <= 0.3 * grid_games
    tuned = res.recommendation["candidates"][0]["overrides"]
    best = {k: int(v) for k, v in (kv.split("=") for kv in grid_best.split(","))}
    check = analyzer.sweep(board="usa", players=2, bots="greedy", games=400, seed=99, progress=False,
                           variants={"grid": best, "tuned": tuned}, baseline="grid")
    row = analyzer.compare(check, n_boot=400).query("measure == 'game_length' and variant == 'tuned'").iloc[0]
    gap = abs(row.estimate - target) - abs(row.baseline_value - target)  # > 0: the tuner's is further off
    assert gap <= max(abs(row.ci_low), abs(row.ci_high)), (tuned, best, row.estimate, row.baseline_value, target)


def test_two_objectives_give_a_pareto_front_with_sqlite_storage(tmp_path):
    from analyzer.report.sections.tune import tune_section

    res = analyzer.tune(board="usa", players=2, bots="greedy", params=["trains=30..45"],
                        objectives=["game_length=70", "max:ticket_completion"], budget=2400, min_games=100,
                        factor=2, rungs=2, seed=6, confirm_top=2, startup_trials=4, storage="sqlite",
                        out=tmp_path / "mo", progress=False)
    assert (tmp_path / "mo" / "study.db").exists() and not (tmp_path / "mo" / "study.journal").exists()
    t = res.trials
    assert not (t["pruned_by"] == "successive halving").any()  # Optuna prunes single objectives only
    done = t[(t["state"] == "complete") & (t["duplicate_of"] < 0)]
    cols = ["objective_game_length", "objective_ticket_completion"]
    on_front = pareto_mask(done[cols].to_numpy(), [False, True])
    assert sorted(res.pareto["trial"]) == sorted(done.loc[on_front, "trial"])
    assert [c["trial"] for c in res.recommendation["candidates"]] == list(res.pareto["trial"][:2])
    sec = tune_section("mo", res, tmp_path / "rep")
    assert [f.stem for f in sec.figures] == ["tune_game_length", "tune_ticket_completion", "tune_pareto"]


def test_confirmation_candidates_are_distinct_rule_sets(tuned):
    """Two trials that proposed the same rules are one candidate: the
    duplicate copies its twin's result and is never confirmed twice."""
    cands = tuned.recommendation["candidates"]
    rules = [json.dumps(c["overrides"], sort_keys=True) for c in cands]
    assert len(cands) == 2 and len(set(rules)) == len(rules)
    dups = tuned.trials[tuned.trials["duplicate_of"] >= 0]
    assert len(dups) and not set(dups["trial"]) & {c["trial"] for c in cands}


def test_resume_with_a_larger_budget_continues_to_the_same_trials(tuned, tmp_path):
    """A finished study resumed with a larger --budget searches on; its trials
    table is that of a study given the larger budget from the start."""
    out = tmp_path / "grown"
    small = analyzer.tune(params=["trains=30..45"], objectives=[f"game_length={TARGET:g}"], budget=2500,
                          confirm_top=2, out=out, progress=False, **SMALL)
    assert len(small.trials) < len(tuned.trials)
    grown = analyzer.tune(params=["trains=30..45"], objectives=[f"game_length={TARGET:g}"], budget=5000,
                          confirm_top=2, out=out, resume=True, progress=False, **SMALL)
    pd.testing.assert_frame_equal(grown.trials, tuned.trials)
    assert grown.recommendation["recommended"] == tuned.recommendation["recommended"]
    assert grown.manifest["budget"] == 5000


def test_a_study_on_a_local_dask_cluster_equals_the_in_process_study(tmp_path):
    """--cluster local:2: every run of the study plays on one LocalCluster
    (real Dask worker processes), and the tables are the in-process ones."""
    kw = dict(params=["trains=30..45"], objectives=["game_length=60"], budget=1600, confirm_top=1,
              progress=False, **SMALL)
    here = analyzer.tune(out=tmp_path / "here", **kw)
    dask = analyzer.tune(out=tmp_path / "dask", cluster="local:2", **kw)
    pd.testing.assert_frame_equal(dask.trials, here.trials)
    assert dask.recommendation["candidates"] == here.recommendation["candidates"]
    run = json.loads(next((tmp_path / "dask" / "trials").glob("*/rung-0/seating-0/manifest.json")).read_text())
    assert run["backend"] == "dask:local:2"


def test_rules_that_change_no_game_are_confirmed_once(tmp_path):
    """USA has no stations, so station_value changes no game: every trial
    plays the games of the first, and only that one is confirmed, naming
    the others as its twins."""
    res = analyzer.tune(params=["station_value=0..6"], objectives=["game_length=60"], budget=2400, confirm_top=3,
                        out=tmp_path / "twins", progress=False, **SMALL)
    t = res.trials
    own = t[(t["duplicate_of"] < 0) & (t["state"] == "complete")]
    assert len(own) >= 2 and (own["same_results_as"].iloc[1:] == own["trial"].iloc[0]).all()
    cands = res.recommendation["candidates"]
    assert len(cands) == 1 and cands[0]["trial"] == own["trial"].iloc[0]
    assert sorted(cands[0]["same_results"]) == sorted(own["trial"].iloc[1:])


@pytest.mark.parametrize(("values", "whole"), [([2, 3, 4], True), ([0.1, 0.2, 0.3], False)])
def test_a_whole_number_parameter_gets_whole_number_ticks(values, whole):
    """The tuning figures' x axis: integer parameters (longest_path_bonus=0..20) are ticked at whole numbers
    only; a parameter with fractional values keeps matplotlib's own ticks."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from analyzer.report.sections.tune import whole_ticks

    fig, ax = plt.subplots(figsize=(3.8, 4.0))  # the figure's panel size: matplotlib alone ticks 2, 3, 4 at halves
    x = pd.Series(values)
    ax.plot(x, x, "o")
    whole_ticks(ax, x)
    fig.canvas.draw()
    ticks = np.asarray(ax.get_xticks())
    plt.close(fig)
    assert (ticks == np.round(ticks)).all() == whole
