"""Test-only kernel: play Ghost Train games like kernels.runner.play_game,
checking after every step the shared invariants (invariant_kernels.check_state:
cards, wagons, routes, doubles, tickets) and the Ghost Train ones, recounted
from the raw state: completed-ticket counts, the special tickets, the bonuses,
at most two open tickets, and that a game ends at once on the winning ticket."""

import numpy as np
from invariant_kernels import ILLEGAL_ACTION, OK, check_state
from numba import njit

from kernels.bots import choose_action
from kernels.engine import init_game, legal_actions, new_state
from kernels.engine import step as engine_step
from kernels.layouts import (
    END_TICKETS,
    END_TRAINS,
    FN_TOTAL,
    FN_WINNER,
    MAX_LEGAL,
    N_CARD_KINDS,
    PH_OVER,
    PS_GT_BONUS_CARDS,
    PS_GT_CRYPT,
    PS_GT_MANOR,
    PS_GT_SPECIAL,
    PS_GT_TICKETS,
    RULE_END_TRAINS,
    RULE_SETUP_TICKETS_REGULAR,
    RULE_SPECIAL_TICKETS,
    RULE_TOWN_HALL_CARDS,
    RULE_TURN_CAP,
    RULE_WIN_TICKETS,
    SC_END_REASON,
    SC_GT_SPECIAL_LEFT,
    SC_N_PLAYERS,
    SC_PHASE,
    SC_PLAYER,
    SC_TURN,
)
from kernels.prng import STREAM_BOT, STREAM_DECK, stream_seed
from kernels.runner import new_scratch

GT_TICKET_COUNT = 20
GT_OPEN_TICKETS = 21
GT_SPECIAL = 22
GT_BONUS = 23
GT_NOT_ENDED_AT_ONCE = 24
GT_WRONG_END = 25
GT_NO_END = 26
GT_ERROR_NAMES = {GT_TICKET_COUNT: "completed-ticket count differs from the tickets held",
                  GT_OPEN_TICKETS: "more open tickets than dealt", GT_SPECIAL: "special tickets not conserved",
                  GT_BONUS: "Town Hall bonus taken twice",
                  GT_NOT_ENDED_AT_ONCE: "game went on after the winning ticket",
                  GT_WRONG_END: "end reason or winner wrong", GT_NO_END: "game did not end"}


@njit(cache=True)
def check_ghost(st, bd, ru):
    n = st.sc[SC_N_PLAYERS]
    specials = st.sc[SC_GT_SPECIAL_LEFT]
    won = 0
    for p in range(n):
        done = 0
        open_ = 0
        for t in range(bd.tickets.shape[0]):
            if st.ticket_holder[t] == p:
                if st.ticket_done_turn[t] >= 0:
                    done += 1
                else:
                    open_ += 1
        if done != st.ps[p, PS_GT_TICKETS]:
            return GT_TICKET_COUNT
        if open_ > ru[RULE_SETUP_TICKETS_REGULAR]:
            return GT_OPEN_TICKETS
        sp = st.ps[p, PS_GT_SPECIAL]
        if sp < 0 or sp > 1:
            return GT_SPECIAL
        specials += sp
        if st.ps[p, PS_GT_CRYPT] > 1 or st.ps[p, PS_GT_MANOR] > 1:
            return GT_BONUS
        if st.ps[p, PS_GT_BONUS_CARDS] > 2 * ru[RULE_TOWN_HALL_CARDS]:
            return GT_BONUS
        if done + sp >= ru[RULE_WIN_TICKETS]:
            won += 1
    if specials != ru[RULE_SPECIAL_TICKETS]:
        return GT_SPECIAL
    if st.sc[SC_PHASE] != PH_OVER:
        if won > 0:
            return GT_NOT_ENDED_AT_ONCE
        return OK
    reason = st.sc[SC_END_REASON]
    if reason == END_TICKETS:
        if won != 1:
            return GT_WRONG_END
        for p in range(n):
            if (st.final[p, FN_WINNER] == 1) != (st.final[p, FN_TOTAL] >= ru[RULE_WIN_TICKETS]):
                return GT_WRONG_END
    else:
        if won > 0:
            return GT_WRONG_END
        if reason == END_TRAINS and st.trains[st.sc[SC_PLAYER]] > ru[RULE_END_TRAINS]:
            return GT_WRONG_END
        best = 0
        for p in range(n):
            best = max(best, st.final[p, FN_TOTAL])
        for p in range(n):
            if (st.final[p, FN_WINNER] == 1) != (st.final[p, FN_TOTAL] == best):
                return GT_WRONG_END
    return OK


@njit(cache=True, nogil=True)
def play_checked_ghost(bd, ru, bots, master_seed, first, n_games, check_legal, errors, reasons, turns, totals):
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
            if err == OK:
                err = check_ghost(st, bd, ru)
            steps += 1
            if steps > max_steps:
                err = GT_NO_END
        errors[i] = err
        reasons[i] = st.sc[SC_END_REASON]
        turns[i] = st.sc[SC_TURN]
        for p in range(n_players):
            totals[i, p] = st.final[p, FN_TOTAL]
    return 0
