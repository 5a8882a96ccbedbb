"""Play stacks of nine in a notebook: click a card to pick it and the cards above it, then click
the stack to put them on (or drag them there).

Cards wear the coursework's palette, with ink that reads at a contrast of 4.5:1 or more (white or
near-black, whichever reads better; a shade is darkened a little where neither does). A blocking
card is drawn grey and its stack is marked blocked; a complete stack is turned over. **Hint**
shows the solver's next move; **Solver: one move** and **Solver: finish** play its line from
where you are. The solver searches in the background as soon as a position is shown
(:class:`~solitaire_lib.stacks_of_nine.analysis.Advisor`), so a hint usually answers from
memory; one that would wait longer than ``HINT_WAIT`` says that the search goes on, and shows
the hint when the search is done (if the game is still where it was asked).

>>> game = StacksWidget(seed=3)
>>> game.state["stacks"][4], game.state["stacks"][3]
([9, 9, 1, 5, 1, 5], [7, 9, 7, 2, 2, 5])
>>> game.table.click("stack-4", 4); game.table.click("stack-3")
>>> game.table.status
'Not allowed: the top 2 cards of stack E are not in order (each one less than the card under it).'
>>> game.table.click("stack-4", 5); game.table.click("stack-3")  # a blocking move
>>> game.state["blocked"][3], game.table.status
(True, 'Move 1 card from E to D.')
"""

from __future__ import annotations

import random
import threading
from typing import Any

import ipywidgets as widgets

from solitaire_lib.seedbox import SeedBox
from solitaire_lib.stacks_of_nine import rules
from solitaire_lib.stacks_of_nine.analysis import Advice, Advisor
from solitaire_lib.stacks_of_nine.course import COLOURS
from solitaire_lib.table import (
    CardTable,
    PileView,
    StaticTable,
    contrast_ratio,
    control_row,
    count_words,
    pile,
    size_control,
    with_static_picture,
)

BLOCKING = ("#cccccc", "#333333")  # the text's inverse(): dark on light grey (8.3:1)
READABLE = 4.5  # WCAG 2.2 AA contrast for text


def _hex(red: float, green: float, blue: float) -> str:
    return f"#{int(red * 255):02x}{int(green * 255):02x}{int(blue * 255):02x}"


def course_colours(value: int) -> tuple[str, str]:
    """The text's colours of a card: a darker shade behind, a light tint for the number (too
    little contrast to read for most values: the widget uses :func:`card_colours`).

    >>> course_colours(1)
    ('#aa3b3e', '#ffc7c9')
    """
    red, green, blue = COLOURS[value - 1]
    return _hex(red / 1.5, green / 1.5, blue / 1.5), _hex((red + 2) / 3, (green + 2) / 3,
                                                         (blue + 2) / 3)  # fmt: skip


def card_colours(value: int) -> tuple[str, str]:
    """The colours of a card on the table: the text's shade behind, and white or near-black ink,
    whichever reads better; where neither reaches 4.5:1 the shade is darkened until white does.

    >>> card_colours(1), card_colours(3)
    (('#aa3b3e', '#ffffff'), ('#aa8626', '#111111'))
    """
    shade = COLOURS[value - 1]
    factor = 1.5
    while True:
        background = _hex(*(channel / factor for channel in shade))
        for ink in ("#ffffff", "#111111"):
            if contrast_ratio(background, ink) >= READABLE:
                return background, ink
        factor *= 1.05


def move_text(move: tuple[int, int, int]) -> str:
    """``'move 3 cards from A to C'``.

    >>> move_text((0, 2, 3)), move_text((5, 1, 1))
    ('move 3 cards from A to C', 'move 1 card from F to B')
    """
    source, destination, count = move
    cards = count_words(count)
    return f"move {cards} from {rules.LETTERS[source]} to {rules.LETTERS[destination]}"


