"""The page's words for the tables' names: boards, bonuses, bots' measures,
rule parameters and table columns as a reader says them ("Legendary Asia",
"Grand Tour bonus", "cards revealed per tunnel"), never the column names the
CSV files keep. `label` turns any column name into words; `shown` is the
preview of a table the page prints (estimates and their intervals in one
cell, human headers, human values)."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

from analyzer.boards import builtin_boards
from analyzer.report.runs import board_name

BOARD_KEYS = frozenset(builtin_boards())
SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
"""A name with underscores: a column, rule or board key, never a word of the page."""

BONUS_NAMES = {
    "longest_bonus": "Longest path bonus",
    "globetrotter_bonus": "Globetrotter",
    "explorer_bonus": "Asian Explorer",
    "grand_tour_bonus": "Grand Tour bonus",
    "trick_or_treat_bonus": "Trick-or-Treat",
}
LONGEST_BY_BOARD = {"europe": "European Express", "team_asia": "Asia Express"}
"""Boards whose longest-path bonus has a name of its own."""

PARAMETERS = {
    "tunnel_reveal": "cards revealed per tunnel",
    "longest_path_bonus": "longest path bonus",
    "doubles_min_players": "players needed for both lanes of a double route",
    "station_value": "points per unused station",
    "globetrotter_bonus": "Globetrotter bonus",
    "explorer_bonus": "Asian Explorer bonus",
}
"""Rule set fields (analyzer.rules.RuleSet) in words; any other field: `label`."""

MEASURES = {
    "mean_score": "mean score",
    "seat_advantage": "seat advantage",
    "strategy_dominance": "bot advantage",
    "ticket_completion": "ticket completion",
    "game_length": "game length",
    "stalled_games": "stalled games",
    "longest_bonus_holders": "longest path bonus holders per game",
    "longest_bonus_holder_win_rate": "longest path holder's win rate",
    "explorer_bonus_holders": "Asian Explorer holders per game",
    "explorer_bonus_holder_win_rate": "Asian Explorer holder's win rate",
    "globetrotter_bonus_holders": "Globetrotter holders per game",
    "globetrotter_bonus_holder_win_rate": "Globetrotter holder's win rate",
    "scorecard": "scorecard's distance from its targets",
}
"""The sweep's balance measures (analyzer.stats.compare.MEASURES) and the tuner's scorecard objective in words."""

WORDS = {
    **PARAMETERS, **MEASURES, **BONUS_NAMES,
    "p_any": "surcharge due", "p_at_least": "at least k", "to_reveal": "cards to reveal",
    "wall_time_s": "wall time (s)", "games_per_s": "games per second", "rules_hash": "rules hash",
    "kernel_hash": "engine hash", "ticket_name": "ticket", "route_name": "route", "per_player": "per player",
    "per_game": "per game", "team_size": "team size", "end_reason": "end reason", "no_actions": "no legal move",
    "turn_cap": "turn cap", "ci_low": "95% CI low", "ci_high": "95% CI high",
}
"""Column and value names whose words are not their parts'."""


def bonus_name(column: str, board: str | None = None) -> str:
    """'European Express' for Europe's longest path, 'Grand Tour bonus', ..."""
    if column == "longest_bonus" and board in LONGEST_BY_BOARD:
        return LONGEST_BY_BOARD[board]
    return BONUS_NAMES.get(column, label(column))


def parameter_name(name: str) -> str:
    return PARAMETERS.get(name, label(name).lower())


def measure_name(name: str) -> str:
    return MEASURES.get(name, label(name).lower())


def label(name: str) -> str:
    """A column name in words: 'holder_wins_ci_low' -> 'Holder wins (95% CI low)'."""
    name = str(name)
    if name in WORDS:
        text = WORDS[name]
        return text[0].upper() + text[1:]
    for suffix, words in (("_ci_low", "95% CI low"), ("_ci_high", "95% CI high"), ("_lo", "95% CI low"),
                          ("_hi", "95% CI high"), ("_n", "n")):
        if name.endswith(suffix) and len(name) > len(suffix):
            return f"{label(name[:-len(suffix)])} ({words})"
    if m := re.fullmatch(r"win_seat_(\d+|s)", name):
        return f"Win rate, seat {m.group(1)}"
    if name.startswith("win_") and name != "win_rate":
        return f"Win rate, {name[4:].replace('_', ' ')}"
    if name.startswith("deck_"):
        return f"Draw pile: {name[5:]}"
    text = name.replace("_", " ")
    return text[:1].upper() + text[1:]


def _word(name: str) -> str:
    if name in BOARD_KEYS:
        return board_name(name)
    return WORDS.get(name, label(name).lower())


def words(text: str) -> str:
    """Every underscore name inside a text in words ('tunnel_reveal=4' -> 'cards revealed per tunnel=4',
    'legendary_asia' -> 'Legendary Asia')."""
    return SNAKE.sub(lambda m: _word(m.group(0)), str(text))


def _cell(x) -> str:
    from analyzer.report.html import number

    if isinstance(x, (bool, np.bool_)):
        return "yes" if x else "no"
    if isinstance(x, (int, float, np.integer, np.floating)):
        return number(float(x))
    return "–" if x is None or (isinstance(x, float) and np.isnan(x)) else str(x)


def _intervals(frame: pd.DataFrame) -> list[tuple[str, str, str]]:
    """(estimate, low, high) column triples: X with X_ci_low/X_ci_high or X_lo/X_hi,
    and a bare ci_low/ci_high with the column before it."""
    cols = list(frame.columns)
    out = []
    for i, c in enumerate(cols):
        for lo, hi in ((f"{c}_ci_low", f"{c}_ci_high"), (f"{c}_lo", f"{c}_hi")):
            if lo in cols and hi in cols:
                out.append((c, lo, hi))
                break
        else:
            if i + 2 < len(cols) and cols[i + 1] == "ci_low" and cols[i + 2] == "ci_high":
                out.append((c, "ci_low", "ci_high"))
    return out


def shown(frame: pd.DataFrame, index: bool = True) -> pd.DataFrame:
    """The preview the page prints: each estimate with its 95% CI in one
    cell, boards and names in words, headers in words; all cells text."""
    f = frame.reset_index() if index and not isinstance(frame.index, pd.RangeIndex) else frame.copy()
    triples = _intervals(f)
    out = pd.DataFrame(index=f.index)
    merged = {lo for _, lo, _ in triples} | {hi for _, _, hi in triples}
    with_ci = {c: (lo, hi) for c, lo, hi in triples}
    for c in f.columns:
        if c in merged:
            continue
        if c in with_ci:
            lo, hi = with_ci[c]
            col = [f"{_cell(v)} ({_cell(a)} to {_cell(b)})" for v, a, b in zip(f[c], f[lo], f[hi], strict=True)]
            out[f"{label(c)} (95% CI)"] = col
        elif c == "board":
            out[label(c)] = [board_name(str(v)) for v in f[c]]
        else:
            out[label(c)] = [words(_cell(v)) for v in f[c]]
    return out
