"""India, routes (docs/rules/india.md): IN-FRY-1, IN-DBL-1."""

import pytest
from helpers import BLUE, RED, Game

from kernels import layouts as L


def india(n_players=2):
    g = Game("india", n_players)
    g.blank()
    return g


def test_IN_FRY_1_a_locomotive_for_each_symbol_one_colour_for_the_rest():
    """IN-FRY-1 played on the board: Calcutta-Chittagong (grey ferry of 2, one
    symbol) takes a locomotive and one card of a colour, never two cards of a
    colour, nor any set of cards (no sets on this map); Calcutta-Madras (grey
    ferry of 8, two symbols) takes two locomotives and six cards of one colour."""
    g = india()
    r = g.route("Calcutta", "Chittagong")
    g.set_hand(0, red=5, blue=3)
    assert g.claim_colours(r) == set()
    g.set_hand(0, red=1, locomotive=1, blue=3)
    assert g.claim_colours(r) == {RED, BLUE}  # grey: either colour with the locomotive
    g.claim(r, RED)
    assert g.hand(0) == {"blue": 3} and g.st.claim_locos[r] == 1 and g.st.score[0] == 2
    assert g.phase == L.PH_TURN and g.player == 1  # no tunnel on this map: the claim is done
    g = india()
    r = g.route("Calcutta", "Madras")
    g.set_hand(0, red=6, locomotive=1, blue=9)
    assert g.claim_colours(r) == set()
    g.set_hand(0, red=6, locomotive=2)
    g.claim(r, RED)
    assert g.hand(0) == {} and g.st.claim_locos[r] == 2 and g.st.score[0] == 21


@pytest.mark.parametrize("players,open_lane", [(2, False), (3, False), (4, True)])
def test_IN_DBL_1_both_lanes_only_with_four_players(players, open_lane):
    """IN-DBL-1 on the India board: after one lane of Agra-Bhopal is claimed,
    the other stays open to another player only with 4 players."""
    g = india(players)
    pink, red = g.route("Agra", "Bhopal", "pink"), g.route("Agra", "Bhopal", "red")
    g.set_hand(0, pink=1)
    g.set_hand(1, red=1)
    g.claim(pink, "pink")
    assert g.player == 1
    assert (g.claim_colours(red) != set()) is open_lane
    assert int(g.st.closed[red]) == (0 if open_lane else 1)
