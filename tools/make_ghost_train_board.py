"""Write the PROVISIONAL Ghost Train board (analyzer/boards_data/ghost_train).

No public transcription of the printed Ghost Train board exists. What the
rules (docs/rules/ghost-train.md, seed 000_2a34dc5de1b7b876) give is kept:
the places they and public descriptions of the English edition name, the
Dark Forest top-left and the Coast bottom-right (GT-BON-1), routes in the
six card colours (GT-CMP-2), double routes (GT-DBL-1), 33 tickets of which
three are named in the seed (Cemetery-Lighthouse, Cemetery-Railway Station,
Crypt-Railway Station). Everything else is invented: every route (ends,
length 1-4, colour, which 3 are doubles) and the other 30 tickets.

The rules do not say where the Town Hall, the Crypt and the Manor on the Hill
lie. The Town Hall is placed centrally; the Crypt (bottom, between the
Cemetery and the Swamp) and the Manor on the Hill (top) are placed as far
from the Town Hall as other places typically are from each other: the
shortest chain from the Town Hall to each takes as many wagons as the median
shortest chain between two other places (6; `check` below verifies it), so a
Town Hall bonus (GT-BON-2) costs a chain of typical length, not one claim.

Deterministic: run it again and the files are the same. The board's
board.toml (deck, regions, note) is written by hand. Replace the board with
the printed one by editing the CSV files and setting `provisional = false`.
"""

import csv
import heapq
import itertools
import statistics
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "analyzer" / "boards_data" / "ghost_train"

# name: (x, y) on a 1000 x 720 plot, y downwards
PLACES = {
    # Dark Forest, top-left (GT-BON-1)
    "Gingerbread House": (90, 90), "Gloomy Glade": (240, 70), "Rotten Tree": (110, 240),
    "Witch's Cauldron": (390, 110), "Abandoned Barn": (260, 340), "Pumpkin Patch": (100, 440),
    "Haunted Circus": (660, 90), "Manor on the Hill": (560, 40), "Town Hall": (500, 360),
    "Crypt": (380, 690), "Cemetery": (260, 570), "Abandoned School": (710, 300),
    "Mad Scientist's Lab": (890, 170), "Railway Station": (640, 470),
    # Coast, bottom-right (GT-BON-1)
    "Swamp": (560, 650), "Fishing Harbour": (900, 470), "Lighthouse": (870, 650),
}

# (a, b, length, colour, double): lanes with the same `double` key form one double route
ROUTES = [
    ("Gingerbread House", "Gloomy Glade", 2, "red", None),
    ("Gingerbread House", "Rotten Tree", 1, "green", None),
    ("Gloomy Glade", "Rotten Tree", 2, "yellow", None),
    ("Gloomy Glade", "Witch's Cauldron", 2, "blue", None),
    ("Rotten Tree", "Abandoned Barn", 2, "orange", None),
    ("Rotten Tree", "Pumpkin Patch", 3, "black", None),
    ("Witch's Cauldron", "Manor on the Hill", 2, "green", None),
    ("Witch's Cauldron", "Abandoned Barn", 3, "red", None),
    ("Witch's Cauldron", "Haunted Circus", 4, "yellow", None),
    ("Abandoned Barn", "Town Hall", 3, "blue", "barn"),
    ("Abandoned Barn", "Town Hall", 3, "yellow", "barn"),
    ("Abandoned Barn", "Pumpkin Patch", 2, "blue", None),
    ("Abandoned Barn", "Crypt", 3, "green", None),
    ("Pumpkin Patch", "Cemetery", 3, "orange", None),
    ("Manor on the Hill", "Haunted Circus", 1, "red", None),
    ("Manor on the Hill", "Abandoned School", 3, "yellow", None),
    ("Haunted Circus", "Mad Scientist's Lab", 3, "green", None),
    ("Haunted Circus", "Abandoned School", 3, "blue", None),
    ("Town Hall", "Abandoned School", 3, "red", None),
    ("Town Hall", "Railway Station", 2, "green", "station"),
    ("Town Hall", "Railway Station", 2, "blue", "station"),
    ("Crypt", "Cemetery", 2, "blue", None),
    ("Crypt", "Railway Station", 4, "orange", None),
    ("Crypt", "Swamp", 3, "yellow", None),
    ("Cemetery", "Swamp", 4, "red", None),
    ("Railway Station", "Swamp", 2, "black", None),
    ("Railway Station", "Fishing Harbour", 3, "red", None),
    ("Railway Station", "Abandoned School", 1, "orange", None),
    ("Railway Station", "Lighthouse", 4, "black", None),
    ("Abandoned School", "Mad Scientist's Lab", 2, "black", None),
    ("Abandoned School", "Fishing Harbour", 3, "green", None),
    ("Mad Scientist's Lab", "Fishing Harbour", 3, "orange", None),
    ("Swamp", "Lighthouse", 3, "green", "coast"),
    ("Swamp", "Lighthouse", 3, "yellow", "coast"),
    ("Fishing Harbour", "Lighthouse", 1, "blue", None),
]

