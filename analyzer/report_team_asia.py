"""Report section: Team Asia (on the PROVISIONAL board).

Plugs into `analyzer.report` (SECTION_MODULES): STUDIES lists the runs it
needs, `build_section` turns them into figures (PNG + SVG), tables (CSV) and
an HTML fragment whose sentences are computed from the data. Every figure and
the section title say "provisional board": the board is a reconstruction
(analyzer/boards_data/team_asia/board.toml) and the numbers illustrate the
rules, not the printed game.
"""

from __future__ import annotations

import html
from pathlib import Path

import numpy as np
import pandas as pd

STUDIES: list[dict] = [
    {"name": "team-asia-4p", "board": "team_asia", "players": 4, "bots": ["greedy"], "rules": "team-asia",
     "overrides": {}, "games_share": 0.03},
    {"name": "team-asia-6p", "board": "team_asia", "players": 6, "bots": ["greedy"], "rules": "team-asia",
     "overrides": {}, "games_share": 0.03},
]
PROVISIONAL = "provisional board"
Z = 1.96


def wilson(k, n):
    """95% Wilson interval of a proportion k/n (arrays welcome)."""
    k = np.asarray(k, float)
    n = np.asarray(n, float)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(n > 0, k / n, np.nan)
        den = 1 + Z**2 / n
        mid = (p + Z**2 / (2 * n)) / den
        half = Z * np.sqrt(p * (1 - p) / n + Z**2 / (4 * n**2)) / den
    return p, mid - half, mid + half


