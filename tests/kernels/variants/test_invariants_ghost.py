"""Ghost Train invariants over many games (random and greedy bots, 2-4
players): cards and wagons conserved, every held ticket accounted for, the
completed-ticket counts, special tickets and Town Hall bonuses consistent, the
game over at once on the winning ticket (GT-END-1) or the last wagon
(GT-END-2). Every bot action is checked against the legal list by tests/kernels/test_contract.py."""

import pytest
from invariant_kernels import run_checked

from kernels import layouts as L
from kernels.bots.shared import params as P


def _run(players, bot, games, check_legal, seed=2024, overrides=None):
    res = run_checked("ghost_train", players, bot, games, check_legal, seed=seed, overrides=overrides)
    assert not res.failures(), res.failures()
    return res.reasons, res.turns, res.totals, res.rules


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", [P.BOT_RANDOM, P.BOT_GREEDY])
def test_ghost_train_invariants(players, bot):
    """GT-CMP-1, GT-CMP-2, GT-TKT-1, GT-TKT-2, GT-BON-1, GT-BON-2, GT-END-1, GT-END-2,
    GT-END-3 over 2,000 games: conservation and the immediate endings; none at the turn cap."""
    reasons, turns, totals, rs = _run(players, bot, 2000, check_legal=False)
    assert (turns <= rs.turn_cap).all() and not (reasons == L.END_TURN_CAP).any()
    won = reasons == L.END_TICKETS
    assert (totals[won].max(axis=1) >= rs.win_tickets).all()
    assert (totals[~won].max(axis=1) < rs.win_tickets).all()


def test_greedy_ghost_games_end_by_tickets_or_wagons():
    """GT-END-1, GT-END-2: greedy games end by a sixth ticket or the last wagon, both
    often on this board (20 wagons matter), and hardly ever stall."""
    reasons, turns, totals, rs = _run(3, P.BOT_GREEDY, 600, check_legal=False, seed=5)
    share = {r: float((reasons == r).mean()) for r in (L.END_TICKETS, L.END_TRAINS)}
    assert share[L.END_TICKETS] + share[L.END_TRAINS] > 0.98
    assert share[L.END_TICKETS] > 0.1 and share[L.END_TRAINS] > 0.1


@pytest.mark.parametrize("overrides", [{"win_tickets": 4}, {"win_tickets": 8, "trains": 30},
                                       {"locomotive_cards": 20}])
def test_ghost_train_house_rules_keep_the_invariants(overrides):
    """GT-END-1 (tickets to win), GT-CMP-1 (wagons), GT-CMP-2 (locomotives) as house rules."""
    reasons, turns, totals, rs = _run(3, P.BOT_GREEDY, 200, check_legal=True, seed=7, overrides=overrides)
    won = reasons == L.END_TICKETS
    assert won.any() and (totals[won].max(axis=1) >= rs.win_tickets).all()
    assert (totals[~won].max(axis=1) < rs.win_tickets).all()
