"""Rule tests for Nordic Countries (docs/rules/nordic-countries.md, NC-*) on
constructed states of the real board under the `nordic-countries` preset:
where locomotives may pay (NC-CRD-1), ferries and their sets of any 3 cards
(NC-FRY-1, NC-FRY-2, NC-FRY-2a), tunnels without sets (NC-TUN-1), the
Lieksa-Murmansk route (NC-CLM-1, NC-CLM-2), tickets leaving the game
(NC-TKT-1, NC-TKT-2), the market (NC-MKT-1, NC-MKT-2a), doubles (NC-DBL-1)
and the end (NC-SCR-2, NC-SCR-3, NC-SCR-3a, NC-SCR-4, NC-SCR-4a)."""

import numpy as np
import pytest
from helpers import BLACK, BLUE, LOCO, PINK, RED, WHITE, YELLOW, Game

from analyzer.boards import BoardError, load_board
from kernels import layouts as L


def nordic(n_players=2, seed=1):
    g = Game("nordic_countries", n_players, seed=seed)
    g.blank()
    return g


# --- NC-CRD-1: locomotives only on tunnels and ferries ------------------------------------
def test_NC_CRD_1_locomotives_cannot_pay_an_ordinary_route():
    """NC-CRD-1: Ålborg-Århus (pink, 1, ordinary) takes a pink card and no
    locomotive; Boden-Kiruna (black, 3): two black cards and locomotives are
    one short, a locomotive does not stand in for the third."""
    g = nordic()
    r = g.route("Ålborg", "Århus")
    g.set_hand(0, locomotive=5)
    assert g.claim_colours(r) == set()
    g.set_hand(0, pink=1, locomotive=5)
    assert g.claim_colours(r) == {PINK}
    g.claim(r, PINK)
    assert g.hand(0) == {"locomotive": 5} and g.st.claim_locos[r] == 0
    r2 = g.route("Boden", "Kiruna", "black")
    g.set_hand(1, black=2, locomotive=3)
    assert g.claim_colours(r2) == set()
    g.set_hand(1, black=3, locomotive=3)
    assert g.claim_colours(r2) == {BLACK}


def test_NC_CRD_1_locomotives_pay_tunnels_and_ferries():
    """NC-CRD-1: on a tunnel and on a ferry locomotives pay any space."""
    g = nordic()
    tunnel = g.route("Åndalsnes", "Lillehammer")  # yellow tunnel of 2
    g.set_hand(0, yellow=1, locomotive=1)
    assert g.claim_colours(tunnel) == {YELLOW}
    g.set_hand(0, locomotive=2)
    assert g.claim_colours(tunnel) == {LOCO}
    ferry = g.route("Ålborg", "Oslo")  # white ferry of 3 with 1 symbol
    g.set_hand(0, white=1, locomotive=2)  # the second locomotive pays a white space
    assert g.claim_colours(ferry) == {WHITE}
    g.set_hand(0, locomotive=3)
    assert g.claim_colours(ferry) == {LOCO}


def test_NC_CRD_1_the_policy_comes_from_the_preset():
    """NC-CRD-1: the rule vector lets locomotives pay tunnels and ferries only;
    a house rule 'all' restores the base rule (BASE-CLM-3) on this board."""
    g = nordic()
    assert g.ru[L.RULE_LOCO_POLICY] == (1 << L.KIND_TUNNEL) | (1 << L.KIND_FERRY)
    h = Game("nordic_countries", 2, overrides={"locomotives_wild_on": "all"})
    h.blank()
    r = h.route("Ålborg", "Århus")
    h.set_hand(0, locomotive=1)
    assert h.claim_colours(r) == {LOCO}


# --- ferries --------------------------------------------------------------------------------
def test_NC_FRY_1_coloured_ferry_one_red_and_one_locomotive():
    """NC-FRY-1: Ålborg-Kristiansand (red ferry of 2, one symbol): 1 red for
    the red space and 1 locomotive for the symbol; a blue card cannot pay it."""
    g = nordic()
    r = g.route("Ålborg", "Kristiansand")
    g.set_hand(0, red=1, locomotive=1, blue=1)
    assert g.claim_colours(r) == {RED}
    g.claim(r, RED)
    assert g.hand(0) == {"blue": 1} and g.discard() == {"red": 1, "locomotive": 1}
    assert g.st.owner[r] == 0 and g.st.claim_locos[r] == 1 and g.st.score[0] == 2


