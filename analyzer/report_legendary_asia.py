"""Report section: Legendary Asia (issue 6) — the mountain trade and the
Asian Explorer.

Contract (analyzer/report.py): `STUDIES` are the runs `make report` adds;
`build_section(runs, out_dir)` writes its figures (PNG + SVG) and tables
(CSV) into out_dir and returns an HTML fragment, or None when no Legendary
Asia run is among `runs`. Runs are recognised by their manifest (board
legendary_asia, a points game of single players), so a report built from
existing results folders finds them too.

What it measures, per player count:
- mountain routes (LA-MTN-1/2): how often each is claimed, and by a winner;
  mountain routes per player, winners against the others;
- Mountain Pass points (2 per discarded train): their distribution, winners
  against the others;
- the Asian Explorer (LA-SCR-1): how often it is shared, the network sizes
  of its holders and of everyone, the win rate of a holder (95% Wilson CI)
  against the average seat's, and how often its 10 points change who wins.
"""

from __future__ import annotations

import html
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.results import Results

BOARD = "legendary_asia"
PLAYER_COUNTS = (2, 3, 4, 5)
STUDIES: list[dict] = [
    {"name": f"legendary-asia-{p}p", "board": BOARD, "players": p, "bots": ["greedy"], "rules": "legendary-asia",
     "overrides": {}, "games_share": 0.02}
    for p in PLAYER_COUNTS
]
Z95 = 1.959963984540054


# --- statistics ------------------------------------------------------------------------------
def wilson(k, n, z: float = Z95):
    """Wilson score interval of a proportion k / n: (p, lo, hi), arrays or scalars."""
    k = np.asarray(k, float)
    n = np.asarray(n, float)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        den = 1 + z * z / n
        mid = (p + z * z / (2 * n)) / den
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return p, mid - half, mid + half


def mean_ci(x: pd.Series) -> tuple[float, float, float, int]:
    """Mean and normal 95% CI of a sample: (mean, lo, hi, n)."""
    x = pd.Series(x, dtype=float).dropna()
    n = len(x)
    m = float(x.mean()) if n else float("nan")
    half = Z95 * float(x.std(ddof=1)) / np.sqrt(n) if n > 1 else float("nan")
    return m, m - half, m + half, n


# --- finding the runs --------------------------------------------------------------------------
def is_legendary_asia(res: Results) -> bool:
    m = res.manifest
    rules = m.get("rules") or {}
    return (m.get("board") == BOARD and int(rules.get("team_size", 1)) == 1
            and int(rules.get("win_tickets", 0)) == 0)


def la_runs(runs: dict[str, Results]) -> dict[int, tuple[str, Results]]:
    """One Legendary Asia run per player count: this module's study when
    present, else the run with the most games."""
    own = {s["name"] for s in STUDIES}
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


def _route_names(routes: pd.DataFrame) -> list[str]:
    names, seen = [], {}
    for a, b, n, c, x in zip(routes["a"], routes["b"], routes["length"], routes["color"], routes["mountains"],
                             strict=True):
        name = f"{a}–{b} ({n} {c}, {x}X)"
        seen[name] = seen.get(name, 0) + 1
        names.append(name if seen[name] == 1 else f"{name} #{seen[name]}")
    return names


def with_mountain_columns(players: pd.DataFrame, claims: pd.DataFrame, routes: pd.DataFrame) -> pd.DataFrame:
    """players with mountain_trains and mountain_routes: runs written before
    those columns existed get them recounted from their claims."""
    if "mountain_trains" in players.columns and "mountain_routes" in players.columns:
        return players
    xs = routes["mountains"].to_numpy()[claims["route"].to_numpy()]
    per = pd.DataFrame({"game": claims["game"], "seat": claims["seat"], "mountain_trains": xs,
                        "mountain_routes": (xs > 0).astype(np.int64)}).groupby(["game", "seat"]).sum()
    out = players.drop(columns=["mountain_trains", "mountain_routes"], errors="ignore")
    out = out.merge(per, left_on=["game", "seat"], right_index=True, how="left")
    out[["mountain_trains", "mountain_routes"]] = out[["mountain_trains", "mountain_routes"]].fillna(0).astype(np.int64)
    return out


