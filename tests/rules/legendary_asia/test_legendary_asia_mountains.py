"""Rule tests for Legendary Asia (rules/legendary-asia.md, LA-*): one or more
tests per rule ID, on constructed game states of the Legendary Asia board,
plus invariants over a few thousand random-bot and greedy-bot games (trains
conserved with the Mountain Pass, Asian Explorer network recounted by plain
BFS). Helpers: tests/helpers.py, tests/oracle.py, tests/invariant_kernels.py."""

from collections import defaultdict

import numpy as np
import pytest
from helpers import BLACK, BLUE, LOCO, PINK, RED, YELLOW, Game, card
from invariant_kernels import ERROR_NAMES, OK, play_checked
from oracle import largest_network

from analyzer.bots import bot_param_array
from kernels import layouts as L
from kernels.core.state import new_state
from kernels.runner import new_scratch, play_block

SCORES = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}  # BASE-CLM-2, unchanged on this map
COLOURS = set(range(L.N_COLOURS))


def la(n_players=2, **kw):
    return Game("legendary_asia", n_players, **kw)


def blank(n_players=2, **kw):
    g = la(n_players, **kw)
    g.blank()
    return g


def lane(g, a, b, kind):
    """The lane of a double a-b of this kind ('normal', 'mountain', ...)."""
    rt = g.board.routes
    a, b = sorted((a, b))
    sel = rt[(rt["a"] == a) & (rt["b"] == b) & (rt["kind"] == kind)]
    assert len(sel) == 1, f"{a}-{b}: {len(sel)} {kind} lanes"
    return int(sel.index[0])


def mountains(g, r):
    return int(g.bd.routes[r, L.RT_MOUNTAINS])


def take(g, p, *routes):
    """Seat p claims each route in its own turn, paying with locomotives."""
    for r in routes:
        g.set_turn(p)
        g.set_hand(p, locomotive=g.route_len(r))
        g.claim(r, LOCO)
        assert g.st.owner[r] == p


def grey_mountain_doubles(g):
    """Doubles pairing a plain grey lane with a mountain lane: (grey, mountain)."""
    out = []
    rt = g.board.routes
    for group, lanes in rt.groupby("parallel_group").groups.items():
        if group < 0:
            continue
        lanes = [int(r) for r in lanes]
        grey = [r for r in lanes if rt.at[r, "kind"] == "normal" and rt.at[r, "color"] == "gray"]
        mtn = [r for r in lanes if rt.at[r, "kind"] == "mountain"]
        if len(lanes) == 2 and grey and mtn:
            out.append((grey[0], mtn[0]))
    return out


# --- tickets ---------------------------------------------------------------------------
def test_LA_TKT_1_thirty_regular_and_six_long_tickets():
    """LA-TKT-1: 36 tickets, 30 regular and 6 long; the long ones never enter the draw pile."""
    g = la()
    long_ = g.bd.tickets[:, L.TK_LONG]
    assert g.bd.tickets.shape[0] == 36
    assert int((long_ == 0).sum()) == 30 and int((long_ == 1).sum()) == 6
    assert g.ru[L.RULE_SETUP_TICKETS_LONG] == 1
    g.finish_setup()
    assert not any(long_[t] for t in g.ticket_pile())


@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_LA_TKT_2_each_seat_dealt_one_long_and_three_regular(n_players):
    """LA-TKT-2: every seat is dealt 1 long + 3 regular tickets; long tickets nobody got go to the box."""
    g = la(n_players, seed=21 + n_players)
    long_ = g.bd.tickets[:, L.TK_LONG]
    dealt = set()
    for p in range(n_players):
        offer = [int(t) for t in g.st.setup_offer[p] if t >= 0]
        assert len(offer) == 4
        assert sorted(long_[offer].tolist()) == [0, 0, 0, 1]
        dealt |= set(offer)
    assert len(dealt) == 4 * n_players  # nobody shares a ticket
    for t in np.flatnonzero(long_ == 1):
        assert (g.st.ticket_holder[t] == L.TH_BOX) == (int(t) not in dealt)
    assert int(g.sc[L.SC_TP_COUNT]) == 30 - 3 * n_players


