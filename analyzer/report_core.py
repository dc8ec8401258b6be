"""The core sections of the report (issue 5). Each section is a function
(runs, out_dir) -> HTML fragment or None: it picks the runs it needs by what
their manifests say, computes its tables with analyzer.stats, writes figures
(PNG + SVG) and tables (CSV) into out_dir, and states its findings in
sentences computed from those tables."""

from __future__ import annotations

import html
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer import stats as S
from analyzer.figures import (
    grouped_ci_bars,
    new_figure,
    provisional_note,
    route_heat_map,
    save_figure,
    save_table,
)
from analyzer.results import Results

BOARD_LABELS = {"usa": "USA", "europe": "Europe", "legendary_asia": "Legendary Asia", "india": "India",
                "ghost_train": "Ghost Train", "team_asia": "Team Asia"}


# --- run bookkeeping --------------------------------------------------------------------
def board_label(res: Results) -> str:
    b = res.manifest.get("board", "?")
    return BOARD_LABELS.get(b, str(b).replace("_", " ").title())


def rule_changes(res: Results) -> dict:
    """The rules of a run that differ from its board's default rule set."""
    rules = dict(res.manifest.get("rules", {}))
    if res.board is None:
        return {}
    default = res.board.rules().as_dict()
    return {k: v for k, v in rules.items() if k != "name" and default.get(k) != v}


def label(res: Results) -> str:
    """'Europe 4p' (+ the changed rules, + provisional)."""
    ch = rule_changes(res)
    extra = (" " + ", ".join(f"{k}={v}" for k, v in ch.items())) if ch else ""
    return f"{board_label(res)} {res.manifest.get('players')}p{extra}{provisional_note(res)}"


def base_runs(runs: dict[str, Results]) -> dict[str, Results]:
    """Runs under their board's default rules (every run when none is),
    ordered by board and player count."""
    base = {n: r for n, r in runs.items() if not rule_changes(r)} or dict(runs)
    # One run per board, players and bots (e.g. a sweep's baseline repeats the
    # Europe 4p study): keep the largest, so labels stay unique.
    best: dict[tuple, tuple[str, Results]] = {}
    for n, r in sorted(base.items()):
        key = (r.manifest.get("board"), r.manifest.get("players"), tuple(r.manifest.get("bots") or ()))
        if key not in best or n_games(r) > n_games(best[key][1]):
            best[key] = (n, r)
    base = dict(best.values())
    return dict(sorted(base.items(), key=lambda kv: (kv[1].manifest.get("board", ""),
                                                      kv[1].manifest.get("players", 0), kv[0])))


def by_board(runs: dict[str, Results]) -> dict[str, dict[str, Results]]:
    out: dict[str, dict[str, Results]] = {}
    for n, r in runs.items():
        out.setdefault(r.manifest.get("board", "?"), {})[n] = r
    return out


def focus_run(runs: dict[str, Results]) -> tuple[str, Results]:
    """The run a finding quotes: 4 players if there is one, else the most players."""
    return max(runs.items(), key=lambda kv: (kv[1].manifest.get("players") == 4, kv[1].manifest.get("players", 0)))


def bots_text(res: Results) -> str:
    bots = res.manifest.get("bots", [])
    return bots[0] if len(set(bots)) == 1 else ",".join(bots)


def pct(x: float, digits: int = 1) -> str:
    return "–" if x is None or not np.isfinite(x) else f"{100 * x:.{digits}f}%"


def ci_pct(lo: float, hi: float) -> str:
    return f"95% CI {100 * lo:.1f}–{100 * hi:.1f}%"


def findings(items: list[str]) -> str:
    items = [i for i in items if i]
    return ('<ul class="findings">' + "".join(f"<li>{html.escape(i, quote=False)}</li>" for i in items) + "</ul>"
            if items else "")


def section(title: str, intro: str, body: list[str]) -> str:
    return f"<section><h2>{html.escape(title)}</h2><p>{intro}</p>{''.join(body)}</section>"


def _tagged(frame: pd.DataFrame, name: str, res: Results) -> pd.DataFrame:
    f = frame.reset_index()
    f.insert(0, "study", name)
    f.insert(1, "board", res.manifest.get("board"))
    f.insert(2, "players", res.manifest.get("players"))
    f["team_size"] = int(res.manifest.get("rules", {}).get("team_size", 1) or 1)  # Team Asia: a win is the team's
    return f


def _board_note(runs: dict[str, Results]) -> str:
    return "".join(sorted({provisional_note(r) for r in runs.values()}))


def release(*runs: Results) -> None:
    """Forget the tables a run read (a run on disk reads them again when
    needed): a section over million-game runs holds one run's tables at a time."""
    for r in runs:
        if r.path is not None:
            r._tables.clear()
            r._named.clear()


def n_games(res: Results) -> int:
    return int(res.manifest["games"])


def ticket_info(res: Results) -> tuple[pd.DataFrame, pd.DataFrame]:
    d = S.city_distances(res.board.cities, res.board.routes)
    return S.ticket_info(res.board.tickets, d), d


# --- runs ------------------------------------------------------------------------------------
def runs_section(runs: dict[str, Results], out: Path) -> str:
    rows = []
    for name, r in runs.items():
        m = r.manifest
        ch = rule_changes(r)
        rows.append({"study": name, "board": m.get("board"), "players": m.get("players"), "bots": bots_text(r),
                     "rule changes": ", ".join(f"{k}={v}" for k, v in ch.items()) or "—",
                     "games": m.get("games"), "seed": m.get("seed"), "rules hash": m.get("rules_hash"),
                     "provisional board": bool(provisional_note(r)), "wall time (s)": m.get("wall_time_s"),
                     "games/s": m.get("games_per_s"), "folder": str(r.path) if r.path else ""})
    df = pd.DataFrame(rows)
    total = int(df["games"].sum())
    prov = df.loc[df["provisional board"], "study"].tolist()
    notes = [f"{len(df)} runs, {total:,} games in all; runs with the same seed share their deals game by game "
             f"(game i of every run starts from the same shuffle)."]
    warn = (f'<p class="note">Runs on a provisional board: {html.escape(", ".join(prov))}; their figures say so.'
            "</p>" if prov else "")
    return section("Runs", "The simulations this report is built from.",
                   [findings(notes), warn, save_table(df, out, "runs", "runs", max_rows=100, index=False)])


