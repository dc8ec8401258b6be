"""A chunk's tables: one kernel call fills the tickets and claims of any
number of games, into buffers whose earlier contents no row shows; a run
kept in memory joins its chunks' rows table by table on first use, into the
same tables as a run read back from Parquet; a run to Parquet writes its
chunks on a writer thread, every chunk played written even when Ctrl-C
stops it."""

import json
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd
import pytest
from cli_run import interrupt_after_chunks
from same_tables import assert_same_tables

import analyzer
from analyzer.records import board_view
from analyzer.run.chunks import ChunkJob, run_games
from analyzer.run.protocol import chunk_is_complete
from analyzer.run.spec import make_spec
from kernels import layouts as L
from kernels.runner import play_block


def test_random_players_tickets_fit_one_kernel_call():
    # random players keep nearly every USA ticket: a buffer sized by a guess overflowed and was joined
    spec = make_spec("usa", 2, "random", 400, 3, None, None, 400, None)
    job = ChunkJob.of(spec, spec.manifest())
    arrays = run_games(board_view(job.board), job.rules, job.bot_ids, 3, 0, 400, job.bot_params)
    assert len(arrays["tickets"]) > 20 * 400  # more than a guess of 8 a seat would have held
    for t in ("games", "players", "tickets", "claims"):
        assert arrays[t].base is not None, f"{t}: joined from several kernel calls"


@pytest.mark.parametrize("board, players, bots", [
    ("usa", 2, "random"), ("europe", 4, "planner,greedy,random,planner"), ("switzerland", 3, "random"),
    ("legendary_asia", 4, "random"), ("team_asia", 4, "greedy"), ("ghost_train", 3, "greedy")])
def test_every_row_is_written_whole_whatever_its_buffer_held(board, players, bots):
    """run_games leaves its buffers uninitialised (np.empty: zeroing them would touch pages no row
    reaches): the kernel writes every field of every row it counts, so buffers holding a byte pattern
    give the rows that zeroed buffers give, events included."""
    spec = make_spec(board, players, bots, 60, 11, None, None, 60, None)
    job = ChunkJob.of(spec, spec.manifest())
    bd, n = board_view(job.board), 60
    sizes = {"games": n, "players": n * players, "tickets": n * bd.n_tickets, "claims": n * bd.n_routes,
             "tunnels": n * 64, "events": n * 2000}
    records = dict(zip(sizes, (L.GAME_RECORD, L.PLAYER_RECORD, L.TICKET_RECORD, L.CLAIM_RECORD,
                               L.TUNNEL_RECORD, L.EVENT_RECORD), strict=True))
    written = []
    for fill in (0x00, 0xA5):
        buf = {t: np.full(sizes[t] * records[t].itemsize, fill, np.uint8).view(records[t]) for t in sizes}
        counts = np.zeros(7, np.int64)
        done = play_block(bd, job.rules, job.bot_ids, job.bot_params.to_array(), np.int64(11), np.int64(0),
                          np.int64(n), tuple(buf[t] for t in list(sizes)[:5]), counts, buf["events"])
        assert done == n
        rows = {t: buf[t][:counts[i]] for i, t in enumerate(list(sizes)[:5])} | {"events": buf["events"][:counts[6]]}
        assert all(len(r) for t, r in rows.items() if t != "tunnels")
        written.append(rows)
    for t in sizes:
        assert written[0][t].tobytes() == written[1][t].tobytes(), t


def test_memory_run_joins_each_table_on_first_use(tmp_path):
    kw = dict(board="europe", players=3, bots="greedy,random,planner", games=120, seed=5, chunk_size=25,
              threads=2, progress=False)
    mem = analyzer.simulate(**kw)
    held = mem._chunks.chunks
    assert len(held) == 5 and all(set(c) == {"games", "players", "tickets", "claims", "tunnels"} for c in held)
    players = mem.players
    assert all("players" not in c and "games" in c for c in held)  # joined and dropped; the others still held
    assert mem.players is players and len(players) == 360
    assert isinstance(players["bot"].dtype, pd.CategoricalDtype)
    assert list(players["bot"].cat.categories) == ["greedy", "random", "planner"]
    assert np.array_equal(players["game"].to_numpy(), np.repeat(np.arange(120), 3))
    with ThreadPoolExecutor(4) as pool:  # asked for at once, a table is joined once
        claims = list(pool.map(lambda _: mem.claims, range(4)))
    assert all(c is claims[0] for c in claims) and all("claims" not in c for c in held)
    disk = analyzer.simulate(**kw, out=tmp_path / "run")
    assert_same_tables(mem, disk)
    for t in ("games", "players", "tickets", "claims", "tunnels"):
        a, b = mem.table(t), analyzer.load(tmp_path / "run").table(t)
        assert list(a.columns) == list(b.columns) and list(a.dtypes) == list(b.dtypes), t


def test_threads_asking_for_a_table_at_once_get_one_whole_named_frame(tmp_path):
    """A table's first use (joined from the chunks or read from the folder, then its name column added) is
    done once however many threads ask at once: each gets the same frame, never one caught while a thread
    adds its name column (pandas guards no column insert; a frame so caught had 8 arrays for 7 columns)."""
    kw = dict(board="europe", players=3, bots="greedy,random,planner", games=60, seed=5, chunk_size=20,
              threads=1, progress=False)
    analyzer.simulate(**kw, out=tmp_path / "run")
    names = {"claims": "route_name", "tunnels": "route_name", "tickets": "ticket_name"}
    for attempt in range(12):
        run = analyzer.simulate(**kw) if attempt % 2 else analyzer.load(tmp_path / "run")
        with ThreadPoolExecutor(8) as pool:
            got = list(pool.map(lambda i, r=run: (list(names)[i % 3], r.table(list(names)[i % 3])), range(48)))
        for name, df in got:
            assert df is run.table(name)
            assert list(df.columns).count(names[name]) == 1 and len(df.dtypes) == len(df.columns), name


def test_ctrl_c_stops_a_thread_run_with_every_played_chunk_written(tmp_path):
    out = tmp_path / "stopped"
    kw = dict(board="usa", players=2, bots="greedy,random", games=1200, seed=7, chunk_size=6, progress=False)
    args = [sys.executable, "-m", "analyzer.cli", "simulate", "--board", "usa", "--players", "2", "--bots",
            "greedy,random", "--games", "1200", "--seed", "7", "--chunk-size", "6", "--threads", "2", "--quiet",
            "--out", str(out)]
    interrupt_after_chunks(args, out, 5)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["status"] == "running"
    done = [c for c in range(manifest["n_chunks"]) if chunk_is_complete(out, c)]
    assert 5 <= len(done) < manifest["n_chunks"]
    written = {int(p.stem.split("-")[1]) for p in out.glob("*/part-*.parquet")}
    assert written == set(done) and not list(out.rglob("*.tmp"))  # no chunk half written
    assert_same_tables(analyzer.simulate(**kw), analyzer.simulate(out=out, resume=True, threads=1, **kw))
