"""Report section: the other maps — Nordic Countries' locomotives
that pay only tunnels and ferries, Switzerland's country tickets and India's
Grand Tour, each under its own rules (docs/rules/nordic-countries.md,
switzerland.md, india.md). Runs are recognised by their manifest (board, a
points game of single players), so a report built from existing folders
finds them too; the statistics are analyzer.stats.maps."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.report.figures import ci_bars, new_figure, save_figure, save_table
from analyzer.report.html import Section
from analyzer.run.results import Results
from analyzer.stats.intervals import wilson
from analyzer.stats.maps import country_ticket_options, grand_tour, unused_locomotives
from analyzer.studies import MAPS_STUDIES

BOARDS = ("nordic_countries", "switzerland", "india")
BOARD_NAMES = {"nordic_countries": "Nordic Countries", "switzerland": "Switzerland"}


def map_runs(runs: dict[str, Results]) -> dict[str, tuple[str, Results]]:
    """board -> (run name, run): the plan's study (analyzer.studies.MAPS_STUDIES)
    when present, else the points-game run of single players on that board
    with the most games."""
    own = {s.name for s in MAPS_STUDIES}
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


def market_assumption(board: str, manifest: dict) -> str:
    """The one line that says which reading of the market reset the run played
    (assumptions NC-MKT-2a, SW-MKT-2a: docs/rules/ records each source and both
    readings' measured effect), from the run's own rules."""
    reset = int((manifest.get("rules") or {}).get("loco_reset", 0))
    played = (f"the face-up cards replaced whenever {reset} locomotives show" if reset
              else "the face-up cards never replaced, whatever they show")
    if board == "switzerland":
        why = ("assumption SW-MKT-2a, which no retrieved source states" if reset == 3 else
               "not the preset's assumption SW-MKT-2a, a reset on 3")
        other = "<code>--set loco_reset=0</code>" if reset else "<code>--set loco_reset=3</code>"
        doc = "switzerland.md"
    else:
        why = ("assumption NC-MKT-2a, after two summaries of the printed rules; Board Game Arena resets on 3"
               if not reset else "not the preset's assumption NC-MKT-2a, no reset")
        other = "<code>--set loco_reset=3</code>" if not reset else "<code>--set loco_reset=0</code>"
        doc = "nordic-countries.md"
    return (f"<p>{BOARD_NAMES[board]}: these figures were played with {played} ({why}); {other} plays the other "
            f"reading, and <code>docs/rules/{doc}</code> gives both readings' measured effect.</p>")


def _board(res: Results):
    if res.board is not None:
        return res.board
    from analyzer.boards import load_board

    return load_board(res.manifest.get("board"))


def build_section(runs: dict[str, Results], out_dir: Path) -> Section | None:
    picked = map_runs(runs)
    if not picked:
        return None
    out = Path(out_dir)
    sec = Section("maps", "Other maps: Nordic Countries, Switzerland, India",
                  "Each map under its own rules (<code>docs/rules/nordic-countries.md</code>, "
                  "<code>switzerland.md</code>, <code>india.md</code>).")
    fig, axes = new_figure(width=13.0, height=4.6, ncols=3)
    ax_l, ax_s, ax_g = axes[0]

    locos = pd.DataFrame([dict(board=b, study=picked[b][0], **unused_locomotives(picked[b][1].players))
                          for b in ("nordic_countries", "switzerland") if b in picked])
    if len(locos):
        ci_bars(ax_l, list(locos["board"]), locos["holding_any_rate"], locos["holding_any_lo"],
                locos["holding_any_hi"])
        ax_l.set_xticks(np.arange(len(locos)))
        ax_l.set_xticklabels([f"{b}\nn={n:,} player-games" for b, n
                              in zip(locos["board"], locos["player_games"], strict=True)], fontsize="small")
        sec.tables.append(save_table(locos, out, "maps_unused_locomotives",
                                     "Locomotive cards left in hand at the end (NC-CRD-1, SW-CRD-1)", index=False))
        sec.findings += [f"{r.board}: {r.holding_any_rate:.0%} (95% CI {r.holding_any_lo:.0%}–{r.holding_any_hi:.0%},"
                         f" n={r.player_games:,} player-games) of players end holding a locomotive they could not "
                         f"use, {r.locos_left_mean:.2f} on average." for r in locos.itertuples()]
    sec.notes += [market_assumption(b, picked[b][1].manifest) for b in BOARD_NAMES if b in picked]
    ax_l.set_title("Locomotives unused at the end")
    ax_l.set_ylabel("share of players holding ≥ 1 (95% CI)")
    ax_l.set_xlabel("board")
    ax_l.set_ylim(0, 1)

    if "switzerland" in picked:
        name, res = picked["switzerland"]
        opts = country_ticket_options(res.tickets, _board(res).ticket_rows())
        sec.tables.append(save_table(opts, out, "maps_country_tickets",
                                     "Switzerland: which destination of each ticket with options scored "
                                     "(SW-TKT-3..5)", max_rows=40, index=False))
        pooled = opts.assign(kind=np.where(opts["option"] < 0, "none joined", "a destination scored"))
        pooled = pooled.groupby("kind", sort=False)[["count"]].sum()
        held = int(opts.groupby("ticket")["held"].first().sum())
        lo, hi = wilson(pooled["count"].to_numpy(), held)
        rate = pooled["count"].to_numpy() / max(held, 1)
        ci_bars(ax_s, list(pooled.index), rate, lo, hi)
        ax_s.set_xticks(np.arange(len(pooled)))
        ax_s.set_xticklabels(list(pooled.index))
        ax_s.set_title(f"Switzerland tickets with options (n={held:,})")
        sec.findings.append(f"Switzerland: of {held:,} tickets with options held, {rate[0]:.0%} (95% CI "
                            f"{lo[0]:.0%}–{hi[0]:.0%}) scored a destination; by destination in the table.")
    ax_s.set_ylabel("share of held tickets (95% CI)")
    ax_s.set_xlabel("outcome")
    ax_s.set_ylim(0, 1)

    if "india" in picked:
        name, res = picked["india"]
        gt = grand_tour(res.players)
        sec.tables.append(save_table(gt, out, "maps_grand_tour", "India: the Grand Tour (IN-SCR-3, IN-SCR-4)",
                                     index=False))
        ci_bars(ax_g, list(gt["players"]), gt["win_rate"], gt["win_lo"], gt["win_hi"])
        ax_g.set_xticks(np.arange(len(gt)))
        ax_g.set_xticklabels([f"{s}\nn={n:,}" for s, n in zip(gt["players"], gt["player_games"], strict=True)],
                             fontsize="small")
        ax_g.axhline(1 / int(res.manifest.get("players", 4)), color="grey", lw=0.8, ls=":")
        w = gt.iloc[0]
        bots = ", ".join(dict.fromkeys(res.manifest.get("bots") or []))
        sec.findings.append(f"India: {w['share']:.1%} (95% CI {w['share_lo']:.1%}–{w['share_hi']:.1%}) of players "
                            f"hold a Grand Tour ticket (mean bonus {w['bonus_mean']:.1f} points); they win "
                            f"{w['win_rate']:.0%} (95% CI {w['win_lo']:.0%}–{w['win_hi']:.0%}) of their games, the "
                            f"others {gt.iloc[1]['win_rate']:.0%} (dotted line: an even share). Bots: {bots}.")
    ax_g.set_title("India: win rate by Grand Tour")
    ax_g.set_ylabel("win rate (95% CI; ties count for each)")
    ax_g.set_xlabel("players")
    ax_g.set_ylim(0, 1)
    sec.figures.insert(0, save_figure(fig, out, "maps_other",
                                      "Unused locomotives (Nordic, Switzerland), tickets with options (Switzerland) "
                                      "and the Grand Tour (India), with 95% confidence intervals", False))
    sec.data.update({"unused_locomotives": locos})
    return sec
