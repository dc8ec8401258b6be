"""Rank bots against each other: every table of bots, every seating, the same
seeds (issue 3).

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
import json
import math
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.bots import BOT_NAMES, BOTS
from analyzer.results import Results, run_key
from analyzer.runner import make_spec, simulate

LADDER_MANIFEST = "ladder.json"
SEATINGS = ("rotations", "permutations")
# score components reported per bot (means per seat-game); the optional ones
# are left out when no game of the ladder scores them
COMPONENTS = ("route_points", "tickets_won", "tickets_lost", "longest_bonus", "explorer_bonus",
              "globetrotter_bonus", "station_points", "mountain_points", "routes_claimed", "tickets_completed",
              "tickets_failed", "stations_built", "trains_left")
OPTIONAL = {"longest_bonus", "explorer_bonus", "globetrotter_bonus", "station_points", "mountain_points",
            "stations_built"}
LADDER_KEY_FIELDS = ("board", "rules_hash", "players", "bots", "games_per_run", "seed", "seatings", "kernel_hash")


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


def plan_runs(bots: list[str], players: int, mode: str = "rotations") -> pd.DataFrame:
    """One row per run: its table number, seating number and seat order."""
    rows = []
    for t, table in enumerate(tables_of(bots, players)):
        for s, order in enumerate(seatings_of(table, mode)):
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
           bt_prior=1.0) -> LadderResult:
    """Play every table of `bots` in every seating on the same seeds and rank
    the bots (see the module docstring and README "Ranking bots: the ladder").

    `games`: total games, split evenly over the runs and rounded up to whole
    seed blocks. With `out`, each run is written to out/runs/<run>/ (a normal
    results folder), the ladder to out/ladder.json and the statistics to
    out/summary.{csv,parquet}, out/pairwise.csv and out/runs.csv;
    `resume=True` continues an interrupted ladder. `bootstrap`: resamples of
    seed blocks for the intervals. `bt_prior`: virtual tied comparisons added
    to every pair of bots that met, so that a bot that never wins (or never
    loses) still gets a finite rating. `threads`, `cluster`: as for
    `simulate`, per run (the runs play one after the other; with "local:N"
    each run starts its own local Dask cluster, so prefer threads or a
    running tcp:// scheduler for ladders of many runs)."""
    names = check_bots(bots)
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
    # checks board, rules, players and seed once, before any game is played
    spec0 = make_spec(board, players, [names[0]], 1, seed, rules, overrides)
    runs = plan_runs(names, players, seatings)
    per_run = math.ceil(games / len(runs))
    specs = [make_spec(spec0.board, players, r.seats.split(","), per_run, seed, spec0.rules)
             for r in runs.itertuples()]
    manifest = {
        "format": 1,
        "kind": "ladder",
        "board": spec0.board.name,
        "rules_name": spec0.rules.name,
        "rules_hash": spec0.rules.hash(),
        "rules": spec0.rules.as_dict(),
        "players": players,
        "bots": names,
        "games": games,
        "games_per_run": per_run,
        "seed": seed,
        "seatings": seatings,
        "bootstrap": bootstrap,
        "bt_prior": bt_prior,
        "kernel_hash": spec0.manifest()["kernel_hash"],
        "runs": runs.to_dict("records"),
    }
    out_dir = Path(out) if out else None
    if out_dir is not None:
        _prepare_ladder_dir(out_dir, manifest, resume)
    results = []
    bar = _LadderProgress(len(runs), per_run * len(runs), enabled=progress)
    try:
        for r, spec in zip(runs.itertuples(), specs, strict=True):
            bar.start_run(r.run, r.seats)
            folder = out_dir / r.folder if out_dir is not None else None
            res = _complete_run(folder, spec.manifest()) if folder is not None and resume else None
            if res is None:
                res = simulate(spec.board, players, r.seats.split(","), per_run, seed, spec.rules, None,
                               out=folder, threads=threads, resume=resume, progress=False, cluster=cluster)
            results.append(res)
            bar.end_run(per_run)
    except KeyboardInterrupt:
        bar.close()
        where = f"; continue it with --resume (results in {out_dir})" if out_dir is not None else ""
        raise KeyboardInterrupt(f"ladder interrupted{where}") from None
    bar.close()
    summary, pairwise = ladder_stats(_players_of(results, runs), names, per_run, bootstrap, seed, bt_prior)
    if out_dir is not None:
        manifest["status"] = "complete"
        _write_json(out_dir / LADDER_MANIFEST, manifest)
        _write_stats(out_dir, summary, pairwise, runs)
    return LadderResult(summary, pairwise, runs, manifest, results, out_dir)


def load_ladder(path) -> LadderResult:
    """Read a ladder written by `ladder(out=...)` / `ttr ladder --out`."""
    path = Path(path)
    mpath = path / LADDER_MANIFEST
    if not mpath.exists():
        raise ValueError(f"{mpath}: missing file (not a ladder folder)")
    manifest = json.loads(mpath.read_text())
    if manifest.get("status") != "complete":
        raise ValueError(f"{path}: the ladder is not finished; continue it with `ttr ladder ... --resume`")
    runs = pd.DataFrame(manifest["runs"])
    results = [Results.load(path / f) for f in runs["folder"]]
    summary, pairwise = ladder_stats(_players_of(results, runs), manifest["bots"], manifest["games_per_run"],
                                     manifest["bootstrap"], manifest["seed"], manifest["bt_prior"])
    return LadderResult(summary, pairwise, runs, manifest, results, path)


def _complete_run(folder: Path, expected: dict) -> Results | None:
    """A run already finished by an earlier attempt (same games), else None."""
    try:
        m = json.loads((folder / "manifest.json").read_text())
    except (OSError, json.JSONDecodeError):
        return None
    if m.get("status") != "complete" or run_key(m) != run_key(expected):
        return None
    try:
        return Results.load(folder)
    except ValueError:  # a damaged chunk: simulate(resume=True) redoes it
        return None


def _prepare_ladder_dir(out_dir: Path, manifest: dict, resume: bool) -> None:
    mpath = out_dir / LADDER_MANIFEST
    if mpath.exists():
        try:
            old = json.loads(mpath.read_text())
        except (OSError, json.JSONDecodeError) as e:
            raise ValueError(f"{mpath}: unreadable ladder manifest ({e}); remove the folder to start again") from None
        if not resume:
            raise ValueError(f"{out_dir} already holds a ladder; use --resume to continue it or choose another --out")
        diff = [k for k in LADDER_KEY_FIELDS if old.get(k) != manifest.get(k)]
        if diff:
            raise ValueError(f"{mpath}: cannot resume, the ladder differs in {', '.join(diff)}")
    elif out_dir.exists() and any(out_dir.iterdir()) and not resume:
        raise ValueError(f"{out_dir} exists and is not empty; choose another --out")
    out_dir.mkdir(parents=True, exist_ok=True)
    _write_json(mpath, dict(manifest, status="running"))


def _write_json(path: Path, obj) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(obj, indent=2, sort_keys=True, default=_plain))
    tmp.replace(path)


