"""The best a blind player can do, exactly, for small decks.

A blind player sees pile 0's top card, the other piles and the moves left; it remembers the cards
it has turned under. So pile 0 is always, from the top: the card it shows, the cards never seen
(in an order the player cannot know, every order equally likely), then the cards it has turned
to the bottom, in the order it put them there. When the top card leaves, the next one is any of
the unseen cards with equal chance, or, once all have been seen, the first card turned under.

That makes the game a finite tree of choices and chances, and its best chance of winning is
computed backwards (*expectimax*): at a choice, the better of the two moves left once the
always-right moves are made (start a new pile with the top card, or turn pile 0); at a chance,
the average over the card that comes up. Once at most one card is unseen the player knows the
whole deal (the last card is the one missing), and the solver decides whether it can be won.
Positions are remembered, so each is worked out once.

The same computation with the blind player's own rule in place of the better choice gives its
exact chance too: with fewer than four piles besides pile 0 (up to 15 cards) it starts a pile
whenever one is empty. ``tests/test_simple_klondike.py`` checks that number against the blind
player itself on every deal of up to 7 cards.

The always-right moves are made first, as the solver makes them: "best" here means the best over
the choices that remain after them (the always-right moves are needed sooner or later whatever
the hidden cards are, and cost the same move whenever they are made).

>>> best, blind = blind_win_chances(7)
>>> round(best, 4), round(blind, 4)
(0.999, 0.9135)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from solitaire_lib.simple_klondike.analysis import Run, settle, solve_position
from solitaire_lib.simple_klondike.rules import move_limit, pile_count

Runs = tuple[Run, ...]


def blind_win_chances(cards: int) -> tuple[float, float]:
    """The chance of winning a random deal of ``cards`` cards, seeing only what the console shows:
    with the best choices, and with the blind player's rule (see the module's docstring)."""
    return _chance(cards, best=True), _chance(cards, best=False)


def _chance(cards: int, best: bool) -> float:
    """The chance of winning, averaged over the first card shown."""
    value = _value_function(cards, best)
    every_card = frozenset(range(cards))
    return (
        sum(value(card, every_card - {card}, (), (), move_limit(cards)) for card in range(cards))
        / cards
    )


def _value_function(cards: int, best: bool) -> Callable[..., float]:
    """``value(top, unseen, under, runs, moves_left)``: the chance of winning from a position with
    ``top`` showing, the ``unseen`` cards next (a frozenset), then the cards ``under`` (a tuple,
    turned there in that order), the other piles as ``runs``, with ``best`` choices or the blind
    player's."""
    highest, places = cards - 1, pile_count(cards) - 1

    @cache
    def known(pile0: tuple[int, ...], runs: Runs, moves_left: int) -> float:
        """The whole deal is known: 1.0 if the solver finds a win, else 0.0."""
        piles = [list(pile0), *(list(range(top, bottom - 1, -1)) for top, bottom in runs)]
        piles += [[] for _ in range(places - len(runs))]
        return 1.0 if solve_position(piles, moves_left).verdict == "solved" else 0.0

    def next_card(
        unseen: frozenset[int], under: tuple[int, ...], runs: Runs, moves_left: int
    ) -> float:
        """The chance of winning once the top card has left pile 0 (or gone under it)."""
        if unseen:
            total = sum(value(card, unseen - {card}, under, runs, moves_left) for card in unseen)
            return total / len(unseen)
        if under:
            return value(under[0], unseen, under[1:], runs, moves_left)
        return value(None, unseen, under, runs, moves_left)

    @cache
    def value(
        top: int | None, unseen: frozenset[int], under: tuple[int, ...], runs: Runs, moves_left: int
    ) -> float:
        if len(unseen) <= 1:
            pile0 = ((top,) if top is not None else ()) + tuple(unseen) + under
            return known(pile0, runs, moves_left)
        assert top is not None  # cards are unseen, so pile 0 is not empty
        _, merged_runs, merges = settle((), runs)  # the merges alone: always right
        merged = list(merged_runs)
        moves_left -= merges
        in_pile0 = 1 + len(unseen) + len(under)
        if moves_left < in_pile0 + sum(1 for run_top, _ in merged if run_top != highest):
            return 0.0  # every card of pile 0 needs a move, every pile but one a merge
        bottoms = {bottom: j for j, (_, bottom) in enumerate(merged)}
        if top + 1 in bottoms:  # the top card goes below its successor: always right
            j = bottoms[top + 1]
            merged[j] = (merged[j][0], top)
            return next_card(unseen, under, tuple(sorted(merged)), moves_left - 1)
        turned = (unseen, (*under, top), tuple(sorted(merged)), moves_left - 1)
        if len(merged) == places:  # no empty pile: pile 0 is turned
            return next_card(*turned)
        new_pile = next_card(unseen, under, tuple(sorted([*merged, (top, top)])), moves_left - 1)
        if not best or new_pile == 1.0:  # the blind player starts a pile whenever it can
            return new_pile
        return max(new_pile, next_card(*turned))

    return value
