"""The result tables: a finished game's rows written into record arrays
(kernels/layouts/records.py GAME_RECORD, PLAYER_RECORD, TICKET_RECORD, CLAIM_RECORD,
TUNNEL_RECORD, EVENT_RECORD), one function per table. `tables` is the tuple
of the six arrays in that order (analyzer/run/protocol.py TABLES names the
first five; the events array is empty in a run without events) and
counts[i] the rows table i holds so far (the events' at counts[EVENT_ROWS]);
the analyzer sizes the arrays and turns them into Parquet."""

from numba import njit

from kernels import layouts as L

GAMES, PLAYERS, TICKETS, CLAIMS, TUNNELS, EVENTS = 0, 1, 2, 3, 4, 5  # tables[i], counts[i] (EVENTS: tables only)
DECISIONS, EVENT_ROWS = 5, 6  # counts[i]: the bot calls made, the events table's rows


@njit(cache=True, _nrt=False)
def game_fits(st, bd, bots, tables, counts):
    """The finished game in st has room in every table (the tunnel log and
    the tickets held vary from game to game; the writer never checks)."""
    return (counts[GAMES] + 1 <= tables[GAMES].shape[0]
            and counts[PLAYERS] + bots.shape[0] <= tables[PLAYERS].shape[0]
            and counts[TICKETS] + bd.n_tickets <= tables[TICKETS].shape[0]
            and counts[CLAIMS] + bd.n_routes <= tables[CLAIMS].shape[0]
            and counts[TUNNELS] + st.sc[L.SC_N_TUNNEL_LOG] <= tables[TUNNELS].shape[0]
            and (st.events_on[0] == 0 or counts[EVENT_ROWS] + st.sc[L.SC_N_EVENTS] <= tables[EVENTS].shape[0]))


@njit(cache=True, _nrt=False)
def write_game(st, bd, ru, bots, game, tables, counts):
    """Append the rows of finished game number `game` (in st) to every table."""
    n_players = bots.shape[0]
    _write_game_row(st, ru, n_players, game, tables[GAMES], counts)
    _write_player_rows(st, ru, bots, game, tables[PLAYERS], counts)
    _write_ticket_rows(st, bd, game, tables[TICKETS], counts)
    _write_claim_rows(st, bd, game, tables[CLAIMS], counts)
    _write_tunnel_rows(st, game, tables[TUNNELS], counts)
    if st.events_on[0] != 0:
        _write_event_rows(st, game, tables[EVENTS], counts)


