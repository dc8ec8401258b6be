"""Base game, end and scoring (docs/rules/base.md): BASE-END-1..2, BASE-SCR-1..3."""

import numpy as np
import pytest
from helpers import LOCO, Game, play_random

from kernels import layouts as L


# --- end ------------------------------------------------------------------------------------------
def _draw_turn(g):
    """One turn of blind draws (the pile is long enough)."""
    p = g.player
    over = g.draw_blind()
    if not over and g.player == p and g.phase == L.PH_SECOND_DRAW:
        over = g.draw_blind()
    return over


def test_BASE_END_1_two_trains_left_gives_everyone_one_more_turn():
    """BASE-END-1: Two trains left gives everyone one more turn."""
    g = Game("usa", 2)
    g.blank()
    g.set_pile(["red"] * 20)
    g.st.trains[0] = 3
    g.set_hand(0, locomotive=1)
    over = g.claim(g.route("Atlanta", "Nashville"), LOCO)
    assert not over and g.st.trains[0] == 2
    turns = g.st.ps[:, L.PS_TURNS].copy()
    assert not _draw_turn(g)  # seat 1: its last turn
    assert g.player == 0
    assert _draw_turn(g)  # seat 0, the trigger player, plays one more: the end
    assert g.phase == L.PH_OVER and int(g.sc[L.SC_END_REASON]) == L.END_TRAINS
    assert (g.st.ps[:, L.PS_TURNS] - turns).tolist() == [1, 1]


@pytest.mark.parametrize("n_players,trigger", [(3, 1), (4, 3), (5, 0)])
def test_BASE_END_1_exactly_one_more_turn_each_including_the_trigger_player(n_players, trigger):
    """BASE-END-1: Exactly one more turn each including the trigger player."""
    g = Game("usa", n_players)
    g.blank()
    g.set_pile(["red"] * 40)
    g.set_turn(trigger)
    g.st.trains[trigger] = 2  # ends its turn with 2 trains: that is the trigger
    assert not _draw_turn(g)
    turns = g.st.ps[:, L.PS_TURNS].copy()
    played = []
    over = False
    while not over:
        played.append(g.player)
        over = _draw_turn(g)
        assert len(played) <= n_players
    expected = [(trigger + 1 + i) % n_players for i in range(n_players)]
    assert played == expected
    assert (g.st.ps[:, L.PS_TURNS] - turns).tolist() == [1] * n_players


def test_BASE_END_1_three_trains_do_not_trigger_and_no_second_trigger():
    """BASE-END-1: Three trains do not trigger and no second trigger."""
    g = Game("usa", 2)
    g.blank()
    g.set_pile(["red"] * 20)
    g.st.trains[0] = 4
    g.set_hand(0, locomotive=1)
    g.claim(g.route("Atlanta", "Nashville"), LOCO)
    assert g.st.trains[0] == 3 and int(g.sc[L.SC_END_COUNTDOWN]) == -1
    # seat 1 triggers; seat 0 then drops to 2 in the last round: the game still
    # ends after seat 1's extra turn
    g.st.trains[1] = 3
    g.set_hand(1, locomotive=1)
    g.claim(g.route("Portland", "Seattle"), LOCO)
    assert int(g.sc[L.SC_END_COUNTDOWN]) == 2
    g.set_hand(0, locomotive=1)
    assert not g.claim(g.route("Dallas", "Houston"), LOCO)
    assert g.st.trains[0] == 2
    assert _draw_turn(g)
    assert int(g.sc[L.SC_END_REASON]) == L.END_TRAINS


def test_BASE_END_2_a_round_of_passes_ends_a_stalled_game():
    """BASE-END-2: A round of passes ends a stalled game."""
    g = Game("usa", 3)
    g.blank(market=())
    g.set_ticket_pile([])
    assert not g.act(L.A_PASS)
    assert not g.act(L.A_PASS)
    assert g.act(L.A_PASS)
    assert g.phase == L.PH_OVER and int(g.sc[L.SC_END_REASON]) == L.END_NO_ACTIONS
    assert g.st.ps[:, L.PS_PASSES].tolist() == [1, 1, 1]
    assert g.legal() == []