def test_LA_TKT_2_keep_at_least_two_rest_to_the_box_unseen():
    """LA-TKT-2, LA-TKT-2a: keep at least 2 of the 4 (any mix); the others go to the box, not the pile
    (assumption LA-TKT-2a)."""
    g = la(2, seed=8)
    keeps = {a for k, a, _ in g.legal_set() if k == L.A_KEEP_TICKETS}
    assert keeps == {m for m in range(16) if bin(m).count("1") >= 2}
    offer = g.st.offer[:4].tolist()
    pile_before = g.ticket_pile()
    g.act(L.A_KEEP_TICKETS, 0b1100)  # two regular; the long one and a regular left
    assert [int(g.st.ticket_holder[t]) for t in offer] == [L.TH_BOX, L.TH_BOX, 0, 0]
    assert g.ticket_pile() == pile_before
    g.act(L.A_KEEP_TICKETS, 0b1111)
    assert g.ticket_pile() == pile_before and g.phase == L.PH_TURN
    assert int((g.st.ticket_holder == L.TH_BOX).sum()) == 2 + (6 - 2)  # unkept + undealt long


def test_LA_TKT_3_draw_three_keep_one_rest_to_the_bottom():
    """LA-TKT-3: mid-game ticket draw shows 3, at least 1 kept, the rest to the bottom of the deck."""
    g = blank()
    regular = [int(t) for t in np.flatnonzero(g.bd.tickets[:, L.TK_LONG] == 0)][:5]
    g.set_ticket_pile(regular)
    g.act(L.A_DRAW_TICKETS)
    assert g.phase == L.PH_KEEP_TICKETS and int(g.sc[L.SC_N_OFFER]) == 3
    assert g.st.offer[:3].tolist() == regular[:3]
    assert {a for k, a, _ in g.legal_set() if k == L.A_KEEP_TICKETS} == set(range(1, 8))
    g.act(L.A_KEEP_TICKETS, 0b010)
    assert g.st.ticket_holder[regular[1]] == 0 and g.st.ticket_kept_turn[regular[1]] >= 0
    assert g.ticket_pile() == regular[3:] + [regular[0], regular[2]]
    assert g.player == 1


def test_LA_TKT_3_fewer_than_three_left_offers_what_there_is():
    """LA-TKT-3: with 2 tickets in the deck the draw shows 2, still keep at least 1."""
    g = blank()
    g.set_ticket_pile([0, 1])
    g.act(L.A_DRAW_TICKETS)
    assert int(g.sc[L.SC_N_OFFER]) == 2
    assert {a for k, a, _ in g.legal_set() if k == L.A_KEEP_TICKETS} == {1, 2, 3}
    g.act(L.A_KEEP_TICKETS, 0b01)
    assert g.ticket_pile() == [1]
    g.set_turn(0)
    g.set_ticket_pile([])
    assert L.A_DRAW_TICKETS not in g.kinds()


# --- ferries ------------------------------------------------------------------------------
def test_LA_FRY_1_grey_ferry_one_locomotive_rest_one_colour():
    """LA-FRY-1: Peking-Seoul (grey ferry of 3, 1 locomotive symbol): 1 locomotive + 2 cards of one colour."""
    g = blank()
    r = g.route("Peking", "Seoul")
    assert g.board.routes.at[r, "kind"] == "ferry" and g.bd.routes[r, L.RT_LOCOS] == 1
    g.set_hand(0, red=3)
    assert g.claim_colours(r) == set()  # no locomotive for the symbol
    g.set_hand(0, red=1, blue=1, locomotive=1)
    assert g.claim_colours(r) == set()  # two colours do not mix
    g.set_hand(0, locomotive=2)
    assert g.claim_colours(r) == set()
    g.set_hand(0, red=5, blue=2, locomotive=1)
    assert g.claim_colours(r) == {RED, BLUE}
    g.claim(r, RED)
    assert g.hand(0) == {"red": 3, "blue": 2}  # colour cards first: 2 red + the locomotive
    assert g.discard() == {"red": 2, "locomotive": 1}
    assert g.st.trains[0] == 42 and g.st.score[0] == SCORES[3]


def test_LA_FRY_1_coloured_ferry_needs_its_colour_locomotives_substitute():
    """LA-FRY-1: Astrakhan-Samarkand (pink ferry of 5, 1 symbol): 4 pink + 1 locomotive, locomotives may
    replace pink cards, never the other way round."""
    g = blank()
    r = g.route("Astrakhan", "Samarkand")
    assert g.bd.routes[r, L.RT_COLOUR] == PINK and g.bd.routes[r, L.RT_LOCOS] == 1
    g.set_hand(0, red=4, locomotive=1)
    assert g.claim_colours(r) == set()
    g.set_hand(0, pink=5)
    assert g.claim_colours(r) == set()
    g.set_hand(0, pink=1, locomotive=4)
    assert g.claim_colours(r) == {PINK}
    g.set_hand(0, locomotive=5)
    assert g.claim_colours(r) == {LOCO}
    g.set_hand(0, pink=4, locomotive=1)
    g.claim(r, PINK)
    assert g.hand(0) == {} and g.st.claim_locos[r] == 1
    assert g.st.trains[0] == 40 and g.st.score[0] == SCORES[5]


