"""Canonical digests of a run's tables, and the grid of runs they cover.

A digest is a SHA-256 over every table's column names, dtypes and values, in
row order, so any change in play (a different move, a different deal, a
changed column) changes it. Categorical columns are hashed by their labels,
so a reordering of categories alone does not count as a change of play.

Columns added to a table after the first recording (LATER_COLUMNS) are hashed
apart, into one more digest ("later"), so the digest of a table's first
columns stays comparable across the addition: a run whose play did not
change keeps every one of its old digests.
"""

from __future__ import annotations

import hashlib

import numpy as np
import pandas as pd

GAMES = 300
SEED = 20261130
# Columns hashed apart: unused locomotives (NC-CRD-1, SW-CRD-1), the Grand Tour (IN-SCR-3/4), and which option
# of a ticket scored and its signed points (SW-TKT-3..5).
LATER_COLUMNS = {"players": ("locos_left", "grand_tour_tickets", "grand_tour_bonus"),
                 "tickets": ("option", "points")}

# Every board x every bot that plays it x every player count it allows, plus
# one mixed line-up per points board (all eight bots round the table).
POINT_BOTS = ("random", "greedy", "planner", "route-focus", "destination-hungry", "long-route", "one-step",
              "blocker")
VARIANT_BOTS = ("random", "greedy", "planner")
KEPT_BOTS = ("planner-v1",)  # earlier versions kept selectable; not in the mixed line-ups


def table_digest(df: pd.DataFrame) -> str:
    h = hashlib.sha256()
    h.update(str(len(df)).encode())
    for name in df.columns:
        col = df[name]
        h.update(name.encode() + b"\0")
        if isinstance(col.dtype, pd.CategoricalDtype):
            h.update(b"cat\0")
            h.update("\x1f".join(map(str, col.astype(object).tolist())).encode())
        else:
            arr = np.ascontiguousarray(col.to_numpy())
            h.update(arr.dtype.str.encode() + b"\0")
            h.update(arr.tobytes())
    return h.hexdigest()[:24]


def grid():
    """(label, simulate keyword arguments) for every golden run."""
    from analyzer.boards import builtin_boards, load_board

    runs = []
    for name in builtin_boards():
        board = load_board(name)
        rules = board.rules()
        variant = rules.team_size > 1 or rules.win_tickets > 0
        bots = VARIANT_BOTS if variant else POINT_BOTS + KEPT_BOTS
        for players in range(rules.min_players, rules.max_players + 1):
            if players % rules.team_size:
                continue
            for bot in bots:
                runs.append((f"{name}/{players}p/{bot}", dict(board=name, players=players, bots=bot)))
        if not variant:
            n = min(4, rules.max_players)
            runs.append((f"{name}/{n}p/mixed", dict(board=name, players=n, bots=list(POINT_BOTS[:n]))))
            runs.append((f"{name}/{rules.max_players}p/mixed2",
                         dict(board=name, players=rules.max_players,
                              bots=list(POINT_BOTS[4:] + POINT_BOTS)[: rules.max_players])))
    return runs


def run_digests(label_kwargs, games=GAMES, seed=SEED, threads=1) -> dict[str, str]:
    import analyzer

    kw = dict(label_kwargs)
    res = analyzer.simulate(games=games, seed=seed, threads=threads, progress=False, **kw)
    tables = {t: res.table(t) for t in ("games", "players", "tickets", "claims", "tunnels")}
    out = {t: table_digest(df.drop(columns=list(LATER_COLUMNS.get(t, ())))) for t, df in tables.items()}
    out["later"] = table_digest(pd.concat([tables[t][list(cols)].add_prefix(t + ".") for t, cols
                                           in LATER_COLUMNS.items()], axis=1))
    return out
