"""The bots of the rule families beside the points game (kernels/variants):
Team Asia's greedy and planner (team_greedy.py, team_planner.py), Ghost
Train's (ghost_greedy.py, ghost_planner.py, over ghost_plan.py), and which
planner plays each rule family (family.py)."""
