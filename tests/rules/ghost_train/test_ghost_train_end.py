"""Ghost Train, end (docs/rules/ghost-train.md): GT-END-1..3."""

import pytest
from rule_games import ghost, mark_done

from kernels import layouts as L


def _five_done(g, p):
    """p holds five completed tickets over its own routes."""
    g.give(p, g.route("Crypt", "Cemetery"), g.route("Crypt", "Railway Station"),
           g.route("Town Hall", "Railway Station", "green"), g.route("Railway Station", "Swamp"),
           g.route("Manor on the Hill", "Abandoned School"), g.route("Town Hall", "Abandoned School"))
    mark_done(g, p, *(g.ticket(a, b) for a, b in (("Cemetery", "Railway Station"), ("Crypt", "Railway Station"),
                                                    ("Manor on the Hill", "Railway Station"),
                                                    ("Cemetery", "Manor on the Hill"), ("Crypt", "Abandoned School"))))
    g.st.trains[p] = 15


def test_gt_end_1_sixth_ticket_wins_at_once():
    """GT-END-1: completing the 6th ticket ends the game at once; that player wins."""
    g = ghost(n_players=3, tickets=[("Gloomy Glade", "Town Hall")])
    _five_done(g, 0)
    g.hold(0, g.ticket("Cemetery", "Lighthouse"))
    g.set_hand(0, green=3)
    assert g.claim(g.route("Swamp", "Lighthouse", "green"), "green")
    assert g.phase == L.PH_OVER and g.sc[L.SC_END_REASON] == L.END_TICKETS
    assert g.st.final[:, L.FN_WINNER].tolist() == [1, 0, 0]
    assert g.st.final[0, L.FN_TOTAL] == 6
    assert g.ticket_pile() == [g.ticket("Gloomy Glade", "Town Hall")]  # no replacement drawn: over at once


def test_gt_end_1_the_special_ticket_counts_towards_six():
    """GT-END-1 with GT-BON-1: five tickets plus Trick or Treat is six."""
    g = ghost(n_players=2, tickets=[("Gloomy Glade", "Town Hall")])
    _five_done(g, 0)
    g.give(0, g.route("Rotten Tree", "Abandoned Barn"))
    g.set_hand(0, green=3)
    assert g.claim(g.route("Abandoned Barn", "Crypt"), "green")
    assert g.sc[L.SC_END_REASON] == L.END_TICKETS and g.st.final[0, L.FN_WINNER] == 1


@pytest.mark.parametrize("win", [4, 8])
def test_gt_end_1_tickets_to_win_is_a_house_rule(win):
    """GT-END-1 as a parameter: win_tickets=4..8."""
    g = ghost(n_players=2, overrides={"win_tickets": win}, tickets=[("Gloomy Glade", "Town Hall")])
    _five_done(g, 0)
    g.hold(0, g.ticket("Cemetery", "Lighthouse"))
    g.set_hand(0, green=3)
    over = g.claim(g.route("Swamp", "Lighthouse", "green"), "green")
    assert over == (win <= 6)


def test_gt_end_2_last_wagon_ends_at_once_most_tickets_wins():
    """GT-END-2: placing the last wagon ends the game at once (no last round);
    the player with most completed tickets wins."""
    g = ghost(n_players=3, tickets=[("Gloomy Glade", "Town Hall")])
    g.give(1, g.route("Crypt", "Railway Station"))
    mark_done(g, 1, g.ticket("Crypt", "Railway Station"))
    g.st.trains[0] = 2
    g.set_hand(0, red=2)
    assert g.claim(g.route("Gingerbread House", "Gloomy Glade"), "red")
    assert g.sc[L.SC_END_REASON] == L.END_TRAINS and g.sc[L.SC_TURN] == 1
    assert g.st.final[:, L.FN_WINNER].tolist() == [0, 1, 0]


def test_gt_end_2_ties_share_the_win():
    """GT-END-2: tied players share the win."""
    g = ghost(n_players=3)
    for p, (a, b) in enumerate((("Crypt", "Railway Station"), ("Cemetery", "Swamp"))):
        g.give(p, g.route(a, b))
    mark_done(g, 0, g.ticket("Crypt", "Railway Station"))
    g.st.ps[1, L.PS_GT_SPECIAL] = 1  # a special ticket counts like a completed one
    g.st.trains[0] = 2
    g.set_hand(0, red=2)
    assert g.claim(g.route("Gingerbread House", "Gloomy Glade"), "red")
    assert g.st.final[:, L.FN_WINNER].tolist() == [1, 1, 0]
    assert g.st.final[:, L.FN_TOTAL].tolist() == [1, 1, 0]


