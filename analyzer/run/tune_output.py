"""What a tuning study writes (analyzer.run.tune) and reads back:

    out/tune.json              the manifest (what was tuned, how, the reproducing command)
    out/study.journal          Optuna's storage (or study.db with --storage sqlite)
    out/trials.parquet         one row per trial: parameters, state, rung, games,
                               each objective/constraint measure with its 95% CI, objective values, pruned,
                               duplicate_of (the same rules as an earlier trial), same_results_as (other
                               rules, but every measure on every game equal to an earlier trial's)
    out/rungs.parquet          one row per trial, rung and measure (the running estimates)
    out/pareto.csv             the trials on the front (one objective: the best)
    out/confirmation.csv       the best trials and the baseline re-played on a fresh seed (compare_tables)
    out/recommendation.json    the recommended rules, their confirmation CIs, the commands
    out/audit.parquet, .csv    the one-step-deviation audit: each neighbour of the best against it (tune_audit)
    out/audit.json             the audit's best rules, games and verdict
    out/baseline/, trials/, confirm/, audit/   ordinary results folders (rung-R/seating-S; with the
                               scorecard objective, ladder folders)
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.run.protocol import MANIFEST_FORMAT, read_json, read_manifest, tmp_name
from analyzer.run.tune_space import Param
from analyzer.stats.tune import Constraint, Objective, TuneError, pareto_mask
from kernels import SOURCE_HASH

TUNE_MANIFEST = "tune.json"
STORAGE_FILES = {"journal": "study.journal", "sqlite": "study.db"}
RECORD = ("estimate", "ci_low", "ci_high", "difference", "diff_ci_low", "diff_ci_high")


def write_table(df: pd.DataFrame, stem: Path) -> Path:
    """Write stem.parquet atomically."""
    path = Path(f"{stem}.parquet")
    tmp = tmp_name(path)
    df.to_parquet(tmp, index=False)
    os.replace(tmp, path)
    return path


def write_csv(df: pd.DataFrame, path: Path) -> None:
    tmp = tmp_name(path)
    df.to_csv(tmp, index=False)
    os.replace(tmp, path)


def trials_table(trials, ps: list[Param], objs: list[Objective], cons: list[Constraint], is_live) -> pd.DataFrame:
    """One row per trial of the search, in trial order (see the module docstring)."""
    measures = list(dict.fromkeys([o.measure for o in objs] + [c.measure for c in cons]))
    rows = []
    first_with = {}  # (rung, every measure's record) -> the first trial that played to it
    for t in sorted((t for t in trials if is_live(t)), key=lambda t: t.user_attrs["index"]):
        state = "invalid" if "invalid" in t.user_attrs else t.state.name.lower()
        row = {"trial": int(t.user_attrs["index"]), "state": state}
        for p in ps:
            row[p.key] = t.params.get(p.key)
        r = t.user_attrs.get("rung", -1)
        row["rung"] = int(r)
        row["games"] = int(t.user_attrs.get("games", 0))
        row["played"] = int(t.user_attrs.get("played", 0))
        row["duplicate_of"] = int(t.user_attrs.get("duplicate_of", -1))
        rec = t.user_attrs.get(f"rung_{r}", {})
        # other rules, the same games: every measure of `ttr compare` equal on every game played (a rule the
        # bots never meet, e.g. station_value for bots that build no stations); confirmed once
        key = json.dumps([r, rec], sort_keys=True)
        twin = first_with.setdefault(key, row["trial"]) if rec and row["duplicate_of"] < 0 else row["trial"]
        row["same_results_as"] = int(twin) if twin != row["trial"] else -1
        for m in measures:
            est, lo, hi = (rec[m][:3] if m in rec else (np.nan, np.nan, np.nan))
            row[m], row[f"{m}_ci_low"], row[f"{m}_ci_high"] = est, lo, hi
        for o in objs:
            row[o.column] = o.value(rec[o.measure][0]) if o.measure in rec else np.nan
        viol = t.user_attrs.get("constraints", [])
        row["feasible"] = bool(rec) and all(v <= 0 for v in viol)
        row["pruned"] = state == "pruned"
        row["pruned_by"] = t.user_attrs.get("pruned_by", t.user_attrs.get("invalid", ""))
        rows.append(row)
    cols = ["trial", "state", *[p.key for p in ps], "rung", "games", "played", "duplicate_of", "same_results_as"]
    return pd.DataFrame(rows, columns=None if rows else cols)


def rungs_table(trials, is_live) -> pd.DataFrame:
    """One row per trial, rung and measure: the running estimate and its CIs."""
    rows = []
    for t in sorted((t for t in trials if is_live(t)), key=lambda t: t.user_attrs["index"]):
        if "duplicate_of" in t.user_attrs:
            continue  # the same rows as its twin
        for r in range(int(t.user_attrs.get("rung", -1)) + 1):
            for m, rec in t.user_attrs[f"rung_{r}"].items():
                rows.append({"trial": int(t.user_attrs["index"]), "rung": r, "measure": m,
                             **dict(zip(RECORD, rec, strict=True))})
    return pd.DataFrame(rows, columns=["trial", "rung", "measure", *RECORD])


def front(trials: pd.DataFrame, objs: list[Objective]) -> pd.DataFrame:
    """The complete, feasible trials on the Pareto front, best first by the
    first objective (one objective: the best trial and any tie)."""
    done = complete_trials(trials)
    if not len(done):
        return done
    mask = pareto_mask(done[[o.column for o in objs]].to_numpy(), [o.goal == "max" for o in objs])
    f = done[mask]
    return f.sort_values(objs[0].column, ascending=objs[0].goal != "max", kind="stable")


def complete_trials(trials: pd.DataFrame) -> pd.DataFrame:
    """Trials that played every rung within their constraints, each rule set
    once, and of trials whose games came out identical, the first."""
    if not len(trials):
        return trials
    twin = trials["same_results_as"] if "same_results_as" in trials else -1  # absent in studies before it
    return trials[(trials["state"] == "complete") & trials["feasible"] & (trials["duplicate_of"] < 0) & (twin < 0)]


class TuneResults:
    """A finished tuning study read back: `manifest`, `trials`, `rungs`,
    `pareto`, `confirmation`, `audit` (DataFrames), `recommendation` and
    `audit_verdict` (dicts)."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.manifest = read_json(self.path / TUNE_MANIFEST)
        self.trials = pd.read_parquet(self.path / "trials.parquet")
        self.rungs = pd.read_parquet(self.path / "rungs.parquet")
        self.pareto = _read_csv(self.path / "pareto.csv")
        self.confirmation = _read_csv(self.path / "confirmation.csv")
        self.recommendation = read_json(self.path / "recommendation.json")
        audit = self.path / "audit.parquet"
        self.audit = pd.read_parquet(audit) if audit.exists() else pd.DataFrame()
        self.audit_verdict = read_json(self.path / "audit.json") if (self.path / "audit.json").exists() else {}
        self.reused = True  # read back from its folder; tune() says False for a study it played

    @classmethod
    def load(cls, path) -> TuneResults:
        path = Path(path)
        read_manifest(path, TUNE_MANIFEST, "a tuning study", TuneError, "ttr tune ...")
        return cls(path)

    def __repr__(self) -> str:
        m = self.manifest
        return (f"TuneResults(board={m['board']!r}, players={m['players']}, params={m['params']}, "
                f"objectives={m['objectives']}, trials={len(self.trials)})")


