"""Every record layout (numpy structured dtype) the kernels share: a game
(GAME_STATE), a board (BOARD), the longest-trail search's work arrays
(TRAIL_WORK) and one dtype per result table (*_RECORD). The Scratch (a
worker's graph-search and bot memory) is laid out in
kernels/bots/shared/scratch.py."""

import numpy as np

from kernels.layouts.board import BITS_ROWS, CARD_NAMES, N_CARD_KINDS, ROUTE_FIELDS, TICKET_FIELDS
from kernels.layouts.state import (
    EV_FIELDS,
    FN_FIELDS,
    MAX_CITIES,
    MAX_CITY_TICKETS,
    MAX_DECK,
    MAX_DEGREE,
    MAX_END_NODES,
    MAX_ENDS,
    MAX_EVENTS,
    MAX_GROUPS,
    MAX_LANES,
    MAX_MARKET,
    MAX_MULTI,
    MAX_MULTI_OPTS,
    MAX_OFFER,
    MAX_REVEAL,
    MAX_ROUTES,
    MAX_SEATS,
    MAX_STATIONS,
    MAX_TICKETS,
    MAX_TURN_CAP,
    MAX_WORDS,
    PS_FIELDS,
    SC_FIELDS,
    TL_FIELDS,
)

# A game: one record (GAME_STATE): a kernel takes it as one pointer (a namedtuple of arrays took ~7
# scalar arguments per array). Fields are sized by the MAX_* bounds, the sizes in play are in sc
# (SC_N_PLAYERS, SC_N_ROUTES, ...); the logs last: copy_state copies the bytes before the tunnel log.
_GAME_STATE_FIELDS = (
    ("sc", np.int64, (SC_FIELDS,)), ("rng", np.uint64, (1,)),  # rng: the game's deck/ticket stream
    ("pile", np.int8, (MAX_DECK,)),  # draw pile, top at sc[SC_N_PILE] - 1
    ("discard", np.int32, (N_CARD_KINDS,)), ("laid", np.int32, (N_CARD_KINDS,)),  # laid: for a pending tunnel
    ("hand", np.int32, (MAX_SEATS, N_CARD_KINDS)), ("market", np.int8, (MAX_MARKET,)),  # market: -1 = empty slot
    ("holder", np.int32, (MAX_SEATS, N_CARD_KINDS)),  # [team, kind]: team card holders (empty for teams of one)
    # [seat, kind]: cards every player saw go into the seat's hand (face-up draws) and knows are still there: each
    # payment from the hand takes as many off (which cards it spent nobody sees), so never more than the hand holds
    ("seen_in_hand", np.int32, (MAX_SEATS, N_CARD_KINDS)),
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

# A board (see the field list in board.py); analyzer/board_arrays.py builds it and refuses boards beyond
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
