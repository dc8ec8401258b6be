"""Double-route blocking: the 2-3 player closure on against off on the same
deals (paired differences), and per double route how often the closure
broke a ticket."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.report.figures import grouped_ci_bars, new_figure, save_figure, save_table
from analyzer.report.html import Section, ci_pct, pct
from analyzer.report.runs import (
    board_ticket_info,
    closure_pairs,
    n_games,
    provisional_note,
    provisional_state,
    run_column,
    tagged,
)
from analyzer.run.results import Results
from analyzer.stats.blocking import double_route_use, paired_difference, per_game_metrics, tickets_through_group

INTRO = ("With 2 or 3 players only one lane of a double route may be used (BASE-DBL-2): once a lane is "
         "claimed the other closes. Each closed run is paired with the same games (same seed, so the same "
         "deals) played with both lanes open (the rule needing 4 players for both lanes set to 2). "
         "<b>A closure broke a ticket</b> when a player ended the game with an uncompleted ticket whose "
         "shortest path on the "
         "empty board (in train cars; any of several equally short ones) runs through that double route, "
         "and another player had claimed a lane of it (so the closed lane was the only one left to the "
         "ticket's holder, who had claimed none). The per-game metrics are the completion rate of all "
         "tickets held, the mean score, and each seat's win (0/1).")


def build_section(runs: dict[str, Results], out: Path) -> Section | None:
    pairs = closure_pairs(runs)
    if not pairs:
        return None
    sec = Section("blocking", "Double-route blocking", INTRO)
    diffs, lanes = pair_tables(runs, pairs)
    sec.findings += effect_findings(diffs) + route_findings(lanes)
    sec.figures.append(effects_figure(diffs, runs, pairs, out))
    sec.figures += route_figures(lanes, runs, out)
    sec.tables.append(save_table(diffs.drop(columns="run"), out, "blocking_effects",
                                 "Paired differences closed − open (per-game metrics; win_seat_s: seat s won)",
                                 max_rows=20, index=False))
    lanes = lanes.drop(columns="run").sort_values(["study", "broke_ticket"], ascending=[True, False])
    sec.tables.append(save_table(lanes,
                                 out, "blocking_routes", "Per double route: share of games with a lane claimed, the "
                                 "second lane closed, a ticket broken (closed run); both lanes claimed (open run)",
                                 index=False))
    sec.data.update(differences=diffs, routes=lanes)
    return sec


def pair_tables(runs: dict[str, Results], pairs: list[tuple[str, str]]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Per closure pair: the paired differences closed − open of the per-game
    metrics, and per double route its use in both runs; each with a run column."""
    diffs, lanes = [], []
    for a, b in pairs:
        ra, rb = runs[a], runs[b]
        d = paired_difference(per_game_metrics(ra.players, ra.tickets), per_game_metrics(rb.players, rb.tickets))
        d = tagged(d.rename(columns={"a": "closed", "b": "open"}), a, ra)
        d.insert(1, "open_study", b)
        diffs.append(d)
        info, dist = board_ticket_info(ra)
        through = tickets_through_group(info, ra.board.routes, dist)
        uc = double_route_use(ra.claims, ra.tickets, ra.board.routes, through, len(ra.games), closed=True)
        uo = double_route_use(rb.claims, rb.tickets, rb.board.routes, through, len(rb.games), closed=False)
        u = uc.drop(columns=[c for c in uc.columns if c.startswith("both_claimed")]).join(
            uo[["claimed", "both_claimed", "both_claimed_ci_low", "both_claimed_ci_high"]].rename(
                columns={"claimed": "claimed_open"}))
        u["route"] = u["a"] + "–" + u["b"] + " (" + u["length"].astype(str) + ")"
        lanes.append(tagged(u, a, ra))
        ra.release()
        rb.release()
    diffs = pd.concat(diffs, ignore_index=True)
    lanes = pd.concat(lanes, ignore_index=True)
    diffs["run"] = run_column(diffs)
    lanes["run"] = run_column(lanes)
    return diffs, lanes


def effect_findings(diffs: pd.DataFrame) -> list[str]:
    """Per run: what closing the second lane changes (ticket completion, mean score, the largest seat change)."""
    notes = []
    for run, g in diffs.groupby("run", sort=False):
        g = g.set_index("metric")
        tc, sc = g.loc["ticket_completion"], g.loc["score"]
        seats = g[g.index.str.startswith("win_seat_")]
        big = seats.loc[seats["difference"].abs().idxmax()]
        sig = lambda r: "" if r["ci_low"] <= 0 <= r["ci_high"] else " (CI excludes 0)"  # noqa: E731
        notes.append(f"{run}: closing the second lane changes ticket completion by "
                     f"{100 * tc['difference']:+.2f} percentage points ({100 * tc['ci_low']:+.2f} to "
                     f"{100 * tc['ci_high']:+.2f}){sig(tc)} and the mean score by {sc['difference']:+.2f} points "
                     f"({sc['ci_low']:+.2f} to {sc['ci_high']:+.2f}){sig(sc)}; the largest change of a seat's win "
                     f"rate is {big.name.replace('win_seat_', 'seat ')} {100 * big['difference']:+.2f} percentage "
                     f"points ({100 * big['ci_low']:+.2f} to {100 * big['ci_high']:+.2f}){sig(big)} (paired over "
                     f"{int(tc['games']):,} games with the same deals).")
    return notes


