"""Report section: Ghost Train (issue 8) on the provisional board.

Game length, how games end (sixth ticket or last wagon), win rate by seat,
the Trick-or-Treat and Town Hall bonuses (how often, and the win rate of the
players who took them), ticket completion. Every figure and table says
"provisional board": the routes and most tickets are invented (see
analyzer/boards_data/ghost_train/board.toml).
"""

from __future__ import annotations

import html
from pathlib import Path

import numpy as np
import pandas as pd

STUDIES: list[dict] = [
    {"name": f"ghost-train-{n}p", "board": "ghost_train", "players": n, "bots": ["greedy"],
     "rules": "ghost-train", "overrides": {}, "games_share": share}
    for n, share in ((2, 0.02), (3, 0.015), (4, 0.015))
]
PROVISIONAL = "provisional board"
Z = 1.96


def wilson(k, n):
    """95% Wilson interval of a proportion k/n (arrays or numbers)."""
    k = np.asarray(k, float)
    n = np.asarray(n, float)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(n > 0, k / n, np.nan)
        den = 1 + Z**2 / n
        mid = (p + Z**2 / (2 * n)) / den
        half = Z * np.sqrt(p * (1 - p) / n + Z**2 / (4 * n**2)) / den
    return mid - half, mid + half


def _mean_ci(x: pd.Series) -> tuple[float, float, float]:
    x = x.astype(float)
    m = float(x.mean())
    half = Z * float(x.std(ddof=1)) / np.sqrt(len(x)) if len(x) > 1 else float("nan")
    return m, m - half, m + half


