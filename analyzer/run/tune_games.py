"""The games of a tuning study (analyzer.run.tune): every trial (and the
baseline) plays the same games, rung by rung. Rung r plays `increments[r]`
more games, split evenly over the seatings (the distinct cyclic rotations of
the bots, so each bot holds each seat equally often); seating s of rung r is
one `analyzer.simulate` run on the rung's own master seed (derived from the
study's seed and r), so game i of seating s of rung r starts from the same
deal in every trial (common random numbers: analyzer.run.sweep). A trial's
estimate after rung r pools every game of rungs 0..r. Afterwards the best
trials and the baseline are played again on a fresh seed (`confirm`)."""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.run.ladder import seatings_of
from analyzer.run.protocol import write_json
from analyzer.run.results import Results
from analyzer.run.simulate import simulate
from analyzer.run.tune_output import complete_trials, front, write_csv
from analyzer.run.tune_space import Goals, Setting
from analyzer.stats.compare import BONUSES, RunTables, compare_tables
from analyzer.stats.tune import Objective, TuneError
from kernels.bots.shared.params import BOT_PARAM_NAMES

CONFIRM_STREAM = 1_000_003  # the confirmation's seed stream: no rung ever uses it


# --- rungs, seeds, seatings ----------------------------------------------------------------------
def derived_seed(seed: int, stream: int) -> int:
    """An independent master seed for a rung (stream = its index) or the confirmation."""
    return int(np.random.SeedSequence([int(seed), int(stream)]).generate_state(1, np.uint64)[0] >> np.uint64(1))


def seatings(bots: list[str]) -> list[list[str]]:
    """The distinct cyclic rotations of the seats' bots (one for a table of one bot)."""
    return [list(s) for s in seatings_of(tuple(bots), "rotations")]


