"""Run the `ttr` command line inside the test process (a subprocess adds
nothing to most CLI tests but a Python start-up and a reload of every
compiled kernel, seconds each). `ttr(args)` calls the real entry point,
analyzer.cli.app.main (the one `ttr` and `python -m analyzer.cli` run: typer's
usage errors, the one-line user errors, exit codes), with the arguments,
environment and working folder given, and returns what a finished process
would: returncode, stdout, stderr.

An exception main() does not turn into an exit code propagates and fails the
test, which is stricter than looking for "Traceback" in a child's stderr. Tests
that need a real process stay on subprocess: a kill or Ctrl-C in the middle of
a run, an empty compile cache (tests/analyzer/run/test_compile_notice.py), and
one bad-input case through `python -m analyzer.cli`
(tests/analyzer/cli/test_cli_errors.py)."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from dataclasses import dataclass


@dataclass
class Finished:
    """What subprocess.run(..., capture_output=True, text=True) would give."""

    args: list[str]
    returncode: int
    stdout: str
    stderr: str


def ttr(args, env: dict | None = None, cwd=None) -> Finished:
    """Run `ttr *args` in this process; env: variables set for the call only."""
    from analyzer.cli.app import main

    args = [str(a) for a in args]
    consoles = _consoles()
    out, err = io.StringIO(), io.StringIO()
    saved_argv, saved_cwd = sys.argv, os.getcwd()
    saved_env = {k: os.environ.get(k) for k in (env or {})}
    sys.argv = ["ttr", *args]
    os.environ.update(env or {})
    if cwd is not None:
        os.chdir(cwd)
    code = 0
    widths = [c._width for c in consoles]
    for c in consoles:
        c._width = None  # read COLUMNS now, as a process starting with this environment would
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main()
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        for c, w in zip(consoles, widths, strict=True):
            c._width = w
        sys.argv = saved_argv
        os.chdir(saved_cwd)
        for k, v in saved_env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return Finished(args, code, out.getvalue(), err.getvalue())


def _consoles() -> list:
    """The command modules' rich consoles. rich fixes a console's width from
    COLUMNS when the console is made (at import), and pytest-xdist starts its
    workers with COLUMNS=80: a test that sets COLUMNS for a call (a wide table)
    needs them to read it again."""
    from rich.console import Console

    found = []
    for name, mod in list(sys.modules.items()):
        if name.startswith("analyzer.cli."):
            found.extend(v for v in vars(mod).values() if isinstance(v, Console))
    return found


def interrupt_after_chunks(args: list, out, chunks: int, timeout: float = 120.0):
    """Start `args` (a real `python -m analyzer.cli simulate ... --out out` process, in a process group
    of its own), press Ctrl-C once `chunks` chunks are written, and wait for it to stop; it must stop
    with 130. Returns the process (its pid names the group, Dask workers included)."""
    import signal
    import subprocess
    import time
    from pathlib import Path

    proc = subprocess.Popen([str(a) for a in args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    deadline = time.time() + timeout
    while time.time() < deadline and proc.poll() is None and len(list(Path(out).glob("chunks/chunk-*.json"))) < chunks:
        time.sleep(0.02)
    assert proc.poll() is None, "the run finished before it could be interrupted"
    os.killpg(proc.pid, signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, (stdout + stderr).decode()
    return proc
