"""A claim picker looks for a colour only where the hand pays
(kernels/bots/shared/paying.py payable_word): on random mid-game states,
the routes payable_word keeps are exactly the open routes pay_colour finds
a colour for, on every board whose payment the claim masks model; elsewhere
it keeps every open route."""

import numpy as np
import pytest
from helpers import random_midgame

from kernels.bots.shared.paying import pay_colour, payable_word
from kernels.core.claimable import masks_apply, open_to_word


@pytest.mark.parametrize("board", ["usa", "europe", "legendary_asia", "india", "switzerland"])
def test_payable_word_is_where_pay_colour_finds_a_colour(board):
    players = 3
    paid = unpaid = 0
    for seed in range(25):
        g, rng = random_midgame(board, players, seed)
        exact = masks_apply(g.bd, g.ru)
        routes = g.bd.routes[:g.bd.n_routes]
        no_need = np.zeros(g.ws.need.shape[1], np.int32)
        for p in range(players):
            g.st.hand[p, :] = rng.integers(0, 4, g.st.hand.shape[1])  # small hands: many routes unpaid
            hand = g.st.hand[p]
            for k in range((g.bd.n_routes + 63) // 64):
                open_word = open_to_word(g.st, g.bd, np.int64(p), np.int64(k))
                kept = payable_word(g.bd, exact, hand, np.int64(k), np.uint64(open_word))
                for j in range(64):
                    if not (int(open_word) >> j) & 1:
                        assert not (int(kept) >> j) & 1
                        continue
                    pays = pay_colour(g.ru, hand, routes, np.int64(k * 64 + j), no_need) >= 0
                    assert bool((int(kept) >> j) & 1) == (pays or not exact), (board, seed, p, k * 64 + j)
                    paid += pays
                    unpaid += not pays
    assert paid > 50 and unpaid > 50  # both kinds of route were compared
