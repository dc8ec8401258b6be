"""Strength of a bot against another on Team Asia (team against team) or any
board (seat against seat), with paired seats: every deal (game index, same
seed) is played twice, bot A's side first and then second, so the deal's luck
cancels out. Prints A's share of wins (a tie counts 1/2) and its 95% interval
from resampling the deals. `ttr ladder` ranks bots seat by seat; on Team Asia
its rotations mix the teams, hence this script.

    python -m bench.variant_strength --board team_asia --players 4 --a planner --b greedy --games 1000
"""

from __future__ import annotations

import argparse

import numpy as np

import analyzer


def side_wins(players, bot: str):
    """Per game: 1 if `bot`'s side won alone, 0.5 if it shared the win, 0 if it lost."""
    p = players
    won_by = p[p.winner.astype(bool)].groupby("game")["bot"].agg(lambda s: frozenset(s))
    games = np.sort(p["game"].unique())
    out = np.zeros(len(games))
    for i, g in enumerate(games):
        bots = won_by.get(g, frozenset())
        out[i] = 1.0 if bots == {bot} else (0.5 if bot in bots else 0.0)
    return out


def paired_strength(board, players, a, b, games, seed=1, threads=0, bot_params=None):
    half = players // 2
    first = [a] * half + [b] * (players - half)
    second = [b] * (players - half) + [a] * half
    if players == 2:
        first, second = [a, b], [b, a]
    runs = [analyzer.simulate(board=board, players=players, bots=order, games=games // 2, seed=seed,
                              threads=threads, progress=False, bot_params=bot_params) for order in (first, second)]
    w = np.concatenate([side_wins(r.players, a) for r in runs])
    pairs = w.reshape(2, -1).mean(axis=0)  # one value per deal: both seatings
    rng = np.random.default_rng(0)
    boot = rng.choice(pairs, size=(2000, len(pairs))).mean(axis=1)
    return pairs.mean(), np.quantile(boot, 0.025), np.quantile(boot, 0.975), len(w)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--board", default="team_asia")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--a", default="planner")
    ap.add_argument("--b", default="greedy")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--bot-param", action="append", default=None,
                    help="bot weight NAME=VALUE (repeatable), as ttr simulate --bot-param")
    args = ap.parse_args()
    m, lo, hi, n = paired_strength(args.board, args.players, args.a, args.b, args.games, args.seed, args.threads,
                                  args.bot_param)
    print(f"{args.board} {args.players}p: {args.a} vs {args.b}: {args.a} wins {m:.3f} (95% CI {lo:.3f}-{hi:.3f}), "
          f"{n} games, seats paired")


if __name__ == "__main__":
    main()
