"""Switzerland, tickets (docs/rules/switzerland.md): SW-TKT-1..6, and the result
tables' record of which option scored."""

import numpy as np
import pytest
from helpers import WHITE, Game
from rule_games import country, multi_ticket, path_between, swiss

import analyzer
from kernels import layouts as L


def outcome(g, t):
    """(option, points, completed) of ticket t after scoring."""
    g.score()
    return int(g.st.ticket_option[t]), int(g.st.ticket_points[t]), int(g.st.ticket_result[t]) > 0


# --- SW-TKT-3 / 3a / 4 / 5 / 6 -------------------------------------------------------------------
def test_SW_TKT_3_city_to_country_scores_the_country_reached():
    """SW-TKT-3: Lugano to France 14, Deutschland 12, Österreich 13 or Italia 2:
    Lugano-Italia_3 alone reaches Italia: +2, option 3."""
    g = swiss()
    t = multi_ticket(g, "Lugano")
    g.give(0, g.route("Lugano", "Italia_3"))
    g.hold(0, t)
    assert outcome(g, t) == (3, 2, True)
    fin = g.score()
    assert fin[0, L.FN_TICKETS_WON] == 2 and fin[0, L.FN_TICKETS_COMPLETED] == 1


def test_SW_TKT_3_the_highest_joined_option_scores():
    """SW-TKT-3: Lugano joined to Italia and to Österreich scores Österreich's 13."""
    g = swiss()
    t = multi_ticket(g, "Lugano")
    g.give(0, g.route("Lugano", "Italia_3"), *path_between(g, ["Lugano"], country(g, "Österreich")))
    g.hold(0, t)
    assert outcome(g, t) == (2, 13, True)


def test_SW_TKT_6_a_country_is_reached_at_any_border_point():
    """SW-TKT-6: Bern to Italia (8) through Brig-Italia_5 or through
    Lugano-Italia_3: either border point of Italia completes it."""
    for point in ("Italia_5", "Italia_3"):
        g = swiss()
        t = multi_ticket(g, "Bern")
        path = path_between(g, ["Bern"], {point})
        g.give(0, *path)
        g.hold(0, t)
        assert outcome(g, t) == (3, 8, True), point


def test_SW_TKT_6_no_path_runs_through_a_country():
    """SW-TKT-6: Genève-France_2 and France_1-Martigny-Sion do not join Genève
    and Sion (each border point is its own place): the ticket fails."""
    g = swiss()
    t = g.ticket("Genève", "Sion")
    g.give(0, g.route("Genève", "France_2"), g.route("Martigny", "France_1"), g.route("Martigny", "Sion"))
    g.hold(0, t)
    assert outcome(g, t) == (-1, -10, False)


def test_SW_TKT_4_country_to_country():
    """SW-TKT-4: France to Deutschland 5, Österreich 14 or Italia 11:
    France_1-Martigny-Sion-Brig-Italia_5 scores 11; joining Österreich too, 14."""
    g = swiss()
    t = multi_ticket(g, "France")
    path = [g.route("Martigny", "France_1"), g.route("Martigny", "Sion"), g.route("Brig", "Sion"),
            g.route("Brig", "Italia_5")]
    g.give(0, *path)
    g.hold(0, t)
    assert outcome(g, t) == (2, 11, True)
    g.give(0, *path_between(g, ["Brig"], country(g, "Österreich")))
    assert outcome(g, t) == (1, 14, True)


def test_SW_TKT_5_no_option_joined_loses_the_lowest():
    """SW-TKT-5: France (5, 14, 11) with nothing joined loses 5, not 14; Lugano
    (14, 12, 13, 2) loses 2."""
    g = swiss()
    france, lugano = multi_ticket(g, "France"), multi_ticket(g, "Lugano")
    g.hold(0, france, lugano)
    fin = g.score()
    assert fin[0, L.FN_TICKETS_LOST] == 5 + 2 and fin[0, L.FN_TICKETS_FAILED] == 2
    assert outcome(g, france) == (-1, -5, False) and outcome(g, lugano) == (-1, -2, False)


