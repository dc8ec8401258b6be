"""Run simulations: split the games into chunks, run the chunks on threads
(the kernels release the GIL) or on Dask workers (analyzer.run.backends),
stream each chunk's tables to Parquet part files and keep a manifest from
which a run resumes (analyzer.run.protocol). A run is a RunSpec
(analyzer.run.spec); a chunk is played by analyzer.run.chunks.

Every game's randomness depends only on (seed, game index), so the tables are
identical for any thread count, chunk size or backend.
"""

from __future__ import annotations

import os
import shutil
import time
import warnings
from dataclasses import replace
from pathlib import Path

import numpy as np

from analyzer.boards import Board
from analyzer.bots import HorizonFitWarning, horizon_fit_warning
from analyzer.run.backends import parse_cluster
from analyzer.run.chunks import ChunkJob, PartWriter, run_chunk
from analyzer.run.compile import COMPILE_NOTICE, compile_kernels, kernels_compiled
from analyzer.run.progress import CtrlC, RunProgress
from analyzer.run.protocol import (
    MANIFEST,
    RUN_KEY_FIELDS,
    close_folder,
    missing_chunks,
    open_folder,
    tables_of,
)
from analyzer.run.results import ChunkArrays, Results
from analyzer.run.spec import RunSpec, make_spec

POLL_S = 0.2  # how often the chunk loop looks at Ctrl-C while it waits


def simulate(board="europe", players=4, bots=None, games=10_000, seed=1, rules=None, overrides=None,
             out=None, threads=0, chunk_size=None, resume=False, progress=True, cluster=None,
             shared_out=True, bot_params=None, events=False) -> Results:
    """Simulate `games` games and return their tables (pandas DataFrames).

    `bot_params`: bot weights and budgets, NAME=VALUE strings, a dict or an
    analyzer.bots.BotParams (e.g. expert.rollouts=64), for every seat.

    With `out`, each chunk is written to out/<table>/part-NNNNNN.parquet as it
    finishes, and out/manifest.json records the run; `resume=True` continues
    an interrupted run from the chunks already written (with any backend).

    `cluster` chooses where the chunks run: None, threads in this process
    (`threads` of them, 0: all cores); "local:N", a Dask LocalCluster of N
    single-threaded worker processes started for the run; "tcp://HOST:PORT",
    the workers of a running Dask scheduler. The workers of a tcp cluster
    write their chunks to `out` themselves, so they must see the same folder
    at the same path; with `shared_out=False` the tables come back to this
    process, which writes them. The tables are the same with every backend.

    `events=True` also writes the events table: every move of train cards
    and tickets (docs/tables.md); the games are the same."""
    spec = replace(make_spec(board, players, bots, games, seed, rules, overrides, chunk_size, bot_params),
                   events=bool(events))
    spec.bot_params.check_bots(spec.bots)
    return run(spec, out, threads, resume, progress, cluster, shared_out)


