"""Board files: the totals of each board's provenance (SOURCE.md, copied here
as numbers), the ticket design rule, and clear errors for bad boards."""

import heapq
import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from cli_run import ttr

from analyzer.boards import BoardError, board_arrays, builtin_boards, load_board
from kernels import layouts as L

# Totals transcribed from each board's SOURCE.md (the shared provenance files), copied as numbers.
SOURCES = json.loads((Path(__file__).parents[1] / "fixtures" / "board_sources.json").read_text())
TOTALS = {name: figures for name, figures in SOURCES.items() if not name.startswith("_")}


def test_builtin_boards_listed():
    assert set(TOTALS) <= set(builtin_boards())


@pytest.mark.parametrize("name", sorted(TOTALS))
def test_board_totals_match_provenance(name):
    """Every total of SOURCE.md: segments, city pairs, doubles, total length,
    tunnels, ferries and their locomotive symbols, tickets and their sum,
    cities, deck."""
    b = load_board(name)
    exp = TOTALS[name]
    s = b.summary()
    if "source_cities" in exp:  # Switzerland: cities + border points are places, countries are not
        assert s["cities"] + len(b.countries) == exp["source_cities"]
        assert s["cities"] == exp["swiss_cities"] + exp["border_points"]
        assert len(b.countries) == exp["countries"]
        assert sum(len(v) for v in b.countries.values()) == exp["border_points"]
    else:
        assert s["cities"] == exp["cities"]
    assert s["routes"] == exp["routes"]
    assert s["city_pairs"] == exp["pairs"]
    assert s["doubles"] == exp["doubles"]
    assert s["total_length"] == exp["length"]
    assert s["tickets"] == exp["tickets"]
    assert s["ticket_points"] == exp["ticket_points"]
    if "lengths" in exp:
        assert dict(Counter(b.routes["length"])) == {int(k): v for k, v in exp["lengths"].items()}
    if "gray" in exp:
        assert (b.routes["color"] == "gray").sum() == exp["gray"]
    for key, col in (("tunnels", "tunnels"), ("ferries", "ferries"), ("ferry_locos", "ferry_locomotives"),
                     ("mountain_routes", "mountain_routes"), ("mountains", "mountain_spaces"),
                     ("long", "long_tickets"), ("multi_tickets", "multi_tickets"), ("ticket_cards", "ticket_cards")):
        if key in exp:
            assert s[col] == exp[key], key
    if "long_points" in exp:
        assert b.tickets.loc[b.tickets["long"] == 1, "points"].sum() == exp["long_points"]
    assert s["deck_cards"] == exp["deck"] == sum(b.deck.values())  # BASE-CMP-1: 12 x 8 colours + 14 locomotives
    assert b.deck["locomotive"] == exp["locomotives"]


@pytest.mark.parametrize("name", sorted(builtin_boards()))
def test_board_toml_names_the_checks_its_data_passed_by_count(name):
    """board.toml [checks]: printed ticket art, printed route colours and a second
    transcription, each as items checked and matched with what they were checked
    against; a count checked is the board's whole ticket deck (ticket_distances:
    its city-city tickets) or route table, never part of it. A provisional board
    has nothing to check; every other board passed at least one check."""
    import tomllib

    b = load_board(name)
    checks = tomllib.loads((b.path / "board.toml").read_text(encoding="utf-8")).get("checks", {})
    assert {"ticket_art", "route_colours", "second_transcription"} <= set(checks)
    whole = {"ticket_art": len(b.ticket_rows()), "route_colours": len(b.routes), "ticket_distances": len(b.tickets)}
    for key, c in checks.items():
        assert set(c) == {"checked", "matched", "against"} and c["against"].strip(), (name, key)
        assert 0 <= c["matched"] <= c["checked"], (name, key)
        if key in whole:
            assert c["checked"] in (0, whole[key]), (name, key, c["checked"], whole[key])
    passed = [key for key, c in checks.items() if c["checked"] > 0 and c["matched"] == c["checked"]]
    assert (not passed) if b.provisional else bool(passed), (name, passed)


