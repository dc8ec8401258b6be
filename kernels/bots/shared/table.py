"""What a seat reads of the table beyond its plan: its own hand size and
the fewest trains any other seat (or any seat) has (the clock of the game's end)."""

import numpy as np
from numba import njit

from kernels import layouts as L


@njit(cache=True, _nrt=False)
def hand_size(st, p):
    n = 0
    for k in range(L.N_CARD_KINDS):
        n += st.hand[p, k]
    return n


@njit(cache=True, _nrt=False)
def fewest_trains_of_others(st, p):
    n = st.sc[L.SC_N_PLAYERS]
    least = 1 << 30
    for q in range(n):
        if q != p:
            least = min(least, st.trains[q])
    return least


@njit(cache=True, _nrt=False)
def fewest_trains(st):
    """The fewest trains any seat holds."""
    return fewest_trains_of_others(st, np.int64(-1))
