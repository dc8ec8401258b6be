"""The ladder: tables and seatings, paired seeds, win rates,
Bradley-Terry ratings and seed-block bootstrap intervals, the CLI."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
from cli_run import ttr
from helpers import Game

import analyzer
from analyzer.run.ladder import ladder, load_ladder, plan_runs, tables_of
from analyzer.stats.ladder import COMPONENTS, block_totals, bootstrap_weights, bt_fit, ladder_stats
from kernels.prng import STREAM_DECK, stream_seed

SEED = 7


@pytest.fixture(scope="module")
def duel(tmp_path_factory):
    """random vs greedy, 2 players, Europe: 400 games = 2 seatings x 200 seed blocks."""
    out = tmp_path_factory.mktemp("ladder") / "duel"
    return ladder("europe", 2, ["random", "greedy"], games=400, seed=SEED, out=out, progress=False, bootstrap=400)


# --- the plan --------------------------------------------------------------------------
def test_plan_every_table_and_rotation_puts_each_bot_in_each_seat_equally():
    bots = ["a", "b", "c", "d"]
    for players, mode, n_runs in ((2, "rotations", 12), (3, "rotations", 12), (3, "permutations", 24),
                                  (4, "rotations", 4)):
        runs = plan_runs(bots, players, mode)
        assert len(runs) == n_runs
        seats = np.array([r.split(",") for r in runs["seats"]])
        for s in range(players):  # every bot sits in every seat equally often
            counts = pd.Series(seats[:, s]).value_counts()
            assert len(counts) == 4 and counts.nunique() == 1, (players, mode, s, counts)
        assert runs["table"].nunique() == len(list(itertools.combinations(bots, players)))


def test_plan_more_seats_than_bots_repeats_each_bot_symmetrically():
    assert tables_of(["a", "b"], 3) == [("a", "a", "b"), ("a", "b", "b")]
    runs = plan_runs(["a", "b"], 4, "rotations")
    seats = np.array([r.split(",") for r in runs["seats"]])
    # a,b,a,b has only 2 distinct rotations: kept once each, the seats stay balanced
    assert sorted(runs["seats"]) == sorted(set(runs["seats"]))
    for s in range(4):
        counts = pd.Series(seats[:, s]).value_counts()
        assert counts["a"] == counts["b"]


def test_games_are_split_over_runs_and_rounded_up_to_whole_seed_blocks(tmp_path):
    res = ladder("europe", 2, "greedy,random", games=11, seed=3, progress=False, bootstrap=20)
    assert res.manifest["games_per_run"] == 6  # ceil(11 / 2 runs)
    g = res.games
    assert len(g) == 12
    for _, grp in g.groupby("run"):
        assert sorted(grp["game"]) == list(range(6))


# --- a real duel --------------------------------------------------------------------------
def test_greedy_ranks_above_random(duel):
    s = duel.summary.set_index("bot")
    assert list(duel.summary["bot"]) == ["greedy", "random"]
    assert s.loc["greedy", "win_low"] > s.loc["random", "win_high"]
    assert s.loc["greedy", "bt_low"] > s.loc["random", "bt_high"]
    assert s.loc["greedy", "score_low"] > s.loc["random", "score_high"]
    assert (s["games"] == 400).all()
    # win shares add up to one win per game; ratings have mean 0
    assert s["win_rate"].sum() == pytest.approx(1.0)
    assert s["bt"].sum() == pytest.approx(0.0, abs=1e-9)
    p = duel.players
    # each bot sits in each seat in exactly half of its games: the seat advantage cancels
    assert (p.groupby(["bot", "seat"], observed=True).size() == 200).all()
    # the score components are the players table's means
    for c in ("score", "route_points", "tickets_won", "tickets_lost"):
        assert s.loc["greedy", c] == pytest.approx(p.loc[p.bot == "greedy", c].mean())


def test_paired_seeds_game_i_of_every_seating_has_the_same_deal(duel):
    """Tickets kept at setup by seat s in game i of every run come from the
    offer that seat s gets in the deal of stream_seed(seed, i, STREAM_DECK),
    whichever bot sits there; the offer of another game does not hold them."""
    t = duel.table("tickets")
    kept = t[t["setup"]].groupby(["run", "game", "seat"])["ticket"].apply(set)
    assert kept.index.get_level_values("run").nunique() == 2
    mismatched_other = 0
    for i in range(0, 200, 10):
        offers = [Game("europe", 2, seed=_deck_seed(i)).st.setup_offer.copy(),
                  Game("europe", 2, seed=_deck_seed(i + 1)).st.setup_offer.copy()]
        for run in (0, 1):
            for seat in (0, 1):
                got = kept[(run, i, seat)]
                assert got <= {int(x) for x in offers[0][seat] if x >= 0}, (run, i, seat)
                mismatched_other += not got <= {int(x) for x in offers[1][seat] if x >= 0}
    assert mismatched_other >= 35  # of 40: another game's deal is another deal


def _deck_seed(game: int) -> int:
    """The deck stream's seed of a game, as the int64 bit pattern init_game stores."""
    return int(np.array([stream_seed(SEED, game, STREAM_DECK)], np.uint64).view(np.int64)[0])


