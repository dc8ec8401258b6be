"""Tuning a bot's weights: `--param NAME=...` over a bot weight (any
--bot-param name), alone or with rule keys, with per-bot measures
(MEASURE:BOT) as objectives and constraints; real Optuna, real kernels and
real Parquet files, at small sizes (two-player USA: the fastest table).

- the games of a trial really play its sampled weight: drawing tickets made
  dear (HUNGRY_EV_TURN_VALUE=100) leaves destination-hungry with its setup
  tickets, and the per-bot measure equals the one counted from the trial's
  own results folders;
- the baseline plays the default weights; the confirmation, the
  recommendation and the one-step-deviation audit carry the weight;
- bad input (unknown name, out of bounds, a bot no seat plays) is refused
  with one clear line, and the CLI exits 2.
"""

import json
import shlex

import pandas as pd
import pytest
import typer.main
from cli_run import ttr

import analyzer
from analyzer.cli.app import EXAMPLES, app
from analyzer.rules import preset
from analyzer.run.results import Results
from analyzer.run.tune_space import parse_param
from analyzer.stats.balance import Targets
from analyzer.stats.tune import TuneError, parse_constraint, parse_objective

HUNGRY = "destination-hungry"
TABLE = dict(board="usa", players=2, bots=f"{HUNGRY},planner", min_games=100, factor=2, rungs=2, seed=5)
DEAR, CHEAP = "100", "1"


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    out = tmp_path_factory.mktemp("tune-bots") / "study"
    return analyzer.tune(params=[f"HUNGRY_EV_TURN_VALUE={CHEAP},{DEAR}", "trains=40..45"],
                         objectives=[f"max:win_rate:{HUNGRY}"], constraints=[f"tickets_kept:{HUNGRY}>=4"],
                         budget=4000, confirm_top=1, startup_trials=4, out=out, progress=False, **TABLE)


def _kept_by_hand(folder) -> float:
    """destination-hungry's tickets kept per seat-game, counted from a trial's results folders."""
    players = pd.concat([Results.load(f).players for f in sorted(folder.glob("rung-*/seating-*"))])
    return float(players.loc[players["bot"].astype(str) == HUNGRY, "tickets_kept"].mean())


def test_the_trials_games_play_the_sampled_weight(study):
    t = study.trials
    kept = f"tickets_kept:{HUNGRY}"
    dear, cheap = t[t["HUNGRY_EV_TURN_VALUE"] == DEAR], t[t["HUNGRY_EV_TURN_VALUE"] == CHEAP]
    assert len(dear) and len(cheap), t
    # a ticket draw made dear: destination-hungry keeps little beyond its setup tickets, and breaks the constraint
    assert (dear[kept] < 3).all() and (cheap[kept] > 4).all(), t[["HUNGRY_EV_TURN_VALUE", kept]]
    assert not dear["feasible"].any() and dear["pruned"].all()
    played = t[t["duplicate_of"] < 0]
    for _, row in played.iterrows():
        folder = study.path / "trials" / f"t{row['trial']:04d}"
        manifest = json.loads((folder / "rung-0" / "seating-0" / "manifest.json").read_text())
        assert manifest["bot_params"] == {"HUNGRY_EV_TURN_VALUE": float(row["HUNGRY_EV_TURN_VALUE"])}
        assert manifest["rules"]["trains"] == row["trains"]
        assert row[kept] == pytest.approx(_kept_by_hand(folder))
    base = json.loads((study.path / "baseline" / "rung-0" / "seating-0" / "manifest.json").read_text())
    assert "bot_params" not in base and base["rules"]["trains"] == 45  # the defaults and the base rules