def test_LA_FRY_1_every_ferry_on_the_map_is_checked_by_the_rule():
    """LA-FRY-1: on every ferry of the map, symbols need locomotives and the rest one colour (or locomotives)."""
    g = blank()
    rt = g.board.routes
    for r in map(int, rt.index[rt["kind"] == "ferry"]):
        length, symbols, rc = g.route_len(r), int(g.bd.routes[r, L.RT_LOCOS]), int(g.bd.routes[r, L.RT_COLOUR])
        colour = YELLOW if rc == L.GRAY else rc
        g.set_hand(0, **{L.CARD_NAMES[colour]: length})
        assert g.claim_colours(r) == set(), r
        g.set_hand(0, **{L.CARD_NAMES[colour]: length - symbols, "locomotive": symbols})
        assert g.claim_colours(r) == {colour}, r
        g.set_hand(0, locomotive=length)
        assert g.claim_colours(r) == {LOCO}, r
        other = BLUE if colour != BLUE else RED
        g.set_hand(0, **{L.CARD_NAMES[other]: length - symbols, "locomotive": symbols})
        assert g.claim_colours(r) == ({other} if rc == L.GRAY else set()), r


# --- double routes ------------------------------------------------------------------------
@pytest.mark.parametrize("n_players", [2, 3])
@pytest.mark.parametrize("first", ["mountain", "normal"])
def test_LA_DBL_1_two_or_three_players_other_lane_closes(n_players, first):
    """LA-DBL-1: with 2 or 3 players, claiming either lane of Moscow-Perm closes the other to everyone."""
    g = blank(n_players)
    lanes = {k: lane(g, "Moscow", "Perm", k) for k in ("mountain", "normal")}
    other = lanes["normal" if first == "mountain" else "mountain"]
    g.set_hand(0, red=3)
    g.claim(lanes[first], RED)
    assert g.st.closed[other] == 1 and g.st.owner[other] == -1
    for p in range(n_players):
        g.set_turn(p)
        g.set_hand(p, red=5, locomotive=5)
        assert g.claim_colours(other) == set()


@pytest.mark.parametrize("n_players", [2, 3])
def test_LA_DBL_1_two_or_three_players_coloured_and_ferry_doubles_close(n_players):
    """LA-DBL-1: a coloured double (Astrakhan-Moscow) and a ferry double (Bombay-Colombo) close too."""
    g = blank(n_players)
    orange, green = g.route("Astrakhan", "Moscow", "orange"), g.route("Astrakhan", "Moscow", "green")
    g.set_hand(0, orange=3)
    g.claim(orange, "orange")
    assert g.st.closed[green] == 1
    red, black = g.route("Bombay", "Colombo", "red"), g.route("Bombay", "Colombo", "black")
    g.set_hand(1, black=3, locomotive=1)
    g.claim(black, BLACK)
    assert g.st.closed[red] == 1
    g.set_turn(n_players - 1)
    g.set_hand(n_players - 1, red=4, green=3, locomotive=4)
    assert g.claim_colours(red) == set() and g.claim_colours(green) == set()


@pytest.mark.parametrize("n_players", [4, 5])
def test_LA_DBL_1_four_or_five_players_both_lanes_never_both_to_one(n_players):
    """LA-DBL-1: with 4 or 5 players both lanes are open, but never both to the same player."""
    g = blank(n_players)
    mtn, grey = lane(g, "Moscow", "Perm", "mountain"), lane(g, "Moscow", "Perm", "normal")
    g.set_hand(0, red=6, locomotive=3)
    g.claim(mtn, RED)
    assert g.st.closed[grey] == 0
    g.set_turn(0)
    assert g.claim_colours(grey) == set()
    g.set_turn(n_players - 1)
    g.set_hand(n_players - 1, red=3)
    g.claim(grey, RED)
    assert g.st.owner[[mtn, grey]].tolist() == [0, n_players - 1]


