"""Nordic Countries, Switzerland and India (docs/rules/nordic-countries.md,
switzerland.md, india.md): the facts of their board files and rule presets,
and the loader's new fields (routes.csv wild_set, board.toml [countries],
tickets_multi.csv) with errors naming file, line and field.

The IDs named here are checked as data (board files, preset values); a
preset value is no proof: every rule is proven by play on its board in
tests/rules/nordic_countries/, tests/rules/switzerland/ and tests/rules/india/
(tests/test_rule_ids.py)."""

import dataclasses
import shutil
from collections import Counter

import pytest
from cli_run import ttr

import analyzer
from analyzer.boards import BoardError, load_board
from analyzer.rules import RuleError, preset
from kernels import layouts as L


@pytest.fixture(scope="module")
def nordic():
    return load_board("nordic_countries")


@pytest.fixture(scope="module")
def swiss():
    return load_board("switzerland")


def _pair(rt, a, b):
    a, b = sorted((a, b))
    return rt[(rt["a"] == a) & (rt["b"] == b)]


# --- Nordic Countries -----------------------------------------------------------------
def test_NC_CMP_1_two_or_three_players_forty_trains():
    rs = preset("nordic-countries")
    assert (rs.min_players, rs.max_players, rs.trains) == (2, 3, 40)


def test_NC_CMP_2_base_deck_and_NC_CMP_3_46_tickets(nordic):
    """NC-CMP-2: 110 cards, 12 of 8 colours + 14 locomotives. NC-CMP-3: 46
    tickets worth 3 to 24 (sum 460), no long deck; the Globetrotter card is
    the preset's 10-point bonus."""
    assert nordic.deck == {**dict.fromkeys(L.COLOUR_NAMES, 12), "locomotive": 14}
    tk = nordic.tickets
    assert len(tk) == 46 and tk["points"].sum() == 460 and (tk["long"] == 0).all()
    assert (tk["points"].min(), tk["points"].max()) == (3, 24)
    assert preset("nordic-countries").globetrotter_bonus == 10


def test_NC_TKT_1_five_dealt_keep_two_rest_to_the_box():
    """NC-TKT-1: the preset deals 5, keeps >= 2 and boxes the rest (the box
    itself: EU-SET-2's tests)."""
    rs = preset("nordic-countries")
    assert (rs.setup_tickets_regular, rs.setup_tickets_long, rs.setup_keep_min) == (5, 0, 2)
    assert rs.unkept_setup_to_box is True
    assert (rs.draw_tickets, rs.draw_keep_min, rs.unkept_draw_to_box) == (3, 1, True)


def test_NC_MKT_1_face_up_locomotive_is_one_card_NC_MKT_2_no_reset():
    """NC-MKT-1 (engine: BASE-MKT-2's house-rule test) and NC-MKT-2 with
    assumption NC-MKT-2a (engine: BASE-MKT-3's house-rule test)."""
    rs = preset("nordic-countries")
    assert rs.faceup_loco_whole_draw is False
    assert rs.loco_reset == 0


def test_NC_DBL_1_doubles_open_with_three_players():
    """NC-DBL-1: both lanes from 3 players (engine: BASE-DBL-2 reads doubles_min_players)."""
    assert preset("nordic-countries").doubles_min_players == 3


def test_NC_DBL_2_the_two_mixed_pairs_are_double_routes(nordic):
    """NC-DBL-2: Kristiansand-Stavanger (tunnel 2 / ferry 3) and Mo i Rana-Trondheim
    (tunnel 5 / ferry 6) are each one parallel group, like every other double."""
    rt = nordic.routes
    for a, b, lanes in (("Kristiansand", "Stavanger", {("tunnel", 2, "green", 0), ("ferry", 3, "orange", 1)}),
                        ("Mo I Rana", "Trondheim", {("tunnel", 5, "green", 0), ("ferry", 6, "red", 2)})):
        pair = _pair(rt, a, b)
        assert {(r.kind, r.length, r.color, r.locomotives) for r in pair.itertuples()} == lanes
        assert pair["parallel_group"].nunique() == 1 and (pair["parallel_group"] >= 0).all()
    groups = rt[rt["parallel_group"] >= 0].groupby("parallel_group")
    assert (groups.size() == 2).all() and len(groups) == 14


