"""House rules: a sweep. Each balance measure (analyzer.stats.compare)
against each swept parameter, with the paired 95% CIs of the change from the
baseline and the baseline marked.

The default study (analyzer.studies.SWEEP_STUDIES) is Europe, 4 planner
players, tunnel_reveal = 2, 3, 4 and longest_path_bonus = 10, 15 (6
variants, each with the same games_share and seed, so the games are
paired); the section finds its runs by those studies' names."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyzer.report.figures import new_figure, save_figure, save_table
from analyzer.report.html import Section
from analyzer.report.names import measure_name, parameter_name
from analyzer.report.runs import board_name, provisional_note, provisional_state
from analyzer.rules import preset
from analyzer.run.results import Results
from analyzer.run.sweep_output import SweepResults, compare
from analyzer.stats.compare import MEASURES
from analyzer.studies import SWEEP_STUDIES

SWEEP_VARIANTS: dict[str, dict] = {s.name: dict(s.overrides) for s in SWEEP_STUDIES}
"""The default sweep's variants: study name -> its rule overrides."""


def sweep_from_runs(runs: dict[str, Results], variants: dict[str, dict], base_hash: str | None = None):
    """A SweepResults built from runs of a report (name -> Results); the
    baseline is the run whose rules hash is `base_hash` (else the first)."""
    present = [n for n in variants if n in runs]
    if len(present) < 2:
        return None
    base = next((n for n in present if runs[n].manifest.get("rules_hash") == base_hash), present[0])
    first = runs[present[0]].manifest
    manifest = {
        "format": 1, "kind": "ttr-sweep", "board": first.get("board"), "players": first.get("players"),
        "bots": first.get("bots"), "games": first.get("games"), "seed": first.get("seed"), "baseline": base,
        "parameters": list(dict.fromkeys(k for n in present for k in variants[n])),
        "variants": [{"name": n, "overrides": variants[n], "rules_hash": runs[n].manifest.get("rules_hash"),
                      "path": None} for n in present],
    }
    return SweepResults(manifest, {n: runs[n] for n in present})


