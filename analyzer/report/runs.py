"""Which runs a section reads, and how it names them. Sections recognise their
runs by what the manifests say (board, players, bots, seed, rules), so a
report built from existing results folders finds them too."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analyzer.bots import expert_budget_label
from analyzer.run.results import Results
from analyzer.stats.tickets import city_distances, ticket_info
from analyzer.studies import BALANCE_STUDIES, EXPERT_BUDGET_STUDIES, STYLE_STUDIES, Study

LADDER_NAMES = frozenset(s.name for s in (*BALANCE_STUDIES, *STYLE_STUDIES, *EXPERT_BUDGET_STUDIES))
"""The runs of the plan's ladders (balance tiers, playing styles, expert's budgets): each has its own section."""
BOARD_LABELS = {"usa": "USA", "europe": "Europe", "legendary_asia": "Legendary Asia", "india": "India",
                "ghost_train": "Ghost Train", "team_asia": "Team Asia"}


# --- names ------------------------------------------------------------------------------------
def board_name(board: str) -> str:
    return BOARD_LABELS.get(board, str(board).replace("_", " ").title())


def board_label(res: Results) -> str:
    return board_name(res.manifest.get("board", "?"))


def is_provisional(res: Results) -> bool:
    """A run on a board marked provisional (its manifest or its board says so)."""
    board = getattr(res, "board", None)
    return bool(res.manifest.get("provisional", False)) or bool(getattr(board, "provisional", False))


def provisional_note(*runs: Results) -> str:
    """' (provisional board)' when every run is on a provisional board (for a
    title); figures that mix boards mark each provisional one in its label."""
    return " (provisional board)" if runs and all(is_provisional(r) for r in runs) else ""


def provisional_state(*runs: Results) -> bool | str:
    """What a figure drawn from these runs must say: True when every board is
    provisional, False when none is, "some" when some are."""
    flags = {is_provisional(r) for r in runs}
    return True if flags == {True} else ("some" if True in flags else False)


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


def bots_text(res: Results) -> str:
    bots = res.manifest.get("bots", [])
    return bots[0] if len(set(bots)) == 1 else ",".join(bots)


def expert_budget(*runs: Results) -> str:
    """How `expert` searches in the runs that seat it ('fast budget', '32 rollouts', ...; several joined by
    ', '), from their manifests' bot_params (analyzer.bots.expert_budget_label); '' when none seats it."""
    labels = {expert_budget_label(r.manifest.get("bot_params")) for r in runs if "expert" in r.manifest.get("bots", [])}
    return ", ".join(sorted(labels))


def n_games(res: Results) -> int:
    return int(res.manifest["games"])


def pooled_table(runs: list[Results], table: str) -> pd.DataFrame:
    """One table of several runs (e.g. the two seat orders of a pairing), their games numbered apart."""
    frames, offset = [], 0
    for r in runs:
        t = r.table(table)
        frames.append(t.assign(game=t["game"].astype(np.int64) + offset))
        offset += n_games(r)
    return pd.concat(frames, ignore_index=True)


def tagged(frame: pd.DataFrame, name: str, res: Results) -> pd.DataFrame:
    """A statistics table with the run's study, board, players and team size in front."""
    f = frame.reset_index()
    f.insert(0, "study", name)
    f.insert(1, "board", res.manifest.get("board"))
    f.insert(2, "players", res.manifest.get("players"))
    f["team_size"] = int(res.manifest.get("rules", {}).get("team_size", 1) or 1)  # Team Asia: a win is the team's
    f["provisional"] = is_provisional(res)
    return f


def run_column(frame: pd.DataFrame) -> pd.Series:
    """'Europe 4p' for every row of a tagged table ('Team Asia 4p (provisional)' on a provisional board)."""
    mark = frame["provisional"].map({True: " (provisional)", False: ""}) if "provisional" in frame else ""
    return frame["board"].map(board_name) + " " + frame["players"].astype(str) + "p" + mark


def board_ticket_info(res: Results) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The board's tickets with their shortest distance, and the distances."""
    d = city_distances(res.board.cities, res.board.routes)
    return ticket_info(res.board.ticket_rows(), d), d