# --- tables ------------------------------------------------------------------------------------
def mountain_route_table(players: pd.DataFrame, claims: pd.DataFrame, routes: pd.DataFrame) -> pd.DataFrame:
    """One row per mountain route: games, the share of games it was claimed
    (95% CI), and the share of games a winner claimed it."""
    n_games = int(players["game"].nunique())
    mtn = routes.index[routes["mountains"].to_numpy() > 0].to_numpy()
    names = _route_names(routes)
    c = claims.loc[claims["route"].isin(mtn), ["game", "seat", "route"]]
    c = c.merge(players[["game", "seat", "winner"]], on=["game", "seat"], how="left")
    taken = c.groupby("route")["game"].nunique().reindex(mtn, fill_value=0)
    by_winner = c[c["winner"].astype(bool)].groupby("route")["game"].nunique().reindex(mtn, fill_value=0)
    p, lo, hi = wilson(taken.to_numpy(), n_games)
    pw, wlo, whi = wilson(by_winner.to_numpy(), n_games)
    out = pd.DataFrame({
        "route": mtn,
        "route_name": [names[r] for r in mtn],
        "length": routes["length"].to_numpy()[mtn],
        "colour": routes["color"].to_numpy()[mtn],
        "mountains": routes["mountains"].to_numpy()[mtn],
        "games": n_games,
        "taken_games": taken.to_numpy(),
        "taken_rate": p, "taken_lo": lo, "taken_hi": hi,
        "winner_games": by_winner.to_numpy(),
        "winner_rate": pw, "winner_lo": wlo, "winner_hi": whi,
    })
    with np.errstate(invalid="ignore", divide="ignore"):
        out["winner_share_of_taken"] = out["winner_games"] / out["taken_games"]
    return out.sort_values("taken_rate", ascending=False).reset_index(drop=True)


def mountain_player_table(players: pd.DataFrame) -> pd.DataFrame:
    """Mountain routes, Mountain Pass trains and points per player: winners,
    the others, everyone (means with 95% CIs)."""
    rows = []
    groups = {"winners": players[players["winner"].astype(bool)], "others": players[~players["winner"].astype(bool)],
              "all": players}
    for who, df in groups.items():
        row = {"who": who, "players": len(df)}
        for col in ("mountain_routes", "mountain_trains", "mountain_points"):
            m, lo, hi, _ = mean_ci(df[col])
            row.update({col: m, col + "_lo": lo, col + "_hi": hi})
        row["share_with_a_mountain_route"] = float((df["mountain_routes"] > 0).mean()) if len(df) else np.nan
        rows.append(row)
    return pd.DataFrame(rows)


def mountain_points_distribution(players: pd.DataFrame) -> pd.DataFrame:
    """Share of players with each Mountain Pass score, winners and others."""
    w = players["winner"].astype(bool)
    out = pd.DataFrame({
        "winners": players.loc[w, "mountain_points"].value_counts(normalize=True),
        "others": players.loc[~w, "mountain_points"].value_counts(normalize=True),
    }).fillna(0.0).sort_index()
    out.index.name = "mountain_points"
    return out.reset_index()


def explorer_table(players: pd.DataFrame) -> dict:
    """The Asian Explorer in one run: games, awarded, shared, holders' network
    size, a holder's win rate (Wilson 95% CI) against the average seat's, and
    the share of games whose winners change without its points (ties broken
    as LA-SCR-2: completed tickets, then mountain routes)."""
    n_players = int(players["seat"].max()) + 1
    holder = players["explorer_bonus"] > 0
    per_game = holder.groupby(players["game"]).sum()
    games = len(per_game)
    h = players[holder]
    k, n = int(h["winner"].sum()), len(h)
    p, lo, hi = wilson(k, n)
    seat_win = float(players["winner"].mean())
    # winners recomputed without the bonus: points, then tickets, then mountain routes
    def key(score):
        return (score.astype(np.int64) + 100_000) * 1_000_000 + players["tickets_completed"].astype(np.int64) * 1_000 \
            + players["mountain_routes"].astype(np.int64)

    k_with = key(players["score"])
    k_without = key(players["score"] - players["explorer_bonus"])
    win_with = k_with == k_with.groupby(players["game"]).transform("max")
    win_without = k_without == k_without.groupby(players["game"]).transform("max")
    changed = (win_with != win_without).groupby(players["game"]).any()
    return {
        "players": n_players,
        "games": games,
        "awarded_rate": float((per_game > 0).mean()),
        "shared_rate": float((per_game > 1).mean()),
        "holders_per_game": float(per_game.mean()),
        "holder_network_mean": float(h["network_cities"].mean()) if n else np.nan,
        "network_mean": float(players["network_cities"].mean()),
        "holders": n,
        "holder_wins": k,
        "holder_win_rate": float(p), "holder_win_lo": float(lo), "holder_win_hi": float(hi),
        "seat_win_rate": seat_win,
        "winners_changed_by_bonus": float(changed.mean()),
        "winners_recomputed_agree": bool((win_with == players["winner"].astype(bool)).all()),
    }


