"""`ttr`: thin typer commands, each passing its options to one function.
Bad input prints one clear line and exits 2, never a traceback."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import click
import typer
from rich.console import Console
from rich.table import Table

from analyzer.boards import BoardError, builtin_boards, load_board
from analyzer.rules import RuleError

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Monte Carlo strategy analyser for Ticket to Ride.")
boards_app = typer.Typer(no_args_is_help=True, help="List, show and validate boards.")
app.add_typer(boards_app, name="boards")
console = Console()


Opt = typer.Option


@app.command()
def simulate(
    board: Annotated[str, Opt(help="Built-in board name or a board folder.")] = "europe",
    players: Annotated[int, Opt(help="Number of players.")] = 4,
    bots: Annotated[str, Opt(help="One bot for every seat, or one per seat: greedy,greedy,random,random.")] = "greedy",
    games: Annotated[int, Opt(help="Games to simulate.")] = 10_000,
    seed: Annotated[int, Opt(help="Master seed: the same seed gives the same games.")] = 1,
    out: Annotated[Path | None, Opt(help="Results folder (Parquet parts + manifest.json).")] = None,
    rules: Annotated[str | None, Opt(help="Rule preset (default: the board's): usa, europe, legendary-asia.")] = None,
    set_: Annotated[list[str] | None, Opt("--set", help="House rule override key=value (repeatable).")] = None,
    threads: Annotated[int, Opt(help="Worker threads (0: all cores).")] = 0,
    chunk_size: Annotated[int, Opt(help="Games per chunk / part file (0: automatic).")] = 0,
    resume: Annotated[bool, Opt(help="Continue an interrupted run in --out.")] = False,
    quiet: Annotated[bool, Opt(help="No progress bar.")] = False,
    cluster: Annotated[str | None, Opt(help="Run on Dask: local:N (N worker processes) or tcp://HOST:PORT "
                                            "(a running `dask scheduler`).")] = None,
    shared_out: Annotated[bool, Opt(help="tcp cluster: the workers write to --out themselves (they must see "
                                         "the same folder); --no-shared-out sends the tables back here.")] = True,
):
    """Simulate games with bots and write the tables as Parquet."""
    from analyzer.runner import simulate as run

    try:
        res = run(board=board, players=players, bots=bots, games=games, seed=seed, rules=rules,
                  overrides=set_ or None, out=out, threads=threads, chunk_size=chunk_size or None, resume=resume,
                  progress=not quiet, cluster=cluster, shared_out=shared_out)
    except KeyboardInterrupt as e:  # caught here: click would swallow the resume hint
        console.print(f"[yellow]{e or 'interrupted'}[/yellow]")
        raise typer.Exit(130) from None
    print_summary(res)


@app.command()
def summary(path: Annotated[Path, typer.Argument(help="A results folder.")]):
    """Print a run's overview: win rate and score components by seat."""
    from analyzer.results import load

    print_summary(load(path))


def print_summary(res) -> None:
    m = res.manifest
    prov = " [yellow](provisional board)[/yellow]" if m.get("provisional") else ""
    console.print(
        f"[bold]{m['board']}[/bold]{prov}, {m['players']} players, rules {m['rules_name']} "
        f"(hash {m['rules_hash']}), {len(res.games):,} games, seed {m['seed']}"
        + (f", {m['games_per_s']:,.0f} games/s" if m.get("games_per_s") else "")
    )
    s = res.summary()
    t = Table(title="by seat: means per game")
    t.add_column("")
    for seat, bot in s.index:
        t.add_column(f"seat {seat}\n{bot}", justify="right")
    for col in s.columns:
        t.add_row(col, *[f"{v:,.3f}" if col == "win_rate" else f"{v:,.2f}" if col != "games" else f"{int(v):,}"
                         for v in s[col]])
    console.print(t)
    size = int(m.get("rules", {}).get("team_size", 1))
    if size > 1:  # Team Asia: scores and wins are the team's
        tw = res.players.groupby(["game", "team"], observed=True)["winner"].first().groupby("team").mean()
        console.print("team win rate: " + ", ".join(
            f"team {t} (seats {'+'.join(str(size * t + i) for i in range(size))}) {v:.3f}" for t, v in tw.items()))
    g = res.games
    ends = g["end_reason"].value_counts().to_dict()
    console.print(f"turns per game: mean {g['turns'].mean():.1f}; end reasons: {ends}; "
                  f"stalled: {g['stalled'].mean():.4%}")
    if res.path is not None:
        console.print(f"tables in {res.path}: analyzer.load('{res.path}').players")


