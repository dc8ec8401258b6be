"""Test-only Numba kernels: play games like kernels.runner.play_game but check
the invariants after every step. Independent of the engine's own bookkeeping:
everything is recounted from the raw state arrays."""

import numpy as np
from numba import njit

from kernels.bots import choose_action
from kernels.engine import init_game, legal_actions, new_state
from kernels.engine import step as engine_step
from kernels.layouts import (
    FN_TOTAL,
    MAX_LEGAL,
    N_CARD_KINDS,
    PH_OVER,
    PS_MOUNTAIN_ROUTES,
    PS_MOUNTAIN_TRAINS,
    RT_ALWAYS_OPEN,
    RT_LEN,
    RT_MOUNTAINS,
    RULE_DOUBLES_MIN_PLAYERS,
    RULE_MOUNTAIN_POINTS,
    RULE_ROUTE_SCORE,
    RULE_TRAINS,
    RULE_TRIPLE_LANES,
    RULE_TURN_CAP,
    SC_N_PILE,
    SC_N_PLAYERS,
    SC_N_REVEALED,
    SC_PHASE,
    SC_PLAYER,
    SC_TP_COUNT,
    SC_TURN,
    TH_BOX,
    TH_OFFERED,
    TH_PILE,
)
from kernels.prng import STREAM_BOT, STREAM_DECK, stream_seed
from kernels.runner import new_scratch

# error codes
OK = 0
CARDS_NOT_CONSERVED = 1
TRAINS_NEGATIVE = 2
TRAINS_NOT_CONSERVED = 3
DOUBLE_RULE_BROKEN = 4
SCORE_MISMATCH = 5
TICKETS_NOT_CONSERVED = 6
ILLEGAL_ACTION = 7
GAME_DID_NOT_END = 8
ROUTE_COUNT_MISMATCH = 9
CARD_COUNT_NEGATIVE = 10
MOUNTAIN_PASS_MISMATCH = 11
ERROR_NAMES = ("ok", "cards not conserved", "trains negative", "trains not conserved", "double-route rule broken",
               "running score differs from the board", "tickets not conserved", "bot chose an illegal action",
               "game did not end", "routes claimed twice or lost", "negative card count",
               "Mountain Pass differs from the X of the claimed routes")


