"""Play a block of games and write their records: the only loop over games."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.dispatch import choose_action
from kernels.bots.shared import params as P
from kernels.bots.shared.scratch import SCRATCH
from kernels.core.state import init_game, new_state
from kernels.engine import step
from kernels.prng import STREAM_BOT, STREAM_DECK, stream_seed


@njit(cache=True)
def new_scratch():
    """Allocate a worker's Scratch (once per chunk): a one-element array of
    the SCRATCH record, for every board and player count. Kernels take the
    record, `ws = new_scratch()[0]`, which points into the array: keep the
    array alive while the record is in use. From Python,
    analyzer.records.scratch_record()."""
    scratch = np.zeros(1, SCRATCH)
    ws = scratch[0]
    ws.plan_version[:] = -1
    ws.ev_key[:, :] = -1
    for i in range(P.BP_FIELDS):
        ws.bot_params[i] = P.BOT_PARAM_DEFAULTS[i]
    return scratch


# Inlined into run_block: compiled on its own, play_game would link, optimise
# and emit the whole engine and every bot once more for run_block to link
# again (docs/speed.md "Compile time"). Called from Python (tests), it
# compiles on its own.
@njit(cache=True, _nrt=False, inline="always")
def play_game(st, bd, ru, bots, master_seed, game, ws, bot_rng):
    """Play game number `game` of the run to its end, in st. Returns the
    decisions taken (bot calls), for the benchmark's time per decision."""
    n_players = bots.shape[0]
    init_game(st, bd, ru, n_players, stream_seed(master_seed, game, np.int64(STREAM_DECK)))
    for p in range(n_players):
        bot_rng[p] = stream_seed(master_seed, game, STREAM_BOT + p)
        ws.plan_version[p] = -1
        ws.plan_checked[p, 0] = 0  # nothing seen of this game (common.board_seen)
        ws.station_none[p, 0] = 0
    decisions = 0
    while st.sc[L.SC_PHASE] != L.PH_OVER:
        p = st.sc[L.SC_PLAYER]
        action = choose_action(np.int64(bots[p]), st, bd, ru, p, bot_rng[p:p + 1], ws)
        step(st, bd, ru, action, ws)
        decisions += 1
    return decisions


def play_block(bd, ru, bots, bot_params, master_seed, first_game, n_games,
               games, players, tickets, claims, tunnels, counts):
    """Play games first_game .. first_game + n_games - 1 and append their rows.
    bot_params: float64[BP_FIELDS], the bots' weights and budgets (--bot-param).
    counts = rows written per table [games, players, tickets, claims, tunnels]
    (a sixth entry, when present, adds up the decisions taken: bench/).
    Stops early (returning the games done) when a table has no room for the
    next game's rows; the caller continues with fresh buffers.

    Allocates the game state, the Scratch and the bots' random streams here,
    in Python, so that the compiled loop (run_block) needs no runtime: the
    inlined bots and engine, compiled with it, would incref and decref their
    array arguments at every decision, and a compiled allocating level above
    the loop would emit the whole engine once more (docs/speed.md,
    thirteenth session)."""
    n_players = bots.shape[0]
    state = new_state(bd, ru, n_players)
    scratch = new_scratch()
    scratch["bot_params"][0, :] = bot_params
    bot_rng = np.zeros(n_players, np.uint64)
    return run_block(state, scratch, bot_rng, bd, ru, bots, master_seed, first_game, n_games,
                     games, players, tickets, claims, tunnels, counts)


