"""Legendary Asia, mountain routes (docs/rules/legendary-asia.md): LA-MTN-1..4, on constructed
states, and invariants over a few thousand random-bot and greedy-bot games (trains conserved
with the Mountain Pass, Asian Explorer network recounted by plain BFS)."""

from collections import defaultdict

import numpy as np
import pytest
from helpers import BLUE, LOCO, RED, Game, card
from invariant_kernels import ERROR_NAMES, OK, play_checked
from oracle import largest_network
from rule_games import SCORES, blank, grey_mountain_doubles, la, lane, take

from analyzer.bots import BotParams
from kernels import layouts as L
from kernels.core.state import new_state
from kernels.runner import new_scratch, play_block


def mountains(g, r):
    return int(g.bd.routes[r, L.RT_MOUNTAINS])


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
    done = play_block(bd, ru, bots, BotParams().to_array(), np.int64(seed), np.int64(0), np.int64(games),
                      tuple(tables.values()), counts)
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
