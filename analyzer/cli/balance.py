"""`ttr balance`: the balance scorecard of a board (analyzer.run.balance),
printed, written as Parquet and CSV tables and drawn, one figure per measure."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from analyzer.boards import builtin_boards, load_board
from analyzer.report.balance_figures import compare_figure, scorecard_figures, verdict
from analyzer.report.figures import save_figure
from analyzer.report.runs import board_name
from analyzer.run.balance import (
    DEFAULT_GAMES,
    DEFAULT_ROLLOUTS,
    BalanceOptions,
    BalanceResult,
    Scorecard,
    balance,
    legal_player_counts,
    read_targets,
)
from analyzer.stats.balance import ALL_TIERS

Opt = typer.Option
console = Console()
def card_label(sc: Scorecard) -> str:
    return f"{board_name(sc.board)} {sc.players}p"


def _print_card(sc: Scorecard) -> None:
    t = sc.tables()
    console.print(f"[bold]{verdict(card_label(sc), t)}[/bold]")
    console.print(f"tiers {', '.join(sc.tiers)}; {sc.games:,} games ({sc.blocks:,} seed blocks); rules "
                  f"{sc.rules_name}" + (f" with {sc.overrides}" if sc.overrides else ""))
    seats = t["seats"]
    st = Table(title="seat advantage: win share minus the tier's mean over seats (points, 95% CI)")
    st.add_column("tier")
    k = int(seats["seat"].max()) + 1
    for s in range(k):
        st.add_column(f"seat {s}", justify="right")
    for tier, g in seats.groupby("tier", sort=False):
        st.add_row(tier, *[f"{100 * r.advantage:+.1f} [{100 * r.advantage_low:.1f}, {100 * r.advantage_high:.1f}]"
                           for r in g.itertuples()])
    console.print(st)
    m = t["matrix"].set_index(["tier", "opponent"])
    mt = Table(title="skill matrix: share of head-to-head comparisons the row tier won (95% CI)")
    mt.add_column("")
    for b in sc.tiers:
        mt.add_column(b, justify="right")
    for a in sc.tiers:
        mt.add_row(a, *["—" if (a, b) not in m.index else
                        f"{m.loc[(a, b), 'share']:.2f} [{m.loc[(a, b), 'share_low']:.2f}, "
                        f"{m.loc[(a, b), 'share_high']:.2f}]" for b in sc.tiers])
    console.print(mt)
    rows = [(f"rating {r.tier}", r.rating, r.rating_low, r.rating_high) for r in t["ratings"].itertuples()]
    rows += [(r.measure.replace("_", " "), r.value, r.value_low, r.value_high)
             for name in ("index", "length", "decided") for r in t[name].itertuples()]
    rows += [(f"{r.bonus.replace('_', ' ')} rate, {r.tier}", r.rate, r.rate_low, r.rate_high)
             for r in t["bonuses"].itertuples()]
    ot = Table(title="ratings, index, game length, games decided by tickets, bonus rates (95% CI)")
    for col in ("measure", "value", "95% CI"):
        ot.add_column(col, justify="left" if col == "measure" else "right")
    for name, v, lo, hi in rows:
        ot.add_row(name, f"{v:.3f}", f"{lo:.3f}–{hi:.3f}")
    console.print(ot)
    if "distance" in t:
        dt = Table(title="distance from the targets, and each estimate minus its target (95% CI)")
        for col in ("measure", "value", "95% CI"):
            dt.add_column(col, justify="left" if col == "measure" else "right")
        for r in t["distance"].itertuples():
            dt.add_row(r.measure, f"{r.value:+.3f}", f"{r.value_low:+.3f}–{r.value_high:+.3f}")
        console.print(dt)


def _print_compare(res: BalanceResult) -> None:
    c = res.compare
    rows = [(f"seat {int(r.seat) + 1} advantage, all tiers", r.advantage_base, r.advantage_other,
             r.advantage_diff, r.advantage_diff_low, r.advantage_diff_high)
            for r in c["seats"].itertuples() if r.tier == ALL_TIERS]
    rows += [(r.measure.replace("_", " "), r.value_base, r.value_other, r.value_diff, r.value_diff_low,
              r.value_diff_high) for name in ("index", "length", "decided") for r in c[name].itertuples()]
    rows += [(f"distance from the targets: {r.measure}", r.value_base, r.value_other, r.value_diff, r.value_diff_low,
              r.value_diff_high) for r in c.get("distance", c["index"].iloc[:0]).itertuples()]
    rows += [(f"{r.tier} over {r.opponent}", r.share_base, r.share_other, r.share_diff, r.share_diff_low,
              r.share_diff_high) for r in c["matrix"].itertuples()]
    t = Table(title=f"{res.variant.overrides} against the preset, same deals: paired differences (95% CI)")
    for col in ("measure", "preset", "variant", "difference", "95% CI"):
        t.add_column(col, justify="left" if col == "measure" else "right")
    for name, a, b, d, lo, hi in rows:
        t.add_row(name, f"{a:.3f}", f"{b:.3f}", f"{d:+.3f}", f"{lo:+.3f} – {hi:+.3f}")
    console.print(t)


def safe_name(text: str) -> str:
    """A board name or path as one safe folder name."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", Path(str(text)).name or str(text)).strip("._") or "board"


