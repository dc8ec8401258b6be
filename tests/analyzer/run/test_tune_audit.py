"""The scorecard objective and the one-step-deviation audit of `ttr tune`,
with real Optuna, real kernels and real Parquet, on constructed cases whose
answer is known:

- a targets file holding exactly what a rule value's ladder measures gives
  that value distance 0, and the search picks it;
- minimising game length over a coarse grid of train counts: a search that
  stopped on a non-optimal point has a neighbour the audit flags as better;
  a search that found the best point has none;
- with two objectives, a neighbour is better when significantly better on
  one and significantly worse on none;
- the audit resumes: its tables are the same after its folders are lost in part;
- the tuning report shows the audit and names the scorecard;
- the grid steps and the verdict's rule on their own.
"""

import shutil

import numpy as np
import pandas as pd
import pytest
from cli_run import ttr

import analyzer
from analyzer.boards import load_board
from analyzer.rules import preset
from analyzer.run.balance import BalanceOptions, scorecard_of, tier_ladder
from analyzer.run.tune_audit import better_than, neighbours, split_budget
from analyzer.run.tune_games import derived_seed, rung_plan
from analyzer.run.tune_space import Param, parse_param
from analyzer.stats.tune import Objective, TuneError

# USA, 2 players, 3 to 6 trains: short games, in which greedy loses to random now and then (1-10%)
TIERS = ["random", "greedy"]
SCORE = dict(board="usa", players=2, min_games=120, rungs=1, seed=5, confirm_top=1, audit_share=0.15,
             progress=False)
CHOICES = [3, 4, 6]
TUNED = 4
GRID = dict(board="usa", players=2, bots="greedy", min_games=60, rungs=1, seed=2, confirm_top=1, audit_share=0.2,
            progress=False)


def _targets_for(trains: int, path) -> dict:
    """The first seat's win share and greedy's share against random that the tuner's first rung measures
    at `trains`, written as a targets file (floats written by repr: read back exactly)."""
    blocks = rung_plan(SCORE["min_games"], 4, 1, 2)[0]  # per run; the ladder has two runs (two rotations)
    opts = BalanceOptions(games=blocks * 2, seed=derived_seed(SCORE["seed"], 0), bootstrap=10, progress=False)
    lad = tier_ladder("usa", 2, load_board("usa").rules(None, {"trains": trains}), None, None, opts, TIERS)
    t = scorecard_of(lad, 10).tables()
    first = float(t["seats"].query("tier == 'all' and seat == 0")["win_share"].iloc[0])
    cell = float(t["matrix"].query("tier == 'greedy' and opponent == 'random'")["share"].iloc[0])
    path.write_text(f"first_seat = {first!r}\n\n[matrix]\ngreedy.random = {cell!r}\n")
    return {"first_seat": first, "greedy.random": cell}


@pytest.fixture(scope="module")
def scorecard_study(tmp_path_factory):
    root = tmp_path_factory.mktemp("scorecard")
    measured = _targets_for(TUNED, root / "targets.toml")
    res = analyzer.tune(params=[f"trains={','.join(map(str, CHOICES))}"], objectives=["scorecard"],
                        targets=root / "targets.toml", tiers=",".join(TIERS), budget=600, out=root / "study", **SCORE)
    return res, measured


def test_the_value_the_targets_were_measured_at_has_distance_zero_and_is_picked(scorecard_study):
    res, measured = scorecard_study
    assert 0 < measured["first_seat"] < 1 and measured["greedy.random"] < 1  # the targets are not trivial
    t = res.trials[res.trials["duplicate_of"] < 0].set_index("trains")
    assert sorted(int(v) for v in t.index) == CHOICES  # every choice was played
    assert t.loc[str(TUNED), "objective_scorecard"] == pytest.approx(0, abs=1e-12)
    others = [t.loc[str(v), "objective_scorecard"] for v in CHOICES if v != TUNED]
    assert min(others) > 0.01, others
    assert res.audit_verdict["best"] == {"trains": TUNED}
    # the audit played the best's neighbours on the choice grid, on fresh games
    assert set(res.audit["value"]) == {"3", "6"} and set(res.audit["objective"]) == {"min:scorecard"}
    assert res.manifest["bots"] == TIERS and res.manifest["targets"]["matrix"] == {
        "greedy.random": measured["greedy.random"]}


