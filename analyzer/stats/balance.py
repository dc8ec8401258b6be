"""The balance scorecard's measures (docs/balance.md): does the seat decide
the game, does skill decide it, how long it lasts, what decides it.

Pure numpy / pandas over a stacked players table of a tier ladder: the
players tables of every (table, seating) run played on the same seeds
(analyzer.run.ladder), with a `run` column, the `game` index being the seed
block. Every estimate is a ratio of sums over seed blocks, and every interval
the 2.5%-97.5% percentiles of the same ratio over bootstrap resamples of
whole seed blocks (the games of a block share a deal and are not
independent). Two scorecards on the same seeds (a rule set against its
preset) are compared with the same resamples of blocks: `compare_measures`
gives each difference its paired interval.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from analyzer.stats.intervals import percentile_interval
from analyzer.stats.ladder import block_totals, bootstrap_weights, bt_fit

TIERS = ("random", "greedy", "planner", "expert")
"""The skill tiers, weakest first: the nominal order the skill-expression index reads."""
ALL_TIERS = "all"
BONUS_COLUMNS = ("longest_bonus", "explorer_bonus", "globetrotter_bonus", "grand_tour_bonus")
MEASURES = ("seats", "matrix", "ratings", "index", "length", "decided", "bonuses")
"""The scorecard's tables, in the order the docs and the figures give them."""
BT_PRIOR = 1.0  # virtual tied comparisons per pair, as the ladder's default


@dataclass
class Measure:
    """One table of the scorecard: `rows` holds the keys and the estimates;
    `replicates[col]` the bootstrap replicates of estimate column `col`
    (resamples x rows), from which `table()` adds col_low and col_high."""

    rows: pd.DataFrame
    replicates: dict[str, np.ndarray]

    def table(self) -> pd.DataFrame:
        out = self.rows.copy()
        for col, reps in self.replicates.items():
            out[f"{col}_low"], out[f"{col}_high"] = percentile_interval(reps)
        return out


def resample_weights(n_blocks: int, bootstrap: int = 1000, seed: int = 1) -> np.ndarray:
    """How often each seed block is drawn in each resample (bootstrap, n_blocks);
    two scorecards on the same seeds share these for their paired intervals."""
    return bootstrap_weights(n_blocks, bootstrap, np.random.default_rng([seed, 0x42414C]))  # "BAL"


def _block_sums(block: np.ndarray, cell: np.ndarray, values: np.ndarray, n_blocks: int, n_cells: int
                ) -> np.ndarray:
    """Sums of `values` per (seed block, cell): (n_blocks, n_cells)."""
    return np.bincount(block * n_cells + cell, weights=values, minlength=n_blocks * n_cells).reshape(
        n_blocks, n_cells)


