"""Europe, doubles (docs/rules/europe.md): EU-DBL-1."""

import pytest
from helpers import RED
from rule_games import eu


@pytest.mark.parametrize("n_players", [2, 3])
def test_EU_DBL_1_two_or_three_players_one_lane_only(n_players):
    """EU-DBL-1: Two or three players one lane only."""
    g = eu(n_players)
    g.blank()
    red = g.route("Bruxelles", "Paris", "red")
    yellow = g.route("Bruxelles", "Paris", "yellow")
    g.set_hand(0, red=2)
    g.set_hand(1, yellow=2)
    g.claim(red, RED)
    assert g.st.closed[yellow] == 1 and g.claim_colours(yellow) == set()


@pytest.mark.parametrize("n_players", [4, 5])
def test_EU_DBL_1_four_or_five_players_both_lanes_never_both_to_one(n_players):
    """EU-DBL-1: Four or five players both lanes never both to one."""
    g = eu(n_players)
    g.blank()
    red = g.route("Bruxelles", "Paris", "red")
    yellow = g.route("Bruxelles", "Paris", "yellow")
    g.set_hand(0, red=2, yellow=2, locomotive=2)
    g.claim(red, RED)
    g.set_turn(0)
    assert g.claim_colours(yellow) == set()
    g.set_turn(1)
    g.set_hand(1, yellow=2)
    g.claim(yellow, "yellow")
    assert g.st.owner[[red, yellow]].tolist() == [0, 1]


def test_EU_DBL_1_double_ferries_and_tunnels_close_too():
    """EU-DBL-1: Double ferries and tunnels close too."""
    g = eu(2)
    g.blank()
    black, white = g.route("Madrid", "Pamplona", "black"), g.route("Madrid", "Pamplona", "white")
    g.set_hand(0, black=3)
    g.set_pile(["red"] * 3)
    g.claim(black, "black")  # a tunnel with no surcharge
    assert g.st.owner[black] == 0 and g.st.closed[white] == 1
    ferries = g.lanes("Dieppe", "London")
    g.set_hand(1, red=1, locomotive=1)
    g.claim(ferries[0], RED)
    assert g.st.closed[ferries[1]] == 1
