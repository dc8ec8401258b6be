"""Tune house rules (and bots' weights, analyzer.run.tune_space): search the
rule space for balance with Optuna, spend games where they decide, confirm
the winner on fresh games.

    res = analyzer.tune(board="europe", players=4, bots="greedy", params=["tunnel_reveal=2..6"],
                        objectives=["seat_advantage"], budget=200_000, out="results/tune-eu4")
    res.trials            # one row per trial: parameters, rung, games, objectives with CIs, pruned
    res.recommendation    # the confirmed rules

Each trial is a rule set Optuna's TPE sampler proposes. It plays the
study's games rung by rung (analyzer.run.tune_space: the same games for
every trial, seats rotated) and after each rung its measures are compared
with the baseline rules on the same games (analyzer.stats.compare, paired
bootstrap; with the scorecard objective, each rung is a tier ladder and the
measure the scorecard's distance from its targets: analyzer.run.tune_scorecard).
With one objective, Optuna's successive-halving pruner is fed
the running estimate and stops a trial that ranks below the best of its
rung; with any objective, a trial is stopped when a constraint's whole CI
lies on the wrong side. `budget` counts every game of the search (trials
and the baseline) and of the audit, which gets `audit_share` of it; a trial
starts only if its full size fits in the search's part.

Determinism: trials run one after another and the sampler is re-seeded for
each trial from (seed, trial index), so the trials depend only on the seed
and on the trials before them, never on when the process was stopped. The
study lives in out/ (Optuna's journal file or SQLite); `resume=True`
continues it: a trial that was running when the process died is played
again with the same parameters (its finished rungs are read back from its
results folders), and the trials table equals that of an uninterrupted run.

Afterwards the best trials (one objective: the best `confirm_top`; several:
the Pareto front) are re-played with the baseline on a new master seed
(games no trial has seen) and compared with paired CIs: recommendation.json
says which survive. Last, the one-step-deviation audit
(analyzer.run.tune_audit) plays the best trial's neighbours, each tuned
parameter one grid step either way, on games of its own, and says whether
any is significantly better.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import pandas as pd

from analyzer.boards import Board, load_board
from analyzer.rules import RuleError, RuleSet
from analyzer.run.backends import parse_cluster, study_cluster
from analyzer.run.balance import read_targets, targets_dict
from analyzer.run.compile import COMPILE_NOTICE, kernels_compiled
from analyzer.run.protocol import close_folder, open_folder
from analyzer.run.spec import make_spec
from analyzer.run.tune_audit import AUDIT_STREAM, DEFAULT_AUDIT_SHARE, Audit, audit, split_budget
from analyzer.run.tune_games import (
    CONFIRM_STREAM,
    Confirmation,
    TrialGames,
    confirm,
    derived_seed,
    rung_plan,
    seatings,
)
from analyzer.run.tune_output import (
    STORAGE_FILES,
    TUNE_MANIFEST,
    TuneProgress,
    TuneResults,
    rungs_table,
    trials_table,
    tune_manifest,
    write_table,
)
from analyzer.run.tune_scorecard import (
    SCORECARD_MIN_GAMES,
    SCORECARD_TIERS,
    ScorecardGames,
    check_scorecard_goals,
    parse_tiers,
)
from analyzer.run.tune_space import Goals, Setting, bonus_given, check_weights_read, parse_params
from analyzer.run.tune_study import best_text, copy_trial, is_live, open_study, repeating, trial_sampler
from analyzer.stats.balance import Targets
from analyzer.stats.tune import (
    Objective,
    TuneError,
    check_measures_exist,
    parse_constraint,
    parse_objective,
)

TUNE_KEY = ("board", "players", "bots", "seed", "base_rules_hash", "params", "objectives", "constraints",
            "rung_games", "seatings", "storage", "startup_trials", "kernel_hash", "targets", "audit_share")
"""What must be the same to resume a study (the budget may grow)."""
BASELINE = "baseline"


def _objectives(items) -> list[Objective]:
    objs = [o if isinstance(o, Objective) else parse_objective(o) for o in (items or [])]
    if not objs:
        raise TuneError("--objective: give at least one (a measure of `ttr compare`, e.g. seat_advantage)")
    names = [o.measure for o in objs]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise TuneError(f"--objective '{dup[0]}': given twice")
    return objs


def tune(board=None, players=4, bots="greedy", params=None, objectives=None, constraints=None, budget=200_000,
         min_games=None, factor=4, rungs=3, seed=1, rules=None, out=None, resume=False, storage="journal",
         confirm_top=3, confirm_games=None, startup_trials=8, n_boot=1000, threads=0, cluster=None,
         progress=True, targets=None, tiers=None, audit_share=DEFAULT_AUDIT_SHARE) -> TuneResults:
    """Search `params` for the rules that best meet `objectives` under
    `constraints` (see the module docstring); returns a TuneResults of `out`.

    params: --param texts ("trains=30..45", "tunnel_reveal=2,3,5", a bot weight
    "HUNGRY_OTHERS=8..20") or a dict {key: (low, high) | [choices]}; objectives: "seat_advantage",
    "max:ticket_completion", "game_length=40", or "scorecard" with `targets`
    (a targets file or analyzer.stats.balance.Targets) played by `tiers`
    (analyzer.run.tune_scorecard); constraints: "ticket_completion>=0.7".
    Rungs: min_games (default 2000; 300 for the scorecard) * factor**r games,
    r < rungs; budget: games of the search and of the one-step-deviation
    audit (`audit_share` of it: analyzer.run.tune_audit); the confirmation
    plays `confirm_games` (default: a full trial's games) for the baseline and
    each of the best `confirm_top` trials on a fresh seed."""
    if out is None:
        raise TuneError("--out: a tuning study lives on disk; give its folder")
    out = Path(out)
    b = board if isinstance(board, Board) else load_board(board or "europe")
    try:
        base = rules if isinstance(rules, RuleSet) else b.rules(rules, None)
    except RuleError as e:
        raise TuneError(f"--rules: {e}") from None
    wanted = targets if targets is None or isinstance(targets, Targets) else read_targets(targets)
    goals = Goals(tuple(parse_params(params, base)), tuple(_objectives(objectives)),
                  tuple(parse_constraint(c) for c in (constraints or [])))
    check_scorecard_goals(goals.objectives, goals.constraints, wanted)
    # a board given by name goes to simulate by name: it is then read and compiled once per rule set
    # (analyzer.boards.BoardSource), not once per run
    board_ref = b if isinstance(board, Board) else (board or "europe")
    setup = _setup(b, board_ref, players, bots, base, goals, wanted, tiers, seed)
    min_games = (SCORECARD_MIN_GAMES if wanted else 2000) if min_games is None else min_games
    plan = rung_plan(min_games, factor, rungs, len(setup.seats))
    trial_games = sum(plan) * len(setup.seats)
    confirm_games = trial_games if confirm_games is None else confirm_games
    search_budget, audit_games = split_budget(budget, audit_share)
    _check_options(budget, search_budget, trial_games, f"{rungs} rungs from {min_games:,} games, x{factor}",
                   confirm_top, confirm_games, startup_trials, storage)
    parse_cluster(cluster)
    manifest = tune_manifest(b, players, setup.bots, setup.seats, seed, base, goals, plan, factor, storage,
                             startup_trials, budget, confirm_top, confirm_games, n_boot)
    manifest |= {"targets": targets_dict(wanted), "audit_share": audit_share}
    manifest["command"] = reproducing_command(
        b.name, players, setup.bots, list(goals.params), list(goals.objectives), list(goals.constraints), budget,
        min_games, factor, rungs, seed, base.name if rules else None, out, storage) + _scorecard_options(
        targets, setup.bots if wanted else None, audit_share)
    open_folder(out, TUNE_MANIFEST, manifest, TUNE_KEY, resume, "tuning study", TuneError)
    study = open_study(out, storage, goals, manifest["rung_games"][0], factor)
    bar = TuneProgress(search_budget, progress, COMPILE_NOTICE if progress and not kernels_compiled() else None)
    with study_cluster(cluster) as where_to_run:  # 'local:N': one Dask cluster for every run of the study
        games = setup.games(threads, where_to_run)
        start = Setting(base)  # the baseline: the base rules, every bot weight at its default
        search = _Search(study, out, goals, start, games, plan, seed, n_boot, bar)
        try:
            search.run(search_budget, startup_trials, setup.check_rules)
        except KeyboardInterrupt:
            bar.close()
            raise KeyboardInterrupt(f"tuning interrupted; continue it with --resume (study in {out})") from None
        bar.close()
        trials = _write_tables(study, goals, out)
        confirm(out, trials, goals, start, games,
                Confirmation(derived_seed(seed, CONFIRM_STREAM), confirm_games, confirm_top, n_boot), manifest,
                progress)
        checked = audit(out, trials, goals, start, games, Audit.of(derived_seed(seed, AUDIT_STREAM), audit_games,
                                                                  len(goals.params), len(setup.seats), n_boot),
                        progress)
    manifest["games_search"] = int(trials["played"].sum()) + int(
        sum(plan[: int(trials["rung"].max()) + 1]) * len(setup.seats)) if len(trials) else 0
    manifest["games_audit"] = checked["games_per_rule_set"] * (1 + checked["neighbours"]) if checked["best"] else 0
    close_folder(out, TUNE_MANIFEST, manifest)
    res = TuneResults.load(out)
    res.reused = False
    return res


@dataclass(frozen=True)
class _Setup:
    """Who plays a study's games: the bots (with the scorecard, its tiers), the seatings a rung is played
    in (with the scorecard, the tier ladder's runs), the games' player and a check of a trial's rules."""

    bots: list[str]
    seats: list[list[str]]
    games: Callable
    check_rules: Callable


def _setup(b: Board, board_ref, players, bots, base: RuleSet, goals: Goals, wanted, tiers, seed) -> _Setup:
    weights = [p for p in goals.params if p.weight]
    if wanted is not None:
        if weights:
            raise TuneError(f"--param '{weights[0].text}': a bot weight is not tuned with --objective scorecard "
                            f"(its games are tier ladders of the default bots)")
        names = parse_tiers(tiers or ",".join(SCORECARD_TIERS), b, base, wanted)
        make_spec(b, players, names[0], 1, seed, base)  # checks players and seed
        g = ScorecardGames.of(board_ref, players, names, wanted, base)
        return _Setup(names, [list(s) for s in g.seatings], lambda threads, where: replace(
            g, threads=threads, cluster=where), lambda r: [make_spec(board_ref, players, t, 1, seed, r) for t in names])
    if tiers is not None:
        raise TuneError("--tiers: the tiers of --objective scorecard's ladders; not with other objectives")
    spec0 = make_spec(b, players, bots, 1, seed, base)  # checks players, bots and seed
    check_measures_exist([(o.measure, f"--objective '{o.label}'") for o in goals.objectives]
                         + [(c.measure, f"--constraint '{c.label}'") for c in goals.constraints],
                         list(spec0.bots), bonus_given(base, list(goals.params)))
    check_weights_read(weights, list(spec0.bots))
    seats = seatings(list(spec0.bots))
    return _Setup(list(spec0.bots), seats, lambda threads, where: TrialGames(
        board_ref, players, tuple(tuple(s) for s in seats), threads, where, goals.bot_measures),
        lambda r: make_spec(board_ref, players, spec0.bots, 1, seed, r))


def _scorecard_options(targets, tiers, audit_share) -> str:
    parts = (["--targets", str(targets)] if targets is not None and not isinstance(targets, Targets) else [])
    parts += ["--tiers", ",".join(tiers)] if tiers else []
    parts += ["--audit-share", f"{audit_share:g}"] if audit_share != DEFAULT_AUDIT_SHARE else []
    return " " + shlex.join(parts) if parts else ""


def _check_options(budget, search_budget, trial_games, rungs_text, confirm_top, confirm_games, startup_trials,
                   storage) -> None:
    if not isinstance(budget, int) or search_budget < 2 * trial_games:
        need = 2 * trial_games + (budget - search_budget)
        raise TuneError(f"--budget {budget!r}: a trial and the baseline need {2 * trial_games:,} games "
                        f"({rungs_text}) besides the audit's share; give at least {need:,}")
    if not isinstance(confirm_top, int) or confirm_top < 1:
        raise TuneError(f"--confirm-top must be a whole number >= 1, not {confirm_top!r}")
    if not isinstance(confirm_games, int) or confirm_games < 1:
        raise TuneError(f"--confirm-games must be a whole number >= 1, not {confirm_games!r}")
    if not isinstance(startup_trials, int) or startup_trials < 1:
        raise TuneError(f"--startup-trials must be a whole number >= 1, not {startup_trials!r}")
    if storage not in STORAGE_FILES:
        raise TuneError(f"--storage must be journal or sqlite, not {storage!r}")


class _Search:
    """The search loop of one study: trials one after another until the budget
    is spent (or the sampler only repeats itself), each playing rung by rung
    against the baseline on the same games, pruned as the module docstring
    says. The baseline's rungs are played when a trial first needs them."""

    def __init__(self, study, out: Path, goals: Goals, base: Setting, games: TrialGames, plan: list[int],
                 seed: int, n_boot: int, bar: TuneProgress):
        self.study, self.out, self.goals, self.base, self.games, self.plan = study, out, goals, base, games, plan
        self.seed, self.n_boot, self.bar = seed, n_boot, bar
        self.n_seatings = len(games.seatings)
        self.rung_seeds = [derived_seed(seed, r) for r in range(len(plan))]
        self.base_parts: list = []

    def games_upto(self, r: int) -> int:
        """Games a rule set has played after its rungs 0..r (-1: none)."""
        return int(sum(self.plan[: r + 1]) * self.n_seatings)

    def baseline_upto(self, r: int):
        while len(self.base_parts) <= r:
            k = len(self.base_parts)
            self.base_parts.append(self.games.play(self.out / BASELINE / f"rung-{k}", self.base, self.rung_seeds[k],
                                                   self.plan[k]))
        return self.base_parts[: r + 1]

    def run(self, budget: int, startup_trials: int, check_rules) -> None:
        """Ask, play and tell trials until the next would not fit in `budget`.
        check_rules(rules) raises on a rule set no game can be played with."""
        import optuna

        objs = self.goals.objectives
        while True:
            live = [t for t in self.study.get_trials(deepcopy=False) if is_live(t)]
            reached = max([t.user_attrs.get("rung", -1) for t in live], default=-1)
            spent = sum(t.user_attrs.get("played", 0) for t in live) + self.games_upto(reached)
            unplayed_base = self.games_upto(len(self.plan) - 1) - self.games_upto(reached)
            self.bar.update(spent, len(live), best_text(live, objs))
            if spent + self.games_upto(len(self.plan) - 1) + unplayed_base > budget or repeating(live):
                return
            index = len(live)
            self.study.sampler = trial_sampler(self.seed, index, startup_trials)
            trial = self.study.ask({p.key: p.distribution() for p in self.goals.params})
            trial.set_user_attr("index", index)
            try:
                trial_setting = self.base.with_overrides({p.key: p.rule_value(trial.params[p.key])
                                                          for p in self.goals.params})
                check_rules(trial_setting.rules)
            except (RuleError, ValueError) as e:
                trial.set_user_attr("invalid", str(e))
                self.study.tell(trial, state=optuna.trial.TrialState.FAIL)
                continue
            same = next((t for t in live if t.params == trial.params and "invalid" not in t.user_attrs), None)
            if same is not None:  # the same rules play the same games: copy the result, play nothing
                copy_trial(self.study, trial, same)
            else:
                self.play_trial(trial, index, trial_setting, spent, reached)
            _write_tables(self.study, self.goals, self.out)

    def play_trial(self, trial, index: int, trial_setting: Setting, spent: int, reached: int) -> None:
        """Play the trial's rungs, each compared with the baseline on the same games, until it is pruned
        (a constraint surely broken, or successive halving with one objective) or done; tell the study."""
        import optuna

        objs, cons = self.goals.objectives, self.goals.constraints
        parts: list = []
        state, values = optuna.trial.TrialState.COMPLETE, None
        for r in range(len(self.plan)):
            self.bar.rung(index, r, spent)
            parts.append(self.games.play(self.out / "trials" / f"t{index:04d}" / f"rung-{r}", trial_setting,
                                         self.rung_seeds[r], self.plan[r]))
            table = self.games.versus({BASELINE: self.baseline_upto(r), "trial": parts}, BASELINE, self.seed,
                                      self.n_boot)
            rec = _record(table)
            missing = [m for m in self.goals.measures if m not in rec]
            if missing:
                raise TuneError(f"measure '{missing[0]}' is not measured for these runs; measures: "
                                f"{', '.join(rec)}")
            games = self.games_upto(r)
            trial.set_user_attr(f"rung_{r}", rec)
            trial.set_user_attr("rung", r)
            trial.set_user_attr("games", games)
            trial.set_user_attr("played", games)
            trial.set_user_attr("constraints", [c.violation(rec[c.measure][0]) for c in cons])
            values = [o.value(rec[o.measure][0]) for o in objs]
            base_now = self.games_upto(r) - self.games_upto(reached) if r > reached else 0  # baseline rungs played
            self.bar.advance_to(spent + games + base_now)
            broken = [c.label for c in cons if c.surely_violated(*rec[c.measure][1:3])]
            if broken:
                trial.set_user_attr("pruned_by", f"constraint {broken[0]}")
                state = optuna.trial.TrialState.PRUNED
                break
            if len(objs) == 1 and r < len(self.plan) - 1:
                trial.report(values[0], step=games)
                if trial.should_prune():
                    trial.set_user_attr("pruned_by", "successive halving")
                    state = optuna.trial.TrialState.PRUNED
                    break
        for c, v in zip(cons, trial.user_attrs["constraints"], strict=True):
            trial.set_constraint(c.label, v)  # the sampler prefers feasible trials
        if state == optuna.trial.TrialState.PRUNED:
            self.study.tell(trial, state=state)
        else:
            self.study.tell(trial, values)


def _write_tables(study, goals: Goals, out: Path) -> pd.DataFrame:
    trials = study.get_trials(deepcopy=False)
    table = trials_table(trials, list(goals.params), list(goals.objectives), list(goals.constraints), is_live)
    write_table(table, out / "trials")
    write_table(rungs_table(trials, is_live), out / "rungs")
    return table


def _record(table: pd.DataFrame) -> dict:
    """measure -> [estimate, ci_low, ci_high, difference, diff_ci_low, diff_ci_high] of the trial."""
    rows = table[table["variant"] == "trial"]
    return {str(r.measure): [float(r.estimate), float(r.estimate_ci_low), float(r.estimate_ci_high),
                             float(r.difference), float(r.ci_low), float(r.ci_high)] for r in rows.itertuples()}


def reproducing_command(board, players, bots, ps, objs, cons, budget, min_games, factor, rungs, seed, rules, out,
                        storage) -> str:
    parts = ["ttr", "tune", "--board", board, "--players", str(players), "--bots", ",".join(bots)]
    if rules:
        parts += ["--rules", rules]
    for p in ps:
        parts += ["--param", p.text]
    for o in objs:
        parts += ["--objective", o.label if o.goal != "min" else o.measure]
    for c in cons:
        parts += ["--constraint", c.label]
    parts += ["--budget", str(budget), "--min-games", str(min_games), "--factor", str(factor), "--rungs",
              str(rungs), "--seed", str(seed), "--storage", storage, "--out", str(out)]
    return shlex.join(parts)


def load_tune(path) -> TuneResults:
    """Read a tuning study written by `tune(out=...)` / `ttr tune --out`."""
    return TuneResults.load(path)

