"""Balance comparison of a sweep's variants against its baseline.

    analyzer.compare("results/sweep")          # or a SweepResults
    -> one row per variant and measure: estimate, baseline value, difference,
       paired 95% CI of the difference, unpaired 95% CI, games

Every measure is a function of per-game sums (MEASURES holds the plain-words
definitions, copied into docs/house-rules.md). Intervals are percentile bootstraps
over games: for the paired interval the same resampled game indices are used
for the variant and the baseline (game g of every variant was dealt from the
same seed), so what the two variants share cancels out; the unpaired
interval resamples the two independently, as if the variants had been played
on different seeds. The paired interval is the one to read; the unpaired one
shows what common random numbers gained.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import pandas as pd

from analyzer.stats.intervals import percentile_interval

BONUSES = {"longest_bonus": "longest path", "explorer_bonus": "Asian Explorer",
           "globetrotter_bonus": "Globetrotter"}

# measure -> plain-words definition (docs/house-rules.md's table holds the same words)
MEASURES = {
    "mean_score": "mean final score of a player (all seats and games)",
    "seat_advantage": "spread of win rates across seats: the best seat's win rate minus the worst seat's "
                      "(a shared win counts as a fraction); 0 = no seat is favoured",
    "strategy_dominance": "spread of win rates across bots when the seats hold different bots: the best bot's "
                          "win rate per seat it holds minus the worst bot's; 0 = no bot is favoured",
    "ticket_completion": "share of the tickets held at the end that were completed",
    "game_length": "mean number of turns per game (all players' turns)",
    "stalled_games": "share of games that stalled: a whole round in which every player passed, or the turn cap reached",
}
for _col, _label in BONUSES.items():
    MEASURES[f"{_col}_holders"] = (f"mean number of players per game who receive the {_label} bonus "
                                   "(1 = exactly one holder every game; above 1 = shared; 0 = never given)")
    MEASURES[f"{_col}_holder_win_rate"] = f"share of {_label} bonus holders who win their game"


# per-bot measures, each named MEASURE:BOT (win_rate:destination-hungry): what one bot of the table does, over
# the seats it holds; read by a tuning study's objectives and constraints (analyzer.stats.tune)
BOT_MEASURES = {
    "win_rate": "the bot's win share per seat it holds (a shared win counts as a fraction)",
    "tickets_kept": "tickets the bot kept per seat it holds in a game, setup included",
    "route_share": "share of the bot's points that its routes give (route points / score, summed over its seats)",
    "route_length": "trains the bot placed per route it claimed (summed over its seats)",
}
_BOT_MEASURE_SUMS = {"tickets_kept": ("tickets_kept", None), "route_share": ("route_points", "score"),
                     "route_length": ("trains_used", "routes_claimed")}
"""numerator and denominator column of each per-bot measure but win_rate (None: one per seat held)."""


class CompareError(ValueError):
    """Variants that cannot be compared."""


class RunTables(NamedTuple):
    """What the comparison reads of one variant's run."""

    games: pd.DataFrame
    players: pd.DataFrame
    seed: int | None = None  # runs on the same seed and games are paired


@dataclass
class _Measure:
    num: np.ndarray  # (games, k) per-game numerators
    den: np.ndarray  # (games, k) per-game denominators
    spread: bool  # statistic = max - min over the k ratios (else k == 1)


