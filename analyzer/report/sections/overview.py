"""Overview: win rate by seat and by bot, score distribution and components,
game length, end reasons and stalled games, under each board's default rules."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from analyzer.optimum.ceilings import ceiling
from analyzer.report.figures import grouped_ci_bars, new_figure, save_figure, save_table
from analyzer.report.html import Section, ci_pct, pct
from analyzer.report.names import label
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
    t = overview_tables(base)
    rounds = t["length"][t["length"]["measure"] == "rounds"]
    sec.findings += (seat_findings(t["seat"]) + score_findings(t["dist"])
                     + [length_finding(rounds), end_finding(t["ends"])] + best_bot_finding(t["bot"])
                     + ceiling_findings(base))
    sec.figures += seat_figures(t["seat"], base, out)
    sec.figures += score_figures(t["hist"], base, out)
    sec.figures += component_figures(t["comp"], base, out)
    sec.figures.append(save_figure(game_length_figure(rounds), out, "game_length", "Game length by player count",
                                   provisional_state(*base.values())))
    sec.tables += overview_table_refs(t, out)
    sec.data.update(win_rate_by_seat=t["seat"], game_length=t["length"])
    return sec


def overview_tables(base: dict[str, Results]) -> dict[str, pd.DataFrame]:
    """The section's tables over the base runs, each row tagged with its run:
    seat and bot win rates, score distribution, components and histogram,
    game length, end reasons."""
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
    frames = dict(seat=seat, bot=bot, dist=dist, comp=comp, length=length, ends=ends, hist=hist)
    return {k: pd.concat(v, ignore_index=True) for k, v in frames.items()}


# --- findings -----------------------------------------------------------------------------------------
def seat_findings(seat: pd.DataFrame) -> list[str]:
    """Per board: the first seat's win rate against a fair share, and its range over player counts."""
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
    return notes


def score_findings(dist: pd.DataFrame) -> list[str]:
    """Per board: the mean score, from the fewest to the most players."""
    notes = []
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
    return notes


def length_finding(rounds: pd.DataFrame) -> str:
    """How many rounds games last on each board (the range of the mean over player counts)."""
    return ("Games last " + "; ".join(
        f"{board_name(b)} {rounds[rounds['board'] == b]['mean'].min():.1f}–"
        f"{rounds[rounds['board'] == b]['mean'].max():.1f} rounds" for b in rounds["board"].unique())
        + " on average (a round is one turn of every player).")


def end_finding(ends: pd.DataFrame) -> str:
    """How the games ended: by the train supply, or stalled, out of actions or at the turn cap."""
    e = ends.groupby("end")[["successes", "n"]].sum()
    n_games = int(e["n"].iloc[0]) if len(e) else 0
    other = {k: int(v) for k, v in e["successes"].items() if k not in ("trains",) and v > 0}
    return (f"Of {n_games:,} games, {int(e['successes'].get('trains', 0)):,} ended by the train supply; "
            + (", ".join(f"{v:,} {k.replace('_', ' ')}" for k, v in other.items()) if other
               else "none stalled, ran out of actions or hit the turn cap") + ".")


def best_bot_finding(bot: pd.DataFrame) -> list[str]:
    """The best bot's win rate, among the runs where different bots met (none otherwise)."""
    mixed = bot[bot.groupby("study")["bot"].transform("nunique") > 1]  # only tables where bots met
    if not len(mixed):
        return []
    best = mixed.loc[mixed["rate"].idxmax()]
    return [f"Best bot: {best['bot']} wins {pct(best['rate'])} of its player-games in {best['study']}."]


def ceiling_findings(base: dict[str, Results]) -> list[str]:
    """Per board with a measured solo ceiling (analyzer.optimum.ceilings): the mean score at each player
    count as a share of it. The optimum lies between the score reached and the proven bound, so the share
    is a range; the ceiling ignores opponents."""
    rows: dict[str, list[str]] = {}
    for r in base.values():
        m = r.manifest
        top = ceiling(str(m.get("board", "")))
        if top is None:
            continue
        mean = float(r.players["score"].mean())
        share = (f"{100 * mean / top.score:.0f}%" if top.proven
                 else f"{100 * mean / top.bound:.0f}–{100 * mean / top.score:.0f}%")
        rows.setdefault(m["board"], []).append(f"{m['players']}p {mean:.1f} ({share})")
    out = []
    for board, cells in rows.items():
        top = ceiling(board)
        optimum = f"{top.score}" if top.proven else f"between {top.score} and {top.bound}"
        out.append(f"{board_name(board)}: mean score against the solo optimum ({optimum} points with "
                   f"{top.trains} trains, docs/optimum.md): {', '.join(cells)}. The optimum is one player "
                   "alone with every card it needs; the gap is what opponents, the deal and the bots cost.")
    return out


