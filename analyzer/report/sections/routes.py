"""Routes and cities: claim share per route (a heat map at the cities'
positions), how early it goes, the cities the held tickets name."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.report.figures import new_figure, route_heat_map, save_figure, save_table
from analyzer.report.html import Section, pct
from analyzer.report.runs import (
    base_runs,
    board_name,
    by_board,
    focus_run,
    n_games,
    provisional_note,
    provisional_state,
    tagged,
)
from analyzer.run.results import Results
from analyzer.stats.routes import route_claims, ticket_cities

TITLE = "Routes and cities"
INTRO = ("Which routes are claimed, how early, and which cities the tickets "
         "held name. The maps draw every route between its cities' positions, coloured by the share "
         "of games in which it was claimed (lanes of a double route side by side).")


def build_section(runs: dict[str, Results], out: Path) -> Section | None:
    base = {n: r for n, r in base_runs(runs).items() if r.board is not None}
    if not base:
        return None
    sec = Section("routes", TITLE, INTRO)
    claims, cities = {}, []
    for name, r in base.items():
        claims[name] = route_claims(r.claims, r.games, r.board.routes, int(r.manifest["players"]))
        cities.append(tagged(ticket_cities(r.tickets, r.board.ticket_rows(), len(r.games)), name, r))
        r.release()
    cities = pd.concat(cities, ignore_index=True)
    rc = pd.concat([tagged(c, n, base[n]) for n, c in claims.items()], ignore_index=True)
    rc["route_name"] = pd.concat([base[n].route_names() for n in claims], ignore_index=True).to_numpy()
    notes = []
    for board, group in by_board(base).items():
        study, r = focus_run(group)
        c = rc[rc["study"] == study]
        top, low = c.loc[c["claimed"].idxmax()], c.loc[c["claimed"].idxmin()]
        early = c[c["claimed"] >= 0.2]
        early = early.loc[early["mean_round"].idxmin()] if len(early) else top
        b = board_name(board)
        notes.append(f"{b}, {r.manifest['players']} players: the most claimed route is {top['route_name']} "
                     f"({pct(top['claimed'])} of games, on average in round {top['mean_round']:.1f}); the least "
                     f"claimed is {low['route_name']} ({pct(low['claimed'])}). Of the routes claimed in at least "
                     f"20% of games, {early['route_name']} goes earliest (round {early['mean_round']:.1f}).")
        tc = cities[cities["study"] == study].sort_values("rate", ascending=False)
        notes.append(f"{b}, {r.manifest['players']} players: {tc['city'].iloc[0]} is an end of "
                     f"{pct(tc['rate'].iloc[0])} of the tickets held, then {tc['city'].iloc[1]} "
                     f"({pct(tc['rate'].iloc[1])}) and {tc['city'].iloc[2]} ({pct(tc['rate'].iloc[2])}).")
    sec.findings += notes
    for board, group in by_board(base).items():
        names = list(group)
        ncols = min(2, len(names))
        nrows = -(-len(names) // ncols)
        some = group[names[0]]
        pos = some.board.cities[["x", "y"]].to_numpy(np.float64)
        aspect = float(np.ptp(pos[:, 1]) / max(np.ptp(pos[:, 0]), 1e-9))
        fig, ax = new_figure(6.5 * ncols, 6.5 * ncols * aspect * nrows / ncols + 0.8, ncols=ncols, nrows=nrows)
        vmax = max(float(claims[n]["claimed"].max()) for n in names)
        for a in ax.ravel()[len(names):]:
            a.set_visible(False)
        lc = None
        for a, n in zip(ax.ravel(), names, strict=False):
            r = group[n]
            lc = route_heat_map(a, r.board.cities, r.board.routes, claims[n]["claimed"].to_numpy(), vmax=vmax)
            a.set_title(f"{r.manifest['players']} players (n={n_games(r):,} games)", fontsize=9)
        fig.colorbar(lc, ax=ax.ravel().tolist(), shrink=0.6, label="share of games the route was claimed")
        fig.suptitle(f"{board_name(board)}: route claim frequency{provisional_note(*group.values())}", fontsize=11)
        sec.figures.append(save_figure(fig, out, f"route_heat_map_{board}",
                                       f"Route claim frequency map, {board_name(board)}",
                                       provisional_state(*group.values())))
        study, r = focus_run(group)
        tc = cities[cities["study"] == study].sort_values("rate", ascending=False).head(15)
        fig, ax = new_figure(8, 3.6)
        a = ax[0, 0]
        x = np.arange(len(tc))
        a.bar(x, 100 * tc["rate"], yerr=[100 * (tc["rate"] - tc["ci_low"]), 100 * (tc["ci_high"] - tc["rate"])],
              capsize=2)
        a.set_xticks(x)
        a.set_xticklabels(tc["city"], rotation=45, ha="right", fontsize=8)
        a.set_ylabel("tickets naming the city (% of held)")
        a.set_xlabel("city")
        a.set_title(f"{board_name(board)} {r.manifest['players']}p: ticket cities, 95% CI "
                    f"(n={int(tc['n'].iloc[0]):,} tickets held){provisional_note(r)}", fontsize=10)
        sec.figures.append(save_figure(fig, out, f"ticket_cities_{board}",
                                       f"Ticket city frequency, {board_name(board)}",
                                       provisional_state(r)))
    sec.tables.append(save_table(rc.sort_values(["study", "claimed"], ascending=[True, False]), out, "route_claims",
                                 "Claims per route (claimed: share of games; mean_round: when, in rounds; game_share: "
                                 "share of the game elapsed)", index=False))
    sec.tables.append(save_table(cities, out, "ticket_cities", "Ticket cities (per_game: held tickets naming the city "
                                 "per game; rate: share of held tickets)", index=False))
    return sec
