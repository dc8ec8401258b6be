"""Bot names for the CLI and the Python API. Adding a bot: one @njit function
in kernels/bots/, a branch in kernels/bots/dispatch.py choose_action, a line here."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

import numpy as np

from kernels.bots.shared import params as P

BOTS: dict[str, tuple[int, str]] = {
    "random": (P.BOT_RANDOM, "uniform over the kinds of legal action, then over that kind's actions"),
    "greedy": (P.BOT_GREEDY, "claims the best affordable route of its ticket plan, else draws the colours it needs"),
    "planner": (P.BOT_PLANNER, "plans the cheapest network joining its tickets, claims contested and long routes "
                "first, replans when blocked, picks tickets that fit its network; draws mid-game tickets by expected "
                "value"),
    "route-focus": (P.BOT_ROUTE_FOCUS, "one fixed path per ticket, built route by route after a hoard of cards; "
                    "replans only when blocked"),
    "destination-hungry": (P.BOT_DESTINATION_HUNGRY, "planner that keeps and draws as many tickets as fit"),
    "long-route": (P.BOT_LONG_ROUTE, "collects cards for the longest routes (5+, then 4+) and claims them; plans "
                   "its most valuable ticket, then draws more while 30+ trains remain"),
    "one-step": (P.BOT_ONE_STEP, "no plan: plays the action worth most now (points plus ticket progress)"),
    "blocker": (P.BOT_BLOCKER, "planner that also claims cheap routes cutting an opponent's likely path"),
    "planner-v1": (P.BOT_PLANNER_V1, "planner without the mid-game ticket estimate (draws tickets only with its "
                   "tickets done), kept for comparison"),
    "expert": (P.BOT_EXPERT, "search: scores the planner's choice and a few alternatives by playing determinized "
               "games out with planner (flat Monte Carlo, successive halving); slow"),
}
BOT_NAMES = tuple(sorted(BOTS, key=lambda n: BOTS[n][0]))


def parse_bots(bots: str | list[str] | None, players: int) -> list[str]:
    """'greedy' (everyone), 'greedy,random' (one per seat), or a list."""
    if bots is None:
        bots = ["greedy"]
    if isinstance(bots, str):
        bots = [b.strip() for b in bots.split(",") if b.strip()]
    bots = [b.lower() for b in bots]
    for b in bots:
        if b not in BOTS:
            raise ValueError(f"unknown bot '{b}'; bots: {', '.join(BOT_NAMES)}")
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise ValueError(f"{len(bots)} bots given for {players} players: give one, or one per seat")
    return bots


# Bot parameters: which bots read each (a planner-family parameter is read by expert's rollouts too) and the
# values that mean something: (low, high, whole number, bots). Outside them (a negative budget, NaN, 1e99) a
# run would play with a weight that means nothing, so `--bot-param` refuses them.
PLANNERS = ("planner", "destination-hungry", "blocker", "planner-v1", "expert")
TICKET_DRAWERS = (*PLANNERS, "one-step")
HUNGRY = ("destination-hungry",)
POINTS, TRAINS, SHARE, MARGIN = (0.0, 1e6), (0.0, 1000.0), (0.0, 10.0), (-1e6, 1e6)
_LIMITS = {
    PLANNERS: {"KEEP_PRICE": POINTS, "SETUP_BUDGET": SHARE, "DRAW_BUDGET": SHARE, "OVER_PRICE": POINTS,
               "CONTESTED_BONUS": POINTS, "ENDGAME_TRAINS": TRAINS, "EV_TURN_VALUE": POINTS,
               "EV_TRAIN_PRICE": POINTS, "EV_CLOCK": (0.01, 100.0), "EV_TURNS_PER_TRAIN": TRAINS,
               "EV_SPREAD": (0.01, 1e6), "EV_CONTEST": (0.0, 1.0), "EV_MIN_SPARE": TRAINS, "EV_REFRESH": POINTS,
               "EV_KEEP_MARGIN": MARGIN, "EV_CARD_TURNS": TRAINS, "EV_OFFSET": (-1000.0, 1000.0),
               "EV_MAX_PLANNED": TRAINS, "EV_TURN_VALUE_2P": POINTS, "HOARD_HAND": TRAINS,
               "HOARD_SLACK": (-1000.0, 1000.0), "HOARD_SHARE": SHARE},
    TICKET_DRAWERS: {"TICKET_TRAINS": TRAINS, "TICKET_OTHERS": TRAINS},
    HUNGRY: {"HUNGRY_KEEP_PRICE": POINTS, "HUNGRY_BUDGET": SHARE, "HUNGRY_OVER_PRICE": POINTS,
             "HUNGRY_SPARE_TRAINS": TRAINS, "HUNGRY_OTHERS": TRAINS, "HUNGRY_EV_TURN_VALUE": POINTS,
             "HUNGRY_EV_TRAIN_PRICE": POINTS, "HUNGRY_EV_KEEP_MARGIN": MARGIN, "HUNGRY_EV_MAX_PLANNED": TRAINS},
    ("route-focus",): {"ROUTE_FOCUS_KEEP_PRICE": POINTS, "ROUTE_FOCUS_BUDGET": SHARE, "ROUTE_FOCUS_OVER_PRICE": POINTS,
                       "ROUTE_FOCUS_TICKET_TRAINS": TRAINS, "ROUTE_FOCUS_TICKET_OTHERS": TRAINS,
                       "ROUTE_FOCUS_HOARD_HAND": TRAINS, "ROUTE_FOCUS_HOARD_SLACK": (-1000.0, 1000.0),
                       "ROUTE_FOCUS_ANY_ORDER": (0.0, 1.0)},
    ("long-route",): {"LONG_KEEP_PRICE": POINTS, "LONG_BUDGET": SHARE, "LONG_OVER_PRICE": POINTS,
                      "LONG_MIN_LENGTH": (1.0, 1000.0), "LONG_FALLBACK_LENGTH": (1.0, 1000.0),
                      "LONG_PLANNED": (1.0, 1000.0), "LONG_HOARD_HAND": TRAINS,
                      "LONG_HOARD_SLACK": (-1000.0, 1000.0), "LONG_TICKET_TRAINS": TRAINS,
                      "LONG_TICKET_OTHERS": TRAINS},
    ("one-step",): {"ONE_STEP_DRAW": POINTS, "ONE_STEP_CARD_PRICE": POINTS, "ONE_STEP_PROGRESS": POINTS},
    ("expert",): {"EXPERT_CANDIDATES": (1.0, float(P.MAX_CANDIDATES)), "EXPERT_KEEP_FACTOR": (0.0, 100.0),
                  "EXPERT_WIN_POINTS": POINTS, "EXPERT_SWITCH_Z": (-100.0, 100.0), "EXPERT_ROLLOUT_EV": (0.0, 1.0),
                  "EXPERT_STOP_Z": (-100.0, 100.0), "EXPERT_ROLLOUTS": (0.0, 100_000.0),
                  "EXPERT_LATE_BOOST": (1.0, 1000.0), "EXPERT_WIDE_TRAINS": TRAINS,
                  "EXPERT_WIDE_ROLLOUTS": (0.0, 100_000.0), "EXPERT_TICKET_LEAN": (0.0, 1000.0),
                  # the ticket odds' exponent stays within +-315 (BUILT_CAP 20 trains): finite odds, finite sums
                  "EXPERT_TICKET_BUILT": (-10.0, 10.0), "EXPERT_TICKET_LEFT": (-100.0, 100.0),
                  "EXPERT_OWN_PLAN": (0.0, 1.0), "EXPERT_HORIZON": (0.0, 1000.0),
                  "EXPERT_HORIZON_SPREAD": (0.01, 1000.0),
                  **{f"EXPERT_HORIZON_{k}": (-1000.0, 1000.0) for k in (
                      "CHANCE_BIAS", "CHANCE_TURNS", "CHANCE_NETWORK", "CHANCE_PATH", "CHANCE_TRAINS",
                      "CHANCE_CARDS", "ROUTE_BASE", "ROUTE_PER_TRAIN")}},
}
WHOLE_PARAMS = frozenset({"EXPERT_ROLLOUTS", "EXPERT_WIDE_ROLLOUTS", "EXPERT_OWN_PLAN", "EXPERT_HORIZON",
                          "EXPERT_CANDIDATES", "EXPERT_ROLLOUT_EV", "LONG_MIN_LENGTH",
                          "LONG_FALLBACK_LENGTH", "LONG_PLANNED", "ROUTE_FOCUS_ANY_ORDER"})
BOT_PARAM_LIMITS: dict[str, tuple[float, float, bool, tuple[str, ...]]] = {
    name: (lo, hi, name in WHOLE_PARAMS, bots) for bots, table in _LIMITS.items() for name, (lo, hi) in table.items()}
"""NAME -> (lowest, highest, whole number, the bots that read it), for every name of P.BOT_PARAM_NAMES."""


def bot_param_name(key) -> str:
    """How a bot weight is spelled in BOT_PARAM_NAMES: `expert.rollouts`, `expert-rollouts` and
    `EXPERT_ROLLOUTS` are one name."""
    return str(key).strip().upper().replace(".", "_").replace("-", "_")


def check_bot_param(name: str, value) -> float:
    """`value` as the float the kernels read, or ValueError saying what NAME accepts."""
    lo, hi, whole, _ = BOT_PARAM_LIMITS[name]
    accepts = f"a {'whole ' if whole else ''}number in {lo:g}..{hi:g}"
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"--bot-param {name} must be {accepts}, not {value!r}") from None
    if isinstance(value, bool) or not lo <= x <= hi or (whole and x != int(x)):  # NaN fails lo <= x
        raise ValueError(f"--bot-param {name} must be {accepts}, not {value!r}")
    return x


# expert's named budgets: `--bot-param expert.budget=fast` (or {"EXPERT_BUDGET": "fast"}) sets these values, and
# a NAME=VALUE given with it wins over the preset's. `fast` is for studies of many games (the report's strong-play,
# balance and style studies, analyzer/studies.py); its strength and speed against `default` are in docs/bots.md.
# fast: no search at a turn before a seat is down to half its trains (4 rollouts x the late factor: 8 from then on,
# 64 at the last sixteenth, over up to 8 candidates where the budget affords them, up to 16 and at least 40 rollouts
# once a seat is down to EXPERT_WIDE_TRAINS), 16 rollouts x the late factor at a ticket keep; determinizations lean
# to the other seats' networks (the default ticket odds), rollouts keep the seat's own plan
EXPERT_FAST_PARAMS: Mapping[str, float] = MappingProxyType(
    {"EXPERT_ROLLOUTS": 4.0, "EXPERT_LATE_BOOST": 16.0, "EXPERT_CANDIDATES": 8.0, "EXPERT_WIDE_ROLLOUTS": 40.0,
     "EXPERT_OWN_PLAN": 1.0})
EXPERT_BUDGETS: Mapping[str, Mapping[str, float]] = MappingProxyType(
    {"default": MappingProxyType({}), "fast": EXPERT_FAST_PARAMS})
BUDGET_KEY = "EXPERT_BUDGET"


def expert_budget_label(params: Mapping[str, float] | None) -> str:
    """How a run's `expert` searches, from its manifest's bot_params: 'fast budget' or 'default budget'
    when they are a named budget's values exactly, else the rollouts and what else was set ('32 rollouts',
    '4 rollouts, EXPERT_LATE_BOOST=8')."""
    mine = {k: float(v) for k, v in (params or {}).items() if k.startswith("EXPERT_")}
    for name, values in EXPERT_BUDGETS.items():
        if mine == dict(values):
            return f"{name} budget"
    rollouts = mine.pop("EXPERT_ROLLOUTS", P.BOT_PARAM_DEFAULTS[P.BOT_PARAM_NAMES.index("EXPERT_ROLLOUTS")])
    return ", ".join([f"{rollouts:g} rollouts", *(f"{k}={v:g}" for k, v in sorted(mine.items()))])


HORIZON_FIT = Path(__file__).with_name("expert_horizon.json")


@lru_cache(maxsize=1)
def _horizon_fit() -> dict:
    """The fit's file (bench/fit_horizon.py --out): its command, fitted_on, coefficients and fit quality."""
    return json.loads(HORIZON_FIT.read_text())


