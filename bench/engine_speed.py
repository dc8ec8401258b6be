"""The engine's own speed, without the tables: games per second of the kernel
loop (kernels.runner.play_block on one thread, rows written into buffers
whose pages were written before, no Parquet; timed in the thread's CPU time,
so other processes on the machine count less),
the decisions (bot calls) per game and the time per decision, and the time to
copy a game state into a scratch state (kernels.core.state.copy_state, what a
search player does before every rollout). Used by bench/bench.py; also

    .venv/bin/python bench/engine_speed.py [--games 20000] [--quick]

A benchmark: it prints numbers and asserts nothing."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from analyzer.boards import builtin_boards, load_board  # noqa: E402
from analyzer.bots import BOT_NAMES, BotParams, bot_ids, parse_bots, unsupported_bots  # noqa: E402
from analyzer.records import state_record  # noqa: E402
from kernels import layouts as L  # noqa: E402
from kernels.core.state import copy_state, new_state  # noqa: E402
from kernels.runner import play_block  # noqa: E402

# The bots timed over thousands of games. expert (a search player: thousands of
# planner games per game) is timed apart, on a few games (bench.bench.expert_speed).
TABLE_BOTS = tuple(b for b in BOT_NAMES if b != "expert")


@njit(cache=True)
def _copy_many(dst, src, n):
    """n state copies (a benchmark kernel: the copy is what is timed)."""
    for _ in range(n):
        copy_state(dst, src)
        src.sc[0] = dst.sc[0]  # a dependency between copies so none is dropped


def record_buffers(n: int, players: int, n_tickets: int, n_routes: int) -> tuple[np.ndarray, ...]:
    """The five tables' buffers of play_block for n games: room for every ticket and route of each."""
    return (np.zeros(n, L.GAME_RECORD), np.zeros(n * players, L.PLAYER_RECORD),
            np.zeros(n * n_tickets, L.TICKET_RECORD), np.zeros(n * n_routes, L.CLAIM_RECORD),
            np.zeros(n * 64 + 4096, L.TUNNEL_RECORD))


def kernel_speed(board: str, players: int, bot: str, games: int, runs: int = 1) -> dict:
    """One thread of the kernel loop: games/s, decisions per game, µs per
    decision; with runs > 1 the fastest of that many runs of the same games
    (as timeit advises: on a shared machine the noise only ever slows a run
    down), every run's games/s kept in `runs_games_per_s`. Every run writes
    its rows into the same buffers, each page of them written before the
    first run: what fresh memory costs (a page fault and the operating
    system zeroing the page, on the kernel's first write to it) is the
    tables' cost, and the whole runs, whose chunks write into fresh buffers,
    pay it (bench/tables_speed.py)."""
    b = load_board(board)
    rules = b.rules()
    bd, ru = b.compile(rules), rules.to_array()
    bots = bot_ids(parse_bots(bot, players))
    n_routes, n_tickets = bd.routes.shape[0], bd.tickets.shape[0]

    bufs = record_buffers(max(games, 4), players, n_tickets, n_routes)
    for buf in bufs:  # every page written once here: the runs time the kernel, not the first touch of fresh pages
        buf.fill(0)

    def play(first: int, n: int) -> tuple[float, int]:
        counts = np.zeros(6, np.int64)
        t0 = time.thread_time()
        done = play_block(bd, ru, bots, BotParams().to_array(), np.int64(1), np.int64(first), np.int64(n), bufs, counts)
        assert done == n, "buffers too small"
        return time.thread_time() - t0, int(counts[5])

    play(0, 4)  # compile or load the cache
    times = []
    for _ in range(runs):
        wall, decisions = play(1000, games)
        times.append(wall)
    wall = min(times)
    return dict(board=board, players=players, bot=bot, games=games, games_per_s=round(games / wall, 1),
                decisions_per_game=round(decisions / games, 1), us_per_decision=round(wall / decisions * 1e6, 3),
                runs_games_per_s=[round(games / t, 1) for t in times])


def state_copy_us(board: str = "europe", players: int = 4, copies: int = 200_000) -> dict:
    """Time of one copy_state between two states of this board and player count."""
    b = load_board(board)
    rules = b.rules()
    bd, ru = b.compile(rules), rules.to_array()
    src, dst = (state_record(new_state(bd, ru, np.int64(players))) for _ in range(2))
    _copy_many(dst, src, np.int64(10))
    t0 = time.thread_time()
    _copy_many(dst, src, np.int64(copies))
    us = (time.thread_time() - t0) / copies * 1e6
    return dict(board=board, players=players, state_bytes=int(L.STATE_COPY_BYTES), state_copy_us=round(us, 4))


def configs() -> list[tuple[str, int, str]]:
    """Every bot on every board it plays, at the board's largest player count,
    plus USA 2 players (the reference case of the speed targets)."""
    out = [("usa", 2, "random"), ("usa", 2, "planner")]
    for board in builtin_boards():
        rules = load_board(board).rules()
        players = 4 if rules.min_players <= 4 <= rules.max_players else rules.max_players
        for bot in TABLE_BOTS:
            if not unsupported_bots([bot], rules):
                out.append((board, players, bot))
    return out


def main() -> None:
    quick = "--quick" in sys.argv
    games = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else (2_000 if quick else 20_000)
    for board, players, bot in configs():
        r = kernel_speed(board, players, bot, games)
        print(f"{board:14s} {players}p {bot:18s} {r['games_per_s']:10,.0f} games/s  "
              f"{r['decisions_per_game']:6.1f} decisions/game  {r['us_per_decision']:7.3f} µs/decision", flush=True)
    c = state_copy_us()
    print(f"state copy ({c['board']} {c['players']}p, {c['state_bytes']:,} bytes): {c['state_copy_us']} µs")


if __name__ == "__main__":
    main()
