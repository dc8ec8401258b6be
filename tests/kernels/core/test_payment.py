"""What may pay a route (kernels/core/payment.py claim_payment) against a
slow reference that tries every way of covering the route's spaces, on every
route of the boards whose payment the claim masks do not model: the claims
the engine lists, the cards one engine step takes for each, and the colour
the bots pay with (kernels/bots/shared/paying.py pay_colour, through the
planner's move) agree with it.

The reference reads the board's CSV table and the RuleSet, not the compiled
arrays. A route's spaces are its coloured (or grey) spaces and its locomotive
symbols. A colour card pays a coloured space of its colour (any one colour on
grey); a locomotive pays a symbol (EU-FRY-1) and, where the rule set lets
locomotives pay that kind of route (BASE-CLM-3, NC-CRD-1, SW-CRD-1), a
coloured space; a set of N cards of any kind pays any one space of a route
that takes sets (NC-FRY-2, assumption NC-FRY-2a, NC-CLM-1; never a tunnel,
NC-TUN-1). A claim names a colour when it spends at least one card of that
colour, and "locomotive" when it spends none (the action's encoding). The
engine pays with the fewest sets (a set costs more cards than the card it
replaces)."""

from functools import cache

import numpy as np
import pytest
from helpers import Game

from kernels import layouts as L

COLOURS = list(L.COLOUR_NAMES)
KINDS = COLOURS + ["locomotive"]

# board, house-rule overrides: the presets with sets and locomotive policies, and the
# variations that separate them (sets where locomotives pay no coloured space; sets on Europe)
CASES = [("nordic_countries", {}), ("nordic_countries", {"locomotives_wild_on": "tunnel"}),
         ("switzerland", {}), ("europe", {"ferry_wild_set": 3})]


def fewest_sets(route, rules, hand, label):
    """The fewest sets of any payment of `route` (a row of routes.csv) from `hand`
    (card name -> count) in the claim `label` (a colour, or "locomotive" for no
    colour card), or None when no payment exists: every split of the coloured
    spaces into colour cards, locomotives and sets, and of the symbols into
    locomotives and sets, is tried."""
    length, symbols = int(route.length), int(route.locomotives)
    coloured = length - symbols
    wild = rules.locomotives_wild_on == "all" or route.kind in rules.locomotives_wild_on.split("+")
    per_set = 0 if route.kind == "tunnel" else max(int(route.wild_set),
                                                   rules.ferry_wild_set if route.kind == "ferry" else 0)
    if label != "locomotive" and route.color not in ("gray", label):
        return None
    total, best = sum(hand.values()), None
    for u in range(coloured + 1):
        if (u > 0) != (label != "locomotive") or u > hand.get(label, 0):
            continue
        for on_coloured in range(coloured - u + 1 if wild else 1):
            for on_symbols in range(symbols + 1):
                locos = on_coloured + on_symbols
                sets = (coloured - u - on_coloured) + (symbols - on_symbols)
                if locos > hand.get("locomotive", 0) or (sets and not per_set):
                    continue
                if sets * per_set <= total - u - locos and (best is None or sets < best):
                    best = sets
    return best


@cache
def blank_game(board, overrides):
    g = Game(board, 2, overrides=dict(overrides))
    g.blank()
    return g


def random_hands(rng, n):
    """Hands that reach every branch: no locomotive half the time, a few cards of
    a few colours, sometimes enough for two or three sets."""
    for _ in range(n):
        counts = rng.integers(0, 4, len(KINDS)) * (rng.random(len(KINDS)) < 0.45)
        if rng.random() < 0.5:
            counts[-1] = 0
        yield {k: int(c) for k, c in zip(KINDS, counts, strict=True) if c}


def paid_sets(route, rules, paid):
    """Sets in a payment of `paid` cards: the cards beyond one per space, per extra card of a set."""
    per_set = 0 if route.kind == "tunnel" else max(int(route.wild_set),
                                                   rules.ferry_wild_set if route.kind == "ferry" else 0)
    extra = sum(paid.values()) - int(route.length)
    return extra // (per_set - 1) if per_set else extra


@pytest.mark.parametrize("board,overrides", CASES, ids=[f"{b}{'-' if o else ''}{'-'.join(o)}" for b, o in CASES])
def test_claims_and_payments_equal_the_reference(board, overrides):
    """On random hands of seat 0 with every route open: the colours the engine
    lists for each route are exactly those the reference can pay with, and the
    cards one step takes are a payment with the fewest sets."""
    g = blank_game(board, tuple(overrides.items()))
    routes, rules = g.board.routes, g.rules
    rng = np.random.default_rng(11)
    checked = all_sets = 0
    for hand in random_hands(rng, 150):
        g.set_hand(0, **hand)
        moves = [m for m in g.game.legal_actions() if m.kind == "claim"]
        listed = {}
        for m in moves:
            listed.setdefault(m.route, {})[m.colour] = dict(m.paid)
        for r in routes.itertuples():
            expect = {lab: s for lab in KINDS if (s := fewest_sets(r, rules, hand, lab)) is not None}
            got = listed.get(r.Index, {})
            assert set(got) == set(expect), (board, r.a, r.b, hand, sorted(got), sorted(expect))
            for lab, paid in got.items():
                assert all(paid[k] <= hand.get(k, 0) for k in paid), (r.a, r.b, hand, lab, paid)
                assert paid_sets(r, rules, paid) == expect[lab], (r.a, r.b, hand, lab, paid)
                assert fewest_sets(r, rules, paid, lab) == expect[lab]  # the cards taken do pay the route
                checked += 1
                all_sets += lab == "locomotive" and paid.get("locomotive", 0) == 0 and r.locomotives < r.length
    assert checked > 1000
    if board == "nordic_countries":
        assert all_sets > 0  # NC-FRY-2a: ferries with coloured spaces paid with sets alone were among them


def test_the_planner_pays_a_ferry_with_sets_when_nothing_else_pays_it():
    """NC-FRY-2a: the bots' colour choice (pay_colour) finds the payment in sets
    alone: with Ålborg-Kristiansand (red ferry of 2, one symbol) the only open
    route, no card to draw and no ticket left, and 3 blue + 3 green in hand,
    the planner claims it with the six cards."""
    g = Game("nordic_countries", 2)
    g.blank(market=())
    r = g.route("Ålborg", "Kristiansand")
    g.give(1, *[x for x in range(len(g.board.routes)) if x != r])
    g.st.trains[1] = 40
    g.set_hand(0, blue=3, green=3)
    g.set_ticket_pile([])
    assert g.claim_colours(r) == {L.LOCO} and g.kinds() == {L.A_CLAIM}
    move = g.game.bot_move("planner")
    assert (move.kind, move.route, move.colour) == ("claim", r, "locomotive")
    assert dict(move.paid) == {"blue": 3, "green": 3}
