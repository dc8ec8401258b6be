"""Overview: win rate by seat and by bot, score distribution and components,
game length, end reasons and stalled games, under each board's default rules."""

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
    tagged,
)
from analyzer.run.results import Results
from analyzer.stats.overview import (
    end_reasons,
    game_length,
    score_components,
    score_distribution,
    score_histogram,
    win_rates,
)

TITLE = "Overview"
INTRO = ("Who wins, with how many points, and how games end, under each board's "
         "default rules.")


def build_section(runs: dict[str, Results], out: Path) -> Section | None:
    base = base_runs(runs)
    if not base:
        return None
    sec = Section("overview", TITLE, INTRO)
    seat, bot, dist, comp, length, ends, hist = [], [], [], [], [], [], []
    for name, r in base.items():
        p, g = r.players, r.games
        seat.append(tagged(win_rates(p, "seat"), name, r))
        bot.append(tagged(win_rates(p, "bot"), name, r))
        dist.append(tagged(score_distribution(p.assign(all="all"), "all"), name, r).drop(columns="all"))
        comp.append(tagged(score_components(p), name, r))
        length.append(tagged(game_length(g, int(r.manifest["players"])), name, r))
        ends.append(tagged(end_reasons(g), name, r))
        hist.append(tagged(score_histogram(p), name, r))
        r.release()
    seat, bot, dist, comp = (pd.concat(x, ignore_index=True) for x in (seat, bot, dist, comp))
    length, ends, hist = (pd.concat(x, ignore_index=True) for x in (length, ends, hist))
    # findings
    notes = []
    for board, grp in seat.groupby("board", sort=False):
        first = grp[grp["seat"] == 0].copy()
        first["fair"] = first["team_size"] / first["players"]  # teams of two share each win
        first["edge"] = first["rate"] - first["fair"]
        sig = ((first["ci_low"] > first["fair"]) | (first["ci_high"] < first["fair"])).sum()
        lo, hi = first.loc[first["edge"].idxmin()], first.loc[first["edge"].idxmax()]
        b = board_name(board)
        text = (f"{b}: the first seat wins {pct(hi['rate'])} of {int(hi['players'])}-player games "
                f"({ci_pct(hi['ci_low'], hi['ci_high'])}, n={int(hi['n']):,}) against a fair share of "
                f"{pct(hi['fair'])}")
        if len(first) > 1:
            text += (f"; its edge over the fair share ranges from {100 * lo['edge']:+.1f} "
                     f"({int(lo['players'])} players) to {100 * hi['edge']:+.1f} points "
                     f"({int(hi['players'])} players), outside the 95% CI in {int(sig)} of {len(first)} "
                     "player counts")
        notes.append(text + ".")
    for board, grp in dist.groupby("board", sort=False):
        grp = grp.sort_values("players")
        a, z = grp.iloc[0], grp.iloc[-1]
        if len(grp) == 1:
            notes.append(f"{board_name(board)}: the mean score is {a['mean']:.1f} points "
                         f"({int(a['players'])} players, median {a['median']:.0f}, 90% of scores between "
                         f"{a['p05']:.0f} and {a['p95']:.0f}).")
            continue
        notes.append(f"{board_name(board)}: the mean score goes from {a['mean']:.1f} points "
                     f"({int(a['players'])} players, median {a['median']:.0f}) to {z['mean']:.1f} "
                     f"({int(z['players'])} players, median {z['median']:.0f}).")
    rounds = length[length["measure"] == "rounds"]
    notes.append("Games last " + "; ".join(
        f"{board_name(b)} {rounds[rounds['board'] == b]['mean'].min():.1f}–"
        f"{rounds[rounds['board'] == b]['mean'].max():.1f} rounds" for b in rounds["board"].unique())
        + " on average (a round is one turn of every player).")
    e = ends.groupby("end")[["successes", "n"]].sum()
    n_games = int(e["n"].iloc[0]) if len(e) else 0
    other = {k: int(v) for k, v in e["successes"].items() if k not in ("trains",) and v > 0}
    notes.append(f"Of {n_games:,} games, {int(e['successes'].get('trains', 0)):,} ended by the train supply; "
                 + (", ".join(f"{v:,} {k.replace('_', ' ')}" for k, v in other.items()) if other
                    else "none stalled, ran out of actions or hit the turn cap") + ".")
    mixed = bot[bot.groupby("study")["bot"].transform("nunique") > 1]  # only tables where bots met
    if len(mixed):
        best = mixed.loc[mixed["rate"].idxmax()]
        notes.append(f"Best bot: {best['bot']} wins {pct(best['rate'])} of its player-games in {best['study']}.")
    sec.findings += notes
    # figures
    for board, grp in seat.groupby("board", sort=False):
        note = provisional_note(*(base[n] for n in grp["study"].unique()))
        fig, ax = new_figure(7, 3.8)
        g2 = grp.assign(group=grp["players"].astype(str) + " players")
        grouped_ci_bars(ax[0, 0], g2, "group", "seat", "rate", "ci_low", "ci_high")
        ax[0, 0].set_xlabel("seat (0 plays first)")
        ax[0, 0].set_ylabel("win rate (share of games)")
        ax[0, 0].set_title(f"{board_name(board)}: win rate by seat, 95% CI "
                           f"(n={int(grp.groupby('study')['n'].first().sum()):,} games){note}", fontsize=10)
        sec.figures.append(save_figure(fig, out, f"win_rate_by_seat_{board}", f"Win rate by seat, {board}",
                                       provisional_state(*(base[n] for n in grp["study"].unique()))))
    for board, grp in hist.groupby("board", sort=False):
        note = provisional_note(*(base[n] for n in grp["study"].unique()))
        fig, ax = new_figure(7, 3.8)
        for (study, players), h in grp.groupby(["study", "players"], sort=False):
            n = int(base[study].manifest["games"])
            ax[0, 0].plot(h["bin_start"] + 2.5, 100 * h["share"], label=f"{players} players (n={n:,} games)")
        ax[0, 0].set_xlabel("final score (points, 5-point bins)")
        ax[0, 0].set_ylabel("player-games (%)")
        ax[0, 0].set_title(f"{board_name(board)}: score distribution{note}", fontsize=10)
        ax[0, 0].legend(fontsize="small")
        sec.figures.append(save_figure(fig, out, f"score_distribution_{board}", f"Score distribution, {board}",
                                       provisional_state(*(base[n] for n in grp["study"].unique()))))
    for board, grp in comp.groupby("board", sort=False):
        grp = grp[(grp["component"] != "score") & (grp["mean"].abs() > 0)]
        if grp.empty:  # Ghost Train scores no points: no components to draw
            continue
        note = provisional_note(*(base[n] for n in grp["study"].unique()))
        fig, ax = new_figure(8, 3.8)
        g2 = grp.assign(group=grp["players"].astype(str) + " players")
        grouped_ci_bars(ax[0, 0], g2, "group", "component", "mean", "ci_low", "ci_high")
        ax[0, 0].axhline(0, color="black", lw=0.6)
        ax[0, 0].set_ylabel("mean points per player and game")
        ax[0, 0].set_xlabel("score component (tickets_lost counts negative)")
        ax[0, 0].tick_params(axis="x", labelsize=8)
        ax[0, 0].set_title(f"{board_name(board)}: score components, 95% CI "
                           f"(n={int(grp.groupby('study')['n'].first().sum()):,} player-games){note}", fontsize=10)
        sec.figures.append(save_figure(fig, out, f"score_components_{board}", f"Score components, {board}",
                                       provisional_state(*(base[n] for n in grp["study"].unique()))))
    sec.figures.append(save_figure(game_length_figure(rounds), out, "game_length", "Game length by player count",
                                   provisional_state(*base.values())))
    # tables
    sec.tables.append(save_table(seat, out, "win_rate_by_seat", "Win rate by seat (n: player-games; a shared first "
                                 "place counts for each winner)", max_rows=20, index=False))
    sec.tables.append(save_table(bot, out, "win_rate_by_bot", "Win rate by bot", index=False))
    sec.tables.append(save_table(dist, out, "score_distribution", "Score distribution per run", index=False))
    sec.tables.append(save_table(comp, out, "score_components", "Score components per run (mean points per player)",
                                 max_rows=10, index=False))
    sec.tables.append(save_table(length, out, "game_length", "Game length (turns: every player's turn counts one)",
                                 index=False))
    sec.tables.append(save_table(ends, out, "end_reasons", "End reasons and stalled games (share of games)",
                                 max_rows=10, index=False))
    sec.data.update(win_rate_by_seat=seat, game_length=length)
    return sec


def game_length_figure(rounds: pd.DataFrame):
    """Mean rounds per game against the player count, a line per board; a
    provisional board is marked in its label (the figure shows every board)."""
    fig, ax = new_figure(8.5, 3.8)
    for board, grp in rounds.groupby("board", sort=False):
        mark = " (provisional board)" if grp["provisional"].any() else ""
        ax[0, 0].errorbar(grp["players"], grp["mean"], yerr=[grp["mean"] - grp["ci_low"], grp["ci_high"] - grp["mean"]],
                          marker="o", capsize=3, label=f"{board_name(board)}{mark} (n={int(grp['n'].sum()):,} games)")
    ax[0, 0].set_xlabel("players")
    ax[0, 0].set_ylabel("game length (rounds)")
    ax[0, 0].set_title("Game length, mean with 95% CI", fontsize=10)
    ax[0, 0].set_xticks(sorted(rounds["players"].unique()))
    ax[0, 0].legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return fig
