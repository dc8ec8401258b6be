"""What a tuning study optimises (analyzer.run.tune): objectives and
constraints over the balance measures of `ttr compare`
(analyzer.stats.compare.MEASURES), and the Pareto front of the trials.

    --objective seat_advantage          minimise (the default)
    --objective max:ticket_completion   maximise (min:M also accepted)
    --objective game_length=40          bring to a target: minimise |value - 40|
    --constraint ticket_completion>=0.7 (also <=, >, <)
    --objective max:win_rate:destination-hungry          a per-bot measure, MEASURE:BOT
    --constraint tickets_kept:destination-hungry>=4.4    (analyzer.stats.compare.BOT_MEASURES)
    --objective scorecard               minimise the balance scorecard's distance from
                                        a targets file (analyzer.run.tune_scorecard)

A measure's value and its CI come from compare_tables (the trial against
the baseline rules on the same games); this module only turns them into
objective values, constraint violations and the front.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from analyzer.bots import BOT_NAMES
from analyzer.stats.compare import BONUSES, BOT_MEASURES, MEASURES

BONUS_RULES = {"longest_bonus": "longest_path_bonus", "explorer_bonus": "explorer_bonus",
               "globetrotter_bonus": "globetrotter_bonus"}
"""The rule key that gives each bonus measure (compare only shows a bonus's measures when it is given)."""


SCORECARD = "scorecard"
"""The objective measured on tier ladders, not by `ttr compare`: the scorecard's distance from its targets."""
SCORECARD_DEFINITION = ("distance of the balance scorecard (skill matrix and first-seat win share of the tier "
                        "ladder) from the targets file: sqrt of the summed squared differences (docs/balance.md)")


class TuneError(ValueError):
    """A tuning study that cannot be run or read: bad parameter, objective or constraint, or folder."""


@dataclass(frozen=True)
class Objective:
    measure: str
    goal: str  # "min", "max" or "target"
    target: float | None = None

    @property
    def direction(self) -> str:
        """The Optuna direction of the objective value."""
        return "maximize" if self.goal == "max" else "minimize"

    @property
    def label(self) -> str:
        if self.goal == "target":
            return f"{self.measure}={self.target:g}"
        return f"{self.goal}:{self.measure}"

    @property
    def column(self) -> str:
        """The trials table's column holding the objective value."""
        return f"objective_{self.measure}"

    def value(self, estimate: float) -> float:
        """The objective value of a measure's estimate (|estimate - target| for a target)."""
        if self.goal == "target":
            return abs(float(estimate) - float(self.target))
        return float(estimate)

    def better(self, a: float, b: float) -> bool:
        """a is a better objective value than b."""
        return a > b if self.goal == "max" else a < b


@dataclass(frozen=True)
class Constraint:
    measure: str
    op: str  # ">=", "<=", ">", "<"
    bound: float

    @property
    def label(self) -> str:
        return f"{self.measure}{self.op}{self.bound:g}"

    def violation(self, estimate: float) -> float:
        """<= 0 when the estimate satisfies the constraint (Optuna's convention), else by how much it misses."""
        if self.op in (">=", ">"):
            v = self.bound - float(estimate)
            return v if self.op == ">=" else (v if v != 0 else 1e-12)
        v = float(estimate) - self.bound
        return v if self.op == "<=" else (v if v != 0 else 1e-12)

    def surely_violated(self, ci_low: float, ci_high: float) -> bool:
        """The whole CI of the measure lies on the wrong side of the bound: the
        trial cannot satisfy the constraint at this confidence (prune it)."""
        return self.violation(ci_low) > 0 and self.violation(ci_high) > 0


_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_MEASURE = r"[a-z_]+(?::[a-z0-9-]+)?"  # MEASURE or MEASURE:BOT
_OBJECTIVE = re.compile(rf"^(?:(min|max):)?({_MEASURE})(?:\s*=\s*({_NUMBER}))?$")
_CONSTRAINT = re.compile(rf"^({_MEASURE})\s*(>=|<=|>|<)\s*({_NUMBER})$")


def check_measure(measure: str, where: str) -> str:
    name, _, bot = measure.partition(":")
    if name in BOT_MEASURES:
        if not bot:
            raise TuneError(f"{where}: {name} is measured per bot; write {name}:BOT, e.g. {name}:planner")
        if bot not in BOT_NAMES:
            raise TuneError(f"{where}: unknown bot '{bot}'; bots: {', '.join(BOT_NAMES)}")
        return measure
    if measure not in MEASURES:
        raise TuneError(f"{where}: unknown measure '{measure}'; measures: {', '.join(MEASURES)}, and per bot "
                        f"{', '.join(f'{m}:BOT' for m in BOT_MEASURES)}")
    return measure


def parse_objective(text: str) -> Objective:
    """'seat_advantage', 'max:ticket_completion', 'min:stalled_games' or 'game_length=40'."""
    where = f"--objective '{text}'"
    m = _OBJECTIVE.match(str(text).strip())
    if not m:
        raise TuneError(f"{where}: expected MEASURE, min:MEASURE, max:MEASURE or MEASURE=TARGET")
    goal, measure, target = m.groups()
    if measure == SCORECARD:
        if goal == "max" or target is not None:
            raise TuneError(f"{where}: the scorecard's distance from its targets is minimised; write "
                            f"--objective scorecard")
        return Objective(SCORECARD, "min")
    check_measure(measure, where)
    if target is not None:
        if goal:
            raise TuneError(f"{where}: a target (=value) is neither min: nor max:")
        return Objective(measure, "target", float(target))
    return Objective(measure, goal or "min")


def parse_constraint(text: str) -> Constraint:
    """'ticket_completion>=0.7' (also <=, >, <)."""
    where = f"--constraint '{text}'"
    m = _CONSTRAINT.match(str(text).strip())
    if not m:
        raise TuneError(f"{where}: expected MEASURE>=VALUE (or <=, >, <), e.g. ticket_completion>=0.7")
    measure, op, bound = m.groups()
    return Constraint(check_measure(measure, where), op, float(bound))


def check_measures_exist(measures: list[tuple[str, str]], bots: list[str], bonus_given: dict[str, bool]) -> None:
    """Every measure an objective or constraint names must exist for these
    runs: a per-bot measure needs its bot at the table; strategy_dominance
    needs two different bots; a bonus's measures need the bonus given (by the
    base rules or by a tuned parameter).
    `measures`: (measure, where) pairs; `bonus_given`: bonus column -> given."""
    for measure, where in measures:
        bot = measure.partition(":")[2]
        if bot and bot not in bots:
            raise TuneError(f"{where}: no seat plays {bot} (bots: {','.join(bots)})")
        if measure == "strategy_dominance" and len(set(bots)) < 2:
            raise TuneError(f"{where}: strategy_dominance needs different bots at the table (--bots a,b,...), "
                            f"not {','.join(bots)}")
        for col in BONUSES:
            if measure.startswith(col + "_") and not bonus_given.get(col, False):
                raise TuneError(f"{where}: the rules give no {BONUSES[col]} bonus ({BONUS_RULES[col]} is 0 "
                                f"and not tuned), so there is no measure {measure}")


def pareto_mask(values: np.ndarray, maximise: list[bool]) -> np.ndarray:
    """Rows of `values` (trials x objectives) that no other row dominates
    (at least as good in every objective, better in one). NaN rows are never
    on the front."""
    v = np.asarray(values, np.float64).copy()
    if v.ndim == 1:
        v = v[:, None]
    for j, mx in enumerate(maximise):
        if mx:
            v[:, j] = -v[:, j]  # everything minimised from here
    ok = np.isfinite(v).all(1)
    front = ok.copy()
    for i in np.flatnonzero(ok):
        others = v[ok]
        dominated = ((others <= v[i]).all(1) & (others < v[i]).any(1)).any()
        front[i] = not dominated
    return front
