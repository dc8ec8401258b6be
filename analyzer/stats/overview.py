"""Who wins, with how many points, and how games end: statistics of the
`players` and `games` tables, each with its sample size and 95% CI."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analyzer.stats.intervals import mean_ci, proportion

SCORE_COMPONENTS = ["route_points", "mountain_points", "tickets_won", "tickets_lost", "longest_bonus",
                    "explorer_bonus", "globetrotter_bonus", "station_points"]
"""Columns of `players` that add up to `score` (tickets_lost counts negative)."""


def win_rates(players: pd.DataFrame, by: str | list[str] = "seat") -> pd.DataFrame:
    """Win rate by seat (or bot, or any players column): a shared first place
    counts as a win for each tied winner. Columns n (player-games), successes
    (wins), rate, ci_low, ci_high."""
    g = players.groupby(by, observed=True)["winner"]
    return proportion(g.sum(), g.size())


def score_components(players: pd.DataFrame, by: str | list[str] | None = None) -> pd.DataFrame:
    """Mean of `score` and of each of its components per player and game, with
    CIs; tickets_lost is shown as a negative contribution. One row per
    (group, component), columns n, mean, sd, ci_low, ci_high."""
    cols = ["score"] + [c for c in SCORE_COMPONENTS if c in players.columns]
    df = players[cols].astype(np.float64)
    if "tickets_lost" in df:
        df["tickets_lost"] = -df["tickets_lost"]
    keys = [by] if isinstance(by, str) else list(by or [])
    if keys:
        df[keys] = players[keys]
        long = df.melt(id_vars=keys, var_name="component", value_name="points")
        out = mean_ci(long.groupby(keys + ["component"], observed=True, sort=False)["points"])
    else:
        long = df.melt(var_name="component", value_name="points")
        out = mean_ci(long.groupby("component", sort=False)["points"])
    return out


def score_distribution(players: pd.DataFrame, by: str | list[str] = "seat") -> pd.DataFrame:
    """Score mean (with CI), sd and quantiles (5, 25, 50, 75, 95 %), min, max per group."""
    g = players.groupby(by, observed=True)["score"]
    out = mean_ci(g)
    q = g.quantile([0.05, 0.25, 0.5, 0.75, 0.95]).unstack()
    q.columns = ["p05", "p25", "median", "p75", "p95"]
    return out.join(q).join(g.agg(["min", "max"]))


def score_histogram(players: pd.DataFrame, bin_width: int = 5) -> pd.DataFrame:
    """Player scores counted in bins of bin_width points: bin_start, player_games, share."""
    s = players["score"].to_numpy(np.int64)
    start = (np.floor_divide(s, bin_width) * bin_width)
    counts = pd.Series(start).value_counts().sort_index()
    return pd.DataFrame({"bin_start": counts.index.to_numpy(), "player_games": counts.to_numpy(),
                         "share": counts.to_numpy() / max(len(s), 1)})


def game_length(games: pd.DataFrame, players: int) -> pd.DataFrame:
    """Turns per game (every player's turn counts one) and rounds (turns /
    players): n, mean, sd, CI and quantiles."""
    t = games["turns"].astype(np.float64)
    rows = []
    for name, s in (("turns", t), ("rounds", t / players)):
        m = mean_ci(s).iloc[0]
        q = s.quantile([0.05, 0.5, 0.95]).to_numpy()
        rows.append({"measure": name, "n": int(m["n"]), "mean": m["mean"], "sd": m["sd"], "ci_low": m["ci_low"],
                     "ci_high": m["ci_high"], "p05": q[0], "median": q[1], "p95": q[2]})
    return pd.DataFrame(rows).set_index("measure")


def end_reasons(games: pd.DataFrame) -> pd.DataFrame:
    """Share of games per end reason (trains, no_actions, turn_cap) and the
    share of stalled games (a player could not act), with Wilson CIs."""
    n = len(games)
    reasons = games["end_reason"].value_counts(sort=False)
    counts = pd.concat([reasons, pd.Series({"stalled": int(games["stalled"].sum())})])
    out = proportion(counts, pd.Series(n, index=counts.index))
    out.index.name = "end"
    return out
