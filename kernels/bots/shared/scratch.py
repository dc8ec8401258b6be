"""The Scratch: memory of one worker thread for graph searches and bot plans,
one SCRATCH record (allocated by kernels/runner.py once per chunk so that the
per-game and per-turn loops never allocate; a kernel takes it as one pointer).
Its bot_params row is laid out in kernels/bots/shared/params.py.

Like GAME_STATE, every field is sized by the MAX_* bounds, not by the board:
`ws.<field>.shape` is the bound, so loops run to the board's sizes
(bd.n_routes, st.sc[SC_N_*]); a whole field passed to another kernel
goes as `ws.<field>[:]` (a plain array: one compiled signature with the
callers that pass rows or test arrays). Entries past the board's sizes stay
as allocated."""

import numpy as np

from kernels import layouts as L
from kernels.bots.shared import params as P

_C, _R, _T, _P, _K = L.MAX_CITIES, L.MAX_ROUTES, L.MAX_TICKETS, L.MAX_SEATS, L.N_CARD_KINDS + 1
# choose_keep_mask's memo of its first paths (kernels/bots/planning/keep_memo.py): slots (a power of two), routes
KEEP_MEMO_SLOTS, KEEP_MEMO_PATH = 4096, 48
# one seat's saved memory (kernels/bots/search/memory.py): want, need, plan_version, ev_key, tk_gone
_MEMO = _R + _K + 4 + _T