def test_recommendation_and_audit_carry_the_weight(study):
    rec = study.recommendation
    assert rec["candidates"], rec
    cand = rec["candidates"][0]
    assert cand["overrides"]["HUNGRY_EV_TURN_VALUE"] == float(CHEAP)
    assert f"--bot-param HUNGRY_EV_TURN_VALUE={float(CHEAP)}" in cand["simulate_command"]
    assert "--set trains=" in cand["simulate_command"]
    assert set(cand["objectives"]) == {f"max:win_rate:{HUNGRY}"}
    assert cand["constraints"][f"tickets_kept:{HUNGRY}>=4"]["satisfied"]
    if rec["recommended"]:
        assert rec["recommended"]["bot_params"] == {"HUNGRY_EV_TURN_VALUE": float(CHEAP)}
    audit = study.audit_verdict
    assert audit["best"]["HUNGRY_EV_TURN_VALUE"] == float(CHEAP)
    a = study.audit
    steps = a[a["parameter"] == "HUNGRY_EV_TURN_VALUE"]
    assert list(steps["value"]) == [str(float(DEAR))] and list(steps["side"]) == ["above"]
    folder = next((study.path / "audit").glob("*-per-seating")) / f"HUNGRY_EV_TURN_VALUE={float(DEAR)}_trains=" \
        f"{audit['best']['trains']}"
    manifest = json.loads((folder / "seating-0" / "manifest.json").read_text())
    assert manifest["bot_params"] == {"HUNGRY_EV_TURN_VALUE": float(DEAR)}
    assert study.manifest["command"].count("--param") == 2 and f"max:win_rate:{HUNGRY}" in study.manifest["command"]


def test_weights_parse_within_their_bounds():
    eu = preset("europe")
    p = parse_param("HUNGRY_EV_TURN_VALUE=0.5..2.5", eu)
    assert (p.key, p.kind, p.low, p.high, p.weight) == ("HUNGRY_EV_TURN_VALUE", "real", 0.5, 2.5, True)
    p = parse_param("hungry.others=8..20", eu)
    assert (p.key, p.kind, p.text) == ("HUNGRY_OTHERS", "int", "HUNGRY_OTHERS=8..20")
    p = parse_param("HUNGRY_KEEP_PRICE=0,2.5,10", eu)
    assert p.choices == ("0", "2.5", "10") and p.rule_value("2.5") == 2.5
    assert not parse_param("trains=30..45", eu).weight


@pytest.mark.parametrize("text,words", [
    ("HUNGRY_OTHER=8..20", "unknown rule 'HUNGRY_OTHER'.*nor is it a bot weight"),
    ("HUNGRY_EV_TURN_VALUE=-1..2", "HUNGRY_EV_TURN_VALUE must be a number in 0..1e\\+06, not -1"),
    ("EV_CONTEST=0.5..2", "EV_CONTEST must be a number in 0..1, not 2"),
    ("LONG_MIN_LENGTH=2.0..5.0", "LONG_MIN_LENGTH is a whole number; give integer ends"),
    ("LONG_MIN_LENGTH=2,2.5", "LONG_MIN_LENGTH must be a whole number"),
])
def test_bad_weights_are_refused(text, words):
    with pytest.raises(TuneError, match=f"--param '{text}': {words}"):
        parse_param(text, preset("europe"))


@pytest.mark.parametrize("kwargs,words", [
    (dict(params=["LONG_PLANNED=1..3"]), "--param 'LONG_PLANNED=1..3': LONG_PLANNED is read by long-route only, "
                                         "and no seat plays it"),
    (dict(objectives=["max:win_rate:long-route"]), "--objective 'max:win_rate:long-route': no seat plays long-route"),
    (dict(constraints=["route_share:greedy>=0.5"]), "--constraint 'route_share:greedy>=0.5': no seat plays greedy"),
    (dict(objectives=["scorecard"], targets=Targets(0.25, {("greedy", "random"): 0.9})),
     "--param 'HUNGRY_OTHERS=8..20': a bot weight is not tuned with --objective scorecard"),
])
def test_bad_bot_study_is_refused_before_any_game(kwargs, words, tmp_path):
    args = dict(params=["HUNGRY_OTHERS=8..20"], objectives=[f"max:win_rate:{HUNGRY}"], budget=4000,
                out=tmp_path / "t", progress=False, **TABLE)
    args.update(kwargs)
    with pytest.raises(TuneError, match=words):
        analyzer.tune(**args)
    assert not (tmp_path / "t").exists()


