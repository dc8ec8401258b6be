"""EU-STN-2 / EU-STN-3: the kernel's station choice gives the best ticket
points, compared with the oracle's enumeration on random Europe states."""

from functools import lru_cache

import numpy as np
import pytest
from oracle import brute_force_station_tickets, connected, station_outcomes

from analyzer.boards import load_board
from kernels.engine import new_state
from kernels.layouts import MAX_STATIONS, RT_A, RT_B, TH_PILE, TK_A, TK_B, TK_POINTS
from kernels.runner import new_scratch
from kernels.scoring import best_station_choice


@lru_cache(maxsize=None)
def europe():
    board = load_board("europe")
    rs = board.rules()
    return board, board.compile(rs), rs.to_array()


def own_union_find(bd, owner, p, n_cities):
    """st.uf[p] as the engine keeps it: a parent forest of p's routes."""
    parent = list(range(n_cities))

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    for r in range(bd.routes.shape[0]):
        if owner[r] == p:
            ra, rb = find(int(bd.routes[r, RT_A])), find(int(bd.routes[r, RT_B]))
            if ra != rb:
                parent[rb] = ra
    return np.array([find(c) for c in range(n_cities)], np.int16)


def station_joinable(st, bd, p, t):
    """Ticket t is not joined by p's routes but one of p's stations could join
    it by borrowing one route."""
    x, y = st.uf[p, bd.tickets[t, TK_A]], st.uf[p, bd.tickets[t, TK_B]]
    if x == y:
        return False
    for c in st.station_city[p]:
        if c < 0:
            continue
        for r in range(bd.routes.shape[0]):
            if st.owner[r] >= 0 and st.owner[r] != p and c in (bd.routes[r, RT_A], bd.routes[r, RT_B]):
                if {st.uf[p, bd.routes[r, RT_A]], st.uf[p, bd.routes[r, RT_B]]} == {x, y}:
                    return True
    return False


def random_state(rng, bd, ru):
    """A random end-of-game-like Europe state: 2-4 seats, random owners, seat 0
    with 1-3 stations and 2-6 tickets; the other seats with their own."""
    n_players = int(rng.integers(2, 5))
    n_routes = bd.routes.shape[0]
    n_cities = bd.adj_start.shape[0] - 1
    n_tickets = bd.tickets.shape[0]
    st = new_state(bd, ru, n_players)
    owned = rng.random(n_routes) < rng.uniform(0.3, 0.8)
    seats = rng.integers(0, n_players, size=n_routes)
    seat0 = rng.random(n_routes) < rng.uniform(0.1, 0.5)  # seat 0 often holds more
    st.owner[:] = np.where(owned, np.where(seat0, 0, seats), -1)
    for p in range(n_players):
        st.uf[p] = own_union_find(bd, st.owner, p, n_cities)
    st.station_city[:, :] = -1
    st.city_station[:] = -1
    touched = [set() for _ in range(n_players)]
    for r in range(n_routes):
        if st.owner[r] >= 0:
            touched[st.owner[r]] |= {int(bd.routes[r, RT_A]), int(bd.routes[r, RT_B])}
    for p in range(n_players):
        n_st = int(rng.integers(1, 4)) if p == 0 else int(rng.integers(0, 4))
        for i in range(n_st):
            # a station pays off next to the owner's network: put most there
            near = [c for c in touched[p] if st.city_station[c] < 0]
            free = [c for c in range(n_cities) if st.city_station[c] < 0]
            c = int(rng.choice(near if near and rng.random() < 0.7 else free))
            st.station_city[p, i] = c
            st.city_station[c] = p
        st.stations_left[p] = 3 - n_st
    st.ticket_holder[:] = TH_PILE
    for p in range(n_players):
        n_t = int(rng.integers(2, 7)) if p == 0 else int(rng.integers(0, 5))
        for _ in range(n_t):
            # most tickets joined by some single borrowed route: there the
            # station choice matters, and stations compete for the same tickets
            free = [t for t in range(n_tickets) if st.ticket_holder[t] == TH_PILE]
            near = [t for t in free if station_joinable(st, bd, p, t)]
            st.ticket_holder[int(rng.choice(near if near and rng.random() < 0.6 else free))] = p
    return st, n_players


