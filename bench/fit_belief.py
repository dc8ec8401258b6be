"""Fit of the search player's belief about another seat's tickets
(kernels/bots/search/belief.py) on games of `planner` at every seat (expert's
opponent): at the start of each of seat 0's turns, every ticket seat 0 has not
seen, its three features for seat 1 (cities its routes touch, trains they save
on the ticket's cheapest path, share of that path left to build), and whether
seat 1 holds it.

A conditional logit: the chance that a ticket of seat 1's hand is ticket t is
exp(b . x_t) over the sum of that over the unseen tickets, each held ticket
taken as an independent draw (the hand is drawn without replacement, so this
shrinks the weights a little: about a tenth on a synthetic sample of 4 held
among 40, tests/bench/test_fit_belief.py). Fitted by Newton's method on the
games, scored on as many held-out games (the next game
indices): log loss per held ticket and the chance one draw of the odds is a
given held ticket, against uniform odds and the odds of 10 per touched city
(the features' first alone). Prints the coefficients as the weights
EXPERT_TICKET_LEAN (exp of the first), EXPERT_TICKET_BUILT and
EXPERT_TICKET_LEFT (minus the third), and those weights times --sharpen (the
defaults in kernels/bots/shared/params.py are the fit's times 1.5: sharper
odds measured stronger; docs/bots.md "The search player").

    python -m bench.fit_belief --games 300 --seed 5

A benchmark: it prints numbers and asserts nothing."""

from __future__ import annotations

import argparse
import math

import numpy as np

from analyzer.game import Game
from analyzer.records import scratch_record
from kernels import layouts as L
from kernels.bots.search.belief import N_FEATURES, ticket_features


def positions(board: str, first: int, games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(features, held, position) of every ticket unseen by seat 0 at its turns, two `planner` seats."""
    ws = scratch_record()  # the features' own scratch: the game's bots keep theirs
    xs, ys, ps = [], [], []
    pos = 0
    for g in range(first, first + games):
        game = Game(board, 2, seed=seed, game=g)
        bd = game.board_record
        n = int(bd.n_tickets)
        while not game.over:
            st = game.state
            if st.sc[L.SC_PHASE] == L.PH_TURN and st.sc[L.SC_PLAYER] == 0:
                unseen = unseen_by_seat_0(game)
                held = st.ticket_holder[:n][unseen] == 1
                if held.any() and ticket_features(st, bd, np.int64(1), ws):
                    xs.append(ws.ex_features[:n][unseen].copy())
                    ys.append(held)
                    ps.append(np.full(len(unseen), pos))
                    pos += 1
            game.step(game.bot_move("planner"))
    return np.vstack(xs), np.concatenate(ys).astype(float), np.concatenate(ps)


def unseen_by_seat_0(game: Game) -> np.ndarray:
    """Tickets seat 0 has not seen at a turn: not its own, not dealt to it, not sent away by it."""
    st, n = game.state, int(game.board_record.n_tickets)
    dealt = st.setup_offer[0][st.setup_offer[0] >= 0]
    seen = (st.ticket_holder[:n] == 0) | (game.scratch.tk_gone[0, :n] != 0)
    seen[dealt] = True
    return np.flatnonzero(~seen)


def design(x: np.ndarray) -> np.ndarray:
    """Touched cities, trains saved, share left (the odds' exponent is b . these)."""
    return x[:, :N_FEATURES]


def log_loss(b: np.ndarray, x: np.ndarray, y: np.ndarray, pos: np.ndarray) -> tuple[float, float]:
    """(mean -log chance of each held ticket, mean chance one draw is a given held ticket)."""
    s = design(x) @ b
    e = np.exp(s - s.max())
    z = np.bincount(pos, e)
    held = y == 1
    loss = -np.mean(s[held] - s.max() - np.log(z[pos[held]]))
    share = np.bincount(pos, e * y) / z / np.bincount(pos, y)
    return float(loss), float(np.mean(share))


def fit(x: np.ndarray, y: np.ndarray, pos: np.ndarray, steps: int = 30) -> np.ndarray:
    """Newton's method on the conditional logit's log likelihood, each step
    halved until the likelihood improves (a little ridge for stability)."""
    d = design(x)
    k = np.bincount(pos, y)  # held tickets of each position

    def objective(b):
        s = d @ b
        top = s.max()
        return s[y == 1].sum() - (k * (top + np.log(np.bincount(pos, np.exp(s - top))))).sum() - 5e-4 * b @ b

    b = np.zeros(d.shape[1])
    for _ in range(steps):
        s = d @ b
        e = np.exp(s - s.max())
        w = e / np.bincount(pos, e)[pos]  # each ticket's chance within its position
        mean = np.column_stack([np.bincount(pos, w * d[:, j]) for j in range(d.shape[1])])  # per position
        grad = d[y == 1].sum(axis=0) - (k[:, None] * mean).sum(axis=0) - 1e-3 * b
        centred = d - mean[pos]
        hess = (centred * (w * k[pos])[:, None]).T @ centred + 1e-3 * np.eye(d.shape[1])
        step = np.linalg.solve(hess, grad)
        now = objective(b)
        while objective(b + step) < now and np.abs(step).max() > 1e-12:
            step /= 2
        b = b + step
    return b


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="europe")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--sharpen", type=float, default=1.5)
    args = ap.parse_args()
    x, y, pos = positions(args.board, 0, args.games, args.seed)
    hx, hy, hpos = positions(args.board, args.games, args.games, args.seed)
    b = fit(x, y, pos)
    print(f"{args.board}, {args.games} games (seed {args.seed}): {pos.max() + 1} positions, "
          f"{int(y.sum())} held tickets of {len(y)} unseen; held out: {hpos.max() + 1} positions")
    for name, coef in (("uniform", np.zeros(N_FEATURES)), ("10 per touched city", np.array([math.log(10), 0, 0])),
                       ("fit", b), (f"fit x {args.sharpen:g}", b * args.sharpen)):
        loss, share = log_loss(coef, hx, hy, hpos)
        print(f"  {name:22s} held-out log loss {loss:.3f} per held ticket, one draw a given held ticket {share:.3f}")
    for name, coef in (("fit", b), (f"x {args.sharpen:g}", b * args.sharpen)):
        print(f"  {name}: EXPERT_TICKET_LEAN={math.exp(coef[0]):.3f} EXPERT_TICKET_BUILT={coef[1]:.4f} "
              f"EXPERT_TICKET_LEFT={-coef[2]:.3f}")


if __name__ == "__main__":
    main()
