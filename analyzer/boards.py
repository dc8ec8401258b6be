"""Boards: load a board folder (board.toml + cities/routes/tickets CSV, and
tickets_multi.csv for tickets with several destinations), validate it with
errors that name the file, line and field, and compile it into the arrays the
kernels read."""

from __future__ import annotations

import csv
import math
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.rules import UNIMPLEMENTED_BOARD_DATA, RuleError, RuleSet, preset
from kernels import layouts as L
from kernels.core.claimable import fill_board_bits

DATA_DIR = Path(__file__).parent / "boards_data"
COLOUR_ALIASES = {"purple": "pink", "grey": "gray", "wild": "locomotive", "loco": "locomotive"}
ROUTE_COLOURS = L.COLOUR_NAMES + ("gray",)
KINDS = L.KIND_NAMES
MAX_ROUTE_LEN = L.MAX_SCORED_LEN
MAX_WILD_SET = 12  # routes.csv wild_set: any N cards for one card (Nordic's Lieksa-Murmansk: 4)


class BoardError(ValueError):
    """An invalid board file. str() names the file, line and field."""

    def __init__(self, path, line, fieldname, message):
        self.path, self.line, self.field = str(path), line, fieldname
        where = f"{path}"
        if line is not None:
            where += f", line {line}"
        if fieldname:
            where += f", field '{fieldname}'"
        super().__init__(f"{where}: {message}")


