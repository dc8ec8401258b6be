"""Write the PROVISIONAL Team Asia board (analyzer/boards_data/team_asia).

No public transcription of the Team Asia board exists. This script builds a
plausible stand-in: East, South and Central Asian cities (Legendary Asia
positions where a city is on both maps), route lengths from the distance on
the map (about 85 map units per train space, as on Legendary Asia), colours
dealt round-robin so that each colour has about the same total length, and 60
tickets whose value is the shortest train distance between their cities (the
published boards' design rule), spread like Legendary Asia's (mostly 5-12, a
few long ones). Deterministic: run it again and the files are the same.

Route kinds follow the Team Asia rules (docs/rules/team-asia.md): tunnels,
Himalaya tunnels revealing their printed 4, 5 or 6 (TA-TUN-1), and tunnels
with no printed number, which reveal 3 as in Europe (assumption TA-TUN-1a).
The rules describe no ferries, mountains or stations for this map, so the 14
sea crossings are ordinary grey routes (kind "sea" below, written as normal).

Replace the board with the printed one by editing the CSV files directly (the
format is that of every other board) and setting `provisional = false`.
"""

import csv
import heapq
import itertools
import math
import random
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "analyzer" / "boards_data" / "team_asia"

LEGENDARY = {  # positions copied from analyzer/boards_data/legendary_asia/cities.csv
    "Agra": (723, 630), "Bangkok": (1100, 875), "Bombay": (671, 789), "Calcutta": (903, 683),
    "Colombo": (794, 1034), "Dihua": (890, 286), "Hanoi": (1189, 701), "Kathmandu": (858, 608),
    "Lhasa": (952, 540), "Mandalay": (1020, 707), "Peking": (1345, 370), "Rangoon": (1019, 820),
    "Rawalpindi": (653, 515), "Saigon": (1185, 935), "Samarkand": (560, 366), "Seoul": (1532, 457),
    "Shanghai": (1426, 531), "Singapore": (1145, 1098), "Taipei": (1447, 668), "Ulan Bator": (1165, 204),
    "Xi'an": (1203, 476), "Karachi": (552, 659), "Kobe": (1712, 455), "Vladivostok": (1608, 292),
}
NEW = {  # reconstructed positions on the same projection
    "Hong Kong": (1318, 748), "Canton": (1272, 700), "Chengdu": (1105, 565), "Chongqing": (1170, 598),
    "Kunming": (1095, 668), "Lanzhou": (1090, 440), "Wuhan": (1290, 565), "Nanking": (1368, 505),
    "Harbin": (1505, 245), "Shenyang": (1462, 345), "Kashgar": (715, 390), "Kabul": (590, 470),
    "Delhi": (716, 585), "Madras": (810, 925), "Hyderabad": (760, 835), "Dhaka": (962, 672),
    "Kuala Lumpur": (1098, 1035), "Vientiane": (1140, 765), "Manila": (1525, 850), "Almaty": (765, 295),
    "Busan": (1575, 505),
}
CITIES = {**LEGENDARY, **NEW}

