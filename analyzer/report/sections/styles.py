"""Long routes against tickets: which playing style wins, by how much, where.
A paired-seat ladder (analyzer.studies.STYLE_STUDIES) of the named styles
`long-route` and `route-focus` (points from routes), `destination-hungry`
(points from tickets), the all-round `planner` and the search player `expert`
at a small budget, on USA, Europe and Legendary Asia at 2 and 4 players: every
table of styles in every seat by rotation, game i of every run on the same
deal. Ratings and head-to-head shares from analyzer.stats.ladder, intervals
from resampling whole seed blocks."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from analyzer.report.figures import grouped_ci_bars, new_figure, save_figure, save_table
from analyzer.report.html import Section
from analyzer.report.runs import board_name, expert_budget, plan_groups, provisional_state, stacked_players
from analyzer.run.results import Results
from analyzer.stats.ladder import ladder_stats
from analyzer.studies import STYLE_BOARDS, STYLE_BOTS, STYLE_PLAYERS, STYLE_STUDIES, style_study_prefix

TITLE = "Long routes against tickets"
BOOTSTRAP = 1000
ROUTE_STYLE, TICKET_STYLE = "long-route", "destination-hungry"
INTRO = ("Which playing style wins? Five bots meet on the same deals: <code>long-route</code> (claims long "
         "routes, keeps few tickets), <code>route-focus</code> (points from routes), "
         "<code>destination-hungry</code> (draws and keeps many tickets), the all-round <code>planner</code> and "
         "the search player <code>expert</code> at its fast budget (stated below). Every table "
         "of styles plays in every seat by rotation and game <i>i</i> of every run starts from the same deal, so "
         "deal luck and seat cancel. The Bradley-Terry rating is each style's log-strength (mean 0): a style "
         "rated 0.7 above another finishes ahead of it in about two games of three. A fair win share is 50% at 2 "
         "players and 25% at 4. Intervals: 95%, from resampling whole seed blocks.")


def style_groups(runs: dict[str, Results]) -> dict[tuple[str, int], list[tuple[str, Results]]]:
    """(board, players) -> the plan's runs of its style ladder, in seating order (complete ladders only)."""
    return plan_groups(runs, STYLE_STUDIES, {(b, p): style_study_prefix(b, p) for b in STYLE_BOARDS
                                             for p in STYLE_PLAYERS})


def ladder_label(board: str, players: int) -> str:
    return f"{board_name(board)} {players}p"


def ladder_tables(groups) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Every ladder's summary (one row per style) and pairwise table (one row per ordered pair of styles),
    its label, board and players in front."""
    summaries, pairwise = [], []
    for (board, players), group in groups.items():
        table, blocks = stacked_players(group)
        bots = [b for b in STYLE_BOTS if b in set(table["bot"])]
        summary, pairs = ladder_stats(table, bots, blocks, BOOTSTRAP, int(group[0][1].manifest.get("seed", 1)))
        for frame, out in ((summary, summaries), (pairs, pairwise)):
            frame = frame.copy()
            for i, (col, v) in enumerate((("ladder", ladder_label(board, players)), ("board", board),
                                          ("players", players), ("blocks", blocks))):
                frame.insert(i, col, v)
            frame["expert_budget"] = expert_budget(*(r for _, r in group))
            out.append(frame)
    return pd.concat(summaries, ignore_index=True), pd.concat(pairwise, ignore_index=True)


def head_to_head(pairwise: pd.DataFrame, style: str = ROUTE_STYLE, other: str = TICKET_STYLE) -> pd.DataFrame:
    """Per ladder: `style`'s share of its comparisons with `other` (ahead in the result), with its interval."""
    return pairwise[(pairwise["bot"] == style) & (pairwise["opponent"] == other)].reset_index(drop=True)


def finding(ladder: str, summary: pd.DataFrame, h2h: pd.Series | None) -> str:
    """One ladder in a sentence: the top style, its rating and win share, and long routes against tickets."""
    s = summary[summary["ladder"] == ladder].sort_values("rank")
    top, second = s.iloc[0], s.iloc[1]
    text = (f"{ladder}: {top['bot']} rates highest ({top['bt']:+.2f}, 95% CI {top['bt_low']:+.2f} to "
            f"{top['bt_high']:+.2f}; wins {100 * top['win_rate']:.1f}% of its games), then {second['bot']} "
            f"({second['bt']:+.2f})")
    if h2h is not None:
        text += (f"; {ROUTE_STYLE} finishes ahead of {TICKET_STYLE} in {100 * h2h['share']:.1f}% of their "
                 f"comparisons ({100 * h2h['share_low']:.1f}–{100 * h2h['share_high']:.1f}%)")
    return text + f"; n={int(s['games'].sum() / int(s['players'].iloc[0])):,} games."


def ratings_figure(summary: pd.DataFrame, games: int):
    fig, axes = new_figure(10, 4.4)
    ax = axes[0, 0]
    order = summary.assign(bot=pd.Categorical(summary["bot"], [b for b in STYLE_BOTS if b in set(summary["bot"])]))
    grouped_ci_bars(ax, order.sort_values(["ladder", "bot"]), "ladder", "bot", "bt", "bt_low", "bt_high",
                    legend_title="ladder")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("playing style")
    ax.set_ylabel("Bradley-Terry rating (log-strength, mean 0)")
    ax.set_title(f"Rating per playing style and ladder, 95% CI (n={games:,} games)", fontsize=10)
    return fig


def head_to_head_figure(h2h: pd.DataFrame, games: int):
    fig, axes = new_figure(7, 4.2)
    ax = axes[0, 0]
    frame = h2h.assign(style=f"{ROUTE_STYLE} against {TICKET_STYLE}")
    grouped_ci_bars(ax, frame, "ladder", "style", "share", "share_low", "share_high", legend_title="ladder")
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of comparisons finished ahead")
    ax.set_xlabel("pair of styles")
    ax.set_title(f"Long routes against tickets: head to head, 95% CI (n={games:,} games)", fontsize=10)
    return fig


def build_section(runs: dict[str, Results], out_dir: Path) -> Section | None:
    groups = style_groups(runs)
    if not groups:
        return None
    out = Path(out_dir)
    summary, pairwise = ladder_tables(groups)
    h2h = head_to_head(pairwise)
    games = int((summary["games"] / summary["players"]).sum())
    state = provisional_state(*(res for group in groups.values() for _, res in group))
    sec = Section("styles", TITLE, INTRO)
    for ladder in dict.fromkeys(summary["ladder"]):
        row = h2h[h2h["ladder"] == ladder]
        sec.findings.append(finding(ladder, summary, row.iloc[0] if len(row) else None))
    budgets = ", ".join(sorted(set(summary["expert_budget"]) - {""}))
    sec.findings.append(f"expert plays at its {budgets} (docs/bots.md: its strength against planner).")
    sec.figures.append(save_figure(ratings_figure(summary, games), out, "styles_ratings",
                                   "Bradley-Terry rating per playing style", provisional=state))
    if len(h2h):
        sec.figures.append(save_figure(head_to_head_figure(h2h, games), out, "styles_head_to_head",
                                       f"{ROUTE_STYLE} against {TICKET_STYLE}, head to head", provisional=state))
    sec.tables.append(save_table(summary, out, "styles_ratings", "Each style per ladder: rank, win share, "
                                 "rating and score components", max_rows=10, index=False))
    sec.tables.append(save_table(pairwise, out, "styles_pairwise", "Head to head: each style's share of its "
                                 "comparisons with each other style", max_rows=10, index=False))
    sec.data.update({"summary": summary, "pairwise": pairwise, "head_to_head": h2h})
    return sec