@dataclass
class Board:
    name: str
    title: str
    path: Path
    preset: str
    provisional: bool
    provenance: str
    cities: pd.DataFrame  # name, x, y
    routes: pd.DataFrame  # a, b, length, color, kind, locomotives, mountains, parallel_group, reveal,
    #                       always_open, wild_set
    tickets: pd.DataFrame  # a, b, points, long
    deck: dict[str, int]
    rule_overrides: dict = field(default_factory=dict)
    provisional_note: str = ""
    regions: dict[str, list[str]] = field(default_factory=dict)  # [regions] of board.toml (L.REGION_NAMES)
    # [countries] of board.toml: a country is reached at any of its border points (SW-TKT-6)
    countries: dict[str, list[str]] = field(default_factory=dict)
    # tickets_multi.csv: a (city or country), options (tuple of destinations), points (tuple, one per option),
    # copies (identical cards in the deck). Scored by SW-TKT-3..5 (engine: issue 19 phase 2).
    multi_tickets: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(
        columns=["a", "options", "points", "copies"]))

    def rules(self, preset_name: str | None = None, overrides=None) -> RuleSet:
        """The board's default rule preset, its own overrides, then the user's."""
        rs = preset(preset_name or self.preset)
        if preset_name is None and self.rule_overrides:
            rs = rs.with_overrides(self.rule_overrides)
        return rs.with_overrides(overrides)

    def effective_deck(self, rules: RuleSet) -> np.ndarray:
        deck = np.zeros(L.N_CARD_KINDS, np.int32)
        for k, name in enumerate(L.CARD_NAMES):
            deck[k] = self.deck.get(name, 0)
        if rules.cards_per_colour is not None:
            deck[: L.N_COLOURS] = np.where(deck[: L.N_COLOURS] > 0, rules.cards_per_colour, 0)
        if rules.locomotive_cards is not None:
            deck[L.LOCO] = rules.locomotive_cards
        return deck

    def compile(self, rules: RuleSet) -> L.BoardArrays:
        """The kernels' view of this board under these rules. Refuses a rule
        set or board data the kernels cannot play yet (UNIMPLEMENTED*)."""
        rules.check_implemented()
        self.check_data_implemented()
        cidx = {n: i for i, n in enumerate(self.cities["name"])}
        rt = self.routes
        n_routes = len(rt)
        routes = np.zeros((n_routes, L.ROUTE_FIELDS), np.int32)
        routes[:, L.RT_A] = rt["a"].map(cidx).to_numpy()
        routes[:, L.RT_B] = rt["b"].map(cidx).to_numpy()
        routes[:, L.RT_LEN] = rt["length"].to_numpy()
        routes[:, L.RT_COLOUR] = [ROUTE_COLOURS.index(c) for c in rt["color"]]
        routes[:, L.RT_KIND] = [KINDS.index(k) for k in rt["kind"]]
        routes[:, L.RT_LOCOS] = rt["locomotives"].to_numpy()
        routes[:, L.RT_MOUNTAINS] = rt["mountains"].to_numpy()
        routes[:, L.RT_REVEAL] = rt["reveal"].to_numpy()
        routes[:, L.RT_ALWAYS_OPEN] = rt["always_open"].to_numpy()
        groups = {}
        for r, g in enumerate(rt["parallel_group"]):
            if g >= 0:
                groups.setdefault(g, []).append(r)
        width = max([len(v) for v in groups.values()] + [1])
        group_routes = np.full((max(len(groups), 1), width), -1, np.int32)
        routes[:, L.RT_GROUP] = -1
        for gi, (_, members) in enumerate(sorted(groups.items())):
            group_routes[gi, : len(members)] = members
            routes[members, L.RT_GROUP] = gi
        n_cities = len(self.cities)
        order = np.argsort(np.concatenate([routes[:, L.RT_A], routes[:, L.RT_B]]), kind="stable")
        ends = np.concatenate([routes[:, L.RT_A], routes[:, L.RT_B]])
        adj_route = (order % n_routes).astype(np.int32)
        adj_start = np.zeros(n_cities + 1, np.int32)
        np.add.at(adj_start, ends + 1, 1)
        adj_start = np.cumsum(adj_start).astype(np.int32)
        tk = self.tickets
        tickets = np.zeros((len(tk), L.TICKET_FIELDS), np.int32)
        tickets[:, L.TK_A] = tk["a"].map(cidx).to_numpy()
        tickets[:, L.TK_B] = tk["b"].map(cidx).to_numpy()
        tickets[:, L.TK_POINTS] = tk["points"].to_numpy()
        tickets[:, L.TK_LONG] = tk["long"].to_numpy()
        if len(rules.route_scores) - 1 < int(routes[:, L.RT_LEN].max()):
            raise RuleError(
                f"rule route_scores has no score for length {int(routes[:, L.RT_LEN].max())} "
                f"on board '{self.name}'"
            )
        cost = routes[:, L.RT_LEN] + routes[:, L.RT_MOUNTAINS]
        if cost.max() > L.BITS_MAX_COST:
            raise RuleError(f"board '{self.name}': a route needs {int(cost.max())} trains, "
                            f"the kernels allow at most {L.BITS_MAX_COST}")
        if len(cidx) > L.MAX_CITIES:
            raise RuleError(f"board '{self.name}': {len(cidx)} cities, the kernels allow at most {L.MAX_CITIES}")
        route_bits = np.zeros((L.BITS_ROWS, (n_routes + 63) // 64), np.uint64)
        lane_bits = np.zeros((n_routes, route_bits.shape[1]), np.uint64)
        fill_board_bits(routes, group_routes, route_bits, lane_bits)
        return L.BoardArrays(
            routes,
            tickets,
            self.effective_deck(rules),
            adj_start,
            adj_route,
            group_routes,
            self.city_flags(rules),
            route_bits,
            lane_bits,
        )

    def data_features(self) -> dict[str, str]:
        """Board data beyond the kernels' arrays: feature -> what carries it."""
        out = {}
        special = self.routes[self.routes["wild_set"] > 0]
        if len(special):
            out["wild_set"] = ", ".join(f"{r.a}-{r.b} (any {r.wild_set} for one)" for r in special.itertuples())
        if len(self.multi_tickets):
            out["country_tickets"] = f"{int(self.multi_tickets['copies'].sum())} tickets in tickets_multi.csv"
        return out

    def check_data_implemented(self) -> None:
        for key, what in self.data_features().items():
            if key in UNIMPLEMENTED_BOARD_DATA:
                raise RuleError(f"board '{self.name}' ({what}): {UNIMPLEMENTED_BOARD_DATA[key]}")

    def city_flags(self, rules: RuleSet) -> np.ndarray:
        """Bit i of a city's flags: the city is in region L.REGION_NAMES[i].
        A rule that needs a region the board does not declare is refused."""
        needs = {"special_tickets": ("dark_forest", "coast"), "town_hall_cards": ("town_hall",)}
        for key, regions in needs.items():
            missing = [r for r in regions if not self.regions.get(r)]
            if getattr(rules, key) and missing:
                raise RuleError(f"rule {key}={getattr(rules, key)} needs the region(s) {', '.join(missing)} "
                                f"in [regions] of board '{self.name}' ({self.path / 'board.toml'})")
        cidx = {n: i for i, n in enumerate(self.cities["name"])}
        flags = np.zeros(len(cidx), np.int32)
        for bit, region in enumerate(L.REGION_NAMES):
            for place in self.regions.get(region, []):
                flags[cidx[place]] |= 1 << bit
        return flags

    def summary(self) -> dict:
        rt, mt = self.routes, self.multi_tickets
        pairs = rt.groupby(["a", "b"]).size() if len(rt) else pd.Series(dtype=int)
        return {
            "name": self.name,
            "title": self.title,
            "provisional": self.provisional,
            "cities": len(self.cities),
            "routes": len(rt),
            "city_pairs": int(len(pairs)),
            "doubles": int((pairs >= 2).sum()),
            "triples": int((pairs >= 3).sum()),
            "total_length": int(rt["length"].sum()),
            "tunnels": int((rt["kind"] == "tunnel").sum()),
            "ferries": int((rt["kind"] == "ferry").sum()),
            "ferry_locomotives": int(rt["locomotives"].sum()),
            "mountain_routes": int((rt["kind"] == "mountain").sum()),
            "mountain_spaces": int(rt["mountains"].sum()),
            "tickets": len(self.tickets),
            "long_tickets": int(self.tickets["long"].sum()),
            "ticket_points": int(self.tickets["points"].sum()),
            "multi_tickets": len(mt),  # designs in tickets_multi.csv
            "multi_ticket_cards": int(mt["copies"].sum()),
            "ticket_cards": len(self.tickets) + int(mt["copies"].sum()),
            "deck": dict(self.deck),
            "deck_cards": int(sum(self.deck.values())),
            "preset": self.preset,
            "regions": "; ".join(f"{k}: {', '.join(v)}" for k, v in self.regions.items()),
            "countries": "; ".join(f"{k}: {len(v)} border points" for k, v in self.countries.items()),
            "special_routes": self.data_features().get("wild_set", ""),
        }


def builtin_boards() -> list[str]:
    return sorted(p.name for p in DATA_DIR.iterdir() if (p / "board.toml").exists())


def load_board(name_or_path: str | Path) -> Board:
    """A built-in board by name (`usa`, `europe`, ...) or a board folder."""
    p = Path(name_or_path)
    if not p.is_dir():
        key = str(name_or_path).lower().replace("-", "_")
        if (DATA_DIR / key).is_dir():
            p = DATA_DIR / key
        else:
            raise BoardError(
                name_or_path, None, None,
                f"no such board folder, and not a built-in board ({', '.join(builtin_boards())})",
            )
    return _load_folder(p)


# --- parsing ----------------------------------------------------------------------
def _read_csv(path: Path, required: list[str], optional: dict[str, str]):
    if not path.exists():
        raise BoardError(path, None, None, "missing file")
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        header = reader.fieldnames or []
        for col in required:
            if col not in header:
                raise BoardError(path, 1, col, f"missing column (header has: {', '.join(header)})")
        rows = []
        for i, row in enumerate(reader, start=2):
            if not any((v or "").strip() for v in row.values()):
                continue
            clean = {k: (row.get(k) or "").strip() for k in required}
            for k, default in optional.items():
                clean[k] = (row.get(k) or "").strip() or default
            rows.append((i, clean))
    return rows


def _int(path, line, name, text, lo=None, hi=None, empty=None):
    if text == "" and empty is not None:
        return empty
    try:
        v = float(text)
        if not math.isfinite(v) or not v.is_integer():
            raise ValueError
        v = int(v)
    except ValueError:
        raise BoardError(path, line, name, f"'{text}' is not a whole number") from None
    if lo is not None and v < lo:
        raise BoardError(path, line, name, f"{v} is below the minimum {lo}")
    if hi is not None and v > hi:
        raise BoardError(path, line, name, f"{v} is above the maximum {hi}")
    return v


def _float(path, line, name, text):
    try:
        v = float(text)
        if not math.isfinite(v):
            raise ValueError
        return v
    except ValueError:
        raise BoardError(path, line, name, f"'{text}' is not a number") from None


def _load_folder(folder: Path) -> Board:
    toml_path = folder / "board.toml"
    if not toml_path.exists():
        raise BoardError(toml_path, None, None, "missing file")
    try:
        meta = tomllib.loads(toml_path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        line = getattr(e, "lineno", None)
        raise BoardError(toml_path, line, None, f"not valid TOML: {e}") from None
    for key in ("name", "preset"):
        if not isinstance(meta.get(key), str):
            raise BoardError(toml_path, None, key, "missing or not a string")
    try:
        preset(meta["preset"])
    except RuleError as e:
        raise BoardError(toml_path, None, "preset", str(e)) from None
    deck_raw = meta.get("deck")
    if not isinstance(deck_raw, dict) or not deck_raw:
        raise BoardError(toml_path, None, "deck", "missing [deck] table (card = count)")
    deck = {}
    for k, v in deck_raw.items():
        name = COLOUR_ALIASES.get(k.lower(), k.lower())
        if name not in L.CARD_NAMES:
            raise BoardError(toml_path, None, f"deck.{k}", f"unknown card colour (known: {', '.join(L.CARD_NAMES)})")
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 127:
            raise BoardError(toml_path, None, f"deck.{k}", f"count {v!r} must be a whole number 0..127")
        deck[name] = v
    overrides = meta.get("rules", {})
    try:
        preset(meta["preset"]).with_overrides(overrides)
    except RuleError as e:
        raise BoardError(toml_path, None, "rules", str(e)) from None

    cpath = folder / "cities.csv"
    names, xs, ys, seen = [], [], [], {}
    for line, row in _read_csv(cpath, ["name", "x", "y"], {}):
        n = row["name"]
        if not n:
            raise BoardError(cpath, line, "name", "empty city name")
        if n in seen:
            raise BoardError(cpath, line, "name", f"duplicate city '{n}' (first on line {seen[n]})")
        seen[n] = line
        names.append(n)
        xs.append(_float(cpath, line, "x", row["x"]))
        ys.append(_float(cpath, line, "y", row["y"]))
    if not names:
        raise BoardError(cpath, None, None, "no cities")
    regions = _place_table(toml_path, "regions", meta.get("regions", {}), seen, L.REGION_NAMES)
    countries = _place_table(toml_path, "countries", meta.get("countries", {}), seen)
    provisional = meta.get("provisional", False)
    if not isinstance(provisional, bool):
        raise BoardError(toml_path, None, "provisional", f"{provisional!r} is not true or false")
    note = meta.get("provisional_note", "")
    if not isinstance(note, str) or (provisional and not note.strip()):
        raise BoardError(toml_path, None, "provisional_note",
                         "a provisional board needs a sentence saying what is provisional and why")

    rpath = folder / "routes.csv"
    opt = {"kind": "normal", "locomotives": "0", "mountains": "0", "parallel_group": "", "reveal": "",
           "always_open": "0", "wild_set": "0"}
    rrows = []
    group_pairs = {}
    for line, row in _read_csv(rpath, ["a", "b", "length", "color"], opt):
        for end in ("a", "b"):
            if row[end] not in seen:
                raise BoardError(rpath, line, end, f"unknown city '{row[end]}' (not in cities.csv)")
        if row["a"] == row["b"]:
            raise BoardError(rpath, line, "b", f"route joins '{row['a']}' to itself")
        length = _int(rpath, line, "length", row["length"], 1, MAX_ROUTE_LEN)
        colour = COLOUR_ALIASES.get(row["color"].lower(), row["color"].lower())
        if colour not in ROUTE_COLOURS:
            known = ", ".join(ROUTE_COLOURS)
            raise BoardError(rpath, line, "color", f"unknown colour '{row['color']}' (known: {known})")
        kind = row["kind"].lower()
        if kind not in KINDS:
            raise BoardError(rpath, line, "kind", f"unknown kind '{row['kind']}' (known: {', '.join(KINDS)})")
        locos = _int(rpath, line, "locomotives", row["locomotives"], 0, length)
        if kind == "ferry" and locos == 0:
            raise BoardError(rpath, line, "locomotives", "a ferry needs at least one locomotive symbol")
        if kind != "ferry" and locos:
            raise BoardError(rpath, line, "locomotives", "only ferries have locomotive symbols")
        mountains = _int(rpath, line, "mountains", row["mountains"], 0, length)
        if (kind == "mountain") != (mountains > 0):
            raise BoardError(rpath, line, "mountains", "a mountain route needs X spaces, and only it has them")
        group = _int(rpath, line, "parallel_group", row["parallel_group"], 0, None, empty=-1)
        reveal = _int(rpath, line, "reveal", row["reveal"], 1, L.MAX_REVEAL, empty=0)
        if reveal and kind != "tunnel":
            raise BoardError(rpath, line, "reveal", "only tunnels reveal cards")
        always_open = _int(rpath, line, "always_open", row["always_open"], 0, 1)
        if always_open and group < 0:
            raise BoardError(rpath, line, "always_open", "only lanes of a double or triple route can stay open")
        wild_set = _int(rpath, line, "wild_set", row["wild_set"], 0, MAX_WILD_SET)
        if wild_set == 1:
            raise BoardError(rpath, line, "wild_set", "1 card for 1 is no rule: 0 (none) or 2..12 cards")
        if group >= 0:
            pair = frozenset((row["a"], row["b"]))
            first = group_pairs.setdefault(group, (pair, line))
            if first[0] != pair:
                raise BoardError(rpath, line, "parallel_group",
                                 f"group {group} joins other cities on line {first[1]}")
        a, b = sorted((row["a"], row["b"]))
        rrows.append(dict(a=a, b=b, length=length, color=colour, kind=kind, locomotives=locos,
                          mountains=mountains, parallel_group=group, reveal=reveal, always_open=always_open,
                          wild_set=wild_set))
    if not rrows:
        raise BoardError(rpath, None, None, "no routes")
    routes = pd.DataFrame(rrows)

    tpath = folder / "tickets.csv"
    trows, pairs = [], {}
    for line, row in _read_csv(tpath, ["a", "b", "points"], {"long": "0"}):
        for end in ("a", "b"):
            if row[end] not in seen:
                raise BoardError(tpath, line, end, f"unknown city '{row[end]}' (not in cities.csv)")
        if row["a"] == row["b"]:
            raise BoardError(tpath, line, "b", f"ticket joins '{row['a']}' to itself")
        pair = frozenset((row["a"], row["b"]))
        if pair in pairs:
            raise BoardError(tpath, line, "b", f"duplicate ticket {row['a']}-{row['b']} (first on line {pairs[pair]})")
        pairs[pair] = line
        pts = _int(tpath, line, "points", row["points"], 1, 1000)
        long = _int(tpath, line, "long", row["long"], 0, 1)
        trows.append(dict(a=row["a"], b=row["b"], points=pts, long=long, _line=line))
    if not trows:
        raise BoardError(tpath, None, None, "no tickets")
    # every ticket must be joinable over the board's routes
    parent = {n: n for n in names}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for r in rrows:
        parent[find(r["a"])] = find(r["b"])
    for t in trows:
        if find(t["a"]) != find(t["b"]):
            raise BoardError(tpath, t["_line"], "b", f"no route path joins {t['a']} and {t['b']}")
    tickets = pd.DataFrame(trows).drop(columns="_line")
    multi = _multi_tickets(folder / "tickets_multi.csv", seen, countries, find)
    return Board(
        name=meta["name"],
        title=str(meta.get("title", meta["name"])),
        path=folder,
        preset=meta["preset"],
        provisional=provisional,
        provenance=str(meta.get("provenance", "")),
        cities=pd.DataFrame({"name": names, "x": xs, "y": ys}),
        routes=routes,
        tickets=tickets,
        deck=deck,
        rule_overrides=overrides,
        provisional_note=note.strip(),
        regions=regions,
        countries=countries,
        multi_tickets=multi,
    )


def _multi_tickets(mpath: Path, cities: dict, countries: dict, find) -> pd.DataFrame:
    """tickets_multi.csv (optional): a,b_options,points_options,copies. `a`
    and each option are a city or a country of [countries]; options and points
    are '|'-separated, one value per option; `find` is the route graph's
    union-find, to check that every option can be joined to `a`."""
    rows, ends = [], {**{c: [c] for c in cities}, **countries}
    if mpath.exists():
        for line, row in _read_csv(mpath, ["a", "b_options", "points_options"], {"copies": "1"}):
            if row["a"] not in ends:
                raise BoardError(mpath, line, "a", f"unknown city or country '{row['a']}'")
            options = [x.strip() for x in row["b_options"].split("|")]
            points = [_int(mpath, line, "points_options", x.strip(), 1, 1000) for x in row["points_options"].split("|")]
            for o in options:
                if o not in ends:
                    raise BoardError(mpath, line, "b_options", f"unknown city or country '{o}'")
            if len(set(options)) != len(options) or row["a"] in options:
                raise BoardError(mpath, line, "b_options", "an option is repeated or is the start itself")
            if len(points) != len(options):
                raise BoardError(mpath, line, "points_options",
                                 f"{len(points)} values for {len(options)} options (one value per option)")
            for o in options:
                if not {find(x) for x in ends[row["a"]]} & {find(x) for x in ends[o]}:
                    raise BoardError(mpath, line, "b_options", f"no route path joins {row['a']} and {o}")
            copies = _int(mpath, line, "copies", row["copies"], 1, 8)
            rows.append(dict(a=row["a"], options=tuple(options), points=tuple(points), copies=copies))
    return pd.DataFrame(rows, columns=["a", "options", "points", "copies"])


def _place_table(toml_path: Path, table: str, raw, cities: dict, names=None) -> dict[str, list[str]]:
    """[regions] / [countries]: name = ["Place", ...], places from cities.csv
    (region names from L.REGION_NAMES; a country's places are its border points)."""
    one = {"regions": "region", "countries": "country"}[table]
    if not isinstance(raw, dict):
        raise BoardError(toml_path, None, table, f"must be a table: {one} = [\"Place\", ...]")
    out = {}
    for region, places in raw.items():
        key = f"{table}.{region}"
        if names is not None and region not in names:
            raise BoardError(toml_path, None, key, f"unknown {one} (known: {', '.join(names)})")
        if region in cities:
            raise BoardError(toml_path, None, key, f"'{region}' is also a place of cities.csv")
        if isinstance(places, str):
            places = [places]
        if not isinstance(places, list) or not places or not all(isinstance(x, str) for x in places):
            raise BoardError(toml_path, None, key, "must be a non-empty list of place names")
        for place in places:
            if place not in cities:
                raise BoardError(toml_path, None, key, f"unknown place '{place}' (not in cities.csv)")
        out[region] = list(places)
    return out
