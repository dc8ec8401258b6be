"""The Answers at the top of the page. Each is a question, one verdict
sentence (its number with the 95% CI), a small table (board × player count,
or reveal × measure) and a link to the section with the detail, computed
from the tables the sections wrote (Section.data). A question whose section
is absent is left out."""

from __future__ import annotations

import pandas as pd

from analyzer.report.balance_figures import skill_word
from analyzer.report.html import Answer, Section, pct
from analyzer.report.names import bonus_name, measure_name, parameter_name
from analyzer.report.populations import with_populations
from analyzer.report.runs import board_name
from analyzer.stats.intervals import share


def _ci(lo: float, hi: float) -> str:
    """'95% CI 51.1–60.3%' of two shares."""
    return f"95% CI {100 * lo:.1f}–{100 * hi:.1f}%"


def _cell(rate: float, lo: float, hi: float) -> str:
    """'55.8% (51.1–60.3)' of a share and its interval."""
    return f"{pct(rate)} ({100 * lo:.1f}–{100 * hi:.1f})"


def _signed(x: float, lo: float, hi: float, digits: int = 1) -> str:
    return f"{x:+.{digits}f} ({lo:+.{digits}f} to {hi:+.{digits}f})"


def _where(board: str, players: int) -> str:
    return f"{board_name(board)} with {int(players)} players"


def _focus(frame: pd.DataFrame, players: int = 4) -> pd.Series:
    """The row a verdict quotes: Europe if present, `players` players if present (else the most)."""
    boards = list(dict.fromkeys(frame["board"]))
    f = frame[frame["board"] == ("europe" if "europe" in boards else boards[0])]
    p = players if (f["players"] == players).any() else int(f["players"].max())
    return f[f["players"] == p].iloc[0]


def _by_board_and_players(frame: pd.DataFrame, cell: str) -> pd.DataFrame:
    """Rows: boards (provisional ones marked); columns: player counts; cells: frame[cell]."""
    f = frame.assign(Board=[board_name(b) + (" (provisional board)" if prov else "")
                            for b, prov in zip(frame["board"], frame["provisional"], strict=True)],
                     Players=[f"{int(p)} players" for p in frame["players"]])
    t = f.pivot_table(index="Board", columns="Players", values=cell, aggfunc="first", sort=False)
    return t[sorted(t.columns)].fillna("–")


def tunnels(sec: Section) -> Answer | None:
    odds = sec.data.get("odds")
    if odds is None:
        return None
    exact = odds.groupby("revealed")["p_any"].first()
    deck, matching = int(odds["deck_size"].iloc[0]), int(odds["matching"].iloc[0])
    note = f"Exact odds: a fresh {deck}-card deck with {matching} cards that match the tunnel's colour."
    question = "How risky is a tunnel with 3 revealed cards, against 4–6?"
    links = [(sec.key, sec.title)]
    st, fam = _reveal_family(sec)
    if st is None:
        top = int(exact.index.max())
        verdict = (f"With a fresh {deck}-card deck, revealing 3 cards makes a surcharge due with probability "
                   f"{pct(exact[3])} (exact); revealing {top}, {pct(exact[top])}.")
        table = pd.DataFrame({"Surcharge due, exact": [pct(v) for v in exact]},
                             index=pd.Index([int(r) for r in exact.index], name="Cards revealed"))
        return Answer(question, verdict, table, note, links)
    top = int(st.index.max())
    where = _where(*_board_players(sec, fam))
    three, last = st.loc[3], st.loc[top]
    verdict = (f"On {where}, revealing 3 cards makes a surcharge due in {pct(three['p_any'])} of tunnel attempts "
               f"({_ci(three['p_any_ci_low'], three['p_any_ci_high'])}); revealing {top}, in "
               f"{pct(last['p_any'])} ({_ci(last['p_any_ci_low'], last['p_any_ci_high'])}).")
    table = pd.DataFrame({
        "Surcharge due, exact": [pct(exact.get(r, float("nan"))) for r in st.index],
        "Surcharge due in play (95% CI)": [_cell(r["p_any"], r["p_any_ci_low"], r["p_any_ci_high"])
                                           for _, r in st.iterrows()],
        "Attempts abandoned (95% CI)": [_cell(r["abandoned"], r["abandoned_ci_low"], r["abandoned_ci_high"])
                                        for _, r in st.iterrows()],
        "Attempts": [f"{int(r['attempts']):,}" for _, r in st.iterrows()],
    }, index=pd.Index([int(r) for r in st.index], name="Cards revealed"))
    note += (f" In play: {where}, {int(three['games']):,} games per value, the same deals; a surcharge is due "
             "when at least one revealed card matches.")
    return Answer(question, verdict, table, note, links)


