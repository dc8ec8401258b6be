"""The Answers at the top of the page: one short paragraph per question the
project was made for, each number with its 95% CI and n, computed from the
tables the sections wrote (Section.data), each linking to the section with
the detail. A question whose section is absent is left out."""

from __future__ import annotations

import pandas as pd

from analyzer.report.html import Answer, Section, ci_pct, pct
from analyzer.report.runs import board_name
from analyzer.stats.intervals import share


def _ci(lo: float, hi: float, n: int, unit: str) -> str:
    return f"{ci_pct(lo, hi)}, n={int(n):,} {unit}"


def _focus(frame: pd.DataFrame) -> pd.DataFrame:
    """The rows of the run a paragraph quotes: Europe if present, 4 players if present."""
    boards = list(dict.fromkeys(frame["board"]))
    board = "europe" if "europe" in boards else boards[0]
    f = frame[frame["board"] == board]
    players = 4 if (f["players"] == 4).any() else int(f["players"].max())
    return f[f["players"] == players]


def tunnels(sec: Section) -> Answer | None:
    odds = sec.data.get("odds")
    if odds is None:
        return None
    p_any = odds.groupby("revealed")["p_any"].first()
    text = (f"With a fresh 110-card deck, revealing 3 cards costs at least one extra card with probability "
            f"{pct(p_any[3])}; revealing " + ", ".join(f"{r}: {pct(p_any[r])}" for r in p_any.index if r > 3)
            + " (exact, hypergeometric).")
    study = sec.data.get("reveal_study")
    if study is not None:
        fams = study.groupby("family", sort=False)
        fam = max(fams.groups, key=lambda f: (3 in set(fams.get_group(f)["tunnel_reveal"]),
                                              int(fams.get_group(f)["games"].iloc[0])))
        st = fams.get_group(fam).set_index("tunnel_reveal")
        if 3 in st.index and (st.index > 3).any():
            three = st.loc[3]
            more = [r for r in st.index if r > 3]

            def due(r):
                row = st.loc[r]
                return (f"{pct(row['p_any'])} of attempts revealing {r} "
                        f"({_ci(row['p_any_ci_low'], row['p_any_ci_high'], row['attempts'], 'attempts')})")

            text += (f" In play (study {fam}, {int(three['games']):,} games per value, the same deals), a surcharge "
                     f"was due in {due(3)}, against " + "; ".join(due(r) for r in more) + ".")
    return Answer("How risky is a tunnel with 3 revealed cards, against 4–6?", text, sec.key, sec.title)


def tickets(sec: Section) -> Answer | None:
    per_ticket = sec.data.get("per_ticket")
    if per_ticket is None or per_ticket.empty:
        return None
    f = _focus(per_ticket)
    study = f["study"].iloc[0]
    all_ = share(int(f["successes"].sum()), int(f["n"].sum()))
    run = f"{board_name(f['board'].iloc[0])}, {int(f['players'].iloc[0])} players"
    text = (f"{run}: {pct(all_['rate'])} of the tickets held at the end of a game are completed "
            f"({_ci(all_['ci_low'], all_['ci_high'], all_['n'], 'tickets')}).")
    held = f[f["n"] >= 30]
    if len(held):
        hard, easy = held.loc[held["rate"].idxmin()], held.loc[held["rate"].idxmax()]
        text += (f" The hardest ticket held at least 30 times is {hard['ticket_name']}, completed "
                 f"{pct(hard['rate'])} ({_ci(hard['ci_low'], hard['ci_high'], hard['n'], 'holdings')}); the "
                 f"easiest {easy['ticket_name']}, {pct(easy['rate'])} "
                 f"({_ci(easy['ci_low'], easy['ci_high'], easy['n'], 'holdings')}).")
    kind = sec.data.get("kind")
    if kind is not None:
        k = kind[kind["study"] == study].set_index("kind")
        if {"long", "regular"} <= set(k.index):
            lg, rg = k.loc["long"], k.loc["regular"]
            text += (f" Long tickets: {pct(lg['rate'])} ({_ci(lg['ci_low'], lg['ci_high'], lg['n'], 'held')}) "
                     f"against {pct(rg['rate'])} for regular ones.")
    return Answer("Which tickets get completed?", text, sec.key, sec.title)


def bonuses(sec: Section) -> Answer | None:
    b = sec.data.get("bonuses")
    if b is None or b.empty:
        return None
    parts = []
    for (col, label, board), g in b.groupby(["bonus", "label", "board"], sort=False):
        label = "Asia Express (the longest path)" if (board, col) == ("team_asia", "longest_bonus") else label
        players = 4 if (g["players"] == 4).any() else int(g["players"].max())
        r = g[g["players"] == players].iloc[0]
        fair = r["team_size"] / r["players"]
        parts.append(
            f"{label} on {board_name(board)} ({players} players): {r['points_per_game']:.1f} points per game "
            f"(95% CI {r['points_ci_low']:.1f}–{r['points_ci_high']:.1f}); its holder wins {pct(r['holder_wins'])} "
            f"({_ci(r['holder_wins_ci_low'], r['holder_wins_ci_high'], r['holder_wins_n'], 'holders')}) against a "
            f"fair {pct(fair)}, and it swings the top score in {pct(r['swings'])} of games "
            f"({_ci(r['swings_ci_low'], r['swings_ci_high'], r['swings_n'], 'games')})")
    return Answer("What is each bonus worth, and how often does it swing the winner?", "; ".join(parts) + ".",
                  sec.key, sec.title)


