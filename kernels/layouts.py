"""Every constant and record layout the kernels share, written out.

Kernels work on plain arrays and records. A board is one `BOARD` record, a
rule set is one int64 vector indexed by the `RULE_*` constants, a game is one
`GAME_STATE` record (kernels take each record as one pointer) whose fields
are sized by the MAX_* bounds, not by the board, so every kernel compiles once
for all boards and variants. The
result tables are one structured dtype each (*_RECORD, at the end).
"""

import numpy as np

# --- card and route colours -------------------------------------------------
# Card colours 0..7, locomotive 8. Route colour 8 means grey (any one colour).
COLOUR_NAMES = ("pink", "white", "blue", "yellow", "orange", "black", "red", "green")
N_COLOURS = 8
LOCO = 8
GRAY = 8
N_CARD_KINDS = 9  # 8 colours + locomotive
CARD_NAMES = COLOUR_NAMES + ("locomotive",)

# --- route table columns (BOARD routes, int32[R, ROUTE_FIELDS]) ------
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
RT_WILD_SET = 10  # N > 0: any N cards may replace one card of the cost (NC-FRY-2, NC-CLM-1); never on a tunnel
ROUTE_FIELDS = 11

KIND_NORMAL = 0
KIND_TUNNEL = 1
KIND_FERRY = 2
KIND_MOUNTAIN = 3
KIND_NAMES = ("normal", "tunnel", "ferry", "mountain")

# --- ticket table columns (BOARD tickets, int32[T, TICKET_FIELDS]) ---
TK_A = 0
TK_B = 1
TK_POINTS = 2
TK_LONG = 3
TK_MULTI = 4  # row of BOARD multi for a ticket with options (SW-TKT-3/4), -1 for one between two cities
TICKET_FIELDS = 5
# A ticket with options: TK_A, TK_B a node of its start and of its best-paid option, TK_POINTS that value;
# what it scores is core/tickets.py ticket_outcome's answer alone. An "end" is a set of nodes: a city, or a
# country's border points (SW-TKT-6). BOARD multi columns: start end, first option, option count;
# BOARD multi_opts columns: the option's end, its points.
MT_FROM, MT_FIRST, MT_COUNT = 0, 1, 2
MO_END, MO_POINTS = 0, 1

# A board (BOARD, at the end): one record a kernel takes as one pointer, like a game. Its fields:
#   routes        int32[R, ROUTE_FIELDS]
#   tickets       int32[T, TICKET_FIELDS]
#   deck          int32[N_CARD_KINDS]: cards of each kind in the box
#   adj_start     int32[C + 1]: CSR offsets of routes incident to each city
#   adj_route     int32[2R]: route ids incident to each city
#   adj_city      int32[2R]: the city at the other end of adj_route[j] (the path search's neighbours)
#   group_routes  int32[G, MAX_LANES]: route ids of each parallel group (-1 pads)
#   city_flags    int32[C]: bit flags per city (regions, bonus places)
#   route_bits    uint64[BITS_ROWS, W]: route sets as bit masks, W = ceil(R / 64) words (BITS_*)
#   lane_bits     uint64[R, W]: the other lanes of each route's parallel group
#   city_route_bits uint64[C, W]: the routes at each city (derived by pack_board)
#   tickets with options (none on the boards without them):
#   end_start     int32[E + 1]: CSR offsets of each end's nodes
#   end_nodes     int32[N]: the nodes of every end
#   multi         int32[M, 3]: MT_* of each printed design
#   multi_opts    int32[O, 2]: MO_* of every option
#   derived by pack_board from the tickets:
#   city_ticket_start int32[C + 1]: CSR offsets of the tickets at each city
#   city_tickets  int32[n_city_tickets]: the tickets at each city: those between two cities ending there,
#                 those with options with the city among their ends' nodes (a claim that brings one new
#                 city into a network can join only those: core/tickets.py mark_tickets_joined_in)
# and the sizes in play (n_routes R, n_tickets T, n_cities C, ...). The fields are sized by the MAX_*
# bounds: a kernel reads bd.routes[r, RT_A] directly and passes a whole field cut to the board,
# bd.routes[:bd.n_routes]; Python sees them cut (analyzer/records.py).

