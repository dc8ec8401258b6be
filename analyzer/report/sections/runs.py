"""Runs: which simulations the page is built from, and what each cost (its
wall time and share of the total), so the slowest study is visible."""

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
    df = pd.DataFrame(rows)
    seconds = pd.to_numeric(df["wall time (s)"], errors="coerce")
    df["share of run time (%)"] = (100 * seconds / seconds.sum()).round(1) if seconds.sum() > 0 else float("nan")
    return df


def build_section(runs: dict[str, Results], out: Path) -> Section | None:
    if not runs:  # a page of tuning studies only
        return None
    df = runs_table(runs)
    total = int(df["games"].sum())
    prov = df.loc[df["provisional board"], "study"].tolist()
    sec = Section("runs", "Runs", "The simulations this report is built from.")
    sec.findings.append(f"{len(df)} runs, {total:,} games in all; runs with the same seed share their deals game "
                        "by game (game i of every run starts from the same shuffle).")
    seconds = pd.to_numeric(df["wall time (s)"], errors="coerce")
    if seconds.notna().any() and seconds.sum() > 0:
        slow = df.loc[seconds.idxmax()]
        sec.findings.append(f"The runs took {seconds.sum():,.0f} s of simulation in all; the slowest is "
                            f"{slow['study']} ({seconds.max():,.0f} s, "
                            f"{slow['share of run time (%)']:.1f}% of the total).")
    if prov:
        sec.findings.append(f"Runs on a provisional board: {', '.join(prov)}; their figures say so.")
    sec.tables.append(save_table(df, out, "runs", "runs", max_rows=100, index=False))
    sec.data["runs"] = df
    return sec
