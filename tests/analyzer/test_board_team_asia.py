"""The PROVISIONAL Team Asia board: flagged everywhere, the features the rules
need (Hong Kong-Canton double, triples, Himalaya tunnels 4/5/6, ordinary
tunnels) and none they do not describe (no ferries, mountains or stations),
and tickets valued by the published boards' design rule (value = shortest
train distance between the two cities)."""

import shutil

import pytest
from cli_run import ttr
from oracle import shortest_distances

from analyzer.boards import BoardError, load_board


@pytest.fixture(scope="module")
def board():
    return load_board("team_asia")


def test_team_asia_board_is_flagged_provisional(board):
    assert board.provisional is True
    assert "reconstruct" in board.provisional_note and "provisional" in board.title.lower()
    assert board.summary()["provisional"] is True
    out = ttr(["boards", "show", "team_asia"])
    assert out.returncode == 0 and "provisional" in out.stdout.lower()


def test_team_asia_board_totals(board):
    s = board.summary()
    assert (s["cities"], s["routes"], s["tickets"]) == (45, 105, 60)
    assert s["total_length"] == int(board.routes["length"].sum()) > 4 * 27 + 6 * 27 // 2
    assert s["triples"] >= 3
    rt = board.routes
    hk = rt[(rt["a"] == "Canton") & (rt["b"] == "Hong Kong")]
    assert len(hk) == 2 and (hk["always_open"] == 1).all(), "TA-DBL-1: the Hong Kong-Canton double"
    assert (rt.loc[rt["always_open"] == 1, "a"] == "Canton").all(), "the only always-open double"
    tunnels = rt[rt["kind"] == "tunnel"]
    for printed in (4, 5, 6):
        assert (tunnels["reveal"] == printed).sum() >= 2, f"TA-TUN-1: Himalaya tunnels printed {printed}"
    assert (tunnels["reveal"] == 0).sum() >= 2, "TA-TUN-1a: ordinary tunnels reveal the rule set's 3"
    assert "TA-TUN-1a" in board.provisional_note
    assert board.preset == "team-asia"


def test_TA_TUN_1_no_ferries_mountains_or_stations_on_the_team_asia_board(board):
    """TA-TUN-1: the seed describes no ferries, mountains or stations for this
    map: the sea crossings are ordinary routes, no route needs a locomotive or
    an X, and the preset builds no stations."""
    rt = board.routes
    assert set(rt["kind"]) == {"normal", "tunnel"}
    assert (rt["locomotives"] == 0).all() and (rt["mountains"] == 0).all()
    s = board.summary()
    assert s["ferries"] == s["ferry_locomotives"] == s["mountain_routes"] == 0
    assert board.rules().stations == 0
    sea = [("Madras", "Colombo"), ("Hong Kong", "Manila"), ("Shanghai", "Kobe")]  # three of the 14 crossings
    for a, b in sea:
        lane = rt[((rt["a"] == a) & (rt["b"] == b)) | ((rt["a"] == b) & (rt["b"] == a))]
        assert len(lane) == 1 and lane.iloc[0]["kind"] == "normal" and lane.iloc[0]["color"] == "gray"


def test_team_asia_legendary_positions_reused(board):
    la = load_board("legendary_asia").cities.set_index("name")
    ta = board.cities.set_index("name")
    common = la.index.intersection(ta.index)
    assert len(common) >= 20
    assert (la.loc[common, ["x", "y"]] == ta.loc[common, ["x", "y"]]).all().all()


def _shortest(routes, src):
    return shortest_distances(zip(routes["a"], routes["b"], routes["length"], strict=True), src)


def test_team_asia_ticket_values_are_shortest_train_distances(board):
    tk = board.tickets
    for a, b, pts in zip(tk["a"], tk["b"], tk["points"], strict=True):
        assert _shortest(board.routes, a)[b] == pts, f"{a}-{b}"
    # spread like the published Asian board: mostly 5-12, a few long ones
    assert tk["points"].min() >= 5 and tk["points"].max() <= 20
    assert 0.6 <= (tk["points"] <= 12).mean() <= 0.95
    assert len(set(zip(tk["a"], tk["b"], strict=True))) == 60


def test_always_open_only_on_parallel_lanes(tmp_path):
    """The loader names the file, line and field of a misplaced always_open flag."""
    folder = tmp_path / "b"
    shutil.copytree(load_board("team_asia").path, folder)
    lines = (folder / "routes.csv").read_text().splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("Samarkand,Kabul,"))
    lines[i] = lines[i][:-1] + "1"
    (folder / "routes.csv").write_text("\n".join(lines) + "\n")
    with pytest.raises(BoardError, match=rf"routes.csv, line {i + 1}, field 'always_open'"):
        load_board(folder)


def test_cli_simulate_team_asia_says_provisional_and_team_wins(tmp_path):
    cmd = ["simulate", "--board", "team_asia", "--players", "4",
           "--bots", "greedy", "--games", "6", "--threads", "1", "--out", str(tmp_path / "run")]
    out = ttr(cmd)
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())
    assert "provisional board" in text and "team win rate: team 0 (seats 0+1)" in text
    bad = ttr(cmd[:4] + ["5", "--games", "2"])
    assert bad.returncode == 2 and "whole teams" in bad.stdout + bad.stderr
    assert "Traceback" not in bad.stdout + bad.stderr
