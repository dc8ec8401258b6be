"""The value of a rollout stopped before the game's end (expert's
BP_EXPERT_DEPTH): every seat's final score as if the game ended now
(core/scoring.py: routes, tickets against the network with stations, the
bonus terms), except that the tickets not yet completed count their
expected worth, (2 chance - 1) x points, rather than their loss. The chance
is the planner family's logistic estimate (planning/ticket_value.py
finish_chance, fitted to planner games on Europe) of placing the trains the
seat's plan still needs (ws.want: the rollout planner's own plan, so the
network it is building) in its turns left on the opponents' clock, holding
its cards; none when the plan needs more trains than the seat has."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.planning.ticket_value import finish_chance, turns_left
from kernels.bots.shared import params as P
from kernels.bots.shared.plan import planned_trains
from kernels.core.scoring import score_points_game


@njit(cache=True, _nrt=False)
def expected_total(st, bd, ru, q, ws):
    """Seat q's total in st.final (scored as it stands) with its failed
    tickets' loss replaced by their expected worth, plus the points still to
    come from its trains and cards (BP_EXPERT_EVAL_TRAIN, BP_EXPERT_EVAL_CARD)."""
    lost = 0
    for t in range(bd.n_tickets):
        if st.ticket_holder[t] == q and st.ticket_result[t] == L.TR_FAILED:
            lost -= st.ticket_points[t]
    cards = 0
    for k in range(st.hand.shape[1]):
        cards += st.hand[q, k]
    prm = ws.bot_params
    total = st.final[q, L.FN_TOTAL] + prm[P.BP_EXPERT_EVAL_TRAIN] * st.trains[q] + prm[P.BP_EXPERT_EVAL_CARD] * cards
    need = float(planned_trains(st, bd, q, ws))
    if lost <= 0 or need > st.trains[q]:
        return total
    chance = finish_chance(ws, turns_left(st, ru, q, ws), need, cards, 0.0)
    return total + 2.0 * chance * lost


@njit(cache=True, _nrt=False)
def horizon_margin(st, bd, ru, p, ws):
    """Seat p's expected total minus the best other seat's, in a points game
    of seats playing alone; st.final holds the game scored as it stands, and
    p's winner flag says whether p leads on the expected totals."""
    score_points_game(st, bd, ru, ws)
    mine = expected_total(st, bd, ru, p, ws)
    other = -np.inf
    for q in range(st.sc[L.SC_N_PLAYERS]):
        if q != p:
            other = max(other, expected_total(st, bd, ru, q, ws))
    st.final[p, L.FN_WINNER] = 1 if mine >= other else 0
    return mine - other
