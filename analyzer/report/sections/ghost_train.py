"""Ghost Train on the provisional board: game length, how games
end (sixth ticket or last wagon), win rate by seat, the Trick-or-Treat and
Town Hall bonuses (how often, and the win rate of the players who took them),
ticket completion. Every figure and table says "provisional board": the
routes and most tickets are invented (see
analyzer/boards_data/ghost_train/board.toml). Its runs are the plan's
studies (analyzer.studies.GHOST_TRAIN_STUDIES), found by name."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.report.figures import new_figure, save_figure, save_table
from analyzer.report.html import Section
from analyzer.report.runs import provisional_note, provisional_state
from analyzer.run.results import Results
from analyzer.stats.ghost_train import bonus_win_rates, overview, seat_win_rates
from analyzer.studies import GHOST_TRAIN_STUDIES

INTRO = ("<strong>Provisional board:</strong> no transcription of the printed Ghost Train board exists; its places "
         "follow the rules, but the routes and most tickets are invented, so these figures show how the rules play, "
         "not the printed game. No points: the first to six tickets wins, or the most tickets when a player places "
         "the last wagon.")


def tables(runs: dict[str, Results]) -> dict[str, pd.DataFrame]:
    """The section's tables from the Ghost Train runs present in `runs`."""
    ov, seats, bonus, length, tickets = [], [], [], [], []
    for study in GHOST_TRAIN_STUDIES:
        res = runs.get(study.name)
        if res is None:
            continue
        n = study.players
        g, p = res.games, res.players
        ov.append(overview(g, p, n))
        seats.append(seat_win_rates(p).assign(players=n))
        bonus.append(bonus_win_rates(p).assign(players=n))
        rounds = (g["turns"] / n).round().astype(np.int64).value_counts(normalize=True).sort_index()
        length.append(pd.DataFrame({"players": n, "games": len(g), "rounds": rounds.index, "share": rounds.values}))
        done = p["score"].value_counts(normalize=True).sort_index()
        tickets.append(pd.DataFrame({"players": n, "player_games": len(p), "tickets": done.index,
                                     "share": done.values}))
        res.release()
    if not ov:
        return {}
    cat = lambda frames: pd.concat(frames, ignore_index=True)  # noqa: E731
    return {"overview": pd.DataFrame(ov), "seats": cat(seats), "bonus": cat(bonus), "length": cat(length),
            "tickets": cat(tickets)}


# --- figures ----------------------------------------------------------------------------------------
def length_figure(length: pd.DataFrame, bots: str, note: str):
    fig, axes = new_figure(7, 4)
    ax = axes[0, 0]
    for n, d in length.groupby("players"):
        ax.step(d["rounds"], d["share"], where="mid", linewidth=1.5,
                label=f"{n} players (n={int(d['games'].iloc[0]):,})")
    ax.set_xlabel("game length (rounds = turns / players, rounded)")
    ax.set_ylabel("share of games")
    ax.set_title(f"Ghost Train game length, {bots} bots{note}")
    ax.legend()
    return fig


def endings_figure(ov: pd.DataFrame, bots: str, note: str):
    fig, axes = new_figure(7, 4)
    ax = axes[0, 0]
    x = np.arange(len(ov))
    for i, (label, key) in enumerate((("6th ticket (GT-END-1)", "six_tickets"),
                                      ("last wagon (GT-END-2)", "out_of_wagons"))):
        v = ov[f"end_{key}"]
        err = [v - ov[f"end_{key}_ci_low"], ov[f"end_{key}_ci_high"] - v]
        ax.bar(x + (i - 0.5) * 0.38, v, 0.38, yerr=err, capsize=3, label=label)
    ax.set_xticks(x, [f"{r.players} players\n(n={r.games:,})" for r in ov.itertuples()])
    ax.set_ylabel("share of games (95% CI)")
    ax.set_xlabel("players")
    ax.set_ylim(0, 1)
    ax.set_title(f"How Ghost Train games end, {bots} bots{note}")
    ax.legend()
    return fig


def seats_figure(seats: pd.DataFrame, note: str):
    fig, axes = new_figure(7, 4)
    ax = axes[0, 0]
    for n_players, s in seats.groupby("players"):
        err = [s["win_rate"] - s["ci_low"], s["ci_high"] - s["win_rate"]]
        ax.errorbar(s["seat"] + 1 + (n_players - 3) * 0.08, s["win_rate"], yerr=err, marker="o", capsize=3,
                    label=f"{n_players} players (n={int(s['games'].iloc[0]):,} games)")
        ax.axhline(1 / n_players, linestyle=":", linewidth=0.8, color=ax.lines[-1].get_color())
    ax.set_xticks(sorted(seats["seat"].unique() + 1))
    ax.set_xlabel("seat (1 = first to play)")
    ax.set_ylabel("win rate, shared wins counted (95% CI)")
    ax.set_title(f"Ghost Train win rate by seat (dotted: 1/players){note}")
    ax.legend()
    return fig