# Rows of BOARD route_bits: route sets the claim masks combine
# (kernels/core/claimable.py). Bit r of a row's words is route r.
BITS_COLOUR = 0  # + card colour 0..7: routes of that colour or grey; + LOCO: every route
BITS_LEN_LE = BITS_COLOUR + 9  # + n, n = 0..MAX_SCORED_LEN: routes of at most n spaces
BITS_COST_LE = BITS_LEN_LE + 13  # + n, n = 0..16: routes needing at most n trains (spaces + mountain X)
BITS_FERRY_LE = BITS_COST_LE + 17  # + n, n = 0..MAX_SCORED_LEN: routes with at most n locomotive symbols
BITS_NEED = BITS_FERRY_LE + 13  # routes with a space a colour card can pay (not all locomotive symbols)
BITS_WILD = BITS_NEED + 1  # routes any set of RT_WILD_SET cards may pay (the masks do not model them)
BITS_ROWS = BITS_WILD + 1
BITS_MAX_COST = 16

# --- rule-set vector (int64[RULE_FIELDS]) -----------------------------------
# Indices into the vector analyzer.rules.RuleSet.to_array() builds. RULE_NAMES
# maps the index back to the RuleSet field (lower case) for the plain fields;
# RULE_DERIVED are computed from several fields. The variation points, each
# with one owner in kernels/core or kernels/engine.py:
#   RULE_FAMILY        which game is played (engine.py branches on it, nowhere else)
#   RULE_LOCO_POLICY   the route kinds whose spaces locomotives may pay, bit KIND_k (core/payment.py)
#   RULE_BONUS_TERMS   which end-of-game bonuses are scored, a BONUS_* mask (core/scoring.py)
#   lane closing       RULE_DOUBLES_MIN_PLAYERS, RULE_TRIPLE_LANES and the board's
#                      RT_ALWAYS_OPEN (core/claims.py close_lanes)
RULE_MIN_PLAYERS = 0
RULE_MAX_PLAYERS = 1
RULE_TEAM_SIZE = 2  # 1, or 2 for Team Asia (a seat is a team of one)
RULE_TRAINS = 3  # trains per player
RULE_HAND_SIZE = 4  # opening hand
RULE_MARKET_SIZE = 5  # face-up cards; 0 = no market, draws are blind
RULE_CARDS_PER_DRAW = 6
RULE_LOCO_RESET = 7  # market reset when it shows this many locomotives; 0 = never
RULE_FACEUP_LOCO_WHOLE_DRAW = 8  # 1: a face-up locomotive is the whole draw
RULE_SETUP_TICKETS_REGULAR = 9
RULE_SETUP_TICKETS_LONG = 10
RULE_SETUP_KEEP_MIN = 11
RULE_UNKEPT_SETUP_TO_BOX = 12  # 1: unkept setup tickets leave the game
RULE_DRAW_TICKETS = 13
RULE_DRAW_KEEP_MIN = 14
RULE_SHARED_TICKETS_SETUP = 15  # Team Asia: tickets each player puts in the team holder
RULE_SHARED_TICKETS_DRAW = 16
RULE_LONGEST_PATH_BONUS = 17
RULE_STATIONS = 18  # per player
RULE_STATION_VALUE = 19  # points per unbuilt station
RULE_TUNNEL_REVEAL = 20
RULE_MOUNTAIN_POINTS = 21  # per train discarded to the Mountain Pass
RULE_EXPLORER_BONUS = 22  # Asian Explorer: most cities in one network
RULE_GLOBETROTTER_BONUS = 23  # most completed tickets
RULE_DOUBLES_MIN_PLAYERS = 24  # both lanes usable from this many players up
RULE_END_TRAINS = 25  # end trigger: a player (or team) at or below this
RULE_END_TRIGGER_TEAM = 26  # 1: the trigger counts the team's combined trains
RULE_WIN_TICKETS = 27  # 0: points game; N: first to N completed tickets wins
RULE_TURN_CAP = 28  # stalled-game guard: total turns
RULE_TIEBREAK_SECOND = 29  # TIE_* after points and completed tickets
RULE_MAX_ROUTE_LEN = 30  # (derived) length of the route-score table below
RULE_SWAP_TICKETS = 31  # GT-TRN-3: 1 = the ticket-swap action exists
RULE_COMPLETED_DRAW = 32  # GT-TKT-1: tickets drawn at once when one is completed (0: none)
RULE_SPECIAL_TICKETS = 33  # GT-BON-1: Trick-or-Treat tickets in the box
RULE_TOWN_HALL_CARDS = 34  # GT-BON-2: cards drawn for each Town Hall bonus
RULE_END_IMMEDIATE = 35  # GT-END-2: 1 = the game ends at once at END_TRAINS (no last round)
RULE_TRIPLE_LANES = 36  # TA-DBL-2: lanes of a triple claimable below DOUBLES_MIN_PLAYERS
RULE_FAMILY = 37  # (derived) FAMILY_*
RULE_LOCO_POLICY = 38  # (derived) LOCO_*
RULE_BONUS_TERMS = 39  # (derived) BONUS_* bits
RULE_UNKEPT_DRAW_TO_BOX = 40  # NC-TKT-2, SW-TKT-2: 1 = tickets not kept after a draw leave the game
RULE_ROUTE_SCORE = 41  # RULE_ROUTE_SCORE + length -> points
MAX_SCORED_LEN = 12
RULE_GRAND_TOUR_LEN = RULE_ROUTE_SCORE + MAX_SCORED_LEN + 1  # (derived) entries of the table below
RULE_GRAND_TOUR = RULE_GRAND_TOUR_LEN + 1  # + qualifying tickets -> points, the last entry for more (IN-SCR-4)
MAX_GRAND_TOUR = 16
RULE_FIELDS = RULE_GRAND_TOUR + MAX_GRAND_TOUR
RULE_NAMES = (
    "MIN_PLAYERS", "MAX_PLAYERS", "TEAM_SIZE", "TRAINS", "HAND_SIZE", "MARKET_SIZE", "CARDS_PER_DRAW",
    "LOCO_RESET", "FACEUP_LOCO_WHOLE_DRAW", "SETUP_TICKETS_REGULAR", "SETUP_TICKETS_LONG", "SETUP_KEEP_MIN",
    "UNKEPT_SETUP_TO_BOX", "DRAW_TICKETS", "DRAW_KEEP_MIN", "SHARED_TICKETS_SETUP", "SHARED_TICKETS_DRAW",
    "LONGEST_PATH_BONUS", "STATIONS", "STATION_VALUE", "TUNNEL_REVEAL", "MOUNTAIN_POINTS", "EXPLORER_BONUS",
    "GLOBETROTTER_BONUS", "DOUBLES_MIN_PLAYERS", "END_TRAINS", "END_TRIGGER_TEAM", "WIN_TICKETS", "TURN_CAP",
    "TIEBREAK_SECOND", "MAX_ROUTE_LEN", "SWAP_TICKETS", "COMPLETED_DRAW", "SPECIAL_TICKETS", "TOWN_HALL_CARDS",
    "END_IMMEDIATE", "TRIPLE_LANES", "FAMILY", "LOCO_POLICY", "BONUS_TERMS", "UNKEPT_DRAW_TO_BOX",
)
RULE_DERIVED = ("MAX_ROUTE_LEN", "FAMILY", "LOCO_POLICY", "BONUS_TERMS")

