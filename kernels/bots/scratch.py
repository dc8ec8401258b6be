"""The Scratch: memory of one worker thread for graph searches and bot plans
(a namedtuple of arrays, allocated by kernels/runner.py once per chunk so that
the per-game and per-turn loops never allocate). Its bot_params row is laid out
in kernels/bots/params.py."""

from collections import namedtuple

# Scratch memory of one worker thread: graph searches and bot plans. Allocated
# once per chunk so that the per-game and per-turn loops never allocate.
Scratch = namedtuple(
    "Scratch",
    [
        "deg",  # int32[C]
        "inc",  # int32[C, max degree]
        "used",  # int8[R]
        "stk_v",  # int32[R + 2]
        "stk_e",  # int32[R + 2]
        "stk_i",  # int32[R + 2]
        "uf_tmp",  # int16[C]
        "count",  # int32[C]
        "dist",  # float64[C]
        "prev_route",  # int32[C]
        "done",  # int8[C]
        "legal",  # int64[MAX_LEGAL]
        "want",  # int8[P, R]: routes in each seat's plan (bot memory)
        "need",  # int32[P, N_CARD_KINDS + 1]: cards each seat's plan needs (last: grey)
        "plan_version",  # int64[P]: board version the plan was made for (-1: stale)
        "choice",  # int32[MAX_STATIONS]: station route choice being tried
        "best_choice",  # int32[MAX_STATIONS]
        "cand",  # int32[MAX_STATIONS, max degree + 1]: candidate routes per station
        "n_cand",  # int32[MAX_STATIONS]
        "offer_dist",  # float64[MAX_OFFER]: bots' cost of each offered ticket
        "team_want",  # int8[R]: Team Asia bots: routes the teammate's shared tickets need (per decision)
        "team_need",  # int32[N_CARD_KINDS + 1]: cards those routes need (last: grey)
        "plan_cnt",  # int32[R]: planned routes being built (heuristic bots, kernels/bots/planning.py)
        "tk_list",  # int32[T + MAX_OFFER]: tickets being planned, in planning order
        "path_buf",  # int32[T + MAX_OFFER, C]: the open routes of each planned ticket's path
        "path_len",  # int32[T + MAX_OFFER]
        "dist2",  # float64[2, C]: distances from both ends of a ticket (one-step)
        "route_val",  # float64[R]: per-route values (one-step)
        "bot_params",  # float64[BP_FIELDS]: planner weights (BOT_PARAM_DEFAULTS; tunable without recompiling)
        "price",  # float64[R]: per-route prices for kernels/paths.py (INF: unusable)
        "no_need",  # int32[N_CARD_KINDS + 1]: always zero (pay_colour without a plan)
        "kind_counts",  # int64[N_ACTION_KINDS]: legal actions of each kind (random)
        # mid-game tickets by expected value (issue 16, kernels/bots/ticket_value.py)
        "tk_gone",  # int8[P, T]: tickets seat p discarded this game (its own memory; reset at its setup)
        "tk_extra",  # float64[T]: trains each candidate ticket adds to the plan (per decision)
        "tk_value",  # float64[T]: expected value of each candidate ticket (per decision)
        "tk_risk",  # int32[T]: contested open routes on each candidate's extra path (per decision)
        "ev_key",  # int64[P, 3]: plan key and board version of seat p's last estimate, turn of its last decision
        "ev_gain",  # float64[P]: that estimate: expected gain of a ticket draw
        # expert (issue 17, kernels/bots/expert.py): rollouts run in the game's own state and scratch
        "ex_state",  # GAME_STATE[1]: the real game's state while rollouts run
        "ex_memo",  # int64[P, R + 14 + T]: each seat's want, need, plan_version, ev_key, tk_gone saved
        "ex_gain",  # float64[P]: ev_gain saved likewise
        "ex_rng",  # uint64[P + 1]: each seat's bot stream in a rollout; last: the determinization's
        "ex_cand",  # int64[MAX_CANDIDATES]: candidate actions of the decision
        "ex_stats",  # float64[3, MAX_CANDIDATES]: each candidate's gains over the planner's choice: sum, squares, count
        "ex_pool",  # int16[3, max(T, N_CARD_KINDS)]: unseen tickets, their places, unseen card counts
    ],
)