def test_NC_SCR_1_route_table_NC_CLM_2_the_nine_space_route_scores_27(nordic):
    """NC-SCR-1: 1,2,4,7,10,15 and 9 -> 27, no 7- or 8-space route. NC-CLM-2:
    Lieksa-Murmansk is the one 9-space route (27 points, 9 trains; the claim
    itself scores from the table, BASE-CLM-2)."""
    rs = preset("nordic-countries")
    assert rs.route_scores[1:7] == (1, 2, 4, 7, 10, 15) and rs.route_scores[9] == 27
    lengths = Counter(nordic.routes["length"])
    assert lengths[7] == lengths[8] == 0 and lengths[9] == 1 and max(lengths) == 9
    (nine,) = nordic.routes[nordic.routes["length"] == 9].itertuples()
    assert (nine.a, nine.b, nine.color, nine.kind, nine.wild_set) == ("Lieksa", "Murmansk", "gray", "normal", 4)
    assert (nordic.routes["wild_set"] > 0).sum() == 1


def test_NC_SCR_2_no_longest_path_bonus():
    """NC-SCR-2 (engine: LA-SCR-1b's test of longest_path_bonus = 0)."""
    assert preset("nordic-countries").longest_path_bonus == 0


def test_nordic_ferry_and_card_rules_are_in_the_preset_and_the_rule_vector():
    rs = preset("nordic-countries")
    assert (rs.locomotives_wild_on, rs.ferry_wild_set) == ("tunnel+ferry", 3)
    ru = rs.to_array()
    assert ru[L.RULE_LOCO_POLICY] == (1 << L.KIND_TUNNEL) | (1 << L.KIND_FERRY)
    assert ru[L.RULE_UNKEPT_DRAW_TO_BOX] == 1
    assert preset("usa").to_array()[L.RULE_LOCO_POLICY] == L.LOCO_ANY == 0b1111


# --- Switzerland --------------------------------------------------------------------------
def test_SW_CMP_1_two_or_three_players_forty_trains_SW_CMP_2_base_deck(swiss):
    rs = preset("switzerland")
    assert (rs.min_players, rs.max_players, rs.trains) == (2, 3, 40)
    assert swiss.deck == {**dict.fromkeys(L.COLOUR_NAMES, 12), "locomotive": 14}


def test_SW_CMP_3_46_tickets_12_to_countries_SW_CMP_3a_four_printed_twice(swiss):
    """SW-CMP-3: 34 city-city + 12 country tickets; 4 city-to-country (Bern, Chur,
    Zurich, Lugano: each option is one of the 4 countries), 8 country-to-country.
    SW-CMP-3a: the 4 country-to-country designs are each in the deck twice."""
    mt = swiss.multi_tickets
    countries = set(swiss.countries)
    assert countries == {"France", "Deutschland", "Österreich", "Italia"}
    assert len(swiss.tickets) == 34 and int(mt["copies"].sum()) == 12
    from_country = mt[mt["a"].isin(countries)]
    from_city = mt[~mt["a"].isin(countries)]
    assert set(from_city["a"]) == {"Bern", "Chur", "Zürich", "Lugano"} and (from_city["copies"] == 1).all()
    assert set(from_country["a"]) == countries and (from_country["copies"] == 2).all()
    for t in mt.itertuples():
        assert set(t.options) == countries - {t.a} and len(t.points) == len(t.options)
    lugano = mt[mt["a"] == "Lugano"].iloc[0]
    assert dict(zip(lugano["options"], lugano["points"], strict=True))["Italia"] == 2  # the low option


