"""The scorecard objective of a tuning study (`ttr tune --objective
scorecard --targets FILE`): each rule set is measured by the balance
scorecard's distance from a targets file (docs/balance.md "Targets").

A rung of a rule set is one tier ladder (analyzer.run.balance.tier_ladder:
the tiers at every table in every rotation, game i of every run on the same
deal), `blocks` seed blocks on the rung's master seed; a rule set's estimate
after rung r stacks the players tables of its rungs 0..r (each rung's seed
blocks numbered after the rung before) and computes the scorecard with
analyzer.stats.balance.scorecard, the distance included. Two rule sets on
the same rungs share their seed blocks and their bootstrap resamples of
blocks, so the difference of their distances has a paired interval
(analyzer.stats.balance.compare_measures). `versus` gives the same columns
as analyzer.stats.compare.compare_tables, so the search, the confirmation
and the audit read both kinds of study alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.rules import RuleSet
from analyzer.run.balance import DEFAULT_ROLLOUTS, BalanceOptions, tier_ladder, tiers_for
from analyzer.run.ladder import LadderResult, plan_runs
from analyzer.stats.balance import TIERS, Measure, Targets, compare_measures, resample_weights, scorecard
from analyzer.stats.tune import SCORECARD, TuneError

SCORECARD_TIERS = ("random", "greedy", "planner")
"""The tiers a scorecard objective plays by default: the three fast ones (expert is --tiers' to add)."""
SCORECARD_MIN_GAMES = 300
"""The first rung's games with the scorecard objective (all the ladder's runs together)."""


def parse_tiers(text, board, base: RuleSet, targets: Targets | None) -> list[str]:
    """--tiers: a comma list of distinct tiers (analyzer.stats.balance.TIERS), at least two, each playing
    the board under the base rules; every tier the targets name must be among them."""
    names = [t.strip().lower() for t in (text.split(",") if isinstance(text, str) else text or [])]
    where = f"--tiers '{text if isinstance(text, str) else ','.join(names)}'"
    for t in names:
        if t not in TIERS:
            raise TuneError(f"{where}: unknown tier '{t}' (tiers: {', '.join(TIERS)})")
    if len(set(names)) != len(names) or len(names) < 2:
        raise TuneError(f"{where}: give at least two different tiers, e.g. random,greedy,planner")
    playing = tiers_for(board, base)
    for t in names:
        if t not in playing:
            raise TuneError(f"{where}: tier '{t}' does not play this board under these rules")
    named = {t for cell in (targets.matrix if targets else {}) for t in cell}
    missing = sorted(named - set(names), key=TIERS.index)
    if missing:
        raise TuneError(f"{where}: the targets name tier '{missing[0]}'; add it to --tiers")
    return [t for t in TIERS if t in names]


@dataclass(frozen=True)
class ScorecardGames:
    """How a scorecard study plays one rule set's games: a tier ladder of
    `tiers` on `board` with `players`; `seatings` are the ladder's runs (one
    "game per seating" is one seed block)."""

    board: object
    players: int
    tiers: tuple[str, ...]
    targets: Targets
    seatings: tuple[tuple[str, ...], ...]
    threads: int = 0
    cluster: object = None
    rollouts: int | None = DEFAULT_ROLLOUTS

    @classmethod
    def of(cls, board, players: int, tiers: list[str], targets: Targets, rules: RuleSet, threads=0, cluster=None
           ) -> ScorecardGames:
        mode = "teams" if rules.team_size > 1 else "rotations"
        runs = plan_runs(list(tiers), players, mode, rules.team_size)
        return cls(board, players, tuple(tiers), targets, tuple(tuple(s.split(",")) for s in runs["seats"]),
                   threads, cluster)

    def play(self, folder: Path, setting, seed: int, blocks: int) -> list[LadderResult]:
        """One rung of one rule set (a tune_space.Setting; the scorecard tunes no bot weight): the ladder in
        `folder` (resumed when it is there)."""
        opts = BalanceOptions(games=blocks * len(self.seatings), seed=seed, rollouts=self.rollouts, bootstrap=10,
                              threads=self.threads, progress=False, cluster=self.cluster, resume=True)
        return [tier_ladder(self.board, self.players, setting.rules, None, folder, opts, list(self.tiers))]

    def distance(self, parts: list[list[LadderResult]], wts_seed: int, n_boot: int) -> tuple[Measure, int]:
        """The distance from the targets of a rule set's rungs stacked, and its number of games."""
        players, offset = [], 0
        for rung in parts:
            for lad in rung:
                p = lad.table("players")
                p["game"] = p["game"].astype(np.int64) + offset
                players.append(p)
                offset += int(lad.manifest["games_per_run"])
        stacked = pd.concat(players, ignore_index=True)
        wts = resample_weights(offset, n_boot, wts_seed)
        card = scorecard(stacked, list(self.tiers), offset, wts, self.targets)
        return card["distance"], int(stacked[["run", "game"]].drop_duplicates().shape[0])

    def versus(self, named: dict[str, list], reference: str, seed: int, n_boot: int) -> pd.DataFrame:
        """Every rule set of `named` (name -> its rungs, all on the same rungs) against `reference`: one row
        each, measure `scorecard` (the distance), in the columns of analyzer.stats.compare.compare_tables."""
        cards = {name: self.distance(parts, seed, n_boot) for name, parts in named.items()}
        ref = cards[reference][0]
        rows = []
        for name, (dist, games) in cards.items():
            own = dist.table().iloc[0]
            paired = compare_measures(ref, dist).iloc[0]
            rows.append({"variant": name, "measure": SCORECARD, "estimate": float(own.value),
                         "estimate_ci_low": float(own.value_low), "estimate_ci_high": float(own.value_high),
                         "baseline_value": float(paired.value_base), "difference": float(paired.value_diff),
                         "ci_low": 0.0 if name == reference else float(paired.value_diff_low),
                         "ci_high": 0.0 if name == reference else float(paired.value_diff_high),
                         "games": games, "paired": True, "is_baseline": name == reference})
        return pd.DataFrame(rows)


def check_scorecard_goals(objectives, constraints, targets) -> None:
    """The scorecard objective stands alone (its games are tier ladders, not the --bots table) and needs
    its targets; targets mean nothing to any other objective."""
    labels = [o.label for o in objectives]
    if any(o.measure == SCORECARD for o in objectives):
        if len(labels) > 1:
            raise TuneError(f"--objective scorecard: the only objective of its study, not with "
                            f"{next(x for x in labels if x != 'min:scorecard')}")
        if constraints:
            raise TuneError(f"--constraint '{constraints[0].label}': not with --objective scorecard (its games are "
                            f"tier ladders)")
        if targets is None:
            raise TuneError("--targets: --objective scorecard needs a targets file (docs/balance.md, Targets)")
    elif targets is not None:
        raise TuneError("--targets: a targets file is read by --objective scorecard only")
