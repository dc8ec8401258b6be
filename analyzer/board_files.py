"""Reading a board folder (board.toml, cities.csv, routes.csv, tickets.csv and
the optional tickets_multi.csv) into the fields of analyzer.boards.Board, with
errors that name the file, line and field."""

from __future__ import annotations

import csv
import math
import tomllib
from pathlib import Path

import pandas as pd

from analyzer.rules import RuleError, preset
from kernels import layouts as L

COLOUR_ALIASES = {"purple": "pink", "grey": "gray", "wild": "locomotive", "loco": "locomotive"}
ROUTE_COLOURS = L.COLOUR_NAMES + ("gray",)
KINDS = L.KIND_NAMES
MAX_ROUTE_LEN = L.MAX_SCORED_LEN
MAX_WILD_SET = 12  # routes.csv wild_set: any N cards for one card (Nordic's Lieksa-Murmansk: 4)

# The columns each file of a board folder may have: the required ones, and the optional ones with the value an
# empty or missing cell takes (docs/boards.md documents each; a test compares the two). Other columns are ignored.
CITY_COLUMNS = ("name", "x", "y")
ROUTE_COLUMNS = ("a", "b", "length", "color")
ROUTE_OPTIONAL = {"kind": "normal", "locomotives": "0", "mountains": "0", "parallel_group": "", "reveal": "",
                  "always_open": "0", "wild_set": "0"}
TICKET_COLUMNS = ("a", "b", "points")
TICKET_OPTIONAL = {"long": "0"}
MULTI_COLUMNS = ("a", "b_options", "points_options")
MULTI_OPTIONAL = {"copies": "1"}
FILE_COLUMNS = {"cities.csv": (CITY_COLUMNS, {}), "routes.csv": (ROUTE_COLUMNS, ROUTE_OPTIONAL),
                "tickets.csv": (TICKET_COLUMNS, TICKET_OPTIONAL), "tickets_multi.csv": (MULTI_COLUMNS, MULTI_OPTIONAL)}
TOML_KEYS = {"name": True, "preset": True, "deck": True, "title": False, "provisional": False,
             "provisional_note": False, "provenance": False, "rules": False, "regions": False, "countries": False,
             "checks": False}
"""board.toml's keys, each required (True) or optional; another key is an error."""


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


def read_board_folder(folder: Path) -> dict:
    """The fields of a Board read from a board folder, every value checked."""
    toml_path = folder / "board.toml"
    meta, deck, overrides = _read_meta(toml_path)
    cities, seen = _read_cities(folder / "cities.csv")
    regions = _place_table(toml_path, "regions", meta.get("regions", {}), seen, L.REGION_NAMES)
    countries = _place_table(toml_path, "countries", meta.get("countries", {}), seen)
    provisional, note = _provisional(toml_path, meta)
    routes = _read_routes(folder / "routes.csv", seen)
    tickets, find = _read_tickets(folder / "tickets.csv", seen, routes)
    multi = _multi_tickets(folder / "tickets_multi.csv", seen, countries, find)
    return dict(
        name=meta["name"],
        title=str(meta.get("title", meta["name"])),
        path=folder,
        preset=meta["preset"],
        provisional=provisional,
        provenance=str(meta.get("provenance", "")),
        cities=cities,
        routes=routes,
        tickets=tickets,
        deck=deck,
        rule_overrides=overrides,
        provisional_note=note,
        regions=regions,
        countries=countries,
        multi_tickets=multi,
    )


