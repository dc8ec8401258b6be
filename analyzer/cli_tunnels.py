"""`ttr tunnels`: the tunnel surcharge table, an optional plot and Monte Carlo check.

`tunnels_command` is a plain function with typer-compatible parameters; the
CLI module registers it. Bad input raises ValueError with a message meant for
the user (the CLI prints it and exits with code 2).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import numpy as np
import pandas as pd
import typer
from rich.console import Console
from rich.table import Table

from analyzer.tunnels import (
    FRESH_DECK,
    colour_index,
    deck_counts,
    revealed_list,
    tunnel_odds,
    tunnel_odds_mc,
)
from kernels.layouts import CARD_NAMES, MAX_REVEAL

PLOT_SUFFIXES = (".png", ".svg")


def parse_revealed(text: str) -> list[int]:
    """Parse "3,4,5,6" into [3, 4, 5, 6] (each in 0..8)."""
    parts = [p.strip() for p in str(text).split(",")]
    if not any(parts):
        raise ValueError(f"--revealed needs reveal counts such as 3,4,5,6 (each 0..{MAX_REVEAL})")
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
            f"--deck needs a composition such as red=5,blue=3,locomotive=2 (cards: {', '.join(CARD_NAMES)})"
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


def plot_distributions(odds: pd.DataFrame, path: Path, mc: pd.DataFrame | None = None) -> Path:
    """Grouped bars of P(surcharge = k), one bar per reveal count, side by side;
    Monte Carlo estimates with their intervals on top when given. PNG or SVG by
    the suffix of path."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    path = Path(path)
    _check_plot_path(path)
    reveals = list(dict.fromkeys(odds["revealed"]))
    max_k = int(odds["k"].max())
    width = 0.8 / len(reveals)
    fig = Figure(figsize=(max(6.4, 1.1 * (max_k + 1) + 2), 4.4), layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    offsets = {r: (i - (len(reveals) - 1) / 2) * width for i, r in enumerate(reveals)}
    for r in reveals:
        g = odds[odds["revealed"] == r]
        n_shown = int(g["cards_revealed"].iloc[0])
        label = f"{r} revealed" if n_shown == r else f"{r} revealed ({n_shown} cards left)"
        label += f": P(any) {100 * g['p_any'].iloc[0]:.1f}%, mean {g['expected'].iloc[0]:.2f}"
        ax.bar(g["k"].to_numpy() + offsets[r], 100 * g["probability"], width=width, label=label)
    if mc is not None:
        for i, r in enumerate(reveals):
            m = mc[mc["revealed"] == r]
            est = 100 * m["estimate"].to_numpy()
            err = np.vstack([est - 100 * m["ci_low"].to_numpy(), 100 * m["ci_high"].to_numpy() - est]).clip(0)
            label = f"Monte Carlo, {mc.attrs.get('confidence', 0.95):.0%} CI ({int(m['trials'].iloc[0]):,} trials)"
            ax.errorbar(
                m["k"].to_numpy() + offsets[r],
                est,
                yerr=err,
                fmt="o",
                ms=3,
                color="black",
                capsize=2,
                label=label if i == 0 else None,
            )
    ax.set_xticks(range(max_k + 1))
    ax.set_xlabel("surcharge (extra cards to pay)")
    ax.set_ylabel("probability (%)")
    ax.set_title(f"Tunnel surcharge: {odds.attrs.get('matching_cards', '')} cards match")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(title=odds.attrs.get("deck", ""), fontsize="small", title_fontsize="small")
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, format=path.suffix.lower()[1:], dpi=120)
    return path


def _check_plot_path(path: Path) -> None:
    if path.suffix.lower() not in PLOT_SUFFIXES:
        raise ValueError(f"--plot {str(path)!r}: the file name must end in .png or .svg")


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
) -> None:
    """Odds of the tunnel surcharge (EU-TUN-2/3/5, TA-TUN-1/3/4): exact hypergeometric figures."""
    reveals = parse_revealed(revealed)
    deck_map = parse_deck(deck)
    colour_index(colour, locos_only)
    if plot is not None:
        _check_plot_path(Path(plot))
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
        out = plot_distributions(odds, Path(plot), mc)
        console.print(f"plot written to {out}")
