"""The experiment protocol: how a run, a sweep and a ladder keep their results
on disk so that nothing is lost and an interrupted experiment resumes.

An experiment folder holds one manifest (JSON) naming what the experiment is;
it is written with status "running" before any work and "complete" after.
A run's tables are Parquet part files, one per chunk and table, each written
under a temporary name and renamed, with the run's key and chunk number in
its metadata; a chunk marker (chunks/chunk-NNNNNN.json, with the row counts)
is written last, so a chunk is either complete or redone. Every file is
written atomically (temporary name, then rename).

`open_folder` starts or resumes an experiment (refusing a folder that holds
something else), `close_folder` marks it complete; `chunk_is_complete`,
`write_chunk` and `run_key` are the run level (analyzer.run.results reads a
run back, and finds a finished one).
"""

from __future__ import annotations

import hashlib
import json
import os
import uuid
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

TABLES = ("games", "players", "tickets", "claims", "tunnels")
EVENTS = "events"
"""The sixth table, written by a run with events only (its manifest says "events": true)."""
MANIFEST = "manifest.json"
RUN_IDENTITY = ("board", "rules_hash", "players", "bots", "games", "seed", "bot_params")
"""What makes two runs the same games (a report reuses a finished run that matches)."""
RUN_KEY_FIELDS = (*RUN_IDENTITY, "chunk_size", "kernel_hash")
"""What makes two runs the same part files (resuming requires all of it)."""
MANIFEST_FORMAT = 1
"""The layout of every experiment folder (a run, sweep, ladder or tuning study: its manifest's keys, its
tables and chunk files), written as the manifest's "format". Raised when a change leaves folders written
before unreadable or unresumable; a folder of another format is refused (check_format)."""


# --- files written atomically --------------------------------------------------------------
def tmp_name(path: Path) -> Path:
    """A temporary name beside `path`, unique even for two workers on
    different machines writing the same file."""
    return path.with_name(f".{path.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.tmp")


def write_json(path: Path, obj) -> None:
    """Write JSON atomically (numpy numbers are written as plain numbers)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = tmp_name(path)
    tmp.write_text(json.dumps(obj, indent=2, sort_keys=True, default=_plain))
    os.replace(tmp, path)


def _plain(x):
    if isinstance(x, np.integer):
        return int(x)
    if isinstance(x, np.floating):
        return float(x)
    raise TypeError(f"not JSON serialisable: {type(x)}")


def read_json(path: Path) -> dict:
    return json.loads(Path(path).read_text())


def read_manifest(folder: Path, manifest_name: str, what: str, error: type[Exception] = ValueError,
                  finished: str | None = None, hint: str = "") -> dict:
    """The manifest of the experiment in `folder`, for reading it back: a
    missing or damaged file is `error` naming the file (and the line); with
    `finished` (the command that continues it), an unfinished experiment is
    refused too."""
    mpath = Path(folder) / manifest_name
    if not mpath.exists():
        raise error(f"{mpath}: missing file (not {what} folder){hint}")
    try:
        manifest = read_json(mpath)
    except json.JSONDecodeError as e:
        raise error(f"{mpath}, line {e.lineno}: not valid JSON ({e.msg})") from None
    check_format(mpath, manifest, error)
    if finished is not None and manifest.get("status") != "complete":
        raise error(f"{folder}: the {what.split()[-1]} did not finish; continue it with `{finished} --resume`")
    return manifest


# --- the experiment folder -------------------------------------------------------------------
def open_folder(out_dir: Path, manifest_name: str, manifest: dict, key_fields: tuple[str, ...], resume: bool,
                what: str, error: type[Exception] = ValueError) -> dict | None:
    """Start or resume the experiment `manifest` describes in `out_dir`.

    A folder whose manifest differs in any of `key_fields` is refused, as is
    an existing experiment without `resume` and a non-empty folder holding no
    experiment. Writes the manifest with status "running"; returns the
    manifest found there (None for a new experiment). `what` names the
    experiment in messages (run, sweep, ladder); `error` is the exception raised."""
    out_dir = Path(out_dir)
    mpath = out_dir / manifest_name
    old = None
    if out_dir.exists() and not out_dir.is_dir():
        raise error(f"{out_dir} is a file, not a folder; choose another --out")
    if mpath.exists():
        try:
            old = read_json(mpath)
        except (OSError, json.JSONDecodeError) as e:
            raise error(f"{mpath}: unreadable {what} manifest ({e}); remove the folder to start again") from None
        check_format(mpath, old, error)
        if not resume:
            raise error(f"{out_dir} already holds a {what}; use --resume to continue it or choose another --out")
        diff = [k for k in key_fields if old.get(k) != manifest.get(k)]
        if diff:
            raise error(f"{mpath}: cannot resume, the {what} differs in {', '.join(diff)}")
    elif out_dir.exists() and any(out_dir.iterdir()) and not resume:
        raise error(f"{out_dir} exists and is not empty; choose another --out")
    out_dir.mkdir(parents=True, exist_ok=True)
    write_json(mpath, dict(manifest, status="running"))
    return old


def check_format(mpath: Path, manifest: dict, error: type[Exception] = ValueError) -> None:
    """Refuse a folder written in another layout than this version's (MANIFEST_FORMAT), naming the
    version that wrote it: read back or resumed, it would give wrong tables or a half-old folder."""
    found = manifest.get("format") if isinstance(manifest, dict) else None
    if found != MANIFEST_FORMAT:
        wrote = ((manifest.get("versions") if isinstance(manifest, dict) else None) or {}).get("ttr-analyzer")
        raise error(f"{mpath}: written by an incompatible version (ttr-analyzer {wrote or 'unknown'}, folder "
                    f"format {found}; this version reads format {MANIFEST_FORMAT}): read it with the version "
                    "that wrote it, or run it again into another folder")


def close_folder(out_dir: Path, manifest_name: str, manifest: dict) -> None:
    """Mark the experiment complete (written last: a complete manifest means complete results)."""
    manifest["status"] = "complete"
    write_json(Path(out_dir) / manifest_name, manifest)


# --- a run's chunks ------------------------------------------------------------------------------
def run_key(manifest: dict) -> str:
    """Identity of a run's games: every part file carries it, so a part file
    from another run (or another chunk) is never taken for this one's."""
    ident = {k: manifest.get(k) for k in RUN_KEY_FIELDS}
    if manifest.get(EVENTS):  # a run with events has other part files; a run without keeps its key
        ident[EVENTS] = True
    return hashlib.sha256(json.dumps(ident, sort_keys=True).encode()).hexdigest()[:16]


