"""Helpers shared by the tests in every folder of tests/ (tests/conftest.py puts
tests/ on sys.path): the test tree's paths, game construction for the rule
tests (tests/rules/) and the kernel and bot tests, random play, and the
compile cache's signatures. Beside it: rule_games.py (each rules document's
positions) and worlds.py (what a seat cannot see).

`Game` is an analyzer.Game (the public step API) on a built-in board under
its rule preset (plus any house-rule overrides). The test sets hands, market,
draw pile, discard, ticket pile, route owners and stations directly in its
kernel records, and drives the game with `act` (which first checks that the
action is legal). Card names: pink, white, blue, yellow, orange, black, red,
green, locomotive (alias loco).
"""

from __future__ import annotations

import pickle
import re
from functools import cache
from pathlib import Path

import numpy as np

import analyzer
from analyzer.boards import load_board
from kernels import layouts as L
from kernels.bots.dispatch import choose_action
from kernels.bots.shared import params as P
from kernels.bots.shared.scratch import SCRATCH
from kernels.core.actions import action_a, action_b, action_kind, make_action
from kernels.core.claimable import sync_claim_bits
from kernels.core.scoring import score_points_game as score_game
from kernels.core.state import init_game
from kernels.engine import step
from kernels.graph import uf_reset, uf_union
from kernels.variants.ghost import score as ghost_score

TESTS_DIR = Path(__file__).resolve().parent  # golden/, fixtures/, the shared helpers
PROJECT_ROOT = TESTS_DIR.parent

CARD = {name: i for i, name in enumerate(L.CARD_NAMES)}
CARD["loco"] = L.LOCO
CARD["gray"] = L.GRAY
RED, BLUE, GREEN, YELLOW, BLACK, WHITE, ORANGE, PINK = (
    CARD[c] for c in ("red", "blue", "green", "yellow", "black", "white", "orange", "pink")
)
LOCO = L.LOCO
QUIET_MARKET = ("pink", "white", "yellow", "orange", "green")


def card(c) -> int:
    """A card kind from a name or a number."""
    return CARD[c] if isinstance(c, str) else int(c)


@cache
def board(name: str):
    return load_board(name)


