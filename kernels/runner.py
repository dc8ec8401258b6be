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
from kernels.tables import DECISIONS, EVENT_ROWS, game_fits, write_game


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
def play_game(st, bd, ru, bots, master_seed, game, ws):
    """Play game number `game` of the run to its end, in st. Returns the
    decisions taken (bot calls), for the benchmark's time per decision."""
    n_players = bots.shape[0]
    init_game(st, bd, ru, n_players, stream_seed(master_seed, game, np.int64(STREAM_DECK)))
    bot_rng = ws.seat_rng
    for p in range(n_players):
        bot_rng[p] = stream_seed(master_seed, game, STREAM_BOT + p)
        ws.plan_version[p] = -1
        ws.plan_checked[p, 0] = 0  # nothing seen of this game (shared/plan.py board_seen)
        ws.station_none[p, 0] = 0
    decisions = 0
    while st.sc[L.SC_PHASE] != L.PH_OVER:
        p = st.sc[L.SC_PLAYER]
        action = choose_action(np.int64(bots[p]), st, bd, ru, p, bot_rng[p:p + 1], ws)
        step(st, bd, ru, action, ws)
        decisions += 1
    return decisions


def play_block(bd, ru, bots, bot_params, master_seed, first_game, n_games, tables, counts, events=None):
    """Play games first_game .. first_game + n_games - 1 and append their rows
    to `tables`, the record arrays (games, players, tickets, claims, tunnels)
    of kernels/tables.py. bot_params: float64[BP_FIELDS], the bots' weights
    and budgets (--bot-param). counts = rows written per table (a sixth
    entry, when present, adds up the decisions taken: bench/; a seventh, the
    rows of `events`). events: an EVENT_RECORD array the games' card and
    ticket moves are appended to (None: not logged).
    Stops early (returning the games done) when a table has no room for the
    next game's rows; the caller continues with fresh buffers. A game whose
    moves overflow its event log (MAX_EVENTS) raises.

    Allocates the game state and the Scratch here, in Python, so that the
    compiled loop (run_block) needs no runtime: the inlined bots and engine,
    compiled with it, would incref and decref their array arguments at every
    decision, and a compiled allocating level above the loop would emit the
    whole engine once more (docs/speed.md, "Compile time")."""
    state = new_state(bd, ru, bots.shape[0])
    state["events_on"][0, 0] = 0 if events is None else 1
    scratch = new_scratch()
    scratch["bot_params"][0, :] = bot_params
    all_counts = np.zeros(EVENT_ROWS + 1, np.int64)  # one layout for every caller: one compiled signature
    all_counts[:counts.shape[0]] = counts
    log = np.zeros(0, L.EVENT_RECORD) if events is None else events
    done = run_block(state, scratch, bd, ru, bots, master_seed, first_game, n_games, (*tables, log), all_counts)
    counts[:] = all_counts[:counts.shape[0]]
    if state["sc"][0, L.SC_EVENTS_LOST] > 0:
        raise RuntimeError(f"game {first_game + done} moved cards or tickets more than {L.MAX_EVENTS} times: "
                           "its events do not fit the log (kernels/layouts/state.py MAX_EVENTS)")
    return done


@njit(cache=True, nogil=True, _nrt=False)
def run_block(state, scratch, bd, ru, bots, master_seed, first_game, n_games, tables, counts):
    """play_block's loop over games (the only loop over games), in the game
    state and Scratch arrays it allocated (one record each)."""
    st = state[0]
    ws = scratch[0]
    for i in range(n_games):
        game = first_game + i
        decisions = play_game(st, bd, ru, bots, master_seed, game, ws)
        counts[DECISIONS] += decisions
        if st.sc[L.SC_EVENTS_LOST] > 0 or not game_fits(st, bd, bots, tables, counts):
            return i
        write_game(st, bd, ru, bots, game, tables, counts)
    return n_games