def game_measures(run: RunTables, bonuses=None, bot_measures=()) -> dict[str, _Measure]:
    """Per-game numerators and denominators of every measure of one run,
    ordered by game index, and of the per-bot `bot_measures` (MEASURE:BOT of
    BOT_MEASURES; route_length reads a trains_used column)."""
    g = run.games.sort_values("game")
    p = run.players.sort_values(["game", "seat"])
    n = len(g)
    seats = int(p["seat"].max()) + 1 if len(p) else 0
    if len(p) != n * seats:
        raise CompareError(f"{len(p)} player rows for {n} games of {seats} players")

    def per_seat(col):
        return p[col].to_numpy().reshape(n, seats).astype(np.float64)

    n_win = np.maximum(g["n_winners"].to_numpy().astype(np.float64), 1.0)
    win = per_seat("winner") / n_win[:, None]  # a shared win counts as a fraction
    ones = np.ones((n, 1))
    m = {
        "mean_score": _Measure(per_seat("score").sum(1, keepdims=True), ones * seats, False),
        "seat_advantage": _Measure(win, np.ones((n, seats)), True),
    }
    # the bot of each seat of each game: the same every game in a run, rotated
    # between the runs of a tuning trial (analyzer.run.tune), so read per game
    codes, names = pd.factorize(p["bot"])  # names in order of first appearance
    bots = codes.reshape(n, seats)
    if len(names) > 1:
        held = [bots == b for b in range(len(names))]  # (games, seats) each: which seats bot b holds
        m["strategy_dominance"] = _Measure(np.column_stack([(win * h).sum(1) for h in held]),
                                           np.column_stack([h.sum(1) for h in held]).astype(np.float64), True)
    done = per_seat("tickets_completed").sum(1, keepdims=True)
    m["ticket_completion"] = _Measure(done, done + per_seat("tickets_failed").sum(1, keepdims=True), False)
    for col in bonuses if bonuses is not None else BONUSES:
        holder = per_seat(col) > 0
        m[f"{col}_holders"] = _Measure(holder.sum(1, keepdims=True).astype(np.float64), ones, False)
        m[f"{col}_holder_win_rate"] = _Measure((win * holder).sum(1, keepdims=True),
                                               holder.sum(1, keepdims=True).astype(np.float64), False)
    for name in bot_measures:
        measure, bot = name.split(":", 1)
        held = (bots == names.get_loc(bot)) if bot in names else np.zeros((n, seats), bool)
        if measure == "win_rate":
            num, den = win * held, held.astype(np.float64)
        else:
            top, bottom = _BOT_MEASURE_SUMS[measure]
            num = per_seat(top) * held
            den = per_seat(bottom) * held if bottom else held.astype(np.float64)
        m[name] = _Measure(num.sum(1, keepdims=True), den.sum(1, keepdims=True), False)
    m["game_length"] = _Measure(g["turns"].to_numpy().astype(np.float64)[:, None], ones, False)
    m["stalled_games"] = _Measure(g["stalled"].to_numpy().astype(np.float64)[:, None], ones, False)
    return m


class _Stacked:
    """Every measure's numerators and denominators side by side in one
    (games, columns) matrix, so that one product with the bootstrap weights
    serves all measures (the weights are read from memory once)."""

    def __init__(self, meas: dict[str, _Measure]):
        cols, self.slices, at = [], {}, 0
        for k, m in meas.items():
            kk = m.num.shape[1]
            cols += [m.num, m.den]
            self.slices[k] = (at, at + kk, at + 2 * kk, m.spread)
            at += 2 * kk
        self.matrix = np.ascontiguousarray(np.hstack(cols))

    def stats(self, w: np.ndarray | None) -> dict[str, np.ndarray]:
        """Each measure for each row of bootstrap weights w (b, games); w=None: the data as they are."""
        sums = self.matrix.sum(0)[None, :] if w is None else w @ self.matrix
        return {k: _combine(sums[:, a:b], sums[:, b:c], spread) for k, (a, b, c, spread) in self.slices.items()}


def _combine(num: np.ndarray, den: np.ndarray, spread: bool) -> np.ndarray:
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = num / den
    if spread:
        ok = np.isfinite(ratio).sum(1) >= 2
        out = np.full(len(ratio), np.nan)
        if ok.any():
            out[ok] = np.nanmax(ratio[ok], 1) - np.nanmin(ratio[ok], 1)
        return out
    return ratio[:, 0]


