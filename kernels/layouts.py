"""Every record layout and index constant the kernels share, in one place.

Kernels work on plain arrays. A board is a `BoardArrays` namedtuple of int
arrays, a rule set is one int64 vector indexed by the `RULE_*` constants, a
game is a `GameState` namedtuple of arrays whose *types* do not depend on the
board size, so every kernel compiles once for all boards and variants.
"""

from collections import namedtuple

import numpy as np

# --- card and route colours -------------------------------------------------
# Card colours 0..7, locomotive 8. Route colour 8 means grey (any one colour).
COLOUR_NAMES = ("pink", "white", "blue", "yellow", "orange", "black", "red", "green")
N_COLOURS = 8
LOCO = 8
GRAY = 8
N_CARD_KINDS = 9  # 8 colours + locomotive
CARD_NAMES = COLOUR_NAMES + ("locomotive",)

# --- route table columns (BoardArrays.routes, int32[R, ROUTE_FIELDS]) ------
RT_A = 0  # city index
RT_B = 1  # city index
RT_LEN = 2  # spaces (trains placed)
RT_COLOUR = 3  # 0..7 or GRAY
RT_KIND = 4  # KIND_*
RT_LOCOS = 5  # ferry locomotive symbols
RT_MOUNTAINS = 6  # Legendary Asia X spaces
RT_GROUP = 7  # index of the parallel group (double/triple), -1 for single
RT_REVEAL = 8  # tunnel cards revealed as printed (0: the rule set's tunnel_reveal)
RT_ALWAYS_OPEN = 9  # 1: every lane of this group stays open whatever the player count (TA-DBL-1)
ROUTE_FIELDS = 10

KIND_NORMAL = 0
KIND_TUNNEL = 1
KIND_FERRY = 2
KIND_MOUNTAIN = 3
KIND_NAMES = ("normal", "tunnel", "ferry", "mountain")

# --- ticket table columns (BoardArrays.tickets, int32[T, TICKET_FIELDS]) ---
TK_A = 0
TK_B = 1
TK_POINTS = 2
TK_LONG = 3
TICKET_FIELDS = 4

BoardArrays = namedtuple(
    "BoardArrays",
    [
        "routes",  # int32[R, ROUTE_FIELDS]
        "tickets",  # int32[T, TICKET_FIELDS]
        "deck",  # int32[N_CARD_KINDS]: cards of each kind in the box
        "adj_start",  # int32[C + 1]: CSR offsets of routes incident to each city
        "adj_route",  # int32[2R]: route ids incident to each city
        "group_routes",  # int32[G, 3]: route ids of each parallel group (-1 pads)
        "city_flags",  # int32[C]: bit flags per city (regions, bonus places)
    ],
)