def test_boards_show_prints_the_provenance_totals():
    """`ttr boards show` prints the SOURCE.md totals of a board (here the two new maps)."""
    for name in ("nordic_countries", "switzerland"):
        out = ttr(["boards", "show", name])
        assert out.returncode == 0, out.stderr
        rows = {}
        for line in out.stdout.splitlines():
            cells = [c.strip() for c in line.strip("│┃ ").split("│")]
            if len(cells) == 2:
                rows[cells[0]] = cells[1]
        exp = TOTALS[name]
        for key, col in (("routes", "routes"), ("pairs", "city_pairs"), ("doubles", "doubles"),
                         ("length", "total_length"), ("tunnels", "tunnels"), ("ferries", "ferries"),
                         ("tickets", "tickets"), ("ticket_points", "ticket_points"), ("deck", "deck_cards")):
            assert rows[col] == str(exp[key]), (name, col, rows.get(col))


def test_BASE_CMP_3_usa_has_30_tickets_europe_46_with_6_long():
    """BASE-CMP-3 / EU-SET-2: ticket counts of the boards."""
    assert len(load_board("usa").tickets) == 30
    eu = load_board("europe").tickets
    assert len(eu) == 46 and eu["long"].sum() == 6


def _shortest(board, a, b, mountain_cost=False):
    adj = {}
    for r in board.routes.itertuples():
        w = r.length + (r.mountains if mountain_cost else 0)
        adj.setdefault(r.a, []).append((r.b, w))
        adj.setdefault(r.b, []).append((r.a, w))
    dist = {a: 0}
    heap = [(0, a)]
    while heap:
        d, u = heapq.heappop(heap)
        if u == b:
            return d
        if d > dist.get(u, 1e9):
            continue
        for v, w in adj.get(u, []):
            if d + w < dist.get(v, 1e9):
                dist[v] = d + w
                heapq.heappush(heap, (d + w, v))
    return None


@pytest.mark.parametrize(
    "name,lo,hi,mountain_cost",
    [("usa", 0, 2, False), ("europe", 0, 1, False), ("legendary_asia", 0, 0, True), ("india", 0, 0, False),
     ("nordic_countries", 0, 0, False), ("switzerland", 0, 0, False)],
)
def test_ticket_value_close_to_shortest_train_distance(name, lo, hi, mountain_cost):
    """The published boards' design rule: value = shortest train distance (+0..2)."""
    b = load_board(name)
    for t in b.tickets.itertuples():
        d = _shortest(b, t.a, t.b, mountain_cost)
        assert d is not None
        assert lo <= t.points - d <= hi, (t.a, t.b, t.points, d)


# --- bad boards ---------------------------------------------------------------------
@pytest.fixture
def board_copy(tmp_path):
    dest = tmp_path / "myboard"
    shutil.copytree(load_board("usa").path, dest)
    return dest


def _edit(path: Path, line_no: int, new_line: str):
    lines = path.read_text().splitlines()
    lines[line_no - 1] = new_line
    path.write_text("\n".join(lines) + "\n")


def _expect(board_dir, file, line, field, words):
    with pytest.raises(BoardError) as e:
        load_board(board_dir)
    msg = str(e.value)
    assert file in msg
    if line is not None:
        assert f"line {line}" in msg
    if field is not None:
        assert f"field '{field}'" in msg
    assert words in msg


def test_user_board_folder_loads(board_copy):
    assert load_board(board_copy).summary()["routes"] == 100


def test_a_board_read_again_sees_a_same_size_edit_and_each_caller_owns_its_board(board_copy):
    """load_board and board_arrays keep what they read per folder contents: a
    rewrite that keeps the file's size (and, done quickly, its modification
    time) is still seen, and changing a loaded Board changes no later one."""
    first = load_board(board_copy)
    routes = (board_copy / "routes.csv").read_text()
    row = next(line for line in routes.splitlines() if ",5,blue," in line)
    (board_copy / "routes.csv").write_text(routes.replace(row, row.replace(",5,blue,", ",4,blue,"), 1))
    again = load_board(board_copy)
    assert again.routes["length"].sum() == first.routes["length"].sum() - 1
    rules = again.rules()
    assert board_arrays(board_copy, rules).routes[:, L.RT_LEN].sum() == again.routes["length"].sum()
    again.routes.loc[0, "length"] = 99
    again.deck["red"] = 0
    third = load_board(board_copy)
    assert third.routes["length"].iloc[0] != 99 and third.deck["red"] == first.deck["red"]
    arrays = board_arrays(board_copy, rules)
    arrays.routes[0, L.RT_LEN] = 99
    assert board_arrays(board_copy, rules).routes[0, L.RT_LEN] != 99


def test_unknown_city_in_route(board_copy):
    _edit(board_copy / "routes.csv", 3, "Atlanta,Atlantis,5,blue,normal,0,0,,")
    _expect(board_copy, "routes.csv", 3, "b", "unknown city 'Atlantis'")


