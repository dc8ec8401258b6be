"""What one seat may see of a game, as frozen dataclasses of plain Python values.

`observe` reads the kernels' game state and keeps only what the seat may know: its own hand and
tickets, its team's card holder and shared tickets (Team Asia, TA-CRD-1, TA-TKT-1..3), the market, the
public counts of every seat, every claimed route and station, a tunnel being paid (its laid and revealed
cards are on the table), Ghost Train's completed tickets (laid face up, GT-TKT-1), and the ticket offer
or the blind card when it is this seat's to decide on. Nothing of another seat's hand or hidden tickets,
of another team's holder beyond its size, or of the order of the draw pile and the ticket pile."""

from __future__ import annotations

from dataclasses import dataclass

from analyzer.game.moves import PHASES, BoardNames
from kernels import layouts as L


@dataclass(frozen=True)
class TicketView:
    """A ticket the seat may see. `holder`: the seat holding it (None while it is offered). `completed`:
    its two ends (or a destination of a ticket with options) are joined by the holder's network (its
    team's in Team Asia) now; `shared`: in its team's shared ticket holder (Team Asia)."""

    id: int
    name: str
    points: int
    holder: int | None
    completed: bool
    shared: bool


@dataclass(frozen=True)
class SeatView:
    """The public side of one seat. `score`: as Game.scores() counts it during the game (route points and
    mountain trains, the team's together in Team Asia; Ghost Train: completed tickets). `holder_cards`:
    cards in its team's holder (Team Asia; 0 elsewhere). `completed_tickets`: Ghost Train's tickets laid
    face up (empty elsewhere)."""

    seat: int
    team: int
    trains: int
    score: int
    cards: int
    holder_cards: int
    tickets: int
    stations: int
    station_cities: tuple[str, ...]
    routes: int
    completed_tickets: tuple[TicketView, ...]


@dataclass(frozen=True)
class ClaimedRoute:
    id: int
    name: str
    colour: str
    length: int
    owner: int


@dataclass(frozen=True)
class TunnelView:
    """A tunnel claim waiting for its surcharge: the cards laid and revealed are on the table."""

    route: int
    name: str
    seat: int
    colour: str
    laid: dict[str, int]
    revealed: tuple[str, ...]
    surcharge: int


@dataclass(frozen=True)
class Observation:
    """Everything seat `seat` may see. Card counts are dicts card name -> count over every card kind
    (L.CARD_NAMES: the eight colours and "locomotive"). `holder`: its team's card holder (Team Asia,
    else None). `tickets`: the tickets it holds; `team_tickets`: its teammates' shared tickets.
    `offer`: the tickets it is deciding on (phase setup_keep or keep_tickets with this seat to move),
    else empty. `pending_card`: the blind card it has just seen and must place (Team Asia). `pile`,
    `tickets_left`: cards and tickets left to draw (counts only). `discard`: the face-up discard pile.
    `last_round`: the end was triggered (every seat plays one more turn)."""

    seat: int
    team: int
    to_move: int
    phase: str
    turn: int
    over: bool
    last_round: bool
    hand: dict[str, int]
    holder: dict[str, int] | None
    tickets: tuple[TicketView, ...]
    team_tickets: tuple[TicketView, ...]
    offer: tuple[TicketView, ...]
    pending_card: str | None
    tunnel: TunnelView | None
    market: tuple[str | None, ...]
    pile: int
    discard: dict[str, int]
    tickets_left: int
    seats: tuple[SeatView, ...]
    routes: tuple[ClaimedRoute, ...]


