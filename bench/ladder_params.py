"""Strength of `planner` against `planner-v1` under changed bot weights:
`ttr ladder` (paired seats, rotations) with bot_params applied to every seat
(`planner-v1` reads none of the BP_EV_* weights, so only `planner` changes).

    .venv/bin/python -m bench.ladder_params --players 2 --games 4000 --seed 2027 EV_REFRESH=1000

A developer tool: prints the summary row of each bot; asserts nothing."""

from __future__ import annotations

import argparse

import analyzer


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--board", default="europe")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", default="planner,planner-v1")
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=2027)
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("params", nargs="*", help="NAME=VALUE bot weights")
    args = ap.parse_args()
    res = analyzer.ladder(board=args.board, players=args.players, bots=args.bots.split(","), games=args.games,
                          seed=args.seed, threads=args.threads, progress=False, bot_params=args.params or None)
    print(args.players, "p", " ".join(args.params) or "defaults")
    print(res.summary.to_string())


if __name__ == "__main__":
    main()
