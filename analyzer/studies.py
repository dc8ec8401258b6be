"""The default study plan: what `ttr report` / `make report` runs, as data.

A `Study` is one run of the plan: games_share × GAMES games (GAMES is the
size of one main study, DEFAULT_GAMES unless `--games` says otherwise) of
`bots` (one per seat, cycled) on `board` at `players` players, under the rule
set `rules` (None: the board's default) with `overrides`. `bot_params`
(the bots' weights and budgets, analyzer.bots.BotParams) is recorded
in the run's manifest; `keep_bots` means `ttr report --bots` does not replace
the study's bots (the strong-play studies, which exist to play `expert`, the
ladders, and the Answers' population twins).
`TuneStudy` is the report's `ttr tune` study.

The plan is the core studies (USA and Europe at 2-5 players, the 2-3 player
closure pairs, the tunnel study) and then each section's studies in the
page's order (SECTION_STUDIES); `all_studies()` is the whole plan, with no
name used twice. analyzer.run.studies runs it into results/<name>/<study>;
the report's sections read the names they look for from here. Imports
nothing of analyzer.run or analyzer.report.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from analyzer.bots import EXPERT_FAST_PARAMS, BotParams

DEFAULT_GAMES = 100_000
"""Games of a main study (Europe, each player count) in `make report`; the
other studies run their share of it (docs/report.md: how the time splits)."""


@dataclass(frozen=True)
class Study:
    """One run of the plan (see the module docstring); overrides is a
    read-only mapping, bots a tuple, bot_params a BotParams."""

    name: str
    board: str
    players: int
    bots: tuple[str, ...] = ("planner",)
    rules: str | None = None
    overrides: Mapping[str, Any] = field(default_factory=dict)
    games_share: float = 1.0
    bot_params: BotParams = BotParams()
    keep_bots: bool = False

    def __post_init__(self):
        object.__setattr__(self, "bots", tuple(self.bots))
        object.__setattr__(self, "overrides", MappingProxyType(dict(self.overrides)))
        object.__setattr__(self, "bot_params", BotParams.of(self.bot_params))


@dataclass(frozen=True)
class TuneStudy:
    """A `ttr tune` study of the plan: `params`, `objectives` and
    `constraints` as `ttr tune` takes them; the search's budget is
    budget_share × GAMES, its first rung min_games_share × GAMES, and the
    `confirm_top` best trials are played again on fresh games."""

    name: str
    board: str
    players: int
    bots: str
    params: tuple[str, ...]
    objectives: tuple[str, ...]
    constraints: tuple[str, ...]
    budget_share: float
    min_games_share: float
    factor: int
    rungs: int
    confirm_top: int


# --- the core studies: the Overview, Tickets, Bonuses, Blocking, Routes, Tunnels and Stations sections ---
CORE_BOARDS = ("usa", "europe")
BOARD_SHARE = {"europe": 1.0, "usa": 0.25}
"""Europe is what the project was made for; USA is the reference (a quarter:
its CIs stay narrow, and the time goes to the variants)."""
PLAYER_COUNTS = (2, 3, 4, 5)
BLOCKING_PLAYERS = (2, 3)
TUNNEL_REVEALS = (2, 4, 5, 6)  # with the default 3 (the europe-4p study itself)
TUNNEL_SHARE = 0.25  # each value: the study compares 3 against 4-6 revealed cards

CORE_STUDIES: tuple[Study, ...] = (
    *(Study(f"{board}-{p}p", board, p, games_share=BOARD_SHARE[board])
      for board in CORE_BOARDS for p in PLAYER_COUNTS),
    # the same 2- and 3-player games with both lanes of every double route open
    # (the closure off: paired with the default runs by their seed)
    *(Study(f"{board}-{p}p-doubles-open", board, p, overrides={"doubles_min_players": 2},
            games_share=BOARD_SHARE[board])
      for board in CORE_BOARDS for p in BLOCKING_PLAYERS),
    # Europe 4p with the tunnel house rule
    *(Study(f"europe-4p-reveal-{n}", "europe", 4, overrides={"tunnel_reveal": n}, games_share=TUNNEL_SHARE)
      for n in TUNNEL_REVEALS),
)

# --- Legendary Asia: a quarter of GAMES per player count -------------------------------------------------
LEGENDARY_ASIA_STUDIES: tuple[Study, ...] = tuple(
    Study(f"legendary-asia-{p}p", "legendary_asia", p, rules="legendary-asia", games_share=0.25)
    for p in (2, 3, 4, 5))

# --- Ghost Train and Team Asia (provisional boards): a quarter of GAMES per player count; their planner
# is kernels/bots/variants/ghost_planner.py and team_planner.py -------------------------------------------
GHOST_TRAIN_STUDIES: tuple[Study, ...] = tuple(
    Study(f"ghost-train-{n}p", "ghost_train", n, rules="ghost-train", games_share=0.25) for n in (2, 3, 4))
TEAM_ASIA_STUDIES: tuple[Study, ...] = tuple(
    Study(f"team-asia-{p}p", "team_asia", p, rules="team-asia", games_share=0.25) for p in (4, 6))

# --- the other maps, each under its own rules ------------------------------------------------------------
MAPS_STUDIES: tuple[Study, ...] = (
    Study("nordic-countries-3p", "nordic_countries", 3, rules="nordic-countries", games_share=0.02),
    Study("switzerland-3p", "switzerland", 3, rules="switzerland", games_share=0.02),
    # of the bots only the planner family goes for the Grand Tour (kernels/bots/planning/grand_tour.py)
    Study("india-4p", "india", 4, rules="india", games_share=0.02),
)

# --- strong play: the search player `expert`, at every seat and against planner in both seat orders ------
STRONG_BOARDS = ("europe", "usa")
STRONG_PLAYERS = (2, 4)
STRONG_SHARE = 0.001  # 100 games per study at make report's GAMES=100000
# expert's budget in the strong-play, balance and style studies: its fast preset (`--bot-param expert.budget=fast`)
EXPERT_STUDY_PARAMS = EXPERT_FAST_PARAMS
MIXED_ORDERS = {"expert-first": ("expert", "planner"), "planner-first": ("planner", "expert")}

STRONG_PLAY_STUDIES: tuple[Study, ...] = (
    *(Study(f"strong-{b}-{p}p", b, p, bots=("expert",), games_share=STRONG_SHARE, keep_bots=True,
            bot_params=EXPERT_STUDY_PARAMS)
      for b in STRONG_BOARDS for p in STRONG_PLAYERS),
    *(Study(f"strong-{b}-{p}p-{order}", b, p, bots=bots, games_share=STRONG_SHARE, keep_bots=True,
            bot_params=EXPERT_STUDY_PARAMS)
      for b in STRONG_BOARDS for p in STRONG_PLAYERS for order, bots in MIXED_ORDERS.items()),
)

# --- expert's budget against its strength and speed: expert against planner in both seat orders, Europe 2p --
BUDGET_BOARD, BUDGET_PLAYERS = "europe", 2
BUDGET_ROLLOUTS = (4, 8, 16, 40, 64)  # 40: expert's default (each with its default late boost)
BUDGET_SHARE = 0.002  # per seat order: 400 games a budget at make report's GAMES=100000
EXPERT_BUDGETS_PLAYED: Mapping[str, Mapping[str, float]] = MappingProxyType({
    **{f"{n}-rollouts": MappingProxyType({"EXPERT_ROLLOUTS": float(n)}) for n in BUDGET_ROLLOUTS},
    "fast": EXPERT_FAST_PARAMS})
"""Each budget of the curve by its label: a number of rollouts (the other weights at their defaults), then the
fast preset the other studies of `expert` play."""
EXPERT_BUDGET_STUDIES: tuple[Study, ...] = tuple(
    Study(f"expert-budget-{label}-{order}", BUDGET_BOARD, BUDGET_PLAYERS, bots=bots, games_share=BUDGET_SHARE,
          keep_bots=True, bot_params=params)
    for label, params in EXPERT_BUDGETS_PLAYED.items() for order, bots in MIXED_ORDERS.items())

# --- balance: the scorecard's tier ladder on every board (docs/balance.md, analyzer/run/balance.py) ----------
BALANCE_TIERS = ("random", "greedy", "planner", "expert")  # analyzer.stats.balance.TIERS, weakest first
BALANCE_PLAYERS = {"europe": 4, "usa": 4, "legendary_asia": 4, "india": 4, "ghost_train": 4, "team_asia": 4,
                   "nordic_countries": 3, "switzerland": 3}
"""Each board at one player count: 4 (one table of the four tiers, four rotations) where the board allows
it, else 3 (four tables of three tiers, three rotations each); Team Asia's 4 are two teams, one tier each
(six pairs of tiers, both team orders)."""
BALANCE_SHARE = 0.0005  # seed blocks per run: 50 at make report's GAMES=100000


BALANCE_TEAM_SIZE = {"team_asia": 2}  # seats per team (the board's rule set); the other boards: 1


def tier_seatings(tiers: tuple[str, ...], players: int, team_size: int = 1) -> list[tuple[str, ...]]:
    """The seat orders of a tier ladder, as analyzer.run.ladder.plan_runs gives them (rotations, or
    teams in team play): every table of tiers (one per seat, or one per team filling its team_size
    seats in a row; with fewer tiers than places, every multiset holding each tier), each in every
    cyclic rotation, an order repeated within a table kept once."""
    places = players // team_size
    if places <= len(tiers):
        tables = list(itertools.combinations(tiers, places))
    else:
        tables = [t for t in itertools.combinations_with_replacement(tiers, places) if len(set(t)) == len(tiers)]
    return [tuple(tier for tier in order for _ in range(team_size))
            for t in tables for order in dict.fromkeys(t[i:] + t[:i] for i in range(places))]


def balance_study_prefix(board: str, players: int) -> str:
    """'balance-europe-4p-': the names of one scorecard's runs, numbered in seating order after it."""
    return f"balance-{board.replace('_', '-')}-{players}p-"


