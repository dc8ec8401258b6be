"""The MILP of a solo Problem, solved by HiGHS through highspy (scipy builds its sparse rows).

Variables: x_r (route r claimed, binary), z_k,o (ticket k completed by
option o, in [0, 1]: with x whole the best z is whole) and, per ticket
option, a flow f over the claimed routes from the ticket's first end to the
option's end, one unit when z = 1. Each end is a virtual node joined to the
end's cities (a country's border points), so a flow never runs through a
country. Constraints: f(u->v) + f(v->u) <= x_r for each route and
commodity; flow conservation; sum trains x <= T; at most `group_lanes`
lanes of a parallel group; one option per ticket; at most `long_limit`
long tickets."""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass

import numpy as np

from analyzer.optimum.problem import Problem

__all__ = ["Commodity", "Model", "SolverResult", "build_model", "commodities", "solve_model", "start_vector",
           "train_distance"]


@dataclass(frozen=True)
class Commodity:
    ticket: int
    option: int
    points: int  # all the ticket's cards together
    sources: tuple[int, ...]
    sinks: tuple[int, ...]


@dataclass
class Model:
    """The model's matrices (rows as one scipy LinearConstraint), and where each block of variables starts."""

    c: np.ndarray
    integrality: np.ndarray
    lb: np.ndarray
    ub: np.ndarray
    rows: list  # scipy.optimize.LinearConstraint
    commodities: list[Commodity]
    z0: int  # first z variable
    n_vars: int


def train_distance(problem: Problem, sources, sinks) -> float:
    """Fewest trains joining any source to any sink (Dijkstra)."""
    adj: dict[int, list] = {}
    for a, b, t in zip(problem.route_a, problem.route_b, problem.route_trains, strict=True):
        adj.setdefault(int(a), []).append((int(b), int(t)))
        adj.setdefault(int(b), []).append((int(a), int(t)))
    best = {s: 0 for s in sources}
    heap = [(0, s) for s in sources]
    targets = set(sinks)
    while heap:
        d, u = heapq.heappop(heap)
        if u in targets:
            return d
        if d > best.get(u, np.inf):
            continue
        for v, t in adj.get(u, ()):
            if d + t < best.get(v, np.inf):
                best[v] = d + t
                heapq.heappush(heap, (d + t, v))
    return np.inf


def commodities(problem: Problem) -> list[Commodity]:
    """One commodity per ticket option that T trains can join."""
    out = []
    for k, t in enumerate(problem.tickets):
        for o, (ends, pts) in enumerate(zip(t.options, t.points, strict=True)):
            if train_distance(problem, t.ends_a, ends) <= problem.trains:
                out.append(Commodity(k, o, pts * t.cards, t.ends_a, ends))
    return out


class _Rows:
    """Sparse rows gathered as (row, column, value) triples with their bounds."""

    def __init__(self):
        self.r, self.c, self.v, self.lo, self.hi = [], [], [], [], []

    def add(self, cols, vals, lo, hi):
        n = len(self.lo)
        self.r.extend([n] * len(cols))
        self.c.extend(int(c) for c in cols)
        self.v.extend(float(v) for v in vals)
        self.lo.append(lo)
        self.hi.append(hi)

    def constraint(self, n_vars: int):
        """The rows as one scipy.optimize.LinearConstraint."""
        from scipy.optimize import LinearConstraint  # scipy loads only for a solve: `ttr` starts without it
        from scipy.sparse import coo_matrix

        a = coo_matrix((self.v, (self.r, self.c)), shape=(len(self.lo), n_vars)).tocsr()
        return LinearConstraint(a, np.array(self.lo, float), np.array(self.hi, float))


def _flow_block(problem: Problem, rows: _Rows, com: Commodity, z: int, f0: int) -> int:
    """The flow of one commodity from column f0: two arcs per route, then one
    arc from the virtual source to each source city and one from each sink
    city to the virtual sink. Returns the next free column."""
    n_r, n_c = problem.n_routes, len(problem.cities)
    fwd, back = f0 + np.arange(n_r), f0 + n_r + np.arange(n_r)
    for r in range(n_r):
        rows.add([fwd[r], back[r], r], [1, 1, -1], -np.inf, 0)
    src = {c: f0 + 2 * n_r + i for i, c in enumerate(com.sources)}
    snk = {c: f0 + 2 * n_r + len(src) + i for i, c in enumerate(com.sinks)}
    out_of: list[list] = [[] for _ in range(n_c)]
    into: list[list] = [[] for _ in range(n_c)]
    for r in range(n_r):
        a, b = int(problem.route_a[r]), int(problem.route_b[r])
        out_of[a].append(fwd[r])
        into[b].append(fwd[r])
        out_of[b].append(back[r])
        into[a].append(back[r])
    for c, col in src.items():
        into[c].append(col)
    for c, col in snk.items():
        out_of[c].append(col)
    for n in range(n_c):
        if out_of[n] or into[n]:
            rows.add(out_of[n] + into[n], [1] * len(out_of[n]) + [-1] * len(into[n]), 0, 0)
    rows.add(list(src.values()) + [z], [1] * len(src) + [-1], 0, 0)
    rows.add(list(snk.values()) + [z], [1] * len(snk) + [-1], 0, 0)
    return f0 + 2 * n_r + len(src) + len(snk)