# --- figures ------------------------------------------------------------------------------------------
def seat_figures(seat: pd.DataFrame, base: dict[str, Results], out: Path) -> list:
    """Per board: the win rate by seat, a group of bars per player count."""
    refs = []
    for board, grp in seat.groupby("board", sort=False):
        note = provisional_note(*(base[n] for n in grp["study"].unique()))
        fig, ax = new_figure(7, 3.8)
        g2 = grp.assign(group=grp["players"].astype(str) + " players")
        grouped_ci_bars(ax[0, 0], g2, "group", "seat", "rate", "ci_low", "ci_high")
        ax[0, 0].set_xlabel("seat (0 plays first)")
        ax[0, 0].set_ylabel("win rate (share of games)")
        ax[0, 0].set_title(f"{board_name(board)}: win rate by seat, 95% CI "
                           f"(n={int(grp.groupby('study')['n'].first().sum()):,} games){note}", fontsize=10)
        refs.append(save_figure(fig, out, f"win_rate_by_seat_{board}", f"Win rate by seat, {board_name(board)}",
                                provisional_state(*(base[n] for n in grp["study"].unique()))))
    return refs


def score_figures(hist: pd.DataFrame, base: dict[str, Results], out: Path) -> list:
    """Per board: the score distribution, a line per player count."""
    refs = []
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
        refs.append(save_figure(fig, out, f"score_distribution_{board}", f"Score distribution, {board_name(board)}",
                                provisional_state(*(base[n] for n in grp["study"].unique()))))
    return refs


def component_figures(comp: pd.DataFrame, base: dict[str, Results], out: Path) -> list:
    """Per board that scores points: the mean of each score component, a group of bars per player count."""
    refs = []
    for board, grp in comp.groupby("board", sort=False):
        grp = grp[(grp["component"] != "score") & (grp["mean"].abs() > 0)]
        if grp.empty:  # Ghost Train scores no points: no components to draw
            continue
        note = provisional_note(*(base[n] for n in grp["study"].unique()))
        fig, ax = new_figure(8, 3.8)
        g2 = grp.assign(group=grp["players"].astype(str) + " players",
                        component=[label(c).lower() for c in grp["component"]])
        grouped_ci_bars(ax[0, 0], g2, "group", "component", "mean", "ci_low", "ci_high")
        ax[0, 0].axhline(0, color="black", lw=0.6)
        ax[0, 0].set_ylabel("mean points per player and game")
        ax[0, 0].set_xlabel("score component (tickets lost count negative)")
        ax[0, 0].tick_params(axis="x", labelsize=8)
        ax[0, 0].set_title(f"{board_name(board)}: score components, 95% CI "
                           f"(n={int(grp.groupby('study')['n'].first().sum()):,} player-games){note}", fontsize=10)
        refs.append(save_figure(fig, out, f"score_components_{board}", f"Score components, {board_name(board)}",
                                provisional_state(*(base[n] for n in grp["study"].unique()))))
    return refs


# --- tables -------------------------------------------------------------------------------------------
def overview_table_refs(t: dict[str, pd.DataFrame], out: Path) -> list:
    """The section's tables, written as CSV beside the page."""
    return [
        save_table(t["seat"], out, "win_rate_by_seat", "Win rate by seat (n: player-games; a shared first "
                   "place counts for each winner)", max_rows=20, index=False),
        save_table(t["bot"], out, "win_rate_by_bot", "Win rate by bot", index=False),
        save_table(t["dist"], out, "score_distribution", "Score distribution per run", index=False),
        save_table(t["comp"], out, "score_components", "Score components per run (mean points per player)",
                   max_rows=10, index=False),
        save_table(t["length"], out, "game_length", "Game length (turns: every player's turn counts one)",
                   index=False),
        save_table(t["ends"], out, "end_reasons", "End reasons and stalled games (share of games)",
                   max_rows=10, index=False),
    ]


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
