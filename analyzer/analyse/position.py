"""A position to analyse, as an analyzer.Game whose seat to move starts its turn: read from a JSON
position file (docs/analyse.md), or reached in a game of a results folder (`--from RESULTS --game N
--turn T`: the run's bots play it to the start of turn T).

A position file says what the seat to move knows: the board and rules, each seat's routes, trains,
stations, tickets and cards (its own by name, the others' by count where unknown), the market, the
discard pile, how many tickets are left. What it leaves unknown (the other hands, the order of the
piles) is dealt from the cards and tickets not placed, from `seed`: the analysis redeals it in every
rollout anyway. A bad file raises PositionError naming the file and the field."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np

from analyzer.boards import BoardError
from analyzer.game import Game
from analyzer.replay.record import GameSource
from analyzer.rules import RuleError
from kernels import layouts as L
from kernels.core.claims import place_routes

CARDS = {name: k for k, name in enumerate(L.CARD_NAMES)} | {"loco": L.LOCO}
TOP = {"board", "rules", "set", "seed", "to_move", "turn", "turns_left", "seats", "market", "discard",
       "holders", "tickets_left"}
SEAT = {"routes", "hand", "cards", "seen", "tickets", "shared", "trains", "stations"}


class PositionError(ValueError):
    """A position that cannot be set up: the message names the file and the field."""


def game_at_turn(results: Path, game: int, turn: int) -> Game:
    """Game `game` of the results folder played by its run's bots to the start of turn `turn` (0: the
    first turn after the setup)."""
    source = GameSource.of_results(results, game)
    g = source.new_game()
    bots = list(source.bots) if len(source.bots) == g.players else list(source.bots) * g.players
    while not g.over and not (g.turn == turn and g.phase == "turn"):
        g.step(g.bot_move(bots[g.to_move]))
    if g.over:
        raise ValueError(f"--turn {turn}: game {game} of {results} has turns 0..{g.turn - 1}")
    return g


def load_position(path: Path) -> Game:
    """The position of the JSON file `path` (docs/analyse.md)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PositionError(f"{path}: no such position file") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise PositionError(f"{path}: not a JSON file ({e})") from None
    return Position(str(path), data).game()


