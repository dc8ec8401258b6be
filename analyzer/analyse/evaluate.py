"""Every legal move of the seat to move, valued as the search player values its candidates: played on
the same determinized rollouts (kernels/bots/search/evaluate.py), each move's win probability (Wilson
interval) and expected final margin over the best other seat (normal interval), ranked best first."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.game import Game, Move
from analyzer.stats.intervals import Z95, wilson
from kernels.bots.search.evaluate import evaluate_moves

GROUPS = {"claim": "claim a route", "draw_market": "draw from the market", "draw_blind": "blind draw",
          "draw_tickets": "draw tickets", "swap_tickets": "swap tickets", "build_station": "build a station",
          "keep_tickets": "keep tickets", "pass": "pass"}


@dataclass(frozen=True)
class MoveValue:
    """One move's value over `rollouts` rollouts: win probability and mean margin, each with its 95%
    interval."""

    rank: int
    group: str
    move: str
    code: int
    win: float
    win_low: float
    win_high: float
    margin: float
    margin_low: float
    margin_high: float
    rollouts: int


def analysis_compiled() -> bool:
    """Whether Numba's disk cache holds evaluate_moves for these kernel sources (else the first call
    compiles it: the engine and the planners once more, inlined into its rollouts)."""
    try:
        return bool(evaluate_moves._cache._cache_file._load_index())
    except AttributeError:
        return True  # another Numba's cache: nothing to say


def candidates(game: Game) -> list[Move]:
    """The legal moves of the seat to move, a market card once whatever slot shows it."""
    seen, out = set(), []
    for m in game.legal_actions():
        key = ("draw_market", m.card, m.destination) if m.kind == "draw_market" else m.code
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


def analyse(game: Game, rollouts: int, seed: int) -> list[MoveValue]:
    """Each candidate move of the position, valued over `rollouts` determinized rollouts from `seed`
    (the same worlds for every move), best first: by win probability, then mean margin."""
    if game.over:
        raise ValueError("the game is over: no move to analyse")
    if isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 2:
        raise ValueError(f"--rollouts must be a whole number >= 2, not {rollouts!r}")
    moves = candidates(game)
    codes = np.array([m.code for m in moves], np.int64)
    margin = np.zeros((len(moves), rollouts), np.float64)
    win = np.zeros((len(moves), rollouts), np.float64)
    evaluate_moves(game.state, game.board_record, game.rules_array, game.scratch, codes,
                   np.uint64(seed & (2**64 - 1)), margin, win)
    low, high = wilson(win.sum(axis=1), rollouts)
    mean = margin.mean(axis=1)
    half = Z95 * margin.std(axis=1, ddof=1) / np.sqrt(rollouts)
    order = sorted(range(len(moves)), key=lambda i: (-win[i].mean(), -mean[i], i))
    return [MoveValue(rank=r + 1, group=GROUPS.get(moves[i].kind, moves[i].kind), move=str(moves[i]),
                      code=moves[i].code, win=float(win[i].mean()), win_low=float(low[i]), win_high=float(high[i]),
                      margin=float(mean[i]), margin_low=float(mean[i] - half[i]), margin_high=float(mean[i] + half[i]),
                      rollouts=rollouts) for r, i in enumerate(order)]