class Game:
    """One game under construction for a test: an analyzer.Game (the public
    step API, which deals, lists legal moves and steps) whose kernel records
    the test edits directly: `st` the game state, `bd` the board, `ru` the
    rule vector, `ws` the Scratch. The deal is seeded with `seed` itself (the
    rule tests' positions were written for it), not with a run's game stream."""

    def __init__(self, board_name="usa", n_players=2, seed=1, overrides=None):
        self.game = analyzer.Game(board_name, n_players, overrides=overrides)  # dealt again below
        self.board, self.rules = self.game.board, self.game.rules
        self.bd, self.ru = self.game.board_record, self.game.rules_array
        self.st, self.ws = self.game.state, self.game.scratch
        self.n = n_players
        self.seed = seed
        # the seed as the runner passes it: uint64 (one compiled signature of init_game)
        init_game(self.st, self.bd, self.ru, n_players, np.uint64(int(seed) & (2**64 - 1)))

    # --- scalars ------------------------------------------------------------------
    @property
    def sc(self):
        return self.st.sc

    @property
    def player(self) -> int:
        return int(self.st.sc[L.SC_PLAYER])

    @property
    def phase(self) -> int:
        return int(self.st.sc[L.SC_PHASE])

    def set_turn(self, player: int, phase: int = L.PH_TURN) -> None:
        self.st.sc[L.SC_PLAYER] = player
        self.st.sc[L.SC_PHASE] = phase

    # --- setup ----------------------------------------------------------------------
    def finish_setup(self, masks=None, shares=None) -> None:
        """Every seat keeps its whole setup offer (or masks[seat]); with team
        ticket holders (Team Asia) it shares its lowest kept offer ticket(s)
        (or the offer-index mask shares[seat])."""
        n_share = int(self.ru[L.RULE_SHARED_TICKETS_SETUP])
        for p in range(self.n):
            assert self.phase == L.PH_SETUP_KEEP and self.player == p
            k = int(self.sc[L.SC_N_OFFER])
            mask = (1 << k) - 1 if masks is None else masks[p]
            share = 0
            if shares is not None:
                share = shares[p]
            elif n_share:
                bits = [i for i in range(k) if (mask >> i) & 1][:n_share]
                share = sum(1 << i for i in bits)
            self.act(L.A_KEEP_TICKETS, mask, share)
        assert self.phase == L.PH_TURN and self.player == 0

    def blank(self, market=QUIET_MARKET) -> None:
        """Finish setup, then empty every card location (hands, pile, discard)
        and give every held ticket back to the box, so that a test places
        exactly the cards and tickets it needs. Seat 0 to move. The market is
        set to `market` (by default five non-locomotive cards, so that the
        end-of-turn refill, BASE-MKT-5, has nothing to do); () empties it."""
        if self.phase == L.PH_SETUP_KEEP:
            self.finish_setup()
        st = self.st
        st.hand[:, :] = 0
        self.set_market(list(market))
        st.sc[L.SC_N_PILE] = 0
        st.discard[:] = 0
        for t in range(self.bd.tickets.shape[0]):
            if st.ticket_holder[t] >= 0:
                st.ticket_holder[t] = L.TH_BOX
        self.set_turn(0)

    # --- cards ------------------------------------------------------------------------
    def set_hand(self, p: int, **cards) -> None:
        self.st.hand[p, :] = 0
        for name, n in cards.items():
            self.st.hand[p, card(name)] = n

    def hand(self, p: int) -> dict:
        return {L.CARD_NAMES[k]: int(v) for k, v in enumerate(self.st.hand[p]) if v}

    def set_market(self, cards) -> None:
        """cards: one name (or None for an empty slot) per market slot."""
        for s in range(max(int(self.ru[L.RULE_MARKET_SIZE]), 1)):
            c = cards[s] if s < len(cards) else None
            self.st.market[s] = -1 if c is None else card(c)

    def market(self) -> list:
        return [None if c < 0 else L.CARD_NAMES[c] for c in self.st.market[: int(self.ru[L.RULE_MARKET_SIZE])]]

    def set_pile(self, cards) -> None:
        """The draw pile, top card first (cards[0] is drawn next)."""
        codes = [card(c) for c in cards]
        n = len(codes)
        self.st.pile[:n] = np.array(codes[::-1], np.int8)
        self.st.sc[L.SC_N_PILE] = n

    def pile(self) -> list:
        """The draw pile, top card first."""
        n = int(self.st.sc[L.SC_N_PILE])
        return [L.CARD_NAMES[c] for c in self.st.pile[:n][::-1]]

    def set_discard(self, **cards) -> None:
        self.st.discard[:] = 0
        for name, n in cards.items():
            self.st.discard[card(name)] = n

    def discard(self) -> dict:
        return {L.CARD_NAMES[k]: int(v) for k, v in enumerate(self.st.discard) if v}

    def card_counts(self) -> np.ndarray:
        """Cards of each kind anywhere in the game (pile, discard, market,
        hands, laid for a tunnel, revealed)."""
        st = self.st
        n = np.zeros(L.N_CARD_KINDS, np.int64)
        for c in st.pile[: int(st.sc[L.SC_N_PILE])]:
            n[c] += 1
        n += st.discard
        for c in st.market:
            if c >= 0:
                n[c] += 1
        n += st.hand.sum(axis=0)
        n += st.holder.sum(axis=0)  # Team Asia shared card holders (zero elsewhere)
        n += st.laid
        for c in st.revealed[: int(st.sc[L.SC_N_REVEALED])]:
            n[c] += 1
        return n

    # --- board lookups ---------------------------------------------------------------
    def city(self, name: str) -> int:
        names = list(self.board.cities["name"])
        return names.index(name)

    def route(self, a: str, b: str, colour: str | None = None) -> int:
        """Route id between two cities (either order); colour picks a lane."""
        a, b = sorted((a, b))
        rt = self.board.routes
        sel = rt[(rt["a"] == a) & (rt["b"] == b)]
        if colour is not None:
            sel = sel[sel["color"] == colour]
        assert len(sel) >= 1, f"no route {a}-{b} {colour or ''}"
        return int(sel.index[0])

    def lanes(self, a: str, b: str) -> list:
        a, b = sorted((a, b))
        rt = self.board.routes
        return [int(i) for i in rt[(rt["a"] == a) & (rt["b"] == b)].index]

    def route_len(self, r: int) -> int:
        return int(self.bd.routes[r, L.RT_LEN])

    def ticket(self, a: str, b: str) -> int:
        tk = self.board.tickets
        sel = tk[((tk["a"] == a) & (tk["b"] == b)) | ((tk["a"] == b) & (tk["b"] == a))]
        assert len(sel) == 1, f"no ticket {a}-{b}"
        return int(sel.index[0])

    def ticket_points(self, t: int) -> int:
        return int(self.bd.tickets[t, L.TK_POINTS])

    # --- ownership -----------------------------------------------------------------
    def rebuild_uf(self) -> None:
        """Each seat's union-find from the owner column, as the engine keeps it
        (kernels/core/claims.py join_network): the network of the seat's team,
        its own routes for a team of one (TA-TEAM-2a)."""
        st = self.st
        size = self.rules.team_size
        ufs, routes = st.uf, self.bd.routes  # fetched once: a state field fetched per route is slow in Python
        for p in range(self.n):
            uf_reset(ufs[p])
        for r, o in enumerate(st.owner.tolist()):
            if o >= 0:
                first = o // size * size
                for q in range(first, first + size):
                    uf_union(ufs[q], routes[r, L.RT_A], routes[r, L.RT_B])
        sync_claim_bits(st, self.bd)  # the engine's open and blocked route sets follow the owners

    def give(self, p: int, *routes: int) -> None:
        """Put p's trains on routes (no cards, no points): for scoring tests."""
        for r in routes:
            self.st.owner[r] = p
            self.st.trains[p] -= self.route_len(r)
        self.rebuild_uf()

    def set_closed(self, closed: int, *routes: int) -> None:
        """Close lanes (1, BASE-DBL-2 as if a parallel lane had been claimed) or open them
        again (0) directly, the engine's open route set following (kernels/core/claimable.py)."""
        for r in routes:
            self.st.closed[r] = closed
        sync_claim_bits(self.st, self.bd)

    def hold(self, p: int, *tickets: int) -> None:
        for t in tickets:
            self.st.ticket_holder[t] = p

    def build_station(self, p: int, city: str) -> None:
        """Place a station directly (no cards): for scoring tests."""
        st = self.st
        c = self.city(city)
        i = int(self.ru[L.RULE_STATIONS] - st.stations_left[p])
        st.station_city[p, i] = c
        st.city_station[c] = p
        st.stations_left[p] -= 1

    def set_ticket_pile(self, tickets) -> None:
        """The regular ticket pile, top first; tickets in no pile and held by
        nobody go to the box."""
        st = self.st
        for t in range(self.bd.tickets.shape[0]):
            if st.ticket_holder[t] == L.TH_PILE:
                st.ticket_holder[t] = L.TH_BOX
        for i, t in enumerate(tickets):
            st.ticket_pile[i] = t
            st.ticket_holder[t] = L.TH_PILE
        st.sc[L.SC_TP_HEAD] = 0
        st.sc[L.SC_TP_COUNT] = len(tickets)

    def ticket_pile(self) -> list:
        """The regular ticket pile, top first."""
        st = self.st
        size = int(st.sc[L.SC_N_TICKETS])
        head, count = int(st.sc[L.SC_TP_HEAD]), int(st.sc[L.SC_TP_COUNT])
        return [int(st.ticket_pile[(head + i) % size]) for i in range(count)]

    # --- actions ---------------------------------------------------------------------
    def legal(self) -> list:
        return self.game.legal_codes()

    def legal_set(self) -> set:
        """Legal actions as (kind, a, b) tuples."""
        return {(int(action_kind(a)), int(action_a(a)), int(action_b(a))) for a in self.legal()}

    def kinds(self) -> set:
        return {k for k, _, _ in self.legal_set()}

    def can(self, kind: int, a: int = 0, b: int = 0) -> bool:
        return (kind, int(a), int(b)) in self.legal_set()

    def claim_colours(self, r: int) -> set:
        """Card colours the seat to move may claim route r with."""
        return {b for k, a, b in self.legal_set() if k == L.A_CLAIM and a == r}

    def act(self, kind: int, a: int = 0, b: int = 0) -> bool:
        """Apply a legal action; returns True when the game ended."""
        action = int(make_action(kind, a, b))
        legal = self.legal()
        assert action in legal, (
            f"{L.ACTION_NAMES[kind]}({a}, {b}) is not legal; legal: "
            f"{sorted((L.ACTION_NAMES[k], x, y) for k, x, y in self.legal_set())[:20]}"
        )
        return self.game.step(action)

    def force(self, kind: int, a: int = 0, b: int = 0) -> bool:
        """Apply an action without checking that it is legal."""
        return bool(step(self.st, self.bd, self.ru, make_action(kind, a, b), self.ws))

    def draw_blind(self) -> bool:
        return self.act(L.A_DRAW_BLIND)

    def claim(self, r: int, colour) -> bool:
        return self.act(L.A_CLAIM, r, card(colour))

    # --- scoring ----------------------------------------------------------------------
    def score(self) -> np.ndarray:
        """Run the end-of-game scoring on the current state (as game_over does:
        the ticket count on Ghost Train, else points); st.final."""
        if self.ru[L.RULE_WIN_TICKETS] > 0:
            ghost_score(self.st, self.bd, self.ru, self.ws)
        else:
            score_game(self.st, self.bd, self.ru, self.ws)
        return self.st.final.copy()