def _read_meta(toml_path: Path) -> tuple[dict, dict, dict]:
    """board.toml: its table, the [deck] (card -> count) and the [rules] overrides, checked."""
    if not toml_path.exists():
        raise BoardError(toml_path, None, None, "missing file")
    try:
        meta = tomllib.loads(toml_path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        line = getattr(e, "lineno", None)
        raise BoardError(toml_path, line, None, f"not valid TOML: {e}") from None
    unknown = sorted(set(meta) - set(TOML_KEYS))
    if unknown:
        raise BoardError(toml_path, None, unknown[0], f"unknown key (known: {', '.join(TOML_KEYS)})")
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
    _check_checks(toml_path, meta.get("checks", {}))
    return meta, deck, overrides


def _check_checks(toml_path: Path, checks) -> None:
    """[checks]: name = { checked = N, matched = M, against = "what" }, 0 <= M <= N."""
    if not isinstance(checks, dict):
        raise BoardError(toml_path, None, "checks",
                         'must be a table: name = { checked = N, matched = M, against = "..." }')
    for name, c in checks.items():
        key = f"checks.{name}"
        if not isinstance(c, dict) or set(c) != {"checked", "matched", "against"}:
            raise BoardError(toml_path, None, key, "needs exactly checked, matched and against")
        if not all(isinstance(c[k], int) and not isinstance(c[k], bool) for k in ("checked", "matched")) \
                or not 0 <= c["matched"] <= c["checked"]:
            raise BoardError(toml_path, None, key, "checked and matched must be whole numbers, 0 <= matched <= checked")
        if not isinstance(c["against"], str) or not c["against"].strip():
            raise BoardError(toml_path, None, key, "against: say what the data was checked against")


def _provisional(toml_path: Path, meta: dict) -> tuple[bool, str]:
    """board.toml's provisional flag and the sentence a provisional board must give."""
    provisional = meta.get("provisional", False)
    if not isinstance(provisional, bool):
        raise BoardError(toml_path, None, "provisional", f"{provisional!r} is not true or false")
    note = meta.get("provisional_note", "")
    if not isinstance(note, str) or (provisional and not note.strip()):
        raise BoardError(toml_path, None, "provisional_note",
                         "a provisional board needs a sentence saying what is provisional and why")
    return provisional, note.strip()


def _read_cities(cpath: Path) -> tuple[pd.DataFrame, dict]:
    """cities.csv: the cities (name, x, y) and each name's line."""
    names, xs, ys, seen = [], [], [], {}
    for line, row in _read_csv(cpath, list(CITY_COLUMNS), {}):
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
    return pd.DataFrame({"name": names, "x": xs, "y": ys}), seen


def _read_routes(rpath: Path, seen: dict) -> pd.DataFrame:
    """routes.csv, every row checked (_route_row); a parallel group joins one pair of cities."""
    rrows = []
    group_pairs = {}
    pair_lines = {}  # (a, b) -> (parallel_group, first line)
    for line, row in _read_csv(rpath, list(ROUTE_COLUMNS), ROUTE_OPTIONAL):
        route = _route_row(rpath, line, row, seen)
        group = route["parallel_group"]
        first_group, first_line = pair_lines.setdefault((route["a"], route["b"]), (group, line))
        if first_line != line and (group < 0 or group != first_group):
            raise BoardError(rpath, line, "parallel_group",
                             f"duplicate route {route['a']}-{route['b']} (first on line {first_line}): the lanes "
                             "of a double or triple route share one parallel_group")
        if group >= 0:
            pair = frozenset((row["a"], row["b"]))
            first = group_pairs.setdefault(group, (pair, line))
            if first[0] != pair:
                raise BoardError(rpath, line, "parallel_group",
                                 f"group {group} joins other cities on line {first[1]}")
        rrows.append(route)
    if not rrows:
        raise BoardError(rpath, None, None, "no routes")
    return pd.DataFrame(rrows)


def _route_row(rpath: Path, line: int, row: dict, seen: dict) -> dict:
    """One route of routes.csv, its cities in name order."""
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
    if wild_set and kind == "tunnel":
        raise BoardError(rpath, line, "wild_set", "no set of cards may pay a tunnel (NC-TUN-1)")
    a, b = sorted((row["a"], row["b"]))
    return dict(a=a, b=b, length=length, color=colour, kind=kind, locomotives=locos, mountains=mountains,
                parallel_group=group, reveal=reveal, always_open=always_open, wild_set=wild_set)


def _read_tickets(tpath: Path, seen: dict, routes: pd.DataFrame):
    """tickets.csv, checked, every ticket joinable over the board's routes;
    with the routes' union-find `find` (city -> its piece of the board)."""
    trows, pairs = [], {}
    for line, row in _read_csv(tpath, list(TICKET_COLUMNS), TICKET_OPTIONAL):
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
    parent = {n: n for n in seen}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in zip(routes["a"], routes["b"], strict=True):
        parent[find(a)] = find(b)
    for t in trows:
        if find(t["a"]) != find(t["b"]):
            raise BoardError(tpath, t["_line"], "b", f"no route path joins {t['a']} and {t['b']}")
    return pd.DataFrame(trows).drop(columns="_line"), find


def _multi_tickets(mpath: Path, cities: dict, countries: dict, find) -> pd.DataFrame:
    """tickets_multi.csv (optional): a,b_options,points_options,copies. `a`
    and each option are a city or a country of [countries]; options and points
    are '|'-separated, one value per option; `find` is the route graph's
    union-find, to check that every option can be joined to `a`."""
    rows, ends = [], {**{c: [c] for c in cities}, **countries}
    if mpath.exists():
        for line, row in _read_csv(mpath, list(MULTI_COLUMNS), MULTI_OPTIONAL):
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
