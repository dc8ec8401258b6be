"""What a section of the report is made of, and the words it uses for
numbers. A section builder returns a `Section` (title, intro, findings,
figures, tables, and the key tables the page's answers read); the page
renders every section with one template (templates/section.html.j2)."""

from __future__ import annotations

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
class Answer:
    """One of the page's Answers: the question (its heading), one verdict
    sentence with its number and interval, a small table (all cells text,
    human headers), a line under it saying what the cells are, and the
    sections with the detail as (key, title). `populations` gives the figures
    it quotes per population of players (analyzer.report.populations), `flag`
    says which of them differ beyond their intervals (None: none)."""

    question: str
    verdict: str
    table: pd.DataFrame
    note: str
    links: list[tuple[str, str]]
    populations: pd.DataFrame | None = None
    flag: str | None = None

    @property
    def words(self) -> int:
        return len(self.verdict.split())


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
    answers: list[Answer] = field(default_factory=list)
    collapsed: bool = False  # shown folded (<details>)
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