# --- overview ----------------------------------------------------------------------------------
def overview_section(runs: dict[str, Results], out: Path) -> str | None:
    base = base_runs(runs)
    if not base:
        return None
    seat, bot, dist, comp, length, ends, hist = [], [], [], [], [], [], []
    for name, r in base.items():
        p, g = r.players, r.games
        seat.append(_tagged(S.win_rates(p, "seat"), name, r))
        bot.append(_tagged(S.win_rates(p, "bot"), name, r))
        dist.append(_tagged(S.score_distribution(p.assign(all="all"), "all"), name, r).drop(columns="all"))
        comp.append(_tagged(S.score_components(p), name, r))
        length.append(_tagged(S.game_length(g, int(r.manifest["players"])), name, r))
        ends.append(_tagged(S.end_reasons(g), name, r))
        hist.append(_tagged(S.score_histogram(p), name, r))
        release(r)
    seat, bot, dist, comp = (pd.concat(x, ignore_index=True) for x in (seat, bot, dist, comp))
    length, ends, hist = (pd.concat(x, ignore_index=True) for x in (length, ends, hist))
    body = []
    # findings
    notes = []
    for board, grp in seat.groupby("board", sort=False):
        first = grp[grp["seat"] == 0].copy()
        first["fair"] = first["team_size"] / first["players"]  # teams of two share each win
        first["edge"] = first["rate"] - first["fair"]
        sig = ((first["ci_low"] > first["fair"]) | (first["ci_high"] < first["fair"])).sum()
        lo, hi = first.loc[first["edge"].idxmin()], first.loc[first["edge"].idxmax()]
        b = BOARD_LABELS.get(board, board)
        text = (f"{b}: the first seat wins {pct(hi['rate'])} of {int(hi['players'])}-player games "
                f"({ci_pct(hi['ci_low'], hi['ci_high'])}, n={int(hi['n']):,}) against a fair share of "
                f"{pct(hi['fair'])}")
        if len(first) > 1:
            text += (f"; its edge over the fair share ranges from {100 * lo['edge']:+.1f} "
                     f"({int(lo['players'])} players) to {100 * hi['edge']:+.1f} points "
                     f"({int(hi['players'])} players), outside the 95% CI in {int(sig)} of {len(first)} "
                     "player counts")
        notes.append(text + ".")
    for board, grp in dist.groupby("board", sort=False):
        grp = grp.sort_values("players")
        a, z = grp.iloc[0], grp.iloc[-1]
        if len(grp) == 1:
            notes.append(f"{BOARD_LABELS.get(board, board)}: the mean score is {a['mean']:.1f} points "
                         f"({int(a['players'])} players, median {a['median']:.0f}, 90% of scores between "
                         f"{a['p05']:.0f} and {a['p95']:.0f}).")
            continue
        notes.append(f"{BOARD_LABELS.get(board, board)}: the mean score goes from {a['mean']:.1f} points "
                     f"({int(a['players'])} players, median {a['median']:.0f}) to {z['mean']:.1f} "
                     f"({int(z['players'])} players, median {z['median']:.0f}).")
    rounds = length[length["measure"] == "rounds"]
    notes.append("Games last " + "; ".join(
        f"{BOARD_LABELS.get(b, b)} {rounds[rounds['board'] == b]['mean'].min():.1f}–"
        f"{rounds[rounds['board'] == b]['mean'].max():.1f} rounds" for b in rounds["board"].unique())
        + " on average (a round is one turn of every player).")
    e = ends.groupby("end")[["successes", "n"]].sum()
    n_games = int(e["n"].iloc[0]) if len(e) else 0
    other = {k: int(v) for k, v in e["successes"].items() if k not in ("trains",) and v > 0}
    notes.append(f"Of {n_games:,} games, {int(e['successes'].get('trains', 0)):,} ended by the train supply; "
                 + (", ".join(f"{v:,} {k.replace('_', ' ')}" for k, v in other.items()) if other
                    else "none stalled, ran out of actions or hit the turn cap") + ".")
    mixed = bot[bot.groupby("study")["bot"].transform("nunique") > 1]  # only tables where bots met
    if len(mixed):
        best = mixed.loc[mixed["rate"].idxmax()]
        notes.append(f"Best bot: {best['bot']} wins {pct(best['rate'])} of its player-games in {best['study']}.")
    body.append(findings(notes))
    # figures
    for board, grp in seat.groupby("board", sort=False):
        note = _board_note({n: base[n] for n in grp["study"].unique()})
        fig, ax = new_figure(7, 3.8)
        g2 = grp.assign(group=grp["players"].astype(str) + " players")
        grouped_ci_bars(ax[0, 0], g2, "group", "seat", "rate", "ci_low", "ci_high")
        ax[0, 0].set_xlabel("seat (0 plays first)")
        ax[0, 0].set_ylabel("win rate (share of games)")
        ax[0, 0].set_title(f"{BOARD_LABELS.get(board, board)}: win rate by seat, 95% CI "
                           f"(n={int(grp.groupby('study')['n'].first().sum()):,} games){note}", fontsize=10)
        body.append(save_figure(fig, out, f"win_rate_by_seat_{board}", f"Win rate by seat, {board}"))
    for board, grp in hist.groupby("board", sort=False):
        note = _board_note({n: base[n] for n in grp["study"].unique()})
        fig, ax = new_figure(7, 3.8)
        for (study, players), h in grp.groupby(["study", "players"], sort=False):
            n = int(base[study].manifest["games"])
            ax[0, 0].plot(h["bin_start"] + 2.5, 100 * h["share"], label=f"{players} players (n={n:,} games)")
        ax[0, 0].set_xlabel("final score (points, 5-point bins)")
        ax[0, 0].set_ylabel("player-games (%)")
        ax[0, 0].set_title(f"{BOARD_LABELS.get(board, board)}: score distribution{note}", fontsize=10)
        ax[0, 0].legend(fontsize="small")
        body.append(save_figure(fig, out, f"score_distribution_{board}", f"Score distribution, {board}"))
    for board, grp in comp.groupby("board", sort=False):
        grp = grp[(grp["component"] != "score") & (grp["mean"].abs() > 0)]
        note = _board_note({n: base[n] for n in grp["study"].unique()})
        fig, ax = new_figure(8, 3.8)
        g2 = grp.assign(group=grp["players"].astype(str) + " players")
        grouped_ci_bars(ax[0, 0], g2, "group", "component", "mean", "ci_low", "ci_high")
        ax[0, 0].axhline(0, color="black", lw=0.6)
        ax[0, 0].set_ylabel("mean points per player and game")
        ax[0, 0].set_xlabel("score component (tickets_lost counts negative)")
        ax[0, 0].tick_params(axis="x", labelsize=8)
        ax[0, 0].set_title(f"{BOARD_LABELS.get(board, board)}: score components, 95% CI "
                           f"(n={int(grp.groupby('study')['n'].first().sum()):,} player-games){note}", fontsize=10)
        body.append(save_figure(fig, out, f"score_components_{board}", f"Score components, {board}"))
    fig, ax = new_figure(6, 3.6)
    for board, grp in rounds.groupby("board", sort=False):
        ax[0, 0].errorbar(grp["players"], grp["mean"], yerr=[grp["mean"] - grp["ci_low"], grp["ci_high"] - grp["mean"]],
                          marker="o", capsize=3, label=f"{BOARD_LABELS.get(board, board)} "
                          f"(n={int(grp['n'].sum()):,} games)")
    ax[0, 0].set_xlabel("players")
    ax[0, 0].set_ylabel("game length (rounds)")
    ax[0, 0].set_title("Game length, mean with 95% CI" + _board_note(base), fontsize=10)
    ax[0, 0].legend(fontsize="small")
    body.append(save_figure(fig, out, "game_length", "Game length by player count"))
    # tables
    body.append(save_table(seat, out, "win_rate_by_seat", "Win rate by seat (n: player-games; a shared first "
                           "place counts for each winner)", max_rows=20, index=False))
    body.append(save_table(bot, out, "win_rate_by_bot", "Win rate by bot", index=False))
    body.append(save_table(dist, out, "score_distribution", "Score distribution per run", index=False))
    body.append(save_table(comp, out, "score_components", "Score components per run (mean points per player)",
                           max_rows=10, index=False))
    body.append(save_table(length, out, "game_length", "Game length (turns: every player's turn counts one)",
                           index=False))
    body.append(save_table(ends, out, "end_reasons", "End reasons and stalled games (share of games)",
                           max_rows=10, index=False))
    return section("Overview", "Who wins, with how many points, and how games end, under each board's "
                   "default rules.", body)


