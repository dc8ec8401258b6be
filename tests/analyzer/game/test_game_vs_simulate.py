"""Game(board, players, seed=s, game=g) is game g of analyzer.simulate(board, players, bots, seed=s): the
same deal, and the built-in bots play it move for move the same way, whether through play() or through
bot_move() and step() (the moves' naming and the legality checks leave the game as the runner has it).
Game g is played after games 0..g-1 in simulate's chunk, with the bots' memory they left."""

import pytest

import analyzer
from analyzer import Game
from analyzer.bots import BotParams

# (board, players, one bot per seat, game index)
CASES = [
    ("usa", 2, ["planner", "greedy"], 3),
    ("europe", 3, ["planner", "random", "greedy"], 2),
    ("team_asia", 4, ["planner", "greedy", "greedy", "planner"], 2),
    ("ghost_train", 3, ["planner", "greedy", "random"], 2),
    ("legendary_asia", 3, ["planner", "one-step", "long-route"], 1),
    ("switzerland", 3, ["planner", "route-focus", "blocker"], 1),
    ("india", 2, ["planner", "destination-hungry"], 1),
    ("nordic_countries", 3, ["planner", "greedy", "planner-v1"], 1),
]
SAME_COLUMNS = {  # players table column -> SeatScore / FinalScore field
    "route_points": "route_points", "mountain_points": "mountain_points", "tickets_won": "tickets_won",
    "tickets_lost": "tickets_lost", "tickets_completed": "tickets_completed", "tickets_failed": "tickets_failed",
    "longest_path": "longest_path", "longest_bonus": "longest_bonus", "network_cities": "network_cities",
    "explorer_bonus": "explorer_bonus", "globetrotter_bonus": "globetrotter_bonus",
    "station_points": "station_points", "grand_tour_tickets": "grand_tour_tickets",
    "grand_tour_bonus": "grand_tour_bonus",
}


def simulated(board, players, bots, game, seed, bot_params=None):
    res = analyzer.simulate(board, players, bots, games=game + 1, seed=seed, threads=1, progress=False,
                            bot_params=bot_params)
    return res.games[res.games.game == game].iloc[0], res.players[res.players.game == game].sort_values("seat")


def assert_same_game(game: Game, row, seats) -> None:
    assert game.over
    assert game.turn == row.turns
    assert game.end_reason == row.end_reason  # the games table names it
    for s, r in zip(game.scores(), seats.itertuples(), strict=True):
        assert (s.seat, s.score, s.final.winner) == (r.seat, r.score, r.winner), (s, r)
        for column, field in SAME_COLUMNS.items():
            mine = getattr(s, field) if hasattr(s, field) else getattr(s.final, field)
            assert mine == getattr(r, column), (s.seat, column)


@pytest.mark.parametrize("board,players,bots,index", CASES, ids=[c[0] for c in CASES])
def test_play_is_the_simulated_game(board, players, bots, index):
    row, seats = simulated(board, players, bots, index, seed=11)
    game = Game(board, players, seed=11, game=index)
    scores = game.play(bots)
    assert [s.score for s in scores] == seats.score.tolist()
    assert_same_game(game, row, seats)


@pytest.mark.parametrize("board,players,bots,index", CASES[:4], ids=[c[0] for c in CASES[:4]])
def test_bot_move_and_step_are_the_simulated_game(board, players, bots, index):
    row, seats = simulated(board, players, bots, index, seed=12)
    game = Game(board, players, seed=12, game=index)
    while not game.over:
        game.legal_actions()  # naming every move (trial steps on a copy) changes nothing of the game
        game.observation(game.to_move)
        move = game.bot_move(bots[game.to_move])
        assert move.code in game.legal_codes()
        game.step(move)
    assert_same_game(game, row, seats)


def test_bot_params_reach_the_bots():
    params = {"keep_price": 1.5, "ev_turn_value": 9}
    row, seats = simulated("usa", 3, ["planner"] * 3, 1, seed=4, bot_params=params)
    game = Game("usa", 3, seed=4, game=1, bot_params=params)
    assert list(game.scratch.bot_params) == list(BotParams.of(params).to_array())
    game.play(["planner"] * 3)
    assert_same_game(game, row, seats)
