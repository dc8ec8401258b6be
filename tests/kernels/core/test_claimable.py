"""The claim masks (kernels/core/claimable.py) say exactly what the payment
rules say: on random mid-game states of every board, the legal claims from
the masks equal the claims found route by route and colour by colour through
core/payment.py claim_payment and core/claims.py route_open_to (BASE-CLM-1,
BASE-CLM-2, BASE-CLM-3, BASE-DBL-1, EU-FRY-1, LA-MTN-3), in the same order;
and engine.claim_at finds the j-th of them without the list."""

import numpy as np
import pytest
from helpers import random_midgame

from kernels import layouts as L
from kernels.core.claimable import masks_apply
from kernels.engine import claim_actions, claim_actions_by_payment, claim_at


@pytest.mark.parametrize("board", ["usa", "europe", "legendary_asia", "team_asia", "ghost_train", "india"])
def test_claim_masks_equal_the_payment_rules(board):
    players = 4
    found = 0
    for seed in range(40):
        g = random_midgame(board, players, seed)[0]
        assert masks_apply(g.bd, g.ru)  # the claims do come from the masks here
        for p in range(players):
            purse = g.st.hand[p].copy()
            fast = np.zeros(L.MAX_LEGAL, np.int64)
            slow = np.zeros(L.MAX_LEGAL, np.int64)
            n_fast = claim_actions(g.st, g.bd, g.ru, np.int64(p), purse, fast, np.int64(0), np.int64(L.MAX_LEGAL))
            n_slow = claim_actions_by_payment(g.st, g.bd, g.ru, np.int64(p), purse, slow, np.int64(0),
                                              np.int64(L.MAX_LEGAL))
            assert n_fast == n_slow and (fast[:n_fast] == slow[:n_slow]).all(), (board, seed, p)
            # the random bot's pick: the j-th claim found in the masks claim_actions left in the state
            picked = [claim_at(g.st, np.int64(j)) for j in range(n_fast)]
            assert picked == list(fast[:n_fast]), (board, seed, p)
            found += n_fast
    assert found > 200  # the random states do hold claimable routes: the comparison is not empty



@pytest.mark.parametrize("board,players", [("nordic_countries", 3), ("switzerland", 3)])
def test_boards_whose_payment_the_masks_do_not_model_list_claims_by_payment(board, players):
    """NC-CRD-1, SW-CRD-1 (locomotives pay only some kinds), NC-FRY-2 (sets of
    wild cards): the engine lists their claims through core/payment.py."""
    g = random_midgame(board, players, 1)[0]
    assert not masks_apply(g.bd, g.ru)
