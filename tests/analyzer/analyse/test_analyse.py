"""`ttr analyse`: a position file is set up as written (routes scored and joined, tickets completed,
cards conserved, the cards a seat was seen to take face up in its hand); on the last turn, the claim that
completes a 20-point ticket ranks first by a clear margin; `--json` has its documented schema; the same
seed gives the same output; a bad file stops with one line naming the file and the field (exit 2);
`--from RESULTS --game --turn` analyses the start of that turn of the run's game; every example position
of docs/analyse.md loads and is analysed."""

import json
import re

import numpy as np
import pytest
from cli_run import ttr
from helpers import PROJECT_ROOT

import analyzer
from analyzer.analyse import analyse, load_position
from analyzer.analyse.evaluate import MoveValue
from kernels import layouts as L

# USA, the last turn of the game: seat 0 needs Sault St. Marie-Montréal (5 black, in hand) to complete
# Vancouver-Montréal (20); any other move leaves the ticket lost. Seat 0 is far enough ahead (Duluth-Helena)
# that the claim wins even when seat 1 holds the ticket its chain of routes joins (Los Angeles-Miami, 20),
# as the analysis's deals mostly have it (kernels/bots/search/belief.py)
LAST_TURN = {
    "board": "usa", "seed": 1, "to_move": 0, "turn": 60, "turns_left": 1,
    "seats": [
        {"routes": ["Vancouver-Calgary", "Calgary-Winnipeg", "Winnipeg-Sault St. Marie", "Duluth-Helena"],
         "hand": {"black": 5, "red": 2, "blue": 1}, "tickets": ["Vancouver-Montréal"], "trains": 8},
        {"routes": ["Los Angeles-El Paso", "El Paso-Houston", "Houston-New Orleans", "Miami-New Orleans"],
         "cards": 6, "tickets": 1, "trains": 10},
    ],
    "market": ["red", "blue", "green", "white", "orange"],
    "discard": {"black": 2},
}


