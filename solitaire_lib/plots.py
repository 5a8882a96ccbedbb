"""One plot style for the whole series, and the charts the notebooks share.

Figures have a fixed size and resolution so that stored notebook outputs are stable.
"""

from __future__ import annotations

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
