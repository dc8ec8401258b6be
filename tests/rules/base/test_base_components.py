"""Base game, components (docs/rules/base.md): BASE-CMP-1..3."""

import numpy as np
import pytest
from helpers import Game, play_random
from rule_games import draw_every_ticket

from kernels import layouts as L


def test_BASE_CMP_1_deck_is_8_colours_of_12_and_14_locomotives():
    """BASE-CMP-1: Deck is 8 colours of 12 and 14 locomotives."""
    g = Game("usa")
    assert g.bd.deck.tolist() == [12] * 8 + [14]
    assert int(g.bd.deck.sum()) == 110
    # after the deal every card is somewhere: hands, market, pile (and discard after a reset)
    assert g.card_counts().tolist() == [12] * 8 + [14]


@pytest.mark.parametrize("board_name,n_players,seed", [("usa", 2, 3), ("usa", 5, 4), ("europe", 3, 5)])
def test_BASE_CMP_1_no_card_is_created_or_lost_in_a_random_game(board_name, n_players, seed):
    """BASE-CMP-1: No card is created or lost in a random game."""
    g = Game(board_name, n_players, seed=seed)
    deck = g.bd.deck.tolist()

    def check(g):
        assert g.card_counts().tolist() == deck

    play_random(g, np.random.default_rng(seed), check)


def test_BASE_CMP_2_forty_five_trains_each_and_2_to_5_players():
    """BASE-CMP-2: 45 trains each; 2 to 5 players."""
    rules = Game("usa").rules
    assert (rules.min_players, rules.max_players, rules.trains) == (2, 5, 45)
    for n in range(2, 6):
        g = Game("usa", n)
        assert g.st.trains.tolist() == [45] * n


def test_BASE_CMP_2_trains_never_go_negative_in_a_random_game():
    """BASE-CMP-2: Trains never go negative in a random game."""
    g = Game("usa", 2, seed=11)

    def check(g):
        assert (g.st.trains >= 0).all()
        # trains placed = 45 - trains left
        for p in range(g.n):
            placed = sum(g.route_len(r) for r in np.flatnonzero(g.st.owner == p))
            assert placed == 45 - g.st.trains[p]

    play_random(g, np.random.default_rng(11), check)


def test_BASE_CMP_3_usa_has_30_tickets_each_two_cities_and_points():
    """BASE-CMP-3: dealt and drawn to the last (every ticket kept), the USA deck
    holds 30 tickets, each naming two cities and its points (Los Angeles-New
    York: 21)."""
    g = Game("usa")
    kept = draw_every_ticket(g)
    assert len(kept) == len(set(kept)) == g.bd.tickets.shape[0] == 30
    tk = g.bd.tickets
    assert all(tk[t, L.TK_A] != tk[t, L.TK_B] and tk[t, L.TK_POINTS] > 0 for t in kept)
    assert g.ticket_points(g.ticket("Los Angeles", "New York")) == 21