BALANCE_STUDIES: tuple[Study, ...] = tuple(
    Study(f"{balance_study_prefix(b, p)}{i:02d}", b, p, bots=order, games_share=BALANCE_SHARE, keep_bots=True,
          bot_params=EXPERT_STUDY_PARAMS if "expert" in order else None)
    for b, p in BALANCE_PLAYERS.items()
    for i, order in enumerate(tier_seatings(BALANCE_TIERS, p, BALANCE_TEAM_SIZE.get(b, 1))))

# --- long routes against tickets: a paired-seat ladder of the playing styles (the styles section) ----------
STYLE_BOTS = ("long-route", "destination-hungry", "route-focus", "planner", "expert")
STYLE_BOARDS = ("usa", "europe", "legendary_asia")
STYLE_PLAYERS = (2, 4)
STYLE_SHARE = 0.0005  # seed blocks per run: 50 at make report's GAMES=100000 (20 runs a ladder)


def style_study_prefix(board: str, players: int) -> str:
    """'styles-europe-4p-': the names of one style ladder's runs, numbered in seating order after it."""
    return f"styles-{board.replace('_', '-')}-{players}p-"


STYLE_STUDIES: tuple[Study, ...] = tuple(
    Study(f"{style_study_prefix(b, p)}{i:02d}", b, p, bots=order, games_share=STYLE_SHARE, keep_bots=True,
          bot_params=EXPERT_STUDY_PARAMS if "expert" in order else None)
    for b in STYLE_BOARDS for p in STYLE_PLAYERS for i, order in enumerate(tier_seatings(STYLE_BOTS, p)))