def network_distribution(players: pd.DataFrame) -> pd.DataFrame:
    """Share of players with each network size (cities), holders and others."""
    holder = players["explorer_bonus"] > 0
    out = pd.DataFrame({
        "holders": players.loc[holder, "network_cities"].value_counts(normalize=True),
        "others": players.loc[~holder, "network_cities"].value_counts(normalize=True),
    }).fillna(0.0).sort_index()
    out.index.name = "network_cities"
    return out.reset_index()


# --- figures -----------------------------------------------------------------------------------
def _save(fig, out: Path, stem: str) -> str:
    fig.savefig(out / f"{stem}.png", dpi=110, bbox_inches="tight")
    fig.savefig(out / f"{stem}.svg", bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(fig)
    return stem


def _fig_routes(route_tabs: dict[int, pd.DataFrame], out: Path) -> str:
    import matplotlib.pyplot as plt

    order = max(route_tabs.items())[1]["route_name"].tolist()[::-1]  # most players: sort order
    fig, ax = plt.subplots(figsize=(8, 0.28 * len(order) + 1.6))
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
    ax.set_title("Legendary Asia: how often each mountain route is claimed (greedy bots)")
    ax.legend(fontsize=7, loc="lower right")
    ax.grid(axis="x", alpha=0.3)
    return _save(fig, out, "la_mountain_routes")


def _fig_mountain_points(dists: dict[int, pd.DataFrame], ns: dict[int, tuple[int, int]], out: Path) -> str:
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(dists), figsize=(3.2 * len(dists) + 0.5, 3.2), sharey=True, squeeze=False)
    for ax, (n, d) in zip(axes[0], dists.items(), strict=True):
        nw, no = ns[n]
        ax.step(d["mountain_points"], d["winners"] * 100, where="mid", label=f"winners (n={nw:,})")
        ax.step(d["mountain_points"], d["others"] * 100, where="mid", label=f"others (n={no:,})")
        ax.set_title(f"{n} players", fontsize=9)
        ax.set_xlabel("Mountain Pass points per player")
        ax.legend(fontsize=7)
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel("share of players (%)")
    fig.suptitle("Legendary Asia: Mountain Pass points (2 per discarded train), winners vs others", fontsize=10)
    fig.tight_layout()
    return _save(fig, out, "la_mountain_points")


def _fig_explorer(expl: pd.DataFrame, nets: dict[int, pd.DataFrame], out: Path) -> str:
    import matplotlib.pyplot as plt

    fig, (a1, a2) = plt.subplots(1, 2, figsize=(10, 3.6))
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
    fig.suptitle("Legendary Asia: the Asian Explorer (10 points, most cities in one network)", fontsize=10)
    fig.tight_layout()
    return _save(fig, out, "la_explorer")


# --- the section -------------------------------------------------------------------------------
def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _figure(stem: str, caption: str) -> str:
    return (f'<figure><img src="{stem}.png" alt="{html.escape(caption)}"><figcaption>{html.escape(caption)} '
            f'(<a href="{stem}.svg">SVG</a>)</figcaption></figure>')


