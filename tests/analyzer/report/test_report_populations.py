"""The Answers per population of players: the Populations section's figures
and the flag on constructed tables both ways, and a small real run of the
plan's population twins (mixed table, strong table) through the report: each
answer's figures for the three populations, the twins kept out of the other
sections."""

from __future__ import annotations

import dataclasses
import html
import re
import warnings

import numpy as np
import pandas as pd
import pytest

from analyzer import studies as S
from analyzer.report import page as P
from analyzer.report.html import Answer, Section, pct
from analyzer.report.populations import population_table, with_populations
from analyzer.report.sections import populations as sec
from analyzer.run import studies as R
from analyzer.stats.intervals import share

pytestmark = pytest.mark.filterwarnings("error")  # a report build gives no warning

GAMES = 16
TEST_ROLLOUTS = 4  # the strong table's search budget here, small to keep the test short
BASES = ("europe-4p", f"europe-4p-reveal-{S.POPULATION_REVEAL}", "europe-2p", "europe-2p-doubles-open")


def figures(answer: str, measure: str, rows, signed=False, unit="share") -> pd.DataFrame:
    return pd.DataFrame([{"answer": answer, "measure": measure, "board": "europe", "players": 4, "population": p,
                          "value": v, "ci_low": lo, "ci_high": hi, "games": 1000, "signed": signed, "unit": unit}
                         for p, v, lo, hi in rows])


def answer(key: str, f: pd.DataFrame) -> Answer:
    pops = Section("populations", "Populations", data={"figures": f, "differences": sec.differences(f)})
    a = Answer("Which tickets get completed?", "On Europe ...", pd.DataFrame({"x": ["1"]}), "Cells.",
               [("tickets", "Tickets")])
    return with_populations(a, key, pops)


def test_an_answer_is_flagged_when_two_populations_intervals_are_apart():
    f = figures("tickets", "Tickets completed", [("planner self-play", 0.55, 0.54, 0.56),
                                                 ("mixed table", 0.50, 0.48, 0.52),
                                                 ("strong table", 0.56, 0.52, 0.60)])
    a = answer("tickets", f)
    assert a.flag == ("Differs by population: Tickets completed, 4 players: planner self-play 55.0% (54.0–56.0) "
                      "against mixed table 50.0% (48.0–52.0), intervals apart.")
    assert list(a.populations.columns) == ["planner self-play", "mixed table", "strong table"]
    assert a.populations.loc["Tickets completed (Europe, 4 players)", "strong table"] == \
        "56.0% (52.0–60.0), 1,000 games"
    assert ("populations", "Populations") in a.links and "each population" in a.note


def test_an_answer_whose_populations_agree_has_their_figures_and_no_flag():
    f = figures("tickets", "Tickets completed", [("planner self-play", 0.55, 0.54, 0.56),
                                                 ("mixed table", 0.53, 0.50, 0.545)])
    a = answer("tickets", f)
    assert a.flag is None and a.populations.shape == (1, 2)
    assert answer("bonuses", f).populations is None  # no figures for that answer: left as it was


def test_a_change_of_opposite_sign_is_flagged_and_one_of_the_same_sign_is_not():
    rows = [("planner self-play", -0.004, -0.007, -0.001), ("mixed table", 0.002, -0.003, 0.008)]
    a = answer("closure", figures("closure", "Ticket completion, closed minus open", rows, True, "pp"))
    assert a.flag.endswith("planner self-play -0.40 pp (-0.70 to -0.10) against mixed table +0.20 pp "
                           "(-0.30 to +0.80), opposite signs.")
    rows[1] = ("mixed table", -0.002, -0.008, 0.004)
    assert answer("closure", figures("closure", "Ticket completion, closed minus open", rows, True, "pp")).flag is None


def test_a_figure_without_a_value_is_a_dash_and_flags_nothing():
    f = figures("tunnels", "Surcharge due, 3 cards revealed", [("planner self-play", 0.3, 0.29, 0.31),
                                                                ("strong table", np.nan, np.nan, np.nan)])
    a = answer("tunnels", f)
    assert a.flag is None and a.populations.loc["Surcharge due, 3 cards revealed (Europe, 4 players)",
                                                "strong table"] == "–"