@njit(cache=True, _nrt=False)
def _write_game_row(st, ru, n_players, game, games, counts):
    fin = st.final
    g = games[counts[GAMES]]
    counts[GAMES] += 1
    g.game = game
    g.turns = st.sc[L.SC_TURN]
    g.end_reason = st.sc[L.SC_END_REASON]
    g.stalled = st.sc[L.SC_END_REASON] == L.END_NO_ACTIONS or st.sc[L.SC_END_REASON] == L.END_TURN_CAP
    mask = 0
    nw = 0
    longest = 0
    for p in range(n_players):
        if fin[p, L.FN_WINNER]:
            mask |= 1 << p
            nw += 1
        longest = max(longest, fin[p, L.FN_LONGEST_PATH])
    g.winners = mask
    g.n_winners = nw
    g.reshuffles = st.sc[L.SC_RESHUFFLES]
    g.market_resets = st.sc[L.SC_MARKET_RESETS]
    g.longest_path = longest
    team_size = max(ru[L.RULE_TEAM_SIZE], 1)
    team_mask = 0
    for p in range(n_players):
        if fin[p, L.FN_WINNER]:
            team_mask |= 1 << (p // team_size)
    g.team_winners = team_mask


@njit(cache=True, _nrt=False)
def _write_player_rows(st, ru, bots, game, players, counts):
    n_players = bots.shape[0]
    fin = st.final
    team_size = max(ru[L.RULE_TEAM_SIZE], 1)
    for p in range(n_players):
        r = players[counts[PLAYERS]]
        counts[PLAYERS] += 1
        r.game = game
        r.seat = p
        r.bot = bots[p]
        r.score = fin[p, L.FN_TOTAL]
        r.route_points = st.ps[p, L.PS_ROUTE_POINTS]
        r.tickets_won = fin[p, L.FN_TICKETS_WON]
        r.tickets_lost = fin[p, L.FN_TICKETS_LOST]
        r.longest_bonus = fin[p, L.FN_LONGEST_BONUS]
        r.explorer_bonus = fin[p, L.FN_EXPLORER_BONUS]
        r.globetrotter_bonus = fin[p, L.FN_GLOBETROTTER_BONUS]
        r.station_points = fin[p, L.FN_STATION_POINTS]
        r.mountain_points = st.ps[p, L.PS_MOUNTAIN_TRAINS] * ru[L.RULE_MOUNTAIN_POINTS]
        r.longest_path = fin[p, L.FN_LONGEST_PATH]
        r.network_cities = fin[p, L.FN_NETWORK_CITIES]
        r.trains_left = st.trains[p]
        r.routes_claimed = st.ps[p, L.PS_ROUTES_CLAIMED]
        r.cards_drawn = st.ps[p, L.PS_CARDS_DRAWN]
        r.tickets_kept = fin[p, L.FN_TICKETS_COMPLETED] + fin[p, L.FN_TICKETS_FAILED]
        r.tickets_midgame = st.ps[p, L.PS_TICKETS_DRAWN_MIDGAME]
        r.tickets_completed = fin[p, L.FN_TICKETS_COMPLETED]
        r.tickets_failed = fin[p, L.FN_TICKETS_FAILED]
        r.stations_built = st.ps[p, L.PS_STATIONS_BUILT]
        r.passes = st.ps[p, L.PS_PASSES]
        r.tunnels_tried = st.ps[p, L.PS_TUNNELS_TRIED]
        r.tunnels_abandoned = st.ps[p, L.PS_TUNNELS_ABANDONED]
        r.turns = st.ps[p, L.PS_TURNS]
        r.winner = fin[p, L.FN_WINNER] != 0
        r.mountain_trains = st.ps[p, L.PS_MOUNTAIN_TRAINS]
        r.mountain_routes = st.ps[p, L.PS_MOUNTAIN_ROUTES]
        r.special_tickets = st.ps[p, L.PS_GT_SPECIAL]
        r.town_hall_crypt = st.ps[p, L.PS_GT_CRYPT] != 0
        r.town_hall_manor = st.ps[p, L.PS_GT_MANOR] != 0
        r.bonus_cards = st.ps[p, L.PS_GT_BONUS_CARDS]
        r.ticket_swaps = st.ps[p, L.PS_GT_SWAPS]
        r.team = p // team_size
        r.cards_shared = st.ps[p, L.PS_CARDS_SHARED]
        r.holder_cards_used = st.ps[p, L.PS_HOLDER_CARDS_USED]
        r.tickets_shared = st.ps[p, L.PS_TICKETS_SHARED]
        r.share_actions = st.ps[p, L.PS_SHARE_ACTIONS]
        r.locos_left = st.hand[p, L.LOCO]
        r.grand_tour_tickets = fin[p, L.FN_GRAND_TOUR_TICKETS]
        r.grand_tour_bonus = fin[p, L.FN_GRAND_TOUR_BONUS]


@njit(cache=True, _nrt=False)
def _write_ticket_rows(st, bd, game, tickets, counts):
    for t in range(bd.n_tickets):
        res = st.ticket_result[t]
        if res == L.TR_NOT_HELD:
            continue
        k = tickets[counts[TICKETS]]
        counts[TICKETS] += 1
        k.game = game
        k.seat = st.ticket_holder[t]
        k.ticket = t
        k.long = bd.tickets[t, L.TK_LONG] != 0
        k.setup = st.ticket_kept_turn[t] < 0
        k.completed = res > 0
        k.via_station = res == L.TR_VIA_STATION
        k.turn_kept = st.ticket_kept_turn[t]
        k.turn_completed = st.ticket_done_turn[t]
        k.shared = st.ticket_shared[t] != 0
        k.option = st.ticket_option[t]
        k.points = st.ticket_points[t]


@njit(cache=True, _nrt=False)
def _write_claim_rows(st, bd, game, claims, counts):
    for r in range(bd.n_routes):
        if st.owner[r] < 0:
            continue
        c = claims[counts[CLAIMS]]
        counts[CLAIMS] += 1
        c.game = game
        c.seat = st.owner[r]
        c.route = r
        c.turn = st.claim_turn[r]
        c.colour = st.claim_colour[r]
        c.locos = st.claim_locos[r]


@njit(cache=True, _nrt=False)
def _write_tunnel_rows(st, game, tunnels, counts):
    log = st.tunnel_log
    for i in range(st.sc[L.SC_N_TUNNEL_LOG]):
        u = tunnels[counts[TUNNELS]]
        counts[TUNNELS] += 1
        u.game = game
        u.seat = log[i, L.TL_SEAT]
        u.route = log[i, L.TL_ROUTE]
        u.turn = log[i, L.TL_TURN]
        u.colour = log[i, L.TL_COLOUR]
        u.revealed = log[i, L.TL_REVEALED]
        u.to_reveal = log[i, L.TL_TO_REVEAL]
        u.surcharge = log[i, L.TL_SURCHARGE]
        u.paid = log[i, L.TL_PAID] != 0
        u.pile_size = log[i, L.TL_PILE]
        u.discard_size = log[i, L.TL_DISCARD]
        u.deck_pink = log[i, L.TL_DECK + 0]
        u.deck_white = log[i, L.TL_DECK + 1]
        u.deck_blue = log[i, L.TL_DECK + 2]
        u.deck_yellow = log[i, L.TL_DECK + 3]
        u.deck_orange = log[i, L.TL_DECK + 4]
        u.deck_black = log[i, L.TL_DECK + 5]
        u.deck_red = log[i, L.TL_DECK + 6]
        u.deck_green = log[i, L.TL_DECK + 7]
        u.deck_locomotive = log[i, L.TL_DECK + 8]


@njit(cache=True, _nrt=False)
def _write_event_rows(st, game, events, counts):
    log = st.event_log
    for i in range(st.sc[L.SC_N_EVENTS]):
        e = events[counts[EVENT_ROWS]]
        counts[EVENT_ROWS] += 1
        e.game = game
        e.turn = log[i, L.EV_TURN]
        e.seat = log[i, L.EV_SEAT]
        e.kind = log[i, L.EV_KIND]
        e.card = log[i, L.EV_CARD]
        e.count = log[i, L.EV_COUNT]
        e.slot = log[i, L.EV_SLOT]
        e.ticket = log[i, L.EV_TICKET]
        e.route = log[i, L.EV_ROUTE]
        e.city = log[i, L.EV_CITY]
        e.holder = log[i, L.EV_HOLDER] != 0
