"""Random search over `destination-hungry`'s weights for win share against
`planner`, the style kept (docs/bots.md "destination-hungry's weights").

One seat `destination-hungry`, three `planner`, Europe 4 players, the
hungry seat rotated over the four seats (a quarter of the games each);
each configuration plays the same games (one master seed). Every line
printed is a JSON record: the win share, tickets kept, tickets completed and
net ticket points per game of the hungry seat, and the weights. A second
step confirms the best configurations that keep at least --min-kept
tickets on games of another seed.

    .venv/bin/python -m bench.strategy_search --configs 100 --games 2000 --seed 2 > search.jsonl
    .venv/bin/python -m bench.strategy_search --confirm search.jsonl --games 8000 --seed 99

A developer tool: prints what it measured; asserts nothing."""

from __future__ import annotations

import argparse
import json

import numpy as np

import analyzer

SPACE = {  # (low, high); integers where both ends are
    "HUNGRY_KEEP_PRICE": (0.1, 0.4), "HUNGRY_BUDGET": (0.6, 1.0), "HUNGRY_OVER_PRICE": (2.0, 6.0),
    "HUNGRY_SPARE_TRAINS": (8, 20), "HUNGRY_OTHERS": (8, 20), "HUNGRY_EV_TURN_VALUE": (0.5, 2.5),
    "HUNGRY_EV_TRAIN_PRICE": (0.15, 0.3), "HUNGRY_EV_KEEP_MARGIN": (-2.0, 3.0), "HUNGRY_EV_MAX_PLANNED": (12, 20),
}


def measure(bot_params: dict, games: int, seed: int) -> dict:
    """The hungry seat's averages over `games` games, a quarter at each seat."""
    wins = kept = completed = points = n = 0.0
    for seat in range(4):
        bots = ["planner"] * 4
        bots[seat] = "destination-hungry"
        r = analyzer.simulate(board="europe", players=4, bots=bots, games=games // 4, seed=seed, out=None,
                              progress=False, bot_params=bot_params or None)
        h = r.players[r.players["seat"] == seat]
        wins += h["winner"].sum()
        kept += h["tickets_kept"].sum()
        completed += h["tickets_completed"].sum()
        points += (h["tickets_won"] - h["tickets_lost"]).sum()
        n += len(h)
    return {"win": wins / n, "kept": kept / n, "completed": completed / n, "ticket_points": points / n}


def draw(rng: np.random.Generator) -> dict:
    return {k: float(rng.integers(lo, hi + 1)) if isinstance(lo, int) else float(rng.uniform(lo, hi))
            for k, (lo, hi) in SPACE.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--configs", type=int, default=100)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--confirm", help="a search's JSON lines: confirm its best configurations")
    ap.add_argument("--top", type=int, default=4)
    ap.add_argument("--min-kept", type=float, default=4.4, help="style: tickets kept per game at least")
    a = ap.parse_args()
    print(json.dumps({**measure({}, a.games, a.seed), "bot_params": "defaults"}), flush=True)
    if a.confirm:
        with open(a.confirm) as f:
            rows = [json.loads(line) for line in f if line.startswith("{")]
        rows = [r for r in rows if isinstance(r.get("bot_params"), dict) and r["kept"] >= a.min_kept]
        for r in sorted(rows, key=lambda r: -r["win"])[:a.top]:
            print(json.dumps({**measure(r["bot_params"], a.games, a.seed), "bot_params": r["bot_params"]}), flush=True)
        return
    rng = np.random.default_rng(a.seed)
    for _ in range(a.configs):
        bp = draw(rng)
        print(json.dumps({**measure(bp, a.games, a.seed), "bot_params": bp}), flush=True)


if __name__ == "__main__":
    main()
