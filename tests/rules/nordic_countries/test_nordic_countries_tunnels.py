"""Nordic Countries, tunnels (docs/rules/nordic-countries.md): NC-TUN-1."""

import pytest
from helpers import YELLOW
from rule_games import nordic, tunnel

from analyzer.boards import BoardError, load_board
from kernels import layouts as L


def test_NC_TUN_1_no_set_pays_a_tunnel():
    """NC-TUN-1: one yellow card and three others cannot claim the yellow
    tunnel of 2 (no set on a tunnel); a locomotive can."""
    g = nordic()
    r = tunnel(g, {"yellow": 1, "red": 3}, [])
    assert g.claim_colours(r) == set()
    g.set_hand(0, yellow=1, locomotive=1, red=3)
    assert g.claim_colours(r) == {YELLOW}


def test_NC_TUN_1_locomotives_pay_the_surcharge_sets_do_not():
    """NC-TUN-1: a revealed yellow costs one more yellow card or locomotive
    (EU-TUN-3); a locomotive pays it, three red cards do not."""
    g = nordic()
    r = tunnel(g, {"yellow": 2, "locomotive": 1}, ["yellow", "pink", "pink"])
    g.claim(r, YELLOW)
    assert int(g.sc[L.SC_PEND_SURCHARGE]) == 1
    g.act(L.A_TUNNEL_PAY)
    assert g.st.owner[r] == 0 and g.hand(0) == {} and g.st.claim_locos[r] == 1
    g = nordic()
    r = tunnel(g, {"yellow": 2, "red": 3}, ["yellow", "pink", "pink"])
    g.claim(r, YELLOW)
    assert g.kinds() == {L.A_TUNNEL_ABANDON}


def test_NC_TUN_1_a_board_may_not_put_a_set_on_a_tunnel(tmp_path):
    """NC-TUN-1: routes.csv wild_set on a tunnel is an error naming file, line and field."""
    import shutil

    dest = tmp_path / "nordic"
    shutil.copytree(load_board("nordic_countries").path, dest)
    path = dest / "routes.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith("Åndalsnes,Lillehammer,"))
    lines[i] = "Åndalsnes,Lillehammer,2,yellow,tunnel,0,0,,,0,3"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(BoardError) as e:
        load_board(dest)
    assert f"line {i + 1}" in str(e.value) and e.value.field == "wild_set" and "NC-TUN-1" in str(e.value)
