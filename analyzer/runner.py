"""Kept only for bench/bench.py, which imports `run_games` from here (bench/
belongs to the kernels work of issue 14); the runner is analyzer/run/."""

from analyzer.run.simulate import run_games

__all__ = ["run_games"]
