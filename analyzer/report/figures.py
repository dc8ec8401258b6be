"""Shared figure and table helpers of the report: every figure is saved as PNG
and SVG, every table as CSV, under the names the HTML page refers to."""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib import rc_context
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.ticker import FixedFormatter, FuncFormatter

from analyzer.report.html import FigureRef, TableRef
from analyzer.report.names import words
from analyzer.run.protocol import tmp_name

ROUTE_COLOURS = {"pink": "#e377c2", "white": "#bbbbbb", "blue": "#1f77b4", "yellow": "#e6c300",
                 "orange": "#ff7f0e", "black": "#222222", "red": "#d62728", "green": "#2ca02c", "gray": "#888888"}


def new_figure(width: float = 7.0, height: float = 4.2, ncols: int = 1, nrows: int = 1, **subplots):
    """A figure (no pyplot state, safe in threads; laid out so that titles and
    labels fit) and its axes, always a 2-D array."""
    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(nrows, ncols, squeeze=False, **subplots)
    return fig, axes


class FigureWarning(UserWarning):
    """A figure whose text does not fit its canvas, or whose 'provisional' label is wrong."""


def figure_problems(fig: Figure, provisional: bool | str) -> list[str]:
    """What is wrong with a drawn figure: any text outside the canvas (its
    tight bounding box must lie within the figure), or a 'provisional' label
    that does not match the boards it is drawn from. `provisional`: True
    when every board drawn is provisional (a title must say so), False when
    none is (no text may), "some" when some are (the labels of those say so,
    no title does)."""
    lay_out_once(fig)
    renderer = fig.canvas.get_renderer()
    problems = []
    tight = fig.get_tightbbox(renderer)
    w, h = fig.get_size_inches()
    slack = 2 / fig.dpi  # two pixels
    if tight.x0 < -slack or tight.y0 < -slack or tight.x1 > w + slack or tight.y1 > h + slack:
        problems.append(f"text outside the canvas (drawn {tight.x0:.2f}..{tight.x1:.2f} × {tight.y0:.2f}.."
                        f"{tight.y1:.2f} in on a {w:.2f} × {h:.2f} in figure)")
    titles = [t for t in [getattr(fig, "_suptitle", None), *(ax.title for ax in fig.axes)] if t is not None]
    title_text = " ".join(t.get_text() for t in titles if t.get_visible()).lower()
    all_text = " ".join(t.get_text() for t in fig.findobj(Text) if t.get_visible()).lower()
    if provisional is True and "provisional" not in title_text:
        problems.append("drawn from provisional boards, but no title says so")
    elif provisional is False and "provisional" in all_text:
        problems.append("says 'provisional' although no board drawn is")
    elif provisional == "some" and ("provisional" in title_text or "provisional" not in all_text):
        problems.append("drawn from some provisional boards: their labels, not a title, must say so")
    return problems


def lay_out_once(fig: Figure) -> None:
    """Run the figure's layout engine (constrained layout: titles and labels
    fit) now, and keep its result: figure_problems checks the layout that is
    saved, and the PNG and the SVG do not lay the figure out again (each
    savefig would: about a third of the time a report takes to draw). The
    layout is in figure coordinates, so it holds at any dpi."""
    engine = fig.get_layout_engine()
    if engine is not None:
        engine.execute(fig)
        # No engine at all, not the "none" placeholder: savefig draws a
        # figure that has any engine once more before it prints (a draw per
        # file, about a third of a report's drawing time). The rc settings
        # that would put an engine back are turned off for this call only.
        with rc_context({"figure.autolayout": False, "figure.constrained_layout.use": False}):
            fig.set_layout_engine(None)


def save_figure(fig: Figure, out_dir: Path, stem: str, caption: str, provisional: bool | str) -> FigureRef:
    """Put its text in words (names.words: no column or board key), check the
    figure (figure_problems: a FigureWarning each) and write stem.png and
    stem.svg into out_dir; the page shows the PNG and links the SVG."""
    _in_words(fig)
    for problem in figure_problems(fig, provisional):
        warnings.warn(f"{stem}: {problem}", FigureWarning, stacklevel=2)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    _atomic(out_dir / f"{stem}.png", lambda tmp: fig.savefig(tmp, format="png", dpi=110))
    _atomic(out_dir / f"{stem}.svg", lambda tmp: fig.savefig(tmp, format="svg"))
    return FigureRef(stem, caption)


def _in_words(fig: Figure) -> None:
    """Every text of the figure through names.words, tick labels set as fixed lists included."""
    for text in fig.findobj(Text):
        said = text.get_text()
        if said and words(said) != said:
            text.set_text(words(said))
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            fmt = axis.get_major_formatter()
            if isinstance(fmt, FixedFormatter):
                fmt.seq = [words(t) for t in fmt.seq]
            elif isinstance(fmt, FuncFormatter):  # labels given as a list (set_xticklabels)
                fmt.func = lambda x, pos, said=fmt.func: words(said(x, pos))


