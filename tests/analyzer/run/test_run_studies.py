"""Running a study plan (analyzer.run.studies): each study is simulated into
its folder and read back, not played again, by the next report; games_share
sizes it; the report's bots replace a study's, except where the study keeps
its own (keep_bots) or the report's bots do not play the variant, and the
manifest records the bots that played."""

import pandas as pd

from analyzer.run import studies as R
from analyzer.studies import Study


def test_run_studies_runs_then_reuses(tmp_path):
    studies = [Study("tiny-usa", "usa", 2, bots=("random",), games_share=0.5),
               Study("tiny-usa-open", "usa", 2, bots=("random",), overrides={"doubles_min_players": 2},
                     games_share=0.5)]
    lines = []
    runs = R.run_studies(games=40, bots="greedy", seed=2, results_dir=tmp_path, progress=False, studies=studies,
                         log=lines.append)
    assert set(runs) == {"tiny-usa", "tiny-usa-open"}
    assert len(runs["tiny-usa"].games) == 20  # games_share x games
    assert runs["tiny-usa"].manifest["bots"] == ["greedy", "greedy"]  # the report's bots replace the study's
    assert runs["tiny-usa-open"].manifest["rules"]["doubles_min_players"] == 2
    assert lines[0] == f"[1/2] tiny-usa: 20 games of greedy,greedy -> {tmp_path / 'tiny-usa'}"
    lines.clear()
    again = R.run_studies(games=40, bots="greedy", seed=2, results_dir=tmp_path, progress=False, studies=studies,
                          log=lines.append)
    assert all("already" in line for line in lines)
    assert lines[1] == f"[2/2] tiny-usa-open: 20 games already in {tmp_path / 'tiny-usa-open'}"
    pd.testing.assert_frame_equal(again["tiny-usa"].players, runs["tiny-usa"].players)


def test_seat_bots_cycle_and_study_games():
    assert R.seat_bots("planner,greedy", ["greedy"], 3) == ["planner", "greedy", "planner"]
    assert R.seat_bots(None, ["greedy"], 2) == ["greedy", "greedy"]
    assert R.study_games(Study("s", "usa", 2, games_share=0.25), 1000) == 250
    assert R.study_games(Study("s", "usa", 2, games_share=0.001), 200) == 1  # at least one game


def test_a_variant_study_keeps_its_own_bots_when_the_report_bot_cannot_play_it(tmp_path):
    studies = [Study("tiny-ghost", "ghost_train", 2, bots=("greedy",)),
               Study("tiny-usa", "usa", 2, bots=("greedy",))]
    lines = []
    runs = R.run_studies(games=10, bots="blocker", results_dir=tmp_path, progress=False, studies=studies,
                         log=lines.append)
    assert runs["tiny-ghost"].manifest["bots"] == ["greedy", "greedy"]
    assert runs["tiny-usa"].manifest["bots"] == ["blocker", "blocker"]
    assert any("does not play this variant" in line for line in lines)


def test_planner_plays_the_variants_and_the_manifest_says_so(tmp_path):
    """The default plan's bot, planner, plays Team Asia and Ghost Train (no replacement), and
    a run's manifest records the bots it played."""
    studies = [Study(f"tiny-{b}", b, p) for b, p in (("ghost_train", 3), ("team_asia", 4))]
    lines = []
    runs = R.run_studies(games=4, results_dir=tmp_path, progress=False, studies=studies, log=lines.append)
    assert runs["tiny-ghost_train"].manifest["bots"] == ["planner"] * 3
    assert runs["tiny-team_asia"].manifest["bots"] == ["planner"] * 4
    assert not any("does not play" in line for line in lines)
