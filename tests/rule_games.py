"""Positions of the rule tests (tests/rules/<doc>/), one group per rules
document: the games each builds on its board, and the moves and checks
several of its files share. Built on helpers.Game."""

from __future__ import annotations

from collections import deque

import numpy as np
from helpers import LOCO, Game, play_random

from kernels import layouts as L
from kernels.core.state import init_game


# --- every rules document: the deal, the decks, the trains ----------------------------------------
def deal(g, seed):
    """Deal a new game on g's records through the engine (kernels/core/state.py
    init_game, as the runner and helpers.Game deal), seat 0 to keep tickets."""
    init_game(g.st, g.bd, g.ru, g.n, np.uint64(seed))


def draw_every_ticket(g):
    """Play the setup keeping every ticket offered, then draw tickets turn after
    turn, keeping all, until drawing tickets is no longer legal (the deck is
    out); the tickets the seats hold, in the order they were kept."""
    kept = []
    while g.phase == L.PH_SETUP_KEEP or L.A_DRAW_TICKETS in g.kinds():
        if g.phase != L.PH_SETUP_KEEP:
            g.act(L.A_DRAW_TICKETS)
        offer = [int(t) for t in g.st.offer[:int(g.sc[L.SC_N_OFFER])]]
        g.act(L.A_KEEP_TICKETS, (1 << len(offer)) - 1)
        kept += offer
    assert sorted(int(t) for t in np.flatnonzero(g.st.ticket_holder >= 0)) == sorted(kept)
    return kept


def play_out(g, trains, seed):
    """Play g to its end with random legal actions: after every step each card of
    the board's deck is somewhere (none made, none lost) and each seat has placed
    exactly `trains` minus the trains it has left, never more than `trains`."""
    deck = g.bd.deck.tolist()

    def check(g):
        assert g.card_counts().tolist() == deck
        owner = g.st.owner
        for p in range(g.n):
            assert sum(g.route_len(r) for r in np.flatnonzero(owner == p)) == trains - g.st.trains[p] <= trains

    assert g.st.trains.tolist() == [trains] * g.n
    return play_random(g, np.random.default_rng(seed), check)


# --- the base game (tests/rules/base/) ------------------------------------------------------------
def market_locos(g):
    return sum(1 for c in g.market() if c == "locomotive")


# --- Europe (tests/rules/europe/) -----------------------------------------------------------------
def eu(n_players=2, **kw):
    return Game("europe", n_players, **kw)


def tunnel_game(hand, pile, discard=None, colour="blue"):
    """Seat 0 to claim München-Venezia (blue tunnel of 2)."""
    g = eu()
    g.blank()
    g.set_hand(0, **hand)
    g.set_pile(pile)
    if discard:
        g.set_discard(**discard)
    r = g.route("München", "Venezia")
    assert g.bd.routes[r, L.RT_KIND] == L.KIND_TUNNEL and g.route_len(r) == 2
    return g, r


def build(g, p, city, colour):
    g.set_turn(p)
    g.act(L.A_BUILD_STATION, g.city(city), colour)


# --- Ghost Train (tests/rules/ghost_train/) -------------------------------------------------------
def ghost(n_players=2, seed=1, overrides=None, tickets=()):
    """A Ghost Train game after setup, hands, piles and tickets emptied;
    `tickets` (pairs of places) form the ticket pile, top first."""
    g = Game("ghost_train", n_players, seed=seed, overrides=overrides)
    g.blank(market=())
    g.set_ticket_pile([g.ticket(a, b) for a, b in tickets])
    return g


def held(g, p, open_only=False):
    """Tickets p holds (open ones only: not yet completed)."""
    st = g.st
    return {t for t in range(g.bd.tickets.shape[0])
            if st.ticket_holder[t] == p and not (open_only and st.ticket_done_turn[t] >= 0)}


def mark_done(g, p, *tickets):
    """p holds these tickets as completed, as the engine leaves them."""
    for t in tickets:
        g.st.ticket_holder[t] = p
        g.st.ticket_done_turn[t] = 0
    g.st.ps[p, L.PS_GT_TICKETS] += len(tickets)


# --- Legendary Asia (tests/rules/legendary_asia/) -------------------------------------------------
SCORES = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}  # BASE-CLM-2, unchanged on this map


def la(n_players=2, **kw):
    return Game("legendary_asia", n_players, **kw)


def blank(n_players=2, **kw):
    g = la(n_players, **kw)
    g.blank()
    return g


