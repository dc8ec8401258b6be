"""Nordic Countries, components (docs/rules/nordic-countries.md): NC-CMP-1..3,
each played on the board: the deal, whole random games, every ticket drawn."""

import pytest
from helpers import Game
from rule_games import deal, draw_every_ticket, play_out

from analyzer.rules import RuleError
from kernels import layouts as L


@pytest.mark.parametrize("players", [2, 3])
def test_NC_CMP_1_forty_trains_each_with_two_or_three_players(players):
    """NC-CMP-1: each seat is dealt 40 trains and places at most 40 in a whole
    random game, which ends by the trains (BASE-END-1: a seat down to 2 or
    fewer); 4 players are refused."""
    g = Game("nordic_countries", players, seed=players)
    play_out(g, 40, seed=players)
    assert g.phase == L.PH_OVER and min(g.st.trains[:players]) <= 2
    with pytest.raises(RuleError, match="2-3 players"):
        Game("nordic_countries", 4)


def test_NC_CMP_2_110_cards_twelve_of_each_colour_and_14_locomotives():
    """NC-CMP-2: the deal and a whole random game move 110 cards, 12 of each of
    the 8 colours and 14 locomotives, none made or lost."""
    g = Game("nordic_countries", 3, seed=9)
    for seed in range(5):
        deal(g, seed)
        assert g.card_counts().tolist() == [12] * 8 + [14]
        assert g.st.hand[:3].sum(axis=1).tolist() == [4, 4, 4]
    play_out(g, 40, seed=9)


def test_NC_CMP_3_46_tickets_worth_3_to_24():
    """NC-CMP-3: dealt and drawn to the last, the ticket deck holds 46 tickets,
    each joining two cities, worth 3 to 24 and 460 in all; no long deck (the
    setup deals 5 regular tickets each). The Globetrotter card: NC-SCR-3."""
    g = Game("nordic_countries", 2, seed=4)
    assert int(g.sc[L.SC_N_OFFER]) == 5
    kept = draw_every_ticket(g)
    assert len(kept) == len(set(kept)) == 46
    points = [g.ticket_points(t) for t in kept]
    assert (min(points), max(points), sum(points)) == (3, 24, 460)
    assert all(g.bd.tickets[t, L.TK_A] != g.bd.tickets[t, L.TK_B] and g.bd.tickets[t, L.TK_LONG] == 0 for t in kept)
