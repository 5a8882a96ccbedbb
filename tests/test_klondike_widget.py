"""The simplified Klondike widget: clicks, drags, refusals, undo, the solver's hint and line."""

from __future__ import annotations

from solitaire_lib.simple_klondike.console import deal
from solitaire_lib.simple_klondike.rules import Game
from solitaire_lib.simple_klondike.widget import KlondikeWidget


def test_clicks_move_as_the_engine_does_and_count_only_legal_moves() -> None:
    game = KlondikeWidget(seed=1, cards=10)
    twin = Game(deal(10, 1))
    for source, target in [(0, 1), (0, 0), (0, 0), (1, 2), (0, 2)]:
        game.table.click(f"pile-{source}")
        game.table.click(f"pile-{target}")
        twin.move(source, target)
        assert game.game.piles == twin.piles
    assert game.game.moves_made == twin.moves_made == 4  # the move (1, 2) is refused
    assert "Moves: 4 of 20." in game.table.status


def test_a_refused_move_says_why() -> None:
    game = KlondikeWidget(seed=1, cards=10)
    game.table.click("pile-2")
    assert game.table.status.startswith("Pile 2 is empty")
    game.table.click("pile-0")
    game.table.click("pile-1")  # the 6 starts pile 1
    game.table.click("pile-0")
    game.table.click("pile-1")  # the 8 does not go below the 6
    assert game.table.status.startswith("Not allowed: 8 does not go below 6")
    assert game.game.moves_made == 1


def test_drag_and_drop_moves_a_pile() -> None:
    game = KlondikeWidget(seed=1, cards=10)
    game.table.drop("pile-0", 9, "pile-3")
    assert game.game.piles[3] == [6]


def test_undo_and_the_turn_button() -> None:
    game = KlondikeWidget(seed=1, cards=10)
    game.turn_button.click()
    assert game.game.piles[0][-1] == 6 and game.game.moves_made == 1
    game.undo_button.click()
    assert game.game.piles[0][0] == 6 and game.game.moves_made == 0 and game.undo_button.disabled


def test_the_hint_is_the_solvers_first_move_and_the_solver_wins() -> None:
    game = KlondikeWidget(seed=5, cards=20)
    game.hint_button.click()
    assert game.table.status.startswith("Hint: ")
    assert any(view["highlight"] for view in game.table.piles)
    game.step_button.click()
    assert game.game.moves_made == 1 and game.table.status.startswith("Solver: ")
    game.finish_button.click()
    assert game.game.won and game.result_label.value.startswith("<b>You win in")
    assert game.turn_button.disabled


def test_a_lost_game_says_so() -> None:
    game = KlondikeWidget(seed=1, cards=10)
    for _ in range(20):
        game.turn_button.click()
    assert game.result_text() == "You lose: no moves are left."


def test_size_and_seed_deal_again() -> None:
    game = KlondikeWidget(seed=1, cards=10)
    game.size_choice.value = 52
    assert game.game.cards == 52 and len(game.table.piles) == 9
    game.seed_box.text.value = "-7"
    assert game.game.piles[0] == deal(52, -7)
    assert repr(game).startswith("KlondikeWidget(seed=-7, 52 cards, 0 of 104 moves)")
