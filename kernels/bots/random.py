"""`random`: uniform over the kinds of legal action, then uniform over the
legal actions of that kind (drawing from the market or blind is one kind)."""

from numba import njit

from kernels.core.actions import make_action
from kernels.engine import legal_actions_of, legal_kinds
from kernels.layouts import A_DRAW_BLIND, A_DRAW_MARKET, A_PASS
from kernels.prng import randint


@njit(cache=True, _nrt=False)
def random_action(st, bd, ru, p, rng, ws):
    """Only the chosen kind is enumerated."""
    kinds = legal_kinds(st, bd, ru, ws.legal)
    draw = (1 << A_DRAW_MARKET) | (1 << A_DRAW_BLIND)
    groups = kinds & ~(1 << A_DRAW_BLIND)
    if kinds & draw:
        groups |= 1 << A_DRAW_MARKET  # drawing from the market or blind is one choice
    n_groups = 0
    for k in range(16):
        n_groups += (groups >> k) & 1
    if n_groups == 0:
        return make_action(A_PASS, 0, 0)
    pick = randint(rng, n_groups)
    chosen = 0
    for k in range(16):
        if (groups >> k) & 1:
            if pick == 0:
                chosen = k
                break
            pick -= 1
    mask = draw if chosen == A_DRAW_MARKET else 1 << chosen
    n = legal_actions_of(st, bd, ru, ws.legal, mask, ws.legal.shape[0])
    return ws.legal[randint(rng, n)]
