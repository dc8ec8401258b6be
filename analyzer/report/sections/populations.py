"""Populations: the figures the Answers quote, each for three populations of
players — the report's bots in every seat (planner self-play by default: the
core studies themselves), the mixed table (planner, destination-hungry,
route-focus, long-route, one per seat) and the strong table (`expert` at every
seat) — with its 95% CI and games, and which of them differ beyond their
intervals (analyzer.stats.populations). The twins are found by their study
names (analyzer.studies.population_twins, a population's seat orders pooled);
the other sections never see them (analyzer.report.page)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from analyzer.report.figures import save_table
from analyzer.report.html import Section
from analyzer.report.names import bonus_name
from analyzer.report.populations import cell
from analyzer.report.runs import board_name, n_games, pooled_table
from analyzer.run.results import Results
from analyzer.stats.blocking import paired_difference, per_game_metrics
from analyzer.stats.bonuses import bonuses
from analyzer.stats.intervals import share
from analyzer.stats.populations import population_differences
from analyzer.stats.tunnels import abandoned_share, surcharge_due_share
from analyzer.studies import POPULATION_REVEAL, POPULATIONS, population_twins

TITLE = "Populations"
INTRO = ("Every figure the Answers quote, played by three populations of players on the same deals: the report's "
         "bots in every seat (self-play), the mixed table (<code>planner</code>, <code>destination-hungry</code>, "
         "<code>route-focus</code>, <code>long-route</code>, one per seat; at 2 players <code>planner</code> "
         "against <code>destination-hungry</code> in both seat orders, pooled) and the strong table "
         "(<code>expert</code> at every seat, its search budget as each run's manifest records it). A figure "
         "differs by population when two populations' 95% intervals do not overlap, or, for a change, when their "
         "values have opposite signs, one interval excludes zero and neither interval holds the other's value.")
MIXED_LABEL, STRONG_LABEL = "mixed table", "strong table"


@dataclass(frozen=True)
class Measure:
    """One figure an Answer quotes: its answer's key, what it is, the core studies it reads (one per
    population twin), whether it is a change (signed), its unit and the function computing it from
    the pooled runs of each study."""

    answer: str
    label: str
    bases: tuple[str, ...]
    signed: bool
    unit: str
    compute: Callable[..., dict]


def _figure(s: dict) -> dict:
    """A share (analyzer.stats.intervals.share) as a figure row's value and interval."""
    return {"value": s["rate"], "ci_low": s["ci_low"], "ci_high": s["ci_high"]}


def deal_metrics(runs: list[Results]) -> pd.DataFrame:
    """Per-game metrics (analyzer.stats.blocking.per_game_metrics) with one row per deal. A population's
    runs of one seed (the 2-player mixed table's two seat orders) play the same deals, game i of each the
    same one: their metrics are averaged per deal, so an interval counts deals, not games that share a
    deal. Runs of different seeds or sizes are pooled, their games numbered apart."""
    if len(runs) > 1 and len({(r.manifest.get("seed"), n_games(r)) for r in runs}) == 1:
        per = [per_game_metrics(r.table("players"), r.table("tickets")) for r in runs]
        return pd.concat(per)[["ticket_completion", "score"]].groupby(level="game").mean()
    return per_game_metrics(pooled_table(runs, "players"), pooled_table(runs, "tickets"))


def _paired(metric: str, a: list[Results], b: list[Results]) -> dict:
    """metric of a minus b, paired over the same deals."""
    d = paired_difference(deal_metrics(a), deal_metrics(b)).loc[metric]
    return {"value": d["difference"], "ci_low": d["ci_low"], "ci_high": d["ci_high"]}


def tickets_completed(runs: list[Results]) -> dict:
    t = pooled_table(runs, "tickets")
    return _figure(share(int(t["completed"].sum()), len(t)))


def surcharge_due(runs: list[Results]) -> dict:
    return _figure(surcharge_due_share(pooled_table(runs, "tunnels")))


def abandoned(runs: list[Results]) -> dict:
    return _figure(abandoned_share(pooled_table(runs, "tunnels")))


def longest_swings(runs: list[Results]) -> dict:
    b = bonuses(pooled_table(runs, "players"), ["longest_bonus"]).loc["longest_bonus"]
    return {"value": b["swings"], "ci_low": b["swings_ci_low"], "ci_high": b["swings_ci_high"]}


