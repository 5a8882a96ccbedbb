"""A seeded deal shown step by step: the controls shared by the games that play themselves.

A game subclasses :class:`StepThroughGame` and says how to make its steps for a seed, how to
draw a step as table piles, and what to say about it. The base class owns the buttons (Back,
Next, Play to end, New deal), the seed box, the step counter and the result line.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

import ipywidgets as widgets

from solitaire_lib.seedbox import SeedBox
from solitaire_lib.table import CardTable, PileView

S = TypeVar("S")


class StepThroughGame(widgets.VBox, Generic[S]):  # type: ignore[misc]
    """Step through the deal of a seed. Subclasses implement the four hooks below."""

    css_class = "sl-game"
    steps: list[S]
    step: int
    _rng: random.Random

    # --- hooks --------------------------------------------------------------------------------

    def make_steps(self, seed: int) -> Sequence[S]:
        raise NotImplementedError

    def piles_for(self, step: S) -> list[PileView]:
        raise NotImplementedError

    def describe(self, step: S) -> str:
        raise NotImplementedError

    def result_for(self, step: S) -> str:
        """The result line at the end of the game, else an empty string."""
        raise NotImplementedError

    def progress_text(self, index: int) -> str:
        """Where we are, shown beside the controls; a game may add to it (e.g. the round)."""
        return f"step {index} of {len(self.steps) - 1}"

    # --- the widget ---------------------------------------------------------------------------

    def __init__(self, seed: int = 0, **kwargs: Any) -> None:
        self.back = widgets.Button(description="◀ Back", tooltip="Previous step")
        self.next = widgets.Button(
            description="Next ▶", button_style="primary", tooltip="Next step"
        )
        self.play_to_end = widgets.Button(description="Play to end ⏭", tooltip="Last step")
        self.new_deal = widgets.Button(description="New deal", tooltip="A deal with a new seed")
        self.seed_box = SeedBox(seed, on_seed=self.deal)
        self.progress_label = widgets.Label()
        self.result_label = widgets.HTML()
        self.table = CardTable()
        self.back.on_click(lambda _: self.go_to(self.step - 1))
        self.next.on_click(lambda _: self.go_to(self.step + 1))
        self.play_to_end.on_click(lambda _: self.go_to(len(self.steps) - 1))
        self.new_deal.on_click(lambda _: self.deal(self._rng.randrange(1_000_000)))
        for button in (self.back, self.next, self.play_to_end, self.new_deal):
            button.layout.width = "auto"
        controls = widgets.HBox(
            [self.back, self.next, self.play_to_end, self.new_deal, self.seed_box,
             self.progress_label],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )  # fmt: skip
        super().__init__([controls, self.table, self.result_label], **kwargs)
        self.add_class(self.css_class)
        self._rng = random.Random()
        self.steps = []
        self.step = 0
        self.deal(seed)

    @property
    def seed(self) -> int:
        return self.seed_box.seed

    @property
    def snapshot(self) -> S:
        return self.steps[self.step]

    @property
    def message(self) -> str:
        return self.describe(self.snapshot)

    @property
    def result(self) -> str:
        return self.result_for(self.snapshot)

    def deal(self, seed: int) -> None:
        """Start the deal shuffled with ``seed`` (the course's shuffle), at its first step."""
        if self.seed_box.seed != seed:
            self.seed_box.show(seed)
        self.steps = list(self.make_steps(seed))
        self.go_to(0)

    def go_to(self, step: int) -> None:
        """Show step ``step`` (clamped to the game), and update the buttons."""
        self.step = max(0, min(step, len(self.steps) - 1))
        snapshot = self.snapshot
        self.table.piles = self.piles_for(snapshot)
        self.table.status = self.describe(snapshot)
        result = self.result_for(snapshot)
        self.result_label.value = f"<b>{result}</b>" if result else ""
        last = len(self.steps) - 1
        self.progress_label.value = self.progress_text(self.step)
        self.back.disabled = self.step == 0
        self.next.disabled = self.play_to_end.disabled = self.step == last

    def __repr__(self) -> str:
        last = len(self.steps) - 1
        lines = [f"{type(self).__name__}(seed={self.seed_box.label}, step {self.step} of {last})"]
        lines.append(self.table.text())
        if self.result:
            lines.append(self.result)
        return "\n".join(lines)