def run(spec: RunSpec, out=None, threads=0, resume=False, progress=True, cluster=None,
        shared_out=True) -> Results:
    """Play the run `spec` describes (simulate's options for where and how)."""
    warning = horizon_fit_warning(spec.bot_params, spec.board.name, spec.players)
    if warning:
        warnings.warn(warning, HorizonFitWarning, stacklevel=2)
    target = parse_cluster(cluster)
    manifest = spec.manifest()
    manifest["backend"] = target.name
    out_dir = Path(out) if out else None
    chunks: dict[int, dict[str, np.ndarray]] = {}  # the record arrays of each chunk played (no out folder)
    with target.open(threads, shared_out) as backend:
        todo = list(range(spec.n_chunks)) if out_dir is None else _prepare_out_dir(out_dir, spec, manifest, resume)
        done_games = spec.games - sum(spec.chunk_games(c) for c in todo)
        bar = _progress_bar(spec, done_games, bool(todo), progress)
        on_dask = target.kind != "threads"  # a thread's chunk comes back to this process's writer
        job = ChunkJob.of(spec, manifest, str(out_dir.resolve()) if out_dir is not None and backend.tasks_write_out
                          and on_dask else None)
        writer = PartWriter(out_dir, list(spec.bots), job.run_key) if out_dir is not None else None

        def collect(f) -> None:
            if f.cancelled() or (r := f.result()) is None:  # not started before the run was stopped
                return
            c, n, arrays = r
            if arrays is not None:
                if writer is not None:  # the tables came back: write them here
                    writer.submit(c, arrays)
                else:
                    chunks[c] = arrays
            bar.advance(n)

        t0 = time.perf_counter()
        try:
            interrupted = _play_chunks(spec, job, todo, backend, on_dask, collect, bar, writer)
        finally:
            try:
                if writer is not None:
                    writer.close()  # every chunk played is written, even when the run was stopped
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
        res = Results.load(out_dir)
        res.reused = not todo  # a resumed run that had every chunk already played nothing now
        return res
    return Results({}, manifest, spec.board, chunks=ChunkArrays([chunks[c] for c in sorted(chunks)], list(spec.bots)))


def _progress_bar(spec: RunSpec, done_games: int, work_left: bool, progress: bool) -> RunProgress:
    """The run's progress bar; the kernels compiled first when this version has not been (on two cores:
    analyzer/run/compile.py; the runner compiles at its first game)."""
    compiling = work_left and not kernels_compiled()
    notice = COMPILE_NOTICE if compiling and progress else None
    bar = RunProgress(spec.games, done_games, enabled=progress, notice=notice)
    if compiling:
        try:
            compile_kernels()
        except BaseException:  # Ctrl-C while compiling: nothing was played; the run resumes from nothing
            bar.close()
            raise
    return bar


def _play_chunks(spec: RunSpec, job: ChunkJob, todo: list[int], backend, on_dask: bool, collect, bar,
                 writer: PartWriter | None) -> bool:
    """Submit the chunks in `todo` to the backend, at most its slots at a time (none while as many wait
    for the writer), and collect each as it finishes. Returns True when Ctrl-C stopped the run
    (the chunks in flight are finished and collected, those not started dropped)."""
    pending = set()
    queue = list(todo)
    try:
        with CtrlC() as ctrl_c:
            if todo and on_dask:
                # Compile (or load) the kernels here first: Dask workers on
                # this machine then load them from the disk cache (the same
                # NUMBA_CACHE_DIR, inherited) instead of each compiling them.
                run_chunk(replace(job, out=None), 0, 0, 1)
            while queue or pending:
                ctrl_c.check()
                # chunks waiting for the writer hold their tables: at most a slot's worth of them, so that
                # a writer slower than the players bounds the memory (not the players, while it keeps up)
                while queue and len(pending) < backend.slots and (writer is None or writer.backlog() < backend.slots):
                    c = queue.pop(0)
                    pending.add(backend.submit(f"ttr-chunk-{c:06d}", run_chunk, job, c, c * spec.chunk_size,
                                               spec.chunk_games(c)))
                finished, pending = backend.wait_any(pending, timeout=POLL_S)
                for f in finished:
                    collect(f)
            ctrl_c.check()
    except KeyboardInterrupt:
        bar.note("interrupted: finishing the chunks in flight ...")
        in_flight = backend.stop(pending)  # chunks not started yet are dropped
        backend.wait_all(in_flight)
        for f in in_flight:
            collect(f)
        return True
    return False


def _prepare_out_dir(out_dir: Path, spec: RunSpec, manifest: dict, resume: bool) -> list[int]:
    """Start or resume the run's folder; return the chunks still to play."""
    open_folder(out_dir, MANIFEST, manifest, (*RUN_KEY_FIELDS, "events"), resume, "run")
    for t in tables_of(manifest):
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
