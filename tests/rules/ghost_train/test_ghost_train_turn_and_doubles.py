"""Ghost Train, a turn and double routes (docs/rules/ghost-train.md): GT-TRN-1..3, GT-DCK-1, GT-DBL-1."""

import pytest
from rule_games import ghost, held, mark_done

from kernels import layouts as L


# --- a turn ---------------------------------------------------------------------------------------
def test_gt_trn_1_draw_two_blind_cards_and_no_ticket_draw():
    """GT-TRN-1: two cards from the top of the deck; no market, no ticket-draw action."""
    g = ghost(tickets=[("Cemetery", "Lighthouse")])
    g.set_pile(["red", "blue", "green"])
    kinds = g.kinds()
    assert L.A_DRAW_MARKET not in kinds and L.A_DRAW_TICKETS not in kinds
    g.draw_blind()
    assert g.phase == L.PH_SECOND_DRAW and g.kinds() == {L.A_DRAW_BLIND}
    g.draw_blind()
    assert g.hand(0) == {"red": 1, "blue": 1} and g.pile() == ["green"] and g.player == 1


def test_gt_trn_2_claim_pays_the_colour_with_locomotives_wild():
    """GT-TRN-2: as many cards as spaces, all of the route's colour, locomotives
    wild; one wagon per space; cards to the discard; any route, connected or not."""
    g = ghost()
    r = g.route("Town Hall", "Abandoned School")  # 3 red
    g.set_hand(0, red=2, blue=5)
    assert g.claim_colours(r) == set()  # two red and no locomotive: not enough
    g.set_hand(0, red=2, blue=5, locomotive=1)
    assert g.claim_colours(r) == {L.COLOUR_NAMES.index("red")}  # blue never pays a red route
    g.claim(r, "red")
    assert g.st.owner[r] == 0 and g.st.trains[0] == 17
    assert g.hand(0) == {"blue": 5} and g.discard() == {"red": 2, "locomotive": 1}
    assert g.player == 1  # one claim per turn
    far = g.route("Gingerbread House", "Gloomy Glade")  # nowhere near seat 1's routes
    g.set_hand(1, locomotive=2)
    g.claim(far, "locomotive")
    assert g.st.owner[far] == 1


def test_gt_trn_3_swap_both_unfinished_tickets():
    """GT-TRN-3, GT-TRN-3a: skip the turn, put both unfinished tickets at the
    bottom of the ticket deck, draw two from the top; no cards drawn."""
    g = ghost(tickets=[("Cemetery", "Lighthouse"), ("Pumpkin Patch", "Swamp"), ("Gloomy Glade", "Town Hall")])
    a, b = g.ticket("Crypt", "Railway Station"), g.ticket("Haunted Circus", "Town Hall")
    g.hold(0, a, b)
    done = g.ticket("Witch's Cauldron", "Crypt")
    mark_done(g, 0, done)
    g.set_pile(["red"] * 4)
    assert g.can(L.A_SWAP_TICKETS)
    g.act(L.A_SWAP_TICKETS)
    assert held(g, 0, open_only=True) == {g.ticket("Cemetery", "Lighthouse"), g.ticket("Pumpkin Patch", "Swamp")}
    assert done in held(g, 0)  # a completed ticket stays face up
    assert g.ticket_pile() == [g.ticket("Gloomy Glade", "Town Hall"), a, b]
    assert g.hand(0) == {} and g.pile() == ["red"] * 4 and g.player == 1
    assert g.st.ps[0, L.PS_GT_SWAPS] == 1


def test_gt_trn_3_swap_draws_only_new_tickets_from_a_short_deck():
    """GT-TRN-3 (changed): the tickets drawn must be new. With one ticket left
    in the deck and two unfinished in hand, the swap draws that one ticket
    only; the two discarded go under it afterwards and neither comes straight
    back (drawing after putting them at the bottom would hand one back)."""
    g = ghost(tickets=[("Cemetery", "Lighthouse")])
    a, b = g.ticket("Crypt", "Railway Station"), g.ticket("Haunted Circus", "Town Hall")
    g.hold(0, a, b)
    g.set_pile(["red"] * 4)
    g.act(L.A_SWAP_TICKETS)
    new = g.ticket("Cemetery", "Lighthouse")
    assert held(g, 0) == {new}
    assert g.ticket_pile() == [a, b] and {int(g.st.ticket_holder[t]) for t in (a, b)} == {L.TH_PILE}
    assert int(g.st.ticket_kept_turn[new]) >= 0 and int(g.st.ticket_kept_turn[a]) == -1


