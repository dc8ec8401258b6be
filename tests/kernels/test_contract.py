"""The engine contract, one loop for every rule family: every preset (each
built-in board under its rules) x every bot that plays it x every player
count, played with the invariants checked after every step
(tests/invariant_kernels.py: cards, trains, routes, lanes, tickets, score
recounted from the board, the ticket race's own counts) and every bot action
checked against the engine's legal list; every game ends. A bot that does not
play a variant is refused by the analyzer (analyzer.bots), so it is not run."""

import pytest
from invariant_kernels import run_checked

from analyzer.boards import builtin_boards, load_board
from analyzer.bots import BOTS, unsupported_bots

GAMES = 40
# the search player plays thousands of rollouts per game at every seat: fewer games, every board and count
# still, at a small budget (the contract is about legal actions and a state restored after every search,
# which any budget exercises; its strength is measured in docs/bots.md, its budget knob in test_bots_expert)
SEARCH_GAMES = {"expert": 1}
SEARCH_PARAMS = {"expert": {"EXPERT_ROLLOUTS": 8.0}}


def _cases():
    cases = []
    for name in builtin_boards():
        rules = load_board(name).rules()
        bots = [b for b in BOTS if not unsupported_bots([b], rules)]
        for players in range(rules.min_players, rules.max_players + 1):
            if players % rules.team_size:
                continue
            for bot in bots:
                cases.append((name, players, bot))
    return cases


CASES = _cases()


@pytest.mark.parametrize("board,players,bot", CASES, ids=[f"{b}-{p}p-{bot}" for b, p, bot in CASES])
def test_contract(board, players, bot):
    res = run_checked(board, players, BOTS[bot][0], SEARCH_GAMES.get(bot, GAMES), check_legal=True, seed=99,
                      bot_params=SEARCH_PARAMS.get(bot))
    assert not res.failures(), res.failures()
    rules = res.rules
    assert (res.turns <= rules.turn_cap).all() and (res.turns > players).all()
    size = rules.team_size
    for first in range(0, players, size):  # teammates carry one total (TA-TEAM-2)
        assert (res.totals[:, first:first + size] == res.totals[:, [first]]).all()


def test_the_contract_covers_every_family():
    boards = {b for b, _, _ in CASES}
    assert {"usa", "europe", "legendary_asia", "team_asia", "ghost_train", "nordic_countries", "switzerland",
            "india"} <= boards
    bots = {bot for _, _, bot in CASES}
    assert bots == set(BOTS)

