"""Switzerland, double routes (docs/rules/switzerland.md): SW-DBL-1."""

import pytest
from rule_games import swiss


@pytest.mark.parametrize("players,open_lane", [(2, False), (3, True)])
def test_SW_DBL_1_both_lanes_with_three_players(players, open_lane):
    """SW-DBL-1 played on the board: after Genève-Lausanne blue is claimed, the
    white lane stays open to another player only with 3 players; the claimer
    never takes both lanes (BASE-DBL-1)."""
    g = swiss(players)
    blue, white = g.route("Genève", "Lausanne", "blue"), g.route("Genève", "Lausanne", "white")
    g.set_hand(0, blue=4)
    g.set_hand(1, white=4)
    g.claim(blue, "blue")
    assert g.st.owner[blue] == 0 and g.player == 1
    assert (g.claim_colours(white) != set()) is open_lane
    g.set_turn(0)
    g.set_hand(0, white=4)
    assert g.claim_colours(white) == set()