def _plain(x):
    if isinstance(x, np.integer):
        return int(x)
    if isinstance(x, np.floating):
        return float(x)
    raise TypeError(f"not JSON serialisable: {type(x)}")


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


class _LadderProgress:
    def __init__(self, n_runs: int, total: int, enabled: bool):
        self.enabled = enabled
        if not enabled:
            return
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self.n_runs = n_runs
        self.progress = Progress(TextColumn("[bold]ladder[/bold] {task.fields[what]}"), BarColumn(),
                                 MofNCompleteColumn(), TextColumn("games"), TimeElapsedColumn())
        self.progress.start()
        self.task = self.progress.add_task("ladder", total=total, what="")

    def start_run(self, i: int, seats: str):
        if self.enabled:
            self.progress.update(self.task, what=f"run {i + 1}/{self.n_runs} ({seats})")

    def end_run(self, n: int):
        if self.enabled:
            self.progress.advance(self.task, n)

    def close(self):
        if self.enabled:
            self.progress.stop()


# --- statistics -------------------------------------------------------------------------
@dataclass
class BlockTotals:
    """Sums per seed block and bot, from which every statistic (and every
    bootstrap resample of blocks) is a weighted sum over blocks."""

    seats: np.ndarray  # (blocks, bots): seat-games
    wins: np.ndarray  # (blocks, bots): win shares (a win shared by k winners counts 1/k)
    metrics: np.ndarray  # (blocks, bots, metrics): sums of score and components
    pairs: np.ndarray  # (blocks, bots, bots): pairwise wins of row over column (ties count 1/2 each)
    metric_names: list[str]


