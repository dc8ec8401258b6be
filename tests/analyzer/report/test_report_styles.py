"""The long-routes-against-tickets section, built from real small runs of the
plan's style ladder (analyzer.studies.STYLE_STUDIES): the studies keep their
styles whatever the report's --bots, their seatings are the ladder's, the
default-rules sections leave them alone, and the head-to-head share the
section quotes is the one counted game by game from the players tables."""

import dataclasses

import numpy as np
import pandas as pd
import pytest

from analyzer.report.answers import styles as styles_answer
from analyzer.report.page import render_section
from analyzer.report.runs import base_runs
from analyzer.report.sections import styles as sec
from analyzer.run import studies as R
from analyzer.run.ladder import plan_runs
from analyzer.studies import DEFAULT_GAMES, EXPERT_STUDY_PARAMS, STYLE_BOTS, STYLE_PLAYERS, STYLE_STUDIES

pytestmark = pytest.mark.filterwarnings("error")  # a report build gives no warning


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    root = tmp_path_factory.mktemp("styles")
    studies = [dataclasses.replace(s, games_share=1.0, bot_params={"EXPERT_ROLLOUTS": 2} if s.bot_params else None)
               for s in STYLE_STUDIES if s.board == "europe" and s.players == 2]
    return R.run_studies(games=6, bots="greedy", seed=5, results_dir=root, threads=1, progress=False,
                         studies=studies, log=lambda line: None)


def test_the_plan_is_a_ladder_of_the_styles_on_three_boards():
    assert {(s.board, s.players) for s in STYLE_STUDIES} == {(b, p) for b in ("usa", "europe", "legendary_asia")
                                                             for p in STYLE_PLAYERS}
    for board, players in {(s.board, s.players) for s in STYLE_STUDIES}:
        mine = [s.bots for s in STYLE_STUDIES if (s.board, s.players) == (board, players)]
        assert mine == [tuple(r.split(",")) for r in plan_runs(list(STYLE_BOTS), players)["seats"]]
    for s in STYLE_STUDIES:
        assert s.keep_bots and s.bot_params.as_dict() == (dict(EXPERT_STUDY_PARAMS)
                                                          if "expert" in s.bots else {})
    assert {R.study_games(s, DEFAULT_GAMES) for s in STYLE_STUDIES} == {50}


def _head_to_head(runs, a: str, b: str) -> float:
    """a's share of its comparisons with b, counted game by game: a winner is ahead of a non-winner,
    else the higher score; equal results half each."""
    ahead = total = 0.0
    for res in runs.values():
        p = res.players.assign(bot=res.players["bot"].astype(str))
        if not {a, b} <= set(p["bot"]):
            continue
        for _, g in p.groupby("game"):
            x, y = g[g["bot"] == a].iloc[0], g[g["bot"] == b].iloc[0]
            if bool(x["winner"]) != bool(y["winner"]):
                ahead += float(bool(x["winner"]))
            else:
                ahead += 1.0 if x["score"] > y["score"] else 0.5 if x["score"] == y["score"] else 0.0
            total += 1
    return ahead / total


def test_report_bots_do_not_replace_the_styles_and_base_runs_skip_them(made):
    assert made["styles-europe-2p-00"].manifest["bots"] == ["long-route", "destination-hungry"]
    assert base_runs(made) == {}


def test_the_section_ranks_the_styles_and_counts_long_routes_against_tickets(made, tmp_path):
    s = sec.build_section(made, tmp_path)
    summary, h2h = s.data["summary"], s.data["head_to_head"]
    assert set(summary["bot"]) == set(STYLE_BOTS) and list(summary["rank"]) == [1, 2, 3, 4, 5]
    assert (summary["games"] == 8 * 6).all()  # each style sits at 4 tables x 2 rotations, 6 seed blocks
    assert np.isclose(summary["bt"].mean(), 0.0, atol=1e-9)
    assert np.isclose(h2h["share"].iloc[0], _head_to_head(made, "long-route", "destination-hungry"))
    assert h2h["share_low"].iloc[0] <= h2h["share"].iloc[0] <= h2h["share_high"].iloc[0]
    assert s.findings[0].startswith("Europe 2p: ") and "n=120 games" in s.findings[0]
    assert "2 rollouts" in s.findings[-1]
    assert {f.stem for f in s.figures} == {"styles_ratings", "styles_head_to_head"}
    for f in s.figures:
        assert (tmp_path / f"{f.stem}.png").exists()
    assert len(pd.read_csv(tmp_path / "styles_pairwise.csv")) == 20  # every ordered pair of five styles
    assert "Long routes against tickets" in render_section(s)
    answer = styles_answer(s)
    top = summary.iloc[0]
    assert answer.question == "Long routes or tickets: which style wins?"
    assert f"{top['bot']} rates highest (wins" in answer.verdict and "long-route is ahead" in answer.verdict


def test_a_ladder_with_a_seating_missing_is_left_out(made):
    partial = {n: r for n, r in made.items() if n != "styles-europe-2p-03"}
    assert sec.style_groups(partial) == {}