# --- rule-set vector (int64[RULE_FIELDS]) -----------------------------------
_RULE_NAMES = [
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "TEAM_SIZE",  # 1, or 2 for Team Asia
    "TRAINS",  # trains per player
    "HAND_SIZE",  # opening hand
    "MARKET_SIZE",  # face-up cards; 0 = no market, draws are blind
    "CARDS_PER_DRAW",
    "LOCO_RESET",  # market reset when it shows this many locomotives; 0 = never
    "FACEUP_LOCO_WHOLE_DRAW",  # 1: a face-up locomotive is the whole draw
    "SETUP_TICKETS_REGULAR",
    "SETUP_TICKETS_LONG",
    "SETUP_KEEP_MIN",
    "UNKEPT_SETUP_TO_BOX",  # 1: unkept setup tickets leave the game
    "DRAW_TICKETS",
    "DRAW_KEEP_MIN",
    "SHARED_TICKETS_SETUP",  # Team Asia: tickets each player puts in the team holder
    "SHARED_TICKETS_DRAW",
    "LONGEST_PATH_BONUS",
    "STATIONS",  # per player
    "STATION_VALUE",  # points per unbuilt station
    "TUNNEL_REVEAL",
    "MOUNTAIN_POINTS",  # per train discarded to the Mountain Pass
    "EXPLORER_BONUS",  # Asian Explorer: most cities in one network
    "GLOBETROTTER_BONUS",  # most completed tickets
    "DOUBLES_MIN_PLAYERS",  # both lanes usable from this many players up
    "END_TRAINS",  # end trigger: a player (or team) at or below this
    "END_TRIGGER_TEAM",  # 1: the trigger counts the team's combined trains
    "WIN_TICKETS",  # 0: points game; N: first to N completed tickets wins
    "TURN_CAP",  # stalled-game guard: total turns
    "TIEBREAK_SECOND",  # TIE_LONGEST or TIE_MOUNTAINS after completed tickets
    "MAX_ROUTE_LEN",  # length of the route-score table below
    "SWAP_TICKETS",  # GT-TRN-3: 1 = the ticket-swap action exists
    "COMPLETED_DRAW",  # GT-TKT-1: tickets drawn at once when one is completed (0: none)
    "SPECIAL_TICKETS",  # GT-BON-1: Trick-or-Treat tickets in the box
    "TOWN_HALL_CARDS",  # GT-BON-2: cards drawn for each Town Hall bonus
    "END_IMMEDIATE",  # GT-END-2: 1 = the game ends at once at END_TRAINS (no last round)
    "TRIPLE_LANES",  # TA-DBL-2: lanes of a triple claimable below DOUBLES_MIN_PLAYERS
]
for _i, _n in enumerate(_RULE_NAMES):
    globals()["RULE_" + _n] = _i
RULE_ROUTE_SCORE = len(_RULE_NAMES)  # RULE_ROUTE_SCORE + length -> points
MAX_SCORED_LEN = 12
RULE_FIELDS = RULE_ROUTE_SCORE + MAX_SCORED_LEN + 1
RULE_NAMES = tuple(_RULE_NAMES)
TIE_LONGEST = 0
TIE_MOUNTAINS = 1

# --- game state ---------------------------------------------------------------
# Scalars of a game (GameState.sc, int64[SC_FIELDS]).
_SC_NAMES = [
    "N_PLAYERS",
    "TURN",  # turns played (all players)
    "PLAYER",  # whose decision it is
    "PHASE",
    "N_PILE",  # cards in the draw pile (top is pile[N_PILE - 1])
    "TP_HEAD",  # ticket pile: circular queue head
    "TP_COUNT",
    "LP_COUNT",  # long-ticket pile (setup only)
    "N_OFFER",  # tickets offered, waiting for a keep decision
    "OFFER_SETUP",  # 1 if the offer is the setup deal
    "N_REVEALED",  # tunnel cards revealed
    "PEND_ROUTE",  # tunnel being claimed
    "PEND_COLOUR",
    "PEND_SURCHARGE",
    "END_COUNTDOWN",  # turns left after the end trigger; -1 = not triggered
    "END_REASON",
    "PASS_STREAK",  # consecutive passes
    "BOARD_VERSION",  # +1 at every claim or station built
    "RESHUFFLES",
    "MARKET_RESETS",
    "FIRST_DEST",  # Team Asia: where the first card of this draw went (DEST_*)
    "PEND_CARD",  # Team Asia: the blind first card waiting in the hand for A_PLACE_CARD
]
for _i, _n in enumerate(_SC_NAMES):
    globals()["SC_" + _n] = _i
SC_FIELDS = len(_SC_NAMES)

PH_SETUP_KEEP = 0
PH_TURN = 1
PH_SECOND_DRAW = 2
PH_KEEP_TICKETS = 3
PH_TUNNEL = 4
PH_OVER = 5
PH_PLACE_CARD = 6  # Team Asia: a blind first card was seen, hand or holder? (TA-CRD-2)

END_NONE = -1
END_TRAINS = 0  # the last round after the train trigger was played
END_NO_ACTIONS = 1  # stalled: a whole round of passes
END_TURN_CAP = 2  # stalled: turn cap reached
END_TICKETS = 3  # Ghost Train: a player reached WIN_TICKETS
END_NAMES = ("trains", "no_actions", "turn_cap", "tickets")

