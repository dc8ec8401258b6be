"""docs/boards.md and docs/tables.md name exactly what the loaders take and
give: every board.toml key and CSV column analyzer/board_files.py reads
(required or optional as documented), every column of a run's five tables (and its events table) as
analyzer.load gives them (with its type), and the Switzerland ticket ids as
the board's ticket list numbers them."""

from __future__ import annotations

import re
import shutil

import pytest
from helpers import PROJECT_ROOT as ROOT

import analyzer
from analyzer import board_files as F
from analyzer.boards import DATA_DIR, BoardError, load_board


def documented(doc: str, heading: str) -> dict[str, list[str]]:
    """The table under each `heading`-level title naming a file or table in backticks:
    {name: [each row's cells]}, a row per column (a row naming several columns is split)."""
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    out = {}
    for part in re.split(rf"^{heading} ", text, flags=re.M)[1:]:
        title = re.match(r"`([^`]+)`", part)
        if not title:
            continue
        rows = {}
        for line in part.splitlines():
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
            if len(cells) >= 3 and cells[0].startswith("`"):
                for name in re.findall(r"`([^`]+)`", cells[0]):
                    rows[name] = cells[1:]
        out[title.group(1)] = rows
    return out


BOARD_DOC = documented("boards.md", "###")
TABLE_DOC = documented("tables.md", "##")


@pytest.mark.parametrize("file", sorted(F.FILE_COLUMNS))
def test_each_board_csv_column_the_loader_reads_is_documented(file):
    required, optional = F.FILE_COLUMNS[file]
    rows = BOARD_DOC[file]
    assert set(rows) == set(required) | set(optional)
    assert {c for c, cells in rows.items() if cells[1] == "yes"} == set(required)


def test_each_board_toml_key_is_documented():
    rows = BOARD_DOC["board.toml"]
    assert set(rows) == set(F.TOML_KEYS)
    assert {k for k, cells in rows.items() if cells[1] == "yes"} == {k for k, req in F.TOML_KEYS.items() if req}


def test_an_undocumented_board_toml_key_is_an_error(tmp_path):
    folder = shutil.copytree(DATA_DIR / "usa", tmp_path / "usa")
    (folder / "board.toml").write_text('colour_scheme = "dark"\n' + (folder / "board.toml").read_text())
    with pytest.raises(BoardError, match="colour_scheme.*unknown key"):
        load_board(folder)


@pytest.fixture(scope="module")
def run():
    return analyzer.simulate(board="switzerland", players=2, bots="random", games=4, seed=1, progress=False,
                             events=True)


@pytest.mark.parametrize("table", ["games", "players", "tickets", "claims", "tunnels", "events"])
def test_each_result_column_is_documented_with_its_type(run, table):
    frame = getattr(run, table)
    rows = TABLE_DOC[table]
    assert list(rows) == list(frame.columns)
    assert {c: cells[0] for c, cells in rows.items()} == {c: str(t) for c, t in frame.dtypes.items()}


def test_switzerland_ticket_ids_are_as_documented():
    rows = load_board("switzerland").ticket_rows()
    multi = load_board("switzerland").multi_tickets
    assert len(rows) == 46 and (rows["multi"].iloc[:34] == -1).all()
    expected = [m for m, copies in enumerate(multi["copies"]) for _ in range(copies)]
    assert rows["multi"].iloc[34:].tolist() == expected == [0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7]
    assert [multi["a"].iloc[m] for m in expected[8:]] == ["Bern", "Chur", "Zürich", "Lugano"]
    doc = (ROOT / "docs" / "boards.md").read_text(encoding="utf-8")
    assert "ids 0–33 are the 34 rows of `tickets.csv` and ids\n34–45 the 12 country-ticket cards" in doc
