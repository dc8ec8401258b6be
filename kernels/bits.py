"""Bit tricks on uint64 words, for route and city sets kept as bit masks
(kernels/core/claimable.py, kernels/paths.py)."""

import numpy as np
from numba import njit

_ONE = np.uint64(1)
_MASK63 = np.uint64(63)
# de Bruijn sequence and table: the index of a word's lowest set bit in two operations
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_SHIFT58 = np.uint64(58)
_LOW_BIT_INDEX = np.array([0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4, 62, 55, 59, 36, 53, 51, 43, 22,
                           45, 39, 33, 30, 24, 18, 12, 5, 63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23,
                           11, 46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6], np.int64)
_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)
_S1 = np.uint64(1)
_S2 = np.uint64(2)
_S4 = np.uint64(4)
_S56 = np.uint64(56)


@njit(cache=True, _nrt=False, inline="always")
def low_bit_index(x):
    """Index of the lowest set bit of a non-zero uint64."""
    return _LOW_BIT_INDEX[np.int64(((x & (~x + _ONE)) * _DEBRUIJN) >> _SHIFT58)]


@njit(cache=True, _nrt=False, inline="always")
def bit_count(x):
    """Set bits of a uint64 (SWAR)."""
    x = x - ((x >> _S1) & _M1)
    x = (x & _M2) + ((x >> _S2) & _M2)
    x = (x + (x >> _S4)) & _M4
    return np.int64((x * _H01) >> _S56)


@njit(cache=True, _nrt=False, inline="always")
def bit_of(r):
    """(word, bit) of route r."""
    return r >> 6, _ONE << (np.uint64(r) & _MASK63)
