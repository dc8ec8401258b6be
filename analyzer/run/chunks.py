"""One chunk of a run: its games played by the kernels into record arrays
(`run_games`) and, on a Dask worker, written as the chunk's part files
(`run_chunk`); a chunk played on a thread of this process hands its arrays
to the run's `PartWriter`, which writes them while the next chunk plays. A
`ChunkJob` is what a chunk needs, in picklable plain data, so one function
serves every backend."""

from __future__ import annotations

import platform
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from analyzer.bots import BotParams, bot_ids
from analyzer.records import board_buffer, board_view
from analyzer.run.backends import ClusterError
from analyzer.run.protocol import MANIFEST, TABLES, run_key, write_chunk
from analyzer.run.results import chunk_frames
from analyzer.run.spec import RunSpec
from kernels import SOURCE_HASH
from kernels import layouts as L

# the tables whose rows per game vary
VARIABLE_TABLES = {"tickets": L.TICKET_RECORD, "claims": L.CLAIM_RECORD, "tunnels": L.TUNNEL_RECORD,
                   "events": L.EVENT_RECORD}


@dataclass(frozen=True)
class ChunkJob:
    """What every chunk of a run needs: the compiled board (a one-element
    BOARD array), the rules vector, the bot ids and names, the bots'
    parameters, the seed, the kernels' source hash and the run's key; `out`: the
    folder the chunk writes its part files to (None: its record arrays go back
    to the caller); `events`: the chunk writes the events table too."""

    board: np.ndarray
    rules: np.ndarray
    bot_ids: np.ndarray
    bots: tuple[str, ...]
    bot_params: BotParams
    seed: int
    kernel_hash: str
    run_key: str
    out: str | None = None
    events: bool = False

    @classmethod
    def of(cls, spec: RunSpec, manifest: dict, out: str | None = None) -> ChunkJob:
        return cls(board_buffer(spec.arrays), spec.rules.to_array(), bot_ids(list(spec.bots)), spec.bots,
                   spec.bot_params, spec.seed, SOURCE_HASH, run_key(manifest), out, spec.events)


def run_games(bd, ru, bots: np.ndarray, seed: int, first: int, n: int, bot_params: BotParams,
              events: bool = False) -> dict[str, np.ndarray]:
    """Play games first..first+n-1 and return their record arrays (with
    `events`, the events table's too). The tickets and claims buffers hold
    every ticket and route of every game: their rows are at most that, so
    one kernel call fills them. The buffers are left uninitialised
    (np.empty): the pages no row reaches are never touched, where np.zeros
    has every byte zeroed first (calloc clears reused memory), and the
    kernel writes every field of every row it counts, so no row shows what
    a buffer held before. The tunnels and events vary too much to bound so:
    the kernel stops early when one has no room for the next game's rows,
    and we go on with buffers sized by 1.25 x the rows per game the games
    so far wrote."""
    from kernels.runner import play_block

    n_players = len(bots)
    n_routes, n_tickets = bd.n_routes, bd.n_tickets
    tables = (*TABLES, "events") if events else TABLES
    parts = {t: [] for t in tables}
    # rows per game of the tables whose size varies (a first guess), and the room one game may need
    per_game = {"tickets": n_tickets, "claims": n_routes, "tunnels": 8,
                **({"events": 1000} if events else {})}
    one_game = {"tickets": n_tickets, "claims": n_routes, "tunnels": int(ru[L.RULE_TURN_CAP]) + 1,
                "events": L.MAX_EVENTS}
    weights = bot_params.to_array()
    done = 0
    while done < n:
        m = n - done
        buf = {
            "games": np.empty(m, L.GAME_RECORD),
            "players": np.empty(m * n_players, L.PLAYER_RECORD),
            **{t: np.empty(m * per_game[t] + one_game[t], VARIABLE_TABLES[t]) for t in per_game},
        }
        counts = np.zeros(len(TABLES) + 2, np.int64)  # the tables', the decisions, the events'
        k = play_block(bd, ru, bots, weights, np.int64(seed), np.int64(first + done), np.int64(m),
                       tuple(buf[t] for t in TABLES), counts, buf.get("events"))
        counts[len(TABLES)] = counts[len(TABLES) + 1]  # the events' rows after the five tables'
        for i, t in enumerate(tables):
            parts[t].append(buf[t][: counts[i]])
        done += k
        if k < m:  # a table was full: size the rest by the rows per game so far (k >= 1: one game always fits;
            # the full table wrote more than m * per_game rows in k < m games, so its size grows)
            for i, t in enumerate(tables):
                if t in per_game:
                    per_game[t] = max(per_game[t], -(-5 * int(counts[i]) // (4 * k)))
    return {t: np.concatenate(v) if len(v) > 1 else v[0] for t, v in parts.items()}


def run_chunk(job: ChunkJob, c: int, first: int, n: int) -> tuple[int, int, dict[str, np.ndarray] | None]:
    """Play chunk c: games first..first+n-1. With job.out, the chunk writes its
    own part files and marker and returns no tables."""
    if job.kernel_hash != SOURCE_HASH:
        raise ClusterError(f"this worker runs other kernel sources (hash {SOURCE_HASH}) than the client "
                           f"({job.kernel_hash}); install the same version everywhere")
    out_dir = Path(job.out) if job.out is not None else None
    if out_dir is not None and not (out_dir / MANIFEST).exists():
        raise ValueError(f"a worker on {platform.node()} cannot see the output folder {out_dir}; "
                         "give the workers the same folder or use --no-shared-out")
    arrays = run_games(board_view(job.board), job.rules, job.bot_ids, job.seed, first, n, job.bot_params,
                       job.events)
    if out_dir is not None:
        write_chunk(out_dir, c, chunk_frames(arrays, list(job.bots)), job.run_key)
        return c, n, None
    return c, n, arrays


class PartWriter:
    """Writes chunks' part files (analyzer.run.protocol.write_chunk) on a
    thread of its own, so that encoding Parquet (about a fifth of the time
    a random USA 2-player chunk takes to play) overlaps the next chunk's
    games instead of following them. `backlog` counts the chunks not yet
    written (the runner starts no chunk while a slot's worth of them wait:
    each holds its tables in memory); `close` waits for every write and
    raises the first write's error."""

    def __init__(self, out_dir: Path, bots: list[str], key: str):
        self.out_dir, self.bots, self.key = out_dir, bots, key
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ttr-writer")
        self.writes: set[Future] = set()

    def submit(self, c: int, arrays: dict[str, np.ndarray]) -> None:
        self.writes.add(self.pool.submit(self._write, c, arrays))

    def _write(self, c: int, arrays: dict[str, np.ndarray]) -> None:
        write_chunk(self.out_dir, c, chunk_frames(arrays, self.bots), self.key)

    def backlog(self) -> int:
        done = {f for f in self.writes if f.done()}
        for f in done:
            f.result()  # a write that failed fails the run now
        self.writes -= done
        return len(self.writes)

    def close(self) -> None:
        wait(self.writes)
        self.pool.shutdown(wait=True)
        for f in self.writes:
            f.result()
        self.writes.clear()