def test_BASE_END_2_an_action_breaks_the_round_of_passes():
    """BASE-END-2: An action breaks the round of passes."""
    g = Game("usa", 3)
    g.blank(market=())
    g.set_ticket_pile([])
    assert not g.act(L.A_PASS)  # seat 0
    g.set_ticket_pile([7])  # seat 1 now has something to do
    assert not g.act(L.A_DRAW_TICKETS)
    assert not g.act(L.A_KEEP_TICKETS, 1)
    assert not g.act(L.A_PASS)  # seat 2
    assert not g.act(L.A_PASS)  # seat 0: 2 passes in a row only
    assert g.act(L.A_PASS)  # seat 1: now a whole round
    assert int(g.sc[L.SC_END_REASON]) == L.END_NO_ACTIONS


def test_BASE_END_2_turn_cap_ends_the_game():
    """BASE-END-2: Turn cap ends the game."""
    g = Game("usa", 2, overrides={"turn_cap": 10})
    g.finish_setup()
    over = False
    turns = 0
    while not over:
        over = _draw_turn(g)
        turns += 1
        assert turns <= 10
    assert turns == 10 and int(g.sc[L.SC_TURN]) == 10
    assert int(g.sc[L.SC_END_REASON]) == L.END_TURN_CAP
    assert g.st.final[:, L.FN_WINNER].sum() >= 1  # scored like any other game


@pytest.mark.parametrize("seed", [31, 32, 33])
def test_BASE_END_2_random_games_always_end_with_a_reason(seed):
    """BASE-END-2: Random games always end with a reason."""
    g = Game("usa", 3, seed=seed)
    steps = play_random(g, np.random.default_rng(seed))
    assert steps > 0
    assert int(g.sc[L.SC_END_REASON]) in (L.END_TRAINS, L.END_NO_ACTIONS, L.END_TURN_CAP)
    assert int(g.sc[L.SC_TURN]) <= g.rules.turn_cap


# --- scoring --------------------------------------------------------------------------------------
def test_BASE_SCR_1_completed_ticket_adds_and_failed_ticket_subtracts():
    """BASE-SCR-1: Completed ticket adds and failed ticket subtracts."""
    g = Game("usa", 2)
    g.blank()
    g.give(0, g.route("Denver", "Santa Fe"), g.route("El Paso", "Santa Fe"))
    done = g.ticket("Denver", "El Paso")  # 4
    fail = g.ticket("Kansas City", "Houston")  # 5
    g.hold(0, done, fail)
    fin = g.score()
    assert fin[0, L.FN_TICKETS_WON] == 4 and fin[0, L.FN_TICKETS_LOST] == 5
    assert fin[0, L.FN_TICKETS_COMPLETED] == 1 and fin[0, L.FN_TICKETS_FAILED] == 1
    assert g.st.ticket_result[done] == L.TR_COMPLETED and g.st.ticket_result[fail] == L.TR_FAILED
    assert fin[0, L.FN_TOTAL] == 0 + 4 - 5 + 10


def test_BASE_SCR_1_path_must_be_of_the_players_own_routes():
    """BASE-SCR-1: the path must be of the player's own routes."""
    g = Game("usa", 2)
    g.blank()
    g.give(0, g.route("Denver", "Santa Fe"))
    g.give(1, g.route("El Paso", "Santa Fe"))
    t = g.ticket("Denver", "El Paso")
    g.hold(0, t)
    fin = g.score()
    assert fin[0, L.FN_TICKETS_LOST] == 4 and fin[0, L.FN_TICKETS_WON] == 0


def test_BASE_SCR_1_ticket_joined_through_a_long_path():
    """BASE-SCR-1: Ticket joined through a long path."""
    g = Game("usa", 2)
    g.blank()
    path = [("Kansas City", "Oklahoma City"), ("Dallas", "Oklahoma City"), ("Dallas", "Houston")]
    g.give(0, *[g.route(a, b) for a, b in path])
    g.hold(0, g.ticket("Kansas City", "Houston"))
    assert g.score()[0, L.FN_TICKETS_WON] == 5


