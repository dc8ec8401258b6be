"""Legendary Asia, double routes (docs/rules/legendary-asia.md): LA-DBL-1..2."""

import pytest
from helpers import BLACK, LOCO, RED
from rule_games import blank, grey_mountain_doubles, lane

from kernels import layouts as L

COLOURS = set(range(L.N_COLOURS))


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
