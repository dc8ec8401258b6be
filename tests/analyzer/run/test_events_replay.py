"""The events table (docs/tables.md, events) replayed from outside the engine:
a run with events on every board, its events.parquet parts replayed card by
card and ticket by ticket by tests/analyzer/run/events_oracle.py in a
process of its own that imports neither the kernels nor the analyzer (it
checks sys.modules and fails otherwise). The replay proves the deck
conserved at every move (BASE-CMP-1), the opening hands (BASE-SET-1), the
market refilled (BASE-MKT-5), the locomotive reset exactly when due
(BASE-MKT-3), the reshuffle only of an empty pile (BASE-MKT-4), every offer
drawn from the remaining tickets (BASE-SET-2, BASE-TKT-1, EU-SET-2), the keep
limits and the team's shared tickets (TA-TKT-1, TA-TKT-2), Ghost Train's
swaps (GT-TRN-3, GT-TRN-3a), and agrees with the other tables. A tampered
table fails the replay; events change no game; a run with events resumes
as any run does."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from cli_run import ttr

import analyzer

ORACLE = Path(__file__).with_name("events_oracle.py")
GAMES = 12
# every board, random and planner seats mixed, every player-count edge
RUNS = {
    "usa-5": dict(board="usa", players=5), "europe-4": dict(board="europe", players=4),
    "europe-2": dict(board="europe", players=2), "legendary_asia-3": dict(board="legendary_asia", players=3),
    "india-4": dict(board="india", players=4), "nordic_countries-3": dict(board="nordic_countries", players=3),
    "switzerland-2": dict(board="switzerland", players=2), "team_asia-4": dict(board="team_asia", players=4),
    "team_asia-6": dict(board="team_asia", players=6), "ghost_train-3": dict(board="ghost_train", players=3),
}


def events_run(out: Path, board: str, players: int, seed: int = 8, games: int = GAMES):
    bots = ["planner", "random"] * (players // 2) + ["planner"] * (players % 2)
    return analyzer.simulate(board=board, players=players, bots=bots, games=games, seed=seed, out=out,
                             progress=False, threads=1, events=True)


def replay(folder: Path) -> subprocess.CompletedProcess:
    """The oracle in a fresh interpreter: nothing of the product is imported there unless it imports it."""
    return subprocess.run([sys.executable, str(ORACLE), str(folder)], capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def europe(tmp_path_factory):
    out = tmp_path_factory.mktemp("events") / "europe"
    events_run(out, "europe", 4, seed=3, games=20)
    return out


@pytest.mark.parametrize("name", list(RUNS))
def test_events_replay_conserves_cards_BASE_MKT_3_BASE_MKT_4_BASE_MKT_5_and_tickets_BASE_TKT_1(name, tmp_path):
    """Every board: the replay passes every check, and the checks were exercised (reshuffles,
    resets where the board resets, offers, swaps on Ghost Train, tunnels where there are any)."""
    events_run(tmp_path / name, **RUNS[name])
    done = replay(tmp_path / name)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["games"] == GAMES and seen["events"] > 100 * GAMES
    assert seen["offers"] >= GAMES * RUNS[name]["players"] * 2
    assert seen["reshuffles"] > 0
    board = RUNS[name]["board"]
    assert (seen["market_resets"] > 0) == (board not in ("ghost_train", "nordic_countries"))  # no reset rule there
    assert (seen["swaps"] > 0) == (board == "ghost_train")  # GT-TRN-3
    assert (seen["tunnels"] > 0) == (board in ("europe", "nordic_countries", "switzerland", "team_asia"))


def test_the_replay_imports_neither_kernels_nor_analyzer(europe):
    """The oracle's own check of sys.modules ran and passed, and its source names neither package."""
    done = replay(europe)
    assert done.returncode == 0, done.stderr[-2000:]
    source = ORACLE.read_text()
    assert "import kernels" not in source and "from kernels" not in source
    assert "import analyzer" not in source and "from analyzer" not in source


