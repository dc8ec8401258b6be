"""Bad input to `ttr` exits 2 with a clear message and no traceback, both when
the command line itself is wrong (typer's usage errors) and when the library
refuses a value: in this process (tests/cli_run.py) for each kind of error,
and once through a real `python -m analyzer.cli` process."""

import subprocess
import sys

import pytest
from cli_run import ttr

CLI = [sys.executable, "-m", "analyzer.cli"]


@pytest.mark.parametrize("args,message", [
    (["simulate", "--bogus"], "No such option"),
    (["simulate", "--players", "x"], "Invalid value"),
    (["summary", "/nonexistent/run"], "manifest.json"),
    (["simulate", "--games", "5", "--bots", "nobody"], "unknown bot 'nobody'"),
    # a name with brackets is printed as given, not read as console markup
    (["simulate", "--games", "5", "--board", "no[bold]where"], "no[bold]where: no such board folder"),
    (["simulate", "--games", "5", "--bots", "[red]x"], "unknown bot '[red]x'"),
])
def test_bad_input_exits_2_without_a_traceback(args, message):
    proc = ttr(args)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 2, out
    assert "Traceback" not in out and message in out


def test_a_real_process_exits_2_without_a_traceback():
    proc = subprocess.run([*CLI, "simulate", "--games", "5", "--bots", "nobody"], capture_output=True, text=True)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 2, out
    assert "Traceback" not in out and "unknown bot 'nobody'" in out