# (a, b, kind, extra): extra = reveal for tunnels (0: the rule set's 3, assumption TA-TUN-1a),
# lanes for doubles/triples (kind "normal" with lanes=2/3); kind "sea": a sea crossing, an
# ordinary grey route (no ferries on this map, TA-TUN-1).
R = [
    # Central Asia
    ("Samarkand", "Kabul", "normal", 1), ("Samarkand", "Almaty", "normal", 1), ("Samarkand", "Kashgar", "tunnel", 0),
    ("Kabul", "Rawalpindi", "tunnel", 0), ("Kabul", "Karachi", "normal", 1), ("Kabul", "Kashgar", "tunnel", 4),
    ("Almaty", "Kashgar", "normal", 1), ("Almaty", "Dihua", "normal", 1), ("Dihua", "Kashgar", "normal", 1),
    ("Dihua", "Lanzhou", "normal", 1), ("Dihua", "Ulan Bator", "normal", 1),
    # Himalaya
    ("Rawalpindi", "Kashgar", "tunnel", 5), ("Kashgar", "Lhasa", "tunnel", 6), ("Kathmandu", "Lhasa", "tunnel", 6),
    ("Delhi", "Kathmandu", "tunnel", 4), ("Lhasa", "Chengdu", "tunnel", 5), ("Lhasa", "Kunming", "tunnel", 4),
    ("Lhasa", "Lanzhou", "normal", 1), ("Lhasa", "Dhaka", "normal", 1),
    # India
    ("Rawalpindi", "Delhi", "normal", 2), ("Rawalpindi", "Karachi", "normal", 1), ("Karachi", "Bombay", "normal", 1),
    ("Karachi", "Agra", "normal", 1), ("Delhi", "Agra", "normal", 3), ("Agra", "Bombay", "normal", 1),
    ("Agra", "Kathmandu", "normal", 1), ("Agra", "Calcutta", "normal", 1), ("Agra", "Hyderabad", "normal", 1),
    ("Bombay", "Hyderabad", "normal", 2), ("Hyderabad", "Madras", "normal", 1), ("Hyderabad", "Calcutta", "normal", 1),
    ("Bombay", "Madras", "normal", 1), ("Madras", "Calcutta", "normal", 1), ("Madras", "Colombo", "sea", 0),
    ("Bombay", "Colombo", "sea", 0), ("Kathmandu", "Calcutta", "normal", 1), ("Calcutta", "Dhaka", "normal", 2),
    ("Kathmandu", "Dhaka", "normal", 1),
    # Indochina and the Malay peninsula
    ("Dhaka", "Mandalay", "normal", 1), ("Calcutta", "Rangoon", "sea", 0), ("Mandalay", "Rangoon", "normal", 2),
    ("Mandalay", "Kunming", "tunnel", 0), ("Mandalay", "Vientiane", "normal", 1), ("Rangoon", "Bangkok", "normal", 1),
    ("Bangkok", "Vientiane", "normal", 1), ("Bangkok", "Saigon", "normal", 1), ("Bangkok", "Kuala Lumpur", "normal", 2),
    ("Kuala Lumpur", "Singapore", "normal", 1), ("Saigon", "Singapore", "sea", 0), ("Saigon", "Hanoi", "normal", 1),
    ("Vientiane", "Hanoi", "normal", 1), ("Hanoi", "Kunming", "tunnel", 0), ("Hanoi", "Canton", "normal", 1),
    ("Saigon", "Manila", "sea", 0), ("Singapore", "Manila", "sea", 0),
    # China
    ("Kunming", "Chengdu", "normal", 1), ("Kunming", "Chongqing", "normal", 1), ("Kunming", "Canton", "normal", 1),
    ("Chengdu", "Chongqing", "normal", 2), ("Chengdu", "Lanzhou", "normal", 1), ("Chengdu", "Xi'an", "tunnel", 0),
    ("Lanzhou", "Xi'an", "normal", 1), ("Lanzhou", "Ulan Bator", "normal", 1), ("Chongqing", "Wuhan", "normal", 1),
    ("Chongqing", "Xi'an", "normal", 1), ("Xi'an", "Wuhan", "normal", 1), ("Xi'an", "Peking", "normal", 3),
    ("Wuhan", "Canton", "normal", 2), ("Wuhan", "Nanking", "normal", 1), ("Wuhan", "Peking", "normal", 1),
    ("Canton", "Hong Kong", "normal", 2), ("Nanking", "Shanghai", "normal", 3), ("Nanking", "Peking", "normal", 1),
    ("Shanghai", "Hong Kong", "normal", 1), ("Hong Kong", "Taipei", "sea", 0), ("Shanghai", "Taipei", "sea", 0),
    ("Taipei", "Manila", "sea", 0), ("Hong Kong", "Manila", "sea", 0), ("Ulan Bator", "Peking", "normal", 1),
    ("Peking", "Shenyang", "normal", 2), ("Ulan Bator", "Harbin", "normal", 1),
    # North-east
    ("Shenyang", "Harbin", "normal", 1), ("Harbin", "Vladivostok", "normal", 1), ("Shenyang", "Seoul", "normal", 1),
    ("Shenyang", "Vladivostok", "normal", 1), ("Seoul", "Busan", "normal", 1), ("Seoul", "Shanghai", "sea", 0),
    ("Busan", "Kobe", "sea", 0), ("Vladivostok", "Kobe", "sea", 0), ("Shanghai", "Kobe", "sea", 0),
]
COLOURS = ["red", "blue", "green", "yellow", "black", "white", "orange", "pink"]
UNITS_PER_SPACE = 60


