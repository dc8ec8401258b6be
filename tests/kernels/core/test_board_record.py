"""The board as one record (kernels/layouts/records.py BOARD): Python sees its fields
cut to the board (kernels/core/board_view.py) as views of the record, the
padding past the board is empty, a copy and a worker's copy are the same
bytes and independent, and boards beyond the record's bounds are refused
with an error naming the board and what is too large."""

import pickle

import numpy as np
import pytest

from analyzer.board_arrays import ticket_rows
from analyzer.boards import builtin_boards, load_board
from analyzer.records import board_buffer, board_view, copy_board, pack_board
from analyzer.rules import RuleError
from kernels import layouts as L


def _raw(bd, name):
    """A field of the record itself, sized by the bounds."""
    return np.record.__getattribute__(bd, name)


@pytest.mark.parametrize("name", builtin_boards())
def test_fields_are_cut_to_the_board_and_the_padding_is_empty(name):
    board = load_board(name)
    bd = board.compile(board.rules())
    n_routes, n_cities, n_tickets = len(board.routes), len(board.cities), len(ticket_rows(board))
    assert (bd.n_routes, bd.n_cities, bd.n_tickets) == (n_routes, n_cities, n_tickets)
    assert bd.routes.shape == (n_routes, L.ROUTE_FIELDS) and bd.tickets.shape == (n_tickets, L.TICKET_FIELDS)
    assert bd.adj_start.shape == (n_cities + 1,) and bd.adj_route.shape == (2 * n_routes,)
    assert bd.city_flags.shape == (n_cities,) and bd.deck.shape == (L.N_CARD_KINDS,)
    assert bd.route_bits.shape == (L.BITS_ROWS, (n_routes + 63) // 64) == (L.BITS_ROWS, bd.n_words)
    assert bd.lane_bits.shape == (n_routes, bd.n_words)
    assert bd.adj_start[-1] == 2 * n_routes  # every route is listed at both its ends
    groups = set(board.routes["parallel_group"][board.routes["parallel_group"] >= 0])
    assert bd.group_routes.shape[0] == max(len(groups), 1) and 1 <= bd.n_lanes <= L.MAX_LANES
    # past the board: nothing (a kernel that ran past a size would read zeros, or -1 between lanes)
    assert not _raw(bd, "routes")[n_routes:].any() and not _raw(bd, "tickets")[n_tickets:].any()
    assert not _raw(bd, "adj_start")[n_cities + 1:].any() and not _raw(bd, "lane_bits")[:, bd.n_words:].any()
    assert (_raw(bd, "group_routes")[:, bd.n_lanes:] == -1).all()
    assert (_raw(bd, "group_routes")[bd.n_groups:] == -1).all()


def test_a_cut_field_is_a_view_of_the_record():
    board = load_board("europe")
    bd = board.compile(board.rules())
    bd.routes[3, L.RT_LEN] = 9
    bd.group_routes[0, 0] = 77
    assert _raw(bd, "routes")[3, L.RT_LEN] == 9 and _raw(bd, "group_routes")[0, 0] == 77


def test_copies_are_the_same_bytes_and_independent():
    board = load_board("switzerland")  # tickets with options: every field in use
    bd = board.compile(board.rules())
    assert bd.n_multi > 0 and bd.n_ends > 0
    shipped = pickle.loads(pickle.dumps(board_buffer(bd)))  # as a Dask worker gets it
    for other in (copy_board(bd), board_view(board_buffer(bd)), board_view(shipped)):
        assert other.tobytes() == bd.tobytes()
        other.routes[0, L.RT_LEN] += 1
        assert other.tobytes() != bd.tobytes()


def test_a_field_beyond_its_bound_is_refused_by_name():
    board = load_board("usa")
    bd = board.compile(board.rules())
    fields = {n: getattr(bd, n) for n in ("routes", "tickets", "deck", "adj_start", "adj_route", "adj_city",
                                          "group_routes",
                                          "city_flags", "route_bits", "lane_bits", "end_start", "end_nodes",
                                          "multi", "multi_opts")}
    assert pack_board(**fields).tobytes() == bd.tobytes()  # packing again gives the same record
    with pytest.raises(ValueError, match="board field tickets"):
        pack_board(**{**fields, "tickets": np.zeros((L.MAX_TICKETS + 1, L.TICKET_FIELDS), np.int32)})
    with pytest.raises(ValueError, match="exactly the fields"):
        pack_board(routes=fields["routes"])


def test_a_board_beyond_the_lane_bound_is_refused_naming_it():
    board = load_board("usa")
    routes = board.routes
    group = int(routes["parallel_group"].max()) + 1
    routes.loc[routes.index[: L.MAX_LANES + 1], "parallel_group"] = group  # one group of MAX_LANES + 1 lanes
    with pytest.raises(RuleError, match=f"board 'usa': {L.MAX_LANES + 1} lanes in one parallel group"):
        board.compile(board.rules())


def test_a_board_listing_too_many_tickets_at_its_cities_is_refused_naming_it():
    """bd.city_tickets lists a ticket with options at every node of its start
    and its destinations (pack_board); past MAX_CITY_TICKETS the board is
    refused as a RuleError naming it (the CLI's exit 2), not a bare error of
    the record's field."""
    board = load_board("switzerland")
    board.multi_tickets["copies"] = 8  # 64 tickets with options, each listed at a dozen or more border nodes
    with pytest.raises(RuleError, match=r"board 'switzerland': board field city_tickets: \d+ tickets listed at "
                                        rf"their cities is beyond the kernels' bound {L.MAX_CITY_TICKETS}"):
        board.compile(board.rules())
    board.multi_tickets["copies"] = 4  # within the bound: compiles, every listing kept
    assert L.MAX_CITY_TICKETS // 2 < board.compile(board.rules()).n_city_tickets <= L.MAX_CITY_TICKETS


@pytest.mark.parametrize("name", ["usa", "europe", "switzerland"])
def test_adjacency_lists_each_route_at_both_ends_with_its_other_city(name):
    """adj_route lists each route once at each of its cities; adj_city beside
    it is the city at the route's other end (the path search's neighbour)."""
    board = load_board(name)
    bd = board.compile(board.rules())
    seen = []
    for city in range(bd.n_cities):
        for j in range(bd.adj_start[city], bd.adj_start[city + 1]):
            r = int(bd.adj_route[j])
            a, b = int(bd.routes[r, L.RT_A]), int(bd.routes[r, L.RT_B])
            assert city in (a, b), (city, r)
            assert bd.adj_city[j] == (b if a == city else a), (city, r)
            seen.append(r)
    assert sorted(seen) == sorted(list(range(bd.n_routes)) * 2)


@pytest.mark.parametrize("name", builtin_boards())
def test_city_tickets_list_each_ticket_at_every_city_it_can_be_joined_at(name):
    """bd.city_tickets (derived by pack_board): under each city, exactly the
    tickets between two cities that end there and the tickets with options
    with the city among the nodes of their start or destinations (SW-TKT-6:
    a country's border points)."""
    board = load_board(name)
    bd = board.compile(board.rules())
    listed = {c: sorted(int(t) for t in bd.city_tickets[bd.city_ticket_start[c]:bd.city_ticket_start[c + 1]])
              for c in range(bd.n_cities)}
    expected = {c: [] for c in range(bd.n_cities)}
    names = list(board.cities["name"])
    for t, row in enumerate(ticket_rows(board).itertuples()):
        if row.multi < 0:
            nodes = {row.a, row.b}
        else:
            design = board.multi_tickets.iloc[row.multi]
            nodes = {c for end in [design.a, *design.options] for c in board.countries.get(end, [end])}
        for c in sorted(names.index(n) for n in nodes):
            expected[c].append(t)
    assert listed == expected
    assert bd.n_city_tickets == sum(len(v) for v in expected.values()) == len(bd.city_tickets)


@pytest.mark.parametrize("name", builtin_boards())
def test_city_route_bits_hold_exactly_the_routes_at_each_city(name):
    """bd.city_route_bits (derived by pack_board, read by the planners'
    station_choice): bit r of city c's row is set exactly when route r ends
    at c, from the board's own route table; nothing past the board."""
    board = load_board(name)
    bd = board.compile(board.rules())
    names = list(board.cities["name"])
    expected = np.zeros((L.MAX_CITIES, L.MAX_WORDS), np.uint64)
    for r, row in enumerate(board.routes.itertuples()):
        for c in {names.index(row.a), names.index(row.b)}:
            expected[c, r // 64] |= np.uint64(1) << np.uint64(r % 64)
    np.testing.assert_array_equal(board_buffer(bd)[0]["city_route_bits"], expected)  # the record, bounds and all
    assert bd.city_route_bits.shape == (bd.n_cities, bd.n_words)
