"""House-rule sweeps: variants on common random numbers, the sweep folder
and its resume, the balance comparison and its paired intervals, the config
file, the CLI, and a sweep on a Dask LocalCluster."""

import json
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd
import pytest
from cli_run import ttr
from same_tables import assert_same_tables as _assert_same

import analyzer
from analyzer.rules import preset
from analyzer.run.sweep import SweepError, build_variants, parse_set_options, read_config, sweep
from analyzer.run.sweep_output import compare, load_sweep
from analyzer.stats.compare import MEASURES

EU = dict(board="europe", players=3, bots="greedy,random,greedy", games=240, seed=5, progress=False)
CLI = [sys.executable, "-m", "analyzer.cli"]


@pytest.fixture(scope="module")
def grid_sweep(tmp_path_factory):
    out = tmp_path_factory.mktemp("sweep") / "eu"
    return sweep(grid={"tunnel_reveal": [3, 4], "longest_path_bonus": [10, 15]}, out=out, chunk_size=80, **EU)


# --- variants and the grid ---------------------------------------------------------------
def test_grid_gives_every_combination_and_finds_the_baseline():
    base = preset("europe")
    vs, b = build_variants(base, grid={"tunnel_reveal": ["2", "3", 4], "longest_path_bonus": [10, 15]})
    assert [v.name for v in vs] == [f"tunnel_reveal={t},longest_path_bonus={lp}" for t in (2, 3, 4) for lp in (10, 15)]
    assert b == "tunnel_reveal=3,longest_path_bonus=10"  # the europe preset's own values
    assert all(isinstance(v.overrides["tunnel_reveal"], int) for v in vs)
    assert [v.rules.hash() == base.hash() for v in vs].count(True) == 1


def test_baseline_added_when_no_variant_has_the_base_rules():
    vs, b = build_variants(preset("europe"), grid={"trains": [40, 35]})
    assert b == "baseline" and [v.name for v in vs] == ["baseline", "trains=40", "trains=35"]
    assert vs[0].overrides == {} and vs[0].rules.trains == 45
    vs, b = build_variants(preset("europe"), variants={"short": {"trains": 40}}, grid={"trains": [35]},
                           baseline="short")
    assert b == "short" and [v.name for v in vs] == ["short", "trains=35"]


def test_set_options_parse_and_bad_values_are_refused():
    assert parse_set_options(["tunnel_reveal=2,3,4", "longest_path_bonus = 10, 15"]) == {
        "tunnel_reveal": ["2", "3", "4"], "longest_path_bonus": ["10", "15"]}
    grid = parse_set_options(["route_scores=0,1,2,4,7,10,15,18,21;0,1,2,4,7,10,15,18,27"])
    vs, _ = build_variants(preset("europe"), grid=grid)
    assert vs[-1].rules.route_scores[-1] == 27 and vs[-1].name == "route_scores=0-1-2-4-7-10-15-18-27"
    with pytest.raises(SweepError, match="not of the form key=value"):
        parse_set_options(["tunnel_reveal"])
    with pytest.raises(SweepError, match="given twice"):
        parse_set_options(["trains=40", "trains=35"])
    with pytest.raises(SweepError, match="rule tunnel_reveal: 'x' is not a whole number"):
        build_variants(preset("europe"), grid=parse_set_options(["tunnel_reveal=2,x"]))
    with pytest.raises(SweepError, match="unknown rule 'tunnel_revel'"):
        build_variants(preset("europe"), grid={"tunnel_revel": [2]})
    with pytest.raises(SweepError, match="baseline 'nope' is not a variant"):
        build_variants(preset("europe"), grid={"trains": [40]}, baseline="nope")
    with pytest.raises(SweepError, match="no variants"):
        build_variants(preset("europe"))


# --- common random numbers -------------------------------------------------------------------
def test_a_variant_identical_to_the_baseline_gives_identical_games():
    """Same rules under another name (tunnel_reveal=3 is Europe's own value):
    the same seeds give the very same games, so every difference is 0."""
    sw = sweep(variants={"europe": {}, "same": {"tunnel_reveal": 3}}, baseline="europe", **EU)
    _assert_same(sw.results["europe"], sw.results["same"])
    table = compare(sw, n_boot=200)
    same = table[table["variant"] == "same"]
    assert len(same) >= 8
    assert (same["difference"] == 0).all() and (same["ci_low"] == 0).all() and (same["ci_high"] == 0).all()
    assert (same["unpaired_ci_high"] > same["unpaired_ci_low"]).any()  # unpaired intervals would not be 0


