"""Legendary Asia: the mountain trade and the Asian Explorer, per player
count (see analyzer.stats.legendary_asia for what is measured). Runs are
recognised by their manifest (board legendary_asia, a points game of single
players), so a report built from existing results folders finds them too;
the plan's studies (analyzer.studies.LEGENDARY_ASIA_STUDIES) come first."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.report.figures import new_figure, save_figure, save_table
from analyzer.report.html import Section, pct
from analyzer.report.runs import provisional_note, provisional_state
from analyzer.run.results import Results
from analyzer.stats.legendary_asia import (
    explorer_table,
    mountain_player_table,
    mountain_points_distribution,
    mountain_route_table,
    network_distribution,
    with_mountain_columns,
)
from analyzer.studies import LEGENDARY_ASIA_STUDIES

BOARD = "legendary_asia"


# --- finding the runs --------------------------------------------------------------------------
def is_legendary_asia(res: Results) -> bool:
    m = res.manifest
    rules = m.get("rules") or {}
    return (m.get("board") == BOARD and int(rules.get("team_size", 1)) == 1
            and int(rules.get("win_tickets", 0)) == 0)


def la_runs(runs: dict[str, Results]) -> dict[int, tuple[str, Results]]:
    """One Legendary Asia run per player count: the plan's study when
    present, else the run with the most games."""
    own = {s.name for s in LEGENDARY_ASIA_STUDIES}
    picked: dict[int, tuple[str, Results]] = {}
    for name, res in runs.items():
        if not is_legendary_asia(res):
            continue
        n = int(res.manifest.get("players", 0))
        key = (name in own, int(res.manifest.get("games", 0)))
        if n not in picked:
            picked[n] = (name, res)
            continue
        old_name, old = picked[n]
        if key > (old_name in own, int(old.manifest.get("games", 0))):
            picked[n] = (name, res)
    return dict(sorted(picked.items()))


def _routes(res: Results) -> pd.DataFrame:
    if res.board is not None:
        return res.board.routes
    from analyzer.boards import load_board

    return load_board(res.manifest.get("board", BOARD)).routes


# --- figures -----------------------------------------------------------------------------------
def routes_figure(route_tabs: dict[int, pd.DataFrame], bots: str, note: str):
    """How often each mountain route is claimed, one marker per player count."""
    order = max(route_tabs.items())[1]["route_name"].tolist()[::-1]  # most players: sort order
    fig, axes = new_figure(8, 0.28 * len(order) + 1.6)
    ax = axes[0, 0]
    ypos = {name: i for i, name in enumerate(order)}
    offsets = np.linspace(-0.3, 0.3, len(route_tabs)) if len(route_tabs) > 1 else [0.0]
    for (n, tab), dy in zip(route_tabs.items(), offsets, strict=True):
        y = tab["route_name"].map(ypos).to_numpy() + dy
        x = tab["taken_rate"].to_numpy() * 100
        err = np.vstack([x - tab["taken_lo"].to_numpy() * 100, tab["taken_hi"].to_numpy() * 100 - x])
        label = f"{n} players (n={int(tab['games'].iloc[0]):,} games)"
        ax.errorbar(x, y, xerr=err, fmt="o", ms=3.5, capsize=2, label=label)
    ax.set_yticks(range(len(order)), order, fontsize=7)
    ax.set_xlabel("games in which the route is claimed (%), 95% CI")
    ax.set_ylabel("mountain route (length, colour, X)")
    ax.set_xlim(0, 100)
    ax.set_title(f"Legendary Asia: how often each mountain route is claimed ({bots} bots){note}", fontsize=10)
    ax.legend(fontsize=7, loc="lower right")
    ax.grid(axis="x", alpha=0.3)
    return fig


def mountain_points_figure(dists: dict[int, pd.DataFrame], ns: dict[int, tuple[int, int]], note: str):
    """Mountain Pass points per player, winners against the others, a panel per player count."""
    fig, axes = new_figure(3.2 * len(dists) + 0.5, 3.4, ncols=len(dists), sharey=True)
    for ax, (n, d) in zip(axes[0], dists.items(), strict=True):
        nw, no = ns[n]
        ax.step(d["mountain_points"], d["winners"] * 100, where="mid", label=f"winners (n={nw:,})")
        ax.step(d["mountain_points"], d["others"] * 100, where="mid", label=f"others (n={no:,})")
        ax.set_title(f"{n} players", fontsize=9)
        ax.set_xlabel("Mountain Pass points per player")
        ax.legend(fontsize=7)
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel("share of players (%)")
    fig.suptitle(f"Legendary Asia: Mountain Pass points (2 per discarded train), winners vs others{note}", fontsize=10)
    return fig


def explorer_figure(expl: pd.DataFrame, nets: dict[int, pd.DataFrame], note: str):
    """Network sizes of the Asian Explorer's holders and the others, and the holder's win rate."""
    fig, axes = new_figure(10, 3.8, ncols=2)
    a1, a2 = axes[0]
    for n, d in nets.items():
        row = expl.loc[expl["players"] == n].iloc[0]
        a1.plot(d["network_cities"], d["holders"] * 100, "-", label=f"{n}p holders (n={int(row['holders']):,})")
        a1.plot(d["network_cities"], d["others"] * 100, ":", color=a1.lines[-1].get_color(), label=f"{n}p others")
    a1.set_xlabel("cities in the player's largest network")
    a1.set_ylabel("share of players (%)")
    a1.set_title("Explorer network sizes", fontsize=10)
    a1.legend(fontsize=6, ncol=2)
    a1.grid(alpha=0.3)
    x = expl["players"].to_numpy()
    y = expl["holder_win_rate"].to_numpy() * 100
    err = np.vstack([y - expl["holder_win_lo"].to_numpy() * 100, expl["holder_win_hi"].to_numpy() * 100 - y])
    a2.errorbar(x, y, yerr=err, fmt="o-", capsize=3, label="explorer holder (95% CI)")
    a2.plot(x, expl["seat_win_rate"].to_numpy() * 100, "s--", label="average seat")
    for xi, yi, h in zip(x, y, expl["holders"], strict=True):
        a2.annotate(f"n={int(h):,}", (xi, yi), textcoords="offset points", xytext=(6, -10), fontsize=7)
    a2.set_xticks(x)
    a2.set_xlabel("players")
    a2.set_ylabel("win rate (%)")
    a2.set_ylim(0, 100)
    a2.set_title("Win rate of the Asian Explorer holder", fontsize=10)
    a2.legend(fontsize=7)
    a2.grid(alpha=0.3)
    fig.suptitle(f"Legendary Asia: the Asian Explorer (10 points, most cities in one network){note}", fontsize=10)
    return fig


# --- the section -------------------------------------------------------------------------------
INTRO = ("A mountain route costs one extra train per X, discarded to the Mountain Pass for 2 points each (LA-MTN-2); "
         "the Asian Explorer gives 10 points to every player with the most cities in one network of their own "
         "routes (LA-SCR-1). With 2–3 players the other lane of a double closes once one is claimed (LA-DBL-1), so "
         "one lane of a mountain double is then rarely claimed.")


def build_section(runs: dict[str, Results], out_dir: Path) -> Section | None:
    picked = la_runs(runs)
    if not picked:
        return None
    out = Path(out_dir)
    route_tabs, player_tabs, dists, dist_ns, expl_rows, nets = {}, [], {}, {}, [], {}
    for n, (name, res) in picked.items():
        routes = _routes(res)
        claims = res.claims
        players = with_mountain_columns(res.players, claims, routes)
        route_tabs[n] = mountain_route_table(players, claims, routes).assign(players=n, run=name)
        player_tabs.append(mountain_player_table(players).assign(players_in_game=n, run=name))
        dists[n] = mountain_points_distribution(players)
        w = players["winner"].astype(bool)
        dist_ns[n] = (int(w.sum()), int((~w).sum()))
        expl_rows.append({**explorer_table(players), "run": name})
        nets[n] = network_distribution(players)
        res.release()
    routes_csv = pd.concat(route_tabs.values(), ignore_index=True)
    players_csv = pd.concat(player_tabs, ignore_index=True)
    points_csv = pd.concat([d.assign(players=n) for n, d in dists.items()], ignore_index=True)
    expl = pd.DataFrame(expl_rows)
    nets_csv = pd.concat([d.assign(players=n) for n, d in nets.items()], ignore_index=True)
    counts = ", ".join(f"{n} players: {int(r.manifest.get('games', 0)):,} games ({name})"
                       for n, (name, r) in picked.items())
    bots = ", ".join(sorted({b for _, r in picked.values() for b in r.manifest.get("bots", [])}))
    sec = Section("legendary-asia", "Legendary Asia: mountains and the Asian Explorer", INTRO)
    sec.findings.append(f"Runs: {counts}; bots: {bots}.")
    sec.findings += _findings(picked, route_tabs, players_csv, expl)
    drawn = [r for _, r in picked.values()]
    note, prov = provisional_note(*drawn), provisional_state(*drawn)
    sec.figures += [
        save_figure(routes_figure(route_tabs, bots, note), out, "la_mountain_routes",
                    "How often each mountain route is claimed, by player count", prov),
        save_figure(mountain_points_figure(dists, dist_ns, note), out, "la_mountain_points",
                    "Mountain Pass points per player, winners and others", prov),
        save_figure(explorer_figure(expl, nets, note), out, "la_explorer",
                    "Asian Explorer: network sizes and the holder's win rate", prov),
    ]
    sec.tables += [
        save_table(_summary_table(players_csv, expl), out, "la_summary", "Legendary Asia per player count",
                   index=False),
        save_table(routes_csv, out, "la_mountain_routes", "Mountain routes: share of games claimed, and by a winner",
                   index=False),
        save_table(players_csv, out, "la_mountain_players", "Mountain routes and Mountain Pass points per player",
                   index=False),
        save_table(points_csv, out, "la_mountain_points", "Mountain Pass points distribution", index=False),
        save_table(expl, out, "la_explorer", "The Asian Explorer per player count", index=False),
        save_table(nets_csv, out, "la_network_sizes", "Network sizes, holders and others", index=False),
    ]
    sec.data["explorer"] = expl
    return sec


def _summary_table(players_csv: pd.DataFrame, expl: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for _, e in expl.iterrows():
        n = int(e["players"])
        pt = players_csv[players_csv["players_in_game"] == n].set_index("who")
        rows.append({
            "players": n,
            "mountain routes / winner": f"{pt.loc['winners', 'mountain_routes']:.2f}",
            "mountain routes / other": f"{pt.loc['others', 'mountain_routes']:.2f}",
            "Mountain Pass pts / winner": f"{pt.loc['winners', 'mountain_points']:.1f}",
            "Mountain Pass pts / other": f"{pt.loc['others', 'mountain_points']:.1f}",
            "explorer shared": pct(e["shared_rate"]),
            "holder network (cities)": f"{e['holder_network_mean']:.1f}",
            "holder win rate (95% CI)": f"{pct(e['holder_win_rate'])} ({pct(e['holder_win_lo'])}–"
                                        f"{pct(e['holder_win_hi'])})",
            "average seat win rate": pct(e["seat_win_rate"]),
            "bonus changes the winner": pct(e["winners_changed_by_bonus"]),
        })
    return pd.DataFrame(rows)


def _findings(picked, route_tabs, players_csv: pd.DataFrame, expl: pd.DataFrame) -> list[str]:
    out = []
    for n in picked:
        tab = route_tabs[n]
        top = tab.iloc[0]
        low = tab.iloc[-1]
        pt = players_csv[players_csv["players_in_game"] == n].set_index("who")
        claimed = tab["taken_games"].sum()
        winner_share = tab["winner_games"].sum() / claimed if claimed else float("nan")
        seat_share = pt.loc["winners", "players"] / pt.loc["all", "players"]
        out.append(
            f"{n} players: {pct(tab['taken_rate'].mean())} of the {len(tab)} mountain routes are claimed in a game "
            f"on average, {pct(winner_share)} of them by a winner (winners are {pct(seat_share)} of the players)."
        )
        out.append(
            f"{n} players: a player claims {pt.loc['all', 'mountain_routes']:.2f} mountain routes on average "
            f"(winners {pt.loc['winners', 'mountain_routes']:.2f}, others {pt.loc['others', 'mountain_routes']:.2f}) "
            f"and scores {pt.loc['all', 'mountain_points']:.1f} Mountain Pass points (winners "
            f"{pt.loc['winners', 'mountain_points']:.1f}, others {pt.loc['others', 'mountain_points']:.1f}); "
            f"the most claimed mountain route is {top['route_name']} ({pct(top['taken_rate'])} of games, by a winner "
            f"in {pct(top['winner_rate'])}), the least {low['route_name']} ({pct(low['taken_rate'])})."
        )
    for _, e in expl.iterrows():
        n = int(e["players"])
        above = "above" if e["holder_win_lo"] > e["seat_win_rate"] else (
            "below" if e["holder_win_hi"] < e["seat_win_rate"] else "not distinguishable from")
        out.append(
            f"{n} players: the Asian Explorer is shared in {pct(e['shared_rate'])} of games; its holders' network "
            f"averages {e['holder_network_mean']:.1f} cities (everyone: {e['network_mean']:.1f}); a holder wins "
            f"{pct(e['holder_win_rate'])} (95% CI {pct(e['holder_win_lo'])}–{pct(e['holder_win_hi'])}, "
            f"n={int(e['holders']):,}), {above} the average seat's {pct(e['seat_win_rate'])}; its 10 points change "
            f"the winners in {pct(e['winners_changed_by_bonus'])} of games."
        )
    return out