# --- selection -----------------------------------------------------------------------------------
def base_runs(runs: dict[str, Results]) -> dict[str, Results]:
    """Runs under their board's default rules (every run when none is),
    without `expert` runs unless nothing else is left, ordered by board and
    player count; one per board, players and bots."""
    base = {n: r for n, r in runs.items() if not rule_changes(r)} or dict(runs)
    # the search player's small reduced-budget runs have their own section (sections/strong_play.py)
    base = {n: r for n, r in base.items() if "expert" not in (r.manifest.get("bots") or ())} or base
    # so have the ladders of the balance scorecards and the playing styles (sections/balance.py,
    # sections/styles.py), whatever their bots
    base = {n: r for n, r in base.items() if n not in LADDER_NAMES}
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


def _key_without(res: Results, rule: str) -> tuple:
    """What two runs must share to differ only in `rule`."""
    m = res.manifest
    rules = {k: v for k, v in m.get("rules", {}).items() if k not in ("name", rule)}
    return m.get("board"), m.get("players"), tuple(m.get("bots", [])), m.get("seed"), repr(sorted(rules.items()))


def families(runs: dict[str, Results], rule: str) -> list[list[str]]:
    """Study families: runs equal in board, players, bots, seed and rules
    except `rule`, one run per value of it, at least two values; each sorted
    by the value. When several runs share every setting and value (two
    studies of the same games, e.g. a house-rule sweep beside a study of one
    rule), the first family takes the largest run of each value, the second
    the next largest, and so on."""
    groups: dict = {}
    for n, r in runs.items():
        groups.setdefault(_key_without(r, rule), []).append(n)
    out = []
    for names in groups.values():
        by_value: dict = {}
        for n in sorted(names, key=lambda n: (-n_games(runs[n]), n)):
            by_value.setdefault(repr(runs[n].manifest["rules"].get(rule)), []).append(n)
        for rank in range(max(len(v) for v in by_value.values())):
            fam = [v[rank] for v in by_value.values() if len(v) > rank]
            if len(fam) >= 2:
                out.append(sorted(fam, key=lambda n: (runs[n].manifest["rules"].get(rule), n)))
    return out


def family_name(runs: dict[str, Results], fam: list[str], rule: str) -> str:
    """A family is named by its study: the run with the board's default value
    of `rule` (the reference), else its first run."""
    for n in fam:
        r = runs[n]
        if r.board is not None and r.manifest["rules"].get(rule) == r.board.rules().as_dict().get(rule):
            return n
    return fam[0]


def closure_pairs(runs: dict[str, Results]) -> list[tuple[str, str]]:
    """(closed, open) run names: the same board, players, bots, seed and
    rules but doubles_min_players, the first closing the second lane of a
    double route (players < doubles_min_players), the second not."""
    def closes(r):
        return r.manifest["players"] < r.manifest["rules"]["doubles_min_players"]

    pairs = []
    for a, ra in runs.items():
        if not closes(ra) or not (ra.board is not None and (ra.board.routes["parallel_group"] >= 0).any()):
            continue
        for b, rb in runs.items():
            if b != a and not closes(rb) and _key_without(rb, "doubles_min_players") == _key_without(
                    ra, "doubles_min_players"):
                pairs.append((a, b))
                break
    return sorted(pairs, key=lambda p: (runs[p[0]].manifest["board"], runs[p[0]].manifest["players"]))


def reveal_families(runs: dict[str, Results]) -> list[list[str]]:
    """Tunnel families: runs differing only in tunnel_reveal, with tunnel attempts."""
    return [f for f in families(runs, "tunnel_reveal") if any(len(runs[n].tunnels) for n in f)]


# --- ladders of the plan ----------------------------------------------------------------------
def plan_groups(runs: dict[str, Results], studies: tuple[Study, ...], prefixes: dict) -> dict:
    """key -> the runs of the plan's ladder whose study names start with prefixes[key], in seating
    order; a ladder with a run missing is left out (its seats would not be balanced)."""
    out = {}
    for key, prefix in prefixes.items():
        names = [s.name for s in studies if s.name.startswith(prefix)]
        if names and all(n in runs for n in names):
            out[key] = [(n, runs[n]) for n in names]
    return out


def stacked_players(group: list[tuple[str, Results]]) -> tuple[pd.DataFrame, int]:
    """The players tables of a ladder's runs with a `run` column, cut to the seed blocks every run played."""
    blocks = min(int(r.manifest["games"]) for _, r in group)
    frames = []
    for i, (_, res) in enumerate(group):
        p = res.players
        p = p[p["game"] < blocks].copy()
        p["bot"] = p["bot"].astype(str)
        p.insert(0, "run", i)
        frames.append(p)
        res.release()
    return pd.concat(frames, ignore_index=True), blocks
