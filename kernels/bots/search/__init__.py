"""The search player `expert` (expert.py): Monte Carlo over determinizations
(determinize.py) with every seat's bot memory set aside while rollouts play
(memory.py)."""
