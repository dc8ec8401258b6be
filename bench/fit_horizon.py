"""Fit of the truncated rollouts' estimate (kernels/bots/search/horizon.py) on
games of planner-v1 at every seat (what expert's rollouts play): at the start
of every EVERY-th turn, each seat's position (kernels/bots/search/horizon_features.py)
against how its game ended.

Two fits: the chance a held, unjoined ticket is joined by the end, a
logistic in the turns left, the trains of the seat's network and of the
ticket's own path, the seat's trains and its cards; and the route points a
seat adds by the end, linear in the trains it can still place (horizon.py
future_route_points with one point per train). Prints the coefficients and
the fit quality (log loss and Brier score of the chance; R^2 of the
estimated final margin, against the scoring-now margin), on the games and on
as many held-out games (the next game indices). With --out, writes the
coefficients and the fit quality to that file (analyzer/expert_horizon.json
is the one a run with EXPERT_HORIZON reads; docs/bots.md "Truncated rollouts").

    python -m bench.fit_horizon --games 200 --every 2 --seed 5 --out analyzer/expert_horizon.json

A benchmark: it prints numbers and asserts nothing."""

from __future__ import annotations

import argparse
import json

import numpy as np

from analyzer.game import Game
from kernels import layouts as L
from kernels.bots.search import horizon_features as F
from kernels.bots.search.horizon import CARD_TRAINS, PATH_CAP
from kernels.bots.shared import params as P

CLOCK = P.BOT_PARAM_DEFAULTS[P.BP_EV_CLOCK]
CHANCE_NAMES = ("CHANCE_BIAS", "CHANCE_TURNS", "CHANCE_NETWORK", "CHANCE_PATH", "CHANCE_TRAINS", "CHANCE_CARDS")
ROUTE_NAMES = ("ROUTE_BASE", "ROUTE_PER_TRAIN")
TURN_BANDS = ((0, 8), (8, 16), (16, 25), (25, 1000))


def positions(board: str, players: int, first: int, games: int, seed: int, every: int):
    """(ticket rows, seat rows) with each row's game, its label appended: joined by the end (tickets);
    final total and final route points (seats)."""
    tk_rows, seat_rows = [], []
    tbuf = np.zeros((64, F.TF_FIELDS), np.float64)
    sbuf = np.zeros((players, F.SF_FIELDS), np.float64)
    for g in range(first, first + games):
        game = Game(board, players, seed=seed, game=g)
        taken = []
        while not game.over:
            st = game.state
            if st.sc[L.SC_PHASE] == L.PH_TURN and st.sc[L.SC_TURN] % every == 0:
                c = game.clone()
                k = F.horizon_features(c.state, c.board_record, c.rules_array, c.scratch, CLOCK, tbuf, sbuf)
                taken.append((tbuf[:k].copy(), sbuf.copy()))
            game.step(game.bot_move("planner-v1"))
        st = game.state
        for tk, seats in taken:
            seat = tk[:, F.TF_SEAT].astype(int)
            t = tk[:, F.TF_TICKET].astype(int)
            done = ((st.ticket_holder[t] == seat) & (st.ticket_option[t] >= 0)).astype(float)
            tk_rows.append(np.column_stack([tk, done, np.full(len(tk), g)]))
            q = seats[:, F.SF_SEAT].astype(int)
            seat_rows.append(np.column_stack([seats, st.final[q, L.FN_TOTAL], st.score[q], np.full(len(q), g)]))
    return np.vstack(tk_rows), np.vstack(seat_rows)


def ticket_design(tk: np.ndarray) -> np.ndarray:
    """The chance's inputs: 1, turns left, network trains, own path, trains, cards (at most the network's)."""
    alone = np.minimum(tk[:, F.TF_ALONE], PATH_CAP)
    return np.column_stack([np.ones(len(tk)), tk[:, F.TF_TURNS], tk[:, F.TF_NETWORK], alone, tk[:, F.TF_TRAINS],
                            np.minimum(tk[:, F.TF_CARDS], tk[:, F.TF_NETWORK])])


def open_tickets(tk: np.ndarray) -> np.ndarray:
    """Rows the chance is fitted on: unjoined tickets an open path joins within the seat's trains."""
    return (tk[:, F.TF_JOINED] == 0) & (tk[:, F.TF_ALONE] <= tk[:, F.TF_TRAINS])


def fit_logistic(x: np.ndarray, y: np.ndarray, steps: int = 50) -> np.ndarray:
    """Newton's method, a little ridge for stability."""
    b = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-x @ b))
        grad = x.T @ (p - y) + 1e-3 * b
        hess = (x * (p * (1 - p))[:, None]).T @ x + 1e-3 * np.eye(x.shape[1])
        b -= np.linalg.solve(hess, grad)
    return b


