"""Team Asia: tunnel surcharges by the number of cards the route reveals
(3, or 4-6 on Himalaya tunnels), team win rates by seat pair, Asia Express
and Globetrotter, and how much the teams share, from one run's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analyzer.stats.intervals import normal_half_width, wilson


def surcharge_by_reveal(tunnels: pd.DataFrame) -> pd.DataFrame:
    """Tunnel attempts by cards revealed as printed: per (printed, at_least
    1/2/3) the attempts, the hits (surcharge >= at_least), their share with a
    Wilson CI, the share abandoned and the mean surcharge."""
    rows = []
    for to_reveal, grp in tunnels.groupby("to_reveal"):
        n = len(grp)
        for at_least in (1, 2, 3):
            k = int((grp["surcharge"] >= at_least).sum())
            lo, hi = wilson(k, n)
            rows.append(dict(printed=int(to_reveal), at_least=at_least, attempts=n, hits=k, p=k / n,
                             lo=float(lo), hi=float(hi), abandoned=float(1 - grp["paid"].mean()),
                             mean_surcharge=float(grp["surcharge"].mean())))
    return pd.DataFrame(rows)


def team_win_rates(players: pd.DataFrame) -> pd.DataFrame:
    """Per team (seat pair): games won (a tie counts for every tied team), share and Wilson CI."""
    n_games = players["game"].nunique()
    first = players.groupby(["game", "team"], observed=True)["winner"].first().reset_index()
    rows = []
    for team, grp in first.groupby("team"):
        k = int(grp["winner"].sum())
        lo, hi = wilson(k, n_games)
        rows.append(dict(team=int(team), seats=f"seats {2 * int(team)}+{2 * int(team) + 1}", games=n_games,
                         wins=k, p=k / n_games, lo=float(lo), hi=float(hi)))
    return pd.DataFrame(rows)


def bonus_frequencies(players: pd.DataFrame) -> pd.DataFrame:
    """Asia Express (the longest path) and Globetrotter: the share of teams
    awarded each (Wilson CI), of games where tied teams share it, and of games
    where a winning team holds it."""
    per_team = players.groupby(["game", "team"], observed=True)[["longest_bonus", "globetrotter_bonus",
                                                                  "winner"]].first()
    n = len(per_team)
    games = players["game"].nunique()
    rows = []
    for col, label in (("longest_bonus", "Asia Express"), ("globetrotter_bonus", "Globetrotter")):
        got = per_team[col] > 0
        k = int(got.sum())
        lo, hi = wilson(k, n)
        shared = per_team[got].groupby("game").size()
        decided = per_team[got & per_team["winner"]].groupby("game").size()
        rows.append(dict(bonus=label, team_games=n, awarded=k, p=k / n if n else np.nan, lo=float(lo), hi=float(hi),
                         games_tied=float((shared > 1).sum() / games), winner_had_it=float(len(decided) / games)))
    return pd.DataFrame(rows)


SHARING = ("cards_shared", "holder_cards_used", "tickets_shared", "share_actions")


def sharing_use(players: pd.DataFrame, tickets: pd.DataFrame) -> dict:
    """How much the teams share, per player and game: cards put in the holder,
    holder cards spent, tickets shared, share-ticket turns (means with the
    half width of their 95% CI), and shared against hidden ticket completion."""
    p, t = players, tickets
    row = dict(player_games=len(p), cards_drawn=float(p["cards_drawn"].mean()),
               share_of_cards=float(p["cards_shared"].sum() / max(p["cards_drawn"].sum(), 1)))
    for c in SHARING:
        row[c] = float(p[c].mean())
        row[f"{c}_ci_half"] = float(normal_half_width(p[c].std(), len(p)))
    row["seats_using_share_action"] = float((p["share_actions"] > 0).mean())
    row["shared_ticket_completion"] = float(t.loc[t["shared"], "completed"].mean()) if t["shared"].any() else np.nan
    row["hidden_ticket_completion"] = (float(t.loc[~t["shared"], "completed"].mean()) if (~t["shared"]).any()
                                       else np.nan)
    return row
