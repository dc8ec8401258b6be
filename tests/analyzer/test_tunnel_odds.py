"""Tunnel surcharge odds: exact figures, Monte Carlo kernel, CLI, bench.

Rules proven here: EU-TUN-2 (colour played + locomotives count), EU-TUN-3 /
TA-TUN-3 (only locomotives count when only locomotives were played), EU-TUN-5 /
TA-TUN-4 (reveal only what is left; nothing left, no surcharge) and TA-TUN-1
(Himalaya tunnels reveal 4, 5 or 6 cards).
"""

from __future__ import annotations

import importlib.util
import itertools
import math
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from helpers import PROJECT_ROOT as ROOT
from scipy import stats

from analyzer.cli.tunnels import parse_deck, parse_revealed, tunnels_command
from analyzer.stats.intervals import wilson as wilson_interval
from analyzer.tunnels import FRESH_DECK, deck_counts, tunnel_odds, tunnel_odds_mc, tunnel_summary
from kernels.layouts import COLOUR_NAMES, LOCO
from kernels.tunnel_mc import tunnel_mc


def brute_force(deck: dict[str, int], revealed: int, colour: str, locos_only: bool) -> list[Fraction]:
    """P(surcharge = k), k = 0..revealed, by enumerating every ordered reveal of
    the labelled cards (each equally likely), counting by the rule text."""
    cards = [name for name, n in deck.items() for _ in range(n)]
    n = min(revealed, len(cards))  # EU-TUN-5: reveal only what exists
    counts: Counter[int] = Counter()
    for reveal in itertools.permutations(range(len(cards)), n):
        counts[sum(cards[i] == "locomotive" or (not locos_only and cards[i] == colour) for i in reveal)] += 1
    total = sum(counts.values())
    return [Fraction(counts[k], total) for k in range(revealed + 1)]


# --- exact odds ---------------------------------------------------------------


