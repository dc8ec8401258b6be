"""Every rule of the specification (docs/rules/, the project's copy of the
rules with their IDs) is named by a test, so a reader can go from a rule to
its proof; and every rule is proven by play on its own board: a test of
tests/rules/<doc>/ names the ID and drives the engine. Lettered IDs
(GT-BON-1a) are assumptions, held to the same standard; source notes
(EU-SET-2s, EU-TUN-s) are not rules.

"Drives the engine" is read mechanically from the test's source: the test
function calls, itself or through a function of its own module or of the
shared helpers (helpers.py, rule_games.py, worlds.py), one of ENGINE_CALLS:
an action through the engine (act, step, a claim), the legal actions, the
deal (init_game, the setup's keeps), a scoring kernel or whole games. Building
a position (Game, blank, set_hand, give, ...) or reading a preset's value
(preset(...).field, g.ru[...]) is not: a test that only says loco_reset
equals USA's does not show that the Swiss market resets."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
TESTS = ROOT / "tests"
RULE_ID = re.compile(r"\b(?:BASE|EU|LA|TA|GT|NC|SW|IN)-[A-Z]+-[0-9]+[a-r,t-z]?\b")
NAMED_ID = re.compile(r"\b(?:BASE|EU|LA|TA|GT|NC|SW|IN)-[A-Z]+-[0-9]+[a-z]?\b")
# an ID's prefix -> the folder of tests/rules/ holding its rules document's tests
DOC_FOLDERS = {"BASE": "base", "EU": "europe", "LA": "legendary_asia", "TA": "team_asia", "GT": "ghost_train",
               "NC": "nordic_countries", "SW": "switzerland", "IN": "india"}
ENGINE_CALLS = frozenset({
    # helpers.Game: an action, the legal actions, the setup's keeps, the end-of-game scoring
    "act", "force", "claim", "draw_blind", "finish_setup", "legal", "legal_set", "kinds", "can", "claim_colours",
    "score", "legal_actions", "bot_move", "play",
    # the kernels and whole games
    "step", "init_game", "legal_actions_of", "claim_actions", "claim_actions_by_payment", "score_game",
    "score_points_game", "grand_tour_tickets", "grand_tour_bonus", "best_station_choice", "play_block",
    "play_random", "play_checked", "play_one", "simulate",
})
# position builders: a call to one is not a call to the engine, whatever it calls to finish the setup
BUILDERS = frozenset({"blank"})
SHARED_HELPERS = ("helpers.py", "rule_games.py", "worlds.py")


def rule_ids() -> set[str]:
    ids = set()
    for md in RULES.glob("*.md"):
        ids.update(RULE_ID.findall(md.read_text()))
    return ids


def _calls(node) -> set[str]:
    """Names a function calls: f(...) and x.f(...)."""
    out = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Call):
            if isinstance(n.func, ast.Name):
                out.add(n.func.id)
            elif isinstance(n.func, ast.Attribute):
                out.add(n.func.attr)
    return out


def engine_callers(trees, known=ENGINE_CALLS) -> frozenset[str]:
    """`known` and every function defined in `trees` that calls one of them, transitively (builders excepted)."""
    defs: dict[str, list] = {}
    for tree in trees:
        for n in ast.walk(tree):
            if isinstance(n, ast.FunctionDef):
                defs.setdefault(n.name, []).append(n)
    found = set(known)
    grew = True
    while grew:
        grew = False
        for name, fns in defs.items():
            if name not in found and name not in BUILDERS and any(_calls(f) & found for f in fns):
                found.add(name)
                grew = True
    return frozenset(found)


def shared_engine_callers() -> frozenset[str]:
    return engine_callers([ast.parse((TESTS / f).read_text()) for f in SHARED_HELPERS])


def ids_named_by_tests(source: str, shared: frozenset[str]) -> list[tuple[str, set[str], bool]]:
    """(test name, IDs its name, docstring, body or comments name, whether it drives the engine) for each
    test function of one module's source."""
    tree = ast.parse(source)
    engine = engine_callers([tree], shared)
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.FunctionDef) and n.name.startswith("test_"):
            text = (ast.get_source_segment(source, n) or "").replace("_", "-")
            out.append((n.name, set(NAMED_ID.findall(text)), bool(_calls(n) & engine)))
    return out


