"""bench/fit_belief.py, the fit of expert's ticket odds: the conditional
logit recovers the weights that made a synthetic sample (to within a
fifth), the positions it reads from planner games hold seat 1's real
tickets among the unseen ones, the fit on them beats uniform odds on
held-out games, and the weights it prints are ones a run accepts."""

import math
import re
import sys

import numpy as np

from analyzer.bots import check_bot_param
from bench import fit_belief


def test_the_fit_recovers_the_weights_of_a_synthetic_sample():
    """Positions of 40 tickets, 4 held, drawn one by one without replacement
    from odds exp(b . x) (the determinization's own draw): the fit finds
    each weight of b back to within a fifth (its likelihood takes the held
    tickets as independent draws, which shrinks the weights a little)."""
    rng = np.random.default_rng(3)
    truth = np.array([0.8, 0.07, -2.5])
    xs, ys, ps = [], [], []
    for pos in range(3000):
        x = np.column_stack([rng.integers(0, 3, 40), rng.uniform(0, 20, 40), rng.uniform(0, 1, 40)])
        w = np.exp(x @ truth)
        held = np.zeros(40, bool)
        for _ in range(4):
            p = np.where(held, 0.0, w)
            held[rng.choice(40, p=p / p.sum())] = True
        xs.append(x), ys.append(held), ps.append(np.full(40, pos))
    x, y, pos = np.vstack(xs), np.concatenate(ys).astype(float), np.concatenate(ps)
    assert np.all(np.abs(fit_belief.fit(x, y, pos) / truth - 1.0) < 0.2)


def test_positions_hold_the_real_tickets_and_the_fit_beats_uniform_odds(monkeypatch, capsys):
    x, y, pos = fit_belief.positions("europe", 0, 4, 5)
    assert x.shape == (len(y), 3) and len(pos) == len(y) and y.sum() > 0
    assert np.all(np.bincount(pos, y) >= 1)  # seat 1 holds an unseen ticket at every position
    assert set(np.unique(x[:, 0])) <= {0.0, 1.0, 2.0} and x[:, 1].min() >= 0 and x[:, 2].max() <= 1
    monkeypatch.setattr(sys, "argv", ["fit_belief", "--games", "6", "--seed", "5"])
    fit_belief.main()
    out = capsys.readouterr().out
    loss = {name: float(v) for name, v in re.findall(r"^\s+(uniform|fit)\s+held-out log loss ([0-9.]+)", out, re.M)}
    assert loss["fit"] < loss["uniform"], out
    weights = re.search(r"x 1\.5: EXPERT_TICKET_LEAN=(\S+) EXPERT_TICKET_BUILT=(\S+) EXPERT_TICKET_LEFT=(\S+)", out)
    for name, value in zip(("EXPERT_TICKET_LEAN", "EXPERT_TICKET_BUILT", "EXPERT_TICKET_LEFT"), weights.groups(),
                           strict=True):
        assert math.isfinite(float(value)) and check_bot_param(name, value) == float(value)
