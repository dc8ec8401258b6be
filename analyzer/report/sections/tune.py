"""Tuning house rules: a `ttr tune` study (analyzer.run.tune). Each objective
against each tuned parameter (every trial, its 95% CI, pruned trials
marked), the Pareto front of two objectives, the confirmation of the
best trials on fresh games against the baseline rules (paired CIs), and the
one-step-deviation audit of the best rules.

The page gets tuning studies from `ttr report TUNE_FOLDER` and from the
plan's own small study (analyzer.studies.TUNE_STUDY, run by
analyzer.run.studies before the page is built)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.ticker import MaxNLocator

from analyzer.report.figures import new_figure, save_figure, save_table
from analyzer.report.html import Section
from analyzer.report.names import measure_name, parameter_name
from analyzer.report.runs import board_name
from analyzer.run.tune_output import TuneResults
from analyzer.stats.compare import MEASURES
from analyzer.stats.tune import SCORECARD_DEFINITION, parse_objective


def _provisional(res: TuneResults) -> bool:
    from analyzer.boards import load_board

    try:
        return bool(load_board(res.manifest["board"]).provisional)
    except Exception:
        return False


def parameter_values(values: pd.Series) -> pd.Series:
    """A tuned parameter's trial values: numbers where all are numbers, else their text."""
    x = pd.to_numeric(values, errors="coerce")
    return x if x.notna().all() else values.astype(str)


def whole_ticks(ax, x: pd.Series) -> None:
    """Ticks at whole numbers only when every value is whole (trains, cards, points): a tick at
    12.5 trains would name a rule set that cannot exist."""
    if len(x) and pd.api.types.is_numeric_dtype(x) and bool((x == np.round(x)).all()):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def objective_figures(res: TuneResults, out_dir: Path, prov: bool) -> list:
    """One figure per objective: its measure against each tuned parameter."""
    t, m = res.trials, res.manifest
    keys = [p.split("=", 1)[0] for p in m["params"]]
    refs = []
    note = " (provisional board)" if prov else ""
    for label in m["objectives"]:
        o = parse_objective(label)
        fig, axes = new_figure(width=max(5.5, 3.8 * len(keys)), height=4.0, ncols=len(keys))
        own = t[t["duplicate_of"] < 0] if len(t) else t
        for ax, key in zip(axes[0], keys, strict=True):
            for state, colour, marker in (("complete", "C0", "o"), ("pruned", "0.6", "x")):
                d = own[own["state"] == state]
                if not len(d):
                    continue
                x = parameter_values(d[key])
                y = d[o.measure].to_numpy()
                err = np.vstack([y - d[f"{o.measure}_ci_low"].to_numpy(), d[f"{o.measure}_ci_high"].to_numpy() - y])
                ax.errorbar(x, y, yerr=err, fmt=marker, color=colour, ms=4, capsize=2, lw=0.8,
                            label=f"{state} ({len(d)})")
            if o.goal == "target":
                ax.axhline(o.target, color="C3", lw=0.8, ls="--", label=f"target {o.target:g}")
            base = _baseline_value(res, o.measure)
            if base is not None:
                ax.axhline(base, color="0.3", lw=0.8, ls=":", label=f"baseline rules ({base:.3g})")
            ax.set_xlabel(parameter_name(key))
            whole_ticks(ax, parameter_values(own[key]))
            ax.set_ylabel(measure_name(o.measure))
            ax.legend(fontsize=7)
        fig.suptitle(f"{board_name(m['board'])} {m['players']}p: {o.measure.replace('_', ' ')} of each trial "
                     f"\n(95% CI; n = {', '.join(f'{g:,}' for g in m['rung_games'])} games by rung){note}", fontsize=9)
        stem = "tune_" + re.sub(r"[^A-Za-z0-9_.-]+", "-", o.measure)  # a per-bot measure's ':' names no file
        refs.append(save_figure(fig, out_dir, stem, f"{o.label}: each trial's value against each "
                                f"tuned parameter; pruned trials stopped early (grey)", prov))
    return refs


def _baseline_value(res: TuneResults, measure: str) -> float | None:
    """The baseline rules' value of a measure on the last rung's games (estimate - difference of any trial)."""
    r = res.rungs
    if not len(r):
        return None
    last = r[(r["measure"] == measure) & (r["rung"] == r["rung"].max())]
    return float(last["estimate"].iloc[0] - last["difference"].iloc[0]) if len(last) else None


def pareto_figure(res: TuneResults, out_dir: Path, prov: bool):
    """The first two objectives of every complete trial, the front joined."""
    m, t = res.manifest, res.trials
    objs = [parse_objective(x) for x in m["objectives"][:2]]
    done = t[(t["state"] == "complete") & (t["duplicate_of"] < 0)]
    fig, axes = new_figure(width=5.5, height=4.2)
    ax = axes[0, 0]
    ax.scatter(done[objs[0].column], done[objs[1].column], s=14, color="0.5", label=f"complete trials ({len(done)})")
    if len(res.pareto):
        f = res.pareto.sort_values(objs[0].column)
        ax.plot(f[objs[0].column], f[objs[1].column], "o-", color="C3", ms=5, label=f"Pareto front ({len(f)})")
    for ax_set, o in ((ax.set_xlabel, objs[0]), (ax.set_ylabel, objs[1])):
        ax_set(("|" + o.measure.replace("_", " ") + f" − {o.target:g}|") if o.goal == "target"
               else f"{o.measure.replace('_', ' ')} ({o.goal})")
    ax.legend(fontsize=7)
    note = " (provisional board)" if prov else ""
    ax.set_title(f"{board_name(m['board'])} {m['players']}p: the Pareto front{note}", fontsize=9)
    return save_figure(fig, out_dir, "tune_pareto", "The first two objectives of every trial that played every "
                       "rung; the front is the trials no other beats in both", prov)