# second tie-break (BASE-SCR-3, LA-SCR-2, TA-SCR-2)
TIE_LONGEST = 0  # holding the longest-path bonus
TIE_MOUNTAINS = 1  # most mountain routes
TIE_LONGEST_PATH = 2  # the longer continuous path
TIE_NAMES = ("longest", "mountains", "longest_path")

# rule families: the only thing engine.py branches on
FAMILY_POINTS = 0  # points game, one seat per player (USA, Europe, Legendary Asia, India)
FAMILY_TEAMS = 1  # points game in teams with shared holders (Team Asia, variants/team.py)
FAMILY_TICKET_RACE = 2  # first to WIN_TICKETS completed tickets (Ghost Train, variants/ghost.py)

# where locomotives may pay for a claim (core/payment.py): a bit mask over the KIND_* of the route
LOCO_ANY = (1 << len(KIND_NAMES)) - 1  # every route (BASE-CLM-3)

# end-of-game bonus terms (core/scoring.py)
BONUS_LONGEST = 1  # longest continuous path (BASE-SCR-2, TA-SCR-1 Asia Express)
BONUS_EXPLORER = 2  # most cities in one network (LA-SCR-1)
BONUS_GLOBETROTTER = 4  # most completed tickets (TA-SCR-1)
BONUS_STATIONS = 8  # points per unbuilt station (EU-STN-4)
BONUS_GRAND_TOUR = 16  # tickets joined by two route-disjoint paths (IN-SCR-3, IN-SCR-4)

