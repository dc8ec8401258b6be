"""BASE-SCR-2: the kernel's longest trail equals the oracle's brute force, on
published fixtures and on random claim sets."""

import csv
from functools import cache

import numpy as np
import pytest
from helpers import TESTS_DIR
from oracle import brute_force_longest_trail

from analyzer.boards import load_board
from analyzer.records import scratch_record
from kernels.graph import longest_trail
from kernels.layouts import RT_A, RT_B, RT_GROUP, RT_LEN

FIXTURES = TESTS_DIR / "fixtures" / "longest_path_fixtures.csv"


@cache
def compiled(name):
    board = load_board(name)
    rs = board.rules()
    return board, board.compile(rs)


def kernel_trail(bd, route_ids, seat=0, n_players=2):
    """longest_trail over `route_ids` owned by `seat` (others unowned)."""
    owner = np.full(bd.routes.shape[0], -1, np.int16)
    owner[list(route_ids)] = seat
    ws = scratch_record()
    return longest_trail(bd.routes, owner, np.int64(1 << seat), np.int64(bd.n_cities), ws.trail[0])


def oracle_trail(bd, route_ids):
    return brute_force_longest_trail([(bd.routes[r, RT_A], bd.routes[r, RT_B], bd.routes[r, RT_LEN])
                                      for r in route_ids])


