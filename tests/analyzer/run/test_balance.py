"""`ttr balance` on real games: the tier ladder played and read back, its
tables (Parquet and CSV) and figures, a rule change compared with the preset
on the same deals, the legal player counts, and bad input."""

from __future__ import annotations

import pandas as pd
import pytest
from cli_run import ttr

import analyzer
from analyzer.run.balance import BalanceOptions, balance, legal_player_counts, load_balance
from analyzer.stats.balance import MEASURES, TIERS

OPTS = BalanceOptions(games=24, seed=5, rollouts=2, bootstrap=100, progress=False)


@pytest.fixture(scope="module")
def compared(tmp_path_factory):
    """Europe 4p, 4 rotations x 6 seed blocks, preset against a 30-point longest-path bonus."""
    out = tmp_path_factory.mktemp("balance") / "eu4"
    return balance("europe", 4, None, {"longest_path_bonus": 30}, out, OPTS)


def test_the_tiers_play_every_seat_on_the_same_deals(compared):
    sc = compared.preset
    assert sc.tiers == list(TIERS) and sc.blocks == 6 and sc.games == 24
    seats = sc.tables()["seats"]
    assert (seats.loc[seats.tier != "all", "seat_games"] == 6).all()  # each tier once per seat and block
    assert (seats.loc[seats.tier == "all", "seat_games"] == 24).all()
    # a game's win shares sum to one: the seats' advantages over all tiers sum to zero
    assert seats.loc[seats.tier == "all", "advantage"].sum() == pytest.approx(0.0, abs=1e-12)


def test_random_is_the_bottom_tier_on_real_games(compared):
    m = compared.preset.tables()["matrix"].set_index(["tier", "opponent"])
    for t in ("greedy", "planner", "expert"):
        assert m.loc[(t, "random"), "share"] > 0.9
    r = compared.preset.tables()["ratings"].set_index("tier")["rating"]
    assert r.idxmin() == "random"
    assert compared.preset.tables()["index"].set_index("measure").loc["skill_expression", "value"] > 0.2


def test_every_table_is_written_as_parquet_and_csv_and_read_back(compared):
    out = compared.path
    for side in ("preset", "variant", "compare"):
        for name in MEASURES:
            pq = pd.read_parquet(out / side / f"{name}.parquet")
            csv = pd.read_csv(out / side / f"{name}.csv")
            assert len(pq) == len(csv), (side, name)
    back = load_balance(out)
    for name in MEASURES:
        pd.testing.assert_frame_equal(back.preset.tables()[name], compared.preset.tables()[name])
        pd.testing.assert_frame_equal(back.compare[name], compared.compare[name])
    assert back.variant.overrides == {"longest_path_bonus": 30}


def test_the_rule_change_is_compared_row_by_row_with_the_preset(compared):
    b = compared.compare["bonuses"]
    longest = b[(b.bonus == "longest_bonus") & (b.tier == "all")].iloc[0]
    assert longest["rate_diff_low"] <= longest["rate_diff"] <= longest["rate_diff_high"]
    seats = compared.compare["seats"]
    pd.testing.assert_series_equal(seats["advantage_base"], compared.preset.tables()["seats"]["advantage"],
                                   check_names=False)
    pd.testing.assert_series_equal(seats["advantage_other"], compared.variant.tables()["seats"]["advantage"],
                                   check_names=False)
    assert compared.variant.games == compared.preset.games == 24


def test_legal_player_counts_are_whole_teams():
    assert legal_player_counts("europe") == [2, 3, 4, 5]
    assert legal_player_counts("team_asia") == [4, 6]
    assert legal_player_counts("nordic_countries") == [2, 3]


def test_the_command_prints_the_verdict_and_writes_tables_and_figures(tmp_path):
    targets = tmp_path / "targets.toml"
    targets.write_text("first_seat = 0.33\n[matrix]\ngreedy.random = 0.9\nexpert.planner = 0.6\n")
    proc = ttr(["balance", "--board", "nordic_countries", "--players", "3", "--games", "24", "--rollouts", "2",
                "--bootstrap", "50", "--quiet", "--out", str(tmp_path), "--targets", str(targets)])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Nordic Countries 3p: first seat" in proc.stdout and "skill expression" in proc.stdout
    folder = tmp_path / "nordic_countries-3p"
    assert (folder / "preset" / "seats.csv").exists() and (folder / "balance.json").exists()
    figs = sorted(p.stem for p in (folder / "figures").glob("*.png"))
    assert figs == sorted(f"balance_{m}" for m in ("seats", "matrix", "ratings", "index", "length", "decided",
                                                   "bonuses", "distance"))
    assert "distance from the targets" in proc.stdout
    d = pd.read_csv(folder / "preset" / "distance.csv").set_index("measure")
    assert list(d.index) == ["distance", "first_seat", "greedy.random", "expert.planner"]
    assert d.loc["distance", "value"] == pytest.approx((d["value"].iloc[1:] ** 2).sum() ** 0.5)
    res = analyzer.load_balance(folder)
    assert res.preset.players == 3 and len(res.preset.tiers) == 4  # 4 tables of 3 tiers, 3 rotations each


