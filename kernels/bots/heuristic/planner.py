"""`planner`: plans the cheapest network joining its tickets, claims its
contested and long routes first (hoarding cards while the clock allows), and
draws and keeps mid-game tickets by their expected value.

Its variants: `destination-hungry` (keeps and draws as many tickets as fit),
`blocker` (also cuts opponents' likely paths) and `planner-v1` (no ticket
estimate: tickets only with its plan done). Built on the planner family's
plan (kernels/bots/planning/network.py) and moves (planning/moves.py).
Weights live in Scratch.bot_params (BP_*), so they can be tuned without
recompiling."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.planning.grand_tour import grand_tour_claim
from kernels.bots.planning.moves import (
    best_planned_claim,
    best_scoring_claim,
    contested,
    draw_for_need,
    longest_open_route,
    route_points,
    set_need_for_route,
    station_choice,
)
from kernels.bots.planning.network import (
    FULL_HAND,
    plan_search,
    price_plan,
    refresh_network_plan,
)
from kernels.bots.planning.ticket_keep import choose_keep_mask
from kernels.bots.planning.ticket_value import (
    draw_gain,
    draw_gate,
    keep_by_value,
    note_turn,
    remember_discards,
    remember_gain,
    turns_left,
)
from kernels.bots.shared import params as P
from kernels.bots.shared.paying import pay_colour, tunnel_decision
from kernels.bots.shared.plan import planned_trains
from kernels.bots.shared.table import fewest_trains_of_others, hand_size
from kernels.core.actions import action_a, make_action
from kernels.core.cards import cards_available, fill_purse
from kernels.core.claims import route_open_to
from kernels.graph import uf_find
from kernels.paths import other_end


# --- blocking -----------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def block_choice(st, bd, ru, p, ws):
    """A cheap affordable route (1-2 spaces) that cuts the likely path of an
    opponent: the cheapest open path joining the opponent's two separate
    pieces of network (public: its routes on the board). Worth the detour it
    forces, divided by the number of opponents (a block helps every other
    player as much as us). Returns an action or -1."""
    n = st.sc[L.SC_N_PLAYERS]
    routes = bd.routes[:bd.n_routes]
    owner = st.owner
    hand_p = st.hand[p]
    need_p = ws.need[p]
    cnt = ws.plan_cnt[:]
    for r in range(bd.n_routes):
        cnt[r] = 0
    price = ws.price[:]
    best = np.int64(-1)
    best_v = 2.5
    for q in range(n):
        if q == p:
            continue
        uf = st.uf[q]
        # two pieces of q's network: the first city of each of two roots
        a = -1
        b = -1
        for r in range(routes.shape[0]):
            if owner[r] != q:
                continue
            c = routes[r, L.RT_A]
            if a < 0:
                a = c
            elif b < 0 and uf_find(uf, c) != uf_find(uf, a):
                b = c
                break
        if b < 0:
            continue
        price_plan(st, bd, q, cnt, price)
        a = np.int64(a)
        b = np.int64(b)
        d = plan_search(bd, ws, a, b)
        if d >= L.INF or d > 10.0:
            continue
        # candidate cuts on that path (copy the path first: the next searches reuse prev)
        m = 0
        v = b
        while v != a:
            r = ws.prev_route[v]
            if owner[r] < 0:
                ws.path_buf[0, m] = r
                m += 1
            v = other_end(routes, r, v)
        for i in range(m):
            r = np.int64(ws.path_buf[0, i])
            if routes[r, L.RT_LEN] > 2:
                continue
            if not route_open_to(owner, st.closed, np.int64(st.trains[p]), routes, bd.group_routes[:bd.n_groups], p, r):
                continue
            if not contested(st, bd, ru, r):
                continue
            c = pay_colour(ru, hand_p, routes, r, need_p)
            if c < 0 or routes[r, L.RT_KIND] == L.KIND_TUNNEL:
                continue
            saved = price[r]
            price[r] = L.INF  # q's detour if we take r
            d2 = plan_search(bd, ws, a, b)
            price[r] = saved
            detour = min(d2 - d, 15.0)
            value = detour / (n - 1) + 0.3 * route_points(ru, routes, r)
            if value > best_v:
                best_v = value
                best = make_action(L.A_CLAIM, r, c)
    return best


@njit(cache=True, _nrt=False)
def hoard_cap(st, bd, prm):
    """Cards a hoarding seat collects before it claims: BP_HOARD_HAND, but no
    more than BP_HOARD_SHARE of an even split of the deck (bd.deck)."""
    deck = 0
    for k in range(bd.deck.shape[0]):
        deck += bd.deck[k]
    return min(prm[P.BP_HOARD_HAND], prm[P.BP_HOARD_SHARE] * deck / st.sc[L.SC_N_PLAYERS])


# --- mid-game tickets by expected value ---------------------------------------------
@njit(cache=True, _nrt=False)
def ev_weights(bot, prm):
    """(turn value, train price, keep margin, plan limit of the estimate):
    destination-hungry's are lower, its plan limit higher."""
    if bot == P.BOT_DESTINATION_HUNGRY:
        return (prm[P.BP_HUNGRY_EV_TURN_VALUE], prm[P.BP_HUNGRY_EV_TRAIN_PRICE], prm[P.BP_HUNGRY_EV_KEEP_MARGIN],
                prm[P.BP_HUNGRY_EV_MAX_PLANNED])
    return prm[P.BP_EV_TURN_VALUE], prm[P.BP_EV_TRAIN_PRICE], prm[P.BP_EV_KEEP_MARGIN], prm[P.BP_EV_MAX_PLANNED]


