"""The coefficients of expert's truncated-rollout evaluation
(kernels/bots/search/horizon.py): games of the rollouts' own policy (the
planner family's planner with planner-v1's ticket rules, BOT_PLANNER_V1, at
every seat), stopped every --every turns at a turn's start, each seat's
position scored as horizon.py scores it (the game as it stands, unfinished
tickets at their expected worth); the points still to come (the seat's final
total minus that) are fitted by least squares on the seat's trains left and
cards held, with an intercept. Prints the coefficients, R² of the points to
come and of the final total, and the same on the held-out half of the games.

    python -m bench.fit_eval --board europe --players 2 --games 400 --seed 5

A benchmark: it prints numbers and asserts nothing."""

from __future__ import annotations

import argparse
import json

import numpy as np

import analyzer
from analyzer.records import state_record
from kernels import layouts as L
from kernels.bots.dispatch import choose_action
from kernels.bots.search.horizon import expected_total
from kernels.bots.shared import params as P
from kernels.core.scoring import score_points_game
from kernels.engine import step


def _snapshot(game, rows):
    """One row per seat: (game's expected total, trains, cards) of a copy scored as it stands."""
    copy = np.empty(1, L.GAME_STATE)
    copy[0] = game.state
    st = state_record(copy)
    score_points_game(st, game.board_record, game.rules_array, game.scratch)
    for q in range(int(st.sc[L.SC_N_PLAYERS])):
        rows.append((q, expected_total(st, game.board_record, game.rules_array, q, game.scratch),
                     float(st.trains[q]), float(st.hand[q].sum())))


def play(board: str, players: int, seed: int, every: int):
    """(rows of (seat, expected total, trains, cards), final totals) of one game."""
    game = analyzer.Game(board, players, seed=seed)
    st, bd, ru, ws = game.state, game.board_record, game.rules_array, game.scratch
    ws.bot_params[P.BP_EXPERT_EVAL_TRAIN] = ws.bot_params[P.BP_EXPERT_EVAL_CARD] = 0.0  # the terms being fitted
    rng = np.array([seed * 7919 + 1], np.uint64)
    rows, last = [], -1
    while st.sc[L.SC_PHASE] != L.PH_OVER:
        turn = int(st.sc[L.SC_TURN])
        if st.sc[L.SC_PHASE] == L.PH_TURN and turn > 0 and turn % every == 0 and turn != last:
            _snapshot(game, rows)
            last = turn
        a = choose_action(np.int64(P.BOT_PLANNER_V1), st, bd, ru, int(st.sc[L.SC_PLAYER]), rng, ws)
        step(st, bd, ru, a, ws)
    return rows, st.final[:players, L.FN_TOTAL].astype(float)


def fit(board: str, players: int, games: int, seed: int, every: int) -> dict:
    x, y, total, half = [], [], [], []
    for g in range(games):
        rows, final = play(board, players, seed + g, every)
        for q, value, trains, cards in rows:
            x.append((trains, cards, 1.0))
            y.append(final[q] - value)
            total.append((final[q], value))
            half.append(g % 2)
    x, y, total, half = np.array(x), np.array(y), np.array(total), np.array(half)
    train = half == 0
    coef = np.linalg.lstsq(x[train], y[train], rcond=None)[0]

    def r2(mask):
        rest = y[mask] - x[mask] @ coef
        pred = total[mask, 1] + x[mask] @ coef
        return (round(float(1 - rest.var() / y[mask].var()), 3),
                round(float(1 - ((total[mask, 0] - pred) ** 2).mean() / total[mask, 0].var()), 3))

    return {"board": board, "players": players, "games": games, "seed": seed, "every": every, "rows": len(y),
            "per_train": round(float(coef[0]), 3), "per_card": round(float(coef[1]), 3),
            "intercept": round(float(coef[2]), 2), "r2_to_come_fit": r2(train)[0], "r2_total_fit": r2(train)[1],
            "r2_to_come_held_out": r2(~train)[0], "r2_total_held_out": r2(~train)[1]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--board", default="europe")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--every", type=int, default=4, help="turns between snapshots")
    args = ap.parse_args()
    print(json.dumps(fit(args.board, args.players, args.games, args.seed, args.every)), flush=True)


if __name__ == "__main__":
    main()