# --- the house-rule sweep: every combination of SWEEP_GRID on the same seeds ----------------------------
SWEEP_BOARD = "europe"
SWEEP_PLAYERS = 4
SWEEP_GRID = {"tunnel_reveal": (2, 3, 4), "longest_path_bonus": (10, 15)}
SWEEP_SHARE = 0.3  # of the report's GAMES budget, split evenly over the 6 variants (5% each)


def sweep_study_name(combo: Mapping[str, Any]) -> str:
    """'sweep-europe-4p-tunnel-reveal-3-longest-path-bonus-10': each rule and its value, in kebab case."""
    return "sweep-europe-4p-" + "-".join(f"{k.replace('_', '-')}-{v}" for k, v in combo.items())


_SWEEP_COMBOS = [dict(zip(SWEEP_GRID, combo, strict=True)) for combo in itertools.product(*SWEEP_GRID.values())]
SWEEP_STUDIES: tuple[Study, ...] = tuple(
    Study(sweep_study_name(c), SWEEP_BOARD, SWEEP_PLAYERS, rules="europe", overrides=c,
          games_share=SWEEP_SHARE / len(_SWEEP_COMBOS))
    for c in _SWEEP_COMBOS)

# --- populations: the studies the Answers quote, played again by the mixed table and the strong table ------
POPULATIONS = ("self", "mixed", "strong")
"""The populations of players every Answer is given for: the report's bots in every seat (planner self-play by
default: the core studies themselves), the mixed table and the strong table (their twins below)."""
MIXED_TABLE = ("planner", "destination-hungry", "route-focus", "long-route")
"""One style per seat, cycled at 2-3 players as bench/strategy_search.py --mixed seats them."""
MIXED_TABLE_2P = {"planner-first": MIXED_TABLE[:2], "planner-second": MIXED_TABLE[1::-1]}
"""At 2 players the mixed table is planner against destination-hungry in both seat orders, pooled: each
style plays each seat on the same deals."""
STRONG_TABLE_PARAMS = EXPERT_STUDY_PARAMS
"""The bot params of the strong table's `expert`: its fast budget, as in the other studies of `expert`."""
STRONG_TABLE = ("expert",)  # at every seat
POPULATION_REVEAL = max(TUNNEL_REVEALS)  # the tunnel study's value the Answers compare with the default 3
POPULATION_BASES = ("europe-4p", f"europe-4p-reveal-{POPULATION_REVEAL}", "europe-2p", "europe-2p-doubles-open",
                    "europe-3p", "europe-3p-doubles-open")
