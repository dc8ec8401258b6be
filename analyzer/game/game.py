"""`Game`: one game of Ticket to Ride played step by step from Python, in the shape of pgx and
OpenSpiel (legal moves, step, observation, clone), over the same kernels and random streams as
analyzer.simulate: `Game(board, players, seed=s, game=g)` is game number g of
`analyzer.simulate(board, players, ..., seed=s)`, with the same deal, and its built-in bots draw from the
same streams with the same memory (kernels/runner.py play_game). This is the slow, friendly path: it
allocates Python objects per call; the kernels it calls are the runner's, with the runner's argument
types (one compiled signature each)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from analyzer.boards import Board
from analyzer.bots import BOTS, BotParams, check_bots_handle_board, check_bots_play, parse_bots
from analyzer.game.moves import PHASES, BoardNames, Move, MoveNamer, code_parts, is_action
from analyzer.game.observation import Observation, observe
from analyzer.game.scores import SeatScore, seat_scores
from analyzer.records import scratch_record, state_record
from analyzer.rules import RuleSet
from analyzer.run.spec import make_spec
from kernels import layouts as L
from kernels.bots.dispatch import choose_action
from kernels.core.state import init_game, new_state
from kernels.engine import legal_actions, step
from kernels.prng import STREAM_BOT, STREAM_DECK, stream_seed

# A player of Game.play: a built-in bot's name, or a function of (observation of the seat to move, its
# legal moves) returning one of the moves (or its int code).
Player = str | Callable[[Observation, list[Move]], "Move | int"]


class Game:
    """One game, step by step.

    `board`: a built-in board's name (`usa`, `europe`, `team_asia`, `ghost_train`, ...), a board folder or
    an analyzer.Board; `players`: the number of seats; `rules`: a preset name or an analyzer.RuleSet
    (default: the board's), with `overrides` (house rules, as analyzer.simulate takes them); `seed` and
    `game`: the deal and the bots' random streams of game number `game` of
    `analyzer.simulate(..., seed=seed)`; `bot_params`: the built-in bots' weights (NAME=VALUE strings or a
    dict, as analyzer.simulate takes them). Every input is checked as analyzer.simulate checks it
    (RuleError, a ValueError, for rules and player counts; ValueError for the rest).

    The kernels' records stay reachable for tests and tools that need everything, hidden information
    included: `state` (the game state record, analyzer.records.state_record), `board_record`,
    `rules_array`, `scratch` (the bots' memory). Writing them changes the game."""

    def __init__(self, board: str | Board = "usa", players: int = 2, rules: str | RuleSet | None = None,
                 seed: int = 0, game: int = 0, overrides=None, bot_params=None):
        if isinstance(game, bool) or not isinstance(game, int) or not 0 <= game < 2**63:
            raise ValueError(f"game must be a whole number in 0..2**63-1 (a game index of analyzer.simulate), "
                             f"not {game!r}")
        # simulate's own checks; `random` plays every rule family and board, so only the inputs are judged
        # (the bot parameters by their values: which bots read them is the caller's choice, made at play)
        spec = make_spec(board, players, ["random"], games=1, seed=seed, rules=rules, overrides=overrides)
        params = BotParams.of(bot_params)
        self.board, self.rules, self.players, self.seed, self.game = spec.board, spec.rules, players, seed, game
        self.board_record, self.rules_array = spec.arrays, spec.rules.to_array()
        self._state = new_state(self.board_record, self.rules_array, players)
        self.state = state_record(self._state)
        master, index = np.int64(seed), np.int64(game)
        # called from Python, stream_seed answers a Python int: uint64 again, the runner's type (an int
        # would compile init_game a second time, for int64)
        init_game(self.state, self.board_record, self.rules_array, players,
                  np.uint64(stream_seed(master, index, np.int64(STREAM_DECK))))
        self._bot_rng = np.array([stream_seed(master, index, np.int64(STREAM_BOT + p)) for p in range(players)],
                                 np.uint64)
        # a fresh Scratch: in simulate, game g starts from the Scratch games 0..g-1 of its chunk left, with
        # play_game's per-game resets, and plays the same (tests/analyzer/game/test_game_vs_simulate.py)
        self.scratch = scratch_record()
        self.scratch.bot_params[:] = params.to_array()
        self._names = BoardNames.of(self.board)
        self._namer: MoveNamer | None = None  # made at the first move named (a spare state for trial steps)
        self._legal = np.zeros(L.MAX_LEGAL, np.int64)

    def __repr__(self) -> str:
        where = "over" if self.over else f"seat {self.to_move} to move ({self.phase})"
        return (f"Game(board={self.board.name!r}, players={self.players}, rules={self.rules.name!r}, "
                f"seed={self.seed}, game={self.game}: turn {self.turn}, {where})")

    # --- queries ------------------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        """The seat whose decision it is."""
        return int(self.state.sc[L.SC_PLAYER])

    @property
    def phase(self) -> str:
        """setup_keep, turn, second_draw, keep_tickets, tunnel, place_card (Team Asia) or over."""
        return PHASES[int(self.state.sc[L.SC_PHASE])]

    @property
    def over(self) -> bool:
        return int(self.state.sc[L.SC_PHASE]) == L.PH_OVER

    @property
    def turn(self) -> int:
        """Turns played so far, all seats together."""
        return int(self.state.sc[L.SC_TURN])

    @property
    def end_reason(self) -> str | None:
        """Once over: trains (the last round was played), tickets (Ghost Train's race won), no_actions
        or turn_cap (a stalled game); else None."""
        return L.END_NAMES[int(self.state.sc[L.SC_END_REASON])] if self.over else None

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once over (a whole team in Team Asia; ties share), else ()."""
        return tuple(s.seat for s in self.scores() if s.final and s.final.winner)

    def scores(self) -> list[SeatScore]:
        """Each seat's score so far, and its breakdown once the game is over (analyzer.game.scores)."""
        return seat_scores(self.state, self.rules_array)

    def observation(self, seat: int | None = None) -> Observation:
        """What `seat` (default: the seat to move) may see (analyzer.game.observation)."""
        seat = self.to_move if seat is None else seat
        if isinstance(seat, bool) or not isinstance(seat, int | np.integer) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be one of 0..{self.players - 1}, not {seat!r}")
        return observe(self.state, self.rules_array, self._names, int(seat), [s.score for s in self.scores()])

    # --- moves -----------------------------------------------------------------------------------
    def legal_codes(self) -> list[int]:
        """The legal actions of the seat to move as the kernels' int64 codes (empty once over)."""
        n = legal_actions(self.state, self.board_record, self.rules_array, self._legal)
        return self._legal[:n].tolist()

    def legal_actions(self) -> list[Move]:
        """The legal moves of the seat to move, named (empty once over)."""
        return self._move_namer().name_all(self._state, self.legal_codes())

    def move(self, code: int) -> Move:
        """The Move of action `code` in the current position (a code that is not legal here is named
        without the cards it would cost)."""
        code = self._code_of(code)
        if not is_action(code):
            raise ValueError(f"{self._text(code)}: code {code}")
        return self._move_namer().name(self._state, code, legal=code in self.legal_codes())

    def step(self, move: Move | int) -> bool:
        """Play `move` (a Move, applied by its code, or an int code) for the seat to move. Returns True
        when the game is over. An illegal move is refused with a ValueError naming it."""
        code = self._code_of(move)
        if self.over:
            raise ValueError(f"the game is over ({self.end_reason}): no move can be played, not {self._text(code)}")
        legal = self.legal_codes()
        if code not in legal:
            raise ValueError(f"illegal move for seat {self.to_move} in phase {self.phase}: {self._text(code)} "
                             f"(code {code}); {len(legal)} legal move(s), see legal_actions()")
        return bool(step(self.state, self.board_record, self.rules_array, np.int64(code), self.scratch))

    def _code_of(self, move) -> int:
        if isinstance(move, Move):
            return move.code
        if isinstance(move, bool) or not isinstance(move, int | np.integer):
            raise TypeError(f"a move is a Move or an int action code, not {type(move).__name__}: {move!r}")
        return int(move)

    def _text(self, code: int) -> str:
        """A readable name of a code that may not be legal (or not even a valid action)."""
        if not is_action(code):
            kind, a, b = code_parts(code)
            return f"not an action (kind {kind}, a={a}, b={b})"
        return str(self._move_namer().name(self._state, code, legal=False))

    def _move_namer(self) -> MoveNamer:
        if self._namer is None:
            self._namer = MoveNamer(self._names, self.board_record, self.rules_array, self.players)
        return self._namer

    # --- look-ahead ----------------------------------------------------------------------------
    def clone(self) -> Game:
        """An independent copy: game state, bots' memory and bots' random streams. Playing either
        never changes the other. The board and rules (never written) are shared."""
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._state = _byte_copy(self._state)
        other.state = state_record(other._state)
        other.scratch = _byte_copy(self.scratch.base)[0]
        other._bot_rng = self._bot_rng.copy()
        other._namer = None
        other._legal = np.zeros(L.MAX_LEGAL, np.int64)
        return other

    # --- built-in bots and whole games ------------------------------------------------------------
    def bot_move(self, name: str) -> Move:
        """The move the built-in bot `name` (analyzer.bots.BOTS: planner, greedy, ...) chooses for the seat
        to move, with that seat's random stream and the bots' memory, as analyzer.simulate plays it. The
        stream advances: ask once per decision, then step the move, to follow simulate's games."""
        return self.move(self._bot_code(self._bot_id(name)))

    def _bot_code(self, bot_id: int) -> int:
        if self.over:
            raise ValueError("the game is over: no bot has a move to make")
        p = self.to_move
        return int(choose_action(np.int64(bot_id), self.state, self.board_record, self.rules_array, np.int64(p),
                                 self._bot_rng[p:p + 1], self.scratch))

    def _bot_id(self, name: str) -> int:
        if not isinstance(name, str):
            raise TypeError(f"a built-in bot is named by a string ({', '.join(BOTS)}), not {name!r}")
        names = parse_bots([name], 1)
        check_bots_play(names, self.rules)
        check_bots_handle_board(names, self.rules, self.board)
        return BOTS[names[0]][0]

    def play(self, bots: Sequence[Player]) -> list[SeatScore]:
        """Play the game to its end and return scores(). `bots`: one player per seat, a built-in bot's
        name or a function `f(observation, legal_moves) -> move` given the Observation of the seat to
        move (only what it may see) and its legal Moves; it returns one of them (or its int code). A
        function that wants more (a look-ahead on a clone, say) is given the game itself by the caller,
        e.g. `lambda obs, moves: my_search(game, moves)`."""
        if isinstance(bots, str) or not isinstance(bots, Sequence) or len(bots) != self.players:
            raise ValueError(f"bots must be a list of one player per seat ({self.players}): a bot name or a "
                             f"function (observation, legal_moves) -> move, not {bots!r}")
        players = []
        for bot in bots:
            if isinstance(bot, str):
                players.append(self._bot_id(bot))
            elif callable(bot):
                players.append(bot)
            else:
                raise TypeError(f"a player is a built-in bot's name or a function (observation, legal_moves) -> "
                                f"move, not {bot!r}")
        while not self.over:
            player = players[self.to_move]
            if callable(player):
                self.step(player(self.observation(), self.legal_actions()))
            else:
                self.step(self._bot_code(player))
        return self.scores()


def _byte_copy(records: np.ndarray) -> np.ndarray:
    """A copy of a record array, byte for byte: the padding between fields too, as the kernels' own
    copies (copy_state) leave it (numpy's copy of a record copies its fields only)."""
    out = np.empty_like(records)
    out.view(np.uint8)[...] = records.view(np.uint8)
    return out
