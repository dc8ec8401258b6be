"""The Optuna study of a tuning study (analyzer.run.tune): its storage in
out/, the sampler of each trial, the pruner that ignores trials a killed
process left running (they are played again), and the bookkeeping of
trials that repeat an earlier one."""

from __future__ import annotations

import warnings
from pathlib import Path

from analyzer.run.tune_games import derived_seed
from analyzer.run.tune_output import STORAGE_FILES
from analyzer.run.tune_space import Goals
from analyzer.stats.tune import TuneError


def _storage(out: Path, kind: str):
    import optuna

    if kind == "journal":
        from optuna.storages.journal import JournalFileBackend

        return optuna.storages.JournalStorage(JournalFileBackend(str(out / STORAGE_FILES[kind])))
    if kind == "sqlite":
        return f"sqlite:///{(out / STORAGE_FILES[kind]).resolve()}"
    raise TuneError(f"--storage must be journal or sqlite, not {kind!r}")


def trial_sampler(seed: int, index: int, startup: int):
    """The TPE sampler of trial `index`: seeded from (seed, index) so that a
    resumed study proposes what an uninterrupted one would."""
    import optuna

    return optuna.samplers.TPESampler(seed=derived_seed(seed, 10_000_000 + index) % 2**32, n_startup_trials=startup)


class _LiveStudy:
    """The study as the pruner sees it: without the trials that were running
    when an earlier process died (they are played again), so that pruning
    decisions do not depend on where the study was interrupted."""

    def __init__(self, study):
        self._study = study

    def get_trials(self, deepcopy=True, states=None):
        return [t for t in self._study.get_trials(deepcopy=deepcopy, states=states) if is_live(t)]

    def __getattr__(self, name):
        return getattr(self._study, name)


def _pruner(min_step: int, factor: int):
    import optuna

    class LivePruner(optuna.pruners.BasePruner):
        def __init__(self):
            self.inner = optuna.pruners.SuccessiveHalvingPruner(min_resource=min_step, reduction_factor=factor,
                                                                min_early_stopping_rate=0)

        def prune(self, study, trial):
            return self.inner.prune(_LiveStudy(study), trial)

    return LivePruner()


def is_live(t) -> bool:
    """A trial of the search (complete, pruned or with invalid rules), not one interrupted by a kill."""
    from optuna.trial import TrialState

    return t.state in (TrialState.COMPLETE, TrialState.PRUNED) or (
        t.state == TrialState.FAIL and "invalid" in t.user_attrs)


def _recover(study) -> None:
    """Trials left running by a killed process: mark them failed (interrupted)
    and queue their parameters, so the next trial plays them again."""
    from optuna.trial import TrialState

    for t in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
        study._storage.set_trial_user_attr(t._trial_id, "interrupted", True)
        study._storage.set_trial_state_values(t._trial_id, TrialState.FAIL)
        study.enqueue_trial(dict(t.params), user_attrs={"index": t.user_attrs.get("index")})


def open_study(out: Path, storage: str, goals: Goals, first_rung_games: int, factor: int):
    """The Optuna study in out/ (created or loaded), with the trials a killed process left running queued again."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    study = optuna.create_study(storage=_storage(out, storage), study_name="ttr-tune", load_if_exists=True,
                                directions=[o.direction for o in goals.objectives],
                                pruner=_pruner(first_rung_games, factor))
    _recover(study)
    return study


REPEATS = 25
"""The search stops when the sampler has proposed only rules already tried this many times in a row."""


def repeating(live) -> bool:
    return len(live) >= REPEATS and all("duplicate_of" in t.user_attrs for t in live[-REPEATS:])


def copy_trial(study, trial, same) -> None:
    """Tell `trial` what its twin `same` (identical rules) found: the same
    rung estimates, state and values; it played no games."""
    from optuna.trial import TrialState

    for k, v in same.user_attrs.items():
        if k not in ("index", "played", "duplicate_of"):
            trial.set_user_attr(k, v)
    trial.set_user_attr("played", 0)
    trial.set_user_attr("duplicate_of", same.user_attrs.get("duplicate_of", same.user_attrs["index"]))
    for key, value in same.constraints.items():
        trial.set_constraint(key, value)
    for step, value in sorted(same.intermediate_values.items()):
        trial.report(value, step=step)
    if same.state == TrialState.COMPLETE:
        study.tell(trial, list(same.values))
    else:
        study.tell(trial, state=TrialState.PRUNED)


def best_text(live, objs) -> str:
    from optuna.trial import TrialState

    done = [t for t in live if t.state == TrialState.COMPLETE and t.values]
    if not done:
        return "—"
    if len(objs) > 1:
        return f"{len(done)} complete"
    key = (lambda t: -t.values[0]) if objs[0].goal == "max" else (lambda t: t.values[0])
    best = min(done, key=key)
    return f"{objs[0].label}: {best.values[0]:.4g} (trial {best.user_attrs.get('index')}, {best.params})"
