"""Rank bots against each other: every table of bots, every seating, the same
seeds.

A *table* is a set of `players` bots from the list (every combination); a
*seating* is one order of a table's bots around the board (every cyclic
rotation, or with seatings="permutations" every distinct order). Each
(table, seating) is one `simulate` run, and every run plays game indexes
0..g-1 of the same master seed. Deals and shuffles come from their own random
stream (kernels.prng.STREAM_DECK, independent of the bots), so game i of every
run starts from the same deal: a *seed block* is game index i played in all
runs. Deal luck and seat advantage then cancel in the comparisons, and every
interval comes from resampling whole seed blocks (the games of a block are
not independent: they share a deal).

`games` is the total number of games asked for; it is split evenly over the
runs and rounded up to whole seed blocks (g = ceil(games / runs) games per
run, so at least `games` are played).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.bots import BOT_NAMES, BOTS, BotParams
from analyzer.run.backends import parse_cluster, study_cluster
from analyzer.run.compile import COMPILE_NOTICE, kernels_compiled
from analyzer.run.progress import LadderProgress
from analyzer.run.protocol import MANIFEST_FORMAT, close_folder, open_folder, read_manifest
from analyzer.run.results import Results, finished_run
from analyzer.run.simulate import run
from analyzer.run.spec import make_spec
from analyzer.stats.ladder import COMPONENTS, ladder_stats

LADDER_MANIFEST = "ladder.json"
SEATINGS = ("rotations", "permutations", "teams")
LADDER_KEY_FIELDS = ("board", "rules_hash", "players", "bots", "games_per_run", "seed", "seatings", "kernel_hash",
                     "bot_params")


# --- tables and seatings ------------------------------------------------------------
def check_bots(bots) -> list[str]:
    """A list of distinct registered bot names, at least two."""
    if isinstance(bots, str):
        bots = [b.strip() for b in bots.split(",") if b.strip()]
    names = [str(b).strip().lower() for b in (bots or [])]
    for b in names:
        if b not in BOTS:
            raise ValueError(f"unknown bot '{b}'; bots: {', '.join(BOT_NAMES)}")
    dup = sorted({b for b in names if names.count(b) > 1})
    if dup:
        raise ValueError(f"bot '{dup[0]}' is named twice; a ladder ranks distinct bots")
    if len(names) < 2:
        raise ValueError(f"a ladder needs at least two bots, not {len(names)}")
    return names


def tables_of(bots: list[str], players: int) -> list[tuple[str, ...]]:
    """Every table of `players` seats: each combination of distinct bots; with
    fewer bots than seats, every multiset in which each bot sits at least
    once (2 bots, 3 seats: a,a,b and a,b,b), so that by symmetry every bot
    gets the same number of seats."""
    if players <= len(bots):
        return list(itertools.combinations(bots, players))
    return [t for t in itertools.combinations_with_replacement(bots, players) if len(set(t)) == len(bots)]


def seatings_of(table: tuple[str, ...], mode: str = "rotations") -> list[tuple[str, ...]]:
    """The distinct seat orders of one table: its cyclic rotations (each bot
    in each seat equally often) or all its permutations (also every order of
    play between bots). Repeated orders (a table with a bot twice) are kept
    once; each remaining order still gives every bot each seat equally often."""
    if mode == "rotations":
        orders = [table[i:] + table[:i] for i in range(len(table))]
    elif mode == "permutations":
        orders = list(itertools.permutations(table))
    else:
        raise ValueError(f"seatings must be one of {', '.join(SEATINGS)}, not {mode!r}")
    return list(dict.fromkeys(orders))


def plan_runs(bots: list[str], players: int, mode: str = "rotations", team_size: int = 1) -> pd.DataFrame:
    """One row per run: its table number, seating number and seat order.
    mode "teams" (team play): a table is one bot per team, each filling its
    team's seats (a team is team_size seats in a row), in every rotation of
    the teams; the other modes seat one bot per seat."""
    if mode == "teams":
        plan = [[tuple(b for b in order for _ in range(team_size)) for order in seatings_of(t, "rotations")]
                for t in tables_of(bots, players // team_size)]
    else:
        plan = [seatings_of(table, mode) for table in tables_of(bots, players)]
    rows = []
    for t, orders in enumerate(plan):
        for s, order in enumerate(orders):
            rows.append({"run": len(rows), "table": t, "seating": s, "seats": ",".join(order),
                         "folder": f"runs/t{t:03d}-s{s:03d}-{'_'.join(order)}"})
    return pd.DataFrame(rows)


# --- the result -----------------------------------------------------------------------
@dataclass
class LadderResult:
    """A ladder's runs and its statistics.

    summary: one row per bot (best Bradley-Terry rating first): win rate and
    95% interval, mean score and interval, mean score components, rating and
    95% interval. pairwise: one row per ordered pair of bots met at a table:
    share of their pairwise comparisons the first won, with interval.
    runs: one row per (table, seating) run. results: each run's Results."""

    summary: pd.DataFrame
    pairwise: pd.DataFrame
    runs: pd.DataFrame
    manifest: dict
    results: list[Results] = field(repr=False)
    path: Path | None = None

    def table(self, name: str) -> pd.DataFrame:
        """One table of every run, stacked, with run, table and seating
        columns; the `game` column is the seed block."""
        parts = []
        for r, res in zip(self.runs.itertuples(), self.results, strict=True):
            df = res.table(name).copy()
            df.insert(0, "seating", np.int16(r.seating))
            df.insert(0, "table", np.int16(r.table))
            df.insert(0, "run", np.int32(r.run))
            parts.append(df)
        out = pd.concat(parts, ignore_index=True)
        if "bot" in out.columns:
            out["bot"] = pd.Categorical(out["bot"].astype(str), categories=self.manifest["bots"])
        return out

    @property
    def players(self) -> pd.DataFrame:
        return self.table("players")

    @property
    def games(self) -> pd.DataFrame:
        return self.table("games")

    def __repr__(self) -> str:
        m = self.manifest
        return (f"LadderResult(board={m['board']!r}, players={m['players']}, bots={m['bots']}, "
                f"runs={len(self.runs)}, games_per_run={m['games_per_run']}, seed={m['seed']})")


