"""Statistics of result tables: each function takes tables of a run
(pandas DataFrames, see docs/tables.md) and returns a DataFrame with its
sample size and 95% confidence interval beside every estimate.

Pure pandas / numpy, vectorised over games: a million-game run is grouped,
never looped over. The intervals are those of analyzer.stats.intervals:
Wilson for proportions, normal for means and paired differences, percentile
for bootstrap replicates. The modules: overview, tickets, bonuses, blocking
(paired runs and double routes), routes (and stations), tunnels (in play),
compare (a sweep's balance measures), ladder (Bradley-Terry), populations
(whether a figure differs between populations of players), and the
variants' own tables (legendary_asia, team_asia, ghost_train). This package
imports no runner, report or CLI: it reads tables only.
"""

from analyzer.stats.blocking import (
    double_groups,
    double_route_use,
    paired_difference,
    per_game_metrics,
    tickets_through_group,
)
from analyzer.stats.bonuses import BONUS_LABELS, bonus_columns, bonuses
from analyzer.stats.intervals import Z95, mean_ci, proportion, wilson
from analyzer.stats.overview import (
    SCORE_COMPONENTS,
    end_reasons,
    game_length,
    score_components,
    score_distribution,
    score_histogram,
    win_rates,
)
from analyzer.stats.routes import route_claims, stations, ticket_cities
from analyzer.stats.tickets import city_distances, completion_by, midgame_tickets, ticket_completion, ticket_info

__all__ = [
    "BONUS_LABELS", "SCORE_COMPONENTS", "Z95", "bonus_columns", "bonuses", "city_distances", "completion_by",
    "double_groups", "double_route_use", "end_reasons", "game_length", "mean_ci", "midgame_tickets",
    "paired_difference", "per_game_metrics", "proportion", "route_claims", "score_components",
    "score_distribution", "score_histogram", "stations", "ticket_cities", "ticket_completion", "ticket_info",
    "tickets_through_group", "wilson", "win_rates",
]