def test_the_scorecard_confirmation_compares_distances_on_fresh_games(scorecard_study):
    res, _ = scorecard_study
    # the command line resumes the finished study (every game read back) and prints the confirmation and audit
    m = res.manifest
    out = ttr(["tune", "--board", "usa", "--players", "2", "--param", m["params"][0], "--objective", "scorecard",
               "--targets", res.path.parent / "targets.toml", "--tiers", ",".join(TIERS), "--budget", "600",
               "--min-games", "120", "--rungs", "1", "--seed", "5", "--confirm-top", "1", "--out", res.path,
               "--resume", "--quiet"], env={"COLUMNS": "200"})
    assert out.returncode == 0, out.stdout + out.stderr
    assert "bots random,greedy" in out.stdout and "min:scorecard" in out.stdout
    assert f"one-step-deviation audit of trial {res.audit_verdict['best_trial']} (trains={TUNED})" in out.stdout
    cand = res.recommendation["candidates"][0]
    o = cand["objectives"]["min:scorecard"]
    assert cand["overrides"] == {"trains": TUNED}
    assert o["difference"] == pytest.approx(o["estimate"] - o["baseline"])
    assert o["difference_ci"][0] <= o["difference"] <= o["difference_ci"][1]
    assert o["ci"][0] <= o["estimate"] <= o["ci"][1] and o["estimate"] > 0  # fresh games: not the fitted zero


def _grid_study(out, budget, seed=2):
    return analyzer.tune(params=["trains=10,20,30"], objectives=["min:game_length"], budget=budget, out=out,
                         **(GRID | {"seed": seed}))


@pytest.fixture(scope="module")
def full_grid(tmp_path_factory):
    """Every choice played (the search's budget pays for the baseline and three trials): the best is 10."""
    return _grid_study(tmp_path_factory.mktemp("full") / "study", 300)


def test_no_neighbour_is_flagged_when_the_search_found_the_best(full_grid):
    v, a = full_grid.audit_verdict, full_grid.audit
    assert v["best"] == {"trains": 10} and v["neighbours"] == 1 and v["better"] == []
    assert v["verdict"].startswith("no neighbour is significantly better")
    (row,) = a.itertuples()
    assert (row.parameter, row.side, row.value) == ("trains", "above", "20")
    assert row.ci_low > 0 and row.significantly_worse and not row.better  # 20 trains: significantly longer
    assert row.games == v["games_per_rule_set"] == 60 // 3  # the audit's 20% of 300, over the best and 2 steps
    assert full_grid.manifest["games_audit"] == 2 * 20
    assert pd.read_csv(full_grid.path / "audit.csv").equals(pd.read_parquet(full_grid.path / "audit.parquet")
                                                            .astype({"value": "int64", "best_value": "int64"}))


def test_a_search_stopped_on_a_worse_point_has_a_better_neighbour(tmp_path):
    # budget for the baseline and one trial only; seed 2's first trial is not the best value 10
    res = _grid_study(tmp_path / "study", 150)
    assert len(res.trials) == 1
    best = int(res.audit_verdict["best"]["trains"])
    assert best != 10
    a = res.audit.set_index("side")
    below = a.loc["below"]
    assert int(below["value"]) == best - 10 and below["better"] and below["ci_high"] < 0
    assert res.audit_verdict["better"] == [f"trains={best - 10}"]
    if "above" in a.index:
        assert not a.loc["above", "better"]
    out = ttr(["tune", "--board", "usa", "--players", "2", "--bots", "greedy", "--param", "trains=10,20,30",
               "--objective", "min:game_length", "--budget", "150", "--min-games", "60", "--rungs", "1", "--seed",
               "2", "--confirm-top", "1", "--audit-share", "0.2", "--out", tmp_path / "study", "--resume",
               "--quiet"], env={"COLUMNS": "200"})
    assert out.returncode == 0, out.stderr
    assert f"a neighbour is significantly better: trains={best - 10}" in out.stdout


