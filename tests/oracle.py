"""A slow, independent reference ("oracle") for end-of-game scoring.

Plain Python over plain data (lists, dicts, tuples, numpy arrays read as
sequences): nothing here imports the kernels or the analyzer, and no product
code imports this module. Every function favours "obviously correct" over
fast: exhaustive enumeration, plain breadth-first search, no clever pruning.

Rules (docs/rules):
- BASE-SCR-1: a ticket scores + its value when its cities are joined by the
  player's routes, - its value otherwise.
- BASE-SCR-2: longest-path bonus to every player whose longest trail (each
  route used at most once, cities may repeat, length in spaces) is the
  longest of the game.
- BASE-SCR-3: winner = most points, then most completed tickets, then holding
  the longest-path bonus; a tie that survives is shared.
- EU-STN-2/3: each station may borrow exactly one route of another player
  into or out of its city (or none), the same one for all tickets, chosen to
  maximise the owner's ticket points. Stations never count for the longest
  path.
- EU-STN-4: each station not built scores its value at the end.
- SW-TKT-3..6: a ticket with options scores the highest value among the
  destinations its start is joined to (a country: any of its border points),
  else loses its lowest value.
- IN-SCR-3: a ticket counts for the Grand Tour when two paths with no route
  in common join its cities (counted as a maximum flow of unit route
  capacities, not through bridges); IN-SCR-4 the bonus table.
- TA-SCR-1 / NC-SCR-3: the Globetrotter bonus to every player with the most
  completed tickets (none for none).
"""

from __future__ import annotations

import heapq
from collections import defaultdict, deque
from itertools import product


# --- BASE-SCR-2 ---------------------------------------------------------------
def brute_force_longest_trail(edges) -> int:
    """Length of the longest trail over `edges` = [(a, b, length), ...]: each
    edge used at most once, vertices may repeat. Parallel edges are distinct
    edges. Exhaustive: every trail from every start vertex."""
    edges = [(int(a), int(b), int(n)) for a, b, n in edges]
    incident = defaultdict(list)
    for i, (a, b, _) in enumerate(edges):
        incident[a].append(i)
        incident[b].append(i)
    used = [False] * len(edges)

    def walk(v):
        best = 0
        for i in incident[v]:
            if used[i]:
                continue
            a, b, n = edges[i]
            used[i] = True
            best = max(best, n + walk(b if a == v else a))
            used[i] = False
        return best

    return max((walk(v) for v in list(incident)), default=0)


# --- BASE-SCR-1 with EU-STN-2/3 -----------------------------------------------
def network_labels(edges) -> dict:
    """Plain BFS over `edges` = [(a, b), ...]: city -> the first city found of
    its network (two cities are joined when their labels are equal). The one
    search of this module's network questions (connected, largest_network,
    reachable, station_outcomes)."""
    adj = defaultdict(list)
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    label = {}
    for s in adj:
        if s in label:
            continue
        label[s] = s
        queue = deque([s])
        while queue:
            v = queue.popleft()
            for w in adj[v]:
                if w not in label:
                    label[w] = s
                    queue.append(w)
    return label


def same_network(label, x, y) -> bool:
    """Are cities x and y joined, by the labels of network_labels?"""
    return x == y or (x in label and label.get(y) == label[x])


def connected(edges, x, y) -> bool:
    """Are cities x and y joined by `edges` = [(a, b), ...]?"""
    return same_network(network_labels(edges), x, y)


def station_outcomes(own_edges, other_edges_by_station, tickets):
    """Every way the stations can borrow routes, as a list of
    (ticket value, tickets completed, points won, points lost, choice, indices
    of the joined tickets), one per combination. `own_edges` = [(a, b)], `other_edges_by_station` = one list of
    candidate edges (a, b) per station (another player's routes into its city),
    `tickets` = [(a, b, points)]. A choice is a tuple with, per station, the
    index of the borrowed edge or None."""
    options = [[None] + list(range(len(c))) for c in other_edges_by_station]
    out = []
    for choice in product(*options):
        edges = [tuple(e[:2]) for e in own_edges]
        for s, k in enumerate(choice):
            if k is not None:
                edges.append(tuple(other_edges_by_station[s][k][:2]))
        won = lost = done = 0
        joined = set()
        label = network_labels(edges)  # one search per combination, not one per ticket
        for i, (a, b, pts) in enumerate(tickets):
            if same_network(label, a, b):
                won += pts
                done += 1
                joined.add(i)
            else:
                lost += pts
        out.append((won - lost, done, won, lost, choice, frozenset(joined)))
    return out


def brute_force_station_tickets(own_edges, other_edges_by_station, tickets) -> int:
    """EU-STN-2/3: the best ticket points (+ joined, - not joined) over every
    combination of one borrowed route (or none) per station."""
    return max(o[0] for o in station_outcomes(own_edges, other_edges_by_station, tickets))