@njit(cache=True, _nrt=False)
def price_network(st, bd, ru, p, ws):
    """ws.price <- p's plan prices with its plan (ws.want[p]) in place; st.purse <- its cards."""
    cnt = ws.plan_cnt[:]
    want = ws.want[p]
    for r in range(bd.n_routes):
        cnt[r] = 1 if want[r] else 0
    price_plan(st, bd, p, cnt, ws.price[:])
    fill_purse(st, ru, p)


@njit(cache=True, _nrt=False)
def tickets_worth_drawing(bot, st, bd, ru, p, ws):
    turn_value, train_price, margin, max_planned = ev_weights(bot, ws.bot_params[:])
    gate = draw_gate(st, bd, p, ws, max_planned)
    if gate == 0:
        return False
    if st.sc[L.SC_N_PLAYERS] == 2 and bot != P.BOT_DESTINATION_HUNGRY:
        turn_value = ws.bot_params[P.BP_EV_TURN_VALUE_2P]  # a draw's turn goes to the one opponent
    if gate == 2:
        price_network(st, bd, ru, p, ws)
        remember_gain(st, ws, p, draw_gain(st, bd, ru, p, ws, train_price, margin))
    return ws.ev_gain[p] > turn_value


@njit(cache=True, _nrt=False)
def keep_by_value_action(bot, st, bd, ru, p, ws):
    refresh_network_plan(st, bd, p, ws)
    price_network(st, bd, ru, p, ws)
    _, train_price, margin, _ = ev_weights(bot, ws.bot_params[:])
    return make_action(L.A_KEEP_TICKETS, keep_by_value(st, bd, ru, p, ws, train_price, margin), 0)