# Per-player counters (GameState.ps, int32[P, PS_FIELDS]).
_PS_NAMES = [
    "ROUTE_POINTS",
    "MOUNTAIN_TRAINS",
    "ROUTES_CLAIMED",
    "MOUNTAIN_ROUTES",
    "CARDS_DRAWN",
    "TICKETS_DRAWN_MIDGAME",  # tickets kept after a mid-game draw
    "STATIONS_BUILT",
    "PASSES",
    "TUNNELS_TRIED",
    "TUNNELS_ABANDONED",
    "TURNS",
    "GT_TICKETS",  # Ghost Train: own tickets completed (laid face up, GT-TKT-1)
    "GT_SPECIAL",  # Ghost Train: Trick-or-Treat ticket taken (0/1, GT-BON-1)
    "GT_CRYPT",  # Ghost Train: Town Hall-Crypt bonus taken (0/1, GT-BON-2)
    "GT_MANOR",  # Ghost Train: Town Hall-Manor on the Hill bonus taken (0/1, GT-BON-2)
    "GT_BONUS_CARDS",  # Ghost Train: cards received from Town Hall bonuses
    "GT_SWAPS",  # Ghost Train: ticket swaps (GT-TRN-3)
    "CARDS_SHARED",  # Team Asia: cards this seat put into the team's holder (TA-CRD-2/3)
    "HOLDER_CARDS_USED",  # cards of the team holder this seat spent (TA-CRD-4, TA-TUN-2)
    "TICKETS_SHARED",  # tickets this seat put into the team's ticket holder (TA-TKT-1..3)
    "SHARE_ACTIONS",  # turns spent on the share-tickets action (TA-TKT-3)
]
for _i, _n in enumerate(_PS_NAMES):
    globals()["PS_" + _n] = _i
PS_FIELDS = len(_PS_NAMES)

# Ticket holders (GameState.ticket_holder): a seat, or one of these.
TH_PILE = -1
TH_BOX = -2
TH_OFFERED = -3
TH_LONG_PILE = -4

MAX_OFFER = 8
MAX_REVEAL = 8
MAX_STATIONS = 4

GameState = namedtuple(
    "GameState",
    [
        "sc",  # int64[SC_FIELDS]
        "rng",  # uint64[1]: the game's deck/ticket stream
        "pile",  # int8[deck size]: draw pile, top at sc[SC_N_PILE] - 1
        "discard",  # int32[N_CARD_KINDS]
        "market",  # int8[market size]; -1 = empty slot
        "hand",  # int32[P, N_CARD_KINDS]
        "holder",  # int32[teams, N_CARD_KINDS]: Team Asia shared card holders
        "laid",  # int32[N_CARD_KINDS]: cards laid for a pending tunnel
        "revealed",  # int8[MAX_REVEAL]
        "trains",  # int32[P]
        "stations_left",  # int32[P]
        "score",  # int32[P]: running score (routes and mountain trains)
        "ps",  # int32[P, PS_FIELDS]
        "owner",  # int16[R]: seat, or -1
        "closed",  # int8[R]: 1 when closed by the 2-3 player double rule
        "claim_turn",  # int32[R]
        "station_city",  # int16[P, MAX_STATIONS]: city or -1
        "city_station",  # int16[C]: owner seat or -1
        "ticket_pile",  # int16[T]: circular queue of regular tickets
        "long_pile",  # int16[T]: long tickets (setup deal only)
        "ticket_holder",  # int16[T]: seat or TH_*
        "ticket_kept_turn",  # int32[T]: turn the ticket was kept (-1 at setup)
        "ticket_done_turn",  # int32[T]: turn its cities were joined (-1)
        "offer",  # int16[MAX_OFFER]
        "uf",  # int16[P, C]: union-find of each seat's own routes
        "setup_offer",  # int16[P, MAX_OFFER]: setup deal of each seat (-1 pads)
        "claim_colour",  # int8[R]: colour paid (LOCO = locomotives only)
        "claim_locos",  # int8[R]: locomotives spent, tunnel surcharge included
        "tunnel_log",  # int32[TURN_CAP + 1, TL_FIELDS]: one row per tunnel attempt
        "final",  # int32[P, FN_FIELDS]: end-of-game score components
        "ticket_result",  # int8[T]: TR_*
        "purse",  # int32[N_CARD_KINDS]: Team Asia: hand + team holder of the seat to move (scratch)
        "laid_holder",  # int32[N_CARD_KINDS]: cards laid for a pending tunnel that came from the holder
        "ticket_shared",  # int8[T]: 1 when the ticket is in its team's shared ticket holder
    ],
)

