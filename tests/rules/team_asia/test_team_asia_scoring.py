"""Team Asia, end and scoring (docs/rules/team-asia.md): TA-END-1, TA-SCR-1..2."""

from rule_games import draw_two_blind, set_ticket, team_game

from kernels import layouts as L


# --- end ------------------------------------------------------------------------------------------
def test_TA_END_1_team_supply_at_4_or_fewer_gives_everyone_one_more_turn():
    """TA-END-1: the trigger counts the team's combined trains (<= 4), then every
    player, the triggering one included, plays one more turn."""
    g = team_game()
    g.set_pile(["red"] * 60)
    g.st.trains[:] = [3, 10, 27, 27]
    draw_two_blind(g)
    assert int(g.sc[L.SC_END_COUNTDOWN]) == -1, "3 trains alone do not end it: the team has 13"
    g.st.trains[:] = [2, 2, 27, 27]
    turns = 0
    over = False
    while not over:
        p = g.player
        over = draw_two_blind(g)
        turns += 1
        if turns == 1:
            assert p == 1 and int(g.sc[L.SC_END_COUNTDOWN]) == 4
    assert turns == 5, "the trigger turn, then one more turn each for all 4"
    assert g.sc[L.SC_END_REASON] == L.END_TRAINS


# --- scoring --------------------------------------------------------------------------------------
def test_TA_SCR_1_asia_express_and_globetrotter_per_team_ties_all_score():
    """TA-SCR-1: 10 to the team with the longest continuous path (the team's
    combined routes) and 10 to the team with most completed tickets (counted
    per team); tied teams all score."""
    g = team_game()
    g.give(0, g.route("Almaty", "Kashgar"))
    g.give(1, g.route("Kashgar", "Lhasa"))
    g.give(2, g.route("Bangkok", "Kuala Lumpur", "white"))
    g.hold(0, set_ticket(g, 0, "Almaty", "Lhasa"))
    fin = g.score()
    trail = g.route_len(g.route("Almaty", "Kashgar")) + g.route_len(g.route("Kashgar", "Lhasa"))
    assert fin[0, L.FN_LONGEST_PATH] == fin[1, L.FN_LONGEST_PATH] == trail, "one path across both teammates"
    assert list(fin[:, L.FN_LONGEST_BONUS]) == [10, 10, 0, 0]
    assert list(fin[:, L.FN_GLOBETROTTER_BONUS]) == [10, 10, 0, 0]
    # team 1: one completed ticket per seat, 2 for the team -> more than team 0's 1
    g.hold(2, set_ticket(g, 1, "Bangkok", "Kuala Lumpur"))
    g.hold(3, set_ticket(g, 2, "Kuala Lumpur", "Bangkok"))
    fin = g.score()
    assert list(fin[:, L.FN_GLOBETROTTER_BONUS]) == [0, 0, 10, 10]
    # tie 2-2: both teams
    g.hold(1, set_ticket(g, 3, "Kashgar", "Lhasa"))
    fin = g.score()
    assert list(fin[:, L.FN_GLOBETROTTER_BONUS]) == [10, 10, 10, 10]
    # equal longest paths: both teams get Asia Express; no completed tickets: no Globetrotter
    g2 = team_game()
    g2.give(0, g2.route("Kathmandu", "Lhasa"))
    g2.give(2, g2.route("Delhi", "Kathmandu"))
    fin2 = g2.score()
    assert list(fin2[:, L.FN_GLOBETROTTER_BONUS]) == [0, 0, 0, 0]
    assert list(fin2[:, L.FN_LONGEST_BONUS]) == [10, 10, 10, 10]


def test_TA_SCR_1_one_team_total_on_each_row():
    """TA-TEAM-2, TA-SCR-1: both teammates' rows carry the team total."""
    g = team_game()
    g.give(0, g.route("Almaty", "Kashgar"))
    g.st.score[0] = 7
    g.st.score[1] = 5
    g.hold(1, g.ticket("Agra", "Hanoi"))
    fin = g.score()
    lost = g.ticket_points(g.ticket("Agra", "Hanoi"))
    expect = 7 + 5 - lost + 10  # Asia Express: the only path
    assert fin[0, L.FN_TOTAL] == fin[1, L.FN_TOTAL] == expect
    assert fin[2, L.FN_TOTAL] == fin[3, L.FN_TOTAL] == 0


def test_TA_SCR_2_winner_points_then_tickets_then_longest_path():
    """TA-SCR-2: most points; tied -> most completed tickets (team); still tied -> longest path."""
    def level(g):
        """Give team 1 route points so that both team totals are equal."""
        g.st.score[:] = 0
        fin = g.score()
        g.st.score[2] = int(fin[0, L.FN_TOTAL] - fin[2, L.FN_TOTAL])
        g.st.score[0] = max(0, -int(g.st.score[2]))
        g.st.score[2] = max(0, int(g.st.score[2]))
        return g.score()

    # team 0 has the longer path, no tickets anywhere: the path decides
    g = team_game()
    g.give(0, g.route("Almaty", "Kashgar"), g.route("Kashgar", "Lhasa"))
    g.give(2, g.route("Kathmandu", "Lhasa"))
    fin = level(g)
    assert fin[0, L.FN_TOTAL] == fin[2, L.FN_TOTAL]
    assert fin[0, L.FN_LONGEST_PATH] > fin[2, L.FN_LONGEST_PATH]
    assert list(fin[:, L.FN_WINNER]) == [1, 1, 0, 0]
    # team 1 completes a ticket, points equal: tickets decide before the path
    g.hold(3, set_ticket(g, 0, "Kathmandu", "Lhasa"))
    fin = level(g)
    assert fin[0, L.FN_TOTAL] == fin[2, L.FN_TOTAL] and fin[3, L.FN_TICKETS_COMPLETED] == 1
    assert list(fin[:, L.FN_WINNER]) == [0, 0, 1, 1]
    # more points wins outright
    g.st.score[0] += 1
    fin = g.score()
    assert list(fin[:, L.FN_WINNER]) == [1, 1, 0, 0]
    # all equal: tied teams all win
    fin3 = team_game().score()
    assert list(fin3[:, L.FN_WINNER]) == [1, 1, 1, 1]