def proofs() -> tuple[set[str], dict[str, list[str]]]:
    """(IDs some test names anywhere, ID -> tests of its own folder of tests/rules/ that name it and drive the
    engine)."""
    shared = shared_engine_callers()
    named, played = set(), {}
    here = Path(__file__).resolve()
    for path in TESTS.rglob("test_*.py"):
        if path.resolve() == here:
            continue
        rel = path.relative_to(TESTS).as_posix()
        for name, ids, plays in ids_named_by_tests(path.read_text(), shared):
            named |= ids
            for i in ids:
                if plays and rel.startswith(f"rules/{DOC_FOLDERS[i.split('-')[0]]}/"):
                    played.setdefault(i, []).append(f"{rel}::{name}")
    return named, played


def test_the_rules_are_carried_in_the_project():
    names = {p.name for p in RULES.glob("*.md")}
    assert {"README.md", "base.md", "europe.md", "legendary-asia.md", "team-asia.md", "ghost-train.md",
            "nordic-countries.md", "switzerland.md", "india.md"} <= names
    assert len(rule_ids()) > 100


def named_ids() -> set[str]:
    here = Path(__file__).resolve()
    text = "\n".join(p.read_text() for p in TESTS.rglob("*.py") if p.resolve() != here)
    return set(re.findall(r"\b[A-Z]+-[A-Z]+-[0-9]+[a-z]?\b", text.replace("_", "-")))


def test_every_rule_id_is_named_by_a_test():
    missing = sorted(rule_ids() - named_ids())
    assert not missing, f"rule IDs no test names: {', '.join(missing)}"


def test_every_rule_id_is_proven_by_play_on_its_own_board():
    """Each ID is named by a test of tests/rules/<its doc>/ that drives the engine; an ID named only by
    tests that build a position or read a preset's value, or only outside its folder, fails."""
    named, played = proofs()
    unproven = sorted(rule_ids() - set(played))
    detail = [f"{i} (named by no test)" if i not in named else
              f"{i} (named only by tests that do not drive the engine, or outside tests/rules/"
              f"{DOC_FOLDERS[i.split('-')[0]]}/)" for i in unproven]
    assert not unproven, "rule IDs no test of their own folder proves by play:\n  " + "\n  ".join(detail)


PRESET_ONLY = '''
from analyzer.rules import preset
from rule_games import swiss


def test_SW_MKT_2a_the_reset_stays():
    assert preset("switzerland").loco_reset == 3


def test_SW_MKT_1_the_policy_in_the_rule_vector():
    g = swiss()  # a position is built, nothing is played
    assert g.ru[0] >= 0
'''

PLAYED = '''
from kernels import layouts as L
from rule_games import swiss


def market(g):
    g.act(L.A_DRAW_MARKET, 2)  # a module helper that acts counts for its callers


def test_SW_MKT_2a_three_face_up_locomotives_reset():
    g = swiss()
    g.set_market(["locomotive", "locomotive", "pink", "white", "yellow"])
    market(g)
'''


def test_the_checker_refuses_a_preset_value_and_accepts_play():
    """The criterion itself: a test that reads a preset or only builds a position does not drive the engine;
    one that acts (directly or through a helper of its module) does."""
    shared = shared_engine_callers()
    assert {"claim", "take", "build", "draw_two_blind"} <= shared  # shared helpers that act
    assert not {"nordic", "swiss", "blank", "set_hand", "give", "hold"} & shared  # builders do not
    got = {name: (ids, plays) for name, ids, plays in ids_named_by_tests(PRESET_ONLY, shared)}
    assert got == {"test_SW_MKT_2a_the_reset_stays": ({"SW-MKT-2a"}, False),
                   "test_SW_MKT_1_the_policy_in_the_rule_vector": ({"SW-MKT-1"}, False)}
    assert ids_named_by_tests(PLAYED, shared) == [("test_SW_MKT_2a_three_face_up_locomotives_reset", {"SW-MKT-2a"},
                                                 True)]