def _reveal_family(sec: Section) -> tuple[pd.DataFrame | None, str | None]:
    """The tunnel family the answer quotes (one with 3 and more cards, the most games), by tunnel_reveal."""
    study = sec.data.get("reveal_study")
    if study is None:
        return None, None
    fams = study.groupby("family", sort=False)
    fam = max(fams.groups, key=lambda f: (3 in set(fams.get_group(f)["tunnel_reveal"]),
                                          int(fams.get_group(f)["games"].iloc[0])))
    st = fams.get_group(fam).set_index("tunnel_reveal")
    if 3 not in st.index or not (st.index > 3).any():
        return None, None
    return st, fam


def _board_players(sec: Section, study: str) -> tuple[str, int]:
    """The board and player count of a study, from the tunnels section's tables."""
    inplay = sec.data.get("in_play")
    if inplay is not None and (inplay["study"] == study).any():
        row = inplay[inplay["study"] == study].iloc[0]
        return str(row["board"]), int(row["players"])
    board, _, players = study.rpartition("-")
    return board.replace("-", "_"), int(players.rstrip("p") or 0)


def tickets(sec: Section) -> Answer | None:
    per_ticket = sec.data.get("per_ticket")
    if per_ticket is None or per_ticket.empty:
        return None
    g = per_ticket.groupby(["study", "board", "players", "provisional"], sort=False)[["successes", "n"]].sum()
    g = g.reset_index().sort_values("n", ascending=False).drop_duplicates(["board", "players"]).sort_index()
    rates = pd.DataFrame([share(int(s), int(n)) for s, n in zip(g["successes"], g["n"], strict=True)],
                         index=g.index)
    g = g.join(rates[["rate", "ci_low", "ci_high"]])
    g["cell"] = [_cell(r, lo, hi) for r, lo, hi in zip(g["rate"], g["ci_low"], g["ci_high"], strict=True)]
    f = _focus(g)
    verdict = (f"On {_where(f['board'], f['players'])}, {pct(f['rate'])} of the tickets held at the end of a game "
               f"are completed ({_ci(f['ci_low'], f['ci_high'])}).")
    note = (f"Share of the tickets held at the end of a game that were completed (95% CI); each cell counts every "
            f"ticket of its study, {int(g['n'].min()):,} to {int(g['n'].max()):,} tickets.")
    return Answer("Which tickets get completed?", verdict, _by_board_and_players(g, "cell"), note,
                  [(sec.key, sec.title)])


