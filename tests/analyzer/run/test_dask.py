"""The Dask backend: a real LocalCluster gives the same tables as the thread
pool, writes the same Parquet parts, resumes either way, and stops cleanly on
Ctrl-C; bad cluster strings are clear errors."""

import glob
import json
import os
import sys
import time
import warnings

import pytest
from cli_run import interrupt_after_chunks, ttr
from same_tables import assert_same_tables as _assert_same

import analyzer
from analyzer.run.backends import DASK_MISSING
from analyzer.run.protocol import chunk_is_complete

distributed = pytest.importorskip("distributed")

KW = dict(board="usa", players=2, bots="greedy,random", games=200, seed=7, chunk_size=30, progress=False)
CLI = [sys.executable, "-m", "analyzer.cli", "simulate", "--board", "usa", "--players", "2", "--bots",
       "greedy,random", "--seed", "7", "--quiet"]


@pytest.fixture(scope="module")
def reference():
    return analyzer.simulate(threads=2, **KW)


@pytest.fixture(scope="module")
def scheduler():
    """A LocalCluster started here, reached like a remote one: tcp://127.0.0.1:PORT."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cl:
        yield cl.scheduler_address


def test_local_cluster_beside_another_equals_threads_and_writes_parquet(tmp_path, reference, scheduler):
    """One LocalCluster run (two worker processes; starting one costs seconds,
    so one run checks all of this): with another cluster running (the
    `scheduler` fixture's holds port 8787, as a second run or test file
    would), its scheduler serves HTTP on a free port with no warning, and the
    tables returned and the Parquet parts written are the thread pool's."""
    out = tmp_path / "run"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        res = analyzer.simulate(cluster="local:2", out=out, **KW)
    assert not [str(w.message) for w in caught if "already in use" in str(w.message)]
    assert res.manifest["backend"] == "dask:local:2" and res.manifest["threads"] == 2
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["status"] == "complete" and manifest["backend"] == "dask:local:2"
    assert len(list((out / "chunks").glob("chunk-*.json"))) == manifest["n_chunks"] == 7
    assert not list(out.rglob("*.tmp"))
    _assert_same(reference, res)
    _assert_same(reference, analyzer.load(out))


def test_workers_share_the_kernel_cache(scheduler):
    """Workers inherit NUMBA_CACHE_DIR and load the kernels compiled here."""
    analyzer.simulate(cluster=scheduler, **KW)

    def cache_info():
        import os

        from kernels.runner import run_block

        return os.environ.get("NUMBA_CACHE_DIR"), sum(run_block.stats.cache_hits.values()), \
            sum(run_block.stats.cache_misses.values())

    with distributed.Client(scheduler) as client:
        info = client.run(cache_info)
    assert len(info) == 2
    for cache_dir, hits, misses in info.values():
        assert cache_dir == os.environ["NUMBA_CACHE_DIR"]
        assert hits >= 1 and misses == 0


@pytest.mark.parametrize("shared_out", [True, False])
def test_tcp_cluster_writes_parquet(tmp_path, reference, scheduler, shared_out):
    out = tmp_path / "run"
    res = analyzer.simulate(cluster=scheduler, out=out, shared_out=shared_out, **KW)
    assert res.manifest["backend"] == f"dask:{scheduler}"
    _assert_same(reference, analyzer.load(out))


@pytest.mark.parametrize("resume_on", ["threads", "dask"])
def test_dask_run_resumes(tmp_path, reference, scheduler, resume_on):
    out = tmp_path / "run"
    analyzer.simulate(cluster=scheduler, out=out, **KW)
    (out / "chunks" / "chunk-000002.json").unlink()
    (out / "players" / "part-000005.parquet").unlink()
    with pytest.raises(ValueError, match="chunks are missing or damaged"):
        analyzer.load(out)
    resumed = analyzer.simulate(cluster=None if resume_on == "threads" else scheduler, out=out, resume=True, **KW)
    assert resumed.manifest["backend"] == ("threads" if resume_on == "threads" else f"dask:{scheduler}")
    _assert_same(reference, resumed)


@pytest.mark.parametrize("cluster,words", [
    ("local:0", "number of workers must be a whole number >= 1"),
    ("local:x", "number of workers must be a whole number >= 1"),
    ("local:", "number of workers must be a whole number >= 1"),
    ("foo", "cluster 'foo' is not understood; use 'local:N'"),
    ("tcp://host", "expected tcp://HOST:PORT"),
    ("tcp://host:99999", "expected tcp://HOST:PORT"),
])
def test_bad_cluster_strings(tmp_path, cluster, words):
    with pytest.raises(ValueError, match=words):
        analyzer.simulate(cluster=cluster, out=tmp_path / "run", **KW)
    assert not (tmp_path / "run").exists()


def test_missing_dask_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    with pytest.raises(ValueError, match=r"needs `pip install \.\[distributed\]`") as e:
        analyzer.simulate(cluster="local:2", **KW)
    assert str(e.value) == DASK_MISSING


def test_cli_cluster(tmp_path, reference):
    out = tmp_path / "cli"
    proc = ttr([*CLI[3:], "--games", "200", "--chunk-size", "30", "--cluster", "local:2", "--out", str(out)])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "win_rate" in proc.stdout
    _assert_same(reference, analyzer.load(out))
    bad = ttr([*CLI[3:], "--games", "20", "--cluster", "local:0"])
    text = " ".join((bad.stdout + bad.stderr).split())
    assert bad.returncode == 2 and "number of workers must be a whole number >= 1" in text
    assert "Traceback" not in text


def _alive_in_group(pgid: int) -> list[int]:
    """Processes of a process group that are not zombies (Linux /proc)."""
    alive = []
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            fields = open(stat).read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            alive.append(int(stat.split("/")[2]))
    return alive


def test_ctrl_c_stops_a_dask_run_resumably(tmp_path):
    """SIGINT to the whole process group, as a terminal's Ctrl-C: the running
    chunks finish, the others are dropped, the workers go away, and the run
    resumes (here on threads) to the same tables."""
    out = tmp_path / "stopped"
    args = [*CLI, "--games", "400", "--chunk-size", "4", "--out", str(out), "--cluster", "local:2"]
    proc = interrupt_after_chunks(args, out, 3)
    deadline = time.time() + 120
    while _alive_in_group(proc.pid) and time.time() < deadline:
        time.sleep(0.1)
    assert not _alive_in_group(proc.pid), "worker processes left behind"
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["status"] == "running" and manifest["backend"] == "dask:local:2"
    done = [c for c in range(manifest["n_chunks"]) if chunk_is_complete(out, c)]
    assert 3 <= len(done) < manifest["n_chunks"]
    # the chunks running at Ctrl-C were finished, not cut off
    started = {int(p.stem.split("-")[1]) for p in out.glob("*/part-*.parquet")}
    assert started == set(done) and not list(out.rglob("*.tmp"))
    kw = dict(KW, games=400, chunk_size=4)
    _assert_same(analyzer.simulate(**kw), analyzer.simulate(out=out, resume=True, **kw))
