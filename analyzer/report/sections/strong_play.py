"""Strong play: the search player `expert` (kernels/bots/search/expert.py)
on Europe and USA at 2 and 4 players: win rate by seat with `expert` at every
seat, the score components of `expert` against `planner` (routes against
tickets, long routes), and the longest-path holder's win rate, each with 95%
CIs and sample sizes.

`expert` is far slower than `planner`, so these studies
(analyzer.studies.STRONG_PLAY_STUDIES) are small (STRONG_SHARE of GAMES
each) and search at its fast budget (EXPERT_STUDY_PARAMS, recorded in each
run's manifest as bot_params); they keep their bots whatever `ttr report --bots` says
(keep_bots, analyzer.run.studies.run_studies). Runs are recognised by their
manifests: every seat `expert` (self-play), or `expert` and `planner`
(mixed; the two seat orders of a board and player count are pooled)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.report.figures import grouped_ci_bars, new_figure, save_figure, save_table
from analyzer.report.html import Section, ci_pct, pct
from analyzer.report.runs import (
    LADDER_NAMES,
    board_name,
    expert_budget,
    n_games,
    pooled_table,
    provisional_note,
    provisional_state,
)
from analyzer.run.results import Results
from analyzer.stats.bonuses import bonuses
from analyzer.stats.intervals import mean_ci
from analyzer.stats.overview import score_components, win_rates

LONG_ROUTE = 5  # a claimed route this long or longer counts as long (Europe's 6 and 8, USA's 5 and 6)
TITLE = "Strong play"
INTRO = ("What changes when a player searches: <code>expert</code> scores the planner's choice and a few "
         "alternatives by playing determinized deals to the end (docs/bots.md, \"The search player\"). It is "
         "far slower than <code>planner</code>, so these studies are small and search at its fast budget (stated "
         "below, from each run's manifest; docs/bots.md gives its strength against <code>planner</code>): the "
         "intervals are wide, and <code>GAMES</code> scales them like every other study.")
COMPONENT_LABELS = {"route_points": "route points", "tickets_won": "tickets won", "tickets_lost": "tickets lost",
                    "longest_bonus": "longest path", "station_points": "stations kept"}
ROUTE_MEASURES = {"long_routes": f"routes of length >= {LONG_ROUTE} claimed",
                  "mean_route_length": "mean length of a claimed route"}


# --- finding the runs -------------------------------------------------------------------------------
def kind(res: Results) -> str | None:
    """'self' (every seat expert), 'mixed' (expert and planner) or None."""
    bots = set(res.manifest.get("bots") or [])
    return "self" if bots == {"expert"} else ("mixed" if bots == {"expert", "planner"} else None)


def strong_runs(runs: dict[str, Results]) -> dict[tuple[str, int, str], list[tuple[str, Results]]]:
    """(board, players, kind) -> [(name, run)], each list in name order."""
    out: dict[tuple[str, int, str], list[tuple[str, Results]]] = {}
    for name, res in sorted(runs.items()):
        k = kind(res) if name not in LADDER_NAMES else None  # a ladder has its own section
        if k is not None:
            out.setdefault((res.manifest.get("board"), int(res.manifest.get("players", 0)), k), []).append((name, res))
    return dict(sorted(out.items(), key=lambda kv: (kv[0][0] != "europe", kv[0][0], kv[0][1], kv[0][2])))


def route_measures(players: pd.DataFrame, claims: pd.DataFrame, lengths: np.ndarray) -> pd.DataFrame:
    """Per player-game: long routes claimed and the mean length of a claimed route (players' bot kept)."""
    c = claims[["game", "seat"]].copy()
    c["length"] = lengths[claims["route"].to_numpy()]
    c["long"] = c["length"] >= LONG_ROUTE
    g = c.groupby(["game", "seat"])
    per = pd.DataFrame({"long_routes": g["long"].sum(), "mean_route_length": g["length"].mean()})
    key = pd.MultiIndex.from_frame(players[["game", "seat"]])
    out = per.reindex(key).reset_index()
    out["long_routes"] = out["long_routes"].fillna(0)
    out["bot"] = players["bot"].to_numpy()
    return out


# --- tables -------------------------------------------------------------------------------------------
def tables(runs: dict[str, Results]) -> dict[str, pd.DataFrame]:
    seat, comp, longest = [], [], []
    for (board, players, k), group in strong_runs(runs).items():
        tag = {"board": board, "players": players, "kind": k, "studies": ",".join(n for n, _ in group),
               "expert_budget": expert_budget(*(r for _, r in group)),
               "run": f"{board_name(board)} {players}p"}
        pl = pooled_table([r for _, r in group], "players")
        games = int(pl["game"].nunique())
        b = bonuses(pl, ["longest_bonus"]).reset_index()
        longest.append(b.assign(**tag, fair_share=1 / players))
        if k == "self":
            w = win_rates(pl, "seat").reset_index()
            seat.append(w.assign(**tag, games=games))
            continue
        sc = score_components(pl, "bot").reset_index()
        sc = sc[sc["component"].isin(["score", *COMPONENT_LABELS])]
        frames = []
        offset = 0
        for _, res in group:
            lengths = res.board.routes["length"].to_numpy(np.int64)
            rm = route_measures(res.players, res.claims, lengths)
            rm["game"] = rm["game"] + offset
            offset += n_games(res)
            frames.append(rm)
            res.release()
        rm = pd.concat(frames, ignore_index=True).melt(id_vars=["game", "seat", "bot"], var_name="component",
                                                       value_name="points")
        rmc = mean_ci(rm.dropna().groupby(["bot", "component"], sort=False)["points"]).reset_index()
        wins = win_rates(pl, "bot").reset_index()
        wins = wins.assign(component="win rate", mean=wins["rate"]).drop(columns=["successes", "rate"])
        comp.append(pd.concat([sc, rmc, wins], ignore_index=True).assign(**tag, games=games))
    out = {"seat_wins": pd.concat(seat, ignore_index=True) if seat else pd.DataFrame(),
           "components": pd.concat(comp, ignore_index=True) if comp else pd.DataFrame(),
           "longest": pd.concat(longest, ignore_index=True) if longest else pd.DataFrame()}
    return out


# --- figures ------------------------------------------------------------------------------------------
def seat_figure(seat: pd.DataFrame, note: str):
    fig, axes = new_figure(8, 4.2)
    ax = axes[0, 0]
    frame = seat.assign(label=[f"{r} (n={g:,} games, {b})" for r, g, b in
                               zip(seat["run"], seat["games"], seat["expert_budget"], strict=True)])
    grouped_ci_bars(ax, frame, "label", "seat", "rate", "ci_low", "ci_high", legend_title="expert at every seat")
    for p in sorted(seat["players"].unique()):
        ax.axhline(1 / p, color="grey", lw=0.8, ls=":")
    ax.set_xlabel("seat (0 plays first)")
    ax.set_ylabel("win rate (ties count for each tied seat)")
    ax.set_title(f"Win rate by seat, expert at every seat, 95% CI (dotted: 1/players){note}")
    return fig


def components_figure(comp: pd.DataFrame, note: str):
    runs = list(dict.fromkeys(comp["run"]))
    fig, axes = new_figure(5.2 * len(runs), 4.4, ncols=len(runs))
    for ax, run in zip(axes[0], runs, strict=True):
        d = comp[(comp["run"] == run) & comp["component"].isin(list(COMPONENT_LABELS))].copy()
        d["component"] = d["component"].map(COMPONENT_LABELS)
        grouped_ci_bars(ax, d, "bot", "component", "mean", "ci_low", "ci_high", legend_title="bot")
        ax.tick_params(axis="x", labelsize=7, rotation=25)
        ax.set_xlabel("score component")
        ax.set_ylabel("points per player and game")
        ax.set_title(f"{run}, n={int(d['games'].iloc[0]):,} games", fontsize=9)
    fig.suptitle(f"Score components of expert against planner (mixed seats), 95% CI{note}", fontsize=10)
    return fig


def longest_figure(longest: pd.DataFrame, note: str):
    fig, axes = new_figure(8, 4.2)
    ax = axes[0, 0]
    frame = longest.assign(who=longest["kind"].map({"self": "expert at every seat", "mixed": "expert and planner"}))
    grouped_ci_bars(ax, frame, "who", "run", "holder_wins", "holder_wins_ci_low", "holder_wins_ci_high",
                    legend_title="seats")
    ax.set_xlabel("board and players")
    ax.set_ylabel("share of longest-path holders who win")
    ax.set_title(f"Longest-path holder's win rate, 95% CI (n={int(longest['games'].sum()):,} games){note}")
    return fig


# --- the section --------------------------------------------------------------------------------------
def build_section(runs: dict[str, Results], out_dir: Path) -> Section | None:
    mine = {n: r for n, r in runs.items() if kind(r) is not None and n not in LADDER_NAMES}
    if not mine:
        return None
    out = Path(out_dir)
    note, prov = provisional_note(*mine.values()), provisional_state(*mine.values())
    t = tables(mine)
    sec = Section("strong-play", f"{TITLE}{note}", INTRO)
    sec.findings.append(f"Runs: {', '.join(f'{k}: n={n_games(v):,} games' for k, v in sorted(mine.items()))}; "
                        f"expert searches at its {expert_budget(*mine.values())} here (docs/bots.md).")
    seat = t["seat_wins"]
    if len(seat):
        for run, g in seat.groupby("run", sort=False):
            parts = ", ".join(f"seat {int(r.seat)} {pct(r.rate)} ({ci_pct(r.ci_low, r.ci_high)})"
                              for r in g.itertuples())
            sec.findings.append(f"{run}, expert at every seat (n={int(g['games'].iloc[0]):,} games): {parts}; "
                                f"an even share is {pct(1 / int(g['players'].iloc[0]))}.")
        sec.figures.append(save_figure(seat_figure(seat, note), out, "strong_seat_wins",
                                       f"Win rate by seat with expert at every seat{note}", prov))
        sec.tables.append(save_table(seat, out, "strong_seat_wins", "Win rate by seat, expert at every seat",
                                     index=False))
    comp = t["components"]
    if len(comp):
        for run, g in comp.groupby("run", sort=False):
            v = g.set_index(["component", "bot"])

            def m(c, b, v=v):
                return float(v.loc[(c, b), "mean"]) if (c, b) in v.index else np.nan

            w = v.loc[("win rate", "expert")] if ("win rate", "expert") in v.index else None
            won = (f"expert wins {pct(w['mean'])} of its seats ({ci_pct(w['ci_low'], w['ci_high'])}, "
                   f"n={int(w['n']):,}); " if w is not None else "")
            sec.findings.append(
                f"{run}, expert against planner (n={int(g['games'].iloc[0]):,} games, both seat orders): {won}"
                f"route points {m('route_points', 'expert'):.1f} against {m('route_points', 'planner'):.1f}, "
                f"tickets won {m('tickets_won', 'expert'):.1f} against {m('tickets_won', 'planner'):.1f}, "
                f"tickets lost {-m('tickets_lost', 'expert'):.1f} against {-m('tickets_lost', 'planner'):.1f} "
                f"per player and game; routes of length {LONG_ROUTE}+ claimed "
                f"{m('long_routes', 'expert'):.2f} against {m('long_routes', 'planner'):.2f}.")
        sec.figures.append(save_figure(components_figure(comp, note), out, "strong_components",
                                       f"Score components of expert against planner{note}", prov))
        sec.tables.append(save_table(comp, out, "strong_components", "Score components, long routes and win "
                                     "rate per bot (mixed seats; tickets lost is negative)", max_rows=16,
                                     index=False))
    lp = t["longest"]
    if len(lp):
        sec.findings.append("The longest-path holder wins: " + "; ".join(
            f"{r.run} ({'expert at every seat' if r.kind == 'self' else 'expert and planner'}) "
            f"{pct(r.holder_wins)} ({ci_pct(r.holder_wins_ci_low, r.holder_wins_ci_high)}, "
            f"n={int(r.holder_wins_n):,} holders)" for r in lp.itertuples() if np.isfinite(r.holder_wins)) + ".")
        sec.figures.append(save_figure(longest_figure(lp, note), out, "strong_longest",
                                       f"Longest-path holder's win rate{note}", prov))
        sec.tables.append(save_table(lp, out, "strong_longest", "Longest-path bonus: holders' win rate",
                                     index=False))
    for r in mine.values():
        r.release()
    sec.data.update(t)
    return sec