def test_common_random_numbers_keep_the_games_equal_until_the_rules_differ(grid_sweep):
    """tunnel_reveal 3 -> 4: the deal, the draw pile and the bots' streams are
    shared, so each game is the same up to its first tunnel attempt, which
    happens at the same turn on the same route; the 4th card is revealed after
    the same 3, so the surcharge can only grow (EU-TUN-2)."""
    a = grid_sweep.results["tunnel_reveal=3,longest_path_bonus=10"]
    b = grid_sweep.results["tunnel_reveal=4,longest_path_bonus=10"]
    ta, tb = a.tunnels.groupby("game").first(), b.tunnels.groupby("game").first()
    assert len(ta) > 50
    both = ta.index.intersection(tb.index)
    assert len(both) == len(ta) == len(tb)
    for col in ("turn", "seat", "route", "pile_size", "discard_size"):
        assert (ta.loc[both, col] == tb.loc[both, col]).all(), col
    assert (ta["to_reveal"] == 3).all() and (tb["to_reveal"] == 4).all()
    assert (tb.loc[both, "surcharge"] >= ta.loc[both, "surcharge"]).all()
    assert (tb.loc[both, "surcharge"] > ta.loc[both, "surcharge"]).any()
    key = ["game", "turn", "seat", "route", "colour", "locos"]
    for g in both[:40]:
        first = ta.loc[g, "turn"]
        ca = a.claims[(a.claims.game == g) & (a.claims.turn < first)][key].reset_index(drop=True)
        cb = b.claims[(b.claims.game == g) & (b.claims.turn < first)][key].reset_index(drop=True)
        pd.testing.assert_frame_equal(ca, cb, check_categorical=False)
    # the games do diverge afterwards
    assert not a.players["score"].equals(b.players["score"])


def test_changing_the_deck_breaks_the_pairing():
    """Documented limit: a different deck (cards_per_colour) changes the first
    shuffle and, through the stream, the ticket deal: the games are not paired."""
    sw = sweep(variants={"europe": {}, "deck11": {"cards_per_colour": 11}, "lp15": {"longest_path_bonus": 15}},
               baseline="europe", **EU)

    def first_claims(name):
        c = sw.results[name].claims
        return c.sort_values(["game", "turn"]).groupby("game").first()[["seat", "route", "turn"]]

    base = first_claims("europe")
    same_lp = (first_claims("lp15") == base).all(axis=1).mean()
    same_deck = (first_claims("deck11").reindex(base.index) == base).all(axis=1).mean()
    assert same_lp == 1.0  # greedy and random do not look at the scores: the same games
    assert same_deck < 0.5


def test_a_real_change_has_a_paired_ci_narrower_than_the_unpaired_one(grid_sweep):
    table = compare(grid_sweep, n_boot=400)

    def width(variant, measure, prefix=""):
        r = table[(table.variant == variant) & (table.measure == measure)].iloc[0]
        return r[f"{prefix}ci_high"] - r[f"{prefix}ci_low"], r

    # the longest-path bonus 10 -> 15 changes only the score of its holders
    w, r = width("tunnel_reveal=3,longest_path_bonus=15", "mean_score")
    wu, _ = width("tunnel_reveal=3,longest_path_bonus=15", "mean_score", "unpaired_")
    assert r["ci_low"] > 0 and 0 < w < wu / 5
    # the bonus is 5 points more for each holder: the mean score moves by 5 x holders per game / players
    holders = table[(table.variant == r["variant"]) & (table.measure == "longest_bonus_holders")].iloc[0]["estimate"]
    assert r["difference"] == pytest.approx(5 * holders / 3)
    # revealing a 4th card in tunnels: the games diverge after the first tunnel, still narrower
    w4, r4 = width("tunnel_reveal=4,longest_path_bonus=10", "mean_score")
    wu4, _ = width("tunnel_reveal=4,longest_path_bonus=10", "mean_score", "unpaired_")
    assert 0 < w4 < wu4
    assert r4["paired"]


# --- the comparison against direct pandas computations -------------------------------------------
def test_compare_estimates_match_the_tables(grid_sweep):
    table = compare(grid_sweep, n_boot=100).set_index(["variant", "measure"])
    p, g = grid_sweep.players, grid_sweep.games
    assert set(MEASURES) >= set(table.index.get_level_values("measure"))
    for v in grid_sweep.names:
        pv = p[p.variant == v]
        gv = g[g.variant == v].set_index("game")
        frac = pv["winner"] / pv["game"].map(gv["n_winners"])
        seat_rates = frac.groupby(pv["seat"]).mean()
        bot_rates = frac.groupby(pv["bot"], observed=True).mean()
        holder = pv["longest_bonus"] > 0
        expect = {
            "mean_score": pv["score"].mean(),
            "seat_advantage": seat_rates.max() - seat_rates.min(),
            "strategy_dominance": bot_rates.max() - bot_rates.min(),
            "ticket_completion": pv["tickets_completed"].sum() / (pv["tickets_completed"] + pv["tickets_failed"]).sum(),
            "longest_bonus_holders": holder.sum() / len(gv),
            "longest_bonus_holder_win_rate": frac[holder].mean(),
            "game_length": gv["turns"].mean(),
            "stalled_games": gv["stalled"].mean(),
        }
        for m, x in expect.items():
            assert table.loc[(v, m), "estimate"] == pytest.approx(x), (v, m)
    base = table.xs(grid_sweep.baseline, level="variant")
    assert (base["difference"] == 0).all() and base["is_baseline"].all()
    # bonuses nobody gives on Europe are not measured
    assert "explorer_bonus_holders" not in table.index.get_level_values("measure")


