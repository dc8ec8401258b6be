"""The Legendary Asia columns of the result tables, end to end (simulate ->
Parquet -> DataFrames), recounted from the claims table with the board's
routes.csv: mountain_trains (trains discarded to the Mountain Pass, LA-MTN-2),
mountain_routes (mountain routes claimed, the LA-SCR-2 tie-break),
mountain_points, trains conserved with the Mountain Pass, and the Asian
Explorer network size (network_cities, LA-SCR-1) against a brute-force
component count in tests/oracle.py."""

import numpy as np
import pytest
from oracle import largest_component_union_find, largest_network

import analyzer
from analyzer.boards import load_board

GAMES = 300


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("la") / "run"
    analyzer.simulate(board="legendary_asia", players=3, bots=["greedy"] * 3, games=GAMES, seed=21,
                      out=out, progress=False)
    return analyzer.load(out)  # read back from the Parquet parts


def test_LA_SCR_1_network_cities_equals_a_brute_force_component_count(run):
    """LA-SCR-1: network_cities of every player is the city count of the largest connected
    component of its claimed routes (union-find and BFS in the oracle agree), and the
    Explorer bonus goes to every player with the game's largest network."""
    routes = load_board("legendary_asia").routes
    ends = list(zip(routes["a"], routes["b"], strict=True))
    claims = run.claims
    mine = claims.groupby(["game", "seat"])["route"].apply(list).to_dict()
    players = run.players
    assert len(players) == 3 * GAMES
    sizes = []
    for row in players.itertuples():
        edges = [ends[r] for r in mine.get((row.game, row.seat), [])]
        size = largest_component_union_find(edges)
        assert size == largest_network(edges)
        assert row.network_cities == size, (row.game, row.seat)
        sizes.append(size)
    players = players.assign(oracle_size=sizes)
    top = players.groupby("game")["oracle_size"].transform("max")
    assert ((players.explorer_bonus == 10) == (players.oracle_size == top)).all()
    assert players.oracle_size.nunique() > 5  # the networks do vary


def test_LA_MTN_2_mountain_columns_and_trains_conserved(run):
    """LA-MTN-2, LA-MTN-3: mountain_trains is the X count of the routes a player claimed,
    mountain_routes the number of those routes with an X, mountain_points 2 per train, and
    trains on the board + trains left + Mountain Pass = 45 for every player."""
    routes = load_board("legendary_asia").routes
    claims = run.claims.assign(
        spaces=routes["length"].to_numpy()[run.claims["route"].to_numpy()],
        x_count=routes["mountains"].to_numpy()[run.claims["route"].to_numpy()],
    )
    claims["mountain"] = claims.x_count > 0
    per = claims.groupby(["game", "seat"])[["spaces", "x_count", "mountain"]].sum()
    p = run.players.set_index(["game", "seat"]).join(per).fillna(0)
    assert (p.mountain_trains == p.x_count).all()
    assert (p.mountain_routes == p.mountain).all()
    assert (p.mountain_points == 2 * p.mountain_trains).all()
    assert (p.spaces + p.trains_left + p.mountain_trains == 45).all()
    assert p.mountain_routes.sum() > GAMES  # mountain routes are taken
    assert np.issubdtype(run.players.mountain_trains.dtype, np.integer)