def bonuses(sec: Section) -> Answer | None:
    b = sec.data.get("bonuses")
    if b is None or b.empty:
        return None
    rows = []
    for _, g in b.groupby(["bonus", "board"], sort=False):
        players = 4 if (g["players"] == 4).any() else int(g["players"].max())
        rows.append(g[g["players"] == players].iloc[0])
    t = pd.DataFrame(rows)
    f = _focus(t[t["bonus"] == "longest_bonus"] if (t["bonus"] == "longest_bonus").any() else t)
    verdict = (f"The {bonus_name(f['bonus'], f['board'])} ({board_name(f['board'])}, {int(f['players'])} players) "
               f"swings the winner in {pct(f['swings'])} of games ({_ci(f['swings_ci_low'], f['swings_ci_high'])}); "
               f"its holder wins {pct(f['holder_wins'])} against a fair {pct(f['team_size'] / f['players'])}.")
    table = pd.DataFrame({
        "Board": [board_name(x) for x in t["board"]],
        "Players": [int(p) for p in t["players"]],
        "Points per game (95% CI)": [f"{r.points_per_game:.1f} ({r.points_ci_low:.1f} to {r.points_ci_high:.1f})"
                                     for r in t.itertuples()],
        "Holder wins (95% CI)": [_cell(r.holder_wins, r.holder_wins_ci_low, r.holder_wins_ci_high)
                                 for r in t.itertuples()],
        "Fair share": [pct(r.team_size / r.players) for r in t.itertuples()],
        "Swings the winner (95% CI)": [_cell(r.swings, r.swings_ci_low, r.swings_ci_high) for r in t.itertuples()],
    }, index=pd.Index([bonus_name(c, bd) for c, bd in zip(t["bonus"], t["board"], strict=True)], name="Bonus"))
    note = ("Each bonus at 4 players where its board has them, else at the most players its studies have. A bonus "
            "swings the winner when, without its points, the top score would be someone else's; a shared first "
            "place counts for each winner.")
    return Answer("What is each bonus worth, and how often does it swing the winner?", verdict, table, note,
                  [(sec.key, sec.title)])


def closure(sec: Section) -> Answer | None:
    d = sec.data.get("differences")
    if d is None or d.empty:
        return None
    rows = []
    for (board, players), g in d.groupby(["board", "players"], sort=False):
        g = g.set_index("metric")
        tc, sc = g.loc["ticket_completion"], g.loc["score"]
        rows.append(dict(board=board, players=int(players), tc=tc["difference"], tc_lo=tc["ci_low"],
                         tc_hi=tc["ci_high"], sc=sc["difference"], sc_lo=sc["ci_low"], sc_hi=sc["ci_high"],
                         games=int(tc["games"])))
    t = pd.DataFrame(rows)
    europe = t[t["board"] == "europe"] if (t["board"] == "europe").any() else t
    f = europe.loc[europe["players"].idxmax()]
    verdict = (f"On {_where(f['board'], f['players'])}, closing the second lane changes ticket completion by "
               f"{100 * f['tc']:+.2f} percentage points (95% CI {100 * f['tc_lo']:+.2f} to {100 * f['tc_hi']:+.2f}) "
               "against the same deals with both lanes open.")
    table = pd.DataFrame({
        "Board": [board_name(b) for b in t["board"]],
        "Players": t["players"].to_list(),
        "Ticket completion, percentage points (95% CI)": [_signed(100 * r.tc, 100 * r.tc_lo, 100 * r.tc_hi, 2)
                                                          for r in t.itertuples()],
        "Mean score, points (95% CI)": [_signed(r.sc, r.sc_lo, r.sc_hi, 2) for r in t.itertuples()],
        "Game pairs": [f"{g:,}" for g in t["games"]],
    })
    note = "Closed minus open, paired over the same deals (each pair: one game with the closure, one without)."
    return Answer("What does closing the second lane of double routes with 2–3 players do?", verdict,
                  table.set_index(["Board", "Players"]), note, [(sec.key, sec.title)])


def _change(row, scale: float, unit: str) -> str:
    return (f"{scale * row['difference']:+.1f}{unit} ({scale * row['ci_low']:+.1f} to "
            f"{scale * row['ci_high']:+.1f})")


SWEEP_COLUMNS = {"mean_score": ("Mean score (95% CI)", 1, " points"),
                 "longest_bonus_holder_win_rate": ("Longest path holder's win rate (95% CI)", 100, " pp"),
                 "seat_advantage": ("Seat advantage (95% CI)", 100, " pp")}
