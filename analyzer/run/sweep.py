"""House-rule sweeps: the same games played under several rule variants.

    res = analyzer.sweep(board="europe", players=4, bots="greedy", games=50_000, seed=1,
                         grid={"tunnel_reveal": [2, 3, 4], "longest_path_bonus": [10, 15]},
                         out="results/sweep")
    res.players.groupby("variant", observed=True).score.mean()
    analyzer.compare(res)

Every variant is one `analyzer.simulate` run with the same master seed and
number of games, written to out/variants/<variant>/; out/sweep.json lists the
variants, their overrides and which one is the baseline. A finished sweep is
read back and compared by analyzer.run.sweep_output (SweepResults,
load_sweep, compare).

Common random numbers: game g of every variant draws its deal and shuffles
from the same stream (kernels/prng.py: stream_seed(seed, g, STREAM_DECK)) and
each seat's bot from its own stream (STREAM_BOT + seat). Under two rule sets
that keep the deck and the ticket deal the same, game g starts identically
(the same hands, market, draw-pile order and ticket offers) and the two games
stay identical until the first moment the rules make them differ (a tunnel
revealing a 4th card, a different score changing no move of a bot that does
not look at scores, ...). From that moment on the draw pile is still in the
same order but is consumed differently, and reshuffles of the discard pile
draw from the stream in a different state. Changing the deck itself
(cards_per_colour, locomotive_cards) changes the first shuffle and so every
later draw: such variants are compared with the same seeds but without
pairing of their deals, and their paired intervals are not narrower than the
unpaired ones. Changing how many tickets or cards are dealt keeps the shuffle
orders but deals them differently.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from analyzer.boards import Board, load_board
from analyzer.rules import RuleError, RuleSet
from analyzer.run.backends import parse_cluster, study_cluster
from analyzer.run.protocol import MANIFEST_FORMAT, close_folder, open_folder
from analyzer.run.simulate import simulate
from analyzer.run.spec import make_spec
from analyzer.run.sweep_output import SWEEP_MANIFEST, SweepError, SweepResults, _value_text

VARIANTS_DIR = "variants"
BASELINE_NAME = "baseline"
_NAME = re.compile(r"[A-Za-z0-9_.,=+-]+")
# keys of a sweep config file (see docs/house-rules.md "House rules: sweeps and comparison")
CONFIG_RUN_KEYS = ("board", "players", "bots", "games", "seed", "rules")
CONFIG_KEYS = (*CONFIG_RUN_KEYS, "baseline", "base", "grid", "variants")


@dataclass
class Variant:
    name: str
    overrides: dict  # rule key -> value (canonical, as the RuleSet holds it)
    rules: RuleSet = field(repr=False)

    def as_dict(self) -> dict:
        return {"name": self.name, "overrides": _jsonable(self.overrides), "rules_hash": self.rules.hash(),
                "path": f"{VARIANTS_DIR}/{self.name}"}


def _jsonable(d: dict) -> dict:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in d.items()}


def grid_variants(grid: dict) -> list[dict]:
    """Every combination of the grid's values, in order (the last key varies fastest)."""
    if not grid:
        return []
    keys = list(grid)
    for k in keys:
        vals = grid[k]
        if not isinstance(vals, (list, tuple)) or len(vals) == 0:
            raise SweepError(f"grid '{k}': give a list of one or more values, not {vals!r}")
    return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*(grid[k] for k in keys))]


def parse_set_options(items: list[str]) -> dict:
    """`--set key=v1,v2,v3` -> {key: [v1, v2, v3]}. route_scores takes a list
    itself: its alternatives are separated by ';' (route_scores=0,1,2,4;0,1,2,5)."""
    grid: dict = {}
    for item in items:
        if "=" not in item:
            raise SweepError(f"--set '{item}' is not of the form key=value[,value...]")
        key, text = (s.strip() for s in item.split("=", 1))
        sep = ";" if key == "route_scores" else ","
        values = [v.strip() for v in text.split(sep)]
        if not key or any(v == "" for v in values):
            raise SweepError(f"--set '{item}': empty key or value")
        if key in grid:
            raise SweepError(f"--set '{item}': {key} given twice; list its values once, comma-separated")
        grid[key] = values
    return grid


