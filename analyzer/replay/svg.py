"""A board as SVG: cities at the coordinates of the board's cities.csv, each route a row of train
segments in its colour between them (the lanes of a double route side by side), tunnels with a dashed
outline, a ferry's locomotive spaces marked with a dot, a mountain route's mountain spaces with a
triangle. Each route is one `<g class="route" data-route="ID">` (ID: the kernels' route number), so the
replay page's script can colour it in its owner's colour."""

from __future__ import annotations

import math
from html import escape

from analyzer.boards import Board

CARD_FILL = {"gray": "#a8a8a8", "pink": "#e58ac7", "white": "#f7f7f7", "blue": "#2f6fd0", "yellow": "#f1d02a",
             "orange": "#f28e2b", "black": "#3a3a3a", "red": "#d8383a", "green": "#3aa54a",
             "locomotive": "#b07cc6"}
MARGIN = 60


def board_svg(board: Board) -> str:
    """The SVG element of `board` (sized by its viewBox to the width of its container)."""
    cities = board.cities
    xy = {n: (float(x), float(y)) for n, x, y in zip(cities["name"], cities["x"], cities["y"], strict=True)}
    xs, ys = [p[0] for p in xy.values()], [p[1] for p in xy.values()]
    left, top = min(xs) - MARGIN, min(ys) - MARGIN
    width, height = max(xs) - min(xs) + 2 * MARGIN, max(ys) - min(ys) + 2 * MARGIN
    unit = max(width, height) / 1800  # the built-in boards are drawn about 1700 wide: sizes in those pixels
    parts = [f'<svg id="board" xmlns="http://www.w3.org/2000/svg" viewBox="{left:.0f} {top:.0f} {width:.0f} '
             f'{height:.0f}" role="img" aria-label="{escape(board.title)}">',
             f'<rect x="{left:.0f}" y="{top:.0f}" width="{width:.0f}" height="{height:.0f}" fill="#f4efe1"/>']
    lanes = _lanes(board)
    for r, row in enumerate(board.routes.itertuples(index=False)):
        lane, of = lanes[r]
        parts.append(_route_svg(r, row, xy[row.a], xy[row.b], (lane - (of - 1) / 2) * 17 * unit, unit))
    for name, (x, y) in xy.items():
        parts.append(f'<circle class="city" cx="{x:.1f}" cy="{y:.1f}" r="{9 * unit:.1f}"/>'
                     f'<text class="city-name" x="{x:.1f}" y="{y - 13 * unit:.1f}" '
                     f'font-size="{17 * unit:.1f}">{escape(name)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def _lanes(board: Board) -> list[tuple[int, int]]:
    """Each route's lane among the routes joining the same two cities, and how many there are."""
    pairs = [tuple(sorted((a, b))) for a, b in zip(board.routes["a"], board.routes["b"], strict=True)]
    seen: dict[tuple, int] = {}
    lanes = []
    for pair in pairs:
        lanes.append(seen.get(pair, 0))
        seen[pair] = lanes[-1] + 1
    return [(lane, seen[pair]) for lane, pair in zip(lanes, pairs, strict=True)]


def _route_svg(r: int, row, a: tuple[float, float], b: tuple[float, float], offset: float, unit: float) -> str:
    """One route: `length` segments along the line a-b shifted sideways by `offset`, short of the cities."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    dist = math.hypot(dx, dy) or 1.0
    ux, uy = dx / dist, dy / dist
    nx, ny = -uy * offset, ux * offset
    n = int(row.length)
    gap = 12 * unit
    room = max(dist - 2 * gap, n * 4 * unit)
    seg = room / n
    angle = math.degrees(math.atan2(dy, dx))
    kind = row.kind
    title = f"{row.a}–{row.b}: {n} {row.color}{'' if kind == 'normal' else ' ' + kind}"
    out = [f'<g class="route {escape(kind)}" data-route="{r}" data-colour="{escape(row.color)}" '
           f'fill="{CARD_FILL.get(row.color, "#a8a8a8")}"><title>{escape(title)}</title>']
    locos, mountains = int(getattr(row, "locomotives", 0) or 0), int(getattr(row, "mountains", 0) or 0)
    for i in range(n):
        along = (dist - room) / 2 + seg * (i + 0.5)
        cx, cy = a[0] + ux * along + nx, a[1] + uy * along + ny
        out.append(f'<rect class="car" x="{-seg / 2 + unit:.1f}" y="{-7 * unit:.1f}" width="{seg - 2 * unit:.1f}" '
                   f'height="{14 * unit:.1f}" transform="translate({cx:.1f} {cy:.1f}) rotate({angle:.1f})"/>')
        if i < locos:
            out.append(f'<circle class="loco-space" cx="{cx:.1f}" cy="{cy:.1f}" r="{3 * unit:.1f}"/>')
        if i < mountains:
            s = 5 * unit
            out.append(f'<path class="mountain-space" d="M{cx - s:.1f} {cy + s:.1f}L{cx:.1f} {cy - s:.1f}'
                       f'L{cx + s:.1f} {cy + s:.1f}Z"/>')
    out.append("</g>")
    return "".join(out)
