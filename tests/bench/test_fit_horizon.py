"""bench/fit_horizon.py, the fit of expert's truncated rollouts' estimate: it writes a file that a run
reads (analyzer/expert_horizon.json's layout: the command, the board and player count fitted on, one
accepted value per EXPERT_HORIZON_* coefficient, the fit quality on fitted and held-out games), and the
same command writes the same file."""

import json
import math
import sys

from analyzer.bots import HORIZON_FIT, check_bot_param
from bench import fit_horizon
from kernels.bots.shared import params as P


def _fit(monkeypatch, out, *args):
    monkeypatch.setattr(sys, "argv", ["fit_horizon", "--games", "12", "--every", "3", "--seed", "5", *args,
                                      "--out", str(out)])
    fit_horizon.main()
    return json.loads(out.read_text())


def test_the_fit_writes_the_file_a_run_reads_and_writes_it_again_the_same(tmp_path, monkeypatch, capsys):
    record = _fit(monkeypatch, tmp_path / "a.json", "--board", "usa", "--players", "3")
    assert set(record) == set(json.loads(HORIZON_FIT.read_text()))
    assert record["fitted_on"] == {"board": "usa", "players": 3}
    assert "--board usa --players 3 --games 12 --every 3 --seed 5" in record["command"]
    names = {n for n in P.BOT_PARAM_NAMES if n.startswith("EXPERT_HORIZON_") and n != "EXPERT_HORIZON_SPREAD"}
    assert set(record["coefficients"]) == names
    for name, value in record["coefficients"].items():
        assert check_bot_param(name, value) == value
    for part in ("fit", "held_out"):
        quality = record[part]
        assert quality["tickets"] > 0 and 0.0 < quality["joined_share"] <= 1.0
        assert math.isfinite(quality["log_loss"]) and 0.0 <= quality["brier"] <= 1.0
    again = _fit(monkeypatch, tmp_path / "b.json", "--board", "usa", "--players", "3")
    assert (tmp_path / "a.json").read_text() == (tmp_path / "b.json").read_text(), again["command"]