"""The core studies the Answers quote (tickets, bonuses and tunnels at Europe 4p, the house rule's compared
reveal, the Europe 2-3 player closure pairs): each gets a twin per population."""
MIXED_SHARE = 0.1  # per twin (split between the two seat orders at 2 players): 10,000 games at GAMES=100000
STRONG_TABLE_SHARE = 0.02  # 2,000 games per twin at GAMES=100000, 12,000 in all: 10x the strong-play section's 1,200


def population_seatings(population: str, players: int) -> dict[str, tuple[str, ...]]:
    """A population's seatings at `players`: name suffix -> bots (two seat orders for the mixed table at 2)."""
    if population == "mixed":
        return {f"-{k}": v for k, v in MIXED_TABLE_2P.items()} if players == 2 else {"": MIXED_TABLE[:players]}
    return {"": STRONG_TABLE}


def _twins(population: str, share: float, bot_params: Mapping[str, Any] | None) -> tuple[Study, ...]:
    bases = [s for s in CORE_STUDIES if s.name in POPULATION_BASES]
    return tuple(Study(f"{population}-table-{b.name}{suffix}", b.board, b.players, bots=bots, rules=b.rules,
                       overrides=b.overrides, games_share=share / len(population_seatings(population, b.players)),
                       bot_params=bot_params, keep_bots=True)
                 for b in bases for suffix, bots in population_seatings(population, b.players).items())


POPULATION_STUDIES: tuple[Study, ...] = (*_twins("mixed", MIXED_SHARE, None),
                                         *_twins("strong", STRONG_TABLE_SHARE, STRONG_TABLE_PARAMS))


def population_twins(population: str, base: str) -> tuple[str, ...]:
    """The studies that play core study `base` for `population` (its seat orders, pooled); 'self': base itself."""
    if population == "self":
        return (base,)
    players = next(s.players for s in CORE_STUDIES if s.name == base)
    return tuple(f"{population}-table-{base}{suffix}" for suffix in population_seatings(population, players))


SECTION_STUDIES: Mapping[str, tuple[Study, ...]] = MappingProxyType({
    "legendary_asia": LEGENDARY_ASIA_STUDIES,
    "ghost_train": GHOST_TRAIN_STUDIES,
    "team_asia": TEAM_ASIA_STUDIES,
    "maps": MAPS_STUDIES,
    "strong_play": STRONG_PLAY_STUDIES,
    "expert_budget": EXPERT_BUDGET_STUDIES,
    "balance": BALANCE_STUDIES,
    "styles": STYLE_STUDIES,
    "sweep": SWEEP_STUDIES,
    "populations": POPULATION_STUDIES,
})
"""Each section's studies (by the name of its module in
analyzer/report/sections/), in the order of the page's sections."""

# --- the tuning study -------------------------------------------------------------------------------------
TUNE_STUDY = TuneStudy(
    name="tune-europe-4p", board="europe", players=4, bots="planner",
    params=("longest_path_bonus=0..20", "tunnel_reveal=2..4"), objectives=("seat_advantage",),
    constraints=("ticket_completion>=0.5",), budget_share=0.4, min_games_share=0.01, factor=4, rungs=2,
    confirm_top=2,
)
"""The report's tuning study: Europe, 4 planner players; the budget of the search
and its one-step-deviation audit (15% of it) is budget_share x GAMES (40,000
games at the default GAMES = 100,000), the first rung min_games_share x GAMES;
each confirmation plays a full trial's games."""


def plan(*groups: Iterable[Study]) -> list[Study]:
    """The studies of `groups` in order; a ValueError when two share a name
    (each study has its own folder, results/<name>/<study>)."""
    studies = [s for group in groups for s in group]
    names = [s.name for s in studies]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise ValueError(f"study names used twice: {', '.join(dup)}")
    return studies


def all_studies() -> list[Study]:
    """The default plan: the core studies, then every section's."""
    return plan(CORE_STUDIES, *SECTION_STUDIES.values())
