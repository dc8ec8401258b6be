"""Legendary Asia, ferries (docs/rules/legendary-asia.md): LA-FRY-1."""

from helpers import BLUE, LOCO, PINK, RED, YELLOW
from rule_games import SCORES, blank

from kernels import layouts as L


def test_LA_FRY_1_grey_ferry_one_locomotive_rest_one_colour():
    """LA-FRY-1: Peking-Seoul (grey ferry of 3, 1 locomotive symbol): 1 locomotive + 2 cards of one colour."""
    g = blank()
    r = g.route("Peking", "Seoul")
    assert g.board.routes.at[r, "kind"] == "ferry" and g.bd.routes[r, L.RT_LOCOS] == 1
    g.set_hand(0, red=3)
    assert g.claim_colours(r) == set()  # no locomotive for the symbol
    g.set_hand(0, red=1, blue=1, locomotive=1)
    assert g.claim_colours(r) == set()  # two colours do not mix
    g.set_hand(0, locomotive=2)
    assert g.claim_colours(r) == set()
    g.set_hand(0, red=5, blue=2, locomotive=1)
    assert g.claim_colours(r) == {RED, BLUE}
    g.claim(r, RED)
    assert g.hand(0) == {"red": 3, "blue": 2}  # colour cards first: 2 red + the locomotive
    assert g.discard() == {"red": 2, "locomotive": 1}
    assert g.st.trains[0] == 42 and g.st.score[0] == SCORES[3]


def test_LA_FRY_1_coloured_ferry_needs_its_colour_locomotives_substitute():
    """LA-FRY-1: Astrakhan-Samarkand (pink ferry of 5, 1 symbol): 4 pink + 1 locomotive, locomotives may
    replace pink cards, never the other way round."""
    g = blank()
    r = g.route("Astrakhan", "Samarkand")
    assert g.bd.routes[r, L.RT_COLOUR] == PINK and g.bd.routes[r, L.RT_LOCOS] == 1
    g.set_hand(0, red=4, locomotive=1)
    assert g.claim_colours(r) == set()
    g.set_hand(0, pink=5)
    assert g.claim_colours(r) == set()
    g.set_hand(0, pink=1, locomotive=4)
    assert g.claim_colours(r) == {PINK}
    g.set_hand(0, locomotive=5)
    assert g.claim_colours(r) == {LOCO}
    g.set_hand(0, pink=4, locomotive=1)
    g.claim(r, PINK)
    assert g.hand(0) == {} and g.st.claim_locos[r] == 1
    assert g.st.trains[0] == 40 and g.st.score[0] == SCORES[5]


def test_LA_FRY_1_every_ferry_on_the_map_is_checked_by_the_rule():
    """LA-FRY-1: on every ferry of the map, symbols need locomotives and the rest one colour (or locomotives)."""
    g = blank()
    rt = g.board.routes
    for r in map(int, rt.index[rt["kind"] == "ferry"]):
        length, symbols, rc = g.route_len(r), int(g.bd.routes[r, L.RT_LOCOS]), int(g.bd.routes[r, L.RT_COLOUR])
        colour = YELLOW if rc == L.GRAY else rc
        g.set_hand(0, **{L.CARD_NAMES[colour]: length})
        assert g.claim_colours(r) == set(), r
        g.set_hand(0, **{L.CARD_NAMES[colour]: length - symbols, "locomotive": symbols})
        assert g.claim_colours(r) == {colour}, r
        g.set_hand(0, locomotive=length)
        assert g.claim_colours(r) == {LOCO}, r
        other = BLUE if colour != BLUE else RED
        g.set_hand(0, **{L.CARD_NAMES[other]: length - symbols, "locomotive": symbols})
        assert g.claim_colours(r) == ({other} if rc == L.GRAY else set()), r
