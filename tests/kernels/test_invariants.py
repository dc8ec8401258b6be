"""Invariants over many games: 4,000 random-bot games per board (USA, Europe,
Legendary Asia with its Mountain Pass, Nordic Countries, Switzerland, India)
and player count (cards conserved,
trains never negative and conserved, no route claimed twice, double-route
rules held, running score equals the board, every game ends), through the
one checked loop of tests/invariant_kernels.py. Every bot's actions are
checked against the legal list by tests/kernels/test_contract.py."""

import numpy as np
import pytest
from invariant_kernels import OK, run_checked

from kernels.layouts import MAX_SEATS

GAMES = 4_000  # per configuration: 76,000 checked games in all (19 configurations)
ACC = np.zeros((6, MAX_SEATS), np.int64)  # check_state's per-seat sums


def _run(board, players, bot, games, check_legal, seed=2024):
    res = run_checked(board, players, bot, games, check_legal, seed=seed)
    assert not res.failures(), res.failures()
    return res.errors, res.totals, res.turns, res.rules


@pytest.mark.slow
@pytest.mark.parametrize("board", ["usa", "europe"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_invariants_random_bots(board, players):
    """BASE-MKT-4, BASE-CLM-3, BASE-DBL-1, BASE-DBL-2, BASE-END-2 over 4,000 random games."""
    errors, scores, turns, rs = _run(board, players, 0, GAMES, check_legal=False)
    assert (turns <= rs.turn_cap).all()
    assert turns.min() > players  # every game got past the first round


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_invariants_legendary_asia_random_bots(players):
    """LA-MTN-2, LA-MTN-3, LA-DBL-1, LA-END-1 over 4,000 random games per player count on the
    Legendary Asia board: after every step trains on the board + trains left + Mountain Pass
    discards = players x 45, each player's Mountain Pass equals the X of the routes it owns,
    plus every invariant of the core (cards, doubles, score, tickets, the game ends)."""
    errors, scores, turns, rs = _run("legendary_asia", players, 0, GAMES, check_legal=False)
    assert rs.mountain_points == 2 and rs.trains == 45
    assert (turns <= rs.turn_cap).all()
    assert turns.min() > players


@pytest.mark.slow
@pytest.mark.parametrize("board,players", [("nordic_countries", 2), ("nordic_countries", 3), ("switzerland", 2),
                                           ("switzerland", 3), ("india", 2), ("india", 3), ("india", 4)])
def test_invariants_new_maps_random_bots(board, players):
    """NC-CRD-1, SW-CRD-1, NC-FRY-2, NC-CLM-1, SW-TKT-3, IN-SCR-3 over 4,000 random games per
    player count on each new map, under its preset: every invariant of the core after every step,
    and locomotives never paying a space the policy keeps them off (a ferry's symbols and the
    cards of a set aside)."""
    errors, scores, turns, rs = _run(board, players, 0, GAMES, check_legal=False)
    assert (turns <= rs.turn_cap).all()
    assert turns.min() > players


def test_greedy_games_end_by_trains_not_stalls():
    """BASE-END-1: sensible bots end nearly every game through the train trigger."""
    errors, scores, turns, rs = _run("europe", 4, 1, 1000, check_legal=False, seed=5)
    assert (turns < rs.turn_cap).mean() > 0.99


def test_mountain_pass_check_catches_a_lost_or_extra_train():
    """The LA-MTN-2 invariant can fail: a claimed mountain route passes the check, a Mountain
    Pass counter off by one or a train vanished from the supply does not."""
    from helpers import Game
    from invariant_kernels import MOUNTAIN_PASS_MISMATCH, TRAINS_NOT_CONSERVED, check_state

    from kernels import layouts as L

    g = Game("legendary_asia", 3)
    g.blank()
    rt = g.board.routes
    r = int(rt[(rt["kind"] == "mountain") & (rt["mountains"] == 2)].index[0])
    g.set_turn(0)
    g.set_hand(0, locomotive=g.route_len(r))
    g.claim(r, L.LOCO)
    deck = int(g.card_counts().sum())  # blank() and set_hand() do not keep the box count
    assert g.st.ps[0, L.PS_MOUNTAIN_TRAINS] == 2
    assert check_state(g.st, g.bd, g.ru, deck, ACC) == OK
    g.st.ps[0, L.PS_MOUNTAIN_TRAINS] -= 1
    assert check_state(g.st, g.bd, g.ru, deck, ACC) == MOUNTAIN_PASS_MISMATCH
    g.st.ps[0, L.PS_MOUNTAIN_TRAINS] += 1
    g.st.trains[1] -= 1
    assert check_state(g.st, g.bd, g.ru, deck, ACC) == TRAINS_NOT_CONSERVED


def test_locomotive_policy_check_catches_a_locomotive_on_an_ordinary_route():
    """The NC-CRD-1 invariant can fail: a pink claim of Ålborg-Århus passes, the
    same claim recorded as paid with a locomotive does not; a ferry's symbol may."""
    from helpers import Game
    from invariant_kernels import LOCOS_WHERE_NOT_WILD, check_state


    g = Game("nordic_countries", 2)
    g.blank()
    r = g.route("Ålborg", "Århus")
    g.set_hand(0, pink=1)
    g.claim(r, "pink")
    deck = int(g.card_counts().sum())
    assert check_state(g.st, g.bd, g.ru, deck, ACC) == OK
    g.st.claim_locos[r] = 1
    assert check_state(g.st, g.bd, g.ru, deck, ACC) == LOCOS_WHERE_NOT_WILD
    g.st.claim_locos[r] = 0
    ferry = g.route("Ålborg", "Kristiansand")
    g.set_hand(1, red=1, locomotive=1)
    g.claim(ferry, "red")
    deck = int(g.card_counts().sum())  # set_hand() does not keep the box count
    assert g.st.claim_locos[ferry] == 1 and check_state(g.st, g.bd, g.ru, deck, ACC) == OK
