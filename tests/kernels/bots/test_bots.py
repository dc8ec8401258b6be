"""The two starting bots: `greedy` plays sensibly (chooses well on constructed
positions, beats `random` by a wide margin) and both read only their own seat."""

import numpy as np
import pytest
from helpers import Game

import analyzer
from kernels import layouts as L
from kernels.bots.dispatch import choose_action
from kernels.bots.shared import params as P
from kernels.core.actions import action_a, action_b, action_kind


def greedy_choice(g: Game, p: int = 0):
    rng = np.zeros(1, np.uint64)
    a = choose_action(P.BOT_GREEDY, g.st, g.bd, g.ru, p, rng, g.ws)
    assert a in g.legal(), "greedy chose an illegal action"
    return int(action_kind(a)), int(action_a(a)), int(action_b(a))


def test_greedy_claims_the_route_that_completes_its_ticket():
    g = Game("usa", 2)
    g.blank()
    g.hold(0, g.ticket("Denver", "El Paso"))
    g.give(0, g.route("Denver", "Santa Fe"))
    g.set_hand(0, blue=2, red=1)
    kind, r, colour = greedy_choice(g)
    assert (kind, r) == (L.A_CLAIM, g.route("El Paso", "Santa Fe"))
    assert colour == L.COLOUR_NAMES.index("blue")


def test_greedy_draws_the_colour_its_plan_lacks():
    g = Game("usa", 2)
    g.blank(market=("pink", "white", "yellow", "green", "black"))
    g.hold(0, g.ticket("Chicago", "New Orleans"))
    g.give(0, g.route("Chicago", "Saint Louis", "green"), g.route("Little Rock", "Saint Louis"))
    g.set_hand(0, green=1)  # Little Rock-New Orleans, 3 green, is all that is missing
    g.set_pile(["red"] * 10)
    kind, slot, _ = greedy_choice(g)
    assert kind == L.A_DRAW_MARKET and g.market()[slot] == "green"


def test_greedy_draws_tickets_only_with_enough_trains():
    g = Game("usa", 2)
    g.blank()
    g.set_ticket_pile(list(range(10)))
    g.set_hand(0)
    g.set_pile(["red"] * 10)
    g.st.trains[0] = 30
    assert greedy_choice(g)[0] == L.A_DRAW_TICKETS  # no open tickets, plenty of trains
    g.st.trains[0] = 3
    assert greedy_choice(g)[0] != L.A_DRAW_TICKETS  # never with three trains left


def test_greedy_pays_a_tunnel_surcharge_it_can_afford_and_abandons_otherwise():
    """EU-TUN-4 from the bot's side."""
    for spare, expected in ((2, L.A_TUNNEL_PAY), (0, L.A_TUNNEL_ABANDON)):
        g = Game("europe", 2)
        g.blank()
        g.set_turn(0, L.PH_TUNNEL)
        g.sc[L.SC_PEND_COLOUR] = L.COLOUR_NAMES.index("red")
        g.sc[L.SC_PEND_SURCHARGE] = 2
        g.set_hand(0, red=spare)
        assert greedy_choice(g)[0] == expected


def test_bots_read_only_their_own_hand_and_tickets():
    """Changing another seat's hand and tickets never changes a bot's choice."""
    for seed in range(30):
        for bot in (P.BOT_RANDOM, P.BOT_GREEDY):
            g = Game("europe", 3, seed=seed)
            g.finish_setup()
            for _ in range(seed % 7):  # a few turns in
                g.act(L.A_DRAW_BLIND)
                if g.phase == L.PH_SECOND_DRAW:
                    g.act(L.A_DRAW_BLIND)
            p = g.player
            first = choose_action(bot, g.st, g.bd, g.ru, p, np.array([seed], np.uint64), g.ws)
            for q in range(3):
                if q != p:
                    g.st.hand[q, :] = (seed + q) % 5
                    g.st.ticket_holder[g.st.ticket_holder == q] = L.TH_BOX
            g.ws.plan_version[:] = -1  # the bot's own memory must be rebuilt from what it sees
            again = choose_action(bot, g.st, g.bd, g.ru, p, np.array([seed], np.uint64), g.ws)
            assert first == again


@pytest.mark.parametrize("board", ["usa", "europe"])
def test_greedy_beats_random_by_a_wide_margin(board):
    res = [analyzer.simulate(board=board, players=2, bots=bots, games=300, seed=8, progress=False)
           for bots in ("greedy,random", "random,greedy")]
    players = [r.players for r in res]
    greedy = np.concatenate([p[p.bot == "greedy"]["winner"].to_numpy() for p in players])
    assert greedy.mean() > 0.9
    done = {b: sum(p[p.bot == b]["tickets_completed"].sum() for p in players) for b in ("greedy", "random")}
    kept = {b: sum(p[p.bot == b]["tickets_kept"].sum() for p in players) for b in ("greedy", "random")}
    assert done["greedy"] / kept["greedy"] > 0.7
    assert done["greedy"] / kept["greedy"] > 2 * done["random"] / kept["random"]