"""The sweep's measures the answer shows: column, scale, unit (pp: percentage points)."""


def house_rules(tun: Section | None, sweep: Section | None) -> Answer | None:
    rows, verdict, links = [], None, []
    st, fam = _reveal_family(tun) if tun is not None else (None, None)
    if st is not None:
        lo, hi = st.iloc[0], st.iloc[-1]
        where = _where(*_board_players(tun, fam))
        verdict = (f"On {where}, revealing {int(hi.name)} tunnel cards instead of {int(lo.name)} takes abandoned "
                   f"tunnel attempts from {pct(lo['abandoned'])} to {pct(hi['abandoned'])} "
                   f"({_ci(hi['abandoned_ci_low'], hi['abandoned_ci_high'])}).")
        rows.append({"House rule": f"{int(hi.name)} cards revealed per tunnel instead of {int(lo.name)}",
                     "Games per variant": f"{int(lo['games']):,}",
                     "Mean score (95% CI)": f"{lo['mean_score']:.1f} → {hi['mean_score']:.1f} "
                                            f"({hi['score_ci_low']:.1f}–{hi['score_ci_high']:.1f})",
                     "Tunnel attempts abandoned (95% CI)": f"{pct(lo['abandoned'])} → "
                                                           + _cell(hi["abandoned"], hi["abandoned_ci_low"],
                                                                   hi["abandoned_ci_high"])})
        links.append((tun.key, tun.title))
    one = sweep.data.get("one_change") if sweep is not None else None
    if one is not None and len(one):
        for param, g in one.groupby("parameter", sort=False):
            if param == "tunnel_reveal" and rows:
                continue  # the tunnel study says it with more games
            v = g["value"].iloc[0]
            g = g[g["value"] == v].set_index(g[g["value"] == v]["measure"].astype(str))
            name = parameter_name(param)
            row = {"House rule": f"{name[0].upper()}{name[1:]} {v} instead of "
                                 f"{g['baseline_value_of_parameter'].iloc[0]}",
                   "Games per variant": f"{int(g['games'].iloc[0]):,}"}
            for m, (col, scale, unit) in SWEEP_COLUMNS.items():
                if m in g.index:
                    row[col] = _change(g.loc[m], scale, unit)
            if verdict is None and "mean_score" in g.index:
                verdict = (f"{row['House rule']} changes the {measure_name('mean_score')} by "
                           f"{_change(g.loc['mean_score'], 1, ' points').replace('(', '(95% CI ')}.")
            rows.append(row)
        links.append((sweep.key, sweep.title))
    if not rows or verdict is None:
        return None
    note = ("Arrows: the usual rule → the house rule, with the 95% CI of the latter; signed numbers: the change "
            "from the sweep's baseline, paired over the same deals, with its 95% CI; pp: percentage points.")
    table = pd.DataFrame(rows).set_index("House rule").fillna("–")
    return Answer("What do the house rules change?", verdict, table, note, links)


def balance(sec: Section) -> Answer | None:
    seats, index = sec.data.get("seats"), sec.data.get("index")
    if seats is None or seats.empty:
        return None
    first = seats[(seats["tier"] == "all") & (seats["seat"] == 0)].reset_index(drop=True)
    sei = index[index["measure"] == "skill_expression"].reset_index(drop=True)
    t = first.assign(sei=sei["value"], sei_low=sei["value_low"], sei_high=sei["value_high"])
    t["cell"] = [f"first seat {_signed(100 * r.advantage, 100 * r.advantage_low, 100 * r.advantage_high)}; skill "
                 f"{r.sei:.2f} ({r.sei_low:.2f}–{r.sei_high:.2f}) {skill_word(r.sei)}" for r in t.itertuples()]
    f = _focus(t)
    verdict = (f"On {_where(f['board'], f['players'])}, the first seat's advantage is "
               f"{100 * f['advantage']:+.1f} points of win share (95% CI {100 * f['advantage_low']:+.1f} to "
               f"{100 * f['advantage_high']:+.1f}); skill "
               f"expression is {skill_word(f['sei'])}, {f['sei']:.2f} (95% CI {f['sei_low']:.2f}–{f['sei_high']:.2f}).")
    note = ("Four skill tiers (random, greedy, planner, expert at a small budget) in every seat on the same deals: "
            "the first seat's win share minus the mean over seats, in points, and the skill-expression index "
            "(0: skill does not show, 1: the stronger tier always ahead), with 95% CIs. Population: the four tiers at "
            "one table, a mixed population by construction; it is not given per population.")
    return Answer("Does the seat or the skill decide the game?", verdict, _by_board_and_players(t, "cell"), note,
                  [(sec.key, sec.title)])


