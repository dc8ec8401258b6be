"""Routes, cities and stations: claim shares and timing per route, the
cities tickets name, and what Europe's stations save against their points."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analyzer.stats.intervals import mean_ci, proportion


def route_claims(claims: pd.DataFrame, games: pd.DataFrame, routes: pd.DataFrame, players: int) -> pd.DataFrame:
    """Per route: share of games in which it was claimed (Wilson CI), and how
    early: mean round of the claim (turn / players + 1) with CI, and the mean
    share of the game elapsed at the claim (turn / game turns)."""
    n = len(games)
    turns = pd.Series(games["turns"].to_numpy(), index=games["game"].to_numpy())
    c = claims[["game", "route", "turn"]]
    rnd = c["turn"].to_numpy(np.float64) // players + 1
    frac = c["turn"].to_numpy(np.float64) / turns.reindex(c["game"].to_numpy()).to_numpy().clip(min=1)
    k = c.groupby("route").size().reindex(range(len(routes)), fill_value=0)
    out = routes.reset_index(drop=True)[["a", "b", "length", "color", "kind"]].copy()
    out.index.name = "route"
    p = proportion(k, pd.Series(n, index=k.index))
    out["games"] = n
    out["claimed"] = p["rate"].to_numpy()
    out["ci_low"] = p["ci_low"].to_numpy()
    out["ci_high"] = p["ci_high"].to_numpy()
    m = mean_ci(pd.Series(rnd).groupby(c["route"].to_numpy()))
    out["mean_round"] = m["mean"]
    out["round_ci_low"] = m["ci_low"]
    out["round_ci_high"] = m["ci_high"]
    out["game_share"] = pd.Series(frac).groupby(c["route"].to_numpy()).mean()
    return out


def ticket_cities(tickets: pd.DataFrame, board_tickets: pd.DataFrame, n_games: int) -> pd.DataFrame:
    """Per city: tickets held at the end naming it (as either end), per game,
    and the share of held tickets naming it (Wilson CI)."""
    t = board_tickets.reset_index(drop=True)
    ids = tickets["ticket"].to_numpy()
    ends = pd.concat([t["a"].iloc[ids], t["b"].iloc[ids]], ignore_index=True)
    k = ends.value_counts()
    out = proportion(k, pd.Series(len(tickets), index=k.index))
    out.index.name = "city"
    out.insert(0, "per_game", k.to_numpy() / max(n_games, 1))
    return out


def stations(players: pd.DataFrame, tickets: pd.DataFrame, info: pd.DataFrame,
             station_value: int = 4) -> pd.DataFrame:
    """Stations (Europe): per number built (0..3), the share of player-games
    (Wilson CI), the mean tickets completed only via a station and the points
    they saved (a ticket completed instead of failed swings 2 × its value),
    the points given up (station_value per station built), and the net
    (saved − given up) with a CI."""
    pts = info["points"].to_numpy()
    via = tickets[tickets["via_station"].to_numpy()]
    saved = pd.Series(2 * pts[via["ticket"].to_numpy()], index=pd.MultiIndex.from_frame(via[["game", "seat"]]))
    saved = saved.groupby(level=[0, 1]).sum()
    n_via = via.groupby(["game", "seat"]).size()
    p = players[["game", "seat", "stations_built"]].set_index(["game", "seat"])
    p["via"] = n_via.reindex(p.index, fill_value=0)
    p["saved"] = saved.reindex(p.index, fill_value=0)
    p["given_up"] = station_value * p["stations_built"]
    p["net"] = p["saved"] - p["given_up"]
    g = p.groupby("stations_built")
    out = proportion(g.size(), pd.Series(len(p), index=g.size().index))
    out.index.name = "stations_built"
    out["tickets_via_station"] = g["via"].mean()
    out["points_saved"] = g["saved"].mean()
    out["points_given_up"] = g["given_up"].mean()
    m = mean_ci(p["net"].astype(np.float64).groupby(p["stations_built"]))
    out["net"] = m["mean"]
    out["net_ci_low"] = m["ci_low"]
    out["net_ci_high"] = m["ci_high"]
    return out
