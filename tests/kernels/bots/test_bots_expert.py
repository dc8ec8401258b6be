"""`expert` (kernels/bots/search/expert.py): the search player reads only
its own seat's information, puts the game and every seat's bot memory back
after its rollouts, is deterministic for a seed at any thread count, and its
budget is read from Scratch.bot_params. The contract test (tests/kernels/test_contract.py)
checks that its actions are legal on every board it plays."""

import numpy as np
import pytest
from helpers import Game, planner_game
from worlds import copy_record, other_world, unseen_tickets

import analyzer
from kernels import layouts as L
from kernels.bots.dispatch import choose_action
from kernels.bots.search.determinize import determinize
from kernels.bots.shared import params as P
from kernels.core.actions import action_a, action_b, action_kind
from kernels.core.tickets import ticket_outcome

# the state's scratch (written by any bot's move search)
# (and the union-find, whose reads compress paths: compared as the networks it holds)
SCRATCH_FIELDS = ("purse", "claim_masks", "tunnel_log", "uf")
MEMORY = ("want", "need", "plan_version", "tk_gone", "ev_key", "ev_gain")


def _networks(uf):
    """Each seat's networks as sets of cities (union-find roots followed)."""
    out = []
    for row in uf:
        def root(c, row=row):
            while row[c] != c:
                c = int(row[c])
            return c
        groups = {}
        for c in range(len(row)):
            groups.setdefault(root(c), set()).add(c)
        out.append(sorted(sorted(g) for g in groups.values()))
    return out


def _small_budget(ws, rollouts=16, candidates=3):
    ws.bot_params[P.BP_EXPERT_ROLLOUTS] = rollouts
    ws.bot_params[P.BP_EXPERT_CANDIDATES] = candidates
    ws.bot_params[P.BP_EXPERT_KEEP_FACTOR] = 2
    ws.bot_params[P.BP_EXPERT_SWITCH_Z] = 0  # switch on any mean gain: the other candidates get chosen too
    ws.bot_params[P.BP_EXPERT_LATE_BOOST] = 2  # the budget grows late in the game (it reads public counts only)


def _choose(g, st, ws, seed):
    return int(choose_action(np.int64(P.BOT_EXPERT), st, g.bd, g.ru, int(st.sc[L.SC_PLAYER]),
                             np.array([seed], np.uint64), ws))


@pytest.mark.parametrize("board,players,leaning", [("europe", 3, False), ("usa", 2, False), ("team_asia", 4, False),
                                                    ("ghost_train", 3, False), ("europe", 2, True)])
def test_expert_choices_ignore_what_its_seat_cannot_see(board, players, leaning):
    """Whole games with expert at seat 0 against planners; at every expert
    decision the choice is made again on a copy where what seat 0 cannot see
    differs (other hands, pile order, other seats' tickets and setup deals,
    ticket pile order, box), every count kept. The choice never changes,
    whether it is the planner's own or another candidate's. On Team Asia that
    includes the teammate's hand and hidden tickets and the other team's
    shared ones (TA-CRD-5, TA-TKT-1); on Ghost Train the open tickets, not the
    ones laid face up (GT-SET-1, GT-TKT-1). Leaning: the defaults' ticket
    odds lean the determinizations to the other seats' networks (public;
    kernels/bots/search/belief.py) and rollouts keep the seat's own plan
    (EXPERT_OWN_PLAN); otherwise deals are uniform and every rollout starts
    from fresh memory."""
    searched = 0
    g = Game(board, players, seed=7)
    _small_budget(g.ws)
    if not leaning:
        g.ws.bot_params[P.BP_EXPERT_TICKET_LEAN] = 0.0
        g.ws.bot_params[P.BP_EXPERT_OWN_PLAN] = 0.0
    for step in range(3000):
        p = g.player
        if p == 0 and g.phase in (L.PH_SETUP_KEEP, L.PH_TURN, L.PH_KEEP_TICKETS):
            seed = 1000 + step
            a = _choose(g, copy_record(g.st), copy_record(g.ws), seed)
            for w in range(2):
                hidden = copy_record(g.st)
                other_world(g, hidden, g.ws, p, seed * 10 + w)
                assert _choose(g, hidden, copy_record(g.ws), seed) == a, (step, w)
            searched += 1
            a = _choose(g, g.st, g.ws, seed)
        else:
            a = int(choose_action(np.int64(P.BOT_PLANNER), g.st, g.bd, g.ru, p, np.array([step], np.uint64), g.ws))
        if g.act(int(action_kind(a)), int(action_a(a)), int(action_b(a))):
            break
    else:
        raise AssertionError("game did not end")
    assert searched > 10