def test_NC_FRY_2_any_three_cards_replace_the_locomotive():
    """NC-FRY-2: with no locomotive, any 3 cards pay the symbol (they need not
    match: here blue, blue, green); two cards are not enough."""
    g = nordic()
    r = g.route("Ålborg", "Kristiansand")
    g.set_hand(0, red=1, blue=2, green=1)
    assert g.claim_colours(r) == {RED}
    g.claim(r, RED)
    assert g.hand(0) == {} and g.discard() == {"red": 1, "blue": 2, "green": 1}
    assert g.st.claim_locos[r] == 0 and g.st.owner[r] == 0
    g2 = nordic()
    g2.set_hand(0, red=1, blue=2)
    assert g2.claim_colours(r) == set()


def test_NC_FRY_2_the_fewest_sets_are_used():
    """NC-FRY-2: locomotives pay the symbols before any set is made (a set
    costs 3 cards for one): Åndalsnes-Bergen (black ferry of 5, two symbols)
    with one locomotive takes one set of 3 for the second symbol, with two
    locomotives none; with none, two sets (3 black + 6 others)."""
    r = nordic().route("Åndalsnes", "Bergen")
    for hand, left, locos in (({"black": 3, "locomotive": 1, "red": 3}, {}, 1),
                              ({"black": 3, "locomotive": 2, "red": 3}, {"red": 3}, 2),
                              ({"black": 3, "red": 6, "green": 1}, {"green": 1}, 0)):
        g = nordic()
        g.set_hand(0, **hand)
        g.claim(r, BLACK)
        assert g.hand(0) == left and g.st.claim_locos[r] == locos and g.st.owner[r] == 0
    g = nordic()
    g.set_hand(0, black=3, red=5)
    assert g.claim_colours(r) == set()  # two sets need 6 cards


def test_NC_FRY_2_set_cards_come_from_the_colours_held_most():
    """NC-FRY-2 (which cards form a set is a simulation choice, documented in
    kernels/core/payment.py set_card_kind): after the red card, one card at
    a time of the colour held most, the lowest colour on ties, locomotives
    only when no coloured card is left."""
    g = nordic()
    r = g.route("Ålborg", "Kristiansand")
    g.set_hand(0, red=1, blue=2, green=2, yellow=1)
    g.claim(r, RED)
    assert g.hand(0) == {"yellow": 1, "green": 1}  # taken: blue, green, blue
    g = nordic()
    g.set_hand(0, red=2, blue=1)
    assert g.claim_colours(r) == set()  # 1 red pays the space; red and blue left: a set needs 3


def test_NC_FRY_2a_a_set_may_replace_a_coloured_card_of_a_ferry():
    """NC-FRY-2a: with no red card, a locomotive pays the symbol and a set of
    3 any cards the red space (the claim is written as 'locomotives')."""
    g = nordic()
    r = g.route("Ålborg", "Kristiansand")
    g.set_hand(0, locomotive=1, blue=3)
    assert g.claim_colours(r) == {LOCO}
    g.claim(r, LOCO)
    assert g.hand(0) == {} and g.discard() == {"locomotive": 1, "blue": 3}
    assert g.st.claim_colour[r] == LOCO and g.st.claim_locos[r] == 1


def test_NC_FRY_2a_an_all_symbol_ferry_paid_with_a_set():
    """NC-FRY-2a: Århus-København (grey ferry of 1, one symbol) with three red
    cards and no locomotive: the set replaces the locomotive."""
    g = nordic()
    r = g.route("Århus", "København")
    g.set_hand(0, red=3)
    assert g.claim_colours(r) == {LOCO}
    g.claim(r, LOCO)
    assert g.hand(0) == {} and g.discard() == {"red": 3} and g.st.claim_locos[r] == 0


def test_NC_FRY_2_ferry_wild_set_is_a_house_rule_elsewhere():
    """NC-FRY-2 as a house rule (ferry_wild_set=3) on Europe: a ferry there
    takes sets too; at 0 (Europe's rule) it does not."""
    for sets, expect in ((3, True), (0, False)):
        g = Game("europe", 2, overrides={"ferry_wild_set": sets})
        g.blank()
        rt = g.board.routes
        r = int(rt[(rt["kind"] == "ferry") & (rt["locomotives"] == 1) & (rt["length"] == 2)].index[0])
        colour = rt.loc[r, "color"]
        pay = "red" if colour == "gray" else colour
        g.set_hand(0, **{pay: 1, "white" if pay != "white" else "black": 3})
        assert bool(g.claim_colours(r)) is expect
        assert int(g.bd.routes[r, L.RT_WILD_SET]) == sets


