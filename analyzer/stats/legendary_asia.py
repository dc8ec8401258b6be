"""Legendary Asia: the mountain trade and the Asian Explorer, from a
run's players and claims tables and the board's routes.

- mountain routes (LA-MTN-1/2): how often each is claimed, and by a winner;
  mountain routes per player, winners against the others;
- Mountain Pass points (2 per discarded train): their distribution, winners
  against the others;
- the Asian Explorer (LA-SCR-1): how often it is shared, the network sizes
  of its holders and of everyone, the win rate of a holder (95% Wilson CI)
  against the average seat's, and how often its 10 points change who wins.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from analyzer.stats.intervals import mean_interval, wilson


def _route_names(routes: pd.DataFrame) -> list[str]:
    names, seen = [], {}
    for a, b, n, c, x in zip(routes["a"], routes["b"], routes["length"], routes["color"], routes["mountains"],
                             strict=True):
        name = f"{a}–{b} ({n} {c}, {x}X)"
        seen[name] = seen.get(name, 0) + 1
        names.append(name if seen[name] == 1 else f"{name} #{seen[name]}")
    return names


def with_mountain_columns(players: pd.DataFrame, claims: pd.DataFrame, routes: pd.DataFrame) -> pd.DataFrame:
    """players with mountain_trains and mountain_routes: runs written before
    those columns existed get them recounted from their claims."""
    if "mountain_trains" in players.columns and "mountain_routes" in players.columns:
        return players
    xs = routes["mountains"].to_numpy()[claims["route"].to_numpy()]
    per = pd.DataFrame({"game": claims["game"], "seat": claims["seat"], "mountain_trains": xs,
                        "mountain_routes": (xs > 0).astype(np.int64)}).groupby(["game", "seat"]).sum()
    out = players.drop(columns=["mountain_trains", "mountain_routes"], errors="ignore")
    out = out.merge(per, left_on=["game", "seat"], right_index=True, how="left")
    out[["mountain_trains", "mountain_routes"]] = out[["mountain_trains", "mountain_routes"]].fillna(0).astype(np.int64)
    return out


def mountain_route_table(players: pd.DataFrame, claims: pd.DataFrame, routes: pd.DataFrame) -> pd.DataFrame:
    """One row per mountain route: games, the share of games it was claimed
    (95% CI), and the share of games a winner claimed it."""
    n_games = int(players["game"].nunique())
    mtn = routes.index[routes["mountains"].to_numpy() > 0].to_numpy()
    names = _route_names(routes)
    c = claims.loc[claims["route"].isin(mtn), ["game", "seat", "route"]]
    c = c.merge(players[["game", "seat", "winner"]], on=["game", "seat"], how="left")
    taken = c.groupby("route")["game"].nunique().reindex(mtn, fill_value=0)
    by_winner = c[c["winner"].astype(bool)].groupby("route")["game"].nunique().reindex(mtn, fill_value=0)
    p, (lo, hi) = taken.to_numpy() / n_games, wilson(taken.to_numpy(), n_games)
    pw, (wlo, whi) = by_winner.to_numpy() / n_games, wilson(by_winner.to_numpy(), n_games)
    out = pd.DataFrame({
        "route": mtn,
        "route_name": [names[r] for r in mtn],
        "length": routes["length"].to_numpy()[mtn],
        "colour": routes["color"].to_numpy()[mtn],
        "mountains": routes["mountains"].to_numpy()[mtn],
        "games": n_games,
        "taken_games": taken.to_numpy(),
        "taken_rate": p, "taken_lo": lo, "taken_hi": hi,
        "winner_games": by_winner.to_numpy(),
        "winner_rate": pw, "winner_lo": wlo, "winner_hi": whi,
    })
    with np.errstate(invalid="ignore", divide="ignore"):
        out["winner_share_of_taken"] = out["winner_games"] / out["taken_games"]
    return out.sort_values("taken_rate", ascending=False).reset_index(drop=True)


def mountain_player_table(players: pd.DataFrame) -> pd.DataFrame:
    """Mountain routes, Mountain Pass trains and points per player: winners,
    the others, everyone (means with 95% CIs)."""
    rows = []
    groups = {"winners": players[players["winner"].astype(bool)], "others": players[~players["winner"].astype(bool)],
              "all": players}
    for who, df in groups.items():
        row = {"who": who, "players": len(df)}
        for col in ("mountain_routes", "mountain_trains", "mountain_points"):
            m = mean_interval(df[col])
            row.update({col: m["mean"], col + "_lo": m["ci_low"], col + "_hi": m["ci_high"]})
        row["share_with_a_mountain_route"] = float((df["mountain_routes"] > 0).mean()) if len(df) else np.nan
        rows.append(row)
    return pd.DataFrame(rows)


def mountain_points_distribution(players: pd.DataFrame) -> pd.DataFrame:
    """Share of players with each Mountain Pass score, winners and others."""
    w = players["winner"].astype(bool)
    out = pd.DataFrame({
        "winners": players.loc[w, "mountain_points"].value_counts(normalize=True),
        "others": players.loc[~w, "mountain_points"].value_counts(normalize=True),
    }).fillna(0.0).sort_index()
    out.index.name = "mountain_points"
    return out.reset_index()


def explorer_table(players: pd.DataFrame) -> dict:
    """The Asian Explorer in one run: games, awarded, shared, holders' network
    size, a holder's win rate (Wilson 95% CI) against the average seat's, and
    the share of games whose winners change without its points (ties broken
    as LA-SCR-2: completed tickets, then mountain routes)."""
    n_players = int(players["seat"].max()) + 1
    holder = players["explorer_bonus"] > 0
    per_game = holder.groupby(players["game"]).sum()
    games = len(per_game)
    h = players[holder]
    k, n = int(h["winner"].sum()), len(h)
    p, (lo, hi) = (k / n if n else np.nan), wilson(k, n)
    seat_win = float(players["winner"].mean())
    # winners recomputed without the bonus: points, then tickets, then mountain routes
    def key(score):
        return (score.astype(np.int64) + 100_000) * 1_000_000 + players["tickets_completed"].astype(np.int64) * 1_000 \
            + players["mountain_routes"].astype(np.int64)

    k_with = key(players["score"])
    k_without = key(players["score"] - players["explorer_bonus"])
    win_with = k_with == k_with.groupby(players["game"]).transform("max")
    win_without = k_without == k_without.groupby(players["game"]).transform("max")
    changed = (win_with != win_without).groupby(players["game"]).any()
    return {
        "players": n_players,
        "games": games,
        "awarded_rate": float((per_game > 0).mean()),
        "shared_rate": float((per_game > 1).mean()),
        "holders_per_game": float(per_game.mean()),
        "holder_network_mean": float(h["network_cities"].mean()) if n else np.nan,
        "network_mean": float(players["network_cities"].mean()),
        "holders": n,
        "holder_wins": k,
        "holder_win_rate": float(p), "holder_win_lo": float(lo), "holder_win_hi": float(hi),
        "seat_win_rate": seat_win,
        "winners_changed_by_bonus": float(changed.mean()),
        "winners_recomputed_agree": bool((win_with == players["winner"].astype(bool)).all()),
    }


def network_distribution(players: pd.DataFrame) -> pd.DataFrame:
    """Share of players with each network size (cities), holders and others."""
    holder = players["explorer_bonus"] > 0
    out = pd.DataFrame({
        "holders": players.loc[holder, "network_cities"].value_counts(normalize=True),
        "others": players.loc[~holder, "network_cities"].value_counts(normalize=True),
    }).fillna(0.0).sort_index()
    out.index.name = "network_cities"
    return out.reset_index()
