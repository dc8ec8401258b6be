"""Test-only Numba kernels: play games like kernels.runner.play_game but check
the invariants after every step, the same loop for every rule family (the
contract test, tests/kernels/test_contract.py, runs it on every preset x bot).
Independent of the engine's own bookkeeping: everything is recounted from the
raw state arrays. On Ghost Train (the ticket-race family) the loop adds the
race's own checks: completed-ticket counts, the special tickets, the bonuses,
at most the dealt number of open tickets, and that a game ends at once on the
winning ticket. `run_checked` is the Python entry point, on two threads."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
from numba import njit

from analyzer.boards import load_board
from analyzer.bots import BotParams
from kernels.bots.dispatch import choose_action
from kernels.core.state import init_game, new_state
from kernels.engine import legal_actions, legal_actions_of, legal_counts
from kernels.engine import step as engine_step
from kernels.layouts import (
    END_TICKETS,
    END_TRAINS,
    FAMILY_TICKET_RACE,
    FN_TOTAL,
    FN_WINNER,
    MAX_LEGAL,
    MAX_SEATS,
    N_ACTION_KINDS,
    N_CARD_KINDS,
    PH_OVER,
    PS_GT_BONUS_CARDS,
    PS_GT_CRYPT,
    PS_GT_MANOR,
    PS_GT_SPECIAL,
    PS_GT_TICKETS,
    PS_MOUNTAIN_ROUTES,
    PS_MOUNTAIN_TRAINS,
    RT_ALWAYS_OPEN,
    RT_GROUP,
    RT_KIND,
    RT_LEN,
    RT_LOCOS,
    RT_MOUNTAINS,
    RT_WILD_SET,
    RULE_DOUBLES_MIN_PLAYERS,
    RULE_END_TRAINS,
    RULE_FAMILY,
    RULE_LOCO_POLICY,
    RULE_MOUNTAIN_POINTS,
    RULE_ROUTE_SCORE,
    RULE_SETUP_TICKETS_REGULAR,
    RULE_SPECIAL_TICKETS,
    RULE_TOWN_HALL_CARDS,
    RULE_TRAINS,
    RULE_TRIPLE_LANES,
    RULE_TURN_CAP,
    RULE_WIN_TICKETS,
    SC_END_REASON,
    SC_GT_SPECIAL_LEFT,
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
CLAIM_BITS_MISMATCH = 12
COUNTS_MISMATCH = 13
LOCOS_WHERE_NOT_WILD = 14
ERROR_NAMES = ("ok", "cards not conserved", "trains negative", "trains not conserved", "double-route rule broken",
               "running score differs from the board", "tickets not conserved", "bot chose an illegal action",
               "game did not end", "routes claimed twice or lost", "negative card count",
               "Mountain Pass differs from the X of the claimed routes",
               "open or blocked route bits differ from the owners and closed lanes",
               "legal_counts differs from the legal actions listed kind by kind",
               "locomotives paid a route the rules keep them off")


GT_TICKET_COUNT = 20
GT_OPEN_TICKETS = 21
GT_SPECIAL = 22
GT_BONUS = 23
GT_NOT_ENDED_AT_ONCE = 24
GT_WRONG_END = 25
GT_ERROR_NAMES = {GT_TICKET_COUNT: "completed-ticket count differs from the tickets held",
                  GT_OPEN_TICKETS: "more open tickets than dealt", GT_SPECIAL: "special tickets not conserved",
                  GT_BONUS: "Town Hall bonus taken twice",
                  GT_NOT_ENDED_AT_ONCE: "game went on after the winning ticket",
                  GT_WRONG_END: "end reason or winner wrong"}




@njit(cache=True)
def check_state(st, bd, ru, deck_size, acc):
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
    # recounted from the X of the routes each player owns). One pass over the
    # routes fills every seat's sums (acc rows: trains used, points, routes,
    # trains placed, X, mountain routes): the check runs after every step.
    acc[:, :n] = 0
    for r in range(bd.n_routes):
        p = st.owner[r]
        if p < 0:
            continue
        length = bd.routes[r, RT_LEN]
        xs = bd.routes[r, RT_MOUNTAINS]
        acc[0, p] += length + xs
        acc[1, p] += ru[RULE_ROUTE_SCORE + length] + xs * ru[RULE_MOUNTAIN_POINTS]
        acc[2, p] += 1
        acc[3, p] += length
        acc[4, p] += xs
        if xs > 0:
            acc[5, p] += 1
    all_trains = 0
    for p in range(n):
        if st.trains[p] < 0:
            return TRAINS_NEGATIVE
        if acc[0, p] + st.trains[p] != ru[RULE_TRAINS]:
            return TRAINS_NOT_CONSERVED
        if acc[1, p] != st.score[p]:
            return SCORE_MISMATCH
        if acc[2, p] != st.ps[p, 2]:  # PS_ROUTES_CLAIMED
            return ROUTE_COUNT_MISMATCH
        if acc[4, p] != st.ps[p, PS_MOUNTAIN_TRAINS] or acc[5, p] != st.ps[p, PS_MOUNTAIN_ROUTES]:
            return MOUNTAIN_PASS_MISMATCH
        all_trains += acc[3, p] + st.ps[p, PS_MOUNTAIN_TRAINS] + st.trains[p]
    if all_trains != n * ru[RULE_TRAINS]:
        return TRAINS_NOT_CONSERVED
    # doubles: never two lanes to one seat; with few players at most one lane
    for g in range(bd.n_groups):
        owned = 0
        lanes = 0
        always_open = 0
        for i in range(bd.n_lanes):
            r = bd.group_routes[g, i]
            if r < 0:
                continue
            lanes += 1
            always_open = max(always_open, bd.routes[r, RT_ALWAYS_OPEN])
            if st.owner[r] >= 0:
                owned += 1
                for j in range(i + 1, bd.n_lanes):
                    r2 = bd.group_routes[g, j]
                    if r2 >= 0 and st.owner[r2] == st.owner[r]:
                        return DOUBLE_RULE_BROKEN
        # TA-DBL-1/2: a triple keeps TRIPLE_LANES usable, an always-open group all of them
        allowed = lanes if always_open else (1 if lanes <= 2 else ru[RULE_TRIPLE_LANES])
        if n < ru[RULE_DOUBLES_MIN_PLAYERS] and owned > allowed:
            return DOUBLE_RULE_BROKEN
    # the engine's route sets (kernels/core/claimable.py) agree with owners and closed lanes
    for r in range(bd.n_routes):
        w = r // 64
        bit = np.uint64(1) << np.uint64(r % 64)
        is_open = st.owner[r] < 0 and st.closed[r] == 0
        if ((st.open_bits[w] & bit) != 0) != is_open:
            return CLAIM_BITS_MISMATCH
        # the seats holding another lane of r's group (a bit per seat)
        lane_holders = 0
        g = bd.routes[r, RT_GROUP]
        if g >= 0:
            for i in range(bd.n_lanes):
                r2 = bd.group_routes[g, i]
                if r2 >= 0 and r2 != r and st.owner[r2] >= 0:
                    lane_holders |= 1 << st.owner[r2]
        for p in range(n):
            holds_lane = (lane_holders >> p) & 1 == 1
            if ((st.blocked_bits[p, w] & bit) != 0) != holds_lane:
                return CLAIM_BITS_MISMATCH
    # tickets: each exactly once, pile count matches
    in_pile = 0
    for t in range(bd.n_tickets):
        h = st.ticket_holder[t]
        if h == TH_PILE:
            in_pile += 1
        elif not (h == TH_BOX or h == TH_OFFERED or (0 <= h < n) or h == -4):
            return TICKETS_NOT_CONSERVED
    if in_pile != st.sc[SC_TP_COUNT]:
        return TICKETS_NOT_CONSERVED
    # NC-CRD-1, SW-CRD-1: on a route of a kind the policy keeps locomotives off, only a ferry's symbols
    # (or the cards of a set, NC-FRY-2 / NC-CLM-1) take locomotives
    for r in range(bd.n_routes):
        if st.owner[r] >= 0 and (ru[RULE_LOCO_POLICY] >> bd.routes[r, RT_KIND]) & 1 == 0:
            if bd.routes[r, RT_WILD_SET] == 0 and st.claim_locos[r] > bd.routes[r, RT_LOCOS]:
                return LOCOS_WHERE_NOT_WILD
    return OK


@njit(cache=True)
def check_ghost(st, bd, ru):
    n = st.sc[SC_N_PLAYERS]
    specials = st.sc[SC_GT_SPECIAL_LEFT]
    won = 0
    for p in range(n):
        done = 0
        open_ = 0
        for t in range(bd.n_tickets):
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
def play_checked(bd, ru, bots, state, scratch, master_seed, first, n_games, check_legal, errors, reasons, turns,
                 totals):
    """Play games first..first+n_games-1 in `state` (new_state) with `scratch`
    (new_scratch, its bot_params set), checking every step; errors[i] = code.
    The last game's final state stays in `state` for the caller to read."""
    n_players = bots.shape[0]
    legal = np.zeros(MAX_LEGAL, np.int64)
    counts = np.zeros(N_ACTION_KINDS, np.int64)
    bot_rng = np.zeros(n_players, np.uint64)
    acc = np.zeros((6, MAX_SEATS), np.int64)  # check_state's per-seat sums
    race = ru[RULE_FAMILY] == FAMILY_TICKET_RACE
    deck_size = 0
    for k in range(N_CARD_KINDS):
        deck_size += bd.deck[k]
    max_steps = (ru[RULE_TURN_CAP] + 2) * 4 + 100
    for i in range(n_games):
        st = state[0]  # the records point into `state` and `scratch`, read in the loop: alive through it
        ws = scratch[0]
        game = first + i
        init_game(st, bd, ru, n_players, stream_seed(master_seed, game, np.int64(STREAM_DECK)))
        for p in range(n_players):
            bot_rng[p] = stream_seed(master_seed, game, STREAM_BOT + p)
            ws.plan_version[p] = -1
        err = check_state(st, bd, ru, deck_size, acc)
        steps = 0
        while err == OK and st.sc[SC_PHASE] != PH_OVER:
            p = st.sc[SC_PLAYER]
            action = choose_action(np.int64(bots[p]), st, bd, ru, p, bot_rng[p:p + 1], ws)
            if check_legal:
                legal_counts(st, bd, ru, legal, counts)
                for k in range(N_ACTION_KINDS):
                    if legal_actions_of(st, bd, ru, legal, np.int64(1 << k), np.int64(MAX_LEGAL)) != counts[k]:
                        err = COUNTS_MISMATCH
                if err != OK:
                    break
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
            err = check_state(st, bd, ru, deck_size, acc)
            if err == OK and race:
                err = check_ghost(st, bd, ru)
            steps += 1
            if steps > max_steps:
                err = GAME_DID_NOT_END
        if err == OK and st.sc[SC_TURN] > ru[RULE_TURN_CAP]:
            err = GAME_DID_NOT_END
        errors[i] = err
        reasons[i] = st.sc[SC_END_REASON]
        turns[i] = st.sc[SC_TURN]
        for p in range(n_players):
            totals[i, p] = st.final[p, FN_TOTAL]


