"""Strength and speed of the search player `expert` against `planner`, seats
paired: every deal (game index, same seed) is played once with
`expert` in each seat and `planner` in the others, so the deal's luck and the
seat's advantage cancel out. Prints expert's share of wins (a shared win
counts 1/winners), its 95% interval from resampling the deals (percentile
bootstrap), the fair share (1/players), and the speed in games per CPU-second
(the process's CPU time over every run: with other jobs on the machine, a
per-core figure that does not count the time spent waiting; one game played
first, untimed, compiles or loads the kernels). Budgets and
other weights with --bot-param, as on `ttr simulate`.

    python -m bench.expert_strength --players 2 --games 400 --bot-param EXPERT_ROLLOUTS=16

A benchmark: it prints numbers and asserts nothing."""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

import analyzer
from analyzer.rules import preset


def expert_share(players) -> np.ndarray:
    """Per game: expert's share of the win (1/winners if it is among them, else 0)."""
    p = players.sort_values(["game", "seat"])
    win = p["winner"].to_numpy(bool)
    exp = (p["bot"] == "expert").to_numpy()
    games = p["game"].to_numpy()
    n = int(games.max()) + 1
    winners = np.bincount(games, weights=win, minlength=n)
    mine = np.bincount(games, weights=win & exp, minlength=n)
    return mine / np.maximum(winners, 1)


def paired_strength(board: str, players: int, games: int, seed: int, threads: int, bot_params: list[str]) -> dict:
    """On a team board (Team Asia) expert takes a whole team's seats, in turn
    for each team; elsewhere one seat, in turn for each seat."""
    team = max(preset(board).team_size, 1)
    sides = players // team
    deals = max(1, games // sides)
    shares, cpu, wall = [], 0.0, 0.0
    # untimed: the first run after an edit compiles the kernels, which would count as the search's CPU time
    analyzer.simulate(board=board, players=players, bots=["expert"] * team + ["planner"] * (players - team), games=1,
                      seed=seed, threads=1, progress=False, bot_params=bot_params)
    for side in range(sides):
        bots = ["planner"] * players
        bots[side * team:(side + 1) * team] = ["expert"] * team
        t, w = time.process_time(), time.time()
        r = analyzer.simulate(board=board, players=players, bots=bots, games=deals, seed=seed, threads=threads,
                              progress=False, bot_params=bot_params)
        cpu += time.process_time() - t
        wall += time.time() - w
        shares.append(expert_share(r.players))
    per_deal = np.vstack(shares).mean(axis=0)  # one value per deal: expert in every seat
    boot = np.random.default_rng(0).choice(per_deal, size=(2000, len(per_deal))).mean(axis=1)
    n = deals * sides
    return {"board": board, "players": players, "bot_params": bot_params, "games": n, "deals": deals,
            "seed": seed, "expert_share": round(float(per_deal.mean()), 4),
            "ci_low": round(float(np.quantile(boot, 0.025)), 4), "ci_high": round(float(np.quantile(boot, 0.975)), 4),
            "fair_share": round(1 / sides, 4), "games_per_cpu_s": round(n / cpu, 3), "wall_s": round(wall, 1)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--board", default="europe")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=400, help="total games (deals x players)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--bot-param", action="append", default=[], help="NAME=VALUE (repeatable)")
    args = ap.parse_args()
    out = paired_strength(args.board, args.players, args.games, args.seed, args.threads, args.bot_param)
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