def test_strategy_dominance_only_with_mixed_bots():
    sw = sweep(board="usa", players=2, bots="greedy", games=60, seed=2, grid={"trains": [40]}, progress=False)
    table = compare(sw, n_boot=50)
    assert "strategy_dominance" not in set(table["measure"])
    assert sw.baseline == "baseline" and len(sw.names) == 2


# --- the folder, loading and resume ---------------------------------------------------------------
def test_sweep_folder_manifest_and_variant_column(grid_sweep):
    path = grid_sweep.path
    m = json.loads((path / "sweep.json").read_text())
    assert m["status"] == "complete" and m["baseline"] == "tunnel_reveal=3,longest_path_bonus=10"
    assert m["parameters"] == ["tunnel_reveal", "longest_path_bonus"]
    assert [v["overrides"] for v in m["variants"]] == [
        {"tunnel_reveal": t, "longest_path_bonus": lp} for t in (3, 4) for lp in (10, 15)]
    for v in m["variants"]:
        run = json.loads((path / v["path"] / "manifest.json").read_text())
        assert run["seed"] == 5 and run["games"] == 240 and run["rules_hash"] == v["rules_hash"]
        assert run["rules"]["tunnel_reveal"] == v["overrides"]["tunnel_reveal"]
    res = load_sweep(path)
    assert isinstance(res.players["variant"].dtype, pd.CategoricalDtype)
    assert list(res.players["variant"].cat.categories) == res.names
    assert res.players.groupby("variant", observed=True).size().tolist() == [240 * 3] * 4
    assert len(res.tunnels) == sum(len(r.tunnels) for r in res.results.values())
    vt = res.variants()
    assert vt["baseline"].sum() == 1 and vt["tunnel_reveal"].tolist() == [3, 3, 4, 4]
    _assert_same(res.results["tunnel_reveal=4,longest_path_bonus=15"],
                 analyzer.simulate(board="europe", players=3, bots="greedy,random,greedy", games=240, seed=5,
                                   overrides={"tunnel_reveal": 4, "longest_path_bonus": 15}, progress=False))


def test_sweep_resumes_and_refuses_to_overwrite(tmp_path):
    out = tmp_path / "sw"
    kw = dict(EU, games=90, grid={"longest_path_bonus": [10, 15]}, chunk_size=30)
    first = sweep(out=out, **kw)
    with pytest.raises(SweepError, match="already holds a sweep"):
        sweep(out=out, **kw)
    (out / "variants" / "longest_path_bonus=15" / "chunks" / "chunk-000001.json").unlink()
    m = json.loads((out / "sweep.json").read_text())
    (out / "sweep.json").write_text(json.dumps(dict(m, status="running")))
    with pytest.raises(SweepError, match="did not finish"):
        load_sweep(out)
    with pytest.raises(SweepError, match="differs in games"):
        sweep(out=out, resume=True, **dict(kw, games=60))
    resumed = sweep(out=out, resume=True, **kw)
    for v in first.names:
        _assert_same(first.results[v], resumed.results[v])


# --- the config file ----------------------------------------------------------------------------------
def test_config_file_named_variants_grid_and_base(tmp_path):
    cfg = tmp_path / "sweep.toml"
    cfg.write_text("""
board = "europe"
players = 3
bots = ["greedy", "random", "greedy"]
games = 60
seed = 5
baseline = "standard"

[base]
turn_cap = 1500

[variants.standard]
[variants.stations2]
station_value = 2

[grid]
trains = [40, 35]
""")
    sw = sweep(config=cfg, progress=False, games=30)  # an argument given wins over the file
    assert sw.names == ["standard", "stations2", "trains=40", "trains=35"] and sw.baseline == "standard"
    assert sw.manifest["games"] == 30 and sw.manifest["players"] == 3
    assert all(r.manifest["rules"]["turn_cap"] == 1500 for r in sw.results.values())
    assert sw.results["stations2"].manifest["rules"]["station_value"] == 2
    assert sw.results["trains=35"].manifest["rules"]["trains"] == 35