def load_fixtures():
    groups = {}
    with open(FIXTURES, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            groups.setdefault(row["fixture"], []).append(row)
    return groups


def resolve(board, rows):
    """Route ids of the fixture's city pairs (one lane of a double route)."""
    rt = board.routes
    ids = []
    for row in rows:
        a, b = sorted((row["a"], row["b"]))
        match = rt.index[(rt["a"] == a) & (rt["b"] == b) & (rt["length"] == int(row["length"]))]
        assert len(match) >= 1, f"no {a}-{b} route of length {row['length']} on the USA board"
        ids.append(int(match[0]))
    return ids


FIXTURE_GROUPS = load_fixtures()


def test_fixture_file_has_the_three_published_cases():
    assert {k: int(v[0]["expected_longest_path"]) for k, v in FIXTURE_GROUPS.items()} == {
        "bga_test1": 13,
        "bga_test2": 41,
        "pauldb89_test": 37,
    }


@pytest.mark.parametrize("fixture", sorted(FIXTURE_GROUPS))
def test_base_scr_2_longest_trail_fixtures(fixture):
    """BASE-SCR-2 on published longest-path cases: kernel == brute force == expected."""
    rows = FIXTURE_GROUPS[fixture]
    expected = int(rows[0]["expected_longest_path"])
    board, bd = compiled("usa")
    ids = resolve(board, rows)
    assert oracle_trail(bd, ids) == expected
    assert kernel_trail(bd, ids) == expected
    # the seat and the other seats' routes must not matter
    owner_seat = 3
    assert kernel_trail(bd, ids, seat=owner_seat, n_players=5) == expected


def test_base_scr_2_brute_force_small_cases():
    """BASE-SCR-2: the brute force itself on hand-checked graphs."""
    assert brute_force_longest_trail([]) == 0
    assert brute_force_longest_trail([(0, 1, 5)]) == 5
    # a star of three spokes: only two can be in one trail
    assert brute_force_longest_trail([(0, 1, 1), (0, 2, 2), (0, 3, 3)]) == 5
    # triangle with a tail: cities repeat, routes do not
    assert brute_force_longest_trail([(0, 1, 1), (1, 2, 1), (2, 0, 1), (0, 3, 4)]) == 7
    # figure eight through city 0: every route once
    assert brute_force_longest_trail([(0, 1, 1), (1, 2, 1), (2, 0, 1), (0, 3, 2), (3, 4, 2), (4, 0, 2)]) == 9
    # two parallel routes between the same cities form a cycle
    assert brute_force_longest_trail([(0, 1, 2), (0, 1, 3), (1, 2, 4)]) == 9


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_base_scr_2_longest_trail_random_claim_sets(name):
    """BASE-SCR-2: kernel == brute force on 400 random sets of 1..15 routes."""
    _, bd = compiled(name)
    n_routes = bd.routes.shape[0]
    rng = np.random.default_rng(20240 + n_routes)
    ws = scratch_record()
    mismatches = []
    for _ in range(400):
        k = int(rng.integers(1, 16))
        ids = rng.choice(n_routes, size=k, replace=False)
        seat = int(rng.integers(0, 4))
        owner = np.full(n_routes, -1, np.int16)
        # other seats' routes share the board and must be ignored
        others = rng.choice(n_routes, size=int(rng.integers(0, 30)), replace=False)
        owner[others] = (seat + 1 + rng.integers(0, 3, size=others.shape[0])) % 4
        owner[ids] = seat
        got = longest_trail(bd.routes, owner, np.int64(1 << seat), np.int64(bd.n_cities), ws.trail[0])
        want = oracle_trail(bd, ids)
        if got != want:
            mismatches.append((sorted(int(r) for r in ids), got, want))
    assert not mismatches, f"{len(mismatches)} mismatches, first (routes, kernel, oracle): {mismatches[0]}"


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_base_scr_2_longest_trail_connected_claim_sets(name):
    """BASE-SCR-2: kernel == brute force on 300 random connected networks of
    up to 15 routes (grown from one route), where cycles and forks are common."""
    _, bd = compiled(name)
    n_routes = bd.routes.shape[0]
    rng = np.random.default_rng(777 + n_routes)
    ws = scratch_record()
    for _ in range(300):
        size = int(rng.integers(1, 16))
        ids = [int(rng.integers(0, n_routes))]
        cities = {int(bd.routes[ids[0], RT_A]), int(bd.routes[ids[0], RT_B])}
        while len(ids) < size:
            frontier = [r for r in range(n_routes) if r not in ids
                        and (int(bd.routes[r, RT_A]) in cities or int(bd.routes[r, RT_B]) in cities)]
            r = int(rng.choice(frontier))
            ids.append(r)
            cities |= {int(bd.routes[r, RT_A]), int(bd.routes[r, RT_B])}
        owner = np.full(n_routes, -1, np.int16)
        owner[ids] = 1
        got = longest_trail(bd.routes, owner, np.int64(2), np.int64(bd.n_cities), ws.trail[0])
        assert got == oracle_trail(bd, ids), f"routes {sorted(ids)}"


def _triangles(bd):
    """(every three routes joining three cities in a ring, as route triples;
    each route's two cities)."""
    ends = [(int(bd.routes[r, RT_A]), int(bd.routes[r, RT_B])) for r in range(bd.routes.shape[0])]
    pair_route = {}
    for r, (a, b) in enumerate(ends):
        pair_route.setdefault(frozenset((a, b)), r)
    out = []
    for r1, (a, b) in enumerate(ends):
        for r2, (c, d) in enumerate(ends):
            if r2 <= r1 or a == b or len({a, b} & {c, d}) != 1:
                continue
            r3 = pair_route.get(frozenset(({a, b} | {c, d}) - ({a, b} & {c, d})))
            if r3 is not None and r3 > r2:
                out.append((r1, r2, r3))
    return out, ends


def test_base_scr_2_longest_trail_networks_without_odd_cities():
    """BASE-SCR-2: pieces where every city has an even number of the seat's
    routes (a triangle, a double route) are whole circuits; the kernel starts
    its search at odd-degree cities and once in each piece without one, so
    these pieces, alone, side by side and beside a piece with odd cities,
    must still match the brute force."""
    board, bd = compiled("usa")
    n_routes = bd.routes.shape[0]
    triangles, ends = _triangles(bd)
    groups = sorted({int(g) for g in bd.routes[:, RT_GROUP] if g >= 0})
    doubles = [[r for r in range(n_routes) if bd.routes[r, RT_GROUP] == g] for g in groups]
    assert len(triangles) >= 4 and len(doubles) >= 4

    def cities(ids):
        return {c for r in ids for c in ends[r]}

    cases = [list(triangles[0]), doubles[0][:2]]
    for t in triangles[1:]:
        if not cities(t) & cities(triangles[0]):
            cases.append(list(triangles[0]) + list(t))  # two circuits side by side
            break
    for d in doubles[1:]:
        if not cities(d) & cities(triangles[0]):
            cases.append(list(triangles[0]) + d[:2])
            break
    for t in triangles[1:]:
        if len(cities(t) & cities(triangles[0])) == 1:
            cases.append(list(triangles[0]) + list(t))  # a bow tie: one piece, every city even
            break
    path = [r for r in range(n_routes) if not cities([r]) & cities(triangles[0])][:1]
    cases.append(list(triangles[0]) + path)  # a circuit beside a piece with odd cities
    touching = [r for r in range(n_routes) if r not in triangles[0] and len(cities([r]) & cities(triangles[0])) == 1]
    cases.append(list(triangles[0]) + touching[:1])  # a circuit with a tail: two odd cities
    assert len(cases) == 7
    ws = scratch_record()
    for ids in cases:
        owner = np.full(n_routes, -1, np.int16)
        owner[ids] = 0
        got = longest_trail(bd.routes, owner, np.int64(1), np.int64(bd.n_cities), ws.trail[0])
        assert got == oracle_trail(bd, ids), f"routes {sorted(ids)}"


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_base_scr_2_longest_trail_cycles_with_pendant_trees(name):
    """BASE-SCR-2: the kernel cuts a searched piece's pendant trees before it
    walks the trails of the rest (a trail that enters a tree ends there). On
    200 networks of one or two cycles with trees grown at their cities (each
    new route brings a new city, so it hangs below the cycles: several trees
    below one city, trees below trees), kernel == brute force."""
    _, bd = compiled(name)
    n_routes = bd.routes.shape[0]
    triangles, ends = _triangles(bd)
    rng = np.random.default_rng(4242 + n_routes)
    ws = scratch_record()
    shared_city = 0
    for _ in range(200):
        ids = list(triangles[int(rng.integers(len(triangles)))])
        cities = {c for r in ids for c in ends[r]}
        if rng.random() < 0.3:  # a second cycle through one of the first's cities
            joined = [t for t in triangles if len({c for r in t for c in ends[r]} & cities) == 1]
            if joined:
                t = joined[int(rng.integers(len(joined)))]
                ids += t
                cities |= {c for r in t for c in ends[r]}
        core = set(cities)
        n_cycle = len(ids)
        for _ in range(int(rng.integers(2, 10))):
            hangs = [r for r in range(n_routes) if r not in ids and len(set(ends[r]) & cities) == 1]
            r = hangs[int(rng.integers(len(hangs)))]
            ids.append(r)
            cities |= set(ends[r])
        tree_ends = [c for r in ids[n_cycle:] for c in ends[r] if c in core]
        shared_city += any(tree_ends.count(c) >= 2 for c in core)  # two trees below one cycle city
        owner = np.full(n_routes, -1, np.int16)
        owner[ids] = 2
        got = longest_trail(bd.routes, owner, np.int64(4), np.int64(bd.n_cities), ws.trail[0])
        assert got == oracle_trail(bd, ids), f"routes {sorted(ids)}"
    assert shared_city >= 20  # the case of a trail from one tree to another below the same city is exercised
