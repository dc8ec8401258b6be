"""Switzerland, components and map (docs/rules/switzerland.md): SW-CMP-1..3,
SW-CMP-3a, SW-MAP-1, each played on the board: the deal, whole random games,
every ticket drawn, each border route scored."""

from collections import Counter

import pytest
from helpers import Game
from rule_games import deal, draw_every_ticket, multi_ticket, path_between, play_out, swiss

from analyzer.rules import RuleError
from kernels import layouts as L

COUNTRIES = ("France", "Deutschland", "Österreich", "Italia")


@pytest.mark.parametrize("players", [2, 3])
def test_SW_CMP_1_forty_trains_each_with_two_or_three_players(players):
    """SW-CMP-1: each seat is dealt 40 trains (not 45) and places at most 40 in
    a whole random game, which ends by the trains; 4 players are refused."""
    g = Game("switzerland", players, seed=players)
    play_out(g, 40, seed=players)
    assert g.phase == L.PH_OVER and min(g.st.trains[:players]) <= 2
    with pytest.raises(RuleError, match="2-3 players"):
        Game("switzerland", 4)


def test_SW_CMP_2_the_110_cards_of_a_base_game():
    """SW-CMP-2: the deal and a whole random game move the 110 cards of a base
    game, 12 of each of the 8 colours and 14 locomotives, none made or lost."""
    g = Game("switzerland", 3, seed=6)
    for seed in range(5):
        deal(g, seed)
        assert g.card_counts().tolist() == [12] * 8 + [14]
        assert g.st.hand[:3].sum(axis=1).tolist() == [4, 4, 4]
    play_out(g, 40, seed=6)


def test_SW_CMP_3_46_tickets_12_with_countries_SW_CMP_3a_four_designs_twice():
    """SW-CMP-3: dealt and drawn to the last, the deck holds 46 tickets: 34 join
    two cities; 4 join Bern, Chur, Zürich or Lugano to any of the 4 countries;
    8 join a country to the 3 others. SW-CMP-3a: those 8 are 4 designs (one per
    starting country), each twice."""
    g = Game("switzerland", 3, seed=2)
    kept = draw_every_ticket(g)
    assert len(kept) == len(set(kept)) == 46
    rows = g.board.ticket_rows().loc[kept]
    city_city, multi = rows[rows["multi"] < 0], rows[rows["multi"] >= 0]
    assert len(city_city) == 34 and len(multi) == 12
    starts = Counter(multi["a"])
    assert starts == {"Bern": 1, "Chur": 1, "Zürich": 1, "Lugano": 1, **dict.fromkeys(COUNTRIES, 2)}
    for t in multi.itertuples():
        assert set(t.options) == set(COUNTRIES) - {t.a}
    for c in COUNTRIES:  # the two copies of a design are one design
        copies = multi[multi["a"] == c]
        assert len({(tuple(t.options), tuple(t.option_points)) for t in copies.itertuples()}) == 1


def test_SW_MAP_1_border_routes_reach_their_country():
    """SW-MAP-1: each of the 17 border routes, with a path of Swiss routes from
    Bern to its Swiss end, completes Bern's country ticket with that route's
    country (the end in the country is one of its border points): 4 routes
    reach France, 5 Deutschland, 3 Österreich, 5 Italia."""
    g = swiss()
    t = multi_ticket(g, "Bern")
    options = list(g.board.ticket_rows().at[t, "options"])
    point_country = {p: c for c, pts in g.board.countries.items() for p in pts}
    reached = Counter()
    for r in g.board.routes.itertuples():
        ends = [e for e in (r.a, r.b) if e in point_country]
        if not ends:
            continue
        swiss_end = r.b if ends[0] == r.a else r.a
        g = swiss()
        g.give(0, r.Index, *path_between(g, ["Bern"], {swiss_end}))
        g.hold(0, t)
        g.score()
        assert options[int(g.st.ticket_option[t])] == point_country[ends[0]], (r.a, r.b)
        reached[point_country[ends[0]]] += 1
    assert reached == {"France": 4, "Deutschland": 5, "Österreich": 3, "Italia": 5}
