"""`expert`: at each turn and ticket keep, scores the planner's choice and a
few alternatives by playing determinized games out with planner at every
seat (flat Monte Carlo, successive halving), and plays the best.

Flat Monte Carlo with successive halving over a short candidate list, on
determinizations. At a turn's first decision and at every ticket keep it
lists candidates: the planner's own choice first, then (at a turn) a card
draw, a ticket draw and the best claimable routes of its plan and of the
board; at a keep, every legal keep. Each deal redeals what the seat cannot
see (kernels/bots/search/determinize.py) once for all candidates, with
fresh bot memory and the other seats' plans made for it (deal()); each
candidate's rollout plays the candidate from it, then the game to its end
with `planner` at every seat (streams of the deal's own), and scores own
final score minus the best other score, plus BP_EXPERT_WIN_POINTS for a
win. Candidates share each round's deals and rollout streams (common random
numbers), so they are compared on the same deals, each by its gain over
the planner's choice; each round keeps the better half, and the best
replaces the planner's choice only when its gain is clear of the noise
(BP_EXPERT_SWITCH_Z). The second card of a draw, tunnels and stations are
the planner's.

Rollouts run in the game's own state and scratch (no allocation in a
kernel): the state and every seat's bot memory are set aside in the Scratch
(kernels/bots/search/memory.py) and put back before the choice is returned.
All randomness comes from the seat's own bot stream, so a game is the same
for a seed at any thread count."""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bots.planning.moves import draw_for_need, route_points
from kernels.bots.planning.network import refresh_network_plan
from kernels.bots.search.determinize import determinize
from kernels.bots.search.horizon import at_horizon, horizon_value, stop_turn
from kernels.bots.search.memory import (
    fresh_memory,
    fresh_memory_of_others,
    load_deal,
    load_memory,
    load_state,
    save_deal,
    save_memory,
    save_state,
)
from kernels.bots.shared import params as P
from kernels.bots.shared.paying import pay_colour
from kernels.bots.shared.table import fewest_trains
from kernels.bots.variants.family import rule_family_planner
from kernels.core.actions import action_a, action_b, action_kind, make_action
from kernels.core.seats import team_first
from kernels.engine import legal_actions, step
from kernels.prng import mix64, next_u64

MIN_PAIRS = 4  # the planner's choice stands unless the best other was compared with it on this many deals
BASE_TRAINS = 45  # a seat's trains in the base game (BASE-CMP-2): EXPERT_WIDE_TRAINS is in its trains


# successive_halving and rollout are inlined into this one function: each
# separately compiled level would link, optimise and emit the engine and the
# planner once more (Numba optimises a function together with its callees;
# docs/speed.md "Compile time").
@njit(cache=True, _nrt=False)
def expert_action(st, bd, ru, p, rng, ws):
    phase = st.sc[L.SC_PHASE]
    planned = rule_family_planner(st, bd, ru, p, rng, ws, np.bool_(True))
    keep = phase == L.PH_SETUP_KEEP or phase == L.PH_KEEP_TICKETS
    if not keep and phase != L.PH_TURN:
        return planned
    prm = ws.bot_params
    if keep:
        n = keep_candidates(st, bd, ru, ws, planned, ru[L.RULE_FAMILY] == L.FAMILY_TEAMS)
        budget = np.int64(prm[P.BP_EXPERT_ROLLOUTS] * prm[P.BP_EXPERT_KEEP_FACTOR] * late_factor(st, ru, prm))
    else:
        wide = wide_list(st, ru, prm)
        n = turn_candidates(st, bd, ru, p, ws, planned, candidate_limit(prm, wide))
        budget = turn_budget(st, ru, prm, wide)
    if n <= 1 or budget <= 0:
        return planned
    save_state(ws, st)
    save_memory(ws, ws.ex_memo[:], ws.ex_gain[:])
    best = successive_halving(st, bd, ru, p, ws, n, budget, next_u64(rng))
    load_state(st, ws)
    load_memory(ws, ws.ex_memo[:], ws.ex_gain[:])
    a = ws.ex_cand[best]
    if keep:  # p's memory of the tickets it sent away follows its own keep, not the planner's
        for i in range(st.sc[L.SC_N_OFFER]):
            ws.tk_gone[p, st.offer[i]] = 1 - ((action_a(a) >> i) & 1)
    return a


