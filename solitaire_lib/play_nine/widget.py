"""Play a hand of Play Nine in a notebook, ask the planner for advice, or watch it play.

The hand is a :class:`~solitaire_lib.play_nine.rules.Hand` with ``random.Random(seed)``: the
cards are those the course runner deals for ``SEED=seed`` in its first hand, when the moves are
the same. Take the kitty card or draw (buttons, or click the kitty or the deck), then click a
board card: it is replaced by the card held, or turned over (choose with "With the card").

>>> game = PlayNineWidget(seed=4242)
>>> game.draws_left, game.hand.kitty
(10, 12)
>>> game.table.click("col-3", 0)  # no card held yet: refused, nothing changes
>>> game.table.status
'First take the kitty card or draw from the deck. 10 draws left. Kitty card: 12.'
>>> game.draw_button.click()
>>> game.hand.held
7
>>> game.use_choice.value = "t"
>>> game.table.click("col-1", 0)
>>> game.hand.board.concealed(0)
['*', -5, '*', 5]
"""

from __future__ import annotations

import html
import random
from typing import Any

import ipywidgets as widgets

from solitaire_lib.play_nine.planner import PlannerPlayer, settled
from solitaire_lib.play_nine.rules import HIDDEN, MAX_COLUMNS, MIN_COLUMNS, Hand
from solitaire_lib.play_nine.runner import holding_text
from solitaire_lib.seedbox import SeedBox
from solitaire_lib.table import (
    CardTable,
    PileView,
    StaticTable,
    control_row,
    pile,
    size_control,
    slot,
    with_static_picture,
)

ROW_NAMES = ("top", "bottom")
NO_CARD = slot("", spoken="no card")


def draws_text(draws: int) -> str:
    """``'1 draw'``, ``'7 draws'``."""
    return "1 draw" if draws == 1 else f"{draws} draws"


def action_text(action: tuple[str, int, int], done: bool = False) -> str:
    """What an action does, to say it before (or, with ``done``, after) it is made.

    >>> action_text(("r", 0, 2)), action_text(("t", 1, 0), done=True)
    ('replace the top card of column 2', 'turned over the bottom card of column 0')
    """
    kind, row, column = action
    verbs = ("replaced", "turned over") if done else ("replace", "turn over")
    return f"{verbs[kind != 'r']} the {ROW_NAMES[row]} card of column {column}"


def board_picture(top: list[int | str], bottom: list[int | str], caption: str = "") -> StaticTable:
    """A board drawn as cards, one column of two cards each; ``'*'`` is a face-down card, and a
    column of two equal face-up cards is marked.

    >>> print(repr(board_picture([4, "*"], [4, 1], "a board")))
    column 0: 4 4
    column 1: ] 1
    a board
    """
    views = []
    for column, (a, b) in enumerate(zip(top, bottom, strict=True)):
        cards = [card if type(card) is int else None for card in (a, b)]
        matched = a == b and a != HIDDEN
        views.append(pile(f"col-{column}", cards, label=f"column {column}", layout="column",
                          highlight=matched, mark="matched", place_names=ROW_NAMES))  # fmt: skip
    return StaticTable(views, caption)


