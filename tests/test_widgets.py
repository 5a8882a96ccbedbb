"""Widgets without a browser: clicks and trait changes, as the front end would send them."""

from __future__ import annotations

import pytest

from solitaire_lib.aces_in_sequence import AcesInSequenceWidget, play, shuffled_deck, snapshots
from solitaire_lib.aces_in_sequence.widget import describe, show
from solitaire_lib.cards import card_from_text
from solitaire_lib.table import CardTable, StaticTable, pile, plain_symbols


def test_table_delivers_clicks_and_drops_like_the_browser() -> None:
    table = CardTable(piles=[pile("a", [card_from_text("A♠")], clickable=True, draggable=True),
                             pile("b", [])])  # fmt: skip
    clicks: list[tuple[str, int | None]] = []
    drops: list[tuple[str, int, str]] = []
    table.on_click(lambda p, i: clicks.append((p, i)))
    table.on_drop(lambda s, i, t: drops.append((s, i, t)))
    table.click("a", 0)
    table.click("a")
    browser = {"type": "click", "pile": "a", "index": None, "version": table.version}
    table._receive(table, browser, [])
    table.drop("a", 0, "b")
    assert clicks == [("a", 0), ("a", None), ("a", None)]
    assert drops == [("a", 0, "b")]


BAD_MESSAGES = [
    {"type": "unknown"}, "text", None, 5, [], {"pile": "a"}, {"type": "click"},
    {"type": "click", "pile": "pile-abc"}, {"type": "click", "pile": 3},
    {"type": "click", "pile": "a", "index": 7}, {"type": "click", "pile": "a", "index": True},
    {"type": "click", "pile": "a", "index": "0"}, {"type": "click", "pile": "a", "version": "x"},
    {"type": "drop", "source": "a", "index": 0}, {"type": "drop", "source": "b", "index": 0,
    "target": "a"}, {"type": "drop", "source": "a", "index": -1, "target": "b"},
    {"type": "drop", "source": {"x": 1}, "index": 0, "target": "b"},
]  # fmt: skip


@pytest.mark.parametrize("message", BAD_MESSAGES, ids=[str(m)[:40] for m in BAD_MESSAGES])
def test_a_malformed_message_is_ignored_never_raised(message: object) -> None:
    table = CardTable(piles=[pile("a", [card_from_text("A♠")], clickable=True, draggable=True),
                             pile("b", [])])  # fmt: skip
    table.on_click(lambda p, i: pytest.fail(f"a bad message reached a handler: {message}"))
    table.on_drop(lambda s, i, t: pytest.fail(f"a bad message reached a handler: {message}"))
    table._receive(table, message, [])
    assert table.ignored


def test_a_click_made_on_an_older_table_is_ignored() -> None:
    """The second click of a double-click arrives after the first one changed the table."""
    table = CardTable(piles=[pile("a", [card_from_text("A♠")], clickable=True)])
    clicks: list[str] = []
    table.on_click(lambda p, i: clicks.append(p))
    first = {"type": "click", "pile": "a", "index": None, "version": table.version}
    table._receive(table, first, [])
    table.piles = [pile("a", [], clickable=True)]  # what the first click changed
    table._receive(table, dict(first), [])  # the second click, made on the old table
    assert clicks == ["a"] and "older table" in table.ignored[-1]


def test_a_double_click_on_an_alliances_pile_makes_one_jump() -> None:
    game = AlliancesWidget(seed=1)
    while not game.game.available_jumps():
        game.draw_button.click()
    pile_id = f"pile-{game.game.available_jumps()[0] + 1}"
    message = {"type": "click", "pile": pile_id, "index": None, "version": game.table.version}
    before = len(game.game.piles)
    game.table._receive(game.table, message, [])
    game.table._receive(game.table, dict(message), [])
    assert len(game.game.piles) == before - 1


def test_pile_validation_and_text() -> None:
    with pytest.raises(ValueError, match="layout"):
        pile("x", [], layout="diagonal")
    table = CardTable(piles=[pile("x", [None, card_from_text("10♦")], label="Mixed"),
                             pile("e", [])], status="hello")  # fmt: skip
    assert table.text() == "Mixed: ] 10♦\ne: (empty)\nhello"
    assert repr(table).startswith("CardTable(\n")