def plain_station_data(st, bd, p):
    """The oracle's inputs, read off the state and the route table directly
    (not from the kernel's adjacency lists)."""
    n_routes = bd.routes.shape[0]
    ends = [(int(bd.routes[r, RT_A]), int(bd.routes[r, RT_B])) for r in range(n_routes)]
    own = [ends[r] for r in range(n_routes) if st.owner[r] == p]
    stations = [int(c) for c in st.station_city[p] if c >= 0]
    other_ids = [[r for r in range(n_routes) if st.owner[r] >= 0 and st.owner[r] != p and c in ends[r]]
                 for c in stations]
    other = [[ends[r] for r in ids] for ids in other_ids]
    tickets = [(int(bd.tickets[t, TK_A]), int(bd.tickets[t, TK_B]), int(bd.tickets[t, TK_POINTS]))
               for t in range(bd.tickets.shape[0]) if st.ticket_holder[t] == p]
    return own, stations, other_ids, other, tickets


def test_eu_stn_2_oracle_hand_checked():
    """EU-STN-2 / EU-STN-3 on a hand-made map: the brute force itself."""
    own = [(0, 1), (2, 3)]
    # one station in city 1 may borrow 1-2 (joins the halves) or 1-4
    tickets = [(0, 3, 5), (0, 4, 4)]
    assert brute_force_station_tickets(own, [], tickets) == -9
    assert brute_force_station_tickets(own, [[(1, 2), (1, 4)]], tickets) == 1  # borrow 1-2: +5 -4
    # EU-STN-3: one station cannot serve both tickets with different routes
    assert brute_force_station_tickets(own, [[(1, 2), (1, 4)]], [(0, 3, 5), (0, 4, 6)]) == 1  # borrow 1-4: -5 +6
    # two stations can
    assert brute_force_station_tickets(own, [[(1, 2)], [(1, 4)]], [(0, 3, 5), (0, 4, 6)]) == 11
    # borrowing nothing can be best only when nothing helps; never worse than none
    assert brute_force_station_tickets(own, [[(5, 6)]], tickets) == -9
    assert connected([(0, 1), (1, 2)], 0, 2) and not connected([(0, 1)], 0, 2)


@pytest.mark.parametrize("seed", range(4))
def test_eu_stn_2_eu_stn_3_best_station_choice_matches_oracle(seed):
    """EU-STN-2 / EU-STN-3: best_station_choice == the oracle's exhaustive best
    for every seat with stations, on 100 random Europe states per seed; the
    choice left in ws.best_choice is legal (another seat's route into the
    station's city) and reaches that value."""
    board, bd, ru = europe()
    rng = np.random.default_rng(1000 + seed)
    mismatches = []
    helped = 0
    checked = 0
    for _ in range(100):
        st, n_players = random_state(rng, bd, ru)
        ws = new_scratch(bd, n_players)
        for p in range(n_players):
            own, stations, other_ids, other, tickets = plain_station_data(st, bd, p)
            got = int(best_station_choice(st, bd, p, ws))
            want = brute_force_station_tickets(own, other, tickets)
            checked += 1
            if got != want:
                mismatches.append((p, stations, tickets, got, want))
                continue
            if stations and want > brute_force_station_tickets(own, [], tickets):
                helped += 1
            # the kernel's own choice: legal, and worth what it reported
            borrowed = []
            for i, c in enumerate(stations):
                k = int(ws.best_choice[i])
                if k < int(ws.n_cand[i]):
                    r = int(ws.cand[i, k])
                    assert r in other_ids[i], f"station {c} borrows route {r}, not another seat's route into {c}"
                    borrowed.append([(int(bd.routes[r, RT_A]), int(bd.routes[r, RT_B]))])
                else:
                    borrowed.append([])
            assert station_outcomes(own, borrowed, tickets)[-1][0] == got
            # and the kernel considered every candidate route
            for i in range(len(stations)):
                assert sorted(int(ws.cand[i, j]) for j in range(int(ws.n_cand[i]))) == other_ids[i]
    assert not mismatches, (f"{len(mismatches)} of {checked} mismatch; first (seat, station cities, tickets, "
                            f"kernel, oracle): {mismatches[0]}")
    assert helped >= 40, f"only {helped} cases where a station changed the ticket points: weak test"


def test_eu_stn_3_station_choice_with_max_stations():
    """EU-STN-3 with MAX_STATIONS stations on one seat (the kernel's array limit)."""
    board, bd, ru = europe()
    rng = np.random.default_rng(99)
    for _ in range(40):
        st, n_players = random_state(rng, bd, ru)
        free = [c for c in range(bd.adj_start.shape[0] - 1) if st.city_station[c] < 0]
        st.station_city[0, :] = rng.choice(free, size=MAX_STATIONS, replace=False)
        ws = new_scratch(bd, n_players)
        own, stations, _, other, tickets = plain_station_data(st, bd, 0)
        assert len(stations) == MAX_STATIONS
        assert int(best_station_choice(st, bd, 0, ws)) == brute_force_station_tickets(own, other, tickets)
