"""The claim masks (kernels/core/claimable.py) say exactly what the payment
rules say: on random mid-game states of every board, the legal claims from
the masks equal the claims found route by route and colour by colour through
core/payment.py claim_payment and core/claims.py route_open_to (BASE-CLM-1,
BASE-CLM-2, BASE-CLM-3, BASE-DBL-1, EU-FRY-1, LA-MTN-3), in the same order;
and engine.claim_at finds the j-th of them without the list."""

import numpy as np
import pytest
from helpers import Game

from kernels import layouts as L
from kernels.core.claimable import masks_apply
from kernels.engine import claim_actions, claim_actions_by_payment, claim_at


def _random_state(board, players, seed):
    g = Game(board, players, seed=seed)
    rng = np.random.default_rng(seed)
    n_routes = g.bd.routes.shape[0]
    owners = rng.integers(-1, players, n_routes)
    owners[rng.random(n_routes) < 0.6] = -1
    for r in np.flatnonzero(owners >= 0):
        g.give(int(owners[r]), int(r))
    for r in np.flatnonzero(owners < 0):
        if rng.random() < 0.05:
            g.st.closed[r] = 1
    g.rebuild_uf()
    for p in range(players):
        g.st.hand[p, :] = rng.integers(0, 6, L.N_CARD_KINDS)
        g.st.trains[p] = rng.integers(0, 46)
    return g


@pytest.mark.parametrize("board", ["usa", "europe", "legendary_asia", "team_asia", "ghost_train", "india"])
def test_claim_masks_equal_the_payment_rules(board):
    players = 4
    found = 0
    for seed in range(40):
        g = _random_state(board, players, seed)
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
    g = _random_state(board, players, 1)
    assert not masks_apply(g.bd, g.ru)