@pytest.mark.parametrize("text,words", [
    ('games = "many"', "field 'games': expected a int"),
    ("[grid]\ntrains = 40", "field 'grid.trains': expected a list of values"),
    ("colour = 3", "field 'colour': unknown key"),
    ("[variants.x]\ntrains = 0", "variant 'x': rule trains=0: must be 1..200"),
    ("[variants.x]\ntrain = 40", "variant 'x': unknown rule 'train'"),
    ('[variants."a b"]\ntrains = 40', "names may use letters"),
    ("games = [", "not valid TOML"),
])
def test_config_errors_name_file_and_field(tmp_path, text, words):
    cfg = tmp_path / "bad.toml"
    cfg.write_text(text + "\n")
    with pytest.raises(SweepError, match="bad.toml") as e:
        sweep(config=cfg, progress=False)
    assert words in str(e.value)


def test_config_reader_rejects_missing_file(tmp_path):
    with pytest.raises(SweepError, match="no such file"):
        read_config(tmp_path / "none.toml")


# --- CLI ---------------------------------------------------------------------------------------------------
def test_threads_asking_for_a_sweep_table_at_once_get_one_frame(grid_sweep):
    for _ in range(4):
        res = load_sweep(grid_sweep.path)
        with ThreadPoolExecutor(8) as pool:
            got = list(pool.map(lambda i, r=res: r.table(("claims", "tickets")[i % 2]), range(16)))
        assert all(df is res.table(("claims", "tickets")[i % 2]) for i, df in enumerate(got))
        assert list(res.claims.columns).count("variant") == 1 and len(res.claims) == sum(
            len(r.claims) for r in res.results.values())


def test_cli_sweep_and_compare(tmp_path):
    out = tmp_path / "cli"
    proc = ttr(["sweep", "--board", "europe", "--players", "3", "--bots", "greedy,random,greedy",
                           "--games", "60", "--seed", "5", "--set", "longest_path_bonus=10,15", "--out", str(out),
                           "--quiet"], env=_wide_env())
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "longest_path_bonus=15" in proc.stdout and "mean_score" in proc.stdout and "(baseline)" in proc.stdout
    csv = tmp_path / "cmp.csv"
    proc = ttr(["compare", str(out), "--csv", str(csv), "--n-boot", "100", "--plot",
                           str(tmp_path / "figs")], env=_wide_env())
    assert proc.returncode == 0, proc.stdout + proc.stderr
    df = pd.read_csv(csv)
    assert {"variant", "measure", "estimate", "baseline_value", "difference", "ci_low", "ci_high"} <= set(df.columns)
    assert (tmp_path / "figs" / "sweep_longest_path_bonus.png").exists()
    assert (tmp_path / "figs" / "sweep_longest_path_bonus.svg").exists()


@pytest.mark.parametrize("args,words", [
    (["sweep", "--games", "10", "--set", "tunnel_reveal=2,x"], "rule tunnel_reveal: 'x' is not a whole number"),
    (["sweep", "--games", "10", "--set", "tunnel_reveal"], "is not of the form key=value"),
    (["sweep", "--games", "10", "--set", "tunnel_reveal=99"], "tunnel_reveal"),
    (["sweep", "--games", "10"], "no variants"),
    (["compare", "/nonexistent/folder"], "not a sweep folder"),
])
def test_cli_bad_input_exits_2(args, words):
    proc = ttr([*args], env=_wide_env())
    text = " ".join((proc.stdout + proc.stderr).split())
    assert proc.returncode == 2, text
    assert words in text and "Traceback" not in text


def _wide_env():
    import os

    return dict(os.environ, COLUMNS="200")


# --- Dask ---------------------------------------------------------------------------------------------------
def test_sweep_on_a_local_cluster_equals_the_local_sweep(tmp_path):
    pytest.importorskip("distributed")
    kw = dict(board="usa", players=2, bots="greedy,random", games=120, seed=7, chunk_size=30, progress=False,
              grid={"longest_path_bonus": [10, 20], "trains": [45, 40]})
    local = sweep(threads=2, **kw)
    dask = sweep(cluster="local:2", out=tmp_path / "dask", **kw)
    assert dask.names == local.names and len(dask.names) == 4
    for v in local.names:
        assert dask.results[v].manifest["backend"] == "dask:local:2"
        _assert_same(local.results[v], dask.results[v])
    a, b = compare(local, n_boot=100), compare(dask, n_boot=100)
    pd.testing.assert_frame_equal(a, b)
    assert np.isfinite(a["estimate"]).all()
