"""Europe, tunnels (docs/rules/europe.md): EU-TUN-1..5."""

from helpers import BLUE, LOCO, RED, Game
from rule_games import tunnel_game

from kernels import layouts as L


def test_EU_TUN_1_cards_are_laid_before_the_reveal():
    """EU-TUN-1: Cards are laid before the reveal."""
    g, r = tunnel_game({"blue": 3, "locomotive": 1}, ["blue", "red", "red", "green"])
    assert g.claim_colours(r) == {BLUE}
    g.claim(r, BLUE)
    assert g.phase == L.PH_TUNNEL and g.player == 0
    assert g.st.laid.tolist() == [0, 0, 2, 0, 0, 0, 0, 0, 0]
    assert g.hand(0) == {"blue": 1, "locomotive": 1}
    assert g.st.owner[r] == -1  # not placed until the surcharge is settled


def test_EU_TUN_1_tunnel_needs_its_cards_first():
    """EU-TUN-1: Tunnel needs its cards first."""
    g, r = tunnel_game({"blue": 1, "red": 5}, ["red"] * 3)
    assert g.claim_colours(r) == set()


def test_EU_TUN_2_reveal_three_matching_colour_and_locomotives_add_surcharge():
    """EU-TUN-2: Reveal three matching colour and locomotives add surcharge."""
    g, r = tunnel_game({"blue": 3, "locomotive": 1}, ["blue", "locomotive", "red", "green"])
    g.claim(r, BLUE)
    assert int(g.sc[L.SC_N_REVEALED]) == 3
    assert g.st.revealed[:3].tolist() == [BLUE, LOCO, RED]
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 2
    assert g.pile() == ["green"]
    assert g.kinds() == {L.A_TUNNEL_PAY, L.A_TUNNEL_ABANDON}
    g.act(L.A_TUNNEL_PAY)
    assert g.st.owner[r] == 0 and g.hand(0) == {}
    assert g.st.claim_locos[r] == 1
    # laid (2 blue) + surcharge (blue, locomotive) + revealed (blue, locomotive, red)
    assert g.discard() == {"blue": 4, "locomotive": 2, "red": 1}
    assert g.st.score[0] == 2 and g.player == 1
    log = g.st.tunnel_log[0]
    assert (log[L.TL_REVEALED], log[L.TL_SURCHARGE], log[L.TL_PAID]) == (3, 2, 1)


def test_EU_TUN_2_surcharge_paid_with_colour_or_locomotives():
    """EU-TUN-2: Surcharge paid with colour or locomotives."""
    g, r = tunnel_game({"blue": 2, "locomotive": 2}, ["blue", "blue", "red"])
    g.claim(r, BLUE)
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 2
    g.act(L.A_TUNNEL_PAY)  # no blue left: two locomotives
    assert g.hand(0) == {} and g.st.owner[r] == 0


def test_EU_TUN_2_no_match_no_surcharge_places_at_once():
    """EU-TUN-2: No match no surcharge places at once."""
    g, r = tunnel_game({"blue": 2}, ["red", "green", "white", "black"])
    g.claim(r, BLUE)
    assert g.st.owner[r] == 0 and g.player == 1
    assert g.discard() == {"blue": 2, "red": 1, "green": 1, "white": 1}


def test_EU_TUN_3_locomotives_only_count_only_revealed_locomotives():
    """EU-TUN-3: Locomotives only count only revealed locomotives."""
    g, r = tunnel_game({"locomotive": 3, "blue": 5}, ["blue", "blue", "locomotive"])
    assert g.claim_colours(r) == {BLUE, LOCO}
    g.claim(r, LOCO)
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 1  # the blues do not count
    g.act(L.A_TUNNEL_PAY)
    assert g.hand(0) == {"blue": 5}  # paid with a locomotive, not a blue card
    assert g.st.claim_colour[r] == LOCO and g.st.claim_locos[r] == 3


def test_EU_TUN_3_same_reveal_with_colour_counts_all_three():
    """EU-TUN-3: Same reveal with colour counts all three."""
    g, r = tunnel_game({"locomotive": 3, "blue": 5}, ["blue", "blue", "locomotive"])
    g.claim(r, BLUE)
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 3


def test_EU_TUN_3_locomotive_claim_surcharge_must_be_locomotives():
    """EU-TUN-3: Locomotive claim surcharge must be locomotives."""
    g, r = tunnel_game({"locomotive": 2, "blue": 5}, ["locomotive", "red", "red"])
    g.claim(r, LOCO)
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 1
    assert g.kinds() == {L.A_TUNNEL_ABANDON}  # blue cards cannot pay it