def observe(st, ru, names: BoardNames, seat: int, scores: list[int]) -> Observation:
    """The Observation of `seat` in the game state record `st` (analyzer.records.state_record), with the
    running `scores` of every seat (Game.scores())."""
    sc = st.sc
    size = max(int(ru[L.RULE_TEAM_SIZE]), 1)
    team, phase, to_move = seat // size, int(sc[L.SC_PHASE]), int(sc[L.SC_PLAYER])
    deciding = to_move == seat and phase != L.PH_OVER
    holder = st.ticket_holder.tolist()
    shared = st.ticket_shared.tolist()
    teammates = [q for q in range(team * size, team * size + size) if q != seat]
    offer = []
    if deciding and phase in (L.PH_SETUP_KEEP, L.PH_KEEP_TICKETS):
        offer = [int(t) for t in st.offer[:int(sc[L.SC_N_OFFER])]]
    return Observation(
        seat=seat, team=team, to_move=to_move, phase=PHASES[phase], turn=int(sc[L.SC_TURN]),
        over=phase == L.PH_OVER, last_round=int(sc[L.SC_END_COUNTDOWN]) >= 0 and phase != L.PH_OVER,
        hand=_counts(st.hand[seat]), holder=_counts(st.holder[team]) if size > 1 else None,
        tickets=tuple(_ticket(st, names, t) for t, h in enumerate(holder) if h == seat),
        team_tickets=tuple(_ticket(st, names, t) for t, h in enumerate(holder) if h in teammates and shared[t]),
        offer=tuple(_ticket(st, names, t) for t in offer),
        pending_card=L.CARD_NAMES[int(sc[L.SC_PEND_CARD])] if deciding and phase == L.PH_PLACE_CARD else None,
        tunnel=_tunnel(st, names) if phase == L.PH_TUNNEL else None,
        market=tuple(L.CARD_NAMES[c] if c >= 0 else None for c in st.market[:int(ru[L.RULE_MARKET_SIZE])].tolist()),
        pile=int(sc[L.SC_N_PILE]), discard=_counts(st.discard), tickets_left=int(sc[L.SC_TP_COUNT]),
        seats=tuple(_seat_view(st, ru, names, q, scores[q]) for q in range(int(sc[L.SC_N_PLAYERS]))),
        routes=tuple(ClaimedRoute(r, names.routes[r], names.route_colours[r], names.route_lengths[r], o)
                     for r, o in enumerate(st.owner.tolist()) if o >= 0),
    )


def _counts(row) -> dict[str, int]:
    return {name: int(n) for name, n in zip(L.CARD_NAMES, row.tolist(), strict=True)}


def _ticket(st, names: BoardNames, t: int) -> TicketView:
    holder = int(st.ticket_holder[t])
    return TicketView(id=t, name=names.tickets[t], points=names.ticket_points[t],
                      holder=holder if holder >= 0 else None, completed=int(st.ticket_done_turn[t]) >= 0,
                      shared=bool(st.ticket_shared[t]))


def _seat_view(st, ru, names: BoardNames, q: int, score: int) -> SeatView:
    size = max(int(ru[L.RULE_TEAM_SIZE]), 1)
    held = [t for t, h in enumerate(st.ticket_holder.tolist()) if h == q]
    face_up = ()
    if int(ru[L.RULE_FAMILY]) == L.FAMILY_TICKET_RACE:  # GT-TKT-1: completed tickets are laid face up
        face_up = tuple(_ticket(st, names, t) for t in held if st.ticket_done_turn[t] >= 0)
    stations = [names.cities[c] for c in st.station_city[q].tolist() if c >= 0]
    return SeatView(seat=q, team=q // size, trains=int(st.trains[q]), score=score, cards=int(st.hand[q].sum()),
                    holder_cards=int(st.holder[q // size].sum()) if size > 1 else 0, tickets=len(held),
                    stations=int(st.stations_left[q]), station_cities=tuple(stations),
                    routes=int(st.ps[q, L.PS_ROUTES_CLAIMED]), completed_tickets=face_up)


def _tunnel(st, names: BoardNames) -> TunnelView:
    sc = st.sc
    r = int(sc[L.SC_PEND_ROUTE])
    return TunnelView(route=r, name=names.routes[r], seat=int(sc[L.SC_PLAYER]),
                      colour=L.CARD_NAMES[int(sc[L.SC_PEND_COLOUR])], laid=_counts(st.laid),
                      revealed=tuple(L.CARD_NAMES[c] for c in st.revealed[:int(sc[L.SC_N_REVEALED])].tolist()),
                      surcharge=int(sc[L.SC_PEND_SURCHARGE]))