def lane(g, a, b, kind):
    """The lane of a double a-b of this kind ('normal', 'mountain', ...)."""
    rt = g.board.routes
    a, b = sorted((a, b))
    sel = rt[(rt["a"] == a) & (rt["b"] == b) & (rt["kind"] == kind)]
    assert len(sel) == 1, f"{a}-{b}: {len(sel)} {kind} lanes"
    return int(sel.index[0])


def take(g, p, *routes):
    """Seat p claims each route in its own turn, paying with locomotives."""
    for r in routes:
        g.set_turn(p)
        g.set_hand(p, locomotive=g.route_len(r))
        g.claim(r, LOCO)
        assert g.st.owner[r] == p


def grey_mountain_doubles(g):
    """Doubles pairing a plain grey lane with a mountain lane: (grey, mountain)."""
    out = []
    rt = g.board.routes
    for group, lanes in rt.groupby("parallel_group").groups.items():
        if group < 0:
            continue
        lanes = [int(r) for r in lanes]
        grey = [r for r in lanes if rt.at[r, "kind"] == "normal" and rt.at[r, "color"] == "gray"]
        mtn = [r for r in lanes if rt.at[r, "kind"] == "mountain"]
        if len(lanes) == 2 and grey and mtn:
            out.append((grey[0], mtn[0]))
    return out


# --- Nordic Countries (tests/rules/nordic_countries/) ---------------------------------------------
def nordic(n_players=2, seed=1):
    g = Game("nordic_countries", n_players, seed=seed)
    g.blank()
    return g


def tunnel(g, hand, pile):
    r = g.route("Åndalsnes", "Lillehammer")  # yellow tunnel of 2
    g.set_hand(0, **hand)
    g.set_pile(pile)
    return r


# --- Switzerland (tests/rules/switzerland/) -------------------------------------------------------
def swiss(n_players=2, seed=1):
    g = Game("switzerland", n_players, seed=seed)
    g.blank()
    return g


def multi_ticket(g, start):
    """The first ticket card whose start is `start` (a city or a country)."""
    rows = g.board.ticket_rows()
    return int(rows.index[(rows["multi"] >= 0) & (rows["a"] == start)][0])


def path_between(g, sources, targets):
    """Route ids of a shortest (fewest routes) path from a place of `sources`
    to a place of `targets`, through Swiss cities only (plain BFS)."""
    rt = g.board.routes
    border = {p for pts in g.board.countries.values() for p in pts}
    prev = {s: None for s in sources}
    queue = deque(sources)
    while queue:
        u = queue.popleft()
        if u in targets:
            path = []
            while prev[u] is not None:
                r, u = prev[u]
                path.append(r)
            return path
        if u in border and u not in sources:
            continue
        for r in rt[(rt["a"] == u) | (rt["b"] == u)].itertuples():
            v = r.b if r.a == u else r.a
            if v not in prev:
                prev[v] = (int(r.Index), u)
                queue.append(v)
    raise AssertionError(f"no path {sources} -> {targets}")


def country(g, name):
    return set(g.board.countries[name])


# --- Team Asia (tests/rules/team_asia/, tests/kernels/bots/test_bots_team.py) ---------------------
def team_game(n=4, **kw) -> Game:
    g = Game("team_asia", n, **kw)
    g.blank()
    g.st.holder[:, :] = 0
    g.st.ticket_shared[:] = 0
    g.st.ps[:, :] = 0
    return g


def holder(g: Game, team: int) -> dict:
    return {L.CARD_NAMES[k]: int(v) for k, v in enumerate(g.st.holder[team]) if v}


def set_holder(g: Game, team: int, **cards) -> None:
    g.st.holder[team, :] = 0
    for name, n in cards.items():
        g.st.holder[team, L.CARD_NAMES.index("locomotive" if name == "loco" else name)] = n


def draw_two_blind(g: Game, first=L.DEST_HAND) -> bool:
    """A whole blind draw: the first card seen and placed, the second to the other place."""
    g.act(L.A_DRAW_BLIND, 0, L.DEST_HAND)
    assert g.phase == L.PH_PLACE_CARD
    g.act(L.A_PLACE_CARD, 0, first)
    return g.act(L.A_DRAW_BLIND, 0, 1 - first)


def set_ticket(g: Game, t: int, a: str, b: str) -> int:
    """Rewrite ticket t of the compiled board to join a and b (a constructed ticket)."""
    g.bd.tickets[t, L.TK_A] = g.city(a)
    g.bd.tickets[t, L.TK_B] = g.city(b)
    return t
