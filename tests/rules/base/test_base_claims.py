"""Base game, claiming a route (docs/rules/base.md): BASE-CLM-1..4, on constructed
states of the USA board and in random games."""

import numpy as np
import pytest
from helpers import BLUE, GREEN, LOCO, RED, Game, play_random

from kernels import layouts as L

USA_SCORES = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}


def test_BASE_CLM_1_coloured_route_needs_its_colour_or_locomotives():
    """BASE-CLM-1: Coloured route needs its colour or locomotives."""
    g = Game("usa", 2)
    g.blank()
    r = g.route("Atlanta", "Miami")
    assert g.route_len(r) == 5 and g.bd.routes[r, L.RT_COLOUR] == BLUE
    g.set_hand(0, blue=3, locomotive=2, red=5)
    assert g.claim_colours(r) == {BLUE}
    g.set_hand(0, red=5, locomotive=4)
    assert g.claim_colours(r) == set()
    g.set_hand(0, locomotive=5)
    assert g.claim_colours(r) == {LOCO}


def test_BASE_CLM_1_grey_route_takes_any_single_colour():
    """BASE-CLM-1: Grey route takes any single colour."""
    g = Game("usa", 2)
    g.blank()
    r = g.route("Atlanta", "Charleston")
    assert g.route_len(r) == 2 and g.bd.routes[r, L.RT_COLOUR] == L.GRAY
    g.set_hand(0, red=2, blue=1, locomotive=1, green=1)
    assert g.claim_colours(r) == {RED, BLUE, GREEN}
    r4 = g.route("Calgary", "Helena")
    g.set_hand(0, red=2, blue=2)  # two colours cannot be mixed
    assert g.claim_colours(r4) == set()


def test_BASE_CLM_1_payment_uses_the_colour_and_locomotives_for_the_rest():
    """BASE-CLM-1: Payment uses the colour and locomotives for the rest."""
    g = Game("usa", 2)
    g.blank()
    r = g.route("Atlanta", "Miami")
    g.set_hand(0, blue=3, locomotive=2, red=5)
    g.claim(r, BLUE)
    assert g.hand(0) == {"red": 5}
    assert g.st.claim_colour[r] == BLUE and g.st.claim_locos[r] == 2


@pytest.mark.parametrize("a,b,length", [
    ("Atlanta", "Nashville", 1), ("Atlanta", "Charleston", 2), ("Calgary", "Vancouver", 3),
    ("Calgary", "Helena", 4), ("Atlanta", "Miami", 5), ("Calgary", "Winnipeg", 6),
])
def test_BASE_CLM_2_trains_placed_and_route_table_score(a, b, length):
    """BASE-CLM-2: Trains placed and route table score."""
    g = Game("usa", 2)
    g.blank()
    r = g.route(a, b)
    assert g.route_len(r) == length
    g.set_hand(0, locomotive=6)
    g.claim(r, LOCO)
    assert g.st.trains[0] == 45 - length
    assert g.st.score[0] == USA_SCORES[length]
    assert g.st.ps[0, L.PS_ROUTE_POINTS] == USA_SCORES[length]
    assert g.st.owner[r] == 0


def test_BASE_CLM_2_route_table_has_7_and_8():
    """BASE-CLM-2: Route table has 7 and 8."""
    ru = Game("usa").ru
    assert [int(ru[L.RULE_ROUTE_SCORE + n]) for n in range(1, 9)] == [1, 2, 4, 7, 10, 15, 18, 21]


def test_BASE_CLM_2_not_enough_trains_cannot_claim():
    """BASE-CLM-2: Not enough trains cannot claim."""
    g = Game("usa", 2)
    g.blank()
    g.st.trains[0] = 3
    g.set_hand(0, locomotive=10)
    assert g.claim_colours(g.route("Calgary", "Helena")) == set()  # length 4
    assert g.claim_colours(g.route("Calgary", "Vancouver")) == {LOCO}  # length 3
    g.claim(g.route("Calgary", "Vancouver"), LOCO)
    assert g.st.trains[0] == 0


