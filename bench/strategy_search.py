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
    .venv/bin/python -m bench.strategy_search --mixed --configs 60 --games 2000 --seed 2 > mixed.jsonl
    .venv/bin/python -m bench.strategy_search --mixed --confirm mixed.jsonl --games 4000 --seed 99
    .venv/bin/python -m bench.strategy_search --mixed --vary HUNGRY_OTHERS=8:20,HUNGRY_EV_TRAIN_PRICE=0.1:0.3 \
        --configs 50 --games 3000 --seed 6 > some.jsonl

--mixed plays the mixed table instead (`planner`, `destination-hungry`,
`route-focus`, `long-route` in that seat order, Europe 4 players) and
`planner` at every seat on the same seed: each seat's win share, and per
player the net ticket points and tickets completed of both tables, each
seat's style statistics, and `aim` (1 or more: ticket points and tickets
completed per player at least 90% of `planner`'s, every seat winning 18%
or more). With --configs it draws the weights of the --tune strategies
and measures the mixed table for each; --confirm replays a search's best
lines by aim, every seat keeping its style there (MIXED_STYLE); --vary
draws only the weights it names, over the bounds it gives, the others at
their defaults.

A developer tool: prints what it measured; asserts nothing."""

from __future__ import annotations

import argparse
import json

import numpy as np

import analyzer
from kernels.bots.shared import params as P

SPACES = {  # strategy -> {NAME: (low, high)}; integers where both ends are
    "destination-hungry": {
        "HUNGRY_KEEP_PRICE": (0.1, 0.4), "HUNGRY_BUDGET": (0.6, 1.0), "HUNGRY_OVER_PRICE": (2.0, 6.0),
        "HUNGRY_SPARE_TRAINS": (8, 20), "HUNGRY_OTHERS": (8, 20), "HUNGRY_EV_TURN_VALUE": (0.5, 2.5),
        "HUNGRY_EV_TRAIN_PRICE": (0.1, 0.3), "HUNGRY_EV_KEEP_MARGIN": (-2.0, 4.0), "HUNGRY_EV_MAX_PLANNED": (8, 20),
    },
    "route-focus": {
        "ROUTE_FOCUS_KEEP_PRICE": (0.1, 1.5), "ROUTE_FOCUS_BUDGET": (0.3, 1.0), "ROUTE_FOCUS_OVER_PRICE": (1.0, 8.0),
        "ROUTE_FOCUS_TICKET_TRAINS": (6, 40), "ROUTE_FOCUS_TICKET_OTHERS": (4, 30),
        "ROUTE_FOCUS_HOARD_HAND": (0, 24), "ROUTE_FOCUS_HOARD_SLACK": (0.0, 15.0), "ROUTE_FOCUS_ANY_ORDER": (0, 1),
    },
    "long-route": {
        "LONG_KEEP_PRICE": (0.2, 2.0), "LONG_BUDGET": (0.2, 0.8), "LONG_OVER_PRICE": (1.0, 8.0),
        "LONG_MIN_LENGTH": (4, 6), "LONG_FALLBACK_LENGTH": (2, 4), "LONG_PLANNED": (1, 4),
        "LONG_HOARD_HAND": (0, 24), "LONG_HOARD_SLACK": (0.0, 15.0), "LONG_TICKET_TRAINS": (8, 40),
        "LONG_TICKET_OTHERS": (4, 30),
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


MIXED = ("planner", "destination-hungry", "route-focus", "long-route")
MIXED_STYLE = {"destination-hungry": 4.4, "route-focus": 0.56, "long-route": 3.4}  # each seat's style floor there


def seat_stats(pl, seat: int) -> dict:
    """One seat's averages (win share in %) and style statistics at a table's games."""
    h = pl[pl["seat"] == seat]
    return {"win": round(100 * float(h["winner"].mean()), 1), "kept": float(h["tickets_kept"].mean()),
            "completed": float(h["tickets_completed"].mean()),
            "ticket_points": float((h["tickets_won"] - h["tickets_lost"]).mean()),
            "route_share": float(h["route_points"].sum() / h["score"].sum()),
            "route_length": float((45 - h["trains_left"]).sum() / h["routes_claimed"].sum())}


def table(bots, games: int, seed: int, bot_params: dict | None = None) -> dict:
    """Per seat and per player averages of `games` Europe 4-player games of `bots`."""
    pl = analyzer.simulate(board="europe", players=4, bots=list(bots), games=games, seed=seed, out=None,
                           progress=False, bot_params=bot_params or None).players
    seats = [seat_stats(pl, s) for s in range(4)]
    return {"win_by_seat": [s["win"] for s in seats], "seats": seats,
            "ticket_points": float((pl["tickets_won"] - pl["tickets_lost"]).mean()),
            "tickets_completed": float(pl["tickets_completed"].mean()), "score": float(pl["score"].mean())}


def mixed_table(games: int, seed: int, bot_params: dict | None = None, planner: dict | None = None) -> dict:
    """The mixed table and planner self-play on the same seed (`planner`: that self-play, when already played),
    the ratios of their per-player ticket points and tickets completed, `aim` (the least of each ratio over 0.9
    and the weakest seat's win share over 18%: 1 or more meets every aim) and `styled` (every named seat at
    least its MIXED_STYLE floor)."""
    out = {"mixed": table(MIXED, games, seed, bot_params), "planner": planner or table(("planner",) * 4, games, seed)}
    for key in ("ticket_points", "tickets_completed"):
        out[f"{key}_ratio"] = out["mixed"][key] / out["planner"][key]
    out["aim"] = min(out["ticket_points_ratio"] / 0.9, out["tickets_completed_ratio"] / 0.9,
                     min(out["mixed"]["win_by_seat"]) / 18.0)
    seats = out["mixed"]["seats"]
    out["styled"] = bool(seats[1]["kept"] >= MIXED_STYLE["destination-hungry"]
                         and seats[2]["route_share"] >= MIXED_STYLE["route-focus"]
                         and seats[3]["route_length"] >= MIXED_STYLE["long-route"])
    return out


def mixed_search(a) -> None:
    """--mixed with --configs: random weights of the --tune strategies at the mixed table, one line each;
    with --confirm, the --top styled lines of a search by aim, replayed on this seed."""
    planner = table(("planner",) * 4, a.games, a.seed)
    print(json.dumps({**mixed_table(a.games, a.seed, None, planner), "bot_params": "defaults"}), flush=True)
    if a.confirm:
        with open(a.confirm) as f:
            rows = [json.loads(line) for line in f if line.startswith("{")]
        rows = [r for r in rows if isinstance(r.get("bot_params"), dict) and r.get("styled", True)]
        configs = [r["bot_params"] for r in sorted(rows, key=lambda r: -r.get("aim", r.get("win", 0)))[:a.top]]
    else:
        rng = np.random.default_rng(a.seed)
        space = a.vary or {k: v for name in a.tune.split(",") for k, v in SPACES[name].items()}
        configs = [draw(rng, space) for _ in range(a.configs)]
    for bp in configs:
        print(json.dumps({**mixed_table(a.games, a.seed, bp, planner), "bot_params": bp}), flush=True)


def vary_space(text: str) -> dict:
    """`NAME=LOW:HIGH,...` as a search space: integers where both ends are written as integers."""
    space = {}
    for item in filter(None, text.split(",")):
        name, _, bounds = item.partition("=")
        low, _, high = bounds.partition(":")
        try:
            ends = (int(low), int(high)) if low.lstrip("-").isdigit() and high.lstrip("-").isdigit() \
                else (float(low), float(high))
        except ValueError:
            raise argparse.ArgumentTypeError(f"--vary {item!r}: expected NAME=LOW:HIGH") from None
        if name not in P.BOT_PARAM_NAMES:
            raise argparse.ArgumentTypeError(f"--vary {item!r}: {name} is not a bot parameter")
        space[name] = ends
    return space


def draw(rng: np.random.Generator, space: dict) -> dict:
    return {k: float(rng.integers(lo, hi + 1)) if isinstance(lo, int) else float(rng.uniform(lo, hi))
            for k, (lo, hi) in space.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--strategy", choices=sorted(SPACES), default="destination-hungry")
    ap.add_argument("--configs", type=int, default=None, help="configurations to draw (default 100; --mixed: 0)")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--confirm", help="a search's JSON lines: confirm its best configurations")
    ap.add_argument("--top", type=int, default=4)
    ap.add_argument("--min-style", "--min-kept", type=float, default=4.4,
                    help="style: the strategy's style statistic at least this (tickets kept, route share, length)")
    ap.add_argument("--mixed", action="store_true", help="measure the mixed table against planner self-play")
    ap.add_argument("--tune", default="long-route,destination-hungry",
                    help="--mixed --configs N: the strategies whose weights are drawn (comma-separated)")
    ap.add_argument("--vary", type=vary_space, default=None,
                    help="--mixed --configs N: draw only these weights, NAME=LOW:HIGH,... (the rest keep defaults)")
    a = ap.parse_args()
    if a.mixed and (a.configs or a.confirm):
        mixed_search(a)
        return
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
    for _ in range(100 if a.configs is None else a.configs):
        bp = draw(rng, SPACES[a.strategy])
        print(json.dumps({**measure(a.strategy, bp, a.games, a.seed), "bot_params": bp}), flush=True)


if __name__ == "__main__":
    main()
