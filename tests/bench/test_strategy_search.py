"""The mixed table's measure (bench/strategy_search.py): real Europe games,
each seat's statistics, the aim figure and the style check read from them,
and the searched weights reaching the table."""

import argparse

import numpy as np
import pytest

from bench.strategy_search import MIXED, MIXED_STYLE, draw, mixed_table, table, vary_space


def test_the_aim_is_the_least_of_the_ratios_over_their_bounds_and_the_styles_are_each_seats():
    planner = table(("planner",) * 4, 40, 3)
    out = mixed_table(40, 3, None, planner)
    mixed = out["mixed"]
    assert out["planner"] is planner and [s["win"] for s in mixed["seats"]] == mixed["win_by_seat"]
    assert abs(out["ticket_points_ratio"] - mixed["ticket_points"] / planner["ticket_points"]) < 1e-12
    assert out["aim"] == min(out["ticket_points_ratio"] / 0.9, out["tickets_completed_ratio"] / 0.9,
                             min(mixed["win_by_seat"]) / 18.0)
    seats = mixed["seats"]
    styled = (seats[MIXED.index("destination-hungry")]["kept"] >= MIXED_STYLE["destination-hungry"]
              and seats[MIXED.index("route-focus")]["route_share"] >= MIXED_STYLE["route-focus"]
              and seats[MIXED.index("long-route")]["route_length"] >= MIXED_STYLE["long-route"])
    assert out["styled"] == styled
    assert all(s["route_length"] > 1.0 and 0.0 < s["route_share"] < 1.5 for s in seats)


def test_the_searched_weights_reach_the_mixed_table():
    hungry = MIXED.index("destination-hungry")
    default = table(MIXED, 40, 3)["seats"][hungry]["kept"]
    never_draws = table(MIXED, 40, 3, {"HUNGRY_EV_TURN_VALUE": 1000.0})["seats"][hungry]["kept"]
    assert never_draws < default - 1.0


def test_a_named_space_draws_only_its_weights_within_their_bounds():
    space = vary_space("HUNGRY_EV_TURN_VALUE=0.5:2.5,HUNGRY_OTHERS=8:20")
    assert space == {"HUNGRY_EV_TURN_VALUE": (0.5, 2.5), "HUNGRY_OTHERS": (8, 20)}
    rng = np.random.default_rng(6)
    drawn = [draw(rng, space) for _ in range(200)]
    assert all(set(d) == set(space) for d in drawn)
    assert all(0.5 <= d["HUNGRY_EV_TURN_VALUE"] <= 2.5 and d["HUNGRY_OTHERS"] in range(8, 21) for d in drawn)
    assert {d["HUNGRY_OTHERS"] for d in drawn} == set(map(float, range(8, 21)))


@pytest.mark.parametrize("text, says", [("HUNGRY_NOTHING=1:2", "not a bot parameter"),
                                        ("HUNGRY_OTHERS=8", "NAME=LOW:HIGH"), ("HUNGRY_OTHERS=a:b", "NAME=LOW:HIGH")])
def test_a_bad_space_names_the_item(text, says):
    with pytest.raises(argparse.ArgumentTypeError, match=says):
        vary_space(text)
