"""Ghost Train, bonuses (docs/rules/ghost-train.md): GT-BON-1..2."""

import pytest
from helpers import Game
from rule_games import ghost

import analyzer
from analyzer.rules import RuleError
from kernels import layouts as L


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