def part_path(out_dir: Path, table: str, c: int) -> Path:
    return Path(out_dir) / table / f"part-{c:06d}.parquet"


def marker_path(out_dir: Path, c: int) -> Path:
    return Path(out_dir) / "chunks" / f"chunk-{c:06d}.json"


def write_chunk(out_dir: Path, c: int, dfs: dict[str, pd.DataFrame], key: str) -> None:
    """Each part file is written under a temporary name and renamed, with the
    run key and chunk number in its metadata; the chunk marker (run key, row
    counts) is written last, so a chunk is either complete or redone."""
    counts = {}
    for t, df in dfs.items():
        path = part_path(out_dir, t, c)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = tmp_name(path)
        table = pa.Table.from_pandas(df, preserve_index=False)
        meta = dict(table.schema.metadata or {})
        meta.update({b"ttr_run": key.encode(), b"ttr_chunk": str(c).encode()})
        pq.write_table(table.replace_schema_metadata(meta), tmp)
        os.replace(tmp, path)
        counts[t] = len(df)
    write_json(marker_path(out_dir, c), {"chunk": c, "run": key, "rows": counts})


def chunk_is_complete(out_dir: Path, c: int, key: str | None = None) -> bool:
    """A chunk counts as done when its marker exists and every part file
    opens as Parquet, carries this run's key and chunk number, and has the row
    count the marker recorded; anything else (a truncated, corrupt or foreign
    file) is redone."""
    out_dir = Path(out_dir)
    try:
        if key is None:
            key = run_key(read_json(out_dir / MANIFEST))
        info = read_json(marker_path(out_dir, c))
        if info.get("run") != key:
            return False
        for t in tables_of(info["rows"]):
            meta = pq.read_metadata(part_path(out_dir, t, c))
            kv = meta.metadata or {}
            if (meta.num_rows != info["rows"][t] or kv.get(b"ttr_run") != key.encode()
                    or kv.get(b"ttr_chunk") != str(c).encode()):
                return False
        return True
    except Exception:
        return False


def tables_of(manifest_or_rows: dict) -> tuple[str, ...]:
    """The tables of a run (its manifest) or of a chunk (its marker's rows): the five, and the events'
    when it has them."""
    return (*TABLES, EVENTS) if EVENTS in manifest_or_rows else TABLES


def missing_chunks(out_dir: Path, manifest: dict) -> list[int]:
    """The chunks of a run still to play (or to play again)."""
    key = run_key(manifest)
    return [c for c in range(manifest.get("n_chunks", 0)) if not chunk_is_complete(out_dir, c, key)]