class Position:
    """One position file being read: `where` names it in every error."""

    def __init__(self, where: str, data):
        self.where = where
        if not isinstance(data, dict):
            self.fail("", "must be a JSON object")
        unknown = sorted(set(data) - TOP)
        if unknown:
            self.fail(unknown[0], f"unknown field (fields: {', '.join(sorted(TOP))})")
        self.data = data
        self.rng = np.random.default_rng(self.whole("seed", data.get("seed", 1), 0))

    def fail(self, field: str, message: str):
        raise PositionError(f"{self.where}: {field + ': ' if field else ''}{message}")

    def whole(self, field: str, value, low: int = 0, high: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
            self.fail(field, f"must be a whole number in {low}..{'' if high is None else high}, not {value!r}")
        return value

    def game(self) -> Game:
        d = self.data
        seats = d.get("seats")
        if not isinstance(seats, list) or not seats:
            self.fail("seats", "must be a list of the seats, in seat order")
        try:
            game = Game(self._text("board", d.get("board")), len(seats), rules=d.get("rules"),
                        seed=self.whole("seed", d.get("seed", 1)), overrides=d.get("set") or None)
        except (BoardError, RuleError, ValueError) as e:
            self.fail("board", str(e))
        self.g, self.st, self.names = game, game.state, _Names(game)
        for i, seat in enumerate(seats):
            if not isinstance(seat, dict):
                self.fail(f"seats[{i}]", "must be a JSON object")
            if set(seat) - SEAT:
                self.fail(f"seats[{i}].{sorted(set(seat) - SEAT)[0]}",
                          f"unknown field (fields: {', '.join(sorted(SEAT))})")
        self._clear()
        self._tickets(seats)
        self._cards(seats)
        self._routes(seats)
        self._stations(seats)
        return game

    def _text(self, field: str, value) -> str:
        if not isinstance(value, str) or not value.strip():
            self.fail(field, "must be a name")
        return value

    def _clear(self) -> None:
        """The deal's tickets back to the box, no offer; the turn, the seat to move, the last round."""
        st, d, n = self.st, self.data, self.g.players
        st.setup_offer[:] = -1
        st.offer[:] = -1
        st.ticket_holder[:] = L.TH_BOX
        st.ticket_kept_turn[:] = -1
        st.ticket_done_turn[:] = -1
        st.ticket_shared[:] = 0
        sc = st.sc
        sc[L.SC_N_OFFER] = sc[L.SC_OFFER_SETUP] = sc[L.SC_LP_COUNT] = 0
        sc[L.SC_TURN] = self.whole("turn", d.get("turn", 0))
        sc[L.SC_PLAYER] = self.whole("to_move", d.get("to_move", 0), 0, n - 1)
        sc[L.SC_PHASE] = L.PH_TURN
        left = d.get("turns_left")
        sc[L.SC_END_COUNTDOWN] = -1 if left is None else self.whole("turns_left", left, 1, n)

    def _tickets(self, seats: list) -> None:
        """Each seat's tickets (names, or a count dealt from the rest); the rest is the ticket pile."""
        st, turn, free = self.st, int(self.st.sc[L.SC_TURN]), set(range(self.names.n_tickets))
        counts = {}
        for i, seat in enumerate(seats):
            held = seat.get("tickets", [])
            if isinstance(held, int) and not isinstance(held, bool) and i != self.g.to_move:
                counts[i] = self.whole(f"seats[{i}].tickets", held)
                continue
            if not isinstance(held, list):
                self.fail(f"seats[{i}].tickets", "must be a list of ticket names (another seat's: or a count)")
            for j, name in enumerate(held):
                t = self.names.ticket(name, free)
                if t is None:
                    self.fail(f"seats[{i}].tickets[{j}]", f"no ticket {name!r} left on board {self.g.board.name}")
                free.discard(t)
                st.ticket_holder[t], st.ticket_kept_turn[t] = i, turn
            shared = seat.get("shared", [])
            for j, name in enumerate(shared if isinstance(shared, list) else [None]):
                t = self.names.ticket(name, {t for t, h in enumerate(st.ticket_holder.tolist()) if h == i})
                if t is None or self.g.rules.team_size < 2:
                    self.fail(f"seats[{i}].shared[{j}]", "must name one of the seat's tickets (Team Asia only)")
                st.ticket_shared[t] = 1
        rest = sorted(free)
        self.rng.shuffle(rest)
        for i, k in counts.items():
            if k > len(rest):
                self.fail(f"seats[{i}].tickets", f"{k} tickets, but only {len(rest)} are left")
            for t in rest[:k]:
                st.ticket_holder[t], st.ticket_kept_turn[t] = i, turn
            rest = rest[k:]
        left = self.whole("tickets_left", self.data.get("tickets_left", len(rest)), 0, len(rest))
        for pos, t in enumerate(rest[:left]):
            st.ticket_pile[pos], st.ticket_holder[t] = t, L.TH_PILE
        st.sc[L.SC_TP_HEAD], st.sc[L.SC_TP_COUNT] = 0, left

    def _counts(self, field: str, value) -> np.ndarray:
        if not isinstance(value, dict):
            self.fail(field, 'must be an object of card counts, e.g. {"red": 2, "locomotive": 1}')
        out = np.zeros(L.N_CARD_KINDS, np.int64)
        for name, n in value.items():
            if name not in CARDS:
                self.fail(f"{field}.{name}", f"no such card (cards: {', '.join(L.CARD_NAMES)})")
            out[CARDS[name]] += self.whole(f"{field}.{name}", n)
        return out

    def _cards(self, seats: list) -> None:
        """Hands (a count deals unknown cards), the team holders, market and discard; every card of the
        deck not placed is in the draw pile, in an order from `seed`."""
        st, ru, d = self.st, self.g.rules_array, self.data
        pool = np.array(self.g.board_record.deck, np.int64)
        st.hand[:, :] = 0
        st.holder[:, :] = 0
        st.discard[:] = self._counts("discard", d.get("discard", {}))
        pool -= st.discard
        size = int(ru[L.RULE_MARKET_SIZE])
        market = d.get("market", [])
        if not isinstance(market, list) or len(market) > size:
            self.fail("market", f"must be a list of at most {size} card names (null: an empty slot)")
        for s in range(size):
            c = market[s] if s < len(market) else None
            if c is not None and c not in CARDS:
                self.fail(f"market[{s}]", f"no such card {c!r} (cards: {', '.join(L.CARD_NAMES)})")
            st.market[s] = -1 if c is None else CARDS[c]
            if c is not None:
                pool[CARDS[c]] -= 1
        holders = d.get("holders", [])
        if holders and self.g.rules.team_size < 2:
            self.fail("holders", "only Team Asia has team card holders")
        for team, h in enumerate(holders if isinstance(holders, list) else [None]):
            st.holder[team] = self._counts(f"holders[{team}]", h)
            pool -= st.holder[team]
        unknown = {}
        for i, seat in enumerate(seats):
            seen = self._seen(i, seat, size)
            if "hand" in seat:
                st.hand[i] = self._counts(f"seats[{i}].hand", seat["hand"])
                if (seen > st.hand[i]).any():
                    self.fail(f"seats[{i}].seen", "more cards of a kind than its hand holds")
                pool -= st.hand[i]
            elif i == self.g.to_move:
                self.fail(f"seats[{i}].hand", "the seat to move needs its hand")
            else:
                held, n_seen = self.whole(f"seats[{i}].cards", seat.get("cards", 0)), int(seen.sum())
                if n_seen > held:
                    self.fail(f"seats[{i}].seen", f"{n_seen} cards seen, but it holds {held}")
                unknown[i] = held - n_seen
                st.hand[i] = seen
                pool -= seen
            st.seen_in_hand[i] = seen
        short = [L.CARD_NAMES[k] for k in range(L.N_CARD_KINDS) if pool[k] < 0]
        if short:
            deck = int(self.g.board_record.deck[CARDS[short[0]]])
            self.fail("seats", f"more {short[0]} cards placed (hands, holders, market, discard) than the deck's {deck}")
        pile = np.repeat(np.arange(L.N_CARD_KINDS), pool)
        self.rng.shuffle(pile)
        for i, k in unknown.items():
            if k > len(pile):
                self.fail(f"seats[{i}].cards", f"{k} cards, but only {len(pile)} are not placed")
            np.add.at(st.hand[i], pile[:k], 1)
            pile = pile[k:]
        st.pile[:len(pile)] = pile
        st.sc[L.SC_N_PILE] = len(pile)

    def _seen(self, i: int, seat: dict, market_size: int) -> np.ndarray:
        """The cards seat i was seen to take face up and has not spent since (kept in its hand by every
        redeal of the analysis: st.seen_in_hand); none on a board without a market (Ghost Train)."""
        seen = self._counts(f"seats[{i}].seen", seat.get("seen", {}))
        if market_size == 0 and seen.any():
            self.fail(f"seats[{i}].seen", "no card is taken face up on this board (it has no market)")
        return seen

    def _routes(self, seats: list) -> None:
        """Each seat's routes placed as claims (scored, lanes closed, networks and tickets joined), then
        its trains as given (default: the start's less the routes')."""
        st, bd = self.st, self.g.board_record
        owners = np.full(bd.n_routes, -1, np.int64)
        colours = np.zeros(bd.n_routes, np.int64)
        for i, seat in enumerate(seats):
            routes = seat.get("routes", [])
            if not isinstance(routes, list):
                self.fail(f"seats[{i}].routes", "must be a list of routes ('City A-City B', or {\"route\": ..., "
                                                "\"colour\": ...} for one lane of a double route)")
            for j, spec in enumerate(routes):
                r = self.names.route(spec, owners)
                if r is None:
                    self.fail(f"seats[{i}].routes[{j}]", f"no free route {spec!r} on board {self.g.board.name}")
                owners[r] = i
                colour = self.names.route_colours[r]
                colours[r] = CARDS.get(colour, L.LOCO)
        place_routes(st, bd, self.g.rules_array, owners, colours)
        for i, seat in enumerate(seats):
            if st.trains[i] < 0:
                self.fail(f"seats[{i}].routes", "more trains on the board than the seat has")
            if "trains" in seat:
                st.trains[i] = self.whole(f"seats[{i}].trains", seat["trains"], 0, int(st.trains[i]))
        if self.g.rules.win_tickets > 0:  # Ghost Train: a joined ticket lies face up, counted (GT-TKT-1)
            for i in range(len(seats)):
                st.ps[i, L.PS_GT_TICKETS] = int(((st.ticket_done_turn >= 0) & (st.ticket_holder == i)).sum())

    def _stations(self, seats: list) -> None:
        st, per = self.st, int(self.g.rules_array[L.RULE_STATIONS])
        for i, seat in enumerate(seats):
            cities = seat.get("stations", [])
            if not isinstance(cities, list) or len(cities) > per:
                self.fail(f"seats[{i}].stations", f"must be a list of at most {per} city names")
            for j, name in enumerate(cities):
                if name not in self.names.cities or st.city_station[self.names.cities[name]] >= 0:
                    self.fail(f"seats[{i}].stations[{j}]", f"no free city {name!r}")
                c = self.names.cities[name]
                st.station_city[i, j], st.city_station[c] = c, i
            st.stations_left[i] = per - len(cities)


def _key(text: str) -> str:
    """A route or ticket name as typed: either dash, any case, without a '(points)' ending."""
    text = re.sub(r"\s*\([^)]*\)\s*$", "", str(text)).replace("–", "-").lower()
    return re.sub(r"\s*-\s*", "-", text).strip()


class _Names:
    """The board's routes, tickets and cities by the names a position file gives."""

    def __init__(self, game: Game):
        rt, tk = game.board.routes, game.board.ticket_rows()
        self.n_tickets = len(tk)
        self.route_colours = list(rt["color"])
        self.cities = {name: c for c, name in enumerate(game.board.cities["name"])}
        self.routes: dict[str, list[int]] = {}
        for r, (a, b) in enumerate(zip(rt["a"], rt["b"], strict=True)):
            for k in (_key(f"{a}-{b}"), _key(f"{b}-{a}")):
                self.routes.setdefault(k, []).append(r)
        self.tickets: dict[str, list[int]] = {}
        for t, name in enumerate(tk["name"]):
            base = _key(name.split(" #")[0])
            a, _, b = base.partition("-")
            for k in {base, f"{b}-{a}"}:
                self.tickets.setdefault(k, []).append(t)

    def route(self, spec, owners: np.ndarray) -> int | None:
        """The first free lane of the route named (of the colour named, if one is)."""
        name, colour = (spec.get("route"), spec.get("colour")) if isinstance(spec, dict) else (spec, None)
        for r in self.routes.get(_key(name), []):
            if owners[r] < 0 and colour in (None, self.route_colours[r]):
                return r
        return None

    def ticket(self, name, among: set[int]) -> int | None:
        """The first ticket of that name among `among` (a ticket printed twice has two)."""
        return next((t for t in self.tickets.get(_key(name), []) if t in among), None) if isinstance(name, str) \
            else None
