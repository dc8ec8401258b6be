"""The game state seen from Python (tests, bench): the GAME_STATE record with
its fields cut to the sizes in play. The record's fields are sized by the
MAX_* bounds (kernels/layouts.py); here `st.trains` has one entry per seat,
`st.owner` one per route, as a board-sized array would. Not used by kernels:
a kernel takes the record (a StateRecord is one, Numba types it alike and
passes the same memory)."""

import numpy as np

from kernels import layouts as L

_SEATS, _ROUTES, _TICKETS, _CITIES, _WORDS = L.SC_N_PLAYERS, L.SC_N_ROUTES, L.SC_N_TICKETS, L.SC_N_CITIES, L.SC_N_WORDS
# field -> the sc entry giving the size in play of each leading dimension (None: whole)
_CUT = {
    "hand": (_SEATS,), "holder": (_SEATS,), "trains": (_SEATS,), "stations_left": (_SEATS,),
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
        cut = _CUT.get(name)
        if cut is None:
            return value
        sc = np.record.__getattribute__(self, "sc")
        return value[tuple(slice(None) if i is None else slice(0, int(sc[i])) for i in cut)]


_VIEW = np.dtype((StateRecord, L.GAME_STATE))


def view_state(state):
    """state: a one-element GAME_STATE array (new_state) -> its StateRecord."""
    return state.view(_VIEW)[0]