class Checked:
    """What run_checked returns: per game the error code, end reason, turns
    and every seat's total; the rule set played."""

    def __init__(self, errors, reasons, turns, totals, rules):
        self.errors, self.reasons, self.turns, self.totals, self.rules = errors, reasons, turns, totals, rules

    def failures(self) -> str:
        """'' when every game kept every invariant, else a summary."""
        bad = np.flatnonzero(self.errors != OK)
        if not len(bad):
            return ""
        names = {**dict(enumerate(ERROR_NAMES)), **GT_ERROR_NAMES, -1: "not run"}
        codes = {names.get(int(c), int(c)): int((self.errors == c).sum()) for c in np.unique(self.errors[bad])}
        return f"{len(bad)} games broke an invariant, first game {bad[0]}: {codes}"


def run_checked(board, players, bots, games, check_legal, seed=2024, overrides=None, threads=2,
                bot_params=None) -> Checked:
    """Play `games` checked games of `bots` (a bot id, or one per seat) on a
    built-in board under its preset (plus overrides), on `threads` threads;
    bot_params: {NAME: value} over the defaults (analyzer.bots.BotParams.of)."""
    b = load_board(board)
    rs = b.rules(overrides=overrides)
    bd = b.compile(rs)
    ru = rs.to_array()
    bots = np.broadcast_to(np.asarray(bots, np.int8), (players,)).copy()
    errors = np.full(games, -1, np.int64)
    reasons = np.full(games, -1, np.int64)
    turns = np.zeros(games, np.int64)
    totals = np.zeros((games, players), np.int64)
    params = BotParams.of(bot_params).to_array()
    bounds = np.linspace(0, games, threads + 1).astype(int)

    def part(i):
        lo, hi = bounds[i], bounds[i + 1]
        state, scratch = new_state(bd, ru, players), new_scratch()
        scratch["bot_params"][0] = params
        play_checked(bd, ru, bots, state, scratch, seed, lo, hi - lo, check_legal, errors[lo:hi], reasons[lo:hi],
                     turns[lo:hi], totals[lo:hi])

    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(part, range(threads)))
    return Checked(errors, reasons, turns, totals, rs)


def play_one(state, scratch, bd, ru, bots, master_seed, game) -> int:
    """Play game number `game` (the runner's deal and bot streams for
    master_seed) into `state` (new_state) with `scratch` (new_scratch),
    checking every step; returns the error code (OK: 0). For the tests that
    read a finished game's state (the score oracles): play_checked plays it,
    so no second compiled game loop is needed (kernels.runner.play_game
    called from Python compiles the engine and every bot once more, ~20 s)."""
    out = np.full(1, -1, np.int64), np.zeros(1, np.int64), np.zeros(1, np.int64), np.zeros((1, bots.shape[0]), np.int64)
    play_checked(bd, ru, bots, state, scratch, np.int64(master_seed), np.int64(game), np.int64(1), False, *out)
    return int(out[0][0])