@njit(cache=True, _nrt=False, inline="always")
def late_factor(st, ru, prm):
    """The budget's multiplier: a seat's starting trains over the fewest any
    seat holds, at most BP_EXPERT_LATE_BOOST (1 at the start). A rollout's
    cost follows the trains left to play, so a late decision searched this
    much harder costs about what an early one does."""
    boost = prm[P.BP_EXPERT_LATE_BOOST]
    if boost <= 1.0:
        return 1.0
    return min(boost, ru[L.RULE_TRAINS] / max(fewest_trains(st), 1.0))


@njit(cache=True, _nrt=False, inline="always")
def turn_budget(st, ru, prm, wide):
    """Rollouts at a turn: EXPERT_ROLLOUTS x the late factor, and at least
    EXPERT_WIDE_ROLLOUTS with the wide list on (`wide`)."""
    budget = np.int64(prm[P.BP_EXPERT_ROLLOUTS] * late_factor(st, ru, prm))
    if wide:
        budget = max(budget, np.int64(prm[P.BP_EXPERT_WIDE_ROLLOUTS]))
    return budget


@njit(cache=True, _nrt=False, inline="always")
def candidate_limit(prm, wide):
    """Candidates listed at a turn: EXPERT_CANDIDATES, or MAX_CANDIDATES with
    the wide list on (`wide`)."""
    if wide:
        return np.int64(P.MAX_CANDIDATES)
    return np.int64(prm[P.BP_EXPERT_CANDIDATES])


@njit(cache=True, _nrt=False, inline="always")
def wide_list(st, ru, prm):
    """Some seat is down to EXPERT_WIDE_TRAINS trains of a 45-train game
    (when that is above 0), scaled to the rule set's trains: 12 of 45 is 5 of
    Ghost Train's 20. The last turns' claims decide close games, and a
    rollout from there is a few turns long; on a board of fewer trains the
    unscaled count would be most of the game."""
    wide = prm[P.BP_EXPERT_WIDE_TRAINS]
    return wide > 0.0 and fewest_trains(st) * BASE_TRAINS <= wide * ru[L.RULE_TRAINS]


