"""What a long run shows and how it stops: a progress bar with games/s and
ETA, and Ctrl-C handled between chunks."""

from __future__ import annotations

import signal
import threading
import time


class CtrlC:
    """Ctrl-C (SIGINT) during a run only raises a flag, which the chunk loop
    checks between waits: a KeyboardInterrupt raised asynchronously inside a
    library's wait (Dask's client loop) can be swallowed, and the run would
    then finish instead of stopping. A second Ctrl-C interrupts at once."""

    def __init__(self):
        self.requested = False
        self._previous = None

    def _handler(self, signum, frame):
        self.requested = True
        signal.signal(signal.SIGINT, self._previous)  # the next Ctrl-C acts as usual

    def check(self) -> None:
        if self.requested:
            raise KeyboardInterrupt

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.getsignal(signal.SIGINT)
            signal.signal(signal.SIGINT, self._handler)
        return self

    def __exit__(self, *exc):
        if self._previous is not None and signal.getsignal(signal.SIGINT) == self._handler:
            signal.signal(signal.SIGINT, self._previous)


class RunProgress:
    """A rich progress bar with games/s and ETA (silent when disabled), after
    a one-line notice when one is given (the kernels are being compiled)."""

    def __init__(self, total: int, done: int, enabled: bool, notice: str | None = None):
        self.enabled = enabled
        if not enabled:
            return
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.start = time.perf_counter()
        self.base = done
        self.progress = Progress(
            TextColumn("[bold]simulating"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("games · {task.fields[rate]} games/s · ETA"),
            TimeRemainingColumn(),
            TimeElapsedColumn(),
            transient=False,
        )
        if notice:
            self.progress.console.print(notice, soft_wrap=True)
        self.progress.start()
        self.task = self.progress.add_task("sim", total=total, completed=done, rate="—")

    def advance(self, n: int):
        if not self.enabled:
            return
        self.progress.advance(self.task, n)
        done = self.progress.tasks[0].completed - self.base
        rate = done / max(time.perf_counter() - self.start, 1e-9)
        self.progress.update(self.task, rate=f"{rate:,.0f}")

    def note(self, text: str):
        if self.enabled:
            self.progress.console.print(text)

    def close(self):
        if self.enabled:
            self.progress.stop()


class LadderProgress:
    """One bar over a ladder's runs: which run, games done, time elapsed."""

    def __init__(self, n_runs: int, total: int, enabled: bool, notice: str | None = None):
        self.enabled = enabled
        if not enabled:
            return
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self.n_runs = n_runs
        self.progress = Progress(TextColumn("[bold]ladder[/bold] {task.fields[what]}"), BarColumn(),
                                 MofNCompleteColumn(), TextColumn("games"), TimeElapsedColumn())
        if notice:
            self.progress.console.print(notice, soft_wrap=True)
        self.progress.start()
        self.task = self.progress.add_task("ladder", total=total, what="")

    def start_run(self, i: int, seats: str):
        if self.enabled:
            self.progress.update(self.task, what=f"run {i + 1}/{self.n_runs} ({seats})")

    def end_run(self, n: int):
        if self.enabled:
            self.progress.advance(self.task, n)

    def close(self):
        if self.enabled:
            self.progress.stop()
