"""The planner family remembers, per seat, that nothing it reads has changed
(kernels/bots/planning/network.py refresh_network_plan: ws.plan_checked;
kernels/bots/planning/moves.py station_choice: ws.station_none), keyed by the board
version (a claim or a station) and the tickets the seat kept. Played through
whole games decision by decision, every decision with those memos is the
decision the same bot takes with them forgotten, and leaves the same plan;
the memos are used (many decisions skip the checks).

choose_keep_mask's memo of its first paths (kernels/bots/planning/keep_memo.py)
lasts from game to game: over the setups of many games played on one
Scratch, every keep with the memo is the keep with it forgotten, and leaves
the same plan."""

import numpy as np
import pytest
from helpers import Game

from analyzer.records import scratch_record
from kernels import layouts as L
from kernels.bots.dispatch import choose_action
from kernels.bots.shared import params as P
from kernels.bots.shared.scratch import SCRATCH
from kernels.engine import step


def _copy(ws):
    c = scratch_record()
    for name in SCRATCH.names:
        getattr(c, name)[...] = getattr(ws, name)
    return c


def _forgetful_copy(ws):
    """A copy of the Scratch with both memos forgotten."""
    c = _copy(ws)
    c.plan_checked[:, :] = 0
    c.station_none[:, :] = 0
    return c


@pytest.mark.parametrize("board,players,bot", [("europe", 4, P.BOT_PLANNER), ("europe", 3, P.BOT_PLANNER_V1),
                                               ("usa", 2, P.BOT_PLANNER)])
def test_a_decision_with_the_memos_is_the_decision_without(board, players, bot):
    skipped_refresh = skipped_station = decisions = 0
    for seed in (3, 4):
        g = Game(board, players, seed=seed)
        g.ws.plan_version[:] = -1
        rngs = np.array([seed * 10 + p for p in range(players)], np.uint64)
        for _ in range(5000):
            st, p = g.st, g.player
            version = int(st.sc[L.SC_BOARD_VERSION])
            drawn = int(st.ps[p, L.PS_TICKETS_DRAWN_MIDGAME])
            skipped_refresh += (g.ws.plan_version[p] != -1 and g.ws.plan_checked[p, 0] == version + 1
                                and g.ws.plan_checked[p, 1] == drawn)
            skipped_station += (g.ws.station_none[p, 0] == version + 1 and g.ws.station_none[p, 1] == drawn)
            fresh = _forgetful_copy(g.ws)
            rng_fresh = rngs[p:p + 1].copy()
            expected = choose_action(np.int64(bot), st, g.bd, g.ru, p, rng_fresh, fresh)
            got = choose_action(np.int64(bot), st, g.bd, g.ru, p, rngs[p:p + 1], g.ws)
            assert got == expected
            np.testing.assert_array_equal(g.ws.want[p], fresh.want[p])
            np.testing.assert_array_equal(g.ws.need[p], fresh.need[p])
            assert g.ws.plan_version[p] == fresh.plan_version[p]
            decisions += 1
            if step(st, g.bd, g.ru, np.int64(got), g.ws):
                break
        else:
            raise AssertionError("game did not end")
    assert skipped_refresh > decisions // 10
    if g.ru[L.RULE_STATIONS] > 0:  # (no stations on the USA board: station_choice returns at once)
        assert skipped_station > decisions // 20


@pytest.mark.parametrize("board,players,bot", [("europe", 4, P.BOT_PLANNER), ("usa", 3, P.BOT_DESTINATION_HUNGRY),
                                               ("india", 4, P.BOT_ROUTE_FOCUS)])
def test_a_keep_with_the_path_memo_is_the_keep_without(board, players, bot):
    ws = scratch_record()  # one Scratch for every game: the memo fills from game to game
    ws.bot_params[:] = Game(board, players).ws.bot_params
    keeps = 0
    for seed in range(40):
        g = Game(board, players, seed=seed)
        ws.plan_version[:] = -1
        rngs = np.array([seed * 10 + p for p in range(players)], np.uint64)
        while g.phase == L.PH_SETUP_KEEP:
            st, p = g.st, g.player
            forgot = _copy(ws)
            forgot.km_key[:] = 0  # nothing remembered
            expected = choose_action(np.int64(bot), st, g.bd, g.ru, p, rngs[p:p + 1].copy(), forgot)
            got = choose_action(np.int64(bot), st, g.bd, g.ru, p, rngs[p:p + 1], ws)
            assert got == expected
            n = g.bd.routes.shape[0]
            np.testing.assert_array_equal(ws.plan_cnt[:n], forgot.plan_cnt[:n])
            np.testing.assert_array_equal(ws.price[:n], forgot.price[:n])
            for d in range(int(forgot.path_len.max())):
                np.testing.assert_array_equal(ws.path_buf[d, :ws.path_len[d]], forgot.path_buf[d, :forgot.path_len[d]])
            keeps += 1
            step(st, g.bd, g.ru, np.int64(got), ws)
    assert keeps == 40 * players
    assert ws.km_hits[0] > keeps  # more than one path a keep on average came from the memo
