"""The four-planner Europe table of docs/bots.md ("Four planners on
Europe"): the same bot at all four seats, averages per player with a 95% CI
(1.96 standard errors over the player-games). Mid-game draws are counted from
the tickets table (rows with `setup` false; one draw per distinct
`turn_kept` of a seat).

    .venv/bin/python -m bench.four_planners --games 2000 --seed 2026 planner-v1 planner destination-hungry blocker

A developer tool: prints a Markdown table; asserts nothing."""

from __future__ import annotations

import argparse

import numpy as np
import pandas as pd

import analyzer

COLUMNS = ("tickets_kept", "tickets_completed", "tickets_failed", "tickets_won", "tickets_lost", "routes_claimed",
           "route_points", "stations_built", "score")


def ci(values: pd.Series, digits: int) -> str:
    v = values.to_numpy(float)
    half = 1.96 * v.std(ddof=1) / np.sqrt(len(v))
    return f"{v.mean():.{digits}f} ± {half:.{digits}f}"


def row(bot: str, games: int, seed: int) -> str:
    r = analyzer.simulate(board="europe", players=4, bots=[bot] * 4, games=games, seed=seed, progress=False)
    pl = r.players.set_index(["game", "seat"])
    mid = r.tickets[~r.tickets["setup"].astype(bool)]
    key = ["game", "seat"]
    draws = mid.groupby(key)["turn_kept"].nunique().reindex(pl.index, fill_value=0)
    kept = mid.groupby(key).size().reindex(pl.index, fill_value=0)
    done = mid[mid["completed"].astype(bool)].groupby(key).size().reindex(pl.index, fill_value=0)
    cells = [ci(draws, 2), ci(kept, 2), ci(done, 2)]
    for c in COLUMNS:
        cells.append(ci(pl[c], 1 if c in ("tickets_won", "tickets_lost", "route_points", "score") else 2))
    rate = done.sum() / max(kept.sum(), 1)
    return f"| `{bot}` | " + " | ".join(cells) + f" |  <!-- mid-game completed {rate:.1%} of n={kept.sum():,} -->"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("bots", nargs="+")
    args = ap.parse_args()
    for bot in args.bots:
        print(row(bot, args.games, args.seed), flush=True)


if __name__ == "__main__":
    main()
