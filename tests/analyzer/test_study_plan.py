"""The default study plan (analyzer.studies): the core studies, a new group
joining the plan and a name used twice refused, studies as frozen data, a
quarter of GAMES per player count for the seeds' variants and the tunnel
study, planner in every study but the strong-play ones, the ladders and the
population twins, and a mixed-table and a strong-table twin of every study the
Answers quote."""

import dataclasses

import pytest

from analyzer import studies as S
from analyzer.boards import load_board


def test_core_studies():
    names = [s.name for s in S.CORE_STUDIES]
    assert {"usa-2p", "europe-5p", "usa-3p-doubles-open", "europe-4p-reveal-6"} <= set(names)
    assert names == [s.name for s in S.all_studies()[:len(names)]]  # the core studies come first


def test_a_new_group_joins_the_plan_and_a_name_used_twice_is_refused():
    demo = S.Study("demo-usa-3p", "usa", 3, bots=("greedy",), rules="usa", games_share=0.05)
    joined = S.plan(S.CORE_STUDIES, [demo])
    assert [s.name for s in joined] == [*(s.name for s in S.CORE_STUDIES), "demo-usa-3p"]
    with pytest.raises(ValueError, match="study names used twice: usa-2p"):
        S.plan(S.CORE_STUDIES, [dataclasses.replace(demo, name="usa-2p")])
    plan = S.all_studies()
    assert len({s.name for s in plan}) == len(plan)
    assert [s.name for s in plan] == [s.name for s in S.plan(S.CORE_STUDIES, *S.SECTION_STUDIES.values())]


def test_a_study_is_frozen_data():
    s = S.SWEEP_STUDIES[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.players = 3
    with pytest.raises(TypeError):
        s.overrides["tunnel_reveal"] = 9
    with pytest.raises(TypeError):
        S.STRONG_PLAY_STUDIES[0].bot_params["EXPERT_ROLLOUTS"] = 64
    assert isinstance(s.bots, tuple) and S.Study("x", "usa", 2, bots=["greedy"]).bots == ("greedy",)


def test_the_seeds_variants_get_a_quarter_of_games_per_player_count():
    """Europe, Legendary Asia, Team Asia and Ghost Train at >= 25% of GAMES per
    player count; the tunnel study at >= 25% for each of 2, 3, 4, 5, 6 revealed cards."""
    studies = S.all_studies()
    for board in ("europe", "legendary_asia", "team_asia", "ghost_train"):
        rules = load_board(board).rules()
        counts = {p for p in range(rules.min_players, rules.max_players + 1) if p % rules.team_size == 0}
        base = [s for s in studies if s.board == board and not s.overrides and not s.keep_bots]
        assert {s.players for s in base} == counts, board
        assert min(s.games_share for s in base) >= 0.25, board
    reveal = {s.overrides.get("tunnel_reveal", 3): s.games_share for s in studies
              if s.board == "europe" and s.players == 4 and set(s.overrides) <= {"tunnel_reveal"}
              and not s.keep_bots}
    assert set(reveal) == {2, 3, 4, 5, 6} and min(reveal.values()) >= 0.25


def test_every_default_study_plays_planner_but_the_strong_play_and_ladder_ones():
    for st in S.all_studies():
        if st in S.BALANCE_STUDIES:  # the balance scorecards' tier ladders
            assert st.keep_bots and set(st.bots) <= set(S.BALANCE_TIERS), st.name
            continue
        if st in S.POPULATION_STUDIES:  # the Answers' mixed and strong tables
            assert st.keep_bots and set(st.bots) <= set(S.MIXED_TABLE) | set(S.STRONG_TABLE), st.name
            continue
        if st in S.STYLE_STUDIES:  # the playing styles' ladders
            assert st.keep_bots and set(st.bots) <= set(S.STYLE_BOTS), st.name
            continue
        if st.keep_bots:  # the strong-play studies play the search player over planner
            assert set(st.bots) <= {"expert", "planner"} and "expert" in st.bots, st.name
            continue
        assert list(st.bots) == ["planner"], st.name
    assert S.TUNE_STUDY.bots == "planner"


def test_every_study_the_answers_quote_has_a_mixed_and_a_strong_twin():
    """Each twin is its core study (board, players, rules) with other bots, keeping them; the mixed table
    seats one style per seat (both seat orders at 2 players); the strong table is `expert` at every seat
    with STRONG_TABLE_PARAMS, its twins together on at least 10 times the games of the strong-play section."""
    core = {s.name: s for s in S.CORE_STUDIES}
    twins = {s.name: s for s in S.POPULATION_STUDIES}
    strong_play = sum(s.games_share for s in S.STRONG_PLAY_STUDIES)
    assert {"europe-4p", "europe-3p", "europe-3p-doubles-open", "europe-4p-reveal-6"} <= set(S.POPULATION_BASES)
    for base in S.POPULATION_BASES:
        b = core[base]
        assert S.population_twins("self", base) == (base,)
        mixed = [twins[n] for n in S.population_twins("mixed", base)]
        (strong,) = [twins[n] for n in S.population_twins("strong", base)]
        for t in (*mixed, strong):
            assert (t.board, t.players, t.rules, dict(t.overrides)) == (b.board, b.players, b.rules, dict(b.overrides))
            assert t.keep_bots, t.name
        assert strong.bots == ("expert",) and strong.bot_params.as_dict() == S.STRONG_TABLE_PARAMS
        if b.players == 2:
            assert sorted(t.bots for t in mixed) == sorted([("planner", "destination-hungry"),
                                                            ("destination-hungry", "planner")])
        else:
            assert [t.bots for t in mixed] == [S.MIXED_TABLE[:b.players]]
        assert sum(t.games_share for t in mixed) == pytest.approx(S.MIXED_SHARE)
    strong_table = sum(twins[n].games_share for b in S.POPULATION_BASES for n in S.population_twins("strong", b))
    assert round(strong_table * S.DEFAULT_GAMES) >= 10 * round(strong_play * S.DEFAULT_GAMES)  # games, not float shares
    assert set(twins) == {n for p in ("mixed", "strong") for b in S.POPULATION_BASES for n in S.population_twins(p, b)}