def _save(fig, out_dir: Path, stem: str) -> str:
    for ext in ("png", "svg"):
        fig.savefig(out_dir / f"{stem}.{ext}", dpi=120, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(fig)
    return f"{stem}.png"


def tables(runs: dict) -> dict[str, pd.DataFrame]:
    """The section's tables from the Ghost Train runs present in `runs`."""
    overview, seats, bonus = [], [], []
    for study in STUDIES:
        res = runs.get(study["name"])
        if res is None:
            continue
        n_players = study["players"]
        g = res.games
        p = res.players
        n = len(g)
        ends = g["end_reason"].astype(str)
        row = {"players": n_players, "games": n}
        row["turns_mean"], row["turns_ci_low"], row["turns_ci_high"] = _mean_ci(g["turns"])
        row["rounds_mean"] = row["turns_mean"] / n_players
        for reason, label in (("tickets", "six_tickets"), ("trains", "out_of_wagons")):
            k = int((ends == reason).sum())
            lo, hi = wilson(k, n)
            row[f"end_{label}"], row[f"end_{label}_ci_low"], row[f"end_{label}_ci_high"] = k / n, float(lo), float(hi)
        row["end_stalled"] = float(g["stalled"].mean())
        row["shared_wins"] = float((g["n_winners"] > 1).mean())
        held = p["tickets_completed"] + p["tickets_failed"]
        row["tickets_completed_per_player"] = float(p["tickets_completed"].mean())
        row["ticket_completion_rate"] = float(p["tickets_completed"].sum() / max(held.sum(), 1))
        row["tickets_total_per_player"] = float(p["score"].mean())  # completed + special
        row["trick_or_treat_rate"] = float(p["special_tickets"].mean())
        row["crypt_rate"] = float(p["town_hall_crypt"].mean())
        row["manor_rate"] = float(p["town_hall_manor"].mean())
        row["bonus_cards_per_player"] = float(p["bonus_cards"].mean())
        row["swaps_per_player"] = float(p["ticket_swaps"].mean())
        row["wagons_left_per_player"] = float(p["trains_left"].mean())
        overview.append(row)
        by_seat = p.groupby("seat")["winner"].agg(["sum", "count"])
        lo, hi = wilson(by_seat["sum"], by_seat["count"])
        seats.append(pd.DataFrame({"players": n_players, "seat": by_seat.index, "games": by_seat["count"].values,
                                   "win_rate": (by_seat["sum"] / by_seat["count"]).values,
                                   "ci_low": lo, "ci_high": hi}))
        for col, label in (("special_tickets", "Trick or Treat"), ("town_hall_crypt", "Town Hall-Crypt"),
                           ("town_hall_manor", "Town Hall-Manor")):
            took = p[col].astype(bool)
            for flag in (True, False):
                sel = p.loc[took == flag, "winner"]
                lo, hi = wilson(sel.sum(), len(sel))
                bonus.append({"players": n_players, "bonus": label, "took": flag, "player_games": len(sel),
                              "win_rate": float(sel.mean()) if len(sel) else float("nan"),
                              "ci_low": float(lo), "ci_high": float(hi)})
    if not overview:
        return {}
    return {"overview": pd.DataFrame(overview), "seats": pd.concat(seats, ignore_index=True),
            "bonus": pd.DataFrame(bonus)}


def _figures(runs: dict, t: dict[str, pd.DataFrame], out_dir: Path) -> list[tuple[str, str]]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ov = t["overview"]
    figs = []
    # game length
    fig, ax = plt.subplots(figsize=(7, 4))
    for study in STUDIES:
        res = runs.get(study["name"])
        if res is None:
            continue
        rounds = res.games["turns"] / study["players"]
        ax.hist(rounds, bins=np.arange(0, rounds.quantile(0.995) + 2, 1), histtype="step", linewidth=1.5,
                density=True, label=f"{study['players']} players (n={len(rounds):,})")
    ax.set_xlabel("game length (rounds = turns / players)")
    ax.set_ylabel("share of games per round")
    ax.set_title(f"Ghost Train game length, greedy bots ({PROVISIONAL})")
    ax.legend()
    figs.append((_save(fig, out_dir, "ghost_train_length"), "Game length by player count"))
    # how games end
    fig, ax = plt.subplots(figsize=(7, 4))
    x = np.arange(len(ov))
    for i, (label, key) in enumerate((("6th ticket (GT-END-1)", "six_tickets"),
                                      ("last wagon (GT-END-2)", "out_of_wagons"))):
        v = ov[f"end_{key}"]
        err = [v - ov[f"end_{key}_ci_low"], ov[f"end_{key}_ci_high"] - v]
        ax.bar(x + (i - 0.5) * 0.38, v, 0.38, yerr=err, capsize=3, label=label)
    ax.set_xticks(x, [f"{r.players} players\n(n={r.games:,})" for r in ov.itertuples()])
    ax.set_ylabel("share of games (95% CI)")
    ax.set_ylim(0, 1)
    ax.set_title(f"How Ghost Train games end, greedy bots ({PROVISIONAL})")
    ax.legend()
    figs.append((_save(fig, out_dir, "ghost_train_endings"), "How games end"))
    # win rate by seat
    seats = t["seats"]
    fig, ax = plt.subplots(figsize=(7, 4))
    for n_players, s in seats.groupby("players"):
        err = [s["win_rate"] - s["ci_low"], s["ci_high"] - s["win_rate"]]
        ax.errorbar(s["seat"] + 1 + (n_players - 3) * 0.08, s["win_rate"], yerr=err, marker="o", capsize=3,
                    label=f"{n_players} players (n={int(s['games'].iloc[0]):,} games)")
        ax.axhline(1 / n_players, linestyle=":", linewidth=0.8, color=ax.lines[-1].get_color())
    ax.set_xticks(sorted(seats["seat"].unique() + 1))
    ax.set_xlabel("seat (1 = first to play)")
    ax.set_ylabel("win rate, shared wins counted (95% CI)")
    ax.set_title(f"Ghost Train win rate by seat ({PROVISIONAL}; dotted: 1/players)")
    ax.legend()
    figs.append((_save(fig, out_dir, "ghost_train_seats"), "Win rate by seat"))
    # bonuses and winning
    b = t["bonus"]
    fig, axes = plt.subplots(1, 3, figsize=(11, 4), sharey=True)
    for ax, (label, s) in zip(axes, b.groupby("bonus", sort=False), strict=False):
        for i, flag in enumerate((True, False)):
            q = s[s["took"] == flag]
            err = [q["win_rate"] - q["ci_low"], q["ci_high"] - q["win_rate"]]
            ax.bar(np.arange(len(q)) + (i - 0.5) * 0.38, q["win_rate"], 0.38, yerr=err, capsize=3,
                   label="took it" if flag else "did not")
        ax.set_xticks(np.arange(len(q)), [f"{n}p" for n in q["players"]])
        ax.set_title(label)
        ax.set_xlabel("players")
    axes[0].set_ylabel("win rate of the player (95% CI)")
    axes[0].legend()
    n_pg = int(b.groupby("players")["player_games"].sum().sum() / 3)
    fig.suptitle(f"Ghost Train bonuses and winning, greedy bots (n={n_pg:,} player-games; {PROVISIONAL})")
    figs.append((_save(fig, out_dir, "ghost_train_bonuses"), "Bonuses and winning"))
    # tickets completed per player
    fig, ax = plt.subplots(figsize=(7, 4))
    for study in STUDIES:
        res = runs.get(study["name"])
        if res is None:
            continue
        tot = res.players["score"]
        share = tot.value_counts(normalize=True).sort_index()
        ax.plot(share.index, share.values, marker="o", label=f"{study['players']} players (n={len(tot):,})")
    ax.set_xlabel("tickets completed by a player, Trick or Treat included")
    ax.set_ylabel("share of player-games")
    ax.set_title(f"Ghost Train tickets per player at the end ({PROVISIONAL})")
    ax.legend()
    figs.append((_save(fig, out_dir, "ghost_train_tickets"), "Tickets completed per player"))
    return figs


def build_section(runs: dict, out_dir: Path) -> str | None:
    """Write the Ghost Train figures (PNG + SVG) and tables (CSV) into out_dir
    and return the HTML fragment; None when no Ghost Train run is present."""
    t = tables(runs)
    if not t:
        return None
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    csvs = []
    for name, df in t.items():
        fname = f"ghost_train_{name}.csv"
        df.to_csv(out_dir / fname, index=False)
        csvs.append(fname)
    figs = _figures(runs, t, out_dir)
    ov = t["overview"]
    seats = t["seats"]
    b = t["bonus"]
    findings = []
    for r in ov.itertuples():
        findings.append(
            f"With {r.players} players (n={r.games:,} games), a game lasts {r.rounds_mean:.1f} rounds "
            f"({r.turns_mean:.0f} turns, 95% CI {r.turns_ci_low:.0f}–{r.turns_ci_high:.0f}); "
            f"{r.end_six_tickets:.0%} end on a sixth ticket and {r.end_out_of_wagons:.0%} when a player places "
            f"the last wagon ({r.end_stalled:.1%} stall); {r.shared_wins:.0%} of games have a shared win."
        )
        s = seats[seats["players"] == r.players]
        first = s[s["seat"] == 0].iloc[0]
        last = s[s["seat"] == s["seat"].max()].iloc[0]
        findings.append(
            f"{r.players} players: the first seat wins {first.win_rate:.1%} ({first.ci_low:.1%}–{first.ci_high:.1%}), "
            f"the last {last.win_rate:.1%} ({last.ci_low:.1%}–{last.ci_high:.1%}), against a fair "
            f"{1 / r.players:.1%}."
        )
        tt = b[(b["players"] == r.players) & (b["bonus"] == "Trick or Treat")].set_index("took")["win_rate"]
        findings.append(
            f"{r.players} players: a player completes {r.tickets_completed_per_player:.2f} tickets "
            f"({r.ticket_completion_rate:.0%} of the tickets held) and swaps {r.swaps_per_player:.2f} times; "
            f"{r.trick_or_treat_rate:.0%} take Trick or Treat (they win {tt.get(True, float('nan')):.0%}, "
            f"the others {tt.get(False, float('nan')):.0%}: an association, since leading players also reach "
            f"the bonuses more easily); the Town Hall bonuses go to "
            f"{r.crypt_rate:.0%} (Crypt) and {r.manor_rate:.0%} (Manor on the Hill) of players."
        )
    items = "".join(f"<li>{html.escape(f)}</li>" for f in findings)
    imgs = "".join(f'<figure><img src="{f}" alt="{html.escape(c)}"><figcaption>{html.escape(c)} '
                   f'({PROVISIONAL})</figcaption></figure>' for f, c in figs)
    links = ", ".join(f'<a href="{c}">{c}</a>' for c in csvs)
    return (
        "<section><h2>Ghost Train (provisional board)</h2>"
        "<p><strong>Provisional board:</strong> no transcription of the printed Ghost Train board exists; its "
        "places follow the rules, but the routes and most tickets are invented, so these figures show how the "
        "rules play, not the printed game. Greedy bots; no points: the first to six tickets wins, or the most "
        "tickets when a player places the last wagon.</p>"
        f"<ul>{items}</ul>{imgs}<p>Tables: {links}</p></section>"
    )
