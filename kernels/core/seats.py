"""Seats and teams. Seats sit in team order, A1 A2 B1 B2 [C1 C2] (TA-TEAM-1),
so the team of seat p is p // team size and its members are consecutive
seats; without teams every seat is a team of one and these are the solo rules."""

import numpy as np
from numba import njit

from kernels import layouts as L


@njit(cache=True, _nrt=False, inline="always")
def team_size(ru):
    return max(ru[L.RULE_TEAM_SIZE], 1)


# A team of one skips the division: these run on most decisions, and an
# integer division costs some twenty cycles where the comparison costs one.
@njit(cache=True, _nrt=False, inline="always")
def team_of(ru, p):
    size = ru[L.RULE_TEAM_SIZE]
    return p if size <= 1 else p // size


@njit(cache=True, _nrt=False, inline="always")
def team_first(ru, p):
    """The first seat of p's team."""
    size = ru[L.RULE_TEAM_SIZE]
    return p if size <= 1 else (p // size) * size


@njit(cache=True, _nrt=False)
def team_trains(st, ru, p):
    """Trains that count for the end trigger: p's own, or p's team's
    combined supply (TA-END-1)."""
    if ru[L.RULE_END_TRIGGER_TEAM] == 0:
        return np.int64(st.trains[p])
    first = team_first(ru, p)
    n = np.int64(0)
    for q in range(first, first + team_size(ru)):
        n += st.trains[q]
    return n