def _save(fig, out_dir: Path, stem: str) -> str:
    fig.savefig(out_dir / f"{stem}.png", dpi=110, bbox_inches="tight")
    fig.savefig(out_dir / f"{stem}.svg", bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(fig)
    return f"{stem}.png"


def tunnel_odds(runs: dict) -> pd.DataFrame:
    """Tunnel attempts in play by cards revealed as printed (3: ordinary, 4-6: Himalaya)."""
    rows = []
    for name, res in runs.items():
        tu = res.tunnels
        if len(tu) == 0:
            continue
        for to_reveal, grp in tu.groupby("to_reveal"):
            n = len(grp)
            for at_least in (1, 2, 3):
                k = int((grp["surcharge"] >= at_least).sum())
                p, lo, hi = wilson(k, n)
                rows.append(dict(study=name, printed=int(to_reveal), at_least=at_least, attempts=n, hits=k,
                                 p=float(p), lo=float(lo), hi=float(hi),
                                 abandoned=float(1 - grp["paid"].mean()),
                                 mean_surcharge=float(grp["surcharge"].mean())))
    return pd.DataFrame(rows)


def team_win_rates(runs: dict) -> pd.DataFrame:
    rows = []
    for name, res in runs.items():
        p = res.players
        n_games = p["game"].nunique()
        first = p.groupby(["game", "team"], observed=True)["winner"].first().reset_index()
        for team, grp in first.groupby("team"):
            k = int(grp["winner"].sum())
            pr, lo, hi = wilson(k, n_games)
            seats = f"seats {2 * int(team)}+{2 * int(team) + 1}"
            rows.append(dict(study=name, players=int(res.manifest["players"]), team=int(team), seats=seats,
                             games=n_games, wins=k, p=float(pr), lo=float(lo), hi=float(hi)))
    return pd.DataFrame(rows)


def bonus_frequencies(runs: dict) -> pd.DataFrame:
    rows = []
    for name, res in runs.items():
        p = res.players
        per_team = p.groupby(["game", "team"], observed=True)[["longest_bonus", "globetrotter_bonus", "winner"]].first()
        n = len(per_team)
        games = p["game"].nunique()
        for col, label in (("longest_bonus", "Asia Express"), ("globetrotter_bonus", "Globetrotter")):
            got = per_team[col] > 0
            k = int(got.sum())
            pr, lo, hi = wilson(k, n)
            shared = per_team[got].groupby("game").size()
            decided = per_team[got & per_team["winner"]].groupby("game").size()
            rows.append(dict(study=name, players=int(res.manifest["players"]), bonus=label, team_games=n,
                             awarded=k, p=float(pr), lo=float(lo), hi=float(hi),
                             games_tied=float((shared > 1).sum() / games),
                             winner_had_it=float(len(decided) / games)))
    return pd.DataFrame(rows)


def sharing_use(runs: dict) -> pd.DataFrame:
    rows = []
    for name, res in runs.items():
        p = res.players
        t = res.tickets
        n = len(p)
        rows.append(dict(
            study=name, players=int(res.manifest["players"]), player_games=n,
            cards_drawn=float(p["cards_drawn"].mean()),
            cards_shared=float(p["cards_shared"].mean()),
            share_of_cards=float(p["cards_shared"].sum() / max(p["cards_drawn"].sum(), 1)),
            holder_cards_used=float(p["holder_cards_used"].mean()),
            tickets_shared=float(p["tickets_shared"].mean()),  # setup, draws and share turns
            share_actions=float(p["share_actions"].mean()),
            seats_using_share_action=float((p["share_actions"] > 0).mean()),
            shared_ticket_completion=float(t.loc[t["shared"], "completed"].mean()) if t["shared"].any() else np.nan,
            hidden_ticket_completion=float(t.loc[~t["shared"], "completed"].mean()) if (~t["shared"]).any()
            else np.nan,
        ))
    return pd.DataFrame(rows)


def build_section(runs: dict, out_dir: Path) -> str | None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    mine = {s["name"]: runs[s["name"]] for s in STUDIES if s["name"] in runs}
    if not mine:
        return None
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    n_games = {k: int(r.games.shape[0]) for k, r in mine.items()}
    n_text = ", ".join(f"{k}: n={v:,} games" for k, v in n_games.items())
    parts = [f"<section><h2>Team Asia ({PROVISIONAL})</h2>",
             "<p><strong>Provisional board.</strong> No public transcription of the Team Asia board exists; these "
             "runs use a reconstruction (see <code>ttr boards show team_asia</code>), so the figures illustrate "
             f"the team rules, not the printed game. Greedy bots in teams of two; {html.escape(n_text)}.</p>"]

    # 1. tunnel surcharge odds in play
    odds = tunnel_odds(mine)
    odds.to_csv(out_dir / "team_asia_tunnel_odds.csv", index=False)
    if len(odds):
        pooled = odds.groupby(["printed", "at_least"], as_index=False)[["attempts", "hits"]].sum()
        pooled["p"], pooled["lo"], pooled["hi"] = wilson(pooled["hits"], pooled["attempts"])
        from analyzer.tunnels import tunnel_odds as exact_odds

        exact = exact_odds(revealed=sorted(int(x) for x in pooled["printed"].unique()))
        exact = exact.set_index(["revealed", "k"])["p_at_least"]
        pooled["exact_fresh_deck"] = [float(exact.get((r, k), 0.0)) for r, k in
                                      zip(pooled["printed"], pooled["at_least"], strict=True)]
        pooled.to_csv(out_dir / "team_asia_tunnel_odds_pooled.csv", index=False)
        fig, ax = plt.subplots(figsize=(9, 4.5))
        printed = sorted(pooled["printed"].unique())
        width = 0.27
        for i, at_least in enumerate((1, 2, 3)):
            d = pooled[pooled["at_least"] == at_least].set_index("printed").reindex(printed)
            x = np.arange(len(printed)) + (i - 1) * width
            ax.bar(x, d["p"], width, label=f"surcharge >= {at_least}",
                   yerr=[d["p"] - d["lo"], d["hi"] - d["p"]], capsize=3)
            ax.plot(x, d["exact_fresh_deck"], "kx", label="exact, fresh 110-card deck" if i == 0 else None)
        ax.set_xticks(np.arange(len(printed)))
        n_att = pooled[pooled["at_least"] == 1].set_index("printed")["attempts"]
        ax.set_xticklabels([f"{k}{' (Himalaya)' if k > 3 else ''}\nn={int(n_att[k]):,}" for k in printed])
        ax.set_ylabel("share of tunnel attempts")
        ax.set_xlabel("cards revealed (printed on the route)")
        ax.set_title(f"Team Asia tunnel surcharges in play, 95% CI ({PROVISIONAL})")
        ax.set_ylim(0, 1.15)
        ax.legend(loc="upper left", ncol=2, fontsize="small")
        img = _save(fig, out_dir, "team_asia_tunnel_odds")
        one = pooled[pooled["at_least"] == 1].set_index("printed")
        sent = "; ".join(f"{k} revealed: {one.loc[k, 'p']:.0%} (fresh deck exact {one.loc[k, 'exact_fresh_deck']:.0%})"
                         for k in printed)
        parts.append(f"<h3>Tunnel surcharges: 3 revealed against Himalaya 4, 5, 6</h3><img src='{img}' "
                     f"alt='tunnel odds'><p>Share of tunnel attempts with at least one card to add: {sent} "
                     "(<a href='team_asia_tunnel_odds.csv'>table</a>, "
                     "<a href='team_asia_tunnel_odds_pooled.csv'>pooled</a>).</p>")

    # 2. team win rates by seat pair
    wins = team_win_rates(mine)
    wins.to_csv(out_dir / "team_asia_team_wins.csv", index=False)
    fig, ax = plt.subplots(figsize=(7, 4))
    labels, ticks, x0 = [], [], 0
    for name, grp in wins.groupby("study", sort=False):
        x = np.arange(len(grp)) + x0
        ax.bar(x, grp["p"], yerr=[grp["p"] - grp["lo"], grp["hi"] - grp["p"]], capsize=3,
               label=f"{name} (n={int(grp['games'].iloc[0]):,})")
        ax.hlines(1 / len(grp), x[0] - 0.4, x[-1] + 0.4, color="grey", lw=0.8, ls=":")
        labels += list(grp["seats"])
        ticks += list(x)
        x0 += len(grp) + 1
    ax.set_xticks(ticks)
    ax.set_xticklabels(labels, rotation=20)
    ax.set_ylabel("team win rate (ties count for every tied team)")
    ax.set_xlabel("team (seat pair, seat 0 plays first)")
    ax.set_title(f"Team Asia: win rate by seat pair, 95% CI ({PROVISIONAL})")
    ax.legend()
    img = _save(fig, out_dir, "team_asia_team_wins")
    best = wins.loc[wins["p"].idxmax()]
    worst = wins.loc[wins["p"].idxmin()]
    parts.append(f"<h3>Team win rates by seat pair</h3><img src='{img}' alt='team wins'><p>Highest: "
                 f"{best['study']} {best['seats']} {best['p']:.1%} [{best['lo']:.1%}, {best['hi']:.1%}]; lowest: "
                 f"{worst['study']} {worst['seats']} {worst['p']:.1%} [{worst['lo']:.1%}, {worst['hi']:.1%}] "
                 f"(dotted line: an even share; <a href='team_asia_team_wins.csv'>table</a>).</p>")

    # 3. Asia Express and Globetrotter
    bon = bonus_frequencies(mine)
    bon.to_csv(out_dir / "team_asia_bonuses.csv", index=False)
    fig, ax = plt.subplots(figsize=(7, 4))
    for i, (label, grp) in enumerate(bon.groupby("bonus")):
        x = np.arange(len(grp)) + i * 0.4
        ax.bar(x, grp["p"], 0.4, yerr=[grp["p"] - grp["lo"], grp["hi"] - grp["p"]], capsize=3, label=label)
    studies = list(bon["study"].unique())
    ax.set_xticks(np.arange(len(studies)) + 0.2)
    ax.set_xticklabels([f"{s}\nn={n_games[s]:,} games" for s in studies])
    ax.set_ylabel("share of teams awarded the bonus")
    ax.set_xlabel("study")
    ax.set_title(f"Team Asia: Asia Express and Globetrotter, 95% CI ({PROVISIONAL})")
    ax.legend()
    img = _save(fig, out_dir, "team_asia_bonuses")
    sents = []
    for _, r in bon.iterrows():
        sents.append(f"{r['study']}: {r['bonus']} to {r['p']:.0%} of teams, shared by tied teams in "
                     f"{r['games_tied']:.0%} of games, held by a winning team in {r['winner_had_it']:.0%}")
    parts.append(f"<h3>Asia Express and Globetrotter</h3><img src='{img}' alt='bonuses'><p>"
                 + "; ".join(sents) + " (<a href='team_asia_bonuses.csv'>table</a>).</p>")

    # 4. sharing
    sh = sharing_use(mine)
    sh.to_csv(out_dir / "team_asia_sharing.csv", index=False)
    fig, ax = plt.subplots(figsize=(8, 4.5))
    cols = ["cards_shared", "holder_cards_used", "tickets_shared", "share_actions"]
    for i, (_, r) in enumerate(sh.iterrows()):
        p = mine[r["study"]].players
        half = [Z * p[c].std() / np.sqrt(len(p)) for c in cols]  # 95% CI of the mean
        ax.bar(np.arange(len(cols)) + i * 0.4, [r[c] for c in cols], 0.4, yerr=half, capsize=3,
               label=f"{r['study']} (n={int(r['player_games']):,} player-games)")
    ax.set_xticks(np.arange(len(cols)) + 0.2)
    ax.set_xticklabels(["cards put\nin holder", "holder cards\nspent", "tickets\nshared", "share-ticket\nturns"])
    ax.set_ylabel("mean per player per game (count)")
    ax.set_xlabel("sharing")
    ax.set_title(f"Team Asia: how much sharing greedy teams use, 95% CI ({PROVISIONAL})")
    ax.legend()
    img = _save(fig, out_dir, "team_asia_sharing")
    sents = []
    for _, r in sh.iterrows():
        sents.append(f"{r['study']}: {r['share_of_cards']:.0%} of drawn cards went to the holder, "
                     f"{r['holder_cards_used']:.1f} holder cards spent per player, "
                     f"{r['seats_using_share_action']:.0%} of players used the share-tickets turn; shared tickets "
                     f"completed {r['shared_ticket_completion']:.0%} vs hidden {r['hidden_ticket_completion']:.0%}")
    parts.append(f"<h3>Sharing</h3><img src='{img}' alt='sharing'><p>" + "; ".join(sents)
                 + ". Greedy shares a drawn card when its teammate's shared tickets need it more than its own plan, "
                 "and shares tickets when its own trains cannot cover its plan "
                 "(<a href='team_asia_sharing.csv'>table</a>).</p>")
    parts.append("</section>")
    return "\n".join(parts)