@pytest.mark.parametrize("board,players", [("team_asia", 4), ("ghost_train", 3), ("europe", 3)])
def test_a_determinization_keeps_every_count_and_what_the_seat_sees(board, players):
    """kernels/bots/search/determinize.py on states from whole planner games: seat 0's
    hand and tickets, the market, discards, card holders and every seat's hand
    size stay; each other seat holds as many tickets, and as many shared ones
    (TA-TKT-1/3), as before; seat 0's teammate's shared tickets stay where they
    are; no seat holds an open ticket its own network already joins on Ghost
    Train (GT-TKT-1 lays it face up at once), and its face-up ones stay; the
    cards a seat was seen to take face up (BASE-MKT-1) stay in its hand."""
    g = Game(board, players, seed=5)
    p = 0
    moved = checked = kept_seen = 0
    for step in range(3000):
        if step % 9 == 0 and g.phase == L.PH_TURN:
            for w in range(4):
                st = copy_record(g.st)
                determinize(st, g.bd, g.ru, p, np.array([step * 7 + w], np.uint64), g.ws)
                for name in ("market", "discard", "holder", "owner", "trains"):
                    assert np.array_equal(getattr(st, name), getattr(g.st, name)), name
                assert np.array_equal(st.hand[p], g.st.hand[p])
                assert np.array_equal(st.hand.sum(axis=1), g.st.hand.sum(axis=1))
                assert np.array_equal(st.seen_in_hand, g.st.seen_in_hand)
                assert (st.hand >= st.seen_in_hand).all()
                kept_seen += int(st.seen_in_hand[1:players].sum())
                assert st.sc[L.SC_N_PILE] == g.st.sc[L.SC_N_PILE]
                seen = set(range(g.bd.tickets.shape[0])) - set(unseen_tickets(g, g.st, g.ws, p))
                for t in seen:
                    assert st.ticket_holder[t] == g.st.ticket_holder[t] and st.ticket_shared[t] == g.st.ticket_shared[t]
                for q in range(players):
                    mine = (st.ticket_holder == q)
                    before = (g.st.ticket_holder == q)
                    assert mine.sum() == before.sum(), q
                    assert (mine & (st.ticket_shared != 0)).sum() == (before & (g.st.ticket_shared != 0)).sum(), q
                    if int(g.ru[L.RULE_FAMILY]) == L.FAMILY_TICKET_RACE and q != p:
                        for t in np.flatnonzero(mine & (st.ticket_done_turn < 0)):
                            assert ticket_outcome(g.bd, st.uf[q], np.int64(t))[0] < 0, (q, t)
                moved += not np.array_equal(st.ticket_holder, g.st.ticket_holder)
                checked += 1
        a = int(choose_action(np.int64(P.BOT_PLANNER), g.st, g.bd, g.ru, g.player, np.array([step], np.uint64),
                              g.ws))
        if g.act(int(action_kind(a)), int(action_a(a)), int(action_b(a))):
            break
    assert checked > 10 and moved > checked // 2, (checked, moved)
    # (Ghost Train has no face-up cards, GT-SET-1; Team Asia's are not tracked)
    assert kept_seen > 0 or board in ("ghost_train", "team_asia")