def random_midgame(board: str, players: int, seed: int) -> tuple[Game, np.random.Generator]:
    """A made-up mid-game state: about 40% of the routes owned at random (networks and the
    engine's route sets rebuilt), 5% of the rest closed, random hands and trains; with the
    generator, for a test's further draws."""
    g = Game(board, players, seed=seed)
    rng = np.random.default_rng(seed)
    n_routes = g.bd.routes.shape[0]
    owners = rng.integers(-1, players, n_routes)
    owners[rng.random(n_routes) < 0.6] = -1
    for r in np.flatnonzero(owners >= 0):
        g.give(int(owners[r]), int(r))
    g.set_closed(1, *[int(r) for r in np.flatnonzero(owners < 0) if rng.random() < 0.05])
    for p in range(players):
        g.st.hand[p, :] = rng.integers(0, 6, L.N_CARD_KINDS)
        g.st.trains[p] = rng.integers(0, 46)
    return g, rng


def play_random(g: Game, rng: np.random.Generator, check=None, max_steps: int = 20000) -> int:
    """Play g to its end with uniformly random legal actions, calling
    check(g) after every step; returns the number of steps."""
    for i in range(max_steps):
        legal = g.legal()
        assert legal, "no legal action in a running game"
        a = legal[int(rng.integers(len(legal)))]
        over = bool(step(g.st, g.bd, g.ru, np.int64(a), g.ws))
        if check is not None:
            check(g)
        if over:
            return i + 1
    raise AssertionError("game did not end")