def test_table_assets_ship_with_the_package() -> None:
    assert "export default { render }" in CardTable._esm
    assert ".sl-card" in CardTable._css
    assert "http" not in CardTable._esm, "nothing may be fetched at run time"


@pytest.mark.parametrize("seed", [0, 27, 1234])
def test_stepping_a_deal_to_its_end(seed: int) -> None:
    game = AcesInSequenceWidget(seed=seed)
    expected = play(shuffled_deck(seed))
    steps = snapshots(expected)
    assert game.step == 0 and game.back.disabled and not game.next.disabled
    assert game.table.pile_ids() == ["deck", "discarded", "kept"]
    for number in range(1, len(steps)):
        game.next.click()
        assert game.step == number
        assert game.table.status == describe(steps[number])
    assert game.next.disabled and game.play_to_end.disabled
    assert game.kept_cards() == list(expected.kept_revealed)
    word = "won" if expected.won else "lost"
    assert game.result.startswith(f"You {word}! {expected.cards_left} cards kept")
    assert f"You {word}!" in game.result_label.value
    kept = next(p for p in game.table.piles if p["id"] == "kept")
    assert [c["text"] for c in kept["cards"]] == [str(c) for c in expected.kept_revealed]
    assert [c["highlight"] for c in kept["cards"]] == [c.is_ace for c in expected.kept_revealed]


def test_back_play_to_end_and_reset_by_seed() -> None:
    game = AcesInSequenceWidget(seed=5)
    game.play_to_end.click()
    last = game.step
    game.back.click()
    assert game.step == last - 1 and game.result == ""
    game.seed_box.text.value = "6"
    assert game.seed == 6 and game.step == 0
    assert game.steps == snapshots(play(shuffled_deck(6)))


def test_turned_stack_is_shown_face_up_and_highlighted() -> None:
    game = AcesInSequenceWidget(seed=0)
    game.go_to(2)
    stack = next(p for p in game.table.piles if p["id"] == "stack-1")
    assert stack["highlight"] and all(c["up"] for c in stack["cards"])
    assert stack["cards"][-1]["text"].startswith("A"), "the ace is on top"
    assert "thrown" in game.table.pile_ids()


def test_new_deal_changes_the_seed_and_restarts() -> None:
    game = AcesInSequenceWidget(seed=0)
    game.next.click()
    game.new_deal.click()
    assert game.step == 0 and game.seed_box.text.value == str(game.seed)
    assert game.steps == snapshots(play(shuffled_deck(game.seed)))


def test_stable_text_repr() -> None:
    game = AcesInSequenceWidget(seed=3)
    assert repr(game).splitlines()[0] == "AcesInSequenceWidget(seed=3, step 0 of 22)"
    assert repr(AcesInSequenceWidget(seed=3)) == repr(game)


def test_static_rendering_of_a_step() -> None:
    steps = snapshots(play(shuffled_deck(0)))
    table = show(steps[2])
    assert isinstance(table, StaticTable)
    html = table._repr_html_()
    assert 'data-pile="stack-1"' in html and "First card in first stack" in html
    assert "Stack 1:" in repr(table)


# --- Sevens --------------------------------------------------------------------------------------

