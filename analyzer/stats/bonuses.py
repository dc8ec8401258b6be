"""Bonuses (longest path / European Express, Globetrotter, Asian Explorer,
any `*_bonus` column): how often awarded and shared, how often the holder
wins, and how often a bonus swings the top score."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analyzer.stats.intervals import mean_ci, wilson

BONUS_LABELS = {
    "longest_bonus": "Longest path / European Express",
    "globetrotter_bonus": "Globetrotter",
    "explorer_bonus": "Asian Explorer",
    "trick_or_treat_bonus": "Trick-or-Treat",
    "grand_tour_bonus": "Grand Tour bonus",
}
"""Known bonus columns and their names; any other `*_bonus` column of
`players` is reported under its column name."""


def bonus_columns(players: pd.DataFrame) -> list[str]:
    """The bonus columns of players that award points in this run."""
    cols = [c for c in players.columns if c.endswith("_bonus")]
    return [c for c in cols if players[c].to_numpy().any()]


def _top_set(score: np.ndarray) -> np.ndarray:
    """(games, seats) scores -> bool mask of the seats with the top score."""
    return score == score.max(axis=1, keepdims=True)


def bonuses(players: pd.DataFrame, columns: list[str] | None = None) -> pd.DataFrame:
    """Per bonus: how often it is awarded (share of games with a holder) and
    shared (share of awarded games with 2+ holders), how often a holder wins
    (share of holder-games won), the points it gives per game, and how often
    it swings the game: the top score (ties included) would be held by other
    players without it. Each share with a Wilson CI."""
    columns = bonus_columns(players) if columns is None else columns
    p = players.sort_values(["game", "seat"])
    seats = int(p["seat"].max()) + 1
    n_games = len(p) // seats
    score = p["score"].to_numpy(np.int64).reshape(n_games, seats)
    win = p["winner"].to_numpy(bool).reshape(n_games, seats)
    rows = []
    for col in columns:
        bonus = p[col].to_numpy(np.int64).reshape(n_games, seats)
        holders = (bonus > 0).sum(axis=1)
        awarded = int((holders > 0).sum())
        shared = int((holders > 1).sum())
        holder_games = int((bonus > 0).sum())
        holder_wins = int(((bonus > 0) & win).sum())
        swung = int((_top_set(score) != _top_set(score - bonus)).any(axis=1).sum())
        pts = mean_ci(pd.Series(bonus.sum(axis=1), dtype=np.float64)).iloc[0]
        row = {"bonus": col, "label": BONUS_LABELS.get(col, col), "games": n_games}
        for name, k, n in (("awarded", awarded, n_games), ("shared", shared, awarded),
                           ("holder_wins", holder_wins, holder_games), ("swings", swung, n_games)):
            lo, hi = wilson(k, n)
            row.update({f"{name}_n": n, name: k / n if n else np.nan, f"{name}_ci_low": float(lo),
                        f"{name}_ci_high": float(hi)})
        row.update(points_per_game=pts["mean"], points_ci_low=pts["ci_low"], points_ci_high=pts["ci_high"])
        rows.append(row)
    return pd.DataFrame(rows).set_index("bonus") if rows else pd.DataFrame()
