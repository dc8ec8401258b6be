"""Stations (Europe): how often they are built, the tickets they complete,
and what that is worth against keeping them."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.report.figures import grouped_ci_bars, new_figure, save_figure, save_table
from analyzer.report.html import Section, pct
from analyzer.report.runs import (
    base_runs,
    board_ticket_info,
    bots_text,
    label,
    provisional_note,
    provisional_state,
    run_column,
    tagged,
)
from analyzer.run.results import Results
from analyzer.stats.intervals import mean_ci
from analyzer.stats.overview import win_rates
from analyzer.stats.routes import stations

TITLE = "Stations"
INTRO = ("Europe's stations (EU-STN): how often they are built, the tickets they "
         "complete, and what that is worth against keeping them (4 points each at the end).")


def build_section(runs: dict[str, Results], out: Path) -> Section | None:
    base = {n: r for n, r in base_runs(runs).items() if r.manifest.get("rules", {}).get("stations", 0) > 0}
    if not base:
        return None
    sec = Section("stations", TITLE, INTRO)
    frames, wins = [], []
    for n, r in base.items():
        info, _ = board_ticket_info(r)
        value = int(r.manifest["rules"].get("station_value", 4))
        frames.append(tagged(stations(r.players, r.tickets, info, value), n, r))
        p = r.players
        w = win_rates(p, "stations_built")
        sc = mean_ci(p["score"].astype(np.float64).groupby(p["stations_built"]))
        wins.append(tagged(w.join(sc[["mean", "ci_low", "ci_high"]].rename(
            columns={"mean": "mean_score", "ci_low": "score_ci_low", "ci_high": "score_ci_high"})), n, r))
    st = pd.concat(frames, ignore_index=True)
    wins = pd.concat(wins, ignore_index=True)
    built = st[st["stations_built"] > 0]
    total = int(st.groupby("study")["n"].first().sum())
    notes = []
    if built.empty:
        bots = ", ".join(sorted({bots_text(r) for r in base.values()}))
        notes.append(f"The {bots} bots never built a station in {total:,} player-games: every player kept the "
                     f"{int(next(iter(base.values())).manifest['rules'].get('station_value', 4))} points of each "
                     "unused station. These runs cannot say what a station saves; a bot that builds stations is "
                     "needed for that.")
    else:
        for n, g in built.groupby("study", sort=False):
            r = base[n]
            share = g["successes"].sum() / g["n"].iloc[0]
            net = (g["net"] * g["successes"]).sum() / g["successes"].sum()
            notes.append(f"{label(r)}: players built stations in {pct(share)} of player-games; those games "
                         f"completed {(g['tickets_via_station'] * g['successes']).sum() / g['successes'].sum():.2f} "
                         f"tickets via a station on average, saving "
                         f"{(g['points_saved'] * g['successes']).sum() / g['successes'].sum():.1f} points against "
                         f"{(g['points_given_up'] * g['successes']).sum() / g['successes'].sum():.1f} given up: "
                         f"net {net:+.1f} points per player-game.")
    sec.findings += notes
    fig, ax = new_figure(11, 3.6, ncols=2)
    st2 = st.assign(run=run_column(st))
    st2["stations_built"] = st2["stations_built"].astype(str)
    grouped_ci_bars(ax[0, 0], st2, "stations_built", "run", "rate", "ci_low", "ci_high",
                    legend_title="stations built")
    ax[0, 0].set_ylabel("share of player-games")
    ax[0, 0].set_xlabel("run (bars: stations built)")
    w2 = wins.assign(run=run_column(wins))
    w2["stations_built"] = w2["stations_built"].astype(str)
    grouped_ci_bars(ax[0, 1], w2, "stations_built", "run", "mean_score", "score_ci_low", "score_ci_high",
                    legend_title="stations built")
    ax[0, 1].set_ylabel("mean score (points)")
    ax[0, 1].set_xlabel("run (bars: stations built)")
    fig.suptitle(f"Stations built and the score that goes with them, 95% CI (n={total:,} player-games)"
                 + provisional_note(*base.values()), fontsize=10)
    sec.figures.append(save_figure(fig, out, "stations", "Stations built and mean score",
                                   provisional_state(*base.values())))
    sec.tables.append(save_table(st, out, "stations", "Stations by number built (points_saved: 2 × the value of "
                                 "each ticket completed only via a station; points_given_up: the value of the "
                                 "stations built)", index=False))
    sec.tables.append(save_table(wins, out, "stations_win_rate", "Win rate and mean score by stations built",
                                 index=False))
    return sec