def build_model(problem: Problem) -> Model:
    n_r = problem.n_routes
    coms = commodities(problem)
    z0 = n_r
    rows = _Rows()
    col = z0 + len(coms)
    for i, com in enumerate(coms):
        col = _flow_block(problem, rows, com, z0 + i, col)
    n_vars = col
    rows.add(range(n_r), problem.route_trains, -np.inf, problem.trains)
    for g in np.unique(problem.route_group[problem.route_group >= 0]):
        lanes = np.flatnonzero(problem.route_group == g)
        if len(lanes) > problem.group_lanes:
            rows.add(lanes, [1] * len(lanes), -np.inf, problem.group_lanes)
    by_ticket: dict[int, list[int]] = {}
    for i, com in enumerate(coms):
        by_ticket.setdefault(com.ticket, []).append(z0 + i)
    for cols in by_ticket.values():
        if len(cols) > 1:
            rows.add(cols, [1] * len(cols), -np.inf, 1)
    if problem.long_limit is not None:
        longs = [z0 + i for i, com in enumerate(coms) if problem.tickets[com.ticket].long]
        if len(longs) > problem.long_limit:
            rows.add(longs, [1] * len(longs), -np.inf, problem.long_limit)
    c = np.zeros(n_vars)
    c[:n_r] = -problem.route_points
    c[z0:z0 + len(coms)] = [-com.points for com in coms]
    integrality = np.zeros(n_vars)
    integrality[:z0 + len(coms)] = 1
    ub = np.ones(n_vars)
    ub[:n_r] = problem.route_trains <= problem.trains
    return Model(c, integrality, np.zeros(n_vars), ub, [rows.constraint(n_vars)], coms, z0, n_vars)


HEURISTIC_EFFORT = 0.3
"""HiGHS's mip_heuristic_effort (its default 0.05): on this model the best
scores come from its primal heuristics, the bound moves slowly either way."""


def start_vector(problem: Problem, model: Model, routes: list[int]) -> np.ndarray:
    """A feasible point of the model for a route set within the trains: its
    x, the z of each ticket option it completes (score_routes's choice) and
    one unit of flow along a path of the claimed routes for each."""
    from analyzer.optimum.problem import score_routes

    x = np.zeros(model.n_vars)
    x[routes] = 1.0
    done = set(score_routes(problem, routes)[2])
    adj: dict[int, list[tuple[int, int, int]]] = {}
    for r in routes:
        a, b = int(problem.route_a[r]), int(problem.route_b[r])
        adj.setdefault(a, []).append((r, b, 0))
        adj.setdefault(b, []).append((r, a, 1))
    col = model.z0 + len(model.commodities)
    n_r = problem.n_routes
    for i, com in enumerate(model.commodities):
        width = 2 * n_r + len(com.sources) + len(com.sinks)
        if (com.ticket, com.option) in done:
            _route_flow(x, col, n_r, com, adj)
            x[model.z0 + i] = 1.0
        col += width
    return x


def _route_flow(x: np.ndarray, f0: int, n_r: int, com: Commodity, adj) -> None:
    """One unit along the first path found (breadth first) from a source to a sink."""
    via = {s: None for s in com.sources}
    queue = list(com.sources)
    sinks = set(com.sinks)
    end = next((s for s in com.sources if s in sinks), None)
    while queue and end is None:
        u = queue.pop(0)
        for r, v, backward in adj.get(u, ()):
            if v not in via:
                via[v] = (u, r, backward)
                if v in sinks:
                    end = v
                    break
                queue.append(v)
    x[f0 + 2 * n_r + len(com.sources) + com.sinks.index(end)] = 1.0
    node = end
    while via[node] is not None:
        u, r, backward = via[node]
        x[f0 + backward * n_r + r] = 1.0
        node = u
    x[f0 + 2 * n_r + com.sources.index(node)] = 1.0


def _quiet(make):
    """`make()` with the process's standard output closed: HiGHS prints its
    banner when constructed, before any option can silence it, and `--json`
    must print one JSON object only."""
    import os
    import sys

    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 1)
            return make()
    finally:
        os.dup2(saved, 1)
        os.close(saved)


@dataclass
class SolverResult:
    """What HiGHS returned: its best point (None if none), the dual bound
    (as a maximum: points), and its status."""

    x: np.ndarray | None
    dual_bound: float
    message: str


def solve_model(model: Model, time_limit: float | None, start: np.ndarray | None = None,
                heuristic_effort: float = HEURISTIC_EFFORT) -> SolverResult:
    """HiGHS (highspy) on the model from a feasible `start`, if given."""
    import highspy

    h = _quiet(highspy.Highs)
    h.silent()
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("mip_heuristic_effort", heuristic_effort)
    if time_limit is not None:
        h.setOptionValue("time_limit", float(time_limit))
    a = model.rows[0].A.tocsr()
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = model.n_vars, a.shape[0]
    lp.col_cost_, lp.col_lower_, lp.col_upper_ = model.c, model.lb, model.ub
    lp.row_lower_, lp.row_upper_ = model.rows[0].lb, model.rows[0].ub
    lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
    lp.a_matrix_.start_, lp.a_matrix_.index_, lp.a_matrix_.value_ = a.indptr, a.indices, a.data
    lp.integrality_ = [highspy.HighsVarType.kInteger if i else highspy.HighsVarType.kContinuous
                       for i in model.integrality]
    h.passModel(lp)
    if start is not None:
        sol = highspy.HighsSolution()
        sol.col_value = list(start)
        h.setSolution(sol)
    h.run()
    info = h.getInfo()
    has_point = info.primal_solution_status == 2  # kSolutionStatusFeasible
    x = np.array(h.getSolution().col_value) if has_point else None
    bound = -info.mip_dual_bound if math.isfinite(info.mip_dual_bound) else math.inf
    return SolverResult(x, bound, h.modelStatusToString(h.getModelStatus()))
