"""The search space of a tuning study (analyzer.run.tune).

Parameters (`--param`): any key of `ttr rules`,
    trains=30..45                  an integer range (both ends included)
    swap_penalty=0.5..2.0          a real range (an end written with a point)
    tunnel_reveal=2,3,5            a list of choices
    route_scores=0,1,2,4,7,10,15,18,21;0,1,2,4,7,10,15,18,27   (route_scores: ';' between choices)
or any bot weight of `--bot-param` (analyzer.bots.BOT_PARAM_LIMITS: its ends
within the weight's bounds, whole numbers where the weight is one),
    HUNGRY_EV_TURN_VALUE=0.5..2.5  HUNGRY_OTHERS=8..20
for every seat whose bot reads it. A study may mix both.

What a study searches (Goals): those parameters, its objectives and its
constraints; what one trial plays (Setting): its rules and its bots'
weights. The games it plays: analyzer.run.tune_games.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from analyzer.bots import BOT_PARAM_LIMITS, BotParams, bot_param_name, check_bot_param
from analyzer.rules import RuleError, RuleSet
from analyzer.run.sweep import _value_text
from analyzer.stats.compare import BONUSES
from analyzer.stats.tune import Constraint, Objective, TuneError
from kernels.bots.shared.params import BOT_PARAM_NAMES

_INT = re.compile(r"^[-+]?\d+$")
_REAL = re.compile(r"^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$")


@dataclass(frozen=True)
class Param:
    key: str
    kind: str  # "int", "real" or "choice"
    low: float | None = None
    high: float | None = None
    choices: tuple = ()  # the choices as text (Optuna's categorical values)
    values: tuple = ()  # the choices as the rules (or the bots' weights) hold them
    weight: bool = False  # a bot weight (a BOT_PARAM_NAMES name), not a rule key

    @property
    def text(self) -> str:
        if self.kind == "choice":
            sep = ";" if self.key == "route_scores" else ","
            return f"{self.key}={sep.join(self.choices)}"
        return f"{self.key}={self.low:g}..{self.high:g}"

    def distribution(self):
        import optuna.distributions as d

        if self.kind == "int":
            return d.IntDistribution(int(self.low), int(self.high))
        if self.kind == "real":
            return d.FloatDistribution(float(self.low), float(self.high))
        return d.CategoricalDistribution(list(self.choices))

    def rule_value(self, sampled):
        """The value the rules take for a sampled value (a choice's text -> its value)."""
        if self.kind == "choice":
            return self.values[self.choices.index(sampled)]
        return int(sampled) if self.kind == "int" else float(sampled)


def weight_name(key: str) -> str | None:
    """The BOT_PARAM_NAMES name `key` spells ('.' or '-' for '_', any case), or None (a rule key)."""
    name = bot_param_name(key)
    return name if name in BOT_PARAM_NAMES else None


def parse_param(text, base: RuleSet) -> Param:
    """One `--param` (see the module docstring), checked against the base rules
    or the bot weight's bounds: the key exists and every end or choice is a
    valid value of it."""
    where = f"--param '{text}'"
    if not isinstance(text, str) or "=" not in text:
        raise TuneError(f"{where}: expected KEY=LOW..HIGH or KEY=A,B,C")
    key, spec = (s.strip() for s in text.split("=", 1))
    if not key or not spec:
        raise TuneError(f"{where}: empty key or value")
    weight = weight_name(key)
    key = weight or key

    def check(value):
        if weight:
            try:
                return check_bot_param(weight, value)
            except ValueError as e:
                raise TuneError(f"{where}: {str(e).removeprefix('--bot-param ')}") from None
        try:
            rules = base.with_overrides({key: value})
        except RuleError as e:
            nor = "; nor is it a bot weight (a --bot-param NAME)" if str(e).startswith("unknown rule") else ""
            raise TuneError(f"{where}: {e}{nor}") from None
        return getattr(rules, key)

    if ".." in spec:
        return _parse_range(where, key, spec, check, weight)
    sep = ";" if key == "route_scores" else ","
    items = [s.strip() for s in spec.split(sep)]
    if any(not s for s in items):
        raise TuneError(f"{where}: an empty choice")
    values = [check(s) for s in items]
    texts = [f"{v:g}" if weight else _value_text(v) for v in values]
    if len(set(texts)) < 2:
        raise TuneError(f"{where}: give a range LOW..HIGH or at least two different choices")
    if len(set(texts)) < len(texts):
        raise TuneError(f"{where}: a choice is given twice")
    return Param(key, "choice", choices=tuple(texts), values=tuple(values), weight=bool(weight))


def _parse_range(where: str, key: str, spec: str, check, weight: str | None) -> Param:
    lo, hi = (s.strip() for s in spec.split("..", 1))
    if not (_REAL.match(lo) and _REAL.match(hi)):
        raise TuneError(f"{where}: the range ends must be numbers, not '{lo}' and '{hi}'")
    kind = "int" if _INT.match(lo) and _INT.match(hi) else "real"
    low, high = (int(lo), int(hi)) if kind == "int" else (float(lo), float(hi))
    if not low < high:
        raise TuneError(f"{where}: empty range (the low end must be below the high end)")
    low_value = check(low)
    check(high)
    whole = BOT_PARAM_LIMITS[weight][2] if weight else isinstance(low_value, int)
    if kind == "real" and whole:
        raise TuneError(f"{where}: {key} is a whole number; give integer ends ({int(low)}..{int(high)})")
    return Param(key, kind, low, high, weight=bool(weight))


def parse_params(items, base: RuleSet) -> list[Param]:
    """`items`: a list of --param texts, or a dict {key: (low, high) | [choices]}."""
    if isinstance(items, dict):
        texts = []
        for k, v in items.items():
            if isinstance(v, tuple) and len(v) == 2:
                texts.append(f"{k}={v[0]}..{v[1]}")
            elif isinstance(v, (list, tuple)):
                sep = ";" if k == "route_scores" else ","
                texts.append(f"{k}={sep.join(_value_text(x) for x in v)}")
            else:
                raise TuneError(f"param '{k}': give (low, high) or a list of choices, not {v!r}")
        items = texts
    params = [parse_param(t, base) for t in items or []]
    if not params:
        raise TuneError("--param: give at least one parameter to tune (KEY=LOW..HIGH or KEY=A,B,C)")
    keys = [p.key for p in params]
    dup = sorted({k for k in keys if keys.count(k) > 1})
    if dup:
        raise TuneError(f"--param '{dup[0]}': given twice")
    return params


def bonus_given(base: RuleSet, params: list[Param]) -> dict[str, bool]:
    """Bonus column -> whether some trial can give it (the base rules do, or it is tuned)."""
    from analyzer.stats.tune import BONUS_RULES

    tuned = {p.key for p in params}
    return {col: bool(getattr(base, BONUS_RULES[col], 0)) or BONUS_RULES[col] in tuned for col in BONUSES}


def check_weights_read(weights: list[Param], bots: list[str]) -> None:
    """Refuse a tuned bot weight that no seat's bot reads (every trial would play the same games)."""
    for p in weights:
        readers = BOT_PARAM_LIMITS[p.key][3]
        if not set(readers) & set(bots):
            raise TuneError(f"--param '{p.text}': {p.key} is read by {', '.join(readers)} only, and no seat "
                            f"plays it (bots: {', '.join(dict.fromkeys(bots))})")


@dataclass(frozen=True)
class Goals:
    """What a tuning study searches: its parameters, its objectives and its constraints."""

    params: tuple[Param, ...]
    objectives: tuple[Objective, ...]
    constraints: tuple[Constraint, ...]

    @property
    def measures(self) -> list[str]:
        """The measures the objectives and constraints read, each once."""
        return list(dict.fromkeys([o.measure for o in self.objectives] + [c.measure for c in self.constraints]))

    @property
    def bot_measures(self) -> tuple[str, ...]:
        """The per-bot measures (MEASURE:BOT, analyzer.stats.compare.BOT_MEASURES) the goals read."""
        return tuple(m for m in self.measures if ":" in m)


@dataclass(frozen=True)
class Setting:
    """What one trial (or the baseline) plays: its rules and its bots' weights (empty: every default)."""

    rules: RuleSet
    weights: BotParams = BotParams()

    def with_overrides(self, values: dict) -> Setting:
        """This setting with `values` (rule key or weight NAME -> value) set."""
        weights = {k: v for k, v in values.items() if k in BOT_PARAM_NAMES}
        rules = self.rules.with_overrides({k: v for k, v in values.items() if k not in weights})
        return Setting(rules, BotParams.of({**self.weights.as_dict(), **weights}) if weights else self.weights)
