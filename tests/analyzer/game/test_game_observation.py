"""Game.observation(seat) shows a seat what it may see and nothing more: two games that differ only in
what the seat has not seen (the other seats' hands, its teammate's included, their hidden tickets, the
order of the draw pile and of the ticket pile) give it the same observation, and what it does show is
read right from the kernels' state: its hand and tickets, its team's holder and shared tickets (Team Asia),
the offer only to the seat deciding on it, Ghost Train's completed tickets to everyone, a tunnel being paid
to everyone."""

import random

import pytest

from analyzer import Game
from kernels import layouts as L

FAMILIES = [("usa", 3), ("europe", 3), ("team_asia", 4), ("ghost_train", 3)]


def play(game: Game, decisions: int) -> Game:
    for _ in range(decisions):
        if game.over:
            break
        game.step(game.bot_move("planner"))
    return game


def seen_by_team(game: Game, seat: int, t: int) -> bool:
    """Ticket t is in seat's team's shared holder (TA-TKT-3), or laid face up (GT-TKT-1)."""
    st, size = game.state, game.rules.team_size
    holder = int(st.ticket_holder[t])
    if holder >= 0 and st.ticket_shared[t] and holder // size == seat // size:
        return True
    return game.rules.win_tickets > 0 and holder >= 0 and st.ticket_done_turn[t] >= 0


