"""The search player's deals (kernels/bots/search/expert.py deal): each
determinization is dealt once for all candidates and set aside, with the
other seats' network plans for it already made, and every candidate's
rollout starts from it. A plan reads only the board and the seat's tickets,
trains and stations, so where the other seat first plays on the deal's
board (two players, a candidate that leaves the board as it is: a card or
ticket draw) the rollout plays exactly as when that seat plans afresh at
its first turn."""

import numpy as np
import pytest
from helpers import Game, planner_game

from kernels import layouts as L
from kernels.bots.search.expert import deal, rollout
from kernels.bots.search.horizon import NEVER
from kernels.bots.search.memory import (
    fresh_memory_of_others,
    load_deal,
    load_memory,
    load_state,
    save_memory,
    save_state,
)
from kernels.core.actions import action_kind, make_action


def _rollout_with_fresh_others(g, p, action, every_seat=False):
    """The deal set aside, with every seat but p (every_seat: every seat) planning afresh; a rollout of
    `action` from it."""
    load_deal(g.st, g.ws)
    load_memory(g.ws, g.ws.ex_deal_memo, g.ws.ex_deal_gain)
    fresh_memory_of_others(g.ws, np.int64(-1 if every_seat else p))
    save_memory(g.ws, g.ws.ex_deal_memo, g.ws.ex_deal_gain)
    return rollout(g.st, g.bd, g.ru, p, g.ws, np.int64(action), NEVER), g.st.final.copy()


def _draws(g):
    """The card draws and the ticket draw legal now: candidates that leave the board as it is."""
    legal = g.legal()
    listed = [make_action(L.A_DRAW_BLIND, 0, 0), make_action(L.A_DRAW_MARKET, 0, 0),
              make_action(L.A_DRAW_MARKET, 1, 0), make_action(L.A_DRAW_TICKETS, 0, 0)]
    return [a for a in listed if a in legal]


@pytest.mark.parametrize("board,trains", [("europe", 40), ("europe", 20), ("usa", 30), ("usa", 10)])
def test_a_deal_s_plan_is_the_plan_the_other_seat_makes_at_its_first_turn(board, trains):
    players = 2
    compared = 0
    for seed in range(3):
        g = planner_game(board, players, seed, trains)
        p = g.player
        save_state(g.ws, g.st)
        save_memory(g.ws, g.ws.ex_memo, g.ws.ex_gain)
        candidates = _draws(g)
        for w in range(4):
            deal(g.st, g.bd, g.ru, p, g.ws, np.uint64(1000 * seed + w))
            assert g.ws.plan_version[1 - p] != -1  # the other seat's plan is made
            for a in candidates:
                value = rollout(g.st, g.bd, g.ru, p, g.ws, np.int64(a), NEVER)
                final = g.st.final.copy()
                fresh_value, fresh_final = _rollout_with_fresh_others(g, p, a)
                assert value == fresh_value and np.array_equal(final, fresh_final), (seed, w, a)
                # put the deal back as deal() set it aside for the next candidate
                deal(g.st, g.bd, g.ru, p, g.ws, np.uint64(1000 * seed + w))
                compared += 1
        load_state(g.st, g.ws)
        load_memory(g.ws, g.ws.ex_memo, g.ws.ex_gain)
    assert compared >= 24, compared


@pytest.mark.parametrize("players", [2, 4])
def test_at_the_setup_keep_every_seat_plans_its_kept_tickets(players):
    """A deal made at the setup plans each seat's whole setup offer, before
    any keep (the searching seat's too: it has no plan yet). Every seat's
    tickets then change with its keep, which no board memo sees, so each
    plans its kept tickets at its first turn: every rollout plays as when
    every seat plans afresh then."""
    compared = 0
    for seed in range(3):
        g = Game("europe", players, seed=seed)
        assert g.phase == L.PH_SETUP_KEEP
        p = g.player
        save_state(g.ws, g.st)
        save_memory(g.ws, g.ws.ex_memo, g.ws.ex_gain)
        keeps = g.legal()[:5]
        for w in range(3):
            for a in keeps:
                deal(g.st, g.bd, g.ru, p, g.ws, np.uint64(100 * seed + w))
                assert all(g.ws.plan_version[q] != -1 for q in range(players))
                value = rollout(g.st, g.bd, g.ru, p, g.ws, np.int64(a), NEVER)
                deal(g.st, g.bd, g.ru, p, g.ws, np.uint64(100 * seed + w))
                assert value == _rollout_with_fresh_others(g, p, a, every_seat=True)[0], (seed, w, a)
                compared += 1
        load_state(g.st, g.ws)
        load_memory(g.ws, g.ws.ex_memo, g.ws.ex_gain)
    assert compared >= 30, compared


def test_every_candidate_starts_from_the_same_deal():
    """Rollouts of one candidate from one deal, with other candidates' rollouts
    between them, end the same: a rollout changes nothing the next one reads."""
    g = planner_game("europe", 2, 7, 25)
    p = g.player
    save_state(g.ws, g.st)
    save_memory(g.ws, g.ws.ex_memo, g.ws.ex_gain)
    deal(g.st, g.bd, g.ru, p, g.ws, np.uint64(99))
    claims = [a for a in g.legal() if action_kind(a) == L.A_CLAIM][:3]
    candidates = [make_action(L.A_DRAW_BLIND, 0, 0)] + claims
    assert len(candidates) >= 2
    first = [rollout(g.st, g.bd, g.ru, p, g.ws, np.int64(a), NEVER) for a in candidates]
    again = [rollout(g.st, g.bd, g.ru, p, g.ws, np.int64(a), NEVER) for a in reversed(candidates)]
    assert first == again[::-1]
    load_state(g.st, g.ws)
    load_memory(g.ws, g.ws.ex_memo, g.ws.ex_gain)
