"""The contract of analyzer.Game on every rule family (the points game on USA and Europe, Team Asia,
Ghost Train): random legal moves reach the end, every legal move has a readable name that agrees with its
code, an illegal move is refused and changes nothing, a clone is independent, scores() at the end is the
kernels' final components, and every input is checked."""

import random

import numpy as np
import pytest

import analyzer
from analyzer import Game, Move
from analyzer.game.scores import FINAL_FIELDS
from kernels import layouts as L
from kernels.core.actions import make_action

FAMILIES = [("usa", 2), ("europe", 3), ("team_asia", 4), ("ghost_train", 3)]
# move kinds a random game lists at some point, beyond the draws and claims every board has
FAMILY_KINDS = {"usa": {"draw_tickets"}, "europe": {"draw_tickets", "build_station"},
                "team_asia": {"draw_tickets", "share_tickets", "place_card"}, "ghost_train": {"swap_tickets"}}


def state_bytes(game: Game) -> bytes:
    """Everything of the game that a step may change: state, bots' memory, bots' streams (not the state's
    scratch fields, which listing the legal moves fills: the purse and the claim masks)."""
    # the raw bytes, padding included (numpy's copy of a padded record array copies its fields and leaves
    # the padding of the new buffer as malloc left it)
    state = np.frombuffer(bytearray(game.state.base.tobytes()), game.state.base.dtype)
    state["purse"], state["claim_masks"] = 0, 0
    return state.tobytes() + game.scratch.base.tobytes() + game._bot_rng.tobytes()


def check_named(game: Game, move: Move) -> None:
    kind, a, b = move.code & 15, (move.code >> 4) & 0xFFFF, (move.code >> 20) & 0xFF
    assert move.kind == L.ACTION_NAMES[kind]
    text = str(move)
    assert text and "None" not in text and "no card" not in text, text
    if move.kind == "claim":
        assert move.route == a and move.colour == L.CARD_NAMES[b]
        assert move.route_name == game._names.routes[a] and "–" in move.route_name
        assert text.startswith(f"claim {move.route_name} ({move.route_colour}")
        # the cards a claim costs, read off the engine: as many as the route's spaces on these boards
        assert sum(n for _, n in move.paid) == move.length, text
    elif move.kind == "draw_market":
        assert move.card == L.CARD_NAMES[int(game.state.market[a])] and move.card in text
    elif move.kind == "keep_tickets":
        offer = game.observation().offer
        assert set(move.tickets) <= {t.id for t in offer}
        assert all(name in text for name in move.ticket_names)
    elif move.kind == "build_station":
        assert move.city_name in text and sum(n for _, n in move.paid) >= 1
    elif move.kind == "place_card":
        assert move.card == game.observation().pending_card and move.destination in ("hand", "holder")


def play_random(game: Game, rng: random.Random) -> set[str]:
    """Play random legal moves to the end, checking every listed move; the kinds listed."""
    listed = set()
    for _ in range(5000):
        moves = game.legal_actions()
        assert moves, f"no legal move in a running game: {game}"
        assert [m.code for m in moves] == game.legal_codes()
        for move in moves:
            check_named(game, move)
        listed |= {m.kind for m in moves}
        over = game.step(rng.choice(moves))
        assert over == game.over
        if over:
            return listed
    raise AssertionError(f"the game did not end: {game}")


@pytest.mark.parametrize("board,players", FAMILIES)
def test_random_legal_moves_reach_the_end_and_every_move_is_named(board, players):
    game = Game(board, players, seed=3)
    listed = play_random(game, random.Random(3))
    assert game.over and game.phase == "over" and game.legal_actions() == [] and game.legal_codes() == []
    assert game.end_reason in L.END_NAMES
    assert {"claim", "draw_blind", "keep_tickets"} | FAMILY_KINDS[board] <= listed
    if board != "ghost_train":  # no market on Ghost Train (GT-TRN-1)
        assert "draw_market" in listed
    with pytest.raises(ValueError, match="the game is over"):
        game.step(0)


@pytest.mark.parametrize("board,players", FAMILIES)
def test_scores_at_the_end_are_the_kernels_final_components(board, players):
    game = Game(board, players, seed=5)
    before = game.scores()
    assert all(s.final is None and s.score == 0 for s in before)
    scores = game.play(["planner"] * players)
    assert scores == game.scores()
    final = game.state.final
    for s in scores:
        for name, k in FINAL_FIELDS.items():
            assert getattr(s.final, name) == final[s.seat, k], (s.seat, name)
        assert s.score == final[s.seat, L.FN_TOTAL]
        assert s.route_points == game.state.ps[s.seat, L.PS_ROUTE_POINTS]
    assert game.winners == tuple(int(q) for q in np.flatnonzero(final[:, L.FN_WINNER]))
    assert game.winners


def test_final_score_names_every_component_of_the_kernels():
    components = {getattr(L, n) for n in dir(L) if n.startswith("FN_") and n != "FN_FIELDS"}
    assert set(FINAL_FIELDS.values()) == components == set(range(L.FN_FIELDS))


def test_running_score_counts_the_team_together():
    game = Game("team_asia", 4, seed=2)
    while not any(s.route_points for s in game.scores()):
        game.step(game.bot_move("planner"))
    scores = game.scores()
    for s in scores:
        mate = scores[s.seat ^ 1]
        assert s.score == mate.score == int(game.state.score[s.seat] + game.state.score[mate.seat])


