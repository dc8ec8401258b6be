"""Play one game step by step from Python (docs/api.md): `Game` (game.py) lists the legal moves of the
seat to move as named `Move`s (moves.py), steps them, shows each seat what it may see (`Observation`,
observation.py), scores (`SeatScore`, scores.py), clones for look-ahead, and plays the built-in bots."""

from analyzer.game.game import Game, Player
from analyzer.game.moves import Move
from analyzer.game.observation import ClaimedRoute, Observation, SeatView, TicketView, TunnelView
from analyzer.game.scores import FinalScore, SeatScore

__all__ = ["ClaimedRoute", "FinalScore", "Game", "Move", "Observation", "Player", "SeatScore", "SeatView",
           "TicketView", "TunnelView"]