def write(tmp_path, data, name="position.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def test_the_position_is_set_up_as_written(tmp_path):
    game = load_position(write(tmp_path, LAST_TURN))
    st = game.state
    assert (game.to_move, game.turn, game.phase) == (0, 60, "turn")
    assert [s.score for s in game.scores()] == [4 + 15 + 15 + 15, 15 + 15 + 2 + 15]
    assert list(st.trains[:2]) == [8, 10]
    assert game.observation(0).hand["black"] == 5 and sum(game.observation(1).hand.values()) == 6
    assert [t.name for t in game.observation(0).tickets] == ["Vancouver–Montréal (20)"]
    assert not game.observation(0).tickets[0].completed
    everywhere = st.hand.sum(axis=0) + st.discard + np.bincount(st.pile[:int(st.sc[L.SC_N_PILE])],
                                                                 minlength=L.N_CARD_KINDS)
    everywhere += np.bincount([c for c in st.market if c >= 0], minlength=L.N_CARD_KINDS)
    assert list(everywhere) == list(game.board_record.deck)  # every card of the deck is somewhere, once
    held = [int(h) for h in st.ticket_holder[:len(game.board.ticket_rows())]]
    assert held.count(1) == 1 and held.count(L.TH_PILE) == len(held) - 2


def test_the_claim_completing_the_ticket_on_the_last_turn_ranks_first(tmp_path):
    values = analyse(load_position(write(tmp_path, LAST_TURN)), 40, 3)
    best, second = values[0], values[1]
    assert best.move.startswith("claim Montréal–Sault St. Marie (black)")
    assert best.win_low > second.win_high
    assert best.margin_low > second.margin_high + 20  # the ticket's 20 points won instead of lost
    assert [v.rank for v in values] == list(range(1, len(values) + 1))
    assert {v.group for v in values} >= {"claim a route", "draw from the market", "blind draw", "draw tickets"}


def test_json_output_schema_and_the_same_seed_gives_the_same_output(tmp_path):
    path = write(tmp_path, LAST_TURN)
    runs = [ttr(["analyse", path, "--rollouts", "6", "--seed", "4", "--json"]) for _ in range(2)]
    assert runs[0].returncode == 0, runs[0].stdout
    assert runs[0].stdout == runs[1].stdout
    out = json.loads(runs[0].stdout)
    assert set(out) == {"position", "rollouts", "seed", "moves"} and (out["rollouts"], out["seed"]) == (6, 4)
    assert set(out["position"]) == {"board", "rules", "players", "to_move", "turn", "phase", "scores"}
    fields = set(MoveValue.__dataclass_fields__)
    assert all(set(m) == fields for m in out["moves"])
    assert all(m["win_low"] <= m["win"] <= m["win_high"] and m["margin_low"] <= m["margin"] <= m["margin_high"]
               for m in out["moves"])
    codes = [m["code"] for m in out["moves"]]
    assert len(codes) == len(set(codes)) and all(m["rollouts"] == 6 for m in out["moves"])
    table = ttr(["analyse", path, "--rollouts", "6", "--seed", "4"], env={"COLUMNS": "200"})
    assert table.returncode == 0 and "best: claim Montréal–Sault St. Marie" in table.stdout


BAD = [
    (lambda d: d["seats"][0]["tickets"].append("Paris-Roma"), "seats[0].tickets[1]"),
    (lambda d: d["seats"][1]["routes"].append("Vancouver-Calgary"), "seats[1].routes[4]"),
    (lambda d: d["seats"][0]["hand"].update(purple=1), "seats[0].hand.purple"),
    (lambda d: d.update(to_move=5), "to_move"),
    (lambda d: d.update(colour="red"), "colour"),
    (lambda d: d["seats"][0].update(trains=40), "seats[0].trains"),
    (lambda d: d.update(market=["red"] * 6), "market"),
    (lambda d: d["seats"][0]["hand"].update(black=20), "seats"),
    (lambda d: d.update(board="atlantis"), "board"),
    (lambda d: d["seats"][1].update(seen={"red": 7}), "seats[1].seen"),
    (lambda d: d["seats"][1].update(seen={"purple": 1}), "seats[1].seen.purple"),
    (lambda d: d["seats"][0].update(seen={"red": 3}), "seats[0].seen"),
]


@pytest.mark.parametrize("spoil,field", BAD, ids=[f for _, f in BAD])
def test_a_bad_position_stops_with_one_line_naming_file_and_field(tmp_path, spoil, field):
    data = json.loads(json.dumps(LAST_TURN))
    spoil(data)
    path = write(tmp_path, data, "bad.json")
    proc = ttr(["analyse", path, "--rollouts", "2"], env={"COLUMNS": "300"})
    assert proc.returncode == 2
    line = proc.stdout.strip()
    assert "\n" not in line and "Traceback" not in line
    assert line.startswith(f"error: {path}: {field}:"), line


def test_the_cards_a_seat_was_seen_to_take_face_up_are_in_its_hand(tmp_path):
    """`seen`: seat 1 holds 6 cards, 2 reds and a locomotive of them taken face up; the other 3 are dealt
    from the cards not placed. Every redeal of the analysis keeps the seen ones (st.seen_in_hand)."""
    data = json.loads(json.dumps(LAST_TURN))
    data["seats"][1]["seen"] = {"red": 2, "locomotive": 1}
    data["seats"][0]["seen"] = {"black": 2}
    game = load_position(write(tmp_path, data))
    st, red, loco = game.state, L.CARD_NAMES.index("red"), L.LOCO
    assert list(st.seen_in_hand[1]) == [2 if k == red else 1 if k == loco else 0 for k in range(L.N_CARD_KINDS)]
    assert st.hand[1].sum() == 6 and st.hand[1, red] >= 2 and st.hand[1, loco] >= 1
    assert st.seen_in_hand[0, L.CARD_NAMES.index("black")] == 2 and st.seen_in_hand[0].sum() == 2
    everywhere = st.hand.sum(axis=0) + st.discard + np.bincount(st.pile[:int(st.sc[L.SC_N_PILE])],
                                                                 minlength=L.N_CARD_KINDS)
    everywhere += np.bincount([c for c in st.market if c >= 0], minlength=L.N_CARD_KINDS)
    assert list(everywhere) == list(game.board_record.deck)
    assert len(analyse(game, 2, 1)) > 1


def test_no_card_is_seen_taken_face_up_on_a_board_without_a_market(tmp_path):
    example = next(d for d in docs_examples() if d["board"] == "ghost_train")
    example["seats"][1]["seen"] = {"red": 1}
    with pytest.raises(ValueError, match=r"seats\[1\]\.seen: no card is taken face up"):
        load_position(write(tmp_path, example))


def test_a_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{ not json")
    proc = ttr(["analyse", path], env={"COLUMNS": "300"})
    assert proc.returncode == 2 and f"{path}: not a JSON file" in proc.stdout


def test_from_a_run_the_start_of_the_turn_is_analysed(tmp_path):
    res = analyzer.simulate("usa", 2, "planner", games=2, seed=7, threads=1, progress=False, out=tmp_path / "run")
    proc = ttr(["analyse", "--from", tmp_path / "run", "--game", "1", "--turn", "12", "--rollouts", "4", "--json"])
    assert proc.returncode == 0, proc.stdout
    out = json.loads(proc.stdout)
    assert (out["position"]["turn"], out["position"]["phase"], out["position"]["to_move"]) == (12, "turn", 0)
    turns = int(res.games.turns.iloc[1])
    late = ttr(["analyse", "--from", tmp_path / "run", "--game", "1", "--turn", str(turns)], env={"COLUMNS": "300"})
    assert late.returncode == 2 and f"--turn {turns}" in late.stdout


def docs_examples() -> list[dict]:
    text = (PROJECT_ROOT / "docs" / "analyse.md").read_text()
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]


def test_the_docs_have_an_example_per_rule_family():
    assert [d["board"] for d in docs_examples()] == ["europe", "legendary_asia", "team_asia", "ghost_train"]


@pytest.mark.parametrize("example", docs_examples(), ids=lambda d: d["board"])
def test_each_example_position_of_the_docs_loads_and_is_analysed(tmp_path, example):
    game = load_position(write(tmp_path, example))
    assert game.board.name == example["board"] and game.players == len(example["seats"])
    assert game.to_move == example.get("to_move", 0) and game.phase == "turn"
    values = analyse(game, 4, 1)
    assert len(values) == len({v.code for v in values}) > 1
    assert game.phase == "turn" and game.to_move == example.get("to_move", 0)  # the position is put back


BOARDS = [("usa", 2), ("europe", 3), ("legendary_asia", 3), ("team_asia", 4), ("ghost_train", 3), ("india", 2),
          ("switzerland", 3), ("nordic_countries", 3)]


@pytest.mark.parametrize("board,players", BOARDS, ids=[b for b, _ in BOARDS])
def test_a_turn_of_a_game_on_every_board_is_analysed(board, players):
    game = analyzer.Game(board, players, seed=2, game=1)
    while not (game.turn == 3 * players and game.phase == "turn"):
        game.step(game.bot_move("planner"))
    legal = {m.code for m in game.legal_actions()}
    before = game.state.copy()
    values = analyse(game, 3, 1)
    assert {v.code for v in values} <= legal and len(values) > 1
    assert all(0.0 <= v.win <= 1.0 and v.rollouts == 3 for v in values)
    # the game is as it was: every field the kernels' copy_state keeps (past them: the tunnel log's unused rows)
    kept = [f for f, (_, offset) in L.GAME_STATE.fields.items() if offset < L.STATE_COPY_BYTES]
    assert [f for f in kept if not np.array_equal(game.state[f], before[f])] == []


def test_an_empty_market_slot_stays_empty_and_its_card_is_in_the_pile(tmp_path):
    data = json.loads(json.dumps(LAST_TURN))
    data["market"] = ["red", None, "green"]
    game = load_position(write(tmp_path, data))
    assert game.observation(0).market == ("red", None, "green", None, None)
    st = game.state
    pile = np.bincount(st.pile[:int(st.sc[L.SC_N_PILE])], minlength=L.N_CARD_KINDS)
    assert int(st.sc[L.SC_N_PILE]) == int(game.board_record.deck.sum()) - 2 - 2 - 8 - 6  # market, discard, hands
    red = L.CARD_NAMES.index("red")
    assert pile[red] + st.hand[1, red] == 12 - 1 - 2  # the deck's less the market's and seat 0's: pile or seat 1