# --- NC-TUN-1 ----------------------------------------------------------------------------------
def tunnel(g, hand, pile):
    r = g.route("Åndalsnes", "Lillehammer")  # yellow tunnel of 2
    g.set_hand(0, **hand)
    g.set_pile(pile)
    return r


def test_NC_TUN_1_no_set_pays_a_tunnel():
    """NC-TUN-1: one yellow card and three others cannot claim the yellow
    tunnel of 2 (no set on a tunnel); a locomotive can."""
    g = nordic()
    r = tunnel(g, {"yellow": 1, "red": 3}, [])
    assert g.claim_colours(r) == set()
    g.set_hand(0, yellow=1, locomotive=1, red=3)
    assert g.claim_colours(r) == {YELLOW}


def test_NC_TUN_1_locomotives_pay_the_surcharge_sets_do_not():
    """NC-TUN-1: a revealed yellow costs one more yellow card or locomotive
    (EU-TUN-3); a locomotive pays it, three red cards do not."""
    g = nordic()
    r = tunnel(g, {"yellow": 2, "locomotive": 1}, ["yellow", "pink", "pink"])
    g.claim(r, YELLOW)
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 1
    g.act(L.A_TUNNEL_PAY)
    assert g.st.owner[r] == 0 and g.hand(0) == {} and g.st.claim_locos[r] == 1
    g = nordic()
    r = tunnel(g, {"yellow": 2, "red": 3}, ["yellow", "pink", "pink"])
    g.claim(r, YELLOW)
    assert g.kinds() == {L.A_TUNNEL_ABANDON}


def test_NC_TUN_1_a_board_may_not_put_a_set_on_a_tunnel(tmp_path):
    """NC-TUN-1: routes.csv wild_set on a tunnel is an error naming file, line and field."""
    import shutil

    dest = tmp_path / "nordic"
    shutil.copytree(load_board("nordic_countries").path, dest)
    path = dest / "routes.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith("Åndalsnes,Lillehammer,"))
    lines[i] = "Åndalsnes,Lillehammer,2,yellow,tunnel,0,0,,,0,3"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(BoardError) as e:
        load_board(dest)
    assert f"line {i + 1}" in str(e.value) and e.value.field == "wild_set" and "NC-TUN-1" in str(e.value)


# --- NC-CLM-1, NC-CLM-2: Lieksa-Murmansk -----------------------------------------------------------
def murmansk(hand):
    g = nordic()
    r = g.route("Lieksa", "Murmansk")
    g.set_hand(0, **hand)
    return g, r


def test_NC_CLM_1_eight_blue_and_four_others():
    """NC-CLM-1: 8 blue and a set of 4 others (two of them locomotives, which
    may pay here only inside a set) claim the 9-space route."""
    g, r = murmansk({"blue": 8, "red": 2, "locomotive": 2})
    assert g.claim_colours(r) == {BLUE}
    g.claim(r, BLUE)
    assert g.hand(0) == {} and g.discard() == {"blue": 8, "red": 2, "locomotive": 2}
    assert g.st.claim_locos[r] == 2 and g.st.claim_colour[r] == BLUE


def test_NC_CLM_1_seven_blue_and_eight_others():
    g, r = murmansk({"blue": 7, "red": 5, "green": 3})
    assert g.claim_colours(r) == {BLUE}
    g.claim(r, BLUE)
    assert g.hand(0) == {}


def test_NC_CLM_1_one_card_short_of_a_set_and_nine_locomotives_refused():
    """NC-CLM-1: 8 blue and 3 others are one short; 9 locomotives pay nothing
    (locomotives only inside a set; a set needs a colour to replace)."""
    g, r = murmansk({"blue": 8, "red": 3})
    assert g.claim_colours(r) == set()
    g, r = murmansk({"locomotive": 9})
    assert g.claim_colours(r) == set()
    g, r = murmansk({"locomotive": 4, "blue": 8})  # a set of 4 locomotives does replace a blue card
    assert g.claim_colours(r) == {BLUE}


def test_NC_CLM_2_scores_27_with_9_trains():
    """NC-CLM-2: the claim places 9 trains and scores 27 (NC-SCR-1)."""
    g, r = murmansk({"blue": 9})
    g.claim(r, BLUE)
    assert g.st.trains[0] == 40 - 9 and g.st.score[0] == 27 and g.st.ps[0, L.PS_ROUTE_POINTS] == 27


