"""The page ends with its own cost: a row per study (the runs and the tuning
study), its games and seconds as its folders recorded them, slowest first,
shares adding up to 100%, the slowest named; built again from the same
folders, or from the folders given to `ttr report PATHS`, every study says
it was read from its folder."""

from __future__ import annotations

import re

import pandas as pd
import pytest

from analyzer.report import page as P
from analyzer.report.folders import load_runs, load_tunes
from analyzer.report.sections.cost import COLUMNS, REUSED, tune_cost
from analyzer.run import studies as R
from analyzer.run.protocol import read_json
from analyzer.studies import Study, TuneStudy

STUDIES = [Study("usa-2p", "usa", 2, ("greedy",), games_share=0.5),
           Study("europe-3p", "europe", 3, ("greedy", "random", "greedy"), games_share=0.25)]
TUNE = TuneStudy(name="tune-usa-2p", board="usa", players=2, bots="greedy", params=("longest_path_bonus=10,20",),
                 objectives=("seat_advantage",), constraints=(), budget_share=4.0, min_games_share=0.25, factor=2,
                 rungs=2, confirm_top=1)
GAMES = 400


def quiet(*_):
    pass


def play_and_build(root, page_dir):
    runs = R.run_studies(games=GAMES, seed=2, results_dir=root, threads=1, progress=False, studies=STUDIES, log=quiet)
    tunes = R.run_tune_studies(games=GAMES, seed=2, results_dir=root, threads=1, progress=False, log=quiet,
                               study=TUNE)
    page = P.build_report(runs, page_dir, log=quiet, tunes=tunes)
    return page, runs, pd.read_csv(page.parent / "cost.csv")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("results")
    first = play_and_build(root, tmp_path_factory.mktemp("first"))
    again = play_and_build(root, tmp_path_factory.mktemp("again"))
    return root, first, again


def test_the_cost_table_is_the_last_section_with_every_study(built):
    _, (page, _, cost), _ = built
    ids = re.findall(r'<section id="([^"]+)"', page.read_text())
    assert ids[-2:] == ["runs", "cost"]
    assert list(cost.columns) == COLUMNS
    assert sorted(cost["study"]) == ["europe-3p", "tune-usa-2p", "usa-2p"]
    assert cost.set_index("study")["kind"].to_dict() == {"usa-2p": "run", "europe-3p": "run",
                                                         "tune-usa-2p": "tuning study"}


def test_each_study_costs_what_its_folders_recorded_slowest_first(built):
    root, (page, runs, cost), _ = built
    rows = cost.set_index("study")
    for name, r in runs.items():
        assert rows.loc[name, "games"] == r.manifest["games"]
        assert rows.loc[name, "seconds"] == pytest.approx(r.manifest["wall_time_s"], abs=0.05)
        assert rows.loc[name, "games/s"] == pytest.approx(r.manifest["games"] / r.manifest["wall_time_s"], rel=0.01)
    manifests = [read_json(p) for p in (root / TUNE.name).rglob("manifest.json")]
    assert len(manifests) >= 4  # the baseline's and the trials' runs, the confirmation's, the audit's
    assert rows.loc["tune-usa-2p", "games"] == sum(m["games"] for m in manifests) == tune_cost(root / TUNE.name)[0]
    # the search's games, then the baseline's, the confirmation's and the audit's
    assert rows.loc["tune-usa-2p", "games"] > read_json(root / TUNE.name / "tune.json")["games_search"]
    assert rows.loc["tune-usa-2p", "seconds"] == pytest.approx(sum(m["wall_time_s"] for m in manifests), abs=0.05)
    assert list(cost["seconds"]) == sorted(cost["seconds"], reverse=True)
    assert cost["share of total (%)"].sum() == pytest.approx(100, abs=0.2)
    assert (cost["played"] == "for this report").all()
    slowest = cost.iloc[0]
    assert f"the slowest is {slowest['study']} ({slowest['seconds']:,.0f} s" in page.read_text()


def test_a_study_found_finished_says_it_was_reused_at_its_recorded_cost(built):
    _, (_, _, first), (page, _, again) = built
    assert (again["played"] == REUSED).all()
    assert again.drop(columns="played").equals(first.drop(columns="played"))
    assert "3 of them were read finished from their folders, not played for this page" in page.read_text()


def test_folders_given_to_the_report_are_read_not_played(built, tmp_path):
    root, (_, _, first), _ = built
    paths = [root / s.name for s in STUDIES] + [root / TUNE.name]
    page = P.build_report(load_runs(paths), tmp_path, log=quiet, tunes=load_tunes(paths))
    cost = pd.read_csv(page.parent / "cost.csv")
    assert sorted(cost["study"]) == sorted(first["study"])
    assert (cost["played"] == REUSED).all()
    assert "played by an earlier report" not in page.read_text()
