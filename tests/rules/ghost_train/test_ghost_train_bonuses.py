"""Ghost Train rules (docs/rules/ghost-train.md), one test or more
per GT-* rule ID, on constructed positions of the provisional board."""

import pytest
from helpers import Game

import analyzer
from analyzer.rules import RuleError, preset
from kernels import layouts as L

GT_COLOURS = ("yellow", "green", "orange", "black", "blue", "red")


def ghost(n_players=2, seed=1, overrides=None, tickets=()):
    """A Ghost Train game after setup, hands, piles and tickets emptied;
    `tickets` (pairs of places) form the ticket pile, top first."""
    g = Game("ghost_train", n_players, seed=seed, overrides=overrides)
    g.blank(market=())
    g.set_ticket_pile([g.ticket(a, b) for a, b in tickets])
    return g


def held(g, p, open_only=False):
    """Tickets p holds (open ones only: not yet completed)."""
    st = g.st
    return {t for t in range(g.bd.tickets.shape[0])
            if st.ticket_holder[t] == p and not (open_only and st.ticket_done_turn[t] >= 0)}


def mark_done(g, p, *tickets):
    """p holds these tickets as completed, as the engine leaves them."""
    for t in tickets:
        g.st.ticket_holder[t] = p
        g.st.ticket_done_turn[t] = 0
    g.st.ps[p, L.PS_GT_TICKETS] += len(tickets)


# --- components and setup -------------------------------------------------------------
def test_gt_cmp_1_two_to_four_players_twenty_wagons_each():
    """GT-CMP-1: 2-4 players, 20 wagons each; other player counts are refused."""
    for n in (2, 3, 4):
        g = Game("ghost_train", n)
        assert list(g.st.trains) == [20] * n
    for n in (1, 5):
        with pytest.raises(RuleError, match="2-4 players"):
            analyzer.simulate(board="ghost_train", players=n, games=1, progress=False)


def test_gt_cmp_2_deck_of_72_in_six_colours_plus_locomotives():
    """GT-CMP-2, GT-CMP-2a: 72 cards, 10 of each of the 6 colours + 12 locomotives;
    the split is a rule parameter."""
    g = Game("ghost_train", 2)
    deck = {L.CARD_NAMES[k]: int(v) for k, v in enumerate(g.bd.deck) if v}
    assert deck == {**{c: 10 for c in GT_COLOURS}, "locomotive": 12}
    assert g.card_counts().sum() == 72
    assert set(g.board.routes["color"]) == set(GT_COLOURS)  # no grey routes, no pink or white
    h = Game("ghost_train", 2, overrides={"locomotive_cards": 6, "cards_per_colour": 11})
    assert h.card_counts().sum() == 72 and h.bd.deck[L.LOCO] == 6


def test_gt_cmp_3_thirty_three_tickets_and_four_special_ones():
    """GT-CMP-3: 33 tickets (the three the rules name among them), 4 Trick-or-Treat tickets."""
    g = Game("ghost_train", 2)
    assert g.bd.tickets.shape[0] == 33
    for a, b in (("Cemetery", "Lighthouse"), ("Cemetery", "Railway Station"), ("Crypt", "Railway Station")):
        g.ticket(a, b)
    assert g.sc[L.SC_GT_SPECIAL_LEFT] == 4


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


# --- a turn -------------------------------------------------------------------------------
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


# --- tickets ----------------------------------------------------------------------------
def test_gt_tkt_1_completed_ticket_is_revealed_and_replaced_at_once():
    """GT-TKT-1: the claim that joins a ticket's places completes it; it stays
    face up and the player draws one new ticket from the top at once."""
    g = ghost(tickets=[("Cemetery", "Lighthouse"), ("Pumpkin Patch", "Swamp")])
    t = g.ticket("Crypt", "Railway Station")
    other = g.ticket("Haunted Circus", "Town Hall")
    g.hold(0, t, other)
    g.set_hand(0, orange=4)
    g.claim(g.route("Crypt", "Railway Station"), "orange")
    assert g.st.ticket_done_turn[t] == 0 and g.st.ticket_holder[t] == 0
    assert held(g, 0, open_only=True) == {other, g.ticket("Cemetery", "Lighthouse")}
    assert g.ticket_pile() == [g.ticket("Pumpkin Patch", "Swamp")]
    assert g.st.ps[0, L.PS_GT_TICKETS] == 1


def test_gt_tkt_2_one_claim_completes_several_tickets():
    """GT-TKT-2: a single claim completing two tickets draws two new ones."""
    g = ghost(tickets=[("Cemetery", "Lighthouse"), ("Pumpkin Patch", "Swamp"), ("Gloomy Glade", "Town Hall")])
    a, b = g.ticket("Crypt", "Railway Station"), g.ticket("Cemetery", "Railway Station")
    g.hold(0, a, b)
    g.give(0, g.route("Crypt", "Cemetery"))
    g.set_hand(0, orange=4)
    g.claim(g.route("Crypt", "Railway Station"), "orange")
    assert g.st.ps[0, L.PS_GT_TICKETS] == 2
    assert held(g, 0, open_only=True) == {g.ticket("Cemetery", "Lighthouse"), g.ticket("Pumpkin Patch", "Swamp")}


