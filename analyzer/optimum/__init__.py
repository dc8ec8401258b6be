"""The solo-score ceiling of a board by mixed-integer programming:
`problem` (what one player may claim and score), `model` (the MILP, HiGHS
through scipy.optimize.milp), `solve` (the best score, its proven bound)."""

from analyzer.optimum.problem import Problem, Ticket, UnsupportedBoard, build_problem, score_routes
from analyzer.optimum.solve import Optimum, optimum, solve_problem

__all__ = ["Optimum", "Problem", "Ticket", "UnsupportedBoard", "build_problem", "optimum", "score_routes",
           "solve_problem"]