def test_gt_trn_3_swap_needs_an_open_ticket_and_a_ticket_to_draw():
    """GT-TRN-3: no swap with an empty ticket deck or without unfinished tickets."""
    g = ghost(tickets=[])
    g.hold(0, g.ticket("Crypt", "Railway Station"))
    g.set_pile(["red"] * 4)
    assert not g.can(L.A_SWAP_TICKETS)
    g = ghost(tickets=[("Cemetery", "Lighthouse")])
    g.set_pile(["red"] * 4)
    assert not g.can(L.A_SWAP_TICKETS)


@pytest.mark.parametrize("bot", ["greedy", "planner"])
def test_gt_trn_3b_the_bots_swap_only_when_no_ticket_is_in_reach(bot):
    """GT-TRN-3b played on the board: the Railway Station cut off by the other
    seats, both tickets there are out of reach: the bot swaps them (two new
    tickets drawn, the two put under the deck); with one ticket still in reach
    it does not swap."""
    g = ghost(3, tickets=[("Cemetery", "Lighthouse"), ("Pumpkin Patch", "Swamp")])
    station = [r for r in range(g.bd.routes.shape[0])
               if "Railway Station" in (g.board.routes.at[r, "a"], g.board.routes.at[r, "b"])]
    for i, r in enumerate(station):
        g.give(1 + i % 2, r)
    g.st.trains[1:] = 20
    blocked = (g.ticket("Crypt", "Railway Station"), g.ticket("Cemetery", "Railway Station"))
    g.hold(0, *blocked)
    g.set_hand(0, orange=3)
    g.set_pile(["green"] * 10)
    move = g.game.bot_move(bot)
    assert move.kind == "swap_tickets"
    g.game.step(move)
    assert held(g, 0) == {g.ticket("Cemetery", "Lighthouse"), g.ticket("Pumpkin Patch", "Swamp")}
    assert sorted(g.ticket_pile()) == sorted(blocked)
    g = ghost(3, tickets=[("Cemetery", "Lighthouse"), ("Pumpkin Patch", "Swamp")])
    for i, r in enumerate(station):
        g.give(1 + i % 2, r)
    g.st.trains[1:] = 20
    g.hold(0, blocked[0], g.ticket("Town Hall", "Lighthouse"))
    g.set_hand(0, orange=3)
    g.set_pile(["green"] * 10)
    assert g.can(L.A_SWAP_TICKETS) and g.game.bot_move(bot).kind != "swap_tickets"


def test_gt_dck_1_empty_deck_reshuffles_the_discard():
    """GT-DCK-1, GT-DCK-1a: the discard pile becomes the new deck."""
    g = ghost()
    g.set_pile(["red"])
    g.set_discard(blue=3)
    g.draw_blind()
    g.draw_blind()
    assert g.hand(0) == {"red": 1, "blue": 1}
    assert g.pile() == ["blue", "blue"] and g.discard() == {}
    assert g.sc[L.SC_RESHUFFLES] == 1


# --- double routes --------------------------------------------------------------------------------
def test_gt_dbl_1_one_lane_per_player_both_lanes_at_two_players():
    """GT-DBL-1, GT-DBL-1a: a player never takes both lanes; another player may
    take the second lane even in a 2-player game."""
    g = ghost()
    green, blue = g.route("Town Hall", "Railway Station", "green"), g.route("Town Hall", "Railway Station", "blue")
    g.set_hand(0, green=2, blue=2)
    g.claim(green, "green")
    g.set_turn(0)
    assert g.claim_colours(blue) == set()  # not both lanes
    g.set_turn(1)
    g.set_hand(1, blue=2)
    g.claim(blue, "blue")
    assert g.st.owner[blue] == 1 and g.st.closed[blue] == 0
