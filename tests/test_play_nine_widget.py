"""Play Nine's hand engine and widget: the runner's cards, clicks, refusals, advice, the AI."""

from __future__ import annotations

import random

import pytest

from solitaire_lib.play_nine.analysis import hand_scores
from solitaire_lib.play_nine.planner import PlannerPlayer
from solitaire_lib.play_nine.rules import Hand
from solitaire_lib.play_nine.widget import PlayNineWidget


def test_a_hand_refuses_steps_out_of_order_and_illegal_actions() -> None:
    hand = Hand(random.Random(1), 4)
    with pytest.raises(ValueError, match="take the kitty card or draw first"):
        hand.play(("r", 0, 0))
    with pytest.raises(ValueError, match="must be 'd' or 'k'"):
        hand.choose("x")
    hand.choose("k")
    with pytest.raises(ValueError, match="no card to choose now"):
        hand.choose("d")
    face_up = hand.board.top_up.index(True)
    with pytest.raises(ValueError, match="already face up"):
        hand.play(("t", 0, face_up))
    assert hand.phase == "place"  # a refused action changes nothing


@pytest.mark.parametrize("columns", [3, 11, 4.0, True])
def test_a_hand_has_4_to_10_columns(columns: object) -> None:
    with pytest.raises(ValueError, match="4 to 10 columns"):
        Hand(random.Random(1), columns)  # type: ignore[arg-type]


def test_the_widget_plays_the_runners_hand_and_shows_its_score() -> None:
    """Clicks only: the same cards as the engine's hand with the same seed and decisions."""
    game = PlayNineWidget(seed=77, columns=5)
    twin = Hand(random.Random(77), 5)
    rng = random.Random(5)
    while game.hand.phase != "over":
        pile = rng.choice(["kitty", "deck"])
        game.table.click(pile)
        twin.choose("k" if pile == "kitty" else "d")
        assert game.hand.held == twin.held
        face_down = [(r, c) for r in (0, 1) for c in range(5) if not twin.board.up(r)[c]]
        row, column = rng.choice(face_down)
        game.use_choice.value = rng.choice("rt")
        game.table.click(f"col-{column}", row)
        twin.play((str(game.use_choice.value), row, column))
        assert game.hand.board == twin.board
    assert game.result.startswith(f"The score for the completed hand is {twin.score()}")
    assert game.result in game.table.status, "the score is in the status line"
    assert game.table.announcement[1].endswith(game.result)
    matched = twin.board.matched_columns()
    highlighted = [int(v["id"][4:]) for v in game.table.piles if v["highlight"]]
    assert highlighted == matched
    assert game.kitty_button.disabled and game.finish_button.disabled


def test_refusals_say_what_to_do_and_change_nothing() -> None:
    game = PlayNineWidget(seed=4242)
    game.table.click("col-0", 0)
    assert game.table.status.startswith("First take the kitty card or draw from the deck.")
    game.draw_button.click()
    game.draw_button.click()
    assert game.table.status.startswith(
        "You hold a 7: press Enter or click on a card to use it first."
    )
    game.use_choice.value = "t"
    game.table.click("col-3", 0)  # the 5 is face up
    assert game.table.status.startswith("That card is already face up")
    assert game.hand.held == 7 and game.draws_left == 9
    game.table.click("col-3")  # the column, not a card
    assert game.table.status.startswith("Press Enter or click on a card")


def test_the_ai_finishes_a_hand_as_the_planner_plays_it_in_the_runner() -> None:
    for seed in (1, 2, 3):
        game = PlayNineWidget(seed=seed)
        game.finish_button.click()
        expected = hand_scores(PlannerPlayer(), seed, 1)[0]
        assert game.result.startswith(f"The score for the completed hand is {expected}")


def test_the_advice_is_the_planners_choice_with_its_estimate() -> None:
    game = PlayNineWidget(seed=4242)
    game.advice_button.click()
    values = PlannerPlayer().drawing_values(["*", "*", "*", 5], [5, "*", "*", "*"], 10, 12)
    best = min(values, key=lambda k: (values[k], k != "k"))
    verb = "take the kitty card" if best == "k" else "draw from the deck"
    assert game.advice.value.startswith(f"The planner would {verb}: estimated final score "
                                        f"{values[best]:.1f}")  # fmt: skip
    game.step_button.click()
    game.advice_button.click()
    assert "The planner would " in game.advice.value
    marked = [(v["id"], i) for v in game.table.piles for i, c in enumerate(v["cards"])
              if c.get("highlight")]  # fmt: skip
    assert len(marked) == 1  # the card it would use is marked on the board


def test_the_advice_and_the_ai_step_make_the_same_drawing_choice_on_a_tie() -> None:
    """Two estimates that differ only in their last bits are a tie for the planner (settled):
    the advice names the kitty, and "AI: one step" takes it."""
    game = PlayNineWidget(seed=4242)
    tie = {"k": 1.0 + 2**-50, "d": 1.0}  # "k" above "d", raw
    game.planner.drawing_values = lambda *args: dict(tie)  # type: ignore[method-assign]
    game.advice_button.click()
    assert game.advice.value.startswith("The planner would take the kitty card")
    kitty = game.hand.kitty
    game.step_button.click()
    assert game.hand.phase == "place" and game.hand.held == kitty


def test_asking_for_advice_says_the_advice_and_nothing_else() -> None:
    """A whole hand, the advice asked before every step: each time the live region gets one
    sentence, the advice (the status line had not changed: saying it again was heard as
    "..., 2 times in a row" before the advice)."""
    game = PlayNineWidget(seed=4242)
    said: list[str] = []
    game.table.observe(lambda change: said.append(change["new"][1]), names="announcement")
    asked = 0
    while game.hand.phase != "over":
        said.clear()
        game.advice_button.click()
        assert said == [game.advice_text_said()], said
        assert "times in a row" not in said[0]
        asked += 1
        game.step_button.click()
    assert asked >= 10  # a choice and a use for each card taken


def test_columns_and_seed_deal_a_new_hand() -> None:
    game = PlayNineWidget(seed=1)
    game.columns_choice.value = 10
    assert game.hand.board.columns == 10 and len(game.table.piles) == 3 + 10
    game.seed_box.text.value = "12345678901234567"
    assert (
        game.seed == 12345678901234567
        and game.hand.draws == Hand(random.Random(12345678901234567), 10).draws
    )
    game.seed_box.text.value = "nonsense"
    assert game.seed == 12345678901234567


def test_the_widget_has_a_text_form_and_a_static_picture() -> None:
    game = PlayNineWidget(seed=4242)
    assert repr(game).splitlines()[0] == "PlayNineWidget(seed=4242, 4 columns, 10 draws left)"
    bundle = game._repr_mimebundle_()
    assert "sl-card" in bundle["text/html"] and "a live game" in bundle["text/plain"]
