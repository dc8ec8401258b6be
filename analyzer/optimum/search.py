"""A fast heuristic for the solo problem: simulated annealing over route
sets. A move joins a ticket not yet completed (the fewest-trains path with
the routes already held free, the lengths slightly perturbed so that
repeated moves try different paths), some moves after dropping a few
routes at random; then routes are dropped, the least costly first, until
the trains suffice, and the trains left are spent on the routes that add
the most. The MILP (analyzer/optimum/model.py) starts from what it finds and
proves the bound."""

from __future__ import annotations

import heapq
import math
import random
import time
from dataclasses import dataclass

from analyzer.optimum.problem import Problem

__all__ = ["STALL_PER_TRAIN", "Scorer", "SearchResult", "SearchSettings", "local_search", "multi_start"]


STALL_PER_TRAIN = 400
"""Moves without a new best, per train, that end one annealing run: on USA
with 45 trains (18,000 moves) its best scores came within about 10,000
moves; a few trains need few moves."""


@dataclass(frozen=True)
class SearchSettings:
    """`seconds` of search from `seed`; `temperature` in points (a worse
    route set is kept with probability exp(-loss / temperature));
    `restart_after` moves without a new best return to the best; the search
    ends after `stall_moves` moves without a new best (None: at `seconds`)."""

    seconds: float = 30.0
    seed: int = 0
    temperature: float = 4.0
    restart_after: int = 300
    stall_moves: int | None = None


class Scorer:
    """Route points plus ticket points of a route set (as score_routes, without
    the fixed points), fast enough to call thousands of times a second."""

    def __init__(self, problem: Problem):
        self.problem = problem
        self.n_cities = len(problem.cities)
        self.route_a = [int(a) for a in problem.route_a]
        self.route_b = [int(b) for b in problem.route_b]
        self.points = [int(p) for p in problem.route_points]
        self.tickets = [(t.ends_a, t.options, [p * t.cards for p in t.points], t.long) for t in problem.tickets]
        # city to city tickets outside a long-ticket limit: one comparison each
        self.simple = [(t.ends_a[0], t.options[0][0], t.points[0] * t.cards) for t in problem.tickets
                       if self._simple(t)]
        self.general = [row for t, row in zip(problem.tickets, self.tickets, strict=True) if not self._simple(t)]

    def _simple(self, t) -> bool:
        return (len(t.ends_a) == 1 and len(t.options) == 1 and len(t.options[0]) == 1
                and not (t.long and self.problem.long_limit is not None))

    def components(self, routes) -> list[int]:
        parent = list(range(self.n_cities))
        for r in routes:
            u, v = self.route_a[r], self.route_b[r]
            while parent[u] != u:
                u = parent[u]
            while parent[v] != v:
                v = parent[v]
            if u != v:
                parent[u] = v
        for i in range(self.n_cities):
            root = i
            while parent[root] != root:
                root = parent[root]
            parent[i] = root
        return parent

    def score(self, routes) -> int:
        comp = self.components(routes)
        total = sum(self.points[r] for r in routes)
        total += sum(p for a, b, p in self.simple if comp[a] == comp[b])
        longs = []
        for ends_a, options, points, long in self.general:
            reached = {comp[c] for c in ends_a}
            best = max((p for e, p in zip(options, points, strict=True) if any(comp[c] in reached for c in e)),
                       default=0)
            if long:
                longs.append(best)
            else:
                total += best
        limit = self.problem.long_limit
        return total + sum(sorted(longs, reverse=True)[:limit if limit is not None else len(longs)])

    def joined(self, routes) -> list[bool]:
        """Whether each ticket has some option joined."""
        comp = self.components(routes)
        return [any(comp[c] in {comp[s] for s in ends_a} for e in options for c in e)
                for ends_a, options, _, _ in self.tickets]


class _State:
    """A route set with its trains and the parallel groups it holds."""

    def __init__(self, problem: Problem, routes=()):
        self.problem = problem
        self.routes: set[int] = set()
        self.trains = 0
        self.groups: set[int] = set()
        for r in routes:
            self.add(r)

    def can_add(self, r: int) -> bool:
        g = int(self.problem.route_group[r])
        return r not in self.routes and (g < 0 or g not in self.groups)

    def add(self, r: int):
        self.routes.add(r)
        self.trains += int(self.problem.route_trains[r])
        if self.problem.route_group[r] >= 0:
            self.groups.add(int(self.problem.route_group[r]))

    def remove(self, r: int):
        self.routes.discard(r)
        self.trains -= int(self.problem.route_trains[r])
        self.groups.discard(int(self.problem.route_group[r]))

    def copy(self) -> _State:
        return _State(self.problem, self.routes)


def _adjacency(problem: Problem) -> list[list[tuple[int, int]]]:
    adj: list[list[tuple[int, int]]] = [[] for _ in problem.cities]
    for r in range(problem.n_routes):
        if problem.route_trains[r] <= problem.trains:
            adj[int(problem.route_a[r])].append((r, int(problem.route_b[r])))
            adj[int(problem.route_b[r])].append((r, int(problem.route_a[r])))
    return adj


