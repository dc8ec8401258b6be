"""Every game ends by a rule: the stall audit (bench/stall_audit.py, the
table in docs/rules/README.md "How games end") at a small size, every
built-in board at every player count with `random` and `planner` at every
seat, has no game at the turn cap (BASE-END-2: the cap is a guard; a game
reaching it fails here), and on Ghost Train the games no claim can end end
by GT-END-3."""

from analyzer.boards import builtin_boards
from bench.stall_audit import audit, main


def test_no_game_reaches_the_turn_cap_on_any_board():
    table = audit(games=150, seed=31)
    assert set(table["board"]) == set(builtin_boards())
    assert (table["games"] == table[["trains", "no_actions", "turn_cap", "tickets", "stall"]].sum(axis=1)).all()
    assert table["turn_cap"].sum() == 0, table[table["turn_cap"] > 0]


def test_ghost_train_games_no_claim_can_end_end_by_gt_end_3():
    """GT-END-3: with `random` at every seat, a few percent of Ghost Train games
    reach the state where no seat can claim; they end there, as `stall`."""
    table = audit(games=2000, seed=31, boards=["ghost_train"], bots=["random"])
    assert table["turn_cap"].sum() == 0
    assert (table["stall"] > 0).all(), table


def test_the_audit_command_fails_on_a_game_at_the_cap(capsys):
    assert main(["--games", "20", "--boards", "usa", "--bots", "random"]) == 0
    assert "| usa | 2 | random | 20 | 20 |" in capsys.readouterr().out
