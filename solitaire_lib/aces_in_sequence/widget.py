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

from solitaire_lib.aces_in_sequence.console import (
    discard_sentence,
    keep_sentence,
    shuffled_deck,
    turn_header,
)
from solitaire_lib.aces_in_sequence.rules import Snapshot, play, snapshots
from solitaire_lib.cards import Card
from solitaire_lib.stepper import StepThroughGame
from solitaire_lib.table import PileView, StaticTable, pile


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
                 layout="fan-down", highlight=turned, mark="turned face up")
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
                 row=2, highlight_cards=aces, card_mark="ace")
        )  # fmt: skip
    else:
        views.append(pile("kept", snapshot.aside, label="Put aside", face_up=False,
                          layout="squared", row=1))  # fmt: skip
    return views


def show(snapshot: Snapshot) -> StaticTable:
    """A step drawn as static HTML for the notebook (no widget state needed)."""
    status = " ".join(part for part in (describe(snapshot), result_text(snapshot)) if part)
    return StaticTable(snapshot_piles(snapshot), status)


class AcesInSequenceWidget(StepThroughGame[Snapshot]):
    """Step through a seeded deal: Back, Next, Play to end, New deal, and a seed box."""

    css_class = "sl-aces-game"
    title = "Aces in sequence table"

    def make_steps(self, seed: int) -> list[Snapshot]:
        return snapshots(play(shuffled_deck(seed)))

    def piles_for(self, step: Snapshot) -> list[PileView]:
        return snapshot_piles(step)

    def describe(self, step: Snapshot) -> str:
        return describe(step)

    def result_for(self, step: Snapshot) -> str:
        return result_text(step)

    def kept_cards(self) -> list[Card]:
        """The final row of the current deal, left to right."""
        return list(self.steps[-1].revealed)