def length(a, b):
    (x1, y1), (x2, y2) = CITIES[a], CITIES[b]
    return max(1, min(6, round(math.hypot(x2 - x1, y2 - y1) / UNITS_PER_SPACE)))


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    rng = random.Random(7)
    rows = []
    colour_len = dict.fromkeys(COLOURS, 0)
    group = 0

    def next_colour(n, avoid=()):
        # the colour with the least total length so far (balanced deck use)
        c = min((c for c in COLOURS if c not in avoid), key=lambda c: (colour_len[c], rng.random()))
        colour_len[c] += n
        return c

    for i, (a, b, kind, extra) in enumerate(R):
        n = length(a, b)
        if kind == "normal" and extra >= 2:
            group += 1
            used = []
            for _ in range(extra):
                c = next_colour(n, used)
                used.append(c)
                always = 1 if {a, b} == {"Canton", "Hong Kong"} else 0
                rows.append([a, b, n, c, "normal", 0, 0, group, "", always])
            continue
        grey = kind == "sea" or i % 4 == 3
        c = "gray" if grey else next_colour(n)
        reveal = extra if kind == "tunnel" and extra else ""
        rows.append([a, b, n, c, "normal" if kind == "sea" else kind, 0, 0, "", reveal, 0])
    with open(OUT / "routes.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["a", "b", "length", "color", "kind", "locomotives", "mountains", "parallel_group", "reveal",
                    "always_open"])
        w.writerows(rows)
    with open(OUT / "cities.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["name", "x", "y"])
        for name in sorted(CITIES):
            w.writerow([name, *CITIES[name]])
    # tickets: value = shortest train distance
    adj = {c: [] for c in CITIES}
    for a, b, n, *_ in rows:
        adj[a].append((b, n))
        adj[b].append((a, n))

    def dist_from(src):
        d = {src: 0}
        heap = [(0, src)]
        while heap:
            du, u = heapq.heappop(heap)
            if du > d[u]:
                continue
            for v, w in adj[u]:
                if du + w < d.get(v, 1 << 30):
                    d[v] = du + w
                    heapq.heappush(heap, (du + w, v))
        return d

    dist = {c: dist_from(c) for c in CITIES}
    pairs = [(a, b, dist[a][b]) for a, b in itertools.combinations(sorted(CITIES), 2)]
    # Legendary Asia's spread: ~80% worth 5-12, ~20% worth 13-20
    short = [p for p in pairs if 5 <= p[2] <= 12]
    long_ = [p for p in pairs if 13 <= p[2] <= 20]
    rng.shuffle(short)
    rng.shuffle(long_)
    chosen, uses = [], dict.fromkeys(CITIES, 0)
    for pool, quota in ((short, 48), (long_, 12)):
        k = 0
        for a, b, d in pool:
            if k == quota:
                break
            if uses[a] >= 4 or uses[b] >= 4:
                continue  # spread the tickets over the map
            chosen.append((a, b, d))
            uses[a] += 1
            uses[b] += 1
            k += 1
    chosen.sort(key=lambda t: (t[0], t[1]))
    with open(OUT / "tickets.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["a", "b", "points", "long"])
        for a, b, d in chosen:
            w.writerow([a, b, d, 0])
    print(len(CITIES), "cities,", len(rows), "route segments,", len(chosen), "tickets")


if __name__ == "__main__":
    main()