def _last_short_route(g, trains_1):
    """Every route of 3 spaces or fewer closed but Gingerbread House-Gloomy
    Glade (2, red); seat 1 holds a completed ticket (on a 4-space route) and
    `trains_1` wagons, seat 0 three wagons and two red cards."""
    keep = g.route("Gingerbread House", "Gloomy Glade")
    g.give(1, g.route("Crypt", "Railway Station"))
    mark_done(g, 1, g.ticket("Crypt", "Railway Station"))
    g.set_closed(1, *(r for r in range(g.bd.n_routes) if g.route_len(r) <= 3 and r != keep))
    g.st.trains[0], g.st.trains[1] = 3, trains_1
    g.set_hand(0, red=2)
    return keep


def test_gt_end_3_no_claim_left_ends_the_game_at_once():
    """GT-END-3: once no seat can claim any route any more (each open route
    needs more wagons than any seat holds), the game ends at once, scored as
    GT-END-2; end reason `stall`."""
    g = ghost(n_players=2, tickets=[("Gloomy Glade", "Town Hall")])
    r = _last_short_route(g, trains_1=3)
    assert g.claim(r, "red")  # seat 0 down to 1 wagon, seat 1 at 3: every open route has 4 spaces
    assert g.sc[L.SC_END_REASON] == L.END_STALL and L.END_NAMES[L.END_STALL] == "stall"
    assert g.sc[L.SC_TURN] == 1
    assert g.st.final[:, L.FN_WINNER].tolist() == [0, 1] and g.st.final[:, L.FN_TOTAL].tolist() == [0, 1]


def test_gt_end_3_a_seat_with_wagons_for_an_open_route_plays_on():
    """GT-END-3: one seat able to claim one open route is enough to go on."""
    g = ghost(n_players=2, tickets=[("Gloomy Glade", "Town Hall")])
    r = _last_short_route(g, trains_1=4)
    assert not g.claim(r, "red")
    assert g.phase == L.PH_TURN and g.sc[L.SC_PLAYER] == 1 and g.sc[L.SC_END_REASON] == L.END_NONE


def _swap_with_every_card_held(discard_red):
    """Seat 0 swaps its one open ticket; nobody holds a card; the draw pile is
    empty and the discards hold `discard_red` red cards."""
    g = ghost(n_players=2, tickets=[("Gloomy Glade", "Town Hall")])
    g.hold(0, g.ticket("Cemetery", "Lighthouse"))
    g.set_discard(red=discard_red)
    return g.act(L.A_SWAP_TICKETS), g


def test_gt_end_3_no_card_to_draw_and_none_that_pays_ends_the_game():
    """GT-END-3: with every card in a hand (none to draw) and no hand paying
    a route its seat has the wagons for, no claim can come again: the game
    ends at once, ties sharing the win (GT-END-2)."""
    over, g = _swap_with_every_card_held(discard_red=0)
    assert over and g.sc[L.SC_END_REASON] == L.END_STALL and g.sc[L.SC_TURN] == 1
    assert g.st.final[:, L.FN_WINNER].tolist() == [1, 1]


def test_gt_end_3_a_card_left_to_draw_keeps_the_game_going():
    """GT-END-3: one card in the discards can be drawn and pay a route: play on."""
    over, g = _swap_with_every_card_held(discard_red=1)
    assert not over and g.sc[L.SC_END_REASON] == L.END_NONE and g.sc[L.SC_PLAYER] == 1


def test_gt_end_3_a_round_without_a_claim_and_nothing_to_draw_ends_the_game():
    """GT-END-3: with no card to draw, a full round without a claim ends the
    game, although seat 1 could still claim (its last two wagons, GT-END-2)."""
    g = ghost(n_players=2, tickets=[("Gloomy Glade", "Town Hall")])
    t0 = int(g.sc[L.SC_TURN])
    g.give(0, g.route("Crypt", "Cemetery"))
    g.st.claim_turn[g.route("Crypt", "Cemetery")] = t0 - 1  # the last claim: the turn before
    g.st.trains[1] = 2
    g.set_hand(1, red=2)  # pays Gingerbread House-Gloomy Glade (2, red)
    g.hold(0, g.ticket("Cemetery", "Lighthouse"))
    g.hold(1, g.ticket("Crypt", "Railway Station"))
    assert not g.act(L.A_SWAP_TICKETS)  # seat 0 swaps
    assert g.sc[L.SC_PLAYER] == 1 and any(m[0] == L.A_CLAIM for m in g.legal_set())
    assert g.act(L.A_SWAP_TICKETS)  # seat 1 swaps too: a full round without a claim
    assert g.sc[L.SC_END_REASON] == L.END_STALL and g.sc[L.SC_TURN] == t0 + 2
