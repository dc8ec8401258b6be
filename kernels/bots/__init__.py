"""Bots: each is one `@njit` function (st, bd, ru, p, rng, ws) -> action that
reads only what seat p may see. kernels/bots/dispatch.py picks the function of
a seat's bot; common.py holds what every bot shares, planning.py and
tactics.py what the planner family shares."""