@lru_cache(maxsize=1)
def horizon_coefficients() -> Mapping[str, float]:
    """The fitted EXPERT_HORIZON_* coefficients of expert's truncated rollouts (bench/fit_horizon.py --out):
    a run that sets EXPERT_HORIZON above 0 gets them, under any EXPERT_HORIZON_*=VALUE it gives."""
    fitted = _horizon_fit()["coefficients"]
    return MappingProxyType({name: check_bot_param(name, value) for name, value in fitted.items()})


class HorizonFitWarning(UserWarning):
    """A run sets EXPERT_HORIZON where its fitted estimate does not come from (horizon_fit_warning)."""


def horizon_fit_warning(params: BotParams, board: str, players: int) -> str | None:
    """What to tell a run that sets EXPERT_HORIZON on a board or player count other than the one its
    coefficients were fitted on (the estimate is then an extrapolation); None when they match or the
    horizon is off."""
    if params.as_dict().get("EXPERT_HORIZON", 0.0) <= 0.0:
        return None
    record = _horizon_fit()
    scope = record["fitted_on"]
    if (scope["board"], scope["players"]) == (board, players):
        return None
    return (f"EXPERT_HORIZON: the truncated rollouts' estimate was fitted on {scope['players']}-player "
            f"{scope['board']} games ({record['command']}); on {players}-player {board} it is an extrapolation. "
            f"Fit one for it with --board {board} --players {players} and pass its EXPERT_HORIZON_* values")


