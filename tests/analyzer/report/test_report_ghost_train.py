"""The Ghost Train report section on small real runs of the plan's Ghost Train
studies (analyzer.studies.GHOST_TRAIN_STUDIES)."""

import re

import pandas as pd
import pytest

import analyzer
from analyzer.report.page import render_section
from analyzer.report.sections import ghost_train as section
from analyzer.studies import GHOST_TRAIN_STUDIES

pytestmark = pytest.mark.filterwarnings("error")  # a report build gives no warning


@pytest.fixture(scope="module")
def runs():
    return {s.name: analyzer.simulate(board=s.board, players=s.players, bots=list(s.bots), games=150,
                                      seed=4, rules=s.rules, overrides=dict(s.overrides), progress=False)
            for s in GHOST_TRAIN_STUDIES}


def test_studies_follow_the_contract():
    names = [s.name for s in GHOST_TRAIN_STUDIES]
    assert len(set(names)) == len(names) and {s.players for s in GHOST_TRAIN_STUDIES} == {2, 3, 4}
    for s in GHOST_TRAIN_STUDIES:
        assert not s.overrides and not s.bot_params and not s.keep_bots
        assert s.board == "ghost_train" and s.rules == "ghost-train"
        assert s.games_share >= 0.25  # a quarter of GAMES per player count at least


def test_build_section_writes_what_it_refers_to(runs, tmp_path):
    out = tmp_path / "report"
    frag = render_section(section.build_section(runs, out))
    assert frag.startswith("<section") and frag.endswith("</section>")
    assert "provisional board" in frag.lower()
    refs = re.findall(r'(?:src|href)="([^"]+)"', frag)
    assert any(r.endswith(".png") for r in refs) and any(r.endswith(".csv") for r in refs)
    for ref in refs:
        assert (out / ref).exists(), ref
        if ref.endswith(".png"):
            assert (out / ref.replace(".png", ".svg")).exists()
    for svg in out.glob("*.svg"):
        assert "provisional board" in svg.read_text()  # every figure says so


def test_section_numbers_come_from_the_runs(runs, tmp_path):
    section.build_section(runs, tmp_path)
    ov = pd.read_csv(tmp_path / "ghost_train_overview.csv").set_index("players")
    for s in GHOST_TRAIN_STUDIES:
        res = runs[s.name]
        row = ov.loc[s.players]
        assert row["games"] == len(res.games)
        assert row["end_six_tickets"] == pytest.approx((res.games["end_reason"] == "tickets").mean())
        assert row["trick_or_treat_rate"] == pytest.approx(res.players["special_tickets"].mean())
        assert row["end_no_claim"] == pytest.approx((res.games["end_reason"] == "stall").mean())
        assert row["end_six_tickets"] + row["end_out_of_wagons"] + row["end_no_claim"] + row["end_stalled"] \
            == pytest.approx(1.0)
    seats = pd.read_csv(tmp_path / "ghost_train_seats.csv")
    assert len(seats) == 2 + 3 + 4 and seats["ci_low"].le(seats["win_rate"]).all()
    assert seats["win_rate"].le(seats["ci_high"]).all()


def test_section_absent_without_its_runs(tmp_path):
    assert section.build_section({}, tmp_path) is None