# --- running ------------------------------------------------------------------------------
def ladder(board="europe", players=2, bots=None, games=20_000, seed=1, rules=None, overrides=None, out=None,
           threads=0, resume=False, progress=True, cluster=None, seatings="rotations", bootstrap=1000,
           bt_prior=1.0, bot_params=None) -> LadderResult:
    """Play every table of `bots` in every seating on the same seeds and rank
    the bots (see the module docstring and docs/bots.md "Ranking bots: the ladder").

    `games`: total games, split evenly over the runs and rounded up to whole
    seed blocks. With `out`, each run is written to out/runs/<run>/ (a normal
    results folder), the ladder to out/ladder.json and the statistics to
    out/summary.{csv,parquet}, out/pairwise.csv and out/runs.csv;
    `resume=True` continues an interrupted ladder. `bootstrap`: resamples of
    seed blocks for the intervals. `bt_prior`: virtual tied comparisons added
    to every pair of bots that met, so that a bot that never wins (or never
    loses) still gets a finite rating. `threads`, `cluster`: as for
    `simulate`, per run (the runs play one after the other; with "local:N"
    they share one local Dask cluster started for the ladder)."""
    names = check_bots(bots)
    _check_options(seatings, games, bootstrap, bt_prior, players)
    parse_cluster(cluster)  # refused before the ladder folder is written
    BotParams.of(bot_params).check_bots(names)  # some bot of the ladder reads each (not every table)
    # checks board, rules, players and seed once, before any game is played
    spec0 = make_spec(board, players, [names[0]], 1, seed, rules, overrides, bot_params=bot_params)
    runs = plan_runs(names, players, seatings, spec0.rules.team_size)
    per_run = math.ceil(games / len(runs))
    specs = [make_spec(spec0.board, players, r.seats.split(","), per_run, seed, spec0.rules,
                       bot_params=spec0.bot_params)
             for r in runs.itertuples()]
    manifest = {
        "format": MANIFEST_FORMAT, "kind": "ladder", "board": spec0.board.name, "rules_name": spec0.rules.name,
        "rules_hash": spec0.rules.hash(), "rules": spec0.rules.as_dict(), "players": players, "bots": names,
        "games": games, "games_per_run": per_run, "seed": seed, "seatings": seatings, "bootstrap": bootstrap,
        "bt_prior": bt_prior, "kernel_hash": spec0.manifest()["kernel_hash"], "runs": runs.to_dict("records"),
        **({"bot_params": spec0.bot_params.as_dict()} if spec0.bot_params else {}),
    }
    out_dir = Path(out) if out else None
    if out_dir is not None:
        open_folder(out_dir, LADDER_MANIFEST, manifest, LADDER_KEY_FIELDS, resume, "ladder")
    results = _play_runs(runs, specs, out_dir, threads, resume, progress, cluster)
    summary, pairwise = ladder_stats(_players_of(results, runs), names, per_run, bootstrap, seed, bt_prior)
    if out_dir is not None:
        _write_stats(out_dir, summary, pairwise, runs)
        close_folder(out_dir, LADDER_MANIFEST, manifest)
    return LadderResult(summary, pairwise, runs, manifest, results, out_dir)