def _preset(value) -> Mapping[str, float]:
    name = str(value).strip().lower()
    if name not in EXPERT_BUDGETS:
        raise ValueError(f"--bot-param {BUDGET_KEY} must be one of {', '.join(EXPERT_BUDGETS)}, not {value!r}")
    return EXPERT_BUDGETS[name]


@dataclass(frozen=True)
class BotParams:
    """The bots' weights and budgets a run sets (Scratch.bot_params; the others
    keep their defaults, kernels/bots/shared/params.py): one type from the
    command line to the kernels. `BotParams.of` reads NAME=VALUE strings
    (`--bot-param expert.rollouts=64`), a dict {NAME: value} (the Python API,
    a manifest) or a BotParams; NAME is one of BOT_PARAM_NAMES in any case,
    with '.' or '-' for '_' (expert.rollouts is EXPERT_ROLLOUTS), or
    EXPERT_BUDGET naming one of EXPERT_BUDGETS (its values, under any NAME=VALUE
    given with it). `as_dict` is
    what a manifest records, `to_array` the kernels' vector. Empty: every
    default."""

    values: tuple[tuple[str, float], ...] = ()  # (NAME, value), sorted by NAME

    @classmethod
    def of(cls, items=None) -> BotParams:
        if isinstance(items, BotParams):
            return items
        if not items:
            return cls()
        pairs = list(items.items()) if isinstance(items, Mapping) else []
        if not isinstance(items, Mapping):
            for item in items:
                key, sep, value = str(item).partition("=")
                if not sep:
                    raise ValueError(f"bot parameter '{item}' is not NAME=VALUE")
                pairs.append((key, value))
        out, preset = {}, {}
        for key, value in pairs:
            name = bot_param_name(key)
            if name == BUDGET_KEY:
                preset = _preset(value)
                continue
            if name not in P.BOT_PARAM_NAMES:
                raise ValueError(f"unknown bot parameter '{key}'; parameters: {', '.join(P.BOT_PARAM_NAMES)}, "
                                 f"{BUDGET_KEY}")
            out[name] = check_bot_param(name, value)
        if out.get("EXPERT_HORIZON", preset.get("EXPERT_HORIZON", 0.0)) > 0.0:
            preset = {**horizon_coefficients(), **preset}
        return cls(tuple(sorted({**preset, **out}.items())))

    def check_bots(self, names) -> None:
        """Refuse a parameter no bot of the run reads (a key of another bot: the run would not use it)."""
        for name, _ in self.values:
            readers = BOT_PARAM_LIMITS[name][3]
            if not set(readers) & set(names):
                raise ValueError(f"--bot-param {name}: read by {', '.join(readers)} only, and no seat plays it "
                                 f"(bots: {', '.join(dict.fromkeys(names))})")

    def __bool__(self) -> bool:
        return bool(self.values)

    def as_dict(self) -> dict[str, float]:
        return dict(self.values)

    def to_array(self) -> np.ndarray:
        """The kernels' bot_params vector: the defaults, with these values."""
        out = np.array(P.BOT_PARAM_DEFAULTS, np.float64)
        for name, value in self.values:
            out[P.BOT_PARAM_NAMES.index(name)] = value
        return out


