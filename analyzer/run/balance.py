"""`ttr balance`: the balance scorecard of a board at a player count
(docs/balance.md).

A scorecard is a ladder (analyzer.run.ladder) of the four skill tiers
(analyzer.stats.balance.TIERS: random, greedy, planner and the search player
`expert` at its fast budget, or `rollouts` per decision): every table of tiers,
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

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from analyzer.boards import load_board
from analyzer.bots import EXPERT_FAST_PARAMS, expert_budget_label, unhandled_board_data, unsupported_bots
from analyzer.rules import RuleSet
from analyzer.run.ladder import LadderResult, ladder, load_ladder
from analyzer.run.protocol import read_manifest, write_json
from analyzer.run.tune_output import write_csv, write_table
from analyzer.stats.balance import TIERS, Measure, Targets, compare_measures, resample_weights, scorecard

BALANCE_MANIFEST = "balance.json"
DEFAULT_GAMES = 2_000
"""Games of one scorecard, split over the ladder's runs (Europe 4p: 4 runs of 500 seed blocks)."""
DEFAULT_ROLLOUTS = None
"""`expert`'s rollouts per decision in a scorecard; None: its fast budget (analyzer.bots.EXPERT_FAST_PARAMS,
as in the report's balance section), the top tier."""
SIDES = ("preset", "variant")


@dataclass(frozen=True)
class BalanceOptions:
    """How a scorecard is played: total games per ladder, master seed,
    expert's rollouts, bootstrap resamples of seed blocks, and the runner's
    threads, progress bar, Dask cluster and resume."""

    games: int = DEFAULT_GAMES
    seed: int = 1
    rollouts: int | None = DEFAULT_ROLLOUTS
    bootstrap: int = 1000
    threads: int = 0
    progress: bool = True
    cluster: str | None = None
    resume: bool = False
    targets: Targets | None = None


@dataclass
class Scorecard:
    """One ladder's measures: `measures[name]` for each name of MEASURES
    (analyzer.stats.balance), and `distance` when it was given targets."""

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
        if name == "rollouts" and v is None:
            continue  # the fast budget
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise ValueError(f"{name} must be a whole number >= 1, not {v!r}")


def tier_ladder(board, players, rules, overrides, folder: Path | None, opts: BalanceOptions,
                tiers: list[str] | None = None) -> LadderResult:
    """A scorecard's ladder: `tiers` (default: every tier that plays the board
    under these rules) at every table in every rotation, game i of every run
    on the same deal, expert at `opts.rollouts` (or its fast budget). `rules`: a preset name or a
    RuleSet."""
    rs = rules if isinstance(rules, RuleSet) else load_board(board).rules(rules, overrides)
    tiers = tiers_for(load_board(board), rs) if tiers is None else tiers
    # team play: one tier per team (tiers mixed within a team would measure the team's weakest member)
    seatings = "teams" if rs.team_size > 1 else "rotations"
    return ladder(board=board, players=players, bots=list(tiers), games=opts.games, seed=opts.seed, rules=rules,
                  overrides=overrides, out=folder, threads=opts.threads, resume=opts.resume,
                  progress=opts.progress, cluster=opts.cluster, bootstrap=max(10, opts.bootstrap), seatings=seatings,
                  bot_params=expert_params(opts.rollouts) if "expert" in tiers else None)


def expert_params(rollouts: int | None) -> Mapping[str, float]:
    """expert's bot params in a scorecard: `rollouts` per decision, or its fast budget when None."""
    return EXPERT_FAST_PARAMS if rollouts is None else {"EXPERT_ROLLOUTS": rollouts}