def placeable(seats: np.ndarray) -> np.ndarray:
    return np.minimum(seats[:, F.SF_TRAINS], CLOCK * seats[:, F.SF_TURNS] + CARD_TRAINS * seats[:, F.SF_CARDS])


def estimate_totals(tk, seats, chance_coef, route_coef) -> np.ndarray:
    """Each seat row's estimated final total (horizon.py's estimate with these coefficients)."""
    est = seats[:, F.SF_TOTAL] + route_coef[0] + route_coef[1] * placeable(seats)
    ok = open_tickets(tk)
    c = np.where(ok, 1.0 / (1.0 + np.exp(-ticket_design(tk) @ chance_coef)), 0.0)
    gain = np.where(tk[:, F.TF_JOINED] == 0, 2.0 * c * tk[:, F.TF_POINTS], 0.0)
    return est, gain


def margin_r2(tk, seats, chance_coef, route_coef, players) -> tuple[float, float, dict]:
    """R^2 of the seat-0-minus-seat-1 final margin (2 players) by the estimate, by the scoring now, and by
    the estimate in bands of turns to the end."""
    est, gain = estimate_totals(tk, seats, chance_coef, route_coef)
    # positions are consecutive seat rows; ticket rows carry their game and seat but not the position, so
    # the gain is summed per (game, position index) via the order they were written in
    pos = np.repeat(np.arange(len(seats) // players), players)
    key_seat = pos * players + seats[:, F.SF_SEAT].astype(int)
    tk_pos = _ticket_positions(tk, seats, players)
    est = est + np.bincount(tk_pos, weights=gain, minlength=len(seats))[key_seat]
    final = seats[:, -3]
    now = seats[:, F.SF_TOTAL]
    m_final = final[0::players] - final[1::players]

    def r2(pred, rows=slice(None)):
        m = pred[0::players] - pred[1::players]
        return 1.0 - np.mean((m_final[rows] - m[rows]) ** 2) / np.var(m_final[rows])
    turns = seats[0::players, F.SF_TURNS]
    by_turns = {f"{lo}-{hi}": round(r2(est, (turns >= lo) & (turns < hi)), 4) for lo, hi in TURN_BANDS}
    return r2(est), r2(now), by_turns


def _ticket_positions(tk, seats, players):
    """Each ticket row's seat row index (rows are written position by position, seat by seat)."""
    idx = np.empty(len(tk), int)
    seat = tk[:, F.TF_SEAT].astype(int)
    pos = -1
    last = players
    for i in range(len(tk)):
        if seat[i] < last:  # a new position starts with a lower seat (every seat holds tickets)
            pos += 1
        last = seat[i]
        idx[i] = pos * players + seat[i]
    return idx


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="europe")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--out", help="write the coefficients and the fit quality to this JSON file")
    a = ap.parse_args()
    tk, seats = positions(a.board, a.players, 0, a.games, a.seed, a.every)
    tk_out, seats_out = positions(a.board, a.players, a.games, a.games, a.seed, a.every)
    ok = open_tickets(tk)
    chance = fit_logistic(ticket_design(tk[ok]), tk[ok, -2])
    gained = seats[:, -2] - seats[:, F.SF_ROUTE_POINTS]
    x = np.column_stack([np.ones(len(seats)), placeable(seats)])
    route = np.linalg.lstsq(x, gained, rcond=None)[0]
    out = {"chance": chance.round(5).tolist(), "route": route.round(4).tolist(), "positions": len(seats) // a.players}
    for name, (t, s) in {"fit": (tk, seats), "held_out": (tk_out, seats_out)}.items():
        o = open_tickets(t)
        p = 1.0 / (1.0 + np.exp(-ticket_design(t[o]) @ chance))
        y = t[o, -2]
        est_r2, now_r2, by_turns = margin_r2(t, s, chance, route, a.players)
        out[name] = {"tickets": int(o.sum()), "joined_share": round(float(y.mean()), 4),
                     "log_loss": round(float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))), 4),
                     "brier": round(float(np.mean((p - y) ** 2)), 4),
                     "margin_r2": round(est_r2, 4), "margin_r2_scoring_now": round(now_r2, 4),
                     "margin_r2_by_turns_to_end": by_turns}
    print(json.dumps(out))
    if a.out:
        names = CHANCE_NAMES + ROUTE_NAMES
        coefficients = {f"EXPERT_HORIZON_{n}": v for n, v in zip(names, out["chance"] + out["route"], strict=True)}
        record = {"command": f"python -m bench.fit_horizon --board {a.board} --players {a.players} --games {a.games} "
                             f"--every {a.every} --seed {a.seed}",
                  "fitted_on": {"board": a.board, "players": a.players},
                  "coefficients": coefficients, "positions": out["positions"], "fit": out["fit"],
                  "held_out": out["held_out"]}
        with open(a.out, "w") as f:
            f.write(json.dumps(record, indent=1) + "\n")


if __name__ == "__main__":
    main()