def closure(sec: Section) -> Answer | None:
    d = sec.data.get("differences")
    if d is None or d.empty:
        return None
    parts = []
    for (board, players), g in d.groupby(["board", "players"], sort=False):
        g = g.set_index("metric")
        tc, sc = g.loc["ticket_completion"], g.loc["score"]
        parts.append(f"{board_name(board)} {int(players)}p: ticket completion {100 * tc['difference']:+.2f} "
                     f"percentage points (95% CI {100 * tc['ci_low']:+.2f} to {100 * tc['ci_high']:+.2f}), mean score "
                     f"{sc['difference']:+.2f} points ({sc['ci_low']:+.2f} to {sc['ci_high']:+.2f}), "
                     f"n={int(tc['games']):,} game pairs")
    return Answer("What does closing the second lane of double routes with 2–3 players do?",
                  "Against the same deals with both lanes open: " + "; ".join(parts) + ".", sec.key, sec.title)


def _change(measure: str, row) -> str:
    """'mean score +1.2 points (95% CI ...)'; shares in percentage points."""
    if measure == "mean_score":
        scale, unit = 1, " points"
    else:
        scale, unit = 100, " percentage points"
    return (f"{measure.replace('_', ' ')} {scale * row['difference']:+.1f}{unit} (95% CI "
            f"{scale * row['ci_low']:+.1f} to {scale * row['ci_high']:+.1f})")


def house_rules(tun: Section | None, sweep: Section | None) -> Answer | None:
    parts, key, title = [], None, None
    study = tun.data.get("reveal_study") if tun is not None else None
    if study is not None:
        fam = study.groupby("family", sort=False)
        name = max(fam.groups, key=lambda f: int(fam.get_group(f)["games"].iloc[0]))
        st = fam.get_group(name).sort_values("tunnel_reveal")
        lo, hi = st.iloc[0], st.iloc[-1]
        parts.append(f"Revealing {int(hi['tunnel_reveal'])} tunnel cards instead of {int(lo['tunnel_reveal'])} "
                     f"(study {name}, n={int(lo['games']):,} games per value, the same deals) takes the attempts "
                     f"abandoned from {pct(lo['abandoned'])} to {pct(hi['abandoned'])} (95% CI "
                     f"{pct(hi['abandoned_ci_low'])}–{pct(hi['abandoned_ci_high'])}) and moves the mean score from "
                     f"{lo['mean_score']:.1f} to {hi['mean_score']:.1f} points (95% CI {hi['score_ci_low']:.1f}–"
                     f"{hi['score_ci_high']:.1f})")
        key, title = tun.key, tun.title
    one = sweep.data.get("one_change") if sweep is not None else None
    if one is not None and len(one):
        for param, g in one.groupby("parameter", sort=False):
            if param == "tunnel_reveal" and parts:
                continue  # the tunnel study above says it with more games
            v = g["value"].iloc[0]
            g = g[g["value"] == v].set_index(g[g["value"] == v]["measure"].astype(str))
            said = [_change(m, g.loc[m]) for m in ("mean_score", "longest_bonus_holder_win_rate", "seat_advantage")
                    if m in g.index]
            parts.append(f"{param} = {v} instead of {g['baseline_value_of_parameter'].iloc[0]} (house-rule sweep, "
                         f"n={int(g['games'].iloc[0]):,} paired games per variant) changes " + ", ".join(said))
        key, title = (key, title) if key else (sweep.key, sweep.title)
    if not parts:
        return None
    text = "; ".join(parts) + "."
    if sweep is not None and key != sweep.key:
        text += f" Every house rule of the sweep against every balance measure: “{sweep.title}”."
    return Answer("What do the house rules change?", text, key, title)


def answers_section(secs: list[Section]) -> Section | None:
    by_key = {s.key: s for s in secs if s.error is None}
    found = [tunnels(by_key["tunnels"]) if "tunnels" in by_key else None,
             tickets(by_key["tickets"]) if "tickets" in by_key else None,
             bonuses(by_key["bonuses"]) if "bonuses" in by_key else None,
             closure(by_key["blocking"]) if "blocking" in by_key else None,
             house_rules(by_key.get("tunnels"), by_key.get("house-rules"))]
    found = [a for a in found if a is not None]
    if not found:
        return None
    return Section("answers", "Answers", "The questions this project was made for, answered from the tables below "
                   "(95% confidence intervals; n is the sample size); each links to the section with the detail.",
                   answers=found)