def sweep_figures(table: pd.DataFrame, variants: pd.DataFrame, parameters: list[str], note: str = ""
                  ) -> dict[str, Figure]:
    """One figure per parameter: a panel per measure, the measure against the
    parameter's value, one line per combination of the other parameters; bars
    are the paired 95% CI of the change from the baseline drawn around each
    variant's value; the baseline is a star and a dashed line."""
    t = table.merge(variants.drop(columns=["baseline"]), on="variant")
    measures = list(dict.fromkeys(t["measure"].astype(str)))
    games = int(t["games"].max())
    figs = {}
    for param in parameters:
        others = [p for p in parameters if p != param]
        cols = 3
        rows = -(-len(measures) // cols)
        fig, axes = new_figure(4.6 * cols, 3.4 * rows + 0.4, ncols=cols, nrows=rows)
        for ax in axes.ravel()[len(measures):]:
            ax.set_visible(False)
        for i, m in enumerate(measures):
            ax = axes.ravel()[i]
            tm = t[t["measure"].astype(str) == m]
            groups = list(tm.groupby(others, sort=True)) if others else [((), tm)]
            xs = np.unique(tm[param].to_numpy(dtype=float))
            step = 0.03 * (np.diff(xs).min() if len(xs) > 1 else 1.0)  # side by side, not on top of each other
            for j, (key, g) in enumerate(groups):
                g = g.sort_values(param)
                x = g[param].to_numpy(dtype=float) + step * (j - (len(groups) - 1) / 2)
                y = g["estimate"].to_numpy()
                lo = (g["baseline_value"] + g["ci_low"]).to_numpy()
                hi = (g["baseline_value"] + g["ci_high"]).to_numpy()
                key = key if isinstance(key, tuple) else (key,)
                label = ", ".join(f"{parameter_name(o)} {v}" for o, v in zip(others, key, strict=True)) or None
                ax.errorbar(x, y, yerr=np.vstack([np.maximum(y - lo, 0), np.maximum(hi - y, 0)]), marker="o",
                            capsize=3, label=label)
            b = tm[tm["is_baseline"]]
            if len(b):
                ax.axhline(float(b["estimate"].iloc[0]), color="grey", ls="--", lw=0.8)
                ax.plot(b[param].astype(float), b["estimate"], marker="*", ms=14, color="black", ls="none",
                        label="baseline", zorder=5)
            ax.ticklabel_format(axis="y", useOffset=False)
            if np.ptp(tm["estimate"].to_numpy()) == 0 and (tm["ci_high"] - tm["ci_low"]).max() == 0:
                v = float(tm["estimate"].iloc[0])
                ax.set_ylim(v - 0.05 * abs(v) - 0.01, v + 0.05 * abs(v) + 0.01)  # a flat measure, not noise
            ax.set_title(measure_name(m), fontsize=10)
            ax.set_xlabel(parameter_name(param))
            ax.set_ylabel(_unit(m))
            ax.set_xticks(sorted(tm[param].astype(float).unique()))
            if i == 0:
                ax.legend(fontsize=7)
        fig.suptitle(f"Balance measures against the {parameter_name(param)} (n = {games:,} paired games per variant; "
                     f"bars: paired 95% CI of the change from the baseline){note}", fontsize=11)
        figs[param] = fig
    return figs


def _unit(measure: str) -> str:
    if measure == "mean_score":
        return "points per player"
    if measure == "game_length":
        return "turns per game"
    if measure.endswith("_holders"):
        return "holders per game"
    return "share (0–1)"


def findings(table: pd.DataFrame) -> list[str]:
    """Sentences computed from the comparison: the largest clear change of each measure."""
    out = []
    rows = table[~table["is_baseline"]]
    clear = rows[(rows["ci_low"] > 0) | (rows["ci_high"] < 0)]
    out.append(f"{len(clear)} of {len(rows)} variant × measure comparisons differ from the baseline "
               "(paired 95% CI excluding 0).")
    for m, g in clear.groupby("measure", observed=True, sort=True):
        r = g.loc[g["difference"].abs().idxmax()]
        out.append(f"{measure_name(m).capitalize()}: the largest clear change is {r['difference']:+.3g} "
                   f"(95% CI {r['ci_low']:+.3g} to {r['ci_high']:+.3g}) with {r['variant']}, "
                   f"from {r['baseline_value']:.3g} to {r['estimate']:.3g}.")
    widths = rows.assign(p=rows["ci_high"] - rows["ci_low"], u=rows["unpaired_ci_high"] - rows["unpaired_ci_low"])
    widths = widths[(widths["u"] > 0) & widths["paired"]]
    if len(widths):
        ratio = float(np.median(widths["p"] / widths["u"]))
        out.append(f"Common random numbers: the paired intervals are {ratio:.0%} as wide as unpaired ones would be "
                   "(median over all comparisons).")
    return out


def one_change(full: pd.DataFrame, params: list[str]) -> pd.DataFrame:
    """The comparisons of the variants that differ from the baseline in one
    parameter only, with that parameter and its value."""
    base = full[full["is_baseline"]].iloc[0]
    out = []
    for p in params:
        same = np.logical_and.reduce([full[q] == base[q] for q in params if q != p] or [np.ones(len(full), bool)])
        rows = full[same & (full[p] != base[p])]
        out.append(rows.assign(parameter=p, value=rows[p], baseline_value_of_parameter=base[p]))
    return pd.concat(out, ignore_index=True) if out else pd.DataFrame()


def build_section(runs: dict[str, Results], out_dir: Path) -> Section | None:
    sw = sweep_from_runs(runs, SWEEP_VARIANTS, preset("europe").hash())
    if sw is None:
        return None
    out = Path(out_dir)
    table = compare(sw, n_boot=500)
    variants = sw.variants()
    params = sw.manifest["parameters"]
    m = sw.manifest
    paired = bool(table["paired"].all())
    note = ("Every variant plays the same game seeds (common random numbers)." if paired else
            "The variants were not played on the same seeds, so the intervals are unpaired.")
    sec = Section("house-rules", "House rules: tunnel reveal and longest-path bonus",
                  f"{board_name(m['board'])}, {m['players']} players, {len(sw.names)} variants of "
                  f"{int(table['games'].max()):,} games each; baseline <b>{sw.baseline}</b>. {note} Bars are the "
                  "paired 95% bootstrap CI of the change from the baseline.")
    sec.findings += findings(table)
    for param, fig in sweep_figures(table, variants, params, provisional_note(*sw.results.values())).items():
        sec.figures.append(save_figure(fig, out, f"sweep_{param}",
                                       f"Balance measures against the {parameter_name(param)}",
                                       provisional_state(*sw.results.values())))
    full = table.merge(variants.drop(columns=["baseline"]), on="variant")
    sec.tables.append(save_table(full, out, "sweep_compare", "Every variant against the baseline, per balance "
                                 "measure (difference: variant − baseline; ci: paired 95% bootstrap interval)",
                                 index=False))
    present = set(table["measure"].astype(str))
    sec.definitions = {k: v for k, v in MEASURES.items() if k in present}
    sec.data["compare"] = full
    sec.data["one_change"] = one_change(full, params)
    return sec