def test_SW_MAP_1_border_routes_per_country_SW_TKT_6_no_path_through_a_country(swiss):
    """SW-MAP-1: 4 routes into France, 5 Deutschland, 3 Osterreich, 5 Italia.
    SW-TKT-6: every border point ends exactly one route, whose other end is a
    Swiss city, so a path that reaches a country ends there."""
    rt = swiss.routes
    point_country = {p: c for c, pts in swiss.countries.items() for p in pts}
    per_country = Counter()
    for r in rt.itertuples():
        ends = [e for e in (r.a, r.b) if e in point_country]
        assert len(ends) <= 1, f"{r.a}-{r.b} joins two border points"
        if ends:
            per_country[point_country[ends[0]]] += 1
    assert per_country == {"France": 4, "Deutschland": 5, "Österreich": 3, "Italia": 5}
    degree = Counter(list(rt["a"]) + list(rt["b"]))
    assert all(degree[p] == 1 for p in point_country)
    assert not set(swiss.tickets["a"]) & set(point_country) and not set(swiss.tickets["b"]) & set(point_country)


def test_SW_TKT_1_five_dealt_keep_two_rest_to_the_box_SW_MKT_1_face_up_loco_one_card():
    """SW-TKT-1 (the box: EU-SET-2's tests); SW-MKT-1 (BASE-MKT-2's house-rule test);
    SW-MKT-2, assumption SW-MKT-2a: the base reset stays (BASE-MKT-3)."""
    rs = preset("switzerland")
    assert (rs.setup_tickets_regular, rs.setup_keep_min, rs.unkept_setup_to_box) == (5, 2, True)
    assert rs.faceup_loco_whole_draw is False and rs.loco_reset == preset("usa").loco_reset == 3


def test_SW_DBL_1_SW_SCR_1_SW_SCR_2_doubles_scores_longest(swiss):
    """SW-DBL-1: both lanes from 3 players; SW-SCR-1: 1..6 -> 1,2,4,7,10,15 and no
    longer route; SW-SCR-2: longest path 10 (BASE-SCR-2's engine)."""
    rs = preset("switzerland")
    assert rs.doubles_min_players == 3
    assert rs.route_scores == (0, 1, 2, 4, 7, 10, 15) and swiss.routes["length"].max() == 6
    assert rs.longest_path_bonus == 10 and rs.globetrotter_bonus == 0
    assert rs.locomotives_wild_on == "tunnel"


# --- India ------------------------------------------------------------------------------------
def _india_rules_today():
    """The India board's default: the `india` preset."""
    b = load_board("india")
    return b, b.rules()


def test_india_board_default_is_the_india_preset_with_the_grand_tour():
    b, rules = _india_rules_today()
    assert b.preset == "india" and b.rule_overrides == {} and rules == preset("india")
    assert rules.grand_tour_bonus == (0, 5, 10, 20, 30, 40)
    ru = rules.to_array()
    assert ru[L.RULE_BONUS_TERMS] & L.BONUS_GRAND_TOUR and ru[L.RULE_GRAND_TOUR_LEN] == 6
    base = dataclasses.replace(rules, grand_tour_bonus=())
    assert not base.to_array()[L.RULE_BONUS_TERMS] & L.BONUS_GRAND_TOUR


def test_IN_CMP_1_players_trains_deck_IN_CMP_2_58_tickets():
    b, rs = _india_rules_today()
    assert (rs.min_players, rs.max_players, rs.trains) == (2, 4, 45)
    assert b.deck == {**dict.fromkeys(L.COLOUR_NAMES, 12), "locomotive": 14}
    assert len(b.tickets) == 58 and (b.tickets["points"].min(), b.tickets["points"].max()) == (5, 17)


def test_IN_FRY_1_eight_ferries_with_twelve_symbols():
    """IN-FRY-1: four 2-space ferries with 1 symbol, three 6-space with 2, one
    8-space with 2; no tunnels (paying them: EU-FRY-1's tests)."""
    b = load_board("india")
    fy = b.routes[b.routes["kind"] == "ferry"]
    assert sorted(zip(fy["length"], fy["locomotives"], strict=True)) == [(2, 1)] * 4 + [(6, 2)] * 3 + [(8, 2)]
    assert (fy["color"] == "gray").all() and (b.routes["kind"] == "tunnel").sum() == 0