@pytest.mark.parametrize("board,players", [("europe", 2), ("team_asia", 4), ("ghost_train", 2)])
def test_expert_puts_the_game_and_the_other_seats_memory_back(board, players):
    """After an expert decision every field of the state is the one it was
    given (but the state's own scratch, which any bot's move search writes),
    and the other seats' bot memory is untouched (rollouts replay every seat
    in the same state and scratch)."""
    g = Game(board, players, seed=3)
    _small_budget(g.ws)
    checked = 0
    for step in range(3000):
        p = g.player
        if p == 0 and g.phase in (L.PH_SETUP_KEEP, L.PH_TURN, L.PH_KEEP_TICKETS):
            before_st = copy_record(g.st)
            before_ws = copy_record(g.ws)
            a = _choose(g, g.st, g.ws, 50 + step)
            for name in g.st.dtype.names:
                if name not in SCRATCH_FIELDS:
                    assert np.array_equal(getattr(g.st, name), getattr(before_st, name)), (step, name)
            assert _networks(g.st.uf) == _networks(before_st.uf), step
            logged = int(g.st.sc[L.SC_N_TUNNEL_LOG])  # rollouts write only past the game's own rows
            assert np.array_equal(g.st.tunnel_log[:logged], before_st.tunnel_log[:logged]), step
            for name in MEMORY:
                assert np.array_equal(getattr(g.ws, name)[1], getattr(before_ws, name)[1]), (step, name)
            checked += 1
        else:
            a = int(choose_action(np.int64(P.BOT_PLANNER), g.st, g.bd, g.ru, p, np.array([step], np.uint64), g.ws))
        if g.act(int(action_kind(a)), int(action_a(a)), int(action_b(a))):
            break
    assert checked > 10


def test_expert_budget_is_read_from_bot_params():
    """With no rollouts expert plays the planner's move; with a budget it
    sometimes chooses another candidate (the search does something)."""
    g = Game("europe", 2, seed=5)
    differ = 0
    for step in range(400):
        p = g.player
        planned = int(choose_action(np.int64(P.BOT_PLANNER), g.st, g.bd, g.ru, p, np.array([step], np.uint64),
                                    copy_record(g.ws)))
        if p == 0 and g.phase in (L.PH_SETUP_KEEP, L.PH_TURN, L.PH_KEEP_TICKETS):
            ws0 = copy_record(g.ws)
            ws0.bot_params[P.BP_EXPERT_ROLLOUTS] = 0
            assert _choose(g, g.st, ws0, step) == planned, step
            wsb = copy_record(g.ws)
            _small_budget(wsb, rollouts=24, candidates=4)
            differ += _choose(g, g.st, wsb, step) != planned
        if g.act(int(action_kind(planned)), int(action_a(planned)), int(action_b(planned))):
            break
    assert differ > 0


@pytest.mark.parametrize("budget", ["default", "fast"])
def test_expert_games_are_the_same_at_any_thread_count(budget):
    kw = dict(board="europe", players=2, bots=["expert", "planner"], games=4, seed=11, progress=False, chunk_size=1,
              bot_params={"EXPERT_BUDGET": budget})
    one = analyzer.simulate(threads=1, **kw)
    two = analyzer.simulate(threads=2, **kw)
    for table in ("games", "players", "claims"):
        a = one.table(table).sort_values(list(one.table(table).columns[:3])).reset_index(drop=True)
        b = two.table(table).sort_values(list(two.table(table).columns[:3])).reset_index(drop=True)
        assert a.equals(b), table


def test_bot_params_reach_the_kernels():
    """--bot-param / bot_params: with no rollouts expert plays planner's games
    move for move; an unknown name or a non-number is refused."""
    kw = dict(board="europe", players=2, games=6, seed=3, threads=1, progress=False)
    expert = analyzer.simulate(bots=["expert", "planner"], bot_params=["expert.rollouts=0"], **kw)
    planner = analyzer.simulate(bots=["planner", "planner"], **kw)
    cols = ["game", "seat", "score", "routes_claimed", "tickets_kept"]
    assert expert.table("players")[cols].equals(planner.table("players")[cols])
    assert expert.manifest["bot_params"] == {"EXPERT_ROLLOUTS": 0.0}
    with pytest.raises(ValueError, match="unknown bot parameter"):
        analyzer.simulate(bots="expert", bot_params=["expert.nonsense=1"], **kw)
    with pytest.raises(ValueError, match="must be a whole number in 0..100000"):
        analyzer.simulate(bots="expert", bot_params={"EXPERT_ROLLOUTS": "many"}, **kw)


