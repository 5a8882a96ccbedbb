"""Play aces in sequence step by step in a notebook: a thin view over :mod:`.rules`.

>>> game = AcesInSequenceWidget(seed=0)
>>> game.next.click()
>>> game.step, game.message
(1, 'Distributing the cards in the deck into 4 stacks.')
>>> game.play_to_end.click()
>>> game.result
'You lost! 9 cards kept, the aces are not side by side.'
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as widgets

from solitaire_lib.aces_in_sequence.console import (
    discard_sentence,
    keep_sentence,
    shuffled_deck,
    turn_header,
)
from solitaire_lib.aces_in_sequence.rules import Snapshot, play, snapshots
from solitaire_lib.cards import Card
from solitaire_lib.table import CardTable, PileView, StaticTable, pile


def describe(snapshot: Snapshot) -> str:
    """The course's sentence(s) for a step."""
    if snapshot.kind == "shuffled":
        return "Deck shuffled, ready to start!"
    if snapshot.kind == "dealt":
        source = "the cards in the deck" if snapshot.stage == 1 else "the cards that have been kept"
        return f"Distributing {source} into {len(snapshot.stacks)} stacks."
    if snapshot.kind == "turned" and snapshot.turn is not None:
        return turn_header(snapshot.turn)
    if snapshot.kind == "resolved" and snapshot.turn is not None:
        sentences = (discard_sentence(snapshot.turn), keep_sentence(snapshot.turn))
        return " ".join(s for s in sentences if s)
    return f"Displaying the {len(snapshot.revealed)} cards that have been kept."


def result_text(snapshot: Snapshot) -> str:
    """The result line once the game is over, else an empty string."""
    if snapshot.won is None:
        return ""
    kept = len(snapshot.revealed)
    if snapshot.won:
        return f"You won! {kept} cards kept, the four aces side by side."
    return f"You lost! {kept} cards kept, the aces are not side by side."


def snapshot_piles(snapshot: Snapshot) -> list[PileView]:
    """Describe a step as table piles: stacks on the first row, the rest below."""
    views: list[PileView] = []
    if snapshot.kind == "shuffled":
        views.append(pile("deck", snapshot.deck, label="Deck", face_up=False, layout="squared"))
    for index, stack in enumerate(snapshot.stacks):
        turned = index == snapshot.face_up_stack
        views.append(
            pile(f"stack-{index + 1}", stack, label=f"Stack {index + 1}", face_up=turned,
                 layout="fan-down", highlight=turned)
        )  # fmt: skip
    if snapshot.face_up_stack is not None:
        views.append(
            pile("thrown", snapshot.discarded_now, label="Thrown from this stack",
                 layout="fan-right", row=1)
        )  # fmt: skip
    views.append(pile("discarded", snapshot.discarded, label="Discarded", layout="squared", row=1))
    if snapshot.kind == "revealed":
        aces = [card for card in snapshot.revealed if card.is_ace]
        views.append(
            pile("kept", snapshot.revealed, label="Kept, revealed left to right", layout="row",
                 row=2, highlight_cards=aces)
        )  # fmt: skip
    else:
        views.append(pile("kept", snapshot.aside, label="Put aside", face_up=False,
                          layout="squared", row=1))  # fmt: skip
    return views


def show(snapshot: Snapshot) -> StaticTable:
    """A step drawn as static HTML for the notebook (no widget state needed)."""
    status = " ".join(part for part in (describe(snapshot), result_text(snapshot)) if part)
    return StaticTable(snapshot_piles(snapshot), status)


class AcesInSequenceWidget(widgets.VBox):  # type: ignore[misc]
    """Step through a seeded deal: Back, Next, Play to end, New deal, and a seed box."""

    steps: list[Snapshot]
    step: int

    def __init__(self, seed: int = 0, **kwargs: Any) -> None:
        self.back = widgets.Button(description="◀ Back", tooltip="Previous step")
        self.next = widgets.Button(description="Next ▶", button_style="primary",
                                   tooltip="Next step")  # fmt: skip
        self.play_to_end = widgets.Button(description="Play to end ⏭", tooltip="Last step")
        self.new_deal = widgets.Button(description="New deal", tooltip="A deal with a new seed")
        self.seed_box = widgets.IntText(value=seed, description="Seed:",
                                        layout=widgets.Layout(width="160px"))  # fmt: skip
        self.progress_label = widgets.Label()
        self.result_label = widgets.HTML()
        self.table = CardTable()
        for button in (self.back, self.next, self.play_to_end, self.new_deal):
            button.add_class("sl-button")
        self.back.on_click(lambda _: self.go_to(self.step - 1))
        self.next.on_click(lambda _: self.go_to(self.step + 1))
        self.play_to_end.on_click(lambda _: self.go_to(len(self.steps) - 1))
        self.new_deal.on_click(lambda _: self._new_random_deal())
        self.seed_box.observe(lambda change: self.deal(change["new"]), names="value")
        controls = widgets.HBox(
            [self.back, self.next, self.play_to_end, self.new_deal, self.seed_box,
             self.progress_label]
        )  # fmt: skip
        super().__init__([controls, self.table, self.result_label], **kwargs)
        self.add_class("sl-aces-game")
        self._rng = random.Random()
        self.steps: list[Snapshot] = []
        self.step = 0
        self.deal(seed)

    @property
    def seed(self) -> int:
        return int(self.seed_box.value)

    @property
    def snapshot(self) -> Snapshot:
        return self.steps[self.step]

    @property
    def message(self) -> str:
        return describe(self.snapshot)

    @property
    def result(self) -> str:
        return result_text(self.snapshot)

    def deal(self, seed: int) -> None:
        """Start the deal shuffled with ``seed`` (the course's shuffle), at its first step."""
        if self.seed_box.value != seed:
            self.seed_box.value = seed  # observing the box calls deal() again
            return
        self.steps = snapshots(play(shuffled_deck(seed)))
        self.go_to(0)

    def _new_random_deal(self) -> None:
        self.deal(self._rng.randrange(1_000_000))

    def go_to(self, step: int) -> None:
        """Show step ``step`` (clamped to the game), and update the buttons."""
        self.step = max(0, min(step, len(self.steps) - 1))
        snapshot = self.snapshot
        self.table.piles = snapshot_piles(snapshot)
        self.table.status = describe(snapshot)
        self.result_label.value = f"<b>{self.result}</b>" if self.result else ""
        last = len(self.steps) - 1
        self.progress_label.value = f"step {self.step} of {last}"
        self.back.disabled = self.step == 0
        self.next.disabled = self.play_to_end.disabled = self.step == last

    def kept_cards(self) -> list[Card]:
        """The final row of the current deal, left to right."""
        return list(self.steps[-1].revealed)

    def __repr__(self) -> str:
        last = len(self.steps) - 1
        lines = [f"AcesInSequenceWidget(seed={self.seed}, step {self.step} of {last})",
                 self.table.text()]  # fmt: skip
        if self.result:
            lines.append(self.result)
        return "\n".join(lines)