# --- the bots -------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def planner_action(bot, st, bd, ru, p, rng, ws, ticket_estimate):
    """`planner`, and with `bot` its variants `destination-hungry` (keeps and
    draws many tickets) and `blocker` (also cuts opponents' likely paths).
    ticket_estimate: mid-game tickets drawn and kept by their expected value,
    and cards hoarded before planned claims (BP_HOARD_*); without it, the
    rules of `planner-v1` (tickets drawn only with the plan done)."""
    phase = st.sc[L.SC_PHASE]
    if ticket_estimate:
        note_turn(st, ws, p)
        if phase == L.PH_KEEP_TICKETS:
            return keep_by_value_action(bot, st, bd, ru, p, ws)
    if phase == L.PH_SETUP_KEEP or phase == L.PH_KEEP_TICKETS:
        return _keep_action(bot, st, bd, ru, p, ws, phase == L.PH_SETUP_KEEP, ticket_estimate)
    if phase == L.PH_TUNNEL:
        return tunnel_decision(st, bd, ru, p)
    left = refresh_network_plan(st, bd, p, ws)
    if phase == L.PH_SECOND_DRAW:
        return draw_for_need(st, ru, p, np.bool_(True), ws)
    others = fewest_trains_of_others(st, p)
    endgame = (st.sc[L.SC_END_COUNTDOWN] >= 0
               or min(others, np.int64(st.trains[p])) <= ws.bot_params[P.BP_ENDGAME_TRAINS])
    a = station_choice(st, bd, ru, p, ws)
    if a >= 0:
        return a
    if ticket_estimate:
        a = _plan_by_estimate(bot, st, bd, ru, p, ws, left, endgame)
    elif left > 0:
        a = _plan_left(bot, st, bd, ru, p, ws, endgame, others)
    else:
        a = _plan_done(bot, st, bd, ru, p, ws, endgame, others)
    if a >= 0:
        return a
    return _points_now(bot, st, bd, ru, p, ws, left, endgame)


@njit(cache=True, _nrt=False)
def _keep_action(bot, st, bd, ru, p, ws, setup, ticket_estimate):
    """The offered tickets to keep (choose_keep_mask, destination-hungry's
    cheaper and bigger); with the estimate the ones sent away are remembered."""
    prm = ws.bot_params
    if bot == P.BOT_DESTINATION_HUNGRY:
        a = choose_keep_mask(st, bd, ru, p, ws, setup, prm[P.BP_HUNGRY_KEEP_PRICE], prm[P.BP_HUNGRY_BUDGET],
                             prm[P.BP_HUNGRY_OVER_PRICE])
    else:
        a = choose_keep_mask(st, bd, ru, p, ws, setup, prm[P.BP_KEEP_PRICE],
                             prm[P.BP_SETUP_BUDGET] if setup else prm[P.BP_DRAW_BUDGET], prm[P.BP_OVER_PRICE])
    if ticket_estimate:
        remember_discards(st, ws, p, action_a(a))
    return a


@njit(cache=True, _nrt=False)
def _plan_by_estimate(bot, st, bd, ru, p, ws, left, endgame):
    """With the ticket estimate: a planned claim, unless cards are hoarded
    first (while the clock leaves time for every planned claim, draw two cards
    a turn and claim later); tickets when a draw is worth more than a turn;
    a block; cards for unfinished tickets until the last turn. -1: none."""
    prm = ws.bot_params
    if left > 0:
        a = best_planned_claim(st, bd, ru, p, ws, endgame)
        if (a >= 0 and not endgame and hand_size(st, p) < hoard_cap(st, bd, prm) and cards_available(st) >= 10
                and turns_left(st, ru, p, ws) - left > prm[P.BP_HOARD_SLACK]):
            if tickets_worth_drawing(bot, st, bd, ru, p, ws):
                return make_action(L.A_DRAW_TICKETS, 0, 0)
            d = draw_for_need(st, ru, p, np.bool_(False), ws)
            if d >= 0:
                return d
        if a >= 0:
            return a
    if not endgame and tickets_worth_drawing(bot, st, bd, ru, p, ws):
        return make_action(L.A_DRAW_TICKETS, 0, 0)
    if bot == P.BOT_BLOCKER and not endgame:
        a = block_choice(st, bd, ru, p, ws)
        if a >= 0:
            return a
    # unfinished tickets cost their points: draw for them until the last turn
    last_turn = st.sc[L.SC_END_COUNTDOWN] >= 0
    if left > 0 and not last_turn and hand_size(st, p) < FULL_HAND and cards_available(st) >= 10:
        return draw_for_need(st, ru, p, np.bool_(False), ws)
    return np.int64(-1)