def bot_ids(names: list[str]) -> np.ndarray:
    return np.array([BOTS[n][0] for n in names], np.int8)


# greedy plays Team Asia's team moves (kernels/bots/heuristic/greedy.py) and Ghost Train has its own
# (kernels/bots/variants/ghost_greedy.py); the rest of the heuristic suite was written for the points game
# of one player per seat. Refused rather than quietly played as greedy, so a
# table labelled `planner` is planner play. When a bot learns a variant, add
# it to the variant's line: `make report` then plays it there too.
VARIANT_BOTS: dict[str, tuple[str, ...]] = {
    # Team Asia (team_size > 1): kernels/bots/variants/team_planner.py; expert searches over it
    # (kernels/bots/search/expert.py)
    "team": ("random", "greedy", "planner", "expert"),
    # Ghost Train (win_tickets > 0): kernels/bots/variants/ghost_planner.py, and expert over it
    "ghost": ("random", "greedy", "planner", "expert"),
}
VARIANT_NAMES = {"team": "Team Asia (team play)", "ghost": "Ghost Train (ticket-count victory)"}


def variant_family(rules) -> str | None:
    """The rule family whose bots are listed in VARIANT_BOTS (None: the points game every bot plays)."""
    if rules.team_size > 1:
        return "team"
    if rules.win_tickets > 0:
        return "ghost"
    return None


