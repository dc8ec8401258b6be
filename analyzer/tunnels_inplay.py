"""Tunnels in play (issue 4, part 3): what the `tunnels` table of a run says
about realised surcharges, abandonment, and how the depleted deck moves the
odds away from the fresh-deck figures."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.tunnels import FRESH_DECK, exact_distribution, tunnel_odds, wilson_interval
from kernels import layouts as L

DECK_COLS = ["deck_" + n for n in L.CARD_NAMES]


def _matching(tun: pd.DataFrame) -> np.ndarray:
    """Cards in the draw pile that would cost a surcharge (EU-TUN-2, EU-TUN-3)."""
    pile = tun[DECK_COLS].to_numpy(np.int64)
    colour = tun["colour"].cat.codes.to_numpy() if hasattr(tun["colour"], "cat") else tun["colour"].to_numpy()
    locos = pile[:, L.LOCO]
    own = np.where(colour == L.LOCO, 0, pile[np.arange(len(pile)), np.minimum(colour, L.N_COLOURS - 1)])
    return locos + own


def tunnels_in_play(tunnels: pd.DataFrame) -> pd.DataFrame:
    """One row per (cards to reveal, surcharge k): attempts, realised frequency
    with a 95% Wilson CI, the exact probability averaged over the deck state
    recorded at each reveal ("conditional"), and the fresh-deck probability.

    Reveals that needed the discard pile (fewer cards in the draw pile than
    to reveal: EU-TUN-5 / reshuffle) are not determined by the recorded pile,
    so the like-for-like comparison is `realised_from_pile` (with
    pile_ci_low/high) against `conditional`, both over the reveals drawn wholly
    from the pile; their share is `share_from_pile`."""
    if tunnels.empty:
        return pd.DataFrame(columns=["to_reveal", "k", "attempts", "realised", "ci_low", "ci_high",
                                     "conditional", "fresh_deck", "abandon_rate", "share_from_pile"])
    tun = tunnels.copy()
    tun["matching"] = _matching(tun)
    rows = []
    for n_rev, grp in tun.groupby("to_reveal"):
        n_rev = int(n_rev)
        attempts = len(grp)
        counts = np.bincount(grp["surcharge"].to_numpy(np.int64), minlength=n_rev + 1)[: n_rev + 1]
        lo, hi = wilson_interval(counts, attempts)
        from_pile = grp[grp["pile_size"] >= n_rev]
        n_pile = len(from_pile)
        counts_pile = np.bincount(from_pile["surcharge"].to_numpy(np.int64), minlength=n_rev + 1)[: n_rev + 1]
        lo_p, hi_p = wilson_interval(counts_pile, max(n_pile, 1))
        cond = np.zeros(n_rev + 1)
        for (size, match), sub in from_pile.groupby(["pile_size", "matching"]):
            cond += len(sub) * np.array([float(p) for p in exact_distribution(int(size), int(match), n_rev)])
        cond = cond / max(len(from_pile), 1)
        fresh = tunnel_odds(dict(FRESH_DECK), n_rev, "red")["probability"].to_numpy()
        abandon = 1.0 - grp["paid"].mean()
        for k in range(n_rev + 1):
            rows.append(dict(to_reveal=n_rev, k=k, attempts=attempts, realised=counts[k] / attempts,
                             ci_low=lo[k], ci_high=hi[k], attempts_from_pile=n_pile,
                             realised_from_pile=counts_pile[k] / n_pile if n_pile else np.nan,
                             pile_ci_low=lo_p[k], pile_ci_high=hi_p[k],
                             conditional=cond[k] if n_pile else np.nan,
                             fresh_deck=fresh[k], abandon_rate=abandon, share_from_pile=len(from_pile) / attempts))
    return pd.DataFrame(rows)


def abandonment(tunnels: pd.DataFrame) -> pd.DataFrame:
    """How often players abandon, by surcharge (EU-TUN-4)."""
    g = tunnels.groupby(["to_reveal", "surcharge"])["paid"]
    out = pd.DataFrame({"attempts": g.size(), "abandoned": g.size() - g.sum()})
    out["abandon_rate"] = out["abandoned"] / out["attempts"]
    return out.reset_index()


def plot_in_play(table: pd.DataFrame, path: Path, title_note: str = "") -> Path:
    """Realised surcharge frequencies (95% CI) against the deck-conditional
    exact odds and the fresh-deck odds, one panel per number revealed."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    reveals = sorted(table["to_reveal"].unique())
    fig = Figure(figsize=(4.2 * len(reveals), 4))
    FigureCanvasAgg(fig)
    for i, n_rev in enumerate(reveals):
        ax = fig.add_subplot(1, len(reveals), i + 1)
        t = table[table["to_reveal"] == n_rev]
        x = t["k"].to_numpy()
        err = np.vstack([t["realised_from_pile"] - t["pile_ci_low"], t["pile_ci_high"] - t["realised_from_pile"]])
        ax.bar(x - 0.27, t["realised_from_pile"], 0.27, yerr=err, capsize=3, label="in play (95% CI)")
        ax.bar(x, t["conditional"], 0.27, label="exact, deck at reveal")
        ax.bar(x + 0.27, t["fresh_deck"], 0.27, label="exact, fresh deck")
        ax.set_title(f"{n_rev} cards revealed (n = {int(t['attempts_from_pile'].iloc[0]):,} attempts)")
        ax.set_xlabel("surcharge (extra cards)")
        ax.set_ylabel("probability")
        ax.set_xticks(x)
        if i == 0:
            ax.legend(fontsize=8)
    fig.suptitle("Tunnel surcharge in play vs exact odds" + (f" — {title_note}" if title_note else ""))
    fig.tight_layout()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    return path


def tunnel_reveal_study(games: int = 5000, seed: int = 1, reveals=(2, 3, 4, 5, 6), players: int = 4,
                        bots="greedy", threads: int = 0, progress: bool = False) -> pd.DataFrame:
    """House rule run: Europe with `tunnel_reveal` set to each value, the same
    seeds for every value (the deals are identical; only the reveals differ).
    Returns the in-play table with a `tunnel_reveal` column plus, per value,
    the mean score and the share of attempts abandoned."""
    from analyzer.runner import simulate

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
