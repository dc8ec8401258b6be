"""What every bot uses and no bot owns: bot ids and tunable weights
(params.py), the Scratch record of a worker's memory (scratch.py), a seat's
plan kept in the Scratch with its route prices and card needs (plan.py),
paying a claim or a tunnel (paying.py), where a ticket is aimed at
(destinations.py) and what a seat of a team may plan for (team_plan.py).
Imports no other bots package."""
