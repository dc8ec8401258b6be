"""A board compiled into the record the kernels read (kernels.layouts
BOARD) under a rule set: the route table (with RT_WILD_SET, NC-FRY-2 /
NC-CLM-1), the parallel groups, the adjacency lists, and one ticket row per
printed ticket card, the tickets with options (SW-TKT-3..6) after the
city-city ones with their ends and options in arrays of fixed types (empty on
a board without them, so the kernels compile once for every board)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analyzer.records import BoardRecord, pack_board
from analyzer.rules import RuleError
from kernels import layouts as L
from kernels.core.claimable import fill_board_bits

ROUTE_COLOURS = L.COLOUR_NAMES + ("gray",)


def ticket_rows(board) -> pd.DataFrame:
    """One row per ticket card as the kernels number them: the city-city
    tickets of tickets.csv in order, then every copy of each design of
    tickets_multi.csv. Columns: a, b, points (for a ticket with options: its
    best-paid option and that value), long, options, option_points (one entry
    per destination), multi (row of tickets_multi.csv, -1) and name (unique:
    a second copy is '... #2')."""
    tk = board.tickets
    rows = [dict(a=t.a, b=t.b, points=int(t.points), long=int(t.long), options=(t.b,), option_points=(int(t.points),),
                 multi=-1, name=f"{t.a}–{t.b} ({t.points})") for t in tk.itertuples()]
    for m, t in enumerate(board.multi_tickets.itertuples()):
        best = int(np.argmax(t.points))
        name = f"{t.a}–{'|'.join(t.options)} ({'|'.join(str(p) for p in t.points)})"
        for copy in range(int(t.copies)):
            rows.append(dict(a=t.a, b=t.options[best], points=int(t.points[best]), long=0, options=tuple(t.options),
                             option_points=tuple(int(p) for p in t.points), multi=m,
                             name=name if copy == 0 else f"{name} #{copy + 1}"))
    return pd.DataFrame(rows, columns=["a", "b", "points", "long", "options", "option_points", "multi", "name"])


def compile_board(board, rules) -> BoardRecord:
    """The kernels' view of `board` (an analyzer.boards.Board) under `rules`."""
    cidx = {n: i for i, n in enumerate(board.cities["name"])}
    rt = board.routes
    n_routes = len(rt)
    routes = np.zeros((n_routes, L.ROUTE_FIELDS), np.int32)
    routes[:, L.RT_A] = rt["a"].map(cidx).to_numpy()
    routes[:, L.RT_B] = rt["b"].map(cidx).to_numpy()
    routes[:, L.RT_LEN] = rt["length"].to_numpy()
    routes[:, L.RT_COLOUR] = [ROUTE_COLOURS.index(c) for c in rt["color"]]
    routes[:, L.RT_KIND] = [L.KIND_NAMES.index(k) for k in rt["kind"]]
    routes[:, L.RT_LOCOS] = rt["locomotives"].to_numpy()
    routes[:, L.RT_MOUNTAINS] = rt["mountains"].to_numpy()
    routes[:, L.RT_REVEAL] = rt["reveal"].to_numpy()
    routes[:, L.RT_ALWAYS_OPEN] = rt["always_open"].to_numpy()
    # NC-CLM-1: the route's own set size; NC-FRY-2: the rule set's on every ferry
    ferry = (rt["kind"] == "ferry").to_numpy()
    routes[:, L.RT_WILD_SET] = np.where(ferry, np.maximum(rt["wild_set"].to_numpy(), rules.ferry_wild_set),
                                        rt["wild_set"].to_numpy())
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
    n_cities = len(board.cities)
    order = np.argsort(np.concatenate([routes[:, L.RT_A], routes[:, L.RT_B]]), kind="stable")
    ends = np.concatenate([routes[:, L.RT_A], routes[:, L.RT_B]])
    adj_route = (order % n_routes).astype(np.int32)
    adj_city = np.concatenate([routes[:, L.RT_B], routes[:, L.RT_A]])[order].astype(np.int32)  # the other end
    adj_start = np.zeros(n_cities + 1, np.int32)
    np.add.at(adj_start, ends + 1, 1)
    adj_start = np.cumsum(adj_start).astype(np.int32)
    tickets, end_start, end_nodes, multi, multi_opts = _tickets(board, cidx)
    if len(rules.route_scores) - 1 < int(routes[:, L.RT_LEN].max()):
        raise RuleError(
            f"rule route_scores has no score for length {int(routes[:, L.RT_LEN].max())} "
            f"on board '{board.name}'"
        )
    cost = routes[:, L.RT_LEN] + routes[:, L.RT_MOUNTAINS]
    if cost.max() > L.BITS_MAX_COST:
        raise RuleError(f"board '{board.name}': a route needs {int(cost.max())} trains, "
                        f"the kernels allow at most {L.BITS_MAX_COST}")
    deck = card_deck(board, rules)
    for what, n, most in (("cities", n_cities, L.MAX_CITIES), ("routes", n_routes, L.MAX_ROUTES),
                          ("tickets", len(tickets), L.MAX_TICKETS), ("train cards", int(deck.sum()), L.MAX_DECK),
                          ("routes at one city", int(np.diff(adj_start).max()), L.MAX_DEGREE),
                          ("lanes in one parallel group", width, L.MAX_LANES),
                          ("parallel groups", group_routes.shape[0], L.MAX_GROUPS),
                          ("ticket ends with options", len(end_start) - 1, L.MAX_ENDS),
                          ("nodes of ticket ends", len(end_nodes), L.MAX_END_NODES),
                          ("tickets with options", len(multi), L.MAX_MULTI),
                          ("ticket options", len(multi_opts), L.MAX_MULTI_OPTS)):
        if n > most:  # the board's, state's and Scratch's fields are sized by these bounds (BOARD, GAME_STATE, SCRATCH)
            raise RuleError(f"board '{board.name}': {n} {what}, the kernels allow at most {most}")
    route_bits = np.zeros((L.BITS_ROWS, (n_routes + 63) // 64), np.uint64)
    lane_bits = np.zeros((n_routes, route_bits.shape[1]), np.uint64)
    fill_board_bits(routes, group_routes, route_bits, lane_bits)
    try:
        return pack_board(routes=routes, tickets=tickets, deck=deck, adj_start=adj_start, adj_route=adj_route,
                          adj_city=adj_city, group_routes=group_routes, city_flags=region_flags(board, rules),
                          route_bits=route_bits, lane_bits=lane_bits, end_start=end_start, end_nodes=end_nodes,
                          multi=multi, multi_opts=multi_opts)
    except ValueError as e:  # a field pack_board derives beyond its bound (city_tickets): name the board
        raise RuleError(f"board '{board.name}': {e}") from None


def _tickets(board, cidx: dict):
    """(tickets, end_start, end_nodes, multi, multi_opts): the ticket rows of
    ticket_rows(board), and the ends and options of the tickets with options
    (an end is a city, or a country's border points, SW-TKT-6)."""
    rows = ticket_rows(board)
    tickets = np.zeros((len(rows), L.TICKET_FIELDS), np.int32)
    end_of: dict[str, int] = {}
    nodes: list[list[int]] = []

    def end(name: str) -> int:
        if name not in end_of:
            end_of[name] = len(nodes)
            nodes.append([cidx[c] for c in board.countries.get(name, [name])])
        return end_of[name]

    multi, opts = [], []
    for t in board.multi_tickets.itertuples():
        multi.append((end(t.a), len(opts), len(t.options)))
        opts.extend((end(o), int(p)) for o, p in zip(t.options, t.points, strict=True))
    for i, r in enumerate(rows.itertuples()):
        tickets[i, L.TK_A] = nodes[end(r.a)][0] if r.multi >= 0 else cidx[r.a]
        tickets[i, L.TK_B] = nodes[end(r.b)][0] if r.multi >= 0 else cidx[r.b]
        tickets[i, L.TK_POINTS] = r.points
        tickets[i, L.TK_LONG] = r.long
        tickets[i, L.TK_MULTI] = r.multi
    end_start = np.zeros(len(nodes) + 1, np.int32)
    end_start[1:] = np.cumsum([len(n) for n in nodes]).astype(np.int32)
    end_nodes = np.array([c for n in nodes for c in n], np.int32)
    multi_arr = np.array(multi, np.int32).reshape(-1, 3)
    opts_arr = np.array(opts, np.int32).reshape(-1, 2)
    return tickets, end_start, end_nodes, multi_arr, opts_arr


def card_deck(board, rules) -> np.ndarray:
    """The train cards of each kind in the box: the board's [deck], with the
    rule set's cards_per_colour and locomotive_cards when it sets them."""
    deck = np.zeros(L.N_CARD_KINDS, np.int32)
    for k, name in enumerate(L.CARD_NAMES):
        deck[k] = board.deck.get(name, 0)
    if rules.cards_per_colour is not None:
        deck[: L.N_COLOURS] = np.where(deck[: L.N_COLOURS] > 0, rules.cards_per_colour, 0)
    if rules.locomotive_cards is not None:
        deck[L.LOCO] = rules.locomotive_cards
    return deck


def region_flags(board, rules) -> np.ndarray:
    """Bit i of a city's flags: the city is in region L.REGION_NAMES[i]. A
    rule that needs a region the board does not declare is refused."""
    needs = {"special_tickets": ("dark_forest", "coast"), "town_hall_cards": ("town_hall",)}
    for key, regions in needs.items():
        missing = [r for r in regions if not board.regions.get(r)]
        if getattr(rules, key) and missing:
            raise RuleError(f"rule {key}={getattr(rules, key)} needs the region(s) {', '.join(missing)} "
                            f"in [regions] of board '{board.name}' ({board.path / 'board.toml'})")
    cidx = {n: i for i, n in enumerate(board.cities["name"])}
    flags = np.zeros(len(cidx), np.int32)
    for bit, region in enumerate(L.REGION_NAMES):
        for place in board.regions.get(region, []):
            flags[cidx[place]] |= 1 << bit
    return flags
