"""The tunnel house rule as an experiment: Europe played with each value of
`tunnel_reveal` on the same seeds (`analyzer.tunnel_reveal_study`)."""

from __future__ import annotations

import pandas as pd

from analyzer.run.simulate import simulate
from analyzer.stats.tunnels import tunnels_in_play


def tunnel_reveal_study(games: int = 5000, seed: int = 1, reveals=(2, 3, 4, 5, 6), players: int = 4,
                        bots="greedy", threads: int = 0, progress: bool = False) -> pd.DataFrame:
    """House rule run: Europe with `tunnel_reveal` set to each value, the same
    seeds for every value (the deals are identical; only the reveals differ).
    Returns the in-play table with a `tunnel_reveal` column plus, per value,
    the mean score and the share of attempts abandoned."""
    frames = []
    for n_rev in reveals:
        res = simulate(board="europe", players=players, bots=bots, games=games, seed=seed,
                       overrides={"tunnel_reveal": n_rev}, threads=threads, progress=progress)
        t = tunnels_in_play(res.tunnels)
        t["tunnel_reveal"] = n_rev
        t["mean_score"] = res.players["score"].mean()
        t["tunnels_per_game"] = len(res.tunnels) / games
        frames.append(t)
    return pd.concat(frames, ignore_index=True)
