"""Ghost Train, components and setup (docs/rules/ghost-train.md): GT-CMP-1..3, GT-SET-1..2."""

import pytest
from helpers import Game
from rule_games import deal, held, play_out

import analyzer
from analyzer.rules import RuleError, preset
from kernels import layouts as L

# --- components -----------------------------------------------------------------------------------
GT_COLOURS = ("yellow", "green", "orange", "black", "blue", "red")


def test_gt_cmp_1_two_to_four_players_twenty_wagons_each():
    """GT-CMP-1: 2-4 players, 20 wagons each; other player counts are refused."""
    for n in (2, 3, 4):
        g = Game("ghost_train", n)
        assert list(g.st.trains) == [20] * n
    for n in (1, 5):
        with pytest.raises(RuleError, match="2-4 players"):
            analyzer.simulate(board="ghost_train", players=n, games=1, progress=False)


def test_gt_cmp_2_deck_of_72_in_six_colours_plus_locomotives():
    """GT-CMP-2, GT-CMP-2a: a whole random game moves 72 cards, 10 of each of
    the 6 colours and 12 locomotives, none made or lost; the split is a rule
    parameter (6 locomotives and 11 a colour: the same game, that deck)."""
    g = Game("ghost_train", 2, seed=4)
    deck = {L.CARD_NAMES[k]: int(v) for k, v in enumerate(g.bd.deck) if v}
    assert deck == {**{c: 10 for c in GT_COLOURS}, "locomotive": 12}
    assert set(g.board.routes["color"]) == set(GT_COLOURS)  # no grey routes, no pink or white
    play_out(g, 20, seed=4)
    h = Game("ghost_train", 2, seed=4, overrides={"locomotive_cards": 6, "cards_per_colour": 11})
    assert h.bd.deck.sum() == 72 and h.bd.deck[L.LOCO] == 6
    play_out(h, 20, seed=4)


def test_gt_cmp_3_thirty_three_tickets_and_four_special_ones():
    """GT-CMP-3: 33 tickets (the three the rules name among them), 4 Trick-or-Treat
    tickets: every deal (through the engine) hands out 2 of the 33 each and
    leaves the rest in the deck, with the 4 special tickets aside."""
    g = Game("ghost_train", 3)
    assert g.bd.tickets.shape[0] == 33
    for a, b in (("Cemetery", "Lighthouse"), ("Cemetery", "Railway Station"), ("Crypt", "Railway Station")):
        g.ticket(a, b)
    for seed in range(5):
        deal(g, seed)
        g.finish_setup()
        assert [len(held(g, p)) for p in range(3)] == [2, 2, 2]
        assert sorted(g.ticket_pile() + [t for p in range(3) for t in held(g, p)]) == list(range(33))
        assert g.sc[L.SC_GT_SPECIAL_LEFT] == 4


def test_gt_house_rules_wagons_and_locomotives():
    """GT-CMP-1, GT-CMP-2 as house rules: wagons per player, locomotive count."""
    g = Game("ghost_train", 2, overrides={"trains": 30, "locomotive_cards": 20})
    assert list(g.st.trains) == [30, 30] and g.card_counts()[L.LOCO] == 20
    assert preset("ghost-train").with_overrides({"win_tickets": 8}).win_tickets == 8
    with pytest.raises(RuleError, match="win_tickets"):
        preset("ghost-train").with_overrides({"win_tickets": 99})


# --- setup ----------------------------------------------------------------------------------------
def test_gt_set_1_four_cards_two_tickets_all_kept_no_market():
    """GT-SET-1: 4 cards and 2 tickets each, both tickets kept; the rest form
    the decks; no face-up market."""
    for n in (2, 4):
        g = Game("ghost_train", n, seed=7)
        assert g.st.hand.sum(axis=1).tolist() == [4] * n
        assert g.sc[L.SC_N_PILE] == 72 - 4 * n
        assert (g.st.market == -1).all() and g.ru[L.RULE_MARKET_SIZE] == 0
        assert g.sc[L.SC_TP_COUNT] == 33 - 2 * n
        for _ in range(n):
            assert g.sc[L.SC_N_OFFER] == 2
            assert g.legal_set() == {(L.A_KEEP_TICKETS, 3, 0)}  # keeping both is the only choice
            g.act(L.A_KEEP_TICKETS, 3)
        assert [len(held(g, p)) for p in range(n)] == [2] * n


def test_gt_set_2_first_seat_starts_and_play_passes_left():
    """GT-SET-2: seat 0 (the youngest) starts; play passes to the next seat."""
    g = Game("ghost_train", 3, seed=2)
    g.finish_setup()
    order = []
    for _ in range(4):
        order.append(g.player)
        g.draw_blind()
        g.draw_blind()
    assert order == [0, 1, 2, 0]
