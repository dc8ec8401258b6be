"""Bot identifiers (the `bots` vector a run passes to the kernels) and the layout of
Scratch.bot_params, the float64 weights every heuristic reads (tunable with --bot-param)."""

# --- bots -------------------------------------------------------------------
BOT_RANDOM = 0
BOT_GREEDY = 1
BOT_PLANNER = 2
BOT_ROUTE_FOCUS = 3
BOT_DESTINATION_HUNGRY = 4
BOT_LONG_ROUTE = 5
BOT_ONE_STEP = 6
BOT_BLOCKER = 7
BOT_PLANNER_V1 = 8  # `planner` without the mid-game ticket estimate (kept selectable for comparison)
BOT_EXPERT = 9  # search player (kernels/bots/search/expert.py)

# --- planner weights (Scratch.bot_params, float64[BP_FIELDS]) ----------------------
# Defaults chosen by head-to-head runs against `greedy` (docs/bots.md).
BP_KEEP_PRICE = 0  # points a ticket must be worth per train of network it adds
BP_SETUP_BUDGET = 1  # share of the trains the setup network may use before penalties
BP_DRAW_BUDGET = 2  # same for tickets drawn mid-game (of the trains the game will leave)
BP_OVER_PRICE = 3  # points per train beyond the budget
BP_TICKET_TRAINS = 4  # draw tickets only with this many trains left ...
BP_TICKET_OTHERS = 5  # ... and every other player holding at least this many
BP_CONTESTED_BONUS = 6  # claim priority of a route others can take for good, in spaces
BP_ENDGAME_TRAINS = 7  # endgame play once a player is down to this many trains
# destination-hungry: the same keep rule, cheaper tickets and bigger budgets
BP_HUNGRY_KEEP_PRICE = 8
BP_HUNGRY_BUDGET = 9
BP_HUNGRY_OVER_PRICE = 10
BP_HUNGRY_SPARE_TRAINS = 11  # draws tickets while its plan leaves this many trains spare ...
BP_HUNGRY_OTHERS = 12  # ... and every other player holds at least this many
# one-step: worth of a turn of drawing, price per card spent, weight of ticket progress
BP_ONE_STEP_DRAW = 13
BP_ONE_STEP_CARD_PRICE = 14
BP_ONE_STEP_PROGRESS = 15
# mid-game tickets by expected value (kernels/bots/planning/ticket_value.py): a ticket is worth (2 chance - 1)
# x points - TRAIN_PRICE x its extra trains; a draw (the value kept from an offer) is made when it beats TURN_VALUE
BP_EV_TURN_VALUE = 16  # points the best other use of a turn is worth (drawing cards)
BP_EV_TRAIN_PRICE = 17  # points each extra train takes from other uses (longer routes, the bonus)
BP_EV_CLOCK = 18  # trains an opponent places per turn: the clock of the turns left
BP_EV_TURNS_PER_TRAIN = 19  # turns the seat needs per train still to place (draws and claims)
BP_EV_SPREAD = 20  # spread of the turns it needs (turns per logit unit of the chance)
BP_EV_CONTEST = 21  # share of the chance lost per contested open route on the extra path
BP_EV_MIN_SPARE = 22  # no draw unless the plan leaves this many trains spare
BP_EV_REFRESH = 23  # board changes after which the estimate is redone (default: never; only on a change of plan)
BP_EV_KEEP_MARGIN = 24  # keep an offered ticket worth more than this
BP_HUNGRY_EV_TURN_VALUE = 25  # destination-hungry: a cheaper turn ...
BP_HUNGRY_EV_TRAIN_PRICE = 26  # ... cheaper trains ...
BP_HUNGRY_EV_KEEP_MARGIN = 27  # ... and a lower bar to keep
BP_EV_CARD_TURNS = 28  # turns each card held saves
BP_EV_OFFSET = 29  # turns the plan takes beyond that count
BP_EV_MAX_PLANNED = 30  # no draw (nor estimate) while the plan still needs more than this many trains
# (REFRESH 1000 and MAX_PLANNED 12, from 3 and 45: fewer estimates, for the
# 10-minute million-game target; Europe strength against planner-v1 unchanged, docs/bots.md)
# at 2 players a turn spent drawing tickets is a whole turn given to the one opponent (and lengthens the game
# for it): planner and blocker want more from a draw there (2p ladders against planner-v1, docs/bots.md)
BP_EV_TURN_VALUE_2P = 31
# expert (kernels/bots/search/expert.py): the search budget and what a rollout's outcome is worth
BP_EXPERT_ROLLOUTS = 32  # rollouts per searched turn decision (split over the candidates by successive halving)
BP_EXPERT_CANDIDATES = 33  # candidate actions scored at a turn (the planner's choice first)
BP_EXPERT_KEEP_FACTOR = 34  # ticket keeps (every keep is a candidate) get this many times the rollouts
BP_EXPERT_WIN_POINTS = 35  # a rollout scores its final margin (own score - best other) plus this for a win
BP_EXPERT_SWITCH_Z = 36  # another candidate replaces the planner's choice when its mean gain is this many std errors
# rollouts play `planner` with its mid-game ticket estimate, as the opponents do (1), or with the cheaper
# `planner-v1` rules (0, the default: about 1.9x the games per second, as strong; docs/bots.md "The search player")
BP_EXPERT_ROLLOUT_EV = 37
# the search stops, after any deal from the fourth on, when every surviving candidate trails the planner's choice
# by more than this many standard errors (its mean gain + STOP_Z x std error < 0): the planner's choice stands,
# the rest of the budget is saved (0 or less: never stop early; docs/bots.md "The search player")
BP_EXPERT_STOP_Z = 38
# planner family (by-value rules): with planned routes left, a claimable one waits and cards are drawn instead
# while the hand holds fewer than HOARD_HAND cards and the turns left (the opponents' clock, ticket_value.turns_left)
# exceed the planned routes left by more than HOARD_SLACK: the claims come later, together, and the cards are
# there for tunnels and for scoring routes (ladders in docs/bots.md "Hoarding")
BP_HOARD_HAND = 39
BP_HOARD_SLACK = 40
# destination-hungry estimates (and draws) tickets while its plan needs up to this many trains (planner: EV_MAX_PLANNED)
BP_HUNGRY_EV_MAX_PLANNED = 41
# the hoard also stops at this share of an even split of the train-card deck (110 cards: 17.6 at 5 players, 22 at 4):
# five hands of 22 would hold the whole deck, and a seat that then cannot pay its surcharge tries the same tunnel
# every turn (a turn-capped 5-player Europe game, docs/bots.md "Hoarding")
BP_HOARD_SHARE = 42
# route-focus: its keep rule (choose_keep_mask's price, budget share, price past the budget) and, with its paths
# built, more tickets while it holds TICKET_TRAINS trains and every other player TICKET_OTHERS
# (searched for win share against planner, docs/bots.md "route-focus's and long-route's weights")
BP_ROUTE_FOCUS_KEEP_PRICE = 43
BP_ROUTE_FOCUS_BUDGET = 44
BP_ROUTE_FOCUS_OVER_PRICE = 45
BP_ROUTE_FOCUS_TICKET_TRAINS = 46
BP_ROUTE_FOCUS_TICKET_OTHERS = 47
# long-route: its keep rule, the length of the routes it collects cards for (FALLBACK_LENGTH once those are gone)
# and the tickets it plans (the PLANNED most valuable open ones)
BP_LONG_KEEP_PRICE = 48
BP_LONG_BUDGET = 49
BP_LONG_OVER_PRICE = 50
BP_LONG_MIN_LENGTH = 51
BP_LONG_FALLBACK_LENGTH = 52
BP_LONG_PLANNED = 53
# route-focus hoards as planner does (BP_HOARD_*): with its next route claimable it draws instead while its hand holds
# fewer than HOARD_HAND cards (0: never) and the turns left exceed the planned routes left by more than HOARD_SLACK
BP_ROUTE_FOCUS_HOARD_HAND = 54
BP_ROUTE_FOCUS_HOARD_SLACK = 55
# 1: route-focus claims the affordable planned route planner would (contested and long first), not the next in order
BP_ROUTE_FOCUS_ANY_ORDER = 56
# long-route hoards the same way before a claim (HOARD_HAND 0: never)
BP_LONG_HOARD_HAND = 57
BP_LONG_HOARD_SLACK = 58
# expert's turn and keep budgets grow as the game runs out, by the seats' starting trains over the fewest any seat
# holds, up to this factor (1: a fixed budget): a rollout then plays fewer turns, so late decisions are searched
# harder for about the CPU time of an early one (docs/bots.md "The search player")
BP_EXPERT_LATE_BOOST = 59
# long-route, with its planned tickets done: more tickets while it holds TICKET_TRAINS trains and every other player
# TICKET_OTHERS (the keep rule's network prices its own long routes free, so tickets along them come cheap)
BP_LONG_TICKET_TRAINS = 60
BP_LONG_TICKET_OTHERS = 61
# with some seat down to this many trains of a 45-train game (scaled to the rule set's trains), expert's turn lists
# up to MAX_CANDIDATES candidates (every claim, as the list fits) rather than EXPERT_CANDIDATES: the last turns'
# claims decide close games (0: never; 12 from 0: +4 points of win share against planner at the default budget,
# about the fast preset's 1, docs/bots.md "The search player")
BP_EXPERT_WIDE_TRAINS = 62
# expert: with the wide list on (EXPERT_WIDE_TRAINS), a turn gets at least this many rollouts (0: the budget as above)
BP_EXPERT_WIDE_ROLLOUTS = 63
# expert's determinizations: a ticket redealt into another seat's hand is drawn with odds TICKET_LEAN to the power
# of its cities that seat's routes touch, times exp(TICKET_BUILT x the trains that seat's routes save on the ticket's
# cheapest path - TICKET_LEFT x the share of that path it still has to build) (kernels/bots/search/belief.py;
# TICKET_LEAN 0 or 1: uniform, the other two unused; docs/bots.md "The search player")
BP_EXPERT_TICKET_LEAN = 64
# expert: 1 starts each rollout with the seat's own plan kept (only the other seats' memory fresh; 0: every seat's)
BP_EXPERT_OWN_PLAN = 65
# expert: a rollout of a points game stops after this many turns of every seat and scores the position with an
# estimate (kernels/bots/search/horizon.py; 0: every rollout plays to the end)
BP_EXPERT_HORIZON = 66
# expert: at the horizon, a win is worth EXPERT_WIN_POINTS x a logistic in the estimated margin, this many points
# per logit unit
BP_EXPERT_HORIZON_SPREAD = 67
# expert: at the horizon, the chance a seat joins a held ticket by the end is a logistic in (1, its turns to the end,
# the trains of its network, its price of the ticket's own path, its trains, its cards up to the network's) with these
# coefficients, and the route points it adds by the end ROUTE_BASE + ROUTE_PER_TRAIN x the trains it can still place.
# A run that sets EXPERT_HORIZON gets the fitted values (analyzer/expert_horizon.json, written by bench/fit_horizon.py;
# docs/bots.md "Truncated rollouts"); the defaults here are read only with the horizon off
BP_EXPERT_HORIZON_CHANCE_BIAS = 68
BP_EXPERT_HORIZON_CHANCE_TURNS = 69
BP_EXPERT_HORIZON_CHANCE_NETWORK = 70
BP_EXPERT_HORIZON_CHANCE_PATH = 71
BP_EXPERT_HORIZON_CHANCE_TRAINS = 72
BP_EXPERT_HORIZON_CHANCE_CARDS = 73
BP_EXPERT_HORIZON_ROUTE_BASE = 74
BP_EXPERT_HORIZON_ROUTE_PER_TRAIN = 75
BP_EXPERT_TICKET_BUILT = 76  # see EXPERT_TICKET_LEAN
BP_EXPERT_TICKET_LEFT = 77
BP_FIELDS = 78
BOT_PARAM_NAMES = (
    "KEEP_PRICE", "SETUP_BUDGET", "DRAW_BUDGET", "OVER_PRICE", "TICKET_TRAINS", "TICKET_OTHERS",
    "CONTESTED_BONUS", "ENDGAME_TRAINS", "HUNGRY_KEEP_PRICE", "HUNGRY_BUDGET", "HUNGRY_OVER_PRICE",
    "HUNGRY_SPARE_TRAINS", "HUNGRY_OTHERS", "ONE_STEP_DRAW", "ONE_STEP_CARD_PRICE", "ONE_STEP_PROGRESS",
    "EV_TURN_VALUE", "EV_TRAIN_PRICE", "EV_CLOCK", "EV_TURNS_PER_TRAIN", "EV_SPREAD", "EV_CONTEST",
    "EV_MIN_SPARE", "EV_REFRESH", "EV_KEEP_MARGIN", "HUNGRY_EV_TURN_VALUE", "HUNGRY_EV_TRAIN_PRICE",
    "HUNGRY_EV_KEEP_MARGIN", "EV_CARD_TURNS", "EV_OFFSET", "EV_MAX_PLANNED", "EV_TURN_VALUE_2P",
    "EXPERT_ROLLOUTS", "EXPERT_CANDIDATES", "EXPERT_KEEP_FACTOR", "EXPERT_WIN_POINTS", "EXPERT_SWITCH_Z",
    "EXPERT_ROLLOUT_EV", "EXPERT_STOP_Z", "HOARD_HAND", "HOARD_SLACK",
    "HUNGRY_EV_MAX_PLANNED", "HOARD_SHARE", "ROUTE_FOCUS_KEEP_PRICE", "ROUTE_FOCUS_BUDGET",
    "ROUTE_FOCUS_OVER_PRICE", "ROUTE_FOCUS_TICKET_TRAINS", "ROUTE_FOCUS_TICKET_OTHERS", "LONG_KEEP_PRICE",
    "LONG_BUDGET", "LONG_OVER_PRICE", "LONG_MIN_LENGTH", "LONG_FALLBACK_LENGTH", "LONG_PLANNED",
    "ROUTE_FOCUS_HOARD_HAND", "ROUTE_FOCUS_HOARD_SLACK", "ROUTE_FOCUS_ANY_ORDER", "LONG_HOARD_HAND",
    "LONG_HOARD_SLACK", "EXPERT_LATE_BOOST", "LONG_TICKET_TRAINS", "LONG_TICKET_OTHERS", "EXPERT_WIDE_TRAINS",
    "EXPERT_WIDE_ROLLOUTS", "EXPERT_TICKET_LEAN", "EXPERT_OWN_PLAN", "EXPERT_HORIZON", "EXPERT_HORIZON_SPREAD",
    "EXPERT_HORIZON_CHANCE_BIAS", "EXPERT_HORIZON_CHANCE_TURNS", "EXPERT_HORIZON_CHANCE_NETWORK",
    "EXPERT_HORIZON_CHANCE_PATH", "EXPERT_HORIZON_CHANCE_TRAINS", "EXPERT_HORIZON_CHANCE_CARDS",
    "EXPERT_HORIZON_ROUTE_BASE", "EXPERT_HORIZON_ROUTE_PER_TRAIN", "EXPERT_TICKET_BUILT", "EXPERT_TICKET_LEFT",
)
BOT_PARAM_DEFAULTS = (0.3, 0.65, 0.5, 3.0, 22.0, 18.0, 3.0, 5.0, 0.34, 0.6, 3.2, 10.0, 13.0, 2.0, 1.0, 4.0,
                      2.5, 0.3, 1.2, 0.83, 10.7, 0.02, 4.0, 1000.0, 3.0, 0.6, 0.12, 1.8, 0.64, 3.3, 12.0, 3.5,
                      40.0, 4.0, 4.0, 10.0, 1.5, 0.0, 0.5, 22.0, 8.0, 8.0, 0.8,
                      0.5, 0.55, 3.0, 16.0, 14.0, 1.05, 0.58, 2.9, 5.0, 4.0, 1.0, 22.0, 8.0, 0.0, 0.0, 4.25,
                      4.0, 30.0, 20.0, 12.0, 0.0, 3.4, 1.0, 0.0, 10.0,
                      0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.1, 3.6)
MAX_CANDIDATES = 16  # expert: candidates scored at one decision (every keep of a 4-ticket offer fits)
