"""Run simulations: split the games into chunks, run the chunks on threads
(the kernels release the GIL) or on Dask workers (analyzer.run.backends),
stream each chunk's tables to Parquet part files and keep a manifest from
which a run resumes (analyzer.run.protocol).

Every game's randomness depends only on (seed, game index), so the tables are
identical for any thread count, chunk size or backend.
"""

from __future__ import annotations

import os
import platform
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.boards import Board, board_arrays, load_board
from analyzer.bots import (
    bot_ids,
    bot_param_array,
    check_bots_handle_board,
    check_bots_play,
    parse_bot_params,
    parse_bots,
)
from analyzer.records import board_buffer, board_view
from analyzer.rules import RuleError, RuleSet
from analyzer.run.backends import ClusterError, parse_cluster
from analyzer.run.compile import COMPILE_NOTICE, compile_kernels, kernels_compiled
from analyzer.run.progress import CtrlC, RunProgress
from analyzer.run.protocol import (
    MANIFEST,
    RUN_KEY_FIELDS,
    TABLES,
    close_folder,
    missing_chunks,
    open_folder,
    run_key,
    write_chunk,
)
from analyzer.run.results import Results, chunk_frames, join_chunks
from kernels import SOURCE_HASH
from kernels import layouts as L

DEFAULT_CHUNK = 2000
POLL_S = 0.2  # how often the chunk loop looks at Ctrl-C while it waits


@dataclass
class RunSpec:
    board: Board
    rules: RuleSet
    players: int
    bots: list[str]
    games: int
    seed: int
    chunk_size: int
    bot_params: dict = field(default_factory=dict)
    # the board as the kernels see it, compiled once by make_spec (which checks that it compiles)
    arrays: object = field(default=None, repr=False, compare=False)

    def manifest(self) -> dict:
        import numba

        return {
            "format": 1,
            "board": self.board.name,
            "board_title": self.board.title,
            "provisional": self.board.provisional,
            "provisional_note": self.board.provisional_note,
            "rules": self.rules.as_dict(),
            "rules_name": self.rules.name,
            "rules_hash": self.rules.hash(),
            "players": self.players,
            "bots": self.bots,
            "games": self.games,
            "seed": self.seed,
            "chunk_size": self.chunk_size,
            **({"bot_params": self.bot_params} if self.bot_params else {}),
            "n_chunks": n_chunks(self.games, self.chunk_size),
            "kernel_hash": SOURCE_HASH,
            "versions": {
                "ttr-analyzer": _version(),
                "python": platform.python_version(),
                "numba": numba.__version__,
                "numpy": np.__version__,
                "pandas": pd.__version__,
            },
        }


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("ttr-analyzer")
    except Exception:
        return "unknown"


def n_chunks(games: int, chunk_size: int) -> int:
    return (games + chunk_size - 1) // chunk_size