@boards_app.command("list")
def boards_list():
    """The built-in boards."""
    t = Table()
    for col in ("name", "title", "cities", "routes", "tickets", "preset", "provisional"):
        t.add_column(col)
    for name in builtin_boards():
        b = load_board(name)
        s = b.summary()
        t.add_row(name, b.title, str(s["cities"]), str(s["routes"]), str(s["tickets"]), b.preset,
                  "provisional" if b.provisional else "")
    console.print(t)


@boards_app.command("show")
def boards_show(name: Annotated[str, typer.Argument(help="Board name or folder.")]):
    """Counts, totals and special routes of a board."""
    b = load_board(name)
    s = b.summary()
    if b.provisional:
        console.print(f"[yellow]PROVISIONAL[/yellow]: {b.provisional_note}")
    t = Table(title=f"{b.title} ({b.path})")
    t.add_column("what")
    t.add_column("value", justify="right")
    for k, v in s.items():
        t.add_row(k, str(v))
    console.print(t)
    special = b.routes[b.routes["kind"] != "normal"]
    if len(special):
        st = Table(title="special routes")
        for col in ("a", "b", "length", "color", "kind", "locomotives", "mountains", "reveal"):
            st.add_column(col)
        for _, r in special.iterrows():
            st.add_row(*(str(r[c]) for c in ("a", "b", "length", "color", "kind", "locomotives", "mountains",
                                             "reveal")))
        console.print(st)
    console.print(f"provenance: {b.provenance}")


@boards_app.command("validate")
def boards_validate(path: Annotated[Path, typer.Argument(help="A board folder.")]):
    """Check a board folder; exits 2 with the file, line and field of the first error."""
    b = load_board(path)
    s = b.summary()
    console.print(f"[green]ok[/green]: {b.title}: {s['cities']} cities, {s['routes']} routes, "
                  f"{s['tickets']} tickets")


@app.command("rules")
def rules_show(preset_name: Annotated[str, typer.Argument(metavar="PRESET")] = "europe"):
    """Every parameter of a rule preset (the keys --set accepts)."""
    from analyzer.rules import preset

    rs = preset(preset_name)
    t = Table(title=f"rule preset {rs.name} (hash {rs.hash()})")
    t.add_column("key")
    t.add_column("value")
    for k, v in rs.as_dict().items():
        t.add_row(k, str(v))
    console.print(t)


@app.command("tunnels")
def tunnels(
    revealed: Annotated[str, Opt(help="Cards revealed, comma-separated (0..8).")] = "3,4,5,6",
    deck: Annotated[str | None, Opt(help="Cards the reveal is drawn from, e.g. red=5,blue=3,locomotive=2.")] = None,
    colour: Annotated[str, Opt(help="Colour of the cards played.")] = "red",
    locos_only: Annotated[bool, Opt(help="Only locomotives were played: only locomotives count.")] = False,
    plot: Annotated[Path | None, Opt(help="Draw the distributions to FILE (.png or .svg).")] = None,
    mc_trials: Annotated[int, Opt(help="Also run a Monte Carlo check with this many reveals per row.")] = 0,
    seed: Annotated[int, Opt(help="Seed of the Monte Carlo check.")] = 1,
    from_: Annotated[Path | None, Opt("--from", help="Summarise the tunnel attempts of a results folder.")] = None,
    study: Annotated[int, Opt(help="House-rule study: GAMES Europe 4-player games for each --revealed value.")] = 0,
):
    """Tunnel surcharge odds (EU-TUN-2/3/5, TA-TUN-1/3/4): exact, Monte Carlo, or in play (--from)."""
    if study:
        _tunnel_study(revealed, study, seed, plot)
        return
    if from_ is None:
        from analyzer.cli_tunnels import tunnels_command

        tunnels_command(revealed=revealed, deck=deck, colour=colour, locos_only=locos_only, plot=plot,
                        mc_trials=mc_trials, seed=seed)
        return
    from analyzer.results import load
    from analyzer.tunnels_inplay import abandonment, plot_in_play, tunnels_in_play

    res = load(from_)
    table = tunnels_in_play(res.tunnels)
    if table.empty:
        console.print(f"{from_}: no tunnel attempts in this run")
        return
    t = Table(title=f"tunnel attempts in {from_} ({len(res.tunnels):,} attempts, {len(res.games):,} games)")
    for col in ("revealed", "k", "realised, all", "from pile", "realised", "95% CI", "exact at reveal", "fresh deck"):
        t.add_column(col, justify="right")
    for r in table.itertuples():
        t.add_row(str(r.to_reveal), str(r.k), f"{r.realised:.4f}", f"{r.attempts_from_pile:,}",
                  f"{r.realised_from_pile:.4f}", f"{r.pile_ci_low:.4f}–{r.pile_ci_high:.4f}",
                  f"{r.conditional:.4f}", f"{r.fresh_deck:.4f}")
    console.print(t)
    ab = abandonment(res.tunnels)
    console.print("abandoned, by surcharge: " + ", ".join(
        f"{int(r.surcharge)} extra: {r.abandon_rate:.1%} of {int(r.attempts):,}" for r in ab.itertuples()))
    if plot is not None:
        note = "provisional board" if res.manifest.get("provisional") else res.manifest.get("board", "")
        console.print(f"plot written to {plot_in_play(table, plot, note)}")