def rung_plan(min_games: int, factor: int, rungs: int, n_seatings: int) -> list[int]:
    """Games per seating of each rung's increment, so that the cumulative games
    after rung r are (about) min_games * factor**r, in whole seatings."""
    if not isinstance(min_games, int) or min_games < 1:
        raise TuneError(f"--min-games must be a whole number >= 1, not {min_games!r}")
    if not isinstance(factor, int) or factor < 2:
        raise TuneError(f"--factor must be a whole number >= 2, not {factor!r}")
    if not isinstance(rungs, int) or rungs < 1:
        raise TuneError(f"--rungs must be a whole number >= 1, not {rungs!r}")
    cum = [-(-min_games * factor**r // n_seatings) for r in range(rungs)]
    return [cum[0]] + [cum[r] - cum[r - 1] for r in range(1, rungs)]


_GAME_COLS = ["game", "n_winners", "turns", "stalled"]
_PLAYER_COLS = ["game", "seat", "bot", "score", "winner", "tickets_completed", "tickets_failed", *BONUSES,
                "tickets_kept", "route_points", "trains_left", "routes_claimed"]


@dataclass(frozen=True)
class TrialGames:
    """How a tuning study plays one setting's games (its rules and bot weights): on `board` (a built-in
    board's name or folder is read and compiled once per rule set), with
    `players`, in every seating of the bots, with `threads` and `cluster` as
    analyzer.simulate takes them; `versus` measures the per-bot `bot_measures` too."""

    board: object
    players: int
    seatings: tuple[tuple[str, ...], ...]
    threads: int = 0
    cluster: object = None
    bot_measures: tuple[str, ...] = ()

    def play(self, folder: Path, setting: Setting, seed: int, games_per_seating: int) -> list[Results]:
        """One rung of one setting: every seating on the same seed, each an
        ordinary results folder folder/seating-S (resumed when it is there)."""
        return [simulate(board=self.board, players=self.players, bots=list(bots), games=games_per_seating,
                         seed=seed, rules=setting.rules, out=folder / f"seating-{s}", threads=self.threads,
                         resume=True, progress=False, cluster=self.cluster, bot_params=setting.weights or None)
                for s, bots in enumerate(self.seatings)]

    def versus(self, named: dict[str, list], reference: str, seed: int, n_boot: int) -> pd.DataFrame:
        """Every rule set of `named` (name -> its rungs, all played on the same rungs of `seed`) against
        `reference`, for every measure of `ttr compare`, with paired CIs (compare_tables)."""
        return compare_tables({name: pooled(parts, seed) for name, parts in named.items()}, reference,
                              n_boot=n_boot, seed=0, bot_measures=self.bot_measures)


def pooled(parts: list[list[Results]], tag: int) -> RunTables:
    """The games and players of several rungs x seatings as one run, each game
    numbered by its place (rung, seating, game), so that two rule sets played
    on the same rungs pair game for game in compare_tables. trains_used: the
    trains each seat placed (the rules' starting trains less those left)."""
    games, players, offset = [], [], 0
    for rung in parts:
        for res in rung:
            g = res.games[_GAME_COLS].copy()
            p = res.players[_PLAYER_COLS].copy()
            p["bot"] = p["bot"].astype(str)
            p["trains_used"] = int(res.manifest["rules"]["trains"]) - p["trains_left"].astype(np.int64)
            g["game"] += offset
            p["game"] += offset
            games.append(g)
            players.append(p)
            offset += int(res.manifest["games"])
    return RunTables(pd.concat(games, ignore_index=True), pd.concat(players, ignore_index=True), tag)


def ranked(trials: pd.DataFrame, objs: list[Objective], top: int) -> pd.DataFrame:
    """The trials to confirm: one objective, the best `top` complete feasible
    trials (distinct parameters); several, the front, best first by the first."""
    if len(objs) > 1:
        return front(trials, objs).head(top)
    done = complete_trials(trials)
    o = objs[0]
    return done.sort_values(o.column, ascending=o.goal != "max", kind="stable").head(top)


def survives(o: Objective, row) -> bool:
    """Does the confirmation keep the objective's gain over the baseline?
    min/max: the paired CI of the change lies wholly on the better side;
    target: the value's CI holds the target, or the change moves towards the
    target with a paired CI that excludes 0."""
    if o.goal == "min":
        return bool(row.ci_high < 0)
    if o.goal == "max":
        return bool(row.ci_low > 0)
    if row.estimate_ci_low <= o.target <= row.estimate_ci_high:
        return True
    towards = np.sign(o.target - row.baseline_value)
    closer = abs(row.estimate - o.target) < abs(row.baseline_value - o.target)
    return bool(closer and ((towards > 0 and row.ci_low > 0) or (towards < 0 and row.ci_high < 0)))


@dataclass(frozen=True)
class Confirmation:
    """How the best trials are confirmed: the `top` best (one objective; several: the front) and the
    baseline re-played on `seed` for about `games` games, compared with `n_boot` bootstrap resamples."""

    seed: int
    games: int
    top: int
    n_boot: int


def confirm(out: Path, trials: pd.DataFrame, goals: Goals, base: Setting, games: TrialGames,
            confirmation: Confirmation, manifest: dict, progress: bool) -> dict:
    """Re-play the best trials and the baseline on the confirmation's seed
    (games no trial has seen), compare them with paired CIs, write
    pareto.csv, confirmation.csv and recommendation.json; return the
    recommendation."""
    objs = list(goals.objectives)
    seed = confirmation.seed
    write_csv(front(trials, objs), out / "pareto.csv")
    chosen = ranked(trials, objs, confirmation.top)
    per_seating = -(-confirmation.games // len(games.seatings))
    rec = {"command": manifest["command"], "board": manifest["board"], "players": manifest["players"],
           "bots": manifest["bots"], "objectives": manifest["objectives"], "constraints": manifest["constraints"],
           "confirm_seed": seed, "confirm_games": per_seating * len(games.seatings), "candidates": [],
           "recommended": None}
    if not len(chosen):
        rec["note"] = "no trial completed every rung within its constraints: nothing to confirm"
        write_json(out / "recommendation.json", rec)
        return rec
    runs = {"baseline": [games.play(out / "confirm" / "baseline", base, seed, per_seating)]}
    overrides = {}
    for row in chosen.itertuples(index=False):
        name = f"t{row.trial:04d}"
        ov = {p.key: p.rule_value(getattr(row, p.key)) for p in goals.params}
        overrides[name] = (int(row.trial), ov)
        if progress:
            print(f"confirming trial {row.trial} ({', '.join(f'{k}={v}' for k, v in ov.items())}) on "
                  f"{per_seating * len(games.seatings):,} fresh games", flush=True)
        runs[name] = [games.play(out / "confirm" / name, base.with_overrides(ov), seed, per_seating)]
    table = games.versus(runs, "baseline", seed, confirmation.n_boot)
    write_csv(table, out / "confirmation.csv")
    rec["candidates"] = [_candidate(table, trials, goals, name, trial, ov, manifest)
                         for name, (trial, ov) in overrides.items()]
    best = next((c for c in rec["candidates"] if c["survives"]), None)
    if best is not None:
        chosen_setting = base.with_overrides(overrides[best["name"]][1])
        rec["recommended"] = {"trial": best["trial"], "overrides": best["overrides"],
                              "rules": chosen_setting.rules.as_dict(), "bot_params": chosen_setting.weights.as_dict()}
    else:
        rec["note"] = "no candidate kept its gain over the baseline on fresh games: no recommendation"
    write_json(out / "recommendation.json", rec)
    return rec


def _candidate(table: pd.DataFrame, trials: pd.DataFrame, goals: Goals, name: str, trial: int, ov: dict,
               manifest: dict) -> dict:
    """One confirmed trial: its objectives and constraints on the fresh games, whether it survives, and the
    `ttr simulate` command that plays its rules."""
    rows = table[table["variant"] == name].set_index("measure")
    cand = {"trial": trial, "name": name, "overrides": {k: list(v) if isinstance(v, tuple) else v
                                                        for k, v in ov.items()},
            "objectives": {}, "constraints": {},
            "same_results": ([int(x) for x in trials.loc[trials["same_results_as"] == trial, "trial"]]
                             if "same_results_as" in trials else [])}
    ok = True
    for o in goals.objectives:
        r = rows.loc[o.measure]
        s = survives(o, r)
        ok &= s
        cand["objectives"][o.label] = _numbers(r) | {"survives": s}
    for c in goals.constraints:
        r = rows.loc[c.measure]
        s = bool(c.violation(r.estimate) <= 0)
        ok &= s
        cand["constraints"][c.label] = _numbers(r) | {"satisfied": s}
    cand["survives"] = bool(ok)
    cand["simulate_command"] = shlex.join(
        ["ttr", "simulate", "--board", manifest["board"], "--players", str(manifest["players"]), "--bots",
         ",".join(manifest["bots"])] + [a for k, v in cand["overrides"].items()
                                        for a in ("--bot-param" if k in BOT_PARAM_NAMES else "--set",
                                                  f"{k}={_text(v)}")])
    return cand


def _text(v) -> str:
    return ",".join(str(x) for x in v) if isinstance(v, list) else str(v)


def _numbers(r) -> dict:
    return {"estimate": float(r.estimate), "ci": [float(r.estimate_ci_low), float(r.estimate_ci_high)],
            "baseline": float(r.baseline_value), "difference": float(r.difference),
            "difference_ci": [float(r.ci_low), float(r.ci_high)], "games": int(r.games)}
