"""Every bot decides on what its seat can see. Whole games with the bot at
every seat; at every decision the choice is made again on a state the seat
cannot tell from the real one (helpers.other_world: the other hands and the
pile dealt again with every count kept, the tickets it has not seen moved
between the places that hold such tickets: the ticket pile, the other seats'
hands, undecided setup deals, the box). The choice never changes. The search
player has its own test (tests/kernels/bots/test_bots_expert.py); the planner family's
mid-game ticket choices are also checked against a simpler change of the
hidden state (tests/kernels/bots/test_bots_tickets.py)."""

import numpy as np
import pytest
from helpers import Game
from worlds import BOT_MIXES, copy_record, other_world

from analyzer.bots import bot_ids
from kernels import layouts as L
from kernels.bots.dispatch import choose_action
from kernels.core.actions import action_a, action_b, action_kind

CASES = BOT_MIXES


def _choose(g, bot, st, ws, seed):
    return int(choose_action(np.int64(bot), st, g.bd, g.ru, int(st.sc[L.SC_PLAYER]), np.array([seed], np.uint64), ws))


@pytest.mark.parametrize("board,players,bot_name", CASES, ids=[f"{b}-{n}p-{k}" for b, n, k in CASES])
def test_a_choice_ignores_what_the_seat_cannot_see(board, players, bot_name):
    bot = int(bot_ids([bot_name])[0])
    g = Game(board, players, seed=21)
    checked = 0
    for step in range(5000):
        p = g.player
        seed = 500 + step
        a = _choose(g, bot, copy_record(g.st), copy_record(g.ws), seed)
        hidden = copy_record(g.st)
        other_world(g, hidden, g.ws, p, seed)
        assert _choose(g, bot, hidden, copy_record(g.ws), seed) == a, (step, p, int(g.st.sc[L.SC_PHASE]))
        checked += 1
        assert _choose(g, bot, g.st, g.ws, seed) == a
        if g.act(int(action_kind(a)), int(action_a(a)), int(action_b(a))):
            break
    else:
        raise AssertionError("game did not end")
    assert checked > 50
