"""expert's truncated rollouts (EXPERT_DEPTH, kernels/bots/search/horizon.py):
a stopped game is scored as it stands, with each unfinished ticket at its
expected worth rather than its loss; a rollout stops only where the depth says."""

import numpy as np
from helpers import Game
from worlds import copy_record

from kernels import layouts as L
from kernels.bots.dispatch import choose_action
from kernels.bots.search.evaluate import evaluate_moves
from kernels.bots.search.horizon import expected_total
from kernels.bots.shared import params as P
from kernels.bots.shared.plan import planned_trains
from kernels.core.scoring import score_points_game
from kernels.engine import legal_actions, step


def _planners_play(g, turns):
    """Planner at every seat until `turns` turns are played (and a turn starts)."""
    rng = np.array([5], np.uint64)
    while g.sc[L.SC_TURN] < turns or g.phase != L.PH_TURN:
        p = g.player
        a = choose_action(np.int64(P.BOT_PLANNER), g.st, g.bd, g.ru, p, rng, g.ws)
        assert not step(g.st, g.bd, g.ru, a, g.ws)


def _lost(g, q):
    return -sum(int(g.st.ticket_points[t]) for t in range(g.bd.n_tickets)
                if g.st.ticket_holder[t] == q and g.st.ticket_result[t] == L.TR_FAILED)


def test_an_unfinished_ticket_counts_its_expected_worth_while_the_plan_fits_the_trains():
    g = Game("europe", 2, seed=3)
    _planners_play(g, 12)
    g.ws.bot_params[P.BP_EXPERT_EVAL_TRAIN] = g.ws.bot_params[P.BP_EXPERT_EVAL_CARD] = 0.0  # the tickets alone
    score_points_game(g.st, g.bd, g.ru, g.ws)
    seats = [q for q in range(2) if _lost(g, q) > 0 and planned_trains(g.st, g.bd, q, g.ws) > 0]
    assert seats, "no seat holds an unfinished ticket after 12 turns"
    q = seats[0]
    total = float(g.st.final[q, L.FN_TOTAL])
    value = expected_total(g.st, g.bd, g.ru, q, g.ws)
    assert total < value < total + 2 * _lost(g, q)  # better than losing them, short of completing them all
    g.st.trains[q] = planned_trains(g.st, g.bd, q, g.ws) - 1  # the plan no longer fits: the tickets are lost
    assert expected_total(g.st, g.bd, g.ru, q, g.ws) == total


def test_trains_and_cards_held_add_their_points_to_come():
    g = Game("europe", 2, seed=3)
    _planners_play(g, 12)
    score_points_game(g.st, g.bd, g.ru, g.ws)
    prm = g.ws.bot_params
    assert prm[P.BP_EXPERT_EVAL_TRAIN] > prm[P.BP_EXPERT_EVAL_CARD] > 0.0  # the fitted defaults (bench/fit_eval.py)
    for q in range(2):
        prm[P.BP_EXPERT_EVAL_TRAIN] = prm[P.BP_EXPERT_EVAL_CARD] = 0.0
        alone = expected_total(g.st, g.bd, g.ru, q, g.ws)
        prm[P.BP_EXPERT_EVAL_TRAIN], prm[P.BP_EXPERT_EVAL_CARD] = 2.0, 0.5
        held = 2.0 * int(g.st.trains[q]) + 0.5 * int(g.st.hand[q].sum())
        assert expected_total(g.st, g.bd, g.ru, q, g.ws) == alone + held


def _margins(g, depth, worlds=6):
    g.ws.bot_params[P.BP_EXPERT_DEPTH] = depth
    legal = np.zeros(L.MAX_LEGAL, np.int64)
    moves = legal[:min(legal_actions(g.st, g.bd, g.ru, legal), 3)].copy()
    margin = np.zeros((len(moves), worlds))
    win = np.zeros((len(moves), worlds))
    evaluate_moves(g.st, g.bd, g.ru, g.ws, moves, np.uint64(9), margin, win)
    return margin


def test_a_rollout_stops_at_its_depth_and_plays_to_the_end_without_one():
    """Depth 0 and a depth past the game's end give the same rollouts (whole
    games: whole-point margins); depth 4 stops them, so the margins carry the
    tickets' expected fractions, and the game is put back every time."""
    g = Game("europe", 2, seed=3)
    _planners_play(g, 6)
    before = copy_record(g.st)
    whole = _margins(g, 0)
    assert np.array_equal(whole, _margins(g, 100_000))
    assert np.array_equal(whole, np.round(whole))
    short = _margins(g, 4)
    assert not np.array_equal(short, np.round(short))
    for name in ("sc", "owner", "hand", "trains", "ticket_holder", "final"):
        assert np.array_equal(getattr(g.st, name), getattr(before, name)), name
