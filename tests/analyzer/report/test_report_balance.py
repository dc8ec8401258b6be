"""The Balance section, built from real small runs of the plan's balance
studies (analyzer.studies.BALANCE_STUDIES) made by run_studies with the
report's --bots set: the studies keep their tiers, their seatings are the
ladder's, and the section gives a verdict line, the figures and the tables
of each board's scorecard; the default-rules sections leave these runs alone."""

import dataclasses

import numpy as np
import pandas as pd
import pytest

from analyzer.boards import load_board
from analyzer.report.page import render_section
from analyzer.report.runs import base_runs
from analyzer.report.sections import balance as sec
from analyzer.run import studies as R
from analyzer.run.ladder import plan_runs
from analyzer.stats.balance import MEASURES, TIERS
from analyzer.studies import (
    BALANCE_PLAYERS,
    BALANCE_STUDIES,
    BALANCE_TEAM_SIZE,
    BALANCE_TIERS,
    DEFAULT_GAMES,
    EXPERT_STUDY_PARAMS,
    tier_seatings,
)

pytestmark = pytest.mark.filterwarnings("error")  # a report build gives no warning

PICKED_BOARDS = ("europe", "nordic_countries")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    root = tmp_path_factory.mktemp("balance")
    studies = [dataclasses.replace(s, games_share=1.0, bot_params={"EXPERT_ROLLOUTS": 2} if s.bot_params else None)
               for s in BALANCE_STUDIES if s.board in PICKED_BOARDS]
    runs = R.run_studies(games=6, bots="planner", seed=4, results_dir=root, threads=1, progress=False,
                         studies=studies, log=lambda line: None)
    return runs, root


def test_the_plan_is_a_tier_ladder_on_every_board():
    assert BALANCE_TIERS == TIERS
    from analyzer.boards import builtin_boards

    assert set(BALANCE_PLAYERS) == set(builtin_boards())
    for players in (2, 3, 4, 5, 6):  # the ladder's own plan of seatings
        assert tier_seatings(BALANCE_TIERS, players) == [
            tuple(r.split(",")) for r in plan_runs(list(BALANCE_TIERS), players)["seats"]]
    for players in (4, 6):  # team play: one tier per team
        assert tier_seatings(BALANCE_TIERS, players, 2) == [
            tuple(r.split(",")) for r in plan_runs(list(BALANCE_TIERS), players, "teams", 2)["seats"]]
    for board, size in BALANCE_TEAM_SIZE.items():
        assert load_board(board).rules().team_size == size
    assert {b for b in BALANCE_PLAYERS if load_board(b).rules().team_size > 1} == set(BALANCE_TEAM_SIZE)
    for s in BALANCE_STUDIES:
        # the search budget goes to the runs that seat the search player (a parameter no seat reads is refused)
        assert s.keep_bots and s.bot_params.as_dict() == (dict(EXPERT_STUDY_PARAMS)
                                                          if "expert" in s.bots else {})
    # modest at the default GAMES: 50 seed blocks per run, under 3,000 games in all
    per_run = {R.study_games(s, DEFAULT_GAMES) for s in BALANCE_STUDIES}
    assert per_run == {50}
    assert sum(R.study_games(s, DEFAULT_GAMES) for s in BALANCE_STUDIES) < 3000
    team = [s.bots for s in BALANCE_STUDIES if s.board == "team_asia"]
    assert len(team) == 12 and all(b[0] == b[1] and b[2] == b[3] and b[0] != b[2] for b in team)


def test_report_bots_do_not_replace_the_tiers_and_base_runs_skip_them(made):
    runs, _ = made
    assert runs["balance-europe-4p-01"].manifest["bots"] == ["greedy", "planner", "expert", "random"]
    assert base_runs(runs) == {}  # nordic's table of random, greedy and planner included


def test_the_section_gives_a_verdict_per_board_and_a_figure_per_measure(made, tmp_path):
    runs, _ = made
    s = sec.build_section(runs, tmp_path)
    assert [f.split(":")[0] for f in s.findings] == ["Europe 4p", "Nordic Countries 3p"]
    assert all("points of win share" in f and "skill expression" in f and "2 rollouts" in f for f in s.findings)
    assert {f.stem for f in s.figures} == {f"balance_{m}" for m in MEASURES}
    for f in s.figures:
        assert (tmp_path / f"{f.stem}.png").exists() and (tmp_path / f"{f.stem}.svg").exists()
    seats = pd.read_csv(tmp_path / "balance_seats.csv")
    eu = seats[(seats.scorecard == "Europe 4p") & (seats.tier == "all")]
    assert list(eu["seat_games"]) == [24] * 4  # 4 rotations x 6 seed blocks
    assert np.isclose(eu["advantage"].sum(), 0.0)
    nordic = seats[(seats.scorecard == "Nordic Countries 3p") & (seats.tier == "expert")]
    assert list(nordic["seat_games"]) == [18] * 3  # expert sits at 3 of the 4 tables, each seat once per block
    html = render_section(s)
    assert "Balance" in html and "balance_matrix.png" in html


def test_a_scorecard_with_a_seating_missing_is_left_out(made):
    runs, _ = made
    partial = {n: r for n, r in runs.items() if n != "balance-europe-4p-02"}
    assert list(sec.balance_groups(partial)) == [("nordic_countries", 3)]