def test_IN_SCR_1_route_table_IN_SCR_2_indian_express():
    b, rs = _india_rules_today()
    lengths = set(b.routes["length"])
    assert lengths == {1, 2, 3, 4, 6, 8}
    assert [rs.route_scores[n] for n in sorted(lengths)] == [1, 2, 4, 7, 15, 21]
    assert rs.longest_path_bonus == 10


# --- played ------------------------------------------------------------------------------------
@pytest.mark.parametrize("board,players", [("nordic_countries", 3), ("switzerland", 2), ("india", 4)])
def test_new_maps_play_under_their_presets(board, players):
    res = analyzer.simulate(board=board, players=players, bots="planner", games=4, seed=3, progress=False)
    assert len(res.games) == 4 and res.manifest["rules"]["name"] == load_board(board).preset
    assert (res.players["score"] == res.players[[c for c in res.players if c.endswith(("_bonus", "_points"))
                                                 or c in ("tickets_won",)]].sum(axis=1)
            - res.players["tickets_lost"]).all()


def test_cli_simulate_on_a_new_map():
    proc = ttr(["simulate", "--board", "switzerland", "--players", "2", "--games", "2"])
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_cli_boards_list_shows_the_new_maps():
    proc = ttr(["boards", "list"], env={"COLUMNS": "160"})  # rich shortens names to fit 80 columns
    assert proc.returncode == 0
    assert "nordic_countries" in proc.stdout and "switzerland" in proc.stdout


def test_old_presets_leave_the_new_fields_at_their_defaults():
    for name in ("usa", "europe", "legendary-asia", "team-asia", "ghost-train"):
        rs = preset(name)
        assert (rs.locomotives_wild_on, rs.ferry_wild_set, rs.unkept_draw_to_box, rs.grand_tour_bonus) == \
            ("all", 0, False, ())


def test_new_rule_fields_leave_old_hashes_alone():
    """Fields added for the new maps are out of the hash while at their default,
    so every existing run manifest keeps its key; set, they change it."""
    eu = preset("europe")
    assert eu.with_overrides({"ferry_wild_set": 3}).hash() != eu.hash()
    assert eu.with_overrides({"locomotives_wild_on": "ferry+tunnel"}).locomotives_wild_on == "tunnel+ferry"
    assert eu.with_overrides({"grand_tour_bonus": "0,5,10"}).grand_tour_bonus == (0, 5, 10)
    for override, words in (({"locomotives_wild_on": "tunnels"}, "route kinds"), ({"ferry_wild_set": 1}, "2..12"),
                            ({"grand_tour_bonus": "5,10"}, "must be 0"), ({"grand_tour_bonus": "x"}, "whole numbers")):
        with pytest.raises(RuleError, match=words):
            eu.with_overrides(override)


# --- the loader's new fields ------------------------------------------------------------------
@pytest.fixture
def swiss_copy(tmp_path):
    dest = tmp_path / "swiss"
    shutil.copytree(load_board("switzerland").path, dest)
    return dest


@pytest.fixture
def nordic_copy(tmp_path):
    dest = tmp_path / "nordic"
    shutil.copytree(load_board("nordic_countries").path, dest)
    return dest


def _edit_line(path, starts, new):
    lines = path.read_text(encoding="utf-8").splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith(starts))
    lines[i] = new
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return i + 1


def _expect(folder, file, line, field, words):
    with pytest.raises(BoardError) as e:
        load_board(folder)
    msg = str(e.value)
    assert file in msg and words in msg, msg
    if line is not None:
        assert f"line {line}" in msg, msg
    assert f"field '{field}'" in msg, msg


