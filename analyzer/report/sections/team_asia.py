"""Team Asia (on the provisional board): tunnel surcharges for 3 revealed
against the Himalaya 4, 5, 6, team win rates by seat pair, Asia Express and
Globetrotter, and how much sharing the teams use. Every figure and the
section title say "provisional board": the board is a reconstruction
(analyzer/boards_data/team_asia/board.toml) and the numbers illustrate the
rules, not the printed game. Its runs are the plan's studies
(analyzer.studies.TEAM_ASIA_STUDIES), found by name."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.report.figures import new_figure, save_figure, save_table
from analyzer.report.html import Section
from analyzer.report.runs import provisional_note, provisional_state
from analyzer.run.results import Results
from analyzer.stats.intervals import wilson
from analyzer.stats.team_asia import SHARING, bonus_frequencies, sharing_use, surcharge_by_reveal, team_win_rates
from analyzer.studies import TEAM_ASIA_STUDIES
from analyzer.tunnels import tunnel_odds

INTRO = ("<strong>Provisional board.</strong> No public transcription of the Team Asia board exists; these runs use "
         "a reconstruction (see <code>ttr boards show team-asia</code>), so the figures illustrate the team rules, "
         "not the printed game.")


def tables(runs: dict[str, Results]) -> dict[str, pd.DataFrame]:
    """The section's tables, one row block per study present in `runs`."""
    odds, wins, bon, share = [], [], [], []
    for name, res in runs.items():
        n = int(res.manifest["players"])
        if len(res.tunnels):
            odds.append(surcharge_by_reveal(res.tunnels).assign(study=name))
        wins.append(team_win_rates(res.players).assign(study=name, players=n))
        bon.append(bonus_frequencies(res.players).assign(study=name, players=n))
        share.append({"study": name, "players": n, **sharing_use(res.players, res.tickets)})
        res.release()
    out = {"tunnel_odds": pd.concat(odds, ignore_index=True) if odds else pd.DataFrame(),
           "team_wins": pd.concat(wins, ignore_index=True), "bonuses": pd.concat(bon, ignore_index=True),
           "sharing": pd.DataFrame(share)}
    if odds:
        pooled = out["tunnel_odds"].groupby(["printed", "at_least"], as_index=False)[["attempts", "hits"]].sum()
        pooled["p"] = pooled["hits"] / pooled["attempts"]
        pooled["lo"], pooled["hi"] = wilson(pooled["hits"], pooled["attempts"])
        exact = tunnel_odds(revealed=sorted(int(x) for x in pooled["printed"].unique()))
        exact = exact.set_index(["revealed", "k"])["p_at_least"]
        pooled["exact_fresh_deck"] = [float(exact.get((r, k), 0.0)) for r, k in
                                      zip(pooled["printed"], pooled["at_least"], strict=True)]
        out["tunnel_odds_pooled"] = pooled
    return out


# --- figures ----------------------------------------------------------------------------------------
def tunnel_figure(pooled: pd.DataFrame, note: str):
    fig, axes = new_figure(9, 4.5)
    ax = axes[0, 0]
    printed = sorted(pooled["printed"].unique())
    width = 0.27
    for i, at_least in enumerate((1, 2, 3)):
        d = pooled[pooled["at_least"] == at_least].set_index("printed").reindex(printed)
        x = np.arange(len(printed)) + (i - 1) * width
        ax.bar(x, d["p"], width, label=f"surcharge >= {at_least}", yerr=[d["p"] - d["lo"], d["hi"] - d["p"]],
               capsize=3)
        ax.plot(x, d["exact_fresh_deck"], "kx", label="exact, fresh 110-card deck" if i == 0 else None)
    ax.set_xticks(np.arange(len(printed)))
    n_att = pooled[pooled["at_least"] == 1].set_index("printed")["attempts"]
    ax.set_xticklabels([f"{k}{' (Himalaya)' if k > 3 else ''}\nn={int(n_att[k]):,}" for k in printed])
    ax.set_ylabel("share of tunnel attempts")
    ax.set_xlabel("cards revealed (printed on the route)")
    ax.set_title(f"Team Asia tunnel surcharges in play, 95% CI{note}")
    ax.set_ylim(0, 1.15)
    ax.legend(loc="upper left", ncol=2, fontsize="small")
    return fig


def team_wins_figure(wins: pd.DataFrame, note: str):
    fig, axes = new_figure(7, 4)
    ax = axes[0, 0]
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
    ax.set_title(f"Team Asia: win rate by seat pair, 95% CI{note}")
    ax.legend()
    return fig


def bonuses_figure(bon: pd.DataFrame, n_games: dict[str, int], note: str):
    fig, axes = new_figure(7, 4)
    ax = axes[0, 0]
    for i, (label, grp) in enumerate(bon.groupby("bonus")):
        x = np.arange(len(grp)) + i * 0.4
        ax.bar(x, grp["p"], 0.4, yerr=[grp["p"] - grp["lo"], grp["hi"] - grp["p"]], capsize=3, label=label)
    studies = list(bon["study"].unique())
    ax.set_xticks(np.arange(len(studies)) + 0.2)
    ax.set_xticklabels([f"{s}\nn={n_games[s]:,} games" for s in studies])
    ax.set_ylabel("share of teams awarded the bonus")
    ax.set_xlabel("study")
    ax.set_title(f"Team Asia: Asia Express and Globetrotter, 95% CI{note}")
    ax.legend()
    return fig


