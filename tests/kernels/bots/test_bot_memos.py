"""The planner family remembers, per seat, that nothing it reads has changed
(kernels/bots/planning/network.py refresh_network_plan: ws.plan_checked;
kernels/bots/planning/moves.py station_choice: ws.station_none), keyed by the board
version (a claim or a station) and the tickets the seat kept. Played through
whole games decision by decision, every decision with those memos is the
decision the same bot takes with them forgotten, and leaves the same plan;
the memos are used (many decisions skip the checks)."""

import numpy as np
import pytest
from helpers import Game

from analyzer.records import scratch_record
from kernels import layouts as L
from kernels.bots.dispatch import choose_action
from kernels.bots.shared import params as P
from kernels.bots.shared.scratch import SCRATCH
from kernels.engine import step


def _forgetful_copy(ws):
    """A copy of the Scratch with both memos forgotten."""
    c = scratch_record()
    for name in SCRATCH.names:
        getattr(c, name)[...] = getattr(ws, name)
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
