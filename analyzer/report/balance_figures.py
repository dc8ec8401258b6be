"""The balance scorecard's figures (docs/balance.md), one per measure, each
drawn from one or several scorecards: `cards` maps a label ("Europe 4p",
or "preset" and "variant" for a `--set` comparison) to that scorecard's
tables (analyzer.stats.balance: name -> table with its 95% intervals).
Used by `ttr balance` (analyzer/cli/balance.py) and by the report's Balance
section."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.report.figures import ci_bars, grouped_ci_bars, new_figure, save_figure
from analyzer.report.html import FigureRef
from analyzer.stats.balance import ALL_TIERS

SKILL_LEVELS = ((0.5, "high"), (0.2, "moderate"), (-np.inf, "low"))
"""Skill-expression index -> its word in a verdict (docs/balance.md "Reading a scorecard")."""


def skill_word(sei: float) -> str:
    return next(word for floor, word in SKILL_LEVELS if sei >= floor) if np.isfinite(sei) else "unknown"


def verdict(label: str, tables: dict[str, pd.DataFrame]) -> str:
    """'Europe 4p: first seat +3.1 points of win share [2.4, 3.8]; skill expression high (0.55 [0.50, 0.60])'."""
    first = tables["seats"].set_index(["tier", "seat"]).loc[(ALL_TIERS, 0)]
    sei = tables["index"].set_index("measure").loc["skill_expression"]
    return (f"{label}: first seat {100 * first['advantage']:+.1f} points of win share "
            f"[{100 * first['advantage_low']:.1f}, {100 * first['advantage_high']:.1f}]; skill expression "
            f"{skill_word(sei['value'])} ({sei['value']:.2f} [{sei['value_low']:.2f}, {sei['value_high']:.2f}])")


def _legend_outside(ax, title: str) -> None:
    """The legend right of the axes: with every board's bars it would cover some."""
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small", title=title,
              title_fontsize="small")


def _stack(cards: dict[str, dict[str, pd.DataFrame]], name: str) -> pd.DataFrame:
    frames = [t[name].assign(card=label) for label, t in cards.items() if len(t[name])]
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


def _games(cards: dict[str, dict[str, pd.DataFrame]]) -> str:
    n = sum(int(t["length"]["games"].iloc[0]) for t in cards.values())
    return f"n={n:,} games"


def seats_figure(cards, note: str = ""):
    """Each seat's advantage in points of win share: every tier together per
    scorecard, or (one scorecard) each tier."""
    s = _stack(cards, "seats")
    one = len(cards) == 1
    s = s if one else s[s["tier"] == ALL_TIERS]
    s = s.assign(seat_label="seat " + (s["seat"] + 1).astype(str),
                 adv=100 * s["advantage"], lo=100 * s["advantage_low"], hi=100 * s["advantage_high"])
    fig, axes = new_figure(10, 4.4)
    ax = axes[0, 0]
    grouped_ci_bars(ax, s, "tier" if one else "card", "seat_label", "adv", "lo", "hi",
                    legend_title="tier" if one else "board")
    _legend_outside(ax, "tier" if one else "board")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("seat (0 plays first)")
    ax.set_ylabel("win share minus the mean over seats (points)")
    what = next(iter(cards)) + ", " if one else "every tier together, "
    ax.set_title(f"Seat advantage, {what}95% CI ({_games(cards)}){note}", fontsize=10)
    return fig