def test_gt_tkt_2_a_fresh_ticket_already_complete_counts_and_is_replaced():
    """GT-TKT-2: the replacement ticket is checked too: already complete, it
    counts at once and is itself replaced."""
    g = ghost(tickets=[("Cemetery", "Railway Station"), ("Cemetery", "Lighthouse"), ("Pumpkin Patch", "Swamp")])
    g.hold(0, g.ticket("Crypt", "Railway Station"))
    g.give(0, g.route("Crypt", "Cemetery"))
    g.set_hand(0, orange=4)
    g.claim(g.route("Crypt", "Railway Station"), "orange")
    assert g.st.ps[0, L.PS_GT_TICKETS] == 2
    assert g.st.ticket_done_turn[g.ticket("Cemetery", "Railway Station")] == 0
    assert held(g, 0, open_only=True) == {g.ticket("Cemetery", "Lighthouse")}


def test_gt_tkt_2_a_swap_can_draw_a_complete_ticket():
    """GT-TKT-2 after GT-TRN-3: a swapped-in ticket already joined counts and is replaced."""
    g = ghost(tickets=[("Crypt", "Railway Station"), ("Cemetery", "Lighthouse"), ("Pumpkin Patch", "Swamp")])
    g.hold(0, g.ticket("Haunted Circus", "Town Hall"))
    g.give(0, g.route("Crypt", "Railway Station"))
    g.act(L.A_SWAP_TICKETS)
    assert g.st.ps[0, L.PS_GT_TICKETS] == 1
    assert held(g, 0, open_only=True) == {g.ticket("Cemetery", "Lighthouse")}


# --- bonuses ------------------------------------------------------------------------------
def _trick_or_treat(g, p):
    """Give p Rotten Tree-Abandoned Barn-Crypt and let p claim Crypt-Swamp."""
    g.give(p, g.route("Rotten Tree", "Abandoned Barn"), g.route("Abandoned Barn", "Crypt"))
    g.set_turn(p)
    g.set_hand(p, yellow=3)
    g.claim(g.route("Crypt", "Swamp"), "yellow")


def test_gt_bon_1_trick_or_treat_joins_dark_forest_to_the_coast():
    """GT-BON-1, GT-BON-1a: joining a Dark Forest place to a Coast place gives one special
    ticket that counts as completed; once per player (assumption GT-BON-1a)."""
    g = ghost(n_players=3)
    _trick_or_treat(g, 0)
    assert g.st.ps[0, L.PS_GT_SPECIAL] == 1 and g.sc[L.SC_GT_SPECIAL_LEFT] == 3
    g.set_turn(0)
    g.set_hand(0, black=2)
    g.claim(g.route("Railway Station", "Swamp"), "black")  # still joined: no second one
    g.set_turn(0)
    g.set_hand(0, yellow=3)
    g.give(0, g.route("Gingerbread House", "Rotten Tree"))
    g.claim(g.route("Swamp", "Lighthouse", "yellow"), "yellow")
    assert g.st.ps[0, L.PS_GT_SPECIAL] == 1 and g.sc[L.SC_GT_SPECIAL_LEFT] == 3
    g.score()
    assert g.st.final[0, L.FN_TOTAL] == 1  # counts as a completed ticket


def test_gt_bon_1_not_without_joining_and_only_four_in_the_box():
    """GT-BON-1: a chain touching only one region gets nothing; with the four
    special tickets gone, nobody gets one."""
    g = ghost(n_players=2)
    g.give(0, g.route("Rotten Tree", "Abandoned Barn"))
    g.set_hand(0, green=3)
    g.claim(g.route("Abandoned Barn", "Crypt"), "green")
    assert g.st.ps[0, L.PS_GT_SPECIAL] == 0
    g = ghost(n_players=2)
    g.sc[L.SC_GT_SPECIAL_LEFT] = 0
    _trick_or_treat(g, 0)
    assert g.st.ps[0, L.PS_GT_SPECIAL] == 0
    g = ghost(n_players=2, overrides={"special_tickets": 1})
    _trick_or_treat(g, 0)
    g.give(1, g.route("Gingerbread House", "Gloomy Glade"), g.route("Gloomy Glade", "Witch's Cauldron"),
           g.route("Witch's Cauldron", "Abandoned Barn"), g.route("Abandoned Barn", "Town Hall", "blue"),
           g.route("Town Hall", "Railway Station", "blue"))
    g.set_turn(1)
    g.set_hand(1, black=2)
    g.claim(g.route("Railway Station", "Swamp"), "black")
    assert g.st.ps[:, L.PS_GT_SPECIAL].tolist() == [1, 0]  # the only one was taken


