"""Europe, setup (docs/rules/europe.md): EU-SET-1..3."""

import numpy as np
import pytest
from helpers import play_random
from rule_games import deal, eu

from kernels import layouts as L


@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_EU_SET_1_four_cards_45_trains_3_stations(n_players):
    """EU-SET-1: the deal (through the engine) gives 4 cards, 45 trains and 3
    stations each from the 110-card deck; a station built spends one of them."""
    g = eu(n_players, seed=3)
    for seed in (3, 4, 5):
        deal(g, seed)
        assert g.st.hand[:n_players].sum(axis=1).tolist() == [4] * n_players
        assert g.st.trains[:n_players].tolist() == [45] * n_players
        assert g.st.stations_left[:n_players].tolist() == [3] * n_players
        assert g.card_counts().tolist() == [12] * 8 + [14]
    g.blank()
    g.set_hand(0, red=1)
    g.act(L.A_BUILD_STATION, g.city("Paris"), L.CARD_NAMES.index("red"))
    assert g.st.stations_left[:n_players].tolist() == [2] + [3] * (n_players - 1)


def test_EU_SET_2_board_has_40_regular_and_6_long_tickets():
    """EU-SET-2: Board has 40 regular and 6 long tickets."""
    g = eu()
    assert int((g.bd.tickets[:, L.TK_LONG] == 0).sum()) == 40
    assert int((g.bd.tickets[:, L.TK_LONG] == 1).sum()) == 6


@pytest.mark.parametrize("n_players", [2, 5])
def test_EU_SET_2_dealt_one_long_and_three_regular(n_players):
    """EU-SET-2: Dealt one long and three regular."""
    g = eu(n_players, seed=9)
    long_ = g.bd.tickets[:, L.TK_LONG]
    for p in range(n_players):
        offer = [t for t in g.st.setup_offer[p] if t >= 0]
        assert len(offer) == 4
        assert sorted(long_[offer].tolist()) == [0, 0, 0, 1]
    # the long tickets nobody was dealt are out of the game
    dealt = {int(t) for t in g.st.setup_offer.ravel() if t >= 0}
    for t in np.flatnonzero(long_ == 1):
        if t not in dealt:
            assert g.st.ticket_holder[t] == L.TH_BOX
    assert int(g.sc[L.SC_TP_COUNT]) == 40 - 3 * n_players
    assert not any(long_[t] for t in g.ticket_pile())


def test_EU_SET_2_keep_at_least_two_of_any_mix_rest_to_the_box():
    """EU-SET-2: Keep at least two of any mix rest to the box."""
    g = eu(2, seed=9)
    keeps = {a for k, a, _ in g.legal_set() if k == L.A_KEEP_TICKETS}
    assert keeps == {m for m in range(16) if bin(m).count("1") >= 2}
    offer = g.st.offer[:4].tolist()
    long_ = g.bd.tickets[:, L.TK_LONG]
    assert long_[offer[0]] == 1  # the long ticket is dealt first
    pile_before = g.ticket_pile()
    g.act(L.A_KEEP_TICKETS, 0b0110)  # two regular tickets, the long one left
    assert g.st.ticket_holder[offer[1]] == 0 and g.st.ticket_holder[offer[2]] == 0
    assert g.st.ticket_holder[offer[0]] == L.TH_BOX
    assert g.st.ticket_holder[offer[3]] == L.TH_BOX
    assert g.ticket_pile() == pile_before  # not to the bottom: out of the game
    g.act(L.A_KEEP_TICKETS, 0b1001)  # the long ticket and one regular
    assert g.ticket_pile() == pile_before
    assert g.phase == L.PH_TURN
    assert int((g.st.ticket_holder == L.TH_BOX).sum()) == 2 + 2 + (6 - 2)


def test_EU_SET_3_kept_tickets_stay_with_the_player_to_the_end():
    """EU-SET-3: Kept tickets stay with the player to the end."""
    g = eu(3, seed=17)
    kept = {}

    def check(g):
        for t, h in enumerate(g.st.ticket_holder):
            if h >= 0:
                assert kept.setdefault(t, int(h)) == h
        for t, h in kept.items():
            assert g.st.ticket_holder[t] == h

    play_random(g, np.random.default_rng(17), check)
    assert kept
    for t, h in kept.items():
        assert g.st.ticket_result[t] in (L.TR_COMPLETED, L.TR_VIA_STATION, L.TR_FAILED)
        assert g.st.ticket_holder[t] == h
