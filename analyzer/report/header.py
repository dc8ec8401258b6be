"""The page's header: what the page was built from, read from the runs'
manifests (and the tuning studies'): the study's name, bots, games, seed,
package version, engine hash, date and total run time."""

from __future__ import annotations

import datetime
import importlib.metadata
import json
from pathlib import Path

from analyzer.run.results import Results


def _duration(seconds: float) -> str:
    minutes, sec = divmod(int(round(seconds)), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if hours else (f"{minutes} min {sec} s" if minutes else f"{sec} s")


def _listed(values) -> str:
    values = [str(v) for v in dict.fromkeys(v for v in values if v not in (None, ""))]
    return ", ".join(values) if values else "–"


def _tune_wall_time(tunes: dict) -> float:
    """Seconds spent by the tuning studies' runs (their manifests, in their folders)."""
    total = 0.0
    for t in tunes.values():
        path = getattr(t, "path", None)
        for m in Path(path).rglob("manifest.json") if path is not None else ():
            total += float(json.loads(m.read_text(encoding="utf-8")).get("wall_time_s") or 0)
    return total


def _games(manifests: list[dict], games: int | None) -> str:
    total = sum(int(m.get("games", 0)) for m in manifests)
    if games:
        return f"{games:,} in each main study (Europe at each player count), a share of it in the others; " \
               f"{total:,} in all"
    sizes = sorted({int(m.get("games", 0)) for m in manifests})
    if not sizes:
        return "–"
    each = f"{sizes[0]:,}" if len(sizes) == 1 else f"{sizes[0]:,} to {sizes[-1]:,}"
    return f"{each} per study; {total:,} in all"


def package_version() -> str:
    try:
        return importlib.metadata.version("ttr-analyzer")
    except importlib.metadata.PackageNotFoundError:
        return "unknown (not installed)"


def header(runs: dict[str, Results], tunes: dict, name: str, games: int | None = None) -> dict[str, str]:
    """The header's rows, in order: label -> text."""
    manifests = [r.manifest for r in runs.values()]
    tuned = [t.manifest for t in tunes.values()]
    versions = [m.get("versions", {}).get("ttr-analyzer") for m in manifests]
    wall = sum(float(m.get("wall_time_s") or 0) for m in manifests) + _tune_wall_time(tunes)
    studies = f"{len(runs)} runs" + (f" and {len(tunes)} tuning " + ("study" if len(tunes) == 1 else "studies")
                                     if tunes else "")
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    return {
        "Study": f"{name} ({studies})",
        "Bots": _listed(b for m in manifests + tuned for b in m.get("bots", [])),
        "Games per study": _games(manifests, games),
        "Seed": _listed(m.get("seed") for m in manifests + tuned),
        "Package version": f"ttr-analyzer {_listed(versions) if any(versions) else package_version()}",
        "Engine hash": _listed(m.get("kernel_hash") for m in manifests + tuned),
        "Date": now,
        "Total run time": f"{_duration(wall)} of simulation (the runs' wall times, summed)",
    }