def styles(sec: Section) -> Answer | None:
    summary, h2h = sec.data.get("summary"), sec.data.get("head_to_head")
    if summary is None or summary.empty:
        return None
    top = summary[summary["rank"] == 1].set_index("ladder")
    pair = h2h.set_index("ladder") if h2h is not None else pd.DataFrame()
    rows = []
    for ladder, t in top.iterrows():
        cell = f"top: {t['bot']} ({t['bt']:+.2f}, {t['bt_low']:+.2f} to {t['bt_high']:+.2f})"
        if ladder in pair.index:
            h = pair.loc[ladder]
            cell += f"; long-route ahead {_cell(h['share'], h['share_low'], h['share_high'])}"
        rows.append({"board": t["board"], "players": t["players"], "provisional": False, "cell": cell})
    t = pd.DataFrame(rows)
    f = _focus(t.assign(ladder=list(top.index)))
    lead = top.loc[f["ladder"]]
    verdict = (f"On {_where(f['board'], f['players'])}, {lead['bot']} rates highest (wins "
               f"{pct(lead['win_rate'])}, {_ci(lead['win_low'], lead['win_high'])})")
    if f["ladder"] in pair.index:
        h = pair.loc[f["ladder"]]
        verdict += (f"; long-route is ahead of destination-hungry in {pct(h['share'])} of their "
                    f"comparisons ({_ci(h['share_low'], h['share_high'])})")
    note = ("Five styles on the same deals, every table in every seat: the top style's Bradley-Terry rating "
            "(log-strength, mean 0) with its 95% CI, and the share of their comparisons in which long-route "
            "finished ahead of destination-hungry (50%: even). Population: every table of the five styles, the mixed "
            "and strong players among them; it is not given per population.")
    return Answer("Long routes or tickets: which style wins?", verdict + ".", _by_board_and_players(t, "cell"),
                  note, [(sec.key, sec.title)])


def answers_section(secs: list[Section]) -> Section | None:
    by_key = {s.key: s for s in secs if s.error is None}
    pops = by_key.get("populations")
    found = [with_populations(tunnels(by_key["tunnels"]) if "tunnels" in by_key else None, "tunnels", pops),
             with_populations(tickets(by_key["tickets"]) if "tickets" in by_key else None, "tickets", pops),
             with_populations(bonuses(by_key["bonuses"]) if "bonuses" in by_key else None, "bonuses", pops),
             with_populations(closure(by_key["blocking"]) if "blocking" in by_key else None, "closure", pops),
             with_populations(house_rules(by_key.get("tunnels"), by_key.get("house-rules")), "house_rules", pops),
             balance(by_key["balance"]) if "balance" in by_key else None,
             styles(by_key["styles"]) if "styles" in by_key else None]
    found = [a for a in found if a is not None]
    if not found:
        return None
    return Section("answers", "Answers", "Each question answered from the tables below: a verdict with its 95% "
                   "confidence interval, a table, and a link to the section with the detail. Each figure a "
                   "verdict quotes is also given for three populations of players (self-play, the mixed table, "
                   "the strong table), flagged where two of them differ beyond their intervals; the ladders of "
                   "skill tiers and of styles are mixed populations of their own.", answers=found)
