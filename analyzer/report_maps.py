"""Report section: the other maps (issue 19) — Nordic Countries' weak
locomotives, Switzerland's country tickets and India's Grand Tour.

Contract (analyzer/report.py): `STUDIES` are the runs `make report` adds;
`build_section(runs, out_dir)` writes its figure (PNG + SVG) and tables (CSV)
into out_dir and returns an HTML fragment, or None when none of its runs is
among `runs`. Runs are recognised by their manifest (board and a points game
of single players), so a report built from existing results folders finds
them too.

What it measures (95% Wilson intervals for shares, normal intervals for
means; n is the sample size of each figure):
- Nordic Countries (NC-CRD-1: locomotives pay only tunnels and ferries): how
  many locomotive cards a player still holds at the end, and the share of
  players left holding at least one (Switzerland, SW-CRD-1, beside it);
- Switzerland (SW-TKT-3..5): for each ticket with options, how often each
  destination scored and how often none did (its lowest value lost);
- India (IN-SCR-3, IN-SCR-4): the share of players with a Grand Tour ticket,
  the bonus they took, and their win rate against the other players'.
"""

from __future__ import annotations

import html
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer import stats
from analyzer.figures import ci_bars, new_figure, save_figure, save_table
from analyzer.results import Results

STUDIES: list[dict] = [
    {"name": "nordic-countries-3p", "board": "nordic_countries", "players": 3, "bots": ["greedy"],
     "rules": "nordic-countries", "overrides": {}, "games_share": 0.02},
    {"name": "switzerland-3p", "board": "switzerland", "players": 3, "bots": ["greedy"], "rules": "switzerland",
     "overrides": {}, "games_share": 0.02},
    # planner: of the bots only the planner family goes for the Grand Tour (kernels/bots/grand_tour.py);
    # under greedy it is rare (about 0.4% of players), a figure of chance more than of the rule
    {"name": "india-4p", "board": "india", "players": 4, "bots": ["planner"], "rules": "india", "overrides": {},
     "games_share": 0.02},
]
BOARDS = ("nordic_countries", "switzerland", "india")


def wilson(k, n):
    """(share, low, high) of k / n, the interval analyzer.stats.wilson's."""
    lo, hi = stats.wilson(k, n)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.asarray(k, np.float64) / np.asarray(n, np.float64), lo, hi


def mean_ci(x: pd.Series) -> tuple[float, float, float, int]:
    """(mean, low, high, n) of a sample, analyzer.stats.mean_ci's interval."""
    x = pd.Series(x, dtype=float).dropna()
    if x.empty:  # e.g. no player with a Grand Tour ticket
        return float("nan"), float("nan"), float("nan"), 0
    row = stats.mean_ci(x).iloc[0]
    return float(row["mean"]), float(row["ci_low"]), float(row["ci_high"]), int(row["n"])


# --- finding the runs --------------------------------------------------------------------------
def map_runs(runs: dict[str, Results]) -> dict[str, tuple[str, Results]]:
    """board -> (run name, run): this module's study when present, else the
    points-game run of single players on that board with the most games."""
    own = {s["name"] for s in STUDIES}
    picked: dict[str, tuple[str, Results]] = {}
    for name, res in runs.items():
        m = res.manifest
        rules = m.get("rules") or {}
        board = m.get("board")
        if board not in BOARDS or int(rules.get("team_size", 1)) != 1 or int(rules.get("win_tickets", 0)) != 0:
            continue
        key = (name in own, int(m.get("games", 0)))
        old = picked.get(board)
        if old is None or key > (old[0] in own, int(old[1].manifest.get("games", 0))):
            picked[board] = (name, res)
    return picked