def test_a_rule_change_draws_its_paired_differences(tmp_path):
    proc = ttr(["balance", "--board", "team_asia", "--players", "4", "--games", "8", "--rollouts", "2",
                "--bootstrap", "20", "--set", "tunnel_reveal=4", "--quiet", "--out", str(tmp_path)])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "against the preset, same deals" in proc.stdout
    folder = tmp_path / "team_asia-4p"
    svg = (folder / "figures" / "balance_compare.svg").read_text()
    assert "paired 95% CI" in svg and "(provisional board)" in svg  # Team Asia's board is provisional
    assert (folder / "compare" / "seats.parquet").exists() and (folder / "variant" / "matrix.csv").exists()
    # team play: one tier per team (seats 1-2 and 3-4), every pair of tiers in both team orders, so each
    # pair meets in 2 runs of 2 seed blocks, 2 x 2 seats compared across the teams in each game
    res = load_balance(folder)
    assert res.preset.blocks == 1  # 8 games over 12 runs: rounded up to one seed block each
    m = pd.read_csv(folder / "preset" / "matrix.csv").set_index(["tier", "opponent"])["comparisons"]
    assert (m == 2 * 1 * 4).all() and len(m) == 12
    seats = pd.read_csv(folder / "preset" / "seats.csv")
    assert (seats.loc[seats.tier == "random", "seat_games"] == 3).all()  # 3 tables, each seat once


TARGET_FILES = {"matrix cell greedy.nobody: unknown tier 'nobody'": "[matrix]\ngreedy.nobody = 0.5\n",
                "first_seat must be a share from 0 to 1, not 2": "first_seat = 2\n",
                "unknown field 'seats'": "seats = 1\n"}


@pytest.mark.parametrize("args,message", [
    (["--board", "europe", "--players", "7"], "--players 7: no board plays with that many (europe: 2, 3, 4, 5)"),
    (["--board", "all", "--players", "7"], "--players 7: no board plays with that many (europe: 2, 3, 4, 5;"),
    (["--board", "europe", "--players", "4", "--set", "no_such_rule=1"], "no_such_rule"),
    (["--board", "europe", "--players", "4", "--games", "0"], "games must be a whole number >= 1"),
    (["--board", "nowhere"], "nowhere"),
    (["--targets", "TARGETS"], "matrix cell greedy.nobody: unknown tier 'nobody'"),
    (["--targets", "TARGETS"], "first_seat must be a share from 0 to 1, not 2"),
    (["--targets", "TARGETS"], "unknown field 'seats'"),
    (["--targets", "/nonexistent/t.toml"], "/nonexistent/t.toml: no such targets file"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, message):
    (tmp_path / "t.toml").write_text(TARGET_FILES.get(message, "first_seat = 0.25\n"))
    args = [str(tmp_path / "t.toml") if a == "TARGETS" else a for a in args]
    proc = ttr(["balance", *args, "--quiet", "--out", str(tmp_path)])
    out = proc.stdout + proc.stderr
    assert proc.returncode == 2, out
    assert message in out and "Traceback" not in out


def test_a_rule_set_that_gives_the_first_seat_an_extra_turn_shows_its_head_start():
    """turn_cap=21 at 2 players stops the game after seat 0's 11th turn and seat 1's 10th: the first
    seat plays one turn more, and its advantage must show, against the preset on the same deals."""
    opts = BalanceOptions(games=240, seed=2, rollouts=2, bootstrap=400, progress=False)
    res = balance("europe", 2, None, {"turn_cap": 21}, None, opts)
    head = res.variant.tables()["seats"].set_index(["tier", "seat"]).loc[("all", 0)]
    assert head["advantage_low"] > 0, head
    diff = res.compare["seats"].set_index(["tier", "seat"]).loc[("all", 0)]
    assert diff["advantage_diff_low"] > 0, diff


def test_expert_plays_its_fast_budget_unless_rollouts_are_given(compared, tmp_path):
    """The top tier searches at expert.budget=fast by default (as in the report's balance section); --rollouts
    N plays N rollouts instead. Each scorecard's manifest names the budget, and the ladder's runs record the
    bot params they played."""
    import json

    from analyzer.bots import EXPERT_FAST_PARAMS

    assert json.loads((compared.path / "balance.json").read_text())["expert_budget"] == "2 rollouts"
    fast = balance("usa", 2, None, None, tmp_path / "fast", BalanceOptions(games=6, seed=5, bootstrap=10,
                                                                            progress=False))
    assert json.loads((fast.path / "balance.json").read_text())["expert_budget"] == "fast budget"
    manifests = [json.loads(p.read_text()) for p in (tmp_path / "fast").rglob("manifest.json")]
    with_expert = [m for m in manifests if "expert" in m.get("bots", [])]
    assert with_expert and all(m["bot_params"] == dict(EXPERT_FAST_PARAMS) for m in with_expert)