@pytest.mark.parametrize("revealed", [3, 4, 5, 6])
@pytest.mark.parametrize("colour", ["red", "pink", "green"])
def test_eu_tun_2_ta_tun_1_fresh_deck_matches_scipy_hypergeom(revealed, colour):
    """EU-TUN-2 (3 cards) and TA-TUN-1 (Himalaya: 4-6 cards): the colour played
    and locomotives match, 12 + 14 = 26 of 110 cards."""
    odds = tunnel_odds(revealed=revealed, colour=colour)
    assert list(odds["k"]) == list(range(revealed + 1))
    dist = stats.hypergeom(M=110, n=26, N=revealed)
    np.testing.assert_allclose(odds["probability"], dist.pmf(np.arange(revealed + 1)), rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(odds["p_at_least"], dist.sf(np.arange(revealed + 1) - 1), rtol=1e-12, atol=1e-15)
    assert odds["p_any"].iloc[0] == pytest.approx(1 - dist.pmf(0), rel=1e-12)
    assert odds["expected"].iloc[0] == pytest.approx(revealed * 26 / 110, rel=1e-12)
    assert (odds["matching"] == 26).all() and (odds["deck_size"] == 110).all()


def test_eu_tun_2_fresh_deck_three_cards_known_value():
    """EU-TUN-2: P(no surcharge) for 3 cards is C(84, 3) / C(110, 3) exactly."""
    probs = tunnel_odds(revealed=3, as_frame=False)[3]
    assert probs[0] == Fraction(math.comb(84, 3), math.comb(110, 3))
    assert probs[3] == Fraction(math.comb(26, 3), math.comb(110, 3))


TINY_DECKS = [
    {"red": 2, "blue": 1, "locomotive": 1, "green": 2},
    {"red": 3, "locomotive": 2},
    {"blue": 2, "yellow": 1, "locomotive": 3},
    {"red": 1},
    {"blue": 2},
]


@pytest.mark.parametrize("deck", TINY_DECKS, ids=lambda d: ",".join(f"{k}={v}" for k, v in d.items()))
@pytest.mark.parametrize("revealed", [0, 1, 3, 4, 6])
@pytest.mark.parametrize(("colour", "locos_only"), [("red", False), ("blue", False), ("red", True)])
def test_eu_tun_2_3_5_exact_matches_brute_force_over_ordered_reveals(deck, revealed, colour, locos_only):
    """EU-TUN-2, EU-TUN-3 / TA-TUN-3 (locos_only), EU-TUN-5 / TA-TUN-4 (revealed
    beyond the deck size): the exact fractions equal a full enumeration."""
    got = tunnel_odds(deck, revealed, colour, locos_only, as_frame=False)[revealed]
    assert got == brute_force(deck, revealed, colour, locos_only)


def test_eu_tun_3_ta_tun_3_locos_only_counts_only_locomotives():
    """EU-TUN-3 / TA-TUN-3: with only locomotives played, revealed colour cards
    never add to the surcharge; 'locomotive' as the colour means the same."""
    all_red = {"red": 20}
    assert tunnel_odds(all_red, 3, "red", locos_only=True, as_frame=False)[3] == [1, 0, 0, 0]
    assert tunnel_odds(all_red, 3, "red", as_frame=False)[3] == [0, 0, 0, 1]
    mixed = {**FRESH_DECK}
    a = tunnel_odds(mixed, [3, 5], "green", locos_only=True)
    b = tunnel_odds(mixed, [3, 5], "locomotive")
    assert a["exact"].tolist() == b["exact"].tolist()
    assert (a["matching"] == 14).all()
    dist = stats.hypergeom(M=110, n=14, N=5)
    np.testing.assert_allclose(a[a["revealed"] == 5]["probability"], dist.pmf(np.arange(6)), rtol=1e-12)


def test_eu_tun_5_ta_tun_4_fewer_cards_than_revealed():
    """EU-TUN-5 / TA-TUN-4: only the cards that exist are revealed; with none,
    there is no surcharge."""
    odds = tunnel_odds({"red": 1, "locomotive": 1}, revealed=[3, 6], colour="red")
    assert (odds["cards_revealed"] == 2).all()
    for _, g in odds.groupby("revealed"):
        probs = g["exact"].tolist()
        assert probs[2] == 1 and sum(probs) == 1 and all(p == 0 for p in probs[3:])
        assert g["expected"].iloc[0] == 2
    empty = tunnel_odds({}, revealed=[0, 3, 6])
    assert (empty.groupby("revealed")["exact"].first() == 1).all()
    assert (empty["p_any"] == 0).all() and (empty["expected"] == 0).all()
    assert (empty["cards_revealed"] == 0).all()
    summary = tunnel_summary({"red": 0}, revealed=[3, 4])
    assert summary[["p_any", "p_ge2", "expected"]].to_numpy().tolist() == [[0, 0, 0], [0, 0, 0]]


@pytest.mark.parametrize(
    "deck",
    [None, {"red": 3, "blue": 7, "locomotive": 1}, {"locomotive": 5}, {"pink": 40, "red": 1}, list(range(1, 10))],
)
def test_probabilities_sum_to_one(deck):
    exact = tunnel_odds(deck, revealed=list(range(9)), colour="red", as_frame=False)
    for r, probs in exact.items():
        assert len(probs) == r + 1
        assert sum(probs) == 1
        assert all(p >= 0 for p in probs)
    odds = tunnel_odds(deck, revealed=list(range(9)))
    assert odds.groupby("revealed")["probability"].sum().to_numpy() == pytest.approx(np.ones(9), abs=1e-12)


def test_summary_agrees_with_odds():
    """One summary row per reveal count: p_any, P(surcharge >= 2), expected."""
    deck = {"red": 5, "blue": 9, "locomotive": 3, "green": 2}
    summary = tunnel_summary(deck, revealed=[0, 1, 3, 4, 5, 6], colour="red")
    odds = tunnel_odds(deck, revealed=[0, 1, 3, 4, 5, 6], colour="red")
    assert list(summary["revealed"]) == [0, 1, 3, 4, 5, 6]
    for row in summary.itertuples():
        g = odds[odds["revealed"] == row.revealed]
        probs = g["exact"].tolist()
        assert row.p_any == pytest.approx(float(1 - probs[0]))
        assert row.p_ge2 == pytest.approx(float(sum(probs[2:], Fraction(0))))
        assert row.expected == pytest.approx(float(sum(k * p for k, p in enumerate(probs))))
        dist = stats.hypergeom(M=19, n=8, N=row.revealed)
        assert row.p_ge2 == pytest.approx(dist.sf(1), abs=1e-12)
        assert row.expected == pytest.approx(row.revealed * 8 / 19)


def test_deck_input_forms_and_default():
    assert deck_counts(None).tolist() == [12] * 8 + [14]
    assert deck_counts(None).sum() == 110
    assert deck_counts({"RED": 2, "loco": 1}).tolist() == [0, 0, 0, 0, 0, 0, 2, 0, 1]
    assert deck_counts(np.arange(9)).tolist() == list(range(9))
    assert tunnel_odds(revealed=3, colour=COLOUR_NAMES.index("red"))["exact"].tolist() == (
        tunnel_odds(revealed=3, colour="Red")["exact"].tolist()
    )
    assert tunnel_odds(revealed=3).attrs["deck"] == "fresh 110-card deck"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"deck": {"purple": 3}}, "unknown card name 'purple'"),
        ({"deck": {"red": -1}}, "must be >= 0"),
        ({"deck": {"red": 1.5}}, "whole number"),
        ({"deck": {"red": 1, "Red": 2}}, "twice"),
        ({"deck": [1, 2, 3]}, "9 counts"),
        ({"deck": "red=3"}, "not a string"),
        ({"revealed": 9}, "0..8"),
        ({"revealed": -1}, "0..8"),
        ({"revealed": [3, 12]}, "0..8"),
        ({"revealed": []}, "at least one"),
        ({"revealed": 2.5}, "int or a list"),
        ({"revealed": True}, "whole numbers"),
        ({"colour": "purple"}, "unknown colour 'purple'"),
        ({"colour": 9}, "0..8"),
        ({"colour": None}, "colour name"),
    ],
)
def test_invalid_input_raises_clear_value_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        tunnel_odds(**kwargs)
    with pytest.raises(ValueError, match=message):
        tunnel_summary(**kwargs)
    with pytest.raises(ValueError, match=message):
        tunnel_odds_mc(trials=10, **kwargs)


