"""Shared by the runner, sweep and Dask tests: two runs have the same tables
(row order and categorical codes aside)."""

import pandas as pd

from analyzer.run.protocol import TABLES


def sorted_tables(res) -> dict[str, pd.DataFrame]:
    return {t: res.table(t).sort_values([c for c in ("game", "seat", "ticket", "route", "turn")
                                         if c in res.table(t).columns]).reset_index(drop=True) for t in TABLES}


def assert_same_tables(a, b) -> None:
    ta, tb = sorted_tables(a), sorted_tables(b)
    for t in TABLES:
        pd.testing.assert_frame_equal(ta[t], tb[t], check_categorical=False, obj=t)