def confirmation_table(res: TuneResults) -> pd.DataFrame:
    rows = []
    for c in res.recommendation.get("candidates", []):
        rules = ", ".join(f"{k}={v}" for k, v in c["overrides"].items())
        for kind, items in (("objective", c["objectives"]), ("constraint", c["constraints"])):
            for label, o in items.items():
                rows.append({"trial": c["trial"], "rules": rules, "kind": kind, "measure": label,
                             "value": o["estimate"], "ci_low": o["ci"][0], "ci_high": o["ci"][1],
                             "baseline": o["baseline"], "change": o["difference"],
                             "change_ci_low": o["difference_ci"][0], "change_ci_high": o["difference_ci"][1],
                             "games": o["games"], "survives": o.get("survives", o.get("satisfied"))})
    return pd.DataFrame(rows)


def tune_section(name: str, res: TuneResults, out_dir: Path) -> Section:
    m, t = res.manifest, res.trials
    prov = _provisional(res)
    sec = Section(name if name.startswith("tune-") else f"tune-{name}", f"Tuning house rules: {name}",
                  "Optuna proposes rule sets; every trial plays the same games (common random numbers, seats "
                  "rotated) in rungs of growing size, and a trial that ranks below the best of its rung, or whose "
                  "CI shows it breaks a constraint, stops early. The best trials are then played again on fresh "
                  "games beside the baseline rules, with paired 95% CIs: only a gain that survives that is "
                  "recommended.")
    pruned = int(t["pruned"].sum()) if len(t) else 0
    dup = int((t["duplicate_of"] >= 0).sum()) if len(t) else 0
    sec.findings.append(
        f"{board_name(m['board'])}, {m['players']} players ({','.join(m['bots'])}); tuned {', '.join(m['params'])}; "
        f"objectives {', '.join(m['objectives'])}" + (f"; constraints {', '.join(m['constraints'])}"
                                                      if m["constraints"] else "") + ".")
    sec.findings.append(f"{len(t)} trials ({pruned} stopped early, {dup} repeating rules already tried, which play no "
                        f"games) spent {m.get('games_search', 0):,} of a budget of {m['budget']:,} games; rungs of "
                        f"{', '.join(f'{g:,}' for g in m['rung_games'])} games.")
    rec = res.recommendation
    if rec.get("recommended"):
        r = rec["recommended"]
        cand = next(c for c in rec["candidates"] if c["trial"] == r["trial"])
        parts = [f"{label} {o['estimate']:.4g} (95% CI {o['ci'][0]:.4g}–{o['ci'][1]:.4g}; baseline "
                 f"{o['baseline']:.4g}, paired change {o['difference']:+.3g}, CI {o['difference_ci'][0]:+.3g} to "
                 f"{o['difference_ci'][1]:+.3g})" for label, o in cand["objectives"].items()]
        sec.findings.append(f"Recommended: {', '.join(f'{k}={v}' for k, v in r['overrides'].items())} — on "
                            f"{rec['confirm_games']:,} fresh games, " + "; ".join(parts) + ".")
    else:
        sec.findings.append(rec.get("note", "No recommendation."))
    sec.figures.extend(objective_figures(res, out_dir, prov))
    if len(m["objectives"]) >= 2:
        sec.figures.append(pareto_figure(res, out_dir, prov))
    conf = confirmation_table(res)
    if len(conf):
        sec.tables.append(save_table(conf, out_dir, f"tune_{name}_confirmation", "The best trials on fresh games "
                                     "against the baseline rules (paired 95% CIs of the change)", index=False))
    _audit_part(sec, res, out_dir, name)
    sec.tables.append(save_table(t, out_dir, f"tune_{name}_trials", "Every trial (trials.parquet)", index=False))
    sec.definitions = {k: MEASURES.get(k, SCORECARD_DEFINITION)
                       for k in dict.fromkeys(parse_objective(x).measure for x in m["objectives"])}
    sec.data["trials"] = t
    sec.data["confirmation"] = conf
    return sec


def _audit_part(sec: Section, res: TuneResults, out_dir: Path, name: str) -> None:
    """The one-step-deviation audit (analyzer.run.tune_audit): its verdict as a finding, its table."""
    v = res.audit_verdict
    if not v:
        return
    if not v.get("best"):
        sec.findings.append(f"One-step-deviation audit: {v['verdict']}.")
        return
    best = ", ".join(f"{k}={val}" for k, val in v["best"].items())
    sec.findings.append(f"One-step-deviation audit of trial {v['best_trial']} ({best}): each tuned parameter one grid "
                        f"step below and above, all on the same {v['games_per_rule_set']:,} fresh games: "
                        f"{v['verdict']}.")
    if len(res.audit):
        sec.tables.append(save_table(res.audit, out_dir, f"tune_{name}_audit", "One-step-deviation audit: each "
                                     "neighbour of the best rules against them on the same games (paired 95% CI of "
                                     "the change; better: significantly better on an objective, worse on none)",
                                     index=False))
    sec.data["audit"] = res.audit


def build_section(runs, out_dir: Path, tunes: dict[str, TuneResults] | None = None) -> list[Section] | None:
    """One section per tuning study given (`tunes`: name -> TuneResults)."""
    if not tunes:
        return None
    return [tune_section(name, res, out_dir) for name, res in tunes.items()]