from solitaire_lib.sevens import SevensWidget  # noqa: E402
from solitaire_lib.sevens import play as play_sevens  # noqa: E402
from solitaire_lib.sevens import shuffled_deck as sevens_deck  # noqa: E402
from solitaire_lib.sevens import snapshots as sevens_snapshots  # noqa: E402
from solitaire_lib.sevens.widget import describe as describe_sevens  # noqa: E402
from solitaire_lib.sevens.widget import show as show_sevens  # noqa: E402


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_sevens_played_to_the_end_by_clicks(seed: int) -> None:
    game = SevensWidget(seed=seed)
    expected = play_sevens(sevens_deck(seed))
    steps = sevens_snapshots(expected)
    columns = [f"column-{suit}" for suit in ("diamonds", "clubs", "spades", "hearts")]
    assert game.table.pile_ids() == [*columns, "stack", "aside"]
    for number in range(1, len(steps)):
        game.next.click()
        assert game.table.status == plain_symbols(describe_sevens(steps[number]))
        assert game.stage == steps[number].stage
        assert game.progress_label.value.endswith(f"round {steps[number].stage} of 3")
    assert game.next.disabled
    if expected.won:
        assert game.result == "You placed all cards, you won 👍"
    else:
        assert game.result == f"You could not place {expected.cards_left} cards, you lost 👎"
    placed = [
        c["text"] for p in game.table.piles if p["id"].startswith("column") for c in p["cards"]
        if not c.get("slot")
    ]  # fmt: skip
    assert len(placed) == 52 - expected.cards_left


def test_sevens_columns_have_slots_and_highlight_the_card_just_placed() -> None:
    game = SevensWidget(seed=0)
    diamonds = game.table.piles[0]
    assert [c["text"] for c in diamonds["cards"]][6] == "7♦"
    assert sum(1 for c in diamonds["cards"] if c.get("slot")) == 12
    first_placing = next(
        i for i, s in enumerate(game.steps) if s.event is not None and s.event.placed_card
    )
    game.go_to(first_placing)
    card = game.snapshot.event.card  # type: ignore[union-attr]
    highlighted = [c["text"] for p in game.table.piles for c in p["cards"] if c["highlight"]]
    assert highlighted == [str(card)]
    assert "·" in game.table.text()


def test_sevens_static_rendering_and_repr() -> None:
    steps = sevens_snapshots(play_sevens(sevens_deck(0)))
    html = show_sevens(steps[-1])._repr_html_()
    assert html.count("sl-card sl-up") == 52 and "you won" in html
    assert repr(SevensWidget(seed=4)).startswith("SevensWidget(seed=4, step 0 of ")


def test_static_fans_overlap_every_card_and_slot_after_the_first() -> None:
    from solitaire_lib.table import SLOT, table_html

    cards = [card_from_text("A♠"), SLOT, None, card_from_text("7♥")]
    down = table_html([pile("c", cards, layout="fan-down")])
    assert down.count("margin-top:-44px") == 3
    # the offset comes after the card's own margin, so it is not overridden
    assert all(part.index("margin:2px") < part.index("margin-top:-44px")
               for part in down.split("sl-card")[2:])  # fmt: skip
    assert table_html([pile("r", cards, layout="fan-right")]).count("margin-left:-20px") == 3
    assert "margin-top" not in table_html([pile("s", cards, layout="row")])


# --- Alliances -----------------------------------------------------------------------------------

from solitaire_lib.alliances import AlliancesWidget  # noqa: E402
from solitaire_lib.alliances import play as play_alliances  # noqa: E402
from solitaire_lib.alliances.rules import new_deck  # noqa: E402
from solitaire_lib.rng import shuffled  # noqa: E402


def _visible(game: AlliancesWidget) -> list[str]:
    return [p["cards"][0]["text"] for p in game.table.piles if p["id"].startswith("pile-")]


def test_alliances_play_by_clicking_piles_and_draw() -> None:
    game = AlliancesWidget(seed=3)
    deck = shuffled(new_deck(32), 3)
    assert game.table.pile_ids() == ["deck"] and game.undo_button.disabled
    game.table.click("deck")  # clicking the deck draws, like the Draw button
    game.draw_button.click()
    game.draw_button.click()
    assert _visible(game) == [str(c) for c in deck[:3]]
    while not game.game.available_jumps():
        game.draw_button.click()
    legal = game.game.available_jumps()[0] + 1
    illegal = next(
        i for i in range(1, len(game.game.piles) + 1) if i - 1 not in game.game.available_jumps()
    )
    before = _visible(game)
    game.table.click(f"pile-{illegal}")
    assert _visible(game) == before and game.table.status.startswith("Illegal jump")
    game.table.click(f"pile-{legal}")
    assert len(_visible(game)) == len(before) - 1
    assert game.table.status.startswith(f"Pile {legal} (")
    game.undo_button.click()
    assert _visible(game) == before


