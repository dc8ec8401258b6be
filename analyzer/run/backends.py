"""Where the chunks run: threads in this process (the default, no Dask
needed), a Dask LocalCluster of worker processes started for the run, or an
existing Dask scheduler.

    cluster=None              threads in this process
    cluster="local:4"         LocalCluster(n_workers=4, threads_per_worker=1, processes=True)
    cluster="tcp://HOST:PORT" a Client connected to a running `dask scheduler`

A study of many runs (sweep, ladder, tune) opens `study_cluster(cluster)`
once: with 'local:N' its runs share one LocalCluster instead of starting one
each (seconds per run, as many times as the study has runs).

Every backend runs the same chunk function (analyzer.run.chunks.run_chunk) and
the runner drives them through the same few calls: submit, wait_any, stop,
wait_all, close. A future's result is the chunk function's, or None for a
chunk skipped because the run was stopped.
"""

from __future__ import annotations

import os
import re
import signal
import uuid
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass

DASK_MISSING = "the Dask backend needs `pip install .[distributed]`"
CLUSTER_FORMS = "'local:N' (N >= 1 worker processes) or 'tcp://HOST:PORT' (a running Dask scheduler)"
# A local cluster without the dashboard; its scheduler still serves HTTP (health checks) and would take
# port 8787, warning "already in use" when two local clusters run at once: a free port instead.
NO_DASHBOARD = {"dashboard_address": None, "scheduler_kwargs": {"dashboard_address": ":0"}}
_TCP = re.compile(r"tcp://(?P<host>\[[0-9A-Fa-f:.]+\]|[^\s/:]+):(?P<port>\d{1,5})")


class ClusterError(ValueError):
    """A bad cluster string, Dask not installed, or a scheduler out of reach."""


@dataclass(frozen=True)
class Target:
    """A parsed `cluster` argument; nothing is started until `open`."""

    kind: str  # "threads", "local" or "tcp"
    workers: int = 0  # local
    address: str = ""  # tcp; local: the scheduler of a study's shared LocalCluster (study_cluster)

    @property
    def name(self) -> str:
        """As recorded in the manifest: threads, dask:local:4, dask:tcp://host:8786."""
        return {"threads": "threads", "local": f"dask:local:{self.workers}", "tcp": f"dask:{self.address}"}[self.kind]

    def open(self, threads: int, shared_out: bool = True):
        if self.kind == "threads":
            return ThreadBackend(threads or os.cpu_count() or 1)
        return DaskBackend(self, shared_out)


def parse_cluster(cluster: str | None) -> Target:
    """Check a `cluster` argument (and that Dask is installed) before any work starts."""
    if cluster is None or cluster == "":
        return Target("threads")
    if isinstance(cluster, Target):  # from study_cluster
        return cluster
    if not isinstance(cluster, str):
        raise ClusterError(f"cluster must be {CLUSTER_FORMS}, not {cluster!r}")
    text = cluster.strip()
    if text.startswith("local:"):
        n = text[len("local:"):]
        if not n.isdigit() or int(n) < 1:
            raise ClusterError(f"cluster '{cluster}': the number of workers must be a whole number >= 1; "
                               f"use {CLUSTER_FORMS}")
        target = Target("local", workers=int(n))
    elif text.startswith("tcp://"):
        m = _TCP.fullmatch(text)
        if not m or not 1 <= int(m["port"]) <= 65535:
            raise ClusterError(f"cluster '{cluster}': expected tcp://HOST:PORT with a port 1..65535")
        target = Target("tcp", address=text)
    else:
        raise ClusterError(f"cluster '{cluster}' is not understood; use {CLUSTER_FORMS}")
    _import_distributed()
    return target


def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise ClusterError(DASK_MISSING) from None
    return distributed


