"""The measured solo ceilings of the built-in boards (docs/optimum.md,
"Results"): what `ttr optimum` reached, for the report to set each bot's
mean score against, without solving again."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CEILINGS", "Ceiling", "ceiling"]


@dataclass(frozen=True)
class Ceiling:
    """`score` is a solo score reached (routes, tickets, fixed points);
    `bound` the solver's proven upper bound; the true optimum lies between."""

    board: str
    trains: int
    score: int
    bound: int
    seconds: float
    command: str

    @property
    def proven(self) -> bool:
        return self.score == self.bound


def _row(board: str, trains: int, score: int, bound: int, seconds: float) -> Ceiling:
    return Ceiling(board, trains, score, bound, seconds,
                   f"ttr optimum --board {board} --trains {trains} --time-limit {seconds:g}")


CEILINGS: dict[str, Ceiling] = {c.board: c for c in (
    _row("usa", 45, 285, 328, 900),
    _row("europe", 45, 214, 315, 120),
    _row("legendary_asia", 45, 188, 251, 120),
    _row("india", 45, 409, 502, 120),
    _row("nordic_countries", 40, 326, 401, 120),
    _row("switzerland", 40, 366, 398, 120),
    _row("team_asia", 54, 470, 607, 120),
)}
"""Each board scored by points at its rule set's trains (Team Asia: a team's):
the local search, then the MILP from its best; measured on a 2-core machine
shared with other work, 2026-12-04. USA's 285 is the published optimum
(Schaefer & Schaefer 2025); its bound here is the lower of two 900 s runs'."""


def ceiling(board: str) -> Ceiling | None:
    """The measured ceiling of a built-in board (None: Ghost Train, not a points game)."""
    return CEILINGS.get(board.lower().replace("-", "_"))
