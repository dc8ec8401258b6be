"""The bots of the rule families beside the points game (kernels/variants):
Team Asia's planner (team_planner.py; Team Asia's greedy is heuristic/greedy.py,
which plays teams), Ghost Train's greedy and planner (ghost_greedy.py,
ghost_planner.py, over ghost_plan.py), and which planner plays each rule
family (family.py)."""
