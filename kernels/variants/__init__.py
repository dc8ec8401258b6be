"""Rule families beside the core: Team Asia's shared holders and ticket sharing
(team.py) and Ghost Train's ticket race (ghost.py). They import kernels.core,
never kernels.engine, which calls them."""