# --- Monte Carlo ------------------------------------------------------------------

MC_TRIALS = 400_000
MC_CASES = {
    # name: (deck, revealed, colour, locos_only)
    "fresh-3-6 (EU-TUN-2, TA-TUN-1)": (None, [3, 4, 5, 6], "red", False),
    "depleted": ({"red": 4, "blue": 11, "green": 6, "black": 3, "locomotive": 5, "white": 9}, [3, 4, 6], "red", False),
    "locos-only (EU-TUN-3, TA-TUN-3)": ({"red": 10, "pink": 8, "locomotive": 6}, [3, 6], "red", True),
    "fewer-than-revealed (EU-TUN-5, TA-TUN-4)": ({"yellow": 2, "locomotive": 1, "blue": 1}, [3, 6], "yellow", False),
    "empty (EU-TUN-5, TA-TUN-4)": ({}, [3], "red", False),
}


@pytest.mark.parametrize("case", list(MC_CASES))
def test_mc_agrees_with_exact_within_ci(case):
    """The Monte Carlo kernel reproduces the exact distribution: every exact
    P(k) lies inside the estimate's Wilson interval, and a chi-square test
    does not reject. Cells are checked at 99.9% confidence so that the ~30
    cells together stay a sound check (at 95% one cell in twenty would be
    expected outside by chance); the 95% interval columns are checked below."""
    deck, revealed, colour, locos_only = MC_CASES[case]
    exact = tunnel_odds(deck, revealed, colour, locos_only)
    mc = tunnel_odds_mc(deck, revealed, colour, locos_only, trials=MC_TRIALS, seed=7, confidence=0.999)
    assert list(mc["revealed"]) == list(exact["revealed"]) and list(mc["k"]) == list(exact["k"])
    assert (mc.groupby("revealed")["count"].sum() == MC_TRIALS).all()
    inside = (mc["ci_low"] <= exact["probability"]) & (exact["probability"] <= mc["ci_high"])
    assert inside.all(), mc.assign(exact=exact["probability"])[~inside]
    impossible = exact["exact"] == 0
    assert (mc.loc[impossible, "count"] == 0).all()
    for r in revealed:
        sel = (exact["revealed"] == r) & ~impossible
        if sel.sum() < 2:
            continue
        expected = exact.loc[sel, "probability"].to_numpy() * MC_TRIALS
        observed = mc.loc[sel, "count"].to_numpy()
        assert stats.chisquare(observed, expected * observed.sum() / expected.sum()).pvalue > 1e-3


def test_mc_95_percent_intervals_are_wilson_and_cover():
    mc = tunnel_odds_mc(revealed=[3, 4], trials=200_000, seed=3)
    for row in mc.itertuples():
        ci = stats.binomtest(int(row.count), row.trials).proportion_ci(0.95, method="wilson")
        assert (row.ci_low, row.ci_high) == pytest.approx((ci.low, ci.high), abs=1e-9)
    exact = tunnel_odds(revealed=[3, 4])
    assert mc["estimate"].to_numpy() == pytest.approx(exact["probability"].to_numpy(), abs=0.005)
    low, high = wilson_interval(np.array([0, 10]), 10)
    assert low[0] == 0 and high[1] == 1


def test_mc_is_deterministic_per_seed():
    a = tunnel_odds_mc(revealed=[3, 6], trials=50_000, seed=11)
    b = tunnel_odds_mc(revealed=[3, 6], trials=50_000, seed=11)
    c = tunnel_odds_mc(revealed=[3, 6], trials=50_000, seed=12)
    assert a["count"].tolist() == b["count"].tolist()
    assert a["count"].tolist() != c["count"].tolist()


