"""Europe, ferries (docs/rules/europe.md): EU-FRY-1."""

from helpers import BLUE, LOCO, RED
from rule_games import eu

from kernels import layouts as L


def test_EU_FRY_1_one_locomotive_per_symbol_rest_one_colour():
    """EU-FRY-1: One locomotive per symbol rest one colour."""
    g = eu()
    g.blank()
    r = g.route("Dieppe", "London")
    assert g.bd.routes[r, L.RT_KIND] == L.KIND_FERRY and g.bd.routes[r, L.RT_LOCOS] == 1
    g.set_hand(0, red=2)
    assert g.claim_colours(r) == set()  # no locomotive for the symbol
    g.set_hand(0, red=1, locomotive=1)
    assert g.claim_colours(r) == {RED}
    g.set_hand(0, locomotive=2)
    assert g.claim_colours(r) == {LOCO}  # locomotives for the other spaces too
    g.set_hand(0, red=1, locomotive=1)
    g.claim(r, RED)
    assert g.hand(0) == {} and g.discard() == {"red": 1, "locomotive": 1}
    assert g.st.claim_locos[r] == 1


def test_EU_FRY_1_long_ferry_two_symbols_one_colour_for_the_rest():
    """EU-FRY-1: Long ferry two symbols one colour for the rest."""
    g = eu()
    g.blank()
    r = g.route("Palermo", "Smyrna")
    assert g.route_len(r) == 6 and g.bd.routes[r, L.RT_LOCOS] == 2
    g.set_hand(0, red=4, locomotive=1)
    assert g.claim_colours(r) == set()
    g.set_hand(0, red=2, blue=2, locomotive=2)  # colours cannot be mixed
    assert g.claim_colours(r) == set()
    g.set_hand(0, red=3, locomotive=3)  # a locomotive for a plain space
    assert g.claim_colours(r) == {RED}
    g.set_hand(0, red=5, blue=4, locomotive=2)
    assert g.claim_colours(r) == {RED, BLUE}
    g.claim(r, BLUE)
    assert g.hand(0) == {"red": 5}
    assert g.st.score[0] == 15


def test_EU_FRY_1_all_symbol_ferry_needs_only_locomotives():
    """EU-FRY-1: All symbol ferry needs only locomotives."""
    g = eu()
    g.blank()
    r = g.route("Amsterdam", "London")
    assert g.route_len(r) == 2 and g.bd.routes[r, L.RT_LOCOS] == 2
    g.set_hand(0, red=5, locomotive=1)
    assert g.claim_colours(r) == set()
    g.set_hand(0, red=5, locomotive=2)
    assert g.claim_colours(r) == {LOCO}
