"""Which function plays a seat's bot on this rule family. Adding a bot: write
its module, add a branch here and a name to analyzer.bots.BOTS."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.heuristic.greedy import greedy_action
from kernels.bots.heuristic.long_route import long_route_action
from kernels.bots.heuristic.one_step import one_step_action
from kernels.bots.heuristic.planner import planner_action
from kernels.bots.heuristic.random import random_action
from kernels.bots.heuristic.route_focus import route_focus_action
from kernels.bots.search.expert import expert_action
from kernels.bots.shared import params as P
from kernels.bots.variants.family import rule_family_planner
from kernels.bots.variants.ghost_greedy import ghost_greedy_action


# Inlined into the runner's loop: it only forwards its arguments to a bot.
@njit(cache=True, _nrt=False, inline="always")
def choose_action(bot, st, bd, ru, p, rng, ws):
    if bot == P.BOT_RANDOM:
        return random_action(st, bd, ru, p, rng, ws)
    if bot == P.BOT_EXPERT:  # searches over the planner of the game's rule family
        return expert_action(st, bd, ru, p, rng, ws)
    if bot == P.BOT_PLANNER:  # every rule family has its own (kernels/bots/variants/family.py)
        return rule_family_planner(st, bd, ru, p, rng, ws, np.bool_(True))
    family = ru[L.RULE_FAMILY]
    # Team Asia and Ghost Train have their own greedy and planner; the rest of the
    # heuristic suite is refused there by analyzer.bots, so any other bot is
    # played as greedy only as a safe legal fallback.
    if family == L.FAMILY_TEAMS:
        return greedy_action(st, bd, ru, p, rng, ws)
    if family == L.FAMILY_TICKET_RACE:
        return ghost_greedy_action(st, bd, ru, p, rng, ws)
    if bot == P.BOT_DESTINATION_HUNGRY or bot == P.BOT_BLOCKER:
        return planner_action(bot, st, bd, ru, p, rng, ws, np.bool_(True))
    if bot == P.BOT_PLANNER_V1:  # planner without the mid-game ticket estimate
        return rule_family_planner(st, bd, ru, p, rng, ws, np.bool_(False))
    if bot == P.BOT_ROUTE_FOCUS:
        return route_focus_action(st, bd, ru, p, rng, ws)
    if bot == P.BOT_LONG_ROUTE:
        return long_route_action(st, bd, ru, p, rng, ws)
    if bot == P.BOT_ONE_STEP:
        return one_step_action(st, bd, ru, p, rng, ws)
    if bot == P.BOT_GREEDY:
        return greedy_action(st, bd, ru, p, rng, ws)
    return random_action(st, bd, ru, p, rng, ws)
