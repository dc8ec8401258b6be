"""Nordic Countries, tickets and train cards (docs/rules/nordic-countries.md): NC-TKT-1..2, NC-MKT-1..2, NC-CRD-1."""

from helpers import BLACK, LOCO, PINK, WHITE, YELLOW, Game
from rule_games import nordic

from kernels import layouts as L


# --- tickets --------------------------------------------------------------------------------------
def test_NC_TKT_1_five_dealt_keep_two_the_rest_leave_the_game():
    """NC-TKT-1 played on the board: 5 offered, any 2+ kept, the others boxed."""
    g = Game("nordic_countries", 2, seed=4)
    assert int(g.sc[L.SC_N_OFFER]) == 5
    keeps = {a for k, a, _ in g.legal_set() if k == L.A_KEEP_TICKETS}
    assert keeps == {m for m in range(32) if bin(m).count("1") >= 2}
    offer = g.st.offer[:5].tolist()
    pile = g.ticket_pile()
    g.act(L.A_KEEP_TICKETS, 0b00011)
    assert [int(g.st.ticket_holder[t]) for t in offer] == [0, 0] + [L.TH_BOX] * 3
    assert g.ticket_pile() == pile


def test_NC_TKT_2_drawn_tickets_not_kept_leave_the_game_and_the_deck_runs_out():
    """NC-TKT-2: 3 drawn, 1 kept, the other 2 boxed (not under the deck); with
    the deck empty, drawing tickets is not legal."""
    g = nordic()
    g.set_ticket_pile([0, 1, 2, 3])
    g.act(L.A_DRAW_TICKETS)
    assert g.st.offer[:3].tolist() == [0, 1, 2]
    g.act(L.A_KEEP_TICKETS, 0b010)
    assert [int(g.st.ticket_holder[t]) for t in (0, 1, 2)] == [L.TH_BOX, 0, L.TH_BOX]
    assert g.ticket_pile() == [3]
    g.set_turn(1)
    g.act(L.A_DRAW_TICKETS)  # one left: offered alone
    assert int(g.sc[L.SC_N_OFFER]) == 1
    g.act(L.A_KEEP_TICKETS, 0b1)
    g.set_turn(0)
    assert L.A_DRAW_TICKETS not in g.kinds()


# --- train cards ----------------------------------------------------------------------------------
def test_NC_MKT_1_a_face_up_locomotive_is_one_card_of_two():
    """NC-MKT-1 played on the board: a face-up locomotive, then another one."""
    g = nordic()
    g.set_market(["locomotive", "locomotive", "pink", "white", "yellow"])
    g.set_pile(["red"] * 5)
    g.act(L.A_DRAW_MARKET, 0)
    assert g.phase == L.PH_SECOND_DRAW
    assert g.can(L.A_DRAW_MARKET, 1)
    g.act(L.A_DRAW_MARKET, 1)
    assert g.hand(0) == {"locomotive": 2} and g.player == 1


def test_NC_MKT_2a_three_face_up_locomotives_stay():
    """NC-MKT-2, assumption NC-MKT-2a, played on the board: the market is
    never replaced, whatever it shows."""
    g = nordic()
    g.set_market(["locomotive", "locomotive", "pink", "white", "yellow"])
    g.set_pile(["locomotive", "red", "red", "red"])
    g.act(L.A_DRAW_MARKET, 2)  # the replacement is a third locomotive
    assert g.market().count("locomotive") == 3 and int(g.sc[L.SC_MARKET_RESETS]) == 0
    g.act(L.A_DRAW_BLIND)
    assert g.market().count("locomotive") == 3 and int(g.sc[L.SC_MARKET_RESETS]) == 0


def test_NC_MKT_2a_the_other_reading_resets_on_three_locomotives():
    """NC-MKT-2a's other reading, Board Game Arena's, `--set loco_reset=3`: the
    same draw replaces all five face-up cards (BASE-MKT-3)."""
    g = Game("nordic_countries", 2, overrides={"loco_reset": 3})
    g.blank(market=["locomotive", "locomotive", "pink", "white", "yellow"])
    g.set_pile(["locomotive", "red", "blue", "green", "black", "orange", "red"])
    g.act(L.A_DRAW_MARKET, 2)
    assert int(g.sc[L.SC_MARKET_RESETS]) == 1 and g.market() == ["red", "blue", "green", "black", "orange"]


def test_NC_CRD_1_locomotives_cannot_pay_an_ordinary_route():
    """NC-CRD-1: Ålborg-Århus (pink, 1, ordinary) takes a pink card and no
    locomotive; Boden-Kiruna (black, 3): two black cards and locomotives are
    one short, a locomotive does not stand in for the third."""
    g = nordic()
    r = g.route("Ålborg", "Århus")
    g.set_hand(0, locomotive=5)
    assert g.claim_colours(r) == set()
    g.set_hand(0, pink=1, locomotive=5)
    assert g.claim_colours(r) == {PINK}
    g.claim(r, PINK)
    assert g.hand(0) == {"locomotive": 5} and g.st.claim_locos[r] == 0
    r2 = g.route("Boden", "Kiruna", "black")
    g.set_hand(1, black=2, locomotive=3)
    assert g.claim_colours(r2) == set()
    g.set_hand(1, black=3, locomotive=3)
    assert g.claim_colours(r2) == {BLACK}


def test_NC_CRD_1_locomotives_pay_tunnels_and_ferries():
    """NC-CRD-1: on a tunnel and on a ferry locomotives pay any space."""
    g = nordic()
    tunnel = g.route("Åndalsnes", "Lillehammer")  # yellow tunnel of 2
    g.set_hand(0, yellow=1, locomotive=1)
    assert g.claim_colours(tunnel) == {YELLOW}
    g.set_hand(0, locomotive=2)
    assert g.claim_colours(tunnel) == {LOCO}
    ferry = g.route("Ålborg", "Oslo")  # white ferry of 3 with 1 symbol
    g.set_hand(0, white=1, locomotive=2)  # the second locomotive pays a white space
    assert g.claim_colours(ferry) == {WHITE}
    g.set_hand(0, locomotive=3)
    assert g.claim_colours(ferry) == {LOCO}


def test_NC_CRD_1_the_policy_comes_from_the_preset():
    """NC-CRD-1: the rule vector lets locomotives pay tunnels and ferries only;
    a house rule 'all' restores the base rule (BASE-CLM-3) on this board."""
    g = nordic()
    assert g.ru[L.RULE_LOCO_POLICY] == (1 << L.KIND_TUNNEL) | (1 << L.KIND_FERRY)
    h = Game("nordic_countries", 2, overrides={"locomotives_wild_on": "all"})
    h.blank()
    r = h.route("Ålborg", "Århus")
    h.set_hand(0, locomotive=1)
    assert h.claim_colours(r) == {LOCO}
