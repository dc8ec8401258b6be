"""Nothing is lost on a kill: runs `ttr sweep`, `ttr tune` and `ttr report`
(what `make report` runs) once without interruption, then again in a fresh
folder, killing the process with SIGKILL at random moments and starting it
again with --resume (the report: the same command) each time, and checks that
the final tables are identical to the uninterrupted run's: every run's five
tables, the sweep's comparison, the tuning study's trials, Pareto front and
recommendation, and every table the report writes beside its page.

    python -m tools.kill_resume                       # 20 kills per command
    python -m tools.kill_resume --kills 3 --size small --commands sweep,tune

Exit 0 when every command's tables match, 1 otherwise (the differences are
printed). Each attempt is killed after the start-up the uninterrupted run
took plus a uniform draw over 1 / kills of its work (seeded by --seed), so
the kills fall at random points spread over the whole work; a process that
finishes before its kill ends the kills of that command early (the count of
kills delivered is printed). Columns that time the machine (wall time,
games/s) are left out of the comparison.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

TABLES = ("games", "players", "tickets", "claims", "tunnels")  # a run's tables (analyzer/run/protocol.py)

SIZES = {  # games of each command at each size
    "small": {"sweep": 1200, "tune_budget": 1600, "tune_min": 100, "report": 60},
    "full": {"sweep": 6000, "tune_budget": 8000, "tune_min": 250, "report": 300},
}


@dataclass
class Outcome:
    command: str
    kills: int
    differences: list[str]
    seconds: float


def command_args(command: str, out: Path, size: str) -> list[str]:
    """The `ttr` arguments of one command writing to `out` (small boards and bots; one thread so
    that each chunk takes long enough for a kill to land inside it)."""
    s = SIZES[size]
    common = ["--threads", "1", "--quiet"]
    if command == "sweep":
        return ["sweep", "--board", "usa", "--players", "2", "--bots", "greedy", "--games", str(s["sweep"]),
                "--set", "end_trains=1,2,3", "--chunk-size", "100", "--out", str(out), *common]
    if command == "tune":
        return ["tune", "--param", "trains=30..45", "--objective", "game_length=60", "--board", "usa",
                "--players", "2", "--bots", "greedy", "--budget", str(s["tune_budget"]), "--min-games",
                str(s["tune_min"]), "--factor", "2", "--rungs", "2", "--confirm-top", "1", "--startup-trials", "3",
                "--seed", "4", "--out", str(out), *common]
    if command == "report":
        return ["report", "--name", "kill-resume", "--games", str(s["report"]), "--bots", "random", "--seed", "3",
                "--results", str(out / "results"), "--out", str(out / "page"), *common]
    raise ValueError(f"unknown command {command!r}: sweep, tune or report")


LOG = Path(tempfile.gettempdir()) / f"kill-resume-{os.getpid()}.log"
"""What the commands print (a failure's message is read back from it)."""


def ttr(args: list[str]) -> subprocess.Popen:
    with LOG.open("w") as log:  # a file, not a pipe: nothing blocks a process that prints much
        return subprocess.Popen([sys.executable, "-m", "analyzer.cli", *args], stdout=log,
                                stderr=subprocess.STDOUT)


def finish(args: list[str], out: Path | None = None) -> float:
    """Run to the end; returns when `out` first appeared (seconds after the start: the start-up)."""
    t0 = time.perf_counter()
    proc = ttr(args)
    started = None
    while proc.poll() is None:
        if started is None and out is not None and out.exists():
            started = time.perf_counter() - t0
        time.sleep(0.05)
    if proc.returncode != 0:
        raise RuntimeError(f"ttr {' '.join(args)} failed ({proc.returncode}): {LOG.read_text().strip()[-500:]}")
    return started if started is not None else 0.0


def killed_run(command: str, out: Path, size: str, kills: int, startup: float, work: float,
               rng: random.Random) -> int:
    """Run `command` into `out` killing it `kills` times, resuming each time, then to the end;
    returns the kills delivered. Each attempt is killed after its start-up plus a uniform draw in
    0..work / kills seconds: the kills fall at random points spread over the whole work."""
    delivered = 0
    for i in range(kills):
        args = command_args(command, out, size)
        if i and command != "report":  # the report resumes by itself
            args.append("--resume")
        proc = ttr(args)
        try:
            if proc.wait(timeout=startup + rng.uniform(0.0, work / kills)) != 0:
                raise RuntimeError(f"ttr {' '.join(args)} failed: {LOG.read_text().strip()[-500:]}")
            return delivered  # finished before its kill: the tables are final
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
            delivered += 1
    finish(command_args(command, out, size) + ([] if command == "report" else ["--resume"]))
    return delivered


def tables(command: str, out: Path) -> dict[str, pd.DataFrame]:
    """Every table a finished command leaves in `out`, by relative path (rows sorted: chunks
    finish in any order)."""
    found = {}
    for path in sorted(out.rglob("*")):
        rel = str(path.relative_to(out))
        if path.suffix == ".csv":  # the folder's own path (a report's runs.csv) said the same way for both
            df = pd.read_csv(path)
            for c in df.columns:
                if pd.api.types.is_string_dtype(df[c]) or pd.api.types.is_object_dtype(df[c]):
                    df[c] = df[c].astype(str).str.replace(str(out), "<out>", regex=False)
            found[rel] = df
        elif path.name == "manifest.json" and (path.parent / "games").is_dir():
            import analyzer

            res = analyzer.load(path.parent)
            for t in TABLES:
                df = res.table(t)
                key = [c for c in ("game", "seat", "ticket", "route", "turn") if c in df.columns]
                found[f"{rel}:{t}"] = df.sort_values(key).reset_index(drop=True)
        elif path.suffix == ".parquet" and path.parent.name not in TABLES:  # trials, rungs, a report's data
            found[rel] = pd.read_parquet(path)
        elif path.name == "recommendation.json":
            rec = json.loads(path.read_text())
            found[rel] = pd.DataFrame([{"recommended": json.dumps(rec.get("recommended"), sort_keys=True)}])
    return found


TIMING = ("wall time", "games/s", "games_per_s", "per second", "seconds")
"""Columns that measure the machine, not the games: left out of the comparison."""


def differences(a: dict[str, pd.DataFrame], b: dict[str, pd.DataFrame]) -> list[str]:
    a, b = ({k: v.drop(columns=[c for c in v.columns if any(t in str(c) for t in TIMING)]) for k, v in d.items()}
            for d in (a, b))
    out = [f"{k}: only in the uninterrupted run" for k in sorted(set(a) - set(b))]
    out += [f"{k}: only in the killed run" for k in sorted(set(b) - set(a))]
    for k in sorted(set(a) & set(b)):
        try:
            pd.testing.assert_frame_equal(a[k], b[k], check_categorical=False)
        except AssertionError as e:
            out.append(f"{k}: {' '.join(str(e).split())[:300]}")
    return out


def check(command: str, work: Path, size: str, kills: int, rng: random.Random) -> Outcome:
    t0 = time.perf_counter()
    reference = work / f"{command}-uninterrupted"
    startup = finish(command_args(command, reference, size), reference)
    span = time.perf_counter() - t0
    killed = work / f"{command}-killed"
    delivered = killed_run(command, killed, size, kills, startup, max(span - startup, 1.0), rng)
    diff = differences(tables(command, reference), tables(command, killed))
    if not tables(command, reference):
        diff.append("no table found in the uninterrupted run")
    return Outcome(command, delivered, diff, time.perf_counter() - t0)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kills", type=int, default=20, help="SIGKILLs per command")
    ap.add_argument("--size", choices=sorted(SIZES), default="full")
    ap.add_argument("--commands", default="sweep,tune,report")
    ap.add_argument("--seed", type=int, default=1, help="seed of the kill moments")
    ap.add_argument("--work", type=Path, default=None, help="folder for the runs (default: a temporary one)")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    work = args.work or Path(tempfile.mkdtemp(prefix="kill-resume-"))
    failed = False
    try:
        for command in args.commands.split(","):
            o = check(command.strip(), work, args.size, args.kills, rng)
            state = "identical" if not o.differences else "DIFFERENT"
            print(f"{o.command}: {o.kills} kills, tables {state} to the uninterrupted run's ({o.seconds:,.0f} s)",
                  flush=True)
            for d in o.differences:
                print(f"  {d}")
            failed |= bool(o.differences)
    finally:
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
