"""The solo-score ceiling of a board by mixed-integer programming:
`problem` (what one player may claim and score), `search` (the local search
whose best route set starts the MILP), `model` (the MILP, HiGHS through
highspy), `solve` (the best score, its proven bound), `ceilings` (the
measured ceilings of the built-in boards)."""

from analyzer.optimum.ceilings import CEILINGS, Ceiling, ceiling
from analyzer.optimum.problem import Problem, Ticket, UnsupportedBoard, build_problem, score_routes
from analyzer.optimum.solve import Optimum, optimum, solve_problem

__all__ = ["CEILINGS", "Ceiling", "Optimum", "Problem", "Ticket", "UnsupportedBoard", "build_problem", "ceiling",
           "optimum", "score_routes", "solve_problem"]
