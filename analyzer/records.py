"""The kernels' records seen from Python: a board (BOARD), a game state
(GAME_STATE) and a Scratch (SCRATCH), each a numpy record whose fields read
by attribute. The records' fields are sized by the MAX_* bounds
(kernels/layouts/records.py); the board and state views cut them to the sizes in
play (`bd.routes` has one row per route, `st.trains` one entry per seat), as
board-sized arrays would. A kernel takes such a view as it takes the record
itself (Numba types it alike and passes the same memory, one pointer).

pack_board builds a board record from its arrays (analyzer/board_arrays.py);
board_buffer / board_view carry one to a Dask worker and back."""

import numpy as np

from kernels import layouts as L
from kernels.bots.shared.scratch import SCRATCH
from kernels.runner import new_scratch

# --- the board --------------------------------------------------------------------------

# field -> the size fields giving its extent in each dimension (None: whole; a pair: size + 1 / 2 x size)
_BOARD_CUT = {
    "routes": ("n_routes",), "tickets": ("n_tickets",), "adj_start": (("n_cities", 1, 1),),
    "adj_route": (("n_routes", 2, 0),), "adj_city": (("n_routes", 2, 0),), "group_routes": ("n_groups", "n_lanes"),
    "city_flags": ("n_cities",),
    "route_bits": (None, "n_words"), "lane_bits": ("n_routes", "n_words"), "end_start": (("n_ends", 1, 1),),
    "end_nodes": ("n_end_nodes",), "multi": ("n_multi",), "multi_opts": ("n_multi_opts",),
    "city_ticket_start": (("n_cities", 1, 1),), "city_tickets": ("n_city_tickets",),
    "city_route_bits": ("n_cities", "n_words"),
}
_DERIVED = ("city_ticket_start", "city_tickets", "city_route_bits")  # filled by pack_board


def _extent(record, size) -> slice:
    if size is None:
        return slice(None)
    name, times, plus = (size, 1, 0) if isinstance(size, str) else size
    return slice(0, int(np.record.__getattribute__(record, name)) * times + plus)


class BoardRecord(np.record):
    """A BOARD record whose fields read cut to the board (views: writes go to
    the record). Each field's view is made once per record and kept: a
    record's attribute lookup costs some 18 µs, too slow for the Python
    oracles that read the board route by route. A board's sizes do not change
    after pack_board."""

    def __getattribute__(self, name):
        if name not in _ARRAYS:
            return np.record.__getattribute__(self, name)
        views = object.__getattribute__(self, "__dict__")
        view = views.get(name)
        if view is None:
            value = np.record.__getattribute__(self, name)
            cut = _BOARD_CUT.get(name)
            view = views[name] = value if cut is None else value[tuple(_extent(self, size) for size in cut)]
        return view


_ARRAYS = frozenset(n for n in L.BOARD.names if L.BOARD[n].shape)
_BOARD_VIEW = np.dtype((BoardRecord, L.BOARD))


