"""The population dimension of the page's Answers: each Answer's figures per
population of players (self-play, the mixed table, the strong table) as a
small table, and a flag when two populations differ beyond their intervals,
from the tables the Populations section wrote
(analyzer/report/sections/populations.py)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analyzer.report.html import Answer, Section, pct
from analyzer.report.runs import board_name

HOW = {"size": "intervals apart", "sign": "opposite signs"}
FLAGGED = 2  # differences the flag spells out; more are counted


def cell(row) -> str:
    """'55.8% (51.1–60.3)' of a share, '+0.40 pp (-0.20 to +1.00)' of a change; '–' without one (e.g. a
    run too small to attempt a tunnel)."""
    if not (np.isfinite(row["value"]) and np.isfinite(row["ci_low"]) and np.isfinite(row["ci_high"])):
        return "–"
    if row["unit"] == "share":
        return f"{pct(row['value'])} ({100 * row['ci_low']:.1f}–{100 * row['ci_high']:.1f})"
    scale, unit = (100, " pp") if row["unit"] == "pp" else (1, " points")
    return f"{scale * row['value']:+.2f}{unit} ({scale * row['ci_low']:+.2f} to {scale * row['ci_high']:+.2f})"


def _with_games(row) -> str:
    c = cell(row)
    return c if c == "–" else f"{c}, {int(row['games']):,} games"


def population_table(figures: pd.DataFrame) -> pd.DataFrame:
    """Rows: the measures (with board and players); columns: the populations; cells: figure (95% CI), games."""
    f = figures.assign(Figure=[f"{m} ({board_name(b)}, {int(p)} players)"
                               for m, b, p in zip(figures["measure"], figures["board"], figures["players"],
                                                  strict=True)],
                       cell=[_with_games(r) for _, r in figures.iterrows()])
    t = f.pivot_table(index="Figure", columns="population", values="cell", aggfunc="first", sort=False)
    return t[list(dict.fromkeys(f["population"]))].fillna("–")


def population_flag(figures: pd.DataFrame, differences: pd.DataFrame) -> str | None:
    """'Differs by population: <measure>, 4 players: strong table 61.0% (…) against planner self-play 55.1% (…),
    intervals apart.' for the first differences; None when no two populations differ."""
    if differences.empty:
        return None
    parts = []
    for _, d in differences.head(FLAGGED).iterrows():
        g = figures[(figures["measure"] == d["measure"]) & (figures["players"] == d["players"])]
        g = g.set_index("population")
        parts.append(f"{d['measure']}, {int(d['players'])} players: {d['first']} {cell(g.loc[d['first']])} "
                     f"against {d['second']} {cell(g.loc[d['second']])}, {HOW[d['how']]}")
    more = len(differences) - FLAGGED
    return "Differs by population: " + "; ".join(parts) + (f"; and {more} more." if more > 0 else ".")


def with_populations(answer: Answer | None, key: str, pops: Section | None) -> Answer | None:
    """The answer with its figures per population and its flag, when the Populations section has them."""
    figures = pops.data.get("figures") if pops is not None else None
    if answer is None or figures is None or figures.empty or not (figures["answer"] == key).any():
        return answer
    mine = figures[figures["answer"] == key]
    diff = pops.data["differences"]
    answer.populations = population_table(mine)
    answer.flag = population_flag(mine, diff[diff["answer"] == key])
    answer.note += (" Below, the figures the verdict quotes for each population of players (self-play, the mixed "
                    "table, the strong table), with their 95% CIs.")
    if ("populations", "Populations") not in answer.links:
        answer.links.append(("populations", "Populations"))
    return answer
