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

    #: The table's name for screen readers.
    title = "card table"
    #: The shortcut keys of :meth:`extra_buttons`, one letter each.
    extra_keys = ""
    #: Autoplay speeds, in steps a second.
    SPEEDS = (1, 2, 3, 5, 10)

    def __init__(self, seed: int = 0, **kwargs: Any) -> None:
        button = widgets.Button
        self.restart = button(description="Restart", tooltip="Back to the start of this deal")
        self.back = button(description="◀ Back", tooltip="Previous step")
        self.next = button(description="Next ▶", button_style="primary", tooltip="Next step")
        self.play_to_end = button(description="Play to end", tooltip="The last step")
        self.new_deal = button(description="New deal", tooltip="A deal with a new seed")
        self.seed_box = SeedBox(seed, on_seed=self.deal)
        # Autoplay: the table's clock ticks in the browser; each tick is one step. The button
        # says what pressing it does (Autoplay, or Pause while playing).
        self.autoplay = button(description="Autoplay", tooltip="Play the deal step by step")
        narrow = {"description_width": "initial"}
        self.step_box = widgets.BoundedIntText(description="Step", style=narrow,
                                               layout=widgets.Layout(width="150px"))  # fmt: skip
        self.speed = widgets.Dropdown(
            options=[(f"{n} a second", n) for n in self.SPEEDS], value=3,
            description="Autoplay speed", style=narrow, layout=widgets.Layout(width="230px"),
        )  # fmt: skip
        self.progress_label = widgets.Label()
        self.result_label = widgets.HTML()
        self.table = CardTable(title=self.title, plays_cards=False)
        self.restart.on_click(lambda _: self.go_to(0))
        self.back.on_click(lambda _: self.go_to(self.step - 1))
        self.next.on_click(lambda _: self.go_to(self.step + 1))
        self.play_to_end.on_click(lambda _: self.go_to(len(self.steps) - 1))
        self.new_deal.on_click(lambda _: self.deal(self._rng.randrange(1_000_000)))
        self.autoplay.on_click(lambda _: self.toggle_autoplay())
        self.step_box.observe(self._typed_step, names="value")
        self.speed.observe(self._new_speed, names="value")
        self.table.on_tick(self._tick)
        extra = self._extra = self.extra_buttons()
        controls = control_row(
            [self.restart, self.back, self.next, *extra, self.play_to_end, self.new_deal,
             self.seed_box, self.progress_label]
        )  # fmt: skip
        self.card_size = size_control(self.table)
        player = control_row([self.autoplay, self.step_box, self.speed, self.card_size])
        super().__init__([controls, player, self.table, self.result_label], **kwargs)
        self.add_class(self.css_class)
        self._rng = random.Random()
        self.steps = []
        self.step = 0
        self.playing = False
        self.add_shortcuts()
        self.deal(seed)

    def add_shortcuts(self) -> None:
        """The keys of the game's buttons, on the table."""
        keys = [("n", self.next), ("b", self.back), ("r", self.restart), ("e", self.play_to_end),
                ("a", self.autoplay), ("d", self.new_deal)]  # fmt: skip
        keys += list(zip(self.extra_keys, self._extra, strict=True))
        self.table.add_button_shortcuts(keys)

    def extra_buttons(self) -> list[widgets.Button]:
        """More buttons for a game (Sevens: next round), shown after Next."""
        return []

    def _typed_step(self, change: Any) -> None:
        if change["new"] != self.step:
            self.go_to(int(change["new"]))

    def _new_speed(self, _change: Any) -> None:
        if self.playing:
            self.table.tick_ms = int(1000 / self.speed.value)

    def toggle_autoplay(self) -> None:
        """Start autoplay (from the start when at the end), or pause it."""
        self.set_playing(not self.playing)

    def set_playing(self, playing: bool, quietly: bool = False) -> None:
        if playing and self.step == len(self.steps) - 1:
            self.go_to(0)
        self.playing = playing
        self.table.tick_ms = int(1000 / self.speed.value) if playing else 0
        self.autoplay.description = "Pause" if playing else "Autoplay"
        self.autoplay.tooltip = (
            "Stop autoplay" if playing else "Play the deal step by step"
        ) + " (key A)"
        if not playing and not quietly:
            self.table.say(f"Paused at {self.progress_text(self.step)}.")

    def _tick(self) -> None:
        if self.playing:
            self.go_to(self.step + 1)

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
        self.step_box.max = last
        self.step_box.value = self.step
        said = " ".join(part for part in (self.table.status, result) if part)
        self.table.say(said, quiet_repeats=self.playing)  # autoplay: a repeat's count, once
        if self.step == last and self.playing:
            self.set_playing(False, quietly=True)  # autoplay stops at the end

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
