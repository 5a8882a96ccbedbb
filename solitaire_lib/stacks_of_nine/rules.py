"""The rules of "stacks of nine" (Manchester MATH20621, coursework 3, 2024).

36 cards, four of each value 1 to 9, in six stacks A to F, each listed **bottom up**. A move
``(source, destination, count)`` takes the top ``count`` cards of a stack:

* they must be *ordered*: each card one less than the card under it (``[..., 5, 4, 3]``);
* they go onto a stack whose top card is one more than the lowest moved card, or onto an empty
  stack;
* a 9, or a run headed by a 9, goes only into an empty stack;
* a single card (not a 9) may go onto any other card: a *blocking* move. The destination stack
  is then blocked: nothing may be put on it, and from it only its blocking card may move, and
  only by a move that is not itself blocking. When it leaves, the stack is free again;
* a stack holding exactly 9, 8, ..., 1 is *complete*: its cards never move again.

The game is won when four stacks are complete.

>>> state = {"blocked": [False] * 6, "complete": [False] * 6,
...          "stacks": [[9, 8, 7], [6], [5, 1], [], [], []]}
>>> problem_with(state, (1, 0, 1)) is None, problem_with(state, (0, 3, 3)) is None
(True, True)
>>> problem_with(state, (2, 0, 2))
'the top 2 cards of stack C are not in order (each one less than the card under it)'
"""

from __future__ import annotations

import copy
import itertools
import random
from typing import Any

LETTERS = "ABCDEF"
STACKS = 6
VALUES = range(1, 10)
COMPLETE = [9, 8, 7, 6, 5, 4, 3, 2, 1]

State = dict[str, Any]
Move = tuple[int, int, int]


def new_state(rng: random.Random | None = None) -> State:
    """A shuffled deal: six stacks of six cards, none blocked or complete."""
    cards = [value for value in VALUES for _ in range(4)]
    (rng or random).shuffle(cards)
    return {"blocked": [False] * STACKS, "complete": [False] * STACKS,
            "stacks": [cards[6 * i: 6 * i + 6] for i in range(STACKS)]}  # fmt: skip


def is_ordered(cards: list[int]) -> bool:
    """Each card one less than the one under it (the list is bottom up).

    >>> is_ordered([5, 4, 3]), is_ordered([5, 3]), is_ordered([])
    (True, False, True)
    """
    return all(upper == lower - 1 for lower, upper in itertools.pairwise(cards))


def is_blocking(state: State, move: Move) -> bool:
    """Does this (allowed) move put a card onto a card it does not fit?"""
    source, destination, count = move
    target = state["stacks"][destination]
    return bool(target) and state["stacks"][source][-count] + 1 != target[-1]


def problem_with(state: State, move: Any) -> str | None:
    """Why ``move`` is not allowed in ``state``, or ``None`` when it is. Never changes ``state``."""
    if type(move) is not tuple or len(move) != 3 or any(type(x) is not int for x in move):
        return "a move is a tuple of three integers (source, destination, count)"
    source, destination, count = move
    if not (0 <= source < STACKS and 0 <= destination < STACKS):
        return "the stacks are numbered 0 to 5 (A to F)"
    if source == destination:
        return "a stack cannot move onto itself"
    stacks = state["stacks"]
    if count < 1 or count > len(stacks[source]):
        return f"stack {LETTERS[source]} has {len(stacks[source])} cards, not {count}"
    if state["complete"][source] or state["complete"][destination]:
        return "a complete stack never changes"
    if state["blocked"][destination]:
        return f"stack {LETTERS[destination]} is blocked"
    moving, target = stacks[source][-count:], stacks[destination]
    if not is_ordered(moving):
        return (f"the top {count} cards of stack {LETTERS[source]} are not in order "
                "(each one less than the card under it)")  # fmt: skip
    if not target or moving[0] + 1 == target[-1]:
        return None  # into an empty stack, or onto the card one higher
    if moving[0] == 9:
        return "a 9 (or a run headed by a 9) goes only into an empty stack"
    if count > 1:
        return f"{moving[0]} does not fit on {target[-1]}: only one card may block a stack"
    if state["blocked"][source]:
        return f"the card blocking stack {LETTERS[source]} must leave to a place where it fits"
    return None  # a blocking move


def apply_move(state: State, move: Move) -> None:
    """Make an allowed move on ``state`` (changed in place), and update blocked and complete."""
    problem = problem_with(state, move)
    if problem is not None:
        raise ValueError(f"move {move} is not allowed: {problem}")
    source, destination, count = move
    blocking = is_blocking(state, move)
    stacks = state["stacks"]
    moving = stacks[source][-count:]
    del stacks[source][-count:]
    stacks[destination].extend(moving)
    state["blocked"][source] = False  # its blocking card (if any) has left
    state["blocked"][destination] = blocking
    for i in (source, destination):
        state["complete"][i] = stacks[i] == COMPLETE


def legal_moves(state: State) -> list[Move]:
    """Every allowed move."""
    moves = []
    for source, cards in enumerate(state["stacks"]):
        for count in range(1, len(cards) + 1):
            if not is_ordered(cards[-count:]):
                break
            for destination in range(STACKS):
                if problem_with(state, (source, destination, count)) is None:
                    moves.append((source, destination, count))
    return moves


def is_won(state: State) -> bool:
    """Four complete stacks: every card is in one."""
    return sum(state["complete"]) == 4


def copy_state(state: State) -> State:
    return copy.deepcopy(state)