def test_LA_DBL_2_grey_lane_takes_any_colour_including_the_parallel_one():
    """LA-DBL-2: the grey lane of each grey/coloured double may be paid with any single colour, the parallel
    lane's colour included; the coloured lane takes only its colour (or locomotives)."""
    g = blank()
    pairs = grey_mountain_doubles(g)
    assert len(pairs) >= 5
    for grey, coloured in pairs:
        g.set_hand(0, **{name: 6 for name in L.CARD_NAMES})
        assert g.claim_colours(grey) == COLOURS | {LOCO}, g.board.routes.loc[grey].tolist()
        rc = int(g.bd.routes[coloured, L.RT_COLOUR])
        if rc != L.GRAY:
            assert g.claim_colours(coloured) == {rc, LOCO}


@pytest.mark.parametrize("n_players", [2, 4])
def test_LA_DBL_2_grey_lane_paid_with_the_parallel_lanes_colour(n_players):
    """LA-DBL-2: Moscow-Perm grey lane claimed with red cards (red is the parallel mountain lane's colour),
    also after another player took the red lane (4 players)."""
    g = blank(n_players)
    mtn, grey = lane(g, "Moscow", "Perm", "mountain"), lane(g, "Moscow", "Perm", "normal")
    assert g.bd.routes[mtn, L.RT_COLOUR] == RED
    if n_players >= 4:
        g.set_turn(1)
        g.set_hand(1, red=3)
        g.claim(mtn, RED)
        g.set_turn(0)
    g.set_hand(0, red=3)
    assert RED in g.claim_colours(grey)
    g.claim(grey, RED)
    assert g.st.owner[grey] == 0 and g.st.claim_colour[grey] == RED
    assert g.hand(0) == {} and g.discard().get("red") == (6 if n_players >= 4 else 3)


# --- mountain routes ----------------------------------------------------------------------
MOUNTAIN_ROUTES = [  # a, b, colour, length, X spaces
    ("Mandalay", "Rangoon", "white", 1, 1),
    ("Irkutsk", "Ulan Bator", "yellow", 2, 2),
    ("Moscow", "Perm", "red", 3, 1),
    ("Omsk", "Samarkand", "green", 4, 1),
]


@pytest.mark.parametrize("a,b,colour,length,xs", MOUNTAIN_ROUTES)
def test_LA_MTN_1_pay_length_cards_of_the_colour_score_from_the_route_table(a, b, colour, length, xs):
    """LA-MTN-1: a mountain route costs its length in cards of its colour (the X spaces are not paid twice),
    trains go on its spaces and it scores from the route table."""
    g = blank()
    r = g.route(a, b, colour)
    assert (g.route_len(r), mountains(g, r), g.board.routes.at[r, "kind"]) == (length, xs, "mountain")
    g.set_hand(0, **{colour: length - 1})
    assert g.claim_colours(r) == set()
    other = "black" if colour != "black" else "blue"
    g.set_hand(0, **{other: length + xs})
    assert g.claim_colours(r) == set()
    g.set_hand(0, **{colour: length, "locomotive": length})
    assert g.claim_colours(r) == {card(colour), LOCO}
    g.claim(r, colour)
    assert g.hand(0) == {"locomotive": length} and g.discard() == {colour: length}
    assert g.st.owner[r] == 0
    assert g.st.ps[0, L.PS_ROUTE_POINTS] == SCORES[length]
    assert g.st.ps[0, L.PS_ROUTES_CLAIMED] == 1 and g.st.ps[0, L.PS_MOUNTAIN_ROUTES] == 1


def test_LA_MTN_1_locomotives_pay_a_mountain_route():
    """LA-MTN-1: locomotives substitute on a mountain route as on any other (Tehran-Shiraz, 2 X)."""
    g = blank()
    r = g.route("Shiraz", "Tehran", "green")
    g.set_hand(0, green=1, locomotive=1)
    g.claim(r, "green")
    assert g.hand(0) == {} and g.st.trains[0] == 45 - 2 - 2 and g.st.score[0] == SCORES[2] + 4


@pytest.mark.parametrize("a,b,colour,length,xs", MOUNTAIN_ROUTES)
def test_LA_MTN_2_one_train_per_x_to_the_mountain_pass_two_points_each(a, b, colour, length, xs):
    """LA-MTN-2: besides the trains placed, one train per X leaves the supply for the Mountain Pass and
    scores 2 points."""
    g = blank()
    r = g.route(a, b, colour)
    g.set_hand(0, **{colour: length})
    g.claim(r, colour)
    assert g.st.trains[0] == 45 - length - xs
    assert g.st.ps[0, L.PS_MOUNTAIN_TRAINS] == xs
    assert g.st.score[0] == SCORES[length] + 2 * xs
    assert g.st.trains[1] == 45 and g.st.score[1] == 0
    fin = g.score()
    # no tickets held; the lone route is the biggest network: Asian Explorer (LA-SCR-1)
    assert fin[0, L.FN_TOTAL] == SCORES[length] + 2 * xs + 10


