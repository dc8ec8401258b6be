"""The balance scorecard's measures on constructed players tables whose
answers are known: seat shares and advantage, the skill matrix and its
index, ratings, game length, games decided by tickets, bonus rates, and
paired comparisons."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analyzer.stats.balance import (
    Targets,
    compare_measures,
    resample_weights,
    scorecard,
)
from analyzer.stats.ladder import COMPONENTS


def rotated_table(n_blocks: int, tiers: list[str], winner_seat, score=None, extra=None) -> pd.DataFrame:
    """Every rotation of `tiers` around len(tiers) seats (run r puts tier i in
    seat (i + r) % k), each played on seed blocks 0..n_blocks-1; game (run,
    block) is won by seat winner_seat(run, block, seat_tiers) and the scores
    are 10 for the winner, 0 for the others unless `score` gives them."""
    k = len(tiers)
    rows = []
    for run in range(k):
        seat_tiers = [tiers[(s - run) % k] for s in range(k)]
        for block in range(n_blocks):
            w = winner_seat(run, block, seat_tiers)
            for s in range(k):
                rows.append({"run": run, "game": block, "seat": s, "bot": seat_tiers[s],
                             "winner": s == w, "score": 10 if s == w else 0, "turns": 20 + s})
    p = pd.DataFrame(rows)
    for c in COMPONENTS:
        p[c] = 0
    if score is not None:
        p["score"] = score(p)
    for col, values in (extra or {}).items():
        p[col] = values(p)
    return p


TIERS = ["random", "greedy", "planner", "expert"]


def card(p, tiers=TIERS, n_blocks=None, bootstrap=400):
    n_blocks = n_blocks or int(p["game"].max()) + 1
    return scorecard(p, tiers, n_blocks, resample_weights(n_blocks, bootstrap, seed=5))


def test_seat_zero_head_start_shows_as_its_advantage():
    """Identical tiers; seat 0 wins 40% of the games, the other three 20% each."""
    rng = np.random.default_rng(1)
    draws = {}

    def winner(run, block, seat_tiers):
        draws[run, block] = rng.choice(4, p=[0.4, 0.2, 0.2, 0.2])
        return draws[run, block]

    p = rotated_table(300, TIERS, winner)
    seats = card(p)["seats"].table().set_index(["tier", "seat"])
    first = seats.loc[("all", 0)]
    assert first["win_share"] == pytest.approx(np.mean([d == 0 for d in draws.values()]))
    assert first["advantage"] == pytest.approx(first["win_share"] - 0.25)
    assert 0.10 < first["advantage"] < 0.20
    assert first["advantage_low"] > 0.05  # the interval excludes a fair seat
    for s in (1, 2, 3):
        assert seats.loc[("all", s), "advantage_high"] < 0.02
    # each tier sat in seat 0 a quarter of its games, and its head start shows too
    for t in TIERS:
        assert seats.loc[(t, 0), "seat_games"] == 300
        assert seats.loc[(t, 0), "advantage"] > 0.05


def test_identical_tiers_give_a_skill_expression_near_neutral():
    rng = np.random.default_rng(2)
    p = rotated_table(400, TIERS, lambda run, block, st: rng.integers(4))
    sc = card(p)
    idx = sc["index"].table().set_index("measure")
    sei = idx.loc["skill_expression"]
    assert abs(sei["value"]) < 0.06
    assert sei["value_low"] < 0 < sei["value_high"]
    assert idx.loc["top_vs_bottom", "value_low"] < 0.5 < idx.loc["top_vs_bottom", "value_high"]
    assert idx.loc["rating_spread", "value"] < 0.2
    seats = sc["seats"].table()
    assert (seats["advantage_low"] < 0).all() and (seats["advantage_high"] > 0).all()


def test_a_strict_ladder_of_tiers_gives_full_skill_expression_and_its_matrix():
    """The strongest tier at the table always wins, and the others finish in tier order."""
    def winner(run, block, seat_tiers):
        return max(range(4), key=lambda s: TIERS.index(seat_tiers[s]))

    p = rotated_table(20, TIERS, winner, score=lambda p: p["bot"].map({t: i for i, t in enumerate(TIERS)}))
    sc = card(p)
    m = sc["matrix"].table().set_index(["tier", "opponent"])
    assert m.loc[("expert", "random"), "share"] == 1.0
    assert m.loc[("random", "greedy"), "share"] == 0.0
    assert m.loc[("planner", "greedy"), "comparisons"] == 4 * 20  # once per game, 4 runs x 20 blocks
    idx = sc["index"].table().set_index("measure")["value"]
    assert idx["skill_expression"] == pytest.approx(1.0)
    assert idx["top_vs_bottom"] == 1.0
    r = sc["ratings"].table().set_index("tier")["rating"]
    assert list(r.sort_values().index) == TIERS
    assert idx["rating_spread"] == pytest.approx(r.max() - r.min())
    seats = sc["seats"].table().set_index(["tier", "seat"])
    assert (seats.loc["expert", "win_share"] == 1.0).all()
    assert seats.loc[("all", 0), "advantage"] == pytest.approx(0.0)


def test_length_decided_and_bonuses_on_a_hand_made_table():
    """Two tiers, two seats, rotated, two seed blocks: four games."""
    tiers = ["random", "greedy"]
    p = rotated_table(2, tiers, lambda run, block, st: 0)  # seat 0 always wins
    # scores without tickets: game (run 0, block 0): seat 1 leads by routes, seat 0 wins by tickets
    p["tickets_won"] = 0
    p.loc[(p.run == 0) & (p.game == 0) & (p.seat == 0), ["score", "tickets_won"]] = (30, 25)
    p.loc[(p.run == 0) & (p.game == 0) & (p.seat == 1), "score"] = 20
    p["longest_bonus"] = np.where((p.seat == 0) & (p.game == 0), 10, 0)
    p["turns"] = np.where(p.seat == 0, 30, 31)
    sc = card(p, tiers, bootstrap=50)
    assert sc["length"].rows["value"].iloc[0] == pytest.approx(30.5)  # (30 + 31) / 2 rounds
    decided = sc["decided"].table().iloc[0]
    assert decided["games"] == 4 and decided["value"] == pytest.approx(0.25)
    b = sc["bonuses"].table().set_index("tier")
    assert list(b["bonus"].unique()) == ["longest_bonus"]
    assert b.loc["all", "rate"] == pytest.approx(2 / 8)  # two of eight seat-games took it
    assert b.loc["all", "holder_win"] == 1.0  # both takers sat in seat 0, the winner
    # run 0 seats random first, run 1 greedy: each took it once in its two games at seat 0... of four
    assert b.loc["random", "rate"] == pytest.approx(1 / 4) and b.loc["greedy", "rate"] == pytest.approx(1 / 4)
    seats = sc["seats"].table().set_index(["tier", "seat"])
    assert seats.loc[("all", 0), "win_share"] == 1.0 and seats.loc[("all", 0), "advantage"] == 0.5
    assert seats.loc[("random", 1), "win_share"] == 0.0


def test_in_team_play_the_teams_ticket_points_come_out_of_the_teams_score():
    """Teams are seats 0-1 and 2-3, each row holding its team's score: team 0 (seat 0 always wins)
    scores 40 of which seat 1's tickets gave 25, team 1 scores 30 without tickets."""
    tiers = ["random", "greedy", "planner", "expert"]
    p = rotated_table(3, tiers, lambda run, block, st: 0, extra={"team": lambda p: p["seat"] // 2})
    p["winner"] = p["seat"] < 2
    p["score"] = np.where(p["seat"] < 2, 40, 30)
    p["tickets_won"] = np.where(p["seat"] == 1, 25, 0)
    decided = card(p, tiers, bootstrap=20)["decided"].rows["value"].iloc[0]
    assert decided == 1.0  # 40 - 25 = 15 < 30: every game was the tickets'
    p["tickets_won"] = np.where(p["seat"] == 1, 5, 0)
    assert card(p, tiers, bootstrap=20)["decided"].rows["value"].iloc[0] == 0.0  # 35 > 30


def test_teammates_are_not_compared():
    tiers = ["random", "greedy", "planner", "expert"]
    p = rotated_table(10, tiers, lambda run, block, st: 0, extra={"team": lambda p: p["seat"] // 2})
    m = card(p, tiers, bootstrap=50)["matrix"].rows
    per_pair = m.set_index(["tier", "opponent"])["comparisons"]
    # teams are seats 0-1 and 2-3: tiers next to each other in the rotation are teammates in 2 of
    # the 4 runs (2 runs x 10 blocks compared), tiers two seats apart never are (4 x 10)
    for (a, b), n in per_pair.items():
        apart = abs(tiers.index(a) - tiers.index(b)) == 2
        assert n == (40 if apart else 20), (a, b, n)


def test_compare_gives_differences_with_paired_intervals():
    rng = np.random.default_rng(3)
    base_w = rng.integers(4, size=(4, 200))
    other_w = np.where(rng.random((4, 200)) < 0.3, 0, base_w)  # seat 0 wins 30% more of the games
    base = rotated_table(200, TIERS, lambda run, block, st: base_w[run, block])
    other = rotated_table(200, TIERS, lambda run, block, st: other_w[run, block])
    wts = resample_weights(200, 400, seed=9)
    a, b = scorecard(base, TIERS, 200, wts), scorecard(other, TIERS, 200, wts)
    same = compare_measures(a["seats"], a["seats"])
    assert (same["advantage_diff"] == 0).all() and (same["advantage_diff_high"] == 0).all()
    diff = compare_measures(a["seats"], b["seats"]).set_index(["tier", "seat"])
    first = diff.loc[("all", 0)]
    assert first["advantage_diff"] == pytest.approx(first["advantage_other"] - first["advantage_base"])
    assert first["advantage_diff_low"] > 0.1
    # paired resamples: the difference's interval is narrower than either side's own
    own = b["seats"].table().set_index(["tier", "seat"]).loc[("all", 0)]
    assert first["advantage_diff_high"] - first["advantage_diff_low"] < own["advantage_high"] - own["advantage_low"]


def test_the_distance_from_targets_is_the_root_of_the_summed_squared_misses():
    """A strict ladder (the stronger tier always ahead) where seat 0 wins half the games."""
    def winner(run, block, seat_tiers):
        return 0 if block % 2 else max(range(4), key=lambda s: TIERS.index(seat_tiers[s]))

    p = rotated_table(20, TIERS, winner)
    wts = resample_weights(20, 200, seed=1)
    targets = Targets(0.25, {("greedy", "random"): 0.9, ("expert", "planner"): 0.6})
    sc = scorecard(p, TIERS, 20, wts, targets)
    first = sc["seats"].rows.set_index(["tier", "seat"]).loc[("all", 0), "win_share"]
    h = sc["matrix"].rows.set_index(["tier", "opponent"])["share"]
    d = sc["distance"].table().set_index("measure")
    assert d.loc["first_seat", "value"] == pytest.approx(first - 0.25)
    assert d.loc["greedy.random", "value"] == pytest.approx(h[("greedy", "random")] - 0.9)
    assert d.loc["expert.planner", "value"] == pytest.approx(h[("expert", "planner")] - 0.6)
    expected = np.sqrt((first - 0.25) ** 2 + (h[("greedy", "random")] - 0.9) ** 2 + (h[("expert", "planner")] - 0.6)
                       ** 2)
    assert d.loc["distance", "value"] == pytest.approx(expected)
    assert d.loc["distance", "value_low"] <= d.loc["distance", "value"] <= d.loc["distance", "value_high"]
    # hitting every target exactly: distance 0
    exact = Targets(float(first), {("greedy", "random"): float(h[("greedy", "random")])})
    assert scorecard(p, TIERS, 20, wts, exact)["distance"].rows["value"].iloc[0] == pytest.approx(0.0)
    with pytest.raises(ValueError, match="did not meet"):
        three = rotated_table(10, TIERS[:3], lambda run, block, st: 0)  # no expert at these tables
        scorecard(three, TIERS[:3], 10, resample_weights(10, 50, 1), Targets(None, {("expert", "random"): 0.9}))
