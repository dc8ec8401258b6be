"""The confidence intervals every statistic of the project uses, each written
once: the Wilson score interval of a proportion, the normal interval of a
mean (and of a mean paired difference), and the percentile interval of
bootstrap replicates."""

from __future__ import annotations

import warnings
from statistics import NormalDist

import numpy as np
import pandas as pd

Z95 = NormalDist().inv_cdf(0.975)


def z_value(confidence: float = 0.95) -> float:
    """The two-sided normal quantile of a confidence level (1.96 for 95%)."""
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes, trials, z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval of successes / trials (arrays or scalars); NaN
    where trials = 0. The ends are exact at 0 and at all successes (no
    rounding past 0 or 1)."""
    k = np.asarray(successes, np.float64)
    n = np.asarray(trials, np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
        low = np.where(k <= 0, 0.0, np.clip(centre - half, 0.0, 1.0))
        high = np.where(k >= n, 1.0, np.clip(centre + half, 0.0, 1.0))
    bad = n <= 0
    return np.where(bad, np.nan, low), np.where(bad, np.nan, high)


def proportion(successes, trials) -> pd.DataFrame:
    """n, successes, rate, ci_low, ci_high (Wilson 95%) for aligned Series."""
    k = pd.Series(successes).astype(np.int64)
    n = pd.Series(trials).astype(np.int64)
    lo, hi = wilson(k.to_numpy(), n.to_numpy())
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = k.to_numpy() / n.to_numpy()
    return pd.DataFrame({"n": n.to_numpy(), "successes": k.to_numpy(), "rate": rate, "ci_low": lo, "ci_high": hi},
                        index=k.index)


def share(successes: int, trials: int) -> dict:
    """One proportion as plain numbers: n, successes, rate, ci_low, ci_high."""
    lo, hi = wilson(successes, trials)
    return {"n": int(trials), "successes": int(successes), "rate": successes / trials if trials else np.nan,
            "ci_low": float(lo), "ci_high": float(hi)}


def normal_half_width(sd, n):
    """Half width of the normal 95% interval of a mean: 1.96 · sd / √n (0 for a single value)."""
    sd = sd.fillna(0.0) if isinstance(sd, pd.Series) else np.nan_to_num(np.asarray(sd, np.float64))
    n = n.clip(lower=1) if isinstance(n, pd.Series) else np.maximum(np.asarray(n, np.float64), 1)
    return Z95 * sd / np.sqrt(n)


def mean_ci(grouped) -> pd.DataFrame:
    """n, mean, sd, ci_low, ci_high of a SeriesGroupBy (or a Series: one row)."""
    if isinstance(grouped, pd.Series):
        grouped = grouped.groupby(np.zeros(len(grouped), np.int8))
    agg = grouped.agg(["size", "mean", "std"]).rename(columns={"size": "n", "std": "sd"})
    half = normal_half_width(agg["sd"], agg["n"])
    agg["ci_low"] = agg["mean"] - half
    agg["ci_high"] = agg["mean"] + half
    return agg


def mean_interval(values) -> dict:
    """One sample's n, mean, sd, ci_low, ci_high as plain numbers."""
    row = mean_ci(pd.Series(values, dtype=np.float64)).iloc[0] if len(values) else None
    if row is None:
        return {"n": 0, "mean": np.nan, "sd": np.nan, "ci_low": np.nan, "ci_high": np.nan}
    return {"n": int(row["n"]), "mean": float(row["mean"]), "sd": float(row["sd"]),
            "ci_low": float(row["ci_low"]), "ci_high": float(row["ci_high"])}


def percentile_interval(replicates, level: float = 0.95, axis: int = 0) -> tuple:
    """The percentile interval of bootstrap replicates along `axis` (NaN
    replicates ignored; all-NaN gives NaN)."""
    alpha = round(100 * (1.0 - level) / 2.0, 10)  # 2.5 for 95%, exactly
    with warnings.catch_warnings():  # an all-NaN column (e.g. two bots that never met): NaN interval
        warnings.simplefilter("ignore", RuntimeWarning)
        x = np.asarray(replicates, np.float64)
        if x.size == 0:
            return np.nan, np.nan
        return np.nanpercentile(x, alpha, axis=axis), np.nanpercentile(x, 100 - alpha, axis=axis)