# --- tickets -------------------------------------------------------------------------------------
def tickets_section(runs: dict[str, Results], out: Path) -> str | None:
    base = base_runs(runs)
    if not base:
        return None
    per_ticket, by_pts, by_dist, kind, mid = [], [], [], [], []
    for name, r in base.items():
        info, _ = ticket_info(r)
        t = r.tickets
        per_ticket.append(_tagged(S.ticket_completion(t, info), name, r))
        by_pts.append(_tagged(S.completion_by(t, "points", info), name, r))
        by_dist.append(_tagged(S.completion_by(t, "distance", info), name, r))
        k = S.completion_by(t, pd.Series(np.where(t["long"].to_numpy(), "long", "regular"), name="kind"))
        kind.append(_tagged(k, name, r))
        mid.append(_tagged(S.midgame_tickets(t, r.players), name, r))
        release(r)
    per_ticket, by_pts, by_dist, kind, mid = (pd.concat(x, ignore_index=True)
                                              for x in (per_ticket, by_pts, by_dist, kind, mid))
    notes = []
    for board, grp in per_ticket.groupby("board", sort=False):
        study, r = focus_run({s: base[s] for s in grp["study"].unique()})
        f = grp[(grp["study"] == study) & (grp["n"] >= 30)]
        if f.empty:
            continue
        hard, easy = f.loc[f["rate"].idxmin()], f.loc[f["rate"].idxmax()]
        b = BOARD_LABELS.get(board, board)
        notes.append(f"{b}, {r.manifest['players']} players: the hardest ticket held at least 30 times is "
                     f"{hard['ticket_name']}, completed in {pct(hard['rate'])} of {int(hard['n']):,} holdings; "
                     f"the easiest is {easy['ticket_name']} ({pct(easy['rate'])} of {int(easy['n']):,}).")
        d = by_dist[(by_dist["study"] == study) & (by_dist["n"] >= 30)].sort_values("distance")
        if len(d) >= 2:
            notes.append(f"{b}, {r.manifest['players']} players: completion goes from {pct(d['rate'].iloc[0])} "
                         f"for tickets {d['distance'].iloc[0]:.0f} cars apart to {pct(d['rate'].iloc[-1])} for "
                         f"{d['distance'].iloc[-1]:.0f} cars apart (shortest distance on the empty board).")
        m = mid[mid["study"] == study].set_index("kept")
        if {"setup", "mid-game"} <= set(m.index):
            mg = m.loc["mid-game"]
            notes.append(f"{b}, {r.manifest['players']} players: each player keeps "
                         f"{m.loc['mid-game', 'per_player']:.2f} tickets drawn mid-game on average and completes "
                         f"{pct(mg['rate'])} of them ({ci_pct(mg['ci_low'], mg['ci_high'])}), "
                         f"against {pct(m.loc['setup', 'rate'])} of the tickets kept at setup.")
    longs = kind[kind["kind"] == "long"]
    has_long = [r for r in base.values() if r.board is not None and r.board.tickets["long"].any()]
    if has_long:
        if longs.empty:
            notes.append("No long ticket was held at the end of any game: the bots always returned them.")
        else:
            lg = longs.groupby("board")[["successes", "n"]].sum()
            notes.append("Long tickets: " + "; ".join(
                f"{BOARD_LABELS.get(b, b)} {pct(v['successes'] / v['n'])} completed of {int(v['n']):,} held"
                for b, v in lg.iterrows()) + ".")
    body = [findings(notes)]
    for board, grp in by_pts.groupby("board", sort=False):
        note = _board_note({n: base[n] for n in grp["study"].unique()})
        fig, ax = new_figure(11, 3.8, ncols=2)
        dgrp = by_dist[by_dist["board"] == board]
        for a, frame, col, xl in ((ax[0, 0], grp, "points", "ticket value (points)"),
                                  (ax[0, 1], dgrp, "distance", "shortest distance (train cars)")):
            for players, h in frame.groupby("players"):
                h = h.sort_values(col)
                a.errorbar(h[col], 100 * h["rate"], yerr=[100 * (h["rate"] - h["ci_low"]),
                                                          100 * (h["ci_high"] - h["rate"])],
                           marker="o", ms=3, capsize=2, label=f"{players} players (n={int(h['n'].sum()):,} tickets)")
            a.set_xlabel(xl)
            a.set_ylabel("completed (% of tickets held)")
            a.legend(fontsize="x-small")
        fig.suptitle(f"{BOARD_LABELS.get(board, board)}: ticket completion, 95% CI{note}", fontsize=10)
        body.append(save_figure(fig, out, f"ticket_completion_{board}", f"Ticket completion by value and "
                                f"distance, {board}"))
    fig, ax = new_figure(8, 3.6)
    mid2 = mid.assign(run=mid["board"].map(lambda b: BOARD_LABELS.get(b, b)) + " " + mid["players"].astype(str) + "p")
    grouped_ci_bars(ax[0, 0], mid2, "kept", "run", "rate", "ci_low", "ci_high", legend_title="ticket kept")
    ax[0, 0].set_ylabel("completed (share of tickets held)")
    ax[0, 0].set_xlabel("run")
    ax[0, 0].set_title(f"Tickets kept at setup vs drawn mid-game, 95% CI (n={int(mid['n'].sum()):,} tickets)"
                       + _board_note(base), fontsize=10)
    body.append(save_figure(fig, out, "tickets_midgame", "Completion of setup and mid-game tickets"))
    body.append(save_table(per_ticket, out, "ticket_completion", "Completion per ticket (n: times held at the end "
                           "of a game; distance: shortest path in train cars)", index=False))
    body.append(save_table(by_pts, out, "ticket_completion_by_value", "Completion by ticket value", index=False))
    body.append(save_table(by_dist, out, "ticket_completion_by_distance", "Completion by shortest distance",
                           index=False))
    body.append(save_table(kind, out, "ticket_completion_long", "Long against regular tickets", index=False))
    body.append(save_table(mid, out, "tickets_midgame", "Tickets kept at setup and drawn mid-game (per_player: "
                           "tickets per player and game)", index=False))
    return section("Tickets", "How often each destination ticket is completed, by value and distance, and what "
                   "drawing tickets mid-game brings. Only tickets held at the end of a game count (returned "
                   "tickets are not in the table).", body)


