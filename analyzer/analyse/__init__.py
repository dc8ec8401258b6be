"""`ttr analyse`: a position (position.py: a JSON file or a turn of a game of a results folder) and
every legal move of the seat to move valued by the search player's rollouts (evaluate.py)."""

from analyzer.analyse.evaluate import MoveValue, analyse
from analyzer.analyse.position import PositionError, game_at_turn, load_position

__all__ = ["MoveValue", "PositionError", "analyse", "game_at_turn", "load_position"]
