"""The folders a report is built from, read back: results folders of runs
(`ttr simulate`, or the studies `ttr report` ran) and `ttr tune` study
folders, each named by its folder."""

from __future__ import annotations

from pathlib import Path

from analyzer.run.results import Results, load
from analyzer.run.tune_output import TuneResults, is_tune_folder


def load_runs(paths: list[Path | str]) -> dict[str, Results]:
    """{folder name: Results} of existing results folders (tuning studies are left to load_tunes)."""
    runs = {}
    for p in paths:
        p = Path(p)
        if is_tune_folder(p):
            continue
        if p.name in runs:
            raise ValueError(f"two results folders are named {p.name}: rename one")
        runs[p.name] = load(p)
    if not runs and not any(is_tune_folder(p) for p in paths):
        raise ValueError("no results folders given")
    return runs


def load_tunes(paths: list[Path | str]) -> dict[str, TuneResults]:
    """{folder name: TuneResults} of the tuning study folders among `paths`."""
    tunes = {}
    for p in map(Path, paths):
        if is_tune_folder(p):
            if p.name in tunes:
                raise ValueError(f"two tuning studies are named {p.name}: rename one")
            tunes[p.name] = TuneResults.load(p)
    return tunes
