"""A game's scalars (SC_*), phases, end reasons, per-seat counters (PS_*),
ticket holders, the MAX_* bounds every record is sized by, the end-of-game
components (FN_*), the tunnel and event logs' columns, and actions (A_*).
The game's record, GAME_STATE, is in kernels/layouts/records.py."""

from kernels.layouts.board import N_CARD_KINDS

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