# End-of-game components (GameState.final).
_FN_NAMES = [
    "TICKETS_WON",
    "TICKETS_LOST",
    "TICKETS_COMPLETED",
    "TICKETS_FAILED",
    "LONGEST_PATH",
    "LONGEST_BONUS",
    "NETWORK_CITIES",
    "EXPLORER_BONUS",
    "GLOBETROTTER_BONUS",
    "STATION_POINTS",
    "TOTAL",
    "WINNER",
]
for _i, _n in enumerate(_FN_NAMES):
    globals()["FN_" + _n] = _i
FN_FIELDS = len(_FN_NAMES)

TR_NOT_HELD = 0
TR_COMPLETED = 1
TR_VIA_STATION = 2  # completed only with a station's borrowed route
TR_FAILED = -1

# Tunnel log columns (GameState.tunnel_log).
_TL_NAMES = ["SEAT", "ROUTE", "TURN", "COLOUR", "REVEALED", "TO_REVEAL", "SURCHARGE", "PAID", "PILE", "DISCARD"]
for _i, _n in enumerate(_TL_NAMES):
    globals()["TL_" + _n] = _i
TL_DECK = len(_TL_NAMES)  # + card kind: draw-pile composition at the reveal
TL_FIELDS = TL_DECK + N_CARD_KINDS
SC_N_TUNNEL_LOG = SC_FIELDS  # appended scalar
SC_FIELDS += 1
SC_GT_SPECIAL_LEFT = SC_FIELDS  # Ghost Train: Trick-or-Treat tickets still in the box (GT-BON-1)
SC_FIELDS += 1

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
        "plan_cnt",  # int32[R]: planned routes being built (heuristic bots, kernels/planner.py)
        "tk_list",  # int32[T + MAX_OFFER]: tickets being planned, in planning order
        "path_buf",  # int32[T + MAX_OFFER, C]: the open routes of each planned ticket's path
        "path_len",  # int32[T + MAX_OFFER]
        "dist2",  # float64[2, C]: distances from both ends of a ticket (one-step)
        "route_val",  # float64[R]: per-route values (one-step)
        "bot_params",  # float64[BP_FIELDS]: planner weights (BOT_PARAM_DEFAULTS; tunable without recompiling)
    ],
)

# --- actions -------------------------------------------------------------------
# An action is one int64: kind in bits 0-3, first argument in bits 4-19
# (route, city, market slot or keep mask), second in bits 20-27 (colour).
A_PASS = 0
A_DRAW_MARKET = 1  # a = market slot
A_DRAW_BLIND = 2
A_CLAIM = 3  # a = route, b = colour paid (0..7, or LOCO for locomotives only)
A_DRAW_TICKETS = 4
A_KEEP_TICKETS = 5  # a = bit mask over the offer
A_BUILD_STATION = 6  # a = city, b = colour
A_TUNNEL_PAY = 7
A_TUNNEL_ABANDON = 8
A_SWAP_TICKETS = 9  # Ghost Train: discard the unfinished tickets, draw as many (GT-TRN-3)
A_SHARE_TICKETS = 10  # Team Asia (TA-TKT-3): a = ticket, b = second ticket + 1 (0: none)
A_PLACE_CARD = 11  # Team Asia (TA-CRD-2): b = DEST_* of the blind first card just seen
ACTION_NAMES = (
    "pass",
    "draw_market",
    "draw_blind",
    "claim",
    "draw_tickets",
    "keep_tickets",
    "build_station",
    "tunnel_pay",
    "tunnel_abandon",
    "swap_tickets",
    "share_tickets",
    "place_card",
)
N_ACTION_KINDS = len(ACTION_NAMES)
MAX_LEGAL = 4096
# Team Asia card draws: b of A_DRAW_MARKET / A_DRAW_BLIND says where the card goes (TA-CRD-2)
DEST_HAND = 0
DEST_HOLDER = 1

