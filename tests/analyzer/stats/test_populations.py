"""analyzer.stats.populations: the test that flags an answer whose size or
sign differs between populations, on constructed figures both ways."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analyzer.stats.populations import population_differences


def figures(*rows):
    return pd.DataFrame(rows, columns=["population", "value", "ci_low", "ci_high"])


def test_overlapping_intervals_of_one_sign_do_not_differ():
    f = figures(("self", 0.55, 0.53, 0.57), ("mixed", 0.52, 0.49, 0.55), ("strong", 0.58, 0.54, 0.62))
    assert population_differences(f) == []
    assert population_differences(f, signed=True) == []


def test_intervals_that_do_not_overlap_differ_in_size_whichever_comes_first():
    f = figures(("self", 0.55, 0.53, 0.57), ("mixed", 0.52, 0.50, 0.54), ("strong", 0.65, 0.60, 0.70))
    assert population_differences(f) == [("self", "strong", "size"), ("mixed", "strong", "size")]
    touching = figures(("self", 0.55, 0.53, 0.57), ("strong", 0.60, 0.57, 0.63))  # a shared end overlaps
    assert population_differences(touching) == []


def test_a_signed_figure_differs_in_sign_when_one_direction_is_established():
    f = figures(("self", -0.8, -1.2, -0.4), ("mixed", 0.3, -0.5, 1.1))  # overlapping, opposite, self excludes 0
    assert population_differences(f, signed=True) == [("self", "mixed", "sign")]
    assert population_differences(f, signed=False) == []  # a share has no sign to differ in
    neither = figures(("self", -0.2, -0.9, 0.5), ("mixed", 0.3, -0.5, 1.1))  # opposite, but both include 0
    assert population_differences(neither, signed=True) == []
    zero = figures(("self", 0.0, -0.4, 0.4), ("mixed", 0.3, 0.1, 0.5))  # zero has no sign
    assert population_differences(zero, signed=True) == []
    wide = figures(("self", -2.6, -3.2, -1.9), ("strong", 0.2, -2.7, 3.1))  # strong's interval holds self's value
    assert population_differences(wide, signed=True) == []


def test_a_sign_difference_beyond_both_intervals_is_reported_once_as_size():
    f = figures(("self", -0.8, -1.2, -0.4), ("strong", 0.9, 0.5, 1.3))
    assert population_differences(f, signed=True) == [("self", "strong", "size")]


def test_a_population_without_a_figure_is_left_out():
    f = figures(("self", 0.55, 0.53, 0.57), ("mixed", np.nan, np.nan, np.nan), ("strong", 0.45, 0.40, 0.50))
    assert population_differences(f) == [("self", "strong", "size")]
