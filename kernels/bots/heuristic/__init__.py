"""The rule-based bots of the points games: random.py, greedy.py (also plays
Team Asia's card and ticket moves through bots/shared/team_plan.py), and the
planner family's players planner.py (planner, destination-hungry, blocker,
planner-v1), route_focus.py, long_route.py and one_step.py, built on
bots/planning."""
