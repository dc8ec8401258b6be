"""The greedy bot on Ghost Train: plans for its tickets, prefers routes that
serve the bonuses, swaps blocked tickets; beats random by a wide margin."""

import numpy as np
from helpers import Game

import analyzer
from kernels import layouts as L
from kernels.bots.dispatch import choose_action
from kernels.bots.shared import params as P
from kernels.bots.variants.ghost_plan import MAX_SWAPS
from kernels.core.actions import action_a, action_b, action_kind


def ghost(n_players=2, tickets=("Cemetery", "Lighthouse")):
    g = Game("ghost_train", n_players)
    g.blank(market=())
    g.set_ticket_pile([g.ticket(*tickets)])
    g.set_pile(["green"] * 10)
    return g


def greedy_choice(g, p=0):
    a = choose_action(P.BOT_GREEDY, g.st, g.bd, g.ru, p, np.zeros(1, np.uint64), g.ws)
    assert a in g.legal(), "greedy chose an illegal action"
    return int(action_kind(a)), int(action_a(a)), int(action_b(a))


def test_greedy_claims_the_route_of_its_ticket():
    g = ghost()
    g.hold(0, g.ticket("Crypt", "Railway Station"))
    g.set_hand(0, orange=4, red=4)
    assert greedy_choice(g)[:2] == (L.A_CLAIM, g.route("Crypt", "Railway Station"))


def test_greedy_prefers_a_route_that_serves_trick_or_treat():
    """GT-BON-1 from the bot's side: with the Dark Forest joined to the Crypt,
    Crypt-Swamp earns the special ticket; without special tickets left it
    draws instead of spending wagons on it."""
    for left, expected in ((4, L.A_CLAIM), (0, L.A_DRAW_BLIND)):
        g = ghost()
        g.give(0, g.route("Rotten Tree", "Abandoned Barn"), g.route("Abandoned Barn", "Crypt"))
        g.hold(0, g.ticket("Gingerbread House", "Witch's Cauldron"))
        g.set_hand(0, yellow=3)
        g.sc[L.SC_GT_SPECIAL_LEFT] = left
        kind, r, _ = greedy_choice(g)
        assert kind == expected
        if kind == L.A_CLAIM:
            assert r == g.route("Crypt", "Swamp")


def test_greedy_swaps_when_both_tickets_are_blocked():
    """GT-TRN-3, GT-TRN-3b from the bot's side: the Railway Station is cut off, so both tickets are
    blocked and the bot swaps; with a ticket still in reach it does not (assumption GT-TRN-3b)."""
    g = ghost(3)
    lanes = [r for r in range(g.bd.routes.shape[0])
             if "Railway Station" in (g.board.routes.at[r, "a"], g.board.routes.at[r, "b"])]
    for i, r in enumerate(lanes):
        g.give(1 + i % 2, r)
    g.st.trains[1:] = 20
    g.hold(0, g.ticket("Crypt", "Railway Station"), g.ticket("Cemetery", "Railway Station"))
    g.set_hand(0, orange=3)
    assert greedy_choice(g)[0] == L.A_SWAP_TICKETS
    g.hold(1, g.ticket("Cemetery", "Railway Station"))  # one ticket still open: no swap, draw
    g.hold(0, g.ticket("Town Hall", "Lighthouse"))
    assert greedy_choice(g)[0] != L.A_SWAP_TICKETS


def test_greedy_beats_random_on_ghost_train():
    res = [analyzer.simulate(board="ghost_train", players=2, bots=bots, games=200, seed=8, progress=False)
           for bots in ("greedy,random", "random,greedy")]
    wins = np.concatenate([r.players[r.players.bot == "greedy"]["winner"].to_numpy() for r in res])
    assert wins.mean() > 0.85
    tickets = {b: np.mean([r.players[r.players.bot == b]["score"].mean() for r in res]) for b in ("greedy", "random")}
    assert tickets["greedy"] > 2 * tickets["random"]


def test_run_manifest_says_provisional():
    res = analyzer.simulate(board="ghost_train", players=2, games=5, seed=1, progress=False)
    assert res.manifest["provisional"] is True and "transcription" in res.manifest["provisional_note"]


def test_ghost_bots_read_only_their_own_hand_and_open_tickets():
    """GT-SET-1 (tickets are hidden): another seat's hand and open tickets never change a bot's choice
    (planner too: it reads the others' completed tickets, laid face up, GT-TKT-1)."""
    for seed in range(20):
        for bot in (P.BOT_RANDOM, P.BOT_GREEDY, P.BOT_PLANNER):
            g = Game("ghost_train", 3, seed=seed)
            g.finish_setup()
            for _ in range(seed % 5):
                g.act(L.A_DRAW_BLIND)
                if g.phase == L.PH_SECOND_DRAW:
                    g.act(L.A_DRAW_BLIND)
            p = g.player
            first = choose_action(bot, g.st, g.bd, g.ru, p, np.array([seed], np.uint64), g.ws)
            for q in range(3):
                if q != p:
                    g.st.hand[q, :] = (seed + q) % 5
                    g.st.ticket_holder[(g.st.ticket_holder == q) & (g.st.ticket_done_turn < 0)] = L.TH_BOX
            again = choose_action(bot, g.st, g.bd, g.ru, p, np.array([seed], np.uint64), g.ws)
            assert first == again


# --- planner on Ghost Train (kernels/bots/variants/ghost_planner.py) ------------------------------
def planner_choice(g, p=0):
    a = choose_action(P.BOT_PLANNER, g.st, g.bd, g.ru, p, np.zeros(1, np.uint64), g.ws)
    assert a in g.legal(), "planner chose an illegal action"
    return int(action_kind(a)), int(action_a(a)), int(action_b(a))