def _tunnel_study(revealed: str, games: int, seed: int, plot: Path | None) -> None:
    from analyzer.cli_tunnels import parse_revealed
    from analyzer.tunnels_inplay import plot_in_play, tunnel_reveal_study

    if games < 1:
        raise ValueError(f"--study takes a number of games >= 1, not {games}")
    reveals = parse_revealed(revealed)
    table = tunnel_reveal_study(games=games, seed=seed, reveals=reveals, progress=True)
    t = Table(title=f"house rule tunnel_reveal on Europe, 4 greedy players, {games:,} games each (same seeds)")
    for col in ("tunnel_reveal", "attempts/game", "mean surcharge", "P(any)", "abandoned", "mean score"):
        t.add_column(col, justify="right")
    for n_rev, g in table.groupby("tunnel_reveal"):
        mean = float((g["k"] * g["realised"]).sum())
        p_any = 1.0 - float(g.loc[g["k"] == 0, "realised"].iloc[0])
        t.add_row(str(n_rev), f"{g['tunnels_per_game'].iloc[0]:.2f}", f"{mean:.3f}", f"{p_any:.3f}",
                  f"{g['abandon_rate'].iloc[0]:.1%}", f"{g['mean_score'].iloc[0]:.2f}")
    console.print(t)
    if plot is not None:
        console.print(f"plot written to {plot_in_play(table.drop_duplicates(['to_reveal', 'k']), plot)}")


@app.command("ladder")
def ladder_command(
    board: Annotated[str, Opt(help="Built-in board name or a board folder.")] = "europe",
    players: Annotated[int, Opt(help="Seats at every table.")] = 2,
    bots: Annotated[str, Opt(help="The bots to rank, comma-separated, at least two: greedy,random.")] = "greedy,random",
    games: Annotated[int, Opt(help="Total games, split evenly over every (table, seating) run and rounded up "
                                   "to whole seed blocks.")] = 20_000,
    seed: Annotated[int, Opt(help="Master seed: game i of every run gets the same deal.")] = 1,
    out: Annotated[Path | None, Opt(help="Ladder folder: runs/<run>/ results, ladder.json, summary.csv.")] = None,
    rules: Annotated[str | None, Opt(help="Rule preset (default: the board's).")] = None,
    set_: Annotated[list[str] | None, Opt("--set", help="House rule override key=value (repeatable).")] = None,
    seatings: Annotated[str, Opt(help="rotations (each bot in each seat) or permutations (every order).")] = (
        "rotations"),
    bootstrap: Annotated[int, Opt(help="Resamples of seed blocks for the 95% intervals.")] = 1000,
    threads: Annotated[int, Opt(help="Worker threads (0: all cores).")] = 0,
    resume: Annotated[bool, Opt(help="Continue an interrupted ladder in --out.")] = False,
    quiet: Annotated[bool, Opt(help="No progress bar.")] = False,
    cluster: Annotated[str | None, Opt(help="Run on Dask: local:N or tcp://HOST:PORT.")] = None,
):
    """Rank bots: every table of PLAYERS bots, every seating, the same seeds; win rates, scores, Bradley-Terry."""
    from analyzer.cli_ladder import print_ladder
    from analyzer.ladder import ladder as run

    try:
        res = run(board=board, players=players, bots=bots, games=games, seed=seed, rules=rules,
                  overrides=set_ or None, out=out, threads=threads, resume=resume, progress=not quiet,
                  cluster=cluster, seatings=seatings, bootstrap=bootstrap)
    except KeyboardInterrupt as e:  # caught here: click would swallow the resume hint
        console.print(f"[yellow]{e or 'interrupted'}[/yellow]")
        raise typer.Exit(130) from None
    print_ladder(res, console)
