"""Nordic Countries, ferries (docs/rules/nordic-countries.md): NC-FRY-1..2, NC-FRY-2a."""

from helpers import BLACK, LOCO, RED, Game
from rule_games import nordic

from kernels import layouts as L


def test_NC_FRY_1_coloured_ferry_one_red_and_one_locomotive():
    """NC-FRY-1: Ålborg-Kristiansand (red ferry of 2, one symbol): 1 red for
    the red space and 1 locomotive for the symbol; a blue card cannot pay it."""
    g = nordic()
    r = g.route("Ålborg", "Kristiansand")
    g.set_hand(0, red=1, locomotive=1, blue=1)
    assert g.claim_colours(r) == {RED}
    g.claim(r, RED)
    assert g.hand(0) == {"blue": 1} and g.discard() == {"red": 1, "locomotive": 1}
    assert g.st.owner[r] == 0 and g.st.claim_locos[r] == 1 and g.st.score[0] == 2


def test_NC_FRY_2_any_three_cards_replace_the_locomotive():
    """NC-FRY-2: with no locomotive, any 3 cards pay the symbol (they need not
    match: here blue, blue, green); two cards are not enough."""
    g = nordic()
    r = g.route("Ålborg", "Kristiansand")
    g.set_hand(0, red=1, blue=2, green=1)
    assert g.claim_colours(r) == {RED}
    g.claim(r, RED)
    assert g.hand(0) == {} and g.discard() == {"red": 1, "blue": 2, "green": 1}
    assert g.st.claim_locos[r] == 0 and g.st.owner[r] == 0
    g2 = nordic()
    g2.set_hand(0, red=1, blue=2)
    assert g2.claim_colours(r) == set()


def test_NC_FRY_2_the_fewest_sets_are_used():
    """NC-FRY-2: locomotives pay the symbols before any set is made (a set
    costs 3 cards for one): Åndalsnes-Bergen (black ferry of 5, two symbols)
    with one locomotive takes one set of 3 for the second symbol, with two
    locomotives none; with none, two sets (3 black + 6 others)."""
    r = nordic().route("Åndalsnes", "Bergen")
    for hand, left, locos in (({"black": 3, "locomotive": 1, "red": 3}, {}, 1),
                              ({"black": 3, "locomotive": 2, "red": 3}, {"red": 3}, 2),
                              ({"black": 3, "red": 6, "green": 1}, {"green": 1}, 0)):
        g = nordic()
        g.set_hand(0, **hand)
        g.claim(r, BLACK)
        assert g.hand(0) == left and g.st.claim_locos[r] == locos and g.st.owner[r] == 0
    g = nordic()
    g.set_hand(0, black=3, red=5)
    assert g.claim_colours(r) == set()  # two sets need 6 cards


def test_NC_FRY_2_set_cards_come_from_the_colours_held_most():
    """NC-FRY-2 (which cards form a set is a simulation choice, documented in
    kernels/core/payment.py set_card_kind): after the red card, one card at
    a time of the colour held most, the lowest colour on ties, locomotives
    only when no coloured card is left."""
    g = nordic()
    r = g.route("Ålborg", "Kristiansand")
    g.set_hand(0, red=1, blue=2, green=2, yellow=1)
    g.claim(r, RED)
    assert g.hand(0) == {"yellow": 1, "green": 1}  # taken: blue, green, blue
    g = nordic()
    g.set_hand(0, red=2, blue=1)
    assert g.claim_colours(r) == set()  # 1 red pays the space; red and blue left: a set needs 3


def test_NC_FRY_2a_a_set_may_replace_a_coloured_card_of_a_ferry():
    """NC-FRY-2a: with no red card, a locomotive pays the symbol and a set of
    3 any cards the red space (the claim is written as 'locomotives')."""
    g = nordic()
    r = g.route("Ålborg", "Kristiansand")
    g.set_hand(0, locomotive=1, blue=3)
    assert g.claim_colours(r) == {LOCO}
    g.claim(r, LOCO)
    assert g.hand(0) == {} and g.discard() == {"locomotive": 1, "blue": 3}
    assert g.st.claim_colour[r] == LOCO and g.st.claim_locos[r] == 1


def test_NC_FRY_2a_a_coloured_ferry_paid_with_sets_alone():
    """NC-FRY-2a: Ålborg-Kristiansand (red ferry of 2, one symbol) with 3 blue +
    3 green and neither red nor locomotive: one set pays the symbol, the other
    the red space. The claim names no colour (written 'locomotives', with no
    locomotive spent); 1 red + 6 others and 1 locomotive + 3 others pay it too."""
    g = nordic()
    r = g.route("Ålborg", "Kristiansand")
    g.set_hand(0, blue=3, green=3)
    assert g.claim_colours(r) == {LOCO}
    g.claim(r, LOCO)
    assert g.hand(0) == {} and g.discard() == {"blue": 3, "green": 3}
    assert g.st.owner[r] == 0 and g.st.claim_colour[r] == LOCO and g.st.claim_locos[r] == 0
    assert g.st.trains[0] == 40 - 2 and g.st.score[0] == 2
    for hand, colours in (({"red": 1, "blue": 3, "green": 3}, {RED, LOCO}), ({"locomotive": 1, "blue": 3}, {LOCO}),
                          ({"blue": 3, "green": 2}, set())):
        g = nordic()
        g.set_hand(0, **hand)
        assert g.claim_colours(r) == colours, hand


def test_NC_FRY_2a_an_all_symbol_ferry_paid_with_a_set():
    """NC-FRY-2a: Århus-København (grey ferry of 1, one symbol) with three red
    cards and no locomotive: the set replaces the locomotive."""
    g = nordic()
    r = g.route("Århus", "København")
    g.set_hand(0, red=3)
    assert g.claim_colours(r) == {LOCO}
    g.claim(r, LOCO)
    assert g.hand(0) == {} and g.discard() == {"red": 3} and g.st.claim_locos[r] == 0


def test_NC_FRY_2_ferry_wild_set_is_a_house_rule_elsewhere():
    """NC-FRY-2 as a house rule (ferry_wild_set=3) on Europe: a ferry there
    takes sets too; at 0 (Europe's rule) it does not."""
    for sets, expect in ((3, True), (0, False)):
        g = Game("europe", 2, overrides={"ferry_wild_set": sets})
        g.blank()
        rt = g.board.routes
        r = int(rt[(rt["kind"] == "ferry") & (rt["locomotives"] == 1) & (rt["length"] == 2)].index[0])
        colour = rt.loc[r, "color"]
        pay = "red" if colour == "gray" else colour
        g.set_hand(0, **{pay: 1, "white" if pay != "white" else "black": 3})
        assert bool(g.claim_colours(r)) is expect
        assert int(g.bd.routes[r, L.RT_WILD_SET]) == sets