def stack_views(state: dict[str, Any], picked: tuple[int, int] | None = None,
                marks: dict[int, str] | None = None) -> list[PileView]:  # fmt: skip
    """The six stacks for the table; ``picked`` is ``(stack, count)`` of the cards picked, and
    ``marks`` says which stacks are highlighted and why (``{0: "hint: from here"}``). Once the
    game is won no card can be played: the stacks are only looked at (not buttons)."""
    marks = marks or {}
    playing = not rules.is_won(state)
    views = []
    for i, stack in enumerate(state["stacks"]):
        blocked, complete = state["blocked"][i], state["complete"][i]

        def colours(
            index: int, stack: list[int] = stack, blocked: bool = blocked
        ) -> tuple[str, str]:
            top = index == len(stack) - 1
            return BLOCKING if blocked and top else card_colours(stack[index])

        chosen = range(len(stack) - picked[1], len(stack)) if picked and picked[0] == i else ()
        note = "complete" if complete else "blocked" if blocked else ""
        views.append(pile(f"stack-{i}", list(stack), label=rules.LETTERS[i], layout="fan-down",
                          name=f"stack {rules.LETTERS[i]}", face_up=not complete,
                          colours=colours, highlight_positions=list(chosen), card_mark="picked",
                          highlight=i in marks, mark=marks.get(i, ""), clickable=playing,
                          draggable=not complete, note=note))  # fmt: skip
    return views


def stacks_picture(state: dict[str, Any], caption: str = "") -> StaticTable:
    """A picture of a state for a notebook."""
    return StaticTable(stack_views(state), caption)


#: Seconds a hint waits for the solver before it says that the search goes on. The rest is
#: margin: the background search can hold Python's lock for a few tens of milliseconds (when it
#: frees its queue), and a hint should answer within 0.1 s.
HINT_WAIT = 0.05
#: What a hint says while the search goes on; the hint replaces it once the search is done.
STILL_SEARCHING = (
    "Hint: the solver is still searching from here (a hard position); the hint will show here."
)