# --- game state ---------------------------------------------------------------
# Scalars of a game (st.sc, int64[SC_FIELDS]).
SC_N_PLAYERS = 0
SC_TURN = 1  # turns played (all players)
SC_PLAYER = 2  # whose decision it is
SC_PHASE = 3
SC_N_PILE = 4  # cards in the draw pile (top is pile[N_PILE - 1])
SC_TP_HEAD = 5  # ticket pile: circular queue head
SC_TP_COUNT = 6
SC_LP_COUNT = 7  # long-ticket pile (setup only)
SC_N_OFFER = 8  # tickets offered, waiting for a keep decision
SC_OFFER_SETUP = 9  # 1 if the offer is the setup deal
SC_N_REVEALED = 10  # tunnel cards revealed
SC_PEND_ROUTE = 11  # tunnel being claimed
SC_PEND_COLOUR = 12
SC_PEND_SURCHARGE = 13
SC_END_COUNTDOWN = 14  # turns left after the end trigger; -1 = not triggered
SC_END_REASON = 15
SC_PASS_STREAK = 16  # consecutive passes
SC_BOARD_VERSION = 17  # +1 at every claim or station built
SC_RESHUFFLES = 18
SC_MARKET_RESETS = 19
SC_FIRST_DEST = 20  # Team Asia: where the first card of this draw went (DEST_*)
SC_PEND_CARD = 21  # Team Asia: the blind first card waiting in the hand for A_PLACE_CARD
SC_N_TUNNEL_LOG = 22  # rows of st.tunnel_log in use
SC_GT_SPECIAL_LEFT = 23  # Ghost Train: Trick-or-Treat tickets still in the box (GT-BON-1)
# The sizes in play (the state's fields are sized by the MAX_* bounds below).
SC_N_ROUTES = 24
SC_N_TICKETS = 25
SC_N_CITIES = 26
SC_N_WORDS = 27  # 64-bit words of a route bit set
SC_N_EVENTS = 28  # rows of st.event_log in use (when st.events_on[0] is 1)
SC_EVENTS_LOST = 29  # events that found the log full (the runner refuses such a game)
SC_FIELDS = 30

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
END_STALL = 4  # Ghost Train: no seat can claim any route any more (GT-END-3)
END_NAMES = ("trains", "no_actions", "turn_cap", "tickets", "stall")

# Per-player counters (st.ps, int32[P, PS_FIELDS]).
PS_ROUTE_POINTS = 0
PS_MOUNTAIN_TRAINS = 1
PS_ROUTES_CLAIMED = 2
PS_MOUNTAIN_ROUTES = 3
PS_CARDS_DRAWN = 4
PS_TICKETS_DRAWN_MIDGAME = 5  # tickets kept after a mid-game draw
PS_STATIONS_BUILT = 6
PS_PASSES = 7
PS_TUNNELS_TRIED = 8
PS_TUNNELS_ABANDONED = 9
PS_TURNS = 10
PS_GT_TICKETS = 11  # Ghost Train: own tickets completed (laid face up, GT-TKT-1)
PS_GT_SPECIAL = 12  # Ghost Train: Trick-or-Treat ticket taken (0/1, GT-BON-1)
PS_GT_CRYPT = 13  # Ghost Train: Town Hall-Crypt bonus taken (0/1, GT-BON-2)
PS_GT_MANOR = 14  # Ghost Train: Town Hall-Manor on the Hill bonus taken (0/1, GT-BON-2)
PS_GT_BONUS_CARDS = 15  # Ghost Train: cards received from Town Hall bonuses
PS_GT_SWAPS = 16  # Ghost Train: ticket swaps (GT-TRN-3)
PS_CARDS_SHARED = 17  # Team Asia: cards this seat put into the team's holder (TA-CRD-2/3)
PS_HOLDER_CARDS_USED = 18  # cards of the team holder this seat spent (TA-CRD-4, TA-TUN-2)
PS_TICKETS_SHARED = 19  # tickets this seat put into the team's ticket holder (TA-TKT-1..3)
PS_SHARE_ACTIONS = 20  # turns spent on the share-tickets action (TA-TKT-3)
PS_FIELDS = 21

# Ticket holders (st.ticket_holder): a seat, or one of these.
TH_PILE = -1
TH_BOX = -2
TH_OFFERED = -3
TH_LONG_PILE = -4

MAX_CITIES = 256  # kernels/paths.py keeps its frontier in four 64-bit words
MAX_OFFER = 8
MAX_REVEAL = 8
MAX_STATIONS = 4
MAX_DEGREE = 32  # routes incident to one city (the Scratch's graph buffers; analyzer/board_arrays.py refuses more)

MAX_SEATS, MAX_MARKET = 8, 8  # analyzer/rules.py allows at most these
MAX_ROUTES, MAX_TICKETS, MAX_DECK = 256, 256, 256  # analyzer/board_arrays.py refuses larger boards
MAX_WORDS = MAX_ROUTES // 64
MAX_LANES = 3  # routes in one parallel group (triple routes)
MAX_GROUPS = MAX_ROUTES // 2
MAX_ENDS, MAX_END_NODES, MAX_MULTI, MAX_MULTI_OPTS = 64, 256, 64, 256  # tickets with options (SW-TKT-3..6)
MAX_CITY_TICKETS = 4 * MAX_TICKETS  # BOARD city_tickets: tickets listed at their cities (Switzerland: 216)
MAX_TURN_CAP = 4000  # rows of the tunnel log (analyzer/rules.py refuses a larger turn_cap)

