"""The one-step-deviation audit of a tuning study (analyzer.run.tune): is
the search's best rule set a local optimum of the grid it searched?

After the search, the best trial (one objective: the best complete trial;
several: the front's first) and each of its neighbours — every tuned
parameter moved one grid step below and above, within its range — are
played on the audit's own master seed, all on the same games (common random
numbers), and each neighbour is compared with the best (`versus`: paired
95% CIs of the change). A grid step is 1 for an integer range, the next
choice in the list for choices, and a tenth of the range for a real range;
a bot weight steps as a rule does (its range lies within its bounds, so
every neighbour is a weight the bots can play).

Budget: the audit gets `audit_share` of `--budget` (the search the rest),
split evenly over the best and the most neighbours it can have (two per
parameter), in whole seatings: the best at the edge of a range plays the
same games and has fewer neighbours.

A neighbour is **better** when it is significantly better on some objective
and significantly worse on none. Min or max: the paired CI of the change
lies wholly on the better side. Target: the neighbour's value is closer to
the target and the CI of the change excludes 0 on the target's side.

Writes out/audit.parquet, out/audit.csv (one row per neighbour and
objective) and out/audit.json (the best rules, the games, the verdict); the
games are ordinary results folders (ladder folders with the scorecard) in
out/audit/<games per seating>-per-seating/<the rule set's tuned values>/,
resumed when there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.rules import RuleError
from analyzer.run.protocol import write_json
from analyzer.run.sweep_output import _value_text
from analyzer.run.tune_games import ranked
from analyzer.run.tune_output import write_csv, write_table
from analyzer.run.tune_space import Goals, Param, Setting
from analyzer.stats.tune import Objective, TuneError

AUDIT_STREAM = 1_000_033  # the audit's seed stream: no rung and not the confirmation
DEFAULT_AUDIT_SHARE = 0.15
REAL_STEPS = 10
"""A real range's grid step is its width / REAL_STEPS."""
AUDIT_COLUMNS = ["parameter", "side", "value", "best_value", "objective", "best_estimate", "estimate", "difference",
                 "ci_low", "ci_high", "objective_difference", "significantly_better", "significantly_worse",
                 "better", "games"]


def split_budget(budget: int, share) -> tuple[int, int]:
    """(search games, audit games) of `budget` with `share` of it for the audit."""
    if isinstance(share, bool) or not isinstance(share, int | float) or not 0 <= share <= 0.5:
        raise TuneError(f"--audit-share must be a share from 0 to 0.5 (0: no audit), not {share!r}")
    audit = int(round(budget * share))
    return budget - audit, audit


def neighbours(p: Param, value) -> list[tuple[str, object]]:
    """(side, sampled value) one grid step below and above `value`, within the parameter's range."""
    if p.kind == "choice":
        i = p.choices.index(str(value))
        return [(side, p.choices[j]) for side, j in (("below", i - 1), ("above", i + 1)) if 0 <= j < len(p.choices)]
    step = 1 if p.kind == "int" else (p.high - p.low) / REAL_STEPS
    v = int(value) if p.kind == "int" else float(value)
    out = [("below", max(p.low, v - step)), ("above", min(p.high, v + step))]
    return [(side, int(x) if p.kind == "int" else float(x)) for side, x in out if x != v]