def test_mc_kernel_direct_and_rule_ta_tun_3():
    """The kernel: histogram of revealed + 1 bins summing to the trials; colour
    LOCO (8) counts only locomotives (TA-TUN-3); an empty deck never surcharges."""
    deck = np.array([0, 0, 0, 0, 0, 0, 30, 0, 0], np.int64)  # red only
    assert tunnel_mc(deck, 3, COLOUR_NAMES.index("red"), 1000, 1).tolist() == [0, 0, 0, 1000]
    assert tunnel_mc(deck, 3, LOCO, 1000, 1).tolist() == [1000, 0, 0, 0]
    assert tunnel_mc(np.zeros(9, np.int64), 4, 0, 10, 1).tolist() == [10, 0, 0, 0, 0]
    fresh = deck_counts(None)
    h = tunnel_mc(fresh, 6, 2, 12345, 5)
    assert h.shape == (7,) and h.sum() == 12345 and h.dtype == np.int64
    with pytest.raises(ValueError):
        tunnel_mc(fresh, -1, 0, 10, 1)
    with pytest.raises(ValueError):
        tunnel_mc(fresh, 3, 9, 10, 1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"trials": 0}, "trials"),
        ({"trials": 2.5}, "trials"),
        ({"seed": -1}, "seed"),
        ({"confidence": 1.0}, "confidence"),
    ],
)
def test_mc_invalid_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        tunnel_odds_mc(**kwargs)


# --- CLI -------------------------------------------------------------------------------


def test_cli_prints_fresh_deck_table(capsys):
    tunnels_command()
    out = capsys.readouterr().out
    for header in ("revealed", "P(0)", "P(6)", "P(any)", "expected", "fresh 110-card deck"):
        assert header in out
    assert "44.15%" in out  # P(0) with 3 revealed
    assert "55.85%" in out  # P(any) with 3 revealed
    assert "1.418" in out  # expected with 6 revealed: 6 * 26 / 110


def test_cli_deck_locos_only_mc_and_plots(tmp_path, capsys):
    png, svg = tmp_path / "odds.png", tmp_path / "sub" / "odds.svg"
    tunnels_command(revealed="3,6", deck="red=1,loco=1,blue=3", locos_only=True, plot=png, mc_trials=20_000)
    out = capsys.readouterr().out
    assert "Monte Carlo" in out and "cards revealed" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    tunnels_command(revealed="4", plot=svg)
    text = svg.read_text()
    assert "<svg" in text and "surcharge" in text


def test_cli_parsers():
    assert parse_revealed(" 3, 4,6 ") == [3, 4, 6]
    assert parse_deck(None) is None and parse_deck("fresh") is None
    assert parse_deck("red=5, blue=3,locomotive=2") == {"red": 5, "blue": 3, "locomotive": 2}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"revealed": "3,x"}, "not a whole number"),
        ({"revealed": "3,,4"}, "empty entry"),
        ({"revealed": ""}, "reveal counts"),
        ({"revealed": "9"}, "0..8"),
        ({"deck": "red5"}, "NAME=COUNT"),
        ({"deck": "red=five"}, "not a whole number"),
        ({"deck": "red=1,red=2"}, "twice"),
        ({"deck": "purple=3"}, "unknown card name"),
        ({"deck": "red=-2"}, ">= 0"),
        ({"deck": ","}, "composition"),
        ({"colour": "mauve"}, "unknown colour"),
        ({"plot": Path("odds.pdf")}, ".png or .svg"),
        ({"mc_trials": -5}, "mc-trials"),
    ],
)
def test_cli_bad_input_raises_value_error(kwargs, message, capsys):
    with pytest.raises(ValueError, match=message):
        tunnels_command(**kwargs)
    assert capsys.readouterr().out == ""  # nothing printed before the error


def test_cli_wraps_in_typer():
    import typer
    from typer.testing import CliRunner

    app = typer.Typer()
    app.command("tunnels")(tunnels_command)
    app.command("other")(lambda: None)
    result = CliRunner().invoke(app, ["tunnels", "--revealed", "3", "--deck", "red=2,blue=2", "--colour", "blue"])
    assert result.exit_code == 0, result.output
    assert "P(3)" in result.output
    bad = CliRunner().invoke(app, ["tunnels", "--deck", "mauve=2"])
    assert isinstance(bad.exception, ValueError)


# --- bench -------------------------------------------------------------------------------


def test_bench_tunnel_mc_reports_rate():
    spec = importlib.util.spec_from_file_location("bench_tunnels", ROOT / "bench" / "bench_tunnels.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.bench_tunnel_mc(trials=20_000, repeats=1)
    assert result["reveals_per_s"] > 0 and result["trials"] == 20_000
