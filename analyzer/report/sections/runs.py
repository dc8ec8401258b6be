"""Runs: which simulations the page is built from (board, players, bots,
rule changes, games, seed, folder) and each run's wall time and games per
second. The share of the total and the slowest study are the Cost section's
(analyzer/report/sections/cost.py), which also counts the tuning studies."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from analyzer.report.figures import save_table
from analyzer.report.html import Section
from analyzer.report.runs import bots_text, is_provisional, rule_changes
from analyzer.run.results import Results


def runs_table(runs: dict[str, Results]) -> pd.DataFrame:
    rows = []
    for name, r in runs.items():
        m = r.manifest
        ch = rule_changes(r)
        rows.append({"study": name, "board": m.get("board"), "players": m.get("players"), "bots": bots_text(r),
                     "rule changes": ", ".join(f"{k}={v}" for k, v in ch.items()) or "—",
                     "games": m.get("games"), "seed": m.get("seed"), "rules hash": m.get("rules_hash"),
                     "provisional board": is_provisional(r), "wall time (s)": m.get("wall_time_s"),
                     "games/s": m.get("games_per_s"), "folder": str(r.path) if r.path else ""})
    return pd.DataFrame(rows)


def build_section(runs: dict[str, Results], out: Path) -> Section | None:
    if not runs:  # a page of tuning studies only
        return None
    df = runs_table(runs)
    total = int(df["games"].sum())
    prov = df.loc[df["provisional board"], "study"].tolist()
    sec = Section("runs", "Runs", "The simulations this report is built from.")
    sec.findings.append(f"{len(df)} runs, {total:,} games in all; runs with the same seed share their deals game "
                        "by game (game i of every run starts from the same shuffle).")
    sec.findings.append("What each study took, slowest first and with the tuning studies, is in the Cost "
                        "section.")
    if prov:
        sec.findings.append(f"Runs on a provisional board: {', '.join(prov)}; their figures say so.")
    sec.tables.append(save_table(df, out, "runs", "runs", max_rows=100, index=False))
    sec.data["runs"] = df
    return sec