def test_the_audit_resumes_with_the_same_table(full_grid, tmp_path):
    copy = tmp_path / "study"
    shutil.copytree(full_grid.path, copy)
    for name in ("audit.parquet", "audit.csv", "audit.json"):
        (copy / name).unlink()
    shutil.rmtree(copy / "audit" / "20-per-seating" / "trains=20")  # a neighbour's games lost, the best's kept
    res = analyzer.tune(params=["trains=10,20,30"], objectives=["min:game_length"], budget=300, out=copy,
                        resume=True, **GRID)
    pd.testing.assert_frame_equal(res.audit, full_grid.audit)
    assert res.audit_verdict == full_grid.audit_verdict
    pd.testing.assert_frame_equal(res.trials, full_grid.trials)


def test_grid_steps():
    base = preset("usa")
    assert neighbours(parse_param("trains=30..45", base), 30) == [("above", 31)]
    assert neighbours(parse_param("trains=30..45", base), 37) == [("below", 36), ("above", 38)]
    assert neighbours(parse_param("tunnel_reveal=2,3,5", base), "5") == [("below", "3")]
    real = Param("a_real_rule", "real", 0.5, 1.5)  # no built-in rule is real-valued: the step of a real range
    assert [(s, round(v, 9)) for s, v in neighbours(real, 1.45)] == [("below", 1.35), ("above", 1.5)]
    assert split_budget(1000, 0.15) == (850, 150)
    with pytest.raises(TuneError, match="--audit-share"):
        split_budget(1000, 0.9)


def test_what_counts_as_better():
    lo_hi = (-0.3, -0.1)  # the neighbour's change, paired CI
    assert better_than(Objective("m", "min"), 1.0, 1.2, *lo_hi)
    assert not better_than(Objective("m", "max"), 1.0, 1.2, *lo_hi)
    assert not better_than(Objective("m", "min"), 1.0, 1.2, -0.3, 0.1)  # the CI holds 0
    target = Objective("m", "target", 1.05)
    assert better_than(target, 1.1, 1.3, -0.3, -0.1)  # closer, the change towards the target
    assert not better_than(target, 0.7, 1.3, -0.7, -0.5)  # past the target: farther from it
    assert not better_than(target, 1.5, 1.3, 0.1, 0.3)  # away from the target
    assert np.isclose(Objective("m", "target", 1.05).value(1.1), 0.05)


def test_the_tuning_report_shows_the_audit_and_the_scorecard(full_grid, scorecard_study, tmp_path):
    from analyzer.report.sections.tune import tune_section

    sec = tune_section("grid", full_grid, tmp_path / "rep")
    audit = [f for f in sec.findings if f.startswith("One-step-deviation audit")]
    assert len(audit) == 1 and "trains=10" in audit[0] and "no neighbour is significantly better" in audit[0]
    assert "tune_grid_audit" in [t.stem for t in sec.tables]
    pd.testing.assert_frame_equal(sec.data["audit"], full_grid.audit)
    card = tune_section("card", scorecard_study[0], tmp_path / "rep")
    assert "scorecard" in card.definitions and "targets" in card.definitions["scorecard"]
    assert [f.stem for f in card.figures] == ["tune_scorecard"]


def test_with_two_objectives_a_neighbour_is_better_when_better_on_one_and_worse_on_none(tmp_path):
    res = analyzer.tune(board="usa", players=2, bots="greedy", params=["trains=30..45"],
                        objectives=["game_length=70", "max:ticket_completion"], budget=2400, min_games=100, factor=2,
                        rungs=2, seed=6, confirm_top=2, startup_trials=4, out=tmp_path / "mo", progress=False)
    a, v = res.audit, res.audit_verdict
    assert v["best_trial"] == int(res.pareto["trial"].iloc[0])  # the front's first
    assert len(a) == 2 * v["neighbours"] and set(a["objective"]) == {"game_length=70", "max:ticket_completion"}
    for _, rows in a.groupby(["parameter", "side"]):
        assert rows["better"].nunique() == 1  # one verdict per neighbour
        expected = rows["significantly_better"].any() and not rows["significantly_worse"].any()
        assert rows["better"].iloc[0] == expected
    assert set(v["better"]) == {f"trains={x}" for x in a.loc[a["better"], "value"]}