# --- tickets --------------------------------------------------------------------------------------
def test_NC_TKT_1_five_dealt_keep_two_the_rest_leave_the_game():
    """NC-TKT-1 played on the board: 5 offered, any 2+ kept, the others boxed."""
    g = Game("nordic_countries", 2, seed=4)
    assert int(g.sc[L.SC_N_OFFER]) == 5
    keeps = {a for k, a, _ in g.legal_set() if k == L.A_KEEP_TICKETS}
    assert keeps == {m for m in range(32) if bin(m).count("1") >= 2}
    offer = g.st.offer[:5].tolist()
    pile = g.ticket_pile()
    g.act(L.A_KEEP_TICKETS, 0b00011)
    assert [int(g.st.ticket_holder[t]) for t in offer] == [0, 0] + [L.TH_BOX] * 3
    assert g.ticket_pile() == pile


def test_NC_TKT_2_drawn_tickets_not_kept_leave_the_game_and_the_deck_runs_out():
    """NC-TKT-2: 3 drawn, 1 kept, the other 2 boxed (not under the deck); with
    the deck empty, drawing tickets is not legal."""
    g = nordic()
    g.set_ticket_pile([0, 1, 2, 3])
    g.act(L.A_DRAW_TICKETS)
    assert g.st.offer[:3].tolist() == [0, 1, 2]
    g.act(L.A_KEEP_TICKETS, 0b010)
    assert [int(g.st.ticket_holder[t]) for t in (0, 1, 2)] == [L.TH_BOX, 0, L.TH_BOX]
    assert g.ticket_pile() == [3]
    g.set_turn(1)
    g.act(L.A_DRAW_TICKETS)  # one left: offered alone
    assert int(g.sc[L.SC_N_OFFER]) == 1
    g.act(L.A_KEEP_TICKETS, 0b1)
    g.set_turn(0)
    assert L.A_DRAW_TICKETS not in g.kinds()


# --- market ------------------------------------------------------------------------------------------
def test_NC_MKT_1_a_face_up_locomotive_is_one_card_of_two():
    """NC-MKT-1 played on the board: a face-up locomotive, then another one."""
    g = nordic()
    g.set_market(["locomotive", "locomotive", "pink", "white", "yellow"])
    g.set_pile(["red"] * 5)
    g.act(L.A_DRAW_MARKET, 0)
    assert g.phase == L.PH_SECOND_DRAW
    assert g.can(L.A_DRAW_MARKET, 1)
    g.act(L.A_DRAW_MARKET, 1)
    assert g.hand(0) == {"locomotive": 2} and g.player == 1


def test_NC_MKT_2a_three_face_up_locomotives_stay():
    """NC-MKT-2, assumption NC-MKT-2a, played on the board: the market is
    never replaced, whatever it shows."""
    g = nordic()
    g.set_market(["locomotive", "locomotive", "pink", "white", "yellow"])
    g.set_pile(["locomotive", "red", "red", "red"])
    g.act(L.A_DRAW_MARKET, 2)  # the replacement is a third locomotive
    assert g.market().count("locomotive") == 3 and int(g.sc[L.SC_MARKET_RESETS]) == 0
    g.act(L.A_DRAW_BLIND)
    assert g.market().count("locomotive") == 3 and int(g.sc[L.SC_MARKET_RESETS]) == 0


# --- doubles -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,open_lane", [(2, False), (3, True)])
def test_NC_DBL_1_both_lanes_with_three_players(players, open_lane):
    """NC-DBL-1 played on the board: after Bergen-Oslo blue is claimed, the red
    lane stays open to another player only with 3 players; NC-DBL-2: so does
    the ferry lane of Kristiansand-Stavanger after its tunnel lane."""
    g = nordic(players)
    blue, red = g.route("Bergen", "Oslo", "blue"), g.route("Bergen", "Oslo", "red")
    g.set_hand(0, blue=4)
    g.set_hand(1, red=4)
    g.claim(blue, BLUE)
    assert (g.claim_colours(red) != set()) is open_lane
    tun, fer = g.route("Kristiansand", "Stavanger", "green"), g.route("Kristiansand", "Stavanger", "orange")
    g.set_turn(0)
    g.set_hand(0, green=2)
    g.set_hand(1, orange=2, locomotive=1)
    g.set_pile(["pink"] * 3)
    g.claim(tun, L.COLOUR_NAMES.index("green"))
    assert g.st.owner[tun] == 0
    assert (g.claim_colours(fer) != set()) is open_lane


