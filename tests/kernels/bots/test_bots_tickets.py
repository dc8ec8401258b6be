"""Mid-game tickets by expected value (kernels/bots/planning/ticket_value.py)
for the planner family: the draw follows the weights in Scratch.bot_params,
the estimate reads neither the ticket pile's order nor other seats' hands and
tickets, and `destination-hungry` draws more than `planner`, which draws more
than `planner-v1`."""

import numpy as np
import pytest
from helpers import Game
from worlds import copy_record

import analyzer
from kernels import layouts as L
from kernels.bots.dispatch import choose_action
from kernels.bots.shared import params as P
from kernels.core.actions import action_a, action_b, action_kind

FAMILY = {"planner": P.BOT_PLANNER, "destination-hungry": P.BOT_DESTINATION_HUNGRY, "blocker": P.BOT_BLOCKER}


def _choose(b, g, st, ws, seed):
    return int(choose_action(b, st, g.bd, g.ru, int(st.sc[L.SC_PLAYER]), np.array([seed], np.uint64), ws))


def _hide(g, st, p, seed):
    """What seat p cannot see, changed: the ticket pile reordered, the other
    seats' hands replaced and their tickets sent to the box."""
    size = st.ticket_pile.shape[0]
    head, count = int(st.sc[L.SC_TP_HEAD]), int(st.sc[L.SC_TP_COUNT])
    slots = [(head + i) % size for i in range(count)]
    pile = st.ticket_pile[slots].copy()
    np.random.default_rng(seed).shuffle(pile)
    st.ticket_pile[slots] = pile[::-1]
    for q in range(g.n):
        if q != p:
            st.hand[q, :] = (seed + q) % 5
            st.ticket_holder[st.ticket_holder == q] = L.TH_BOX
            st.setup_offer[q, :] = -1


@pytest.mark.parametrize("bot", list(FAMILY))
def test_midgame_ticket_choices_ignore_the_pile_order_and_other_seats(bot):
    """Whole games with the bot at every seat; at every decision the choice is
    made again on a copy where what the seat cannot see differs: the pile
    order, the other seats' hands and tickets. It never changes, ticket
    draws and mid-game keeps (made by expected value) included."""
    b = FAMILY[bot]
    by_kind = {L.A_DRAW_TICKETS: 0, L.A_KEEP_TICKETS: 0}
    for seed in range(3):
        g = Game("europe", 3, seed=seed)
        for step in range(3000):
            p = g.player
            a = _choose(b, g, copy_record(g.st), copy_record(g.ws), seed + step)
            if g.phase in (L.PH_TURN, L.PH_KEEP_TICKETS):
                hidden = copy_record(g.st)
                _hide(g, hidden, p, seed + step)
                assert _choose(b, g, hidden, copy_record(g.ws), seed + step) == a, (seed, step)
                if g.phase == L.PH_KEEP_TICKETS or action_kind(a) == L.A_DRAW_TICKETS:
                    by_kind[int(action_kind(a))] += 1
            assert _choose(b, g, g.st, g.ws, seed + step) == a
            if g.act(int(action_kind(a)), int(action_a(a)), int(action_b(a))):
                break
        else:
            raise AssertionError("game did not end")
    # the check met the expected-value decisions it is about
    assert by_kind[L.A_DRAW_TICKETS] > 0 and by_kind[L.A_KEEP_TICKETS] > 0, by_kind


def _tickets_done(g):
    """Seat 0 holds no ticket, 40 trains each, a full ticket pile: a draw is worth it."""
    g.blank()
    g.set_ticket_pile(list(range(20)))
    g.set_pile(["red"] * 10)
    g.st.trains[:] = 40


def test_planner_draws_tickets_by_the_weights_in_bot_params():
    g = Game("europe", 2)
    _tickets_done(g)
    kind = _choose(P.BOT_PLANNER, g, copy_record(g.st), copy_record(g.ws), 0)
    assert action_kind(kind) == L.A_DRAW_TICKETS
    g.ws.bot_params[P.BP_EV_TURN_VALUE] = 1e6  # a turn worth more than any ticket, but read at 3+ players only
    assert action_kind(_choose(P.BOT_PLANNER, g, copy_record(g.st), copy_record(g.ws), 0)) == L.A_DRAW_TICKETS
    g.ws.bot_params[P.BP_EV_TURN_VALUE_2P] = 1e6  # the turn's worth at 2 players
    assert action_kind(_choose(P.BOT_PLANNER, g, copy_record(g.st), copy_record(g.ws), 0)) != L.A_DRAW_TICKETS


def test_planner_keeps_the_offered_ticket_worth_most_and_discards_out_of_reach_ones():
    """Only Frankfurt-Kobenhavn joins the network within the trains left; the
    far ones would cost their points: the keep takes that one."""
    g = Game("europe", 2)
    g.blank()
    g.give(0, g.route("Essen", "Frankfurt"), g.lanes("Essen", "Kobenhavn")[0])
    fits = g.ticket("Frankfurt", "Kobenhavn")
    far = [g.ticket("Athina", "Wilno"), g.ticket("Riga", "Bucuresti")]
    g.set_ticket_pile([far[0], fits, far[1]])
    g.st.trains[0] = 8
    g.act(L.A_DRAW_TICKETS)
    a = _choose(P.BOT_PLANNER, g, g.st, g.ws, 0)
    assert action_kind(a) == L.A_KEEP_TICKETS and action_a(a) == 0b010
    assert g.ws.tk_gone[0, far[0]] == 1 and g.ws.tk_gone[0, far[1]] == 1  # remembered as gone
    assert g.ws.tk_gone[0, fits] == 0


def test_midgame_tickets_destination_hungry_above_planner_above_planner_v1():
    """Four-player Europe, 60 games each on the same deals: tickets kept after
    mid-game draws per player."""
    mid = {}
    for bot in ("planner-v1", "planner", "destination-hungry"):
        res = analyzer.simulate(board="europe", players=4, bots=bot, games=60, seed=5, progress=False)
        mid[bot] = res.players["tickets_midgame"].mean()
    assert mid["destination-hungry"] > mid["planner"] > mid["planner-v1"], mid
