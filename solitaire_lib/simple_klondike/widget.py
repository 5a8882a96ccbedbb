"""Play the simplified Klondike in a notebook: click a pile, then the pile to move it to.

Clicking pile 0 twice turns it (its top card goes to the bottom), as the course's move ``(0, 0)``
does. Cards can also be dragged onto a pile. A move that is not allowed is refused with the
reason and is not counted (the console, like the course, counts it). **Hint** shows the solver's
next move; **Solver: one move** and **Solver: finish** play its line from where you are.

>>> game = KlondikeWidget(seed=1, cards=10)
>>> game.table.click("pile-0"); game.table.click("pile-1")
>>> game.game.piles[:2]
[[8, 9, 7, 5, 3, 0, 4, 1, 2], [6]]
>>> game.table.click("pile-1"); game.table.click("pile-0")
>>> game.table.status
'Not allowed: no card goes back to pile 0. Moves: 1 of 20.'
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as widgets

from solitaire_lib.seedbox import SeedBox
from solitaire_lib.simple_klondike.analysis import solve_position
from solitaire_lib.simple_klondike.console import deal
from solitaire_lib.simple_klondike.rules import Game, problem_with
from solitaire_lib.table import (
    CardTable,
    PileView,
    StaticTable,
    control_row,
    pile,
    size_control,
    with_static_picture,
)

DECK_SIZES = (10, 16, 20, 24, 32, 40, 52)


def move_text(move: tuple[int, int]) -> str:
    """A move in words.

    >>> move_text((0, 0)), move_text((0, 3)), move_text((2, 1))
    ('turn pile 0', 'move the top card of pile 0 to pile 3', 'move pile 2 below pile 1')
    """
    p1, p2 = move
    if p1 == p2 == 0:
        return "turn pile 0"
    if p1 == 0:
        return f"move the top card of pile 0 to pile {p2}"
    return f"move pile {p1} below pile {p2}"


def pile_views(piles: list[list[int]], marks: dict[int, str] | None = None) -> list[PileView]:
    """The table's description of the piles: pile 0 squared (its top card on its face-down
    cards), the others fanned to the right, four to a row; ``marks`` says which piles are
    highlighted and why (``{2: "picked"}``).

    >>> [view["spoken"] for view in pile_views([[3, 1], [2], []], {1: "hint: move it"})]
    ['pile 0, 2 cards, top card 3', 'pile 1, 1 card, top card 2, hint: move it', 'pile 2, empty']
    """
    marks = marks or {}
    pile0 = piles[0]
    views = [pile("pile-0", [*([None] * (len(pile0) - 1)), pile0[0]] if pile0 else [],
                  label="0", name="pile 0", layout="squared", clickable=True, draggable=True,
                  highlight=0 in marks, mark=marks.get(0, ""))]  # fmt: skip
    for number, cards in enumerate(piles[1:], start=1):
        views.append(pile(f"pile-{number}", list(cards), label=str(number), name=f"pile {number}",
                          layout="fan-right", row=1 + (number - 1) // 4, clickable=True,
                          draggable=True, highlight=number in marks,
                          mark=marks.get(number, "")))  # fmt: skip
    return views


def position_picture(piles: list[list[int]], caption: str = "") -> StaticTable:
    """A picture of a position for a notebook (pile 0's cards under its top card are backs).

    >>> print(repr(position_picture([[3, 1], [2], []], "a position")))
    0: ] 3
    1: 2
    2: (empty)
    a position
    """
    return StaticTable(pile_views(piles), caption)


def _sentence(text: str) -> str:
    return f"{text[0].upper()}{text[1:]}."


class KlondikeWidget(widgets.VBox):  # type: ignore[misc]
    """Click (or drag) to move, Turn, Undo, Hint, the solver's line, New deal, seed, size."""

    def __init__(self, seed: int = 0, cards: int = 20, **kwargs: Any) -> None:
        button = widgets.Button
        self.turn_button = button(description="Turn pile 0", button_style="primary")
        self.undo_button = button(description="Undo")
        self.hint_button = button(description="Hint", tooltip="The solver's next move")
        self.step_button = button(description="Solver: one move")
        self.finish_button = button(description="Solver: finish")
        self.new_deal_button = button(description="New deal")
        self.seed_box = SeedBox(seed, on_seed=lambda _: self.deal())
        self.size_choice = widgets.Dropdown(options=list(DECK_SIZES), value=cards,
                                            description="Cards:",
                                            layout=widgets.Layout(width="130px"))  # fmt: skip
        self.size_choice.style.description_width = "initial"
        self.table = CardTable(title="Simplified Klondike table")
        self.result_label = widgets.HTML()
        self._rng = random.Random()
        self._selected: int | None = None
        self._message = ""
        self._hint: tuple[int, int] | None = None
        self.turn_button.on_click(lambda _: self.move(0, 0))
        self.undo_button.on_click(lambda _: self.undo())
        self.hint_button.on_click(lambda _: self.show_hint())
        self.step_button.on_click(lambda _: self.solver_move())
        self.finish_button.on_click(lambda _: self.solver_finish())
        self.new_deal_button.on_click(lambda _: self.new_deal())
        self.size_choice.observe(lambda _: self.deal(), names="value")
        self.table.on_click(self._clicked)
        self.table.on_drop(self._dropped)
        self.table.on_key(self._key)
        self.table.add_button_shortcuts(
            [
                ("t", self.turn_button),
                ("u", self.undo_button),
                ("h", self.hint_button),
                ("s", self.step_button),
                ("f", self.finish_button),
                ("n", self.new_deal_button),
            ]
        )
        controls = control_row([self.turn_button, self.undo_button, self.hint_button,
                                self.step_button, self.finish_button])  # fmt: skip
        deal_row = control_row([self.new_deal_button, self.seed_box, self.size_choice,
                                size_control(self.table)])  # fmt: skip
        super().__init__([controls, self.table, self.result_label, deal_row], **kwargs)
        self.add_class("sl-klondike-game")
        self.game = Game([])
        self.deal()

    # --- state ------------------------------------------------------------------------------

    @property
    def seed(self) -> int:
        return self.seed_box.seed

    def deal(self) -> None:
        """A new game: the deck of the size chosen, shuffled with the seed in the box."""
        self.game = Game(deal(int(self.size_choice.value), self.seed))
        self._selected = None
        self._say(f"A new deal of {self.game.cards} cards: build one pile, from "
                  f"{self.game.cards - 1} down to 0.")  # fmt: skip

    def new_deal(self) -> None:
        self.seed_box.show(self._rng.randrange(1_000_000))
        self.deal()

    # --- moves ------------------------------------------------------------------------------

    def move(self, p1: int, p2: int, who: str = "") -> None:
        """Make the move ``(p1, p2)``, or say why it is not allowed (nothing is counted)."""
        self._selected = None
        if self.game.over:
            self._say("The game is over: press New deal to play again.")
            return
        problem = self.game.move(p1, p2)
        if problem is not None:
            self._say(f"Not allowed: {problem}.")
        else:
            self._say(f"{who}{move_text((p1, p2))}." if who else _sentence(move_text((p1, p2))))

    def undo(self) -> None:
        self._selected = None
        self._say("Move taken back." if self.game.undo() else "Nothing to take back.")

    def _clicked(self, pile_id: str, _index: int | None) -> None:
        number = int(pile_id.removeprefix("pile-"))
        if self._selected is None:
            if number > 0 and not self.game.piles[number]:
                self._say(f"Pile {number} is empty: pick a pile with cards to move.")
                return
            self._selected = number
            again = "pile 0 again to turn it" if number == 0 else "or this pile again to drop it"
            self._say(f"Pile {number} picked: now press Enter or click where it goes ({again}).")
            return
        source, self._selected = self._selected, None
        if source == number and number > 0:
            self._say("Dropped: nothing moved.")
            return
        self.move(source, number)

    def _key(self, key: str) -> None:
        if key == "Escape" and self._selected is not None:
            self._selected = None
            self._say("Pick cancelled.")

    def _dropped(self, source: str, _index: int, target: str) -> None:
        self.move(int(source.removeprefix("pile-")), int(target.removeprefix("pile-")))

    # --- the solver ---------------------------------------------------------------------------

    def solution(self) -> list[tuple[int, int]] | None:
        """The solver's moves from here to a win within the moves left, or ``None``."""
        found = solve_position(self.game.piles, self.game.moves_left)
        return found.moves if found.verdict == "solved" else None

    def show_hint(self) -> None:
        if self.game.over:
            return
        moves = self.solution()
        self._hint = moves[0] if moves else None
        advice = (f"Hint: {move_text(moves[0])} ({len(moves)} moves to win from here)."
                  if moves else "Hint: no win is left within the moves left.")  # fmt: skip
        self._say(advice, keep_hint=True)

    def solver_move(self) -> None:
        """The solver makes the next move of its line."""
        if self.game.over:
            return
        moves = self.solution()
        if moves is None:
            self._say("The solver finds no win from here within the moves left.")
            return
        self.move(*moves[0], who="Solver: ")

    def solver_finish(self) -> None:
        """The solver plays its line to the end."""
        moves = self.solution() if not self.game.over else None
        if moves is None:
            self.solver_move()
            return
        for move in moves:
            self.game.move(*move)
        self._say(f"Solver: won with {len(moves)} more moves.")

    # --- view -------------------------------------------------------------------------------

    def piles(self) -> list[PileView]:
        marks = {}
        if self._hint is not None:
            source, target = self._hint
            marks = (
                {source: "hint: turn it"}
                if source == target
                else {source: "hint: move it", target: "hint: onto this pile"}
            )
        if self._selected is not None:
            for target in range(1, len(self.game.piles)):  # where the picked pile may go
                if problem_with(self.game.piles, self._selected, target) is None:
                    marks.setdefault(target, "can take it")
            marks[self._selected] = "picked"
        return pile_views(self.game.piles, marks)

    def status_text(self) -> str:
        game = self.game
        counter = f"Moves: {game.moves_made} of {game.limit}."
        return f"{self._message} {counter}".strip()

    def result_text(self) -> str:
        if self.game.won:
            return f"You win in {self.game.moves_made} moves!"
        if self.game.over:
            return "You lose: no moves are left."
        return ""

    def _say(self, message: str, keep_hint: bool = False) -> None:
        self._message = message
        if not keep_hint:
            self._hint = None
        self._show()

    def _show(self) -> None:
        self.table.piles = self.piles()
        self.table.status = self.status_text()
        result = self.result_text()
        self.result_label.value = f"<b>{result}</b>" if result else ""
        self.table.say(f"{self.table.status} {result}".strip())
        over = self.game.over
        for control in (self.turn_button, self.hint_button, self.step_button, self.finish_button):
            control.disabled = over
        self.undo_button.disabled = not self.game.history

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        return with_static_picture(bundle, repr(self).splitlines()[0], self.table)

    def __repr__(self) -> str:
        game = self.game
        title = (f"KlondikeWidget(seed={self.seed_box.typed}, {game.cards} cards, "
                 f"{game.moves_made} of {game.limit} moves)")  # fmt: skip
        lines = [title, self.table.text()]
        if self.result_text():
            lines.append(self.result_text())
        return "\n".join(lines)
