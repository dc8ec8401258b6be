"""One game played again through analyzer.Game, turn by turn, as plain data for the replay page.

A game is named by a `GameSource`: a board, rules, one bot per seat, a seed and a game index (the game
`analyzer.simulate(..., seed=seed)` numbers `game`), or a results folder and a game index (its manifest
holds the rest). `record_game` plays it with the same bots, which play it move for move as the run did
(tests/analyzer/game/test_game_vs_simulate.py), and writes down after the setup and after each turn what
every seat holds: the replay shows everything, hidden cards and tickets included."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

from analyzer.boards import Board
from analyzer.bots import BotParams, check_bots_handle_board, check_bots_play, parse_bots
from analyzer.game import Game
from analyzer.game.moves import BoardNames
from analyzer.rules import RuleSet
from analyzer.run.results import Results, load
from kernels import layouts as L

DRAWS = ("draw_market", "draw_blind")


@dataclass(frozen=True)
class GameSource:
    """Which game to play again: game number `game` of `analyzer.simulate(board, players, bots, seed=seed,
    rules=rules, bot_params=bot_params)`."""

    board: str | Board
    players: int
    bots: tuple[str, ...]
    seed: int = 1
    game: int = 0
    rules: str | RuleSet | None = None
    bot_params: BotParams = BotParams()

    @classmethod
    def of_results(cls, path: Path, game: int) -> GameSource:
        """Game `game` of the run in results folder `path`."""
        return cls.of_run(load(path), game, str(path))

    @classmethod
    def of_run(cls, res: Results, game: int, where: str = "the run") -> GameSource:
        """Game `game` of a run read back (its manifest and board)."""
        spec = res.spec
        if isinstance(game, bool) or not isinstance(game, int) or not 0 <= game < spec.games:
            raise ValueError(f"--game {game!r}: {where} holds games 0..{spec.games - 1}")
        return cls(spec.board, spec.players, spec.bots, spec.seed, game, spec.rules, spec.bot_params)

    def new_game(self) -> Game:
        bots = parse_bots(list(self.bots), self.players)
        game = Game(self.board, self.players, rules=self.rules, seed=self.seed, game=self.game,
                    bot_params=self.bot_params)
        check_bots_play(bots, game.rules)  # each bot plays this rule family and board, or a ValueError says why
        check_bots_handle_board(bots, game.rules, game.board)
        return game


def record_game(source: GameSource) -> dict:
    """The game of `source` played to its end: the board, seats and tickets by name, a frame for the
    setup and one per turn (the moves of the turn and every seat after it), the claims and stations with
    the frame they appear in, and the final scoring. Plain JSON-able values, the same for the same source."""
    game = source.new_game()
    bots = parse_bots(list(source.bots), source.players)
    frames, claims, stations = [], [], []
    key, moves, seat = None, [], 0
    while not game.over:
        turn_key = "setup" if game.phase == "setup_keep" else game.turn
        if turn_key != key and moves:
            frames.append(_frame(game, key, seat, moves))
            moves = []
        key, seat = turn_key, (game.to_move if not moves else seat)
        moves.append(_play(game, bots[game.to_move], len(frames), claims, stations))
    frames.append(_frame(game, key, seat, moves))
    names = BoardNames.of(game.board)
    return {
        "board": game.board.name, "title": game.board.title, "rules": game.rules.name, "players": game.players,
        "team_size": max(game.rules.team_size, 1), "bots": bots, "seed": source.seed, "game": source.game,
        "cards": list(L.CARD_NAMES),
        "tickets": [[n, p] for n, p in zip(names.tickets, names.ticket_points, strict=True)],
        "cities": list(names.cities), "routes": list(names.routes),
        "frames": frames, "turns": game.turn, "claims": claims, "stations": stations,
        "end_reason": game.end_reason, "winners": list(game.winners), "final": _final(game),
    }


def _play(game: Game, bot: str, frame: int, claims: list, stations: list) -> str:
    """Play the bot's move for the seat to move; its text, with the card a draw brought."""
    p, st = game.to_move, game.state
    team = p // max(game.rules.team_size, 1)
    before = st.hand[p].astype(int) + st.holder[team].astype(int)
    owners, built = st.owner.copy(), st.station_city[p].copy()
    move = game.bot_move(bot)
    game.step(move)
    text = str(move)
    if move.kind in DRAWS:
        got = st.hand[p].astype(int) + st.holder[team].astype(int) - before
        names = [L.CARD_NAMES[k] for k in range(L.N_CARD_KINDS) for _ in range(max(int(got[k]), 0))]
        text += f": {', '.join(names)}" if names else ""
    for r in (st.owner != owners).nonzero()[0].tolist():
        claims.append([r, int(st.owner[r]), frame])
    for c in sorted(set(st.station_city[p].tolist()) - set(built.tolist()) - {-1}):
        stations.append([int(c), p, frame])
    return f"seat {p}: {text}"


def _frame(game: Game, key, seat: int, moves: list[str]) -> dict:
    """The moves of one turn (or of the setup) and every seat after them."""
    st, size = game.state, max(game.rules.team_size, 1)
    scores = game.scores()
    seats = []
    for q in range(game.players):
        held = [t for t, h in enumerate(st.ticket_holder.tolist()) if h == q]
        seats.append({
            "hand": st.hand[q].tolist(), "holder": st.holder[q // size].tolist() if size > 1 else None,
            "score": scores[q].score, "trains": int(st.trains[q]), "stations": int(st.stations_left[q]),
            "tickets": [[t, int(st.ticket_done_turn[t]) >= 0] for t in held],
        })
    label = "Setup" if key == "setup" else f"Turn {key + 1}"
    return {"label": label, "turn": None if key == "setup" else key, "seat": seat, "moves": moves, "seats": seats}


def _final(game: Game) -> list[dict]:
    out = []
    for s in game.scores():
        row = {"seat": s.seat, "team": s.team, "route_points": s.route_points, "mountain_points": s.mountain_points}
        row.update(asdict(s.final))
        out.append(row)
    return out
