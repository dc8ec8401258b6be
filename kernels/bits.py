"""Bit tricks on uint64 words, for route and city sets kept as bit masks
(kernels/core/claimable.py, kernels/paths.py)."""

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

# uint64 literals every bit-set kernel uses (a plain 0 or 1 would make a uint64 expression float64)
ZERO = np.uint64(0)
ONE = np.uint64(1)
MASK63 = np.uint64(63)  # the bit's index inside its 64-bit word
_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)
_S2 = np.uint64(2)
_S4 = np.uint64(4)
_S56 = np.uint64(56)


@intrinsic
def _count_trailing_zeros(typingctx, x):
    """LLVM's cttz of a uint64 (one tzcnt/bsf instruction)."""
    if x != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return types.uint64(types.uint64), codegen


@njit(cache=True, _nrt=False, inline="always")
def low_bit_index(x):
    """Index of the lowest set bit of a non-zero uint64."""
    return np.int64(_count_trailing_zeros(x))


@njit(cache=True, _nrt=False, inline="always")
def bit_count(x):
    """Set bits of a uint64 (SWAR)."""
    x = x - ((x >> ONE) & _M1)
    x = (x & _M2) + ((x >> _S2) & _M2)
    x = (x + (x >> _S4)) & _M4
    return np.int64((x * _H01) >> _S56)


@njit(cache=True, _nrt=False, inline="always")
def word_where(a, k, n, value, equal):
    """Word k of the indices i < n where a[i] == value (equal True) or
    a[i] != value (equal False): bit j for index 64 k + j. A fixed count of
    64 compares, which the compiler makes at once, instead of a branch per
    element, mispredicted at each member of a sparse set. a holds at least
    64 (k + 1) elements (a record field sized by a MAX_* bound)."""
    m = ZERO
    for j in range(64):
        m |= np.uint64((a[k * 64 + j] == value) == equal) << np.uint64(j)
    left = n - k * 64
    if left < 64:  # past the n elements
        m &= (ONE << np.uint64(left)) - ONE
    return m


@njit(cache=True, _nrt=False, inline="always")
def bit_of(r):
    """(word, bit) of route r."""
    return r >> 6, ONE << (np.uint64(r) & MASK63)


@njit(cache=True, _nrt=False, inline="always")
def with_bit_of_four(w0, w1, w2, w3, c):
    """A set of 256 bits held in four words (a board's cities: MAX_CITIES)
    with bit c set; four scalars rather than an array keep it in registers."""
    b = ONE << (np.uint64(c) & MASK63)
    k = c >> 6
    if k == 0:
        w0 |= b
    elif k == 1:
        w1 |= b
    elif k == 2:
        w2 |= b
    else:
        w3 |= b
    return w0, w1, w2, w3
