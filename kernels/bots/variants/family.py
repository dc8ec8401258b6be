"""Which `planner` plays a rule family: the solo planner on the points game,
its Team Asia and Ghost Train counterparts on the variants. One place for the
choice, used by the dispatcher (the `planner` bot) and by the search player
(its default move and every seat's move in a rollout)."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.heuristic.planner import planner_action
from kernels.bots.shared import params as P
from kernels.bots.variants.ghost_planner import ghost_planner_action
from kernels.bots.variants.team_planner import team_planner_action


# Inlined, as the dispatcher is: it only forwards the state's arrays.
@njit(cache=True, _nrt=False, inline="always")
def rule_family_planner(st, bd, ru, p, rng, ws, ticket_estimate):
    """The planner of the game's rule family (ticket_estimate: on the points game, the
    mid-game ticket estimate of `planner`; False plays `planner-v1`'s rules)."""
    family = ru[L.RULE_FAMILY]
    if family == L.FAMILY_TEAMS:
        return team_planner_action(st, bd, ru, p, rng, ws)
    if family == L.FAMILY_TICKET_RACE:
        return ghost_planner_action(st, bd, ru, p, rng, ws)
    return planner_action(np.int64(P.BOT_PLANNER), st, bd, ru, p, rng, ws, ticket_estimate)