def _one(board: str, players: int, overrides, out: Path, opts: BalanceOptions) -> None:
    res = balance(board, players, None, overrides, out, opts)
    _print_card(res.preset)
    cards = {"preset": res.preset.tables()}
    if res.variant is not None:
        _print_card(res.variant)
        _print_compare(res)
        cards["variant"] = res.variant.tables()
    if len(cards) == 1:
        cards = {card_label(res.preset): cards["preset"]}
    prov = bool(load_board(board).provisional)
    note = " (provisional board)" if prov else ""
    figs = scorecard_figures(cards, out / "figures", note=note, provisional=prov)
    if res.variant is not None:
        what = ", ".join(f"{k}={v}" for k, v in res.variant.overrides.items())
        figs.append(save_figure(compare_figure(res.compare, what, res.preset.games, note), out / "figures",
                                "balance_compare", f"{what} against the preset{note}", prov))
    console.print(f"tables in {out}/preset/" + (", variant/, compare/" if res.variant else "") +
                  f" (Parquet and CSV); {len(figs)} figures in {out}/figures/; "
                  f"analyzer.load_balance('{out}')")


def balance_command(
    board: Annotated[str, Opt(help="Built-in board name or a board folder; 'all': every built-in board.")] = "europe",
    players: Annotated[int | None, Opt(help="Seats at every table (default: every count the board allows).")] = None,
    games: Annotated[int, Opt(help="Games of one scorecard, split over the tier ladder's runs and rounded up to "
                                   "whole seed blocks.")] = DEFAULT_GAMES,
    seed: Annotated[int, Opt(help="Master seed: game i of every run (and of --set's runs) gets the same deal.")] = 1,
    set_: Annotated[list[str] | None, Opt("--set", help="House rule key=value (repeatable): compare with the "
                                                        "board's preset on the same deals.")] = None,
    rollouts: Annotated[int | None, Opt(help="expert's rollouts per decision (default: its fast budget, "
                                             "expert.budget=fast).")] = DEFAULT_ROLLOUTS,
    out: Annotated[Path, Opt(help="Folder: <board>-<players>p/ per scorecard.")] = Path("results/balance"),
    bootstrap: Annotated[int, Opt(help="Resamples of seed blocks for the 95% intervals.")] = 1000,
    threads: Annotated[int, Opt(help="Worker threads (0: all cores).")] = 0,
    resume: Annotated[bool, Opt(help="Continue an interrupted scorecard in --out.")] = False,
    quiet: Annotated[bool, Opt(help="No progress bar.")] = False,
    targets: Annotated[Path | None, Opt(help="Targets file (TOML: first_seat, [matrix] tier.opponent = share): "
                                             "the scorecard's distance from them.")] = None,
):
    """Balance scorecard: seat advantage, skill matrix of random/greedy/planner/expert, skill-expression index."""
    if bootstrap < 10:
        raise ValueError(f"--bootstrap must be at least 10, not {bootstrap}")
    opts = BalanceOptions(games=games, seed=seed, rollouts=rollouts, bootstrap=bootstrap, threads=threads,
                          progress=not quiet, resume=resume, targets=read_targets(targets) if targets else None)
    boards = builtin_boards() if board == "all" else [board]
    cards = [(b, n) for b in boards for n in legal_player_counts(b) if players in (None, n)]
    if not cards:
        counts = "; ".join(f"{b}: {', '.join(map(str, legal_player_counts(b)))}" for b in boards)
        raise ValueError(f"--players {players}: no board plays with that many ({counts})")
    for b, n in cards:
        _one(b, n, set_ or None, out / f"{safe_name(b)}-{n}p", opts)