def test_gt_bon_2_town_hall_to_crypt_and_to_manor_two_cards_each_once():
    """GT-BON-2, GT-BON-2a: joining the Town Hall to the Crypt draws 2 cards; separately,
    to the Manor on the Hill, 2 more; each once per player (assumption GT-BON-2a), for every player."""
    g = ghost()
    g.set_pile(["red", "blue", "green", "black", "orange", "yellow", "red", "red"])
    g.give(0, g.route("Abandoned Barn", "Town Hall", "yellow"), g.route("Town Hall", "Abandoned School"))
    g.set_hand(0, green=3)
    g.claim(g.route("Abandoned Barn", "Crypt"), "green")
    assert g.hand(0) == {"red": 1, "blue": 1} and g.st.ps[0, L.PS_GT_CRYPT] == 1
    g.set_turn(0)
    g.set_hand(0, yellow=3)
    g.claim(g.route("Manor on the Hill", "Abandoned School"), "yellow")
    assert g.hand(0) == {"green": 1, "black": 1} and g.st.ps[0, L.PS_GT_MANOR] == 1
    g.set_turn(0)
    g.set_hand(0, blue=2)
    g.claim(g.route("Crypt", "Cemetery"), "blue")  # still joined: no more cards
    assert g.hand(0) == {} and g.st.ps[0, L.PS_GT_BONUS_CARDS] == 4
    g.set_turn(1)  # the other player gets its own bonus
    g.give(1, g.route("Town Hall", "Railway Station", "blue"))
    g.set_hand(1, orange=4)
    g.claim(g.route("Crypt", "Railway Station"), "orange")
    assert g.hand(1) == {"orange": 1, "yellow": 1} and g.st.ps[1, L.PS_GT_CRYPT] == 1


def test_gt_bon_2_not_for_a_chain_that_misses_the_town_hall():
    """GT-BON-2: joining the Crypt to the Manor on the Hill without the Town Hall draws nothing."""
    g = ghost()
    g.set_pile(["red"] * 6)
    g.give(0, g.route("Crypt", "Railway Station"), g.route("Railway Station", "Abandoned School"))
    g.set_hand(0, yellow=3)
    g.claim(g.route("Manor on the Hill", "Abandoned School"), "yellow")
    assert g.hand(0) == {} and g.st.ps[0, L.PS_GT_CRYPT] == g.st.ps[0, L.PS_GT_MANOR] == 0


# --- end -------------------------------------------------------------------------------------
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


def test_gt_house_rules_wagons_and_locomotives():
    """GT-CMP-1, GT-CMP-2 as house rules: wagons per player, locomotive count."""
    g = Game("ghost_train", 2, overrides={"trains": 30, "locomotive_cards": 20})
    assert list(g.st.trains) == [30, 30] and g.card_counts()[L.LOCO] == 20
    assert preset("ghost-train").with_overrides({"win_tickets": 8}).win_tickets == 8
    with pytest.raises(RuleError, match="win_tickets"):
        preset("ghost-train").with_overrides({"win_tickets": 99})


def test_ghost_train_rules_need_the_board_regions():
    """GT-BON-1, GT-BON-2 read the regions from the board: a board without them is refused."""
    with pytest.raises(RuleError, match="dark_forest"):
        analyzer.simulate(board="usa", players=2, rules="ghost-train", games=1, progress=False)


def test_cards_and_tickets_conserved_through_bonuses_and_swaps():
    """GT-BON-2 and GT-TRN-3 move cards and tickets, never create or lose them."""
    g = Game("ghost_train", 2, seed=3)
    g.finish_setup()
    n_tickets = g.bd.tickets.shape[0]
    g.act(L.A_SWAP_TICKETS)
    g.st.hand[1, L.COLOUR_NAMES.index("green")] += 3  # three greens from the pile into seat 1's hand
    g.st.pile[: int(g.sc[L.SC_N_PILE])] = L.COLOUR_NAMES.index("yellow")
    g.sc[L.SC_N_PILE] -= 3
    g.give(1, g.route("Abandoned Barn", "Town Hall", "blue"))
    g.claim(g.route("Abandoned Barn", "Crypt"), "green")  # joins the Town Hall to the Crypt: two cards
    assert g.st.ps[1, L.PS_GT_BONUS_CARDS] == 2
    assert g.card_counts().sum() == 72
    holders = g.st.ticket_holder
    assert ((holders >= 0) | (holders == L.TH_PILE)).sum() == n_tickets
    assert len(g.ticket_pile()) == (holders == L.TH_PILE).sum()