# --- end and scoring ----------------------------------------------------------------------------------
def scored(g, owners, held):
    for p, routes in owners.items():
        g.give(p, *routes)
    for p, tickets in held.items():
        g.hold(p, *tickets)
    return g.score()


def _ticket_with_route(g):
    """A ticket and one route path joining its cities (the shortest by spaces)."""
    import heapq

    rt = g.board.routes
    for t in g.board.tickets.itertuples():
        dist, prev, heap = {t.a: 0}, {}, [(0, t.a)]
        while heap:
            d, u = heapq.heappop(heap)
            if u == t.b:
                break
            for r in rt[(rt["a"] == u) | (rt["b"] == u)].itertuples():
                v = r.b if r.a == u else r.a
                if d + r.length < dist.get(v, 1e9):
                    dist[v], prev[v] = d + r.length, r.Index
                    heapq.heappush(heap, (d + r.length, v))
        path, v = [], t.b
        while v != t.a:
            r = prev[v]
            path.append(r)
            v = rt.loc[r, "b"] if rt.loc[r, "a"] == v else rt.loc[r, "a"]
        yield int(t.Index), path


def test_NC_SCR_2_no_longest_path_bonus_NC_SCR_3_globetrotter_ten():
    """NC-SCR-2 played on the board: the longest trail earns nothing. NC-SCR-3:
    10 points to the player with most completed tickets."""
    g = nordic(2)
    (t0, path0), (t1, path1) = list(_ticket_with_route(g))[:2]
    fin = scored(g, {0: path0}, {0: [t0], 1: [t1]})
    assert fin[0, L.FN_TICKETS_COMPLETED] == 1 and fin[1, L.FN_TICKETS_COMPLETED] == 0
    assert fin[0, L.FN_GLOBETROTTER_BONUS] == 10 and fin[1, L.FN_GLOBETROTTER_BONUS] == 0
    assert fin[:, L.FN_LONGEST_BONUS].tolist() == [0, 0] and fin[0, L.FN_LONGEST_PATH] > 0
    assert fin[0, L.FN_TOTAL] == g.st.score[0] + g.ticket_points(t0) + 10


def test_NC_SCR_3a_tied_players_all_get_it_none_for_no_ticket():
    """NC-SCR-3a: tied on completed tickets, both get 10; nobody completed any:
    nobody gets it."""
    g = nordic(3)
    pairs = []
    for t, path in _ticket_with_route(g):
        if all(not set(path) & set(q) for _, q in pairs):
            pairs.append((t, path))
        if len(pairs) == 2:
            break
    (t0, p0), (t1, p1) = pairs
    fin = scored(g, {0: p0, 1: p1}, {0: [t0], 1: [t1]})
    assert fin[:, L.FN_GLOBETROTTER_BONUS].tolist() == [10, 10, 0]
    g = nordic(3)
    fin = scored(g, {}, {0: [t0]})
    assert fin[:, L.FN_GLOBETROTTER_BONUS].tolist() == [0, 0, 0]


def test_NC_SCR_4a_a_tie_on_points_and_tickets_is_shared():
    """NC-SCR-4a: equal points and equal completed tickets: both win (the
    base game's last tie-break, the longest-path bonus, does not exist here);
    NC-SCR-4: more points wins."""
    g = nordic(2)
    g.st.score[:] = [20, 20]
    assert g.score()[:, L.FN_WINNER].tolist() == [1, 1]
    g.st.score[:] = [21, 20]
    assert g.score()[:, L.FN_WINNER].tolist() == [1, 0]


def test_NC_SCR_4_winner_on_tickets_with_equal_points():
    """NC-SCR-4: equal totals, the player with more completed tickets wins."""
    g = nordic(2)
    t0, path0 = next(_ticket_with_route(g))
    g.give(0, *path0)
    g.hold(0, t0)
    fin = g.score()
    total0 = int(fin[0, L.FN_TOTAL])
    g.st.score[1] = total0
    fin = g.score()
    assert fin[0, L.FN_TOTAL] == fin[1, L.FN_TOTAL] == total0
    assert fin[:, L.FN_WINNER].tolist() == [1, 0]
    assert np.array_equal(fin[:, L.FN_TICKETS_COMPLETED], [1, 0])
