"""Monte Carlo of the tunnel surcharge (EU-TUN-2/3/5, TA-TUN-1/3/4).

Each trial reveals `revealed` cards without replacement from a deck of known
composition (a partial Fisher-Yates shuffle of a card array built once) and
counts the surcharge: revealed cards of the played colour plus locomotives,
or locomotives only when only locomotives were played (colour == LOCO). The
trial loop allocates nothing; the randomness is the project's SplitMix64
stream, so a histogram is a pure function of (deck, revealed, colour, trials,
seed).
"""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.prng import randint, stream_seed

STREAM_TUNNEL = 0x54554E  # "TUN": the tunnel-odds stream, apart from game streams


@njit(cache=True, inline="always")
def surcharge_card(card, colour):
    """1 if a revealed card adds to the surcharge (EU-TUN-2, EU-TUN-3 / TA-TUN-3)."""
    if card == L.LOCO or (colour != L.LOCO and card == colour):
        return 1
    return 0


@njit(cache=True)
def fill_cards(deck, cards):
    """Write deck[k] cards of each kind k into cards; return the number written."""
    pos = 0
    for kind in range(L.N_CARD_KINDS):
        for _ in range(deck[kind]):
            cards[pos] = kind
            pos += 1
    return pos


@njit(cache=True)
def tunnel_mc_fill(cards, n_cards, n_reveal, colour, trials, rng, hist):
    """Run `trials` reveals of n_reveal cards from cards[:n_cards] and add each
    trial's surcharge to hist. Allocation-free: cards is permuted in place (any
    order of the same cards is a valid start for the next partial shuffle),
    rng is the one-word state advanced by next_u64. Requires
    0 <= n_reveal <= n_cards and len(hist) > n_reveal."""
    for _ in range(trials):
        s = 0
        for i in range(n_reveal):
            j = i + randint(rng, n_cards - i)
            c = cards[j]
            cards[j] = cards[i]
            cards[i] = c
            s += surcharge_card(c, colour)
        hist[s] += 1


@njit(cache=True)
def tunnel_mc(deck, revealed, colour, trials, seed):
    """Histogram (int64[revealed + 1]) of the surcharge over `trials` reveals.

    deck: int64[N_CARD_KINDS] cards of each kind the reveal is drawn from;
    revealed: cards the rule asks for (EU-TUN-2: 3; TA-TUN-1: 4-6 on Himalaya
    tunnels); colour: the colour played, 0..7, or LOCO when only locomotives
    were played. When the deck holds fewer cards than asked, only those are
    revealed, and with none there is no surcharge (EU-TUN-5, TA-TUN-4).
    """
    if revealed < 0:
        raise ValueError("revealed must be >= 0")
    if trials < 0:
        raise ValueError("trials must be >= 0")
    if colour < 0 or colour > L.LOCO:
        raise ValueError("colour must be 0..8")
    if deck.shape[0] != L.N_CARD_KINDS:
        raise ValueError("deck must hold one count per card kind")
    n_cards = np.int64(0)
    for kind in range(L.N_CARD_KINDS):
        if deck[kind] < 0:
            raise ValueError("deck counts must be >= 0")
        n_cards += deck[kind]
    hist = np.zeros(revealed + 1, np.int64)
    n_reveal = min(revealed, n_cards)
    if n_reveal == 0:
        hist[0] = trials
        return hist
    cards = np.empty(n_cards, np.int8)
    fill_cards(deck, cards)
    rng = np.empty(1, np.uint64)
    rng[0] = stream_seed(seed, revealed, np.int64(STREAM_TUNNEL))
    tunnel_mc_fill(cards, n_cards, n_reveal, colour, trials, rng, hist)
    return hist
