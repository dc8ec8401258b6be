"""The measured ceilings the report reads: one per built-in board scored by
points, at the rule set's trains, each with a command `ttr` parses."""

import shlex

import typer.main

from analyzer.boards import builtin_boards, load_board
from analyzer.cli.app import app
from analyzer.optimum import CEILINGS, ceiling


def test_every_points_board_has_a_ceiling_and_ghost_train_none():
    assert set(CEILINGS) == set(builtin_boards()) - {"ghost_train"}
    assert ceiling("ghost_train") is None and ceiling("legendary-asia") is CEILINGS["legendary_asia"]


def test_each_ceiling_is_a_score_below_its_bound_at_the_rule_sets_trains():
    command = typer.main.get_command(app).commands["optimum"]
    for name, c in CEILINGS.items():
        rules = load_board(name).rules()
        assert c.trains == rules.trains * rules.team_size, name
        assert 0 < c.score <= c.bound, name
        assert c.proven == (c.score == c.bound)
        args = shlex.split(c.command)
        assert args[:2] == ["ttr", "optimum"] and f"--board {name}" in c.command
        command.make_context("optimum", args[2:])
