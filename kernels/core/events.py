"""The event log: one row per move of train cards or tickets, in st.event_log
(kernels/layouts/state.py EV_*, EK_*), written only when st.events_on[0] is 1 (the
runner sets it for a run with events). Every writer is called behind that
one check, so a run without events pays a load and a branch per move.
A full log counts the lost rows in sc[SC_EVENTS_LOST] (the runner refuses
the game); a search player's rollouts write rows its restore forgets."""

from numba import njit

from kernels import layouts as L


@njit(cache=True, _nrt=False)
def _new_row(st, kind, seat):
    """The next row, filled with the turn, seat and kind and -1 elsewhere; -1 when the log is full."""
    sc = st.sc
    row = sc[L.SC_N_EVENTS]
    if row >= L.MAX_EVENTS:
        sc[L.SC_EVENTS_LOST] += 1
        return -1
    sc[L.SC_N_EVENTS] = row + 1
    log = st.event_log
    for f in range(L.EV_FIELDS):
        log[row, f] = -1
    log[row, L.EV_TURN] = sc[L.SC_TURN]
    log[row, L.EV_SEAT] = seat
    log[row, L.EV_KIND] = kind
    log[row, L.EV_COUNT] = 1
    log[row, L.EV_HOLDER] = 0
    return row


@njit(cache=True, _nrt=False)
def _write_cards(st, kind, seat, card, count, slot):
    row = _new_row(st, kind, seat)
    if row >= 0:
        st.event_log[row, L.EV_CARD] = card
        st.event_log[row, L.EV_COUNT] = count
        st.event_log[row, L.EV_SLOT] = slot


@njit(cache=True, _nrt=False, inline="always")
def log_cards(st, kind, seat, card, count, slot):
    """`count` cards of `card` moved for `seat` (market `slot`, or -1)."""
    if st.events_on[0] != 0:
        _write_cards(st, kind, seat, card, count, slot)


@njit(cache=True, _nrt=False)
def _write_payment(st, kind, seat, card, count, route, from_holder):
    if count <= 0:
        return
    row = _new_row(st, kind, seat)
    if row >= 0:
        st.event_log[row, L.EV_CARD] = card
        st.event_log[row, L.EV_COUNT] = count
        st.event_log[row, L.EV_ROUTE] = route
        st.event_log[row, L.EV_HOLDER] = from_holder


@njit(cache=True, _nrt=False, inline="always")
def log_payment(st, kind, seat, card, count, route, from_holder):
    """`count` cards of `card` paid (or taken back) by `seat` for `route`
    from the hand (from_holder 0) or the team's holder (1); nothing for 0 cards."""
    if st.events_on[0] != 0:
        _write_payment(st, kind, seat, card, count, route, from_holder)


@njit(cache=True, _nrt=False)
def _write_station(st, seat, card, count, city):
    if count <= 0:
        return
    row = _new_row(st, L.EK_STATION_SPEND, seat)
    if row >= 0:
        st.event_log[row, L.EV_CARD] = card
        st.event_log[row, L.EV_COUNT] = count
        st.event_log[row, L.EV_CITY] = city


@njit(cache=True, _nrt=False, inline="always")
def log_station(st, seat, card, count, city):
    """`count` cards of `card` paid by `seat` for a station on `city`."""
    if st.events_on[0] != 0:
        _write_station(st, seat, card, count, city)


@njit(cache=True, _nrt=False)
def _write_ticket(st, kind, seat, ticket, slot, shared):
    row = _new_row(st, kind, seat)
    if row >= 0:
        st.event_log[row, L.EV_TICKET] = ticket
        st.event_log[row, L.EV_SLOT] = slot
        st.event_log[row, L.EV_HOLDER] = shared


@njit(cache=True, _nrt=False, inline="always")
def log_ticket(st, kind, seat, ticket, slot, shared):
    """`ticket` moved for `seat` (offer position `slot`, or -1; `shared` 1: into the team's ticket holder)."""
    if st.events_on[0] != 0:
        _write_ticket(st, kind, seat, ticket, slot, shared)
