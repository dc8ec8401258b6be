"""`ttr balance`: the balance scorecard of a board at a player count
(docs/balance.md).

A scorecard is a ladder (analyzer.run.ladder) of the four skill tiers
(analyzer.stats.balance.TIERS: random, greedy, planner and the search player
`expert` at a small budget, `rollouts` per decision): every table of tiers,
each in every seat by rotation, game i of every run on the same deal. Its
measures (analyzer.stats.balance) come from the ladder's players tables.
With `overrides` (`--set`), the same ladder is played again under the
changed rules on the same seeds, and each measure is compared with the
preset's on the same resamples of seed blocks (paired intervals).

Folder: out/balance.json (what was played), out/preset/ (the ladder in
ladder/, then one Parquet and one CSV file per measure), with overrides
out/variant/ likewise and out/compare/ (each measure side by side).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from analyzer.boards import load_board
from analyzer.bots import unhandled_board_data, unsupported_bots
from analyzer.run.ladder import LadderResult, ladder, load_ladder
from analyzer.run.protocol import read_manifest, write_json
from analyzer.run.tune_output import write_csv, write_table
from analyzer.stats.balance import MEASURES, TIERS, Measure, compare_measures, resample_weights, scorecard

BALANCE_MANIFEST = "balance.json"
DEFAULT_GAMES = 2_000
"""Games of one scorecard, split over the ladder's runs (Europe 4p: 4 runs of 500 seed blocks)."""
DEFAULT_ROLLOUTS = 8
"""`expert`'s rollouts per decision in a scorecard (its default is 32): a fast search player, the top tier."""
SIDES = ("preset", "variant")


@dataclass(frozen=True)
class BalanceOptions:
    """How a scorecard is played: total games per ladder, master seed,
    expert's rollouts, bootstrap resamples of seed blocks, and the runner's
    threads, progress bar, Dask cluster and resume."""

    games: int = DEFAULT_GAMES
    seed: int = 1
    rollouts: int = DEFAULT_ROLLOUTS
    bootstrap: int = 1000
    threads: int = 0
    progress: bool = True
    cluster: str | None = None
    resume: bool = False


@dataclass
class Scorecard:
    """One ladder's measures: `measures[name]` for each name of MEASURES."""

    board: str
    players: int
    rules_name: str
    overrides: dict
    tiers: list[str]
    blocks: int
    games: int
    measures: dict[str, Measure] = field(repr=False)

    def tables(self) -> dict[str, pd.DataFrame]:
        return {name: m.table() for name, m in self.measures.items()}


@dataclass
class BalanceResult:
    """The preset's scorecard, with overrides the variant's and `compare`
    (measure name -> each estimate side by side, with the paired difference)."""

    preset: Scorecard
    variant: Scorecard | None = None
    compare: dict[str, pd.DataFrame] = field(default_factory=dict)
    path: Path | None = None


def tiers_for(board, rules) -> list[str]:
    """The tiers that play this board under these rules (all four on every built-in board)."""
    skip = set(unsupported_bots(list(TIERS), rules)) | set(unhandled_board_data(list(TIERS), rules, board))
    return [t for t in TIERS if t not in skip]


def legal_player_counts(board: str, rules: str | None = None) -> list[int]:
    """The player counts a board's rule set allows (whole teams in Team Asia)."""
    rs = load_board(board).rules(rules)
    return [n for n in range(rs.min_players, rs.max_players + 1) if n % rs.team_size == 0]


def _check(opts: BalanceOptions) -> None:
    for name in ("games", "rollouts"):
        v = getattr(opts, name)
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise ValueError(f"{name} must be a whole number >= 1, not {v!r}")


