"""The first paths of choose_keep_mask's walk over the offer's subsets,
remembered from decision to decision (kernels/bots/planning/ticket_keep.py).

At a game's setup nothing is claimed, so every seat prices the board alike
(price_without_plan: every route at its route_cost), in every game. The
walk routes the offer's tickets most valuable first, each path over the
prices the paths before it left; the path of the ticket routed first, and of
the one routed second with the first's path planned, are then the same
wherever the same tickets meet: from seat to seat and game to game. A path
route_ticket finds is a function of ws.price and the ticket alone while no
route belongs to another seat (a station then has nothing to borrow, so its
second search, price_foreign, changes no price), so the memo holds paths
under the tickets routed so far (one or two) for as long as the prices the
walk starts from, and the board, are the ones they were found over: a
generation. Those are compared in full at every walk, so a path read from the
memo is the path the search would find (tests/kernels/bots/test_bot_memos.py
compares the two). The walk's 14 searches for Europe's setup offer of 4 are
then 5 once the memo holds their pairs. Tickets with options (SW-TKT-3..6),
whose ends also read the board's options, are left to the search.

Entries live in the Scratch's table of KEEP_MEMO_SLOTS slots, one entry a
slot (a newer one replaces it); a path of more than KEEP_MEMO_PATH open
routes is not kept."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.planning.network import plan_route, route_ticket
from kernels.bots.shared.scratch import KEEP_MEMO_PATH, KEEP_MEMO_SLOTS
from kernels.prng import mix64

KEEP_MEMO_DEPTH = 2  # the walk's depths served: the ticket routed first, and second after it


@njit(cache=True, _nrt=False)
def keep_memo_begin(st, bd, p, ws):
    """Before a walk, with ws.price as price_without_plan left it: True when
    the memo may serve the walk (no route of another seat). Starts a new
    generation when the prices or the board (its size, every route's ends and
    every ticket's ends: what a search and a ticket's ends read besides the
    prices) are not the memo's."""
    owner = st.owner
    for r in range(bd.n_routes):
        if owner[r] >= 0 and owner[r] != p:
            return False
    sizes = ws.km_sizes
    changed = sizes[3] == 0 or sizes[0] != bd.n_cities or sizes[1] != bd.n_routes or sizes[2] != bd.n_tickets
    for r in range(bd.n_routes):  # compared and kept in one pass, no early exit
        ends = bd.routes[r, L.RT_A] * L.MAX_CITIES + bd.routes[r, L.RT_B]
        changed |= (ws.km_base[r] != ws.price[r]) | (ws.km_routes[r] != ends)
        ws.km_base[r] = ws.price[r]
        ws.km_routes[r] = ends
    for t in range(bd.n_tickets):
        ends = bd.tickets[t, L.TK_A] * L.MAX_CITIES + bd.tickets[t, L.TK_B]
        changed |= ws.km_tickets[t] != ends
        ws.km_tickets[t] = ends
    sizes[0] = bd.n_cities
    sizes[1] = bd.n_routes
    sizes[2] = bd.n_tickets
    if changed:
        sizes[3] += 1  # the generation: entries of older ones no longer match
    return True


@njit(cache=True, _nrt=False, inline="always")
def _entry_key(ws, first, t):
    """The key of ticket t routed after `first` (-1: routed first) in this generation; never 0."""
    return np.int64((ws.km_sizes[3] << 32) | ((first + 1) << 16) | (t + 1))


@njit(cache=True, _nrt=False)
def route_ticket_remembered(st, bd, p, ws, depth, t, foreign, remember):
    """route_ticket(st, bd, p, ws, depth, t, foreign) for the walk's ticket
    at `depth` (the tickets at depths below it routed, in ws.tk_list order
    ws.keep_pos), served from the memo at the first KEEP_MEMO_DEPTH depths
    when `remember` (keep_memo_begin said True for this walk), unless a
    ticket with options (SW-TKT-3..6) is among them: its ends also read the
    board's options. The plan it leaves is route_ticket's; only ws.dist and
    ws.prev_route, which the walk does not read, are left as they were.
    Returns whether the ticket is joined."""
    if not remember or depth >= KEEP_MEMO_DEPTH or bd.tickets[t, L.TK_MULTI] >= 0:
        return route_ticket(st, bd, p, ws, depth, t, foreign)
    first = np.int64(-1) if depth == 0 else np.int64(ws.tk_list[ws.keep_pos[0]])
    if first >= 0 and bd.tickets[first, L.TK_MULTI] >= 0:
        return route_ticket(st, bd, p, ws, depth, t, foreign)
    key = _entry_key(ws, first, t)
    slot = np.int64(mix64(np.uint64(key)) & np.uint64(KEEP_MEMO_SLOTS - 1))
    if ws.km_key[slot] == key:
        m = np.int64(ws.km_len[slot])
        for j in range(m):
            r = np.int64(ws.km_path[slot, j])
            ws.path_buf[depth, j] = r
            plan_route(ws, r)
        ws.path_len[depth] = m
        ws.km_hits[0] += 1
        return ws.km_joined[slot] != 0
    joined = route_ticket(st, bd, p, ws, depth, t, foreign)
    m = ws.path_len[depth]
    if m <= KEEP_MEMO_PATH:
        ws.km_key[slot] = key
        ws.km_len[slot] = m
        ws.km_joined[slot] = 1 if joined else 0
        for j in range(m):
            ws.km_path[slot, j] = ws.path_buf[depth, j]
    return joined