def bonuses_figure(b: pd.DataFrame, bots: str, note: str):
    fig, axes = new_figure(11, 4, ncols=3, sharey=True)
    for ax, (label, s) in zip(axes[0], b.groupby("bonus", sort=False), strict=False):
        for i, flag in enumerate((True, False)):
            q = s[s["took"] == flag]
            err = [q["win_rate"] - q["ci_low"], q["ci_high"] - q["win_rate"]]
            ax.bar(np.arange(len(q)) + (i - 0.5) * 0.38, q["win_rate"], 0.38, yerr=err, capsize=3,
                   label="took it" if flag else "did not")
        ax.set_xticks(np.arange(len(q)), [f"{n}p" for n in q["players"]])
        ax.set_title(label)
        ax.set_xlabel("players")
    axes[0, 0].set_ylabel("win rate of the player (95% CI)")
    axes[0, 0].legend()
    n_pg = int(b.groupby("players")["player_games"].sum().sum() / 3)
    fig.suptitle(f"Ghost Train bonuses and winning, {bots} bots (n={n_pg:,} player-games){note}")
    return fig


def tickets_figure(tickets: pd.DataFrame, note: str):
    fig, axes = new_figure(7, 4)
    ax = axes[0, 0]
    for n, d in tickets.groupby("players"):
        ax.plot(d["tickets"], d["share"], marker="o", label=f"{n} players (n={int(d['player_games'].iloc[0]):,})")
    ax.set_xlabel("tickets completed by a player, Trick or Treat included")
    ax.set_ylabel("share of player-games")
    ax.set_title(f"Ghost Train tickets per player at the end{note}")
    ax.legend()
    return fig


# --- the section --------------------------------------------------------------------------------------
def findings(ov: pd.DataFrame, seats: pd.DataFrame, b: pd.DataFrame) -> list[str]:
    out = []
    for r in ov.itertuples():
        out.append(
            f"With {r.players} players (n={r.games:,} games), a game lasts {r.rounds_mean:.1f} rounds "
            f"({r.turns_mean:.0f} turns, 95% CI {r.turns_ci_low:.0f}–{r.turns_ci_high:.0f}); "
            f"{r.end_six_tickets:.0%} end on a sixth ticket, {r.end_out_of_wagons:.0%} when a player places "
            f"the last wagon and {r.end_no_claim:.1%} when no claim is possible any more (GT-END-3; "
            f"{r.end_stalled:.1%} at a guard); {r.shared_wins:.0%} of games have a shared win.")
        s = seats[seats["players"] == r.players]
        first = s[s["seat"] == 0].iloc[0]
        last = s[s["seat"] == s["seat"].max()].iloc[0]
        out.append(
            f"{r.players} players: the first seat wins {first.win_rate:.1%} ({first.ci_low:.1%}–{first.ci_high:.1%}), "
            f"the last {last.win_rate:.1%} ({last.ci_low:.1%}–{last.ci_high:.1%}), against a fair "
            f"{1 / r.players:.1%}.")
        tt = b[(b["players"] == r.players) & (b["bonus"] == "Trick or Treat")].set_index("took")["win_rate"]
        out.append(
            f"{r.players} players: a player completes {r.tickets_completed_per_player:.2f} tickets "
            f"({r.ticket_completion_rate:.0%} of the tickets held) and swaps {r.swaps_per_player:.2f} times; "
            f"{r.trick_or_treat_rate:.0%} take Trick or Treat (they win {tt.get(True, float('nan')):.0%}, "
            f"the others {tt.get(False, float('nan')):.0%}: an association, since leading players also reach "
            f"the bonuses more easily); the Town Hall bonuses go to "
            f"{r.crypt_rate:.0%} (Crypt) and {r.manor_rate:.0%} (Manor on the Hill) of players.")
    return out


def build_section(runs: dict[str, Results], out_dir: Path) -> Section | None:
    """The Ghost Train figures (PNG + SVG) and tables (CSV); None when no Ghost Train run is present."""
    mine = {s.name: runs[s.name] for s in GHOST_TRAIN_STUDIES if s.name in runs}
    t = tables(mine)
    if not t:
        return None
    out = Path(out_dir)
    bots = ", ".join(sorted({b for r in mine.values() for b in r.manifest.get("bots", [])}))
    note, prov = provisional_note(*mine.values()), provisional_state(*mine.values())
    sec = Section("ghost-train", f"Ghost Train{note}", INTRO if prov else "")
    sec.findings += findings(t["overview"], t["seats"], t["bonus"])
    sec.figures += [
        save_figure(length_figure(t["length"], bots, note), out, "ghost_train_length",
                    f"Game length by player count{note}", prov),
        save_figure(endings_figure(t["overview"], bots, note), out, "ghost_train_endings", f"How games end{note}",
                    prov),
        save_figure(seats_figure(t["seats"], note), out, "ghost_train_seats", f"Win rate by seat{note}", prov),
        save_figure(bonuses_figure(t["bonus"], bots, note), out, "ghost_train_bonuses", f"Bonuses and winning{note}",
                    prov),
        save_figure(tickets_figure(t["tickets"], note), out, "ghost_train_tickets",
                    f"Tickets completed per player{note}", prov),
    ]
    captions = {"overview": "Ghost Train per player count", "seats": "Win rate by seat",
                "bonus": "Win rate of the players who took each bonus, and of the others",
                "length": "Game length distribution (rounds)", "tickets": "Tickets per player at the end"}
    for name, df in t.items():
        sec.tables.append(save_table(df, out, f"ghost_train_{name}", f"{captions[name]}{note}",
                                     index=False))
    sec.data.update(t)
    return sec
