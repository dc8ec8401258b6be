"""`random`: uniform over the kinds of legal action, then uniform over the
legal actions of that kind (drawing from the market or blind is one kind):
the baseline every strategy must beat.

It counts the legal actions of each kind (engine.legal_counts) and lists only
the chosen kind's, up to the chosen one (a claim is found in the claim masks
the count left in the state, where they apply: engine.claim_at)."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.core.actions import make_action
from kernels.engine import claim_at, legal_actions_of, legal_counts
from kernels.prng import randint


@njit(cache=True, _nrt=False, inline="always")  # a thin layer: inlined (see bots/dispatch.py)
def random_action(st, bd, ru, p, rng, ws):
    counts = ws.kind_counts[:]
    from_masks = legal_counts(st, bd, ru, ws.legal[:], counts)
    kinds = 0
    for k in range(L.N_ACTION_KINDS):
        if counts[k] > 0:
            kinds |= 1 << k
    draw = (1 << L.A_DRAW_MARKET) | (1 << L.A_DRAW_BLIND)
    groups = kinds & ~(1 << L.A_DRAW_BLIND)
    if kinds & draw:
        groups |= 1 << L.A_DRAW_MARKET  # drawing from the market or blind is one choice
    n_groups = 0
    for k in range(16):
        n_groups += (groups >> k) & 1
    if n_groups == 0:
        return make_action(L.A_PASS, 0, 0)
    pick = randint(rng, n_groups)
    chosen = 0
    for k in range(16):
        if (groups >> k) & 1:
            if pick == 0:
                chosen = k
                break
            pick -= 1
    mask = draw if chosen == L.A_DRAW_MARKET else 1 << chosen
    n = 0
    for k in range(L.N_ACTION_KINDS):
        if (mask >> k) & 1:
            n += counts[k]
    j = randint(rng, n)
    if chosen == L.A_CLAIM and from_masks:
        return claim_at(st, j)  # from the claim masks legal_counts left in st, without the list
    legal_actions_of(st, bd, ru, ws.legal[:], np.int64(mask), j + 1)  # the legal list up to the chosen action
    return ws.legal[j]
