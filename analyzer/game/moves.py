"""Moves: the kernels' actions (one int64 each, kernels/core/actions.py) named for people.

`Move` is one action with its kind as a word, its int64 `code` and readable fields (route, cards paid,
market slot, tickets, city, where a card goes); `str(move)` reads as a sentence. `BoardNames` holds the
board's names the moves and observations use. `MoveNamer` names the actions of a game's current position:
the cards a claim, a station or a tunnel surcharge costs are read off a trial step of the engine on a copy
of the state, so the payment shown is the engine's own and no payment rule is written twice."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from analyzer.records import scratch_record, state_record
from kernels import layouts as L
from kernels.core.state import new_state
from kernels.engine import step

PHASES = {L.PH_SETUP_KEEP: "setup_keep", L.PH_TURN: "turn", L.PH_SECOND_DRAW: "second_draw",
          L.PH_KEEP_TICKETS: "keep_tickets", L.PH_TUNNEL: "tunnel", L.PH_OVER: "over",
          L.PH_PLACE_CARD: "place_card"}
DESTINATIONS = ("hand", "holder")  # L.DEST_HAND, L.DEST_HOLDER
ROUTE_COLOURS = L.COLOUR_NAMES + ("gray",)

Cards = tuple[tuple[str, int], ...]  # (card name, count) pairs, in card order, counts > 0


def code_parts(code: int) -> tuple[int, int, int]:
    """(kind, a, b) of an action code, as kernels/core/actions.py splits it."""
    return code & 15, (code >> 4) & 0xFFFF, (code >> 20) & 0xFF


def is_action(code: int) -> bool:
    """`code` is an action word: a known kind, nothing beyond the 28 bits of kind, a and b."""
    return 0 <= code < 1 << 28 and code & 15 < L.N_ACTION_KINDS


@dataclass(frozen=True)
class BoardNames:
    """The names of a board's cities, routes and tickets, indexed as the kernels number them."""

    cities: tuple[str, ...]
    routes: tuple[str, ...]  # "Denver–Omaha"
    route_colours: tuple[str, ...]  # a card colour or "gray"
    route_kinds: tuple[str, ...]  # L.KIND_NAMES
    route_lengths: tuple[int, ...]
    tickets: tuple[str, ...]  # "Denver–El Paso (4)", as Board.ticket_rows() names them
    ticket_points: tuple[int, ...]

    @classmethod
    def of(cls, board) -> BoardNames:
        rt, tk = board.routes, board.ticket_rows()
        routes = tuple(f"{a}–{b}" for a, b in zip(rt["a"], rt["b"], strict=True))
        return cls(cities=tuple(board.cities["name"]), routes=routes,
                   route_colours=tuple(rt["color"]), route_kinds=tuple(rt["kind"]),
                   route_lengths=tuple(int(n) for n in rt["length"]), tickets=tuple(tk["name"]),
                   ticket_points=tuple(int(n) for n in tk["points"]))


@dataclass(frozen=True, repr=False)
class Move:
    """One legal action of the seat to move, named. `code` is what the kernels play; the other fields
    say what it does (None or empty where they do not apply):

    - claim: route, route_name, route_colour, route_kind, length, colour (the card colour named,
      "locomotive" for locomotives only), paid (cards it costs, tunnels: before the surcharge),
      from_holder (Team Asia: how many of them come from the team's holder);
    - draw_market: slot, card; draw_blind: nothing seen yet; both carry `destination` ("hand" or
      "holder") in Team Asia when the action decides it;
    - keep_tickets: tickets kept (ids and names), shared (Team Asia: those put in the shared holder);
    - share_tickets: tickets (ids and names) put in the shared holder;
    - build_station: city, city_name, colour, paid; tunnel_pay: route, colour, paid (the surcharge);
      tunnel_abandon: route;
    - place_card (Team Asia): card (the blind card just seen), destination.
    """

    kind: str
    code: int
    route: int | None = None
    route_name: str | None = None
    route_colour: str | None = None
    route_kind: str | None = None
    length: int | None = None
    colour: str | None = None
    paid: Cards = ()
    from_holder: Cards = ()
    slot: int | None = None
    card: str | None = None
    destination: str | None = None
    tickets: tuple[int, ...] = ()
    ticket_names: tuple[str, ...] = ()
    shared: tuple[int, ...] = ()
    city: int | None = None
    city_name: str | None = None

    def __int__(self) -> int:
        return self.code

    def __repr__(self) -> str:
        return f"Move({self.code}, {str(self)!r})"

    def __str__(self) -> str:
        return _TEXT.get(self.kind, lambda m: m.kind)(self)