@pytest.mark.parametrize("args,words", [
    (["--param", "HUNGRY_OTHERZ=8..20", "--objective", f"max:win_rate:{HUNGRY}"],
     "--param 'HUNGRY_OTHERZ=8..20': unknown rule 'HUNGRY_OTHERZ'"),
    (["--param", "HUNGRY_BUDGET=0.5..20", "--objective", f"max:win_rate:{HUNGRY}"],
     "--param 'HUNGRY_BUDGET=0.5..20': HUNGRY_BUDGET must be a number in 0..10, not 20"),
    (["--param", "HUNGRY_OTHERS=8..20", "--objective", "max:win_rate:long-route"],
     "--objective 'max:win_rate:long-route': no seat plays long-route"),
    (["--param", "HUNGRY_OTHERS=8..20", "--objective", "max:win_rate"],
     "--objective 'max:win_rate': win_rate is measured per bot; write win_rate:BOT"),
])
def test_cli_bad_bot_input_exits_2_with_one_line(args, words, tmp_path):
    proc = ttr(["tune", "--board", "usa", "--players", "2", "--bots", f"{HUNGRY},planner", "--out",
                str(tmp_path / "t"), *args], env={"COLUMNS": "100"})
    out = (proc.stdout + proc.stderr).strip()
    assert proc.returncode == 2, out
    assert "Traceback" not in out and len(out.splitlines()) == 1 and words in out, out
    assert not (tmp_path / "t").exists()


def test_the_help_example_of_a_bot_weight_parses():
    args = shlex.split(EXAMPLES["tune weights"])
    assert args[:2] == ["ttr", "tune"]
    cmd = typer.main.get_command(app).commands["tune"]
    ctx = cmd.make_context("tune", args[2:])  # raises on an unknown option or a bad value
    assert [parse_param(t, preset("europe")).weight for t in ctx.params["param"]] == [True]
    assert parse_objective(ctx.params["objective"][0]).measure == f"win_rate:{HUNGRY}"
    assert parse_constraint(ctx.params["constraint"][0]).measure == f"tickets_kept:{HUNGRY}"


def test_the_report_shows_a_bot_weight_study(study, tmp_path):
    from analyzer.report.folders import load_runs, load_tunes
    from analyzer.report.page import build_report

    paths = [study.path]
    page = build_report(load_runs(paths), tmp_path / "rep", tunes=load_tunes(paths), log=lambda m: None)
    html = page.read_text()
    assert "HUNGRY_EV_TURN_VALUE=1.0" in html  # the confirmed candidate's weight
    figures = sorted(f.name for f in (tmp_path / "rep").glob("tune_*.png"))
    assert figures == [f"tune_win_rate-{HUNGRY}.png"]  # the per-bot measure's ':' names no file


def test_a_bot_weight_study_resumes_to_the_same_trials(study, tmp_path):
    """A copy of the finished study resumed (weights among its key's params): the same trials and candidates."""
    import shutil

    copy = tmp_path / "copy"
    shutil.copytree(study.path, copy)
    again = analyzer.tune(params=[f"HUNGRY_EV_TURN_VALUE={CHEAP},{DEAR}", "trains=40..45"],
                          objectives=[f"max:win_rate:{HUNGRY}"], constraints=[f"tickets_kept:{HUNGRY}>=4"],
                          budget=4000, confirm_top=1, startup_trials=4, out=copy, resume=True, progress=False,
                          **TABLE)
    pd.testing.assert_frame_equal(again.trials, study.trials)
    assert again.recommendation["candidates"] == study.recommendation["candidates"]
