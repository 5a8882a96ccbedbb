"""A seeded deal shown step by step: the controls shared by the games that play themselves.

A game subclasses :class:`StepThroughGame` and says how to make its steps for a seed, how to
draw a step as table piles, and what to say about it. The base class owns the buttons (Back,
Next, Play to end, New deal), the seed box, the step counter and the result line.
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

import ipywidgets as widgets

from solitaire_lib.seedbox import SeedBox
from solitaire_lib.table import (
    CardTable,
    PileView,
    control_row,
    plain_symbols,
    size_control,
    with_static_picture,
)

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
        button = widgets.Button
        self.restart = button(description="Restart", tooltip="Back to the start of this deal")
        self.back = button(description="◀ Back", tooltip="Previous step (left arrow)")
        self.next = button(description="Next ▶", button_style="primary",
                           tooltip="Next step (right arrow)")  # fmt: skip
        self.play_to_end = button(description="Play to end", tooltip="The last step")
        self.new_deal = button(description="New deal", tooltip="A deal with a new seed")
        self.seed_box = SeedBox(seed, on_seed=self.deal)
        # Autoplay: the Play widget ticks in the browser; the slider shows and sets the step.
        self.autoplay = widgets.Play(interval=400, description="Autoplay",
                                     tooltip="Play the deal step by step (space)")  # fmt: skip
        narrow = {"description_width": "initial"}
        self.step_slider = widgets.IntSlider(
            description="Step",
            continuous_update=True,
            style=narrow,
            layout=widgets.Layout(width="240px"),
        )
        self.speed = widgets.IntSlider(value=3, min=1, max=10, description="Speed",
                                       tooltip="Steps per second in autoplay", style=narrow,
                                       layout=widgets.Layout(width="170px"))  # fmt: skip
        widgets.jslink((self.autoplay, "value"), (self.step_slider, "value"))
        self.progress_label = widgets.Label()
        self.result_label = widgets.HTML()
        self.table = CardTable()
        self.restart.on_click(lambda _: self.go_to(0))
        self.back.on_click(lambda _: self.go_to(self.step - 1))
        self.next.on_click(lambda _: self.go_to(self.step + 1))
        self.play_to_end.on_click(lambda _: self.go_to(len(self.steps) - 1))
        self.new_deal.on_click(lambda _: self.deal(self._rng.randrange(1_000_000)))
        self.step_slider.observe(self._slid, names="value")
        self.autoplay.observe(self._slid, names="value")
        self.speed.observe(self._new_speed, names="value")
        self.table.on_key(self._key)
        self._new_speed(None)
        extra = self.extra_buttons()
        controls = control_row(
            [self.restart, self.back, self.next, *extra, self.play_to_end, self.new_deal,
             self.seed_box, self.progress_label]
        )  # fmt: skip
        self.card_size = size_control(self.table)
        player = control_row([self.autoplay, self.step_slider, self.speed, self.card_size])
        super().__init__([controls, player, self.table, self.result_label], **kwargs)
        self.add_class(self.css_class)
        self._rng = random.Random()
        self.steps = []
        self.step = 0
        self.deal(seed)

    def extra_buttons(self) -> list[widgets.Button]:
        """More buttons for a game (Sevens: next round), shown after Next."""
        return []

    def _slid(self, change: Any) -> None:
        if change["new"] != self.step:
            self.go_to(int(change["new"]))

    def _new_speed(self, _change: Any) -> None:
        self.autoplay.interval = int(1000 / self.speed.value)

    def _key(self, key: str) -> None:
        """Keyboard shortcuts on the table: arrows step, space plays or pauses, Home restarts."""
        if key == "ArrowRight":
            self.go_to(self.step + 1)
        elif key == "ArrowLeft":
            self.go_to(self.step - 1)
        elif key == "Home":
            self.go_to(0)
        elif key == "End":
            self.go_to(len(self.steps) - 1)
        elif key == " ":
            self.autoplay.playing = not self.autoplay.playing

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
        self.table.status = plain_symbols(self.describe(snapshot))
        result = plain_symbols(self.result_for(snapshot))
        self.result_label.value = f"<b>{html.escape(result)}</b>" if result else ""
        last = len(self.steps) - 1
        self.progress_label.value = self.progress_text(self.step)
        self.back.disabled = self.restart.disabled = self.step == 0
        self.next.disabled = self.play_to_end.disabled = self.step == last
        for control in (self.step_slider, self.autoplay):
            control.max = last
            control.value = self.step
        if self.step == last:
            self.autoplay.playing = False

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        return with_static_picture(bundle, repr(self).splitlines()[0], self.table)

    def __repr__(self) -> str:
        last = len(self.steps) - 1
        lines = [f"{type(self).__name__}(seed={self.seed_box.label}, step {self.step} of {last})"]
        lines.append(self.table.text())
        if self.result:
            lines.append(self.result)
        return "\n".join(lines)
