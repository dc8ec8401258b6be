"""Every bot decides on what its seat can see. Whole games with the bot at
every seat; at every decision the choice is made again on a state the seat
cannot tell from the real one (helpers.other_world: the other hands and the
pile dealt again with every count kept, the tickets it has not seen moved
between the places that hold such tickets: the ticket pile, the other seats'
hands, undecided setup deals, the box). The choice never changes. The search
player has its own test (tests/test_bots_expert.py); the planner family's
mid-game ticket choices are also checked against a simpler change of the
hidden state (tests/test_bots_tickets.py)."""

import numpy as np
import pytest
from helpers import Game, copy_record, other_world

from kernels import layouts as L
from kernels.bots import params as P
from kernels.bots.dispatch import choose_action
from kernels.core.actions import action_a, action_b, action_kind

BOTS = {"planner": P.BOT_PLANNER, "planner-v1": P.BOT_PLANNER_V1, "blocker": P.BOT_BLOCKER,
        "destination-hungry": P.BOT_DESTINATION_HUNGRY, "route-focus": P.BOT_ROUTE_FOCUS,
        "long-route": P.BOT_LONG_ROUTE, "one-step": P.BOT_ONE_STEP, "greedy": P.BOT_GREEDY, "random": P.BOT_RANDOM}
CASES = [("europe", 4, "planner"), ("europe", 3, "planner-v1"), ("europe", 3, "blocker"),
         ("europe", 3, "destination-hungry"), ("europe", 3, "route-focus"), ("europe", 3, "long-route"),
         ("europe", 3, "one-step"), ("europe", 3, "greedy"), ("europe", 3, "random"), ("usa", 2, "planner"),
         ("usa", 2, "greedy"), ("india", 3, "planner"), ("switzerland", 3, "planner"),
         ("nordic_countries", 3, "planner"), ("legendary_asia", 3, "planner"), ("team_asia", 4, "planner"),
         ("team_asia", 4, "greedy"), ("ghost_train", 3, "planner"), ("ghost_train", 3, "greedy")]


def _choose(g, bot, st, ws, seed):
    return int(choose_action(np.int64(bot), st, g.bd, g.ru, int(st.sc[L.SC_PLAYER]), np.array([seed], np.uint64), ws))


@pytest.mark.parametrize("board,players,bot_name", CASES, ids=[f"{b}-{n}p-{k}" for b, n, k in CASES])
def test_a_choice_ignores_what_the_seat_cannot_see(board, players, bot_name):
    bot = BOTS[bot_name]
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
