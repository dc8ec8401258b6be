"""What the search player (kernels/bots/search/expert.py) sets aside while its
rollouts play in the game's own state and scratch: the state (one copy of its
record) and every seat's bot memory in the Scratch (the planner family's
plan and ticket memory). A deal's rollouts start from fresh memory for every
seat, or for every seat but the searching one (EXPERT_OWN_PLAN): the other
seats' memory was built from their hidden tickets, so it must not be read.
The deal itself, with the memory its rollouts start from, is set aside too,
so that each candidate starts from it without dealing again."""

import numpy as np
from numba import njit

from kernels.core.state import copy_state


@njit(cache=True, _nrt=False)
def save_state(ws, st):
    """ws.ex_state[0] <- the game state (core/state.py copy_state: every field
    but the tunnel log, which rollouts only append to past the saved count)."""
    copy_state(ws.ex_state[0], st)


@njit(cache=True, _nrt=False)
def load_state(st, ws):
    copy_state(st, ws.ex_state[0])


@njit(cache=True, _nrt=False)
def save_deal(ws, st):
    """ws.ex_state[1] <- the deal (a determinization) every candidate's rollout starts from."""
    copy_state(ws.ex_state[1], st)


@njit(cache=True, _nrt=False)
def load_deal(st, ws):
    copy_state(st, ws.ex_state[1])


@njit(cache=True, _nrt=False)
def save_memory(ws, memo, gain):
    """memo[p], gain[p] <- each seat's bot memory: its plan (want, need,
    plan_version), its estimate (ev_key, ev_gain) and the tickets it sent
    away. Two sets: the real game's (ws.ex_memo, ws.ex_gain) and the deal
    being rolled out's (ws.ex_deal_memo, ws.ex_deal_gain)."""
    n_routes = ws.want.shape[1]
    k = ws.need.shape[1]
    for p in range(ws.want.shape[0]):
        m = memo[p]
        for r in range(n_routes):
            m[r] = ws.want[p, r]
        for c in range(k):
            m[n_routes + c] = ws.need[p, c]
        o = n_routes + k
        m[o] = ws.plan_version[p]
        for j in range(3):
            m[o + 1 + j] = ws.ev_key[p, j]
        for t in range(ws.tk_gone.shape[1]):
            m[o + 4 + t] = ws.tk_gone[p, t]
        gain[p] = ws.ev_gain[p]


@njit(cache=True, _nrt=False)
def load_memory(ws, memo, gain):
    """Every seat's bot memory <- memo, gain (save_memory's), its board memos
    forgotten: a rollout's board versions are not the game's (shared/plan.py
    board_seen), and a plan made with a deal is checked at its seat's first
    turn (a setup keep changes neither the board nor the mid-game ticket
    count that the memo holds)."""
    n_routes = ws.want.shape[1]
    k = ws.need.shape[1]
    for p in range(ws.want.shape[0]):
        m = memo[p]
        for r in range(n_routes):
            ws.want[p, r] = m[r]
        for c in range(k):
            ws.need[p, c] = m[n_routes + c]
        o = n_routes + k
        ws.plan_version[p] = m[o]
        for j in range(3):
            ws.ev_key[p, j] = m[o + 1 + j]
        for t in range(ws.tk_gone.shape[1]):
            ws.tk_gone[p, t] = m[o + 4 + t]
        ws.ev_gain[p] = gain[p]
    ws.plan_checked[:, :] = 0
    ws.station_none[:, :] = 0


@njit(cache=True, _nrt=False)
def fresh_memory(ws):
    """Every seat's bot memory as new_scratch leaves it (a rollout's start)."""
    fresh_memory_of_others(ws, np.int64(-1))


@njit(cache=True, _nrt=False)
def fresh_memory_of_others(ws, p):
    """fresh_memory for every seat but p (-1: none), whose plan and ticket
    memory stay (its own tickets are not redealt); the board memos are reset
    for all."""
    for q in range(ws.want.shape[0]):
        if q == p:
            continue
        ws.want[q, :] = 0
        ws.need[q, :] = 0
        ws.plan_version[q] = -1
        ws.ev_key[q, :] = -1
        ws.tk_gone[q, :] = 0
        ws.ev_gain[q] = 0.0
    ws.plan_checked[:, :] = 0
    ws.station_none[:, :] = 0
