"""Every section of the page finds the runs it needs in the default study plan
(analyzer.studies): each study stands here as a run with the manifest its
folder gets (names, boards, players, bots, rules, games from the games
shares; no game is played), and each section's own way of picking its runs
(by manifest or by name) is asked which of them it takes."""

import pandas as pd
import pytest

import analyzer.report.sections as sections
from analyzer import studies as S
from analyzer.report import page
from analyzer.report.runs import base_runs, closure_pairs, expert_budget, family_name, reveal_families
from analyzer.report.sections import legendary_asia, maps, strong_play, sweep
from analyzer.rules import preset
from analyzer.run.results import Results
from analyzer.run.simulate import make_spec
from analyzer.run.studies import seat_bots, study_games


@pytest.fixture(scope="module")
def plan_runs() -> dict[str, Results]:
    """{study name: a Results holding the manifest of that study's run at the default GAMES}."""
    out = {}
    for st in S.all_studies():
        spec = make_spec(st.board, st.players, seat_bots(None, list(st.bots), st.players),
                         study_games(st, S.DEFAULT_GAMES), 1, st.rules, dict(st.overrides) or None,
                         bot_params=st.bot_params)
        out[st.name] = Results({"tunnels": pd.DataFrame({"route": [0]})}, spec.manifest(), spec.board)
    return out


@pytest.fixture(scope="module")
def runs(plan_runs) -> dict[str, Results]:
    """The runs the page gives a section of the report's own bots: the plan without the population twins."""
    return page.section_runs("analyzer.report.sections.tickets", plan_runs)


def test_only_the_runs_table_and_the_populations_section_see_the_population_twins(plan_runs, runs):
    twins = set(names(S.POPULATION_STUDIES))
    assert set(plan_runs) - set(runs) == twins and twins <= set(plan_runs)
    for seen in ("analyzer.report.sections.runs", "analyzer.report.sections.populations"):
        assert seen in sections.SECTIONS and page.section_runs(seen, plan_runs) == plan_runs
    for pop in S.POPULATIONS:  # the Populations section finds every population of every study it quotes
        for base in S.POPULATION_BASES:
            assert set(S.population_twins(pop, base)) <= set(plan_runs), (pop, base)
    assert plan_runs["strong-table-europe-4p"].manifest["bots"] == ["expert"] * 4
    strong_table = [n for b in S.POPULATION_BASES for n in S.population_twins("strong", b)]
    assert sum(int(plan_runs[n].manifest["games"]) for n in strong_table) >= 10 * sum(
        int(plan_runs[n].manifest["games"]) for n in names(S.STRONG_PLAY_STUDIES))


def names(studies) -> list[str]:
    return [s.name for s in studies]


def test_the_section_studies_follow_the_page_order():
    mods = [m.rsplit(".", 1)[-1] for m in sections.SECTIONS]
    assert set(S.SECTION_STUDIES) <= set(mods)
    assert list(S.SECTION_STUDIES) == [m for m in mods if m in S.SECTION_STUDIES]


def test_the_default_rules_sections_take_every_default_rules_study(runs):
    """Overview, tickets, bonuses, routes and stations: one run per board, players and bots
    under the board's default rules; the largest (europe-4p, not the sweep's baseline slice)."""
    expected = {s.name for s in S.all_studies() if not s.overrides and not s.keep_bots}
    assert set(base_runs(runs)) == expected
    assert {"usa-2p", "europe-4p", "legendary-asia-5p", "ghost-train-2p", "team-asia-6p", "india-4p"} <= expected


def test_blocking_pairs_each_closure_study_with_its_open_twin(runs):
    assert closure_pairs(runs) == [(f"{b}-{p}p", f"{b}-{p}p-doubles-open") for b in ("europe", "usa")
                                   for p in S.BLOCKING_PLAYERS]


def test_the_tunnel_family_is_the_tunnel_study(runs):
    fam = reveal_families(runs)[0]
    assert fam == ["europe-4p-reveal-2", "europe-4p", "europe-4p-reveal-4", "europe-4p-reveal-5",
                   "europe-4p-reveal-6"]
    assert family_name(runs, fam, "tunnel_reveal") == "europe-4p"


def test_legendary_asia_and_the_other_maps_take_the_plans_studies(runs):
    picked = legendary_asia.la_runs(runs)
    assert {p: name for p, (name, _) in picked.items()} == {s.players: s.name for s in S.LEGENDARY_ASIA_STUDIES}
    assert {b: name for b, (name, _) in maps.map_runs(runs).items()} == {s.board: s.name for s in S.MAPS_STUDIES}
    assert {s.board for s in S.MAPS_STUDIES} == set(maps.BOARDS)


@pytest.mark.parametrize("studies,board,players", [(S.GHOST_TRAIN_STUDIES, "ghost_train", {2, 3, 4}),
                                                   (S.TEAM_ASIA_STUDIES, "team_asia", {4, 6})])
def test_ghost_train_and_team_asia_find_their_runs_by_name(runs, studies, board, players):
    for s in studies:
        m = runs[s.name].manifest
        assert m["board"] == board and m["players"] == s.players and m["bots"] == ["planner"] * s.players
    assert {s.players for s in studies} == players


def test_strong_play_takes_the_expert_studies_and_nothing_else(runs):
    groups = strong_play.strong_runs(runs)
    assert set(groups) == {(b, p, k) for b in S.STRONG_BOARDS for p in S.STRONG_PLAYERS for k in ("self", "mixed")}
    taken = [n for group in groups.values() for n, _ in group]
    assert sorted(taken) == sorted(names(S.STRONG_PLAY_STUDIES))
    for (_, _, k), group in groups.items():
        assert len(group) == (1 if k == "self" else len(S.MIXED_ORDERS))
    assert all(expert_budget(runs[n]) == "fast budget" for n in taken)  # the plan's studies play expert.budget=fast


def test_the_sweep_section_rebuilds_the_sweep_from_the_plans_variants(runs):
    sw = sweep.sweep_from_runs(runs, sweep.SWEEP_VARIANTS, preset("europe").hash())
    assert sw.names == names(S.SWEEP_STUDIES)
    assert sw.baseline == "sweep-europe-4p-tunnel-reveal-3-longest-path-bonus-10"
    assert len({runs[n].manifest["games"] for n in sw.names}) == 1  # paired: every variant the same games
    v = sw.variants()
    assert sorted(zip(v["tunnel_reveal"], v["longest_path_bonus"], strict=True)) == sorted(
        (t, b) for t in S.SWEEP_GRID["tunnel_reveal"] for b in S.SWEEP_GRID["longest_path_bonus"])


def test_the_tuning_study_gets_its_own_section_id():
    assert S.TUNE_STUDY.name.startswith("tune-")  # sections/tune.py: the section's id is the study's name
