"""Random search over a named strategy's weights for win share against
`planner`, its style kept (docs/bots.md "destination-hungry's weights",
"route-focus's and long-route's weights").

One seat of the strategy, three `planner`, Europe 4 players, the strategy's
seat rotated over the four seats (a quarter of the games each); each
configuration plays the same games (one master seed). Every line printed is
a JSON record: the strategy seat's win share, tickets kept, tickets
completed, net ticket points per game, its style statistics (the share of
its points from routes, the average length of the routes it claimed) and
the weights. A second step confirms the best configurations that keep the
style on games of another seed: the strategy's own style statistic
(destination-hungry: tickets kept; route-focus: route share; long-route:
average route length) at least --min-style.

    .venv/bin/python -m bench.strategy_search --configs 100 --games 2000 --seed 2 > search.jsonl
    .venv/bin/python -m bench.strategy_search --confirm search.jsonl --games 8000 --seed 99
    .venv/bin/python -m bench.strategy_search --strategy long-route --configs 60 --games 1000 > lr.jsonl
    .venv/bin/python -m bench.strategy_search --mixed --games 4000 --seed 7

--mixed plays the mixed table instead (`planner`, `destination-hungry`,
`route-focus`, `long-route` in that seat order, Europe 4 players) and
`planner` at every seat on the same seed: each seat's win share, and per
player the net ticket points and tickets completed of both tables.

A developer tool: prints what it measured; asserts nothing."""

from __future__ import annotations

import argparse
import json

import numpy as np

import analyzer

SPACES = {  # strategy -> {NAME: (low, high)}; integers where both ends are
    "destination-hungry": {
        "HUNGRY_KEEP_PRICE": (0.1, 0.4), "HUNGRY_BUDGET": (0.6, 1.0), "HUNGRY_OVER_PRICE": (2.0, 6.0),
        "HUNGRY_SPARE_TRAINS": (8, 20), "HUNGRY_OTHERS": (8, 20), "HUNGRY_EV_TURN_VALUE": (0.5, 2.5),
        "HUNGRY_EV_TRAIN_PRICE": (0.15, 0.3), "HUNGRY_EV_KEEP_MARGIN": (-2.0, 3.0), "HUNGRY_EV_MAX_PLANNED": (12, 20),
    },
    "route-focus": {
        "ROUTE_FOCUS_KEEP_PRICE": (0.1, 1.5), "ROUTE_FOCUS_BUDGET": (0.3, 1.0), "ROUTE_FOCUS_OVER_PRICE": (1.0, 8.0),
        "ROUTE_FOCUS_TICKET_TRAINS": (6, 40), "ROUTE_FOCUS_TICKET_OTHERS": (4, 30),
        "ROUTE_FOCUS_HOARD_HAND": (0, 24), "ROUTE_FOCUS_HOARD_SLACK": (0.0, 15.0), "ROUTE_FOCUS_ANY_ORDER": (0, 1),
    },
    "long-route": {
        "LONG_KEEP_PRICE": (0.2, 2.0), "LONG_BUDGET": (0.2, 0.8), "LONG_OVER_PRICE": (1.0, 8.0),
        "LONG_MIN_LENGTH": (4, 6), "LONG_FALLBACK_LENGTH": (2, 4), "LONG_PLANNED": (1, 4),
        "LONG_HOARD_HAND": (0, 24), "LONG_HOARD_SLACK": (0.0, 15.0),
    },
}
STYLE = {"destination-hungry": "kept", "route-focus": "route_share", "long-route": "route_length"}


def measure(strategy: str, bot_params: dict, games: int, seed: int) -> dict:
    """The strategy seat's averages over `games` games, a quarter at each seat."""
    sums = dict.fromkeys(("win", "kept", "completed", "ticket_points", "route_points", "score", "trains", "routes"),
                         0.0)
    n = 0
    for seat in range(4):
        bots = ["planner"] * 4
        bots[seat] = strategy
        r = analyzer.simulate(board="europe", players=4, bots=bots, games=games // 4, seed=seed, out=None,
                              progress=False, bot_params=bot_params or None)
        h = r.players[r.players["seat"] == seat]
        for key, col in (("win", h["winner"]), ("kept", h["tickets_kept"]), ("completed", h["tickets_completed"]),
                         ("ticket_points", h["tickets_won"] - h["tickets_lost"]), ("route_points", h["route_points"]),
                         ("score", h["score"]), ("trains", 45 - h["trains_left"]), ("routes", h["routes_claimed"])):
            sums[key] += float(col.sum())
        n += len(h)
    out = {k: sums[k] / n for k in ("win", "kept", "completed", "ticket_points")}
    out["route_share"] = sums["route_points"] / sums["score"]  # Europe: 45 trains a seat
    out["route_length"] = sums["trains"] / sums["routes"]
    return out


def mixed_table(games: int, seed: int) -> dict:
    """The mixed table and planner self-play on the same seed (win share in % by seat; per player averages)."""
    out = {}
    for name, bots in (("mixed", ["planner", "destination-hungry", "route-focus", "long-route"]),
                       ("planner", ["planner"] * 4)):
        pl = analyzer.simulate(board="europe", players=4, bots=bots, games=games, seed=seed, out=None,
                               progress=False).players
        out[name] = {"win_by_seat": [round(100 * float(pl[pl["seat"] == s]["winner"].mean()), 1) for s in range(4)],
                     "ticket_points": float((pl["tickets_won"] - pl["tickets_lost"]).mean()),
                     "tickets_completed": float(pl["tickets_completed"].mean()), "score": float(pl["score"].mean())}
    for key in ("ticket_points", "tickets_completed"):
        out[f"{key}_ratio"] = out["mixed"][key] / out["planner"][key]
    return out


def draw(rng: np.random.Generator, space: dict) -> dict:
    return {k: float(rng.integers(lo, hi + 1)) if isinstance(lo, int) else float(rng.uniform(lo, hi))
            for k, (lo, hi) in space.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--strategy", choices=sorted(SPACES), default="destination-hungry")
    ap.add_argument("--configs", type=int, default=100)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--confirm", help="a search's JSON lines: confirm its best configurations")
    ap.add_argument("--top", type=int, default=4)
    ap.add_argument("--min-style", "--min-kept", type=float, default=4.4,
                    help="style: the strategy's style statistic at least this (tickets kept, route share, length)")
    ap.add_argument("--mixed", action="store_true", help="measure the mixed table against planner self-play")
    a = ap.parse_args()
    if a.mixed:
        print(json.dumps(mixed_table(a.games, a.seed)), flush=True)
        return
    print(json.dumps({**measure(a.strategy, {}, a.games, a.seed), "bot_params": "defaults"}), flush=True)
    if a.confirm:
        with open(a.confirm) as f:
            rows = [json.loads(line) for line in f if line.startswith("{")]
        rows = [r for r in rows if isinstance(r.get("bot_params"), dict) and r[STYLE[a.strategy]] >= a.min_style]
        for r in sorted(rows, key=lambda r: -r["win"])[:a.top]:
            print(json.dumps({**measure(a.strategy, r["bot_params"], a.games, a.seed), "bot_params": r["bot_params"]}),
                  flush=True)
        return
    rng = np.random.default_rng(a.seed)
    for _ in range(a.configs):
        bp = draw(rng, SPACES[a.strategy])
        print(json.dumps({**measure(a.strategy, bp, a.games, a.seed), "bot_params": bp}), flush=True)


if __name__ == "__main__":
    main()
