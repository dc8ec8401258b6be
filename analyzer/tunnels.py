"""Tunnel surcharge odds: exact figures and a Monte Carlo check.

A tunnel claim reveals the top cards of the train deck; each revealed card of
the played colour, or locomotive, costs one more card (EU-TUN-2). When only
locomotives were played, only revealed locomotives count (EU-TUN-3, TA-TUN-3).
Most tunnels reveal 3 cards, Himalaya tunnels 4, 5 or 6 (TA-TUN-1), and when
fewer cards are left only those are revealed, with none no surcharge at all
(EU-TUN-5, TA-TUN-4).

The reveal is a draw without replacement from a known composition, so the
surcharge is hypergeometric: with N cards of which m match and
n = min(revealed, N) revealed,

    P(k) = C(m, k) C(N - m, n - k) / C(N, n).

`tunnel_odds` computes it with exact integers (`fractions.Fraction`), and
`tunnel_odds_mc` estimates it with the Numba kernel in kernels/tunnel_mc.py.

The deck passed in is the set of cards the reveal is drawn from, each order
equally likely. In a game whose draw pile runs out mid-reveal, the discard is
shuffled in (EU-TUN-5); pass the pile and discard together to get the odds
averaged over the pile order.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction

import numpy as np
import pandas as pd

from analyzer.stats.intervals import wilson, z_value
from kernels import layouts as L

FRESH_DECK: dict[str, int] = {**{c: 12 for c in L.COLOUR_NAMES}, "locomotive": 14}
"""The standard 110-card train deck: 12 of each colour and 14 locomotives."""

_CARD_ALIASES = {"loco": "locomotive", "locomotives": "locomotive", "locos": "locomotive"}
MAX_MC_TRIALS = 10**10


# --- input validation ---------------------------------------------------------


def _card_index(name: object, what: str) -> int:
    if not isinstance(name, str):
        raise ValueError(f"{what} must be a card name, got {name!r}")
    key = name.strip().lower()
    key = _CARD_ALIASES.get(key, key)
    if key not in L.CARD_NAMES:
        raise ValueError(f"unknown card name {name!r} in {what}; known: {', '.join(L.CARD_NAMES)}")
    return L.CARD_NAMES.index(key)


def _as_count(value: object, label: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise ValueError(f"card count for {label} must be a whole number, got {value!r}")
    if value < 0:
        raise ValueError(f"card count for {label} must be >= 0, got {value}")
    return int(value)


def deck_counts(deck: Mapping[str, int] | Iterable[int] | None = None) -> np.ndarray:
    """The deck as int64[9] counts in CARD_NAMES order.

    deck: None for the fresh 110-card deck; a mapping card name -> count
    (names from CARD_NAMES, case-insensitive, "loco" for locomotive; kinds
    left out count 0); or a sequence of 9 counts in CARD_NAMES order.
    """
    if deck is None:
        deck = FRESH_DECK
    counts = np.zeros(L.N_CARD_KINDS, np.int64)
    if isinstance(deck, Mapping):
        seen: dict[int, str] = {}
        for name, value in deck.items():
            k = _card_index(name, "deck")
            if k in seen:
                raise ValueError(f"card {L.CARD_NAMES[k]!r} given twice in deck ({seen[k]!r} and {name!r})")
            seen[k] = name
            counts[k] = _as_count(value, L.CARD_NAMES[k])
        return counts
    if isinstance(deck, str | bytes):
        raise ValueError("deck must be a mapping card name -> count, not a string (see parse_deck)")
    try:
        values = list(deck)
    except TypeError:
        raise ValueError(f"deck must be a mapping card name -> count, got {deck!r}") from None
    if len(values) != L.N_CARD_KINDS:
        raise ValueError(f"a deck given as a sequence needs {L.N_CARD_KINDS} counts ({', '.join(L.CARD_NAMES)})")
    for k, value in enumerate(values):
        counts[k] = _as_count(value, L.CARD_NAMES[k])
    return counts


def colour_index(colour: str | int, locos_only: bool = False) -> int:
    """The colour played, as a kernel colour index: 0..7, or LOCO (8) when only
    locomotives were played (EU-TUN-3, TA-TUN-3). `colour` is a colour name
    (case-insensitive) or index; "locomotive" (or index 8) is the same as
    locos_only=True. With locos_only=True the colour is ignored."""
    if locos_only:
        return L.LOCO
    if isinstance(colour, bool):
        raise ValueError(f"colour must be a colour name, got {colour!r}")
    if isinstance(colour, int | np.integer):
        if not 0 <= colour <= L.LOCO:
            raise ValueError(f"colour index must be 0..{L.LOCO}, got {colour}")
        return int(colour)
    if not isinstance(colour, str):
        raise ValueError(f"colour must be a colour name, got {colour!r}")
    key = colour.strip().lower()
    key = _CARD_ALIASES.get(key, key)
    if key == "locomotive":
        return L.LOCO
    if key not in L.COLOUR_NAMES:
        raise ValueError(
            f"unknown colour {colour!r}; known: {', '.join(L.COLOUR_NAMES)} (or locos_only for locomotives only)"
        )
    return L.COLOUR_NAMES.index(key)


def revealed_list(revealed: int | Iterable[int]) -> list[int]:
    """Reveal counts as a list of ints in 0..MAX_REVEAL (duplicates dropped, order kept)."""
    items = [revealed] if isinstance(revealed, int | np.integer) else revealed
    if isinstance(items, str | bytes):
        raise ValueError(f"revealed must be an int or a list of ints, got {revealed!r}")
    try:
        items = list(items)
    except TypeError:
        raise ValueError(f"revealed must be an int or a list of ints, got {revealed!r}") from None
    if not items:
        raise ValueError("revealed must name at least one reveal count")
    out: list[int] = []
    for r in items:
        if isinstance(r, bool) or not isinstance(r, int | np.integer):
            raise ValueError(f"revealed must be whole numbers, got {r!r}")
        if not 0 <= r <= L.MAX_REVEAL:
            raise ValueError(f"revealed must be in 0..{L.MAX_REVEAL}, got {r}")
        if int(r) not in out:
            out.append(int(r))
    return out


def matching_cards(counts: np.ndarray, colour: int) -> int:
    """Cards whose reveal adds to the surcharge: the colour played and
    locomotives (EU-TUN-2), or locomotives only (EU-TUN-3, TA-TUN-3)."""
    m = int(counts[L.LOCO])
    if colour != L.LOCO:
        m += int(counts[colour])
    return m


def describe_deck(counts: np.ndarray) -> str:
    """Short label of a deck: "fresh 110-card deck" or "12 cards: red=5, locomotive=2, ..."."""
    total = int(counts.sum())
    if np.array_equal(counts, deck_counts(None)):
        return f"fresh {total}-card deck"
    parts = [f"{L.CARD_NAMES[k]}={int(c)}" for k, c in enumerate(counts) if c]
    return f"{total} cards" + (": " + ", ".join(parts) if parts else "")


def _matching_label(colour: int) -> str:
    return "locomotive" if colour == L.LOCO else f"{L.COLOUR_NAMES[colour]}+locomotive"


# --- exact odds ------------------------------------------------------------------


def exact_distribution(n_cards: int, n_match: int, revealed: int) -> list[Fraction]:
    """P(surcharge = k) for k = 0..revealed as exact fractions.

    Hypergeometric with n = min(revealed, n_cards) cards revealed (EU-TUN-5,
    TA-TUN-4); k > n has probability 0, and an empty deck gives P(0) = 1.
    """
    if not 0 <= n_match <= n_cards:
        raise ValueError(f"need 0 <= matching <= cards, got {n_match} of {n_cards}")
    if revealed < 0:
        raise ValueError(f"revealed must be >= 0, got {revealed}")
    n = min(revealed, n_cards)
    total = math.comb(n_cards, n)
    probs = [Fraction(math.comb(n_match, k) * math.comb(n_cards - n_match, n - k), total) for k in range(n + 1)]
    return probs + [Fraction(0)] * (revealed - n)


def tunnel_odds(
    deck: Mapping[str, int] | Iterable[int] | None = None,
    revealed: int | Iterable[int] = 3,
    colour: str | int = "red",
    locos_only: bool = False,
    as_frame: bool = True,
) -> pd.DataFrame | dict[int, list[Fraction]]:
    """Exact distribution of the tunnel surcharge.

    deck: cards the reveal is drawn from (see `deck_counts`; default the fresh
    110-card deck). revealed: cards the tunnel reveals, an int or a list
    (3 on Europe tunnels, 4-6 on Himalaya tunnels: TA-TUN-1). colour: the
    colour played; locos_only: only locomotives were played.

    Returns one row per (revealed, k), k = 0..revealed, with columns
    revealed, k, probability (float), p_at_least (P(surcharge >= k)), exact
    (the probability as a Fraction), cards_revealed (min(revealed, deck
    size)), deck_size, matching, and per reveal count p_any (P(surcharge >= 1))
    and expected (mean surcharge) repeated on its rows. With as_frame=False
    returns {revealed: [Fraction P(0), ..., P(revealed)]}.
    """
    counts = deck_counts(deck)
    col = colour_index(colour, locos_only)
    reveals = revealed_list(revealed)
    n_cards = int(counts.sum())
    m = matching_cards(counts, col)
    dists = {r: exact_distribution(n_cards, m, r) for r in reveals}
    if not as_frame:
        return dists
    rows = []
    for r, probs in dists.items():
        p_any = 1 - probs[0]
        expected = sum((k * p for k, p in enumerate(probs)), Fraction(0))
        tail = Fraction(1)
        for k, p in enumerate(probs):
            rows.append(
                {
                    "revealed": r,
                    "k": k,
                    "probability": float(p),
                    "p_at_least": float(tail),
                    "exact": p,
                    "cards_revealed": min(r, n_cards),
                    "deck_size": n_cards,
                    "matching": m,
                    "p_any": float(p_any),
                    "expected": float(expected),
                }
            )
            tail -= p
    frame = pd.DataFrame(rows)
    frame.attrs.update(deck=describe_deck(counts), matching_cards=_matching_label(col))
    return frame


def tunnel_summary(
    deck: Mapping[str, int] | Iterable[int] | None = None,
    revealed: int | Iterable[int] = 3,
    colour: str | int = "red",
    locos_only: bool = False,
) -> pd.DataFrame:
    """One row per reveal count: revealed, cards_revealed, deck_size, matching,
    p_any (P(surcharge >= 1)), p_ge2 (P(surcharge >= 2)) and expected (mean
    surcharge), all exact and then rounded to float."""
    counts = deck_counts(deck)
    col = colour_index(colour, locos_only)
    n_cards = int(counts.sum())
    m = matching_cards(counts, col)
    rows = []
    for r in revealed_list(revealed):
        probs = exact_distribution(n_cards, m, r)
        rows.append(
            {
                "revealed": r,
                "cards_revealed": min(r, n_cards),
                "deck_size": n_cards,
                "matching": m,
                "p_any": float(1 - probs[0]),
                "p_ge2": float(1 - probs[0] - probs[1]) if r >= 1 else 0.0,
                "expected": float(sum((k * p for k, p in enumerate(probs)), Fraction(0))),
            }
        )
    frame = pd.DataFrame(rows)
    frame.attrs.update(deck=describe_deck(counts), matching_cards=_matching_label(col))
    return frame


# --- Monte Carlo ------------------------------------------------------------------


def tunnel_odds_mc(
    deck: Mapping[str, int] | Iterable[int] | None = None,
    revealed: int | Iterable[int] = 3,
    colour: str | int = "red",
    locos_only: bool = False,
    trials: int = 1_000_000,
    seed: int = 1,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Monte Carlo estimate of the surcharge distribution (kernels/tunnel_mc.py).

    Same inputs as `tunnel_odds`, plus trials per reveal count, the master
    seed (each reveal count uses its own stream of it) and the confidence of
    the Wilson interval. One row per (revealed, k): revealed, k, count,
    trials, estimate, ci_low, ci_high. Deterministic for a given seed.
    """
    from kernels.tunnel_mc import tunnel_mc  # imported late: compiling only when used

    counts = deck_counts(deck)
    col = colour_index(colour, locos_only)
    reveals = revealed_list(revealed)
    if isinstance(trials, bool) or not isinstance(trials, int | np.integer) or not 1 <= trials <= MAX_MC_TRIALS:
        raise ValueError(f"trials must be a whole number in 1..{MAX_MC_TRIALS}, got {trials!r}")
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or not 0 <= seed < 2**63:
        raise ValueError(f"seed must be a whole number in 0..2**63-1, got {seed!r}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence!r}")
    trials = int(trials)
    frames = []
    for r in reveals:
        hist = tunnel_mc(counts, np.int64(r), np.int64(col), np.int64(trials), np.int64(seed))
        low, high = wilson(hist, trials, z_value(confidence))
        frames.append(
            pd.DataFrame(
                {
                    "revealed": r,
                    "k": np.arange(r + 1),
                    "count": hist,
                    "trials": trials,
                    "estimate": hist / trials,
                    "ci_low": low,
                    "ci_high": high,
                }
            )
        )
    frame = pd.concat(frames, ignore_index=True)
    frame.attrs.update(
        deck=describe_deck(counts), matching_cards=_matching_label(col), seed=int(seed), confidence=confidence
    )
    return frame