def _check_options(seatings, games, bootstrap, bt_prior, players) -> None:
    if seatings not in SEATINGS:
        raise ValueError(f"seatings must be one of {', '.join(SEATINGS)}, not {seatings!r}")
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, not {games!r}")
    if not isinstance(bootstrap, int) or bootstrap < 10:
        raise ValueError(f"bootstrap must be a whole number >= 10, not {bootstrap!r}")
    if not bt_prior >= 0:
        raise ValueError(f"bt_prior must be >= 0, not {bt_prior!r}")
    if not isinstance(players, int) or isinstance(players, bool) or players < 2:
        raise ValueError(f"players must be a whole number >= 2, not {players!r}")


def _play_runs(runs: pd.DataFrame, specs: list, out_dir: Path | None, threads, resume, progress, cluster
               ) -> list[Results]:
    """Each run of the ladder in turn (a finished one is read back when resuming), with one progress bar."""
    results = []
    per_run = specs[0].games
    notice = COMPILE_NOTICE if progress and not kernels_compiled() else None
    bar = LadderProgress(len(runs), per_run * len(runs), enabled=progress, notice=notice)
    try:
        with study_cluster(cluster) as where_to_run:
            for r, spec in zip(runs.itertuples(), specs, strict=True):
                bar.start_run(r.run, r.seats)
                folder = out_dir / r.folder if out_dir is not None else None
                res = finished_run(folder, spec.manifest()) if folder is not None and resume else None
                if res is None:
                    res = run(spec, out=folder, threads=threads, resume=resume, progress=False,
                              cluster=where_to_run)
                results.append(res)
                bar.end_run(per_run)
    except KeyboardInterrupt:
        bar.close()
        where = f"; continue it with --resume (results in {out_dir})" if out_dir is not None else ""
        raise KeyboardInterrupt(f"ladder interrupted{where}") from None
    bar.close()
    return results


def load_ladder(path) -> LadderResult:
    """Read a ladder written by `ladder(out=...)` / `ttr ladder --out`."""
    path = Path(path)
    manifest = read_manifest(path, LADDER_MANIFEST, "a ladder", ValueError, "ttr ladder ...")
    runs = pd.DataFrame(manifest["runs"])
    results = [Results.load(path / f) for f in runs["folder"]]
    summary, pairwise = ladder_stats(_players_of(results, runs), manifest["bots"], manifest["games_per_run"],
                                     manifest["bootstrap"], manifest["seed"], manifest["bt_prior"])
    return LadderResult(summary, pairwise, runs, manifest, results, path)


def _write_stats(out_dir: Path, summary: pd.DataFrame, pairwise: pd.DataFrame, runs: pd.DataFrame) -> None:
    summary.to_csv(out_dir / "summary.csv", index=False)
    summary.to_parquet(out_dir / "summary.parquet", index=False)
    pairwise.to_csv(out_dir / "pairwise.csv", index=False)
    runs.to_csv(out_dir / "runs.csv", index=False)


def _players_of(results: list[Results], runs: pd.DataFrame) -> pd.DataFrame:
    """The players tables of every run, stacked, with the run number."""
    cols = ["game", "seat", "bot", "score", "winner", *COMPONENTS]
    parts = []
    for r, res in zip(runs.itertuples(), results, strict=True):
        df = res.players[cols].copy()
        df["bot"] = df["bot"].astype(str)
        df.insert(0, "run", np.int32(r.run))
        parts.append(df)
    return pd.concat(parts, ignore_index=True)
