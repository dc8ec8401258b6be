"""Bots. Each is one `@njit` function (st, bd, ru, p, rng, ws) -> action that
reads only what seat p may see: its own hand and tickets, the board, the
market and the public counters. Its private memory lives in ws (want, need,
plan_version rows of seat p). Adding a bot: write the function, add a branch
to `choose_action` and a name to analyzer.bots.BOT_NAMES."""

from numba import njit

from kernels.engine import (
    cards_available,
    claim_payment,
    legal_actions,
    make_action,
    route_open_to,
    surcharge_payment,
)
from kernels.layouts import (
    A_CLAIM,
    A_DRAW_BLIND,
    A_DRAW_MARKET,
    A_DRAW_TICKETS,
    A_KEEP_TICKETS,
    A_PASS,
    A_TUNNEL_ABANDON,
    A_TUNNEL_PAY,
    BOT_GREEDY,
    GRAY,
    KIND_FERRY,
    KIND_TUNNEL,
    LOCO,
    N_COLOURS,
    PH_KEEP_TICKETS,
    PH_SECOND_DRAW,
    PH_SETUP_KEEP,
    PH_TUNNEL,
    RT_A,
    RT_B,
    RT_COLOUR,
    RT_GROUP,
    RT_KIND,
    RT_LEN,
    RT_LOCOS,
    RT_MOUNTAINS,
    RULE_DRAW_KEEP_MIN,
    RULE_FACEUP_LOCO_WHOLE_DRAW,
    RULE_MARKET_SIZE,
    RULE_ROUTE_SCORE,
    RULE_SETUP_KEEP_MIN,
    SC_BOARD_VERSION,
    SC_N_OFFER,
    SC_PEND_COLOUR,
    SC_PEND_SURCHARGE,
    SC_PHASE,
    SC_TP_COUNT,
    TK_A,
    TK_B,
)
from kernels.prng import randint

_INF = 1e18


@njit(cache=True)
def choose_action(bot, st, bd, ru, p, rng, ws):
    if bot == BOT_GREEDY:
        return greedy_action(st, bd, ru, p, rng, ws)
    return random_action(st, bd, ru, p, rng, ws)


# --- random ------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _group(kind):
    # drawing from the market and blind are one choice: "draw cards"
    return A_DRAW_MARKET if kind == A_DRAW_BLIND else kind


@njit(cache=True)
def random_action(st, bd, ru, p, rng, ws):
    """Uniform over the kinds of legal action (draw cards, claim, draw tickets,
    build a station, ...), then uniform over the legal actions of that kind."""
    n = legal_actions(st, bd, ru, ws.legal)
    seen = 0
    for i in range(n):
        seen |= 1 << _group(ws.legal[i] & 15)
    n_kinds = 0
    for k in range(16):
        if (seen >> k) & 1:
            n_kinds += 1
    pick = randint(rng, n_kinds)
    kind = -1
    for k in range(16):
        if (seen >> k) & 1:
            if pick == 0:
                kind = k
                break
            pick -= 1
    count = 0
    for i in range(n):
        if _group(ws.legal[i] & 15) == kind:
            count += 1
    pick = randint(rng, count)
    for i in range(n):
        if _group(ws.legal[i] & 15) == kind:
            if pick == 0:
                return ws.legal[i]
            pick -= 1
    return ws.legal[0]


# --- greedy --------------------------------------------------------------------------
@njit(cache=True)
def _edge_cost(st, bd, p, r, trains, want):
    """Cost of using route r in p's plan: 0 if p owns it or already plans it,
    its length if p can still claim it, infinite otherwise."""
    o = st.owner[r]
    if o == p:
        return 0.0
    if o >= 0 or st.closed[r] != 0:
        return _INF
    length = bd.routes[r, RT_LEN] + bd.routes[r, RT_MOUNTAINS]
    if length > trains:
        return _INF
    g = bd.routes[r, RT_GROUP]
    if g >= 0:
        for i in range(bd.group_routes.shape[1]):
            r2 = bd.group_routes[g, i]
            if r2 >= 0 and r2 != r and st.owner[r2] == p:
                return _INF
    if want[r]:
        return 0.01
    cost = float(length)
    if bd.routes[r, RT_KIND] == KIND_TUNNEL:
        cost += 0.5  # surcharge risk
    elif bd.routes[r, RT_KIND] == KIND_FERRY:
        cost += 0.5 * bd.routes[r, RT_LOCOS]
    return cost