def _canonical(base: RuleSet, overrides: dict, where: str) -> tuple[dict, RuleSet]:
    """Apply overrides to the base rules; return the canonical values and the rules."""
    try:
        rules = base.with_overrides(dict(overrides))
    except RuleError as e:
        raise SweepError(f"{where}: {e}") from None
    return {k: getattr(rules, k) for k in overrides}, rules


def build_variants(base: RuleSet, grid: dict | None = None, variants: dict | None = None,
                   baseline: str | None = None, where: str = "sweep") -> tuple[list[Variant], str]:
    """The variants of a sweep and the name of its baseline.

    Named `variants` ({name: {key: value}}) come first, then every combination
    of the `grid`. The baseline is `baseline` when given, else the first
    variant whose rules equal the base rules, else a variant named 'baseline'
    with the base rules is added in front."""
    out: list[Variant] = []
    for name, ov in (variants or {}).items():
        if not isinstance(ov, dict):
            raise SweepError(f"{where}, variant '{name}': expected a table of rule = value, not {ov!r}")
        if not _NAME.fullmatch(str(name)):
            raise SweepError(f"{where}, variant '{name}': names may use letters, digits and _ . , = + - only")
        canon, rules = _canonical(base, ov, f"{where}, variant '{name}'")
        out.append(Variant(str(name), canon, rules))
    for combo in grid_variants(grid or {}):
        canon, rules = _canonical(base, combo, f"{where}, grid")
        name = ",".join(f"{k}={_value_text(v)}" for k, v in canon.items())
        out.append(Variant(name, canon, rules))
    if not out:
        raise SweepError(f"{where}: no variants (give --set key=v1,v2 or a config with [grid] or [variants])")
    names = [v.name for v in out]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise SweepError(f"{where}: variant names must be unique; repeated: {', '.join(dup)}")
    if baseline is not None:
        if baseline not in names:
            raise SweepError(f"{where}: baseline '{baseline}' is not a variant; variants: {', '.join(names)}")
        return out, baseline
    for v in out:
        if v.rules.hash() == base.hash():
            return out, v.name
    if BASELINE_NAME in names:
        raise SweepError(f"{where}: the variant named '{BASELINE_NAME}' does not have the base rules; "
                         "name the baseline explicitly")
    return [Variant(BASELINE_NAME, {}, base), *out], BASELINE_NAME


def read_config(path) -> dict:
    """Read a sweep config (TOML). Returns its keys; errors name the file and field."""
    path = Path(path)
    try:
        cfg = tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise SweepError(f"{path}: no such file") from None
    except tomllib.TOMLDecodeError as e:
        raise SweepError(f"{path}: not valid TOML ({e})") from None
    unknown = [k for k in cfg if k not in CONFIG_KEYS]
    if unknown:
        raise SweepError(f"{path}, field '{unknown[0]}': unknown key; keys: {', '.join(CONFIG_KEYS)}")
    for key in ("base", "grid", "variants"):
        if key in cfg and not isinstance(cfg[key], dict):
            raise SweepError(f"{path}, field '{key}': expected a table ([{key}])")
    for key, vals in cfg.get("grid", {}).items():
        if not isinstance(vals, list) or not vals:
            raise SweepError(f"{path}, field 'grid.{key}': expected a list of values, e.g. {key} = [2, 3, 4]")
    for key, typ in (("players", int), ("games", int), ("seed", int), ("board", str), ("rules", str),
                     ("baseline", str)):
        if key in cfg and (not isinstance(cfg[key], typ) or isinstance(cfg[key], bool)):
            raise SweepError(f"{path}, field '{key}': expected a {typ.__name__}, not {cfg[key]!r}")
    if "bots" in cfg and not (isinstance(cfg["bots"], str) or
                              (isinstance(cfg["bots"], list) and all(isinstance(b, str) for b in cfg["bots"]))):
        raise SweepError(f"{path}, field 'bots': expected a bot name or a list of bot names")
    cfg["_path"] = str(path)
    return cfg