def test_BASE_SCR_2_longest_trail_each_route_once_cities_may_repeat():
    """BASE-SCR-2: Longest trail each route once cities may repeat."""
    g = Game("usa", 2)
    g.blank()
    # a loop Dallas-Houston-New Orleans-Little Rock-Dallas (1+2+3+2) and a tail Dallas-El Paso (4):
    # the trail El Paso-Dallas-Houston-New Orleans-Little Rock-Dallas uses Dallas twice = 12
    loop = [("Dallas", "Houston"), ("Houston", "New Orleans"), ("Little Rock", "New Orleans"),
            ("Dallas", "Little Rock"), ("Dallas", "El Paso")]
    g.give(0, *[g.route(a, b) for a, b in loop])
    # a star of three arms 4, 5, 4 at Denver: the best trail is 9, not 13
    star = [("Denver", "Helena"), ("Denver", "Phoenix"), ("Denver", "Omaha")]
    g.give(1, *[g.route(a, b) for a, b in star])
    fin = g.score()
    assert fin[:, L.FN_LONGEST_PATH].tolist() == [12, 9]
    assert fin[:, L.FN_LONGEST_BONUS].tolist() == [10, 0]


def test_BASE_SCR_2_tied_longest_trails_all_get_the_bonus():
    """BASE-SCR-2: Tied longest trails all get the bonus."""
    g = Game("usa", 3)
    g.blank()
    g.give(0, g.route("Calgary", "Winnipeg"))  # 6
    g.give(1, g.route("Duluth", "Helena"))  # 6
    g.give(2, g.route("Atlanta", "Miami"))  # 5
    fin = g.score()
    assert fin[:, L.FN_LONGEST_BONUS].tolist() == [10, 10, 0]
    assert fin[:, L.FN_TOTAL].tolist() == [10, 10, 0]


def test_BASE_SCR_3_most_points_wins():
    """BASE-SCR-3: Most points wins."""
    g = Game("usa", 2)
    g.blank()
    g.st.score[:] = [30, 29]
    fin = g.score()
    assert fin[:, L.FN_WINNER].tolist() == [1, 0]


def test_BASE_SCR_3_tie_broken_by_completed_tickets():
    """BASE-SCR-3: Tie broken by completed tickets."""
    g = Game("usa", 2)
    g.blank()
    g.give(0, g.route("Denver", "Santa Fe"), g.route("El Paso", "Santa Fe"))  # trail 4
    g.give(1, g.route("Dallas", "El Paso"))  # trail 4: both get the bonus
    g.hold(0, g.ticket("Denver", "El Paso"))  # +4, completed
    g.st.score[:] = [0, 4]
    fin = g.score()
    assert fin[:, L.FN_TOTAL].tolist() == [14, 14]
    assert fin[:, L.FN_WINNER].tolist() == [1, 0]


def test_BASE_SCR_3_then_by_holding_the_longest_path_bonus():
    """BASE-SCR-3: Then by holding the longest path bonus."""
    g = Game("usa", 2)
    g.blank()
    g.give(0, g.route("Calgary", "Winnipeg"))  # 6: bonus
    g.give(1, g.route("Atlanta", "Nashville"))
    g.hold(0, g.ticket("Boston", "Miami"))  # both fail one ticket of 12
    g.hold(1, g.ticket("Seattle", "New York"))  # 22
    g.st.score[:] = [0, 20]
    fin = g.score()
    assert fin[:, L.FN_TOTAL].tolist() == [-2, -2]
    assert fin[:, L.FN_TICKETS_COMPLETED].tolist() == [0, 0]
    assert fin[:, L.FN_WINNER].tolist() == [1, 0]


def test_BASE_SCR_3_a_surviving_tie_is_shared():
    """BASE-SCR-3: A surviving tie is shared."""
    g = Game("usa", 3)
    g.blank()
    g.give(0, g.route("Calgary", "Winnipeg"))
    g.give(1, g.route("Duluth", "Helena"))
    g.give(2, g.route("Atlanta", "Miami"))
    g.st.score[:] = [15, 15, 25]
    fin = g.score()
    assert fin[:, L.FN_TOTAL].tolist() == [25, 25, 25]
    # seat 2 has no bonus: it loses the second tie-break; seats 0 and 1 share
    assert fin[:, L.FN_WINNER].tolist() == [1, 1, 0]


def test_BASE_SCR_3_winner_in_a_played_game_has_the_top_score():
    """BASE-SCR-3: Winner in a played game has the top score."""
    g = Game("usa", 4, seed=41)
    play_random(g, np.random.default_rng(41))
    fin = g.st.final[:4]
    top = fin[:, L.FN_TOTAL].max()
    assert all(fin[p, L.FN_TOTAL] == top for p in range(4) if fin[p, L.FN_WINNER])
    assert fin[:, L.FN_WINNER].sum() >= 1