def test_unknown_colour(board_copy):
    _edit(board_copy / "routes.csv", 2, "Atlanta,Charleston,2,purpel,normal,0,0,,")
    _expect(board_copy, "routes.csv", 2, "color", "unknown colour 'purpel'")


def test_length_zero(board_copy):
    _edit(board_copy / "routes.csv", 2, "Atlanta,Charleston,0,gray,normal,0,0,,")
    _expect(board_copy, "routes.csv", 2, "length", "below the minimum 1")


def test_negative_length(board_copy):
    _edit(board_copy / "routes.csv", 2, "Atlanta,Charleston,-2,gray,normal,0,0,,")
    _expect(board_copy, "routes.csv", 2, "length", "below the minimum 1")


def test_duplicate_route(board_copy):
    r = board_copy / "routes.csv"
    r.write_text(r.read_text() + "Charleston,Atlanta,2,red,normal,0,0,,\n")
    _expect(board_copy, "routes.csv", 102, "parallel_group", "duplicate route Atlanta-Charleston (first on line 2)")


def test_a_lane_of_another_double_route_is_a_duplicate(board_copy):
    r = board_copy / "routes.csv"
    r.write_text(r.read_text() + "Atlanta,New Orleans,4,red,normal,0,0,99,\n")
    _expect(board_copy, "routes.csv", 102, "parallel_group", "duplicate route Atlanta-New Orleans (first on line 5)")


def test_non_numeric_field(board_copy):
    _edit(board_copy / "routes.csv", 4, "Atlanta,Nashville,one,gray,normal,0,0,,")
    _expect(board_copy, "routes.csv", 4, "length", "'one' is not a whole number")


def test_non_numeric_ticket_points(board_copy):
    _edit(board_copy / "tickets.csv", 5, "Chicago,New Orleans,seven,0")
    _expect(board_copy, "tickets.csv", 5, "points", "not a whole number")


def test_duplicate_ticket(board_copy):
    _edit(board_copy / "tickets.csv", 3, "Boston,Miami,12,0")
    _expect(board_copy, "tickets.csv", 3, "b", "duplicate ticket")


def test_self_loop_ticket(board_copy):
    _edit(board_copy / "tickets.csv", 3, "Boston,Boston,12,0")
    _expect(board_copy, "tickets.csv", 3, "b", "to itself")


def test_missing_file(board_copy):
    (board_copy / "tickets.csv").unlink()
    _expect(board_copy, "tickets.csv", None, None, "missing file")


def test_missing_column(board_copy):
    p = board_copy / "routes.csv"
    text = p.read_text().replace("length,", "len,", 1)
    p.write_text(text)
    _expect(board_copy, "routes.csv", 1, "length", "missing column")


def test_unjoinable_ticket(board_copy):
    cities = board_copy / "cities.csv"
    cities.write_text(cities.read_text() + "Atlantis,1,1\n")
    t = board_copy / "tickets.csv"
    t.write_text(t.read_text() + "Atlantis,Boston,9,0\n")
    _expect(board_copy, "tickets.csv", 32, "b", "no route path joins Atlantis and Boston")


def test_bad_deck_colour(board_copy):
    p = board_copy / "board.toml"
    p.write_text(p.read_text().replace("red = 12", "rouge = 12"))
    _expect(board_copy, "board.toml", None, "deck.rouge", "unknown card colour")


def test_cli_validate_exits_2_without_traceback(board_copy):
    _edit(board_copy / "routes.csv", 2, "Atlanta,Charleston,2,purpel,normal,0,0,,")
    proc = ttr(["boards", "validate", str(board_copy)])
    assert proc.returncode == 2
    out = proc.stdout + proc.stderr
    assert "routes.csv" in out and "line 2" in out and "color" in out
    assert "Traceback" not in out
    assert len(out.strip().splitlines()) == 1  # one line, whatever the path's length (no wrapping)


def test_cli_validate_ok(board_copy):
    proc = ttr(["boards", "validate", str(board_copy)])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "100 routes" in proc.stdout


def test_a_bad_check_count_names_its_field(board_copy):
    toml = board_copy / "board.toml"
    text = re.sub(r"(?m)^route_colours = .*$", 'route_colours = { checked = 3, matched = 5, against = "x" }',
                  toml.read_text())
    toml.write_text(text)
    with pytest.raises(BoardError, match=r"field 'checks.route_colours': checked and matched"):
        load_board(board_copy)