def make_spec(board="europe", players=4, bots=None, games=10_000, seed=1, rules=None, overrides=None,
              chunk_size=None, bot_params=None) -> RunSpec:
    """Check every input once, before any work starts."""
    b = board if isinstance(board, Board) else load_board(board)
    rs = rules if isinstance(rules, RuleSet) else b.rules(rules, overrides)
    if isinstance(rules, RuleSet) and overrides:
        rs = rs.with_overrides(overrides)
    rs.validate()
    if not isinstance(players, int) or not rs.min_players <= players <= rs.max_players:
        raise RuleError(f"rule set '{rs.name}' is for {rs.min_players}-{rs.max_players} players, not {players}")
    if players % rs.team_size:
        raise RuleError(f"rule set '{rs.name}' plays in teams of {rs.team_size}: {players} players is not whole teams")
    names = parse_bots(bots, players)
    params = parse_bot_params(bot_params)
    check_bots_play(names, rs)
    check_bots_handle_board(names, rs, b)
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, not {games!r}")
    if not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise ValueError(f"seed must be a whole number in 0..2**63-1, not {seed!r}")
    # default chunk: about 16 chunks for small runs (work for every core),
    # at most DEFAULT_CHUNK games; independent of the thread count, so a run
    # can be resumed with any number of threads
    chunk = chunk_size or min(DEFAULT_CHUNK, max(50, -(-games // 16)))
    if chunk < 1:
        raise ValueError("chunk size must be >= 1")
    # raises if e.g. the route-score table is too short for the board; a board
    # given by name is compiled once per rule set (analyzer.boards.board_arrays)
    arrays = b.compile(rs) if isinstance(board, Board) else board_arrays(board, rs)
    return RunSpec(b, rs, players, names, games, seed, chunk, params, arrays)


# --- one chunk --------------------------------------------------------------------
# the tables whose rows per game vary
VARIABLE_TABLES = {"tickets": L.TICKET_RECORD, "claims": L.CLAIM_RECORD, "tunnels": L.TUNNEL_RECORD}


def run_games(bd, ru, bots: np.ndarray, seed: int, first: int, n: int, bot_params=None) -> dict[str, np.ndarray]:
    """Play games first..first+n-1 and return their record arrays. The kernel
    stops early when a buffer has no room for the next game's rows; we go on
    with buffers sized by 1.25 x the rows per game the games so far wrote (a
    `random` player holds many tickets: sized by a fixed guess, a chunk took
    a dozen calls, each a copy more to concatenate, all holding the GIL)."""
    from kernels.runner import play_block

    n_players = len(bots)
    n_routes, n_tickets = bd.n_routes, bd.n_tickets
    parts = {t: [] for t in TABLES}
    # rows per game of the tables whose size varies (a first guess), and the room one game may need
    per_game = {"tickets": min(n_players * 8, n_tickets), "claims": min(n_routes, 40 * n_players // 2), "tunnels": 8}
    one_game = {"tickets": n_tickets, "claims": n_routes, "tunnels": int(ru[L.RULE_TURN_CAP]) + 1}
    params = bot_param_array() if bot_params is None else bot_params
    done = 0
    while done < n:
        m = n - done
        buf = {
            "games": np.zeros(m, L.GAME_RECORD),
            "players": np.zeros(m * n_players, L.PLAYER_RECORD),
            **{t: np.zeros(m * per_game[t] + one_game[t], VARIABLE_TABLES[t]) for t in per_game},
        }
        counts = np.zeros(5, np.int64)
        k = play_block(bd, ru, bots, params, np.int64(seed), np.int64(first + done), np.int64(m),
                       tuple(buf[t] for t in TABLES), counts)
        for i, t in enumerate(TABLES):
            parts[t].append(buf[t][: counts[i]])
        done += k
        if k < m:  # a table was full: size the rest by the rows per game so far (k >= 1: one game always fits;
            # the full table wrote more than m * per_game rows in k < m games, so its size grows)
            for i, t in enumerate(TABLES):
                if t in per_game:
                    per_game[t] = max(per_game[t], -(-5 * int(counts[i]) // (4 * k)))
    return {t: np.concatenate(v) if len(v) > 1 else v[0] for t, v in parts.items()}


# --- the run ---------------------------------------------------------------------------
def run_chunk(job: dict, c: int, first: int, n: int) -> tuple[int, int, dict[str, np.ndarray] | None]:
    """Play one chunk: games first..first+n-1. The one chunk function of every
    backend, so `job` holds only picklable plain data (numpy arrays, numbers,
    strings): the compiled board (one-element BOARD array), the rules vector, the bot ids and
    names, the seed, the kernel source hash and the output folder (None: the
    tables' record arrays go back to the caller). With a folder, the chunk writes its own
    part files and marker and returns no tables."""
    if job["kernel_hash"] != SOURCE_HASH:
        raise ClusterError(f"this worker runs other kernel sources (hash {SOURCE_HASH}) than the client "
                           f"({job['kernel_hash']}); install the same version everywhere")
    out_dir = Path(job["out"]) if job["out"] is not None else None
    if out_dir is not None and not (out_dir / MANIFEST).exists():
        raise ValueError(f"a worker on {platform.node()} cannot see the output folder {out_dir}; "
                         "give the workers the same folder or use --no-shared-out")
    bd = board_view(job["board"])
    arrays = run_games(bd, job["rules"], job["bot_ids"], job["seed"], first, n, job["bot_params"])
    if out_dir is not None:
        write_chunk(out_dir, c, chunk_frames(arrays, job["bots"]), job["run_key"])
        return c, n, None
    return c, n, arrays


def simulate(board="europe", players=4, bots=None, games=10_000, seed=1, rules=None, overrides=None,
             out=None, threads=0, chunk_size=None, resume=False, progress=True, cluster=None,
             shared_out=True, bot_params=None) -> Results:
    """Simulate `games` games and return their tables (pandas DataFrames).

    `bot_params`: bot weights and budgets, NAME=VALUE strings or a dict
    (analyzer.bots.parse_bot_params; e.g. expert.rollouts=64), for every seat.

    With `out`, each chunk is written to out/<table>/part-NNNNNN.parquet as it
    finishes, and out/manifest.json records the run; `resume=True` continues
    an interrupted run from the chunks already written (with any backend).

    `cluster` chooses where the chunks run: None, threads in this process
    (`threads` of them, 0: all cores); "local:N", a Dask LocalCluster of N
    single-threaded worker processes started for the run; "tcp://HOST:PORT",
    the workers of a running Dask scheduler. The workers of a tcp cluster
    write their chunks to `out` themselves, so they must see the same folder
    at the same path; with `shared_out=False` the tables come back to this
    process, which writes them. The tables are the same with every backend."""
    spec = make_spec(board, players, bots, games, seed, rules, overrides, chunk_size, bot_params)
    target = parse_cluster(cluster)
    bd = spec.arrays
    manifest = spec.manifest()
    manifest["backend"] = target.name
    total = manifest["n_chunks"]
    out_dir = Path(out) if out else None
    chunks: dict[int, dict[str, np.ndarray]] = {}  # the record arrays of each chunk played (no out folder)
    job = {
        "board": board_buffer(bd),  # a one-element BOARD array
        "rules": spec.rules.to_array(),
        "bot_ids": bot_ids(spec.bots),
        "bot_params": bot_param_array(spec.bot_params),
        "bots": list(spec.bots),
        "seed": spec.seed,
        "kernel_hash": SOURCE_HASH,
        "run_key": run_key(manifest),
        "out": None,
    }
    with target.open(threads, shared_out) as backend:
        todo = _prepare_out_dir(out_dir, spec, manifest, resume) if out_dir is not None else list(range(total))
        done_games = spec.games - sum(_chunk_games(spec, c) for c in todo)
        compiling = bool(todo) and not kernels_compiled()
        bar = RunProgress(spec.games, done_games, enabled=progress,
                          notice=COMPILE_NOTICE if compiling and progress else None)
        if compiling:
            try:
                compile_kernels()  # on two cores (analyzer/run/compile.py); the runner compiles at its first game
            except BaseException:  # Ctrl-C while compiling: nothing was played; the run resumes from nothing
                bar.close()
                raise
        if out_dir is not None and backend.tasks_write_out:
            job["out"] = str(out_dir.resolve())

        def collect(f) -> None:
            if f.cancelled() or (r := f.result()) is None:  # not started before the run was stopped
                return
            c, n, arrays = r
            if arrays is not None:
                if out_dir is not None:  # the tables came back: write them here
                    write_chunk(out_dir, c, chunk_frames(arrays, job["bots"]), job["run_key"])
                else:
                    chunks[c] = arrays
            bar.advance(n)

        t0 = time.perf_counter()
        interrupted = False
        pending = set()
        queue = list(todo)
        try:
            with CtrlC() as ctrl_c:
                if todo and target.kind != "threads":
                    # Compile (or load) the kernels here first: Dask workers on
                    # this machine then load them from the disk cache (the same
                    # NUMBA_CACHE_DIR, inherited) instead of each compiling them.
                    run_chunk(dict(job, out=None), 0, 0, 1)
                while queue or pending:
                    ctrl_c.check()
                    while queue and len(pending) < backend.slots:
                        c = queue.pop(0)
                        pending.add(backend.submit(f"ttr-chunk-{c:06d}", run_chunk, job, c, c * spec.chunk_size,
                                                   _chunk_games(spec, c)))
                    finished, pending = backend.wait_any(pending, timeout=POLL_S)
                    for f in finished:
                        collect(f)
                ctrl_c.check()
        except KeyboardInterrupt:
            interrupted = True
            bar.note("interrupted: finishing the chunks in flight ...")
            in_flight = backend.stop(pending)  # chunks not started yet are dropped
            backend.wait_all(in_flight)
            for f in in_flight:
                collect(f)
        finally:
            bar.close()
        wall = time.perf_counter() - t0
        manifest["threads"] = backend.threads
    if interrupted:
        if out_dir is not None:
            raise KeyboardInterrupt(f"run interrupted; continue it with --resume (results in {out_dir})")
        raise KeyboardInterrupt("run interrupted")
    manifest["wall_time_s"] = round(wall, 3)
    manifest["games_per_s"] = round((spec.games - done_games) / wall, 1) if wall > 0 else None
    if out_dir is not None:
        close_folder(out_dir, MANIFEST, manifest)
        return Results.load(out_dir)
    tables = join_chunks([chunks[c] for c in sorted(chunks)], job["bots"])
    return Results(tables, manifest, spec.board)


def _chunk_games(spec: RunSpec, c: int) -> int:
    return min(spec.chunk_size, spec.games - c * spec.chunk_size)


def _prepare_out_dir(out_dir: Path, spec: RunSpec, manifest: dict, resume: bool) -> list[int]:
    """Start or resume the run's folder; return the chunks still to play."""
    open_folder(out_dir, MANIFEST, manifest, RUN_KEY_FIELDS, resume, "run")
    for t in TABLES:
        (out_dir / t).mkdir(exist_ok=True)
    _copy_board(spec.board, out_dir / "board")
    return missing_chunks(out_dir, manifest)


def _copy_board(board: Board, dest: Path) -> None:
    """Keep the board beside its results, so a run reads back anywhere."""
    if (dest / "board.toml").exists():
        return
    tmp = dest.with_name(dest.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    for path in [board.path / "board.toml", *sorted(board.path.glob("*.csv"))]:  # tickets_multi.csv too
        shutil.copy2(path, tmp / path.name)
    shutil.rmtree(dest, ignore_errors=True)
    os.replace(tmp, dest)
