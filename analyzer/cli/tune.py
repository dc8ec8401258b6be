"""`ttr tune`: search house rules for balance with Optuna (analyzer.run.tune),
then print the trials, the front and the confirmation."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from analyzer.run.tune import tune
from analyzer.run.tune_audit import DEFAULT_AUDIT_SHARE

Opt = typer.Option
console = Console()


def tune_command(
    param: Annotated[list[str], Opt("--param", help="A tuned rule: KEY=LOW..HIGH (integers, or reals with a "
                                                    "point) or KEY=A,B,C (route_scores: ';' between choices); or "
                                                    "a bot weight (a --bot-param NAME, within its bounds). "
                                                    "Repeatable.")],
    objective: Annotated[list[str], Opt("--objective", help="A balance measure of `ttr compare`: MEASURE or "
                                                            "min:MEASURE, max:MEASURE, MEASURE=TARGET. "
                                                            "Repeatable (several: a Pareto front). Per bot: "
                                                            "win_rate:BOT, tickets_kept:BOT, route_share:BOT, "
                                                            "route_length:BOT. 'scorecard': "
                                                            "the scorecard's distance from --targets.")],
    out: Annotated[Path, Opt(help="Study folder: Optuna storage, trials.parquet, pareto.csv, "
                                  "recommendation.json, the runs.")],
    constraint: Annotated[list[str] | None, Opt("--constraint", help="MEASURE>=VALUE (or <=, >, <). "
                                                                     "Repeatable.")] = None,
    board: Annotated[str, Opt(help="Built-in board name or a board folder.")] = "europe",
    players: Annotated[int, Opt(help="Number of players.")] = 4,
    bots: Annotated[str, Opt(help="One bot for every seat, or one per seat (seats are rotated).")] = "greedy",
    rules: Annotated[str | None, Opt(help="Base rule preset (default: the board's).")] = None,
    budget: Annotated[int, Opt(help="Games of the whole search (every trial's rungs and the baseline).")]
    = 200_000,
    min_games: Annotated[int | None, Opt(help="Games of the first rung (default 2000; with --objective "
                                              "scorecard 300, all the tier ladder's runs together).")] = None,
    factor: Annotated[int, Opt(help="Each rung has FACTOR times the games of the one before.")] = 4,
    rungs: Annotated[int, Opt(help="Number of rungs.")] = 3,
    seed: Annotated[int, Opt(help="Master seed: the sampler and the games.")] = 1,
    storage: Annotated[str, Opt(help="Optuna storage under --out: journal or sqlite.")] = "journal",
    confirm_top: Annotated[int, Opt(help="Best trials re-played on fresh games against the baseline.")] = 3,
    confirm_games: Annotated[int | None, Opt(help="Games of each confirmation (default: a full trial's).")]
    = None,
    startup_trials: Annotated[int, Opt(help="Random trials before the TPE model takes over.")] = 8,
    threads: Annotated[int, Opt(help="Worker threads (0: all cores).")] = 0,
    cluster: Annotated[str | None, Opt(help="Run the trials' chunks on Dask: local:N or tcp://HOST:PORT.")] = None,
    targets: Annotated[Path | None, Opt(help="With --objective scorecard: the targets file (TOML: first_seat, "
                                             "[matrix] tier.opponent = share; as `ttr balance --targets`).")]
    = None,
    tiers: Annotated[str | None, Opt(help="With --objective scorecard: the tiers of each trial's ladder "
                                          "(default random,greedy,planner; add expert at its cost).")] = None,
    audit_share: Annotated[float, Opt(help="Share of --budget for the one-step-deviation audit of the best "
                                           "(0 to 0.5; 0: none).")] = DEFAULT_AUDIT_SHARE,
    resume: Annotated[bool, Opt(help="Continue an interrupted study in --out.")] = False,
    quiet: Annotated[bool, Opt(help="No progress bar.")] = False,
):
    """Tune house rules or bots' weights: Optuna proposes rule sets (and weights), trials play the same games
    in rungs and weak ones stop early; the best are confirmed on fresh games against the baseline with paired
    CIs."""
    try:
        res = tune(board=board, players=players, bots=bots, params=param, objectives=objective,
                   constraints=constraint, budget=budget, min_games=min_games, factor=factor, rungs=rungs,
                   seed=seed, rules=rules, out=out, resume=resume, storage=storage, confirm_top=confirm_top,
                   confirm_games=confirm_games, startup_trials=startup_trials, threads=threads, cluster=cluster,
                   progress=not quiet, targets=targets, tiers=tiers, audit_share=audit_share)
    except KeyboardInterrupt as e:
        console.print(f"[yellow]{e or 'interrupted'}[/yellow]")
        raise typer.Exit(130) from None
    print_tune(res)


def print_tune(res) -> None:
    m, t = res.manifest, res.trials
    pruned = int(t["pruned"].sum()) if len(t) else 0
    console.print(f"[bold]{m['board']}[/bold], {m['players']} players, bots {','.join(m['bots'])}: "
                  f"{len(t)} trials ({pruned} stopped early), {m.get('games_search', 0):,} games of the search "
                  f"(budget {m['budget']:,}), rungs {m['rung_games']}")
    rec = res.recommendation
    table = Table(title=f"confirmation on {rec.get('confirm_games', 0):,} fresh games (seed "
                        f"{rec.get('confirm_seed')}) against the baseline rules")
    for col in ("trial", "rules", "objective", "value [95% CI]", "change, paired 95% CI", "survives"):
        table.add_column(col)
    for c in rec.get("candidates", []):
        rules = ", ".join(f"{k}={v}" for k, v in c["overrides"].items())
        for label, o in {**c["objectives"], **c["constraints"]}.items():
            ok = o.get("survives", o.get("satisfied"))
            table.add_row(str(c["trial"]), rules, label,
                          f"{o['estimate']:.4g} [{o['ci'][0]:.4g}, {o['ci'][1]:.4g}]",
                          f"{o['difference']:+.3g} [{o['difference_ci'][0]:+.3g}, {o['difference_ci'][1]:+.3g}]",
                          "yes" if ok else "no")
    console.print(table)
    if rec.get("recommended"):
        ov = rec["recommended"]["overrides"]
        console.print(f"[green]recommended[/green]: trial {rec['recommended']['trial']}: "
                      + ", ".join(f"{k}={v}" for k, v in ov.items()))
    else:
        console.print(f"[yellow]{rec.get('note', 'no recommendation')}[/yellow]")
    print_audit(res)
    console.print(f"study in {res.path}: trials.parquet, pareto.csv, recommendation.json, audit.parquet; "
                  f"analyzer.load_tune('{res.path}')")


def print_audit(res) -> None:
    v, a = res.audit_verdict, res.audit
    if not v:
        return
    if len(a):
        best = ", ".join(f"{k}={val}" for k, val in v["best"].items())
        table = Table(title=f"one-step-deviation audit of trial {v['best_trial']} ({best}): each neighbour "
                            f"against it on {v['games_per_rule_set']:,} games each (seed {v['seed']})")
        for col in ("neighbour", "objective", "value", "best", "change, paired 95% CI", "better"):
            table.add_column(col)
        for r in a.itertuples():
            table.add_row(f"{r.parameter}={r.value} ({r.side})", r.objective, f"{r.estimate:.4g}",
                          f"{r.best_estimate:.4g}", f"{r.difference:+.3g} [{r.ci_low:+.3g}, {r.ci_high:+.3g}]",
                          "yes" if r.better else "no")
        console.print(table)
    colour = "yellow" if v.get("better") else "green"
    console.print(f"[{colour}]audit[/{colour}]: {v['verdict']}")