def test_ladder_runs_are_plain_simulate_runs_on_the_master_seed(duel):
    """Run 1 seats greedy then random: the same tables as simulate with that
    line-up and seed."""
    seats = duel.runs.loc[1, "seats"].split(",")
    ref = analyzer.simulate("europe", 2, seats, games=200, seed=SEED, progress=False)
    got = duel.results[1].players
    pd.testing.assert_frame_equal(got.drop(columns="bot"), ref.players.drop(columns="bot"))


def test_written_ladder_reads_back_and_refuses_to_overwrite(duel):
    back = load_ladder(duel.path)
    pd.testing.assert_frame_equal(back.summary, duel.summary)
    csv = pd.read_csv(duel.path / "summary.csv")
    assert list(csv["bot"]) == list(duel.summary["bot"])
    assert (duel.path / "summary.parquet").exists() and (duel.path / "pairwise.csv").exists()
    with pytest.raises(ValueError, match="already holds a ladder"):
        ladder("europe", 2, ["random", "greedy"], games=400, seed=SEED, out=duel.path, progress=False)
    with pytest.raises(ValueError, match="differs in"):
        ladder("europe", 2, ["random", "greedy"], games=402, seed=SEED, out=duel.path, progress=False, resume=True)


def test_resume_redoes_only_what_is_missing(tmp_path):
    out = tmp_path / "lad"
    first = ladder("europe", 2, ["greedy", "random"], games=60, seed=2, out=out, progress=False, bootstrap=50)
    run1 = out / first.runs.loc[1, "folder"]
    (run1 / "chunks" / "chunk-000000.json").unlink()  # a damaged run
    before = (out / first.runs.loc[0, "folder"] / "manifest.json").read_text()
    again = ladder("europe", 2, ["greedy", "random"], games=60, seed=2, out=out, progress=False, bootstrap=50,
                   resume=True)
    assert (out / first.runs.loc[0, "folder"] / "manifest.json").read_text() == before  # not rerun
    pd.testing.assert_frame_equal(again.summary, first.summary)


