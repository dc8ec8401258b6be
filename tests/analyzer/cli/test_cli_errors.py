"""Bad input to `ttr` exits 2 with a clear message and no traceback, both when
the command line itself is wrong (typer's usage errors) and when the library
refuses a value."""

import subprocess
import sys

import pytest

CLI = [sys.executable, "-m", "analyzer.cli"]


@pytest.mark.parametrize("args,message", [
    (["simulate", "--bogus"], "No such option"),
    (["simulate", "--players", "x"], "Invalid value"),
    (["summary", "/nonexistent/run"], "manifest.json"),
    (["simulate", "--games", "5", "--bots", "nobody"], "unknown bot 'nobody'"),
])
def test_bad_input_exits_2_without_a_traceback(args, message):
    proc = subprocess.run([*CLI, *args], capture_output=True, text=True)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 2, out
    assert "Traceback" not in out and message in out
