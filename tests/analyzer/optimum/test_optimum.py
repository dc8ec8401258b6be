"""`ttr optimum` against brute force: every set of routes a solo player may
claim within the trains is scored here from the board's CSV files alone
(route table, one lane of a double, tickets joined by the claimed routes),
and the best must equal the MILP's proven optimum."""

import csv
import json
import shutil
from pathlib import Path

import pytest
from cli_run import ttr

from analyzer.boards import load_board
from analyzer.optimum import optimum

USA_SCORES = (0, 1, 2, 4, 7, 10, 15, 18, 21)  # BASE-CLM-2


def read_board(folder: Path):
    with open(folder / "routes.csv", newline="") as f:
        routes = [(r["a"], r["b"], int(r["length"]), r["parallel_group"]) for r in csv.DictReader(f)]
    with open(folder / "tickets.csv", newline="") as f:
        tickets = [(t["a"], t["b"], int(t["points"])) for t in csv.DictReader(f)]
    return routes, tickets


def labels(claimed) -> dict:
    """Each city the claimed routes touch -> the smallest city name of its
    network (repeated relabelling until nothing changes)."""
    label = {}
    for a, b, _, _ in claimed:
        label.setdefault(a, a)
        label.setdefault(b, b)
    changed = True
    while changed:
        changed = False
        for a, b, _, _ in claimed:
            low = min(label[a], label[b])
            if label[a] != low or label[b] != low:
                label[a] = label[b] = low
                changed = True
    return label


def brute_force(folder: Path, trains: int, scores=USA_SCORES) -> int:
    """The best solo score over every route set within `trains` trains that
    holds at most one lane of each double."""
    routes, tickets = read_board(folder)
    routes.sort(key=lambda r: r[2])
    best = 0

    def visit(i, left, claimed, groups):
        nonlocal best
        label = labels(claimed)
        score = sum(scores[r[2]] for r in claimed) + sum(
            p for a, b, p in tickets if a in label and label[a] == label.get(b))
        best = max(best, score)
        for j in range(i, len(routes)):
            r = routes[j]
            if r[2] > left:
                break
            if r[3] and r[3] in groups:
                continue
            visit(j + 1, left - r[2], claimed + [r], groups | ({r[3]} if r[3] else set()))

    visit(0, trains, [], frozenset())
    return best


def make_tiny_board(folder: Path) -> Path:
    """Six cities, a double route, a long route that pays more than tickets
    at small train counts, and tickets that share a city."""
    folder.mkdir()
    shutil.copy(load_board("usa").path / "board.toml", folder / "board.toml")
    (folder / "cities.csv").write_text("name,x,y\nA,0,0\nB,1,0\nC,2,0\nD,2,1\nE,0,1\nF,3,3\n")
    (folder / "routes.csv").write_text(
        "a,b,length,color,kind,locomotives,mountains,parallel_group,reveal\n"
        "A,B,2,red,normal,0,0,1,\nA,B,2,blue,normal,0,0,1,\nB,C,1,gray,normal,0,0,,\n"
        "C,D,3,green,normal,0,0,,\nA,E,1,gray,normal,0,0,,\nE,D,4,black,normal,0,0,,\n"
        "B,D,2,white,normal,0,0,,\nD,F,6,pink,normal,0,0,,\nE,F,5,orange,normal,0,0,,\n")
    (folder / "tickets.csv").write_text("a,b,points,long\nA,D,7,0\nA,C,5,0\nE,C,6,0\nB,F,11,0\nA,F,12,0\n")
    return folder


@pytest.fixture
def tiny_board(tmp_path):
    return make_tiny_board(tmp_path / "tiny")


@pytest.mark.parametrize("trains", [1, 3, 5, 7, 9, 12, 16])
def test_tiny_board_optimum_is_the_brute_force_best(tiny_board, trains):
    res = optimum(str(tiny_board), trains)
    assert res.proven and res.score == res.bound
    assert res.score == brute_force(tiny_board, trains)
    assert res.trains_used <= trains


def test_usa_with_6_trains_is_the_brute_force_best():
    folder = load_board("usa").path
    res = optimum("usa", 6)
    assert res.proven
    assert res.score == brute_force(folder, 6)


def test_usa_tickets_only_with_7_trains_is_the_brute_force_best(tmp_path):
    """Route points zeroed (a [rules] override): only tickets score, so the
    ticket side of the model is what is checked."""
    folder = tmp_path / "usa_tickets"
    shutil.copytree(load_board("usa").path, folder)
    with open(folder / "board.toml", "a") as f:
        f.write("\n[rules]\nroute_scores = [0, 0, 0, 0, 0, 0, 0, 0, 0]\n")
    res = optimum(str(folder), 7)
    assert res.proven and res.route_points == 0
    assert res.score == brute_force(folder, 7, scores=(0,) * 9) > 0


def test_json_output_has_the_documented_fields():
    proc = ttr(["optimum", "--board", "usa", "--trains", "5", "--json"])
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert {"board", "trains", "score", "bound", "gap", "proven", "route_points", "ticket_points", "fixed_points",
            "trains_used", "routes", "tickets", "seconds", "status", "notes", "formulation", "variables",
            "constraints"} <= set(out)
    assert out["board"] == "usa" and out["trains"] == 5 and out["proven"] is True
    assert out["score"] == out["bound"] == out["route_points"] + out["ticket_points"] + out["fixed_points"]
    assert out["trains_used"] <= 5 and out["gap"] == 0
    assert isinstance(out["routes"], list) and all(isinstance(r, str) for r in out["routes"])


def test_text_output_names_score_bound_routes_and_tickets():
    """4 trains: Denver-Santa Fe and Santa Fe-El Paso (2 + 2 points) join the
    Denver-El Paso ticket (4), more than one route of 4 (7 points)."""
    proc = ttr(["optimum", "--board", "usa", "--trains", "4"])
    assert proc.returncode == 0, proc.stderr
    assert "best score 8 (proven optimal)" in proc.stdout
    assert "routes (2):" in proc.stdout and "tickets (1): Denver–El Paso (4)" in proc.stdout
    assert "longest-path bonus (10, to the best player) is left out" in proc.stdout


@pytest.mark.parametrize("args,words", [
    (["--board", "nowhere"], "nowhere"),
    (["--board", "usa", "--trains", "0"], "--trains"),
    (["--board", "usa", "--trains", "-3"], "--trains"),
    (["--board", "usa", "--time-limit", "0"], "--time-limit"),
    (["--board", "ghost_train"], "won by completing"),
])
def test_bad_input_is_one_line_and_exit_2(args, words):
    proc = ttr(["optimum", *args])
    assert proc.returncode == 2
    lines = [line for line in (proc.stdout + proc.stderr).splitlines() if line.strip()]
    assert len(lines) == 1 and words in lines[0], lines