# --- bonuses -------------------------------------------------------------------------------------------
def bonuses_section(runs: dict[str, Results], out: Path) -> str | None:
    base = base_runs(runs)
    frames = [_tagged(S.bonuses(r.players), n, r) for n, r in base.items() if S.bonus_columns(r.players)]
    if not frames:
        return None
    b = pd.concat(frames, ignore_index=True)
    b["run"] = b["board"].map(lambda x: BOARD_LABELS.get(x, x)) + " " + b["players"].astype(str) + "p"
    notes = []
    for lab, grp in b.groupby("label", sort=False):
        for board, g in grp.groupby("board", sort=False):
            g = g.sort_values("players")
            parts = [f"{int(r.players)} players {pct(r.holder_wins)} (fair share {pct(r.team_size / r.players)})"
                     for r in g.itertuples()]
            f = g.iloc[-1 if len(g) < 3 else 2]
            notes.append(f"{lab}, {BOARD_LABELS.get(board, board)}: its holder wins " + ", ".join(parts)
                         + f". With {int(f['players'])} players it is shared in {pct(f['shared'])} of the games "
                         f"that award it and changes who has the top score in {pct(f['swings'])} of games "
                         f"({ci_pct(f['swings_ci_low'], f['swings_ci_high'])}).")
    body = [findings(notes)]
    measures = [("awarded", "awarded (share of games)"), ("shared", "shared (share of awarding games)"),
                ("holder_wins", "holder wins (share of holders)"), ("swings", "swings the top score (share)")]
    fig, ax = new_figure(12, 6.5, ncols=2, nrows=2)
    for a, (m, yl) in zip(ax.ravel(), measures, strict=True):
        grouped_ci_bars(a, b, "label", "run", m, f"{m}_ci_low", f"{m}_ci_high", legend_title="bonus")
        a.set_ylabel(yl)
        a.set_xlabel("run")
        a.tick_params(axis="x", labelsize=7)
    fig.suptitle(f"Bonuses, 95% CI (n={int(b.groupby('study')['games'].first().sum()):,} games)"
                 + _board_note(base), fontsize=10)
    body.append(save_figure(fig, out, "bonuses", "Bonuses: awarded, shared, holder wins, swings"))
    body.append(save_table(b.drop(columns="run"), out, "bonuses", "Bonuses per run (points_per_game: bonus points "
                           "given per game; swings: the top score would be someone else's without the bonus)",
                           index=False))
    return section("Bonuses", "How often each bonus is awarded and shared, how often its holder wins, and how "
                   "often it decides the game.", body)


# --- double-route blocking --------------------------------------------------------------------------------
def closure_pairs(runs: dict[str, Results]) -> list[tuple[str, str]]:
    """(closed, open) run names: the same board, players, bots, seed and
    rules but doubles_min_players, the first closing the second lane of a
    double route (players < doubles_min_players), the second not."""
    def key(r):
        m = r.manifest
        rules = {k: v for k, v in m.get("rules", {}).items() if k not in ("name", "doubles_min_players")}
        return (m.get("board"), m.get("players"), tuple(m.get("bots", [])), m.get("seed"), repr(sorted(rules.items())))

    def closes(r):
        return r.manifest["players"] < r.manifest["rules"]["doubles_min_players"]

    pairs = []
    for a, ra in runs.items():
        if not closes(ra) or not (ra.board is not None and (ra.board.routes["parallel_group"] >= 0).any()):
            continue
        for b, rb in runs.items():
            if b != a and not closes(rb) and key(rb) == key(ra):
                pairs.append((a, b))
                break
    return sorted(pairs, key=lambda p: (runs[p[0]].manifest["board"], runs[p[0]].manifest["players"]))


