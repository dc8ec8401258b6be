"""Run simulations: split the games into chunks, run the chunks on threads
(the kernels release the GIL), stream each chunk's tables to Parquet part
files written atomically, and keep a manifest from which a run resumes.

Every game's randomness depends only on (seed, game index), so the tables are
identical for any thread count or chunk size.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.boards import Board, load_board
from analyzer.bots import bot_ids, parse_bots
from analyzer.results import TABLES, Results, chunk_frames
from analyzer.rules import RuleError, RuleSet
from kernels import SOURCE_HASH
from kernels import layouts as L

DEFAULT_CHUNK = 2000
MANIFEST = "manifest.json"


@dataclass
class RunSpec:
    board: Board
    rules: RuleSet
    players: int
    bots: list[str]
    games: int
    seed: int
    chunk_size: int

    def manifest(self) -> dict:
        import numba

        return {
            "format": 1,
            "board": self.board.name,
            "board_title": self.board.title,
            "provisional": self.board.provisional,
            "rules": self.rules.as_dict(),
            "rules_name": self.rules.name,
            "rules_hash": self.rules.hash(),
            "players": self.players,
            "bots": self.bots,
            "games": self.games,
            "seed": self.seed,
            "chunk_size": self.chunk_size,
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
              chunk_size=None) -> RunSpec:
    """Check every input once, before any work starts."""
    b = board if isinstance(board, Board) else load_board(board)
    rs = rules if isinstance(rules, RuleSet) else b.rules(rules, overrides)
    if isinstance(rules, RuleSet) and overrides:
        rs = rs.with_overrides(overrides)
    rs.validate()
    rs.check_implemented()
    if not isinstance(players, int) or not rs.min_players <= players <= rs.max_players:
        raise RuleError(f"rule set '{rs.name}' is for {rs.min_players}-{rs.max_players} players, not {players}")
    names = parse_bots(bots, players)
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, not {games!r}")
    if not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise ValueError(f"seed must be a whole number in 0..2**63-1, not {seed!r}")
    chunk = chunk_size or min(DEFAULT_CHUNK, games)
    if chunk < 1:
        raise ValueError("chunk size must be >= 1")
    b.compile(rs)  # raises if e.g. the route-score table is too short for the board
    return RunSpec(b, rs, players, names, games, seed, chunk)


# --- one chunk --------------------------------------------------------------------
def run_games(bd, ru, bots: np.ndarray, seed: int, first: int, n: int) -> dict[str, np.ndarray]:
    """Play games first..first+n-1 and return their record arrays. The kernel
    stops early when a buffer is full; we continue with larger buffers."""
    from kernels.runner import run_block

    n_players = len(bots)
    n_routes = bd.routes.shape[0]
    n_tickets = bd.tickets.shape[0]
    parts = {t: [] for t in TABLES}
    done = 0
    per_game_tunnels = 8
    while done < n:
        m = n - done
        buf = {
            "games": np.zeros(m, L.GAME_RECORD),
            "players": np.zeros(m * n_players, L.PLAYER_RECORD),
            "tickets": np.zeros(min(m * n_players * 8, m * n_tickets) + n_tickets, L.TICKET_RECORD),
            "claims": np.zeros(min(m * n_routes, m * 40 * n_players // 2) + n_routes, L.CLAIM_RECORD),
            "tunnels": np.zeros(m * per_game_tunnels + ru[L.RULE_TURN_CAP] + 1, L.TUNNEL_RECORD),
        }
        counts = np.zeros(5, np.int64)
        k = run_block(bd, ru, bots, np.int64(seed), np.int64(first + done), np.int64(m),
                      buf["games"], buf["players"], buf["tickets"], buf["claims"], buf["tunnels"], counts)
        for i, t in enumerate(TABLES):
            parts[t].append(buf[t][: counts[i]])
        done += k
        per_game_tunnels *= 2
    return {t: np.concatenate(v) if len(v) > 1 else v[0] for t, v in parts.items()}


# --- the run --------------------------------------------------------------------------
def simulate(board="europe", players=4, bots=None, games=10_000, seed=1, rules=None, overrides=None,
             out=None, threads=0, chunk_size=None, resume=False, progress=True) -> Results:
    """Simulate `games` games and return their tables (pandas DataFrames).

    With `out`, each chunk is written to out/<table>/part-NNNNNN.parquet as it
    finishes, and out/manifest.json records the run; `resume=True` continues
    an interrupted run from the chunks already written."""
    spec = make_spec(board, players, bots, games, seed, rules, overrides, chunk_size)
    threads = threads or os.cpu_count() or 1
    bd = spec.board.compile(spec.rules)
    ru = spec.rules.to_array()
    ids = bot_ids(spec.bots)
    manifest = spec.manifest()
    total = manifest["n_chunks"]
    out_dir = Path(out) if out else None
    todo = list(range(total))
    frames: dict[int, dict[str, pd.DataFrame]] = {}
    if out_dir is not None:
        todo = _prepare_out_dir(out_dir, spec, manifest, resume)
    t0 = time.perf_counter()

    def run_chunk(c: int):
        first = c * spec.chunk_size
        n = min(spec.chunk_size, spec.games - first)
        arrays = run_games(bd, ru, ids, spec.seed, first, n)
        dfs = chunk_frames(arrays, spec.bots)
        if out_dir is not None:
            _write_chunk(out_dir, c, dfs)
            return c, n, None
        return c, n, dfs

    done_games = spec.games - sum(min(spec.chunk_size, spec.games - c * spec.chunk_size) for c in todo)
    bar = _Progress(spec.games, done_games, enabled=progress)
    interrupted = False
    with ThreadPoolExecutor(max_workers=threads) as pool:
        pending = set()
        queue = list(todo)
        try:
            while queue or pending:
                while queue and len(pending) < threads * 2:
                    pending.add(pool.submit(run_chunk, queue.pop(0)))
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    c, n, dfs = f.result()
                    if dfs is not None:
                        frames[c] = dfs
                    bar.advance(n)
        except KeyboardInterrupt:
            interrupted = True
            queue.clear()
            bar.note("interrupted: finishing the chunks in flight ...")
            for f in pending:
                f.result()
    bar.close()
    wall = time.perf_counter() - t0
    if interrupted:
        if out_dir is not None:
            raise KeyboardInterrupt(f"run interrupted; continue it with --resume (results in {out_dir})")
        raise KeyboardInterrupt("run interrupted")
    manifest["wall_time_s"] = round(wall, 3)
    manifest["games_per_s"] = round((spec.games - done_games) / wall, 1) if wall > 0 else None
    manifest["threads"] = threads
    if out_dir is not None:
        manifest["status"] = "complete"
        _write_json(out_dir / MANIFEST, manifest)
        return Results.load(out_dir)
    tables = {t: pd.concat([frames[c][t] for c in sorted(frames)], ignore_index=True) for t in TABLES}
    return Results(tables, manifest, spec.board)


def _prepare_out_dir(out_dir: Path, spec: RunSpec, manifest: dict, resume: bool) -> list[int]:
    mpath = out_dir / MANIFEST
    if mpath.exists():
        try:
            old = json.loads(mpath.read_text())
        except (OSError, json.JSONDecodeError) as e:
            raise ValueError(f"{mpath}: unreadable manifest ({e}); remove the folder to start again") from None
        if not resume:
            raise ValueError(f"{out_dir} already holds a run; use --resume to continue it or choose another --out")
        keys = ("board", "rules_hash", "players", "bots", "games", "seed", "chunk_size", "kernel_hash")
        diff = [k for k in keys if old.get(k) != manifest.get(k)]
        if diff:
            raise ValueError(f"{mpath}: cannot resume, the run differs in {', '.join(diff)}")
    elif out_dir.exists() and any(out_dir.iterdir()) and not resume:
        raise ValueError(f"{out_dir} exists and is not empty; choose another --out")
    out_dir.mkdir(parents=True, exist_ok=True)
    for t in TABLES:
        (out_dir / t).mkdir(exist_ok=True)
    _copy_board(spec.board, out_dir / "board")
    manifest = dict(manifest, status="running")
    _write_json(mpath, manifest)
    from analyzer.results import chunk_is_complete

    return [c for c in range(manifest["n_chunks"]) if not chunk_is_complete(out_dir, c)]


def _copy_board(board: Board, dest: Path) -> None:
    """Keep the board beside its results, so a run reads back anywhere."""
    if (dest / "board.toml").exists():
        return
    tmp = dest.with_name(dest.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    for name in ("board.toml", "cities.csv", "routes.csv", "tickets.csv"):
        shutil.copy2(board.path / name, tmp / name)
    shutil.rmtree(dest, ignore_errors=True)
    os.replace(tmp, dest)


def _write_chunk(out_dir: Path, c: int, dfs: dict[str, pd.DataFrame]) -> None:
    """Each part file is written under a temporary name and renamed; the chunk
    marker (row counts) is written last, so a chunk is either complete or redone."""
    counts = {}
    for t, df in dfs.items():
        path = out_dir / t / f"part-{c:06d}.parquet"
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        df.to_parquet(tmp, index=False)
        os.replace(tmp, path)
        counts[t] = len(df)
    _write_json(out_dir / "chunks" / f"chunk-{c:06d}.json", {"chunk": c, "rows": counts})


def _write_json(path: Path, obj) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(obj, indent=2, sort_keys=True))
    os.replace(tmp, path)


class _Progress:
    """A rich progress bar with games/s and ETA (silent when disabled)."""

    def __init__(self, total: int, done: int, enabled: bool):
        self.enabled = enabled
        if not enabled:
            return
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.start = time.perf_counter()
        self.base = done
        self.progress = Progress(
            TextColumn("[bold]simulating"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("games · {task.fields[rate]} games/s · ETA"),
            TimeRemainingColumn(),
            TimeElapsedColumn(),
            transient=False,
        )
        self.progress.start()
        self.task = self.progress.add_task("sim", total=total, completed=done, rate="—")

    def advance(self, n: int):
        if not self.enabled:
            return
        self.progress.advance(self.task, n)
        done = self.progress.tasks[0].completed - self.base
        rate = done / max(time.perf_counter() - self.start, 1e-9)
        self.progress.update(self.task, rate=f"{rate:,.0f}")

    def note(self, text: str):
        if self.enabled:
            self.progress.console.print(text)

    def close(self):
        if self.enabled:
            self.progress.stop()
