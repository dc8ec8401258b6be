"""A run keeps its board beside its tables, every file of it: a board with
tickets with options (Switzerland's tickets_multi.csv, SW-TKT-3) reads back
from the folder alone, ticket names and all."""

import analyzer


def test_a_run_folder_keeps_every_board_file(tmp_path):
    out = tmp_path / "sw"
    analyzer.simulate(board="switzerland", players=3, bots="random", games=6, seed=3, threads=1, progress=False,
                      out=out)
    assert (out / "board" / "tickets_multi.csv").is_file()
    res = analyzer.load(out)
    names = res.ticket_names()
    t = res.tickets
    assert len(names) == len(res.board.ticket_rows()) and t["ticket"].max() < len(names)
    assert (t["ticket_name"].astype(str) == names.to_numpy()[t["ticket"].to_numpy()]).all()