def test_three_player_tables(tmp_path):
    res = ladder("europe", 3, ["random", "greedy"], games=60, seed=4, progress=False, bootstrap=50)
    assert list(res.runs["seats"]) == ["random,random,greedy", "random,greedy,random", "greedy,random,random",
                                       "random,greedy,greedy", "greedy,greedy,random", "greedy,random,greedy"]
    p = res.players
    assert len(p) == 6 * 10 * 3
    counts = p.groupby(["bot", "seat"], observed=True).size()
    assert counts.nunique() == 1  # each bot holds each seat equally often
    s = res.summary.set_index("bot")
    # win shares: one win per game, over 90 seat-games per bot
    assert (s["win_rate"] * s["games"]).sum() == pytest.approx(60)
    assert s.loc["greedy", "bt"] > s.loc["random", "bt"]
    pw = res.pairwise.set_index(["bot", "opponent"])
    # greedy and random meet in every game: 2 x 1 seats apart in each table
    assert pw.loc[("greedy", "random"), "comparisons"] == 60 * 2


# --- statistics on constructed tables ---------------------------------------------------------
def test_bt_two_bots_75_of_100_gives_ratio_3():
    r = bt_fit(np.array([[0.0, 75.0], [25.0, 0.0]]))
    assert np.exp(r[0] - r[1]) == pytest.approx(3.0, rel=1e-8)
    assert r.sum() == pytest.approx(0.0, abs=1e-12)
    # a virtual tied game per pair: (75 + 0.5) / (25 + 0.5)
    r = bt_fit(np.array([[0.0, 75.0], [25.0, 0.0]]), prior=1.0)
    assert np.exp(r[0] - r[1]) == pytest.approx(75.5 / 25.5, rel=1e-8)


def test_bt_recovers_strengths_from_expected_counts_batched():
    """Counts n p_i / (p_i + p_j) satisfy the likelihood equations exactly, so
    the MLE is p (up to scale); a batch of problems fits each one."""
    p = np.array([1.0, 2.0, 4.0, 0.5])
    w = 900 * p[:, None] / (p[:, None] + p[None, :])
    np.fill_diagonal(w, 0)
    r = bt_fit(np.stack([w, 3 * w, w[[1, 0, 2, 3]][:, [1, 0, 2, 3]]]))
    want = np.log(p) - np.log(p).mean()
    np.testing.assert_allclose(r[0], want, atol=1e-8)
    np.testing.assert_allclose(r[1], want, atol=1e-8)
    np.testing.assert_allclose(r[2], want[[1, 0, 2, 3]], atol=1e-8)


def _players(rows) -> pd.DataFrame:
    df = pd.DataFrame(rows, columns=["run", "game", "seat", "bot", "score", "winner"])
    for c in COMPONENTS:
        df[c] = 0
    return df


def test_multiplayer_games_decompose_into_pairwise_results():
    """Winner (tie-breaks included) beats everyone; others by score; equal
    scores are half a win each; a bot is not compared with itself."""
    rows = [
        # game 0: a wins a tie-break against b at 100; c 80
        (0, 0, 0, "a", 100, True), (0, 0, 1, "b", 100, False), (0, 0, 2, "c", 80, False),
        # game 1: shared win b and c at 90; a 90 too but loses the tie-break
        (0, 1, 0, "a", 90, False), (0, 1, 1, "b", 90, True), (0, 1, 2, "c", 90, True),
        # game 2 (another run): b, b, c; c wins; the two b seats are not compared
        (1, 0, 0, "b", 50, False), (1, 0, 1, "b", 60, False), (1, 0, 2, "c", 70, True),
    ]
    t = block_totals(_players(rows), ["a", "b", "c"], n_blocks=2)
    pairs = t.pairs.sum(axis=0)
    want = np.array([
        [0, 1, 1],  # a over b: game 0; a over c: game 0
        [1, 0, 1 + 0.5],  # b over a: game 1; b over c: game 0 (score), half of game 1 (shared win)
        [1, 0.5 + 2, 0],  # c over a: game 1; c over b: half of game 1, both b seats in game 2
    ])
    np.testing.assert_allclose(pairs, want)
    # win shares: the shared win counts 1/2 each
    np.testing.assert_allclose(t.wins.sum(axis=0), [1, 0.5, 1.5])
    np.testing.assert_allclose(t.seats.sum(axis=0), [2, 4, 3])
    np.testing.assert_allclose(t.wins[0], [1, 0, 1])  # block 0: game 0 of run 0 and of run 1
    np.testing.assert_allclose(t.wins[1], [0, 0.5, 0.5])


