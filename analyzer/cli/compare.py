"""`ttr compare`: the balance measures of a sweep's variants against its
baseline, with paired 95% CIs (and the figures of the report's sweep section)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from analyzer.report.figures import write_figure
from analyzer.report.runs import provisional_note
from analyzer.report.sections.sweep import sweep_figures
from analyzer.run.sweep_output import compare, load_sweep

Opt = typer.Option
console = Console()


def compare_command(
    path: Annotated[Path, typer.Argument(help="A sweep folder (written by `ttr sweep --out`).")],
    baseline: Annotated[str | None, Opt(help="Compare against this variant (default: the sweep's baseline).")] = None,
    csv: Annotated[Path | None, Opt(help="Also write the comparison table to this CSV file.")] = None,
    n_boot: Annotated[int, Opt(help="Bootstrap resamples for the intervals.")] = 1000,
    plot: Annotated[Path | None, Opt(help="Draw each measure against each parameter into this folder.")] = None,
):
    """Balance measures of every variant of a sweep against the baseline, with paired 95% CIs."""
    res = load_sweep(path)
    table = compare(res, baseline=baseline, n_boot=n_boot)
    print_comparison(table, res)
    if csv is not None:
        table.to_csv(csv, index=False)
        console.print(f"comparison written to {csv}")
    if plot is not None:
        paths = []
        note = provisional_note(*res.results.values())
        for param, fig in sweep_figures(table, res.variants(), res.manifest["parameters"], note).items():
            for ext in ("png", "svg"):
                paths.append(write_figure(fig, Path(plot) / f"sweep_{param}.{ext}"))
        console.print(f"figures written to {plot}: {', '.join(p.name for p in paths)}")


def print_comparison(table, res) -> None:
    m = res.manifest
    base = table.loc[table["is_baseline"], "variant"].iloc[0]
    console.print(f"[bold]{m['board']}[/bold], {m['players']} players, bots {','.join(m['bots'])}, "
                  f"{m['games']:,} games per variant, seed {m['seed']}, baseline [bold]{base}[/bold]")
    t = Table(title="variants against the baseline (* = the paired 95% CI excludes 0)")
    for col in ("measure", "variant", "value", "change, paired 95% CI"):
        t.add_column(col, justify="left" if col in ("measure", "variant") else "right")
    for measure, rows in table.groupby("measure", observed=True, sort=True):
        for r in rows.itertuples():
            if r.is_baseline:
                label = str(r.variant) if str(r.variant) == "baseline" else f"{r.variant} (baseline)"
                t.add_row(str(measure), label, f"{r.estimate:.4g}", "")
                continue
            star = "*" if r.ci_low > 0 or r.ci_high < 0 else ""
            t.add_row(str(measure), str(r.variant), f"{r.estimate:.4g}",
                      f"{r.difference:+.3g} [{r.ci_low:+.3g}, {r.ci_high:+.3g}]{star}")
        t.add_section()
    console.print(t)
