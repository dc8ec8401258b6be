"""Result tables: record arrays -> compact DataFrames, and reading a run
back (`analyzer.load`); the files themselves follow analyzer.run.protocol."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow.parquet as pq

from analyzer.run.protocol import (
    EVENTS,
    MANIFEST,
    RUN_KEY_FIELDS,
    missing_chunks,
    part_path,
    read_json,
    read_manifest,
    tables_of,
)
from kernels import layouts as L


def chunk_frames(arrays: dict[str, np.ndarray], bots: list[str]) -> dict[str, pd.DataFrame]:
    """DataFrames of one chunk (to write it), over views of its record arrays
    (copy=False: building them holds the GIL, and a DataFrame built from a
    record array copies every column)."""
    return {t: frame_of(t, {f: arrays[t][f] for f in arrays[t].dtype.names}, bots) for t in tables_of(arrays)}


class ChunkArrays:
    """A run's tables as its chunks' record arrays, in chunk order, joined
    into a DataFrame table by table when first asked for (`frame`): a run
    returns as soon as its last chunk is played, and a table never read is
    never copied. Each column is one concatenation, contiguous (concatenating
    DataFrames took about twice as long); a table's record arrays are dropped
    once it is joined."""

    def __init__(self, chunks: list[dict[str, np.ndarray]], bots: list[str]):
        self.chunks = chunks
        self.bots = bots

    def frame(self, table: str) -> pd.DataFrame:
        parts = [c.pop(table) for c in self.chunks]
        return frame_of(table, {f: np.concatenate([p[f] for p in parts]) for f in parts[0].dtype.names}, self.bots)


def frame_of(table: str, columns: dict[str, np.ndarray], bots: list[str]) -> pd.DataFrame:
    """A DataFrame over the given columns of `table` (not copied), with categoricals for names (their codes
    the record's small integers as they are: Categorical.from_codes narrows wider ones again)."""
    df = pd.DataFrame(columns, copy=False)
    if table == "games":
        df["end_reason"] = pd.Categorical.from_codes(columns["end_reason"], categories=list(L.END_NAMES))
    elif table == "players":
        names = list(dict.fromkeys(bots))
        seat_bot = np.array([names.index(b) for b in bots], np.int64)
        df["bot"] = pd.Categorical.from_codes(seat_bot[df["seat"].to_numpy()], categories=names)
    elif table in ("claims", "tunnels"):
        df["colour"] = pd.Categorical.from_codes(columns["colour"], categories=list(L.CARD_NAMES))
    elif table == EVENTS:
        df["kind"] = pd.Categorical.from_codes(columns["kind"], categories=list(L.EVENT_NAMES))
        df["card"] = pd.Categorical.from_codes(columns["card"], categories=list(L.CARD_NAMES))  # -1: none
    return df


class TableAccess:
    """`.games`, `.players`, `.tickets`, `.claims`, `.tunnels`: each is
    `self.table(name)`; shared by a run's Results and a sweep's, each of
    which holds a `_table_lock` for _first_use."""

    def _first_use(self, ready, prepare) -> None:
        """prepare() once, under the object's lock, unless ready() already holds: threads asking for a
        table at once get the one frame it makes, and none sees it half made (pandas guards no column
        insert, and a run on disk would be read once per thread)."""
        if not ready():
            with self._table_lock:
                if not ready():
                    prepare()

    @property
    def games(self) -> pd.DataFrame:
        return self.table("games")

    @property
    def players(self) -> pd.DataFrame:
        return self.table("players")

    @property
    def tickets(self) -> pd.DataFrame:
        return self.table("tickets")

    @property
    def claims(self) -> pd.DataFrame:
        return self.table("claims")

    @property
    def tunnels(self) -> pd.DataFrame:
        return self.table("tunnels")

    @property
    def events(self) -> pd.DataFrame:
        """Every move of cards and tickets (a run with events only: docs/tables.md, events)."""
        return self.table(EVENTS)


class Results(TableAccess):
    """The tables of a run, as pandas DataFrames, and its manifest."""

    def __init__(self, tables: dict[str, pd.DataFrame], manifest: dict, board=None, path: Path | None = None,
                 chunks: ChunkArrays | None = None):
        self._tables = dict(tables)
        self.manifest = manifest
        self.board = board
        self.path = path
        self._chunks = chunks
        self._named: set[str] = set()
        self._table_lock = threading.Lock()
        self.reused = path is not None
        """True for a run read back from a folder an earlier call wrote (not played by the call that returned
        it): the report's cost table says so."""

    def table(self, name: str) -> pd.DataFrame:
        """A table by name; a run on disk reads each table on first use only,
        so a summary of a million-game run does not load its claims (a run in
        memory joins its chunks' rows on first use the same way)."""
        if name not in tables_of(self.manifest):
            hint = "; the events table needs a run with events (--events)" if name == EVENTS else ""
            raise KeyError(f"no table '{name}'; tables: {', '.join(tables_of(self.manifest))}{hint}")
        self._first_use(lambda: name in self._tables and (self.board is None or name in self._named),
                        lambda: self._prepare(name))
        return self._tables[name]

    def _prepare(self, name: str) -> None:
        """table's first use of `name`: its rows joined from the chunks or read from the folder, then its
        name columns added, each step once."""
        if name not in self._tables and self._chunks is not None:
            self._tables[name] = self._chunks.frame(name)
        if name not in self._tables:
            # the chunks' part files in one dataset: read on threads and made one DataFrame at once (a
            # DataFrame per part, then their concatenation, took twice as long; the same frame). No
            # partitioning: a folder named key=value (a sweep's variant) is no column
            parts = [str(part_path(self.path, name, c)) for c in range(self.manifest.get("n_chunks", 0))]
            df = pq.ParquetDataset(parts, partitioning=None).read().to_pandas() if parts else pd.DataFrame()
            self._tables[name] = _unify_categoricals(df)
        df = self._tables[name]
        if self.board is not None and name not in self._named:  # once per table, not per access
            if name in ("claims", "tunnels"):
                _add_names(name, df, self.route_names().tolist(), [])
            elif name == "tickets":
                _add_names(name, df, [], self.ticket_names().tolist())
            self._named.add(name)

    @classmethod
    def load(cls, path) -> Results:
        path = Path(path)
        manifest = read_manifest(path, MANIFEST, "a results")
        n = manifest.get("n_chunks", 0)
        missing = missing_chunks(path, manifest)
        if missing:
            raise ValueError(
                f"{path}: {len(missing)} of {n} chunks are missing or damaged (first: {missing[0]}); "
                "finish the run with `ttr simulate ... --resume`"
            )
        board = None
        if (path / "board" / "board.toml").exists():
            from analyzer.boards import load_board

            board = load_board(path / "board")
        return cls({}, manifest, board, path)

    @property
    def spec(self):
        """The run as its manifest describes it (analyzer.run.spec.RunSpec, on the board kept beside it)."""
        from analyzer.run.spec import RunSpec

        return RunSpec.from_manifest(self.manifest, self.board)

    def release(self) -> None:
        """Forget the tables read so far (a run on disk reads them again when
        used): a report over million-game runs holds one run's tables at a time."""
        if self.path is not None:
            self._tables.clear()
            self._named.clear()

    # names for ids ---------------------------------------------------------------
    def route_names(self) -> pd.Series:
        """Route id -> 'City A–City B (length colour kind)', unique (a second
        lane of the same look gets ' #2')."""
        r = self.board.routes
        names, seen = [], {}
        for a, b, n, c, k in zip(r["a"], r["b"], r["length"], r["color"], r["kind"], strict=True):
            name = f"{a}–{b} ({n} {c}{'' if k == 'normal' else ' ' + k})"
            seen[name] = seen.get(name, 0) + 1
            names.append(name if seen[name] == 1 else f"{name} #{seen[name]}")
        return pd.Series(names, name="route_name")

    def ticket_names(self) -> pd.Series:
        """Ticket id -> 'City A–City B (points)'; a ticket with options
        'Start–Option|Option (points|points)', a second copy '... #2'."""
        return pd.Series(self.board.ticket_rows()["name"].tolist(), name="ticket_name")

    def summary(self) -> pd.DataFrame:
        """Per-seat overview: mean score and components, win rate."""
        p = self.players
        cols = ["score", "route_points", "mountain_points", "tickets_won", "tickets_lost", "longest_bonus",
                "explorer_bonus", "globetrotter_bonus", "station_points", "routes_claimed", "tickets_completed",
                "tickets_failed", "stations_built", "tunnels_tried", "tunnels_abandoned", "trains_left",
                "special_tickets", "town_hall_crypt", "town_hall_manor", "bonus_cards", "ticket_swaps"]
        optional = {"mountain_points", "explorer_bonus", "globetrotter_bonus", "station_points", "stations_built",
                    "tunnels_tried", "tunnels_abandoned", "longest_bonus",
                    "special_tickets", "town_hall_crypt", "town_hall_manor", "bonus_cards", "ticket_swaps"}
        cols = [c for c in cols if c in p.columns and (c not in optional or p[c].any())]  # hide what never happens
        s = p.groupby(["seat", "bot"], observed=True)[cols].mean()
        s["win_rate"] = p.groupby(["seat", "bot"], observed=True)["winner"].mean() / 1.0
        s["games"] = p.groupby(["seat", "bot"], observed=True).size()
        return s

    def __repr__(self) -> str:
        m = self.manifest
        return (f"Results(board={m.get('board')!r}, players={m.get('players')}, bots={m.get('bots')}, "
                f"games={len(self.games)}, seed={m.get('seed')})")


def _add_names(name: str, df: pd.DataFrame, routes: list[str], tickets: list[str]) -> None:
    """Categorical name columns beside the ids (codes = ids, so they cost a few bytes a row)."""
    if name in ("claims", "tunnels") and "route_name" not in df.columns:
        df["route_name"] = pd.Categorical.from_codes(df["route"].to_numpy(), categories=routes)
    if name == "tickets" and "ticket_name" not in df.columns:
        df["ticket_name"] = pd.Categorical.from_codes(df["ticket"].to_numpy(), categories=tickets)


def _unify_categoricals(df: pd.DataFrame) -> pd.DataFrame:
    for col in ("bot", "end_reason", "colour", "kind", "card"):
        if col in df.columns and not isinstance(df[col].dtype, pd.CategoricalDtype):
            df[col] = df[col].astype("category")
    return df


def load(path) -> Results:
    """Read a run written by `simulate(out=...)` / `ttr simulate --out`."""
    return Results.load(path)


def finished_run(folder: Path, expected: dict, fields: tuple[str, ...] = RUN_KEY_FIELDS):
    """The Results of the run in `folder` when it is complete and equal to
    `expected` (a manifest) in `fields`; None otherwise (absent, unfinished,
    damaged or another run: simulate(resume=True) finishes or refuses it)."""
    try:
        m = read_json(Path(folder) / MANIFEST)
    except (OSError, json.JSONDecodeError):
        return None
    if m.get("status") != "complete" or any(m.get(k) != expected.get(k) for k in fields):
        return None
    try:
        return Results.load(folder)
    except ValueError:  # a damaged chunk
        return None