@njit(cache=True)
def shortest_path(st, bd, p, src, dst, trains, want, ws):
    """Dijkstra (dense, the boards have < 100 cities); ws.prev_route holds
    the tree. Returns the distance (>= _INF when unreachable)."""
    n_cities = ws.dist.shape[0]
    for c in range(n_cities):
        ws.dist[c] = _INF
        ws.done[c] = 0
        ws.prev_route[c] = -1
    ws.dist[src] = 0.0
    for _ in range(n_cities):
        u = -1
        best = _INF
        for c in range(n_cities):
            if ws.done[c] == 0 and ws.dist[c] < best:
                best = ws.dist[c]
                u = c
        if u < 0 or u == dst:
            break
        ws.done[u] = 1
        for j in range(bd.adj_start[u], bd.adj_start[u + 1]):
            r = bd.adj_route[j]
            cost = _edge_cost(st, bd, p, r, trains, want)
            if cost >= _INF:
                continue
            v = bd.routes[r, RT_B] if bd.routes[r, RT_A] == u else bd.routes[r, RT_A]
            if best + cost < ws.dist[v]:
                ws.dist[v] = best + cost
                ws.prev_route[v] = r
    return ws.dist[dst]


@njit(cache=True)
def _plan(st, bd, ru, p, ws):
    """Mark the unclaimed routes of a cheap network joining p's open tickets
    (shortest paths, later tickets reusing earlier ones) and the cards they need."""
    want = ws.want[p]
    need = ws.need[p]
    want[:] = 0
    need[:] = 0
    trains = st.trains[p]
    open_tickets = 0
    for t in range(bd.tickets.shape[0]):
        if st.ticket_holder[t] != p or st.ticket_done_turn[t] >= 0:
            continue
        a = bd.tickets[t, TK_A]
        b = bd.tickets[t, TK_B]
        if shortest_path(st, bd, p, a, b, trains, want, ws) >= _INF:
            continue  # blocked: nothing to plan for it
        open_tickets += 1
        v = b
        while v != a:
            r = ws.prev_route[v]
            if st.owner[r] < 0 and want[r] == 0:
                want[r] = 1
                c = bd.routes[r, RT_COLOUR]
                need[GRAY + 1 if c == GRAY else c] += bd.routes[r, RT_LEN] - bd.routes[r, RT_LOCOS]
                need[LOCO] += bd.routes[r, RT_LOCOS]
            v = bd.routes[r, RT_B] if bd.routes[r, RT_A] == v else bd.routes[r, RT_A]
    ws.plan_version[p] = _plan_key(st, bd, p)
    return open_tickets


@njit(cache=True)
def _plan_key(st, bd, p):
    held = 0
    for t in range(bd.tickets.shape[0]):
        if st.ticket_holder[t] == p:
            held += 1
    return st.sc[SC_BOARD_VERSION] * 256 + held


@njit(cache=True)
def _best_colour(hand_p, bd, r):
    """Colour to pay route r with: its own colour, or for grey the colour that
    needs the fewest locomotives (most cards on ties); LOCO as last resort."""
    rc = bd.routes[r, RT_COLOUR]
    if rc != GRAY:
        use, _ = claim_payment(hand_p, bd.routes, r, rc)
        return rc if use >= 0 else (LOCO if claim_payment(hand_p, bd.routes, r, LOCO)[0] >= 0 else -1)
    best = -1
    best_locos = 1 << 30
    for c in range(N_COLOURS):
        use, locos = claim_payment(hand_p, bd.routes, r, c)
        if use >= 0 and (locos < best_locos or (locos == best_locos and hand_p[c] > hand_p[best])):
            best = c
            best_locos = locos
    if best < 0 and claim_payment(hand_p, bd.routes, r, LOCO)[0] >= 0:
        best = LOCO
    return best


@njit(cache=True)
def _best_claim(st, bd, ru, p, only_wanted, ws):
    """The affordable route with the most points (planned routes only, or any)."""
    best_r = -1
    best_c = -1
    best_v = -1
    want = ws.want[p]
    for r in range(bd.routes.shape[0]):
        if only_wanted and want[r] == 0:
            continue
        if not route_open_to(st, bd, ru, p, r):
            continue
        c = _best_colour(st.hand[p], bd, r)
        if c < 0:
            continue
        v = ru[RULE_ROUTE_SCORE + bd.routes[r, RT_LEN]]
        if v > best_v:
            best_v = v
            best_r = r
            best_c = c
    return best_r, best_c