def _play(board, players, rules, overrides, folder: Path | None, opts: BalanceOptions) -> LadderResult:
    b = load_board(board)
    rs = b.rules(rules, overrides)
    tiers = tiers_for(b, rs)
    # team play: one tier per team (tiers mixed within a team would measure the team's weakest member)
    seatings = "teams" if rs.team_size > 1 else "rotations"
    return ladder(board=board, players=players, bots=tiers, games=opts.games, seed=opts.seed, rules=rules,
                  overrides=overrides, out=folder, threads=opts.threads, resume=opts.resume,
                  progress=opts.progress, cluster=opts.cluster, bootstrap=max(10, opts.bootstrap), seatings=seatings,
                  bot_params={"EXPERT_ROLLOUTS": opts.rollouts} if "expert" in tiers else None)


def scorecard_of(lad: LadderResult, bootstrap: int) -> Scorecard:
    """The measures of a finished ladder, resampled from its seed."""
    m = lad.manifest
    blocks = int(m["games_per_run"])
    wts = resample_weights(blocks, bootstrap, int(m["seed"]))
    players = lad.table("players")
    measures = scorecard(players, m["bots"], blocks, wts)
    preset = load_board(m["board"]).rules(m["rules_name"]).as_dict()
    overrides = {k: v for k, v in m["rules"].items() if preset.get(k) != v}
    return Scorecard(m["board"], int(m["players"]), m["rules_name"], overrides, list(m["bots"]), blocks,
                     int(players[["run", "game"]].drop_duplicates().shape[0]), measures)


def _write_tables(tables: dict[str, pd.DataFrame], folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, df in tables.items():
        write_table(df, folder / name)
        write_csv(df, folder / f"{name}.csv")


def balance(board="europe", players=4, rules=None, overrides=None, out=None,
            opts: BalanceOptions = BalanceOptions()) -> BalanceResult:
    """Play the scorecard of `board` at `players` (and with `overrides` the
    variant's, on the same seeds) and write it to `out` (see the module docstring)."""
    _check(opts)
    load_board(board).rules(rules, overrides or None)  # a bad rule is refused before any game is played
    out_dir = Path(out) if out is not None else None
    cards = []
    for side, ov in zip(SIDES, (None, overrides or None), strict=True):
        if side == "variant" and not ov:
            break
        folder = out_dir / side / "ladder" if out_dir is not None else None
        cards.append(scorecard_of(_play(board, players, rules, ov, folder, opts), opts.bootstrap))
        if out_dir is not None:
            _write_tables(cards[-1].tables(), out_dir / side)
    res = BalanceResult(cards[0], cards[1] if len(cards) > 1 else None, path=out_dir)
    if res.variant is not None:
        res.compare = {name: compare_measures(res.preset.measures[name], res.variant.measures[name])
                       for name in MEASURES}
        if out_dir is not None:
            _write_tables(res.compare, out_dir / "compare")
    if out_dir is not None:
        write_json(out_dir / BALANCE_MANIFEST, _manifest(res, opts))
    return res


def _manifest(res: BalanceResult, opts: BalanceOptions) -> dict:
    p = res.preset
    return {"format": 1, "kind": "balance", "board": p.board, "players": p.players, "rules_name": p.rules_name,
            "overrides": res.variant.overrides if res.variant else {}, "tiers": p.tiers, "games": opts.games,
            "seed": opts.seed, "expert_rollouts": opts.rollouts, "bootstrap": opts.bootstrap,
            "sides": [s for s, c in zip(SIDES, (res.preset, res.variant), strict=True) if c is not None]}


def load_balance(path) -> BalanceResult:
    """Read back a scorecard written by `balance(out=...)` / `ttr balance --out`."""
    path = Path(path)
    m = read_manifest(path, BALANCE_MANIFEST, "a balance", ValueError)
    cards = [scorecard_of(load_ladder(path / side / "ladder"), int(m["bootstrap"])) for side in m["sides"]]
    res = BalanceResult(cards[0], cards[1] if len(cards) > 1 else None, path=path)
    if res.variant is not None:
        res.compare = {name: compare_measures(res.preset.measures[name], res.variant.measures[name])
                       for name in MEASURES}
    return res