class PlayNineWidget(widgets.VBox):  # type: ignore[misc]
    """Kitty / Draw, click a card, advice, the AI's steps, New hand, seed and columns."""

    def __init__(self, seed: int = 0, columns: int = 4, **kwargs: Any) -> None:
        button = widgets.Button
        self.kitty_button = button(description="Take the kitty", button_style="primary")
        self.draw_button = button(description="Draw from the deck", button_style="primary")
        # Radio buttons: their checked state is read out (a toggle's pressed state is not).
        self.use_choice = widgets.RadioButtons(
            options=[("Replace a card (key R)", "r"), ("Turn a card over (key T)", "t")],
            value="r", description="With the card:", layout=widgets.Layout(width="auto"),
        )  # fmt: skip
        self.use_choice.style.description_width = "initial"
        self.advice_button = button(description="What would the AI do?")
        self.step_button = button(description="AI: one step", tooltip="The planner decides once")
        self.finish_button = button(description="AI: finish the hand")
        self.new_hand_button = button(description="New hand")
        self.seed_box = SeedBox(seed, on_seed=lambda _: self.deal())
        self.columns_choice = widgets.Dropdown(
            options=list(range(MIN_COLUMNS, MAX_COLUMNS + 1)), value=columns,
            description="Columns:", layout=widgets.Layout(width="130px"),
        )  # fmt: skip
        self.columns_choice.style.description_width = "initial"
        self.table = CardTable(title="Play Nine table")
        self.advice = widgets.HTML()
        self.planner = PlannerPlayer()
        self._rng = random.Random()
        self._message = ""
        self._suggested: tuple[int, int] | None = None  # (column, row) the advice points at

        self.kitty_button.on_click(lambda _: self.choose("k"))
        self.draw_button.on_click(lambda _: self.choose("d"))
        self.advice_button.on_click(lambda _: self.show_advice())
        self.step_button.on_click(lambda _: self.ai_step())
        self.finish_button.on_click(lambda _: self.ai_finish())
        self.new_hand_button.on_click(lambda _: self.new_hand())
        self.columns_choice.observe(lambda _: self.deal(), names="value")
        self.table.on_click(self._clicked)
        self.table.add_button_shortcuts(
            [
                ("k", self.kitty_button),
                ("d", self.draw_button),
                ("a", self.advice_button),
                ("s", self.step_button),
                ("f", self.finish_button),
                ("n", self.new_hand_button),
            ]
        )
        self.table.add_shortcut("r", "replace a card", lambda: self._use_mode("r"))
        self.table.add_shortcut("t", "turn a card over", lambda: self._use_mode("t"))
        play = control_row([self.kitty_button, self.draw_button, self.use_choice])
        ai = control_row([self.advice_button, self.step_button, self.finish_button])
        deal = control_row([self.new_hand_button, self.seed_box, self.columns_choice,
                            size_control(self.table)])  # fmt: skip
        super().__init__([play, self.table, ai, self.advice, deal], **kwargs)
        self.add_class("sl-play-nine-game")
        self.hand = Hand(random.Random(seed), columns)
        self.deal()

    # --- state ------------------------------------------------------------------------------

    @property
    def seed(self) -> int:
        return self.seed_box.seed

    @property
    def draws_left(self) -> int:
        return self.hand.draws

    def deal(self) -> None:
        """A new hand from the seed in the box, with the number of columns chosen."""
        self.hand = Hand(random.Random(self.seed), int(self.columns_choice.value))
        self.advice.value = ""
        self._say(f"A new hand of {self.hand.board.columns} columns.")

    def new_hand(self) -> None:
        """A new hand with a new random seed."""
        self.seed_box.show(self._rng.randrange(1_000_000))
        self.deal()

    # --- the player's moves -------------------------------------------------------------------

    def choose(self, choice: str, who: str = "You") -> None:
        """Take the kitty card (``'k'``) or draw from the deck (``'d'``)."""
        if self.hand.phase != "choose":
            self._say(self._why_not_now())
            return
        kitty = self.hand.kitty
        card = self.hand.choose(choice)
        taken = f"took the kitty card, {kitty}." if choice == "k" else f"drew {card}."
        then = " Now use it: press Enter or click on a card." if who == "You" else ""
        self._say(f"{who} {taken}{then}")

    def use_card(self, row: int, column: int, who: str = "You") -> None:
        """Use the card held on the card at (row, column), as "With the card" says."""
        if self.hand.phase != "place":
            self._say(self._why_not_now())
            return
        action = (str(self.use_choice.value), row, column)
        if self.hand.board.problem_with(action) is not None:
            self._say("That card is already face up: turn over a face-down card, or choose "
                      "'Replace a card'.")  # fmt: skip
            return
        card = self.hand.held
        self.hand.play(action)
        used = f" with the {card}" if action[0] == "r" else ""
        self._say(f"{who} {action_text(action, done=True)}{used}.")

    def _use_mode(self, mode: str) -> None:
        self.use_choice.value = mode
        what = "replaces" if mode == "r" else "turns over"
        self.table.say(f"The card you pick now {what} a card of the board.")

    def _why_not_now(self) -> str:
        if self.hand.phase == "over":
            return "The hand is over: press New hand (or change the seed) to play another."
        if self.hand.phase == "choose":
            return "First take the kitty card or draw from the deck."
        holding = holding_text(self.hand.held or 0)
        return f"You hold {holding}: press Enter or click on a card to use it first."

    def _clicked(self, pile_id: str, index: int | None) -> None:
        if pile_id == "kitty":
            self.choose("k")
        elif pile_id == "deck":
            self.choose("d")
        elif pile_id.startswith("col-"):
            if self.hand.phase != "place":
                self._say(self._why_not_now())
            elif index is None:
                self._say("Press Enter or click on a card, not the space around it.")
            else:
                self.use_card(index, int(pile_id.removeprefix("col-")))

    # --- the AI -----------------------------------------------------------------------------

    def advice_text(self) -> str:
        """What the planner would do now, with its estimate of the final score."""
        hand, board = self.hand, self.hand.board
        top, bottom = board.concealed(0), board.concealed(1)
        self._suggested = None
        if hand.phase == "choose":
            values = self.planner.drawing_values(top, bottom, hand.draws, hand.kitty or 0)
            take = settled(values["k"]) <= settled(values["d"])  # as choose_drawing_action
            best, other = ("k", "d") if take else ("d", "k")
            what = {"k": "take the kitty card", "d": "draw from the deck"}
            return (f"The planner would {what[best]}: estimated final score "
                    f"{values[best]:.1f} (to {what[other]}: {values[other]:.1f}).")  # fmt: skip
        if hand.phase == "place":
            ranked = self.planner.ranked_actions(top, bottom, hand.draws, hand.held or 0)
            (value, action), (next_value, next_action) = ranked[0], ranked[1]
            self._suggested = (action[2], action[1])
            return (f"The planner would {action_text(action)}: estimated final score {value:.1f} "
                    f"(next best, {action_text(next_action)}: {next_value:.1f}).")  # fmt: skip
        return "The hand is over."

    def show_advice(self) -> None:
        """Show the planner's advice, mark the card it points at, and say the advice (only:
        the status line has not changed, and saying it again would count it as a repeat)."""
        self.advice.value = html.escape(self.advice_text())
        self._show(say_status=False)
        self.table.say(self.advice_text_said())

    def advice_text_said(self) -> str:
        """The advice shown, as said (the HTML's text)."""
        return html.unescape(self.advice.value)

    def ai_step(self) -> None:
        """The planner makes the next decision of the hand."""
        hand = self.hand
        top, bottom = hand.board.concealed(0), hand.board.concealed(1)
        if hand.phase == "choose":
            choice = self.planner.choose_drawing_action(top, bottom, hand.draws, hand.kitty or 0)
            self.choose(choice, who="The AI")
        elif hand.phase == "place":
            action = self.planner.choose_replacement_action(top, bottom, hand.draws, hand.held or 0)
            self.use_choice.value = action[0]
            self.use_card(action[1], action[2], who="The AI")

    def ai_finish(self) -> None:
        """The planner plays the rest of the hand."""
        while self.hand.phase != "over":
            self.ai_step()

    # --- view -------------------------------------------------------------------------------

    def piles(self) -> list[PileView]:
        hand, board = self.hand, self.hand.board
        over = hand.phase == "over"
        matched = set(board.matched_columns()) if over else set()
        views = [
            pile("deck", [None], label="Deck", layout="row", face_up=False,
                 clickable=hand.phase == "choose"),  # infinite: no count
            pile("kitty", [hand.kitty if hand.kitty is not None else NO_CARD], label="Kitty",
                 layout="row", clickable=hand.phase == "choose"),
            pile("held", [hand.held if hand.held is not None else NO_CARD], label="In hand",
                 layout="row"),
        ]  # fmt: skip
        for column in range(board.columns):
            cards = [board.top[column] if board.top_up[column] or over else None,
                     board.bottom[column] if board.bottom_up[column] or over else None]  # fmt: skip
            advised = self._suggested
            suggested = [advised[1]] if advised and advised[0] == column else []
            views.append(pile(f"col-{column}", cards, label=f"column {column}", layout="column",
                              row=1, clickable=not over, highlight=column in matched,
                              mark="matched", highlight_positions=suggested,
                              card_mark="the AI's choice", place_names=ROW_NAMES))  # fmt: skip
        return views

    def status_text(self) -> str:
        hand = self.hand
        if hand.phase == "over":  # the score is in the status line, where the eye looks
            return f"{self._message} {self.result_text()}".strip()
        draws = draws_text(hand.draws)
        if hand.phase == "choose":
            return f"{self._message} {draws} left. Kitty card: {hand.kitty}.".strip()
        return f"{self._message} {draws} left after this one.".strip()

    def result_text(self) -> str:
        """The score once the hand is over, with the matched columns."""
        if self.hand.phase != "over":
            return ""
        matched = self.hand.board.matched_columns()
        columns = ", ".join(str(c) for c in matched)
        which = f" (matched: column{'s' if len(matched) > 1 else ''} {columns})" if matched else ""
        return f"The score for the completed hand is {self.hand.score()}{which}."

    def _say(self, message: str) -> None:
        self._message = message
        self._suggested = None
        self.advice.value = ""
        self._show()

    def _show(self, say_status: bool = True) -> None:
        phase = self.hand.phase
        self.table.piles = self.piles()
        self.table.status = self.status_text()
        if say_status:
            self.table.say(self.table.status)  # at the end, with the score
        self.kitty_button.disabled = self.draw_button.disabled = phase != "choose"
        self.advice_button.disabled = self.step_button.disabled = phase == "over"
        self.finish_button.disabled = phase == "over"

    @property
    def result(self) -> str:
        return self.result_text()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        return with_static_picture(bundle, repr(self).splitlines()[0], self.table)

    def __repr__(self) -> str:
        lines = [f"PlayNineWidget(seed={self.seed_box.typed}, {self.hand.board.columns} columns, "
                 f"{draws_text(self.hand.draws)} left)", self.table.text()]  # fmt: skip
        if self.result:
            lines.append(self.result)
        return "\n".join(lines)