def test_the_population_table_keeps_each_player_count_apart():
    f = pd.concat([figures("closure", "Ticket completion, closed minus open", [("a", 0.01, 0.0, 0.02)], True, "pp")
                   .assign(players=p) for p in (2, 3)], ignore_index=True)
    t = population_table(f)
    assert list(t.index) == ["Ticket completion, closed minus open (Europe, 2 players)",
                             "Ticket completion, closed minus open (Europe, 3 players)"]


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    root = tmp_path_factory.mktemp("populations")
    names = {n for b in BASES for p in S.POPULATIONS for n in S.population_twins(p, b)}
    studies = [dataclasses.replace(s, games_share=0.25, bot_params={"EXPERT_ROLLOUTS": TEST_ROLLOUTS})
               if s.bots == S.STRONG_TABLE else dataclasses.replace(s, games_share=1.0)
               for s in S.all_studies() if s.name in names]
    runs = R.run_studies(games=GAMES, bots="planner", seed=4, results_dir=root / "results", threads=1,
                         progress=False, studies=studies, log=lambda *_: None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        path = P.build_report(runs, root / "report", log=lambda *_: None)
    return path, runs


def test_every_answer_it_quotes_has_its_three_populations(made):
    path, runs = made
    assert runs["strong-table-europe-4p"].manifest["bots"] == ["expert"] * 4
    assert runs["mixed-table-europe-4p"].manifest["bots"] == list(S.MIXED_TABLE)
    f = pd.read_csv(path.parent / "population_figures.csv")
    assert set(f["population"]) == {"planner self-play", "mixed table", "strong table"}
    assert set(f["answer"]) == {"tunnels", "tickets", "bonuses", "closure", "house_rules"}
    assert f.groupby(["measure", "players"]).size().eq(3).all()
    t = runs["europe-4p"].tickets  # self-play: the core study itself
    mine = f.query("measure == 'Tickets completed' and population == 'planner self-play'").iloc[0]
    expected = share(int(t["completed"].sum()), len(t))
    assert mine["value"] == pytest.approx(expected["rate"]) and mine["ci_low"] == pytest.approx(expected["ci_low"])
    closure = f.query("answer == 'closure' and population == 'mixed table'").iloc[0]
    assert closure["games"] == 2 * GAMES  # both seat orders of the 2-player mixed table, pooled
    assert f.query("population == 'strong table'")["games"].min() == GAMES // 4


def test_the_answers_show_the_populations_and_the_other_sections_do_not_see_the_twins(made):
    path, _ = made
    text = path.read_text()
    assert '<section id="populations">' in text
    answers = html.unescape(text[text.index('<section id="answers">'):text.index("</section>")])
    block = re.search(r"<h3>Which tickets get completed\?</h3>(.*?)</article>", answers, flags=re.S).group(1)
    assert block.count("<table") == 2 and "<th>mixed table</th>" in block and "<th>strong table</th>" in block
    assert "Tickets completed (Europe, 4 players)" in block
    f = pd.read_csv(path.parent / "population_figures.csv").query("measure == 'Tickets completed'")
    for _, r in f.iterrows():
        assert f"{pct(r['value'])} ({100 * r['ci_low']:.1f}–{100 * r['ci_high']:.1f})" in block
    tickets = pd.read_csv(path.parent / "ticket_completion.csv")
    assert set(tickets["study"]) == {"europe-2p", "europe-4p"}  # the twins stay out of the Tickets section
    assert "strong-table-europe-4p" in text  # the runs table lists every run


def test_seat_orders_of_one_seed_count_their_deals_once(made):
    """Two runs of the same deals (here one run given twice) are one sample of deals: the paired change
    and its interval are the single run's, not an interval narrowed as if the games were independent."""
    _, runs = made
    closed, opened = runs["europe-2p"], runs["europe-2p-doubles-open"]
    once = sec._paired("ticket_completion", [closed], [opened])
    twice = sec._paired("ticket_completion", [closed, closed], [opened, opened])
    assert twice == pytest.approx(once)
    assert once["ci_high"] > once["ci_low"]
