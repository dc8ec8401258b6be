"""India, components (docs/rules/india.md): IN-CMP-1..2, each played on the
board: the deal, whole random games, every ticket drawn."""

import pytest
from helpers import Game
from rule_games import deal, draw_every_ticket, play_out

from analyzer.rules import RuleError
from kernels import layouts as L


@pytest.mark.parametrize("players", [2, 3, 4])
def test_IN_CMP_1_two_to_four_players_45_trains_the_110_cards(players):
    """IN-CMP-1: the deal gives each seat 45 trains and 4 of the 110 cards of a
    base game (12 of each of 8 colours, 14 locomotives); a whole random game
    moves those cards, none made or lost, and places at most 45 trains a seat;
    5 players are refused."""
    g = Game("india", players, seed=players)
    for seed in range(3):
        deal(g, seed)
        assert g.card_counts().tolist() == [12] * 8 + [14] and g.st.hand[:players].sum(axis=1).tolist() == [4] * players
    play_out(g, 45, seed=players)
    assert g.phase == L.PH_OVER and min(g.st.trains[:players]) <= 2
    with pytest.raises(RuleError, match="2-4 players"):
        Game("india", 5)


def test_IN_CMP_2_58_tickets_worth_5_to_17():
    """IN-CMP-2: dealt and drawn to the last (every ticket kept), the deck holds
    58 tickets, each joining two cities, worth 5 to 17; no long deck."""
    g = Game("india", 2, seed=5)
    kept = draw_every_ticket(g)
    assert len(kept) == len(set(kept)) == 58
    points = [g.ticket_points(t) for t in kept]
    assert (min(points), max(points)) == (5, 17)
    assert all(g.bd.tickets[t, L.TK_A] != g.bd.tickets[t, L.TK_B] and g.bd.tickets[t, L.TK_LONG] == 0 for t in kept)