RUN_DEFAULTS = {"board": "europe", "players": 4, "bots": "greedy", "games": 10_000, "seed": 1, "rules": None}


def sweep(board=None, players=None, bots=None, games=None, seed=None, grid=None, variants=None, rules=None,
          base_overrides=None, baseline=None, out=None, threads=0, chunk_size=None, resume=False, progress=True,
          cluster=None, shared_out=True, config=None) -> SweepResults:
    """Run every variant on the same seeds (common random numbers).

    `grid` ({rule: [values]}) gives every combination; `variants`
    ({name: {rule: value}}) named variants; `rules` and `base_overrides` the
    rules every variant starts from (default: the board's preset); `config`
    a sweep TOML file providing any of these. With `out`, variant V is written
    to out/variants/V/ and out/sweep.json lists the variants; `resume=True`
    continues an interrupted sweep. `threads`, `chunk_size`, `cluster` and
    `shared_out` are passed to every `analyzer.simulate` run. Arguments left
    at None take the config's value, else RUN_DEFAULTS (europe, 4 players,
    greedy, 10,000 games, seed 1, the board's preset)."""
    where = "sweep"
    cfg = read_config(config) if config is not None else {}
    if cfg:
        where = cfg["_path"]
        baseline = baseline if baseline is not None else cfg.get("baseline")
        base_overrides = {**cfg.get("base", {}), **(base_overrides or {})}
        grid = {**cfg.get("grid", {}), **(grid or {})}
        variants = {**cfg.get("variants", {}), **(variants or {})}
    given = {"board": board, "players": players, "bots": bots, "games": games, "seed": seed, "rules": rules}
    run = {k: v if v is not None else cfg.get(k, RUN_DEFAULTS[k]) for k, v in given.items()}
    board, players, bots, games, seed, rules = (run[k] for k in ("board", "players", "bots", "games", "seed",
                                                                 "rules"))
    b = board if isinstance(board, Board) else load_board(board)
    try:
        base = rules if isinstance(rules, RuleSet) else b.rules(rules, None)
        base = base.with_overrides(base_overrides or None)
    except RuleError as e:
        raise SweepError(f"{where}, base rules: {e}") from None
    vs, base_name = build_variants(base, grid, variants, baseline, where)
    parse_cluster(cluster)
    specs = {}
    for v in vs:  # check every variant before any game is played
        try:
            specs[v.name] = make_spec(b, players, bots, games, seed, v.rules, None, chunk_size)
        except RuleError as e:
            raise SweepError(f"{where}, variant '{v.name}': {e}") from None
    first = specs[vs[0].name]
    manifest = {
        "format": MANIFEST_FORMAT,
        "kind": "ttr-sweep",
        "board": b.name,
        "players": players,
        "bots": list(first.bots),
        "games": games,
        "seed": seed,
        "rules_name": base.name,
        "base_rules": base.as_dict(),
        "base_rules_hash": base.hash(),
        "baseline": base_name,
        "parameters": list(dict.fromkeys(k for v in vs for k in v.overrides)),
        "variants": [v.as_dict() for v in vs],
    }
    out_dir = Path(out) if out else None
    if out_dir is not None:
        open_folder(out_dir, SWEEP_MANIFEST, manifest, _SWEEP_KEY, resume, "sweep", SweepError)
    results = {}
    with study_cluster(cluster) as where_to_run:
        for i, v in enumerate(vs):
            if progress:
                mark = " (baseline)" if v.name == base_name else ""
                print(f"[{i + 1}/{len(vs)}] variant {v.name}{mark}", flush=True)
            results[v.name] = simulate(
                board=b, players=players, bots=list(first.bots), games=games, seed=seed, rules=v.rules,
                out=out_dir / VARIANTS_DIR / v.name if out_dir is not None else None, threads=threads,
                chunk_size=first.chunk_size, resume=resume, progress=progress, cluster=where_to_run,
                shared_out=shared_out)
    if out_dir is not None:
        close_folder(out_dir, SWEEP_MANIFEST, manifest)
        return SweepResults.load(out_dir)
    return SweepResults(manifest, results)


_SWEEP_KEY = ("board", "players", "bots", "games", "seed", "base_rules_hash", "baseline", "variants")
