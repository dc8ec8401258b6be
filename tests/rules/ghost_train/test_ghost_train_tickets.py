"""Ghost Train, completing tickets (docs/rules/ghost-train.md): GT-TKT-1..2."""

from rule_games import ghost, held

from kernels import layouts as L


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
