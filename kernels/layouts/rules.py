"""The rule-set vector: one int64 vector indexed by the RULE_* constants
(analyzer.rules.RuleSet.to_array builds it), the tie-breaks, the rule
families, where locomotives may pay and the end-of-game bonus terms."""

from kernels.layouts.board import KIND_NAMES

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