@pytest.mark.parametrize("board,players", FAMILIES)
def test_an_illegal_move_is_refused_and_changes_nothing(board, players):
    game = Game(board, players, seed=1)
    before = state_bytes(game)
    claim = int(make_action(L.A_CLAIM, 0, 0))  # no claim during the setup
    with pytest.raises(ValueError, match=r"illegal move for seat 0 in phase setup_keep: claim .*–"):
        game.step(claim)
    with pytest.raises(ValueError, match="illegal move .*draw tickets"):
        game.step(Move(kind="draw_tickets", code=int(make_action(L.A_DRAW_TICKETS, 0, 0))))
    with pytest.raises(ValueError, match="not an action"):
        game.step(2**40)
    with pytest.raises(TypeError, match="a move is a Move or an int"):
        game.step("draw_blind")
    with pytest.raises(TypeError):
        game.step(True)
    assert state_bytes(game) == before
    while game.phase != "turn":
        game.step(game.bot_move("planner"))
    before = state_bytes(game)
    with pytest.raises(ValueError, match="illegal move .* in phase turn: keep"):
        game.step(int(make_action(L.A_KEEP_TICKETS, 1, 0)))
    with pytest.raises(ValueError, match="illegal move .* in phase turn: put the"):
        game.step(int(make_action(L.A_PLACE_CARD, 0, 1)))
    assert state_bytes(game) == before
    game.step(game.legal_actions()[0])  # a legal one is played
    assert state_bytes(game) != before


@pytest.mark.parametrize("board,players", FAMILIES)
def test_a_clone_is_independent(board, players):
    game = Game(board, players, seed=4, game=1)
    for _ in range(12):
        game.step(game.bot_move("planner"))
    original = state_bytes(game)
    look = game.clone()
    assert state_bytes(look) == original
    look_scores = look.play(["planner"] * players)  # the clone plays to the end: the original is unchanged
    assert look.over and state_bytes(game) == original and not game.over
    twin = game.clone()
    twin_before = state_bytes(twin)
    # the original plays on: the second clone is unchanged, and the same bots with the same streams and
    # memory play the same game as the first clone did
    assert game.play(["planner"] * players) == look_scores
    assert state_bytes(twin) == twin_before


def test_a_user_bot_sees_its_observation_and_its_moves():
    seen = []

    def first_move(observation, moves):
        seen.append((observation.seat, observation.to_move, tuple(m.code for m in moves)))
        return moves[0]

    game = Game("usa", 2, seed=9)
    game.play(["planner", first_move])
    assert seen and all(seat == to_move == 1 for seat, to_move, _ in seen)
    with pytest.raises(ValueError, match="illegal move"):
        Game("usa", 2).play([lambda obs, moves: 2**20 + 3, "planner"])  # a claim during the setup


def test_team_asia_moves_say_where_a_card_goes():
    game = Game("team_asia", 4, seed=6)
    while game.phase == "setup_keep":
        keep = game.legal_actions()[-1]
        assert keep.shared and set(keep.shared) <= set(keep.tickets) and "; share " in str(keep)
        game.step(keep)
    draws = [m for m in game.legal_actions() if m.kind in ("draw_market", "draw_blind")]
    assert {m.destination for m in draws if m.kind == "draw_market"} <= {"hand", "holder"}
    blind = next(m for m in draws if m.kind == "draw_blind")
    assert blind.destination is None  # the first blind card is placed once seen
    game.step(blind)
    assert game.phase == "place_card"
    places = game.legal_actions()
    assert sorted(m.destination for m in places) == ["hand", "holder"]
    card = game.observation().pending_card
    assert all(str(m) == f"put the {card} just drawn into the {m.destination}" for m in places)
    game.step(next(m for m in places if m.destination == "holder"))
    assert game.observation().holder[card] >= 1
    second = game.legal_actions()
    assert {m.destination for m in second} == {"hand"}  # the second card goes where the first did not


def test_every_input_is_checked():
    with pytest.raises(analyzer.BoardError):
        Game("atlantis")
    with pytest.raises(analyzer.RuleError, match="is for 2-5 players, not 1"):
        Game("usa", 1)
    with pytest.raises(analyzer.RuleError, match="whole teams"):
        Game("team_asia", 5)
    with pytest.raises(analyzer.RuleError):
        Game("usa", 2, rules="no-such-preset")
    with pytest.raises(analyzer.RuleError, match="trains"):
        Game("usa", 2, overrides={"trains": 0})
    with pytest.raises(ValueError, match="seed must be"):
        Game("usa", 2, seed=-1)
    with pytest.raises(ValueError, match="game must be"):
        Game("usa", 2, game=-1)
    with pytest.raises(ValueError, match="game must be"):
        Game("usa", 2, game=1.5)
    with pytest.raises(ValueError, match="unknown bot parameter"):
        Game("usa", 2, bot_params={"nope": 1})
    game = Game("team_asia", 4)
    with pytest.raises(ValueError, match="unknown bot 'nope'"):
        game.bot_move("nope")
    with pytest.raises(ValueError, match="do not play Team Asia"):
        game.bot_move("long-route")
    with pytest.raises(ValueError, match="do not play Team Asia"):
        game.play(["planner", "greedy", "planner", "one-step"])
    with pytest.raises(ValueError, match="one player per seat"):
        game.play(["planner"])
    with pytest.raises(TypeError, match="a player is"):
        game.play(["planner", 3, "planner", "planner"])
    with pytest.raises(ValueError, match="seat must be"):
        game.observation(4)
    assert game.turn == 0 and game.phase == "setup_keep"  # nothing was played


def test_the_kernels_are_called_with_the_runners_types():
    """One compiled signature per kernel (tests/test_kernel_signatures.py): the API's calls compile nothing
    the runner has not."""
    game = Game("usa", 2, seed=2)
    game.play(["planner", "greedy"])
    from kernels.bots.dispatch import choose_action
    from kernels.core.state import init_game
    from kernels.engine import legal_actions, step
    for kernel in (init_game, legal_actions, step, choose_action):
        assert len(kernel.signatures) == 1, kernel
