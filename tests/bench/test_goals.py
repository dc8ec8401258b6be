"""The speed goals read the figures of a benchmark and say met or not."""

from bench.goals import GOALS, goal_table


def _bench(usa2_gps: float, usa2_us: float, whole: float, compile_s: float) -> dict:
    return {"per_decision": [dict(board="usa", players=2, bot="random", games_per_s=usa2_gps,
                                  us_per_decision=usa2_us)],
            "games_per_s": [dict(board="usa", players=2, bot="random", threads=1, games_per_s=whole),
                            dict(board="usa", players=2, bot="random", threads=2, games_per_s=2 * whole)],
            "tables_cost": dict(engine=usa2_gps, memory=whole, memory_ratio=round(whole / usa2_gps, 3)),
            "cold_compile_s": compile_s}


def _by_goal(bench: dict) -> dict:
    return {r["goal"]: r for r in goal_table(bench)}


def test_every_goal_has_a_row_and_an_unmeasured_goal_is_not_judged():
    rows = _by_goal({})
    assert len(rows) == len(GOALS)
    assert all(r["measured"] is None and r["met"] is None for r in rows.values())


def test_a_figure_past_its_bound_meets_the_goal_in_the_direction_that_counts():
    fast = _by_goal(_bench(60_000, 0.10, 58_000, 50))
    slow = _by_goal(_bench(30_000, 0.20, 24_000, 90))
    gps, us = "random USA 2p, engine, one thread", "random USA 2p, engine, time per decision"
    tables, cold = "tables nearly free: whole run / engine, USA 2p random", "cold compile of every kernel"
    assert fast[gps]["met"] and fast[us]["met"] and fast[cold]["met"]
    assert not (slow[gps]["met"] or slow[us]["met"] or slow[cold]["met"])
    # the one-thread whole run over the engine alone, as tables_cost measured them (interleaved rounds)
    assert fast[tables]["measured"] == round(58_000 / 60_000, 3) and fast[tables]["met"]
    assert slow[tables]["measured"] == 0.8 and not slow[tables]["met"]