# --- sentences -------------------------------------------------------------------------------
def _cards(cards: Cards) -> str:
    return " + ".join(f"{n} {c}" for c, n in cards)


def _paid(m: Move) -> str:
    """The cards paid; only the colour named when the cost is not known (a move named as not legal)."""
    if not m.paid:
        return m.colour or "no card"
    held = sum(n for _, n in m.from_holder)
    return _cards(m.paid) + (f" ({held} from the team holder)" if held else "")


def _claim_text(m: Move) -> str:
    kind = "" if m.route_kind == "normal" else f" {m.route_kind}"
    return f"claim {m.route_name} ({m.route_colour}{kind}) with {_paid(m)}"


def _to(m: Move) -> str:
    return f" into the {m.destination}" if m.destination else ""


def _keep_text(m: Move) -> str:
    if not m.tickets:
        return "keep nothing (no ticket offered)"
    text = "keep " + ", ".join(m.ticket_names)
    if m.shared:
        names = dict(zip(m.tickets, m.ticket_names, strict=True))
        text += "; share " + ", ".join(names[t] for t in m.shared)
    return text


_TEXT = {
    "pass": lambda m: "pass",
    "draw_market": lambda m: f"draw {m.card} from the market (slot {m.slot}){_to(m)}",
    "draw_blind": lambda m: f"draw a blind card{_to(m)}",
    "claim": _claim_text,
    "draw_tickets": lambda m: "draw tickets",
    "keep_tickets": _keep_text,
    "build_station": lambda m: f"build a station in {m.city_name} with {_paid(m)}",
    "tunnel_pay": lambda m: f"pay the surcharge of the tunnel {m.route_name} with {_paid(m)}",
    "tunnel_abandon": lambda m: f"abandon the tunnel {m.route_name}",
    "swap_tickets": lambda m: "swap the unfinished tickets",
    "share_tickets": lambda m: "share " + " and ".join(m.ticket_names),
    "place_card": lambda m: f"put the {m.card} just drawn into the {m.destination}",
}