def matrix_figure(cards, note: str = ""):
    """Head to head, one panel per scorecard: the row tier's share of its comparisons with the column tier."""
    n = len(cards)
    cols = min(n, 4)
    rows = int(np.ceil(n / cols))
    fig, axes = new_figure(max(8.0, 3.6 * cols + 0.6), 3.4 * rows + 0.5, ncols=cols, nrows=rows)
    for ax, (label, t) in zip(axes.ravel(), cards.items(), strict=False):
        m = t["matrix"]
        tiers = list(t["ratings"]["tier"])
        grid = m.pivot(index="tier", columns="opponent", values="share").reindex(index=tiers, columns=tiers)
        ax.imshow(grid.to_numpy(np.float64), vmin=0, vmax=1, cmap="RdBu_r")
        for (i, j), v in np.ndenumerate(grid.to_numpy(np.float64)):
            if np.isfinite(v):
                lo, hi = m.set_index(["tier", "opponent"]).loc[(tiers[i], tiers[j]), ["share_low", "share_high"]]
                ax.text(j, i, f"{v:.2f}\n[{lo:.2f}, {hi:.2f}]", ha="center", va="center", fontsize=6,
                        color="white" if abs(v - 0.5) > 0.3 else "black")
        ax.set_xticks(range(len(tiers)))
        ax.set_xticklabels(tiers, fontsize=7)
        ax.set_yticks(range(len(tiers)))
        ax.set_yticklabels(tiers, fontsize=7)
        ax.set_xlabel(f"opponent tier\n{label} (n={int(t['length']['games'].iloc[0]):,} games)", fontsize=8)
        ax.set_ylabel("tier", fontsize=8)
    for ax in axes.ravel()[n:]:
        ax.set_visible(False)
    fig.suptitle(f"Skill matrix: share of head-to-head comparisons the row tier won, 95% CI{note}", fontsize=10)
    return fig


def ratings_figure(cards, note: str = ""):
    r = _stack(cards, "ratings")
    fig, axes = new_figure(10, 4.4)
    ax = axes[0, 0]
    grouped_ci_bars(ax, r, "card", "tier", "rating", "rating_low", "rating_high", legend_title="scorecard")
    _legend_outside(ax, "scorecard")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("tier")
    ax.set_ylabel("Bradley-Terry rating (log-strength, mean 0)")
    ax.set_title(f"Bradley-Terry rating per tier, 95% CI ({_games(cards)}){note}", fontsize=10)
    return fig


def _per_card_figure(cards, name: str, measure: str, ylabel: str, title: str, scale: float = 1.0, note: str = ""):
    d = _stack(cards, name)
    d = d[d["measure"] == measure] if "measure" in d else d
    fig, axes = new_figure(max(5.0, 1.1 * len(d) + 2), 4.2)
    ax = axes[0, 0]
    games = {c: int(t["length"]["games"].iloc[0]) for c, t in cards.items()}
    labels = [c.replace(" (provisional)", "\n(provisional)") + f"\n(n={games[c]:,})" for c in d["card"]]
    x = ci_bars(ax, labels, scale * d["value"], scale * d["value_low"], scale * d["value_high"])
    ax.set_xticks(x)
    ax.set_xticklabels(labels, fontsize=7)
    ax.set_xlabel("scorecard (games)")
    ax.set_ylabel(ylabel)
    ax.set_title(f"{title}, 95% CI{note}", fontsize=10)
    return fig


def bonuses_figure(cards, note: str = ""):
    """The share of seat-games that took each bonus: every tier together per
    scorecard, or (one scorecard) each tier."""
    b = _stack(cards, "bonuses")
    one = len(cards) == 1
    b = b if one else b[b["tier"] == ALL_TIERS]
    fig, axes = new_figure(8 if one else 10, 4.6)
    ax = axes[0, 0]
    b = b.assign(rate_pct=100 * b["rate"], lo=100 * b["rate_low"], hi=100 * b["rate_high"])
    if one:
        grouped_ci_bars(ax, b, "tier", "bonus", "rate_pct", "lo", "hi", legend_title="tier")
        ax.set_xlabel("bonus")
    else:
        grouped_ci_bars(ax, b, "bonus", "card", "rate_pct", "lo", "hi", legend_title="bonus")
        _legend_outside(ax, "bonus")
        ax.set_xlabel("scorecard")
        for label in ax.get_xticklabels():
            label.set_rotation(20)
            label.set_horizontalalignment("right")
    ax.tick_params(axis="x", labelsize=7)
    ax.set_ylabel("seat-games that took the bonus (%)")
    what = next(iter(cards)) + ", by tier" if one else "every tier together"
    ax.set_title(f"Bonus rates, {what}, 95% CI ({_games(cards)}){note}", fontsize=10)
    return fig


