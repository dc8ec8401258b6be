"""The measured effects of the open rules of docs/rules/ (each figure there
names this command):

    .venv/bin/python bench/open_rules.py [--games 10000] [--seed 7] [--bots planner] [--threads 0]

- NC-FRY-2a (a ferry with coloured spaces paid with sets alone): how often
  the planners make such a claim on Nordic Countries, at 2 and 3 players,
  under the board's preset (claims naming no colour, with no locomotive
  spent, on a ferry with coloured spaces; and the same on Lieksa-Murmansk,
  NC-CLM-1's 36 cards); and, for NC-SCR-3a, the games where nobody completed
  a ticket (the Globetrotter then goes to nobody here, to everyone on Board
  Game Arena).
- SW-MKT-2a and NC-MKT-2a (the market reset on 3 face-up locomotives): the
  same games (board, players, bots, seed) under each reading, `--set
  loco_reset=3` (reset) against `--set loco_reset=0` (none): mean score and
  tickets completed per player, market resets per game, and the difference
  (reset minus none) with its 95% interval (normal approximation, the two
  runs' games independent after the first reset).

A measurement, never a test: it prints numbers, it asserts nothing."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import analyzer  # noqa: E402


def all_sets_claims(res) -> dict:
    """NC-FRY-2a: claims paid with sets alone on a ferry with coloured spaces; NC-CLM-1 with no card of a colour."""
    rt = res.board.routes
    cl = res.claims
    routes = cl["route"].to_numpy()
    no_colour = (cl["colour"].astype(str).to_numpy() == "locomotive") & (cl["locos"].to_numpy() == 0)
    ferry = ((rt["kind"] == "ferry") & (rt["locomotives"] < rt["length"])).to_numpy()[routes]
    murmansk = (rt["wild_set"] > 0).to_numpy()[routes]
    games = int(res.manifest["games"])
    hit = no_colour & ferry
    nobody = int((res.players.groupby("game")["tickets_completed"].max() == 0).sum())
    return dict(games=games, claims=len(cl), ferry_claims=int(ferry.sum()), all_sets=int(hit.sum()),
                games_with=int(cl.loc[hit, "game"].nunique()), murmansk_36=int((no_colour & murmansk).sum()),
                nobody=nobody)


def mean_se(x: np.ndarray) -> tuple[float, float]:
    return float(x.mean()), float(x.std(ddof=1) / np.sqrt(len(x)))


def reading(board, players, bots, games, seed, threads, reset) -> dict:
    res = analyzer.simulate(board=board, players=players, bots=bots, games=games, seed=seed, threads=threads,
                            overrides={"loco_reset": reset}, progress=False)
    p = res.players
    return dict(score=mean_se(p["score"].to_numpy(float)), tickets=mean_se(p["tickets_completed"].to_numpy(float)),
                resets=float(res.games["market_resets"].mean()), res=res)


def diff(a, b) -> str:
    d = a[0] - b[0]
    half = 1.96 * float(np.hypot(a[1], b[1]))
    return f"{d:+.2f} ({d - half:+.2f} to {d + half:+.2f})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--bots", default="planner")
    ap.add_argument("--threads", type=int, default=0)
    a = ap.parse_args()
    print(f"{a.games:,} games per run, bots {a.bots}, seed {a.seed}\n")
    print("| board | players | loco_reset | mean score | tickets completed | market resets / game |")
    print("| --- | --- | --- | --- | --- | --- |")
    sets_rows, diffs = [], []
    for board, preset_reset in (("switzerland", 3), ("nordic_countries", 0)):
        for players in (2, 3):
            runs = {r: reading(board, players, a.bots, a.games, a.seed, a.threads, r) for r in (3, 0)}
            for r, x in runs.items():
                tag = " (preset)" if r == preset_reset else ""
                print(f"| {board} | {players} | {r}{tag} | {x['score'][0]:.2f} ± {1.96 * x['score'][1]:.2f} | "
                      f"{x['tickets'][0]:.3f} ± {1.96 * x['tickets'][1]:.3f} | {x['resets']:.3f} |")
            diffs.append((board, players, diff(runs[3]["score"], runs[0]["score"]),
                          diff(runs[3]["tickets"], runs[0]["tickets"])))
            if board == "nordic_countries":
                sets_rows.append((players, all_sets_claims(runs[preset_reset]["res"])))
    print("\nreset minus no reset (95% interval):\n")
    print("| board | players | mean score | tickets completed per player |")
    print("| --- | --- | --- | --- |")
    for board, players, d_score, d_tickets in diffs:
        print(f"| {board} | {players} | {d_score} | {d_tickets} |")
    print("\nNC-FRY-2a on nordic_countries (preset, loco_reset=0):\n")
    print("| players | games | claims | ferry claims (coloured spaces) | paid by sets alone | games with one |"
          " Lieksa-Murmansk, 36 cards | games where nobody completed a ticket (NC-SCR-3a) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for players, s in sets_rows:
        print(f"| {players} | {s['games']:,} | {s['claims']:,} | {s['ferry_claims']:,} | {s['all_sets']:,} | "
              f"{s['games_with']:,} ({s['games_with'] / s['games']:.2%}) | {s['murmansk_36']} | {s['nobody']} |")


if __name__ == "__main__":
    main()