def pack_board(**arrays) -> BoardRecord:
    """One BOARD record holding `arrays` (every field of BOARD but the sizes
    and the fields derived here, each no larger than its bound; group_routes
    padded with -1 to MAX_LANES lanes). The record keeps its one-element
    array alive."""
    required = (set(_BOARD_CUT) - set(_DERIVED)) | {"deck"}
    if set(arrays) != required:
        raise ValueError(f"pack_board needs exactly the fields {sorted(required)}, got {sorted(arrays)}")
    board = np.zeros(1, L.BOARD)
    rec = board[0]
    groups = arrays["group_routes"]
    sizes = dict(n_routes=len(arrays["routes"]), n_tickets=len(arrays["tickets"]),
                 n_cities=len(arrays["adj_start"]) - 1, n_groups=groups.shape[0], n_lanes=groups.shape[1],
                 n_words=arrays["route_bits"].shape[1], n_ends=len(arrays["end_start"]) - 1,
                 n_end_nodes=len(arrays["end_nodes"]), n_multi=len(arrays["multi"]),
                 n_multi_opts=len(arrays["multi_opts"]))
    for name, value in sizes.items():
        rec[name] = value
    rec["group_routes"][:] = -1
    view = board.view(_BOARD_VIEW)[0]
    for name, value in arrays.items():
        target = getattr(view, name)
        if target.shape != np.shape(value):
            raise ValueError(f"board field {name}: shape {np.shape(value)} is beyond the kernels' bounds "
                             f"{L.BOARD[name].shape}")
        target[...] = value
    _fill_city_tickets(view)
    for r in range(sizes["n_routes"]):  # city_route_bits: bit r at both ends of route r
        for c in (view.routes[r, L.RT_A], view.routes[r, L.RT_B]):
            view.city_route_bits[c, r // 64] |= np.uint64(1) << np.uint64(r % 64)
    return view


def _fill_city_tickets(bd: BoardRecord) -> None:
    """n_city_tickets / city_ticket_start / city_tickets: the tickets at each
    city (CSR, in ticket order): a ticket between two cities at both, a
    ticket with options at every node of its start and of its destinations
    (SW-TKT-3..6)."""
    at_city: list[list[int]] = [[] for _ in range(int(bd.n_cities))]
    for t in range(int(bd.n_tickets)):
        m = int(bd.tickets[t, L.TK_MULTI])
        if m < 0:
            nodes = {int(bd.tickets[t, L.TK_A]), int(bd.tickets[t, L.TK_B])}
        else:
            first = int(bd.multi[m, L.MT_FIRST])
            ends = [int(bd.multi[m, L.MT_FROM])] + [int(bd.multi_opts[first + i, L.MO_END])
                                                   for i in range(int(bd.multi[m, L.MT_COUNT]))]
            nodes = {int(c) for e in ends for c in bd.end_nodes[bd.end_start[e]:bd.end_start[e + 1]]}
        for c in nodes:
            at_city[c].append(t)
    listed = np.array([t for ts in at_city for t in ts], np.int32)
    if len(listed) > L.BOARD["city_tickets"].shape[0]:
        raise ValueError(f"board field city_tickets: {len(listed)} tickets listed at their cities is beyond the "
                         f"kernels' bound {L.BOARD['city_tickets'].shape[0]}")
    np.record.__setattr__(bd, "n_city_tickets", len(listed))
    bd.city_ticket_start[...] = np.cumsum([0] + [len(ts) for ts in at_city])
    bd.city_tickets[...] = listed


def copy_board(bd: BoardRecord) -> BoardRecord:
    """An independent copy of a board record, byte for byte."""
    return board_view(board_buffer(bd))


def board_view(board: np.ndarray) -> BoardRecord:
    """A one-element BOARD array (as sent to a Dask worker) -> its BoardRecord."""
    return board.view(_BOARD_VIEW)[0]


def board_buffer(bd: BoardRecord) -> np.ndarray:
    """A one-element BOARD array holding a copy of the record's bytes
    (picklable, plain dtype; padding included, so copies compare equal)."""
    return np.frombuffer(bytearray(bd.tobytes()), L.BOARD)


# --- the game state ----------------------------------------------------------------------
_SEATS, _ROUTES, _TICKETS, _CITIES, _WORDS = L.SC_N_PLAYERS, L.SC_N_ROUTES, L.SC_N_TICKETS, L.SC_N_CITIES, L.SC_N_WORDS
# field -> the sc entry giving the size in play of each leading dimension (None: whole)
_STATE_CUT = {
    "hand": (_SEATS,), "seen_in_hand": (_SEATS,), "holder": (_SEATS,), "trains": (_SEATS,),
    "stations_left": (_SEATS,),
    "score": (_SEATS,), "ps": (_SEATS,), "station_city": (_SEATS,), "setup_offer": (_SEATS,),
    "final": (_SEATS,), "uf": (_SEATS, _CITIES), "blocked_bits": (_SEATS, _WORDS),
    "owner": (_ROUTES,), "closed": (_ROUTES,), "claim_turn": (_ROUTES,), "claim_colour": (_ROUTES,),
    "claim_locos": (_ROUTES,), "city_station": (_CITIES,), "open_bits": (_WORDS,),
    "claim_masks": (None, _WORDS),
    "ticket_pile": (_TICKETS,), "long_pile": (_TICKETS,), "ticket_holder": (_TICKETS,),
    "ticket_kept_turn": (_TICKETS,), "ticket_done_turn": (_TICKETS,), "ticket_result": (_TICKETS,),
    "ticket_shared": (_TICKETS,), "ticket_option": (_TICKETS,), "ticket_points": (_TICKETS,),
}


class StateRecord(np.record):
    """A GAME_STATE record whose board- and seat-sized fields read cut to the
    sizes in play (views: writes go to the state)."""

    def __getattribute__(self, name):
        value = np.record.__getattribute__(self, name)
        cut = _STATE_CUT.get(name)
        if cut is None:
            return value
        sc = np.record.__getattribute__(self, "sc")
        return value[tuple(slice(None) if i is None else slice(0, int(sc[i])) for i in cut)]


_STATE_VIEW = np.dtype((StateRecord, L.GAME_STATE))


def state_record(state):
    """The record of a state array from kernels.core.state.new_state, fields
    by attribute (views of the array's memory, cut to the sizes in play)."""
    return state.view(_STATE_VIEW)[0]


# --- the Scratch ----------------------------------------------------------------------------
_SCRATCH_VIEW = np.dtype((np.record, SCRATCH))


def scratch_record():
    """A fresh Scratch (kernels.runner.new_scratch), fields by attribute
    (views of the array's memory, sized by the MAX_* bounds)."""
    return new_scratch().view(_SCRATCH_VIEW)[0]