def unsupported_bots(names: list[str], rules) -> list[str]:
    """The bots in `names` that do not play this rule set's variant."""
    family = variant_family(rules)
    return [] if family is None else sorted({n for n in names if n not in VARIANT_BOTS[family]})


def check_bots_play(names: list[str], rules) -> None:
    bad = unsupported_bots(names, rules)
    if bad:
        family = variant_family(rules)
        raise ValueError(f"bot(s) {', '.join(bad)} do not play {VARIANT_NAMES[family]} (rule set '{rules.name}'); "
                         f"bots for it: {', '.join(VARIANT_BOTS[family])}")


# Board data a bot must understand to play a board (analyzer.boards.Board.data_features). Paying is the
# core's answer for every bot (kernels/core/payment.py: sets of any cards, where locomotives may pay), so
# `wild_set` needs nothing of a bot; a ticket with options (`country_tickets`) needs a bot that plans
# towards one of its destinations (kernels/bots/shared/destinations.py), which the points-game bots do and the
# Team Asia and Ghost Train greedy bots do not (they plan one fixed pair of cities per ticket).
ALL_BOARD_DATA = frozenset({"wild_set", "country_tickets"})
VARIANT_BOARD_DATA = {"random": ALL_BOARD_DATA, "greedy": frozenset({"wild_set"}), "planner": frozenset({"wild_set"}),
                      "expert": frozenset({"wild_set"})}


def unhandled_board_data(names: list[str], rules, board) -> dict[str, list[str]]:
    """bot -> the special data of `board` it does not handle under `rules` (empty when all play)."""
    needs = set(board.data_features())
    variant = rules.team_size > 1 or rules.win_tickets > 0
    out = {}
    for n in dict.fromkeys(names):
        handled = VARIANT_BOARD_DATA.get(n, frozenset()) if variant else ALL_BOARD_DATA
        if needs - handled:
            out[n] = sorted(needs - handled)
    return out


def check_bots_handle_board(names: list[str], rules, board) -> None:
    bad = unhandled_board_data(names, rules, board)
    if bad:
        what = "; ".join(f"{n} does not handle {', '.join(v)}" for n, v in bad.items())
        raise ValueError(f"bot(s) cannot play board '{board.name}' under rule set '{rules.name}': {what} "
                         f"({', '.join(f'{k}: {v}' for k, v in board.data_features().items())})")
