"""The team greedy bot (kernels/bots_team.py) on constructed Team Asia
positions: which card of a draw it shares, when it shares tickets, that it
plays with its teammate's routes, and that a greedy team beats a random one."""

import numpy as np
import pytest
from helpers import Game
from rule_games import set_ticket, team_game

import analyzer
from kernels import layouts as L
from kernels.bots.dispatch import choose_action
from kernels.bots.shared import params as P
from kernels.core.actions import action_a, action_b, action_kind


def greedy(g, p=0):
    a = choose_action(P.BOT_GREEDY, g.st, g.bd, g.ru, p, np.zeros(1, np.uint64), g.ws)
    assert a in g.legal(), "greedy chose an illegal action"
    return int(action_kind(a)), int(action_a(a)), int(action_b(a))


def position(shared: bool, mate: bool):
    """Seat 0 to move; ticket Kabul-Karachi (3 blue direct) held by seat 1
    (mate=True) or seat 0, shared or hidden; blue in the market."""
    g = team_game()
    g.set_ticket_pile([])
    g.set_market(["pink", "blue", "white", "yellow", "orange"])
    g.set_pile(["red"] * 20)
    t = set_ticket(g, 0, "Kabul", "Karachi")
    g.hold(1 if mate else 0, t)
    g.st.ticket_shared[t] = 1 if shared else 0
    return g


def test_greedy_shares_the_card_its_teammates_shared_ticket_needs():
    """TA-CRD-2: the blue card goes to the holder for the teammate's shared ticket..."""
    g = position(shared=True, mate=True)
    kind, slot, dest = greedy(g)
    assert kind == L.A_DRAW_MARKET and g.market()[slot] == "blue" and dest == L.DEST_HOLDER


def test_greedy_keeps_the_card_its_own_hidden_ticket_needs():
    """TA-CRD-2: ... and to the hand for its own hidden ticket."""
    g = position(shared=False, mate=False)
    kind, slot, dest = greedy(g)
    assert kind == L.A_DRAW_MARKET and g.market()[slot] == "blue" and dest == L.DEST_HAND


def test_greedy_never_plans_for_the_teammates_hidden_ticket():
    """TA-CRD-5: a hidden ticket of the teammate is invisible: no blue wanted."""
    g = position(shared=False, mate=True)
    g.set_market(["pink", "blue", "white", "yellow", "orange"])
    kind, slot, dest = greedy(g)
    assert kind != L.A_DRAW_MARKET or g.market()[slot] != "blue" or dest == L.DEST_HAND
    assert g.ws.want[0].sum() == 0


def test_greedy_claims_with_the_holder_and_uses_teammates_routes():
    """TA-CRD-4, TA-TKT-4: the plan counts the teammate's routes; the holder pays."""
    g = team_game()
    t = set_ticket(g, 0, "Kabul", "Bombay")  # Kabul-Karachi (blue 3) + Karachi-Bombay (yellow 3)
    g.hold(0, t)
    g.give(1, g.route("Bombay", "Karachi"))
    g.st.holder[0, L.CARD_NAMES.index("blue")] = 3
    kind, r, colour = greedy(g)
    assert (kind, r, colour) == (L.A_CLAIM, g.route("Kabul", "Karachi"), L.CARD_NAMES.index("blue"))


def test_greedy_shares_tickets_when_its_trains_cannot_cover_them():
    """TA-TKT-3: plan of 6 trains, 4 left, teammate with 20: share; teammate with 5: do not."""
    for mate_trains, expect_share in ((20, True), (5, False)):
        g = team_game()
        g.set_ticket_pile([])
        g.set_pile(["red"] * 20)
        t = set_ticket(g, 0, "Kabul", "Bombay")
        g.hold(0, t)
        g.st.trains[0] = 4
        g.st.trains[1] = mate_trains
        kind, a, b = greedy(g)
        assert (kind == L.A_SHARE_TICKETS) == expect_share
        if expect_share:
            assert (a, b) == (t, 0)


def test_greedy_team_beats_random_team():
    for bots, greedy_team in ((["greedy", "greedy", "random", "random"], 0),
                              (["random", "random", "greedy", "greedy"], 1)):
        res = analyzer.simulate(board="team_asia", players=4, bots=bots, games=30, seed=4, threads=1,
                                progress=False)
        p = res.players
        wins = p[p["team"] == greedy_team].groupby("game")["winner"].first()
        assert wins.mean() >= 0.9


def test_greedy_places_a_blind_card_after_seeing_it():
    """TA-CRD-2: a blind blue card, once seen, goes to the holder for the
    teammate's shared ticket, to the hand for its own hidden one."""
    for mate, expect in ((True, L.DEST_HOLDER), (False, L.DEST_HAND)):
        g = position(shared=mate, mate=mate)
        g.set_market(["pink", "white", "white", "yellow", "orange"])
        g.set_pile(["blue"] + ["red"] * 20)
        kind, _, _ = greedy(g)
        assert kind == L.A_DRAW_BLIND
        g.act(L.A_DRAW_BLIND, 0, L.DEST_HAND)
        assert greedy(g) == (L.A_PLACE_CARD, 0, expect)


