"""Play Sevens step by step in a notebook: a thin view over :mod:`.rules`.

>>> game = SevensWidget(seed=0)
>>> game.next.click(); game.next.click()
>>> game.message
'Cannot place card from top of stack of cards left ☹️'
>>> game.play_to_end.click()
>>> game.result
'You placed all cards, you won 👍'
"""

from __future__ import annotations

import ipywidgets as widgets

from solitaire_lib.cards import RANK_LABELS, RANK_NAMES, Card
from solitaire_lib.sevens.course import ROUND_NAMES, shuffled_deck
from solitaire_lib.sevens.course import event_lines as _event_lines
from solitaire_lib.sevens.rules import (
    COURSE_STAGES,
    ROW_RANKS,
    SUIT_COLUMNS,
    Snapshot,
    play,
    snapshots,
)
from solitaire_lib.stepper import StepThroughGame
from solitaire_lib.table import PileView, StaticTable, TableCard, pile, slot


def describe(snapshot: Snapshot) -> str:
    """The course's line for a step."""
    if snapshot.kind == "start":
        return "All 7s removed and placed, rest of deck shuffled, ready to start!"
    if snapshot.kind == "round":
        return f"Starting {ROUND_NAMES[snapshot.stage - 1]} round..."
    if snapshot.kind == "event" and snapshot.event is not None:
        return _event_lines(snapshot.event)[0]
    return "No card can be placed any more: the game is over."  # the result line says how


def result_text(snapshot: Snapshot) -> str:
    """The last line of the game once it is over, else an empty string."""
    if snapshot.won is None:
        return ""
    if snapshot.won:
        return "You placed all cards, you won 👍"
    return f"You could not place {len(snapshot.aside)} cards, you lost 👎"


def column(suit_index: int, snapshot: Snapshot) -> list[TableCard]:
    """One suit's column, King at the top: placed cards, and slots for the others."""
    suit = SUIT_COLUMNS[suit_index]
    return [
        Card(rank, suit)
        if Card(rank, suit) in snapshot.placed
        else slot(RANK_LABELS.get(rank, str(rank)), Card(rank, suit).name)
        for rank in ROW_RANKS
    ]


def placed_words(suit_index: int, snapshot: Snapshot) -> str:
    """What is placed in a suit's column, in words: ``'Five to Nine placed'``.

    >>> from solitaire_lib.sevens.course import shuffled_deck
    >>> placed_words(0, snapshots(play(shuffled_deck(0)))[0])
    'Seven placed'
    """
    suit = SUIT_COLUMNS[suit_index]
    ranks = [rank for rank in ROW_RANKS if Card(rank, suit) in snapshot.placed]
    if not ranks:
        return "nothing placed"
    low, high = RANK_NAMES[min(ranks)], RANK_NAMES[max(ranks)]
    return f"{low} placed" if low == high else f"{low} to {high} placed"


def snapshot_piles(snapshot: Snapshot) -> list[PileView]:
    """A step as table piles: the four suit columns, then the stack and the cards put aside."""
    event = snapshot.event
    just_placed = [event.card] if event is not None and event.placed_card else []
    stuck = event is not None and not event.placed_card
    views = [
        pile(f"column-{suit.name.lower()}", column(i, snapshot), label=suit.symbol,
             layout="fan-down", highlight_cards=just_placed, card_mark="just placed",
             name=f"{suit.name.capitalize()} column", summary=placed_words(i, snapshot))
        for i, suit in enumerate(SUIT_COLUMNS)
    ]  # fmt: skip
    views.append(
        pile("stack", snapshot.stack, label="Stack left", face_up=False, layout="squared", row=1)
    )
    views.append(
        pile("aside", snapshot.aside, label="Put aside", layout="fan-right", row=1,
             highlight_cards=snapshot.aside[-1:] if stuck else (), card_mark="could not be placed")
    )  # fmt: skip
    return views


def show(snapshot: Snapshot) -> StaticTable:
    """A step drawn as static HTML for the notebook (the last step says the result)."""
    return StaticTable(snapshot_piles(snapshot), result_text(snapshot) or describe(snapshot))


class SevensWidget(StepThroughGame[Snapshot]):
    """Step through a seeded deal of Sevens: Back, Next, Play to end, New deal, seed box."""

    css_class = "sl-sevens-game"
    title = "Sevens table"
    extra_keys = "o"  # next rOund

    def make_steps(self, seed: int) -> list[Snapshot]:
        return snapshots(play(shuffled_deck(seed)))

    def piles_for(self, step: Snapshot) -> list[PileView]:
        return snapshot_piles(step)

    def describe(self, step: Snapshot) -> str:
        return describe(step)

    def result_for(self, step: Snapshot) -> str:
        return result_text(step)

    @property
    def stage(self) -> int:
        return self.snapshot.stage

    def extra_buttons(self) -> list[widgets.Button]:
        self.next_round = widgets.Button(description="Next round", tooltip="Jump to the next round")
        self.next_round.on_click(lambda _: self.go_to(self.next_round_step()))
        return [self.next_round]

    def next_round_step(self) -> int:
        """The step where the next round starts (the last step when no round is left)."""
        later = range(self.step + 1, len(self.steps))
        return next((i for i in later if self.steps[i].kind == "round"), len(self.steps) - 1)

    def go_to(self, step: int) -> None:
        super().go_to(step)
        self.next_round.disabled = self.step == len(self.steps) - 1

    def progress_text(self, index: int) -> str:
        stage = self.steps[index].stage
        where = f"round {stage} of {COURSE_STAGES}" if stage else "before the first round"
        return f"{super().progress_text(index)} · {where}"
