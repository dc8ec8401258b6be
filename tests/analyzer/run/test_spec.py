"""A run is one frozen RunSpec: checked once by make_spec, written as the
manifest and read back from it; the bot parameters are one type (BotParams)
from the command line to the kernels; a board named by the caller is found
and hashed once per run description."""

import numpy as np
import pytest

import analyzer
from analyzer.boards import BoardSource
from analyzer.bots import BotParams
from analyzer.run.spec import RunSpec, make_spec
from kernels.bots.shared import params as P


def test_the_manifest_reads_back_as_the_same_run():
    spec = make_spec("europe", 3, "planner,greedy,random", games=250, seed=5, overrides={"tunnel_reveal": 4},
                     bot_params=["keep-price=0.5", "ev.clock=2"])
    back = RunSpec.from_manifest(spec.manifest(), spec.board)
    assert back == spec and back.rules.tunnel_reveal == 4 and back.bots == ("planner", "greedy", "random")
    assert back.bot_params.as_dict() == {"EV_CLOCK": 2.0, "KEEP_PRICE": 0.5}
    other = make_spec("europe", 3, "planner,greedy,random", games=250, seed=6, overrides={"tunnel_reveal": 4})
    assert other != spec  # another seed, other games


def test_a_finished_run_says_which_run_it_is(tmp_path):
    res = analyzer.simulate(board="usa", players=2, bots="random,one-step", games=30, seed=3, progress=False,
                            out=tmp_path / "run", bot_params={"one_step_draw": 1.5})
    assert res.spec == make_spec("usa", 2, "random,one-step", games=30, seed=3, bot_params={"ONE_STEP_DRAW": 1.5})
    assert analyzer.load(tmp_path / "run").spec.chunk_size == res.manifest["chunk_size"]


def test_bot_parameters_are_one_type_from_text_to_kernels():
    from_text = BotParams.of(["expert.rollouts=64", "ev-clock=2"])
    from_dict = BotParams.of({"EV_CLOCK": 2, "expert_rollouts": "64"})
    assert from_text == from_dict == BotParams.of(from_text)
    vec = from_text.to_array()
    assert vec[P.BP_EXPERT_ROLLOUTS] == 64.0 and vec[P.BP_EV_CLOCK] == 2.0
    untouched = [i for i in range(P.BP_FIELDS) if i not in (P.BP_EXPERT_ROLLOUTS, P.BP_EV_CLOCK)]
    np.testing.assert_array_equal(vec[untouched], np.array(P.BOT_PARAM_DEFAULTS)[untouched])
    assert not BotParams.of(None) and BotParams.of(None).to_array().tolist() == list(P.BOT_PARAM_DEFAULTS)
    with pytest.raises(ValueError, match="unknown bot parameter 'rollouts'"):
        BotParams.of(["rollouts=3"])
    with pytest.raises(ValueError, match="must be a number"):
        BotParams.of({"EV_CLOCK": "fast"})


def test_expert_budget_names_a_preset_that_explicit_values_override():
    from analyzer.bots import EXPERT_FAST_PARAMS
    fast = BotParams.of(["expert.budget=fast"])
    assert fast.as_dict() == dict(EXPERT_FAST_PARAMS) and fast == BotParams.of(EXPERT_FAST_PARAMS)
    assert BotParams.of({"EXPERT_BUDGET": "Fast"}) == fast
    assert not BotParams.of(["expert.budget=default"])
    for order in (["expert.rollouts=3", "expert.budget=fast"], ["expert.budget=fast", "expert.rollouts=3"]):
        assert BotParams.of(order).as_dict() == {**EXPERT_FAST_PARAMS, "EXPERT_ROLLOUTS": 3.0}
    with pytest.raises(ValueError, match="EXPERT_BUDGET must be one of default, fast, not 'huge'"):
        BotParams.of(["expert.budget=huge"])


def test_a_named_board_is_found_and_hashed_once_per_run(monkeypatch):
    found = []
    real = BoardSource.find.__func__

    def counting(cls, name):
        found.append(name)
        return real(cls, name)

    monkeypatch.setattr(BoardSource, "find", classmethod(counting))
    make_spec("switzerland", 3, "greedy", games=10)
    assert found == ["switzerland"]


def test_players_and_seed_refuse_booleans():
    with pytest.raises(analyzer.RuleError, match="not True"):
        make_spec("usa", True, "greedy", games=10)
    with pytest.raises(ValueError, match="seed"):
        make_spec("usa", 2, "greedy", games=10, seed=False)


@pytest.mark.parametrize("value", [-3, "nan", "inf", 1e99, 2.5, True])
def test_a_bot_parameter_outside_what_it_means_is_refused(value):
    with pytest.raises(ValueError, match=r"EXPERT_ROLLOUTS must be a whole number in 0\.\.100000"):
        make_spec("usa", 2, "expert,planner", games=4, bot_params={"EXPERT_ROLLOUTS": value})


def test_a_bot_parameter_no_seat_reads_is_refused():
    with pytest.raises(ValueError, match="ONE_STEP_DRAW: read by one-step only"):
        analyzer.simulate(board="usa", players=2, bots="planner", games=4, bot_params=["one-step.draw=1"])
    with pytest.raises(ValueError, match="ONE_STEP_DRAW: read by one-step only"):
        analyzer.ladder(board="usa", players=2, bots="planner,greedy", games=4, bot_params=["one-step.draw=1"])
    assert analyzer.simulate(board="usa", players=2, bots="planner,one-step", games=4, progress=False,
                             bot_params=["one-step.draw=1"]).manifest["bot_params"] == {"ONE_STEP_DRAW": 1.0}


def test_every_bot_parameter_has_limits_that_hold_its_default():
    from analyzer.bots import BOT_PARAM_LIMITS, BOTS, check_bot_param

    assert set(BOT_PARAM_LIMITS) == set(P.BOT_PARAM_NAMES)
    for name, default in zip(P.BOT_PARAM_NAMES, P.BOT_PARAM_DEFAULTS, strict=True):
        assert check_bot_param(name, default) == default
        assert set(BOT_PARAM_LIMITS[name][3]) <= set(BOTS), name


def test_a_ladder_takes_a_parameter_of_one_of_its_bots_at_every_table():
    """The tables without one-step play the ladder's parameters too, and ignore them."""
    res = analyzer.ladder(board="usa", players=2, bots="random,greedy,one-step", games=60, progress=False,
                          bootstrap=10, bot_params=["one-step.draw=1"])
    assert res.manifest["bot_params"] == {"ONE_STEP_DRAW": 1.0} and len(res.runs) == 6


@pytest.mark.parametrize(("params", "label"), [
    (None, "default budget"),
    ({"EXPERT_BUDGET": "fast"}, "fast budget"),
    ({"EXPERT_ROLLOUTS": 32}, "32 rollouts"),
    ({"EXPERT_BUDGET": "fast", "EXPERT_ROLLOUTS": 8}, "8 rollouts, EXPERT_CANDIDATES=8, EXPERT_LATE_BOOST=16, "
     "EXPERT_OWN_PLAN=1, EXPERT_WIDE_ROLLOUTS=40"),
    ({"EV_CLOCK": 2}, "default budget"),  # a planner weight is no part of expert's budget
])
def test_a_runs_expert_budget_is_named_from_its_bot_params(params, label):
    """The report states how expert searched from a run's manifest (bot_params as recorded): a named
    budget by its name, anything else by its rollouts and what else differs."""
    from analyzer.bots import expert_budget_label

    assert expert_budget_label(BotParams.of(params).as_dict()) == label