# --- bots -------------------------------------------------------------------
BOT_RANDOM = 0
BOT_GREEDY = 1
BOT_PLANNER = 2
BOT_ROUTE_FOCUS = 3
BOT_DESTINATION_HUNGRY = 4
BOT_LONG_ROUTE = 5
BOT_ONE_STEP = 6
BOT_BLOCKER = 7

# --- result records (one structured dtype per table) ----------------------------
GAME_RECORD = np.dtype(
    [
        ("game", "i8"),
        ("turns", "i4"),
        ("end_reason", "i1"),
        ("stalled", "?"),
        ("winners", "i1"),  # bit mask of winning seats
        ("n_winners", "i1"),
        ("reshuffles", "i2"),
        ("market_resets", "i2"),
        ("longest_path", "i2"),  # the longest trail of the game
        ("team_winners", "i1"),  # bit mask of winning teams (seats when there are no teams)
    ]
)
PLAYER_RECORD = np.dtype(
    [
        ("game", "i8"),
        ("seat", "i1"),
        ("bot", "i1"),
        ("score", "i2"),
        ("route_points", "i2"),
        ("tickets_won", "i2"),
        ("tickets_lost", "i2"),
        ("longest_bonus", "i2"),
        ("explorer_bonus", "i2"),
        ("globetrotter_bonus", "i2"),
        ("station_points", "i2"),
        ("mountain_points", "i2"),
        ("longest_path", "i2"),
        ("network_cities", "i2"),  # cities in the player's largest network
        ("trains_left", "i2"),
        ("routes_claimed", "i2"),
        ("cards_drawn", "i2"),
        ("tickets_kept", "i2"),
        ("tickets_midgame", "i2"),
        ("tickets_completed", "i2"),
        ("tickets_failed", "i2"),
        ("stations_built", "i1"),
        ("passes", "i2"),
        ("tunnels_tried", "i2"),
        ("tunnels_abandoned", "i2"),
        ("turns", "i2"),
        ("winner", "?"),
        ("mountain_trains", "i2"),  # trains discarded to the Mountain Pass (LA-MTN-2)
        ("mountain_routes", "i2"),  # mountain routes claimed (LA-SCR-2 tie-break)
        ("special_tickets", "i1"),  # Ghost Train: Trick-or-Treat ticket taken (GT-BON-1)
        ("town_hall_crypt", "?"),  # Ghost Train: Town Hall-Crypt bonus (GT-BON-2)
        ("town_hall_manor", "?"),  # Ghost Train: Town Hall-Manor on the Hill bonus
        ("bonus_cards", "i2"),  # Ghost Train: cards received from the Town Hall bonuses
        ("ticket_swaps", "i2"),  # Ghost Train: ticket swaps (GT-TRN-3)
        ("team", "i1"),  # seat // team size (Team Asia: score is the team's, on each teammate's row)
        ("cards_shared", "i2"),  # train cards this seat put into the team holder
        ("holder_cards_used", "i2"),  # team-holder cards this seat spent on claims and surcharges
        ("tickets_shared", "i2"),  # tickets this seat put into the team's ticket holder
        ("share_actions", "i2"),  # turns spent sharing tickets (TA-TKT-3)
    ]
)
TICKET_RECORD = np.dtype(
    [
        ("game", "i8"),
        ("seat", "i1"),
        ("ticket", "i2"),
        ("long", "?"),
        ("setup", "?"),  # kept at setup (else drawn mid-game)
        ("completed", "?"),
        ("via_station", "?"),  # completed only thanks to a station
        ("turn_kept", "i2"),
        ("turn_completed", "i2"),  # -1 when not joined by own routes
        ("shared", "?"),  # Team Asia: in the team's shared ticket holder at the end
    ]
)
CLAIM_RECORD = np.dtype(
    [
        ("game", "i8"),
        ("seat", "i1"),
        ("route", "i2"),
        ("turn", "i2"),
        ("colour", "i1"),  # card colour paid with (LOCO: locomotives only)
        ("locos", "i1"),  # locomotives spent, surcharge included
    ]
)
TUNNEL_RECORD = np.dtype(
    [
        ("game", "i8"),
        ("seat", "i1"),
        ("route", "i2"),
        ("turn", "i2"),
        ("colour", "i1"),
        ("revealed", "i1"),  # cards actually revealed (fewer when the deck ran dry)
        ("to_reveal", "i1"),  # cards the rule asked for
        ("surcharge", "i1"),
        ("paid", "?"),
        ("pile_size", "i2"),  # draw-pile cards before the reveal
        ("discard_size", "i2"),
    ]
    + [("deck_" + n, "i2") for n in CARD_NAMES]  # draw-pile composition at the reveal
)