# End-of-game components (st.final).
FN_TICKETS_WON = 0
FN_TICKETS_LOST = 1
FN_TICKETS_COMPLETED = 2
FN_TICKETS_FAILED = 3
FN_LONGEST_PATH = 4
FN_LONGEST_BONUS = 5
FN_NETWORK_CITIES = 6
FN_EXPLORER_BONUS = 7
FN_GLOBETROTTER_BONUS = 8
FN_STATION_POINTS = 9
FN_TOTAL = 10
FN_WINNER = 11
FN_GRAND_TOUR_TICKETS = 12  # completed tickets joined by two route-disjoint paths (IN-SCR-3)
FN_GRAND_TOUR_BONUS = 13  # IN-SCR-4
FN_FIELDS = 14

TR_NOT_HELD = 0
TR_COMPLETED = 1
TR_VIA_STATION = 2  # completed only with a station's borrowed route
TR_FAILED = -1

# Tunnel log columns (st.tunnel_log), then the draw-pile composition.
TL_SEAT = 0
TL_ROUTE = 1
TL_TURN = 2
TL_COLOUR = 3
TL_REVEALED = 4
TL_TO_REVEAL = 5
TL_SURCHARGE = 6
TL_PAID = 7
TL_PILE = 8
TL_DISCARD = 9
TL_DECK = 10  # + card kind: draw-pile composition at the reveal
TL_FIELDS = TL_DECK + N_CARD_KINDS

# Event log columns (st.event_log, int16[MAX_EVENTS, EV_FIELDS]): one row per move of cards or tickets,
# written only when st.events_on[0] is 1 (kernels/core/events.py; the events table, EVENT_RECORD).
EV_TURN = 0
EV_SEAT = 1
EV_KIND = 2  # EK_*
EV_CARD = 3  # card kind moved, -1 on a ticket row
EV_COUNT = 4  # cards moved (1 on a ticket row)
EV_SLOT = 5  # market slot, or position in the ticket offer; -1
EV_TICKET = 6  # ticket moved; -1
EV_ROUTE = 7  # route claimed or tried; -1
EV_CITY = 8  # station city; -1
EV_HOLDER = 9  # 1: the cards come from the team's holder; a kept ticket goes to the shared ticket holder
EV_FIELDS = 10
MAX_EVENTS = 32768  # rows of one game's event log
# Event kinds: where the row's cards or tickets come from and go to (docs/tables.md, events).
EVENT_NAMES = (
    "deal",  # draw pile -> hand (setup)
    "market_fill",  # draw pile -> market slot
    "market_draw",  # market slot -> hand
    "blind_draw",  # draw pile -> hand
    "market_reset",  # market slot -> discard (three face-up locomotives, BASE-MKT-3)
    "reshuffle",  # discard -> draw pile (count: cards of the kind)
    "claim_spend",  # hand (or team holder) -> discard, for a route
    "tunnel_lay",  # hand (or team holder) -> laid on a tunnel
    "tunnel_reveal",  # draw pile -> revealed
    "tunnel_pay",  # hand (or team holder) -> laid: the surcharge
    "tunnel_claim",  # laid -> discard: the tunnel is placed
    "tunnel_return",  # laid -> hand (or team holder): the tunnel is abandoned
    "tunnel_discard",  # revealed -> discard
    "station_spend",  # hand -> discard, for a station
    "bonus_draw",  # draw pile -> hand (Ghost Train Town Hall, GT-BON-2)
    "card_to_holder",  # hand -> team holder (Team Asia, TA-CRD-2/3)
    "setup_offer",  # ticket pile (or long pile) -> setup offer
    "ticket_offer",  # ticket pile -> offer (a ticket draw)
    "ticket_keep",  # offer -> the seat (holder 1: into the team's shared holder)
    "ticket_return",  # offer -> bottom of the ticket pile
    "ticket_box",  # offer (or the long pile, seat -1) -> box
    "ticket_share",  # the seat's hidden ticket -> the team's shared holder (TA-TKT-3)
    "ticket_draw",  # ticket pile -> the seat (Ghost Train replacement, GT-TKT-1)
    "swap_draw",  # ticket pile -> the seat (Ghost Train swap, GT-TRN-3)
    "swap_return",  # the seat's unfinished ticket -> bottom of the ticket pile (GT-TRN-3a)
)
(EK_DEAL, EK_MARKET_FILL, EK_MARKET_DRAW, EK_BLIND_DRAW, EK_MARKET_RESET, EK_RESHUFFLE, EK_CLAIM_SPEND,
 EK_TUNNEL_LAY, EK_TUNNEL_REVEAL, EK_TUNNEL_PAY, EK_TUNNEL_CLAIM, EK_TUNNEL_RETURN, EK_TUNNEL_DISCARD,
 EK_STATION_SPEND, EK_BONUS_DRAW, EK_CARD_TO_HOLDER, EK_SETUP_OFFER, EK_TICKET_OFFER, EK_TICKET_KEEP,
 EK_TICKET_RETURN, EK_TICKET_BOX, EK_TICKET_SHARE, EK_TICKET_DRAW, EK_SWAP_DRAW, EK_SWAP_RETURN) = range(25)

