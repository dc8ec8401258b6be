"""The replay page: one self-contained HTML file (no network, no other file) showing one game on its
board. The board is SVG (analyzer.replay.svg); the game's record (analyzer.replay.record) is embedded
as JSON, and a small inline script draws the position of the turn the slider names: claimed routes in
their owner's colour, stations, the turn's moves, every seat's hand, score, trains and tickets (held,
completed). The final scoring is a table below. The same game gives the same bytes."""

from __future__ import annotations

import json
import os
import re
from html import escape
from pathlib import Path

from analyzer.replay.record import GameSource, record_game
from analyzer.replay.svg import CARD_FILL, board_svg
from analyzer.run.protocol import tmp_name

# seat colours, apart from the card colours the routes are drawn in
SEAT_FILL = ("#6a1b9a", "#00897b", "#8d5524", "#c2185b", "#0d47a1")
FINAL_COLUMNS = (("total", "total"), ("route_points", "routes"), ("mountain_points", "mountains"),
                 ("tickets_won", "tickets won"), ("tickets_lost", "tickets lost"),
                 ("tickets_completed", "completed"), ("tickets_failed", "failed"),
                 ("longest_bonus", "longest route"), ("explorer_bonus", "explorer"),
                 ("globetrotter_bonus", "globetrotter"), ("station_points", "stations"),
                 ("grand_tour_bonus", "grand tour"))
ALWAYS = ("total", "route_points", "tickets_won", "tickets_lost")

STYLE = """
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:1300px;padding:0 16px;color:#222}
h1{font-size:1.4em;margin:.6em 0 .2em} h2{font-size:1.1em;margin:1em 0 .3em}
#board{width:100%;height:auto;border:1px solid #ccc}
.route .car{stroke:#555;stroke-width:1;opacity:.55} .route.tunnel .car{stroke-dasharray:4 3;stroke-width:2}
.route.claimed .car{opacity:1;stroke:#111;stroke-width:2.5}
.loco-space{fill:#fff;stroke:#222} .mountain-space{fill:#fff;stroke:#222}
.city{fill:#fff;stroke:#222;stroke-width:2} .city-name{text-anchor:middle;fill:#222;paint-order:stroke;
stroke:#f4efe1;stroke-width:3}
.station{stroke:#111;stroke-width:2}
#controls{display:flex;gap:12px;align-items:center;margin:.6em 0} #turn{flex:1}
#turn-label{min-width:14em;font-weight:bold}
table{border-collapse:collapse;margin:.3em 0} th,td{border:1px solid #ccc;padding:3px 6px;text-align:left;
vertical-align:top} td.n{text-align:right}
.swatch{display:inline-block;width:.9em;height:.9em;border:1px solid #333;margin-right:4px;vertical-align:-1px}
.chip{display:inline-block;padding:0 4px;margin:1px;border:1px solid #888;border-radius:3px;font-size:.9em}
.done{color:#1b5e20} .open{color:#8a8a8a}
"""