@dataclass(frozen=True)
class Audit:
    """The audit's master seed, games per seating of each rule set it plays, and bootstrap resamples."""

    seed: int
    per_seating: int
    n_boot: int

    @classmethod
    def of(cls, seed: int, audit_games: int, n_params: int, n_seatings: int, n_boot: int) -> Audit:
        return cls(seed, audit_games // ((1 + 2 * n_params) * n_seatings), n_boot)


def _setting(base: Setting, params, sampled: dict) -> Setting:
    return base.with_overrides({p.key: p.rule_value(sampled[p.key]) for p in params})


def better_than(o: Objective, est: float, ref: float, lo: float, hi: float) -> bool:
    """Is a value `est` significantly better than `ref` for the objective, the paired CI of est - ref being
    [lo, hi]? (See the module docstring.)"""
    if o.goal == "min":
        return bool(hi < 0)
    if o.goal == "max":
        return bool(lo > 0)
    towards = np.sign(o.target - ref)
    closer = abs(est - o.target) < abs(ref - o.target)
    return bool(closer and ((towards > 0 and lo > 0) or (towards < 0 and hi < 0)))


def audit(out: Path, trials: pd.DataFrame, goals: Goals, base: Setting, games, plan: Audit, progress: bool
          ) -> dict:
    """Play and compare the best trial's neighbours (see the module docstring); write the tables and
    out/audit.json; return the verdict's record."""
    objs, params = list(goals.objectives), list(goals.params)
    best = ranked(trials, objs, 1)
    rec = {"seed": plan.seed, "games_per_rule_set": plan.per_seating * len(games.seatings), "best_trial": None,
           "best": None, "neighbours": 0, "better": [], "verdict": ""}
    if plan.per_seating < 1 or not len(best):
        rec["verdict"] = ("no audit: its share of the budget is below one game per seating" if plan.per_seating < 1
                          else "no audit: no trial completed every rung within its constraints")
        return _write(out, pd.DataFrame(columns=AUDIT_COLUMNS), rec)
    row = best.iloc[0]
    sampled = {p.key: row[p.key] for p in params}
    rec["best_trial"], rec["best"] = int(row["trial"]), {p.key: _plain(p.rule_value(sampled[p.key])) for p in params}
    folder = out / "audit" / f"{plan.per_seating}-per-seating"  # a larger --budget on resuming: other games

    def play(values: dict):
        return [games.play(folder / _folder_name(params, values), _setting(base, params, values), plan.seed,
                           plan.per_seating)]

    named = {"best": play(sampled)}
    where = {}
    for p in params:
        for side, v in neighbours(p, sampled[p.key]):
            try:
                _setting(base, params, sampled | {p.key: v})
            except RuleError:
                continue  # a neighbour no game can be played with
            name = f"{p.key}-{side}"
            if progress:
                print(f"audit: {p.key}={_plain(p.rule_value(v))} ({side} the best's "
                      f"{_plain(p.rule_value(sampled[p.key]))}) on {rec['games_per_rule_set']:,} games", flush=True)
            named[name] = play(sampled | {p.key: v})
            where[name] = (p, side, v)
    table = games.versus(named, "best", plan.seed, plan.n_boot) if where else None
    rows = [_row(table, name, p, side, v, sampled[p.key], o) for name, (p, side, v) in where.items() for o in objs]
    df = pd.DataFrame(rows, columns=AUDIT_COLUMNS)
    if len(df):  # a neighbour: better on some objective and worse on none
        by = df.groupby(["parameter", "side"], sort=False)
        df["better"] = (by["significantly_better"].transform("any")
                        & ~by["significantly_worse"].transform("any")).astype(bool)
        rec["better"] = list(dict.fromkeys(f"{r.parameter}={r.value}" for r in df[df["better"]].itertuples()))
    rec["neighbours"] = len(where)
    rec["verdict"] = (f"a neighbour is significantly better: {', '.join(rec['better'])}" if rec["better"] else
                      f"no neighbour is significantly better ({len(where)} played)")
    return _write(out, df, rec)


def _row(table: pd.DataFrame, name: str, p: Param, side: str, v, best_v, o: Objective) -> dict:
    r = table[(table["variant"].astype(str) == name) & (table["measure"].astype(str) == o.measure)].iloc[0]
    est, ref, lo, hi = float(r.estimate), float(r.baseline_value), float(r.ci_low), float(r.ci_high)
    return {"parameter": p.key, "side": side, "value": str(_plain(p.rule_value(v))),
            "best_value": str(_plain(p.rule_value(best_v))), "objective": o.label, "best_estimate": ref,
            "estimate": est, "difference": est - ref, "ci_low": lo, "ci_high": hi,
            "objective_difference": o.value(est) - o.value(ref),
            "significantly_better": better_than(o, est, ref, lo, hi),
            "significantly_worse": better_than(o, ref, est, -hi, -lo), "better": False, "games": int(r.games)}


def _folder_name(params, values: dict) -> str:
    """A rule set's audit folder: its tuned values, made safe as one folder name."""
    text = "_".join(f"{p.key}={_value_text(p.rule_value(values[p.key]))}" for p in params)
    return re.sub(r"[^A-Za-z0-9_.=-]+", "-", text)


def _plain(v):
    return list(v) if isinstance(v, tuple) else v


def _write(out: Path, df: pd.DataFrame, rec: dict) -> dict:
    write_table(df, out / "audit")
    write_csv(df, out / "audit.csv")
    write_json(out / "audit.json", rec)
    return rec
