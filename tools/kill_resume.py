"""Nothing lost on a kill: `ttr sweep`, `ttr tune` (also with `--objective
scorecard`: tune-scorecard) and `ttr report` are killed
with SIGKILL at random points, resumed each time, and their final tables
compared with those of an uninterrupted run.

    python tools/kill_resume.py --kills 20            # the documented check (docs/house-rules.md)
    python tools/kill_resume.py --kills 2 --commands sweep,tune --work /tmp/kr

For each command: one uninterrupted run (its wall time T), then rounds of
kill-and-resume in a fresh folder. In a round the command is started, killed
after a random time in [0.3 s, T] (seeded by --seed), started again with
--resume (`ttr report` resumes by itself), and so on until a start finishes;
its tables are then compared with the uninterrupted run's. Rounds repeat
until --kills kills have landed. Compared: every Parquet file and CSV table
under the output folders (columns that time the run left out) and the
manifests and recommendation (keys that time the run left out). Exit code 0:
every round equal; 1: a difference (printed); 2: a command failed."""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd

# what differs between two runs of the same games: how long they took, when, where
TIMING_COLUMNS = ("wall time (s)", "games/s", "share of run time (%)", "folder", "wall_time_s", "games_per_s",
                  "seconds", "duration_s", "datetime_start", "datetime_complete", "elapsed_s", "share of total (%)",
                  "played")
TIMING_ORDER = {"cost.csv": "study"}  # a table in the order of its timings (slowest first): compared in this column's
TIMING_KEYS = ("wall_time_s", "games_per_s", "created", "finished", "date", "elapsed_s", "seconds", "path",
               "out", "results", "command", "resumed", "chunks_resumed", "started", "host")


def commands(out: Path) -> dict[str, list[str]]:
    """Each checked command, small enough to run many times, writing into `out`."""
    ttr = [sys.executable, "-m", "analyzer.cli"]
    return {
        "sweep": [*ttr, "sweep", "--board", "usa", "--players", "2", "--bots", "greedy", "--games", "3000",
                  "--set", "tunnel_reveal=2,3,4", "--seed", "5", "--chunk-size", "250", "--threads", "1",
                  "--quiet", "--out", str(out)],
        "tune": [*ttr, "tune", "--board", "usa", "--players", "2", "--bots", "greedy", "--min-games", "100",
                 "--factor", "2", "--rungs", "3", "--seed", "3", "--param", "trains=30..45", "--objective",
                 "game_length=40", "--budget", "5000", "--confirm-top", "2", "--quiet", "--out", str(out)],
        "tune-scorecard": [*ttr, "tune", "--board", "usa", "--players", "2", "--tiers", "random,greedy", "--param",
                           "trains=3..8", "--objective", "scorecard", "--targets", str(out.parent / "targets.toml"),
                           "--min-games", "120", "--factor", "2", "--rungs", "2", "--seed", "3", "--budget", "3000",
                           "--confirm-top", "1", "--quiet", "--out", str(out)],
        "report": [*ttr, "report", "--name", "kill-resume", "--games", "200", "--seed", "2", "--threads", "1",
                   "--quiet", "--results", str(out / "results"), "--out", str(out / "page")],
    }


TARGETS = "first_seat = 0.5\n\n[matrix]\ngreedy.random = 0.95\n"
"""The targets file of tune-scorecard (written beside its output folders)."""


def resume_args(name: str) -> list[str]:
    return [] if name == "report" else ["--resume"]


def run(args: list[str], kill_after: float | None) -> tuple[bool, int, str]:
    """Start the command; kill it after `kill_after` seconds if still running.
    Returns (killed, exit code, stderr's last lines)."""
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        proc.wait(timeout=kill_after)
    except subprocess.TimeoutExpired:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        return True, proc.returncode, ""
    err = proc.stderr.read() if proc.stderr else ""
    return False, proc.returncode, "\n".join(err.strip().splitlines()[-3:])