def test_EU_TUN_4_cannot_pay_takes_cards_back_and_ends_the_turn():
    """EU-TUN-4: Cannot pay takes cards back and ends the turn."""
    g, r = tunnel_game({"blue": 2}, ["blue", "red", "red", "green"])
    g.claim(r, BLUE)
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 1
    assert g.kinds() == {L.A_TUNNEL_ABANDON}
    g.act(L.A_TUNNEL_ABANDON)
    assert g.hand(0) == {"blue": 2}
    assert g.st.owner[r] == -1 and g.st.trains[0] == 45
    assert g.discard() == {"blue": 1, "red": 2}  # revealed cards discarded anyway
    assert g.player == 1 and g.st.ps[0, L.PS_TURNS] == 1
    assert g.st.ps[0, L.PS_TUNNELS_TRIED] == 1 and g.st.ps[0, L.PS_TUNNELS_ABANDONED] == 1
    assert g.st.tunnel_log[0, L.TL_PAID] == 0
    assert g.st.laid.sum() == 0
    g.set_turn(0)
    assert g.claim_colours(r) == {BLUE}  # the route is still free


def test_EU_TUN_4_may_refuse_to_pay():
    """EU-TUN-4: May refuse to pay."""
    g, r = tunnel_game({"blue": 2, "locomotive": 4}, ["locomotive", "locomotive", "locomotive"])
    g.claim(r, BLUE)
    assert g.kinds() == {L.A_TUNNEL_PAY, L.A_TUNNEL_ABANDON}
    g.act(L.A_TUNNEL_ABANDON)
    assert g.hand(0) == {"blue": 2, "locomotive": 4}
    assert g.discard() == {"locomotive": 3}
    assert g.st.owner[r] == -1


def test_EU_TUN_5_fewer_than_three_cards_reveals_what_there_is():
    """EU-TUN-5: Fewer than three cards reveals what there is."""
    g, r = tunnel_game({"blue": 3}, ["red"], discard={"blue": 1})
    g.claim(r, BLUE)
    assert int(g.sc[L.SC_N_REVEALED]) == 2  # the pile's card, then the reshuffled discard
    assert sorted(g.st.revealed[:2].tolist()) == sorted([RED, BLUE])
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 1
    log = g.st.tunnel_log[0]
    assert (log[L.TL_REVEALED], log[L.TL_TO_REVEAL]) == (2, 3)
    g.act(L.A_TUNNEL_PAY)
    assert g.st.owner[r] == 0


def test_EU_TUN_5_no_cards_no_surcharge():
    """EU-TUN-5: No cards no surcharge."""
    g, r = tunnel_game({"blue": 2}, [])
    g.claim(r, BLUE)
    assert g.st.owner[r] == 0 and g.player == 1
    assert g.st.tunnel_log[0, L.TL_REVEALED] == 0 and g.st.tunnel_log[0, L.TL_SURCHARGE] == 0


def test_EU_TUN_5_only_locomotives_left_each_counts():
    """EU-TUN-5: Only locomotives left each counts."""
    g, r = tunnel_game({"blue": 2, "locomotive": 2}, ["locomotive", "locomotive"])
    g.claim(r, BLUE)
    assert int(g.sc[L.SC_N_REVEALED]) == 2 and int(g.sc[L.SC_PEND_SURCHARGE]) == 2
    g.act(L.A_TUNNEL_PAY)
    assert g.st.owner[r] == 0 and g.hand(0) == {}


def test_EU_TUN_5_locomotive_claim_with_one_card_left():
    """EU-TUN-5: Locomotive claim with one card left."""
    g, r = tunnel_game({"locomotive": 3}, ["locomotive"])
    g.claim(r, LOCO)
    assert int(g.sc[L.SC_N_REVEALED]) == 1 and int(g.sc[L.SC_PEND_SURCHARGE]) == 1
    g.act(L.A_TUNNEL_PAY)
    assert g.st.owner[r] == 0 and g.hand(0) == {}


def test_EU_TUN_2_house_rule_reveal_count():
    """EU-TUN-2: House rule reveal count."""
    g = Game("europe", 2, overrides={"tunnel_reveal": 4})
    g.blank()
    g.set_hand(0, blue=6)
    g.set_pile(["blue"] * 5)
    g.claim(g.route("München", "Venezia"), BLUE)
    assert int(g.sc[L.SC_N_REVEALED]) == 4 and int(g.sc[L.SC_PEND_SURCHARGE]) == 4
