"""Base game, double routes (docs/rules/base.md): BASE-DBL-1..3."""

import pytest
from helpers import BLUE, ORANGE, RED, YELLOW, Game


@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_BASE_DBL_1_never_both_lanes_to_one_player(n_players):
    """BASE-DBL-1: Never both lanes to one player."""
    g = Game("usa", n_players)
    g.blank()
    yellow = g.route("Atlanta", "New Orleans", "yellow")
    orange = g.route("Atlanta", "New Orleans", "orange")
    g.set_hand(0, yellow=4, orange=4, locomotive=8)
    g.claim(yellow, YELLOW)
    g.set_turn(0)
    assert g.claim_colours(orange) == set()
    if n_players >= 4:  # the twin stays open to the others
        g.set_turn(1)
        g.set_hand(1, orange=4)
        assert g.claim_colours(orange) == {ORANGE}


@pytest.mark.parametrize("n_players", [2, 3])
def test_BASE_DBL_2_two_or_three_players_close_the_other_lane(n_players):
    """BASE-DBL-2: Two or three players close the other lane."""
    g = Game("usa", n_players)
    g.blank()
    yellow = g.route("Atlanta", "New Orleans", "yellow")
    orange = g.route("Atlanta", "New Orleans", "orange")
    g.set_hand(0, yellow=4)
    g.set_hand(1, orange=4, locomotive=4)
    g.claim(yellow, YELLOW)
    assert g.player == 1
    assert g.st.closed[orange] == 1
    assert g.claim_colours(orange) == set()


@pytest.mark.parametrize("n_players", [4, 5])
def test_BASE_DBL_2_four_or_five_players_both_lanes_open(n_players):
    """BASE-DBL-2: Four or five players both lanes open."""
    g = Game("usa", n_players)
    g.blank()
    grey = g.lanes("Atlanta", "Raleigh")
    assert len(grey) == 2
    g.set_hand(0, red=2)
    g.set_hand(1, blue=2)
    g.claim(grey[0], RED)
    assert g.st.closed[grey[1]] == 0
    assert g.claim_colours(grey[1]) == {BLUE}
    g.claim(grey[1], BLUE)
    assert g.st.owner[grey].tolist() == [0, 1]


def test_BASE_DBL_3_only_routes_joining_the_same_two_cities_are_doubles():
    """BASE-DBL-3: Only routes joining the same two cities are doubles."""
    g = Game("usa", 2)
    rt = g.board.routes
    for _, lanes in rt.groupby("parallel_group"):
        if lanes["parallel_group"].iloc[0] < 0:
            continue
        assert len(lanes) == 2 and lanes[["a", "b"]].drop_duplicates().shape[0] == 1
    for _, lanes in rt.groupby(["a", "b"]):
        if len(lanes) > 1:
            assert lanes["parallel_group"].nunique() == 1 and lanes["parallel_group"].iloc[0] >= 0
    # a claim in a 2-player game closes only its own twin, not neighbouring routes
    g.blank()
    g.set_hand(0, yellow=4)
    g.claim(g.route("Atlanta", "New Orleans", "yellow"), YELLOW)
    assert int(g.st.closed.sum()) == 1
    assert g.st.closed[g.route("Atlanta", "New Orleans", "orange")] == 1