def test_LA_MTN_2_several_mountain_routes_add_up():
    """LA-MTN-2: Mountain Pass trains and their points accumulate over a player's mountain routes."""
    g = blank()
    routes = [g.route("Irkutsk", "Ulan Bator"), g.route("Lhasa", "Mandalay"), g.route("Lhasa", "Xi'an")]
    take(g, 0, *routes)
    xs = sum(mountains(g, r) for r in routes)
    placed = sum(g.route_len(r) for r in routes)
    assert xs == 2 + 2 + 1
    assert g.st.trains[0] == 45 - placed - xs
    assert g.st.ps[0, L.PS_MOUNTAIN_TRAINS] == xs and g.st.ps[0, L.PS_MOUNTAIN_ROUTES] == 3
    assert g.st.score[0] == SCORES[2] + SCORES[2] + SCORES[4] + 2 * xs


def test_LA_MTN_2_points_per_train_is_a_rule_parameter():
    """LA-MTN-2: the 2 points per Mountain Pass train come from the rule set (house rule mountain_points=3)."""
    g = Game("legendary_asia", 2, overrides={"mountain_points": 3})
    g.blank()
    take(g, 0, g.route("Irkutsk", "Ulan Bator"))
    assert g.st.score[0] == SCORES[2] + 3 * 2 and g.st.trains[0] == 41


@pytest.mark.parametrize("a,b,colour,length,xs", MOUNTAIN_ROUTES)
def test_LA_MTN_3_too_few_trains_for_the_discards_cannot_claim(a, b, colour, length, xs):
    """LA-MTN-3: with trains for the spaces but not for the X discards the mountain route cannot be claimed;
    with exactly enough it can, leaving 0 trains."""
    g = blank()
    r = g.route(a, b, colour)
    g.set_hand(0, **{colour: length, "locomotive": 4})
    g.st.trains[0] = length + xs - 1
    assert g.claim_colours(r) == set()
    assert not any(k == L.A_CLAIM and x == r for k, x, _ in g.legal_set())
    g.st.trains[0] = length + xs
    assert g.claim_colours(r) == {card(colour), LOCO}
    g.claim(r, colour)
    assert g.st.trains[0] == 0 and g.st.ps[0, L.PS_MOUNTAIN_TRAINS] == xs


def test_LA_MTN_3_grey_lane_still_open_when_the_mountain_lane_is_not():
    """LA-MTN-3: with 3 trains, Moscow-Perm's red mountain lane (3 + 1 X) is refused, its grey lane is not."""
    g = blank()
    mtn, grey = lane(g, "Moscow", "Perm", "mountain"), lane(g, "Moscow", "Perm", "normal")
    g.set_hand(0, red=3)
    g.st.trains[0] = 3
    assert g.claim_colours(mtn) == set() and g.claim_colours(grey) == {RED}


def test_LA_MTN_4_grey_lane_beside_a_mountain_lane_needs_no_discard():
    """LA-MTN-4: the plain grey lane of each grey/mountain double places its length only, scores only the
    route table and counts as no mountain route; the mountain lane beside it does discard."""
    g = blank(4)
    pairs = grey_mountain_doubles(g)
    assert len(pairs) >= 5
    for i, (grey, mtn) in enumerate(pairs):
        assert mountains(g, grey) == 0 and mountains(g, mtn) >= 1
        p = i % 2
        trains, score, mroutes = int(g.st.trains[p]), int(g.st.score[p]), int(g.st.ps[p, L.PS_MOUNTAIN_ROUTES])
        take(g, p, grey)
        assert g.st.trains[p] == trains - g.route_len(grey)
        assert g.st.score[p] == score + SCORES[g.route_len(grey)]
        assert g.st.ps[p, L.PS_MOUNTAIN_ROUTES] == mroutes
        q = 2 + p
        trains_q = int(g.st.trains[q])
        take(g, q, mtn)
        assert g.st.trains[q] == trains_q - g.route_len(mtn) - mountains(g, mtn)
    assert g.st.ps[:2, L.PS_MOUNTAIN_TRAINS].sum() == 0