def tables(root: Path) -> dict[str, object]:
    """Every table under root, by relative path, without the columns and keys that time the run."""
    out: dict[str, object] = {}
    for path in sorted(root.rglob("*")):
        rel = str(path.relative_to(root))
        if path.suffix == ".parquet" and path.is_file():
            df = pd.read_parquet(path)
        elif path.suffix == ".csv":
            df = pd.read_csv(path)
        elif path.name in ("manifest.json", "recommendation.json"):
            out[rel] = _without_timing(json.loads(path.read_text()))
            continue
        else:
            continue
        if path.name in TIMING_ORDER:
            df = df.sort_values(TIMING_ORDER[path.name], kind="stable")
        out[rel] = df.drop(columns=[c for c in df.columns if c in TIMING_COLUMNS]).reset_index(drop=True)
    return out


def _without_timing(value):
    if isinstance(value, dict):
        return {k: _without_timing(v) for k, v in value.items() if k not in TIMING_KEYS}
    if isinstance(value, list):
        return [_without_timing(v) for v in value]
    return value


def differences(expected: dict[str, object], got: dict[str, object]) -> list[str]:
    found = [f"missing: {k}" for k in expected if k not in got] + [f"extra: {k}" for k in got if k not in expected]
    for key in sorted(set(expected) & set(got)):
        a, b = expected[key], got[key]
        if isinstance(a, pd.DataFrame):
            try:
                pd.testing.assert_frame_equal(a, b, check_dtype=False)
            except AssertionError as e:
                found.append(f"{key}: {str(e).splitlines()[0]}")
        elif a != b:
            found.append(f"{key}: differs")
    return found


def check(name: str, work: Path, kills: int, rng: random.Random, log=print) -> int:
    """Kill-and-resume rounds of one command until `kills` kills landed; the exit code."""
    ref = work / name / "uninterrupted"
    shutil.rmtree(work / name, ignore_errors=True)
    (work / name).mkdir(parents=True)
    (work / name / "targets.toml").write_text(TARGETS)
    t0 = time.perf_counter()
    killed, code, err = run(commands(ref)[name], None)
    full = time.perf_counter() - t0
    if code != 0:
        log(f"{name}: the uninterrupted run failed (exit {code}): {err}")
        return 2
    expected = tables(ref)
    landed, round_no = 0, 0
    while landed < kills:
        round_no += 1
        out = work / name / f"round-{round_no}"
        args, starts = commands(out)[name], 0
        while True:
            kill_after = rng.uniform(0.3, full) if landed < kills else None
            killed, code, err = run(args + (resume_args(name) if starts else []), kill_after)
            starts += 1
            if killed:
                landed += 1
                continue
            if code != 0:
                log(f"{name}: round {round_no}, start {starts} failed (exit {code}): {err}")
                return 2
            break
        diff = differences(expected, tables(out))
        log(f"{name}: round {round_no}: {starts - 1} kills, {landed}/{kills} in all; "
            f"{len(expected)} tables {'equal' if not diff else 'DIFFER'} (uninterrupted run {full:.1f} s)")
        if diff:
            log("\n".join("  " + d for d in diff[:20]))
            return 1
        shutil.rmtree(out)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kills", type=int, default=20, help="kills that must land per command (default 20)")
    ap.add_argument("--commands", default="sweep,tune,report",
                    help="comma list of sweep, tune, tune-scorecard, report")
    ap.add_argument("--seed", type=int, default=1, help="seed of the kill times")
    ap.add_argument("--work", type=Path, default=Path("results/kill-resume"), help="scratch folder")
    a = ap.parse_args(argv)
    names = [n.strip() for n in a.commands.split(",") if n.strip()]
    unknown = [n for n in names if n not in commands(Path("."))]
    if unknown or a.kills < 1:
        ap.error(f"--commands takes sweep, tune, tune-scorecard, report (got {', '.join(unknown)}); --kills at least 1")
    rng = random.Random(a.seed)
    worst = 0
    for name in names:
        worst = max(worst, check(name, a.work, a.kills, rng))
    return worst


if __name__ == "__main__":
    sys.exit(main())