def test_alliances_hint_highlights_the_jumps() -> None:
    game = AlliancesWidget(seed=3)
    while not game.game.available_jumps():
        game.draw_button.click()
    game.hint_button.value = True
    highlighted = [p["id"] for p in game.table.piles if p["highlight"]]
    assert highlighted == [f"pile-{i + 1}" for i in game.game.available_jumps()]
    assert "Jumps available: pile" in game.table.status
    game.hint_button.value = False
    assert not any(p["highlight"] for p in game.table.piles)


def test_alliances_j_says_the_jumps_state_not_the_last_message() -> None:
    """J (or a click on "Show the jumps") answers with the box's state and the jumps: before,
    it said the status line again, which after a deal is the game's title."""
    game = AlliancesWidget(seed=3)
    while not game.game.available_jumps():
        game.draw_button.click()
    jumps = ", ".join(str(i + 1) for i in game.game.available_jumps())
    game.table.press("j")
    assert game.table.announcement[1] == f"Show the jumps: on. Jumps available: pile {jumps}."
    game.table.press("j")
    assert game.table.announcement[1] == "Show the jumps: off."
    game.new_deal_button.click()
    assert game.table.announcement[1].startswith("La réussite des alliances: 32 cards")
    game.hint_button.value = True
    assert game.table.announcement[1] == "Show the jumps: on. No jump is possible."


def test_alliances_auto_finish_give_up_new_deal_and_deck_size() -> None:
    game = AlliancesWidget(seed=8, n_cards=52)
    game.auto_button.click()
    assert [str(c) for c in play_alliances(shuffled(new_deck(52), 8))] == _visible(game)
    assert game.result.startswith(("You won!", "You lost:")) and game.draw_button.disabled
    assert game.result in game.result_label.value
    game.seed_box.text.value = "9"
    assert game.table.pile_ids() == ["deck"] and not game.result
    game.give_up_button.click()
    assert _visible(game) == [str(c) for c in shuffled(new_deck(52), 9)]
    assert game.game.is_over and game.result in game.result_label.value, "giving up ends it"
    assert game.give_up_button.disabled and game.draw_button.disabled
    game.cards_choice.value = 32  # the game is over: the new size deals at once
    assert len(game.game.deck) == 32
    game.new_deal_button.click()
    assert len(game.game.deck) == 32 and game.table.pile_ids() == ["deck"]
    assert repr(AlliancesWidget(seed=1)).startswith("AlliancesWidget(seed=1, 32 cards, 0 piles")


# --- Seeds: any integer the course accepts, exactly; anything else refused in the widget ---------


@pytest.mark.parametrize("typed", ["12345678901234567", "99999999999999999999", " -5 ", "1_000"])
def test_any_integer_seed_plays_the_course_deal_exactly(typed: str) -> None:
    game = AcesInSequenceWidget(seed=0)
    game.seed_box.text.value = typed
    seed = int(typed)
    assert game.seed == seed and game.seed_box.error.value == ""
    assert game.steps == snapshots(play(shuffled_deck(seed)))


@pytest.mark.parametrize("typed", ["3.7", "1e3", "", "seven", "0x10", "1 2"])
def test_a_seed_that_is_not_an_integer_is_refused_and_the_game_kept(typed: str) -> None:
    game = AcesInSequenceWidget(seed=4)
    game.next.click()
    game.seed_box.text.value = typed
    assert game.seed == 4 and game.step == 1
    assert "is not an integer" in game.seed_box.error.value


def test_a_seed_of_five_thousand_digits_is_played_and_shown_cut() -> None:
    from solitaire_lib.prompt import parse_integer
    from solitaire_lib.sevens import SevensWidget
    from solitaire_lib.sevens import play_seed as sevens_game
    from solitaire_lib.sevens.rules import snapshots as sevens_steps

    game = SevensWidget(seed=0)
    game.seed_box.text.value = "7" * 5000
    seed = parse_integer("7" * 5000)
    assert seed is not None and game.seed == seed
    assert game.steps == sevens_steps(sevens_game(seed))
    assert (
        repr(game).splitlines()[0].startswith("SevensWidget(seed=77777777777…77777 (5,000 digits)")
    )


