"""`ttr tunnels`: the tunnel surcharge table, an optional plot and Monte Carlo
check; the surcharges in play of a results folder (--from); the house-rule
study (--study).

`tunnels_command` is a plain function with typer-compatible parameters; the
CLI app registers it. Bad input raises ValueError with a message meant for
the user (the CLI prints it and exits with code 2).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import pandas as pd
import typer
from rich.console import Console
from rich.table import Table

from analyzer.report.figures import check_plot_path, write_figure
from analyzer.report.sections.tunnels import in_play_figure, odds_figure
from analyzer.run.results import load
from analyzer.run.tunnel_study import tunnel_reveal_study
from analyzer.stats.tunnels import abandonment, tunnels_in_play
from analyzer.tunnels import (
    FRESH_DECK,
    colour_index,
    deck_counts,
    revealed_list,
    tunnel_odds,
    tunnel_odds_mc,
)
from kernels import layouts as L


def parse_revealed(text: str) -> list[int]:
    """Parse "3,4,5,6" into [3, 4, 5, 6] (each in 0..8)."""
    parts = [p.strip() for p in str(text).split(",")]
    if not any(parts):
        raise ValueError(f"--revealed needs reveal counts such as 3,4,5,6 (each 0..{L.MAX_REVEAL})")
    values = []
    for p in parts:
        if not p:
            raise ValueError(f"--revealed {text!r}: empty entry")
        try:
            values.append(int(p))
        except ValueError:
            raise ValueError(f"--revealed {text!r}: {p!r} is not a whole number") from None
    return revealed_list(values)


def parse_deck(text: str | None) -> dict[str, int] | None:
    """Parse "red=5,blue=3,locomotive=2" into {"red": 5, "blue": 3, "locomotive": 2}.

    None (or "fresh") is the fresh 110-card deck; kinds left out count 0."""
    if text is None or text.strip().lower() == "fresh":
        return None
    deck: dict[str, int] = {}
    items = [p.strip() for p in text.split(",") if p.strip()]
    if not items:
        raise ValueError(
            f"--deck needs a composition such as red=5,blue=3,locomotive=2 (cards: {', '.join(L.CARD_NAMES)})"
        )
    for item in items:
        name, sep, count = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"--deck entry {item!r} is not NAME=COUNT (e.g. red=5)")
        try:
            n = int(count.strip())
        except ValueError:
            raise ValueError(f"--deck entry {item!r}: count {count.strip()!r} is not a whole number") from None
        if name.strip() in deck:
            raise ValueError(f"--deck names {name.strip()!r} twice")
        deck[name.strip()] = n
    deck_counts(deck)  # validates names and counts
    return deck


def _pct(p: float) -> str:
    if p == 0:
        return "0"
    if p < 5e-5:
        return "<0.01%"
    return f"{100 * p:.2f}%"


def odds_table(odds: pd.DataFrame, title: str) -> Table:
    """Rich table: one row per reveal count, columns P(0)..P(max), P(any), expected."""
    max_k = int(odds["k"].max())
    short = bool((odds["cards_revealed"] < odds["revealed"]).any())
    table = Table(title=title, title_justify="left", pad_edge=False)
    table.add_column("revealed", justify="right", no_wrap=True)
    if short:  # EU-TUN-5 / TA-TUN-4: fewer cards left than the tunnel asks for
        table.add_column("cards revealed", justify="right", no_wrap=True)
    for k in range(max_k + 1):
        table.add_column(f"P({k})", justify="right", no_wrap=True)
    table.add_column("P(any)", justify="right", style="bold", no_wrap=True)
    table.add_column("expected", justify="right", style="bold", no_wrap=True)
    for r, g in odds.groupby("revealed", sort=False):
        probs = dict(zip(g["k"], g["probability"], strict=True))
        lead = [str(r)] + ([str(int(g["cards_revealed"].iloc[0]))] if short else [])
        cells = [_pct(probs[k]) if k in probs else "" for k in range(max_k + 1)]
        table.add_row(*lead, *cells, _pct(g["p_any"].iloc[0]), f"{g['expected'].iloc[0]:.3f}")
    return table


def _print_wide(console: Console, renderable) -> None:
    """Print without eliding figures when the table is wider than the console."""
    wide = console.options.update(width=1000, max_width=1000)
    needed = console.measure(renderable, options=wide).maximum
    if needed > console.width:
        console.width = needed
    console.print(renderable)


def mc_table(odds: pd.DataFrame, mc: pd.DataFrame) -> Table:
    """Rich table comparing each exact probability with its Monte Carlo estimate."""
    merged = odds.merge(mc, on=["revealed", "k"])
    conf = mc.attrs.get("confidence", 0.95)
    trials = int(mc["trials"].iloc[0])
    table = Table(
        title=f"Monte Carlo check: {trials:,} reveals per row, seed {mc.attrs.get('seed')}",
        title_justify="left",
        pad_edge=False,
    )
    for name in ("revealed", "k", "exact", "estimate", f"{conf:.0%} CI", "in CI"):
        table.add_column(name, justify="right")
    for row in merged.itertuples(index=False):
        inside = row.ci_low <= row.probability <= row.ci_high
        table.add_row(
            str(row.revealed),
            str(row.k),
            f"{row.probability:.5f}",
            f"{row.estimate:.5f}",
            f"[{row.ci_low:.5f}, {row.ci_high:.5f}]",
            "yes" if inside else "[red]no[/red]",
        )
    return table


def tunnels_command(
    revealed: Annotated[str, typer.Option(help="Cards revealed, comma-separated (0..8).")] = "3,4,5,6",
    deck: Annotated[
        str | None,
        typer.Option(help="Cards the reveal is drawn from, e.g. red=5,blue=3,locomotive=2 (default: fresh 110 cards)."),
    ] = None,
    colour: Annotated[str, typer.Option(help="Colour of the cards played.")] = "red",
    locos_only: Annotated[bool, typer.Option(help="Only locomotives were played: only locomotives count.")] = False,
    plot: Annotated[Path | None, typer.Option(help="Draw the distributions to FILE (.png or .svg).")] = None,
    mc_trials: Annotated[int, typer.Option(help="Also run a Monte Carlo check with this many reveals per row.")] = 0,
    seed: Annotated[int, typer.Option(help="Seed of the Monte Carlo check.")] = 1,
    from_: Annotated[Path | None, typer.Option("--from", help="Summarise the tunnel attempts of a results "
                                                               "folder.")] = None,
    study: Annotated[int, typer.Option(help="House-rule study: GAMES Europe 4-player games for each --revealed "
                                            "value.")] = 0,
) -> None:
    """Tunnel surcharge odds (EU-TUN-2/3/5, TA-TUN-1/3/4): exact, Monte Carlo, or in play (--from)."""
    if plot is not None:
        check_plot_path(Path(plot))
    if study:
        tunnel_study(revealed, study, seed, plot)
    elif from_ is not None:
        tunnels_from_run(from_, plot)
    else:
        exact_odds(revealed, deck, colour, locos_only, plot, mc_trials, seed)


def exact_odds(revealed: str, deck: str | None, colour: str, locos_only: bool, plot: Path | None, mc_trials: int,
               seed: int) -> None:
    """The exact hypergeometric odds, with a Monte Carlo check when mc_trials > 0."""
    reveals = parse_revealed(revealed)
    deck_map = parse_deck(deck)
    colour_index(colour, locos_only)
    if isinstance(mc_trials, bool) or not isinstance(mc_trials, int) or mc_trials < 0:
        raise ValueError(f"--mc-trials must be a whole number >= 0, got {mc_trials!r}")
    if deck_map is None:
        deck_map = dict(FRESH_DECK)
    odds = tunnel_odds(deck_map, reveals, colour, locos_only)
    mc = tunnel_odds_mc(deck_map, reveals, colour, locos_only, trials=mc_trials, seed=seed) if mc_trials else None

    console = Console()
    title = f"Tunnel surcharge odds: {odds.attrs['matching_cards']} cards match, {odds.attrs['deck']}"
    _print_wide(console, odds_table(odds, title))
    if mc is not None:
        _print_wide(console, mc_table(odds, mc))
    if plot is not None:
        console.print(f"plot written to {write_figure(odds_figure(odds, mc), Path(plot))}")


def tunnels_from_run(path: Path, plot: Path | None) -> None:
    """The surcharges in play of a results folder against the exact odds."""
    console = Console()
    res = load(path)
    table = tunnels_in_play(res.tunnels)
    if table.empty:
        console.print(f"{path}: no tunnel attempts in this run")
        return
    t = Table(title=f"tunnel attempts in {path} ({len(res.tunnels):,} attempts, {len(res.games):,} games)")
    for col in ("revealed", "k", "realised, all", "from pile", "realised", "95% CI", "exact at reveal", "fresh deck"):
        t.add_column(col, justify="right")
    for r in table.itertuples():
        t.add_row(str(r.to_reveal), str(r.k), f"{r.realised:.4f}", f"{r.attempts_from_pile:,}",
                  f"{r.realised_from_pile:.4f}", f"{r.pile_ci_low:.4f}–{r.pile_ci_high:.4f}",
                  f"{r.conditional:.4f}", f"{r.fresh_deck:.4f}")
    console.print(t)
    ab = abandonment(res.tunnels)
    console.print("abandoned, by surcharge: " + ", ".join(
        f"{int(r.surcharge)} extra: {r.abandon_rate:.1%} of {int(r.attempts):,}" for r in ab.itertuples()))
    if plot is not None:
        note = "provisional board" if res.manifest.get("provisional") else res.manifest.get("board", "")
        console.print(f"plot written to {write_figure(in_play_figure(table, note), Path(plot))}")


def tunnel_study(revealed: str, games: int, seed: int, plot: Path | None) -> None:
    """The tunnel_reveal house rule on Europe, 4 greedy players, the same seeds for every value."""
    if games < 1:
        raise ValueError(f"--study takes a number of games >= 1, not {games}")
    reveals = parse_revealed(revealed)
    table = tunnel_reveal_study(games=games, seed=seed, reveals=reveals, progress=True)
    t = Table(title=f"house rule tunnel_reveal on Europe, 4 greedy players, {games:,} games each (same seeds)")
    for col in ("tunnel_reveal", "attempts/game", "mean surcharge", "P(any)", "abandoned", "mean score"):
        t.add_column(col, justify="right")
    for n_rev, g in table.groupby("tunnel_reveal"):
        mean = float((g["k"] * g["realised"]).sum())
        p_any = 1.0 - float(g.loc[g["k"] == 0, "realised"].iloc[0])
        t.add_row(str(n_rev), f"{g['tunnels_per_game'].iloc[0]:.2f}", f"{mean:.3f}", f"{p_any:.3f}",
                  f"{g['abandon_rate'].iloc[0]:.1%}", f"{g['mean_score'].iloc[0]:.2f}")
    console = Console()
    console.print(t)
    if plot is not None:
        fig = in_play_figure(table.drop_duplicates(["to_reveal", "k"]))
        console.print(f"plot written to {write_figure(fig, Path(plot))}")