# --- planner on Team Asia (kernels/bots/variants/team_planner.py) ------------------------------
def planner(g, p=0):
    a = choose_action(P.BOT_PLANNER, g.st, g.bd, g.ru, p, np.zeros(1, np.uint64), g.ws)
    assert a in g.legal(), "planner chose an illegal action"
    return int(action_kind(a)), int(action_a(a)), int(action_b(a))


def test_planner_puts_the_card_its_teammates_shared_ticket_needs_in_the_holder():
    """TA-CRD-2 as greedy: blue for the teammate's shared Kabul-Karachi goes to the holder,
    for its own hidden one to the hand."""
    for mate, expect in ((True, L.DEST_HOLDER), (False, L.DEST_HAND)):
        g = position(shared=mate, mate=mate)
        assert planner(g) == (L.A_DRAW_MARKET, 1, expect)


def test_planner_claims_with_the_holder_over_its_teammates_routes():
    """TA-CRD-4, TA-TEAM-2a: the teammate owns Karachi-Bombay; the holder's blue pays Kabul-Karachi."""
    g = team_game()
    g.set_ticket_pile([])
    g.set_pile(["red"] * 20)
    t = set_ticket(g, 0, "Kabul", "Bombay")
    g.hold(0, t)
    g.give(1, g.route("Bombay", "Karachi"))
    g.st.holder[0, L.CARD_NAMES.index("blue")] = 3
    assert planner(g) == (L.A_CLAIM, g.route("Kabul", "Karachi"), L.CARD_NAMES.index("blue"))


@pytest.mark.parametrize("a,b,reveal", [("Kashgar", "Rawalpindi", 5), ("Kathmandu", "Lhasa", 6),
                                        ("Delhi", "Kathmandu", 4)])
def test_planner_takes_a_himalaya_tunnel_only_with_the_spare_cards_its_reveal_calls_for(a, b, reveal):
    """TA-TUN-1: a Himalaya tunnel reveals 4, 5 or 6 cards; planner tries it with one spare card
    for 4 revealed, two for 5 or 6 (the surcharge may come from hand and holder, TA-TUN-2)."""
    need = 1 if reveal <= 4 else 2
    for spare in (need - 1, need):
        g = team_game()
        g.set_ticket_pile([])
        g.set_market(["pink", "white", "white", "yellow", "orange"])
        g.set_pile(["red"] * 20)
        r = g.route(a, b)
        assert g.bd.routes[r, L.RT_REVEAL] == reveal and g.bd.routes[r, L.RT_KIND] == L.KIND_TUNNEL
        g.hold(0, set_ticket(g, 0, a, b))
        colour = g.board.routes.at[r, "color"]
        colour = "black" if colour == "gray" else colour
        g.set_hand(0, **{colour: g.route_len(r) + spare - 1})
        g.st.holder[0, L.CARD_NAMES.index(colour)] = 1  # one card of the payment from the holder
        kind, got, _ = planner(g)
        assert (kind == L.A_CLAIM and got == r) == (spare >= need), (spare, need)


def test_planner_team_reads_only_what_its_seat_may_see():
    """TA-CRD-5: the teammate's hand and hidden tickets and the other team's hands and hidden
    tickets never change planner's choice (its memory rebuilt both times); shared tickets and the
    holder are the team's and may."""
    for seed in range(12):
        g = Game("team_asia", 4, seed=seed)
        rng = np.array([seed], np.uint64)
        for _ in range(4 + 7 * seed):  # setup keeps, then some turns of planner play
            a = choose_action(P.BOT_PLANNER, g.st, g.bd, g.ru, g.player, rng, g.ws)
            if g.act(int(action_kind(a)), int(action_a(a)), int(action_b(a))):
                break
        p = g.player
        g.ws.plan_version[:] = -1
        first = choose_action(P.BOT_PLANNER, g.st, g.bd, g.ru, p, np.array([seed], np.uint64), g.ws)
        for q in range(4):
            if q != p:
                g.st.hand[q, :] = (seed + q) % 5
                g.st.ticket_holder[(g.st.ticket_holder == q) & (g.st.ticket_shared == 0)] = L.TH_BOX
                g.st.setup_offer[q, :] = -1
        g.ws.plan_version[:] = -1
        again = choose_action(P.BOT_PLANNER, g.st, g.bd, g.ru, p, np.array([seed], np.uint64), g.ws)
        assert first == again


def test_planner_team_beats_random_team():
    for bots, planner_team in ((["planner", "planner", "random", "random"], 0),
                               (["random", "random", "planner", "planner"], 1)):
        res = analyzer.simulate(board="team_asia", players=4, bots=bots, games=30, seed=4, threads=1,
                                progress=False)
        p = res.players
        wins = p[p["team"] == planner_team].groupby("game")["winner"].first()
        assert wins.mean() >= 0.9