def test_sevens_says_its_result_once() -> None:
    from solitaire_lib.sevens import SevensWidget

    game = SevensWidget(seed=0)
    game.play_to_end.click()
    shown = plain_symbols(game.result)
    assert shown and shown not in game.table.status
    assert shown in game.result_label.value and "👍" not in game.result_label.value


# --- Step-through controls: restart, keyboard, autoplay, step slider, next round ---------------


def test_restart_keys_step_box_and_autoplay_move_through_the_deal() -> None:
    game = AcesInSequenceWidget(seed=5)
    last = len(game.steps) - 1
    assert game.restart.disabled and game.step_box.max == last
    game.table.press("n")
    game.table.press("n")
    assert game.step == 2 and game.step_box.value == 2 and not game.restart.disabled
    assert game.table.announcement[1] == game.message
    game.table.press("b")
    assert game.step == 1
    game.step_box.value = 7
    assert game.step == 7
    game.table.press("a")  # autoplay: the browser's clock ticks, one step a tick
    assert game.playing and game.table.tick_ms == 333 and game.autoplay.description == "Pause"
    game.table.tick()
    assert game.step == 8 and game.step_box.value == 8
    game.speed.value = 10
    assert game.table.tick_ms == 100
    game.table.press("a")
    assert not game.playing and game.table.tick_ms == 0
    assert game.table.announcement[1] == f"Paused at step 8 of {last}."
    game.table.tick()  # a tick that was on its way when autoplay stopped: nothing happens
    assert game.step == 8
    game.table.press("a")
    game.table.press("e")
    assert game.step == last and not game.playing, "autoplay stops at the end"
    assert game.table.tick_ms == 0 and game.autoplay.description == "Autoplay"
    assert game.table.announcement[1].endswith(plain_symbols(game.result)), "the result is said"
    game.table.press("a")  # autoplay at the end starts again from the start
    assert game.playing and game.step == 0
    game.table.press("r")
    assert game.step == 0
    game.table.press("x")  # not a shortcut: ignored
    game.table.press("ArrowRight")  # the browser moves the focus with the arrows: not Python's
    assert game.step == 0 and "not used" in game.table.ignored[-1]
    game.table.press("b")  # a disabled button's key says so
    assert game.table.announcement[1] == "Back is not available now."


def test_a_new_deal_resizes_the_step_box() -> None:
    game = AcesInSequenceWidget(seed=0)
    game.play_to_end.click()
    for seed in range(1, 6):
        game.seed_box.text.value = str(seed)
        assert game.step == 0 and game.step_box.max == len(game.steps) - 1
        assert game.step_box.value == 0


def test_sevens_jumps_to_the_next_round() -> None:
    from solitaire_lib.sevens import SevensWidget

    game = SevensWidget(seed=1)
    rounds = [i for i, step in enumerate(game.steps) if step.kind == "round"]
    for expected in rounds:
        game.next_round.click()
        assert game.step == expected and game.snapshot.kind == "round"
    game.next_round.click()
    assert game.step == len(game.steps) - 1 and game.next_round.disabled


def test_a_game_widget_carries_a_static_picture_for_where_no_widget_runs() -> None:
    game = AcesInSequenceWidget(seed=27)
    bundle = game._repr_mimebundle_()
    assert bundle["text/plain"].startswith("AcesInSequenceWidget(seed=27, step 0 of 22)\n")
    assert "run the cell" in bundle["text/plain"] and "]]]]" not in bundle["text/plain"]
    assert (
        'class="sl-table"' in bundle["text/html"]
        and "application/vnd.jupyter.widget-view+json" in bundle
    )
    alliances = AlliancesWidget(seed=5)._repr_mimebundle_()
    assert (
        alliances["text/plain"].startswith("AlliancesWidget(seed=5")
        and "sl-table" in alliances["text/html"]
    )
