"""Greedy weighs the Legendary Asia mountain trade (LA-MTN-2, LA-MTN-3): a
mountain route scores its route points plus 2 per X, but each X costs a
train from the supply. On constructed positions of the Legendary Asia board:
with plenty of trains greedy takes the mountain lane of a double (and a
mountain route its plan needs); with its trains all needed by its plan it
takes the equal plain grey lane."""

import numpy as np
from helpers import Game

from kernels import layouts as L
from kernels.bots.dispatch import choose_action
from kernels.bots.heuristic.greedy import mountain_x_value, train_value
from kernels.bots.shared import params as P
from kernels.core.actions import action_a, action_b, action_kind

RED = L.COLOUR_NAMES.index("red")
YELLOW = L.COLOUR_NAMES.index("yellow")


def greedy_choice(g: Game, p: int = 0):
    rng = np.zeros(1, np.uint64)
    a = choose_action(P.BOT_GREEDY, g.st, g.bd, g.ru, p, rng, g.ws)
    assert a in g.legal(), "greedy chose an illegal action"
    return int(action_kind(a)), int(action_a(a)), int(action_b(a))


def lane(g: Game, a: str, b: str, kind: str) -> int:
    rt = g.board.routes
    a, b = sorted((a, b))
    sel = rt[(rt["a"] == a) & (rt["b"] == b) & (rt["kind"] == kind)]
    assert len(sel) == 1
    return int(sel.index[0])


def moscow_perm_position(trains: int) -> Game:
    """Seat 0 holds Perm-Tehran and owns Moscow-Astrakhan; seat 1 owns the
    direct Perm-Astrakhan. Seat 0's cheapest network is then the Moscow-Perm
    double (a grey 3 lane, and a red 3 mountain lane with one X) plus the
    3-space Astrakhan-Tehran ferry: 6 trains. Its hand (3 red) pays either
    Moscow-Perm lane and nothing else."""
    g = Game("legendary_asia", 2)
    g.blank()
    g.hold(0, g.ticket("Perm", "Tehran"))
    g.give(0, g.route("Moscow", "Astrakhan", "orange"))
    g.give(1, g.route("Perm", "Astrakhan"))
    g.set_hand(0, red=3)
    g.set_pile(["blue"] * 20)
    g.st.trains[0] = trains
    return g


def test_greedy_takes_the_mountain_lane_with_plenty_of_trains():
    """LA-MTN-2: with 40 trains and a 6-train plan the X is worth its 2 points."""
    g = moscow_perm_position(40)
    kind, r, colour = greedy_choice(g)
    assert (kind, r, colour) == (L.A_CLAIM, lane(g, "Moscow", "Perm", "mountain"), RED)


def test_greedy_takes_the_plain_lane_when_its_plan_needs_every_train():
    """LA-MTN-3 from the bot's side: with exactly the 6 trains its plan needs, the
    X would cost a train the ferry needs, so greedy takes the grey lane (paid in red)."""
    g = moscow_perm_position(6)
    kind, r, colour = greedy_choice(g)
    assert (kind, r, colour) == (L.A_CLAIM, lane(g, "Moscow", "Perm", "normal"), RED)


def test_greedy_takes_a_mountain_route_its_plan_needs():
    """A mountain route with no plain alternative is claimed like any other
    planned route: Ankara-Tbilisi (2 yellow + 1 X) finishes Moscow-Ankara."""
    g = Game("legendary_asia", 2)
    g.blank()
    g.hold(0, g.ticket("Moscow", "Ankara"))
    g.give(0, g.route("Moscow", "Astrakhan", "orange"), g.route("Astrakhan", "Tbilisi", "black"))
    g.set_hand(0, yellow=2)
    g.set_pile(["blue"] * 20)
    kind, r, colour = greedy_choice(g)
    assert (kind, r, colour) == (L.A_CLAIM, g.route("Ankara", "Tbilisi"), YELLOW)


def test_mountain_x_value_falls_as_the_plan_takes_the_trains():
    """The trade's arithmetic on the Legendary Asia route table (1, 2, 4, 7, 10, 15
    points for 1..6 spaces; 2 points per X): a train's best use is 15/6 = 2.5 points
    (6-space route), 7/4 with 4 trains left; the X nets 2 - 2.5 x (plan / trains left)."""
    g = Game("legendary_asia", 2)
    assert train_value(g.bd, g.ru, 45) == 2.5
    assert train_value(g.bd, g.ru, 4) == 7 / 4
    assert train_value(g.bd, g.ru, 0) == 0.0
    assert mountain_x_value(g.bd, g.ru, 40, 0) == 2.0
    assert mountain_x_value(g.bd, g.ru, 40, 8) == 2.0 - 2.5 * 0.2
    assert mountain_x_value(g.bd, g.ru, 20, 20) == 2.0 - 2.5
    assert mountain_x_value(g.bd, g.ru, 10, 30) == 2.0 - 2.5  # pressure capped at 1


def test_weighing_the_trade_beats_counting_x_as_a_spent_train():
    """Head to head on Legendary Asia, 2 players, seats alternating: greedy against the same
    bot blind to the mountain points (it reads a rule vector with mountain_points = 0, so each
    X counts only as a train spent; the engine scores with the real rules). Weighing wins
    about 63% (1,000 games); over 400 games it must win more than 55%."""
    from analyzer.boards import load_board
    from analyzer.records import scratch_record, state_record
    from kernels.core.state import init_game, new_state
    from kernels.engine import step
    from kernels.prng import STREAM_BOT, STREAM_DECK, stream_seed

    b = load_board("legendary_asia")
    rules = b.rules()
    bd, ru = b.compile(rules), rules.to_array()
    blind = ru.copy()
    blind[L.RULE_MOUNTAIN_POINTS] = 0
    st, ws = state_record(new_state(bd, ru, 2)), scratch_record()
    wins, games = 0.0, 400
    for game in range(games):
        weighing = game % 2
        init_game(st, bd, ru, 2, np.uint64(stream_seed(77, game, STREAM_DECK)))
        rng = np.array([stream_seed(77, game, STREAM_BOT + p) for p in range(2)], np.uint64)
        ws.plan_version[:] = -1
        while st.sc[L.SC_PHASE] != L.PH_OVER:
            p = st.sc[L.SC_PLAYER]
            step(st, bd, ru, choose_action(P.BOT_GREEDY, st, bd, ru if p == weighing else blind, p,
                                           rng[p:p + 1], ws), ws)
        wins += st.final[weighing, L.FN_WINNER] / st.final[:, L.FN_WINNER].sum()  # a shared win counts half
    assert wins / games > 0.55