def test_LA_MTN_4_grey_lane_with_exactly_its_length_in_trains():
    """LA-MTN-4: Omsk-Perm's grey lane can be claimed with exactly 3 trains, leaving 0 (no discard)."""
    g = blank()
    grey = lane(g, "Omsk", "Perm", "normal")
    g.set_hand(0, blue=3)
    g.st.trains[0] = 3
    g.claim(grey, BLUE)
    assert g.st.trains[0] == 0 and g.st.score[0] == SCORES[3]


# --- end of the game ------------------------------------------------------------------------
@pytest.mark.parametrize("n_players", [2, 3])
def test_LA_END_1_mountain_discard_triggers_the_last_round(n_players):
    """LA-END-1: 6 trains, Moscow-Perm red mountain lane (3 placed + 1 discarded) leaves 2: every player,
    the claimer included, has exactly one more turn."""
    g = blank(n_players)
    g.set_pile(["black"] * 40)
    g.st.trains[0] = 6
    g.set_hand(0, red=3)
    g.claim(lane(g, "Moscow", "Perm", "mountain"), RED)
    assert g.st.trains[0] == 2 and int(g.sc[L.SC_END_COUNTDOWN]) == n_players
    for i in range(n_players):
        assert g.player == (1 + i) % n_players and g.phase == L.PH_TURN
        assert not g.draw_blind()
        assert g.draw_blind() == (i == n_players - 1)
    assert int(g.sc[L.SC_END_REASON]) == L.END_TRAINS and g.phase == L.PH_OVER


def test_LA_END_1_same_spaces_without_the_discard_do_not_trigger():
    """LA-END-1: the grey lane of the same double with 6 trains leaves 3: no trigger."""
    g = blank()
    g.st.trains[0] = 6
    g.set_hand(0, red=3)
    g.claim(lane(g, "Moscow", "Perm", "normal"), RED)
    assert g.st.trains[0] == 3 and int(g.sc[L.SC_END_COUNTDOWN]) == -1


def test_LA_END_1_two_x_route_counts_both_discards():
    """LA-END-1: 5 trains, Irkutsk-Ulan Bator (2 spaces, both X) leaves 1: trigger."""
    g = blank()
    g.st.trains[0] = 5
    g.set_hand(0, yellow=2)
    g.claim(g.route("Irkutsk", "Ulan Bator"), YELLOW)
    assert g.st.trains[0] == 1 and int(g.sc[L.SC_END_COUNTDOWN]) == 2


# --- scoring -------------------------------------------------------------------------------
def test_LA_SCR_1_explorer_counts_cities_with_branches_no_longest_path_bonus():
    """LA-SCR-1, LA-SCR-1b: a star of 4 routes at Agra (5 cities) beats a 2-route chain of 11 spaces (3 cities)
    for the Asian Explorer; nobody gets a longest-path bonus (assumption LA-SCR-1b), though the chain is the
    longer trail."""
    g = blank()
    star = [g.route("Agra", x) for x in ("Rawalpindi", "Kathmandu", "Karachi", "Bombay")]
    chain = [g.route("Dihua", "Peking"), g.route("Dihua", "Omsk")]
    take(g, 0, *star)
    take(g, 1, *chain)
    fin = g.score()
    assert fin[:, L.FN_NETWORK_CITIES].tolist() == [5, 3]
    assert fin[:, L.FN_EXPLORER_BONUS].tolist() == [10, 0]
    assert fin[:, L.FN_LONGEST_PATH].tolist() == [4, 11]
    assert fin[:, L.FN_LONGEST_BONUS].tolist() == [0, 0]
    assert g.ru[L.RULE_LONGEST_PATH_BONUS] == 0
    assert fin[0, L.FN_TOTAL] == g.st.score[0] + 10 and fin[1, L.FN_TOTAL] == g.st.score[1]


def test_LA_SCR_1_one_network_not_the_sum_of_networks():
    """LA-SCR-1: two separate 3-city networks (6 cities in all) lose to one 4-city network."""
    g = blank()
    take(g, 0, g.route("Agra", "Karachi"), g.route("Agra", "Bombay"),
         g.route("Chita", "Ulan Bator"), g.route("Chita", "Khabarovsk"))
    take(g, 1, g.route("Bangkok", "Rangoon", "green"), g.route("Bangkok", "Saigon", "red"),
         g.route("Bangkok", "Singapore", "blue"))
    fin = g.score()
    assert fin[:, L.FN_NETWORK_CITIES].tolist() == [3, 4]
    assert fin[:, L.FN_EXPLORER_BONUS].tolist() == [0, 10]