# --- regions (BoardArrays.city_flags bits) -------------------------------------
# A board declares its regions in board.toml ([regions] name = [places]); bit i
# of a city's flags is region REGION_NAMES[i]. Ghost Train reads the first five.
REGION_NAMES = ("dark_forest", "coast", "town_hall", "crypt", "manor")
for _i, _n in enumerate(REGION_NAMES):
    globals()["CF_" + _n.upper()] = 1 << _i
# --- planner weights (Scratch.bot_params, float64[BP_FIELDS]) ----------------------
# Defaults chosen by head-to-head runs against `greedy` (see README, Bots).
_BP = [
    ("KEEP_PRICE", 0.3),  # points a ticket must be worth per train of network it adds
    ("SETUP_BUDGET", 0.65),  # share of the trains the setup network may use before penalties
    ("DRAW_BUDGET", 0.5),  # same for tickets drawn mid-game (of the trains the game will leave)
    ("OVER_PRICE", 3.0),  # points per train beyond the budget
    ("TICKET_TRAINS", 22.0),  # draw tickets only with this many trains left ...
    ("TICKET_OTHERS", 18.0),  # ... and every other player holding at least this many
    ("CONTESTED_BONUS", 3.0),  # claim priority of a route others can take for good, in spaces
    ("ENDGAME_TRAINS", 5.0),  # endgame play once a player is down to this many trains
    # destination-hungry: the same keep rule, cheaper tickets and bigger budgets
    ("HUNGRY_KEEP_PRICE", 0.2),
    ("HUNGRY_BUDGET", 0.8),
    ("HUNGRY_OVER_PRICE", 3.0),
    ("HUNGRY_SPARE_TRAINS", 15.0),  # draws tickets while its plan leaves this many trains spare ...
    ("HUNGRY_OTHERS", 15.0),  # ... and every other player holds at least this many
    # one-step: worth of a turn of drawing, price per card spent, weight of ticket progress
    ("ONE_STEP_DRAW", 2.0),
    ("ONE_STEP_CARD_PRICE", 1.0),
    ("ONE_STEP_PROGRESS", 4.0),
]
for _i, (_n, _v) in enumerate(_BP):
    globals()["BP_" + _n] = _i
BP_FIELDS = len(_BP)
BOT_PARAM_DEFAULTS = tuple(v for _, v in _BP)
BOT_PARAM_NAMES = tuple(n for n, _ in _BP)
