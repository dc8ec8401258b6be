"""The expert's-budget section, built from real small runs of the plan's
budget studies (analyzer.studies.EXPERT_BUDGET_STUDIES): every budget in
both seat orders, the win rate counted game by game from the players
tables, the speed from the runs' manifests, and the other sections leaving
the runs alone."""

import dataclasses

import numpy as np
import pytest

from analyzer.report.page import render_section
from analyzer.report.runs import base_runs
from analyzer.report.sections import expert_budget as sec
from analyzer.report.sections import strong_play
from analyzer.run import studies as R
from analyzer.studies import EXPERT_BUDGET_STUDIES, EXPERT_BUDGETS_PLAYED, EXPERT_FAST_PARAMS, MIXED_ORDERS

pytestmark = pytest.mark.filterwarnings("error")  # a report build gives no warning

GAMES = 6  # per seat order


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    studies = [dataclasses.replace(s, games_share=1.0) for s in EXPERT_BUDGET_STUDIES]
    return R.run_studies(games=GAMES, bots="greedy", seed=5, results_dir=tmp_path_factory.mktemp("budget"),
                         threads=1, progress=False, studies=studies, log=lambda line: None)


def test_every_budget_plays_planner_in_both_seat_orders_and_keeps_its_bots(made):
    assert len(EXPERT_BUDGET_STUDIES) == len(EXPERT_BUDGETS_PLAYED) * len(MIXED_ORDERS)
    for s in EXPERT_BUDGET_STUDIES:
        assert s.keep_bots and made[s.name].manifest["bots"] == list(s.bots)  # not the report's --bots
    fast = [s for s in EXPERT_BUDGET_STUDIES if s.name.startswith("expert-budget-fast-")]
    assert fast and all(s.bot_params.as_dict() == dict(EXPERT_FAST_PARAMS) for s in fast)


def test_the_win_rate_is_counted_from_the_games(made, tmp_path):
    t = sec.budget_table(made)
    assert list(t["budget"]) == list(EXPERT_BUDGETS_PLAYED)
    for _, row in t.iterrows():
        runs = [made[s.name] for s in EXPERT_BUDGET_STUDIES if s.name.startswith(f"expert-budget-{row['budget']}-")]
        wins = sum(int(r.players.loc[r.players["bot"] == "expert", "winner"].sum()) for r in runs)
        assert row["games"] == 2 * GAMES and row["win_rate"] == pytest.approx(wins / (2 * GAMES))
        assert row["ci_low"] <= row["win_rate"] <= row["ci_high"]
        seconds = sum(r.manifest["wall_time_s"] for r in runs)
        assert row["games_per_s"] == pytest.approx(2 * GAMES / seconds)
    frag = render_section(sec.build_section(made, tmp_path))
    assert '<section id="expert-budget">' in frag and "strength against speed" in frag
    assert (tmp_path / "expert_budget.png").exists() and (tmp_path / "expert_budget.csv").exists()
    assert np.isfinite(t["games_per_s"]).all()


def test_the_other_sections_leave_the_budget_runs_alone(made):
    assert strong_play.strong_runs(made) == {}
    assert not set(base_runs(made)) & set(made)