def test_LA_SCR_1_each_city_counted_once_and_ties_all_get_it():
    """LA-SCR-1 (and assumption LA-SCR-1a): a triangle Bangkok-Saigon-Hanoi (3 routes) is 3 cities, tying a
    3-city path: both get the 10 points; the third player's smaller network gets nothing."""
    g = blank(3)
    take(g, 0, g.route("Bangkok", "Saigon", "pink"), g.route("Hanoi", "Saigon", "yellow"),
         g.route("Bangkok", "Hanoi"))
    take(g, 1, g.route("Peking", "Xi'an"), g.route("Lhasa", "Xi'an"))
    take(g, 2, g.route("Dihua", "Peking"))
    fin = g.score()
    assert fin[:, L.FN_NETWORK_CITIES].tolist() == [3, 3, 2]
    assert fin[:, L.FN_EXPLORER_BONUS].tolist() == [10, 10, 0]
    for p in range(3):
        assert fin[p, L.FN_TOTAL] == g.st.score[p] + fin[p, L.FN_EXPLORER_BONUS]


def test_LA_SCR_2_most_points_wins_over_mountain_routes():
    """LA-SCR-2: most points wins, whatever the mountain routes."""
    g = blank()
    take(g, 0, g.route("Dihua", "Peking"))  # 15, no mountain
    take(g, 1, g.route("Irkutsk", "Ulan Bator"), g.route("Mandalay", "Rangoon"))  # 6 + 3, two mountain routes
    fin = g.score()
    assert fin[:, L.FN_TOTAL].tolist() == [15 + 10, 9 + 10]
    assert fin[:, L.FN_WINNER].tolist() == [1, 0]


def test_LA_SCR_2_tie_on_points_most_completed_tickets_wins():
    """LA-SCR-2: equal points: most completed tickets wins, before the mountain-route count."""
    g = blank()
    take(g, 0, g.route("Agra", "Kathmandu"), g.route("Agra", "Calcutta"))  # 4 + 2, 1 mountain route
    g.hold(0, g.ticket("Kathmandu", "Calcutta"))  # 5, completed
    take(g, 1, g.route("Tehran", "Tbilisi", "red"), g.route("Ankara", "Tbilisi"),
         g.route("Mandalay", "Rangoon"))  # 4 + 4 + 3, 3 mountain routes
    fin = g.score()
    assert fin[:, L.FN_NETWORK_CITIES].tolist() == [3, 3]
    assert fin[:, L.FN_TOTAL].tolist() == [6 + 5 + 10, 11 + 10]
    assert fin[:, L.FN_TICKETS_COMPLETED].tolist() == [1, 0]
    assert g.st.ps[:2, L.PS_MOUNTAIN_ROUTES].tolist() == [1, 3]
    assert fin[:, L.FN_WINNER].tolist() == [1, 0]


def test_LA_SCR_2_then_most_mountain_routes_not_mountain_trains():
    """LA-SCR-2: equal points and tickets: most mountain routes claimed wins (2 routes with 1 X each beat
    1 route with 2 X: the same Mountain Pass trains)."""
    g = blank()
    take(g, 0, g.route("Irkutsk", "Ulan Bator"), g.route("Astrakhan", "Tbilisi", "black"))  # 6 + 1
    take(g, 1, g.route("Mandalay", "Rangoon"), g.route("Agra", "Kathmandu"))  # 3 + 4
    fin = g.score()
    assert g.st.ps[:2, L.PS_MOUNTAIN_TRAINS].tolist() == [2, 2]
    assert g.st.ps[:2, L.PS_MOUNTAIN_ROUTES].tolist() == [1, 2]
    assert fin[:, L.FN_TOTAL].tolist() == [17, 17]
    assert fin[:, L.FN_TICKETS_COMPLETED].tolist() == [0, 0]
    assert fin[:, L.FN_WINNER].tolist() == [0, 1]


def test_LA_SCR_2_tie_on_all_three_is_shared():
    """LA-SCR-2: equal points, tickets and mountain routes: both win (BASE-SCR-3: the tie is shared)."""
    g = blank()
    take(g, 0, lane(g, "Moscow", "Perm", "mountain"))
    take(g, 1, lane(g, "Omsk", "Perm", "mountain"))
    fin = g.score()
    assert fin[:, L.FN_TOTAL].tolist() == [16, 16]
    assert fin[:, L.FN_WINNER].tolist() == [1, 1]