def _weights(rng, n: int, b: int) -> np.ndarray:
    """b rows of bootstrap counts over n games (each row sums to n)."""
    w = np.empty((b, n), np.float64)
    rows = max(1, (1 << 22) // n)  # draw a block of rows at once (the same stream as row by row), 32 MB at most
    for i in range(0, b, rows):
        k = min(rows, b - i)
        idx = rng.integers(0, n, (k, n))
        idx += np.arange(0, k * n, n)[:, None]
        w[i:i + k] = np.bincount(idx.ravel(), minlength=k * n).reshape(k, n)
    return w


def compare_tables(runs: dict[str, RunTables], baseline: str, n_boot: int = 1000, seed: int = 0,
                   level: float = 0.95, bot_measures=()) -> pd.DataFrame:
    """Every variant (`runs`, in order) against the baseline, for every
    balance measure (MEASURES) and the per-bot `bot_measures` (MEASURE:BOT).

    Returns one row per variant and measure: variant, measure, estimate,
    estimate_ci_low / estimate_ci_high (bootstrap CI of the variant's own
    value, `level`), baseline_value, difference, ci_low / ci_high (paired bootstrap CI of the
    difference, `level`), unpaired_ci_low / unpaired_ci_high, games, paired,
    is_baseline. The baseline's own rows have difference 0. `paired` is False
    when the two runs do not share seed and games (then the paired columns
    hold the unpaired interval)."""
    names = list(runs)
    base = baseline
    if base not in runs:
        raise CompareError(f"baseline '{base}' is not a variant; variants: {', '.join(names)}")
    if n_boot < 10:
        raise CompareError(f"n_boot must be >= 10, not {n_boot}")
    # bonus measures only for bonuses some variant gives
    bonuses = [c for c in BONUSES if any(r.players[c].any() for r in runs.values())]
    meas = {name: _Stacked(game_measures(r, bonuses, bot_measures)) for name, r in runs.items()}
    n_base = len(runs[base].games)
    base_games = np.sort(runs[base].games["game"].to_numpy())
    rng = np.random.default_rng(seed)
    batch = max(1, min(n_boot, 4_000_000 // max(n_base, 1)))
    paired, keys, diffs_p, diffs_u, reps = {}, {}, {}, {}, {}
    for name in names:
        r = runs[name]
        paired[name] = (len(r.games) == n_base and r.seed == runs[base].seed
                        and np.array_equal(np.sort(r.games["game"].to_numpy()), base_games))
        keys[name] = [k for k in meas[base].slices if k in meas[name].slices]
        diffs_p[name] = {k: [] for k in keys[name]}
        diffs_u[name] = {k: [] for k in keys[name]}
        reps[name] = {k: [] for k in keys[name]}
    # One set of resampled games per batch, shared by every variant: the
    # paired replicates apply the baseline's resample to each variant; the
    # unpaired ones draw the variant's games independently.
    done = 0
    while done < n_boot:
        b = min(batch, n_boot - done)
        w_base = _weights(rng, n_base, b)
        w_other = {n_base: _weights(rng, n_base, b)}
        stat_base = meas[base].stats(w_base)
        for name in names:
            n = len(runs[name].games)
            if n not in w_other:
                w_other[n] = _weights(rng, n, b)
            unpaired_stats = meas[name].stats(w_other[n])
            paired_stats = meas[name].stats(w_base) if paired[name] else None
            for k in keys[name]:
                diffs_u[name][k].append(unpaired_stats[k] - stat_base[k])
                reps[name][k].append(unpaired_stats[k])
                if paired[name]:
                    diffs_p[name][k].append(paired_stats[k] - stat_base[k])
        done += b
    point = {name: m.stats(None) for name, m in meas.items()}
    rows = []
    for name in names:
        for k in keys[name]:
            est = float(point[name][k][0])
            ref = float(point[base][k][0])
            du = np.concatenate(diffs_u[name][k])
            dp = np.concatenate(diffs_p[name][k]) if paired[name] else du
            lo_u, hi_u = _quantiles(du, level)
            lo_p, hi_p = _quantiles(dp, level)
            if name == base:
                lo_p = hi_p = 0.0
            lo_e, hi_e = _quantiles(np.concatenate(reps[name][k]), level)
            rows.append({"variant": name, "measure": k, "estimate": est, "estimate_ci_low": lo_e,
                         "estimate_ci_high": hi_e, "baseline_value": ref,
                         "difference": est - ref, "ci_low": lo_p, "ci_high": hi_p,
                         "unpaired_ci_low": lo_u, "unpaired_ci_high": hi_u, "games": len(runs[name].games),
                         "paired": paired[name], "is_baseline": name == base})
    df = pd.DataFrame(rows)
    df["variant"] = pd.Categorical(df["variant"], categories=names, ordered=True)
    df["measure"] = pd.Categorical(df["measure"], categories=list(dict.fromkeys(df["measure"])), ordered=True)
    return df


def _quantiles(x: np.ndarray, level: float) -> tuple[float, float]:
    lo, hi = percentile_interval(np.where(np.isfinite(x), x, np.nan), level)
    return float(lo), float(hi)
