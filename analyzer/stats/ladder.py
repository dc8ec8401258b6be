"""Bot-ladder statistics on a stacked players table: per-seed-block
sums, Bradley-Terry ratings (MM algorithm, Hunter 2004), and intervals from
resampling whole seed blocks (the games of a block share a deal and are not
independent).

Pure numpy / pandas: `ladder_stats(players, bots, n_blocks)` takes the
players tables of a ladder's runs stacked (columns run, game, seat, bot,
score, winner and the components) and returns the summary and pairwise
tables; analyzer.run.ladder plays the runs.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from analyzer.stats.intervals import percentile_interval

# score components reported per bot (means per seat-game); the optional ones
# are left out when no game of the ladder scores them
COMPONENTS = ("route_points", "tickets_won", "tickets_lost", "longest_bonus", "explorer_bonus",
              "globetrotter_bonus", "station_points", "mountain_points", "routes_claimed", "tickets_completed",
              "tickets_failed", "stations_built", "trains_left")
OPTIONAL = {"longest_bonus", "explorer_bonus", "globetrotter_bonus", "station_points", "mountain_points",
            "stations_built"}


@dataclass
class BlockTotals:
    """Sums per seed block and bot, from which every statistic (and every
    bootstrap resample of blocks) is a weighted sum over blocks."""

    seats: np.ndarray  # (blocks, bots): seat-games
    wins: np.ndarray  # (blocks, bots): win shares (a win shared by k winners counts 1/k)
    metrics: np.ndarray  # (blocks, bots, metrics): sums of score and components
    pairs: np.ndarray  # (blocks, bots, bots): pairwise wins of row over column (ties count 1/2 each)
    metric_names: list[str]


def block_totals(players: pd.DataFrame, bots: list[str], n_blocks: int) -> BlockTotals:
    """Aggregate a stacked players table (columns run, game, seat, bot, score,
    winner and the components) into per-block sums, with numpy bincounts: no
    loop over games, only over seat pairs and metrics.

    Pairwise results within a game: a winner beats a non-winner (the winner
    flag includes the rules' tie-breaks); otherwise the higher score wins and
    equal scores are a tie (1/2 each). Two seats of the same bot are not
    compared, nor are two teammates (a `team` column: Team Asia)."""
    p = players.sort_values(["run", "game", "seat"], kind="stable")
    k = int(p.groupby(["run", "game"]).size().max())
    if len(p) % k:
        raise ValueError("every game of a ladder must have the same number of seats")
    n_bots = len(bots)
    code = pd.Categorical(p["bot"], categories=bots).codes.astype(np.int64)
    if (code < 0).any():
        raise ValueError(f"players table holds bots outside {bots}")
    block = p["game"].to_numpy(np.int64)
    if block.min() < 0 or block.max() >= n_blocks:
        raise ValueError(f"game indexes outside 0..{n_blocks - 1}")
    winner = p["winner"].to_numpy(bool).reshape(-1, k)
    score = p["score"].to_numpy(np.float64).reshape(-1, k)
    n_win = winner.sum(axis=1, keepdims=True)
    share = np.where(n_win > 0, winner / np.maximum(n_win, 1), 0.0).ravel()
    cell = block * n_bots + code
    size = n_blocks * n_bots
    seats = np.bincount(cell, minlength=size).reshape(n_blocks, n_bots).astype(np.float64)
    wins = np.bincount(cell, weights=share, minlength=size).reshape(n_blocks, n_bots)
    metric_names = ["score", *COMPONENTS]
    metrics = np.stack([np.bincount(cell, weights=p[m].to_numpy(np.float64), minlength=size)
                        for m in metric_names], axis=-1).reshape(n_blocks, n_bots, len(metric_names))
    code_g = code.reshape(-1, k)
    team = p["team" if "team" in p.columns else "seat"].to_numpy(np.int64).reshape(-1, k)
    block_g = block.reshape(-1, k)[:, 0]
    pair_cells, pair_w = [], []
    for i, j in itertools.combinations(range(k), 2):
        a, b = code_g[:, i], code_g[:, j]
        wi, wj = winner[:, i], winner[:, j]
        si, sj = score[:, i], score[:, j]
        i_over_j = np.where(wi != wj, wi.astype(np.float64), np.where(si > sj, 1.0, np.where(si < sj, 0.0, 0.5)))
        diff = (a != b) & (team[:, i] != team[:, j])
        base = block_g[diff] * n_bots * n_bots
        pair_cells += [base + a[diff] * n_bots + b[diff], base + b[diff] * n_bots + a[diff]]
        pair_w += [i_over_j[diff], 1.0 - i_over_j[diff]]
    size2 = n_blocks * n_bots * n_bots
    if pair_cells:
        pairs = np.bincount(np.concatenate(pair_cells), weights=np.concatenate(pair_w), minlength=size2)
    else:
        pairs = np.zeros(size2)
    return BlockTotals(seats, wins, metrics, pairs.reshape(n_blocks, n_bots, n_bots), metric_names)


def bt_fit(wins: np.ndarray, prior: float = 0.0, tol: float = 1e-10, max_iter: int = 10_000) -> np.ndarray:
    """Bradley-Terry log-strengths from pairwise win counts, by the MM
    algorithm (Hunter 2004): p_i <- W_i / sum_j n_ij / (p_i + p_j), with W_i
    the wins of i and n_ij the comparisons of i and j.

    wins[..., i, j]: (possibly fractional) wins of i over j; leading axes are
    independent problems fitted together (the bootstrap resamples). `prior`:
    virtual comparisons, half won by each side, added to every pair that met
    (keeps the ratings finite when a bot never wins or never loses). Returns
    log-strengths with mean 0 over bots: P(i beats j) = 1 / (1 + exp(r_j - r_i)).
    With prior 0 and a bot that never wins (or never loses) the maximum-
    likelihood ratings do not exist: a bot without wins gets -inf and the
    mean is taken over the finite ratings."""
    w = np.asarray(wins, np.float64)
    n_bots = w.shape[-1]
    if w.shape[-2] != n_bots:
        raise ValueError("wins must be square in its last two axes")
    w = w * (1.0 - np.eye(n_bots))  # a bot is never compared with itself
    met = (w + np.swapaxes(w, -1, -2)) > 0
    w = w + 0.5 * prior * met
    n = w + np.swapaxes(w, -1, -2)
    total = w.sum(axis=-1)
    p = np.ones(w.shape[:-1])
    with np.errstate(divide="ignore", invalid="ignore"):
        for _ in range(max_iter):
            denom = (n / (p[..., :, None] + p[..., None, :])).sum(axis=-1)
            new = np.where(denom > 0, total / denom, p)
            # geometric mean 1 over the bots that won something (keeps the scale fixed)
            pos = new > 0
            log_mean = np.where(pos, np.log(np.where(pos, new, 1.0)), 0.0).sum(axis=-1) / np.maximum(
                pos.sum(axis=-1), 1)
            new = new / np.exp(log_mean)[..., None]
            done = np.nanmax(np.abs(np.log(new[pos]) - np.log(p[pos]))) if pos.any() else 0.0
            p = new
            if done < tol:
                break
        r = np.log(p)
        finite = np.isfinite(r)
        mean = np.where(finite, r, 0.0).sum(axis=-1) / np.maximum(finite.sum(axis=-1), 1)
    return r - mean[..., None]


def bootstrap_weights(n_blocks: int, n_resamples: int, rng: np.random.Generator) -> np.ndarray:
    """How many times each seed block is drawn in each resample of whole
    blocks (n_resamples, n_blocks): every game of a block shares its weight."""
    return rng.multinomial(n_blocks, np.full(n_blocks, 1.0 / n_blocks), size=n_resamples).astype(np.float64)


def ladder_stats(players: pd.DataFrame, bots: list[str], n_blocks: int, bootstrap: int = 1000, seed: int = 1,
                 bt_prior: float = 1.0) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The summary (one row per bot) and pairwise (one row per ordered pair)
    tables of a stacked players table. Intervals: 2.5% and 97.5% percentiles
    over `bootstrap` resamples of whole seed blocks (seeded from `seed`)."""
    t = block_totals(players, bots, n_blocks)
    rng = np.random.default_rng([seed, 0x4C4144])  # "LAD": apart from the game streams
    n_bots = len(bots)
    flat_pairs = t.pairs.reshape(n_blocks, -1)
    flat_metrics = t.metrics.reshape(n_blocks, -1)
    win_bs, score_bs, bt_bs, head_bs = [], [], [], []
    batch = max(1, min(bootstrap, 2_000_000 // max(n_blocks, 1)))  # bounds the weight matrix
    for start in range(0, bootstrap, batch):
        wts = bootstrap_weights(n_blocks, min(batch, bootstrap - start), rng)
        seats = wts @ t.seats
        win_bs.append((wts @ t.wins) / seats)
        score_bs.append((wts @ flat_metrics).reshape(-1, n_bots, len(t.metric_names))[..., 0] / seats)
        pw = (wts @ flat_pairs).reshape(-1, n_bots, n_bots)
        bt_bs.append(bt_fit(pw, bt_prior))
        with np.errstate(invalid="ignore"):  # pairs that never met: NaN
            head_bs.append(pw / (pw + np.swapaxes(pw, -1, -2)))
    win_bs, score_bs, bt_bs, head_bs = (np.concatenate(x) for x in (win_bs, score_bs, bt_bs, head_bs))

    ci = percentile_interval  # a pair that never met: an all-NaN column, a NaN interval
    seats = t.seats.sum(axis=0)
    means = t.metrics.sum(axis=0) / seats[:, None]
    pairs = t.pairs.sum(axis=0)
    bt = bt_fit(pairs, bt_prior)
    s = pd.DataFrame({"bot": bots, "games": seats.astype(np.int64)})
    s["win_rate"] = t.wins.sum(axis=0) / seats
    s["win_low"], s["win_high"] = ci(win_bs)
    s["score"] = means[:, 0]
    s["score_low"], s["score_high"] = ci(score_bs)
    for m, name in enumerate(t.metric_names[1:], start=1):
        if name not in OPTIONAL or t.metrics[:, :, m].any():
            s[name] = means[:, m]
    s["bt"] = bt
    s["bt_low"], s["bt_high"] = ci(bt_bs)
    s = s.sort_values(["bt", "win_rate"], ascending=False, kind="stable").reset_index(drop=True)
    s.insert(0, "rank", np.arange(1, n_bots + 1))

    with np.errstate(invalid="ignore"):
        share = pairs / (pairs + pairs.T)
    lo, hi = ci(head_bs)
    rows = []
    for a in range(n_bots):
        for b in range(n_bots):
            if a != b and pairs[a, b] + pairs[b, a] > 0:
                rows.append({"bot": bots[a], "opponent": bots[b], "comparisons": pairs[a, b] + pairs[b, a],
                             "wins": pairs[a, b], "share": share[a, b], "share_low": lo[a, b],
                             "share_high": hi[a, b],
                             "bt_expected": 1.0 / (1.0 + math.exp(bt[b] - bt[a]))
                             if np.isfinite(bt[a] - bt[b]) else np.nan})
    return s, pd.DataFrame(rows)
