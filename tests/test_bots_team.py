"""The team greedy bot (kernels/bots_team.py) on constructed Team Asia
positions: which card of a draw it shares, when it shares tickets, that it
plays with its teammate's routes, and that a greedy team beats a random one."""

import numpy as np
from test_rules_team_asia import set_ticket, team_game

import analyzer
from kernels import layouts as L
from kernels.bots import params as P
from kernels.bots.dispatch import choose_action
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
