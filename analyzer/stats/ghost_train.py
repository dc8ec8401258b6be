"""Ghost Train: game length, how games end (sixth ticket, last wagon, no claim left), win
rate by seat, the Trick-or-Treat and Town Hall bonuses and the win rates of
the players who took them, ticket completion; from one run's tables."""

from __future__ import annotations

import pandas as pd

from analyzer.stats.intervals import mean_interval, wilson

BONUSES = (("special_tickets", "Trick or Treat"), ("town_hall_crypt", "Town Hall-Crypt"),
           ("town_hall_manor", "Town Hall-Manor"))


def overview(games: pd.DataFrame, players: pd.DataFrame, n_players: int) -> dict:
    """One row: game length (turns, 95% CI; rounds), how games end (Wilson
    CIs), shared wins, tickets, bonuses, swaps and wagons left per player."""
    g, p = games, players
    n = len(g)
    ends = g["end_reason"].astype(str)
    turns = mean_interval(g["turns"])
    row = {"players": n_players, "games": n, "turns_mean": turns["mean"], "turns_ci_low": turns["ci_low"],
           "turns_ci_high": turns["ci_high"], "rounds_mean": turns["mean"] / n_players}
    for reason, label in (("tickets", "six_tickets"), ("trains", "out_of_wagons"), ("stall", "no_claim")):
        k = int((ends == reason).sum())
        lo, hi = wilson(k, n)
        row[f"end_{label}"], row[f"end_{label}_ci_low"], row[f"end_{label}_ci_high"] = k / n, float(lo), float(hi)
    row["end_stalled"] = float(g["stalled"].mean())
    row["shared_wins"] = float((g["n_winners"] > 1).mean())
    held = p["tickets_completed"] + p["tickets_failed"]
    row["tickets_completed_per_player"] = float(p["tickets_completed"].mean())
    row["ticket_completion_rate"] = float(p["tickets_completed"].sum() / max(held.sum(), 1))
    row["tickets_total_per_player"] = float(p["score"].mean())  # completed + special
    row["trick_or_treat_rate"] = float(p["special_tickets"].mean())
    row["crypt_rate"] = float(p["town_hall_crypt"].mean())
    row["manor_rate"] = float(p["town_hall_manor"].mean())
    row["bonus_cards_per_player"] = float(p["bonus_cards"].mean())
    row["swaps_per_player"] = float(p["ticket_swaps"].mean())
    row["wagons_left_per_player"] = float(p["trains_left"].mean())
    return row


def seat_win_rates(players: pd.DataFrame) -> pd.DataFrame:
    """Win rate per seat (shared wins count for each winner), Wilson CIs."""
    by_seat = players.groupby("seat")["winner"].agg(["sum", "count"])
    lo, hi = wilson(by_seat["sum"], by_seat["count"])
    return pd.DataFrame({"seat": by_seat.index, "games": by_seat["count"].values,
                         "win_rate": (by_seat["sum"] / by_seat["count"]).values, "ci_low": lo, "ci_high": hi})


def bonus_win_rates(players: pd.DataFrame) -> pd.DataFrame:
    """Per bonus: the win rate of the players who took it and of those who did not (Wilson CIs)."""
    rows = []
    for col, label in BONUSES:
        took = players[col].astype(bool)
        for flag in (True, False):
            sel = players.loc[took == flag, "winner"]
            lo, hi = wilson(sel.sum(), len(sel))
            rows.append({"bonus": label, "took": flag, "player_games": len(sel),
                         "win_rate": float(sel.mean()) if len(sel) else float("nan"),
                         "ci_low": float(lo), "ci_high": float(hi)})
    return pd.DataFrame(rows)