@njit(cache=True)
def check_state(st, bd, ru, deck_size):
    n = st.sc[SC_N_PLAYERS]
    # cards: pile + discard + market + hands + holders + laid + revealed = deck
    total = st.sc[SC_N_PILE] + st.sc[SC_N_REVEALED]
    for k in range(N_CARD_KINDS):
        total += st.discard[k] + st.laid[k]
        if st.discard[k] < 0 or st.laid[k] < 0:
            return CARD_COUNT_NEGATIVE
        for p in range(n):
            total += st.hand[p, k]
            if st.hand[p, k] < 0:
                return CARD_COUNT_NEGATIVE
        for t in range(st.holder.shape[0]):
            total += st.holder[t, k]
            if st.holder[t, k] < 0:
                return CARD_COUNT_NEGATIVE
    for s in range(st.market.shape[0]):
        if st.market[s] >= 0:
            total += 1
    if total != deck_size:
        return CARDS_NOT_CONSERVED
    # trains never negative; placed + mountain pass + supply = starting trains,
    # per player and over the table (LA-MTN-2: the Mountain Pass counter is
    # recounted from the X of the routes each player owns)
    all_trains = 0
    for p in range(n):
        if st.trains[p] < 0:
            return TRAINS_NEGATIVE
        used = 0
        points = 0
        claimed = 0
        for r in range(bd.routes.shape[0]):
            if st.owner[r] == p:
                used += bd.routes[r, RT_LEN] + bd.routes[r, RT_MOUNTAINS]
                points += ru[RULE_ROUTE_SCORE + bd.routes[r, RT_LEN]] + bd.routes[r, RT_MOUNTAINS] * ru[
                    RULE_MOUNTAIN_POINTS]
                claimed += 1
        if used + st.trains[p] != ru[RULE_TRAINS]:
            return TRAINS_NOT_CONSERVED
        if points != st.score[p]:
            return SCORE_MISMATCH
        if claimed != st.ps[p, 2]:  # PS_ROUTES_CLAIMED
            return ROUTE_COUNT_MISMATCH
        placed = 0
        xs = 0
        mountain_routes = 0
        for r in range(bd.routes.shape[0]):
            if st.owner[r] == p:
                placed += bd.routes[r, RT_LEN]
                xs += bd.routes[r, RT_MOUNTAINS]
                if bd.routes[r, RT_MOUNTAINS] > 0:
                    mountain_routes += 1
        if xs != st.ps[p, PS_MOUNTAIN_TRAINS] or mountain_routes != st.ps[p, PS_MOUNTAIN_ROUTES]:
            return MOUNTAIN_PASS_MISMATCH
        all_trains += placed + st.ps[p, PS_MOUNTAIN_TRAINS] + st.trains[p]
    if all_trains != n * ru[RULE_TRAINS]:
        return TRAINS_NOT_CONSERVED
    # doubles: never two lanes to one seat; with few players at most one lane
    for g in range(bd.group_routes.shape[0]):
        owned = 0
        lanes = 0
        always_open = 0
        for i in range(bd.group_routes.shape[1]):
            r = bd.group_routes[g, i]
            if r < 0:
                continue
            lanes += 1
            always_open = max(always_open, bd.routes[r, RT_ALWAYS_OPEN])
            if st.owner[r] >= 0:
                owned += 1
                for j in range(i + 1, bd.group_routes.shape[1]):
                    r2 = bd.group_routes[g, j]
                    if r2 >= 0 and st.owner[r2] == st.owner[r]:
                        return DOUBLE_RULE_BROKEN
        # TA-DBL-1/2: a triple keeps TRIPLE_LANES usable, an always-open group all of them
        allowed = lanes if always_open else (1 if lanes <= 2 else ru[RULE_TRIPLE_LANES])
        if n < ru[RULE_DOUBLES_MIN_PLAYERS] and owned > allowed:
            return DOUBLE_RULE_BROKEN
    # tickets: each exactly once, pile count matches
    in_pile = 0
    for t in range(bd.tickets.shape[0]):
        h = st.ticket_holder[t]
        if h == TH_PILE:
            in_pile += 1
        elif not (h == TH_BOX or h == TH_OFFERED or (0 <= h < n) or h == -4):
            return TICKETS_NOT_CONSERVED
    if in_pile != st.sc[SC_TP_COUNT]:
        return TICKETS_NOT_CONSERVED
    return OK


@njit(cache=True, nogil=True)
def play_checked(bd, ru, bots, master_seed, first, n_games, check_legal, errors, final_scores, turns):
    """Play games first..first+n_games-1 checking every step; errors[i] = code."""
    n_players = bots.shape[0]
    st = new_state(bd, ru, n_players)
    ws = new_scratch(bd, n_players)
    legal = np.zeros(MAX_LEGAL, np.int64)
    bot_rng = np.zeros(n_players, np.uint64)
    deck_size = 0
    for k in range(N_CARD_KINDS):
        deck_size += bd.deck[k]
    max_steps = (ru[RULE_TURN_CAP] + 2) * 4 + 100
    for i in range(n_games):
        game = first + i
        init_game(st, bd, ru, n_players, stream_seed(master_seed, game, STREAM_DECK))
        for p in range(n_players):
            bot_rng[p] = stream_seed(master_seed, game, STREAM_BOT + p)
            ws.plan_version[p] = -1
        err = check_state(st, bd, ru, deck_size)
        steps = 0
        while err == OK and st.sc[SC_PHASE] != PH_OVER:
            p = st.sc[SC_PLAYER]
            action = choose_action(bots[p], st, bd, ru, p, bot_rng[p:p + 1], ws)
            if check_legal:
                nl = legal_actions(st, bd, ru, legal)
                found = False
                for j in range(nl):
                    if legal[j] == action:
                        found = True
                        break
                if not found:
                    err = ILLEGAL_ACTION
                    break
            engine_step(st, bd, ru, action, ws)
            err = check_state(st, bd, ru, deck_size)
            steps += 1
            if steps > max_steps:
                err = GAME_DID_NOT_END
        if err == OK and st.sc[SC_TURN] > ru[RULE_TURN_CAP]:
            err = GAME_DID_NOT_END
        errors[i] = err
        turns[i] = st.sc[SC_TURN]
        for p in range(n_players):
            final_scores[i, p] = st.final[p, FN_TOTAL]
    return 0