def _atomic(path: Path, write) -> None:
    """Write a file under a temporary name, then rename it: never half a file."""
    tmp = tmp_name(path)
    write(tmp)
    os.replace(tmp, path)


PLOT_SUFFIXES = (".png", ".svg")


def check_plot_path(path: Path) -> None:
    """A figure file the CLI may write: .png or .svg."""
    if Path(path).suffix.lower() not in PLOT_SUFFIXES:
        raise ValueError(f"--plot {str(path)!r}: the file name must end in .png or .svg")


def write_figure(fig: Figure, path: Path) -> Path:
    """Write one figure file, PNG or SVG by the suffix of `path`."""
    path = Path(path)
    check_plot_path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, format=path.suffix.lower()[1:], dpi=120)
    return path


def save_table(df: pd.DataFrame, out_dir: Path, stem: str, caption: str, max_rows: int = 12,
               index: bool = True) -> TableRef:
    """Write stem.csv (the whole table) into out_dir; the page shows its first
    max_rows rows and links the CSV."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    _atomic(out_dir / f"{stem}.csv", lambda tmp: df.to_csv(tmp, index=index))
    return TableRef(stem, caption, df.head(max_rows), len(df), index)


def ci_bars(ax, labels, values, low, high, color=None, offset: float = 0.0, width: float = 0.8, label=None):
    """Bars with 95% CI error bars."""
    x = np.arange(len(labels)) + offset
    v = np.asarray(values, np.float64)
    err = np.vstack([v - np.asarray(low, np.float64), np.asarray(high, np.float64) - v]).clip(0)
    ax.bar(x, v, width, yerr=err, capsize=3, color=color, label=label, error_kw={"elinewidth": 1})
    return x


def grouped_ci_bars(ax, frame: pd.DataFrame, group: str, cat: str, value: str, low: str, high: str,
                    legend_title: str | None = None):
    """Bars of `value` by category `cat`, one bar per `group` side by side, with CIs."""
    cats = list(dict.fromkeys(frame[cat]))
    groups = list(dict.fromkeys(frame[group]))
    width = 0.8 / max(len(groups), 1)
    for i, g in enumerate(groups):
        sub = frame[frame[group] == g].set_index(cat).reindex(cats)
        ci_bars(ax, cats, sub[value], sub[low], sub[high], offset=(i - (len(groups) - 1) / 2) * width,
                width=width, label=str(g))
    ax.set_xticks(np.arange(len(cats)))
    ax.set_xticklabels([str(c) for c in cats])
    ax.legend(fontsize="small", title=legend_title, title_fontsize="small")


def route_heat_map(ax, cities: pd.DataFrame, routes: pd.DataFrame, values: np.ndarray, vmax: float | None = None,
                   cmap: str = "viridis"):
    """Routes drawn between their cities' positions, coloured by `values`
    (one per route, e.g. the share of games it was claimed); lanes of a
    double route are drawn side by side. Returns the ScalarMappable for a
    colour bar."""
    import matplotlib as mpl

    pos = cities.set_index("name")[["x", "y"]]
    a = pos.loc[routes["a"]].to_numpy(np.float64)
    b = pos.loc[routes["b"]].to_numpy(np.float64)
    span = float(np.ptp(pos.to_numpy(), axis=0).max()) or 1.0
    # lanes of the same city pair are offset perpendicular to the route
    pair = routes["a"].astype(str) + "|" + routes["b"].astype(str)
    lane = pair.groupby(pair).cumcount().to_numpy()
    lanes = pair.map(pair.value_counts()).to_numpy()
    d = b - a
    normal = np.column_stack([-d[:, 1], d[:, 0]]) / np.maximum(np.hypot(d[:, 0], d[:, 1]), 1e-9)[:, None]
    shift = (lane - (lanes - 1) / 2)[:, None] * normal * span * 0.006
    segs = np.stack([a + shift, b + shift], axis=1)
    vmax = float(np.nanmax(values)) if vmax is None else vmax
    norm = mpl.colors.Normalize(0.0, vmax if vmax > 0 else 1.0)
    lc = mpl.collections.LineCollection(segs, array=np.asarray(values, np.float64), cmap=cmap, norm=norm,
                                        linewidths=2.2)
    ax.add_collection(lc)
    ax.scatter(pos["x"], pos["y"], s=8, color="black", zorder=3)
    for name, (x, y) in pos.iterrows():
        ax.annotate(name, (x, y), fontsize=5, xytext=(2, 2), textcoords="offset points", color="#333333")
    ax.set_aspect("equal")
    ax.invert_yaxis()  # board coordinates grow downwards, as on the printed map
    ax.set_xticks([])
    ax.set_yticks([])
    ax.autoscale_view()
    return lc