_EU4, _REVEAL = "europe-4p", f"europe-4p-reveal-{POPULATION_REVEAL}"
MEASURES = (
    Measure("tunnels", "Surcharge due, 3 cards revealed", (_EU4,), False, "share", surcharge_due),
    Measure("tunnels", f"Surcharge due, {POPULATION_REVEAL} cards revealed", (_REVEAL,), False, "share",
            surcharge_due),
    Measure("tickets", "Tickets completed", (_EU4,), False, "share", tickets_completed),
    Measure("bonuses", f"{bonus_name('longest_bonus', 'europe')} swings the winner", (_EU4,), False, "share",
            longest_swings),
    *(Measure("closure", "Ticket completion, closed minus open",
              (f"europe-{p}p", f"europe-{p}p-doubles-open"), True, "pp",
              lambda a, b: _paired("ticket_completion", a, b)) for p in (2, 3)),
    Measure("house_rules", f"Tunnel attempts abandoned, {POPULATION_REVEAL} cards revealed", (_REVEAL,), False,
            "share", abandoned),
    Measure("house_rules", f"Mean score, {POPULATION_REVEAL} cards revealed minus 3", (_REVEAL, _EU4), True,
            "points", lambda a, b: _paired("score", a, b)),
)
"""The figures of the Answers given per population (Europe: the board the Answers' verdicts quote)."""


def population_label(population: str, runs: list[Results]) -> str:
    """'planner self-play' (the report's bots), 'mixed table', 'strong table'."""
    if population == "self":
        bots = sorted({b for r in runs for b in r.manifest.get("bots", [])})
        return f"{','.join(bots)} self-play"
    return MIXED_LABEL if population == "mixed" else STRONG_LABEL


def figure_rows(runs: dict[str, Results]) -> pd.DataFrame:
    """One row per measure and population whose runs are all present: answer, measure, board, players,
    population, value, ci_low, ci_high, games (the fewest of its runs), signed, unit."""
    rows = []
    for m in MEASURES:
        for pop in POPULATIONS:
            groups = [[runs.get(n) for n in population_twins(pop, base)] for base in m.bases]
            if any(r is None for g in groups for r in g):
                continue
            first = groups[0][0].manifest
            rows.append({"answer": m.answer, "measure": m.label, "board": first["board"],
                         "players": int(first["players"]), "population": population_label(pop, groups[0]),
                         **m.compute(*groups), "games": min(sum(int(r.manifest["games"]) for r in g) for g in groups),
                         "signed": m.signed, "unit": m.unit})
            for g in groups:
                for r in g:
                    r.release()
    return pd.DataFrame(rows)


def differences(figures: pd.DataFrame) -> pd.DataFrame:
    """Per measure and player count, each pair of populations that differs (analyzer.stats.populations):
    answer, measure, players, first, second, how ('size' or 'sign')."""
    rows = [{"answer": a, "measure": m, "players": p, "first": x, "second": y, "how": how}
            for (a, m, p), g in figures.groupby(["answer", "measure", "players"], sort=False)
            for x, y, how in population_differences(g, signed=bool(g["signed"].iloc[0]))]
    return pd.DataFrame(rows, columns=["answer", "measure", "players", "first", "second", "how"])


def finding(figures: pd.DataFrame, d: pd.Series) -> str:
    """One sentence saying which populations differ in a measure, and how."""
    g = figures[(figures["measure"] == d["measure"]) & (figures["players"] == d["players"])].set_index("population")
    a, b = g.loc[d["first"]], g.loc[d["second"]]
    how = "their intervals do not overlap" if d["how"] == "size" else "opposite signs"
    return (f"{d['measure']} ({board_name(a['board'])}, {int(a['players'])} players) differs by population: "
            f"{d['first']} {cell(a)} against {d['second']} {cell(b)} ({how}).")


def build_section(runs: dict[str, Results], out_dir: Path) -> Section | None:
    figures = figure_rows(runs)
    if figures.empty or figures["population"].nunique() < 2:
        return None
    diff = differences(figures)
    sec = Section("populations", TITLE, INTRO)
    sec.findings = [finding(figures, d) for _, d in diff.iterrows()] or [
        "No figure the Answers quote differs by population beyond its 95% intervals."]
    sec.tables.append(save_table(figures, out_dir, "population_figures", "Each figure the Answers quote, per "
                                 "population: value with its 95% CI (ci_low, ci_high), games (game pairs for a "
                                 "change); unit: share, pp (percentage points) or points", max_rows=30,
                                 index=False))
    sec.data.update(figures=figures, differences=diff)
    return sec
