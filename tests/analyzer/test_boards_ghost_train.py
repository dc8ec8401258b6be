"""The provisional Ghost Train board and the generic loader keys it needs:
`provisional` / `provisional_note` and `[regions]`, with errors naming the
file and field."""

import itertools
import math
import shutil
import statistics

import pytest
from cli_run import ttr
from oracle import shortest_distances

from analyzer.boards import BoardError, load_board
from kernels import layouts as L

PLACES = {"Railway Station", "Abandoned Barn", "Haunted Circus", "Cemetery", "Abandoned School", "Crypt",
          "Town Hall", "Manor on the Hill", "Gingerbread House", "Gloomy Glade", "Rotten Tree", "Swamp",
          "Lighthouse", "Fishing Harbour", "Mad Scientist's Lab", "Witch's Cauldron", "Pumpkin Patch"}


def test_ghost_train_board_is_provisional_and_built_as_the_rules_say():
    """GT-CMP-3 and the board brief: the 17 named places, regions from the
    board file, Dark Forest top-left, Coast bottom-right (the only places the
    seed gives), the Town Hall central."""
    b = load_board("ghost_train")
    assert b.provisional and "provisional" in b.title.lower() and "transcription" in b.provisional_note
    assert set(b.cities["name"]) == PLACES
    assert b.regions["dark_forest"] == ["Gingerbread House", "Gloomy Glade", "Rotten Tree"]
    assert b.regions["coast"] == ["Swamp", "Lighthouse", "Fishing Harbour"]
    xy = b.cities.set_index("name")
    forest, coast = xy.loc[b.regions["dark_forest"]], xy.loc[b.regions["coast"]]
    assert forest["x"].max() < xy["x"].median() and forest["y"].max() < xy["y"].median()  # y grows downwards
    assert coast["x"].min() > xy["x"].median() and coast["y"].min() > xy["y"].median()
    hall = xy.loc["Town Hall"]
    assert abs(hall["x"] - xy["x"].mean()) < 100 and abs(hall["y"] - xy["y"].mean()) < 100
    rt = b.routes
    assert set(rt["length"]) == {1, 2, 3, 4} and "gray" not in set(rt["color"])
    assert b.summary()["doubles"] >= 3
    assert len(b.tickets) == 33 and (b.tickets["points"] == 1).all()
    flags = b.compile(b.rules()).city_flags
    names = list(b.cities["name"])
    assert flags[names.index("Crypt")] == L.CF_CRYPT and flags[names.index("Swamp")] == L.CF_COAST


def _distances(b):
    edges = list(zip(b.routes["a"], b.routes["b"], b.routes["length"], strict=True))
    return {p: shortest_distances(edges, p) for p in set(b.routes["a"]) | set(b.routes["b"])}


def test_crypt_and_manor_are_as_far_from_the_town_hall_as_places_typically_are():
    """GT-BON-2 on the provisional board: the seed does not place the Crypt or the
    Manor on the Hill, so the reconstruction puts them as far from the Town Hall
    as two other places typically are from each other (the median shortest chain,
    in wagons), and far on the plot: no single claim takes a Town Hall bonus."""
    b = load_board("ghost_train")
    d = _distances(b)
    others = sorted(PLACES - {"Town Hall", "Crypt", "Manor on the Hill"})
    typical = statistics.median(d[a][c] for a, c in itertools.combinations(others, 2))
    for place in ("Crypt", "Manor on the Hill"):
        assert abs(d["Town Hall"][place] - typical) <= 1, (place, d["Town Hall"][place], typical)
        assert d["Town Hall"][place] > max(b.routes["length"])  # never one route
    xy = b.cities.set_index("name")
    plot = statistics.median(math.dist(xy.loc[a], xy.loc[c]) for a, c in itertools.combinations(others, 2))
    for place in ("Crypt", "Manor on the Hill"):
        assert math.dist(xy.loc["Town Hall"], xy.loc[place]) > plot / 2


def test_twenty_wagons_matter_on_the_provisional_board():
    """GT-CMP-1 on this board: six tickets by separate shortest paths need more
    than 20 wagons, so the wagons can run out before anyone has six."""
    b = load_board("ghost_train")
    from_ = _distances(b)

    def dist(src, dst):
        assert dst in from_[src], f"{src}-{dst} not joined"
        return from_[src][dst]

    lengths = sorted(dist(t.a, t.b) for t in b.tickets.itertuples())
    assert 2 <= lengths[0] and lengths[-1] <= 12
    # six average tickets laid out separately need more than 20 wagons: only
    # tickets sharing routes win, and the wagons often run out first
    assert 6 * sum(lengths) / len(lengths) > 20
    trick = min(dist(a, c) for a in b.regions["dark_forest"] for c in b.regions["coast"])
    assert 6 <= trick <= 10  # Trick or Treat costs a good part of the 20 wagons


@pytest.fixture
def ghost_copy(tmp_path):
    dest = tmp_path / "ghost"
    shutil.copytree(load_board("ghost_train").path, dest)
    return dest


def _toml_replace(folder, old, new):
    p = folder / "board.toml"
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new))


@pytest.mark.parametrize(
    "old,new,field,words",
    [
        ('coast = ["Swamp"', 'coast = ["Swampy"', "regions.coast", "unknown place 'Swampy'"),
        ("dark_forest =", "dark_wood =", "regions.dark_wood", "unknown region"),
        ('town_hall = ["Town Hall"]', "town_hall = []", "regions.town_hall", "non-empty list"),
        ("provisional = true", 'provisional = "yes"', "provisional", "not true or false"),
        ('provisional_note = "No public', 'provisional_note = "', "provisional_note", None),
    ],
)
def test_bad_regions_and_provisional_keys_name_file_and_field(ghost_copy, old, new, field, words):
    if field == "provisional_note":
        p = ghost_copy / "board.toml"
        lines = [ln for ln in p.read_text().splitlines() if not ln.startswith("provisional_note")]
        p.write_text("\n".join(lines) + "\n")
        words = "needs a sentence"
    else:
        _toml_replace(ghost_copy, old, new)
    with pytest.raises(BoardError) as e:
        load_board(ghost_copy)
    assert e.value.path.endswith("board.toml") and e.value.field == field
    assert words in str(e.value)


def test_boards_show_says_provisional():
    proc = ttr(["boards", "show", "ghost_train"])
    assert proc.returncode == 0
    assert "provisional board" in proc.stdout and "transcription" in proc.stdout