def read_targets(path) -> Targets:
    """A targets file (docs/balance.md "Targets"): TOML with `first_seat =
    share` and a [matrix] table of `tier.opponent = share`; a bad file is one
    ValueError naming the file and the field."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{path}: no such targets file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"{path}: cannot read the targets file ({e.__class__.__name__})") from None
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"{path}: not valid TOML ({e})") from None
    for key in data:
        if key not in ("first_seat", "matrix"):
            raise ValueError(f"{path}: unknown field '{key}' (fields: first_seat, matrix)")

    def share(v, where: str) -> float:
        if isinstance(v, bool) or not isinstance(v, int | float) or not 0 <= v <= 1:
            raise ValueError(f"{path}: {where} must be a share from 0 to 1, not {v!r}")
        return float(v)

    matrix = {}
    for a, row in (data.get("matrix") or {}).items():
        if not isinstance(row, dict):
            raise ValueError(f"{path}: matrix row {a} must name an opponent: {a}.OPPONENT = share")
        for b, v in row.items():
            for t in (a, b):
                if t not in TIERS:
                    raise ValueError(f"{path}: matrix cell {a}.{b}: unknown tier '{t}' (tiers: {', '.join(TIERS)})")
            matrix[a, b] = share(v, f"matrix cell {a}.{b}")
    first = share(data["first_seat"], "first_seat") if "first_seat" in data else None
    if first is None and not matrix:
        raise ValueError(f"{path}: no target (give first_seat or a matrix cell)")
    return Targets(first, matrix)


def targets_dict(t: Targets | None) -> dict | None:
    if t is None:
        return None
    return {"first_seat": t.first_seat, "matrix": {f"{a}.{b}": v for (a, b), v in t.matrix.items()}}


def _targets_of(d: dict | None) -> Targets | None:
    if d is None:
        return None
    return Targets(d["first_seat"], {tuple(k.split(".")): v for k, v in d["matrix"].items()})


def scorecard_of(lad: LadderResult, bootstrap: int, targets: Targets | None = None) -> Scorecard:
    """The measures of a finished ladder, resampled from its seed."""
    m = lad.manifest
    blocks = int(m["games_per_run"])
    wts = resample_weights(blocks, bootstrap, int(m["seed"]))
    players = lad.table("players")
    measures = scorecard(players, m["bots"], blocks, wts, targets)
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
        cards.append(scorecard_of(tier_ladder(board, players, rules, ov, folder, opts), opts.bootstrap,
                                   opts.targets))
        if out_dir is not None:
            _write_tables(cards[-1].tables(), out_dir / side)
    res = BalanceResult(cards[0], cards[1] if len(cards) > 1 else None, path=out_dir)
    if res.variant is not None:
        res.compare = _compare(res.preset, res.variant)
        if out_dir is not None:
            _write_tables(res.compare, out_dir / "compare")
    if out_dir is not None:
        write_json(out_dir / BALANCE_MANIFEST, _manifest(res, opts))
    return res


def _manifest(res: BalanceResult, opts: BalanceOptions) -> dict:
    p = res.preset
    return {"format": 1, "kind": "balance", "board": p.board, "players": p.players, "rules_name": p.rules_name,
            "overrides": res.variant.overrides if res.variant else {}, "tiers": p.tiers, "games": opts.games,
            "seed": opts.seed, "expert_budget": expert_budget_label(expert_params(opts.rollouts)),
            "bootstrap": opts.bootstrap,
            "sides": [s for s, c in zip(SIDES, (res.preset, res.variant), strict=True) if c is not None],
            "targets": targets_dict(opts.targets)}


def _compare(preset: Scorecard, variant: Scorecard) -> dict[str, pd.DataFrame]:
    return {name: compare_measures(m, variant.measures[name]) for name, m in preset.measures.items()}


def load_balance(path) -> BalanceResult:
    """Read back a scorecard written by `balance(out=...)` / `ttr balance --out`."""
    path = Path(path)
    m = read_manifest(path, BALANCE_MANIFEST, "a balance", ValueError)
    targets = _targets_of(m.get("targets"))
    cards = [scorecard_of(load_ladder(path / side / "ladder"), int(m["bootstrap"]), targets) for side in m["sides"]]
    res = BalanceResult(cards[0], cards[1] if len(cards) > 1 else None, path=path)
    if res.variant is not None:
        res.compare = _compare(res.preset, res.variant)
    return res