class ThreadBackend:
    """Chunks on a thread pool in this process (the kernels release the GIL)."""

    tasks_write_out = True

    def __init__(self, threads: int):
        self.threads = threads
        self.slots = threads * 2  # chunks in flight
        self.pool = ThreadPoolExecutor(max_workers=threads)

    def submit(self, key: str, fn, *args):
        return self.pool.submit(fn, *args)

    @staticmethod
    def wait_any(pending: set, timeout: float | None = None) -> tuple[set, set]:
        return wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)

    def stop(self, pending: set) -> set:
        """Cancel the chunks not started yet; return the running ones to wait for."""
        return {f for f in pending if not f.cancel()}

    @staticmethod
    def wait_all(futures: set) -> None:
        wait(futures)

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class DaskBackend:
    """Chunks as Dask tasks on a LocalCluster started for the run, or on the
    workers of an existing scheduler."""

    def __init__(self, target: Target, shared_out: bool = True):
        distributed = _import_distributed()
        self.distributed = distributed
        self.cluster = None
        self.token = uuid.uuid4().hex[:8]
        if target.kind == "local" and not target.address:
            # Worker processes inherit os.environ, so they use this process's
            # NUMBA_CACHE_DIR (set when `kernels` was imported) and load the
            # compiled kernels instead of compiling them again.
            import kernels  # noqa: F401

            self.cluster = distributed.LocalCluster(n_workers=target.workers, threads_per_worker=1, processes=True,
                                                    **NO_DASHBOARD)
            self.tasks_write_out = True  # the workers see this machine's folders
        else:
            self.tasks_write_out = shared_out
        try:
            self._connect(target)
        except BaseException:
            if self.cluster is not None:
                self.cluster.close()
            raise

    def _connect(self, target: Target) -> None:
        distributed = self.distributed
        if target.kind == "local" and target.address:  # a study's shared cluster
            self.client = distributed.Client(target.address, timeout="10s")
            self.tasks_write_out = True
        elif self.cluster is not None:
            self.client = distributed.Client(self.cluster)
            # Ctrl-C in a terminal reaches the whole process group: the
            # workers ignore it, so the chunks running when it comes finish
            # while this process stops the run.
            self.client.run(_ignore_sigint)
        else:
            try:
                self.client = distributed.Client(target.address, timeout="10s")
            except (OSError, TimeoutError) as e:
                raise ClusterError(f"cannot reach the Dask scheduler at {target.address}: {e}") from None
        try:
            if not self.client.nthreads():
                try:
                    self.client.wait_for_workers(1, timeout=60)
                except TimeoutError:
                    raise ClusterError(f"the Dask scheduler at {target.address} has no workers "
                                       f"(start some with `dask worker {target.address}`)") from None
            self.threads = sum(self.client.nthreads().values())
            self.slots = max(2 * self.threads, 2)
            self.stop_event = distributed.Event(f"ttr-stop-{self.token}", client=self.client)
        except BaseException:
            self.client.close()
            raise

    def submit(self, key: str, fn, *args):
        return self.client.submit(_unless_stopped, self.stop_event.name, fn, *args, key=f"{key}-{self.token}")

    def wait_any(self, pending: set, timeout: float | None = None) -> tuple[set, set]:
        try:
            done, not_done = self.distributed.wait(list(pending), timeout=timeout, return_when="FIRST_COMPLETED")
        except TimeoutError:  # distributed raises on timeout instead of returning nothing done
            return set(), set(pending)
        return set(done), set(not_done)

    def stop(self, pending: set) -> set:
        """Stop the run: the chunks no worker has started return None at once
        (no race with a worker just starting one, as cancelling would have);
        the running ones finish. Every chunk in flight is returned."""
        self.stop_event.set()
        return set(pending)

    def wait_all(self, futures: set) -> None:
        if futures:
            self.distributed.wait(list(futures))

    def close(self) -> None:
        try:
            self.stop_event.clear()  # forget the event on the scheduler
        finally:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


@contextmanager
def study_cluster(cluster):
    """The `cluster` to give every run of a study: for 'local:N', a Target of
    one LocalCluster started here for all the runs (closed on leaving; the
    runs' manifests still say dask:local:N); otherwise `cluster` itself."""
    target = parse_cluster(cluster)
    if target.kind != "local" or target.address:
        yield cluster
        return
    distributed = _import_distributed()
    import kernels  # noqa: F401  (NUMBA_CACHE_DIR for the workers: see DaskBackend)

    lc = distributed.LocalCluster(n_workers=target.workers, threads_per_worker=1, processes=True, **NO_DASHBOARD)
    try:
        with distributed.Client(lc) as client:
            client.run(_ignore_sigint)
        yield Target("local", workers=target.workers, address=lc.scheduler_address)
    finally:
        lc.close()


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _unless_stopped(stop_name: str, fn, *args):
    """A chunk as a Dask task: skipped (None) once the client has stopped the run."""
    if _import_distributed().Event(stop_name).is_set():
        return None
    return fn(*args)
