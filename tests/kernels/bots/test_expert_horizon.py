"""expert's truncated rollouts (kernels/bots/search/horizon.py): where a
rollout stops, and the estimate's treatment of joined tickets and of tickets
the seat cannot join; the fitted coefficients reach a run that sets
EXPERT_HORIZON (analyzer/bots.py), with a warning off the fit's board and
player count; whole games with the horizon on."""

import warnings

import numpy as np
import pytest

import analyzer
from analyzer.bots import BotParams, HorizonFitWarning, horizon_coefficients, horizon_fit_warning
from analyzer.game import Game
from kernels import layouts as L
from kernels.bots.search.horizon import NEVER, at_horizon, seat_gain, stop_turn, ticket_chance, turns_to_end
from kernels.bots.shared import params as P
from kernels.core.scoring import score_points_game

HORIZON = BotParams.of(["expert.horizon=8"])


def _game_with_a_joined_ticket():
    """A 2-player Europe game of planner-v1 played to the first turn where a seat holds a joined ticket."""
    game = Game("europe", 2, seed=3, game=0, bot_params=HORIZON.as_dict())
    while not game.over:
        st = game.state
        held = st.ticket_holder[:game.board_record.n_tickets] >= 0
        if st.sc[L.SC_PHASE] == L.PH_TURN and (held & (st.ticket_done_turn[:len(held)] >= 0)).any():
            return game
        game.step(game.bot_move("planner-v1"))
    raise AssertionError("no ticket joined in the game")


def test_a_rollout_stops_after_the_horizon_in_turns_of_every_seat_at_a_turn_start():
    game = Game("europe", 2, seed=1)
    while game.state.sc[L.SC_PHASE] != L.PH_TURN:
        game.step(game.bot_move("planner-v1"))
    st, ru = game.state, game.rules_array
    turn = st.sc[L.SC_TURN]
    stop = stop_turn(st, ru, 3.0)
    assert stop == turn + 6
    assert stop_turn(st, ru, 0.0) == NEVER
    assert not at_horizon(st, stop) and at_horizon(st, turn)
    st.sc[L.SC_PHASE] = L.PH_SECOND_DRAW  # never inside a draw
    assert not at_horizon(st, turn)


def test_the_horizon_is_off_outside_the_points_game_of_single_seats():
    game = Game("ghost_train", 3, seed=1)
    assert stop_turn(game.state, game.rules_array, 3.0) == NEVER


def test_a_joined_ticket_is_left_to_the_scoring_and_an_open_one_gains_its_chance():
    game = _game_with_a_joined_ticket().clone()
    st, bd, ru, ws = game.state, game.board_record, game.rules_array, game.scratch
    n = bd.n_tickets
    q = int(st.sc[L.SC_PLAYER])
    for seat in range(2):
        if ((st.ticket_holder[:n] == seat) & (st.ticket_done_turn[:n] >= 0)).any():
            q = seat
    joined = int(np.flatnonzero((st.ticket_holder[:n] == q) & (st.ticket_done_turn[:n] >= 0))[0])
    turns = turns_to_end(st, ru, ws.bot_params[P.BP_EV_CLOCK])

    def gain():
        score_points_game(st, bd, ru, ws)
        return seat_gain(st, bd, ru, np.int64(q), ws, turns)

    for t in range(n):  # q keeps only the joined ticket
        if st.ticket_holder[t] == q and t != joined:
            st.ticket_holder[t] = L.TH_BOX
    with_it = gain()
    st.ticket_holder[joined] = L.TH_BOX
    assert gain() == with_it  # its points are the scoring's, not the estimate's
    short = min((t for t in range(n) if st.ticket_holder[t] == L.TH_PILE and bd.tickets[t, L.TK_MULTI] < 0),
                key=lambda t: bd.tickets[t, L.TK_POINTS])
    st.ticket_holder[short] = q
    assert gain() > with_it  # unjoined, joinable: 2 c x points on top of its loss in the scoring