_SCRATCH_FIELDS = (
    ("trail", L.TRAIL_WORK, (1,)),  # the longest-trail search's work arrays (ws.trail[0]: a record)
    ("uf_tmp", np.int16, (_C,)), ("count", np.int32, (_C,)),
    ("dist", np.float64, (_C,)), ("prev_route", np.int32, (_C,)),
    ("seat_rng", np.uint64, (_P,)),  # each seat's bot stream in the game being played (kernels/runner.py)
    ("risk_memo", np.int8, (_C,)),  # ticket_value._city_risk: 0, or a city's risk + 1 (reset after each search)
    ("legal", np.int64, (L.MAX_LEGAL,)),
    ("want", np.int8, (_P, _R)),  # routes in each seat's plan (bot memory)
    ("want_list", np.int32, (_R,)),  # the routes of one seat's plan, listed (plan.list_wanted; per call)
    ("need", np.int32, (_P, _K)),  # cards each seat's plan needs (last: grey)
    ("plan_version", np.int64, (_P,)),  # board version the plan was made for (-1: stale)
    ("plan_checked", np.int64, (_P, 2)),  # refresh_network_plan's last check: shared/plan.py board_seen's memo
    ("choice", np.int32, (L.MAX_STATIONS,)),  # station route choice being tried
    ("best_choice", np.int32, (L.MAX_STATIONS,)),
    ("cand", np.int32, (L.MAX_STATIONS, L.MAX_DEGREE + 1)),  # candidate routes per station
    ("n_cand", np.int32, (L.MAX_STATIONS,)),
    ("offer_dist", np.float64, (L.MAX_OFFER,)),  # bots' cost of each offered ticket
    ("team_want", np.int8, (_R,)),  # Team Asia bots: routes the teammate's shared tickets need (per decision)
    ("team_need", np.int32, (_K,)),  # cards those routes need (last: grey)
    ("plan_cnt", np.int32, (_R,)),  # planned routes being built (heuristic bots, kernels/bots/planning/network.py)
    ("tk_list", np.int32, (_T + L.MAX_OFFER,)),  # tickets being planned, in planning order
    ("path_len", np.int32, (_T + L.MAX_OFFER,)),
    # choose_keep_mask's walk over the offer's subsets (kernels/bots/planning/ticket_keep.py)
    ("keep_offer", np.int32, (_T + L.MAX_OFFER,)),  # each tk_list position's offer index (-1: a ticket held)
    ("keep_rank_offer", np.int32, (L.MAX_OFFER,)),  # offer index of the offered tickets, most valuable first
    ("keep_pos", np.int32, (_T + L.MAX_OFFER,)),  # tk_list position of the ticket planned d-th
    ("keep_lost", np.int8, (_T + L.MAX_OFFER,)),  # 1: the ticket planned d-th could not be joined
    ("dist2", np.float64, (2, _C)),  # distances from both ends of a ticket (one-step)
    ("route_val", np.float64, (_R,)),  # per-route values (one-step)
    ("bot_params", np.float64, (P.BP_FIELDS,)),  # planner weights (BOT_PARAM_DEFAULTS; tunable without recompiling)
    ("price", np.float64, (_R,)),  # per-route prices for kernels/paths.py (INF: unusable)
    ("unplanned_price", np.float64, (_R,)),  # network.plan_route: a route's price before a path planned it
    ("last_prices", np.float64, (_R,)),  # network.route_tickets: the prices its last ticket was routed over
    ("no_need", np.int32, (_K,)),  # always zero (pay_colour without a plan)
    ("station_none", np.int64, (_P, 2)),  # station_choice found nothing there: shared/plan.py board_seen's memo
    ("station_match", np.int32, (_T, 4)),  # station_choice: ticket, its sides' roots, a joining route
    ("root_side", np.int8, (_C,)),  # station_choice: 1 at the root of a piece holding a side of an open ticket
    ("piece_routes", np.uint64, (_C, L.MAX_WORDS)),  # station_choice: the routes at a piece's cities, by its root
    ("kind_counts", np.int64, (L.N_ACTION_KINDS,)),  # legal actions of each kind (random)
    # mid-game tickets by expected value (kernels/bots/planning/ticket_value.py)
    ("tk_gone", np.int8, (_P, _T)),  # tickets seat p discarded this game (its own memory; reset at its setup)
    ("tk_extra", np.float64, (_T,)),  # trains each candidate ticket adds to the plan (per decision)
    ("tk_value", np.float64, (_T,)),  # expected value of each candidate ticket (per decision)
    ("tk_risk", np.int32, (_T,)),  # contested open routes on each candidate's extra path (per decision)
    ("ev_key", np.int64, (_P, 3)),  # plan key and board version of seat p's last estimate, turn of its last decision
    ("ev_gain", np.float64, (_P,)),  # that estimate: expected gain of a ticket draw
    # expert (kernels/bots/search/expert.py): rollouts run in the game's own state and scratch
    ("ex_memo", np.int64, (_P, _MEMO)),  # each seat's want, need, plan_version, ev_key, tk_gone saved
    ("ex_gain", np.float64, (_P,)),  # ev_gain saved likewise
    ("ex_deal_memo", np.int64, (_P, _MEMO)),  # the same, as the deal being rolled out starts
    ("ex_deal_gain", np.float64, (_P,)),
    ("ex_deal_rng", np.uint64, (_P,)),  # each seat's bot stream as the deal's rollouts start
    ("ex_rng", np.uint64, (_P + 1,)),  # each seat's bot stream in a rollout; last (index n_players): the deals'
    ("ex_cand", np.int64, (P.MAX_CANDIDATES,)),  # candidate actions of the decision
    # each candidate's gains over the planner's choice: sum, squares, n
    ("ex_stats", np.float64, (3, P.MAX_CANDIDATES)),
    # the odds of each ticket in each other seat's hand, the features they are read from, the keys of what they and
    # the tickets' trains were computed for (search/belief.py); a price per route and two per ticket for those
    ("ex_odds", np.float64, (_P, _T)),
    ("ex_features", np.float64, (_T, 3)),
    ("ex_odds_key", np.uint64, (2,)),
    ("ex_price", np.float64, (_R,)),
    ("ex_ticket_trains", np.float64, (_T,)),  # each ticket's cheapest path on the empty board
    ("ex_free", np.float64, (_T,)),  # the same with a seat's routes free
    ("ex_pool", np.int16, (3, max(_T, L.N_CARD_KINDS))),  # unseen tickets, their places, unseen card counts
    ("path_buf", np.int32, (_T + L.MAX_OFFER, _C)),  # the open routes of each planned ticket's path
    # the real game's state while rollouts run ([0], search/memory.py save_state) and the deal they start
    # from ([1], save_deal); ws.ex_state[i]: a record
    ("ex_state", L.GAME_STATE, (2,)),
    # choose_keep_mask's memo of paths (planning/keep_memo.py), last: read at a setup keep only, it would keep the
    # fields every decision reads apart. The prices, route and ticket ends its generation was found over, the
    # board's cities, routes and tickets and the generation; each slot's key, path and whether it joins
    ("km_base", np.float64, (_R,)), ("km_routes", np.int32, (_R,)), ("km_tickets", np.int32, (_T,)),
    ("km_sizes", np.int64, (4,)), ("km_key", np.int64, (KEEP_MEMO_SLOTS,)),
    ("km_len", np.int16, (KEEP_MEMO_SLOTS,)), ("km_joined", np.int8, (KEEP_MEMO_SLOTS,)),
    ("km_path", np.int16, (KEEP_MEMO_SLOTS, KEEP_MEMO_PATH)),
    ("km_hits", np.int64, (1,)),  # paths read from the memo (tests, bench)
)

SCRATCH = L.record_dtype(_SCRATCH_FIELDS)