# A game: one record (GAME_STATE): a kernel takes it as one pointer (a namedtuple of arrays took ~7
# scalar arguments per array). Fields are sized by the MAX_* bounds, the sizes in play are in sc
# (SC_N_PLAYERS, SC_N_ROUTES, ...); the logs last: copy_state copies the bytes before the tunnel log.
_GAME_STATE_FIELDS = (
    ("sc", np.int64, (SC_FIELDS,)), ("rng", np.uint64, (1,)),  # rng: the game's deck/ticket stream
    ("pile", np.int8, (MAX_DECK,)),  # draw pile, top at sc[SC_N_PILE] - 1
    ("discard", np.int32, (N_CARD_KINDS,)), ("laid", np.int32, (N_CARD_KINDS,)),  # laid: for a pending tunnel
    ("hand", np.int32, (MAX_SEATS, N_CARD_KINDS)), ("market", np.int8, (MAX_MARKET,)),  # market: -1 = empty slot
    ("holder", np.int32, (MAX_SEATS, N_CARD_KINDS)),  # [team, kind]: team card holders (empty for teams of one)
    ("revealed", np.int8, (MAX_REVEAL,)), ("trains", np.int32, (MAX_SEATS,)), ("stations_left", np.int32, (MAX_SEATS,)),
    ("score", np.int32, (MAX_SEATS,)),  # running score (routes and mountain trains)
    ("ps", np.int32, (MAX_SEATS, PS_FIELDS)), ("owner", np.int16, (MAX_ROUTES,)),  # owner: seat, or -1
    ("closed", np.int8, (MAX_ROUTES,)), ("claim_turn", np.int32, (MAX_ROUTES,)),  # closed: by the double rule
    ("station_city", np.int16, (MAX_SEATS, MAX_STATIONS)),  # city or -1
    ("city_station", np.int16, (MAX_CITIES,)),  # owner seat or -1
    ("ticket_pile", np.int16, (MAX_TICKETS,)),  # circular queue (of sc[SC_N_TICKETS]) of regular tickets
    ("long_pile", np.int16, (MAX_TICKETS,)),  # long tickets (setup only)
    ("ticket_holder", np.int16, (MAX_TICKETS,)),  # seat or TH_*
    ("ticket_kept_turn", np.int32, (MAX_TICKETS,)),  # turn the ticket was kept (-1 at setup)
    ("ticket_done_turn", np.int32, (MAX_TICKETS,)), ("offer", np.int16, (MAX_OFFER,)),  # done: turn joined, -1
    ("uf", np.int16, (MAX_SEATS, MAX_CITIES)),  # union-find of each seat's team network
    ("setup_offer", np.int16, (MAX_SEATS, MAX_OFFER)),  # setup deal of each seat (-1 pads)
    ("claim_colour", np.int8, (MAX_ROUTES,)),  # colour paid (LOCO = locomotives only)
    ("claim_locos", np.int8, (MAX_ROUTES,)),  # locomotives spent, tunnel surcharge included
    ("final", np.int32, (MAX_SEATS, FN_FIELDS)),  # end-of-game score components
    ("ticket_result", np.int8, (MAX_TICKETS,)),  # TR_*
    ("purse", np.int32, (N_CARD_KINDS,)),  # hand + team holder of the seat to move (scratch)
    ("laid_holder", np.int32, (N_CARD_KINDS,)),  # cards laid for a pending tunnel that came from the holder
    ("ticket_shared", np.int8, (MAX_TICKETS,)),  # 1 when in its team's shared ticket holder
    ("ticket_option", np.int8, (MAX_TICKETS,)),  # option that scored (0: a city-city ticket's), -1: none
    ("ticket_points", np.int32, (MAX_TICKETS,)),  # points the ticket counted in the final score, signed
    ("open_bits", np.uint64, (MAX_WORDS,)),  # routes neither claimed nor closed (bit r = route r)
    ("blocked_bits", np.uint64, (MAX_SEATS, MAX_WORDS)),  # lanes a seat may not take: it holds a parallel lane
    ("claim_masks", np.uint64, (N_CARD_KINDS, MAX_WORDS)),  # scratch: routes claimable per colour (core/claimable.py)
    ("tunnel_log", np.int32, (MAX_TURN_CAP + 1, TL_FIELDS)),  # one row per tunnel attempt (a log: not copied)
    ("events_on", np.int64, (1,)),  # 1: moves are logged in event_log (set by the runner; init_game keeps it)
    ("event_log", np.int16, (MAX_EVENTS, EV_FIELDS)),  # EV_* rows, sc[SC_N_EVENTS] in use (a log: not copied)
)


