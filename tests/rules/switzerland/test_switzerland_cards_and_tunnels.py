"""Switzerland, train cards and tunnels (docs/rules/switzerland.md): SW-MKT-1..2,
SW-MKT-2a, SW-CRD-1, SW-TUN-1."""

from helpers import LOCO, WHITE, Game
from rule_games import swiss

from kernels import layouts as L


# --- train cards ----------------------------------------------------------------------------------
def test_SW_MKT_1_a_face_up_locomotive_is_one_card_of_two():
    """SW-MKT-1 played on the board: a face-up locomotive, then another one, in one turn."""
    g = swiss()
    g.set_market(["locomotive", "locomotive", "pink", "white", "yellow"])
    g.set_pile(["red"] * 5)
    g.act(L.A_DRAW_MARKET, 0)
    assert g.phase == L.PH_SECOND_DRAW and g.can(L.A_DRAW_MARKET, 1)
    g.act(L.A_DRAW_MARKET, 1)
    assert g.hand(0) == {"locomotive": 2} and g.player == 1


def test_SW_MKT_2_three_face_up_locomotives_replace_the_market_SW_MKT_2a():
    """SW-MKT-2 with assumption SW-MKT-2a, played on the board: the card taken
    is replaced by a third locomotive, and all five face-up cards are
    discarded and replaced (BASE-MKT-3) before the second card."""
    g = swiss()
    g.set_market(["locomotive", "locomotive", "pink", "white", "yellow"])
    g.set_pile(["locomotive", "red", "blue", "green", "black", "orange", "red"])
    g.act(L.A_DRAW_MARKET, 2)
    assert int(g.sc[L.SC_MARKET_RESETS]) == 1
    assert g.market() == ["red", "blue", "green", "black", "orange"]
    assert g.discard() == {"locomotive": 3, "white": 1, "yellow": 1} and g.phase == L.PH_SECOND_DRAW


def test_SW_MKT_2a_the_other_reading_keeps_the_three_locomotives():
    """SW-MKT-2a's other reading (no source states the reset for this map),
    `--set loco_reset=0`: the same draw leaves three locomotives face up."""
    g = Game("switzerland", 2, overrides={"loco_reset": 0})
    g.blank(market=["locomotive", "locomotive", "pink", "white", "yellow"])
    g.set_pile(["locomotive", "red", "blue", "green", "black", "orange", "red"])
    g.act(L.A_DRAW_MARKET, 2)
    assert int(g.sc[L.SC_MARKET_RESETS]) == 0 and g.market().count("locomotive") == 3 and g.discard() == {}


def test_SW_CRD_1_locomotives_only_on_tunnels():
    """SW-CRD-1: Bern-Solothurn (black, 2, ordinary) takes two black cards,
    never a locomotive; Lugano-Italia_3 (white tunnel of 2) takes them."""
    g = swiss()
    normal = g.route("Bern", "Solothurn")
    g.set_hand(0, black=1, locomotive=4)
    assert g.claim_colours(normal) == set()
    tunnel = g.route("Lugano", "Italia_3")
    g.set_hand(0, white=1, locomotive=1)
    assert g.claim_colours(tunnel) == {WHITE}
    g.set_hand(0, locomotive=2)
    assert g.claim_colours(tunnel) == {LOCO}


def test_SW_CRD_1_a_house_rule_can_keep_locomotives_off_tunnels_too():
    """SW-CRD-1's policy is a rule value: with locomotives wild only on ferries
    (none here) a tunnel's surcharge takes its colour only."""
    g = Game("switzerland", 2, overrides={"locomotives_wild_on": "ferry"})
    g.blank()
    r = g.route("Lugano", "Italia_3")
    g.set_hand(0, white=2, locomotive=3)
    assert g.claim_colours(r) == {WHITE}
    g.set_pile(["white", "red", "pink"])
    g.claim(r, WHITE)
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 1
    assert g.kinds() == {L.A_TUNNEL_ABANDON}


# --- tunnels --------------------------------------------------------------------------------------
def test_SW_TUN_1_revealed_locomotive_counts_and_a_locomotive_pays_the_surcharge():
    """SW-TUN-1: a revealed locomotive costs one more card; with no white left
    a locomotive pays it (SW-CRD-1 lets locomotives pay a tunnel's surcharge)."""
    g = swiss()
    r = g.route("Lugano", "Italia_3")
    g.set_hand(0, white=2, locomotive=1, red=3)
    g.set_pile(["locomotive", "red", "pink"])
    g.claim(r, WHITE)
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 1
    g.act(L.A_TUNNEL_PAY)
    assert g.st.owner[r] == 0 and g.hand(0) == {"red": 3} and g.st.claim_locos[r] == 1