@njit(cache=True, _nrt=False)
def _plan_left(bot, st, bd, ru, p, ws, endgame, others):
    """planner-v1's rules with planned routes left: a planned claim, a block,
    destination-hungry's extra tickets while its plan leaves trains spare, then
    cards for the plan. -1: none."""
    prm = ws.bot_params
    a = best_planned_claim(st, bd, ru, p, ws, endgame)
    if a >= 0:
        return a
    if bot == P.BOT_BLOCKER and not endgame:
        a = block_choice(st, bd, ru, p, ws)
        if a >= 0:
            return a
    if (bot == P.BOT_DESTINATION_HUNGRY and not endgame
            and planned_trains(st, bd, p, ws) + prm[P.BP_HUNGRY_SPARE_TRAINS] <= st.trains[p]
            and others >= prm[P.BP_HUNGRY_OTHERS] and st.sc[L.SC_TP_COUNT] > 0):
        return make_action(L.A_DRAW_TICKETS, 0, 0)  # room for more: the new ones may overlap the network
    if not endgame and hand_size(st, p) < FULL_HAND and cards_available(st) >= 10:
        return draw_for_need(st, ru, p, np.bool_(False), ws)
    return np.int64(-1)


@njit(cache=True, _nrt=False)
def _plan_done(bot, st, bd, ru, p, ws, endgame, others):
    """planner-v1's rules with the plan done: more tickets while p and every
    other seat keep enough trains (destination-hungry's bars), else a block. -1: none."""
    prm = ws.bot_params
    trains_p = np.int64(st.trains[p])
    tickets_ok = trains_p >= prm[P.BP_TICKET_TRAINS] and others >= prm[P.BP_TICKET_OTHERS]
    if bot == P.BOT_DESTINATION_HUNGRY:
        tickets_ok = trains_p >= prm[P.BP_HUNGRY_SPARE_TRAINS] and others >= prm[P.BP_HUNGRY_OTHERS]
    if tickets_ok and st.sc[L.SC_TP_COUNT] > 0:
        return make_action(L.A_DRAW_TICKETS, 0, 0)
    if bot == P.BOT_BLOCKER and not endgame:
        return block_choice(st, bd, ru, p, ws)
    return np.int64(-1)


@njit(cache=True, _nrt=False)
def _points_now(bot, st, bd, ru, p, ws, left, endgame):
    """Tickets done (or out of reach), or nothing better: India's Grand Tour
    loop, the best-scoring route (3+ spaces before the end), cards for the
    longest route in reach, any route, destination-hungry's tickets, a pass."""
    a = grand_tour_claim(st, bd, ru, p, ws)  # India: a loop through a completed ticket (IN-SCR-3)
    if a >= 0:
        return a
    a = best_scoring_claim(st, bd, ru, p, ws, np.int64(1 if endgame else 3), endgame)
    if a >= 0:
        return a
    if left == 0 or endgame:
        set_need_for_route(st, bd, p, ws, longest_open_route(st, bd, ru, p, np.int64(3)))
    a = draw_for_need(st, ru, p, np.bool_(False), ws)
    if a >= 0:
        return a
    a = best_scoring_claim(st, bd, ru, p, ws, np.int64(1), np.bool_(True))
    if a >= 0:
        return a
    if st.sc[L.SC_TP_COUNT] > 0 and bot == P.BOT_DESTINATION_HUNGRY:
        return make_action(L.A_DRAW_TICKETS, 0, 0)
    return make_action(L.A_PASS, 0, 0)