def record_dtype(fields):
    """A record of (name, kind, shape) fields, each at an 8-byte aligned offset."""
    sizes = [(np.dtype((kind, shape)).itemsize + 7) // 8 * 8 for _, kind, shape in fields]  # 8-byte aligned
    return np.dtype({"names": [f[0] for f in fields], "formats": [(f[1], f[2]) for f in fields],
                     "offsets": [int(x) for x in np.cumsum([0] + sizes[:-1])], "itemsize": sum(sizes)})


GAME_STATE = record_dtype(_GAME_STATE_FIELDS)
STATE_COPY_BYTES = GAME_STATE.fields["tunnel_log"][1]  # every field before the log (copy_state)

# A board (see the field list above BITS_*); analyzer/board_arrays.py builds it and refuses boards beyond
# the bounds.
BOARD_SIZES = ("n_routes", "n_tickets", "n_cities", "n_groups", "n_lanes", "n_words", "n_ends", "n_end_nodes",
               "n_multi", "n_multi_opts", "n_city_tickets")
BOARD = record_dtype((
    *((n, np.int64, ()) for n in BOARD_SIZES),
    ("routes", np.int32, (MAX_ROUTES, ROUTE_FIELDS)), ("tickets", np.int32, (MAX_TICKETS, TICKET_FIELDS)),
    ("deck", np.int32, (N_CARD_KINDS,)), ("adj_start", np.int32, (MAX_CITIES + 1,)),
    ("adj_route", np.int32, (2 * MAX_ROUTES,)), ("adj_city", np.int32, (2 * MAX_ROUTES,)),
    ("group_routes", np.int32, (MAX_GROUPS, MAX_LANES)),
    ("city_flags", np.int32, (MAX_CITIES,)), ("route_bits", np.uint64, (BITS_ROWS, MAX_WORDS)),
    ("lane_bits", np.uint64, (MAX_ROUTES, MAX_WORDS)), ("end_start", np.int32, (MAX_ENDS + 1,)),
    ("end_nodes", np.int32, (MAX_END_NODES,)), ("multi", np.int32, (MAX_MULTI, 3)),
    ("multi_opts", np.int32, (MAX_MULTI_OPTS, 2)), ("city_ticket_start", np.int32, (MAX_CITIES + 1,)),
    ("city_tickets", np.int32, (MAX_CITY_TICKETS,)), ("city_route_bits", np.uint64, (MAX_CITIES, MAX_WORDS)),
))

# The work arrays of the longest-trail search (kernels/graph.py), one record: a field of the Scratch.
TRAIL_WORK = record_dtype((
    ("deg", np.int32, (MAX_CITIES,)), ("inc", np.int32, (MAX_CITIES, MAX_DEGREE)),  # routes at each city
    ("used", np.int8, (MAX_ROUTES,)), ("seen", np.int8, (MAX_CITIES,)),  # routes used, cities reached
    ("piece_len", np.int32, (MAX_CITIES,)),  # the length of each city's network piece, while unsearched
    ("hang", np.int32, (2, MAX_CITIES)),  # the two deepest pendant trees below each city
    ("piece", np.int32, (MAX_CITIES,)),  # the cities of the piece being searched
    ("stk_v", np.int32, (MAX_ROUTES + 2,)), ("stk_e", np.int32, (MAX_ROUTES + 2,)),  # the walk's stacks
    ("stk_i", np.int32, (MAX_ROUTES + 2,)),
))

# The Scratch (a worker's graph-search and bot memory) is laid out in kernels/bots/shared/scratch.py.
INF = 1e18  # price of an unusable route, distance of an unreachable city

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
ACTION_NAMES = ("pass", "draw_market", "draw_blind", "claim", "draw_tickets", "keep_tickets", "build_station",
                "tunnel_pay", "tunnel_abandon", "swap_tickets", "share_tickets", "place_card")
N_ACTION_KINDS = 12
ALL_KINDS = (1 << 16) - 1  # every action kind (a legal_actions_of mask)
MAX_LEGAL = 4096
# Team Asia card draws: b of A_DRAW_MARKET / A_DRAW_BLIND says where the card goes (TA-CRD-2)
DEST_HAND = 0
DEST_HOLDER = 1

# --- regions (BOARD city_flags bits) -------------------------------------
# A board declares its regions in board.toml ([regions] name = [places]); bit i
# of a city's flags is region REGION_NAMES[i]. Ghost Train reads the first five.
REGION_NAMES = ("dark_forest", "coast", "town_hall", "crypt", "manor")
CF_DARK_FOREST = 1
CF_COAST = 2
CF_TOWN_HALL = 4
CF_CRYPT = 8
CF_MANOR = 16

# Bot identifiers and the planner weights (Scratch.bot_params) live in kernels/bots/shared/params.py.


# --- result records (one structured dtype per table) ----------------------------
GAME_RECORD = np.dtype(
    [
        ("game", "i8"), ("turns", "i4"), ("end_reason", "i1"), ("stalled", "?"),
        ("winners", "i1"),  # bit mask of winning seats
        ("n_winners", "i1"), ("reshuffles", "i2"), ("market_resets", "i2"),
        ("longest_path", "i2"),  # the longest trail of the game
        ("team_winners", "i1"),  # bit mask of winning teams (seats when there are no teams)
    ]
)
PLAYER_RECORD = np.dtype(
    [
        ("game", "i8"), ("seat", "i1"), ("bot", "i1"), ("score", "i2"), ("route_points", "i2"),
        ("tickets_won", "i2"), ("tickets_lost", "i2"), ("longest_bonus", "i2"), ("explorer_bonus", "i2"),
        ("globetrotter_bonus", "i2"), ("station_points", "i2"), ("mountain_points", "i2"), ("longest_path", "i2"),
        ("network_cities", "i2"),  # cities in the player's largest network
        ("trains_left", "i2"), ("routes_claimed", "i2"), ("cards_drawn", "i2"), ("tickets_kept", "i2"),
        ("tickets_midgame", "i2"), ("tickets_completed", "i2"), ("tickets_failed", "i2"), ("stations_built", "i1"),
        ("passes", "i2"), ("tunnels_tried", "i2"), ("tunnels_abandoned", "i2"), ("turns", "i2"), ("winner", "?"),
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
        ("locos_left", "i2"),  # locomotive cards in hand at the end (unused; NC-CRD-1, SW-CRD-1)
        ("grand_tour_tickets", "i1"),  # India: tickets joined by two route-disjoint paths (IN-SCR-3)
        ("grand_tour_bonus", "i2"),  # IN-SCR-4
    ]
)
TICKET_RECORD = np.dtype(
    [
        ("game", "i8"), ("seat", "i1"), ("ticket", "i2"), ("long", "?"),
        ("setup", "?"),  # kept at setup (else drawn mid-game)
        ("completed", "?"),
        ("via_station", "?"),  # completed only thanks to a station
        ("turn_kept", "i2"),
        ("turn_completed", "i2"),  # -1 when not joined by own routes
        ("shared", "?"),  # Team Asia: in the team's shared ticket holder at the end
        ("option", "i1"),  # the destination that scored (0 for a city-city ticket; SW-TKT-3/4), -1: none
        ("points", "i2"),  # points counted in the final score, signed (SW-TKT-5: a country ticket's lowest)
    ]
)
CLAIM_RECORD = np.dtype(
    [
        ("game", "i8"), ("seat", "i1"), ("route", "i2"), ("turn", "i2"),
        ("colour", "i1"),  # card colour paid with (LOCO: locomotives only)
        ("locos", "i1"),  # locomotives spent, surcharge included
    ]
)
TUNNEL_RECORD = np.dtype(
    [
        ("game", "i8"), ("seat", "i1"), ("route", "i2"), ("turn", "i2"), ("colour", "i1"),
        ("revealed", "i1"),  # cards actually revealed (fewer when the deck ran dry)
        ("to_reveal", "i1"),  # cards the rule asked for
        ("surcharge", "i1"), ("paid", "?"),
        ("pile_size", "i2"),  # draw-pile cards before the reveal
        ("discard_size", "i2"),
    ]
    + [("deck_" + n, "i2") for n in CARD_NAMES]  # draw-pile composition at the reveal
)
EVENT_RECORD = np.dtype(
    [
        ("game", "i8"), ("turn", "i2"), ("seat", "i1"),
        ("kind", "i1"),  # EVENT_NAMES
        ("card", "i1"),  # CARD_NAMES, -1 on a ticket row
        ("count", "i2"),  # cards moved (1 on a ticket row)
        ("slot", "i1"),  # market slot, or position in the ticket offer; -1
        ("ticket", "i2"), ("route", "i2"), ("city", "i2"),  # -1 when not concerned
        ("holder", "?"),  # the team's holder: the cards' source or destination, a kept ticket's place
    ]
)
