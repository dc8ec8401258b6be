"""The search space of a tuning study (analyzer.run.tune).

Parameters (`--param`): any key of `ttr rules`,
    trains=30..45                  an integer range (both ends included)
    swap_penalty=0.5..2.0          a real range (an end written with a point)
    tunnel_reveal=2,3,5            a list of choices
    route_scores=0,1,2,4,7,10,15,18,21;0,1,2,4,7,10,15,18,27   (route_scores: ';' between choices)

What a study searches (Goals): those parameters, its objectives and its
constraints. The games it plays: analyzer.run.tune_games.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from analyzer.rules import RuleError, RuleSet
from analyzer.run.sweep import _value_text
from analyzer.stats.compare import BONUSES
from analyzer.stats.tune import Constraint, Objective, TuneError

_INT = re.compile(r"^[-+]?\d+$")
_REAL = re.compile(r"^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$")


@dataclass(frozen=True)
class Param:
    key: str
    kind: str  # "int", "real" or "choice"
    low: float | None = None
    high: float | None = None
    choices: tuple = ()  # the choices as text (Optuna's categorical values)
    values: tuple = ()  # the choices as the rules hold them

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


def parse_param(text, base: RuleSet) -> Param:
    """One `--param` (see the module docstring), checked against the base rules:
    the key exists and every end or choice is a valid value of it."""
    where = f"--param '{text}'"
    if not isinstance(text, str) or "=" not in text:
        raise TuneError(f"{where}: expected KEY=LOW..HIGH or KEY=A,B,C")
    key, spec = (s.strip() for s in text.split("=", 1))
    if not key or not spec:
        raise TuneError(f"{where}: empty key or value")

    def check(value):
        try:
            rules = base.with_overrides({key: value})
        except RuleError as e:
            raise TuneError(f"{where}: {e}") from None
        return getattr(rules, key)

    if ".." in spec:
        lo, hi = (s.strip() for s in spec.split("..", 1))
        if not (_REAL.match(lo) and _REAL.match(hi)):
            raise TuneError(f"{where}: the range ends must be numbers, not '{lo}' and '{hi}'")
        kind = "int" if _INT.match(lo) and _INT.match(hi) else "real"
        low, high = (int(lo), int(hi)) if kind == "int" else (float(lo), float(hi))
        if not low < high:
            raise TuneError(f"{where}: empty range (the low end must be below the high end)")
        check(low)
        check(high)
        if kind == "real" and isinstance(getattr(base, key), int):
            raise TuneError(f"{where}: {key} is a whole number; give integer ends ({int(low)}..{int(high)})")
        return Param(key, kind, low, high)
    sep = ";" if key == "route_scores" else ","
    items = [s.strip() for s in spec.split(sep)]
    if any(not s for s in items):
        raise TuneError(f"{where}: an empty choice")
    values = [check(s) for s in items]
    texts = [_value_text(v) for v in values]
    if len(set(texts)) < 2:
        raise TuneError(f"{where}: give a range LOW..HIGH or at least two different choices")
    if len(set(texts)) < len(texts):
        raise TuneError(f"{where}: a choice is given twice")
    return Param(key, "choice", choices=tuple(texts), values=tuple(values))


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
