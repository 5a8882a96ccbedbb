"""One plot style for the whole series, and the charts the notebooks share.

Figures have a fixed size and resolution so that stored notebook outputs are stable. The
notebooks show every figure with :func:`show`, which gives it alt text: a sentence that says
what the plot shows, read by screen readers (JupyterLab's own image output has no alt text).
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from typing import Any

import matplotlib as mpl
import matplotlib.pyplot as plt

FIGSIZE = (7.0, 3.6)
DPI = 100
STYLE: dict[str, Any] = {
    "figure.figsize": FIGSIZE,
    "figure.dpi": DPI,
    "savefig.dpi": DPI,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "font.size": 10,
    "svg.hashsalt": "solitaire",
}


#: Alt text shorter than this cannot say what a plot shows.
SHORTEST_ALT = 40


class FigureWithAlt:
    """A rendered figure and its alt text: shown as an ``<img>`` with ``alt`` (HTML output,
    which JupyterLab, Voila, nbviewer and exports all render) and as the alt text where only
    text is shown.

    >>> figure = FigureWithAlt(b"\\x89PNG", "A bar chart of nothing at all, made for a test.")
    >>> figure._repr_mimebundle_()["text/plain"]
    'Figure: A bar chart of nothing at all, made for a test.'
    """

    def __init__(self, png: bytes, alt: str) -> None:
        if len(alt.strip()) < SHORTEST_ALT:
            raise ValueError(f"alt text must say what the plot shows (at least {SHORTEST_ALT} "
                             f"characters): {alt!r}")  # fmt: skip
        self.png = png
        self.alt = " ".join(alt.split())

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        data = base64.b64encode(self.png).decode("ascii")
        alt = html.escape(self.alt, quote=True)
        image = f'<img src="data:image/png;base64,{data}" alt="{alt}" style="max-width:100%">'
        return {"text/html": image, "text/plain": f"Figure: {self.alt}"}


def show(alt: str, fig: Any = None) -> None:
    """Show ``fig`` (the current figure by default) in the notebook with alt text ``alt``, a
    sentence that says what the plot shows and what it finds, then close it."""
    from IPython.display import display

    fig = plt.gcf() if fig is None else fig
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI, bbox_inches="tight")
    plt.close(fig)
    display(FigureWithAlt(buffer.getvalue(), alt))  # type: ignore[no-untyped-call]


def use_style() -> None:
    """Apply the series' plot style (call it in the first cell of each notebook)."""
    mpl.style.use(STYLE)


def frequency_bars(
    labels: Sequence[Any],
    frequencies: Sequence[float],
    intervals: Sequence[tuple[float, float]] | None = None,
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "frequency",
    percent: bool = True,
    ax: Any = None,
) -> Any:
    """Bar chart of outcome frequencies, with 95% confidence intervals as error bars.

    Returns the matplotlib Axes.
    """
    if ax is None:
        _, ax = plt.subplots(figsize=FIGSIZE, dpi=DPI)
    scale = 100.0 if percent else 1.0
    heights = [f * scale for f in frequencies]
    positions = range(len(labels))
    errors = None
    if intervals is not None:
        errors = [
            [
                max(0.0, (f - low) * scale)
                for f, (low, _) in zip(frequencies, intervals, strict=True)
            ],
            [
                max(0.0, (high - f) * scale)
                for f, (_, high) in zip(frequencies, intervals, strict=True)
            ],
        ]
    ax.bar(positions, heights, yerr=errors, capsize=4, color="#3d74ab", ecolor="#333")
    ax.set_xticks(list(positions), [str(label) for label in labels])
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(f"{ylabel} (%)" if percent else ylabel)
    return ax