def route_findings(lanes: pd.DataFrame) -> list[str]:
    """Per run: the double route whose closure most often broke a ticket, and how often both lanes go when open."""
    notes = []
    for run, g in lanes.groupby("run", sort=False):
        top = g.loc[g["broke_ticket"].idxmax()]
        notes.append(f"{run}: the closure breaks a ticket most often on {top['route']}: in {pct(top['broke_ticket'])} "
                     f"of games ({ci_pct(top['broke_ticket_ci_low'], top['broke_ticket_ci_high'])}); with both lanes "
                     f"open, both lanes of a double route are taken in {pct(g['both_claimed'].mean())} of games on "
                     "average.")
    return notes


def effects_figure(diffs: pd.DataFrame, runs: dict[str, Results], pairs: list[tuple[str, str]], out: Path):
    """The paired differences closed − open: ticket completion, mean score and each seat's win rate, per run."""
    fig, ax = new_figure(12, 3.8, ncols=3)
    for a, metric, scale, yl in ((ax[0, 0], "ticket_completion", 100, "ticket completion (% points)"),
                                 (ax[0, 1], "score", 1, "mean score (points)")):
        g = diffs[diffs["metric"] == metric]
        x = np.arange(len(g))
        a.errorbar(x, scale * g["difference"], yerr=[scale * (g["difference"] - g["ci_low"]),
                                                    scale * (g["ci_high"] - g["difference"])],
                   fmt="o", capsize=4)
        a.axhline(0, color="black", lw=0.6)
        a.set_xticks(x)
        a.set_xticklabels(g["run"])
        a.set_ylabel(f"closed − open: {yl}")
        a.set_xlabel("run")
    ws = diffs[diffs["metric"].str.startswith("win_seat_")].assign(seat=lambda f: f["metric"].str[9:])
    ws = ws.assign(difference=100 * ws["difference"], ci_low=100 * ws["ci_low"], ci_high=100 * ws["ci_high"])
    grouped_ci_bars(ax[0, 2], ws, "seat", "run", "difference", "ci_low", "ci_high", legend_title="seat")
    ax[0, 2].axhline(0, color="black", lw=0.6)
    ax[0, 2].set_ylabel("closed − open: win rate (% points)")
    ax[0, 2].set_xlabel("run (bars: seats)")
    n = int(diffs.groupby("run")["games"].first().sum())
    fig.suptitle(f"Closing the second lane of double routes at 2–3 players: paired differences, 95% CI "
                 f"(n={n:,} game pairs)" + provisional_note(*(runs[a] for a, _ in pairs)), fontsize=10)
    return save_figure(fig, out, "blocking_effects", "Effect of the double-route closure",
                       provisional_state(*(runs[a] for a, _ in pairs)))


def route_figures(lanes: pd.DataFrame, runs: dict[str, Results], out: Path) -> list:
    """Per run: the 12 double routes whose closure most often broke a ticket."""
    refs = []
    for run, g in lanes.groupby("run", sort=False):
        g = g.sort_values("broke_ticket", ascending=False).head(12)
        fig, ax = new_figure(8, 3.8)
        a = ax[0, 0]
        x = np.arange(len(g))
        for off, col, lab in ((-0.2, "closed", "second lane closed"), (0.2, "broke_ticket", "closure broke a ticket")):
            a.bar(x + off, 100 * g[col], 0.4, yerr=[100 * (g[col] - g[f"{col}_ci_low"]),
                                                   100 * (g[f"{col}_ci_high"] - g[col])], capsize=2, label=lab)
        a.set_xticks(x)
        a.set_xticklabels(g["route"], rotation=45, ha="right", fontsize=7)
        a.set_ylabel("games (%)")
        a.set_xlabel("double route (length)")
        a.legend(fontsize="small")
        study = g["study"].iloc[0]
        a.set_title(f"{run}: double routes whose closure most often broke a ticket, 95% CI "
                    f"(n={n_games(runs[study]):,} games){provisional_note(runs[study])}", fontsize=9)
        refs.append(save_figure(fig, out, f"blocking_routes_{study}", f"Double routes closed, {run}",
                                provisional_state(runs[study])))
    return refs
