"""Bots: each is one `@njit` function (st, bd, ru, p, rng, ws) -> action that
reads only what seat p may see. dispatch.py picks the function of a seat's
bot. The folders, lowest first (each imports only those before it):

    shared/      what every bot uses: bot ids and weights, the Scratch, a
                 seat's plan, paying, destinations, a team seat's plan
    planning/    the planner family's machinery: network plan, ticket keep
                 and value, moves, the Grand Tour
    heuristic/   the rule-based bots: random, greedy, planner (and its
                 variants), route-focus, long-route, one-step
    variants/    Team Asia's and Ghost Train's own bots, the planner of each
                 rule family
    search/      the search player `expert`
"""