@njit(cache=True, _nrt=False, inline="always")  # see expert_action
def successive_halving(st, bd, ru, p, ws, n, budget, seed):
    """Index in ws.ex_cand of the chosen candidate. The planner's choice
    (index 0) is played on every determinization; each other candidate is
    scored by its gain over it on the same determinizations (paired, so the
    deal's luck cancels). Round after round the better half of the others
    survives. The best of them replaces the planner's choice only when its
    mean gain exceeds BP_EXPERT_SWITCH_Z standard errors: picking the best of
    several noisy means favours the noisiest (a big ticket keep, a ticket
    draw), and the planner's choice is a strong default. For the same reason
    the search ends as soon as every surviving candidate trails it by more
    than BP_EXPERT_STOP_Z standard errors (checked after every deal)."""
    cand = ws.ex_cand[:]
    gain = ws.ex_stats[0]
    square = ws.ex_stats[1]
    runs = ws.ex_stats[2]
    for i in range(n):
        gain[i] = 0.0
        square[i] = 0.0
        runs[i] = 0.0
    n = affordable_candidates(n, budget)
    if n <= 1:
        return 0  # the budget cannot compare even one other candidate on MIN_PAIRS deals
    rounds = halving_rounds(n)
    least = (MIN_PAIRS + rounds - 1) // rounds  # deals per round that give a survivor MIN_PAIRS pairs
    alive = n
    world = 0
    stop_z = ws.bot_params[P.BP_EXPERT_STOP_Z]
    stop = stop_turn(st, ru, ws.bot_params[P.BP_EXPERT_HORIZON])
    for _ in range(rounds):
        per = max(budget // (rounds * alive), least)
        for _ in range(per):
            deal(st, bd, ru, p, ws, mix64(seed + np.uint64(world) * np.uint64(0x9E3779B97F4A7C15)))
            world += 1
            base = rollout(st, bd, ru, p, ws, cand[0], stop)
            for i in range(1, alive):
                d = rollout(st, bd, ru, p, ws, cand[i], stop) - base
                gain[i] += d
                square[i] += d * d
                runs[i] += 1.0
            if stop_z > 0.0 and _all_behind(gain, square, runs, alive, stop_z):
                return 0  # no other candidate can plausibly pass the switch test: save the rest of the budget
        # better half of the others first (stable selection: ties keep the earlier)
        for i in range(1, alive):
            b = i
            for j in range(i + 1, alive):
                if gain[j] / max(runs[j], 1.0) > gain[b] / max(runs[b], 1.0):
                    b = j
            if b != i:
                _swap(cand, gain, square, runs, i, b)
        alive = 1 + (alive - 1 + 1) // 2
    m = runs[1]
    if m < MIN_PAIRS:
        return 0  # too few pairs to tell a gain from noise (a small budget spread over many keeps)
    mean = gain[1] / m
    if mean > 0.0 and mean > ws.bot_params[P.BP_EXPERT_SWITCH_Z] * _std_error(gain, square, runs, 1):
        return 1
    return 0


@njit(cache=True, _nrt=False, inline="always")
def halving_rounds(n):
    """Rounds of halving that leave one of the n - 1 other candidates."""
    rounds = 1
    while (1 << rounds) < n - 1:
        rounds += 1
    return rounds


@njit(cache=True, _nrt=False, inline="always")
def affordable_candidates(n, budget):
    """The longest head of the candidate list (planner's choice first, the
    lists' order is their priority) whose halving gives the last survivor
    MIN_PAIRS deals against the planner's choice within the budget of
    rollouts; 1 when not even one other candidate fits. Without the cut a
    small budget spreads one rollout per candidate and round, the survivor
    meets the planner's choice on too few deals, and no switch is ever made."""
    while n > 1:
        rounds = halving_rounds(n)
        least = (MIN_PAIRS + rounds - 1) // rounds
        cost = 0
        alive = n
        for _ in range(rounds):
            cost += least * alive
            alive = 1 + alive // 2
        if cost <= budget:
            return n
        n -= 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def _std_error(gain, square, runs, i):
    m = runs[i]
    mean = gain[i] / m
    return np.sqrt(max(square[i] / m - mean * mean, 0.0) / (m - 1.0))


@njit(cache=True, _nrt=False, inline="always")
def _all_behind(gain, square, runs, alive, z):
    """Every other candidate's mean gain over the planner's choice is below
    zero by more than z standard errors (each on at least MIN_PAIRS deals)."""
    for i in range(1, alive):
        m = runs[i]
        if m < MIN_PAIRS or gain[i] / m + z * _std_error(gain, square, runs, i) >= 0.0:
            return False
    return True


@njit(cache=True, _nrt=False, inline="always")
def _swap(cand, gain, square, runs, i, j):
    c = cand[i]
    cand[i] = cand[j]
    cand[j] = c
    for row in (gain, square, runs):
        x = row[i]
        row[i] = row[j]
        row[j] = x


@njit(cache=True, _nrt=False, inline="always")  # see expert_action
def deal(st, bd, ru, p, ws, world_seed):
    """Put the game back and redeal what p cannot see from world_seed; give
    every seat its rollout stream and fresh memory (all but p's own with
    EXPERT_OWN_PLAN); on the points game make the fresh seats' network plans
    for the deal now, once for every candidate. A seat then plays its deal's
    plan until it breaks or its tickets change (refresh_network_plan), as a
    seat of the real game plays the plan it made turns ago; where a seat
    first plays on the deal's board, it is the plan it would make there. The
    deal and that memory are set aside (save_deal) for each candidate's
    rollout."""
    load_state(st, ws)
    load_memory(ws, ws.ex_memo[:], ws.ex_gain[:])
    n_players = st.sc[L.SC_N_PLAYERS]
    wr = ws.ex_rng[n_players:n_players + 1]
    wr[0] = world_seed
    determinize(st, bd, ru, p, wr, ws)
    for q in range(n_players):
        ws.ex_deal_rng[q] = next_u64(wr)
    if ws.bot_params[P.BP_EXPERT_OWN_PLAN] != 0.0:
        fresh_memory_of_others(ws, p)
    else:
        fresh_memory(ws)
    if ru[L.RULE_FAMILY] == L.FAMILY_POINTS:
        for q in range(n_players):
            if ws.plan_version[q] == -1:
                refresh_network_plan(st, bd, q, ws)
    save_deal(ws, st)
    save_memory(ws, ws.ex_deal_memo[:], ws.ex_deal_gain[:])


@njit(cache=True, _nrt=False, inline="always")  # see expert_action
def rollout(st, bd, ru, p, ws, action, stop):
    """From the deal (deal()), play `action`, then the family's planner at
    every seat to the end (planner-v1's rules when BP_EXPERT_ROLLOUT_EV is 0):
    p's margin over the best other team (+ a win's points). On a points game
    of single seats with a horizon the play stops at the turn `stop`
    (horizon.stop_turn) and the margin is estimated
    (kernels/bots/search/horizon.py)."""
    load_deal(st, ws)
    load_memory(ws, ws.ex_deal_memo[:], ws.ex_deal_gain[:])
    n_players = st.sc[L.SC_N_PLAYERS]
    for q in range(n_players):
        ws.ex_rng[q] = ws.ex_deal_rng[q]
    step(st, bd, ru, action, ws)
    ticket_estimate = ws.bot_params[P.BP_EXPERT_ROLLOUT_EV] != 0.0
    while st.sc[L.SC_PHASE] != L.PH_OVER:
        if at_horizon(st, stop):
            return horizon_value(st, bd, ru, p, ws)
        q = st.sc[L.SC_PLAYER]
        a = rule_family_planner(st, bd, ru, q, ws.ex_rng[q:q + 1], ws, ticket_estimate)
        step(st, bd, ru, a, ws)
    # a team's members share one total (TA-TEAM-2); on Ghost Train the total is tickets completed (GT-END-1/2)
    mine = st.final[p, L.FN_TOTAL]
    own_team = team_first(ru, p)
    other = np.int64(-1 << 30)
    for q in range(n_players):
        if team_first(ru, q) != own_team:
            other = max(other, np.int64(st.final[q, L.FN_TOTAL]))
    value = np.float64(mine - other)
    if st.final[p, L.FN_WINNER] != 0:
        value += ws.bot_params[P.BP_EXPERT_WIN_POINTS]
    return value


@njit(cache=True, _nrt=False, inline="always")
def _add(ws, n, a):
    """Append candidate a unless listed already or the list is full."""
    if n >= P.MAX_CANDIDATES:
        return n
    for i in range(n):
        if ws.ex_cand[i] == a:
            return n
    ws.ex_cand[n] = a
    return n + 1


@njit(cache=True, _nrt=False)
def keep_candidates(st, bd, ru, ws, planned, teams):
    """Every legal keep, the planner's first. With teams a keep also names
    the kept tickets that are shared (TA-TKT-1/2): one keep per set of kept
    tickets, sharing what the planner shares where it keeps them too, else
    the first legal sharing (the list holds every set of a 4-ticket offer)."""
    n = _add(ws, np.int64(0), planned)
    m = legal_actions(st, bd, ru, ws.legal[:])
    legal = ws.legal[:]
    for i in range(m):
        a = legal[i]
        if action_kind(a) != L.A_KEEP_TICKETS:
            continue
        if teams:
            mask = action_a(a)
            if _mask_listed(ws, n, mask):
                continue
            share = action_b(planned)
            if share & mask == share and _is_legal(legal, m, make_action(L.A_KEEP_TICKETS, mask, share)):
                a = make_action(L.A_KEEP_TICKETS, mask, share)
        n = _add(ws, n, a)
    return n


@njit(cache=True, _nrt=False, inline="always")
def _mask_listed(ws, n, mask):
    for i in range(n):
        if action_a(ws.ex_cand[i]) == mask:
            return True
    return False


@njit(cache=True, _nrt=False)
def turn_candidates(st, bd, ru, p, ws, planned, limit):
    """The planner's choice; a card draw (the planner's draw for its need, or
    blind); claims, routes of p's plan first, longest first; a ticket draw
    (a ticket swap on Ghost Train) when no claim is left to list. Team Asia
    and Ghost Train claims pay as the legal list first offers (their planners
    keep their own pay rules), and their card draw is blind."""
    limit = min(max(limit, 1), P.MAX_CANDIDATES)
    solo = ru[L.RULE_FAMILY] == L.FAMILY_POINTS
    race = ru[L.RULE_FAMILY] == L.FAMILY_TICKET_RACE
    n = _add(ws, np.int64(0), planned)
    m = legal_actions(st, bd, ru, ws.legal[:])
    legal = ws.legal[:]
    kind = action_kind(planned)
    blind = np.int64(-1)
    tickets = np.int64(-1)
    for i in range(m):
        k = action_kind(legal[i])
        if k == L.A_DRAW_BLIND and blind < 0:
            blind = legal[i]
        if (k == L.A_DRAW_TICKETS or k == L.A_SWAP_TICKETS) and tickets < 0:
            tickets = legal[i]
    if n < limit and kind != L.A_DRAW_MARKET and kind != L.A_DRAW_BLIND:
        d = draw_for_need(st, ru, p, np.bool_(False), ws) if solo else np.int64(-1)
        if d >= 0 and _is_legal(legal, m, d):
            n = _add(ws, n, d)
        elif blind >= 0:
            n = _add(ws, n, blind)
    routes = bd.routes[:bd.n_routes]
    while n < limit:
        best = np.int64(-1)
        best_score = np.int64(-1)
        for i in range(m):
            a = legal[i]
            if action_kind(a) != L.A_CLAIM:
                continue
            r = action_a(a)
            if _route_listed(ws, n, r):
                continue
            # (a race scores no points: length instead)
            score = route_points(ru, routes, r) if not race else np.int64(routes[r, L.RT_LEN])
            score += 1000 if ws.want[p, r] != 0 else 0
            if score > best_score:
                best_score = score
                best = a
        if best < 0:
            break
        a = best
        if solo:
            r = action_a(best)
            c = pay_colour(ru, st.hand[p], routes, r, ws.need[p])
            if c >= 0 and _is_legal(legal, m, make_action(L.A_CLAIM, r, c)):
                a = make_action(L.A_CLAIM, r, c)
        n = _add(ws, n, a)
    if n < limit and tickets >= 0:  # last: a ticket draw's wide spread of outcomes wins noisy comparisons
        n = _add(ws, n, tickets)
    return n


@njit(cache=True, _nrt=False, inline="always")
def _is_legal(legal, m, a):
    for i in range(m):
        if legal[i] == a:
            return True
    return False


@njit(cache=True, _nrt=False, inline="always")
def _route_listed(ws, n, r):
    for i in range(n):
        if action_kind(ws.ex_cand[i]) == L.A_CLAIM and action_a(ws.ex_cand[i]) == r:
            return True
    return False
