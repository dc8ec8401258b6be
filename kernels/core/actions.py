"""The action word: kind in bits 0-3, first argument in bits 4-19 (route, city,
market slot, ticket or keep mask), second in bits 20-27 (colour, destination,
share mask or second ticket + 1). Every module encodes and decodes with these."""

import numpy as np
from numba import njit


@njit(cache=True, _nrt=False, inline="always")
def make_action(kind, a, b):
    return np.int64(kind) | (np.int64(a) << 4) | (np.int64(b) << 20)


@njit(cache=True, _nrt=False, inline="always")
def action_kind(action):
    return action & 15


@njit(cache=True, _nrt=False, inline="always")
def action_a(action):
    return (action >> 4) & 0xFFFF


@njit(cache=True, _nrt=False, inline="always")
def action_b(action):
    return (action >> 20) & 0xFF
