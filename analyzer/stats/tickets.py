"""Destination tickets: completion per ticket, by value, distance, kind and
when it was kept; distances on the empty board."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analyzer.stats.intervals import mean_ci, proportion


def city_distances(cities: pd.DataFrame, routes: pd.DataFrame) -> pd.DataFrame:
    """Shortest distance in train cars between every two cities on the empty
    board (Floyd–Warshall over the route lengths; inf when not connected)."""
    names = cities["name"].tolist()
    idx = {c: i for i, c in enumerate(names)}
    n = len(names)
    d = np.full((n, n), np.inf)
    np.fill_diagonal(d, 0.0)
    a = routes["a"].map(idx).to_numpy()
    b = routes["b"].map(idx).to_numpy()
    w = routes["length"].to_numpy(np.float64)
    np.minimum.at(d, (a, b), w)
    np.minimum.at(d, (b, a), w)
    for k in range(n):  # vectorised over all pairs for each via-city
        np.minimum(d, d[:, k : k + 1] + d[k : k + 1, :], out=d)
    return pd.DataFrame(d, index=names, columns=names)


def ticket_info(board_tickets: pd.DataFrame, distances: pd.DataFrame) -> pd.DataFrame:
    """The board's tickets (index = ticket id, as Board.ticket_rows numbers
    them) with their shortest distance (NaN for an end that is not a city: a
    country of a ticket with options, SW-TKT-6)."""
    t = board_tickets.reset_index(drop=True).copy()
    ia, ib = distances.index.get_indexer(t["a"]), distances.columns.get_indexer(t["b"])
    t["distance"] = np.where((ia >= 0) & (ib >= 0), distances.to_numpy()[ia, ib], np.nan)
    if "name" in t.columns:  # Board.ticket_rows: options and copies named
        t["ticket_name"] = t["name"]
    else:
        t["ticket_name"] = t["a"] + "–" + t["b"] + " (" + t["points"].astype(str) + ")"
    t.index.name = "ticket"
    return t


def ticket_completion(tickets: pd.DataFrame, info: pd.DataFrame | None = None) -> pd.DataFrame:
    """Completion rate per ticket (of the tickets held at the end of a game),
    with the board's points, long flag and shortest distance when `info`
    (from ticket_info) is given. Index ticket id; n, successes, rate, CI."""
    g = tickets.groupby("ticket")["completed"]
    out = proportion(g.sum(), g.size())
    if info is not None:
        out = info[["ticket_name", "a", "b", "points", "long", "distance"]].join(out, how="right")
    return out.sort_values("rate", ascending=False)


def completion_by(tickets: pd.DataFrame, key: str | pd.Series, info: pd.DataFrame | None = None) -> pd.DataFrame:
    """Completion rate grouped by a column of `tickets` (long, setup, seat) or
    of the board's ticket info (points, distance)."""
    if isinstance(key, str) and key not in tickets.columns:
        if info is None or key not in info.columns:
            raise KeyError(f"no column '{key}' in tickets or ticket info")
        key = pd.Series(info[key].to_numpy()[tickets["ticket"].to_numpy()], index=tickets.index, name=key)
    elif isinstance(key, str):
        key = tickets[key]
    g = tickets["completed"].groupby(key, observed=True)
    return proportion(g.sum(), g.size())


def midgame_tickets(tickets: pd.DataFrame, players: pd.DataFrame) -> pd.DataFrame:
    """Tickets kept at setup against tickets drawn mid-game: how many per
    player and game (mean with CI) and their completion rate (Wilson CI)."""
    n_player_games = len(players)
    kind = np.where(tickets["setup"].to_numpy(), "setup", "mid-game")
    g = tickets["completed"].groupby(kind)
    out = proportion(g.sum(), g.size())
    out.index.name = "kept"
    per = tickets.groupby(["game", "seat"]).size()
    for k in out.index:
        counts = tickets[kind == k].groupby(["game", "seat"]).size().reindex(per.index, fill_value=0)
        full = np.concatenate([counts.to_numpy(np.float64), np.zeros(n_player_games - len(per))])
        m = mean_ci(pd.Series(full)).iloc[0]
        out.loc[k, "per_player"] = m["mean"]
        out.loc[k, "per_player_ci_low"] = m["ci_low"]
        out.loc[k, "per_player_ci_high"] = m["ci_high"]
    return out
