"""The seed box of the game widgets: any integer the course accepts, exactly, and nothing else.

A number box in the browser holds a JavaScript number, which silently changes integers above
2**53 (``12345678901234567`` becomes ``…568``) and reads ``3.7`` or ``1e3`` as something else.
So the seed is typed as text and read here with :func:`~solitaire_lib.prompt.parse_integer`,
as ``int()`` reads it: negative and huge seeds are played exactly, and are shown as typed.
Anything else is refused with a message beside the box, and the game in play is kept.

>>> box = SeedBox(27)
>>> box.text.value = "12345678901234567"
>>> box.seed
12345678901234567
>>> box.text.value = "3.7"
>>> box.seed, box.error.value != ""
(12345678901234567, True)
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from solitaire_lib.prompt import integer_text, parse_integer, short


class SeedBox(widgets.HBox):  # type: ignore[misc]
    """A text box for the seed, and the message that refuses what is not an integer."""

    def __init__(self, seed: int = 0, on_seed: Callable[[int], None] | None = None) -> None:
        self.text = widgets.Text(
            value=integer_text(seed),
            description="Seed:",
            continuous_update=False,  # read on Enter or when the box loses the focus
            tooltip="Any integer: the deal is the course's shuffle with this seed",
            layout=widgets.Layout(width="190px"),
        )
        self.text.style.description_width = "initial"
        self.text.add_class("sl-seed")
        self.error = widgets.HTML()
        self.error.add_class("sl-seed-error")
        self._seed = seed
        self._typed = integer_text(seed)
        self._on_seed = on_seed
        self._quiet = False
        self.text.observe(self._changed, names="value")
        super().__init__([self.text, self.error], layout=widgets.Layout(align_items="center"))

    @property
    def seed(self) -> int:
        """The seed of the deal in play."""
        return self._seed

    @property
    def typed(self) -> str:
        """The seed as it was typed (a seed of 5,000 digits is shown cut)."""
        return self._typed

    @property
    def label(self) -> str:
        """The seed for a title or a repr: as typed, cut in the middle when very long.

        >>> SeedBox(10**40).label
        '10000000000…00000 (41 digits)'
        """
        typed = self._typed
        if len(typed) <= 30:
            return typed
        return f"{typed[:11]}…{typed[-5:]} ({len(typed.lstrip('+-')):,} digits)"

    def show(self, seed: int) -> None:
        """Put ``seed`` in the box without dealing (the widget deals it itself)."""
        self._quiet = True
        try:
            self._seed, self._typed = seed, integer_text(seed)
            self.text.value = self._typed
        finally:
            self._quiet = False
        self.error.value = ""

    def _changed(self, change: Any) -> None:
        if self._quiet:
            return
        typed = str(change["new"]).strip()
        seed = parse_integer(typed)
        if seed is None:
            self.error.value = (
                f'<span style="color:var(--jp-error-color1, #b00020)">'
                f"{html.escape(short(typed, 20))} is not an integer: still seed "
                f"{html.escape(short(self._typed, 20))}</span>"
            )
            return
        self.error.value = ""
        self._seed, self._typed = seed, typed
        if self._on_seed is not None:
            self._on_seed(seed)
