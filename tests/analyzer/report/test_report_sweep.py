"""The house-rules report section on small real runs of the plan's sweep
studies (analyzer.studies.SWEEP_STUDIES): each balance measure drawn against
each swept parameter, the baseline named, the comparison table written."""

import pandas as pd
import pytest

import analyzer
from analyzer.report.page import render_section
from analyzer.report.sections import sweep as rs
from analyzer.studies import SWEEP_SHARE, SWEEP_STUDIES


def test_report_section_draws_each_measure_against_each_parameter(tmp_path):
    assert len(SWEEP_STUDIES) == 6 and all(s.board == "europe" and s.players == 4 for s in SWEEP_STUDIES)
    assert sum(s.games_share for s in SWEEP_STUDIES) == pytest.approx(SWEEP_SHARE)
    assert rs.build_section({}, tmp_path) is None
    runs = {s.name: analyzer.simulate(board=s.board, players=s.players, bots=list(s.bots), games=40, seed=3,
                                      rules=s.rules, overrides=dict(s.overrides), progress=False)
            for s in SWEEP_STUDIES}
    runs["unrelated"] = runs[SWEEP_STUDIES[0].name]
    html = render_section(rs.build_section(runs, tmp_path))
    assert html.startswith("<section") and html.rstrip().endswith("</section>")
    assert "baseline <b>sweep-europe-4p-tunnel-reveal-3-longest-path-bonus-10</b>" in html
    for name in ("sweep_tunnel_reveal.png", "sweep_tunnel_reveal.svg", "sweep_longest_path_bonus.png",
                 "sweep_longest_path_bonus.svg", "sweep_compare.csv"):
        assert (tmp_path / name).exists(), name
    for ref in ('src="sweep_tunnel_reveal.png"', 'href="sweep_longest_path_bonus.svg"', 'href="sweep_compare.csv"'):
        assert ref in html
    table = pd.read_csv(tmp_path / "sweep_compare.csv")
    assert set(table["variant"]) == {s.name for s in SWEEP_STUDIES}
    n_clear = int(((table.ci_low > 0) | (table.ci_high < 0)).sum())
    assert f"{n_clear} of {int((~table.is_baseline).sum())} variant × measure comparisons" in html