def test_rollout_policy_is_a_bot_param():
    """EXPERT_ROLLOUT_EV=0 rolls out with planner-v1's rules (no mid-game ticket
    estimate): other rollouts, so other choices on the same deals; each is
    the same game again for the same seed."""
    kw = dict(board="europe", players=2, bots=["expert", "planner"], games=3, seed=5, threads=1, progress=False)
    cols = ["game", "seat", "score", "routes_claimed", "tickets_kept", "cards_drawn"]
    ev = [analyzer.simulate(bot_params={"EXPERT_ROLLOUTS": 8, "EXPERT_ROLLOUT_EV": v}, **kw).table("players")[cols]
          for v in (1, 0, 0)]
    assert ev[1].equals(ev[2])
    assert not ev[0].equals(ev[1])


def test_every_budget_compares_the_switching_candidate_on_enough_deals():
    """The candidate list is cut to what the budget affords: played round by
    round as successive_halving plays it, the last survivor meets the
    planner's choice on MIN_PAIRS deals or more, at any budget and list
    length (at 8 rollouts 4 candidates would have given it 2 deals, and the
    planner's turn choice always stood)."""
    from kernels.bots.search.expert import MIN_PAIRS, affordable_candidates, halving_rounds
    assert affordable_candidates(4, 8) == 2
    assert affordable_candidates(4, 14) == 4
    assert affordable_candidates(4, 7) == 1
    for budget in range(1, 130):
        for listed in range(2, P.MAX_CANDIDATES + 1):
            n = affordable_candidates(listed, budget)
            assert 1 <= n <= listed
            if n == 1:
                assert budget < 2 * MIN_PAIRS
                continue
            rounds = halving_rounds(n)
            least = (MIN_PAIRS + rounds - 1) // rounds
            alive, pairs = n, 0
            for _ in range(rounds):
                pairs += max(budget // (rounds * alive), least)
                alive = 1 + alive // 2
            assert pairs >= MIN_PAIRS, (budget, listed)
            assert alive == 2, (budget, listed)


def test_a_small_budget_switches_turn_choices():
    """At 8 rollouts per turn (the smallest budget that compares one other
    candidate on MIN_PAIRS deals) expert plays some turns other than the
    planner would, with the default switch test."""
    kw = dict(board="europe", players=2, games=4, seed=5, threads=1, progress=False)
    cols = ["game", "seat", "score", "routes_claimed", "tickets_kept", "cards_drawn"]
    small = analyzer.simulate(bots=["expert", "planner"], bot_params={"EXPERT_ROLLOUTS": 8, "EXPERT_KEEP_FACTOR": 0},
                              **kw).table("players")[cols]
    planner = analyzer.simulate(bots=["planner", "planner"], **kw).table("players")[cols]
    assert not small.equals(planner)


def test_the_late_boost_grows_the_budget_as_trains_run_out():
    """EXPERT_LATE_BOOST: 1 keeps the budget; above 1 (4 by default) the
    budget is multiplied by the starting trains over the fewest any seat
    holds, up to the boost."""
    from kernels.bots.search.expert import late_factor
    g = Game("europe", 2, seed=1)
    prm = np.array(P.BOT_PARAM_DEFAULTS, np.float64)
    assert P.BOT_PARAM_DEFAULTS[P.BP_EXPERT_LATE_BOOST] == 4.0
    g.st.trains[0] = g.st.trains[1] = 45
    assert late_factor(g.st, g.ru, prm) == 1.0
    g.st.trains[1] = 9
    assert late_factor(g.st, g.ru, prm) == 4.0
    g.st.trains[1] = 45
    prm[P.BP_EXPERT_LATE_BOOST] = 8.0
    assert late_factor(g.st, g.ru, prm) == 1.0
    g.st.trains[1] = 15
    assert late_factor(g.st, g.ru, prm) == 3.0
    g.st.trains[0] = 2
    assert late_factor(g.st, g.ru, prm) == 8.0
    prm[P.BP_EXPERT_LATE_BOOST] = 1.0
    assert late_factor(g.st, g.ru, prm) == 1.0


def test_the_candidate_list_widens_once_a_seat_is_down_to_the_wide_trains():
    """EXPERT_WIDE_TRAINS: 0 keeps EXPERT_CANDIDATES even with a seat at 0
    trains; above 0 (12 by default), a seat at or under it lists
    MAX_CANDIDATES. The threshold is in a 45-train game's trains: on Ghost
    Train's 20 it is 12 x 20 / 45, 5.3 trains."""
    from kernels.bots.search.expert import candidate_limit, wide_list
    g = Game("europe", 2, seed=1)
    prm = np.array(P.BOT_PARAM_DEFAULTS, np.float64)
    assert P.BOT_PARAM_DEFAULTS[P.BP_EXPERT_WIDE_TRAINS] == 12.0
    prm[P.BP_EXPERT_WIDE_TRAINS] = 0.0
    g.st.trains[0], g.st.trains[1] = 45, 0
    assert not wide_list(g.st, g.ru, prm)
    prm[P.BP_EXPERT_WIDE_TRAINS] = 12.0
    g.st.trains[1] = 13
    assert not wide_list(g.st, g.ru, prm)
    assert candidate_limit(prm, wide_list(g.st, g.ru, prm)) == prm[P.BP_EXPERT_CANDIDATES]
    g.st.trains[1] = 12
    assert wide_list(g.st, g.ru, prm)
    assert candidate_limit(prm, wide_list(g.st, g.ru, prm)) == P.MAX_CANDIDATES
    ghost = Game("ghost_train", 2, seed=1)
    ghost.st.trains[0], ghost.st.trains[1] = 20, 6
    assert not wide_list(ghost.st, ghost.ru, prm)
    ghost.st.trains[1] = 5
    assert wide_list(ghost.st, ghost.ru, prm)


def test_the_wide_list_gets_at_least_the_wide_rollouts():
    """EXPERT_WIDE_ROLLOUTS: with the wide list on, a turn's budget is at
    least that many rollouts; without it, and with 0, the late-boosted
    budget."""
    from kernels.bots.search.expert import turn_budget, wide_list
    g = Game("europe", 2, seed=1)
    prm = np.array(P.BOT_PARAM_DEFAULTS, np.float64)
    assert P.BOT_PARAM_DEFAULTS[P.BP_EXPERT_WIDE_ROLLOUTS] == 0.0
    prm[P.BP_EXPERT_ROLLOUTS], prm[P.BP_EXPERT_LATE_BOOST], prm[P.BP_EXPERT_WIDE_ROLLOUTS] = 4.0, 16.0, 48.0

    def budget(game):
        return turn_budget(game.st, game.ru, prm, wide_list(game.st, game.ru, prm))

    g.st.trains[0], g.st.trains[1] = 45, 15
    assert budget(g) == 12
    g.st.trains[1] = 12
    assert budget(g) == 48
    g.st.trains[1] = 2
    assert budget(g) == 64
    prm[P.BP_EXPERT_WIDE_ROLLOUTS] = 0.0
    g.st.trains[1] = 12
    assert budget(g) == 15
    ghost = Game("ghost_train", 2, seed=1)
    prm[P.BP_EXPERT_WIDE_ROLLOUTS] = 48.0
    ghost.st.trains[0], ghost.st.trains[1] = 20, 6
    assert budget(ghost) == 13
    ghost.st.trains[1] = 5
    assert budget(ghost) == 48
    prm[P.BP_EXPERT_WIDE_TRAINS] = 0.0
    assert budget(ghost) == 16


def _late_planner_game(seed):
    """A Europe 2p planner game played until some seat is down to 15 trains."""
    return planner_game("europe", 2, seed, 15)


def _ends_on_network(g, st, q, t):
    owned = {int(c) for r in np.flatnonzero(st.owner[:g.bd.n_routes] == q)
             for c in (g.bd.routes[r, L.RT_A], g.bd.routes[r, L.RT_B])}
    return (int(g.bd.tickets[t, L.TK_A]) in owned) + (int(g.bd.tickets[t, L.TK_B]) in owned)


def test_a_leaning_determinization_deals_the_other_seat_tickets_on_its_network():
    """EXPERT_TICKET_LEAN: the tickets redealt into the other seat's hand
    touch its network (its routes, public) with more of their cities than a
    uniform redeal's, and every count and what seat 0 sees stay as they are."""
    g = _late_planner_game(5)
    p, q = 0, 1
    unseen = set(unseen_tickets(g, g.st, g.ws, p))
    touched = {}
    for lean in (0.0, 1000.0):
        ws = copy_record(g.ws)
        ws.bot_params[P.BP_EXPERT_TICKET_LEAN] = lean
        ends = []
        for w in range(200):
            st = copy_record(g.st)
            determinize(st, g.bd, g.ru, p, np.array([w], np.uint64), ws)
            held = np.flatnonzero(st.ticket_holder[:g.bd.n_tickets] == q)
            assert len(held) == (g.st.ticket_holder[:g.bd.n_tickets] == q).sum()
            for t in range(g.bd.n_tickets):
                if t not in unseen:
                    assert st.ticket_holder[t] == g.st.ticket_holder[t], t
            assert np.array_equal(st.hand.sum(axis=1), g.st.hand.sum(axis=1))
            ends += [_ends_on_network(g, st, q, t) for t in held]
        touched[lean] = np.mean(ends)
    assert touched[1000.0] > touched[0.0] + 0.5, touched


def test_a_rollout_may_keep_the_seat_s_own_plan():
    """fresh_memory_of_others: every seat's memory but p's is as new_scratch
    leaves it; p's plan and ticket memory stay (EXPERT_OWN_PLAN)."""
    from kernels.bots.search.memory import fresh_memory_of_others
    g = _late_planner_game(5)
    before = copy_record(g.ws)
    assert before.want[0].any() and before.want[1].any()
    fresh_memory_of_others(g.ws, 0)
    for name in MEMORY:
        assert np.array_equal(getattr(g.ws, name)[0], getattr(before, name)[0]), name
    assert not g.ws.want[1].any() and not g.ws.need[1].any() and g.ws.plan_version[1] == -1


def test_the_fast_budget_is_named_from_the_cli_and_the_python_api(tmp_path):
    """`--bot-param expert.budget=fast` and bot_params={"expert.budget": "fast"}
    play the preset's values (recorded as such in the manifest): the same
    games as EXPERT_FAST_PARAMS given value by value, and other games than
    the planner's."""
    from cli_run import ttr

    from analyzer.bots import EXPERT_FAST_PARAMS
    kw = dict(board="europe", players=2, bots=["expert", "planner"], games=4, seed=2, threads=1, progress=False)
    cols = ["game", "seat", "score", "routes_claimed", "tickets_kept", "cards_drawn"]
    named = analyzer.simulate(bot_params={"expert.budget": "fast"}, **kw)
    assert named.manifest["bot_params"] == dict(EXPERT_FAST_PARAMS)
    valued = analyzer.simulate(bot_params=dict(EXPERT_FAST_PARAMS), **kw).table("players")[cols]
    assert named.table("players")[cols].equals(valued)
    proc = ttr(["simulate", "--board", "europe", "--players", "2", "--bots", "expert,planner", "--games", "4",
                "--seed", "2", "--threads", "1", "--bot-param", "expert.budget=fast", "--out", tmp_path / "fast"])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert analyzer.load(tmp_path / "fast").table("players")[cols].equals(valued)
    planner = analyzer.simulate(**{**kw, "bots": ["planner", "planner"]}).table("players")[cols]
    assert not valued.equals(planner)