# 33 tickets (GT-CMP-3), each worth one completed ticket; the first three are in the seed
TICKETS = [
    ("Cemetery", "Lighthouse"), ("Cemetery", "Railway Station"), ("Crypt", "Railway Station"),
    ("Gingerbread House", "Town Hall"), ("Gloomy Glade", "Haunted Circus"), ("Rotten Tree", "Cemetery"),
    ("Witch's Cauldron", "Town Hall"), ("Pumpkin Patch", "Crypt"), ("Abandoned Barn", "Manor on the Hill"),
    ("Haunted Circus", "Fishing Harbour"), ("Mad Scientist's Lab", "Lighthouse"), ("Abandoned School", "Swamp"),
    ("Manor on the Hill", "Railway Station"), ("Town Hall", "Lighthouse"), ("Gingerbread House", "Witch's Cauldron"),
    ("Gloomy Glade", "Abandoned Barn"), ("Pumpkin Patch", "Town Hall"), ("Crypt", "Abandoned School"),
    ("Cemetery", "Manor on the Hill"), ("Witch's Cauldron", "Mad Scientist's Lab"), ("Haunted Circus", "Town Hall"),
    ("Abandoned Barn", "Railway Station"), ("Rotten Tree", "Crypt"), ("Fishing Harbour", "Swamp"),
    ("Mad Scientist's Lab", "Railway Station"), ("Pumpkin Patch", "Swamp"), ("Gingerbread House", "Manor on the Hill"),
    ("Abandoned School", "Lighthouse"), ("Crypt", "Fishing Harbour"), ("Gloomy Glade", "Town Hall"),
    ("Haunted Circus", "Abandoned Barn"), ("Cemetery", "Abandoned School"), ("Witch's Cauldron", "Crypt"),
]


def distances():
    """Shortest chain in wagons between every two places."""
    adj = {p: [] for p in PLACES}
    for a, b, n, _, _ in ROUTES:
        adj[a].append((b, n))
        adj[b].append((a, n))
    out = {}
    for src in PLACES:
        d, heap = {src: 0}, [(0, src)]
        while heap:
            du, u = heapq.heappop(heap)
            if du > d[u]:
                continue
            for v, w in adj[u]:
                if du + w < d.get(v, 1 << 30):
                    d[v] = du + w
                    heapq.heappush(heap, (du + w, v))
        out[src] = d
    return out


def check():
    """The Town Hall's bonus places are as far from it as places typically are
    from each other (the median over pairs of the other places)."""
    d = distances()
    others = [p for p in PLACES if p not in ("Town Hall", "Crypt", "Manor on the Hill")]
    typical = statistics.median(d[a][b] for a, b in itertools.combinations(others, 2))
    far = {p: d["Town Hall"][p] for p in ("Crypt", "Manor on the Hill")}
    assert all(abs(v - typical) <= 1 for v in far.values()), (far, typical)
    return far, typical


def main():
    far, typical = check()
    OUT.mkdir(parents=True, exist_ok=True)
    groups = {}
    with open(OUT / "routes.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["a", "b", "length", "color", "kind", "locomotives", "mountains", "parallel_group", "reveal"])
        for a, b, n, colour, double in ROUTES:
            group = "" if double is None else groups.setdefault(double, len(groups))
            w.writerow([a, b, n, colour, "normal", 0, 0, group, ""])
    with open(OUT / "cities.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["name", "x", "y"])
        for name, (x, y) in PLACES.items():
            w.writerow([name, x, y])
    with open(OUT / "tickets.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["a", "b", "points", "long"])
        for a, b in TICKETS:
            w.writerow([a, b, 1, 0])
    print(f"{len(PLACES)} places, {len(ROUTES)} route lanes, {len(TICKETS)} tickets; Town Hall to "
          + ", ".join(f"{p} {v}" for p, v in far.items()) + f" wagons (typical: {typical})")


if __name__ == "__main__":
    main()
