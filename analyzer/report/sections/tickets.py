"""Tickets: completion per ticket (n and CI), by value and by shortest
distance on the empty board, long against regular, setup against mid-game."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.report.figures import grouped_ci_bars, new_figure, save_figure, save_table
from analyzer.report.html import Section, ci_pct, pct
from analyzer.report.runs import (
    base_runs,
    board_name,
    board_ticket_info,
    focus_run,
    provisional_note,
    provisional_state,
    run_column,
    tagged,
)
from analyzer.run.results import Results
from analyzer.stats.tickets import completion_by, midgame_tickets, ticket_completion

TITLE = "Tickets"
INTRO = ("How often each destination ticket is completed, by value and distance, and what "
         "drawing tickets mid-game brings. Only tickets held at the end of a game count (returned "
         "tickets are not in the table).")


def build_section(runs: dict[str, Results], out: Path) -> Section | None:
    base = base_runs(runs)
    if not base:
        return None
    sec = Section("tickets", TITLE, INTRO)
    t = ticket_tables(base)
    for board, grp in t["per_ticket"].groupby("board", sort=False):
        sec.findings += board_findings(board, grp, t, base)
    sec.findings += long_ticket_findings(t["kind"], base)
    sec.figures += completion_figures(t["by_pts"], t["by_dist"], base, out)
    sec.figures.append(midgame_figure(t["mid"], base, out))
    sec.tables += ticket_table_refs(t, out)
    sec.data.update(per_ticket=t["per_ticket"], kind=t["kind"], midgame=t["mid"])
    return sec


def ticket_tables(base: dict[str, Results]) -> dict[str, pd.DataFrame]:
    """The section's tables over the base runs, each row tagged with its run:
    completion per ticket, by value, by distance, long against regular, setup
    against mid-game."""
    per_ticket, by_pts, by_dist, kind, mid = [], [], [], [], []
    for name, r in base.items():
        info, _ = board_ticket_info(r)
        t = r.tickets
        per_ticket.append(tagged(ticket_completion(t, info), name, r))
        by_pts.append(tagged(completion_by(t, "points", info), name, r))
        by_dist.append(tagged(completion_by(t, "distance", info), name, r))
        k = completion_by(t, pd.Series(np.where(t["long"].to_numpy(), "long", "regular"), name="kind"))
        kind.append(tagged(k, name, r))
        mid.append(tagged(midgame_tickets(t, r.players), name, r))
        r.release()
    frames = dict(per_ticket=per_ticket, by_pts=by_pts, by_dist=by_dist, kind=kind, mid=mid)
    return {k: pd.concat(v, ignore_index=True) for k, v in frames.items()}


def board_findings(board: str, grp: pd.DataFrame, t: dict[str, pd.DataFrame], base: dict[str, Results]) -> list[str]:
    """On one board's focus run: the hardest and easiest ticket, completion
    against distance, and what tickets drawn mid-game bring."""
    study, r = focus_run({s: base[s] for s in grp["study"].unique()})
    f = grp[(grp["study"] == study) & (grp["n"] >= 30)]
    if f.empty:
        return []
    notes = []
    hard, easy = f.loc[f["rate"].idxmin()], f.loc[f["rate"].idxmax()]
    b = board_name(board)
    notes.append(f"{b}, {r.manifest['players']} players: the hardest ticket held at least 30 times is "
                 f"{hard['ticket_name']}, completed in {pct(hard['rate'])} of {int(hard['n']):,} holdings; "
                 f"the easiest is {easy['ticket_name']} ({pct(easy['rate'])} of {int(easy['n']):,}).")
    by_dist, mid = t["by_dist"], t["mid"]
    d = by_dist[(by_dist["study"] == study) & (by_dist["n"] >= 30)].sort_values("distance")
    if len(d) >= 2:
        notes.append(f"{b}, {r.manifest['players']} players: completion goes from {pct(d['rate'].iloc[0])} "
                     f"for tickets {d['distance'].iloc[0]:.0f} cars apart to {pct(d['rate'].iloc[-1])} for "
                     f"{d['distance'].iloc[-1]:.0f} cars apart (shortest distance on the empty board).")
    m = mid[mid["study"] == study].set_index("kept")
    if {"setup", "mid-game"} <= set(m.index):
        mg = m.loc["mid-game"]
        notes.append(f"{b}, {r.manifest['players']} players: each player keeps "
                     f"{m.loc['mid-game', 'per_player']:.2f} tickets drawn mid-game on average and completes "
                     f"{pct(mg['rate'])} of them ({ci_pct(mg['ci_low'], mg['ci_high'])}), "
                     f"against {pct(m.loc['setup', 'rate'])} of the tickets kept at setup.")
    return notes


def long_ticket_findings(kind: pd.DataFrame, base: dict[str, Results]) -> list[str]:
    """How often long tickets are completed, on the boards that have them."""
    longs = kind[kind["kind"] == "long"]
    has_long = [r for r in base.values() if r.board is not None and r.board.tickets["long"].any()]
    if not has_long:
        return []
    if longs.empty:
        return ["No long ticket was held at the end of any game: the bots always returned them."]
    lg = longs.groupby("board")[["successes", "n"]].sum()
    return ["Long tickets: " + "; ".join(
        f"{board_name(b)} {pct(v['successes'] / v['n'])} completed of {int(v['n']):,} held"
        for b, v in lg.iterrows()) + "."]


def completion_figures(by_pts: pd.DataFrame, by_dist: pd.DataFrame, base: dict[str, Results], out: Path) -> list:
    """Per board: completion by ticket value and by shortest distance, a line per player count."""
    refs = []
    for board, grp in by_pts.groupby("board", sort=False):
        note = provisional_note(*(base[n] for n in grp["study"].unique()))
        fig, ax = new_figure(11, 3.8, ncols=2)
        dgrp = by_dist[by_dist["board"] == board]
        for a, frame, col, xl in ((ax[0, 0], grp, "points", "ticket value (points)"),
                                  (ax[0, 1], dgrp, "distance", "shortest distance (train cars)")):
            for players, h in frame.groupby("players"):
                h = h.sort_values(col)
                a.errorbar(h[col], 100 * h["rate"], yerr=[100 * (h["rate"] - h["ci_low"]),
                                                          100 * (h["ci_high"] - h["rate"])],
                           marker="o", ms=3, capsize=2, label=f"{players} players (n={int(h['n'].sum()):,} tickets)")
            a.set_xlabel(xl)
            a.set_ylabel("completed (% of tickets held)")
            a.legend(fontsize="x-small")
        fig.suptitle(f"{board_name(board)}: ticket completion, 95% CI{note}", fontsize=10)
        refs.append(save_figure(fig, out, f"ticket_completion_{board}", f"Ticket completion by value and "
                                f"distance, {board_name(board)}",
                                provisional_state(*(base[n] for n in grp["study"].unique()))))
    return refs


def midgame_figure(mid: pd.DataFrame, base: dict[str, Results], out: Path):
    """Completion of the tickets kept at setup against those drawn mid-game, per run."""
    fig, ax = new_figure(8, 3.6)
    mid2 = mid.assign(run=run_column(mid))
    grouped_ci_bars(ax[0, 0], mid2, "kept", "run", "rate", "ci_low", "ci_high", legend_title="ticket kept")
    ax[0, 0].set_ylabel("completed (share of tickets held)")
    ax[0, 0].set_xlabel("run")
    ax[0, 0].set_title(f"Tickets kept at setup vs drawn mid-game, 95% CI (n={int(mid['n'].sum()):,} tickets)"
                       + provisional_note(*base.values()), fontsize=10)
    ax[0, 0].tick_params(axis="x", labelsize=7)
    return save_figure(fig, out, "tickets_midgame", "Completion of setup and mid-game tickets",
                       provisional_state(*base.values()))


def ticket_table_refs(t: dict[str, pd.DataFrame], out: Path) -> list:
    """The section's tables, written as CSV beside the page."""
    return [
        save_table(t["per_ticket"], out, "ticket_completion", "Completion per ticket (n: times held at "
                   "the end of a game; distance: shortest path in train cars)", index=False),
        save_table(t["by_pts"], out, "ticket_completion_by_value", "Completion by ticket value", index=False),
        save_table(t["by_dist"], out, "ticket_completion_by_distance", "Completion by shortest distance",
                   index=False),
        save_table(t["kind"], out, "ticket_completion_long", "Long against regular tickets", index=False),
        save_table(t["mid"], out, "tickets_midgame", "Tickets kept at setup and drawn mid-game (per_player: "
                   "tickets per player and game)", index=False),
    ]