def test_SW_TKT_3a_each_copy_is_one_ticket_scored_on_its_own():
    """SW-TKT-3a: both copies of the France design held by one player are two
    tickets, each scored; each completed one counts once for the tie-break."""
    g = swiss()
    rows = g.board.ticket_rows()
    copies = [int(i) for i in rows.index[(rows["multi"] >= 0) & (rows["a"] == "France")]]
    assert len(copies) == 2
    g.give(0, g.route("Martigny", "France_1"), g.route("Martigny", "Sion"), g.route("Brig", "Sion"),
           g.route("Brig", "Italia_5"))
    g.hold(0, *copies)
    fin = g.score()
    assert fin[0, L.FN_TICKETS_COMPLETED] == 2 and fin[0, L.FN_TICKETS_WON] == 22
    g.st.score[1] = int(fin[0, L.FN_TOTAL])  # seat 1: the same total, no ticket
    fin = g.score()
    assert fin[0, L.FN_TOTAL] == fin[1, L.FN_TOTAL] and fin[:, L.FN_WINNER].tolist() == [1, 0]


def test_SW_TKT_3_a_claim_marks_the_country_ticket_joined():
    """SW-TKT-3 in play: claiming Lugano-Italia_3 (white tunnel of 2) joins the
    Lugano ticket at that turn."""
    g = swiss()
    t = multi_ticket(g, "Lugano")
    g.hold(0, t)
    g.set_hand(0, white=2)
    g.set_pile(["red"] * 3)
    g.claim(g.route("Lugano", "Italia_3"), WHITE)
    assert g.st.owner[g.route("Lugano", "Italia_3")] == 0 and int(g.st.ticket_done_turn[t]) == 0


# --- SW-TKT-1 ------------------------------------------------------------------------------------
def test_SW_TKT_1_five_dealt_keep_two_the_rest_leave_the_game():
    """SW-TKT-1 played on the board: 5 offered, any 2 or more kept, the others boxed (not under the deck)."""
    g = Game("switzerland", 2, seed=4)
    assert int(g.sc[L.SC_N_OFFER]) == 5
    keeps = {a for k, a, _ in g.legal_set() if k == L.A_KEEP_TICKETS}
    assert keeps == {m for m in range(32) if bin(m).count("1") >= 2}
    offer, pile = g.st.offer[:5].tolist(), g.ticket_pile()
    g.act(L.A_KEEP_TICKETS, 0b10100)
    assert [int(g.st.ticket_holder[t]) for t in offer] == [L.TH_BOX, L.TH_BOX, 0, L.TH_BOX, 0]
    assert g.ticket_pile() == pile and g.player == 1 and g.phase == L.PH_SETUP_KEEP


# --- SW-TKT-2 ------------------------------------------------------------------------------------
def test_SW_TKT_2_drawn_tickets_not_kept_leave_the_game():
    g = swiss()
    t = multi_ticket(g, "Bern")
    g.set_ticket_pile([0, t, 1])
    g.act(L.A_DRAW_TICKETS)
    g.act(L.A_KEEP_TICKETS, 0b010)
    assert [int(g.st.ticket_holder[x]) for x in (0, t, 1)] == [L.TH_BOX, 0, L.TH_BOX]
    assert int(g.sc[L.SC_TP_COUNT]) == 0 and g.ticket_pile() == []


# --- the result tables ---------------------------------------------------------------------------------
@pytest.mark.parametrize("bots", ["planner", "random"])
def test_tickets_table_records_the_option_and_signed_points(bots):
    """The tickets table: option (which destination scored, -1 none) and the
    signed points each ticket counted (SW-TKT-3..5), summing to each player's
    tickets_won and tickets_lost."""
    res = analyzer.simulate(board="switzerland", players=3, bots=bots, games=30, seed=8, progress=False)
    tk, pl = res.tickets, res.players
    rows = res.board.ticket_rows()
    multi = rows["multi"].to_numpy()[tk["ticket"].to_numpy()] >= 0
    assert multi.any() and tk.loc[multi, "completed"].any()
    assert ((tk["option"] >= 0) == tk["completed"]).all()
    assert ((tk["points"] > 0) == tk["completed"]).all()
    for t, opt, pts, done in zip(tk["ticket"], tk["option"], tk["points"], tk["completed"], strict=True):
        values = rows.at[t, "option_points"]
        assert pts == (values[opt] if done else -min(values))
    won = tk[tk["points"] > 0].groupby(["game", "seat"])["points"].sum()
    lost = -tk[tk["points"] < 0].groupby(["game", "seat"])["points"].sum()
    p = pl.set_index(["game", "seat"])
    assert np.array_equal(won.reindex(p.index, fill_value=0).to_numpy(), p["tickets_won"].to_numpy())
    assert np.array_equal(lost.reindex(p.index, fill_value=0).to_numpy(), p["tickets_lost"].to_numpy())
    names = tk.loc[multi, "ticket_name"].astype(str)
    assert names.str.contains("|", regex=False).all()
