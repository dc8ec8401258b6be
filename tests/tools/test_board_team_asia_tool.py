"""tools/make_team_asia_board.py rebuilds the provisional board exactly (the
board in the repository is reproducible from the script)."""

import importlib.util

from helpers import PROJECT_ROOT as ROOT


def test_generator_reproduces_the_board(tmp_path):
    spec = importlib.util.spec_from_file_location("make_team_asia_board", ROOT / "tools" / "make_team_asia_board.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.OUT = tmp_path
    mod.main()
    board = ROOT / "analyzer" / "boards_data" / "team_asia"
    for name in ("cities.csv", "routes.csv", "tickets.csv"):
        assert (tmp_path / name).read_text() == (board / name).read_text(), name