# --- the compile cache (tests/kernels/test_kernel_signatures.py, tests/analyzer/run/test_compile_parts.py) ---
def planner_game(board: str, players: int, seed: int, trains: int) -> Game:
    """A game of `planner` at every seat played until some seat is down to `trains` trains, at a turn's
    start (each decision's bot stream seeded with its step number)."""
    g = Game(board, players, seed=seed)
    for i in range(5000):
        if g.phase == L.PH_TURN and min(g.st.trains[:players]) <= trains:
            return g
        a = int(choose_action(np.int64(P.BOT_PLANNER), g.st, g.bd, g.ru, g.player, np.array([i], np.uint64),
                              g.ws))
        assert not g.act(int(action_kind(a)), int(action_a(a)), int(action_b(a)))
    raise AssertionError("no such turn")


def _record_sizes(dtype, out: set[int]) -> set[int]:
    """The itemsizes of a record dtype and of the records nested in it."""
    if dtype.fields:
        out.add(dtype.itemsize)
        for field, *_ in dtype.fields.values():
            _record_sizes(field.base, out)
    return out


# the records the kernels take (the state, the Scratch, the board, the output rows): a cached signature
# naming a record of another size was compiled for an older layout of one of them
_RECORD_SIZES = set()
for _dt in (L.GAME_STATE, SCRATCH, L.BOARD, L.GAME_RECORD, L.PLAYER_RECORD, L.TICKET_RECORD, L.CLAIM_RECORD,
            L.TUNNEL_RECORD, L.EVENT_RECORD):
    _record_sizes(_dt, _RECORD_SIZES)
_RECORD_IN_SIGNATURE = re.compile(r"\}\)\], (\d+), (?:False|True)\)")


def cached_signatures(disp) -> set[str]:
    """Signatures in the dispatcher's cache index, if compiled under the current
    sources and for the current record layouts: an index whose module did not
    change keeps the entries compiled for a record (the Scratch, the state)
    that has changed since, which no call makes any more."""
    cache = disp._cache._cache_file
    try:
        with open(cache._index_path, "rb") as f:
            pickle.load(f)  # numba version
            stamp, overloads = pickle.loads(f.read())
    except (FileNotFoundError, EOFError):
        return set()
    if stamp != cache._source_stamp:
        return set()
    sigs = {str(key[0]) for key in overloads}
    return {s for s in sigs if all(int(n) in _RECORD_SIZES for n in _RECORD_IN_SIGNATURE.findall(s))}