# --- naming the actions of a position ------------------------------------------------------
class MoveNamer:
    """Names the actions of one game's positions. Owns a spare game state and Scratch for the trial
    steps that read what a move costs (the game's own state, Scratch and streams are never touched)."""

    def __init__(self, names: BoardNames, bd, ru, players: int):
        self.names = names
        self._bd, self._ru = bd, ru
        self._spare = new_state(bd, ru, players)
        self._spare_st = state_record(self._spare)
        self._spare_ws = scratch_record()

    def name(self, state: np.ndarray, code: int, legal: bool = True) -> Move:
        """The Move of action `code` (is_action) in the position held by the state array `state` (from
        new_state). An action not known to be legal is named without its payment: no trial step is run on
        it."""
        st = state_record(state)
        kind, a, b = code_parts(code)
        fields = _NAMERS[kind](self, st, a, b)
        if legal and kind in (L.A_CLAIM, L.A_BUILD_STATION, L.A_TUNNEL_PAY):
            fields["paid"], fields["from_holder"] = self.payment(state, code)
        return Move(kind=L.ACTION_NAMES[kind], code=int(code), **fields)

    def name_all(self, state: np.ndarray, codes) -> list[Move]:
        """The Moves of the legal actions `codes` of the position in `state`. A station costs the same on
        every city: its payment is read once per colour."""
        moves, station_paid = [], {}
        for code in codes:
            kind, _, b = code_parts(int(code))
            if kind != L.A_BUILD_STATION:
                moves.append(self.name(state, int(code)))
                continue
            if b not in station_paid:
                station_paid[b] = self.payment(state, int(code))
            paid, from_holder = station_paid[b]
            moves.append(replace(self.name(state, int(code), legal=False), paid=paid, from_holder=from_holder))
        return moves

    def payment(self, state: np.ndarray, code: int) -> tuple[Cards, Cards]:
        """(cards paid, of which from the team holder) by the seat to move for the legal action `code`:
        the difference of its hand and its team's holder across one engine step on a copy of `state`."""
        spare, st = self._spare_st, state_record(state)
        self._spare.view(np.uint8)[:L.STATE_COPY_BYTES] = state.view(np.uint8)[:L.STATE_COPY_BYTES]
        p = int(st.sc[L.SC_PLAYER])
        team = p // max(int(self._ru[L.RULE_TEAM_SIZE]), 1)
        # Ghost Train's Town Hall bonus (GT-BON-2) would put cards into the hand at the end of the turn:
        # marked as taken in the copy, the hand changes only by the payment
        spare.ps[p, L.PS_GT_CRYPT] = 1
        spare.ps[p, L.PS_GT_MANOR] = 1
        hand, holder = spare.hand[p].copy(), spare.holder[team].copy()
        step(spare, self._bd, self._ru, np.int64(code), self._spare_ws)
        from_hand, from_holder = hand - spare.hand[p], holder - spare.holder[team]
        return _card_pairs(from_hand + from_holder), _card_pairs(from_holder)

    # --- the fields of each kind (a, b as kernels/layouts/state.py documents them per kind) ---
    def _route(self, r: int) -> dict:
        n = self.names
        if not 0 <= r < len(n.routes):
            return {"route": r}
        return dict(route=r, route_name=n.routes[r], route_colour=n.route_colours[r], route_kind=n.route_kinds[r],
                    length=n.route_lengths[r])

    def _tickets(self, ids) -> dict:
        ids = tuple(int(t) for t in ids)
        return dict(tickets=ids, ticket_names=tuple(self.names.tickets[t] for t in ids))

    def _team_draw(self, b: int, decided: bool) -> str | None:
        """Where a drawn card goes, in Team Asia when the action decides it (TA-CRD-2/3)."""
        teams = int(self._ru[L.RULE_FAMILY]) == L.FAMILY_TEAMS
        return DESTINATIONS[b] if teams and decided and b < 2 else None

    def _draw_market(self, st, a, b) -> dict:
        card = int(st.market[a]) if a < L.MAX_MARKET else -1
        return dict(slot=a, card=L.CARD_NAMES[card] if card >= 0 else None, destination=self._team_draw(b, True))

    def _draw_blind(self, st, a, b) -> dict:
        # a blind first card is seen before it is placed (A_PLACE_CARD); a second one goes where the action says
        return dict(destination=self._team_draw(b, int(st.sc[L.SC_PHASE]) == L.PH_SECOND_DRAW))

    def _claim(self, st, a, b) -> dict:
        return dict(self._route(a), colour=_card_name(b))

    def _keep(self, st, a, b) -> dict:
        offer = [int(t) for t in st.offer[:int(st.sc[L.SC_N_OFFER])]]
        kept = [t for i, t in enumerate(offer) if (a >> i) & 1]
        return dict(self._tickets(kept), shared=tuple(t for i, t in enumerate(offer) if (b >> i) & 1))

    def _station(self, st, a, b) -> dict:
        cities = self.names.cities
        return dict(city=a, city_name=cities[a] if a < len(cities) else None, colour=_card_name(b))

    def _tunnel(self, st, a, b) -> dict:
        colour = int(st.sc[L.SC_PEND_COLOUR])
        return dict(self._route(int(st.sc[L.SC_PEND_ROUTE])), colour=_card_name(colour))

    def _share(self, st, a, b) -> dict:
        ids = [a] + ([b - 1] if b > 0 else [])
        return self._tickets(t for t in ids if t < len(self.names.tickets))

    def _place(self, st, a, b) -> dict:
        return dict(card=_card_name(int(st.sc[L.SC_PEND_CARD])), destination=DESTINATIONS[b] if b < 2 else None)


def _card_name(c: int) -> str | None:
    return L.CARD_NAMES[c] if 0 <= c < L.N_CARD_KINDS else None


def _card_pairs(counts) -> Cards:
    return tuple((L.CARD_NAMES[k], int(n)) for k, n in enumerate(counts) if n > 0)


def _nothing(namer, st, a, b) -> dict:
    return {}


_NAMERS = {
    L.A_PASS: _nothing, L.A_DRAW_MARKET: MoveNamer._draw_market, L.A_DRAW_BLIND: MoveNamer._draw_blind,
    L.A_CLAIM: MoveNamer._claim, L.A_DRAW_TICKETS: _nothing, L.A_KEEP_TICKETS: MoveNamer._keep,
    L.A_BUILD_STATION: MoveNamer._station, L.A_TUNNEL_PAY: MoveNamer._tunnel, L.A_TUNNEL_ABANDON: MoveNamer._tunnel,
    L.A_SWAP_TICKETS: _nothing, L.A_SHARE_TICKETS: MoveNamer._share, L.A_PLACE_CARD: MoveNamer._place,
}
