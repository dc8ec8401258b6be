"""Scores of a game: each seat's score so far and, once the game is over, its breakdown as the kernels'
end-of-game scoring wrote it (st.final, the FN_* components of kernels/layouts/state.py; the players table of
analyzer.simulate holds the same numbers)."""

from __future__ import annotations

from dataclasses import dataclass, fields

from kernels import layouts as L


@dataclass(frozen=True)
class FinalScore:
    """One seat's end-of-game components (kernels/layouts/state.py FN_*). In Team Asia `total` and the bonuses
    are the team's, on each teammate's row; on Ghost Train `total` is the tickets completed (the
    Trick-or-Treat ticket included) and no points are scored."""

    tickets_won: int
    tickets_lost: int
    tickets_completed: int
    tickets_failed: int
    longest_path: int
    longest_bonus: int
    network_cities: int
    explorer_bonus: int
    globetrotter_bonus: int
    station_points: int
    total: int
    winner: bool
    grand_tour_tickets: int
    grand_tour_bonus: int


@dataclass(frozen=True)
class SeatScore:
    """`score`: the final total once the game is over; before, the score so far: route points and
    mountain trains (the team's together in Team Asia, where teammates score together), or on Ghost
    Train the tickets completed. `route_points`, `mountain_points`: the seat's own. `final`: the
    breakdown once the game is over, else None."""

    seat: int
    team: int
    score: int
    route_points: int
    mountain_points: int
    final: FinalScore | None


FINAL_FIELDS = {f.name: getattr(L, "FN_" + f.name.upper()) for f in fields(FinalScore)}


def seat_scores(st, ru) -> list[SeatScore]:
    """Every seat's SeatScore in the game state record `st`."""
    n = int(st.sc[L.SC_N_PLAYERS])
    size = max(int(ru[L.RULE_TEAM_SIZE]), 1)
    over = int(st.sc[L.SC_PHASE]) == L.PH_OVER
    running = [int(st.score[q]) for q in range(n)]
    if int(ru[L.RULE_FAMILY]) == L.FAMILY_TICKET_RACE:
        running = [int(st.ps[q, L.PS_GT_TICKETS] + st.ps[q, L.PS_GT_SPECIAL]) for q in range(n)]
    else:
        running = [sum(running[q // size * size:q // size * size + size]) for q in range(n)]
    out = []
    for q in range(n):
        final = None
        if over:
            row = st.final[q].tolist()
            final = FinalScore(**{name: (row[k] != 0 if name == "winner" else row[k])
                                  for name, k in FINAL_FIELDS.items()})
        out.append(SeatScore(seat=q, team=q // size, score=final.total if final else running[q],
                             route_points=int(st.ps[q, L.PS_ROUTE_POINTS]),
                             mountain_points=int(st.ps[q, L.PS_MOUNTAIN_TRAINS] * ru[L.RULE_MOUNTAIN_POINTS]),
                             final=final))
    return out
