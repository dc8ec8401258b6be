"""The search player's truncated rollouts: a rollout of a points game stops
after BP_EXPERT_HORIZON turns of every seat and scores the position with an
estimate of the final result instead of playing to the end.

The estimate is the game's own scoring applied now (route points, tickets
joined so far, unbuilt stations, the longest-trail bonus on the current
networks; kernels/core/scoring.py), plus for each seat
- each held ticket it has not joined at its expected value (2 c - 1) x points
  rather than minus its points: c is a logistic in the seat's turns to the
  end, the trains of its cheapest network joining its open tickets
  (kernels/bots/planning/network.py plan_network), its price of the ticket's
  own cheapest open path, its trains and its cards (the EXPERT_HORIZON_CHANCE_*
  coefficients), 0 when that path is longer than its trains or none exists;
- the route points it adds by the end: ROUTE_BASE + ROUTE_PER_TRAIN x the
  trains it can still place (its trains, at most the clock's trains per turn
  to the end plus CARD_TRAINS per card held).
The coefficients are fitted on planner-v1 games (bench/fit_horizon.py). A
win is worth BP_EXPERT_WIN_POINTS times a logistic in the estimated margin
(BP_EXPERT_HORIZON_SPREAD points per logit unit). Helpers inline into the
expert kernel (compile time)."""

import math

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.planning.network import UNREACHABLE, plan_network, price_without_plan
from kernels.bots.shared import params as P
from kernels.bots.shared.plan import ticket_distance
from kernels.bots.shared.table import fewest_trains, hand_size
from kernels.core.scoring import score_points_game

NEVER = np.int64(1) << 40  # a rollout's stop turn when it plays to the end
CARD_TRAINS = 0.6  # trains a card held is taken to place by the end (3 cards a route of 3; a turn draws 2)
PATH_CAP = 100.0  # a ticket's own path price enters the chance at most this (none: INF)


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


@njit(cache=True, _nrt=False, inline="always")
def turns_to_end(st, ru, clock):
    """Each seat's turns before the game ends: the last round's when it has
    begun, else the fewest trains any seat holds down to the end trigger at
    `clock` trains a turn, plus the last round."""
    if st.sc[L.SC_END_COUNTDOWN] >= 0:
        return st.sc[L.SC_END_COUNTDOWN] / st.sc[L.SC_N_PLAYERS]
    return max(fewest_trains(st) - ru[L.RULE_END_TRAINS], 0) / clock + 1.0


@njit(cache=True, _nrt=False, inline="always")
def placeable_trains(st, q, turns, clock):
    """Trains q can still place by the end: its trains, at most `clock` a turn
    plus CARD_TRAINS per card it holds now."""
    return min(float(st.trains[q]), clock * turns + CARD_TRAINS * hand_size(st, q))


@njit(cache=True, _nrt=False, inline="always")
def ticket_chance(prm, turns, network, path, trains, cards):
    """The fitted chance a seat joins a held, unjoined ticket by the end (0 when
    its own cheapest path is longer than the seat's trains or none exists)."""
    if path > trains:
        return 0.0
    x = (prm[P.BP_EXPERT_HORIZON_CHANCE_BIAS] + prm[P.BP_EXPERT_HORIZON_CHANCE_TURNS] * turns
         + prm[P.BP_EXPERT_HORIZON_CHANCE_NETWORK] * network
         + prm[P.BP_EXPERT_HORIZON_CHANCE_PATH] * min(path, PATH_CAP)
         + prm[P.BP_EXPERT_HORIZON_CHANCE_TRAINS] * trains
         + prm[P.BP_EXPERT_HORIZON_CHANCE_CARDS] * min(cards, network))
    return 1.0 / (1.0 + math.exp(-x))


@njit(cache=True, _nrt=False, inline="always")
def network_trains(st, bd, q, ws):
    """The trains of q's cheapest network joining its open tickets (those no open path joins left out),
    leaving ws's prices as q's without its plan, for ticket_distance."""
    raw = plan_network(st, bd, q, ws, np.int64(0), np.int64(-1), np.int64(1))
    network = raw - UNREACHABLE * math.floor(raw / UNREACHABLE)
    price_without_plan(st, bd, q, ws)
    return network


@njit(cache=True, _nrt=False)
def seat_gain(st, bd, ru, q, ws, turns):
    """Points to add to q's scoring-now total (which counts every unjoined
    ticket at minus its points): 2 c x points per unjoined ticket, and the
    route points it adds by the end. Needs score_points_game's ticket results."""
    prm = ws.bot_params
    clock = prm[P.BP_EV_CLOCK]
    gain = prm[P.BP_EXPERT_HORIZON_ROUTE_BASE] + prm[P.BP_EXPERT_HORIZON_ROUTE_PER_TRAIN] * placeable_trains(
        st, q, turns, clock)
    network = network_trains(st, bd, q, ws)
    trains = float(st.trains[q])
    cards = float(hand_size(st, q))
    for t in range(bd.n_tickets):
        if st.ticket_holder[t] != q or st.ticket_option[t] >= 0:
            continue
        c = ticket_chance(prm, turns, network, ticket_distance(bd, t, ws), trains, cards)
        gain += 2.0 * c * (-float(st.ticket_points[t]))  # ticket_points holds the unjoined ticket's loss (< 0)
    return gain


@njit(cache=True, _nrt=False)
def horizon_value(st, bd, ru, p, ws):
    """A truncated rollout's value for p: its estimated final total minus the
    best other's, plus BP_EXPERT_WIN_POINTS x the estimated chance it wins."""
    score_points_game(st, bd, ru, ws)
    n = st.sc[L.SC_N_PLAYERS]
    prm = ws.bot_params
    turns = turns_to_end(st, ru, prm[P.BP_EV_CLOCK])
    mine = 0.0
    other = -1e30
    for q in range(n):
        total = float(st.final[q, L.FN_TOTAL]) + seat_gain(st, bd, ru, q, ws, turns)
        if q == p:
            mine = total
        else:
            other = max(other, total)
    margin = mine - other
    spread = max(prm[P.BP_EXPERT_HORIZON_SPREAD], 1e-9)
    return margin + prm[P.BP_EXPERT_WIN_POINTS] / (1.0 + math.exp(-margin / spread))