# --- tables ------------------------------------------------------------------------------------
def unused_locomotives(picked: dict[str, tuple[str, Results]]) -> pd.DataFrame:
    """Per board with limited locomotives: locomotive cards held at the end
    per player (mean, CI) and the share of players holding at least one."""
    rows = []
    for board in ("nordic_countries", "switzerland"):
        if board not in picked:
            continue
        name, res = picked[board]
        p = res.players
        m, lo, hi, n = mean_ci(p["locos_left"])
        k = int((p["locos_left"] > 0).sum())
        share, slo, shi = wilson(k, n)
        rows.append(dict(board=board, study=name, player_games=n, locos_left_mean=m, locos_left_lo=lo,
                         locos_left_hi=hi, holding_any=k, holding_any_rate=float(share), holding_any_lo=float(slo),
                         holding_any_hi=float(shi)))
    return pd.DataFrame(rows)


def country_ticket_options(res: Results) -> pd.DataFrame:
    """One row per (ticket with options, outcome): the destination that scored
    or 'none' (SW-TKT-5), with the share of held copies (CI)."""
    board = res.board
    if board is None:
        from analyzer.boards import load_board

        board = load_board(res.manifest.get("board", "switzerland"))
    rows_of = board.ticket_rows()
    multi = rows_of.index[rows_of["multi"] >= 0]
    t = res.tickets
    t = t[t["ticket"].isin(multi)]
    design = rows_of["multi"].to_numpy()[t["ticket"].to_numpy()]
    out = []
    for m in sorted(set(design)):
        held = t[design == m]
        row = rows_of[rows_of["multi"] == m].iloc[0]
        n = len(held)
        outcomes = [(i, f"{dest} ({pts})") for i, (dest, pts) in enumerate(zip(row["options"], row["option_points"],
                                                                                   strict=True))]
        outcomes.append((-1, f"none (−{min(row['option_points'])})"))
        for option, label in outcomes:
            k = int((held["option"] == option).sum())
            share, lo, hi = wilson(k, n)
            out.append(dict(ticket=f"{row['a']} → {'|'.join(row['options'])}", outcome=label, option=option,
                            held=n, count=k, rate=float(share), lo=float(lo), hi=float(hi)))
    return pd.DataFrame(out)


def grand_tour(res: Results) -> pd.DataFrame:
    """India: players with and without a Grand Tour ticket, their share,
    mean bonus and win rate (CIs)."""
    p = res.players
    n_all = len(p)
    rows = []
    for label, sub in (("with a Grand Tour ticket", p[p["grand_tour_tickets"] > 0]),
                       ("without", p[p["grand_tour_tickets"] == 0])):
        n = len(sub)
        share, slo, shi = wilson(n, n_all)
        win, wlo, whi = wilson(int(sub["winner"].sum()), n)
        m, mlo, mhi, _ = mean_ci(sub["grand_tour_bonus"])
        rows.append(dict(players=label, player_games=n, share=float(share), share_lo=float(slo),
                         share_hi=float(shi), bonus_mean=m, bonus_lo=mlo, bonus_hi=mhi, win_rate=float(win),
                         win_lo=float(wlo), win_hi=float(whi)))
    return pd.DataFrame(rows)