@app.command("sweep")
def sweep_cmd(
    board: Annotated[str | None, Opt(help="Built-in board name or a board folder (default: europe).")] = None,
    players: Annotated[int | None, Opt(help="Number of players (default: 4).")] = None,
    bots: Annotated[str | None, Opt(help="One bot for every seat, or one per seat (default: greedy).")] = None,
    games: Annotated[int | None, Opt(help="Games per variant (default: 10000).")] = None,
    seed: Annotated[int | None, Opt(help="Master seed, the same for every variant (default: 1).")] = None,
    out: Annotated[Path | None, Opt(help="Sweep folder: variants/<variant>/ runs + sweep.json.")] = None,
    rules: Annotated[str | None, Opt(help="Base rule preset (default: the board's).")] = None,
    set_: Annotated[list[str] | None, Opt("--set", help="Swept rule key=v1,v2,... (repeatable: the grid of "
                                                        "every combination); route_scores lists split by ';'.")] = None,
    config: Annotated[Path | None, Opt(help="Sweep config (TOML): named variants, grid, base rules, baseline.")] = None,
    baseline: Annotated[str | None, Opt(help="Name of the baseline variant (default: the one with the base "
                                             "rules, added if missing).")] = None,
    threads: Annotated[int, Opt(help="Worker threads (0: all cores).")] = 0,
    chunk_size: Annotated[int, Opt(help="Games per chunk / part file (0: automatic).")] = 0,
    resume: Annotated[bool, Opt(help="Continue an interrupted sweep in --out.")] = False,
    quiet: Annotated[bool, Opt(help="No progress bars.")] = False,
    cluster: Annotated[str | None, Opt(help="Run every variant on Dask: local:N or tcp://HOST:PORT.")] = None,
    shared_out: Annotated[bool, Opt(help="tcp cluster: the workers write to --out themselves; "
                                         "--no-shared-out sends the tables back here.")] = True,
):
    """House-rule sweep: every variant on the same game seeds (common random numbers), then the comparison."""
    from analyzer.compare import compare
    from analyzer.sweep import parse_set_options
    from analyzer.sweep import sweep as run

    grid = parse_set_options(set_) if set_ else None
    try:
        res = run(board=board, players=players, bots=bots, games=games, seed=seed, grid=grid, rules=rules,
                  baseline=baseline, out=out, threads=threads, chunk_size=chunk_size or None, resume=resume,
                  progress=not quiet, cluster=cluster, shared_out=shared_out, config=config)
    except KeyboardInterrupt as e:
        console.print(f"[yellow]{e or 'interrupted'}[/yellow]; continue the sweep with the same command and --resume")
        raise typer.Exit(130) from None
    print_comparison(compare(res), res)
    if res.path is not None:
        console.print(f"sweep in {res.path}: analyzer.load_sweep('{res.path}'), `ttr compare {res.path}`")


@app.command("compare")
def compare_cmd(
    path: Annotated[Path, typer.Argument(help="A sweep folder (written by `ttr sweep --out`).")],
    baseline: Annotated[str | None, Opt(help="Compare against this variant (default: the sweep's baseline).")] = None,
    csv: Annotated[Path | None, Opt(help="Also write the comparison table to this CSV file.")] = None,
    n_boot: Annotated[int, Opt(help="Bootstrap resamples for the intervals.")] = 1000,
    plot: Annotated[Path | None, Opt(help="Draw each measure against each parameter into this folder.")] = None,
):
    """Balance measures of every variant of a sweep against the baseline, with paired 95% CIs."""
    from analyzer.compare import compare
    from analyzer.sweep import load_sweep

    res = load_sweep(path)
    table = compare(res, baseline=baseline, n_boot=n_boot)
    print_comparison(table, res)
    if csv is not None:
        table.to_csv(csv, index=False)
        console.print(f"comparison written to {csv}")
    if plot is not None:
        from analyzer.report_sweep import plot_sweep

        paths = plot_sweep(table, res.variants(), res.manifest["parameters"], plot)
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
def _register_report() -> None:
    from analyzer.cli_report import report_command  # options and help live there

    app.command("report")(report_command)


_register_report()


def main() -> None:
    """Entry point: user errors exit 2 with one line, no traceback."""
    try:
        rv = app(standalone_mode=False)
    except (BoardError, RuleError, ValueError, FileNotFoundError) as e:
        console.print(f"[red]error:[/red] {e}", highlight=False, soft_wrap=True)  # one line: paths are never broken
        sys.exit(2)
    except click.exceptions.ClickException as e:
        e.show()
        sys.exit(2 if e.exit_code == 2 else e.exit_code)
    except (KeyboardInterrupt, click.exceptions.Abort) as e:
        console.print(f"[yellow]{e or 'interrupted'}[/yellow]")
        sys.exit(130)
    sys.exit(rv if isinstance(rv, int) else 0)


if __name__ == "__main__":
    main()
