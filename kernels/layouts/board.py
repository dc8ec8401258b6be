"""Cards and colours, the columns of a board's route and ticket tables, the
rows of its route sets (BITS_*) and its regions (city flags). The board's
record, BOARD, is in kernels/layouts/records.py."""

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

# A board (BOARD, in records.py): one record a kernel takes as one pointer, like a game. Its fields:
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

# --- regions (BOARD city_flags bits) -------------------------------------
# A board declares its regions in board.toml ([regions] name = [places]); bit i
# of a city's flags is region REGION_NAMES[i]. Ghost Train reads the first five.
REGION_NAMES = ("dark_forest", "coast", "town_hall", "crypt", "manor")
CF_DARK_FOREST = 1
CF_COAST = 2
CF_TOWN_HALL = 4
CF_CRYPT = 8
CF_MANOR = 16