def build_section(runs: dict[str, Results], out_dir: Path) -> str | None:
    picked = la_runs(runs)
    if not picked:
        return None
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
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
    routes_csv = pd.concat(route_tabs.values(), ignore_index=True)
    players_csv = pd.concat(player_tabs, ignore_index=True)
    points_csv = pd.concat([d.assign(players=n) for n, d in dists.items()], ignore_index=True)
    expl = pd.DataFrame(expl_rows)
    nets_csv = pd.concat([d.assign(players=n) for n, d in nets.items()], ignore_index=True)
    tables = {"la_mountain_routes.csv": routes_csv, "la_mountain_players.csv": players_csv,
              "la_mountain_points.csv": points_csv, "la_explorer.csv": expl, "la_network_sizes.csv": nets_csv}
    for fname, df in tables.items():
        df.to_csv(out / fname, index=False)
    figs = [
        (_fig_routes(route_tabs, out), "How often each mountain route is claimed, by player count"),
        (_fig_mountain_points(dists, dist_ns, out), "Mountain Pass points per player, winners and others"),
        (_fig_explorer(expl, nets, out), "Asian Explorer: network sizes and the holder's win rate"),
    ]
    findings = _findings(picked, route_tabs, players_csv, expl)
    counts = ", ".join(f"{n} players: {int(r.manifest.get('games', 0)):,} games ({html.escape(name)})"
                       for n, (name, r) in picked.items())
    bots = sorted({b for _, r in picked.values() for b in r.manifest.get("bots", [])})
    body = [
        f"<p>Runs: {counts}; bots: {html.escape(', '.join(bots))}. A mountain route costs one extra train per X, "
        "discarded to the Mountain Pass for 2 points each (LA-MTN-2); the Asian Explorer gives 10 points to every "
        "player with the most cities in one network of their own routes (LA-SCR-1). With 2–3 players the other lane "
        "of a double closes once one is claimed (LA-DBL-1), so one lane of a mountain double is then rarely "
        "claimed.</p>",
        "<ul class=\"findings\">" + "".join(f"<li>{html.escape(f)}</li>" for f in findings) + "</ul>",
        *[_figure(stem, cap) for stem, cap in figs],
        _summary_table(players_csv, expl),
        "<p>Tables: " + ", ".join(f'<a href="{f}">{f}</a>' for f in tables) + ".</p>",
    ]
    return "<section id=\"legendary-asia\"><h2>Legendary Asia: mountains and the Asian Explorer</h2>" \
        + "".join(body) + "</section>"


def _summary_table(players_csv: pd.DataFrame, expl: pd.DataFrame) -> str:
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
            "explorer shared": _pct(e["shared_rate"]),
            "holder network (cities)": f"{e['holder_network_mean']:.1f}",
            "holder win rate (95% CI)": f"{_pct(e['holder_win_rate'])} ({_pct(e['holder_win_lo'])}–"
                                        f"{_pct(e['holder_win_hi'])})",
            "average seat win rate": _pct(e["seat_win_rate"]),
            "bonus changes the winner": _pct(e["winners_changed_by_bonus"]),
        })
    return pd.DataFrame(rows).to_html(index=False, classes="data", border=0)


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
            f"{n} players: {_pct(tab['taken_rate'].mean())} of the {len(tab)} mountain routes are claimed in a game "
            f"on average, {_pct(winner_share)} of them by a winner (winners are {_pct(seat_share)} of the players)."
        )
        out.append(
            f"{n} players: a player claims {pt.loc['all', 'mountain_routes']:.2f} mountain routes on average "
            f"(winners {pt.loc['winners', 'mountain_routes']:.2f}, others {pt.loc['others', 'mountain_routes']:.2f}) "
            f"and scores {pt.loc['all', 'mountain_points']:.1f} Mountain Pass points (winners "
            f"{pt.loc['winners', 'mountain_points']:.1f}, others {pt.loc['others', 'mountain_points']:.1f}); "
            f"the most claimed mountain route is {top['route_name']} ({_pct(top['taken_rate'])} of games, by a winner "
            f"in {_pct(top['winner_rate'])}), the least {low['route_name']} ({_pct(low['taken_rate'])})."
        )
    for _, e in expl.iterrows():
        n = int(e["players"])
        above = "above" if e["holder_win_lo"] > e["seat_win_rate"] else (
            "below" if e["holder_win_hi"] < e["seat_win_rate"] else "not distinguishable from")
        out.append(
            f"{n} players: the Asian Explorer is shared in {_pct(e['shared_rate'])} of games; its holders' network "
            f"averages {e['holder_network_mean']:.1f} cities (everyone: {e['network_mean']:.1f}); a holder wins "
            f"{_pct(e['holder_win_rate'])} (95% CI {_pct(e['holder_win_lo'])}–{_pct(e['holder_win_hi'])}, "
            f"n={int(e['holders']):,}), {above} the average seat's {_pct(e['seat_win_rate'])}; its 10 points change "
            f"the winners in {_pct(e['winners_changed_by_bonus'])} of games."
        )
    return out
