"""Tunnels: exact surcharge odds (EU-TUN-2), surcharges in play against the
odds, and the `tunnel_reveal` house rule over runs that differ only in it.
The figure functions here also draw `ttr tunnels --plot`."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyzer.report.figures import new_figure, save_figure, save_table
from analyzer.report.html import Section, pct
from analyzer.report.runs import (
    base_runs,
    board_label,
    bots_text,
    family_name,
    label,
    n_games,
    provisional_note,
    provisional_state,
    reveal_families,
    tagged,
)
from analyzer.run.results import Results
from analyzer.stats.tunnels import abandonment, reveal_study_row, tunnels_in_play
from analyzer.tunnels import tunnel_odds

TITLE = "Tunnels"
INTRO = ("Tunnel surcharges (EU-TUN-2): exact odds, what happened in play, and the house rule that reveals more "
         "or fewer cards.")


# --- figures ----------------------------------------------------------------------------------------
def odds_figure(odds: pd.DataFrame, mc: pd.DataFrame | None = None) -> Figure:
    """Grouped bars of P(surcharge = k), one bar per reveal count, side by side;
    Monte Carlo estimates with their intervals on top when given."""
    reveals = list(dict.fromkeys(odds["revealed"]))
    max_k = int(odds["k"].max())
    width = 0.8 / len(reveals)
    fig, axes = new_figure(max(6.4, 1.1 * (max_k + 1) + 2), 4.4)
    ax = axes[0, 0]
    offsets = {r: (i - (len(reveals) - 1) / 2) * width for i, r in enumerate(reveals)}
    for r in reveals:
        g = odds[odds["revealed"] == r]
        n_shown = int(g["cards_revealed"].iloc[0])
        text = f"{r} revealed" if n_shown == r else f"{r} revealed ({n_shown} cards left)"
        text += f": P(any) {100 * g['p_any'].iloc[0]:.1f}%, mean {g['expected'].iloc[0]:.2f}"
        ax.bar(g["k"].to_numpy() + offsets[r], 100 * g["probability"], width=width, label=text)
    if mc is not None:
        for i, r in enumerate(reveals):
            m = mc[mc["revealed"] == r]
            est = 100 * m["estimate"].to_numpy()
            err = np.vstack([est - 100 * m["ci_low"].to_numpy(), 100 * m["ci_high"].to_numpy() - est]).clip(0)
            text = f"Monte Carlo, {mc.attrs.get('confidence', 0.95):.0%} CI ({int(m['trials'].iloc[0]):,} trials)"
            ax.errorbar(m["k"].to_numpy() + offsets[r], est, yerr=err, fmt="o", ms=3, color="black", capsize=2,
                        label=text if i == 0 else None)
    ax.set_xticks(range(max_k + 1))
    ax.set_xlabel("surcharge (extra cards to pay)")
    ax.set_ylabel("probability (%)")
    ax.set_title(f"Tunnel surcharge: {odds.attrs.get('matching_cards', '')} cards match")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(title=odds.attrs.get("deck", ""), fontsize="small", title_fontsize="small")
    return fig


def in_play_figure(table: pd.DataFrame, title_note: str = "") -> Figure:
    """Realised surcharge frequencies (95% CI) against the deck-conditional
    exact odds and the fresh-deck odds, one panel per number revealed."""
    reveals = sorted(table["to_reveal"].unique())
    fig, axes = new_figure(max(4.2 * len(reveals), 6.4), 4.2, ncols=len(reveals))
    for i, n_rev in enumerate(reveals):
        ax = axes[0, i]
        t = table[table["to_reveal"] == n_rev]
        x = t["k"].to_numpy()
        err = np.vstack([t["realised_from_pile"] - t["pile_ci_low"], t["pile_ci_high"] - t["realised_from_pile"]])
        ax.bar(x - 0.27, t["realised_from_pile"], 0.27, yerr=err, capsize=3, label="in play (95% CI)")
        ax.bar(x, t["conditional"], 0.27, label="exact, deck at reveal")
        ax.bar(x + 0.27, t["fresh_deck"], 0.27, label="exact, fresh deck")
        ax.set_title(f"{n_rev} cards revealed (n = {int(t['attempts_from_pile'].iloc[0]):,} attempts)")
        ax.set_xlabel("surcharge (extra cards)")
        ax.set_ylabel("probability")
        ax.set_xticks(x)
        if i == 0:
            ax.legend(fontsize=8)
    fig.suptitle("Tunnel surcharge in play vs exact odds" + (f"\n{title_note}" if title_note else ""))
    return fig


def reveal_study_figure(st: pd.DataFrame, fam_label: str, note: str) -> Figure:
    """A tunnel_reveal family: share of attempts with a surcharge, abandoned,
    and attempts per game against the number of cards revealed."""
    fig, ax = new_figure(12, 3.6, ncols=3)
    for a, col, lo_c, hi_c, scale, yl in (
            (ax[0, 0], "p_any", "p_any_ci_low", "p_any_ci_high", 100, "attempts with a surcharge (%)"),
            (ax[0, 1], "abandoned", "abandoned_ci_low", "abandoned_ci_high", 100, "attempts abandoned (%)"),
            (ax[0, 2], "attempts_per_game", "attempts_ci_low", "attempts_ci_high", 1, "tunnel attempts per game")):
        a.errorbar(st["tunnel_reveal"], scale * st[col], yerr=[scale * (st[col] - st[lo_c]),
                                                               scale * (st[hi_c] - st[col])], marker="o", capsize=3)
        a.set_xlabel("cards revealed per tunnel")
        a.set_ylabel(yl)
    fig.suptitle(f"Tunnel reveal house rule, {fam_label}, 95% CI (n={int(st['games'].iloc[0]):,} games per value, "
                 f"{int(st['attempts'].sum()):,} attempts){note}", fontsize=10)
    return fig


# --- the section --------------------------------------------------------------------------------------
def reveal_study(runs: dict[str, Results], fam: list[str]) -> pd.DataFrame:
    """One row per run of a tunnel_reveal family, over the games every member played."""
    n_common = min(n_games(runs[n]) for n in fam)
    rows = []
    for n in fam:
        r = runs[n]
        rows.append({"study": n, "tunnel_reveal": r.manifest["rules"]["tunnel_reveal"],
                     **reveal_study_row(r.tunnels, r.players, n_common)})
        r.release()
    return pd.DataFrame(rows)


def build_section(runs: dict[str, Results], out: Path) -> Section | None:
    base = base_runs(runs)
    with_tunnels = {}
    for n, r in base.items():
        if len(r.tunnels):
            with_tunnels[n] = r
        r.release()
    fams = reveal_families(runs)
    if not with_tunnels and not fams:
        return None
    sec = Section("tunnels", TITLE, INTRO)
    odds = tunnel_odds(None, [3, 4, 5, 6], "red")
    p3 = odds[odds["revealed"] == 3]["p_any"].iloc[0]
    sec.findings.append(f"With a fresh 110-card deck, a 3-card reveal costs at least one extra card with probability "
                        f"{pct(p3)} (exact, hypergeometric).")
    sec.figures.append(save_figure(odds_figure(odds), out, "tunnel_odds",
                                   "Exact surcharge odds with a fresh deck (3–6 cards revealed)", False))
    sec.tables.append(save_table(odds.drop(columns="exact"), out, "tunnel_odds", "Exact surcharge odds, fresh deck",
                                 index=False))
    sec.data["odds"] = odds
    if with_tunnels:
        inplay = []
        for n, r in with_tunnels.items():
            inplay.append(tagged(tunnels_in_play(r.tunnels), n, r))
            ab = tagged(abandonment(r.tunnels), n, r)
            sec.tables.append(save_table(ab, out, f"tunnel_abandonment_{n}",
                                         f"Tunnel attempts abandoned by surcharge, {label(r)}", index=False))
            r.release()
        inplay = pd.concat(inplay, ignore_index=True)
        study = inplay.groupby("study", sort=False)["attempts"].max().idxmax()  # the run with most attempts
        r = with_tunnels[study]
        t = inplay[(inplay["study"] == study)]
        sec.figures.append(save_figure(in_play_figure(t, f"{label(r)}, {bots_text(r)} bots"), out, "tunnels_in_play",
                                       f"Surcharges in play, {label(r)}: realised (95% CI) against the exact odds "
                                       "at the deck recorded at each reveal and against a fresh deck",
                                       provisional_state(r)))
        t3 = t[t["to_reveal"] == t["to_reveal"].min()]
        real_any = 1 - t3.loc[t3["k"] == 0, "realised_from_pile"].iloc[0]
        cond_any = 1 - t3.loc[t3["k"] == 0, "conditional"].iloc[0]
        fresh_any = 1 - t3.loc[t3["k"] == 0, "fresh_deck"].iloc[0]
        sec.findings.append(f"{label(r)}: {int(t3['attempts'].iloc[0]):,} tunnel attempts revealing "
                            f"{int(t3['to_reveal'].iloc[0])} cards; a surcharge was due in {pct(real_any)} of them, "
                            f"against {pct(cond_any)} expected from the deck at each reveal and {pct(fresh_any)} "
                            f"from a fresh deck; {pct(t3['abandon_rate'].iloc[0])} of attempts were abandoned.")
        sec.tables.append(save_table(inplay, out, "tunnels_in_play", "Tunnel surcharges in play against the exact "
                                     "odds", max_rows=8, index=False))
        sec.data["in_play"] = inplay
    studies = []
    for fam in fams:
        st = reveal_study(runs, fam)
        r0 = runs[fam[0]]
        name = family_name(runs, fam, "tunnel_reveal")
        st.insert(0, "family", name)
        studies.append(st)
        fam_label = f"{board_label(r0)} {r0.manifest['players']}p, study {name}"
        lo, hi = st.iloc[0], st.iloc[-1]
        sec.findings.append(
            f"House rule tunnel_reveal on {fam_label} ({int(st['games'].iloc[0]):,} games each, the same deals): "
            f"from {int(lo['tunnel_reveal'])} to {int(hi['tunnel_reveal'])} cards revealed, a surcharge becomes due "
            f"in {pct(lo['p_any'])} → {pct(hi['p_any'])} of attempts, players try {lo['attempts_per_game']:.2f} → "
            f"{hi['attempts_per_game']:.2f} tunnels per game, abandon {pct(lo['abandoned'])} → "
            f"{pct(hi['abandoned'])}, and score {lo['mean_score']:.1f} → {hi['mean_score']:.1f} points on average.")
        stem = f"tunnel_reveal_{name}"  # each family its own files, named by its study
        fig = reveal_study_figure(st, fam_label, provisional_note(*(runs[n] for n in fam)))
        sec.figures.append(save_figure(fig, out, stem, f"Tunnel reveal house rule, {fam_label}",
                                       provisional_state(*(runs[n] for n in fam))))
        sec.tables.append(save_table(st, out, stem, f"Tunnel reveal house rule, {fam_label}", index=False))
    if studies:
        sec.data["reveal_study"] = pd.concat(studies, ignore_index=True)
    return sec
