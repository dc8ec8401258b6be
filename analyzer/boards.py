"""Boards: a board folder (board.toml + cities/routes/tickets CSV, and
tickets_multi.csv for tickets with several destinations) loaded and checked
by analyzer/board_files.py, and compiled into the kernels' arrays by
analyzer/board_arrays.py."""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pandas as pd

from analyzer.board_arrays import compile_board, ticket_rows
from analyzer.board_files import BoardError, read_board_folder
from analyzer.records import BoardRecord, copy_board
from analyzer.rules import RuleSet, preset

__all__ = ["DATA_DIR", "Board", "BoardError", "BoardSource", "board_arrays", "board_folder", "builtin_boards",
           "load_board"]

DATA_DIR = Path(__file__).parent / "boards_data"


@dataclass
class Board:
    name: str
    title: str
    path: Path
    preset: str
    provisional: bool
    provenance: str
    cities: pd.DataFrame  # name, x, y
    routes: pd.DataFrame  # a, b, length, color, kind, locomotives, mountains, parallel_group, reveal,
    #                       always_open, wild_set
    tickets: pd.DataFrame  # a, b, points, long
    deck: dict[str, int]
    rule_overrides: dict = field(default_factory=dict)
    provisional_note: str = ""
    regions: dict[str, list[str]] = field(default_factory=dict)  # [regions] of board.toml (L.REGION_NAMES)
    # [countries] of board.toml: a country is reached at any of its border points (SW-TKT-6)
    countries: dict[str, list[str]] = field(default_factory=dict)
    # tickets_multi.csv: a (city or country), options (tuple of destinations), points (tuple, one per option),
    # copies (identical cards in the deck). Scored by SW-TKT-3..5 (kernels/core/tickets.py ticket_outcome).
    multi_tickets: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(
        columns=["a", "options", "points", "copies"]))

    def rules(self, preset_name: str | None = None, overrides=None) -> RuleSet:
        """The board's default rule preset, its own overrides, then the user's."""
        rs = preset(preset_name or self.preset)
        if preset_name is None and self.rule_overrides:
            rs = rs.with_overrides(self.rule_overrides)
        return rs.with_overrides(overrides)

    def compile(self, rules: RuleSet) -> BoardRecord:
        """The kernels' view of this board under these rules (analyzer/board_arrays.py)."""
        return compile_board(self, rules)

    def ticket_rows(self) -> pd.DataFrame:
        """One row per ticket card as the kernels and the tickets table number
        them (city-city tickets, then each copy of a ticket with options)."""
        return ticket_rows(self)

    def data_features(self) -> dict[str, str]:
        """The board's special data, feature -> what carries it: routes paid with
        sets of any cards (`wild_set`, NC-CLM-1) and tickets with options
        (`country_tickets`, SW-TKT-3..5). analyzer.bots refuses a bot that
        does not handle one."""
        out = {}
        special = self.routes[self.routes["wild_set"] > 0]
        if len(special):
            out["wild_set"] = ", ".join(f"{r.a}-{r.b} (any {r.wild_set} for one)" for r in special.itertuples())
        if len(self.multi_tickets):
            out["country_tickets"] = f"{int(self.multi_tickets['copies'].sum())} tickets in tickets_multi.csv"
        return out

    def summary(self) -> dict:
        rt, mt = self.routes, self.multi_tickets
        pairs = rt.groupby(["a", "b"]).size() if len(rt) else pd.Series(dtype=int)
        return {
            "name": self.name,
            "title": self.title,
            "provisional": self.provisional,
            "cities": len(self.cities),
            "routes": len(rt),
            "city_pairs": int(len(pairs)),
            "doubles": int((pairs >= 2).sum()),
            "triples": int((pairs >= 3).sum()),
            "total_length": int(rt["length"].sum()),
            "tunnels": int((rt["kind"] == "tunnel").sum()),
            "ferries": int((rt["kind"] == "ferry").sum()),
            "ferry_locomotives": int(rt["locomotives"].sum()),
            "mountain_routes": int((rt["kind"] == "mountain").sum()),
            "mountain_spaces": int(rt["mountains"].sum()),
            "tickets": len(self.tickets),
            "long_tickets": int(self.tickets["long"].sum()),
            "ticket_points": int(self.tickets["points"].sum()),
            "multi_tickets": len(mt),  # designs in tickets_multi.csv
            "multi_ticket_cards": int(mt["copies"].sum()),
            "ticket_cards": len(self.tickets) + int(mt["copies"].sum()),
            "deck": dict(self.deck),
            "deck_cards": int(sum(self.deck.values())),
            "preset": self.preset,
            "regions": "; ".join(f"{k}: {', '.join(v)}" for k, v in self.regions.items()),
            "countries": "; ".join(f"{k}: {len(v)} border points" for k, v in self.countries.items()),
            "special_routes": self.data_features().get("wild_set", ""),
        }


def builtin_boards() -> list[str]:
    return sorted(p.name for p in DATA_DIR.iterdir() if (p / "board.toml").exists())


def board_folder(name_or_path: str | Path) -> Path:
    """The folder of a built-in board by name (`usa`, `europe`, ...) or a board folder."""
    p = Path(name_or_path)
    if not p.is_dir():
        key = str(name_or_path).lower().replace("-", "_")
        if (DATA_DIR / key).is_dir():
            p = DATA_DIR / key
        else:
            raise BoardError(
                name_or_path, None, None,
                f"no such board folder, and not a built-in board ({', '.join(builtin_boards())})",
            )
    return p


@dataclass(frozen=True)
class BoardSource:
    """A board folder found and its files hashed, once: `board()` reads it and
    `compile(rules)` compiles it, each cached by the folder's contents (a
    tuning study plays hundreds of runs on one board), each caller getting
    its own copy. The hash is of the contents, not the modification times,
    which a quick rewrite can leave equal; reading the few small files costs
    far less than parsing them."""

    path: str
    resolved: str
    stamp: tuple

    @classmethod
    def find(cls, name_or_path: str | Path) -> BoardSource:
        p = board_folder(name_or_path)
        stamp = tuple((f.name, hashlib.blake2b(f.read_bytes(), digest_size=16).digest())
                      for f in sorted(p.iterdir()) if f.is_file())
        return cls(str(p), str(p.resolve()), stamp)

    def board(self) -> Board:
        """The Board (a copy of its own: the caller may change it)."""
        return Board(**copy.deepcopy(_read_folder(self)))

    def compile(self, rules: RuleSet) -> BoardRecord:
        """The kernels' record of the board under these rules (a copy of its own)."""
        return copy_board(_compiled(self, rules))


def load_board(name_or_path: str | Path) -> Board:
    """A built-in board by name (`usa`, `europe`, ...) or a board folder: a
    Board of its own (the caller may change it)."""
    return BoardSource.find(name_or_path).board()


def board_arrays(name_or_path: str | Path, rules: RuleSet) -> BoardRecord:
    """load_board(name_or_path).compile(rules), compiled once per folder
    contents and rule set; each caller gets its own copy."""
    return BoardSource.find(name_or_path).compile(rules)


@lru_cache(maxsize=64)
def _read_folder(source: BoardSource) -> dict:
    return read_board_folder(Path(source.path))  # a bad folder raises, and lru_cache keeps nothing


@lru_cache(maxsize=256)
def _compiled(source: BoardSource, rules: RuleSet) -> BoardRecord:
    return compile_board(Board(**_read_folder(source)), rules)
