"""`ttr replay`: one game played again (record.py) and shown on its board (svg.py) in a self-contained
HTML page with a turn slider (page.py)."""

from analyzer.replay.page import write_replay
from analyzer.replay.record import GameSource, record_game

__all__ = ["GameSource", "record_game", "write_replay"]
