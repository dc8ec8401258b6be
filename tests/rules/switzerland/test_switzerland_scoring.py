"""Switzerland, end and scoring (docs/rules/switzerland.md): SW-SCR-1..2."""

from rule_games import swiss

from kernels import layouts as L


def test_SW_SCR_1_claims_score_the_route_table():
    """SW-SCR-1 played on the board: a claim of 1, 2, 3, 4, 5 or 6 spaces scores
    1, 2, 4, 7, 10 or 15 (a tunnel revealing no card of its colour, where the
    board has no other route of that length); the board has no longer route."""
    expect = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
    rt = swiss().board.routes
    assert rt["length"].max() == 6
    for n, points in expect.items():
        g = swiss()
        same = rt[rt["length"] == n].sort_values("kind", key=lambda k: k != "normal")
        r = int(same.index[0])
        colour = "red" if same.at[r, "color"] == "gray" else same.at[r, "color"]
        g.set_hand(0, **{colour: n})
        g.set_pile(["pink" if colour != "pink" else "white"] * 3)
        g.claim(r, colour)
        assert g.st.owner[r] == 0 and g.st.score[0] == points and g.st.trains[0] == 40 - n, (n, same.at[r, "kind"])


def test_SW_SCR_2_longest_path_ten_to_every_tied_player():
    """SW-SCR-2 scored on the board: the longest continuous path earns 10; two
    players tied on it both get 10, a shorter path none."""
    g = swiss(3)
    g.give(0, g.route("Olten", "Zürich"), g.route("St. Gallen", "Zürich"))  # 3 + 4
    g.give(1, g.route("Genève", "Lausanne", "blue"), g.route("Fribourg", "Lausanne", "red"))  # 4 + 3
    g.give(2, g.route("Bern", "Solothurn"))  # 2
    fin = g.score()
    assert fin[:, L.FN_LONGEST_PATH].tolist() == [7, 7, 2]
    assert fin[:, L.FN_LONGEST_BONUS].tolist() == [10, 10, 0]
    g = swiss(3)
    g.give(0, g.route("Olten", "Zürich"), g.route("St. Gallen", "Zürich"))
    assert g.score()[:, L.FN_LONGEST_BONUS].tolist() == [10, 0, 0]
