"""The named strategies' own weights (kernels/bots/shared/params.py
ROUTE_FOCUS_*, LONG_*): route-focus hoards before its claims, long-route
plans as many of its most valuable tickets as LONG_PLANNED says, collects
for routes of LONG_MIN_LENGTH spaces and, with its tickets done, draws more
while the seats' trains pass LONG_TICKET_*."""

import numpy as np
from helpers import Game

from kernels import layouts as L
from kernels.bots.dispatch import choose_action
from kernels.bots.shared import params as P
from kernels.core.actions import action_a, action_b, action_kind


def choice(g: Game, bot: int, p: int = 0):
    a = choose_action(bot, g.st, g.bd, g.ru, p, np.zeros(1, np.uint64), g.ws)
    assert a in g.legal(), f"bot {bot} chose an illegal action"
    return int(action_kind(a)), int(action_a(a)), int(action_b(a))


def test_route_focus_hoards_before_its_next_route_while_its_hand_is_short():
    g = Game("europe", 2)
    g.blank()
    g.hold(0, g.ticket("Edinburgh", "Paris"))
    g.give(0, g.route("Edinburgh", "London"), g.route("Dieppe", "London"))
    claim = (L.A_CLAIM, g.route("Dieppe", "Paris"), L.COLOUR_NAMES.index("pink"))
    g.set_pile(["green"] * 20)
    g.set_hand(0, pink=1)
    g.ws.bot_params[P.BP_ROUTE_FOCUS_HOARD_HAND] = 0.0  # never hoards: claims at once
    assert choice(g, P.BOT_ROUTE_FOCUS) == claim
    g.ws.bot_params[P.BP_ROUTE_FOCUS_HOARD_HAND] = 22.0
    g.ws.bot_params[P.BP_ROUTE_FOCUS_HOARD_SLACK] = 8.0
    assert choice(g, P.BOT_ROUTE_FOCUS)[0] in (L.A_DRAW_MARKET, L.A_DRAW_BLIND)
    g.set_hand(0, pink=1, red=21)  # 22 cards: claims
    assert choice(g, P.BOT_ROUTE_FOCUS) == claim
    g.set_hand(0, pink=1)
    g.st.trains[1] = 11  # 8.5 turns left for one planned route: no time to hoard (slack 7.5 < 8)
    assert choice(g, P.BOT_ROUTE_FOCUS) == claim


def test_long_route_plans_its_long_planned_most_valuable_tickets():
    g = Game("europe", 2)
    g.blank()
    g.hold(0, g.ticket("Edinburgh", "Athina"), g.ticket("Madrid", "Dieppe"))  # 21 and 8 points
    g.set_pile(["green"] * 20)
    madrid = g.city("Madrid")
    g.ws.bot_params[P.BP_LONG_PLANNED] = 1.0

    def plans_madrid():
        choice(g, P.BOT_LONG_ROUTE)
        planned = np.flatnonzero(g.ws.want[0][:g.bd.n_routes])
        assert len(planned) > 0
        return any(madrid in (g.bd.routes[r, L.RT_A], g.bd.routes[r, L.RT_B]) for r in planned)

    assert not plans_madrid()  # only Edinburgh-Athina
    g.ws.bot_params[P.BP_LONG_PLANNED] = 2.0
    assert plans_madrid()


def test_long_route_claims_routes_of_its_minimum_length_only():
    g = Game("europe", 2)
    g.blank()
    g.hold(0, g.ticket("Edinburgh", "Paris"))
    g.set_hand(0, red=7)
    g.set_pile(["green"] * 20)
    six = g.route("Budapest", "Kyiv")  # 6 grey, tunnel
    g.ws.bot_params[P.BP_LONG_MIN_LENGTH] = 6.0
    assert choice(g, P.BOT_LONG_ROUTE) == (L.A_CLAIM, six, L.COLOUR_NAMES.index("red"))
    g.give(1, *[r for r in range(g.bd.n_routes) if g.route_len(r) >= 6])  # none left: the fallback length decides
    g.ws.bot_params[P.BP_LONG_FALLBACK_LENGTH] = 3.0
    kind, r, _ = choice(g, P.BOT_LONG_ROUTE)
    assert kind == L.A_CLAIM and 3 <= g.bd.routes[r, L.RT_LEN] < 6
    g.ws.bot_params[P.BP_LONG_FALLBACK_LENGTH] = 7.0  # no route that long: it draws for its ticket
    assert choice(g, P.BOT_LONG_ROUTE)[0] in (L.A_DRAW_MARKET, L.A_DRAW_BLIND)


def test_long_route_draws_tickets_with_its_tickets_done_while_every_seat_holds_enough_trains():
    g = Game("europe", 2)
    g.blank()
    g.hold(0, g.ticket("Edinburgh", "Paris"))
    g.give(0, g.route("Edinburgh", "London"), g.route("Dieppe", "London"), g.route("Dieppe", "Paris"))
    g.set_ticket_pile([g.ticket("Madrid", "Dieppe"), g.ticket("Brest", "Marseille"), g.ticket("Roma", "Smyrna")])
    g.set_pile(["green"] * 20)
    g.ws.bot_params[P.BP_LONG_TICKET_TRAINS] = 16.0
    g.ws.bot_params[P.BP_LONG_TICKET_OTHERS] = 14.0
    assert choice(g, P.BOT_LONG_ROUTE)[0] == L.A_DRAW_TICKETS
    g.st.trains[1] = 13  # the other seat is short of trains: no more tickets, cards for a long route
    assert choice(g, P.BOT_LONG_ROUTE)[0] in (L.A_DRAW_MARKET, L.A_DRAW_BLIND)
    g.st.trains[1] = 45
    g.st.trains[0] = 15  # its own trains too few
    assert choice(g, P.BOT_LONG_ROUTE)[0] in (L.A_DRAW_MARKET, L.A_DRAW_BLIND)
    g.st.trains[0] = 45
    g.hold(0, g.ticket("Madrid", "Dieppe"))  # a ticket open: cards for it, not more tickets
    assert choice(g, P.BOT_LONG_ROUTE)[0] in (L.A_DRAW_MARKET, L.A_DRAW_BLIND)
