"""The search player's truncated rollouts: a rollout of a points game stops
after BP_EXPERT_HORIZON turns of every seat and scores the position with an
estimate of the final result instead of playing to the end.

The estimate is the game's own scoring applied now (route points, tickets
joined so far, unbuilt stations, the longest-trail bonus on the current
networks; kernels/core/scoring.py), with each ticket a seat has not joined
counted at its expected value (2 c - 1) x points rather than minus its points:
c is the planner's finish chance (kernels/bots/planning/ticket_value.py
finish_chance) of placing the trains of the seat's cheapest network joining
its open tickets (kernels/bots/planning/network.py plan_network) in the turns
the opponents' trains leave it, 0 for a ticket no open path joins or whose
own path is longer than the seat's trains. A win is worth BP_EXPERT_WIN_POINTS
times a logistic in the estimated margin (BP_EXPERT_HORIZON_SPREAD points
per logit unit). Helpers inline into the expert kernel (compile time)."""

import math

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.planning.network import UNREACHABLE, plan_network, price_without_plan
from kernels.bots.planning.ticket_value import finish_chance, turns_left
from kernels.bots.shared import params as P
from kernels.bots.shared.plan import ticket_distance
from kernels.core.scoring import score_points_game

NEVER = np.int64(1) << 40  # a rollout's stop turn when it plays to the end


@njit(cache=True, _nrt=False, inline="always")
def stop_turn(st, ru, horizon):
    """The turn counter at which a rollout starting now stops: horizon turns of
    every seat ahead on a points game of single seats, NEVER otherwise (0: never)."""
    if horizon <= 0.0 or ru[L.RULE_FAMILY] != L.FAMILY_POINTS:
        return NEVER
    return st.sc[L.SC_TURN] + np.int64(horizon) * st.sc[L.SC_N_PLAYERS]


@njit(cache=True, _nrt=False, inline="always")
def at_horizon(st, stop):
    """The rollout stops here: the stop turn is reached at the start of a turn
    (never inside a draw, a keep or a tunnel)."""
    return st.sc[L.SC_TURN] >= stop and st.sc[L.SC_PHASE] == L.PH_TURN


@njit(cache=True, _nrt=False)
def open_ticket_chance(st, bd, ru, q, ws, t, network, trains_q, left, cards):
    """Chance seat q joins its open ticket t by the end: 0 when no open path
    joins it or its own cheapest path needs more trains than q holds, else the
    finish chance of q's whole network (`network` trains). ws.price must hold
    q's prices without a plan."""
    if ticket_distance(bd, t, ws) > trains_q:
        return 0.0
    if network > trains_q:
        return 0.0
    return finish_chance(ws, left, network, cards, 0.0)


@njit(cache=True, _nrt=False)
def seat_ticket_gain(st, bd, ru, q, ws):
    """Points to add to q's scoring-now total (which counts every unjoined
    ticket at minus its points): 2 c x points for each unjoined ticket."""
    raw = plan_network(st, bd, q, ws, np.int64(0), np.int64(-1), np.int64(1))
    lost = math.floor(raw / UNREACHABLE)
    network = raw - UNREACHABLE * lost
    trains_q = float(st.trains[q])
    left = turns_left(st, ru, q, ws)
    cards = 0
    for k in range(st.hand.shape[1]):
        cards += st.hand[q, k]
    price_without_plan(st, bd, q, ws)
    gain = 0.0
    for t in range(bd.n_tickets):
        if st.ticket_holder[t] != q or st.ticket_option[t] >= 0:
            continue
        c = open_ticket_chance(st, bd, ru, q, ws, t, network, trains_q, left, cards)
        gain += 2.0 * c * (-float(st.ticket_points[t]))  # ticket_points holds the failed ticket's loss (< 0)
    return gain


@njit(cache=True, _nrt=False)
def horizon_value(st, bd, ru, p, ws):
    """A truncated rollout's value for p: its estimated final total minus the
    best other's, plus BP_EXPERT_WIN_POINTS x the estimated chance it wins."""
    score_points_game(st, bd, ru, ws)
    n = st.sc[L.SC_N_PLAYERS]
    mine = 0.0
    other = -1e30
    for q in range(n):
        total = float(st.final[q, L.FN_TOTAL]) + seat_ticket_gain(st, bd, ru, q, ws)
        if q == p:
            mine = total
        else:
            other = max(other, total)
    margin = mine - other
    prm = ws.bot_params
    spread = max(prm[P.BP_EXPERT_HORIZON_SPREAD], 1e-9)
    return margin + prm[P.BP_EXPERT_WIN_POINTS] / (1.0 + math.exp(-margin / spread))