@pytest.mark.parametrize(
    "starts,new,field,words",
    [
        ("Bern,", "Bern,France|Deutschland|Österreich,5|6|11|8,1", "points_options", "4 values for 3 options"),
        ("Bern,", "Bern,France|Deutschland|Österreich|Italia,5|6|eleven|8,1", "points_options", "not a whole number"),
        ("Bern,", "Bern,France|Schweden,5|6,1", "b_options", "unknown city or country 'Schweden'"),
        ("Bern,", "Bern,France|France,5|6,1", "b_options", "repeated"),
        ("Bern,", "Berne,France|Italia,5|6,1", "a", "unknown city or country 'Berne'"),
        ("Bern,", "Bern,France|Italia,5|6,0", "copies", "below the minimum 1"),
        ("Bern,", "Bern,France|Italia,5|0,1", "points_options", "below the minimum 1"),
    ],
)
def test_bad_multi_ticket_names_file_line_field(swiss_copy, starts, new, field, words):
    line = _edit_line(swiss_copy / "tickets_multi.csv", starts, new)
    _expect(swiss_copy, "tickets_multi.csv", line, field, words)


def test_unjoinable_country_option(swiss_copy):
    """An option no route path reaches is an error on its line."""
    (swiss_copy / "cities.csv").write_text((swiss_copy / "cities.csv").read_text(encoding="utf-8")
                                           + "Liechtenstein_1,1,1\n", encoding="utf-8")
    toml = swiss_copy / "board.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + 'Liechtenstein = ["Liechtenstein_1"]\n', encoding="utf-8")
    line = _edit_line(swiss_copy / "tickets_multi.csv", "Bern,", "Bern,France|Liechtenstein,5|6,1")
    _expect(swiss_copy, "tickets_multi.csv", line, "b_options", "no route path joins Bern and Liechtenstein")


@pytest.mark.parametrize(
    "old,new,field,words",
    [
        ('France = ["France_1"', 'France = ["France_9"', "countries.France", "unknown place 'France_9'"),
        ('Italia = ["Italia_1", "Italia_2", "Italia_3", "Italia_4", "Italia_5"]', "Italia = []",
         "countries.Italia", "non-empty list"),
        ("Italia = [", "Bern = [", "countries.Bern", "also a place of cities.csv"),
    ],
)
def test_bad_countries_table_names_file_and_field(swiss_copy, old, new, field, words):
    toml = swiss_copy / "board.toml"
    text = toml.read_text(encoding="utf-8")
    assert old in text
    toml.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(BoardError) as e:
        load_board(swiss_copy)
    assert e.value.path.endswith("board.toml") and e.value.field == field and words in str(e.value)


@pytest.mark.parametrize("value,words", [("1", "0 (none) or 2..12"), ("13", "above the maximum 12"),
                                         ("four", "not a whole number")])
def test_bad_wild_set_names_file_line_field(nordic_copy, value, words):
    line = _edit_line(nordic_copy / "routes.csv", "Lieksa,Murmansk,", f"Lieksa,Murmansk,9,gray,normal,0,0,,,0,{value}")
    _expect(nordic_copy, "routes.csv", line, "wild_set", words)


def test_a_board_without_the_new_files_and_columns_loads_as_before():
    """Old boards have no wild_set column, no [countries] and no tickets_multi.csv."""
    b = load_board("usa")
    assert (b.routes["wild_set"] == 0).all() and b.countries == {} and len(b.multi_tickets) == 0
    assert b.data_features() == {}


def test_a_bot_that_cannot_plan_country_tickets_is_refused():
    """Team Asia's greedy plans one fixed pair of cities per ticket: on
    Switzerland (tickets with options) under team rules it is refused with a
    message naming the data it does not handle; random plays everything."""
    from analyzer.bots import unhandled_board_data

    swiss, rules = load_board("switzerland"), preset("team-asia")
    assert unhandled_board_data(["greedy", "random"], rules, swiss) == {"greedy": ["country_tickets"]}
    assert unhandled_board_data(["planner", "greedy"], preset("switzerland"), swiss) == {}
    with pytest.raises(ValueError, match="greedy does not handle country_tickets"):
        analyzer.simulate(board="switzerland", rules="team-asia", players=4, bots="greedy", games=2,
                          progress=False)
