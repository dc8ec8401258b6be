"""Statistics of the other maps: Nordic Countries' and
Switzerland's locomotives that pay only some routes, Switzerland's tickets
with options, India's Grand Tour. Functions of tables (95% Wilson intervals
for shares, normal intervals for means)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analyzer.stats.intervals import mean_interval, share


def unused_locomotives(players: pd.DataFrame) -> dict:
    """Locomotive cards held at the end per player (mean, CI) and the share of
    players holding at least one (NC-CRD-1, SW-CRD-1)."""
    m = mean_interval(players["locos_left"])
    s = share(int((players["locos_left"] > 0).sum()), len(players))
    return dict(player_games=m["n"], locos_left_mean=m["mean"], locos_left_lo=m["ci_low"],
                locos_left_hi=m["ci_high"], holding_any=s["successes"], holding_any_rate=s["rate"],
                holding_any_lo=s["ci_low"], holding_any_hi=s["ci_high"])


def country_ticket_options(tickets: pd.DataFrame, ticket_rows: pd.DataFrame) -> pd.DataFrame:
    """One row per (ticket with options, outcome): the destination that scored
    or 'none' (SW-TKT-5), with its share of the held copies (CI).
    ticket_rows: analyzer.boards.Board.ticket_rows() of the board."""
    multi = ticket_rows.index[ticket_rows["multi"] >= 0]
    t = tickets[tickets["ticket"].isin(multi)]
    design = ticket_rows["multi"].to_numpy()[t["ticket"].to_numpy()]
    out = []
    for m in sorted(set(design)):
        held = t[design == m]
        row = ticket_rows[ticket_rows["multi"] == m].iloc[0]
        outcomes = [(i, f"{dest} ({pts})") for i, (dest, pts)
                    in enumerate(zip(row["options"], row["option_points"], strict=True))]
        outcomes.append((-1, f"none (−{min(row['option_points'])})"))
        for option, label in outcomes:
            s = share(int((held["option"] == option).sum()), len(held))
            out.append(dict(ticket=f"{row['a']} → {'|'.join(row['options'])}", outcome=label, option=option,
                            held=s["n"], count=s["successes"], rate=s["rate"], lo=s["ci_low"], hi=s["ci_high"]))
    return pd.DataFrame(out)


def grand_tour(players: pd.DataFrame) -> pd.DataFrame:
    """India: players with and without a Grand Tour ticket, their share,
    mean bonus and win rate (CIs) (IN-SCR-3, IN-SCR-4)."""
    rows = []
    for label, sub in (("with a Grand Tour ticket", players[players["grand_tour_tickets"] > 0]),
                       ("without", players[players["grand_tour_tickets"] == 0])):
        s = share(len(sub), len(players))
        w = share(int(sub["winner"].sum()), len(sub))
        b = mean_interval(sub["grand_tour_bonus"])
        rows.append(dict(players=label, player_games=len(sub), share=s["rate"], share_lo=s["ci_low"],
                         share_hi=s["ci_high"], bonus_mean=b["mean"], bonus_lo=b["ci_low"], bonus_hi=b["ci_high"],
                         win_rate=w["rate"], win_lo=w["ci_low"], win_hi=w["ci_high"]))
    return pd.DataFrame(rows).astype({"player_games": np.int64})
