"""tools/kill_resume.py: `ttr sweep`, `ttr tune` (also with the scorecard
objective) and `ttr report` killed with SIGKILL at random points and resumed
give the tables of an uninterrupted run (here at a small size: two kills of
sweep, tune and the scorecard tune, one of the report; the
documented check lands 20 of each, docs/report.md "Nothing lost on a kill"),
and the comparison it relies on finds a changed table."""

import importlib.util

import pandas as pd
import pytest
from helpers import PROJECT_ROOT as ROOT

spec = importlib.util.spec_from_file_location("kill_resume", ROOT / "tools" / "kill_resume.py")
kill_resume = importlib.util.module_from_spec(spec)
spec.loader.exec_module(kill_resume)


def test_comparison_finds_a_changed_cell_a_missing_table_and_ignores_run_times(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    for d in (a, b):
        (d / "run").mkdir(parents=True)
    pd.DataFrame({"game": [0, 1], "score": [90, 80]}).to_parquet(a / "run" / "players.parquet")
    pd.DataFrame({"game": [0, 1], "score": [90, 81]}).to_parquet(b / "run" / "players.parquet")
    pd.DataFrame({"study": ["x"], "wall time (s)": [1.0]}).to_csv(a / "runs.csv", index=False)
    pd.DataFrame({"study": ["x"], "wall time (s)": [9.0]}).to_csv(b / "runs.csv", index=False)
    (a / "manifest.json").write_text('{"games": 2, "wall_time_s": 1.0}')
    diff = kill_resume.differences(kill_resume.tables(a), kill_resume.tables(b))
    assert [d.split(":")[0] for d in diff] == ["missing", "run/players.parquet"]
    (b / "manifest.json").write_text('{"games": 2, "wall_time_s": 7.5}')
    pd.DataFrame({"game": [0, 1], "score": [90, 80]}).to_parquet(b / "run" / "players.parquet")
    assert kill_resume.differences(kill_resume.tables(a), kill_resume.tables(b)) == []


@pytest.mark.slow
def test_killed_and_resumed_commands_give_the_uninterrupted_tables(tmp_path):
    lines = []
    assert kill_resume.main(["--kills", "2", "--commands", "sweep,tune,tune-scorecard", "--work", str(tmp_path)]) == 0
    code = kill_resume.check("report", tmp_path, 1, __import__("random").Random(3), log=lines.append)
    assert code == 0, lines
    assert any("tables equal" in line for line in lines)