def _ratio(num: np.ndarray, den: np.ndarray, wts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A ratio of block sums (blocks, cells) and its replicates (resamples, cells)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        return num.sum(axis=0) / den.sum(axis=0), (wts @ num) / (wts @ den)


def _games(players: pd.DataFrame) -> tuple[pd.DataFrame, int]:
    """The players table in (run, game, seat) order and its seats per game."""
    p = players.sort_values(["run", "game", "seat"], kind="stable").reset_index(drop=True)
    k = int(p.groupby(["run", "game"]).size().max())
    if len(p) % k:
        raise ValueError("every game of a scorecard must have the same number of seats")
    return p, k


def _win_shares(p: pd.DataFrame, k: int) -> np.ndarray:
    """Each row's share of its game's win (1/w for each of w winners; 0 in a game nobody won)."""
    winner = p["winner"].to_numpy(bool).reshape(-1, k)
    n_win = winner.sum(axis=1, keepdims=True)
    return np.where(n_win > 0, winner / np.maximum(n_win, 1), 0.0).ravel()


def _tier_codes(p: pd.DataFrame, tiers) -> np.ndarray:
    code = pd.Categorical(p["bot"].astype(str), categories=list(tiers)).codes.astype(np.int64)
    if (code < 0).any():
        raise ValueError(f"players table holds bots outside the tiers {list(tiers)}")
    return code


def seat_advantage(players: pd.DataFrame, tiers, n_blocks: int, wts: np.ndarray) -> Measure:
    """Each seat's win share, for all tiers together and for each tier, and
    its advantage: the win share in that seat minus the mean of that tier's
    win shares over the seats (with seats rotated over the same deals, a
    fair seat has advantage 0)."""
    p, k = _games(players)
    n_tiers = len(tiers)
    code, seat = _tier_codes(p, tiers), p["seat"].to_numpy(np.int64)
    block = p["game"].to_numpy(np.int64)
    cell = code * k + seat
    wins = _block_sums(block, cell, _win_shares(p, k), n_blocks, n_tiers * k).reshape(n_blocks, n_tiers, k)
    seats = _block_sums(block, cell, np.ones(len(p)), n_blocks, n_tiers * k).reshape(n_blocks, n_tiers, k)
    # the first row of tiers: all tiers together
    wins = np.concatenate([wins.sum(axis=1, keepdims=True), wins], axis=1).reshape(n_blocks, -1)
    seats = np.concatenate([seats.sum(axis=1, keepdims=True), seats], axis=1).reshape(n_blocks, -1)
    share, share_bs = _ratio(wins, seats, wts)
    shape = (n_tiers + 1, k)

    def advantage(x):
        s = x.reshape(*x.shape[:-1], *shape)
        return (s - np.nanmean(s, axis=-1, keepdims=True)).reshape(x.shape)

    with np.errstate(invalid="ignore"):
        adv, adv_bs = advantage(share), advantage(share_bs)
    rows = pd.DataFrame({"tier": np.repeat([ALL_TIERS, *tiers], k), "seat": np.tile(np.arange(k), n_tiers + 1),
                         "seat_games": seats.sum(axis=0).astype(np.int64), "win_share": share,
                         "advantage": adv})
    return Measure(rows, {"win_share": share_bs, "advantage": adv_bs})


def _pairs(players: pd.DataFrame, tiers, n_blocks: int) -> np.ndarray:
    """Pairwise results per seed block (blocks, tiers, tiers): wins of row
    over column, teammates (Team Asia) never compared."""
    return block_totals(players.assign(bot=players["bot"].astype(str)), list(tiers), n_blocks).pairs


def _head_share(pairs: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore"):
        return pairs / (pairs + np.swapaxes(pairs, -1, -2))


def skill_matrix(pairs: np.ndarray, tiers, wts: np.ndarray) -> Measure:
    """Head to head: the share of its pairwise comparisons with `opponent`
    that `tier` won (ahead in the result; equal results 1/2 each)."""
    n = len(tiers)
    total = pairs.sum(axis=0)
    flat = pairs.reshape(len(pairs), -1)
    share = _head_share(total).ravel()
    share_bs = _head_share((wts @ flat).reshape(-1, n, n)).reshape(len(wts), -1)
    a, b = np.divmod(np.arange(n * n), n)
    keep = (a != b) & ((total + total.T).ravel() > 0)
    rows = pd.DataFrame({"tier": np.asarray(tiers)[a[keep]], "opponent": np.asarray(tiers)[b[keep]],
                         "comparisons": (total + total.T).ravel()[keep], "share": share[keep]})
    return Measure(rows, {"share": share_bs[:, keep]})


def ratings(pairs: np.ndarray, tiers, wts: np.ndarray) -> Measure:
    """Bradley-Terry log-strength of each tier (mean 0 over tiers;
    P(i ahead of j) = 1 / (1 + exp(r_j - r_i)))."""
    n = len(tiers)
    bt = bt_fit(pairs.sum(axis=0), BT_PRIOR)
    bt_bs = bt_fit((wts @ pairs.reshape(len(pairs), -1)).reshape(-1, n, n), BT_PRIOR)
    return Measure(pd.DataFrame({"tier": list(tiers), "rating": bt}), {"rating": bt_bs})


def _index_values(pairs: np.ndarray, n: int) -> np.ndarray:
    """(..., 3): the skill-expression index, the rating spread and the top
    tier's share against the bottom one, of summed pairwise results (..., n, n)."""
    head = _head_share(pairs)
    steps = np.stack([2.0 * head[..., i + 1, i] - 1.0 for i in range(n - 1)], axis=-1)
    with np.errstate(invalid="ignore"):
        sei = np.nanmean(steps, axis=-1) if n > 1 else np.full(pairs.shape[:-2], np.nan)
    bt = bt_fit(pairs, BT_PRIOR)
    spread = bt.max(axis=-1) - bt.min(axis=-1)
    return np.stack([sei, spread, head[..., n - 1, 0]], axis=-1)


INDEX_NAMES = ("skill_expression", "rating_spread", "top_vs_bottom")


def skill_index(pairs: np.ndarray, tiers, wts: np.ndarray) -> Measure:
    """skill_expression: the mean over adjacent tiers (weakest first) of
    2 x (the stronger tier's share against the weaker) - 1; 0 when a tier
    beats the one below it no more often than it loses, 1 when it always
    wins. rating_spread: the highest Bradley-Terry rating minus the lowest.
    top_vs_bottom: the last tier's share against the first."""
    n = len(tiers)
    value = _index_values(pairs.sum(axis=0), n)
    reps = _index_values((wts @ pairs.reshape(len(pairs), -1)).reshape(-1, n, n), n)
    return Measure(pd.DataFrame({"measure": list(INDEX_NAMES), "value": value}), {"value": reps})


def _per_game(p: pd.DataFrame, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Each game's seed block and index (rows of p in blocks of k seats)."""
    return p["game"].to_numpy(np.int64)[::k], np.arange(len(p) // k)


def game_length(players: pd.DataFrame, n_blocks: int, wts: np.ndarray) -> Measure:
    """Mean rounds per game: every player's turns summed, over the seats."""
    p, k = _games(players)
    block, _ = _per_game(p, k)
    rounds = p["turns"].to_numpy(np.float64).reshape(-1, k).sum(axis=1) / k
    num = _block_sums(block, np.zeros_like(block), rounds, n_blocks, 1)
    den = _block_sums(block, np.zeros_like(block), np.ones_like(rounds), n_blocks, 1)
    value, reps = _ratio(num, den, wts)
    return Measure(pd.DataFrame({"measure": ["rounds"], "games": [len(rounds)], "value": value}),
                   {"value": reps})


def decided_by_tickets(players: pd.DataFrame, n_blocks: int, wts: np.ndarray) -> Measure:
    """Share of games the tickets decided: no winner has the highest score
    without ticket points (score - tickets won + tickets lost; in team play
    the team's score less the team's ticket points), so the tickets turned
    the result; the rest, and games nobody won, count as decided by routes
    and bonuses."""
    p, k = _games(players)
    block, _ = _per_game(p, k)
    net = (p["tickets_won"].to_numpy(np.float64) - p["tickets_lost"].to_numpy(np.float64)).reshape(-1, k)
    # Team Asia: the score on each row is the team's, so are the ticket points taken out of it
    team = p["team" if "team" in p.columns else "seat"].to_numpy(np.int64).reshape(-1, k)
    same_team = team[:, :, None] == team[:, None, :]
    without = p["score"].to_numpy(np.float64).reshape(-1, k) - (same_team * net[:, None, :]).sum(axis=2)
    winner = p["winner"].to_numpy(bool).reshape(-1, k)
    best_winner = np.where(winner, without, -np.inf).max(axis=1)
    decided = (winner.any(axis=1) & (best_winner < without.max(axis=1))).astype(np.float64)
    num = _block_sums(block, np.zeros_like(block), decided, n_blocks, 1)
    den = _block_sums(block, np.zeros_like(block), np.ones_like(decided), n_blocks, 1)
    value, reps = _ratio(num, den, wts)
    return Measure(pd.DataFrame({"measure": ["decided_by_tickets"], "games": [len(decided)], "value": value}),
                   {"value": reps})


def bonus_rates(players: pd.DataFrame, tiers, n_blocks: int, wts: np.ndarray) -> Measure:
    """For each bonus the board awards (a `*_bonus` column of BONUS_COLUMNS
    not all zero): the share of seat-games that took it, all tiers together
    and by tier, and the share of its takers who won."""
    p, k = _games(players)
    n_tiers = len(tiers)
    code, block = _tier_codes(p, tiers), p["game"].to_numpy(np.int64)
    win = p["winner"].to_numpy(np.float64)
    rows, rate_bs, win_bs = [], [], []
    for col in (c for c in BONUS_COLUMNS if c in p.columns and p[c].to_numpy().any()):
        took = (p[col].to_numpy() > 0).astype(np.float64)
        seats = _block_sums(block, code, np.ones(len(p)), n_blocks, n_tiers)
        taken = _block_sums(block, code, took, n_blocks, n_tiers)
        won = _block_sums(block, code, took * win, n_blocks, n_tiers)
        seats, taken, won = (np.concatenate([x.sum(axis=1, keepdims=True), x], axis=1)
                             for x in (seats, taken, won))
        rate, r_bs = _ratio(taken, seats, wts)
        holder_win, w_bs = _ratio(won, taken, wts)
        rows.append(pd.DataFrame({"bonus": col, "tier": [ALL_TIERS, *tiers], "seat_games": seats.sum(axis=0),
                                  "rate": rate, "holder_win": holder_win}))
        rate_bs.append(r_bs)
        win_bs.append(w_bs)
    if not rows:
        empty = pd.DataFrame(columns=["bonus", "tier", "seat_games", "rate", "holder_win"])
        return Measure(empty, {"rate": np.zeros((len(wts), 0)), "holder_win": np.zeros((len(wts), 0))})
    return Measure(pd.concat(rows, ignore_index=True),
                   {"rate": np.concatenate(rate_bs, axis=1), "holder_win": np.concatenate(win_bs, axis=1)})


@dataclass(frozen=True)
class Targets:
    """Where a designer wants the scorecard: the first seat's win share (all tiers
    together; None: no target) and head-to-head shares, (tier, opponent) -> share."""

    first_seat: float | None
    matrix: dict[tuple[str, str], float]


def target_distance(seats: Measure, matrix: Measure, targets: Targets) -> Measure:
    """The distance of the scorecard from `targets`: the square root of the
    summed squared differences between each targeted estimate (the first seat's win
    share, each targeted cell of the skill matrix) and its target, with each
    difference on its own row (measure `distance` first)."""
    names, values, reps = [], [], []
    if targets.first_seat is not None:
        at = np.flatnonzero((seats.rows["tier"] == ALL_TIERS).to_numpy() & (seats.rows["seat"] == 0).to_numpy())
        names.append("first_seat")
        values.append(seats.rows["win_share"].to_numpy()[at[0]] - targets.first_seat)
        reps.append(seats.replicates["win_share"][:, at[0]] - targets.first_seat)
    cells = {(a, b): i for i, (a, b) in enumerate(zip(matrix.rows["tier"], matrix.rows["opponent"], strict=True))}
    for (a, b), target in targets.matrix.items():
        if (a, b) not in cells:
            raise ValueError(f"target {a}.{b}: the tiers {a} and {b} did not meet in this scorecard")
        names.append(f"{a}.{b}")
        values.append(matrix.rows["share"].to_numpy()[cells[a, b]] - target)
        reps.append(matrix.replicates["share"][:, cells[a, b]] - target)
    diffs, diff_reps = np.array(values), np.stack(reps, axis=1)
    value = np.concatenate([[np.sqrt((diffs ** 2).sum())], diffs])
    rep = np.concatenate([np.sqrt((diff_reps ** 2).sum(axis=1, keepdims=True)), diff_reps], axis=1)
    return Measure(pd.DataFrame({"measure": ["distance", *names], "value": value}), {"value": rep})


def scorecard(players: pd.DataFrame, tiers, n_blocks: int, wts: np.ndarray, targets: Targets | None = None
              ) -> dict[str, Measure]:
    """Every measure of MEASURES for one stacked players table (see the
    module docstring), and with `targets` the `distance` from them."""
    tiers = list(tiers)
    pairs = _pairs(players, tiers, n_blocks)
    out = {"seats": seat_advantage(players, tiers, n_blocks, wts), "matrix": skill_matrix(pairs, tiers, wts),
            "ratings": ratings(pairs, tiers, wts), "index": skill_index(pairs, tiers, wts),
            "length": game_length(players, n_blocks, wts), "decided": decided_by_tickets(players, n_blocks, wts),
            "bonuses": bonus_rates(players, tiers, n_blocks, wts)}
    if targets is not None:
        out["distance"] = target_distance(out["seats"], out["matrix"], targets)
    return out


COUNT_COLUMNS = ("seat_games", "games", "comparisons")


def compare_measures(base: Measure, other: Measure) -> pd.DataFrame:
    """`other` beside `base` (from the same seeds and the same resamples of
    seed blocks), row by row on their keys: each estimate under both, the
    difference other - base and its paired interval (the percentiles of the
    resampled differences)."""
    on = [c for c in base.rows.columns if c not in base.replicates and c not in COUNT_COLUMNS]
    left = base.rows[on].assign(_base=np.arange(len(base.rows)))
    right = other.rows[on].assign(_other=np.arange(len(other.rows)))
    out = left.merge(right, on=on, how="inner")
    b, o = out.pop("_base").to_numpy(), out.pop("_other").to_numpy()
    for col in base.replicates:
        out[f"{col}_base"] = base.rows[col].to_numpy()[b]
        out[f"{col}_other"] = other.rows[col].to_numpy()[o]
        out[f"{col}_diff"] = out[f"{col}_other"] - out[f"{col}_base"]
        out[f"{col}_diff_low"], out[f"{col}_diff_high"] = percentile_interval(
            other.replicates[col][:, o] - base.replicates[col][:, b])
    return out