def test_planner_claims_the_route_of_its_ticket():
    g = ghost()
    g.hold(0, g.ticket("Crypt", "Railway Station"))
    g.set_hand(0, orange=4)
    assert planner_choice(g)[:2] == (L.A_CLAIM, g.route("Crypt", "Railway Station"))


def test_planner_swaps_only_when_no_ticket_is_in_reach():
    """GT-TRN-3, assumption GT-TRN-3b: the Railway Station is cut off; with both tickets there
    planner swaps, with one ticket still in reach it does not (a swap loses every unfinished one)."""
    g = ghost(3)
    lanes = [r for r in range(g.bd.routes.shape[0])
             if "Railway Station" in (g.board.routes.at[r, "a"], g.board.routes.at[r, "b"])]
    for i, r in enumerate(lanes):
        g.give(1 + i % 2, r)
    g.st.trains[1:] = 20
    g.hold(0, g.ticket("Crypt", "Railway Station"), g.ticket("Cemetery", "Railway Station"))
    g.set_hand(0, pink=3)
    assert planner_choice(g)[0] == L.A_SWAP_TICKETS
    g.hold(1, g.ticket("Cemetery", "Railway Station"))
    g.hold(0, g.ticket("Town Hall", "Lighthouse"))
    assert planner_choice(g)[0] != L.A_SWAP_TICKETS


def test_planner_places_its_last_wagons_only_when_it_then_leads_in_tickets():
    """GT-END-2: the last wagon placed ends the game at once. With 2 wagons and the cards for a
    2-space route, planner claims it when it leads in tickets (GT-END-1: most tickets win) and does
    not when it trails with a ticket still in reach."""
    for lead, expect_claim in ((1, True), (-1, False)):
        g = ghost()
        g.hold(0, g.ticket("Crypt", "Railway Station"))  # 4 wagons: out of reach
        if not expect_claim:  # Abandoned School-Swamp: 2 black wagons from done
            g.give(0, g.route("Railway Station", "Abandoned School"))
            g.hold(0, g.ticket("Crypt", "Railway Station"), g.ticket("Abandoned School", "Swamp"))
        g.st.trains[0] = 2
        g.st.ps[0, L.PS_GT_TICKETS] = 2 + lead
        g.st.ps[1, L.PS_GT_TICKETS] = 2
        g.set_hand(0, red=2)  # pays a 2-space red route, not the black one the ticket needs
        kind, r, _ = planner_choice(g)
        assert (kind == L.A_CLAIM) == expect_claim, (lead, kind)
        if expect_claim:
            assert g.route_len(r) == 2


def test_planner_trailing_with_nothing_in_reach_places_its_last_wagons():
    """A trailing player with no ticket in reach and no swap left (the bots' MAX_SWAPS a game used)
    cannot win by waiting; its last wagons end the game (GT-END-2) instead of leaving it to the turn
    cap when every other seat is short of wagons too (3-player stalls, docs/bots.md)."""
    g = ghost()
    g.hold(0, g.ticket("Crypt", "Railway Station"))  # 4 wagons: out of reach
    g.st.trains[0] = 2
    g.st.ps[0, L.PS_GT_TICKETS] = 1
    g.st.ps[1, L.PS_GT_TICKETS] = 2
    g.st.ps[0, L.PS_GT_SWAPS] = MAX_SWAPS
    g.set_hand(0, red=2)
    kind, r, _ = planner_choice(g)
    assert kind == L.A_CLAIM and g.route_len(r) == 2


def test_planner_swaps_down_to_its_last_wagons_unless_it_can_end_the_game_ahead():
    """GT-TRN-3 / GT-TKT-2: with no open ticket in reach, a swap is worth a turn even at 2 wagons
    (greedy stops swapping at 5; a fresh ticket may be complete as soon as it is drawn), but not
    when p can place its last wagons now and lead or tie: it places them (GT-END-2 ends the game at
    once: a win or a shared one)."""
    for lead, expect in ((-1, L.A_SWAP_TICKETS), (0, L.A_CLAIM), (1, L.A_CLAIM)):
        g = ghost()
        g.hold(0, g.ticket("Crypt", "Railway Station"))  # 4 wagons: out of reach
        g.st.trains[0] = 2
        g.st.ps[0, L.PS_GT_TICKETS] = 2 + lead
        g.st.ps[1, L.PS_GT_TICKETS] = 2
        g.set_hand(0, red=2)  # pays a 2-space red route: p's last wagons
        kind, r, _ = planner_choice(g)
        assert kind == expect, (lead, kind)
        if kind == L.A_CLAIM:
            assert g.route_len(r) == 2


def test_planner_claims_the_route_that_completes_a_ticket_first():
    """GT-TKT-1 (a completed ticket is laid down and the next drawn at once) and GT-END-2 (the
    game may end before the next turn): with Crypt-Railway Station held, Railway Station-Abandoned
    School (1 space) completes Crypt-Abandoned School; Gingerbread House-Witch's Cauldron still
    needs two 2-space routes. Every one is affordable; the completing route is claimed first
    (COMPLETES_BONUS outweighs the other routes' extra length)."""
    g = ghost()
    g.give(0, g.route("Crypt", "Railway Station"))
    g.hold(0, g.ticket("Crypt", "Abandoned School"), g.ticket("Gingerbread House", "Witch's Cauldron"))
    g.sc[L.SC_GT_SPECIAL_LEFT] = 0  # no Trick-or-Treat plan (GT-BON-1) to weigh in
    g.set_hand(0, orange=1, red=2, blue=2)
    kind, r, _ = planner_choice(g)
    assert (kind, r) == (L.A_CLAIM, g.route("Railway Station", "Abandoned School"))
