"""What a run is: `RunSpec`, one frozen, typed description (board, rule set,
players, bots, games, seed, chunk size, bot parameters), checked once by
`make_spec` before any work starts. It is written as the run's manifest
(`RunSpec.manifest`) and read back from it (`RunSpec.from_manifest`): a
results folder says exactly which games it holds, and a resumed run must be
the same run."""

from __future__ import annotations

import platform
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analyzer.boards import Board, BoardSource
from analyzer.bots import BotParams, check_bots_handle_board, check_bots_play, parse_bots
from analyzer.rules import RuleError, RuleSet
from analyzer.run.protocol import MANIFEST_FORMAT
from kernels import SOURCE_HASH

DEFAULT_CHUNK = 2000


@dataclass(frozen=True)
class RunSpec:
    """One run: `games` games numbered 0.. on `board` under `rules`, one bot per
    seat, every game's randomness a function of (seed, game index), played in
    chunks of `chunk_size` games. `arrays`, the board as the kernels see it, is
    compiled by make_spec (which so checks that it compiles); it is no part of
    the description. Two specs compare equal when they describe the same
    games on boards of the same name."""

    board: Board = field(compare=False)
    rules: RuleSet
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    chunk_size: int
    bot_params: BotParams = BotParams()
    arrays: object = field(default=None, repr=False, compare=False)
    events: bool = field(default=False, compare=False)  # also write the events table (the same games)

    def __eq__(self, other) -> bool:
        return (isinstance(other, RunSpec) and self.board.name == other.board.name
                and self._described() == other._described())

    def _described(self) -> tuple:
        return (self.rules, self.players, self.bots, self.games, self.seed, self.chunk_size, self.bot_params)

    __hash__ = None

    @property
    def n_chunks(self) -> int:
        return n_chunks(self.games, self.chunk_size)

    def chunk_games(self, c: int) -> int:
        """The games of chunk c (the last may be short)."""
        return min(self.chunk_size, self.games - c * self.chunk_size)

    def manifest(self) -> dict:
        """The run's manifest: this description, the kernels' source hash and
        the versions that played it (analyzer.run.protocol writes it)."""
        import numba

        return {
            "format": MANIFEST_FORMAT,
            "board": self.board.name,
            "board_title": self.board.title,
            "provisional": self.board.provisional,
            "provisional_note": self.board.provisional_note,
            "rules": self.rules.as_dict(),
            "rules_name": self.rules.name,
            "rules_hash": self.rules.hash(),
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "chunk_size": self.chunk_size,
            **({"bot_params": self.bot_params.as_dict()} if self.bot_params else {}),
            **({"events": True} if self.events else {}),
            "n_chunks": self.n_chunks,
            "kernel_hash": SOURCE_HASH,
            "versions": {
                "ttr-analyzer": _version(),
                "python": platform.python_version(),
                "numba": numba.__version__,
                "numpy": np.__version__,
                "pandas": pd.__version__,
            },
        }

    @classmethod
    def from_manifest(cls, manifest: dict, board: Board) -> RunSpec:
        """The run a manifest describes, on `board` (the copy kept beside the results)."""
        return cls(board=board, rules=RuleSet.from_dict(manifest["rules"]), players=int(manifest["players"]),
                   bots=tuple(manifest["bots"]), games=int(manifest["games"]), seed=int(manifest["seed"]),
                   chunk_size=int(manifest["chunk_size"]), bot_params=BotParams.of(manifest.get("bot_params")),
                   events=bool(manifest.get("events")))


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("ttr-analyzer")
    except Exception:
        return "unknown"


def n_chunks(games: int, chunk_size: int) -> int:
    return (games + chunk_size - 1) // chunk_size


def make_spec(board="europe", players=4, bots=None, games=10_000, seed=1, rules=None, overrides=None,
              chunk_size=None, bot_params=None) -> RunSpec:
    """Check every input once, before any work starts: a board by name,
    folder or Board; a rule set (a preset name or a RuleSet, default the
    board's) with house-rule `overrides`; bots (a name, a comma list or one
    per seat); bot_params (analyzer.bots.BotParams.of)."""
    source = None if isinstance(board, Board) else BoardSource.find(board)  # found and hashed once
    b = board if source is None else source.board()
    rs = rules if isinstance(rules, RuleSet) else b.rules(rules, overrides)
    if isinstance(rules, RuleSet) and overrides:
        rs = rs.with_overrides(overrides)
    rs.validate()
    if isinstance(players, bool) or not isinstance(players, int) or not rs.min_players <= players <= rs.max_players:
        raise RuleError(f"rule set '{rs.name}' is for {rs.min_players}-{rs.max_players} players, not {players!r}")
    if players % rs.team_size:
        raise RuleError(f"rule set '{rs.name}' plays in teams of {rs.team_size}: {players} players is not whole teams")
    names = parse_bots(bots, players)
    params = BotParams.of(bot_params)
    check_bots_play(names, rs)
    check_bots_handle_board(names, rs, b)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise ValueError(f"seed must be a whole number in 0..2**63-1, not {seed!r}")
    # default chunk: about 16 chunks for small runs (work for every core),
    # at most DEFAULT_CHUNK games; independent of the thread count, so a run
    # can be resumed with any number of threads
    chunk = chunk_size or min(DEFAULT_CHUNK, max(50, -(-games // 16)))
    if chunk < 1:
        raise ValueError("chunk size must be >= 1")
    # raises if e.g. the route-score table is too short for the board; a board
    # given by name is compiled once per folder contents and rule set
    arrays = b.compile(rs) if source is None else source.compile(rs)
    return RunSpec(b, rs, players, tuple(names), games, seed, chunk, params, arrays)