def blocking_section(runs: dict[str, Results], out: Path) -> str | None:
    pairs = closure_pairs(runs)
    if not pairs:
        return None
    diffs, lanes = [], []
    for a, b in pairs:
        ra, rb = runs[a], runs[b]
        d = S.paired_difference(S.per_game_metrics(ra.players, ra.tickets), S.per_game_metrics(rb.players, rb.tickets))
        d = _tagged(d.rename(columns={"a": "closed", "b": "open"}), a, ra)
        d.insert(1, "open_study", b)
        diffs.append(d)
        info, dist = ticket_info(ra)
        through = S.tickets_through_group(info, ra.board.routes, dist)
        uc = S.double_route_use(ra.claims, ra.tickets, ra.board.routes, through, len(ra.games), closed=True)
        uo = S.double_route_use(rb.claims, rb.tickets, rb.board.routes, through, len(rb.games), closed=False)
        u = uc.drop(columns=[c for c in uc.columns if c.startswith("both_claimed")]).join(
            uo[["claimed", "both_claimed", "both_claimed_ci_low", "both_claimed_ci_high"]].rename(
                columns={"claimed": "claimed_open"}))
        u["route"] = u["a"] + "–" + u["b"] + " (" + u["length"].astype(str) + ")"
        lanes.append(_tagged(u, a, ra))
        release(ra, rb)
    diffs = pd.concat(diffs, ignore_index=True)
    lanes = pd.concat(lanes, ignore_index=True)
    diffs["run"] = diffs["board"].map(lambda x: BOARD_LABELS.get(x, x)) + " " + diffs["players"].astype(str) + "p"
    lanes["run"] = lanes["board"].map(lambda x: BOARD_LABELS.get(x, x)) + " " + lanes["players"].astype(str) + "p"
    notes = []
    for run, g in diffs.groupby("run", sort=False):
        g = g.set_index("metric")
        tc, sc = g.loc["ticket_completion"], g.loc["score"]
        seats = g[g.index.str.startswith("win_seat_")]
        big = seats.loc[seats["difference"].abs().idxmax()]
        sig = lambda r: "" if r["ci_low"] <= 0 <= r["ci_high"] else " (CI excludes 0)"  # noqa: E731
        notes.append(f"{run}: closing the second lane changes ticket completion by "
                     f"{100 * tc['difference']:+.2f} percentage points ({100 * tc['ci_low']:+.2f} to "
                     f"{100 * tc['ci_high']:+.2f}){sig(tc)} and the mean score by {sc['difference']:+.2f} points "
                     f"({sc['ci_low']:+.2f} to {sc['ci_high']:+.2f}){sig(sc)}; the largest change of a seat's win "
                     f"rate is {big.name.replace('win_seat_', 'seat ')} {100 * big['difference']:+.2f} percentage "
                     f"points ({100 * big['ci_low']:+.2f} to {100 * big['ci_high']:+.2f}){sig(big)} (paired over "
                     f"{int(tc['games']):,} games with the same deals).")
    for run, g in lanes.groupby("run", sort=False):
        top = g.loc[g["broke_ticket"].idxmax()]
        notes.append(f"{run}: the closure breaks a ticket most often on {top['route']}: in {pct(top['broke_ticket'])} "
                     f"of games ({ci_pct(top['broke_ticket_ci_low'], top['broke_ticket_ci_high'])}); with both lanes "
                     f"open, both lanes of a double route are taken in {pct(g['both_claimed'].mean())} of games on "
                     "average.")
    body = [findings(notes)]
    fig, ax = new_figure(12, 3.8, ncols=3)
    for a, metric, scale, yl in ((ax[0, 0], "ticket_completion", 100, "ticket completion (% points)"),
                                 (ax[0, 1], "score", 1, "mean score (points)")):
        g = diffs[diffs["metric"] == metric]
        x = np.arange(len(g))
        a.errorbar(x, scale * g["difference"], yerr=[scale * (g["difference"] - g["ci_low"]),
                                                    scale * (g["ci_high"] - g["difference"])],
                   fmt="o", capsize=4)
        a.axhline(0, color="black", lw=0.6)
        a.set_xticks(x)
        a.set_xticklabels(g["run"])
        a.set_ylabel(f"closed − open: {yl}")
        a.set_xlabel("run")
    ws = diffs[diffs["metric"].str.startswith("win_seat_")].assign(seat=lambda f: f["metric"].str[9:])
    ws = ws.assign(difference=100 * ws["difference"], ci_low=100 * ws["ci_low"], ci_high=100 * ws["ci_high"])
    grouped_ci_bars(ax[0, 2], ws, "seat", "run", "difference", "ci_low", "ci_high", legend_title="seat")
    ax[0, 2].axhline(0, color="black", lw=0.6)
    ax[0, 2].set_ylabel("closed − open: win rate (% points)")
    ax[0, 2].set_xlabel("run (bars: seats)")
    n = int(diffs.groupby("run")["games"].first().sum())
    fig.suptitle(f"Closing the second lane of double routes at 2–3 players: paired differences, 95% CI "
                 f"(n={n:,} game pairs)" + _board_note({a: runs[a] for a, _ in pairs}), fontsize=10)
    body.append(save_figure(fig, out, "blocking_effects", "Effect of the double-route closure"))
    for run, g in lanes.groupby("run", sort=False):
        g = g.sort_values("broke_ticket", ascending=False).head(12)
        fig, ax = new_figure(8, 3.8)
        a = ax[0, 0]
        x = np.arange(len(g))
        for off, col, lab in ((-0.2, "closed", "second lane closed"), (0.2, "broke_ticket", "closure broke a ticket")):
            a.bar(x + off, 100 * g[col], 0.4, yerr=[100 * (g[col] - g[f"{col}_ci_low"]),
                                                   100 * (g[f"{col}_ci_high"] - g[col])], capsize=2, label=lab)
        a.set_xticks(x)
        a.set_xticklabels(g["route"], rotation=45, ha="right", fontsize=7)
        a.set_ylabel("games (%)")
        a.set_xlabel("double route (length)")
        a.legend(fontsize="small")
        study = g["study"].iloc[0]
        a.set_title(f"{run}: double routes whose closure most often broke a ticket, 95% CI "
                    f"(n={n_games(runs[study]):,} games){provisional_note(runs[study])}", fontsize=9)
        body.append(save_figure(fig, out, f"blocking_routes_{study}", f"Double routes closed, {run}"))
    body.append(save_table(diffs.drop(columns="run"), out, "blocking_effects",
                           "Paired differences closed − open (per-game metrics; win_seat_s: seat s won)",
                           max_rows=20, index=False))
    body.append(save_table(lanes.drop(columns="run").sort_values(["study", "broke_ticket"], ascending=[True, False]),
                           out, "blocking_routes", "Per double route: share of games with a lane claimed, the "
                           "second lane closed, a ticket broken (closed run); both lanes claimed (open run)",
                           index=False))
    intro = ("With 2 or 3 players only one lane of a double route may be used (BASE-DBL-2): once a lane is "
             "claimed the other closes. Each closed run is paired with the same games (same seed, so the same "
             "deals) played with both lanes open (<code>doubles_min_players=2</code>). <b>A closure broke a "
             "ticket</b> when a player ended the game with an uncompleted ticket whose shortest path on the "
             "empty board (in train cars; any of several equally short ones) runs through that double route, "
             "and another player had claimed a lane of it (so the closed lane was the only one left to the "
             "ticket's holder, who had claimed none). The per-game metrics are the completion rate of all "
             "tickets held, the mean score, and each seat's win (0/1).")
    return section("Double-route blocking", intro, body)


