"""Balance: does the seat decide the game, does skill decide it, on every
board (docs/balance.md). One scorecard per board at one player count
(analyzer.studies.BALANCE_STUDIES): a tier ladder of random, greedy, planner
and `expert` at a small budget, every table of tiers in every seat by
rotation, game i of every run on the same deal, read back from the runs
named by the plan and measured by analyzer.stats.balance: a verdict line per
board, then one figure per measure."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from analyzer.report.balance_figures import scorecard_figures, verdict
from analyzer.report.figures import save_table
from analyzer.report.html import Section
from analyzer.report.runs import board_name, expert_budget, is_provisional, plan_groups, stacked_players
from analyzer.run.results import Results
from analyzer.stats.balance import MEASURES, TIERS, resample_weights, scorecard
from analyzer.studies import BALANCE_PLAYERS, BALANCE_STUDIES, balance_study_prefix

TITLE = "Balance"
BOOTSTRAP = 1000
INTRO = ("Does the seat decide the game, and does skill? Each board is played by four skill tiers, weakest first: "
         "<code>random</code>, <code>greedy</code>, <code>planner</code> and the search player <code>expert</code> "
         "at its fast budget (stated below, from the runs' manifests; docs/bots.md gives its strength against "
         "<code>planner</code>). Every table of tiers plays in every seat by "
         "rotation, and game <i>i</i> of every run starts from the same deal, so deal luck cancels. A seat's "
         "advantage is its win share minus the mean over seats (0 for a fair seat), in points of win share. The "
         "skill-expression index is the mean over adjacent tiers of 2 × (the stronger tier's share of their "
         "head-to-head comparisons) − 1: 0 when skill does not show, 1 when the stronger tier always finishes "
         "ahead; high from 0.5, moderate from 0.2 (docs/balance.md). Intervals: 95%, from resampling whole seed "
         "blocks. These studies are small (a share of <code>GAMES</code>): the seat intervals are wide.")


def balance_groups(runs: dict[str, Results]) -> dict[tuple[str, int], list[tuple[str, Results]]]:
    """(board, players) -> the plan's runs of its scorecard, in seating order (complete scorecards only)."""
    return plan_groups(runs, BALANCE_STUDIES, {(b, p): balance_study_prefix(b, p) for b, p in BALANCE_PLAYERS.items()})


def card_label(board: str, players: int, provisional: bool) -> str:
    return f"{board_name(board)} {players}p" + (" (provisional)" if provisional else "")


def scorecards(groups) -> tuple[dict[str, dict[str, pd.DataFrame]], dict[str, dict]]:
    """label -> the scorecard's tables; label -> its board, players, provisional flag and expert's budget."""
    cards, about = {}, {}
    for (board, players), group in groups.items():
        prov = is_provisional(group[0][1])
        label = card_label(board, players, prov)
        players_table, blocks = stacked_players(group)
        tiers = [t for t in TIERS if t in set(players_table["bot"])]
        seed = int(group[0][1].manifest.get("seed", 1))
        measures = scorecard(players_table, tiers, blocks, resample_weights(blocks, BOOTSTRAP, seed))
        cards[label] = {name: m.table() for name, m in measures.items()}
        about[label] = {"board": board, "players": players, "provisional": prov,
                        "expert_budget": expert_budget(*(r for _, r in group))}
    return cards, about


def stacked_tables(cards: dict[str, dict[str, pd.DataFrame]], about: dict[str, dict]) -> dict[str, pd.DataFrame]:
    """Each measure's table over every scorecard, its label, board, players and provisional flag in front."""
    out = {}
    for name in MEASURES:
        frames = []
        for label, t in cards.items():
            f = t[name].copy()
            for i, (col, v) in enumerate([("scorecard", label), *((k, about[label][k]) for k in
                                                                    ("board", "players", "provisional"))]):
                f.insert(i, col, v)
            frames.append(f)
        out[name] = pd.concat(frames, ignore_index=True)
    return out


def build_section(runs: dict[str, Results], out_dir: Path) -> Section | None:
    groups = balance_groups(runs)
    if not groups:
        return None
    out = Path(out_dir)
    cards, about = scorecards(groups)
    flags = {a["provisional"] for a in about.values()}
    state = True if flags == {True} else ("some" if True in flags else False)
    sec = Section("balance", TITLE, INTRO)
    sec.findings += [f"{verdict(label, t)}; n={int(t['length']['games'].iloc[0]):,} games, expert at "
                     f"its {about[label]['expert_budget']}." for label, t in cards.items()]
    sec.figures += scorecard_figures(cards, out, "balance", provisional=state)
    tables = stacked_tables(cards, about)
    captions = {"seats": "Win share and advantage per seat, every tier together and each tier",
                "matrix": "Skill matrix: each tier's share of its head-to-head comparisons",
                "ratings": "Bradley-Terry rating per tier", "index": "Skill-expression index, rating spread, "
                "top tier against bottom tier", "length": "Game length (rounds)",
                "decided": "Games decided by tickets", "bonuses": "Bonus rates per tier, and the takers' win share"}
    for name in MEASURES:
        sec.tables.append(save_table(tables[name], out, f"balance_{name}", captions[name], index=False))
    sec.data.update(tables)
    return sec
