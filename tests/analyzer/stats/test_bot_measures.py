"""Per-bot measures (analyzer.stats.compare.BOT_MEASURES, named MEASURE:BOT)
on a players table small enough to check by hand, and their parsing as a
tuning study's objectives and constraints."""

import pandas as pd
import pytest

from analyzer.stats.compare import BOT_MEASURES, RunTables, compare_tables
from analyzer.stats.tune import TuneError, check_measures_exist, parse_constraint, parse_objective

HUNGRY = "destination-hungry"
BONUS_COLS = ("longest_bonus", "explorer_bonus", "globetrotter_bonus")


def _run(scale=1):
    """Two games of three seats; destination-hungry holds seat 0 in game 0 and seat 1 in game 1. Game 0 is
    won by seat 0 alone, game 1 shared by seats 1 and 2."""
    games = pd.DataFrame({"game": [0, 1], "n_winners": [1, 2], "turns": [90, 100], "stalled": [False, False]})
    rows = [  # game, seat, bot, score, winner, tickets_kept, route_points, trains_used, routes_claimed
        (0, 0, HUNGRY, 80, True, 5, 40, 40, 10),
        (0, 1, "planner", 70, False, 3, 50, 38, 12),
        (0, 2, "planner", 60, False, 4, 45, 35, 11),
        (1, 0, "planner", 90, False, 2, 55, 41, 13),
        (1, 1, HUNGRY, 100, True, 7, 60, 42, 14),
        (1, 2, "planner", 100, True, 3, 70, 44, 15),
    ]
    players = pd.DataFrame(rows, columns=["game", "seat", "bot", "score", "winner", "tickets_kept", "route_points",
                                          "trains_used", "routes_claimed"])
    players["tickets_kept"] *= scale
    players["tickets_completed"], players["tickets_failed"] = 2, 1
    for col in BONUS_COLS:
        players[col] = 0
    return RunTables(games, players, 1)


def _estimates(table, variant):
    rows = table[table["variant"] == variant]
    return dict(zip(rows["measure"].astype(str), rows["estimate"], strict=True))


def test_per_bot_measures_by_hand():
    wanted = tuple(f"{m}:{b}" for m in BOT_MEASURES for b in (HUNGRY, "planner"))
    table = compare_tables({"base": _run(), "doubled": _run(scale=2)}, "base", n_boot=20, bot_measures=wanted)
    est = _estimates(table, "base")
    assert est[f"win_rate:{HUNGRY}"] == pytest.approx((1 + 0.5) / 2)  # the shared win counts a half
    assert est["win_rate:planner"] == pytest.approx(0.5 / 4)
    assert est[f"tickets_kept:{HUNGRY}"] == pytest.approx((5 + 7) / 2)
    assert est["tickets_kept:planner"] == pytest.approx((3 + 4 + 2 + 3) / 4)
    assert est[f"route_share:{HUNGRY}"] == pytest.approx((40 + 60) / (80 + 100))
    assert est["route_share:planner"] == pytest.approx((50 + 45 + 55 + 70) / (70 + 60 + 90 + 100))
    assert est[f"route_length:{HUNGRY}"] == pytest.approx((40 + 42) / (10 + 14))
    assert est["route_length:planner"] == pytest.approx((38 + 35 + 41 + 44) / (12 + 11 + 13 + 15))
    doubled = table[(table["variant"] == "doubled") & (table["measure"] == f"tickets_kept:{HUNGRY}")].iloc[0]
    assert doubled.estimate == pytest.approx(12) and doubled.difference == pytest.approx(6)
    # paired: game 0 gains 5, game 1 gains 7, so every resample's change lies in 5..7
    assert 5 - 1e-9 <= doubled.ci_low <= doubled.ci_high <= 7 + 1e-9


def test_per_bot_measures_only_when_asked():
    table = compare_tables({"base": _run(), "doubled": _run(scale=2)}, "base", n_boot=20)
    assert not any(":" in str(m) for m in table["measure"].unique())


def test_per_bot_measures_parse_as_objectives_and_constraints():
    o = parse_objective(f"max:win_rate:{HUNGRY}")
    assert (o.goal, o.measure, o.label) == ("max", f"win_rate:{HUNGRY}", f"max:win_rate:{HUNGRY}")
    assert parse_objective(o.label) == o  # the reproducing command gives it back
    c = parse_constraint(f"tickets_kept:{HUNGRY}>=4.4")
    assert (c.measure, c.op, c.bound) == (f"tickets_kept:{HUNGRY}", ">=", 4.4)
    assert c.violation(4.5) < 0 < c.violation(4.3)
    assert parse_objective("route_length:planner=3").target == 3


@pytest.mark.parametrize("text,words", [
    ("max:win_rate", "win_rate is measured per bot; write win_rate:BOT"),
    ("max:win_rate:hungry", "unknown bot 'hungry'"),
    ("max:wins:planner", "unknown measure 'wins:planner'"),
])
def test_bad_per_bot_measures_are_refused(text, words):
    with pytest.raises(TuneError, match=words):
        parse_objective(text)


def test_a_per_bot_measure_needs_its_bot_at_the_table():
    check_measures_exist([(f"win_rate:{HUNGRY}", "--objective 'x'")], [HUNGRY, "planner"], {})
    with pytest.raises(TuneError, match="--constraint 'y': no seat plays long-route"):
        check_measures_exist([("tickets_kept:long-route", "--constraint 'y'")], [HUNGRY, "planner"], {})
