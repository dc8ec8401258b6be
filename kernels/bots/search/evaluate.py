"""The search player's evaluation of given moves, for `ttr analyse`: each move is played on the same
determinizations as the expert plays its candidates (kernels/bots/search/expert.py deal and rollout:
what the seat cannot see redealt once for every move, the move played, then the rule family's planner
at every seat to the end),
and each rollout's final margin and win are written out. The game state and the bots' memory are put
back before it returns."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.search.expert import deal, rollout
from kernels.bots.search.horizon import NEVER
from kernels.bots.search.memory import load_memory, load_state, save_memory, save_state
from kernels.bots.shared import params as P
from kernels.prng import mix64


@njit(cache=True, _nrt=False)
def evaluate_moves(st, bd, ru, ws, moves, seed, margin, win):
    """For the seat to move p and each move moves[i], over margin.shape[1] determinizations (world w
    seeded from `seed` as the expert seeds its worlds; every move sees the same worlds): margin[i, w]
    = p's final total minus the best other team's, win[i, w] = 1.0 if p (its team) won."""
    p = st.sc[L.SC_PLAYER]
    win_points = ws.bot_params[P.BP_EXPERT_WIN_POINTS]
    save_state(ws, st)
    save_memory(ws, ws.ex_memo[:], ws.ex_gain[:])
    for w in range(margin.shape[1]):
        deal(st, bd, ru, p, ws, mix64(seed + np.uint64(w) * np.uint64(0x9E3779B97F4A7C15)))
        for i in range(moves.shape[0]):
            value = rollout(st, bd, ru, p, ws, moves[i], NEVER)  # to the end: the game's margin and win
            won = st.final[p, L.FN_WINNER] != 0
            margin[i, w] = value - win_points if won else value
            win[i, w] = 1.0 if won else 0.0
    load_state(st, ws)
    load_memory(ws, ws.ex_memo[:], ws.ex_gain[:])
