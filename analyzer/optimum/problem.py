"""The solo-score problem of a board: the routes one player may claim, what
each costs in trains and scores, and the tickets with the city sets that
complete them. Built from a Board and its RuleSet; the MILP
(analyzer/optimum/model.py) and the check of a route set read only this."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analyzer.boards import Board

__all__ = ["Problem", "Ticket", "UnsupportedBoard", "build_problem", "score_routes"]


class UnsupportedBoard(ValueError):
    """A board whose solo ceiling is not a points maximum (Ghost Train)."""


@dataclass(frozen=True)
class Ticket:
    """One ticket design: `ends_a` joined to any option's `ends_b` scores
    that option's points (a city is a one-node end; a country is its border
    points, SW-TKT-6). `cards` identical cards of it all score."""

    name: str
    ends_a: tuple[int, ...]
    options: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    long: bool = False
    cards: int = 1


@dataclass
class Problem:
    """A solo player's choices on one board. Routes are lanes: a parallel
    group (a double or triple route) lets the player take `group_lanes` of
    them (BASE-DBL-1: one)."""

    board: str
    cities: list[str]
    route_a: np.ndarray  # int, city index
    route_b: np.ndarray
    route_trains: np.ndarray  # trains the route uses (its length, plus one per mountain X, LA-MTN-2)
    route_points: np.ndarray  # the route table's points (plus the Mountain Pass points)
    route_group: np.ndarray  # parallel group, -1 for a single lane
    route_label: list[str]
    tickets: list[Ticket]
    trains: int
    long_limit: int | None = None  # at most this many long tickets (EU-SET-2, LA-TKT-2), None: no limit
    group_lanes: int = 1
    fixed_points: int = 0  # points every solo game scores (Europe's unbuilt stations, EU-STN-4)
    notes: list[str] = field(default_factory=list)

    @property
    def n_routes(self) -> int:
        return len(self.route_a)


def _route_rows(board: Board, rules) -> tuple[list, list[str]]:
    """The routes as (a, b, trains, points, group, label), identical lanes of
    a group kept once: a solo player takes at most one of them, and either
    serves the same."""
    cidx = {n: i for i, n in enumerate(board.cities["name"])}
    table = rules.route_scores
    rows, seen, notes = [], set(), []
    for r in board.routes.itertuples():
        if r.length >= len(table):
            raise ValueError(f"board {board.name}: route {r.a}-{r.b} of length {r.length} has no score in the "
                             f"rule set's route_scores")
        trains = int(r.length) + int(r.mountains)
        points = int(table[r.length]) + int(r.mountains) * rules.mountain_points
        group = int(r.parallel_group)
        key = (group, trains, points) if group >= 0 else None
        if key is not None and key in seen:
            continue
        if key is not None:
            seen.add(key)
        label = f"{r.a}–{r.b} ({r.length}{', ' + r.kind if r.kind != 'normal' else ''})"
        rows.append((cidx[r.a], cidx[r.b], trains, points, group, label))
    if (board.routes["mountains"] > 0).any():
        notes.append(f"a mountain route uses one more train per X and scores {rules.mountain_points} "
                     f"points for it (LA-MTN-2)")
    return rows, notes


def _tickets(board: Board) -> list[Ticket]:
    """City tickets (identical designs merged into one with more cards) and
    country tickets (each option a destination, SW-TKT-3/4)."""
    cidx = {n: i for i, n in enumerate(board.cities["name"])}

    def ends(name: str) -> tuple[int, ...]:
        if name in board.countries:
            return tuple(sorted(cidx[c] for c in board.countries[name]))
        return (cidx[name],)

    merged: dict[tuple, list] = {}
    for t in board.tickets.itertuples():
        key = tuple(sorted((cidx[t.a], cidx[t.b]))) + (int(t.points), bool(t.long))
        merged.setdefault(key, [t, 0])[1] += 1
    out = [Ticket(f"{t.a}–{t.b} ({t.points})", ends(t.a), (ends(t.b),), (int(t.points),), bool(t.long), n)
           for t, n in merged.values()]
    for t in board.multi_tickets.itertuples():
        name = f"{t.a}–{'|'.join(t.options)} ({'|'.join(str(p) for p in t.points)})"
        out.append(Ticket(name, ends(t.a), tuple(ends(o) for o in t.options), tuple(int(p) for p in t.points),
                          False, int(t.copies)))
    return out


def build_problem(board: Board, trains: int | None = None) -> Problem:
    """The solo problem of `board` under its own rule preset with `trains`
    trains (None: the rule set's, a team's for Team Asia). Ghost Train is
    refused: it is won by completing tickets, not by points."""
    rules = board.rules()
    if rules.win_tickets > 0:
        raise UnsupportedBoard(f"board {board.name}: won by completing {rules.win_tickets} tickets, not by points "
                               f"(GT-END-1): a points ceiling does not apply")
    if trains is None:
        trains = rules.trains * rules.team_size
    if trains <= 0:
        raise ValueError(f"--trains must be at least 1 (got {trains})")
    rows, notes = _route_rows(board, rules)
    a, b, tr, pts, grp, label = (list(c) for c in zip(*rows, strict=True))
    long_limit = rules.setup_tickets_long if board.tickets["long"].any() else None
    if long_limit is not None:
        notes.append(f"at most {long_limit} long ticket (dealt at setup only; EU-SET-2, LA-TKT-2)")
    fixed = rules.stations * rules.station_value
    if fixed:
        notes.append(f"{rules.stations} stations left unbuilt: {fixed} points (EU-STN-4); alone on the board "
                     f"a station has no other player's route to borrow")
    if rules.team_size > 1:
        notes.append(f"one team as one player with the team's {rules.trains * rules.team_size} trains and one "
                     f"lane per double; the {rules.trains}-train split between teammates and a team's second "
                     f"lane (TA-DBL-2/3) are not modelled")
    if any(rules.grand_tour_bonus):
        notes.append("the Grand Tour bonus (IN-SCR-4) is left out")
    for what, value in (("longest-path", rules.longest_path_bonus), ("Globetrotter", rules.globetrotter_bonus),
                        ("Asian Explorer", rules.explorer_bonus)):
        if value:
            notes.append(f"the {what} bonus ({value}, to the best player) is left out")
    return Problem(board.name, list(board.cities["name"]), np.array(a), np.array(b), np.array(tr), np.array(pts),
                   np.array(grp), label, _tickets(board), int(trains), long_limit, 1, fixed, notes)


def components(n_cities: int, edges: list[tuple[int, int]]) -> np.ndarray:
    """Each city's component label over `edges` (union-find)."""
    parent = list(range(n_cities))

    def root(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for u, v in edges:
        parent[root(u)] = root(v)
    return np.array([root(i) for i in range(n_cities)])


def score_routes(problem: Problem, routes: list[int]) -> tuple[int, int, list[tuple[int, int]]]:
    """(route points, ticket points, [(ticket, option)] completed) of a route
    set, by connectivity alone: each ticket scores its best joined option,
    the long tickets the best `long_limit` of them."""
    comp = components(len(problem.cities), [(problem.route_a[r], problem.route_b[r]) for r in routes])
    done, long_done = [], []
    for k, t in enumerate(problem.tickets):
        reached = {comp[c] for c in t.ends_a}
        joined = [o for o, e in enumerate(t.options) if reached & {comp[c] for c in e}]
        if joined:
            best = max(joined, key=lambda o: t.points[o])
            (long_done if t.long else done).append((t.points[best] * t.cards, k, best))
    if problem.long_limit is not None:
        long_done = sorted(long_done, reverse=True)[:problem.long_limit]
    done += long_done
    route_pts = int(sum(problem.route_points[r] for r in routes))
    return route_pts, int(sum(p for p, _, _ in done)), sorted((k, o) for _, k, o in done)
