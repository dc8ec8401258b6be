"""The solo optimum of a board: the MILP solved, its best route set scored
again by connectivity alone, and the solver's proven bound."""

from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass, field

from analyzer.boards import load_board
from analyzer.optimum.model import build_model, solve_model, start_vector
from analyzer.optimum.problem import Problem, build_problem, score_routes
from analyzer.optimum.search import multi_start

__all__ = ["Optimum", "optimum", "solve_problem"]


@dataclass
class Optimum:
    """A solve's outcome. `score` is recomputed from `routes` (route points,
    completed tickets, fixed points); `bound` is the solver's proven upper
    bound, rounded down (scores are whole); `proven` when they meet."""

    board: str
    trains: int
    score: int
    bound: int
    proven: bool
    route_points: int
    ticket_points: int
    fixed_points: int
    trains_used: int
    routes: list[str]
    tickets: list[str]
    seconds: float
    status: str
    notes: list[str] = field(default_factory=list)
    formulation: str = "local search, then a flow per ticket option (MILP) from its best"
    variables: int = 0
    constraints: int = 0
    search_score: int = 0  # the local search's best (with the fixed points)
    search_seconds: float = 0.0  # when the local search found it

    @property
    def gap(self) -> int:
        return self.bound - self.score

    def as_dict(self) -> dict:
        return asdict(self) | {"gap": self.gap}


SEARCH_SHARE = 0.2
"""The share of a time limit the local search gets before the MILP (at most
SEARCH_SECONDS): it finds the best scores; the MILP mostly proves the bound."""
SEARCH_SECONDS = 120.0


def search_seconds(time_limit: float | None) -> float:
    """Seconds of local search before the MILP."""
    return SEARCH_SECONDS if time_limit is None else min(SEARCH_SECONDS, SEARCH_SHARE * time_limit)


def solve_problem(problem: Problem, time_limit: float | None = None, seed: int = 0) -> Optimum:
    """Solve `problem` within `time_limit` seconds (None: until proven): the
    local search first, then the MILP started from its best route set."""
    t0 = time.perf_counter()
    found = multi_start(problem, search_seconds(time_limit), seed, restart=time_limit is not None)
    model = build_model(problem)
    left = None if time_limit is None else max(1.0, time_limit - (time.perf_counter() - t0))
    res = solve_model(model, left, start_vector(problem, model, found.routes))
    seconds = time.perf_counter() - t0
    routes = found.routes
    if res.x is not None:
        milp_routes = [r for r in range(problem.n_routes) if res.x[r] > 0.5]
        if sum(score_routes(problem, milp_routes)[:2]) > found.score:
            routes = milp_routes
    route_pts, ticket_pts, done = score_routes(problem, routes)
    score = route_pts + ticket_pts + problem.fixed_points
    bound = max(score, math.floor(res.dual_bound + 1e-6) + problem.fixed_points)
    tickets = []
    for k, o in done:
        t = problem.tickets[k]
        via = "" if len(t.options) == 1 else f" via option {o + 1} ({t.points[o]})"
        tickets.append(t.name + via + (f" x{t.cards}" if t.cards > 1 else ""))
    return Optimum(problem.board, problem.trains, score, bound, bound <= score, route_pts, ticket_pts,
                   problem.fixed_points, int(sum(problem.route_trains[r] for r in routes)),
                   [problem.route_label[r] for r in routes], tickets, round(seconds, 2), res.message,
                   list(problem.notes), variables=model.n_vars, constraints=model.rows[0].A.shape[0],
                   search_score=found.score + problem.fixed_points, search_seconds=found.seconds_to_best)


def optimum(board: str, trains: int | None = None, time_limit: float | None = None) -> Optimum:
    """The maximum solo score of a board (a built-in name or a board folder)
    with `trains` trains (None: the rule set's), by MILP."""
    if trains is not None and trains <= 0:
        raise ValueError(f"--trains must be at least 1 (got {trains})")
    if time_limit is not None and time_limit <= 0:
        raise ValueError(f"--time-limit must be positive seconds (got {time_limit})")
    return solve_problem(build_problem(load_board(board), trains), time_limit)