@pytest.mark.parametrize("tamper,message", [
    ("market_reset", "filled while it holds"),  # a reset taken out: its refill lands on a full market (BASE-MKT-3)
    ("reshuffle", "takes"),  # a reshuffle taken out: the next draw takes from an empty pile (BASE-MKT-4)
    ("keep", "not in its offer"),  # a kept ticket that was not offered (BASE-TKT-1)
    ("card", ""),  # a drawn card changed: conservation fails somewhere
])
def test_a_tampered_events_table_fails_the_replay(europe, tmp_path, tamper, message):
    folder = shutil.copytree(europe, tmp_path / "run")
    part = sorted((folder / "events").glob("part-*.parquet"))[0]
    e = pd.read_parquet(part)
    kind = e["kind"].astype(str)
    if tamper in ("market_reset", "reshuffle"):
        first = kind[kind == tamper].index[0]
        group = [first]
        while group[-1] + 1 < len(e) and kind[group[-1] + 1] == tamper:
            group.append(group[-1] + 1)
        e = e.drop(index=group)
    elif tamper == "keep":
        i = kind[kind == "ticket_keep"].index[-1]
        held = set(e.loc[(e["game"] == e.at[i, "game"]) & kind.isin(["setup_offer", "ticket_offer"]), "ticket"])
        e.at[i, "ticket"] = next(t for t in range(100) if t not in held)
    else:
        i = kind[kind == "blind_draw"].index[0]
        e.at[i, "card"] = "locomotive" if e.at[i, "card"] != "locomotive" else "red"
    e.to_parquet(part)
    done = replay(folder)
    assert done.returncode != 0
    assert "ReplayError" in done.stderr and message in done.stderr


def test_events_change_no_game_and_a_run_without_them_has_none(europe, tmp_path):
    """The same games with and without events (no random number drawn for them); the run key of a
    run without events is as before, and asking it for events says how to get them."""
    plain = analyzer.simulate(board="europe", players=4, bots=["planner", "random"] * 2, games=20, seed=3,
                              out=tmp_path / "plain", progress=False, threads=1)
    with_events = analyzer.load(europe)
    for table in ("games", "players", "tickets", "claims", "tunnels"):
        pd.testing.assert_frame_equal(plain.table(table), with_events.table(table))
    assert "events" not in plain.manifest and not (tmp_path / "plain" / "events").exists()
    with pytest.raises(KeyError, match="--events"):
        plain.table("events")
    assert len(with_events.events) > 0 and with_events.manifest["events"] is True


def test_a_run_with_events_resumes_and_refuses_another_setting(tmp_path):
    out = tmp_path / "run"
    bots = ["planner", "random", "planner"]
    analyzer.simulate(board="usa", players=3, bots=bots, games=40, seed=8, out=out, progress=False, threads=1,
                      events=True, chunk_size=10)
    whole = pd.read_parquet(out / "events")
    marker = sorted((out / "chunks").glob("chunk-*.json"))[1]
    marker.unlink()  # a chunk lost: resuming plays it again
    (out / "events" / marker.name.replace("chunk", "part").replace(".json", ".parquet")).unlink()
    analyzer.simulate(board="usa", players=3, bots=bots, games=40, seed=8, out=out, progress=False, threads=1,
                      events=True, resume=True, chunk_size=10)
    pd.testing.assert_frame_equal(pd.read_parquet(out / "events"), whole)
    with pytest.raises(ValueError, match="differs in events"):
        analyzer.simulate(board="usa", players=3, bots=bots, games=40, seed=8, out=out, progress=False, resume=True,
                          chunk_size=10)


def test_ttr_simulate_events_writes_the_table(tmp_path):
    out = tmp_path / "cli"
    done = ttr(["simulate", "--board", "ghost_train", "--players", "2", "--games", "6", "--bots", "random",
                "--out", str(out), "--events", "--quiet"])
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (out / "events").iterdir()) == ["part-000000.parquet"]
    assert replay(out).returncode == 0


def test_the_search_players_rollouts_leave_no_events(tmp_path):
    """`expert` plays its rollouts on the game's own state and restores it: the rows they write are
    forgotten, so the replay still passes and the games are those of a run without events."""
    kw = dict(board="europe", players=2, bots=["expert", "planner"], games=2, seed=2, progress=False, threads=1,
              bot_params={"expert.rollouts": 8})
    analyzer.simulate(out=tmp_path / "events", events=True, **kw)
    plain = analyzer.simulate(out=tmp_path / "plain", **kw)
    done = replay(tmp_path / "events")
    assert done.returncode == 0, done.stderr[-2000:]
    pd.testing.assert_frame_equal(analyzer.load(tmp_path / "events").claims, plain.claims)


def test_a_run_with_events_on_a_dask_local_cluster(tmp_path):
    """The workers of a Dask LocalCluster write the events parts themselves, as the other tables'."""
    out = tmp_path / "dask"
    analyzer.simulate(board="usa", players=3, bots="planner", games=20, chunk_size=10, seed=4, out=out,
                      progress=False, events=True, cluster="local:1")
    assert len(list((out / "events").glob("part-*.parquet"))) == 2
    done = replay(out)
    assert done.returncode == 0, done.stderr[-2000:]