def block_totals(players: pd.DataFrame, bots: list[str], n_blocks: int) -> BlockTotals:
    """Aggregate a stacked players table (columns run, game, seat, bot, score,
    winner and the components) into per-block sums, with numpy bincounts: no
    loop over games, only over seat pairs and metrics.

    Pairwise results within a game: a winner beats a non-winner (the winner
    flag includes the rules' tie-breaks); otherwise the higher score wins and
    equal scores are a tie (1/2 each). Two seats of the same bot are not
    compared."""
    p = players.sort_values(["run", "game", "seat"], kind="stable")
    k = int(p.groupby(["run", "game"]).size().max())
    if len(p) % k:
        raise ValueError("every game of a ladder must have the same number of seats")
    n_bots = len(bots)
    code = pd.Categorical(p["bot"], categories=bots).codes.astype(np.int64)
    if (code < 0).any():
        raise ValueError(f"players table holds bots outside {bots}")
    block = p["game"].to_numpy(np.int64)
    if block.min() < 0 or block.max() >= n_blocks:
        raise ValueError(f"game indexes outside 0..{n_blocks - 1}")
    winner = p["winner"].to_numpy(bool).reshape(-1, k)
    score = p["score"].to_numpy(np.float64).reshape(-1, k)
    n_win = winner.sum(axis=1, keepdims=True)
    share = np.where(n_win > 0, winner / np.maximum(n_win, 1), 0.0).ravel()
    cell = block * n_bots + code
    size = n_blocks * n_bots
    seats = np.bincount(cell, minlength=size).reshape(n_blocks, n_bots).astype(np.float64)
    wins = np.bincount(cell, weights=share, minlength=size).reshape(n_blocks, n_bots)
    metric_names = ["score", *COMPONENTS]
    metrics = np.stack([np.bincount(cell, weights=p[m].to_numpy(np.float64), minlength=size)
                        for m in metric_names], axis=-1).reshape(n_blocks, n_bots, len(metric_names))
    code_g = code.reshape(-1, k)
    block_g = block.reshape(-1, k)[:, 0]
    pair_cells, pair_w = [], []
    for i, j in itertools.combinations(range(k), 2):
        a, b = code_g[:, i], code_g[:, j]
        wi, wj = winner[:, i], winner[:, j]
        si, sj = score[:, i], score[:, j]
        i_over_j = np.where(wi != wj, wi.astype(np.float64), np.where(si > sj, 1.0, np.where(si < sj, 0.0, 0.5)))
        diff = a != b
        base = block_g[diff] * n_bots * n_bots
        pair_cells += [base + a[diff] * n_bots + b[diff], base + b[diff] * n_bots + a[diff]]
        pair_w += [i_over_j[diff], 1.0 - i_over_j[diff]]
    size2 = n_blocks * n_bots * n_bots
    if pair_cells:
        pairs = np.bincount(np.concatenate(pair_cells), weights=np.concatenate(pair_w), minlength=size2)
    else:
        pairs = np.zeros(size2)
    return BlockTotals(seats, wins, metrics, pairs.reshape(n_blocks, n_bots, n_bots), metric_names)


def bt_fit(wins: np.ndarray, prior: float = 0.0, tol: float = 1e-10, max_iter: int = 10_000) -> np.ndarray:
    """Bradley-Terry log-strengths from pairwise win counts, by the MM
    algorithm (Hunter 2004): p_i <- W_i / sum_j n_ij / (p_i + p_j), with W_i
    the wins of i and n_ij the comparisons of i and j.

    wins[..., i, j]: (possibly fractional) wins of i over j; leading axes are
    independent problems fitted together (the bootstrap resamples). `prior`:
    virtual comparisons, half won by each side, added to every pair that met
    (keeps the ratings finite when a bot never wins or never loses). Returns
    log-strengths with mean 0 over bots: P(i beats j) = 1 / (1 + exp(r_j - r_i)).
    With prior 0 and a bot that never wins (or never loses) the maximum-
    likelihood ratings do not exist: a bot without wins gets -inf and the
    mean is taken over the finite ratings."""
    w = np.asarray(wins, np.float64)
    n_bots = w.shape[-1]
    if w.shape[-2] != n_bots:
        raise ValueError("wins must be square in its last two axes")
    w = w * (1.0 - np.eye(n_bots))  # a bot is never compared with itself
    met = (w + np.swapaxes(w, -1, -2)) > 0
    w = w + 0.5 * prior * met
    n = w + np.swapaxes(w, -1, -2)
    total = w.sum(axis=-1)
    p = np.ones(w.shape[:-1])
    with np.errstate(divide="ignore", invalid="ignore"):
        for _ in range(max_iter):
            denom = (n / (p[..., :, None] + p[..., None, :])).sum(axis=-1)
            new = np.where(denom > 0, total / denom, p)
            # geometric mean 1 over the bots that won something (keeps the scale fixed)
            pos = new > 0
            log_mean = np.where(pos, np.log(np.where(pos, new, 1.0)), 0.0).sum(axis=-1) / np.maximum(
                pos.sum(axis=-1), 1)
            new = new / np.exp(log_mean)[..., None]
            done = np.nanmax(np.abs(np.log(new[pos]) - np.log(p[pos]))) if pos.any() else 0.0
            p = new
            if done < tol:
                break
        r = np.log(p)
        finite = np.isfinite(r)
        mean = np.where(finite, r, 0.0).sum(axis=-1) / np.maximum(finite.sum(axis=-1), 1)
    return r - mean[..., None]