class StacksWidget(widgets.VBox):  # type: ignore[misc]
    """Pick and put, Undo, Reset, Hint, the solver's line, New deal and seed."""

    def __init__(self, seed: int = 0, **kwargs: Any) -> None:
        button = widgets.Button
        self.undo_button = button(description="Undo")
        self.reset_button = button(description="Reset", tooltip="The same deal from the start")
        self.hint_button = button(description="Hint", tooltip="The solver's next move")
        self.step_button = button(description="Solver: one move")
        self.finish_button = button(description="Solver: finish")
        self.new_deal_button = button(description="New deal")
        self.seed_box = SeedBox(seed, on_seed=lambda _: self.deal())
        self.table = CardTable(title="Stacks of nine table")
        self.result_label = widgets.HTML()
        self._rng = random.Random()
        self._picked: tuple[int, int] | None = None
        self._hint: tuple[int, int, int] | None = None
        self._message = ""
        self.history: list[dict[str, Any]] = []
        self.advisor = Advisor()  # the solver's lines, searched for while the player thinks
        self.undo_button.on_click(lambda _: self.undo())
        self.reset_button.on_click(lambda _: self.deal())
        self.hint_button.on_click(lambda _: self.show_hint())
        self.step_button.on_click(lambda _: self.solver_move())
        self.finish_button.on_click(lambda _: self.solver_finish())
        self.new_deal_button.on_click(lambda _: self.new_deal())
        self.table.on_click(self._clicked)
        self.table.on_drop(self._dropped)
        self.table.on_key(self._key)
        self.table.add_button_shortcuts(
            [
                ("u", self.undo_button),
                ("r", self.reset_button),
                ("h", self.hint_button),
                ("s", self.step_button),
                ("f", self.finish_button),
                ("n", self.new_deal_button),
            ]
        )
        controls = control_row([self.undo_button, self.reset_button, self.hint_button,
                                self.step_button, self.finish_button])  # fmt: skip
        deal_row = control_row([self.new_deal_button, self.seed_box, size_control(self.table)])
        super().__init__([controls, self.table, self.result_label, deal_row], **kwargs)
        self.add_class("sl-stacks-game")
        self.state = rules.new_state(random.Random(seed))
        self.deal()

    @property
    def seed(self) -> int:
        return self.seed_box.seed

    def deal(self) -> None:
        """The deal of the seed in the box, from its start."""
        self.state = rules.new_state(random.Random(self.seed))
        self.history = []
        self._picked = None
        self._say("Pick a card (and the cards above it), then the stack to put them on.")

    def new_deal(self) -> None:
        self.seed_box.show(self._rng.randrange(1_000_000))
        self.deal()

    def move(self, move: tuple[int, int, int], who: str = "") -> None:
        """Make a move, or say why it is not allowed."""
        self._picked = None
        problem = rules.problem_with(self.state, move)
        if problem is not None:
            self._say(f"Not allowed: {problem}.")
            return
        self.history.append(rules.copy_state(self.state))
        rules.apply_move(self.state, move)
        text = move_text(move)
        self._say(f"{who}{text}." if who else f"{text[0].upper()}{text[1:]}.")

    def undo(self) -> None:
        self._picked = None
        if self.history:
            self.state = self.history.pop()
            self._say("Move taken back.")
        else:
            self._say("Nothing to take back: this is the start of the deal.")

    def _clicked(self, pile_id: str, index: int | None) -> None:
        number = int(pile_id.removeprefix("stack-"))
        stack = self.state["stacks"][number]
        if self._picked is None or (self._picked[0] == number and index is not None):
            if index is None or not stack:
                self._say("Press Enter or click on a card to pick it and the cards above it.")
                return
            self._picked = (number, len(stack) - index)
            count = self._picked[1]
            picked = count_words(count)
            self._say(f"{picked} of {rules.LETTERS[number]} picked: press Enter or click on the "
                      "stack to put them on.")  # fmt: skip
            return
        source, count = self._picked
        self.move((source, number, count))

    def _key(self, key: str) -> None:
        if key == "Escape" and self._picked is not None:
            self._picked = None
            self._say("Pick cancelled.")

    def _dropped(self, source: str, index: int, target: str) -> None:
        number = int(source.removeprefix("stack-"))
        count = len(self.state["stacks"][number]) - index
        self.move((number, int(target.removeprefix("stack-")), count))

    def show_hint(self) -> None:
        found = self.advisor.advice(self.state, wait=HINT_WAIT)
        if found.verdict == "searching":
            self._say(STILL_SEARCHING, keep_hint=True)
            asked = rules.copy_state(self.state)
            threading.Thread(target=self._hint_when_found, args=(asked,), daemon=True,
                             name="stacks of nine hint").start()  # fmt: skip
            return
        self._show_advice(found)

    def _hint_when_found(self, asked: rules.State) -> None:
        """Wait for the search from ``asked``, then show its hint, unless the game has moved on."""
        found = self.advisor.advice(asked)
        if self.state == asked and self._message == STILL_SEARCHING:
            self._show_advice(found)

    def _show_advice(self, found: Advice) -> None:
        self._hint = found.move
        if self._hint is not None:
            advice = f"Hint: {move_text(self._hint)} ({found.moves_left} moves to win from here)."
        elif found.verdict == "unsolvable":
            advice = "Hint: no win is left from here (undo some moves)."
        else:
            advice = "Hint: the solver found no line in its budget."
        self._say(advice, keep_hint=True)

    def solver_move(self) -> None:
        if rules.is_won(self.state):
            return
        found = self.advisor.advice(self.state)
        if found.move is None:
            self._say("The solver finds no win from here.")
            return
        self.move(found.move, who="Solver: ")

    def solver_finish(self) -> None:
        line = self.advisor.line(self.state) if not rules.is_won(self.state) else []
        if not line:
            self.solver_move()
            return
        for move in line:
            self.history.append(rules.copy_state(self.state))
            rules.apply_move(self.state, move)
        self._say(f"Solver: won with {len(line)} more moves.")

    def _say(self, message: str, keep_hint: bool = False) -> None:
        self._message = message
        if not keep_hint:
            self._hint = None
        self._show()
        if not rules.is_won(self.state):
            self.advisor.prepare(self.state)  # the next hint is usually ready before it is asked

    def result_text(self) -> str:
        return f"You won, in {len(self.history)} moves!" if rules.is_won(self.state) else ""

    def _show(self) -> None:
        marks = {}
        if self._hint:
            source, target, count = self._hint
            cards = count_words(count)
            marks = {source: f"hint: take {cards}", target: "hint: put them here"}
        if self._picked:
            source, count = self._picked
            for target in range(len(self.state["stacks"])):  # where the picked cards may go
                if (
                    target != source
                    and rules.problem_with(self.state, (source, target, count)) is None
                ):
                    marks.setdefault(target, "can take them")
        self.table.piles = stack_views(self.state, self._picked, marks)
        self.table.status = self._message
        result = self.result_text()
        self.result_label.value = f"<b>{result}</b>" if result else ""
        self.table.say(f"{self._message} {result}".strip())
        won = rules.is_won(self.state)
        for control in (self.hint_button, self.step_button, self.finish_button):
            control.disabled = won
        self.undo_button.disabled = not self.history

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        return with_static_picture(bundle, repr(self).splitlines()[0], self.table)

    def __repr__(self) -> str:
        lines = [f"StacksWidget(seed={self.seed_box.typed}, {len(self.history)} moves)",
                 self.table.text()]  # fmt: skip
        if self.result_text():
            lines.append(self.result_text())
        return "\n".join(lines)
