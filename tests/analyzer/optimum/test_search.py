"""The local search of `ttr optimum` and the start it hands HiGHS: its
scorer agrees with score_routes on every board, it finds the brute-force
optimum where brute force runs, and its route set becomes a feasible point of
the MILP worth exactly its score."""

import random

import numpy as np
import pytest
from test_optimum import brute_force, make_tiny_board

from analyzer.boards import load_board
from analyzer.optimum.model import build_model, start_vector
from analyzer.optimum.problem import build_problem, score_routes
from analyzer.optimum.search import Scorer, SearchSettings, local_search, multi_start


@pytest.mark.parametrize("board", ["usa", "europe", "switzerland", "nordic_countries", "legendary_asia"])
def test_scorer_agrees_with_score_routes(board):
    """Random route sets (trains ignored): Europe and Legendary Asia have
    the one-long-ticket limit, Switzerland country tickets with options."""
    problem = build_problem(load_board(board))
    scorer = Scorer(problem)
    rng = random.Random(1)
    for _ in range(200):
        routes = rng.sample(range(problem.n_routes), rng.randint(0, problem.n_routes))
        assert scorer.score(routes) == sum(score_routes(problem, routes)[:2])


@pytest.mark.parametrize("trains", [1, 3, 5, 7, 9, 12, 16])
def test_search_finds_the_tiny_board_brute_force_best(tmp_path, trains):
    folder = make_tiny_board(tmp_path / "tiny")
    problem = build_problem(load_board(str(folder)), trains)
    found = multi_start(problem, seconds=60, restart=False)
    assert found.score == brute_force(folder, trains)
    assert sum(problem.route_trains[r] for r in found.routes) <= trains
    groups = [problem.route_group[r] for r in found.routes if problem.route_group[r] >= 0]
    assert len(groups) == len(set(groups))  # one lane of a double


def test_search_finds_the_usa_brute_force_best_with_6_trains():
    problem = build_problem(load_board("usa"), 6)
    assert multi_start(problem, seconds=60, restart=False).score == brute_force(load_board("usa").path, 6)


def test_search_stops_at_its_target():
    problem = build_problem(load_board("usa"), 20)
    found = local_search(problem, SearchSettings(seconds=60), target=40)
    assert 40 <= found.score == sum(score_routes(problem, found.routes)[:2])
    assert found.seconds_to_best < 60


@pytest.mark.parametrize("board,trains", [("usa", 45), ("switzerland", 25), ("europe", 30)])
def test_search_best_is_a_feasible_milp_point_worth_its_score(board, trains):
    """The start HiGHS receives: within every row and bound, whole where the
    model wants integers, and its objective is the route set's score."""
    problem = build_problem(load_board(board), trains)
    found = local_search(problem, SearchSettings(seconds=5))
    model = build_model(problem)
    x = start_vector(problem, model, found.routes)
    rows = model.rows[0]
    ax = rows.A @ x
    assert np.all(ax >= rows.lb - 1e-9) and np.all(ax <= rows.ub + 1e-9)
    assert np.all(x >= model.lb) and np.all(x <= model.ub)
    assert np.all(x[model.integrality == 1] == np.round(x[model.integrality == 1]))
    assert -model.c @ x == found.score == sum(score_routes(problem, found.routes)[:2])