def test_a_ticket_the_seat_has_no_trains_for_gains_nothing():
    game = _game_with_a_joined_ticket().clone()
    st, bd, ru, ws = game.state, game.board_record, game.rules_array, game.scratch
    q = np.int64(st.sc[L.SC_PLAYER])
    st.trains[q] = 0
    score_points_game(st, bd, ru, ws)
    assert (st.ticket_option[:bd.n_tickets][st.ticket_holder[:bd.n_tickets] == q] < 0).any()
    turns = turns_to_end(st, ru, ws.bot_params[P.BP_EV_CLOCK])
    # no ticket can be joined and no train placed: only the route term's constant is left
    assert seat_gain(st, bd, ru, q, ws, turns) == ws.bot_params[P.BP_EXPERT_HORIZON_ROUTE_BASE]


def test_the_chance_is_zero_past_the_seats_trains_and_falls_with_the_network():
    prm = HORIZON.to_array()
    assert ticket_chance(prm, 10.0, 20.0, 12.0, 11.0, 5.0) == 0.0
    assert ticket_chance(prm, 10.0, 20.0, L.INF, 30.0, 5.0) == 0.0
    small, big = ticket_chance(prm, 10.0, 10.0, 6.0, 30.0, 5.0), ticket_chance(prm, 10.0, 25.0, 6.0, 30.0, 5.0)
    assert 0.0 < big < small < 1.0


def test_a_run_that_sets_the_horizon_gets_the_fitted_coefficients_under_its_own():
    fitted = horizon_coefficients()
    names = {n for n in P.BOT_PARAM_NAMES if n.startswith("EXPERT_HORIZON_") and n != "EXPERT_HORIZON_SPREAD"}
    assert set(fitted) == names
    assert HORIZON.as_dict() == {"EXPERT_HORIZON": 8.0, **fitted}
    mine = BotParams.of(["expert.horizon=8", "expert.horizon_route_base=1.5"]).as_dict()
    assert mine["EXPERT_HORIZON_ROUTE_BASE"] == 1.5
    assert "EXPERT_HORIZON_CHANCE_BIAS" not in BotParams.of(["expert.rollouts=8"]).as_dict()


def test_truncated_rollouts_play_whole_games_the_same_at_any_thread_count():
    """With the horizon on, expert's games end, are the same at 1 and 2 threads, and differ from those of
    the same search playing every rollout to the end."""
    kw = dict(board="europe", players=2, bots=["expert", "planner"], games=4, seed=7, progress=False, chunk_size=1)
    params = {"EXPERT_ROLLOUTS": 8, "EXPERT_HORIZON": 4}
    one = analyzer.simulate(threads=1, bot_params=params, **kw)
    two = analyzer.simulate(threads=2, bot_params=params, **kw)
    full = analyzer.simulate(threads=1, bot_params={**params, "EXPERT_HORIZON": 0}, **kw)
    assert len(one.table("games")) == 4
    for table in ("games", "players", "claims"):
        a = one.table(table).sort_values(list(one.table(table).columns[:3])).reset_index(drop=True)
        b = two.table(table).sort_values(list(two.table(table).columns[:3])).reset_index(drop=True)
        assert a.equals(b), table
    claims = [r.table("claims").sort_values(["game", "turn"]).reset_index(drop=True) for r in (one, full)]
    assert not claims[0].equals(claims[1])


def test_a_run_off_the_fits_board_or_player_count_is_warned_and_a_run_on_it_is_not():
    """The coefficients are a fit of one board and player count (analyzer/expert_horizon.json's
    fitted_on): elsewhere the run still plays, with a warning naming the fit's command."""
    assert horizon_fit_warning(HORIZON, "europe", 2) is None
    assert horizon_fit_warning(BotParams.of(["expert.rollouts=8"]), "usa", 4) is None
    text = horizon_fit_warning(HORIZON, "usa", 4)
    assert "4-player usa" in text and "2-player europe" in text and "bench.fit_horizon" in text
    kw = dict(board="europe", games=1, seed=7, progress=False, bot_params={"EXPERT_ROLLOUTS": 8, "EXPERT_HORIZON": 4})
    with warnings.catch_warnings():
        warnings.simplefilter("error", HorizonFitWarning)
        analyzer.simulate(players=2, bots=["expert", "planner"], **kw)
    with pytest.warns(HorizonFitWarning, match="3-player europe"):
        analyzer.simulate(players=3, bots=["expert", "planner", "planner"], **kw)
