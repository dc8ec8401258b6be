"""The planner family's machinery (used by heuristic/ planner, route-focus,
long-route, one-step and by the variants' planners): the network plan that
joins a seat's tickets (network.py), which offered tickets to keep
(ticket_keep.py), what a mid-game ticket draw is worth (ticket_value.py), the
moves that serve a plan (moves.py) and India's Grand Tour (grand_tour.py).
Imports bots/shared only."""
