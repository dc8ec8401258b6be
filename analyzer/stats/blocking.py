"""Paired runs and double routes: per-game metrics, paired differences on
the same deals, and what the 2-3 player closure of double routes does."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analyzer.stats.intervals import normal_half_width, wilson


def per_game_metrics(players: pd.DataFrame, tickets: pd.DataFrame) -> pd.DataFrame:
    """One row per game: ticket completion rate (completed / held over all
    seats), mean score, and a 0/1 column win_seat_<s> and win_<bot> per seat
    and bot (a bot's column is the share of its seats that won)."""
    held = tickets.groupby("game").size()
    done = tickets.groupby("game")["completed"].sum()
    games = np.sort(players["game"].unique())
    out = pd.DataFrame(index=pd.Index(games, name="game"))
    out["ticket_completion"] = (done / held).reindex(games)
    out["score"] = players.groupby("game")["score"].mean()
    w = players.pivot(index="game", columns="seat", values="winner").astype(np.float64)
    for s in w.columns:
        out[f"win_seat_{int(s)}"] = w[s]
    bw = players.groupby(["game", "bot"], observed=True)["winner"].mean().unstack()
    for b in bw.columns:
        out[f"win_{b}"] = bw[b]
    return out


def paired_difference(a: pd.DataFrame, b: pd.DataFrame) -> pd.DataFrame:
    """Paired comparison of two per-game metric tables on the same games (the
    same seeds, so the same deals): per metric, the mean under a and b, the
    mean difference a − b and its 95% CI from the per-game differences."""
    games = a.index.intersection(b.index)
    cols = [c for c in a.columns if c in b.columns]
    x = a.loc[games, cols]
    y = b.loc[games, cols]
    d = x - y
    n = d.notna().sum()
    mean = d.mean()
    half = normal_half_width(d.std(), n)
    return pd.DataFrame({"games": n, "a": x.mean(), "b": y.mean(), "difference": mean,
                         "ci_low": mean - half, "ci_high": mean + half}, index=pd.Index(cols, name="metric"))


def double_groups(routes: pd.DataFrame) -> pd.DataFrame:
    """One row per double (or triple) route: group, a, b, length, lanes, and
    the route ids of its lanes."""
    r = routes.reset_index(drop=True)
    r = r[r["parallel_group"] >= 0]
    g = r.reset_index().groupby("parallel_group")
    out = g.agg(a=("a", "first"), b=("b", "first"), length=("length", "first"), lanes=("index", "size"),
                routes=("index", lambda s: tuple(s)))
    out.index.name = "group"
    return out[out["lanes"] >= 2]


def tickets_through_group(info: pd.DataFrame, routes: pd.DataFrame, distances: pd.DataFrame) -> pd.DataFrame:
    """(ticket, group) pairs: the double route `group` lies on a shortest path
    (in train cars, on the empty board) between the ticket's cities."""
    groups = double_groups(routes)
    if groups.empty or info.empty:
        return pd.DataFrame({"ticket": pd.Series(dtype=np.int64), "group": pd.Series(dtype=np.int64)})
    d = distances.to_numpy()
    ta = distances.index.get_indexer(info["a"])[:, None]
    tb = distances.index.get_indexer(info["b"])[:, None]
    u = distances.index.get_indexer(groups["a"])[None, :]
    v = distances.index.get_indexer(groups["b"])[None, :]
    w = groups["length"].to_numpy(np.float64)[None, :]
    best = d[ta, tb]
    on = np.isclose(d[ta, u] + w + d[v, tb], best) | np.isclose(d[ta, v] + w + d[u, tb], best)
    ti, gi = np.nonzero(on & np.isfinite(best))
    return pd.DataFrame({"ticket": info.index.to_numpy()[ti], "group": groups.index.to_numpy()[gi]})


def double_route_use(claims: pd.DataFrame, tickets: pd.DataFrame, routes: pd.DataFrame,
                     through: pd.DataFrame, n_games: int, closed: bool) -> pd.DataFrame:
    """Per double route: in how many games a lane was claimed, both lanes
    were claimed, and (when `closed`: the run closes the other lanes after
    the first claim) the second lane was closed, and the closure broke a
    ticket: another player, who claimed no lane of it, held at the end a
    ticket it did not complete whose shortest path on the empty board runs
    through this double route (`through`, from tickets_through_group).
    Shares are of all games, with Wilson CIs."""
    groups = double_groups(routes)
    lane_group = pd.Series(-1, index=range(len(routes)), dtype=np.int64)
    for g, members in groups["routes"].items():
        lane_group[list(members)] = g
    c = claims[["game", "seat", "route"]].copy()
    c["group"] = lane_group.to_numpy()[c["route"].to_numpy()]
    c = c[c["group"] >= 0]
    lanes_taken = c.groupby(["game", "group"]).size()
    claimed = lanes_taken.groupby("group").size().reindex(groups.index, fill_value=0)
    both = (lanes_taken >= 2).groupby("group").sum().reindex(groups.index, fill_value=0)
    out = groups[["a", "b", "length", "lanes"]].copy()
    out["games"] = n_games
    for name, k in (("claimed", claimed), ("both_claimed", both)):
        lo, hi = wilson(k.to_numpy(), n_games)
        out[name] = k.to_numpy() / n_games
        out[f"{name}_ci_low"] = lo
        out[f"{name}_ci_high"] = hi
    if closed:
        open_left = (lanes_taken < groups["lanes"].reindex(lanes_taken.index.get_level_values("group")).to_numpy())
        closed_k = open_left.groupby("group").sum().reindex(groups.index, fill_value=0)
        failed = tickets.loc[~tickets["completed"].to_numpy(), ["game", "seat", "ticket"]]
        need = failed.merge(through, on="ticket")  # game, seat, ticket, group
        takers = c[["game", "group", "seat"]].drop_duplicates()
        hit = need.merge(takers, on=["game", "group"], suffixes=("", "_taker"))
        hit = hit[(hit["seat"] != hit["seat_taker"]).to_numpy()]
        # a holder who took a lane of the group itself was not blocked by it
        hit = hit.merge(takers.assign(self_took=True), on=["game", "group", "seat"], how="left")
        hit = hit[hit["self_took"].isna().to_numpy()]
        broke_games = hit.drop_duplicates(["game", "group"]).groupby("group").size().reindex(groups.index,
                                                                                              fill_value=0)
        broken = hit.drop_duplicates(["game", "group", "seat", "ticket"]).groupby("group").size().reindex(
            groups.index, fill_value=0)
        for name, k in (("closed", closed_k), ("broke_ticket", broke_games)):
            lo, hi = wilson(k.to_numpy(), n_games)
            out[name] = k.to_numpy() / n_games
            out[f"{name}_ci_low"] = lo
            out[f"{name}_ci_high"] = hi
        out["tickets_broken"] = broken.to_numpy()
    return out.sort_values("claimed", ascending=False)