def _diff_panel(ax, labels, frame: pd.DataFrame, col: str, scale: float, ylabel: str, title: str) -> None:
    x = ci_bars(ax, labels, scale * frame[f"{col}_diff"], scale * frame[f"{col}_diff_low"],
                scale * frame[f"{col}_diff_high"])
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xticks(x)
    ax.set_xticklabels(labels, fontsize=7, rotation=30, ha="right")
    ax.set_ylabel(ylabel, fontsize=8)
    ax.set_title(title, fontsize=9)


def compare_figure(compare: dict[str, pd.DataFrame], what: str, games: int, note: str = ""):
    """A rule set against the preset on the same deals: each measure's
    difference (variant - preset) with its paired 95% interval."""
    fig, axes = new_figure(13, 4.6, ncols=4)
    seats = compare["seats"][compare["seats"]["tier"] == ALL_TIERS]
    _diff_panel(axes[0, 0], [f"seat {int(s)}" for s in seats["seat"]], seats, "advantage", 100.0,
                "change in advantage (points of win share)", "Seat advantage, every tier")
    m = compare["matrix"]
    tiers = list(dict.fromkeys(m["tier"]))
    up = m[[tiers.index(a) > tiers.index(b) for a, b in zip(m["tier"], m["opponent"], strict=True)]]
    _diff_panel(axes[0, 1], [f"{a} over {b}" for a, b in zip(up["tier"], up["opponent"], strict=True)], up,
                "share", 100.0, "change in head-to-head share (points)", "Skill matrix")
    idx = compare["index"][compare["index"]["measure"] == "skill_expression"]
    _diff_panel(axes[0, 2], ["skill-expression index"], idx, "value", 1.0, "change in the index",
                "Skill expression")
    both = pd.concat([compare["decided"].assign(value_diff=100 * compare["decided"]["value_diff"],
                                                value_diff_low=100 * compare["decided"]["value_diff_low"],
                                                value_diff_high=100 * compare["decided"]["value_diff_high"]),
                      compare["length"]], ignore_index=True)
    _diff_panel(axes[0, 3], ["decided by tickets (points)", "rounds per game"], both, "value", 1.0, "change",
                "Tickets and game length")
    fig.suptitle(f"{what} against the preset on the same deals: differences with paired 95% CI "
                 f"(n={games:,} games each){note}", fontsize=10)
    return fig


def scorecard_figures(cards: dict[str, dict[str, pd.DataFrame]], out_dir: Path, stem: str = "balance",
                      note: str = "", provisional: bool | str = False) -> list[FigureRef]:
    """One figure per measure of `cards`, written as out_dir/<stem>_<measure>.png and .svg."""
    out = []
    figures = {
        "seats": (seats_figure(cards, note), "Seat advantage"),
        "matrix": (matrix_figure(cards, note), "Skill matrix"),
        "ratings": (ratings_figure(cards, note), "Bradley-Terry rating per tier"),
        "index": (_per_card_figure(cards, "index", "skill_expression", "skill-expression index (0 neutral, 1 "
                                   "strict)", "Skill-expression index", note=note), "Skill-expression index"),
        "length": (_per_card_figure(cards, "length", "rounds", "rounds per game", "Game length", note=note),
                   "Game length"),
        "decided": (_per_card_figure(cards, "decided", "decided_by_tickets", "games decided by tickets (%)",
                                     "Games decided by tickets", 100.0, note), "Games decided by tickets"),
    }
    if any(len(t["bonuses"]) for t in cards.values()):
        figures["bonuses"] = (bonuses_figure(cards, note), "Bonus rates")
    if all("distance" in t for t in cards.values()):
        figures["distance"] = (_per_card_figure(cards, "distance", "distance", "distance from the targets",
                                                "Distance from the targets", note=note), "Distance from the targets")
    for name, (fig, caption) in figures.items():
        out.append(save_figure(fig, out_dir, f"{stem}_{name}", f"{caption}{note}", provisional))
    return out
