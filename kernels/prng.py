"""A small counter-based PRNG of our own (SplitMix64), so that every game's
randomness is a pure function of (master seed, game index, stream) and runs
are identical for any thread, chunk or worker count."""

import numpy as np
from numba import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S11 = np.uint64(11)
_S32 = np.uint64(32)
_INV53 = 1.0 / 9007199254740992.0

STREAM_DECK = 0  # shuffles and ticket deals: the same for every bot line-up
STREAM_BOT = 1  # + seat: each seat's bot decisions


@njit(cache=True, _nrt=False, inline="always")
def mix64(z):
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True, _nrt=False)
def stream_seed(master_seed, game_index, stream):
    """Seed of one stream of one game: independent of how games are chunked."""
    z = mix64(np.uint64(master_seed) + _GOLDEN)
    z = mix64(z ^ (np.uint64(game_index) * _GOLDEN + _M1))
    return mix64(z ^ (np.uint64(stream) * _M2 + _GOLDEN))


@njit(cache=True, _nrt=False, inline="always")
def next_u64(rng):
    """Advance the one-word state in rng[0] and return 64 random bits."""
    rng[0] += _GOLDEN
    return mix64(rng[0])


@njit(cache=True, _nrt=False, inline="always")
def randint(rng, n):
    """Uniform integer in [0, n) for 1 <= n < 2**32 (multiply-shift, bias < n / 2**32)."""
    return np.int64(((next_u64(rng) >> _S32) * np.uint64(n)) >> _S32)


@njit(cache=True, _nrt=False, inline="always")
def uniform(rng):
    return (next_u64(rng) >> _S11) * _INV53


@njit(cache=True, _nrt=False)
def shuffle_int8(rng, arr, n):
    """Fisher-Yates shuffle of arr[:n] in place."""
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t


@njit(cache=True, _nrt=False)
def shuffle_int16(rng, arr, n):
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t
