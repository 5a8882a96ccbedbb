"""Play la réussite des alliances by hand in a notebook: click a pile to make it jump.

This is the project's answer to the text's Turtle extension (§5.3). It uses the same
:class:`~.rules.ManualGame` and the same messages as the console's manual mode, in English.

>>> game = AlliancesWidget(seed=1)
>>> for _ in range(3):
...     game.draw_button.click()
>>> game.table.click("pile-3")  # no pile on its right: refused, nothing changes
>>> game.table.status
'Illegal jump: pile 3 needs a pile on each side.'
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as widgets

from solitaire_lib.alliances.manual import hint, jump_refusal, message, result
from solitaire_lib.alliances.rules import ManualGame, new_deck
from solitaire_lib.rng import shuffled
from solitaire_lib.seedbox import SeedBox
from solitaire_lib.table import (
    CardTable,
    PileView,
    control_row,
    pile,
    size_control,
    with_static_picture,
)

LANG = "en"


class AlliancesWidget(widgets.VBox):  # type: ignore[misc]
    """Draw, click piles to jump, Hint, Undo, Auto-finish, Give up, New deal, seed box."""

    _last_message: str = ""

    def __init__(self, seed: int = 0, n_cards: int = 32, max_piles: int = 2, **kwargs: Any):
        button = widgets.Button
        self.draw_button = button(description="Draw", button_style="primary")
        self.undo_button = button(description="Undo")
        self.hint_button = widgets.Checkbox(description="Show the jumps", indent=False,
                                            layout=widgets.Layout(width="auto"))  # fmt: skip
        self.auto_button = button(description="Auto-finish", tooltip="Play the rest by the rules")
        self.give_up_button = button(description="Give up", tooltip="Lay the rest, no jumps")
        self.new_deal_button = button(description="New deal")
        self.seed_box = SeedBox(seed, on_seed=lambda _: self.deal())
        self.cards_choice = widgets.Dropdown(options=[32, 52], value=n_cards, description="Cards:",
                                             layout=widgets.Layout(width="120px"))  # fmt: skip
        self.cards_choice.style.description_width = "initial"
        self.table = CardTable(title="Alliances table")
        self.result_label = widgets.HTML()
        self.max_piles = max_piles
        self.draw_button.on_click(lambda _: self._act(self._draw))
        self.undo_button.on_click(lambda _: self._act(self._undo))
        self.hint_button.observe(lambda _: self._show(said=self.jumps_said()), names="value")
        self.auto_button.on_click(lambda _: self._act(self._auto_finish))
        self.give_up_button.on_click(lambda _: self._act(self._give_up))
        self.new_deal_button.on_click(lambda _: self.new_deal())
        self.cards_choice.observe(lambda _: self._deck_size_chosen(), names="value")
        self.table.on_click(self._clicked)
        self.table.add_button_shortcuts(
            [
                ("d", self.draw_button),
                ("u", self.undo_button),
                ("a", self.auto_button),
                ("g", self.give_up_button),
                ("n", self.new_deal_button),
            ]
        )
        self.table.add_shortcut("j", "show or hide the jumps", self._toggle_jumps)
        self.card_size = size_control(self.table)
        controls = control_row(
            [self.draw_button, self.undo_button, self.hint_button, self.auto_button,
             self.give_up_button, self.new_deal_button, self.seed_box, self.cards_choice,
             self.card_size]
        )  # fmt: skip
        super().__init__([controls, self.table, self.result_label], **kwargs)
        self.add_class("sl-alliances-game")
        self._rng = random.Random()
        self.game = ManualGame([])
        self.deal()

    # --- state ------------------------------------------------------------------------------

    @property
    def seed(self) -> int:
        return self.seed_box.seed

    @property
    def n_cards(self) -> int:
        """The size of the deck in play (the toggle may already show the next deal's)."""
        return len(self.game.deck) + self.game.drawn

    def _rng_seed(self) -> int:
        return self._rng.randrange(1_000_000)

    def deal(self) -> None:
        """A new game on the deck shuffled with the seed in the box, of the size chosen."""
        size = int(self.cards_choice.value)
        self.game = ManualGame(shuffled(new_deck(size), self.seed))
        self._say(message(LANG, "title", cards=size, max=self.max_piles))

    def new_deal(self) -> None:
        """A new game with a new random seed."""
        self.seed_box.show(self._rng_seed())
        self.deal()

    def _deck_size_chosen(self) -> None:
        """Switch at once before the first card; during a game, keep it and say so."""
        if self.game.drawn == 0 or self.game.is_over:
            self.deal()
        else:
            self._say(
                f"The next deal will have {self.cards_choice.value} cards; this game goes "
                "on (press New deal to start one)."
            )

    # --- actions ----------------------------------------------------------------------------

    def _act(self, action: Any) -> None:
        said = action() or ""
        if self.game.is_over and not self.game.gave_up:
            said = f"{said} {message(LANG, 'over')}".strip()
        self._say(said)

    def _draw(self) -> str:
        if self.game.is_over:
            return ""
        if not self.game.deck:
            return message(LANG, "deck_empty")
        card = self.game.draw()
        return f"Drew {card}."

    def _undo(self) -> str:
        return message(LANG, "undone" if self.game.undo() else "nothing_to_undo")

    def _auto_finish(self) -> str:
        self.game.auto_finish()
        return "Finished by the rules: leftmost jumps first, after every card drawn."

    def _give_up(self) -> str:
        self.game.give_up()
        return message(LANG, "gave_up")

    def jump(self, pile_number: int) -> None:
        """Ask for pile ``pile_number`` (from 1) to jump, as a click on it does."""
        if self.game.is_over:
            return
        refusal = jump_refusal(self.game, pile_number, LANG)
        if refusal is not None:
            self._say(refusal)
            return
        card = self.game.piles[pile_number - 1]
        self.game.jump(pile_number - 1)
        self._act(
            lambda: message(LANG, "jumped", n=pile_number, card=str(card), left=pile_number - 1)
        )

    def _toggle_jumps(self) -> None:
        self.hint_button.value = not self.hint_button.value

    def jumps_said(self) -> str:
        """What the table says when "Show the jumps" is turned on or off (by J or a click):
        the box's new state and, when on, the jumps there are now.

        >>> game = AlliancesWidget(seed=1)
        >>> game.table.press("j"); game.table.announcement[1]
        'Show the jumps: on. No jump is possible.'
        >>> game.table.press("j"); game.table.announcement[1]
        'Show the jumps: off.'
        """
        if not self.hint_button.value:
            return "Show the jumps: off."
        if self.game.is_over:
            return "Show the jumps: on. The game is over."
        return f"Show the jumps: on. {hint(self.game, LANG)}"

    def _clicked(self, pile_id: str, _index: int | None) -> None:
        if pile_id == "deck":
            self._act(self._draw)
        elif pile_id.startswith("pile-"):
            self.jump(int(pile_id.removeprefix("pile-")))

    # --- view -------------------------------------------------------------------------------

    def piles(self) -> list[PileView]:
        jumps = set(self.game.available_jumps()) if self.hint_button.value else set()
        views = [
            pile("deck", [None] * len(self.game.deck), label="Deck", layout="squared",
                 face_up=False, clickable=True, row=0)
        ]  # fmt: skip
        views += [
            pile(f"pile-{i + 1}", [card], label=str(i + 1), name=f"pile {i + 1}", layout="row",
                 clickable=True, highlight=i in jumps, mark="can jump", row=1)
            for i, card in enumerate(self.game.piles)
        ]  # fmt: skip
        return views

    def _say(self, text: str) -> None:
        self._last_message = text
        self._show()

    def _show(self, said: str | None = None) -> None:
        """Draw the table; say ``said``, or by default the status line and the result."""
        game = self.game
        self.table.piles = self.piles()
        status = self._last_message
        if self.hint_button.value and not game.is_over:
            status = f"{status} {hint(game, LANG)}".strip()
        self.table.status = status
        over = game.is_over
        self.result_label.value = f"<b>{result(game, self.max_piles, LANG)}</b>" if over else ""
        self.table.say(f"{status} {self.result}".strip() if said is None else said)
        self.draw_button.disabled = not game.deck
        self.give_up_button.disabled = self.auto_button.disabled = over
        self.undo_button.disabled = not game.history

    @property
    def result(self) -> str:
        """The result line once the game is over, else nothing."""
        return result(self.game, self.max_piles, LANG) if self.game.is_over else ""

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        return with_static_picture(bundle, repr(self).splitlines()[0], self.table)

    def __repr__(self) -> str:
        lines = [
            f"AlliancesWidget(seed={self.seed_box.label}, {self.n_cards} cards, "
            f"{len(self.game.piles)} piles, {len(self.game.deck)} in the deck)",
            self.table.text(),
        ]
        if self.result:
            lines.append(self.result)
        return "\n".join(lines)
