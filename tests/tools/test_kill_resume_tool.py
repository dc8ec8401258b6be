"""tools/kill_resume.py at a small size: `ttr sweep` and `ttr tune` killed
with SIGKILL at random moments and resumed end with the same tables as an
uninterrupted run (the script's full run, `ttr report` included, is in
docs/tables.md "Nothing lost on a kill")."""

import importlib.util
import sys

from helpers import PROJECT_ROOT as ROOT


def _tool():
    spec = importlib.util.spec_from_file_location("kill_resume", ROOT / "tools" / "kill_resume.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # its dataclass looks its module up
    spec.loader.exec_module(mod)
    return mod


def test_killed_and_resumed_sweep_and_tune_give_the_uninterrupted_tables(tmp_path, capsys):
    assert _tool().main(["--kills", "2", "--size", "small", "--commands", "sweep,tune", "--seed", "7",
                         "--work", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [x.split(":")[0] for x in lines] == ["sweep", "tune"]
    assert all("tables identical" in x for x in lines), lines
    assert sum(int(x.split(": ")[1].split(" kills")[0]) for x in lines) >= 1, lines  # a kill landed


def test_a_difference_is_found(tmp_path):
    tool = _tool()
    import pandas as pd

    a = {"t.csv": pd.DataFrame({"x": [1, 2]})}
    assert tool.differences(a, {"t.csv": pd.DataFrame({"x": [1, 3]})})
    assert tool.differences(a, {}) == ["t.csv: only in the uninterrupted run"]
    assert not tool.differences(a, {"t.csv": pd.DataFrame({"x": [1, 2]})})
