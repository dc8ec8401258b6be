"""The game every variant shares: cards, payment, claims, tickets, scoring and
the state they live in. A seat is a team of one, so the team rules of Team Asia
are the general rules here; what only a variant has lives in kernels/variants.
Nothing here imports kernels.variants, kernels.bots or kernels.engine."""