@njit(cache=True)
def _draw_choice(st, ru, p, second, ws):
    """Market slot of the card the plan lacks most, else a blind draw."""
    need = ws.need[p]
    hand_p = st.hand[p]
    best_slot = -1
    best_gain = 0
    grey_left = need[GRAY + 1]  # any colour helps a grey route
    for s in range(ru[RULE_MARKET_SIZE]):
        c = st.market[s]
        if c < 0 or c == LOCO:
            continue
        gain = need[c] - hand_p[c]
        if gain <= 0 and grey_left > 0:
            gain = 1 if hand_p[c] > 0 else 0
        if gain > best_gain:
            best_gain = gain
            best_slot = s
    if best_slot >= 0:
        return make_action(A_DRAW_MARKET, best_slot, 0)
    if cards_available(st) > 0:
        return make_action(A_DRAW_BLIND, 0, 0)
    for s in range(ru[RULE_MARKET_SIZE]):
        c = st.market[s]
        if c >= 0 and not (second and c == LOCO and ru[RULE_FACEUP_LOCO_WHOLE_DRAW] != 0):
            return make_action(A_DRAW_MARKET, s, 0)
    return -1


@njit(cache=True)
def _keep_choice(st, bd, ru, p, ws, setup):
    """Keep the cheapest offered tickets (train distance on the current board)
    up to the minimum, and more while they fit in about half the trains."""
    n = st.sc[SC_N_OFFER]
    keep_min = ru[RULE_SETUP_KEEP_MIN] if setup else ru[RULE_DRAW_KEEP_MIN]
    keep_min = min(keep_min, n)
    trains = st.trains[p]
    budget = 0.55 * trains
    if not setup:
        committed = 0
        for r in range(bd.routes.shape[0]):
            if ws.want[p, r]:
                committed += bd.routes[r, RT_LEN]
        budget = 0.7 * trains - committed
    dists = ws.offer_dist
    for i in range(n):
        t = st.offer[i]
        d = shortest_path(st, bd, p, bd.tickets[t, TK_A], bd.tickets[t, TK_B], trains, ws.want[p], ws)
        dists[i] = d
    mask = 0
    spent = 0.0
    for _ in range(n):
        j = -1
        for i in range(n):
            if (mask >> i) & 1 == 0 and (j < 0 or dists[i] < dists[j]):
                j = i
        kept = 0
        for i in range(n):
            kept += (mask >> i) & 1
        if kept < keep_min or (dists[j] < _INF and spent + dists[j] <= budget):
            mask |= 1 << j
            spent += dists[j]
        else:
            break
    return make_action(A_KEEP_TICKETS, mask, 0)


@njit(cache=True)
def greedy_action(st, bd, ru, p, rng, ws):
    """Claims the most valuable affordable route of its ticket plan, else draws
    the colours the plan needs; with every ticket done, draws tickets while
    trains last, then spends cards on the best-scoring routes."""
    phase = st.sc[SC_PHASE]
    if phase == PH_SETUP_KEEP or phase == PH_KEEP_TICKETS:
        if ws.plan_version[p] != _plan_key(st, bd, p):
            _plan(st, bd, ru, p, ws)
        return _keep_choice(st, bd, ru, p, ws, phase == PH_SETUP_KEEP)
    if phase == PH_TUNNEL:
        use, _ = surcharge_payment(st.hand[p], st.sc[SC_PEND_COLOUR], st.sc[SC_PEND_SURCHARGE])
        return make_action(A_TUNNEL_PAY if use >= 0 else A_TUNNEL_ABANDON, 0, 0)
    if ws.plan_version[p] != _plan_key(st, bd, p):
        _plan(st, bd, ru, p, ws)
    if phase == PH_SECOND_DRAW:
        return _draw_choice(st, ru, p, True, ws)
    planned = 0
    for r in range(bd.routes.shape[0]):
        planned += ws.want[p, r]
    if planned > 0:
        r, c = _best_claim(st, bd, ru, p, True, ws)
        if r >= 0:
            return make_action(A_CLAIM, r, c)
        hand_total = 0
        for k in range(LOCO + 1):
            hand_total += st.hand[p, k]
        if hand_total < 30:
            a = _draw_choice(st, ru, p, False, ws)
            if a >= 0:
                return a
    elif st.trains[p] >= 12 and st.sc[SC_TP_COUNT] > 0:
        return make_action(A_DRAW_TICKETS, 0, 0)
    r, c = _best_claim(st, bd, ru, p, False, ws)
    if r >= 0 and (planned == 0 or bd.routes[r, RT_LEN] >= 3):
        return make_action(A_CLAIM, r, c)
    a = _draw_choice(st, ru, p, False, ws)
    if a >= 0:
        return a
    if r >= 0:
        return make_action(A_CLAIM, r, c)
    if st.sc[SC_TP_COUNT] > 0:
        return make_action(A_DRAW_TICKETS, 0, 0)
    return make_action(A_PASS, 0, 0)
