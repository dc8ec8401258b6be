"""The runner: same seed -> identical tables for any thread count and chunk
size; Parquet parts + manifest; atomic parts, resume, damaged parts redone."""

import json
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest
from cli_run import ttr
from same_tables import assert_same_tables as _assert_same

import analyzer


@pytest.fixture(scope="module")
def reference():
    return analyzer.simulate(board="europe", players=3, bots="greedy,random,greedy", games=300, seed=11,
                             threads=1, chunk_size=300, progress=False)


def test_same_seed_same_tables_any_threads_and_chunks(reference):
    other = analyzer.simulate(board="europe", players=3, bots="greedy,random,greedy", games=300, seed=11,
                              threads=2, chunk_size=37, progress=False)
    _assert_same(reference, other)


def test_different_seed_differs(reference):
    other = analyzer.simulate(board="europe", players=3, bots="greedy,random,greedy", games=300, seed=12,
                              threads=2, progress=False)
    assert not reference.players["score"].equals(other.players["score"])


def test_tables_have_the_promised_columns(reference):
    r = reference
    assert len(r.games) == 300 and len(r.players) == 900
    assert {"game", "turns", "end_reason", "winners", "stalled"} <= set(r.games.columns)
    assert {"seat", "bot", "score", "route_points", "tickets_won", "tickets_lost", "longest_bonus",
            "station_points", "trains_left", "routes_claimed", "tickets_kept", "tickets_completed",
            "tickets_failed"} <= set(r.players.columns)
    assert {"ticket", "long", "completed", "turn_completed"} <= set(r.tickets.columns)
    assert {"route", "seat", "turn"} <= set(r.claims.columns)
    assert {"route", "revealed", "surcharge", "paid", "deck_red", "deck_locomotive"} <= set(r.tunnels.columns)
    assert isinstance(r.players["bot"].dtype, pd.CategoricalDtype)
    assert r.players["score"].dtype == np.int16
    # the components add up to the score
    p = r.players
    total = (p.route_points + p.mountain_points + p.tickets_won - p.tickets_lost + p.longest_bonus
             + p.explorer_bonus + p.globetrotter_bonus + p.station_points)
    assert (total == p.score).all()
    # every game has at least one winner, and the winners mask agrees with players.winner
    w = p.groupby("game")["winner"].sum()
    assert (w >= 1).all()
    assert (w.to_numpy() == r.games.sort_values("game")["n_winners"].to_numpy()).all()
    # Europe deals one long ticket to each player (EU-SET-2): at most one long kept per setup
    setup_long = r.tickets[r.tickets.setup & r.tickets.long].groupby(["game", "seat"]).size()
    assert setup_long.max() == 1


def test_parquet_run_reads_back_identical(tmp_path, reference):
    out = tmp_path / "run"
    written = analyzer.simulate(board="europe", players=3, bots="greedy,random,greedy", games=300, seed=11,
                                out=out, chunk_size=64, threads=2, progress=False)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["status"] == "complete"
    assert manifest["rules_hash"] == analyzer.preset("europe").hash()
    assert manifest["games"] == 300 and manifest["seed"] == 11 and manifest["n_chunks"] == 5
    assert {"numba", "numpy", "pandas", "python"} <= set(manifest["versions"])
    assert len(list((out / "players").glob("part-*.parquet"))) == 5
    assert not list(out.rglob("*.tmp"))
    _assert_same(reference, written)
    _assert_same(reference, analyzer.load(out))


def test_resume_redoes_missing_and_damaged_chunks(tmp_path, reference):
    out = tmp_path / "run"
    kw = dict(board="europe", players=3, bots="greedy,random,greedy", games=300, seed=11, chunk_size=64,
              progress=False)
    analyzer.simulate(out=out, **kw)
    # damage the run: truncate one part, delete another chunk's marker, drop a third part
    part = out / "claims" / "part-000001.parquet"
    part.write_bytes(part.read_bytes()[:100])
    (out / "chunks" / "chunk-000003.json").unlink()
    (out / "tickets" / "part-000004.parquet").unlink()
    with pytest.raises(ValueError, match="chunks are missing or damaged"):
        analyzer.load(out)
    with pytest.raises(ValueError, match="--resume"):
        analyzer.simulate(out=out, **kw)
    resumed = analyzer.simulate(out=out, resume=True, **kw)
    _assert_same(reference, resumed)


def test_resume_refuses_a_different_run(tmp_path):
    out = tmp_path / "run"
    analyzer.simulate(board="usa", players=2, games=20, seed=1, out=out, progress=False)
    with pytest.raises(ValueError, match="differs in seed"):
        analyzer.simulate(board="usa", players=2, games=20, seed=2, out=out, resume=True, progress=False)


def test_cli_simulate_writes_parquet_and_summary(tmp_path):
    out = tmp_path / "cli"
    proc = ttr(
        ["simulate", "--board", "usa", "--players", "2", "--bots",
         "greedy,random", "--games", "50", "--seed", "3", "--out", str(out), "--quiet"],
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "win_rate" in proc.stdout
    res = analyzer.load(out)
    assert len(res.games) == 50 and list(res.players["bot"].cat.categories) == ["greedy", "random"]


@pytest.mark.parametrize("args,words", [
    (["--players", "7"], "2-5 players"),
    (["--bots", "wizard"], "unknown bot 'wizard'"),
    (["--bots", "greedy,random,random"], "3 bots given for 4 players"),
    (["--board", "atlantis"], "not a built-in board"),
    (["--games", "0"], "games must be"),
])
def test_cli_bad_input_exits_2(args, words):
    proc = ttr(["simulate", "--quiet", *args])
    out = proc.stdout + proc.stderr
    assert proc.returncode == 2, out
    assert words in " ".join(out.split())
    assert "Traceback" not in out


def test_sigkilled_run_resumes_to_identical_tables(tmp_path):
    """A run killed with SIGKILL mid-way continues with --resume and ends with
    the same tables as an uninterrupted run."""
    import os
    import signal
    import time

    out = tmp_path / "killed"
    args = ["--board", "usa", "--players", "2", "--bots", "greedy", "--games", "4000", "--seed", "5",
            "--chunk-size", "100", "--threads", "1", "--quiet", "--out", str(out)]
    proc = subprocess.Popen([sys.executable, "-m", "analyzer.cli", "simulate", *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    while time.time() < deadline and proc.poll() is None:
        if len(list(out.glob("chunks/chunk-*.json"))) >= 3:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the run finished before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    done = len(list((out / "chunks").glob("chunk-*.json")))
    assert 3 <= done < 40
    resumed = ttr(["simulate", *args, "--resume"])
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    reference = analyzer.simulate(board="usa", players=2, bots="greedy", games=4000, seed=5, progress=False)
    _assert_same(reference, analyzer.load(out))


def test_foreign_part_file_is_detected_and_redone(tmp_path):
    """A part file from another run (same shape, other seed) is not taken for this run's."""
    import shutil

    kw = dict(board="usa", players=2, bots="greedy", games=120, chunk_size=40, progress=False)
    a = tmp_path / "a"
    b = tmp_path / "b"
    analyzer.simulate(out=a, seed=1, **kw)
    analyzer.simulate(out=b, seed=2, **kw)
    shutil.copy(a / "games" / "part-000001.parquet", b / "games" / "part-000001.parquet")  # same row count
    with pytest.raises(ValueError, match="missing or damaged"):
        analyzer.load(b)
    resumed = analyzer.simulate(out=b, seed=2, resume=True, **kw)
    _assert_same(analyzer.simulate(seed=2, **kw), resumed)