@njit(cache=True, nogil=True, _nrt=False)
def run_block(state, scratch, bot_rng, bd, ru, bots, master_seed, first_game, n_games,
              games, players, tickets, claims, tunnels, counts):
    """play_block's loop over games (the only loop over games), in the game
    state and Scratch arrays it allocated (one record each)."""
    st = state[0]
    ws = scratch[0]
    n_players = bots.shape[0]
    n_routes = bd.n_routes
    n_tickets = bd.n_tickets
    for i in range(n_games):
        game = first_game + i
        decisions = play_game(st, bd, ru, bots, master_seed, game, ws, bot_rng)
        if counts.shape[0] > 5:
            counts[5] += decisions
        n_tun = st.sc[L.SC_N_TUNNEL_LOG]
        if (counts[0] + 1 > games.shape[0] or counts[1] + n_players > players.shape[0]
                or counts[2] + n_tickets > tickets.shape[0] or counts[3] + n_routes > claims.shape[0]
                or counts[4] + n_tun > tunnels.shape[0]):
            return i
        write_game(st, bd, ru, bots, game, games, players, tickets, claims, tunnels, counts)
    return n_games


@njit(cache=True, _nrt=False)
def write_game(st, bd, ru, bots, game, games, players, tickets, claims, tunnels, counts):
    n_players = bots.shape[0]
    fin = st.final
    g = games[counts[0]]
    counts[0] += 1
    g.game = game
    g.turns = st.sc[L.SC_TURN]
    g.end_reason = st.sc[L.SC_END_REASON]
    g.stalled = st.sc[L.SC_END_REASON] == L.END_NO_ACTIONS or st.sc[L.SC_END_REASON] == L.END_TURN_CAP
    mask = 0
    nw = 0
    longest = 0
    for p in range(n_players):
        if fin[p, L.FN_WINNER]:
            mask |= 1 << p
            nw += 1
        longest = max(longest, fin[p, L.FN_LONGEST_PATH])
    g.winners = mask
    g.n_winners = nw
    g.reshuffles = st.sc[L.SC_RESHUFFLES]
    g.market_resets = st.sc[L.SC_MARKET_RESETS]
    g.longest_path = longest
    team_size = max(ru[L.RULE_TEAM_SIZE], 1)
    team_mask = 0
    for p in range(n_players):
        if fin[p, L.FN_WINNER]:
            team_mask |= 1 << (p // team_size)
    g.team_winners = team_mask
    for p in range(n_players):
        r = players[counts[1]]
        counts[1] += 1
        r.game = game
        r.seat = p
        r.bot = bots[p]
        r.score = fin[p, L.FN_TOTAL]
        r.route_points = st.ps[p, L.PS_ROUTE_POINTS]
        r.tickets_won = fin[p, L.FN_TICKETS_WON]
        r.tickets_lost = fin[p, L.FN_TICKETS_LOST]
        r.longest_bonus = fin[p, L.FN_LONGEST_BONUS]
        r.explorer_bonus = fin[p, L.FN_EXPLORER_BONUS]
        r.globetrotter_bonus = fin[p, L.FN_GLOBETROTTER_BONUS]
        r.station_points = fin[p, L.FN_STATION_POINTS]
        r.mountain_points = st.ps[p, L.PS_MOUNTAIN_TRAINS] * ru[L.RULE_MOUNTAIN_POINTS]
        r.longest_path = fin[p, L.FN_LONGEST_PATH]
        r.network_cities = fin[p, L.FN_NETWORK_CITIES]
        r.trains_left = st.trains[p]
        r.routes_claimed = st.ps[p, L.PS_ROUTES_CLAIMED]
        r.cards_drawn = st.ps[p, L.PS_CARDS_DRAWN]
        r.tickets_kept = fin[p, L.FN_TICKETS_COMPLETED] + fin[p, L.FN_TICKETS_FAILED]
        r.tickets_midgame = st.ps[p, L.PS_TICKETS_DRAWN_MIDGAME]
        r.tickets_completed = fin[p, L.FN_TICKETS_COMPLETED]
        r.tickets_failed = fin[p, L.FN_TICKETS_FAILED]
        r.stations_built = st.ps[p, L.PS_STATIONS_BUILT]
        r.passes = st.ps[p, L.PS_PASSES]
        r.tunnels_tried = st.ps[p, L.PS_TUNNELS_TRIED]
        r.tunnels_abandoned = st.ps[p, L.PS_TUNNELS_ABANDONED]
        r.turns = st.ps[p, L.PS_TURNS]
        r.winner = fin[p, L.FN_WINNER] != 0
        r.mountain_trains = st.ps[p, L.PS_MOUNTAIN_TRAINS]
        r.mountain_routes = st.ps[p, L.PS_MOUNTAIN_ROUTES]
        r.special_tickets = st.ps[p, L.PS_GT_SPECIAL]
        r.town_hall_crypt = st.ps[p, L.PS_GT_CRYPT] != 0
        r.town_hall_manor = st.ps[p, L.PS_GT_MANOR] != 0
        r.bonus_cards = st.ps[p, L.PS_GT_BONUS_CARDS]
        r.ticket_swaps = st.ps[p, L.PS_GT_SWAPS]
        r.team = p // team_size
        r.cards_shared = st.ps[p, L.PS_CARDS_SHARED]
        r.holder_cards_used = st.ps[p, L.PS_HOLDER_CARDS_USED]
        r.tickets_shared = st.ps[p, L.PS_TICKETS_SHARED]
        r.share_actions = st.ps[p, L.PS_SHARE_ACTIONS]
        r.locos_left = st.hand[p, L.LOCO]
        r.grand_tour_tickets = fin[p, L.FN_GRAND_TOUR_TICKETS]
        r.grand_tour_bonus = fin[p, L.FN_GRAND_TOUR_BONUS]
    for t in range(bd.n_tickets):
        res = st.ticket_result[t]
        if res == L.TR_NOT_HELD:
            continue
        k = tickets[counts[2]]
        counts[2] += 1
        k.game = game
        k.seat = st.ticket_holder[t]
        k.ticket = t
        k.long = bd.tickets[t, L.TK_LONG] != 0
        k.setup = st.ticket_kept_turn[t] < 0
        k.completed = res > 0
        k.via_station = res == L.TR_VIA_STATION
        k.turn_kept = st.ticket_kept_turn[t]
        k.turn_completed = st.ticket_done_turn[t]
        k.shared = st.ticket_shared[t] != 0
        k.option = st.ticket_option[t]
        k.points = st.ticket_points[t]
    for r in range(bd.n_routes):
        if st.owner[r] < 0:
            continue
        c = claims[counts[3]]
        counts[3] += 1
        c.game = game
        c.seat = st.owner[r]
        c.route = r
        c.turn = st.claim_turn[r]
        c.colour = st.claim_colour[r]
        c.locos = st.claim_locos[r]
    log = st.tunnel_log
    for i in range(st.sc[L.SC_N_TUNNEL_LOG]):
        u = tunnels[counts[4]]
        counts[4] += 1
        u.game = game
        u.seat = log[i, L.TL_SEAT]
        u.route = log[i, L.TL_ROUTE]
        u.turn = log[i, L.TL_TURN]
        u.colour = log[i, L.TL_COLOUR]
        u.revealed = log[i, L.TL_REVEALED]
        u.to_reveal = log[i, L.TL_TO_REVEAL]
        u.surcharge = log[i, L.TL_SURCHARGE]
        u.paid = log[i, L.TL_PAID] != 0
        u.pile_size = log[i, L.TL_PILE]
        u.discard_size = log[i, L.TL_DISCARD]
        u.deck_pink = log[i, L.TL_DECK + 0]
        u.deck_white = log[i, L.TL_DECK + 1]
        u.deck_blue = log[i, L.TL_DECK + 2]
        u.deck_yellow = log[i, L.TL_DECK + 3]
        u.deck_orange = log[i, L.TL_DECK + 4]
        u.deck_black = log[i, L.TL_DECK + 5]
        u.deck_red = log[i, L.TL_DECK + 6]
        u.deck_green = log[i, L.TL_DECK + 7]
        u.deck_locomotive = log[i, L.TL_DECK + 8]
