"""Ticket to Ride strategy analyser: simulate games with bots, read the tables
in pandas.

    import analyzer
    res = analyzer.simulate(board="europe", players=4, bots=["greedy"] * 4, games=10_000, seed=1)
    res.players.groupby("seat").winner.mean()

One game step by step (docs/api.md):

    game = analyzer.Game("usa", players=2, seed=1)
    game.step(game.legal_actions()[0])
"""

from analyzer.boards import Board, BoardError, builtin_boards, load_board
from analyzer.game import Game, Move
from analyzer.rules import PRESETS, RuleError, RuleSet, preset
from analyzer.run.balance import BalanceResult, balance, load_balance
from analyzer.run.ladder import LadderResult, ladder, load_ladder
from analyzer.run.results import Results, load
from analyzer.run.simulate import simulate
from analyzer.run.sweep import sweep
from analyzer.run.sweep_output import SweepResults, compare, load_sweep
from analyzer.run.tune import TuneResults, load_tune, tune
from analyzer.run.tunnel_study import tunnel_reveal_study
from analyzer.stats.tunnels import tunnels_in_play
from analyzer.tunnels import tunnel_odds, tunnel_odds_mc, tunnel_summary

__all__ = [
    "BalanceResult",
    "balance",
    "load_balance",
    "Board",
    "BoardError",
    "Game",
    "LadderResult",
    "Move",
    "PRESETS",
    "Results",
    "RuleError",
    "RuleSet",
    "builtin_boards",
    "ladder",
    "load",
    "load_board",
    "load_ladder",
    "preset",
    "simulate",
    "tunnel_odds",
    "tunnel_odds_mc",
    "tunnel_reveal_study",
    "tunnel_summary",
    "tunnels_in_play",
    "SweepResults",
    "compare",
    "load_sweep",
    "sweep",
    "TuneResults",
    "load_tune",
    "tune",
]
