"""Statistics of result tables (issue 5): each function takes the tables of a
run (pandas DataFrames, see README "Tables") and returns a DataFrame with its
sample size and 95% confidence interval beside every estimate.

Pure pandas / numpy, vectorised over games: a million-game run is grouped,
never looped over. Proportions use the Wilson score interval, means the normal
interval mean ± 1.96 · sd / √n, paired differences the normal interval of the
per-game differences.
"""

from __future__ import annotations

from statistics import NormalDist

import numpy as np
import pandas as pd

Z95 = NormalDist().inv_cdf(0.975)

SCORE_COMPONENTS = ["route_points", "mountain_points", "tickets_won", "tickets_lost", "longest_bonus",
                    "explorer_bonus", "globetrotter_bonus", "station_points"]
"""Columns of `players` that add up to `score` (tickets_lost counts negative)."""

BONUS_LABELS = {
    "longest_bonus": "Longest path / European Express",
    "globetrotter_bonus": "Globetrotter",
    "explorer_bonus": "Asian Explorer",
    "trick_or_treat_bonus": "Trick-or-Treat",
}
"""Known bonus columns and their names; any other `*_bonus` column of
`players` is reported under its column name."""


# --- intervals ---------------------------------------------------------------------
def wilson(successes, trials, z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval of successes / trials (arrays or scalars); NaN where trials = 0."""
    k = np.asarray(successes, np.float64)
    n = np.asarray(trials, np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
        low = np.where(k <= 0, 0.0, np.clip(centre - half, 0.0, 1.0))
        high = np.where(k >= n, 1.0, np.clip(centre + half, 0.0, 1.0))
    bad = n <= 0
    return np.where(bad, np.nan, low), np.where(bad, np.nan, high)


def proportion(successes, trials) -> pd.DataFrame:
    """n, successes, rate, ci_low, ci_high (Wilson 95%) for aligned Series."""
    k = pd.Series(successes).astype(np.int64)
    n = pd.Series(trials).astype(np.int64)
    lo, hi = wilson(k.to_numpy(), n.to_numpy())
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = k.to_numpy() / n.to_numpy()
    return pd.DataFrame({"n": n.to_numpy(), "successes": k.to_numpy(), "rate": rate, "ci_low": lo, "ci_high": hi},
                        index=k.index)


def mean_ci(grouped) -> pd.DataFrame:
    """n, mean, sd, ci_low, ci_high of a SeriesGroupBy (or a Series: one row)."""
    if isinstance(grouped, pd.Series):
        grouped = grouped.groupby(np.zeros(len(grouped), np.int8))
    agg = grouped.agg(["size", "mean", "std"]).rename(columns={"size": "n", "std": "sd"})
    half = Z95 * agg["sd"].fillna(0.0) / np.sqrt(agg["n"].clip(lower=1))
    agg["ci_low"] = agg["mean"] - half
    agg["ci_high"] = agg["mean"] + half
    return agg


# --- overview ------------------------------------------------------------------------
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


# --- tickets --------------------------------------------------------------------------
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
    """The board's tickets (index = ticket id) with their shortest distance."""
    t = board_tickets.reset_index(drop=True).copy()
    t["distance"] = distances.to_numpy()[
        distances.index.get_indexer(t["a"]), distances.columns.get_indexer(t["b"])]
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


# --- bonuses ----------------------------------------------------------------------------
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


# --- paired runs (double-route closure) --------------------------------------------------
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
    half = Z95 * d.std().fillna(0.0) / np.sqrt(n.clip(lower=1))
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


# --- routes and cities ---------------------------------------------------------------------
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


# --- stations ---------------------------------------------------------------------------------
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