def _two_rotation_blocks(a_wins_run0: np.ndarray, a_wins_run1: np.ndarray) -> pd.DataFrame:
    """Blocks of two games (run 0: a in seat 0, run 1: b in seat 0)."""
    n = len(a_wins_run0)
    parts = []
    for run, a_wins in ((0, a_wins_run0), (1, a_wins_run1)):
        for seat_a in (0, 1):
            bot, wins = ("a", a_wins) if (seat_a == 0) == (run == 0) else ("b", ~a_wins)
            parts.append(pd.DataFrame({"run": run, "game": np.arange(n), "seat": seat_a, "bot": bot,
                                       "score": np.where(wins, 100, 50), "winner": wins}))
    df = pd.concat(parts, ignore_index=True)
    for c in COMPONENTS:
        df[c] = 0
    return df


def test_bootstrap_resamples_whole_seed_blocks():
    """A bot that wins exactly one of the two games of every block has a win
    rate of 1/2 in every resample of whole blocks: a zero-width interval (a
    resample of single games would spread). When both games of a block go the
    same way, the interval has the width of n_blocks (not 2 n_blocks)
    independent games."""
    rng = np.random.default_rng(5)
    n = 400
    coin = rng.random(n) < 0.5
    s, _ = ladder_stats(_two_rotation_blocks(coin, ~coin), ["a", "b"], n, bootstrap=1000, seed=1)
    a = s.set_index("bot").loc["a"]
    assert a["win_rate"] == 0.5 and a["win_low"] == 0.5 and a["win_high"] == 0.5
    assert a["bt_low"] == pytest.approx(0.0, abs=1e-9) and a["bt_high"] == pytest.approx(0.0, abs=1e-9)
    coin = np.arange(n) % 2 == 0  # exactly half the blocks
    s, _ = ladder_stats(_two_rotation_blocks(coin, coin), ["a", "b"], n, bootstrap=1000, seed=1)
    a = s.set_index("bot").loc["a"]
    width = a["win_high"] - a["win_low"]
    blocks_width = 2 * 1.96 * 0.5 / np.sqrt(n)  # 0.098; single games: 0.069
    assert 0.85 * blocks_width < width < 1.15 * blocks_width


def test_bootstrap_weights_draw_whole_blocks():
    w = bootstrap_weights(50, 300, np.random.default_rng(1))
    assert w.shape == (300, 50)
    assert (w.sum(axis=1) == 50).all()
    assert (w == np.round(w)).all() and (w >= 0).all()
    assert 0.3 < (w == 0).mean() < 0.44  # about e^-1 of the blocks left out of each resample


# --- the CLI ------------------------------------------------------------------------------------
@pytest.mark.parametrize("args, words", [
    (["--bots", "greedy,nope"], "unknown bot 'nope'"),
    (["--bots", "greedy"], "at least two bots"),
    (["--bots", "greedy,greedy"], "named twice"),
    (["--players", "9"], "2-5 players"),
    (["--seatings", "shuffled"], "seatings"),
    (["--games", "0"], "games"),
])
def test_cli_bad_input_exits_2(args, words):
    proc = ttr(["ladder", "--quiet", *args])
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert words in proc.stdout + proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr


def test_cli_prints_the_ranking(tmp_path):
    out = tmp_path / "lad"
    proc = ttr(["ladder", "--quiet", "--bots", "random,greedy", "--games", "40", "--bootstrap", "50",
                "--out", str(out)],
               env={"COLUMNS": "160"})
    assert proc.returncode == 0, proc.stderr
    assert "1. greedy" in proc.stdout and "2. random" in proc.stdout
    assert (out / "summary.csv").exists()