def largest_network(edges) -> int:
    """Cities in the largest connected network of `edges` = [(a, b)] (BFS)."""
    sizes = defaultdict(int)
    for first in network_labels(edges).values():
        sizes[first] += 1
    return max(sizes.values(), default=0)


def largest_component_union_find(edges) -> int:
    """Cities in the largest connected component of `edges` = [(a, b)], by a
    plain dict union-find (a second, independent count beside the BFS above;
    LA-SCR-1: the Asian Explorer network size)."""
    parent = {}

    def find(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            x = parent[x]
        return x

    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    sizes = defaultdict(int)
    for city in parent:
        sizes[find(city)] += 1
    return max(sizes.values(), default=0)


# --- the whole final score ---------------------------------------------------------
def winners(totals, completed, has_bonus) -> list[bool]:
    """BASE-SCR-3: most points, then most completed tickets, then holding the
    longest-path bonus; every player left tied wins."""
    keys = [(totals[p], completed[p], 1 if has_bonus[p] else 0) for p in range(len(totals))]
    best = max(keys)
    return [k == best for k in keys]


def recompute_score(
    n_players,
    route_ends,
    route_lengths,
    route_mountains,
    owner,
    route_scores,
    mountain_points,
    held_tickets,
    station_cities,
    stations_left,
    station_value,
    longest_bonus,
):
    """Recompute every player's final score from the final board state.

    route_ends[r] = (a, b); route_lengths[r], route_mountains[r]; owner[r] =
    seat or -1; route_scores[length] = points; held_tickets[p] = [(a, b,
    points)]; station_cities[p] = cities of p's built stations; stations_left[p]
    = unbuilt stations. Returns one dict per player (route_points,
    mountain_points, tickets_won, tickets_lost, tickets_completed (the most
    tickets completed by any points-optimal station choice),
    completed_options (every count a points-optimal choice gives),
    completed_sets (every set of held-ticket indices a points-optimal choice
    joins), own_joined (indices joined by p's own routes alone),
    station_gain (ticket points the stations add), longest_path,
    network_cities, longest_bonus, station_points, total, winner).
    The explorer and globetrotter bonuses are not recomputed (0 on the boards
    tested)."""
    n_routes = len(route_ends)
    res = []
    for p in range(n_players):
        mine = [r for r in range(n_routes) if owner[r] == p]
        route_points = sum(route_scores[route_lengths[r]] for r in mine)
        mtn = sum(route_mountains[r] for r in mine) * mountain_points
        own_edges = [tuple(route_ends[r]) for r in mine]
        cands = []
        for c in station_cities[p]:
            cands.append([tuple(route_ends[r]) for r in range(n_routes)
                          if owner[r] >= 0 and owner[r] != p and c in route_ends[r]])
        outs = station_outcomes(own_edges, cands, held_tickets[p])
        best = max(o[0] for o in outs)
        optimal = [o for o in outs if o[0] == best]
        won = optimal[0][2]
        lost = optimal[0][3]
        assert all(o[2] == won and o[3] == lost for o in optimal)  # value fixes won and lost
        trail = brute_force_longest_trail([(route_ends[r][0], route_ends[r][1], route_lengths[r]) for r in mine])
        res.append(dict(
            route_points=route_points,
            mountain_points=mtn,
            tickets_won=won,
            tickets_lost=lost,
            tickets_completed=max(o[1] for o in optimal),
            completed_options={o[1] for o in optimal},
            completed_sets={o[5] for o in optimal},
            own_joined=outs[0][5],
            tickets_failed=len(held_tickets[p]) - max(o[1] for o in optimal),
            station_gain=best - outs[0][0],  # outs[0]: no station borrows anything
            longest_path=trail,
            network_cities=largest_network(own_edges),
            station_points=stations_left[p] * station_value,
        ))
    top = max(r["longest_path"] for r in res)
    for r in res:
        r["longest_bonus"] = longest_bonus if longest_bonus > 0 and top > 0 and r["longest_path"] == top else 0
        r["total"] = (r["route_points"] + r["mountain_points"] + r["tickets_won"] - r["tickets_lost"]
                      + r["longest_bonus"] + r["station_points"])
    flags = winners([r["total"] for r in res], [r["tickets_completed"] for r in res],
                    [r["longest_bonus"] > 0 for r in res])
    for r, w in zip(res, flags, strict=True):
        r["winner"] = w
    return res


# --- board distances -------------------------------------------------------------------
def shortest_distances(edges, src) -> dict:
    """{city: the least total cost from src} over `edges` = [(a, b, cost)],
    each usable both ways (Dijkstra with a heap); cities src cannot reach
    are left out."""
    adj = defaultdict(list)
    for a, b, cost in edges:
        adj[a].append((b, cost))
        adj[b].append((a, cost))
    best = {src: 0}
    heap = [(0, src)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > best[u]:
            continue
        for v, cost in adj[u]:
            if d + cost < best.get(v, float("inf")):
                best[v] = d + cost
                heapq.heappush(heap, (d + cost, v))
    return best


# --- SW-TKT-3..6: tickets with options -----------------------------------------------
def reachable(edges, sources) -> set:
    """Every city joined to one of `sources` by `edges` = [(a, b)] (BFS)."""
    label = network_labels(edges)
    firsts = {label[c] for c in sources if c in label}
    return set(sources) | {c for c, first in label.items() if first in firsts}


def ticket_with_options(edges, start, options) -> tuple[int, int]:
    """(option, signed points) of a ticket from the places `start` (a city:
    one place; a country: its border points) to one of `options` =
    [(places, points)]: the first of the best-paid options some start place
    reaches, or (-1, -lowest) when none is reached. A ticket between two
    cities is the case of one option."""
    seen = reachable(edges, list(start))
    joined = [i for i, (places, _) in enumerate(options) if seen & set(places)]
    if not joined:
        return -1, -min(p for _, p in options)
    best = max(options[i][1] for i in joined)
    return next(i for i in joined if options[i][1] == best), best


# --- IN-SCR-3: two paths without a common route ------------------------------------------
def route_disjoint_paths(edges, x, y, enough=2) -> int:
    """How many paths with no route in common join x and y over `edges` =
    [(a, b)] (parallel edges are distinct routes), up to `enough`: augmenting
    paths of a unit-capacity flow, each route usable once in either direction."""
    if x == y:
        return enough
    flow = {}  # (route, direction) -> 1 when used that way
    adj = defaultdict(list)
    for i, (a, b) in enumerate(edges):
        adj[a].append((b, i, 0))
        adj[b].append((a, i, 1))
    found = 0
    while found < enough:
        prev = {x: None}
        queue = deque([x])
        while queue and y not in prev:
            v = queue.popleft()
            for w, i, d in adj[v]:
                # residual: a route is free, or used the other way (cancel that use)
                if w not in prev and not flow.get((i, d)):
                    prev[w] = (v, i, d)
                    queue.append(w)
        if y not in prev:
            break
        v = y
        while prev[v] is not None:
            u, i, d = prev[v]
            if flow.get((i, 1 - d)):
                flow[(i, 1 - d)] = 0
            else:
                flow[(i, d)] = 1
            v = u
        found += 1
    return found


def grand_tour_bonus(table, n) -> int:
    """IN-SCR-4: table[n], the last entry for n or more (no table: 0)."""
    return table[min(n, len(table) - 1)] if table else 0


# --- the whole final score of a map without stations -----------------------------------------------
def recompute_map_score(n_players, route_ends, route_lengths, owner, route_scores, held, longest_bonus,
                        globetrotter_bonus, grand_tour_table):
    """Every player's final score on a board without stations or mountains,
    from the final board: held[p] = [(start places, [(option places,
    points)])] (a city-city ticket: one option). Returns one dict per player:
    route_points, outcomes (per held ticket: option, points), tickets_won,
    tickets_lost, tickets_completed, grand_tour_tickets, grand_tour_bonus,
    longest_path, longest_bonus, globetrotter_bonus, total, winner."""
    res = []
    for p in range(n_players):
        mine = [r for r in range(len(route_ends)) if owner[r] == p]
        edges = [tuple(route_ends[r]) for r in mine]
        outcomes = [ticket_with_options(edges, start, options) for start, options in held[p]]
        tours = 0  # counted only under rules with a Grand Tour (the kernel's FN_GRAND_TOUR_TICKETS too)
        for (start, options), (option, _) in zip(held[p], outcomes, strict=True):
            if any(grand_tour_table) and option >= 0 and any(route_disjoint_paths(edges, a, b) >= 2
                                   for a in start for places, _ in options for b in places):
                tours += 1
        res.append(dict(
            route_points=sum(route_scores[route_lengths[r]] for r in mine),
            outcomes=outcomes,
            tickets_won=sum(pts for _, pts in outcomes if pts > 0),
            tickets_lost=-sum(pts for _, pts in outcomes if pts < 0),
            tickets_completed=sum(1 for o, _ in outcomes if o >= 0),
            grand_tour_tickets=tours,
            grand_tour_bonus=grand_tour_bonus(grand_tour_table, tours),
            longest_path=brute_force_longest_trail([(*route_ends[r], route_lengths[r]) for r in mine]),
        ))
    top_path = max(r["longest_path"] for r in res)
    top_done = max(r["tickets_completed"] for r in res)
    for r in res:
        r["longest_bonus"] = longest_bonus if longest_bonus > 0 and top_path > 0 and r["longest_path"] == top_path \
            else 0
        r["globetrotter_bonus"] = globetrotter_bonus if top_done > 0 and r["tickets_completed"] == top_done else 0
        r["total"] = (r["route_points"] + r["tickets_won"] - r["tickets_lost"] + r["longest_bonus"]
                      + r["globetrotter_bonus"] + r["grand_tour_bonus"])
    flags = winners([r["total"] for r in res], [r["tickets_completed"] for r in res],
                    [r["longest_bonus"] > 0 for r in res])
    for r, w in zip(res, flags, strict=True):
        r["winner"] = w
    return res