def tune_manifest(b, players, bots, seats, seed, base, goals, plan, factor, storage, startup_trials, budget,
                  confirm_top, confirm_games, n_boot) -> dict:
    """What tune.json says of a study (its reproducing command, targets and audit share are added by tune)."""
    return {
        "format": MANIFEST_FORMAT, "kind": "ttr-tune", "board": b.name, "players": players, "bots": bots,
        "seed": seed, "rules_name": base.name, "base_rules": base.as_dict(), "base_rules_hash": base.hash(),
        "params": [p.text for p in goals.params], "objectives": [o.label for o in goals.objectives],
        "constraints": [c.label for c in goals.constraints], "directions": [o.direction for o in goals.objectives],
        "rung_games": [int(sum(plan[: r + 1]) * len(seats)) for r in range(len(plan))], "factor": factor,
        "seatings": seats, "storage": storage, "startup_trials": startup_trials, "kernel_hash": SOURCE_HASH,
        "budget": budget, "confirm_top": confirm_top, "confirm_games": confirm_games, "n_boot": n_boot,
    }


def is_tune_folder(path) -> bool:
    return (Path(path) / TUNE_MANIFEST).exists()


def _read_csv(path: Path) -> pd.DataFrame:
    try:
        return pd.read_csv(path)
    except (FileNotFoundError, pd.errors.EmptyDataError):
        return pd.DataFrame()


class TuneProgress:
    """One bar over the budget's games: the trial, its rung and the best so far."""

    def __init__(self, budget: int, enabled: bool, notice: str | None = None):
        self.enabled = enabled
        if not enabled:
            return
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self.progress = Progress(TextColumn("[bold]tune[/bold] {task.fields[what]}"), BarColumn(),
                                 MofNCompleteColumn(), TextColumn("games · best {task.fields[best]}"),
                                 TimeElapsedColumn())
        if notice:
            self.progress.console.print(notice, soft_wrap=True)
        self.progress.start()
        self.task = self.progress.add_task("tune", total=budget, what="", best="—")

    def update(self, spent: int, trials: int, best: str) -> None:
        if self.enabled:
            self.progress.update(self.task, completed=spent, what=f"{trials} trials", best=best)

    def rung(self, trial: int, rung: int, spent: int) -> None:
        if self.enabled:
            self.progress.update(self.task, completed=spent, what=f"trial {trial} rung {rung}")

    def advance_to(self, spent: int) -> None:
        if self.enabled:
            self.progress.update(self.task, completed=spent)

    def close(self) -> None:
        if self.enabled:
            self.progress.stop()