# --- invariants over many games ------------------------------------------------------------
GAMES = 500  # per (bot, player count): 8 * 500 = 4000 games
SEED = 4242


@pytest.fixture(scope="module")
def compiled():
    g = la()
    return g.board, g.bd, g.ru


def _run_records(bd, ru, bots, seed, games):
    n = bots.shape[0]
    n_routes, n_tickets = bd.routes.shape[0], bd.tickets.shape[0]
    tables = dict(
        games=np.zeros(games, L.GAME_RECORD),
        players=np.zeros(games * n, L.PLAYER_RECORD),
        tickets=np.zeros(games * n_tickets, L.TICKET_RECORD),
        claims=np.zeros(games * n_routes, L.CLAIM_RECORD),
        tunnels=np.zeros(ru[L.RULE_TURN_CAP] + 1, L.TUNNEL_RECORD),
    )
    counts = np.zeros(5, np.int64)
    done = play_block(bd, ru, bots, bot_param_array(), np.int64(seed), np.int64(0), np.int64(games), tables["games"],
                      tables["players"], tables["tickets"], tables["claims"], tables["tunnels"], counts)
    assert done == games
    return {k: v[: counts[i]] for i, (k, v) in enumerate(tables.items())}


@pytest.mark.parametrize("bot", [0, 1], ids=["random", "greedy"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_LA_invariants_trains_with_mountain_pass_and_explorer_network(compiled, bot, players):
    """LA-MTN-2, LA-MTN-3, LA-DBL-1, LA-SCR-1, LA-SCR-2 over 500 bot games: after every step trains placed +
    Mountain Pass + supply = 45 (and cards, score, doubles checked by play_checked); at the end the players
    table's network_cities equals a plain BFS over the seat's claimed routes, the Explorer goes to every
    seat with the largest network, no longest-path bonus, and the winners follow points, completed tickets,
    mountain routes."""
    board, bd, ru = compiled
    bots = np.full(players, bot, np.int8)
    errors = np.full(GAMES, -1, np.int64)
    reasons = np.full(GAMES, -1, np.int64)
    finals = np.zeros((GAMES, players), np.int64)
    turns = np.zeros(GAMES, np.int64)
    state, scratch = new_state(bd, ru, players), new_scratch()  # the default bot weights
    play_checked(bd, ru, bots, state, scratch, SEED, 0, GAMES, True, errors, reasons, turns, finals)
    bad = np.flatnonzero(errors != OK)
    assert not len(bad), f"game {bad[0]}: {ERROR_NAMES[errors[bad[0]]] if errors[bad[0]] >= 0 else 'not run'}"

    rec = _run_records(bd, ru, bots, SEED, GAMES)
    length = board.routes["length"].to_numpy()
    xs = board.routes["mountains"].to_numpy()
    ends = list(zip(board.routes["a"], board.routes["b"], strict=True))
    claims = defaultdict(list)
    for c in rec["claims"]:
        claims[int(c["game"]), int(c["seat"])].append(int(c["route"]))
    pl = rec["players"].reshape(GAMES, players)
    assert (pl["score"] == finals).all()  # the same games as play_checked
    mountain_seen = 0
    for i in range(GAMES):
        nets, keys = [], []
        for p in range(players):
            row = pl[i, p]
            mine = claims[i, p]
            assert int(row["trains_left"]) + sum(int(length[r] + xs[r]) for r in mine) == 45
            assert int(row["mountain_points"]) == 2 * sum(int(xs[r]) for r in mine)
            assert int(row["routes_claimed"]) == len(mine)
            net = largest_network([ends[r] for r in mine])
            assert int(row["network_cities"]) == net, (i, p)
            nets.append(net)
            n_mtn = sum(1 for r in mine if xs[r] > 0)
            mountain_seen += n_mtn
            keys.append((int(row["score"]), int(row["tickets_completed"]), n_mtn))
            assert int(row["longest_bonus"]) == 0
            assert int(row["score"]) == (int(row["route_points"]) + int(row["mountain_points"])
                                         + int(row["tickets_won"]) - int(row["tickets_lost"])
                                         + int(row["explorer_bonus"]))
        top = max(nets)
        assert [int(pl[i, p]["explorer_bonus"]) for p in range(players)] == [
            10 if top > 0 and n == top else 0 for n in nets]
        best = max(keys)
        assert [bool(pl[i, p]["winner"]) for p in range(players)] == [k == best for k in keys]
    assert mountain_seen > GAMES  # the games do claim mountain routes
