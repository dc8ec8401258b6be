"""The bit tricks of kernels/bits.py against numpy, on every single bit and
on random words (the path search's frontier and the claim masks rely on
them)."""

import numpy as np
from numba import njit

from kernels.bits import bit_count, low_bit_index


@njit(cache=True)
def _both(words, low, count):
    for i in range(words.shape[0]):
        low[i] = low_bit_index(words[i])
        count[i] = bit_count(words[i])


def test_low_bit_index_and_bit_count_agree_with_numpy():
    rng = np.random.default_rng(64)
    single = np.uint64(1) << np.arange(64, dtype=np.uint64)
    rand = rng.integers(1, np.iinfo(np.uint64).max, size=2000, dtype=np.uint64, endpoint=True)
    sparse = rand & rng.integers(0, np.iinfo(np.uint64).max, size=2000, dtype=np.uint64, endpoint=True) & (rand << 7)
    words = np.concatenate([single, rand, sparse[sparse != 0], single | (single << np.uint64(1))])
    low = np.zeros(words.shape[0], np.int64)
    count = np.zeros(words.shape[0], np.int64)
    _both(words, low, count)
    expected_low = np.array([(int(w) & -int(w)).bit_length() - 1 for w in words])
    expected_count = np.array([int(w).bit_count() for w in words])
    assert (low == expected_low).all()
    assert (count == expected_count).all()
    assert (low[:64] == np.arange(64)).all()


def test_bit_count_of_the_empty_and_the_full_word():
    words = np.array([0, np.iinfo(np.uint64).max], np.uint64)
    low = np.zeros(2, np.int64)
    count = np.zeros(2, np.int64)
    _both(words, low, count)
    assert list(count) == [0, 64]
