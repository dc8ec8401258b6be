"""The game state as one record (kernels/layouts/records.py GAME_STATE): copy_state
copies every field but the tunnel log, a copied game plays on exactly as the
original, the Python view cuts fields to the sizes in play, and the bounds the
record is sized by are refused with a clear error."""

import numpy as np
import pytest
from helpers import Game

from analyzer.records import state_record
from analyzer.rules import RuleError
from kernels import layouts as L
from kernels.core.state import copy_state, new_state
from kernels.engine import step


def _play(g, rng, steps):
    """Up to `steps` random legal actions; False once the game is over."""
    for _ in range(steps):
        legal = g.legal()
        if bool(step(g.st, g.bd, g.ru, np.int64(legal[int(rng.integers(len(legal)))]), g.ws)):
            return False
    return True


@pytest.mark.parametrize("board,players", [("europe", 4), ("team_asia", 4), ("ghost_train", 3)])
def test_copy_state_copies_every_field_but_the_log_and_the_copy_plays_on_alike(board, players):
    g = Game(board, players, seed=5)
    assert _play(g, np.random.default_rng(1), 60)
    other = Game(board, players, seed=99)  # another deal, same board: to be overwritten
    other.st.tunnel_log[:, :] = 7
    copy_state(other.st, g.st)
    a = np.frombuffer(g.st.tobytes(), np.uint8)
    b = np.frombuffer(other.st.tobytes(), np.uint8)
    assert (a[:L.STATE_COPY_BYTES] == b[:L.STATE_COPY_BYTES]).all()
    assert (other.st.tunnel_log == 7).all()  # the log is not state: not copied
    # the same actions from the copy give the same game, to its end
    for h in (g, other):
        h.st.tunnel_log[:, :] = 0
        rng = np.random.default_rng(2)
        while _play(h, rng, 1000):
            pass
    assert g.st.final.tolist() == other.st.final.tolist()
    assert g.st.owner.tolist() == other.st.owner.tolist()
    assert int(g.sc[L.SC_TURN]) == int(other.sc[L.SC_TURN])


def test_state_record_fields_are_cut_to_the_sizes_in_play_and_write_through():
    g = Game("europe", 3, seed=1)
    n_routes, n_tickets = g.bd.routes.shape[0], g.bd.tickets.shape[0]
    n_cities, words = g.bd.adj_start.shape[0] - 1, g.bd.route_bits.shape[1]
    st = g.st
    assert st.hand.shape == (3, L.N_CARD_KINDS) and st.trains.shape == (3,) and st.final.shape == (3, L.FN_FIELDS)
    assert st.owner.shape == (n_routes,) and st.ticket_holder.shape == (n_tickets,)
    assert st.uf.shape == (3, n_cities) and st.city_station.shape == (n_cities,)
    assert st.blocked_bits.shape == (3, words) and st.claim_masks.shape == (L.N_CARD_KINDS, words)
    state = new_state(g.bd, g.ru, np.int64(2))
    view = state_record(state)
    view.hand[1, 3] = 6
    assert state[0]["hand"][1, 3] == 6  # a view of the state's memory
    assert state[0]["hand"].shape == (L.MAX_SEATS, L.N_CARD_KINDS)  # the record itself: sized by the bounds


def test_turn_cap_above_the_tunnel_log_is_refused():
    g = Game("usa", 2)
    with pytest.raises(RuleError, match="turn_cap"):
        g.board.rules(overrides={"turn_cap": L.MAX_TURN_CAP + 1})
    assert g.board.rules(overrides={"turn_cap": L.MAX_TURN_CAP}).turn_cap == L.MAX_TURN_CAP
