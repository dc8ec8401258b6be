"""Bonuses: how often each bonus is awarded and shared, how often its holder
wins, how often it swings the top score, its points per game."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from analyzer.report.figures import grouped_ci_bars, new_figure, save_figure, save_table
from analyzer.report.html import Section, ci_pct, pct
from analyzer.report.runs import (
    base_runs,
    board_name,
    provisional_note,
    provisional_state,
    run_column,
    tagged,
)
from analyzer.run.results import Results
from analyzer.stats.bonuses import bonus_columns, bonuses

TITLE = "Bonuses"
INTRO = ("How often each bonus is awarded and shared, how often its holder wins, and how "
         "often it decides the game.")


def build_section(runs: dict[str, Results], out: Path) -> Section | None:
    base = base_runs(runs)
    frames = [tagged(bonuses(r.players), n, r) for n, r in base.items() if bonus_columns(r.players)]
    if not frames:
        return None
    sec = Section("bonuses", TITLE, INTRO)
    b = pd.concat(frames, ignore_index=True)
    b["run"] = run_column(b)
    notes = []
    for lab, grp in b.groupby("label", sort=False):
        for board, g in grp.groupby("board", sort=False):
            g = g.sort_values("players")
            parts = [f"{int(r.players)} players {pct(r.holder_wins)} (fair share {pct(r.team_size / r.players)})"
                     for r in g.itertuples()]
            f = g.iloc[-1 if len(g) < 3 else 2]
            notes.append(f"{lab}, {board_name(board)}: its holder wins " + ", ".join(parts)
                         + f". With {int(f['players'])} players it is shared in {pct(f['shared'])} of the games "
                         f"that award it and changes who has the top score in {pct(f['swings'])} of games "
                         f"({ci_pct(f['swings_ci_low'], f['swings_ci_high'])}).")
    sec.findings += notes
    measures = [("awarded", "awarded (share of games)"), ("shared", "shared (share of awarding games)"),
                ("holder_wins", "holder wins (share of holders)"), ("swings", "swings the top score (share)")]
    fig, ax = new_figure(12, 6.5, ncols=2, nrows=2)
    for a, (m, yl) in zip(ax.ravel(), measures, strict=True):
        grouped_ci_bars(a, b, "label", "run", m, f"{m}_ci_low", f"{m}_ci_high", legend_title="bonus")
        a.set_ylabel(yl)
        a.set_xlabel("run")
        a.tick_params(axis="x", labelsize=7)
    drawn = [base[n] for n in b["study"].unique()]
    fig.suptitle(f"Bonuses, 95% CI (n={int(b.groupby('study')['games'].first().sum()):,} games)"
                 + provisional_note(*drawn), fontsize=10)
    sec.figures.append(save_figure(fig, out, "bonuses", "Bonuses: awarded, shared, holder wins, swings",
                                   provisional_state(*drawn)))
    sec.tables.append(save_table(b.drop(columns="run"), out, "bonuses", "Bonuses per run (points_per_game: "
                                 "bonus points given per game; swings: the top score would be someone else's "
                                 "without the bonus)", index=False))
    sec.data["bonuses"] = b
    return sec
