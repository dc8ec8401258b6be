"""Europe, end and scoring (docs/rules/europe.md): EU-END-1, EU-SCR-1."""

import numpy as np
import pytest
from helpers import BLUE, RED, play_random
from rule_games import build, eu, tunnel_game

from kernels import layouts as L


# --- end ------------------------------------------------------------------------------------------
def test_EU_END_1_tunnel_claim_to_two_trains_triggers_the_last_round():
    """EU-END-1: Tunnel claim to two trains triggers the last round."""
    g, r = tunnel_game({"blue": 3}, ["blue", "red", "red"] + ["green"] * 10)
    g.st.trains[0] = 4
    g.claim(r, BLUE)
    assert int(g.sc[L.SC_END_COUNTDOWN]) == -1  # not yet: the turn is not over
    assert not g.act(L.A_TUNNEL_PAY)
    assert g.st.trains[0] == 2 and int(g.sc[L.SC_END_COUNTDOWN]) == 2
    assert g.player == 1
    g.draw_blind()
    assert not g.draw_blind()
    g.draw_blind()
    assert g.draw_blind()
    assert int(g.sc[L.SC_END_REASON]) == L.END_TRAINS


def test_EU_END_1_abandoned_tunnel_does_not_trigger():
    """EU-END-1: Abandoned tunnel does not trigger."""
    g, r = tunnel_game({"blue": 2}, ["blue", "red", "red"] + ["green"] * 10)
    g.st.trains[0] = 4
    g.claim(r, BLUE)
    g.act(L.A_TUNNEL_ABANDON)
    assert g.st.trains[0] == 4 and int(g.sc[L.SC_END_COUNTDOWN]) == -1


# --- scoring --------------------------------------------------------------------------------------
def test_EU_SCR_1_routes_tickets_stations_and_european_express():
    """EU-SCR-1: Routes tickets stations and european express."""
    g = eu()
    g.blank()
    g.set_pile(["green"] * 10)
    g.set_hand(0, pink=3, red=2)
    g.claim(g.route("Budapest", "Sarajevo"), "pink")  # 3: 4 points
    g.set_turn(1)
    g.set_hand(1, red=2)
    g.claim(g.route("Sarajevo", "Sofia"), RED)  # tunnel of 2, no surcharge: 2 points
    g.set_hand(0, red=1)
    build(g, 0, "Sofia", RED)
    g.hold(0, g.ticket("Budapest", "Sofia"))  # 5 via the station
    g.hold(1, g.ticket("Athina", "Angora"))  # 5 failed
    fin = g.score()
    assert g.st.score.tolist() == [4, 2]
    assert fin[0, L.FN_TOTAL] == 4 + 5 + 2 * 4 + 10
    assert fin[1, L.FN_TOTAL] == 2 - 5 + 3 * 4
    assert fin[:, L.FN_WINNER].tolist() == [1, 0]


@pytest.mark.parametrize("seed", [51, 52])
def test_EU_SCR_1_total_is_the_sum_of_its_parts_in_random_games(seed):
    """EU-SCR-1: Total is the sum of its parts in random games."""
    g = eu(4, seed=seed)
    play_random(g, np.random.default_rng(seed))
    fin = g.st.final
    for p in range(4):
        parts = (g.st.score[p] + fin[p, L.FN_TICKETS_WON] - fin[p, L.FN_TICKETS_LOST]
                 + 4 * g.st.stations_left[p] + fin[p, L.FN_LONGEST_BONUS])
        assert fin[p, L.FN_TOTAL] == parts
        assert fin[p, L.FN_STATION_POINTS] == 4 * g.st.stations_left[p]
        assert fin[p, L.FN_LONGEST_BONUS] in (0, 10)
    assert fin[:4, L.FN_LONGEST_BONUS].max() == 10
