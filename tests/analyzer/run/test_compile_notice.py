"""The first run of a version of the kernels compiles them for minutes: the
CLI says so on one line before the progress bar, and says nothing when the
compiled kernels are already cached. The cold cases use an empty
cache folder and stop the process once it has spoken, so nothing compiles."""

import os
import signal
import subprocess
import sys

import analyzer
from analyzer.run.compile import COMPILE_NOTICE, kernels_compiled

SIMULATE = [sys.executable, "-m", "analyzer.cli", "simulate", "--board", "usa", "--players", "2"]


def _empty_cache_env(tmp_path):
    return dict(os.environ, TTR_CACHE_DIR=str(tmp_path / "cache"), TTR_NUMBA_CACHE_SET="1", COLUMNS="80")


def test_cold_cache_is_detected(tmp_path):
    code = "from analyzer.run.compile import kernels_compiled; print(kernels_compiled())"
    proc = subprocess.run([sys.executable, "-c", code], env=_empty_cache_env(tmp_path), capture_output=True,
                          text=True, timeout=120)
    assert proc.stdout.strip() == "False", proc.stderr


def test_warm_cache_is_detected():
    analyzer.simulate(board="usa", players=2, games=4, seed=1, progress=False)  # compiles or loads the kernels
    assert kernels_compiled()


def test_cli_says_it_compiles_on_one_line_first(tmp_path):
    proc = subprocess.Popen([*SIMULATE, "--games", "50"], env=_empty_cache_env(tmp_path), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        first = proc.stdout.readline()
        still_compiling = proc.poll() is None
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert first.rstrip("\n") == COMPILE_NOTICE
    assert still_compiling
    # what it compiles, how long it takes, and that it is once
    assert all(w in COMPILE_NOTICE for w in ("Compiling", "engine", "bot", "minutes", "once per version"))


def test_cli_says_nothing_about_compiling_when_the_kernels_are_cached(tmp_path):
    analyzer.simulate(board="usa", players=2, games=4, seed=1, progress=False)
    proc = subprocess.run([*SIMULATE, "--games", "40"], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, COLUMNS="120"))
    assert proc.returncode == 0, proc.stderr
    assert "Compiling" not in proc.stdout + proc.stderr
    assert "simulating" in proc.stdout and "40/40" in proc.stdout  # the usual progress bar