# --- the section -------------------------------------------------------------------------------
def build_section(runs: dict, out_dir: Path) -> str | None:
    picked = map_runs(runs)
    if not picked:
        return None
    out_dir = Path(out_dir)
    parts = ["<section><h2>Other maps: Nordic Countries, Switzerland, India</h2>",
             "<p>Each map under its own rules (<code>docs/rules/nordic-countries.md</code>, "
             "<code>switzerland.md</code>, <code>india.md</code>); runs: "
             + html.escape(", ".join(f"{name} (n={len(res.games):,} games, {res.manifest.get('players')} players)"
                                     for name, res in picked.values())) + ".</p>"]
    fig, axes = new_figure(width=13.0, height=4.4, ncols=3)
    ax_l, ax_s, ax_g = axes[0]

    locos = unused_locomotives(picked)
    if len(locos):
        ci_bars(ax_l, list(locos["board"]), locos["holding_any_rate"], locos["holding_any_lo"],
                locos["holding_any_hi"])
        ax_l.set_xticks(np.arange(len(locos)))
        ax_l.set_xticklabels([f"{b}\nn={n:,} player-games" for b, n in zip(locos["board"], locos["player_games"],
                                                                            strict=True)], fontsize="small")
        parts.append(save_table(locos, out_dir, "maps_unused_locomotives",
                                "Locomotive cards left in hand at the end (NC-CRD-1, SW-CRD-1)", index=False))
        sents = "; ".join(f"{r.board}: {r.holding_any_rate:.0%} [{r.holding_any_lo:.0%}, {r.holding_any_hi:.0%}] of "
                          f"players end holding a locomotive, {r.locos_left_mean:.2f} on average"
                          for r in locos.itertuples())
        parts.append(f"<p>{html.escape(sents)}.</p>")
    ax_l.set_title("Locomotives unused at the end, 95% CI")
    ax_l.set_ylabel("share of players holding ≥ 1 locomotive")
    ax_l.set_xlabel("board")
    ax_l.set_ylim(0, 1)

    if "switzerland" in picked:
        name, res = picked["switzerland"]
        opts = country_ticket_options(res)
        parts.append(save_table(opts, out_dir, "maps_country_tickets",
                                "Switzerland: which destination of each ticket with options scored (SW-TKT-3..5)",
                                max_rows=40, index=False))
        pooled = opts.assign(kind=np.where(opts["option"] < 0, "none joined", "a destination scored"))
        pooled = pooled.groupby("kind", sort=False)[["count"]].sum()
        held = int(opts.groupby("ticket")["held"].first().sum())
        rate, lo, hi = wilson(pooled["count"].to_numpy(), held)
        ci_bars(ax_s, list(pooled.index), rate, lo, hi)
        ax_s.set_xticks(np.arange(len(pooled)))
        ax_s.set_xticklabels(list(pooled.index))
        ax_s.set_title(f"Switzerland tickets with options, 95% CI (n={held:,} held)")
        parts.append(f"<p>Switzerland: of {held:,} tickets with options held, "
                     f"{rate[0]:.0%} [{lo[0]:.0%}, {hi[0]:.0%}] scored a destination; by destination in the "
                     "table above.</p>")
    ax_s.set_ylabel("share of held tickets with options")
    ax_s.set_xlabel("outcome")
    ax_s.set_ylim(0, 1)

    if "india" in picked:
        name, res = picked["india"]
        gt = grand_tour(res)
        parts.append(save_table(gt, out_dir, "maps_grand_tour", "India: the Grand Tour (IN-SCR-3, IN-SCR-4)",
                                index=False))
        ci_bars(ax_g, list(gt["players"]), gt["win_rate"], gt["win_lo"], gt["win_hi"])
        ax_g.set_xticks(np.arange(len(gt)))
        ax_g.set_xticklabels([f"{s}\nn={n:,}" for s, n in zip(gt["players"], gt["player_games"], strict=True)],
                             fontsize="small")
        ax_g.axhline(1 / int(res.manifest.get("players", 4)), color="grey", lw=0.8, ls=":")
        w = gt.iloc[0]
        parts.append(f"<p>India: {w['share']:.1%} [{w['share_lo']:.1%}, {w['share_hi']:.1%}] of players hold a Grand "
                     f"Tour ticket (mean bonus {w['bonus_mean']:.1f} points); they win "
                     f"{w['win_rate']:.0%} [{w['win_lo']:.0%}, {w['win_hi']:.0%}] of their games, the others "
                     f"{gt.iloc[1]['win_rate']:.0%} (dotted line: an even share). Bots: "
                     f"{html.escape(', '.join(dict.fromkeys(res.manifest.get('bots') or [])))}; only the planner "
                     "family goes for the Grand Tour.</p>")
    ax_g.set_title("India: win rate by Grand Tour, 95% CI")
    ax_g.set_ylabel("win rate (ties count for every tied player)")
    ax_g.set_xlabel("players")
    ax_g.set_ylim(0, 1)
    parts.insert(2, save_figure(fig, out_dir, "maps_other",
                                "Unused locomotives (Nordic, Switzerland), tickets with options (Switzerland) and "
                                "the Grand Tour (India), with 95% confidence intervals"))
    parts.append("</section>")
    return "\n".join(parts)
