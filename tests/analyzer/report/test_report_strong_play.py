"""The strong-play report section, built from real small runs of the plan's
strong-play studies (analyzer.studies.STRONG_PLAY_STUDIES) made by
run_studies with the report's --bots set to planner: the studies keep their
`expert` seats and their reduced budget."""

import dataclasses
import re

import numpy as np
import pytest

from analyzer.report.page import render_section
from analyzer.report.runs import base_runs
from analyzer.report.sections import strong_play as sec
from analyzer.run import studies as R
from analyzer.studies import DEFAULT_GAMES, EXPERT_STUDY_PARAMS, STRONG_PLAY_STUDIES, Study

pytestmark = pytest.mark.filterwarnings("error")  # a report build gives no warning

TEST_ROLLOUTS = 4  # the section reads the budget from the manifests; small here to keep the test short
PICKED = ("strong-europe-2p", "strong-europe-2p-expert-first", "strong-europe-2p-planner-first", "strong-usa-4p")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    root = tmp_path_factory.mktemp("strong")
    studies = [dataclasses.replace(s, games_share=(1.0 if s.players == 2 else 0.5),
                                   bot_params={"EXPERT_ROLLOUTS": TEST_ROLLOUTS})
               for s in STRONG_PLAY_STUDIES if s.name in PICKED]
    lines = []
    runs = R.run_studies(games=8, bots="planner", seed=3, results_dir=root, threads=1, progress=False,
                         studies=studies, log=lines.append)
    return runs, studies, root, lines


def test_studies_cover_both_boards_and_player_counts_and_keep_their_bots():
    cells = {(s.board, s.players) for s in STRONG_PLAY_STUDIES}
    assert cells == {(b, p) for b in ("europe", "usa") for p in (2, 4)}
    for s in STRONG_PLAY_STUDIES:
        assert s.keep_bots is True and "expert" in s.bots
        assert s.bot_params.as_dict() == dict(EXPERT_STUDY_PARAMS)
        assert R.study_games(s, DEFAULT_GAMES) <= 1000  # small: expert is slow
    mixed = [s for s in STRONG_PLAY_STUDIES if set(s.bots) == {"expert", "planner"}]
    assert {tuple(s.bots) for s in mixed} == {("expert", "planner"), ("planner", "expert")}  # paired seats


def test_report_bots_do_not_replace_expert_and_the_budget_is_recorded(made):
    runs, studies, root, lines = made
    assert runs["strong-europe-2p"].manifest["bots"] == ["expert", "expert"]
    assert runs["strong-europe-2p-expert-first"].manifest["bots"] == ["expert", "planner"]
    assert runs["strong-europe-2p-planner-first"].manifest["bots"] == ["planner", "expert"]
    assert runs["strong-usa-4p"].manifest["bots"] == ["expert"] * 4
    for r in runs.values():
        assert r.manifest["bot_params"] == {"EXPERT_ROLLOUTS": float(TEST_ROLLOUTS)}
    assert int(runs["strong-usa-4p"].manifest["games"]) == 4
    # a second report reuses the finished runs (the budget is part of what makes them the same study)
    again = []
    R.run_studies(games=8, bots="planner", seed=3, results_dir=root, threads=1, progress=False, studies=studies,
                  log=again.append)
    assert len(again) == len(studies) and all("already in" in line for line in again)
    # a core study is still replaced by the report's bots
    core = [Study("tiny-core", "europe", 2, bots=("greedy",))]
    got = R.run_studies(games=2, bots="planner", seed=3, results_dir=root, threads=1, progress=False,
                        studies=core, log=lambda *_: None)
    assert got["tiny-core"].manifest["bots"] == ["planner", "planner"]


def test_build_section_writes_every_file_it_refers_to(made, tmp_path):
    runs = made[0]
    frag = render_section(sec.build_section(runs, tmp_path))
    assert frag.startswith("<section") and frag.rstrip().endswith("</section>")
    assert f"expert searches at its {TEST_ROLLOUTS} rollouts here" in frag
    refs = re.findall(r'(?:src|href)="([^"]+)"', frag)
    assert len(refs) >= 6
    for ref in refs:
        assert (tmp_path / ref).exists(), ref
    for stem in ("strong_seat_wins", "strong_components", "strong_longest"):
        for ext in ("png", "svg", "csv"):
            assert (tmp_path / f"{stem}.{ext}").exists()


def test_section_numbers_come_from_the_runs(made):
    runs = made[0]
    t = sec.tables(runs)
    seat = t["seat_wins"]
    assert set(seat["run"]) == {"Europe 2p", "USA 4p"}
    for _, g in seat.groupby("run"):
        assert len(g) == int(g["players"].iloc[0])
        assert g["rate"].sum() >= 1 - 1e-9  # every game has a winner (ties count for each)
        assert ((g["ci_low"] <= g["rate"]) & (g["rate"] <= g["ci_high"])).all()
    comp = t["components"].set_index(["component", "bot"])
    mixed = [runs["strong-europe-2p-expert-first"], runs["strong-europe-2p-planner-first"]]
    players = [r.players for r in mixed]
    for bot in ("expert", "planner"):
        pts = np.concatenate([p.loc[p["bot"] == bot, "route_points"].to_numpy() for p in players])
        assert comp.loc[("route_points", bot), "mean"] == pytest.approx(pts.mean())
        assert comp.loc[("route_points", bot), "n"] == 16  # 8 games in each seat order
    assert comp.loc[("win rate", "expert"), "mean"] + comp.loc[("win rate", "planner"), "mean"] >= 1 - 1e-9
    routes = mixed[0].board.routes["length"].to_numpy()
    long_expert = sum(int((routes[r.claims["route"].to_numpy()][r.claims["seat"].to_numpy() == s] >= 5).sum())
                      for r in mixed for s in range(2) if r.manifest["bots"][s] == "expert")
    assert comp.loc[("long_routes", "expert"), "mean"] == pytest.approx(long_expert / 16)
    lp = t["longest"].set_index(["run", "kind"])
    holders = int((runs["strong-usa-4p"].players["longest_bonus"] > 0).sum())
    assert lp.loc[("USA 4p", "self"), "holder_wins_n"] == holders


def test_other_sections_leave_expert_runs_to_this_one(made):
    runs = dict(made[0])
    assert set(base_runs(runs)) == set(runs)  # only expert runs: kept (nothing else to show)
    import analyzer

    runs["planner-europe-2p"] = analyzer.simulate(board="europe", players=2, bots="planner", games=2, seed=3,
                                                  threads=1, progress=False)
    assert list(base_runs(runs)) == ["planner-europe-2p"]


def test_section_absent_without_its_runs(tmp_path):
    assert sec.build_section({}, tmp_path) is None