# --- routes and cities -------------------------------------------------------------------------------------
def routes_section(runs: dict[str, Results], out: Path) -> str | None:
    base = {n: r for n, r in base_runs(runs).items() if r.board is not None}
    if not base:
        return None
    claims, cities = {}, []
    for name, r in base.items():
        claims[name] = S.route_claims(r.claims, r.games, r.board.routes, int(r.manifest["players"]))
        cities.append(_tagged(S.ticket_cities(r.tickets, r.board.tickets, len(r.games)), name, r))
        release(r)
    cities = pd.concat(cities, ignore_index=True)
    rc = pd.concat([_tagged(c, n, base[n]) for n, c in claims.items()], ignore_index=True)
    rc["route_name"] = pd.concat([base[n].route_names() for n in claims], ignore_index=True).to_numpy()
    notes, body = [], []
    for board, group in by_board(base).items():
        study, r = focus_run(group)
        c = rc[rc["study"] == study]
        top, low = c.loc[c["claimed"].idxmax()], c.loc[c["claimed"].idxmin()]
        early = c[c["claimed"] >= 0.2]
        early = early.loc[early["mean_round"].idxmin()] if len(early) else top
        b = BOARD_LABELS.get(board, board)
        notes.append(f"{b}, {r.manifest['players']} players: the most claimed route is {top['route_name']} "
                     f"({pct(top['claimed'])} of games, on average in round {top['mean_round']:.1f}); the least "
                     f"claimed is {low['route_name']} ({pct(low['claimed'])}). Of the routes claimed in at least "
                     f"20% of games, {early['route_name']} goes earliest (round {early['mean_round']:.1f}).")
        tc = cities[cities["study"] == study].sort_values("rate", ascending=False)
        notes.append(f"{b}, {r.manifest['players']} players: {tc['city'].iloc[0]} is an end of "
                     f"{pct(tc['rate'].iloc[0])} of the tickets held, then {tc['city'].iloc[1]} "
                     f"({pct(tc['rate'].iloc[1])}) and {tc['city'].iloc[2]} ({pct(tc['rate'].iloc[2])}).")
    body.append(findings(notes))
    for board, group in by_board(base).items():
        names = list(group)
        ncols = min(2, len(names))
        nrows = -(-len(names) // ncols)
        some = group[names[0]]
        pos = some.board.cities[["x", "y"]].to_numpy(np.float64)
        aspect = float(np.ptp(pos[:, 1]) / max(np.ptp(pos[:, 0]), 1e-9))
        fig, ax = new_figure(6.5 * ncols, 6.5 * ncols * aspect * nrows / ncols + 0.8, ncols=ncols, nrows=nrows)
        vmax = max(float(claims[n]["claimed"].max()) for n in names)
        for a in ax.ravel()[len(names):]:
            a.set_visible(False)
        lc = None
        for a, n in zip(ax.ravel(), names, strict=False):
            r = group[n]
            lc = route_heat_map(a, r.board.cities, r.board.routes, claims[n]["claimed"].to_numpy(), vmax=vmax)
            a.set_title(f"{r.manifest['players']} players (n={n_games(r):,} games)", fontsize=9)
        fig.colorbar(lc, ax=ax.ravel().tolist(), shrink=0.6, label="share of games the route was claimed")
        fig.suptitle(f"{BOARD_LABELS.get(board, board)}: route claim frequency{_board_note(group)}", fontsize=11)
        body.append(save_figure(fig, out, f"route_heat_map_{board}", f"Route claim frequency map, {board}"))
        study, r = focus_run(group)
        tc = cities[cities["study"] == study].sort_values("rate", ascending=False).head(15)
        fig, ax = new_figure(8, 3.6)
        a = ax[0, 0]
        x = np.arange(len(tc))
        a.bar(x, 100 * tc["rate"], yerr=[100 * (tc["rate"] - tc["ci_low"]), 100 * (tc["ci_high"] - tc["rate"])],
              capsize=2)
        a.set_xticks(x)
        a.set_xticklabels(tc["city"], rotation=45, ha="right", fontsize=8)
        a.set_ylabel("tickets naming the city (% of held)")
        a.set_xlabel("city")
        a.set_title(f"{BOARD_LABELS.get(board, board)} {r.manifest['players']}p: ticket cities, 95% CI "
                    f"(n={int(tc['n'].iloc[0]):,} tickets held){provisional_note(r)}", fontsize=10)
        body.append(save_figure(fig, out, f"ticket_cities_{board}", f"Ticket city frequency, {board}"))
    body.append(save_table(rc.sort_values(["study", "claimed"], ascending=[True, False]), out, "route_claims",
                           "Claims per route (claimed: share of games; mean_round: when, in rounds; game_share: "
                           "share of the game elapsed)", index=False))
    body.append(save_table(cities, out, "ticket_cities", "Ticket cities (per_game: held tickets naming the city "
                           "per game; rate: share of held tickets)", index=False))
    return section("Routes and cities", "Which routes are claimed, how early, and which cities the tickets "
                   "held name. The maps draw every route between its cities' positions, coloured by the share "
                   "of games in which it was claimed (lanes of a double route side by side).", body)


# --- tunnels ---------------------------------------------------------------------------------------------
def reveal_families(runs: dict[str, Results]) -> list[list[str]]:
    """Groups of 2+ runs equal in board, players, bots, seed and rules except tunnel_reveal."""
    groups: dict = {}
    for n, r in runs.items():
        m = r.manifest
        rules = {k: v for k, v in m.get("rules", {}).items() if k not in ("name", "tunnel_reveal")}
        key = (m.get("board"), m.get("players"), tuple(m.get("bots", [])), m.get("seed"), repr(sorted(rules.items())))
        groups.setdefault(key, []).append(n)
    fams = []
    for names in groups.values():
        reveals = {runs[n].manifest["rules"]["tunnel_reveal"] for n in names}
        if len(reveals) >= 2 and any(len(runs[n].tunnels) for n in names):
            fams.append(sorted(names, key=lambda n: runs[n].manifest["rules"]["tunnel_reveal"]))
    return fams


def tunnels_section(runs: dict[str, Results], out: Path) -> str | None:
    from analyzer.cli_tunnels import plot_distributions
    from analyzer.tunnels import tunnel_odds
    from analyzer.tunnels_inplay import abandonment, plot_in_play, tunnels_in_play

    base = base_runs(runs)
    with_tunnels = {}
    for n, r in base.items():
        if len(r.tunnels):
            with_tunnels[n] = r
        release(r)
    fams = reveal_families(runs)
    if not with_tunnels and not fams:
        return None
    body, notes = [], []
    odds = tunnel_odds(None, [3, 4, 5, 6], "red")
    p3 = odds[odds["revealed"] == 3]["p_any"].iloc[0]
    notes.append(f"With a fresh 110-card deck, a 3-card reveal costs at least one extra card with probability "
                 f"{pct(p3)} (exact, hypergeometric).")
    for ext in ("png", "svg"):
        plot_distributions(odds, out / f"tunnel_odds.{ext}")
    body_figs = ['<figure><img src="tunnel_odds.png" alt="Tunnel surcharge odds, fresh deck"><figcaption>Exact '
                 'surcharge odds with a fresh deck (3–6 cards revealed) <a href="tunnel_odds.svg">SVG</a>'
                 '</figcaption></figure>']
    tables = [save_table(odds.drop(columns="exact"), out, "tunnel_odds", "Exact surcharge odds, fresh deck",
                         index=False)]
    if with_tunnels:
        inplay = []
        for n, r in with_tunnels.items():
            t = tunnels_in_play(r.tunnels)
            inplay.append(_tagged(t, n, r))
            ab = _tagged(abandonment(r.tunnels), n, r)
            tables.append(save_table(ab, out, f"tunnel_abandonment_{n}", f"Tunnel attempts abandoned by "
                                     f"surcharge, {label(r)}", index=False))
            release(r)
        inplay = pd.concat(inplay, ignore_index=True)
        study = inplay.groupby("study", sort=False)["attempts"].max().idxmax()  # the run with most attempts
        r = with_tunnels[study]
        t = inplay[(inplay["study"] == study)]
        for ext in ("png", "svg"):
            plot_in_play(t, out / f"tunnels_in_play.{ext}", f"{label(r)}, {bots_text(r)} bots")
        body_figs.append(f'<figure><img src="tunnels_in_play.png" alt="Tunnels in play"><figcaption>Surcharges in '
                         f'play, {html.escape(label(r))}: realised (95% CI) against the exact odds at the deck '
                         f'recorded at each reveal and against a fresh deck <a href="tunnels_in_play.svg">SVG</a>'
                         f'</figcaption></figure>')
        t3 = t[t["to_reveal"] == t["to_reveal"].min()]
        real_any = 1 - t3.loc[t3["k"] == 0, "realised_from_pile"].iloc[0]
        cond_any = 1 - t3.loc[t3["k"] == 0, "conditional"].iloc[0]
        fresh_any = 1 - t3.loc[t3["k"] == 0, "fresh_deck"].iloc[0]
        notes.append(f"{label(r)}: {int(t3['attempts'].iloc[0]):,} tunnel attempts revealing "
                     f"{int(t3['to_reveal'].iloc[0])} cards; a surcharge was due in {pct(real_any)} of them, "
                     f"against {pct(cond_any)} expected from the deck at each reveal and {pct(fresh_any)} from a "
                     f"fresh deck; {pct(t3['abandon_rate'].iloc[0])} of attempts were abandoned.")
        tables.append(save_table(inplay, out, "tunnels_in_play", "Tunnel surcharges in play against the exact odds",
                                 max_rows=8, index=False))
    for fam in fams:
        rows = []
        n_common = min(n_games(runs[n]) for n in fam)
        for n in fam:
            r = runs[n]
            tun = r.tunnels[r.tunnels["game"] < n_common]
            pl = r.players[r.players["game"] < n_common]
            per_game = tun.groupby("game").size().reindex(range(n_common), fill_value=0).astype(np.float64)
            m_att = S.mean_ci(per_game).iloc[0]
            m_sur = S.mean_ci(tun["surcharge"].astype(np.float64)).iloc[0] if len(tun) else None
            m_sc = S.mean_ci(pl["score"].astype(np.float64)).iloc[0]
            k_any = int((tun["surcharge"] > 0).sum())
            k_ab = int((~tun["paid"].astype(bool)).sum())
            (lo_any, hi_any), (lo_ab, hi_ab) = S.wilson(k_any, len(tun)), S.wilson(k_ab, len(tun))
            rows.append({"study": n, "tunnel_reveal": r.manifest["rules"]["tunnel_reveal"], "games": n_common,
                         "attempts": len(tun), "attempts_per_game": m_att["mean"],
                         "attempts_ci_low": m_att["ci_low"], "attempts_ci_high": m_att["ci_high"],
                         "mean_surcharge": m_sur["mean"] if m_sur is not None else np.nan,
                         "surcharge_ci_low": m_sur["ci_low"] if m_sur is not None else np.nan,
                         "surcharge_ci_high": m_sur["ci_high"] if m_sur is not None else np.nan,
                         "p_any": k_any / max(len(tun), 1), "p_any_ci_low": float(lo_any),
                         "p_any_ci_high": float(hi_any), "abandoned": k_ab / max(len(tun), 1),
                         "abandoned_ci_low": float(lo_ab), "abandoned_ci_high": float(hi_ab),
                         "mean_score": m_sc["mean"], "score_ci_low": m_sc["ci_low"], "score_ci_high": m_sc["ci_high"]})
            release(r)
        st = pd.DataFrame(rows)
        r0 = runs[fam[0]]
        fam_label = f"{board_label(r0)} {r0.manifest['players']}p"
        lo, hi = st.iloc[0], st.iloc[-1]
        notes.append(f"House rule tunnel_reveal on {fam_label} ({n_common:,} games each, the same deals): from "
                     f"{int(lo['tunnel_reveal'])} to {int(hi['tunnel_reveal'])} cards revealed, a surcharge "
                     f"becomes due in {pct(lo['p_any'])} → {pct(hi['p_any'])} of attempts, players try "
                     f"{lo['attempts_per_game']:.2f} → {hi['attempts_per_game']:.2f} tunnels per game, abandon "
                     f"{pct(lo['abandoned'])} → {pct(hi['abandoned'])}, and score {lo['mean_score']:.1f} → "
                     f"{hi['mean_score']:.1f} points on average.")
        fig, ax = new_figure(12, 3.6, ncols=3)
        for a, col, lo_c, hi_c, scale, yl in (
                (ax[0, 0], "p_any", "p_any_ci_low", "p_any_ci_high", 100, "attempts with a surcharge (%)"),
                (ax[0, 1], "abandoned", "abandoned_ci_low", "abandoned_ci_high", 100, "attempts abandoned (%)"),
                (ax[0, 2], "attempts_per_game", "attempts_ci_low", "attempts_ci_high", 1, "tunnel attempts per game")):
            a.errorbar(st["tunnel_reveal"], scale * st[col], yerr=[scale * (st[col] - st[lo_c]),
                                                                   scale * (st[hi_c] - st[col])],
                       marker="o", capsize=3)
            a.set_xlabel("cards revealed per tunnel (tunnel_reveal)")
            a.set_ylabel(yl)
        fig.suptitle(f"Tunnel reveal house rule, {fam_label}, 95% CI (n={n_common:,} games per value, "
                     f"{int(st['attempts'].sum()):,} attempts){provisional_note(r0)}", fontsize=10)
        stem = f"tunnel_reveal_study_{r0.manifest['board']}_{r0.manifest['players']}p"
        body_figs.append(save_figure(fig, out, stem, f"Tunnel reveal house rule, {fam_label}"))
        tables.append(save_table(st, out, stem, f"Tunnel reveal house rule, {fam_label}", index=False))
    body = [findings(notes)] + body_figs + tables
    return section("Tunnels", "Tunnel surcharges (EU-TUN-2): exact odds, what happened in play, and the house "
                   "rule that reveals more or fewer cards.", body)


# --- stations ---------------------------------------------------------------------------------------------------
def stations_section(runs: dict[str, Results], out: Path) -> str | None:
    base = {n: r for n, r in base_runs(runs).items() if r.manifest.get("rules", {}).get("stations", 0) > 0}
    if not base:
        return None
    frames, wins = [], []
    for n, r in base.items():
        info, _ = ticket_info(r)
        value = int(r.manifest["rules"].get("station_value", 4))
        frames.append(_tagged(S.stations(r.players, r.tickets, info, value), n, r))
        p = r.players
        w = S.win_rates(p, "stations_built")
        sc = S.mean_ci(p["score"].astype(np.float64).groupby(p["stations_built"]))
        wins.append(_tagged(w.join(sc[["mean", "ci_low", "ci_high"]].rename(
            columns={"mean": "mean_score", "ci_low": "score_ci_low", "ci_high": "score_ci_high"})), n, r))
    st = pd.concat(frames, ignore_index=True)
    wins = pd.concat(wins, ignore_index=True)
    built = st[st["stations_built"] > 0]
    total = int(st.groupby("study")["n"].first().sum())
    notes = []
    if built.empty:
        bots = ", ".join(sorted({bots_text(r) for r in base.values()}))
        notes.append(f"The {bots} bots never built a station in {total:,} player-games: every player kept the "
                     f"{int(next(iter(base.values())).manifest['rules'].get('station_value', 4))} points of each "
                     "unused station. These runs cannot say what a station saves; a bot that builds stations is "
                     "needed for that.")
    else:
        for n, g in built.groupby("study", sort=False):
            r = base[n]
            share = g["successes"].sum() / g["n"].iloc[0]
            net = (g["net"] * g["successes"]).sum() / g["successes"].sum()
            notes.append(f"{label(r)}: players built stations in {pct(share)} of player-games; those games "
                         f"completed {(g['tickets_via_station'] * g['successes']).sum() / g['successes'].sum():.2f} "
                         f"tickets via a station on average, saving "
                         f"{(g['points_saved'] * g['successes']).sum() / g['successes'].sum():.1f} points against "
                         f"{(g['points_given_up'] * g['successes']).sum() / g['successes'].sum():.1f} given up: "
                         f"net {net:+.1f} points per player-game.")
    body = [findings(notes)]
    fig, ax = new_figure(11, 3.6, ncols=2)
    st2 = st.assign(run=st["board"].map(lambda x: BOARD_LABELS.get(x, x)) + " " + st["players"].astype(str) + "p")
    st2["stations_built"] = st2["stations_built"].astype(str)
    grouped_ci_bars(ax[0, 0], st2, "stations_built", "run", "rate", "ci_low", "ci_high",
                    legend_title="stations built")
    ax[0, 0].set_ylabel("share of player-games")
    ax[0, 0].set_xlabel("run (bars: stations built)")
    w2 = wins.assign(run=wins["board"].map(lambda x: BOARD_LABELS.get(x, x)) + " " + wins["players"].astype(str) + "p")
    w2["stations_built"] = w2["stations_built"].astype(str)
    grouped_ci_bars(ax[0, 1], w2, "stations_built", "run", "mean_score", "score_ci_low", "score_ci_high",
                    legend_title="stations built")
    ax[0, 1].set_ylabel("mean score (points)")
    ax[0, 1].set_xlabel("run (bars: stations built)")
    fig.suptitle(f"Stations built and the score that goes with them, 95% CI (n={total:,} player-games)"
                 + _board_note(base), fontsize=10)
    body.append(save_figure(fig, out, "stations", "Stations built and mean score"))
    body.append(save_table(st, out, "stations", "Stations by number built (points_saved: 2 × the value of each "
                           "ticket completed only via a station; points_given_up: the value of the stations built)",
                           index=False))
    body.append(save_table(wins, out, "stations_win_rate", "Win rate and mean score by stations built",
                           index=False))
    return section("Stations", "Europe's stations (EU-STN): how often they are built, the tickets they "
                   "complete, and what that is worth against keeping them (4 points each at the end).", body)


SECTIONS = [runs_section, overview_section, tickets_section, bonuses_section, blocking_section, routes_section,
            tunnels_section, stations_section]