def _path(problem: Problem, adj, state: _State, sources, sinks, rng: random.Random) -> list[int] | None:
    """The routes of the cheapest path from a source to a sink: held routes
    free, the others their trains times a random factor in [1, 1.25)."""
    dist = {s: 0.0 for s in sources}
    via: dict[int, tuple[int, int]] = {}
    heap = [(0.0, s) for s in sources]
    targets = set(sinks)
    while heap:
        d, u = heapq.heappop(heap)
        if u in targets:
            path = []
            while u in via:
                r, u = via[u]
                if r not in state.routes:
                    path.append(r)
            return path
        if d > dist.get(u, math.inf):
            continue
        for r, v in adj[u]:
            if r in state.routes:
                w = 0.0
            elif state.can_add(r):
                w = problem.route_trains[r] * (1.0 + 0.25 * rng.random())
            else:
                continue
            if d + w < dist.get(v, math.inf):
                dist[v] = d + w
                via[v] = (r, u)
                heapq.heappush(heap, (d + w, v))
    return None


def _trim(problem: Problem, scorer: Scorer, state: _State, rng: random.Random):
    """Drop routes until the trains suffice, each time the one losing the
    fewest points per train freed."""
    while state.trains > problem.trains:
        routes = list(state.routes)
        base = scorer.score(routes)
        best, best_r = math.inf, -1
        for r in routes:
            loss = (base - scorer.score([q for q in routes if q != r])) / problem.route_trains[r]
            loss += 1e-3 * rng.random()
            if loss < best:
                best, best_r = loss, r
        state.remove(best_r)


def _fill(problem: Problem, scorer: Scorer, state: _State):
    """Spend the trains left on the route adding the most points, while one adds any."""
    while True:
        left = problem.trains - state.trains
        routes = list(state.routes)
        base = scorer.score(routes)
        best, best_r = 0, -1
        for r in range(problem.n_routes):
            if problem.route_trains[r] <= left and state.can_add(r):
                gain = scorer.score(routes + [r]) - base
                if gain > best:
                    best, best_r = gain, r
        if best_r < 0:
            return
        state.add(best_r)


def _move(problem: Problem, scorer: Scorer, adj, state: _State, rng: random.Random) -> _State:
    new = state.copy()
    joined = scorer.joined(list(new.routes))
    open_tickets = [k for k, j in enumerate(joined) if not j]
    if new.routes and (not open_tickets or rng.random() < 0.3):
        for r in rng.sample(sorted(new.routes), min(len(new.routes), rng.randint(1, 3))):
            new.remove(r)
    if open_tickets:
        k = rng.choices(open_tickets, weights=[max(problem.tickets[k].points) for k in open_tickets])[0]
        t = problem.tickets[k]
        path = _path(problem, adj, new, t.ends_a, rng.choice(t.options), rng)
        for r in path or ():
            if new.can_add(r):
                new.add(r)
    _trim(problem, scorer, new, rng)
    _fill(problem, scorer, new)
    return new


@dataclass
class SearchResult:
    """The best route set found, its route and ticket points (no fixed
    points), when it was found and how many moves were tried."""

    score: int
    routes: list[int]
    seconds_to_best: float
    moves: int


def local_search(problem: Problem, settings: SearchSettings = SearchSettings(), target: int | None = None
                 ) -> SearchResult:
    """The best route set the annealing finds within `settings.seconds`,
    stopping early once it reaches `target` points (route and ticket points)."""
    rng = random.Random(settings.seed)
    scorer = Scorer(problem)
    adj = _adjacency(problem)
    state = _State(problem)
    _fill(problem, scorer, state)
    current = scorer.score(list(state.routes))
    best, best_state, since, moves, found, best_move = current, state.copy(), 0, 0, 0.0, 0
    start = time.perf_counter()
    stall = settings.stall_moves
    while (time.perf_counter() < start + settings.seconds and (target is None or best < target)
           and (stall is None or moves - best_move < stall)):
        moves += 1
        new = _move(problem, scorer, adj, state, rng)
        value = scorer.score(list(new.routes))
        if value >= current or rng.random() < math.exp((value - current) / settings.temperature):
            state, current = new, value
        since += 1
        if current > best:
            best, best_state, since, found, best_move = current, state.copy(), 0, time.perf_counter() - start, moves
        elif since >= settings.restart_after:
            state, current, since = best_state.copy(), best, 0
    return SearchResult(best, sorted(best_state.routes), round(found, 2), moves)


def multi_start(problem: Problem, seconds: float, seed: int = 0, restart: bool = True) -> SearchResult:
    """Annealing runs from successive seeds, each ended by STALL_PER_TRAIN
    moves per train without a new best or by the `seconds` left, until
    `seconds` are spent (one run only unless `restart`); the best of them,
    its time counted from the first run's start."""
    start = time.perf_counter()
    stall = STALL_PER_TRAIN * problem.trains
    best: SearchResult | None = None
    while best is None or (restart and time.perf_counter() < start + seconds):
        offset = time.perf_counter() - start
        run = local_search(problem, SearchSettings(seconds=max(0.0, seconds - offset), seed=seed,
                                                   stall_moves=stall))
        seed += 1
        if best is None or run.score > best.score:
            best = SearchResult(run.score, run.routes, round(offset + run.seconds_to_best, 2), run.moves)
    return best
