"""Tunnels in play: what the `tunnels` table of a run says
about realised surcharges, abandonment, and how the depleted deck moves the
odds away from the fresh-deck figures; and the house rule `tunnel_reveal`
compared over runs that differ only in it."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analyzer.stats.intervals import mean_interval, share, wilson
from analyzer.tunnels import FRESH_DECK, exact_distribution, tunnel_odds
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
        lo, hi = wilson(counts, attempts)
        from_pile = grp[grp["pile_size"] >= n_rev]
        n_pile = len(from_pile)
        counts_pile = np.bincount(from_pile["surcharge"].to_numpy(np.int64), minlength=n_rev + 1)[: n_rev + 1]
        lo_p, hi_p = wilson(counts_pile, max(n_pile, 1))
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


def surcharge_due_share(tunnels: pd.DataFrame) -> dict:
    """The share of tunnel attempts with a surcharge due (Wilson CI; analyzer.stats.intervals.share)."""
    return share(int((tunnels["surcharge"] > 0).sum()), len(tunnels))


def abandoned_share(tunnels: pd.DataFrame) -> dict:
    """The share of tunnel attempts abandoned: the surcharge not paid (Wilson CI)."""
    return share(int((~tunnels["paid"].astype(bool)).sum()), len(tunnels))


def reveal_study_row(tunnels: pd.DataFrame, players: pd.DataFrame, games: int) -> dict:
    """One run of a tunnel_reveal family, over its first `games` games (the
    games every member played): attempts per game, the share of attempts
    with a surcharge and abandoned (Wilson CIs), the mean surcharge and the
    mean score (normal CIs)."""
    tun = tunnels[tunnels["game"] < games]
    pl = players[players["game"] < games]
    per_game = tun.groupby("game").size().reindex(range(games), fill_value=0)
    att = mean_interval(per_game.to_numpy(np.float64))
    sur = mean_interval(tun["surcharge"].to_numpy(np.float64))
    sc = mean_interval(pl["score"].to_numpy(np.float64))
    any_ = surcharge_due_share(tun)
    ab = abandoned_share(tun)
    return {"games": games, "attempts": len(tun), "attempts_per_game": att["mean"],
            "attempts_ci_low": att["ci_low"], "attempts_ci_high": att["ci_high"],
            "mean_surcharge": sur["mean"], "surcharge_ci_low": sur["ci_low"], "surcharge_ci_high": sur["ci_high"],
            "p_any": any_["successes"] / max(len(tun), 1), "p_any_ci_low": any_["ci_low"],
            "p_any_ci_high": any_["ci_high"], "abandoned": ab["successes"] / max(len(tun), 1),
            "abandoned_ci_low": ab["ci_low"], "abandoned_ci_high": ab["ci_high"],
            "mean_score": sc["mean"], "score_ci_low": sc["ci_low"], "score_ci_high": sc["ci_high"]}
