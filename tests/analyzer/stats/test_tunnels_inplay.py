"""Tunnels in play: the realised surcharges of simulated games agree with the
exact odds computed from the deck recorded at each reveal (EU-TUN-2, EU-TUN-3:
an end-to-end check of the engine's reveal), the house-rule study, the CLI."""


import numpy as np
import pytest
from cli_run import ttr

import analyzer
from analyzer.report.figures import write_figure
from analyzer.report.sections.tunnels import in_play_figure
from analyzer.run.tunnel_study import tunnel_reveal_study
from analyzer.stats.tunnels import abandonment, tunnels_in_play
from analyzer.tunnels import tunnel_odds


@pytest.fixture(scope="module")
def europe_run():
    return analyzer.simulate(board="europe", players=3, bots="greedy,random,greedy", games=1500, seed=21,
                             progress=False)


def test_EU_TUN_2_realised_surcharge_matches_exact_odds_at_each_reveal(europe_run):
    """EU-TUN-2/EU-TUN-3: reveals drawn from the recorded pile follow the exact
    hypergeometric odds of that pile (every k within 4 standard errors)."""
    table = tunnels_in_play(europe_run.tunnels)
    t3 = table[table["to_reveal"] == 3]
    n = int(t3["attempts_from_pile"].iloc[0])
    assert n > 2000
    p = t3["conditional"].to_numpy()
    se = np.sqrt(p * (1 - p) / n)
    assert np.all(np.abs(t3["realised_from_pile"].to_numpy() - p) <= 4 * se + 1e-12), t3
    assert np.isclose(t3["conditional"].sum(), 1.0) and np.isclose(t3["realised"].sum(), 1.0)
    fresh = tunnel_odds(None, 3, "red")["probability"].to_numpy()
    assert np.allclose(t3["fresh_deck"].to_numpy(), fresh)


def test_EU_TUN_4_abandoned_only_with_a_surcharge(europe_run):
    """EU-TUN-4: with no surcharge the tunnel is always claimed."""
    ab = abandonment(europe_run.tunnels)
    assert (ab.loc[ab["surcharge"] == 0, "abandoned"] == 0).all()
    assert ab["attempts"].sum() == len(europe_run.tunnels)
    p = europe_run.players
    assert p["tunnels_abandoned"].sum() == (~europe_run.tunnels["paid"]).sum()
    assert p["tunnels_tried"].sum() == len(europe_run.tunnels)


def test_plot_in_play(tmp_path, europe_run):
    out = write_figure(in_play_figure(tunnels_in_play(europe_run.tunnels)), tmp_path / "inplay.svg")
    text = out.read_text()
    assert "Tunnel surcharge in play" in text and "cards revealed" in text


def test_tunnel_reveal_house_rule_study():
    """The tunnel_reveal house rule on the same seeds: more cards revealed,
    bigger surcharges (TA-TUN-1 reveals 4-6 on Himalaya tunnels)."""
    t = tunnel_reveal_study(games=150, seed=3, reveals=(2, 5), players=2)
    assert set(t["tunnel_reveal"]) == {2, 5}
    assert set(t.loc[t["tunnel_reveal"] == 5, "k"]) == set(range(6))
    mean = t.assign(m=t["k"] * t["realised"]).groupby("tunnel_reveal")["m"].sum()
    assert mean[5] > mean[2]


def test_cli_tunnels_from_results(tmp_path):
    out = tmp_path / "run"
    analyzer.simulate(board="europe", players=2, games=100, seed=2, out=out, progress=False)
    plot = tmp_path / "inplay.png"
    proc = ttr(["tunnels", "--from", str(out), "--plot", str(plot)])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "exact at" in proc.stdout and plot.stat().st_size > 1000
    bad = ttr(["tunnels", "--from", str(tmp_path / "nope")])
    assert bad.returncode == 2 and "Traceback" not in bad.stdout + bad.stderr
