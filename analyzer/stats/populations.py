"""Whether a figure differs between populations of players (the same
measure played by different tables of bots): the one test the report's
Answers use to flag an answer whose size or sign depends on who plays."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd


def population_differences(figures: pd.DataFrame, signed: bool = False) -> list[tuple[str, str, str]]:
    """Every pair of populations whose figures differ, as (first, second, how).

    `figures` has one row per population: columns `population`, `value`,
    `ci_low` and `ci_high` (the 95% interval of value); rows with a missing
    value or interval are left out. Two populations differ in *size*
    ("size") when their intervals do not overlap (one's upper end below the
    other's lower end). A signed figure (a change, e.g. closed minus open)
    also differs in *sign* ("sign") when the two values lie on opposite
    sides of zero, at least one of the two intervals excludes zero, and
    neither interval holds the other's value: one population's direction is
    established and the other points the other way beyond its interval (a
    wide interval that holds the other's value is no evidence). Pairs come
    in the order of the rows; a pair that differs in size is reported once,
    as "size"."""
    f = figures.dropna(subset=["value", "ci_low", "ci_high"])
    out = []
    for (_, a), (_, b) in itertools.combinations(f.iterrows(), 2):
        if a["ci_high"] < b["ci_low"] or b["ci_high"] < a["ci_low"]:
            out.append((str(a["population"]), str(b["population"]), "size"))
        elif signed and np.sign(a["value"]) * np.sign(b["value"]) < 0 and (_excludes_zero(a) or _excludes_zero(b)) \
                and not (_holds(a, b["value"]) or _holds(b, a["value"])):
            out.append((str(a["population"]), str(b["population"]), "sign"))
    return out


def _excludes_zero(row: pd.Series) -> bool:
    return not _holds(row, 0.0)


def _holds(row: pd.Series, x: float) -> bool:
    return bool(row["ci_low"] <= x <= row["ci_high"])
