"""What a section of the report is made of, and the words it uses for
numbers. A section builder returns a `Section` (title, intro, findings,
figures, tables, and the key tables the page's answers read); the page
renders every section the same way."""

from __future__ import annotations

import html
from dataclasses import dataclass, field

import numpy as np
import pandas as pd


@dataclass
class FigureRef:
    """A figure written as stem.png and stem.svg beside the page."""

    stem: str
    caption: str


@dataclass
class TableRef:
    """A table written as stem.csv beside the page; `preview` holds its first rows."""

    stem: str
    caption: str
    preview: pd.DataFrame
    rows: int
    index: bool = True


@dataclass
class Section:
    """One section of the page. `intro` and `notes` are HTML written in code;
    `findings` are plain sentences computed from the tables; `data` keeps
    the section's key tables for the page's answers."""

    key: str
    title: str
    intro: str = ""
    findings: list[str] = field(default_factory=list)
    figures: list[FigureRef] = field(default_factory=list)
    tables: list[TableRef] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    definitions: dict[str, str] = field(default_factory=dict)
    data: dict[str, pd.DataFrame] = field(default_factory=dict)
    error: str | None = None


# --- numbers in words -------------------------------------------------------------------------
def pct(x: float, digits: int = 1) -> str:
    return "–" if x is None or not np.isfinite(x) else f"{100 * x:.{digits}f}%"


def ci_pct(lo: float, hi: float) -> str:
    return f"95% CI {100 * lo:.1f}–{100 * hi:.1f}%"


def number(x: float) -> str:
    """A table cell: thousands separators for large or whole numbers, 3 decimals otherwise."""
    if not np.isfinite(x):
        return "–"
    if abs(x) >= 100 or float(x).is_integer():
        return f"{x:,.0f}" if float(x).is_integer() else f"{x:,.1f}"
    return f"{x:.3f}"


# --- rendering ----------------------------------------------------------------------------------
def render_section(sec: Section) -> str:
    esc = html.escape
    parts = [f'<section id="{esc(sec.key)}"><h2>{esc(sec.title)}</h2>']
    if sec.error:
        parts.append(f'<p class="error">This section failed: {esc(sec.error)}</p>')
    if sec.intro:
        parts.append(f"<p>{sec.intro}</p>")
    parts += sec.notes
    if sec.findings:
        parts.append('<ul class="findings">' + "".join(f"<li>{esc(f, quote=False)}</li>" for f in sec.findings)
                     + "</ul>")
    for f in sec.figures:
        parts.append(f'<figure><img src="{f.stem}.png" alt="{esc(f.caption)}"><figcaption>{esc(f.caption)} '
                     f'<a href="{f.stem}.svg">SVG</a></figcaption></figure>')
    for t in sec.tables:
        more = f" (first {len(t.preview)} of {t.rows:,} rows)" if t.rows > len(t.preview) else ""
        body = t.preview.to_html(index=t.index, float_format=number, border=0, classes="data", na_rep="–")
        parts.append(f'<div class="table"><p class="caption">{esc(t.caption)}{more} — '
                     f'<a href="{t.stem}.csv">{t.stem}.csv</a></p>{body}</div>')
    if sec.definitions:
        parts.append("<dl>" + "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in sec.definitions.items())
                     + "</dl>")
    parts.append("</section>")
    return "".join(parts)
