"""analyzer.stats on hand-made tables whose answers are worked out by hand
The intervals are checked against scipy's independent Wilson
interval and the textbook normal interval."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy.stats import binomtest

from analyzer import stats as S


def players_table(scores, winners, extra=None):
    """(games, seats) scores and winner flags -> a players table."""
    scores = np.asarray(scores)
    g, s = scores.shape
    df = pd.DataFrame({"game": np.repeat(np.arange(g), s), "seat": np.tile(np.arange(s), g),
                       "bot": pd.Categorical(["greedy"] * (g * s)), "score": scores.ravel(),
                       "winner": np.asarray(winners, bool).ravel()})
    for k, v in (extra or {}).items():
        df[k] = np.asarray(v).ravel()
    return df


# --- intervals ------------------------------------------------------------------------------
@pytest.mark.parametrize("k,n", [(0, 10), (3, 10), (10, 10), (517, 1000), (1, 7)])
def test_wilson_matches_scipy(k, n):
    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    lo, hi = S.wilson(k, n)
    assert float(lo) == pytest.approx(ci.low, abs=1e-9)
    assert float(hi) == pytest.approx(ci.high, abs=1e-9)


def test_wilson_no_trials_is_nan():
    lo, hi = S.wilson(np.array([0, 1]), np.array([0, 2]))
    assert np.isnan(lo[0]) and np.isnan(hi[0]) and 0 < lo[1] < 0.5 < hi[1] < 1


def test_mean_ci_is_normal_interval():
    x = pd.Series([1.0, 2.0, 3.0, 4.0])
    m = S.mean_ci(x).iloc[0]
    half = 1.959963984540054 * np.std([1, 2, 3, 4], ddof=1) / 2
    assert m["n"] == 4 and m["mean"] == 2.5
    assert m["ci_low"] == pytest.approx(2.5 - half) and m["ci_high"] == pytest.approx(2.5 + half)


# --- overview ---------------------------------------------------------------------------------
def test_win_rates_count_shared_wins_for_each_winner():
    # four games; seat 0 wins games 0 and 1, seat 1 game 2, game 3 is a tie
    p = players_table([[50, 40], [60, 30], [20, 70], [55, 55]],
                      [[1, 0], [1, 0], [0, 1], [1, 1]])
    w = S.win_rates(p, "seat")
    assert w.loc[0, "successes"] == 3 and w.loc[0, "n"] == 4 and w.loc[0, "rate"] == 0.75
    assert w.loc[1, "rate"] == 0.5
    ci = binomtest(3, 4).proportion_ci(method="wilson")
    assert w.loc[0, "ci_low"] == pytest.approx(ci.low)
    assert S.win_rates(p, "bot").loc["greedy", "rate"] == pytest.approx(5 / 8)


def test_score_components_negate_lost_tickets():
    p = players_table([[30, 10]], [[1, 0]], {"route_points": [[20, 12]], "tickets_won": [[15, 0]],
                                            "tickets_lost": [[5, 2]]})
    c = S.score_components(p)
    assert c.loc["score", "mean"] == 20
    assert c.loc["tickets_lost", "mean"] == -3.5
    assert c.loc["route_points", "mean"] == 16
    by = S.score_components(p, "seat")
    assert by.loc[(1, "tickets_lost"), "mean"] == -2


def test_score_distribution_and_histogram():
    scores = np.arange(1, 101).reshape(50, 2)  # seat 0: odd 1..99, seat 1: even 2..100
    p = players_table(scores, np.zeros_like(scores))
    d = S.score_distribution(p, "seat")
    assert d.loc[0, "mean"] == 50 and d.loc[1, "mean"] == 51
    assert d.loc[0, "median"] == 50 and d.loc[0, "min"] == 1 and d.loc[1, "max"] == 100
    h = S.score_histogram(p, bin_width=10)
    assert h["player_games"].sum() == 100
    assert h.set_index("bin_start").loc[0, "player_games"] == 9  # 1..9
    assert h.set_index("bin_start").loc[100, "player_games"] == 1


def test_game_length_turns_and_rounds():
    g = pd.DataFrame({"game": [0, 1, 2], "turns": [10, 20, 30]})
    t = S.game_length(g, players=2)
    assert t.loc["turns", "mean"] == 20 and t.loc["rounds", "mean"] == 10 and t.loc["rounds", "n"] == 3


def test_end_reasons_and_stalled():
    g = pd.DataFrame({"end_reason": pd.Categorical(["trains", "trains", "turn_cap", "trains"],
                                                   categories=["trains", "no_actions", "turn_cap"]),
                      "stalled": [False, False, True, False]})
    e = S.end_reasons(g)
    assert e.loc["trains", "rate"] == 0.75 and e.loc["no_actions", "rate"] == 0
    assert e.loc["turn_cap", "successes"] == 1 and e.loc["stalled", "rate"] == 0.25


# --- a four-city board ----------------------------------------------------------------------------
CITIES = pd.DataFrame({"name": ["A", "B", "C", "D", "E"], "x": [0, 1, 2, 0, 5], "y": [0, 0, 0, 1, 5]})
ROUTES = pd.DataFrame({
    "a": ["A", "A", "B", "A", "D"], "b": ["B", "B", "C", "D", "C"], "length": [2, 2, 3, 4, 4],
    "color": ["red", "blue", "gray", "gray", "gray"], "kind": ["normal"] * 5,
    "parallel_group": [1, 1, -1, -1, -1]})
TICKETS = pd.DataFrame({"a": ["A", "D", "A"], "b": ["C", "C", "D"], "points": [5, 4, 4], "long": [0, 0, 0]})


def test_city_distances_shortest_paths():
    d = S.city_distances(CITIES, ROUTES)
    assert d.loc["A", "C"] == 5  # A-B-C, not A-D-C (8)
    assert d.loc["D", "B"] == 6  # D-A-B
    assert np.isinf(d.loc["A", "E"])  # E has no route


def test_ticket_info_and_completion():
    info = S.ticket_info(TICKETS, S.city_distances(CITIES, ROUTES))
    assert info["distance"].tolist() == [5, 4, 4]
    t = pd.DataFrame({"game": [0, 0, 1, 1, 2], "seat": [0, 1, 0, 1, 0], "ticket": [0, 0, 0, 1, 2],
                      "long": [False, False, False, False, True], "setup": [True, True, False, True, False],
                      "completed": [True, False, True, True, False]})
    c = S.ticket_completion(t, info)
    assert c.loc[0, "n"] == 3 and c.loc[0, "rate"] == pytest.approx(2 / 3) and c.loc[0, "points"] == 5
    assert c.loc[2, "rate"] == 0
    by_pts = S.completion_by(t, "points", info)
    assert by_pts.loc[4, "n"] == 2 and by_pts.loc[4, "rate"] == 0.5
    assert S.completion_by(t, "long").loc[True, "rate"] == 0
    p = players_table(np.zeros((3, 2)), np.zeros((3, 2)))
    m = S.midgame_tickets(t, p)
    assert m.loc["mid-game", "n"] == 2 and m.loc["mid-game", "rate"] == 0.5
    assert m.loc["setup", "rate"] == pytest.approx(2 / 3)
    # 6 player-games hold 3 setup tickets in all, 2 mid-game ones
    assert m.loc["setup", "per_player"] == pytest.approx(0.5)
    assert m.loc["mid-game", "per_player"] == pytest.approx(2 / 6)


def test_bonuses_awarded_shared_holder_wins_and_swings():
    # game 0: seat 0 wins 50-45 only thanks to its 10-point bonus (a swing);
    # game 1: both hold it (shared), seat 0 wins 60-50 either way;
    # game 2: nobody holds it.
    bonus = [[10, 0], [10, 10], [0, 0]]
    p = players_table([[50, 45], [60, 50], [30, 40]], [[1, 0], [1, 0], [0, 1]], {"longest_bonus": bonus,
                                                                                  "explorer_bonus": np.zeros((3, 2))})
    assert S.bonus_columns(p) == ["longest_bonus"]
    b = S.bonuses(p).loc["longest_bonus"]
    assert b["awarded"] == pytest.approx(2 / 3) and b["shared"] == 0.5
    assert b["holder_wins_n"] == 3 and b["holder_wins"] == pytest.approx(2 / 3)
    assert b["swings"] == pytest.approx(1 / 3)
    assert b["points_per_game"] == pytest.approx(10.0)
    assert b["label"] == "Longest path / European Express"


def test_per_game_metrics_and_paired_difference():
    p_closed = players_table([[50, 40], [30, 60]], [[1, 0], [0, 1]])
    p_open = players_table([[54, 40], [40, 60]], [[1, 0], [0, 1]])
    t_closed = pd.DataFrame({"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1], "ticket": [0, 1, 0, 1],
                             "completed": [True, False, False, False]})
    t_open = t_closed.assign(completed=[True, True, True, False])
    a = S.per_game_metrics(p_closed, t_closed)
    assert a.loc[0, "ticket_completion"] == 0.5 and a.loc[1, "score"] == 45
    assert a.loc[1, "win_seat_1"] == 1 and a.loc[0, "win_greedy"] == 0.5
    d = S.paired_difference(a, S.per_game_metrics(p_open, t_open))
    # completion: game 0 0.5 vs 1.0, game 1 0.0 vs 0.5 -> differences -0.5, -0.5
    assert d.loc["ticket_completion", "difference"] == pytest.approx(-0.5)
    assert d.loc["ticket_completion", "ci_low"] == pytest.approx(-0.5)  # no spread: a zero-width interval
    # score: game 0 45 vs 47, game 1 45 vs 50 -> -2, -5
    sd = np.std([-2, -5], ddof=1)
    assert d.loc["score", "difference"] == pytest.approx(-3.5)
    assert d.loc["score", "ci_high"] == pytest.approx(-3.5 + 1.959963984540054 * sd / np.sqrt(2))
    assert d.loc["win_seat_0", "difference"] == 0 and d.loc["score", "games"] == 2


def test_double_routes_and_broken_tickets():
    info = S.ticket_info(TICKETS, S.city_distances(CITIES, ROUTES))
    d = S.city_distances(CITIES, ROUTES)
    groups = S.double_groups(ROUTES)
    assert groups.loc[1, "routes"] == (0, 1) and len(groups) == 1
    through = S.tickets_through_group(info, ROUTES, d)
    assert through.to_dict("list") == {"ticket": [0], "group": [1]}  # A-C runs through A-B; D-C, A-D do not
    claims = pd.DataFrame({"game": [0, 1, 1], "seat": [0, 1, 0], "route": [0, 1, 2], "turn": [3, 4, 5]})
    tickets = pd.DataFrame({
        "game": [0, 0, 1, 1, 2], "seat": [1, 0, 1, 0, 0], "ticket": [0, 0, 0, 1, 0],
        "completed": [False, False, False, False, False]})
    # game 0: seat 0 takes the double; seat 1 needed it for A-C and failed -> broken;
    #         seat 0 failed A-C too but holds the lane itself -> not broken.
    # game 1: seat 1 takes the double and fails its own A-C -> not broken; seat 0's D-C does not use it.
    # game 2: nobody takes the double -> not closed.
    u = S.double_route_use(claims, tickets, ROUTES, through, n_games=3, closed=True).loc[1]
    assert u["claimed"] == pytest.approx(2 / 3) and u["closed"] == pytest.approx(2 / 3)
    assert u["broke_ticket"] == pytest.approx(1 / 3) and u["tickets_broken"] == 1
    assert u["both_claimed"] == 0
    both = pd.DataFrame({"game": [0, 0], "seat": [0, 1], "route": [0, 1], "turn": [1, 2]})
    o = S.double_route_use(both, tickets, ROUTES, through, n_games=3, closed=False).loc[1]
    assert o["both_claimed"] == pytest.approx(1 / 3) and "broke_ticket" not in o.index


def test_route_claims_frequency_and_timing():
    games = pd.DataFrame({"game": [0, 1], "turns": [10, 20]})
    claims = pd.DataFrame({"game": [0, 1, 1], "seat": [0, 1, 0], "route": [0, 0, 2], "turn": [0, 9, 4]})
    r = S.route_claims(claims, games, ROUTES, players=2)
    assert r.loc[0, "claimed"] == 1.0 and r.loc[2, "claimed"] == 0.5 and r.loc[1, "claimed"] == 0
    assert r.loc[0, "mean_round"] == 3  # rounds 1 (turn 0) and 5 (turn 9)
    assert r.loc[0, "game_share"] == pytest.approx((0 / 10 + 9 / 20) / 2)
    assert r.loc[2, "mean_round"] == 3 and np.isnan(r.loc[1, "mean_round"])


def test_ticket_cities():
    t = pd.DataFrame({"ticket": [0, 0, 1, 2]})  # A-C, A-C, D-C, A-D
    c = S.ticket_cities(t, TICKETS, n_games=2)
    assert c.loc["C", "successes"] == 3 and c.loc["A", "successes"] == 3 and c.loc["D", "successes"] == 2
    assert c.loc["C", "rate"] == 0.75 and c.loc["C", "per_game"] == 1.5


def test_stations_saved_against_given_up():
    info = S.ticket_info(TICKETS, S.city_distances(CITIES, ROUTES))
    p = players_table([[0, 0], [0, 0]], [[0, 0], [0, 0]], {"stations_built": [[1, 0], [2, 0]]})
    t = pd.DataFrame({"game": [0, 0, 1], "seat": [0, 1, 0], "ticket": [0, 1, 2],
                      "via_station": [True, False, False], "completed": [True, True, False]})
    s = S.stations(p, t, info, station_value=4)
    assert s.loc[0, "rate"] == 0.5 and s.loc[1, "rate"] == 0.25 and s.loc[2, "rate"] == 0.25
    assert s.loc[1, "tickets_via_station"] == 1 and s.loc[1, "points_saved"] == 10  # 2 x 5 points
    assert s.loc[1, "net"] == 6 and s.loc[2, "net"] == -8 and s.loc[0, "net"] == 0


@pytest.mark.parametrize("n,b", [(1, 10), (300, 1000), (5000, 1000), ((1 << 22) // 3 + 1, 4)])
def test_bootstrap_weights_are_the_row_by_row_draws(n, b):
    """compare's bootstrap counts, drawn a block of rows at a time, are the
    draws of one resample after another (so its CIs did not change when it
    stopped drawing row by row), and each row sums to the games."""
    from analyzer.stats.compare import _weights

    rng = np.random.default_rng(n)
    expected = np.stack([np.bincount(rng.integers(0, n, n), minlength=n) for _ in range(b)])
    got = _weights(np.random.default_rng(n), n, b)
    assert (got == expected).all() and (got.sum(1) == n).all()