SCRIPT = """
const D = JSON.parse(document.getElementById('replay-data').textContent);
const svg = document.getElementById('board');
const routes = Array.from(svg.querySelectorAll('g.route'));
const cities = Array.from(svg.querySelectorAll('circle.city'));
const slider = document.getElementById('turn');
const esc = t => String(t).replace(/[&<>"]/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'})[c]);
const seatCell = q => `<span class="swatch" style="background:${D.seat_fill[q]}"></span>seat ${q}` +
  (D.team_size > 1 ? ` (team ${Math.floor(q / D.team_size)})` : '');
function chips(counts) {
  return counts.map((n, k) => n ? `<span class="chip" style="background:${D.card_fill[D.cards[k]]}` +
    `${D.cards[k] === 'black' ? ';color:#fff' : ''}">${n} ${D.cards[k]}</span>` : '').join('');
}
function tickets(held) {
  return held.map(([t, done]) => `<div class="${done ? 'done' : 'open'}">${done ? '\\u2713' : '\\u2717'} ` +
    `${esc(D.tickets[t][0])}</div>`).join('');
}
function render(f) {
  const fr = D.frames[f];
  document.getElementById('turn-label').textContent = `${fr.label} of ${D.turns}`;
  for (const g of routes) {
    g.classList.remove('claimed');
    g.setAttribute('fill', D.card_fill[g.dataset.colour] || '#a8a8a8');
  }
  for (const [r, q, at] of D.claims) {
    if (at <= f) { routes[r].classList.add('claimed'); routes[r].setAttribute('fill', D.seat_fill[q]); }
  }
  for (const s of svg.querySelectorAll('.station')) s.remove();
  for (const [c, q, at] of D.stations) {
    if (at > f) continue;
    const m = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
    const x = +cities[c].getAttribute('cx'), y = +cities[c].getAttribute('cy'), s = 2 * +cities[c].getAttribute('r');
    m.setAttribute('class', 'station'); m.setAttribute('fill', D.seat_fill[q]);
    m.setAttribute('x', x - s / 2); m.setAttribute('y', y - s / 2); m.setAttribute('width', s);
    m.setAttribute('height', s);
    svg.appendChild(m);
  }
  document.getElementById('moves').innerHTML = fr.moves.map(m => `<li>${esc(m)}</li>`).join('');
  document.getElementById('seats').innerHTML = fr.seats.map((s, q) => `<tr><td>${seatCell(q)}</td>` +
    `<td>${esc(D.bots[q])}</td><td class="n">${s.score}</td><td class="n">${s.trains}</td>` +
    `<td class="n">${s.stations}</td><td>${chips(s.hand)}${s.holder ? '<br>holder: ' + chips(s.holder) : ''}</td>` +
    `<td>${tickets(s.tickets)}</td></tr>`).join('');
}
slider.addEventListener('input', () => render(+slider.value));
const go = d => { slider.value = +slider.value + d; render(+slider.value); };
document.getElementById('prev').addEventListener('click', () => go(-1));
document.getElementById('next').addEventListener('click', () => go(1));
render(+slider.value);
"""


def replay_html(record: dict, svg: str) -> str:
    """The page of a game's record (record_game) on its board's SVG (board_svg)."""
    data = dict(record, seat_fill=list(SEAT_FILL), card_fill=CARD_FILL)
    # a JSON text inside <script> must not close the element
    payload = json.dumps(data, sort_keys=True, separators=(",", ":")).replace("</", "<\\/")
    title = (f"{record['title']}: game {record['game']} of seed {record['seed']} "
             f"({record['players']} players, rules {record['rules']})")
    seats = ", ".join(f"seat {q} {b}" for q, b in enumerate(record["bots"]))
    last = len(record["frames"]) - 1
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>{STYLE}</style></head>
<body>
<h1>{escape(title)}</h1>
<p>{escape(seats)}. {record['turns']} turns; the game ended by {escape(str(record['end_reason']))}; \
winner(s): {escape(', '.join(f'seat {q}' for q in record['winners']) or 'none')}. Every seat's cards and \
tickets are shown.</p>
<div id="controls"><button id="prev" type="button">&larr;</button>
<input id="turn" type="range" min="0" max="{last}" value="0" step="1" aria-label="turn">
<button id="next" type="button">&rarr;</button><span id="turn-label"></span></div>
{svg}
<h2>This turn</h2><ul id="moves"></ul>
<h2>Seats after it</h2>
<table><thead><tr><th>seat</th><th>bot</th><th>score</th><th>trains</th><th>stations left</th><th>cards</th>
<th>tickets (&#x2713; completed)</th></tr></thead><tbody id="seats"></tbody></table>
<h2>Final scoring</h2>
{_final_table(record)}
<script type="application/json" id="replay-data">{payload}</script>
<script>{SCRIPT}</script>
</body></html>
"""


def _final_table(record: dict) -> str:
    final = record["final"]
    cols = [(k, name) for k, name in FINAL_COLUMNS if k in ALWAYS or any(row[k] for row in final)]
    head = "".join(f"<th>{escape(name)}</th>" for _, name in cols)
    rows = []
    for row in final:
        q = row["seat"]
        cells = "".join(f'<td class="n">{int(row[k])}</td>' for k, _ in cols)
        won = " (winner)" if row["winner"] else ""
        rows.append(f'<tr><td><span class="swatch" style="background:{SEAT_FILL[q]}"></span>seat {q}{won}</td>'
                    f"{cells}</tr>")
    return f'<table id="final"><thead><tr><th>seat</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def safe_stem(text: str) -> str:
    """A file name part from a user's text: letters, digits, '-', '_' and '.' only."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("._") or "game"


def write_replay(source: GameSource, out: Path) -> Path:
    """Play the game of `source` again and write its replay page to `out` (atomically)."""
    record = record_game(source)
    page = replay_html(record, board_svg(source.new_game().board))
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = tmp_name(out)
    tmp.write_text(page, encoding="utf-8")
    os.replace(tmp, out)
    return out