def other_world(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of `game` that `seat` cannot tell from it: the draw pile and the other seats' hands dealt
    again (each hand keeps its size), and the tickets it has not seen (the ticket pile, the other seats'
    hidden tickets) exchanged between their places (a place keeps its holder and its shared flag)."""
    world = game.clone()
    st = world.state
    others = [q for q in range(game.players) if q != seat]
    n_pile = int(st.sc[L.SC_N_PILE])
    pool = [int(c) for c in st.pile[:n_pile]] + [k for q in others for k in range(L.N_CARD_KINDS)
                                                  for _ in range(int(st.hand[q, k]))]
    rng.shuffle(pool)
    for q in others:
        size = int(st.hand[q].sum())
        st.hand[q, :] = 0
        for c in pool[:size]:
            st.hand[q, c] += 1
        pool = pool[size:]
    st.pile[:n_pile] = pool
    ring, head = int(st.sc[L.SC_N_TICKETS]), int(st.sc[L.SC_TP_HEAD])
    places = [("pile", (head + i) % ring) for i in range(int(st.sc[L.SC_TP_COUNT]))]
    hidden = [int(st.ticket_pile[pos]) for _, pos in places]
    for t in range(ring):
        if int(st.ticket_holder[t]) in others and not seen_by_team(game, seat, t):
            places.append(("held", (int(st.ticket_holder[t]), int(st.ticket_shared[t]))))
            hidden.append(t)
    rng.shuffle(hidden)
    for t, (kind, where) in zip(hidden, places, strict=True):
        if kind == "pile":
            st.ticket_pile[where], st.ticket_holder[t], st.ticket_shared[t] = t, L.TH_PILE, 0
        else:
            st.ticket_holder[t], st.ticket_shared[t] = where
    return world


@pytest.mark.parametrize("board,players", FAMILIES)
@pytest.mark.parametrize("decisions", [1, 40, 120])
def test_what_a_seat_has_not_seen_does_not_change_its_observation(board, players, decisions):
    game = play(Game(board, players, seed=decisions), decisions)
    rng = random.Random(decisions)
    for seat in range(players):
        world = other_world(game, seat, rng)
        assert world.observation(seat) == game.observation(seat), (board, seat)
        # the worlds differ where the others look: a leak of their hands would have shown
        assert any(world.observation(q) != game.observation(q) for q in range(players) if q != seat)


@pytest.mark.parametrize("board,players", FAMILIES)
def test_an_observation_is_read_from_the_state(board, players):
    game = play(Game(board, players, seed=7), 60)
    st, size = game.state, game.rules.team_size
    for seat in range(players):
        obs = game.observation(seat)
        assert obs.seat == seat and obs.to_move == game.to_move and obs.phase == game.phase
        assert list(obs.hand.values()) == st.hand[seat].tolist() and list(obs.hand) == list(L.CARD_NAMES)
        assert [t.id for t in obs.tickets] == [t for t in range(st.sc[L.SC_N_TICKETS]) if st.ticket_holder[t] == seat]
        assert all(t.holder == seat and t.name for t in obs.tickets)
        assert all(t.holder // size == seat // size and t.holder != seat and t.shared for t in obs.team_tickets)
        if size > 1:
            assert list(obs.holder.values()) == st.holder[seat // size].tolist()
        else:
            assert obs.holder is None and obs.team_tickets == ()
        assert obs.pile == st.sc[L.SC_N_PILE] and list(obs.discard.values()) == st.discard.tolist()
        assert obs.tickets_left == st.sc[L.SC_TP_COUNT]
        assert [r.id for r in obs.routes] == [r for r, o in enumerate(st.owner) if o >= 0]
        assert all(r.owner == st.owner[r.id] for r in obs.routes)
        for q, view in enumerate(obs.seats):
            assert (view.trains, view.cards, view.tickets) == (
                st.trains[q], st.hand[q].sum(), (st.ticket_holder == q).sum())
            assert view.score == game.scores()[q].score
            assert view.routes == sum(1 for r in obs.routes if r.owner == q)
    assert obs.market == tuple(None if c < 0 else L.CARD_NAMES[c] for c in st.market[:game.rules.market_size])


def test_the_offer_is_shown_to_the_seat_deciding_on_it():
    game = Game("usa", 3, seed=1)
    for seat in range(3):
        assert game.to_move == seat and game.phase == "setup_keep"
        offer = game.observation(seat).offer
        assert [t.id for t in offer] == [int(t) for t in game.state.offer[:3]] and all(t.holder is None for t in offer)
        assert all(game.observation(q).offer == () for q in range(3) if q != seat)
        game.step(game.bot_move("planner"))
    assert all(game.observation(q).offer == () for q in range(3))


def test_ghost_train_completed_tickets_are_public():
    game = Game("ghost_train", 3, seed=2)
    st = game.state
    while not game.over and not (st.ticket_done_turn[:st.sc[L.SC_N_TICKETS]] >= 0).any():
        game.step(game.bot_move("planner"))
    done = {int(t): int(st.ticket_holder[t]) for t in range(st.sc[L.SC_N_TICKETS]) if st.ticket_done_turn[t] >= 0}
    assert done
    for seat in range(3):
        shown = {t.id: q for q, view in enumerate(game.observation(seat).seats) for t in view.completed_tickets}
        assert shown == done


def test_a_tunnel_being_paid_is_seen_by_everyone():
    game = Game("europe", 3, seed=2)
    while game.phase != "tunnel":
        game.step(game.bot_move("planner"))
    p, st = game.to_move, game.state
    views = [game.observation(q).tunnel for q in range(3)]
    tunnel = views[0]
    assert tunnel is not None and views == [tunnel] * 3 and tunnel.seat == p
    assert tunnel.surcharge == st.sc[L.SC_PEND_SURCHARGE] > 0
    assert tunnel.name == game.board.routes.a[tunnel.route] + "–" + game.board.routes.b[tunnel.route]
    assert len(tunnel.revealed) == st.sc[L.SC_N_REVEALED]
    pay = next(m for m in game.legal_actions() if m.kind == "tunnel_pay")
    assert pay.route == tunnel.route and sum(n for _, n in pay.paid) == tunnel.surcharge
    assert str(pay).startswith(f"pay the surcharge of the tunnel {tunnel.name} with ")
    hand = game.observation(p).hand
    game.step(pay)
    after = game.observation(p).hand
    assert {c: hand[c] - after[c] for c in hand if hand[c] != after[c]} == dict(pay.paid)
    assert any(r.id == tunnel.route and r.owner == p for r in game.observation(0).routes)
