"""Cost: what the page's simulations took, study by study (every run and
every tuning study), slowest first, so the study that makes the report slow
is the first row. A study's figures are those its folders recorded when it
was played (each run's manifest: wall_time_s, games); a study this report
read finished from its folder (played earlier: by an earlier report, or a
run given to `ttr report PATHS`) says so."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from analyzer.report.figures import save_table
from analyzer.report.html import Section
from analyzer.run.protocol import MANIFEST
from analyzer.run.results import Results

COLUMNS = ["study", "kind", "games", "seconds", "games/s", "share of total (%)", "played"]
REUSED = "earlier (read from its folder)"


def _recorded(manifest: dict) -> tuple[int, float | None]:
    """A run's games and wall seconds as its manifest recorded them (None: not recorded)."""
    wall = manifest.get("wall_time_s")
    return int(manifest.get("games") or 0), None if wall is None else float(wall)


def tune_cost(folder: Path) -> tuple[int, float | None]:
    """A tuning study's games and seconds: the sum over the runs of its folder (baseline, trials,
    confirmation, audit: ordinary run folders, each with its manifest)."""
    games, seconds = 0, None
    for path in sorted(Path(folder).rglob(MANIFEST)):
        try:
            m = json.loads(path.read_text())
        except (OSError, json.JSONDecodeError):
            continue
        if m.get("status") != "complete":
            continue
        g, s = _recorded(m)
        games += g
        if s is not None:
            seconds = (seconds or 0.0) + s
    return games, seconds


def cost_table(runs: dict[str, Results], tunes: dict) -> pd.DataFrame:
    """One row per study (study, kind, games, seconds, games/s, share of total, played), slowest first;
    a study without a recorded time sorts last with its cells empty."""
    rows = []
    for name, r in runs.items():
        games, seconds = _recorded(r.manifest)
        rows.append((name, "run", games, seconds, getattr(r, "reused", False)))
    for name, t in tunes.items():
        games, seconds = tune_cost(t.path)
        rows.append((name, "tuning study", games, seconds, getattr(t, "reused", False)))
    df = pd.DataFrame(
        [{"study": n, "kind": k, "games": g, "seconds": s, "played": REUSED if reused else "for this report"}
         for n, k, g, s, reused in rows],
        columns=["study", "kind", "games", "seconds", "played"])
    seconds = pd.to_numeric(df["seconds"], errors="coerce")
    df["seconds"] = seconds.round(1)
    df["games/s"] = (df["games"] / seconds.where(seconds > 0)).round(1)
    total = seconds.sum()
    df["share of total (%)"] = (100 * seconds / total).round(1) if total > 0 else float("nan")
    return df.assign(_s=seconds.fillna(-1)).sort_values("_s", ascending=False, kind="stable")[COLUMNS] \
        .reset_index(drop=True)


def build_section(runs: dict[str, Results], out: Path, tunes: dict | None = None) -> Section | None:
    tunes = tunes or {}
    if not runs and not tunes:
        return None
    df = cost_table(runs, tunes)
    sec = Section("cost", "Cost", "What this page's simulations took, study by study, slowest first: games, "
                  "wall seconds, games per second and share of the total, as each study's runs recorded them "
                  "when they were played (a tuning study: all its runs, summed).")
    timed = df[df["seconds"].notna()]
    if len(timed):
        slow = timed.iloc[0]
        sec.findings.append(f"{len(df)} studies, {int(df['games'].sum()):,} games, {timed['seconds'].sum():,.0f} s "
                            f"of simulation in all; the slowest is {slow['study']} ({slow['seconds']:,.0f} s, "
                            f"{slow['share of total (%)']:.1f}% of the total, {slow['games/s']:,.0f} games/s).")
    reused = df.loc[df["played"] == REUSED, "study"].tolist()
    if reused:
        sec.findings.append(f"{len(reused)} of them were read finished from their folders, not played for this "
                            f"page: {', '.join(reused)}; their seconds are what they took when they were played.")
    sec.tables.append(save_table(df, out, "cost", "cost of each study, slowest first", max_rows=200, index=False))
    sec.data["cost"] = df
    return sec
