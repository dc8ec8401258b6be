"""A seat's decision reads only what the seat may see. The Scratch is one per
thread, shared by every seat of a game (and by the games of a block): beside
each seat's own memory (its plan, its card needs, its estimate, the tickets
it sent away, each a row of its own) it holds search buffers and work arrays
that every decision overwrites. Played through whole games decision by
decision, every decision is the one the same bot takes when those work
arrays, and the other seats' memories, hold garbage: no decision reads what
another seat's decision left behind (such as another seat's private plan:
tests/kernels/bots/test_bot_station_choice.py). The same holds for the
state's own work array, the purse (the cards of the seat that last paid or
listed a payment: the engine fills it only for listings that pay), which a
bot fills for itself before it reads it."""

import numpy as np
import pytest
from helpers import Game
from worlds import BOT_MIXES, copy_record

from analyzer.bots import bot_ids
from analyzer.records import scratch_record
from kernels import layouts as L
from kernels.bots.dispatch import choose_action
from kernels.bots.shared.scratch import SCRATCH
from kernels.engine import step

# each seat's memory: a row per seat, kept from decision to decision (the rows of other seats are garbled)
SEAT_MEMORY = ("want", "need", "plan_version", "plan_checked", "station_none", "tk_gone", "ev_key", "ev_gain",
               "ex_memo", "ex_gain")
# the same for every decision: the bots' weights, a row of zeros
CONSTANT = ("bot_params", "no_need")
# the expert's rollouts: their streams and the saved game (not used by the bots below)
EXPERT_ONLY = ("ex_rng", "ex_state")


def _garbled_copy(ws, p, rng, n_routes, n_cities, n_tickets):
    """A copy of the Scratch keeping only seat p's memory and the constants; the rest garbage that
    still indexes the board (route, city and ticket numbers in range), so that a read of it changes
    a decision instead of crashing the process."""
    c = scratch_record()
    for name in SCRATCH.names:
        src = getattr(ws, name)
        dst = getattr(c, name)
        if name in CONSTANT or name in EXPERT_ONLY:
            dst[...] = src
            continue
        for part in [dst[f] for f in dst.dtype.names] if dst.dtype.names else [dst]:  # a record field: each of its
            part[...] = _junk(part, rng, min(n_routes, n_cities, n_tickets))
        if name in SEAT_MEMORY:
            dst[p] = src[p]
    return c


def _junk(dst, rng, top):
    """Garbage of dst's shape and type: integers below `top` (numbers that index the board)."""
    kind = dst.dtype.kind
    if kind == "f":
        junk = rng.uniform(0.0, 40.0, dst.shape)
    elif kind == "u":
        junk = rng.integers(0, 2**63, dst.shape, dtype=np.uint64)
    else:
        junk = rng.integers(0, min(top, int(np.iinfo(dst.dtype).max)), dst.shape)
    return junk.astype(dst.dtype)


CASES = BOT_MIXES + [("europe", 2, "expert")]


@pytest.mark.parametrize("board,players,bot_name", CASES, ids=[f"{b}-{n}p-{k}" for b, n, k in CASES])
def test_a_decision_reads_no_other_seat_s_leftovers(board, players, bot_name):
    bot = int(bot_ids([bot_name])[0])
    g = Game(board, players, seed=11)
    g.ws.plan_version[:] = -1
    rng = np.random.default_rng(5)
    rngs = np.array([1000 + p for p in range(players)], np.uint64)
    sizes = (g.bd.routes.shape[0], g.bd.adj_start.shape[0] - 1, g.bd.tickets.shape[0])
    decisions = 0
    for _ in range(5000):
        st, p = g.st, g.player
        garbled = _garbled_copy(g.ws, p, rng, *sizes)
        rng_garbled = rngs[p:p + 1].copy()
        st_garbled = copy_record(st)
        st_garbled.purse[:] = rng.integers(0, 13, st.purse.shape)
        expected = choose_action(np.int64(bot), st_garbled, g.bd, g.ru, p, rng_garbled, garbled)
        got = choose_action(np.int64(bot), st, g.bd, g.ru, p, rngs[p:p + 1], g.ws)
        assert got == expected, (decisions, p, int(st.sc[L.SC_PHASE]))
        for name in SEAT_MEMORY:
            np.testing.assert_array_equal(getattr(g.ws, name)[p], getattr(garbled, name)[p], err_msg=name)
        decisions += 1
        if step(st, g.bd, g.ru, np.int64(got), g.ws):
            break
    else:
        raise AssertionError("game did not end")
    assert decisions > 50