def test_BASE_CLM_3_claimed_route_cannot_be_claimed_again():
    """BASE-CLM-3: Claimed route cannot be claimed again."""
    g = Game("usa", 2)
    g.blank()
    r = g.route("Atlanta", "Nashville")
    g.set_hand(0, locomotive=3)
    g.set_hand(1, locomotive=3, red=3)
    g.claim(r, LOCO)
    assert g.player == 1 and g.claim_colours(r) == set()
    g.set_pile(["red", "red"])
    g.draw_blind()
    g.draw_blind()
    assert g.player == 0 and g.claim_colours(r) == set()


def test_BASE_CLM_3_route_need_not_connect_to_own_routes():
    """BASE-CLM-3: Route need not connect to own routes."""
    g = Game("usa", 2)
    g.blank()
    g.set_hand(0, locomotive=4)
    g.claim(g.route("Portland", "Seattle"), LOCO)
    g.set_turn(0)
    far = g.route("Atlanta", "Nashville")
    assert g.claim_colours(far) == {LOCO}
    g.claim(far, LOCO)
    assert g.st.owner[far] == 0


def test_BASE_CLM_4_paid_cards_go_to_the_discard():
    """BASE-CLM-4: Paid cards go to the discard."""
    g = Game("usa", 2)
    g.blank()
    g.set_hand(0, blue=3, locomotive=2)
    g.claim(g.route("Atlanta", "Miami"), BLUE)
    assert g.discard() == {"blue": 3, "locomotive": 2}


# --- legality checked against the rules text in random games --------------------------
def _expected_claims(g):
    """(route, colour) pairs the rules allow the seat to move, computed from
    the rules text (BASE-CLM-1..3, BASE-DBL-1..2, EU-FRY-1), not the engine."""
    st, bd = g.st, g.bd
    p = g.player
    hand = st.hand[p]
    out = set()
    for r in range(bd.routes.shape[0]):
        if st.owner[r] >= 0:
            continue
        twins = [q for q in bd.group_routes[bd.routes[r, L.RT_GROUP]] if q >= 0 and q != r] \
            if bd.routes[r, L.RT_GROUP] >= 0 else []
        if any(st.owner[q] == p for q in twins):
            continue  # BASE-DBL-1
        if g.n < 4 and any(st.owner[q] >= 0 for q in twins):
            continue  # BASE-DBL-2
        length = int(bd.routes[r, L.RT_LEN])
        if st.trains[p] < length:
            continue  # BASE-CLM-2
        symbols = int(bd.routes[r, L.RT_LOCOS])
        colour = int(bd.routes[r, L.RT_COLOUR])
        if hand[LOCO] >= length:
            out.add((r, LOCO))
        for c in range(8):
            if colour not in (L.GRAY, c) or hand[c] == 0:
                continue
            # some k >= 1 cards of colour c on plain spaces, locomotives for the rest
            k = min(int(hand[c]), length - symbols)
            if k >= 1 and length - k <= hand[LOCO]:
                out.add((r, c))
    return out


@pytest.mark.parametrize("board_name,n_players,seed", [("usa", 2, 61), ("usa", 4, 62), ("europe", 3, 63)])
def test_BASE_CLM_1_2_3_DBL_1_2_legal_claims_match_the_rules_in_random_games(board_name, n_players, seed):
    """BASE-CLM-1, BASE-CLM-2, BASE-CLM-3, BASE-DBL-1, BASE-DBL-2: Legal claims match the rules in random games."""
    g = Game(board_name, n_players, seed=seed)
    checked = 0

    def check(g):
        nonlocal checked
        if g.phase != L.PH_TURN:
            return
        got = {(a, b) for k, a, b in g.legal_set() if k == L.A_CLAIM}
        assert got == _expected_claims(g)
        checked += 1

    play_random(g, np.random.default_rng(seed), check)
    assert checked > 20