def sharing_figure(sh: pd.DataFrame, bots: str, note: str):
    fig, axes = new_figure(8, 4.5)
    ax = axes[0, 0]
    for i, (_, r) in enumerate(sh.iterrows()):
        ax.bar(np.arange(len(SHARING)) + i * 0.4, [r[c] for c in SHARING], 0.4,
               yerr=[r[f"{c}_ci_half"] for c in SHARING], capsize=3,
               label=f"{r['study']} (n={int(r['player_games']):,} player-games)")
    ax.set_xticks(np.arange(len(SHARING)) + 0.2)
    ax.set_xticklabels(["cards put\nin holder", "holder cards\nspent", "tickets\nshared", "share-ticket\nturns"])
    ax.set_ylabel("mean per player per game (count)")
    ax.set_xlabel("sharing")
    ax.set_title(f"Team Asia: how much sharing {bots} teams use, 95% CI{note}")
    ax.legend()
    return fig


# --- the section --------------------------------------------------------------------------------------
def build_section(runs: dict[str, Results], out_dir: Path) -> Section | None:
    mine = {s.name: runs[s.name] for s in TEAM_ASIA_STUDIES if s.name in runs}
    if not mine:
        return None
    out = Path(out_dir)
    n_games = {k: int(r.manifest["games"]) for k, r in mine.items()}
    bots = ", ".join(sorted({b for r in mine.values() for b in r.manifest.get("bots", [])}))
    note, prov = provisional_note(*mine.values()), provisional_state(*mine.values())
    t = tables(mine)
    sec = Section("team-asia", f"Team Asia{note}", INTRO if prov else "")
    sec.findings.append(f"Runs: {', '.join(f'{k}: n={v:,} games' for k, v in n_games.items())}; {bots} bots in "
                        "teams of two.")
    if "tunnel_odds_pooled" in t:
        pooled = t["tunnel_odds_pooled"]
        one = pooled[pooled["at_least"] == 1].set_index("printed")
        sec.findings.append("Tunnel surcharges, 3 revealed against Himalaya 4, 5, 6: share of tunnel attempts with at "
                            "least one card to add: " + "; ".join(
                                f"{k} revealed: {one.loc[k, 'p']:.0%} (fresh deck exact "
                                f"{one.loc[k, 'exact_fresh_deck']:.0%})" for k in one.index) + ".")
        sec.figures.append(save_figure(tunnel_figure(pooled, note), out, "team_asia_tunnel_odds",
                                       f"Team Asia tunnel surcharges: 3 revealed against Himalaya 4, 5, 6{note}",
                                       prov))
        sec.tables.append(save_table(t["tunnel_odds"], out, "team_asia_tunnel_odds", "Tunnel surcharges by study",
                                     index=False))
        sec.tables.append(save_table(pooled, out, "team_asia_tunnel_odds_pooled", "Tunnel surcharges, the studies "
                                     "pooled, against the exact fresh-deck odds", index=False))
    wins = t["team_wins"]
    best, worst = wins.loc[wins["p"].idxmax()], wins.loc[wins["p"].idxmin()]
    sec.findings.append(f"Team win rates by seat pair: highest {best['study']} {best['seats']} {best['p']:.1%} "
                        f"[{best['lo']:.1%}, {best['hi']:.1%}]; lowest {worst['study']} {worst['seats']} "
                        f"{worst['p']:.1%} [{worst['lo']:.1%}, {worst['hi']:.1%}] (dotted line in the figure: an "
                        "even share).")
    sec.figures.append(save_figure(team_wins_figure(wins, note), out, "team_asia_team_wins",
                                   f"Team win rates by seat pair{note}", prov))
    sec.tables.append(save_table(wins, out, "team_asia_team_wins", "Team win rates by seat pair", index=False))
    bon = t["bonuses"]
    sec.findings.append("Asia Express and Globetrotter: " + "; ".join(
        f"{r['study']}: {r['bonus']} to {r['p']:.0%} of teams, shared by tied teams in {r['games_tied']:.0%} of "
        f"games, held by a winning team in {r['winner_had_it']:.0%}" for _, r in bon.iterrows()) + ".")
    sec.figures.append(save_figure(bonuses_figure(bon, n_games, note), out, "team_asia_bonuses",
                                   f"Asia Express and Globetrotter{note}", prov))
    sec.tables.append(save_table(bon, out, "team_asia_bonuses", "Asia Express and Globetrotter", index=False))
    sh = t["sharing"]
    sec.findings.append("Sharing: " + "; ".join(
        f"{r['study']}: {r['share_of_cards']:.0%} of drawn cards went to the holder, {r['holder_cards_used']:.1f} "
        f"holder cards spent per player, {r['seats_using_share_action']:.0%} of players used the share-tickets "
        f"turn; shared tickets completed {r['shared_ticket_completion']:.0%} vs hidden "
        f"{r['hidden_ticket_completion']:.0%}" for _, r in sh.iterrows())
        + ". Greedy shares a drawn card when its teammate's shared tickets need it more than its own plan, and "
        "shares tickets when its own trains cannot cover its plan.")
    sec.figures.append(save_figure(sharing_figure(sh, bots, note), out, "team_asia_sharing",
                                   f"How much sharing the teams use{note}", prov))
    sec.tables.append(save_table(sh, out, "team_asia_sharing", "Sharing per player and game", index=False))
    sec.data.update(t)
    return sec
