"""A finished sweep, read back and compared: the folder `ttr sweep --out`
(analyzer.run.sweep) writes is out/sweep.json (SWEEP_MANIFEST: the variants,
their overrides and rules hashes, which one is the baseline) beside one
results folder per variant. `SweepResults` holds the variants' runs,
`load_sweep` reads a folder, `compare` puts every variant against the
baseline. Reading only: the report and `ttr compare` use this module without
the sweep runner."""

from __future__ import annotations

import threading
from pathlib import Path

import pandas as pd

from analyzer.run.protocol import TABLES, read_manifest
from analyzer.run.results import Results, TableAccess
from analyzer.stats.compare import RunTables, compare_tables

SWEEP_MANIFEST = "sweep.json"


class SweepError(ValueError):
    """A sweep that cannot be run or read: bad grid, variant or config file."""


def _value_text(v) -> str:
    """A rule value as text: a list joined by '-', a bool in lower case."""
    if isinstance(v, (tuple, list)):
        return "-".join(str(x) for x in v)
    return str(v).lower() if isinstance(v, bool) else str(v)


class SweepResults(TableAccess):
    """The runs of a sweep. `games`, `players`, `tickets`, `claims` and
    `tunnels` are the variants' tables concatenated, with a categorical
    `variant` column (categories in sweep order); `results[name]` is one
    variant's Results; `baseline` names the baseline variant."""

    def __init__(self, manifest: dict, results: dict[str, Results], path: Path | None = None):
        self.manifest = manifest
        self.results = dict(results)
        self.path = path
        self._tables: dict[str, pd.DataFrame] = {}
        self._table_lock = threading.Lock()

    @classmethod
    def load(cls, path) -> SweepResults:
        path = Path(path)
        hint = " (a single run: use analyzer.load)" if (path / "manifest.json").exists() else ""
        manifest = read_manifest(path, SWEEP_MANIFEST, "a sweep", SweepError, "ttr sweep ...", hint)
        results = {}
        for v in manifest["variants"]:
            res = Results.load(path / v["path"])
            if res.manifest.get("rules_hash") != v["rules_hash"]:
                raise SweepError(f"{path / v['path']}: its rules are not those of variant '{v['name']}'")
            results[v["name"]] = res
        return cls(manifest, results, path)

    @property
    def baseline(self) -> str:
        return self.manifest["baseline"]

    @property
    def names(self) -> list[str]:
        return [v["name"] for v in self.manifest["variants"]]

    def variants(self) -> pd.DataFrame:
        """One row per variant: its overrides (as text), rules hash, baseline flag,
        and the effective value of every swept parameter."""
        rows = []
        for v in self.manifest["variants"]:
            rules = self.results[v["name"]].manifest["rules"]
            row = {"variant": v["name"], "baseline": v["name"] == self.baseline,
                   "overrides": ", ".join(f"{k}={_value_text(x)}" for k, x in v["overrides"].items()) or "(none)",
                   "rules_hash": v["rules_hash"]}
            for p in self.manifest.get("parameters", []):
                row[p] = _value_text(rules[p]) if isinstance(rules[p], list) else rules[p]
            rows.append(row)
        df = pd.DataFrame(rows)
        df["variant"] = pd.Categorical(df["variant"], categories=self.names, ordered=True)
        return df

    def table(self, name: str) -> pd.DataFrame:
        if name not in TABLES:
            raise KeyError(f"no table '{name}'; tables: {', '.join(TABLES)}")
        self._first_use(lambda: name in self._tables, lambda: self._join(name))
        return self._tables[name]

    def _join(self, name: str) -> None:
        """self._tables[name] <- the variants' tables `name` concatenated, with the variant column first."""
        frames = []
        for v in self.names:
            df = self.results[v].table(name).copy()
            df.insert(0, "variant", v)
            frames.append(df)
        df = pd.concat(frames, ignore_index=True)
        df["variant"] = pd.Categorical(df["variant"], categories=self.names, ordered=True)
        self._tables[name] = df

    def __repr__(self) -> str:
        m = self.manifest
        return (f"SweepResults(board={m.get('board')!r}, players={m.get('players')}, games={m.get('games')}, "
                f"seed={m.get('seed')}, variants={self.names}, baseline={self.baseline!r})")


def load_sweep(path) -> SweepResults:
    """Read a sweep written by `sweep(out=...)` / `ttr sweep --out`."""
    return SweepResults.load(path)


def compare(sweep, baseline: str | None = None, n_boot: int = 1000, seed: int = 0, level: float = 0.95
            ) -> pd.DataFrame:
    """Every variant of a sweep against the baseline, for every balance
    measure (analyzer.stats.compare.MEASURES).

    `sweep`: a SweepResults or a sweep folder. Returns one row per variant
    and measure: variant, measure, estimate, baseline_value, difference,
    ci_low / ci_high (paired bootstrap CI of the difference, `level`),
    unpaired_ci_low / unpaired_ci_high, games, paired, is_baseline (see
    analyzer.stats.compare.compare_tables)."""
    sw = sweep if isinstance(sweep, SweepResults) else SweepResults.load(Path(sweep))
    runs = {name: RunTables(r.games, r.players, r.manifest.get("seed")) for name, r in sw.results.items()}
    return compare_tables({n: runs[n] for n in sw.names}, baseline or sw.baseline, n_boot, seed, level)