def bootstrap_weights(n_blocks: int, n_resamples: int, rng: np.random.Generator) -> np.ndarray:
    """How many times each seed block is drawn in each resample of whole
    blocks (n_resamples, n_blocks): every game of a block shares its weight."""
    return rng.multinomial(n_blocks, np.full(n_blocks, 1.0 / n_blocks), size=n_resamples).astype(np.float64)


def ladder_stats(players: pd.DataFrame, bots: list[str], n_blocks: int, bootstrap: int = 1000, seed: int = 1,
                 bt_prior: float = 1.0) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The summary (one row per bot) and pairwise (one row per ordered pair)
    tables of a stacked players table. Intervals: 2.5% and 97.5% percentiles
    over `bootstrap` resamples of whole seed blocks (seeded from `seed`)."""
    t = block_totals(players, bots, n_blocks)
    rng = np.random.default_rng([seed, 0x4C4144])  # "LAD": apart from the game streams
    n_bots = len(bots)
    flat_pairs = t.pairs.reshape(n_blocks, -1)
    flat_metrics = t.metrics.reshape(n_blocks, -1)
    win_bs, score_bs, bt_bs, head_bs = [], [], [], []
    batch = max(1, min(bootstrap, 2_000_000 // max(n_blocks, 1)))  # bounds the weight matrix
    for start in range(0, bootstrap, batch):
        wts = bootstrap_weights(n_blocks, min(batch, bootstrap - start), rng)
        seats = wts @ t.seats
        win_bs.append((wts @ t.wins) / seats)
        score_bs.append((wts @ flat_metrics).reshape(-1, n_bots, len(t.metric_names))[..., 0] / seats)
        pw = (wts @ flat_pairs).reshape(-1, n_bots, n_bots)
        bt_bs.append(bt_fit(pw, bt_prior))
        with np.errstate(invalid="ignore"):  # pairs that never met: NaN
            head_bs.append(pw / (pw + np.swapaxes(pw, -1, -2)))
    win_bs, score_bs, bt_bs, head_bs = (np.concatenate(x) for x in (win_bs, score_bs, bt_bs, head_bs))

    def ci(x):
        with warnings.catch_warnings():  # a pair that never met: all-NaN column, NaN interval
            warnings.simplefilter("ignore", RuntimeWarning)
            return np.nanpercentile(x, 2.5, axis=0), np.nanpercentile(x, 97.5, axis=0)

    seats = t.seats.sum(axis=0)
    means = t.metrics.sum(axis=0) / seats[:, None]
    pairs = t.pairs.sum(axis=0)
    bt = bt_fit(pairs, bt_prior)
    s = pd.DataFrame({"bot": bots, "games": seats.astype(np.int64)})
    s["win_rate"] = t.wins.sum(axis=0) / seats
    s["win_low"], s["win_high"] = ci(win_bs)
    s["score"] = means[:, 0]
    s["score_low"], s["score_high"] = ci(score_bs)
    for m, name in enumerate(t.metric_names[1:], start=1):
        if name not in OPTIONAL or t.metrics[:, :, m].any():
            s[name] = means[:, m]
    s["bt"] = bt
    s["bt_low"], s["bt_high"] = ci(bt_bs)
    s = s.sort_values(["bt", "win_rate"], ascending=False, kind="stable").reset_index(drop=True)
    s.insert(0, "rank", np.arange(1, n_bots + 1))

    with np.errstate(invalid="ignore"):
        share = pairs / (pairs + pairs.T)
    lo, hi = ci(head_bs)
    rows = []
    for a in range(n_bots):
        for b in range(n_bots):
            if a != b and pairs[a, b] + pairs[b, a] > 0:
                rows.append({"bot": bots[a], "opponent": bots[b], "comparisons": pairs[a, b] + pairs[b, a],
                             "wins": pairs[a, b], "share": share[a, b], "share_low": lo[a, b],
                             "share_high": hi[a, b],
                             "bt_expected": 1.0 / (1.0 + math.exp(bt[b] - bt[a]))
                             if np.isfinite(bt[a] - bt[b]) else np.nan})
    return s, pd.DataFrame(rows)
