"""The checks behind ``exercises/04_play_nine.ipynb``.

Five tasks have one right answer and are checked like every other exercise (``check``): scoring a
board, the legal actions, the runner's column schedule, one hand played as the course runner plays
it, and the expected score of one column by dynamic programming (the planner's table, compared to 9
decimals). Each of them also draws cases at check time (boards, situations, hands, columns up to 6
turns), so that a table of the fixed cases fails; ``play_hand``'s players include one that decides
by the draws left and by which row is which (:class:`CountingPlayer`), so that what each decision is
told is checked too. An agent has no single right answer: ``check_agent`` calls its
``get_author_info`` (contained), which must silently return a pair of strings, then runs its two
decision functions contained, on thousands of situations, and checks that every answer is legal,
that it prints nothing, and that it answers the same when run again (with the global random
generator in another state); then it plays the course runner's run of 500 hands from a seed drawn at
check time and named in the report (an agent that knows the seed could replay the deal and see every
face-down card), and compares the total with the greedy baseline's on that run. The runner and the
score stay in the checker's process: only the agent's decisions are asked of the contained worker
(``isolation.ServedFunction``), so an agent that patches the rules or the runner changes nothing
that is judged.

>>> from solitaire_lib.play_nine.exercises import check
>>> def score(top, bottom):
...     return sum(top) + sum(bottom)
>>> check.run(score).ok
False
"""

from __future__ import annotations

import ast
import functools
import inspect
import random
import secrets
import textwrap
import time
import types
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from solitaire_lib.grading.checks import (
    Case,
    Checker,
    Hint,
    Task,
    case_size,
    got_what,
    helper_reference,
)
from solitaire_lib.grading.isolation import (
    FINDING,
    CheckFinding,
    Outcome,
    ServedFunction,
    run_cases,
)
from solitaire_lib.grading.plain import same, show
from solitaire_lib.play_nine import players as _players
from solitaire_lib.play_nine import rules, runner
from solitaire_lib.play_nine.planner import Card, PlannerPlayer, column_table, index_of
from solitaire_lib.play_nine.rules import DECK, HIDDEN, KITTY, Board

_CASES_RNG_SEED = 721
#: Hands of the course runner's run on which an agent is scored. Its seed is drawn at check time
#: (:func:`agent_seed`), so that no agent can know the cards in advance: 500 hands, because on
#: 100 hands the solution's agent lost to greedy on 9 seeds of 100, on 500 on none of 100
#: (``python benchmarks/agent_runs.py --seed 2026``).
AGENT_HANDS = 500
#: Situations on which an agent's answers are checked.
AGENT_SITUATIONS = 2_000


# --- References ----------------------------------------------------------------------------------


def score(top: list[int], bottom: list[int]) -> int:
    return rules.score(top, bottom)


def legal_actions(
    top_concealed: list[Any], bottom_concealed: list[Any]
) -> list[tuple[str, int, int]]:
    return _players.legal_actions(top_concealed, bottom_concealed)


def columns_for_hand(hand: int) -> int:
    return rules.columns_for_hand(hand)


def play_hand(player: Any, seed: int, columns: int) -> int:
    return runner.play_hand(player, random.Random(seed), columns, _ignore)


class GlobalGeneratorChanged(CheckFinding):
    """Raised around a play_hand, or an agent's answers, that used the random module's own
    generator."""


#: The random module's functions that seed or draw from its own generator (``random.seed``,
#: ``random.choice``, ...): each is a method of the module's hidden ``random.Random``.
#: ``getstate`` and ``setstate`` are left out: alone they draw nothing.
_MODULE_GENERATOR = frozenset(
    name
    for name in dir(random)
    if getattr(getattr(random, name), "__self__", None) is getattr(random, "_inst", None)
    and name not in ("getstate", "setstate")
)
#: How many functions of the student's the check reads for one play_hand (it and the helpers it
#: calls by name): a bound on the work.
_READ_AT_MOST = 20


def _module_generator_in_code(
    function: Callable[..., Any], caller: str = "play_hand"
) -> str | None:
    """Where ``function``'s code (or the code of a function of the student's it calls by name,
    defined beside it: "of helper (which ``caller`` calls)") uses the random module's own
    generator: ``random.seed(...)``, ``random.choice``, also through another name for the module
    (``import random as r``, ``rng = random``) or a function imported from it (``from random
    import choice``); ``None`` where there is none, or where the code cannot be read (the
    generator's state is still compared).
    A version that restores the generator's state at the end changes nothing the check could
    see otherwise, yet breaks the statement's "no random.seed, no random.choice".

    >>> def seeds(player, seed, columns):
    ...     saved = random.getstate()
    ...     random.seed(seed)
    ...     random.setstate(saved)
    >>> _module_generator_in_code(seeds)
    'line 3: random.seed'
    >>> def own(player, seed, columns):
    ...     rng = random.Random(seed)
    ...     return rng.randint(1, 3)
    >>> _module_generator_in_code(own) is None
    True
    """
    todo: list[Callable[..., Any]] = [function]
    done: list[Callable[..., Any]] = []
    while todo and len(done) < _READ_AT_MOST:
        reading = todo.pop(0)
        if any(reading is seen for seen in done):
            continue
        done.append(reading)
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(reading)))
            first = reading.__code__.co_firstlineno - 1
        except Exception:  # no source to read (exec, a prompt): the state is still compared
            continue
        space = getattr(reading, "__globals__", {})
        where = "" if reading is function else f" of {reading.__name__} (which {caller} calls)"
        found = _module_generator_use(tree, space)
        if found is not None:
            node, shown = found
            return f"line {getattr(node, 'lineno', 1) + first}{where}: {shown}"
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                helper = space.get(node.func.id)
                if isinstance(helper, types.FunctionType) and helper.__globals__ is space:
                    todo.append(helper)
    return None


def _module_generator_use(tree: ast.AST, space: dict[str, Any]) -> tuple[ast.AST, str] | None:
    """The first use in ``tree`` (code whose globals are ``space``) of the random module's own
    generator, with how it is written (``random.seed``); ``None`` where there is none."""
    modules = {name for name, value in space.items() if value is random} | {"random"}
    imported = {
        name
        for name, value in space.items()
        if getattr(value, "__self__", None) is getattr(random, "_inst", None)
        and getattr(value, "__name__", "") in _MODULE_GENERATOR
    }
    grown = True
    while grown:  # names bound to the module in the code itself (rng = random, import as)
        grown = False
        for node in ast.walk(tree):
            bound: set[str] = set()
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name):
                if node.value.id in modules:
                    bound = {t.id for t in node.targets if isinstance(t, ast.Name)}
            elif isinstance(node, ast.Import):
                bound = {a.asname or a.name for a in node.names if a.name == "random"}
            if not bound <= modules:
                modules |= bound
                grown = True
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            drawn = [a.name for a in node.names if a.name in _MODULE_GENERATOR or a.name == "*"]
            if drawn:
                return node, f"from random import {drawn[0]}"
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and node.attr in _MODULE_GENERATOR
        ):
            return node, ast.unparse(node)
        if isinstance(node, ast.Name) and node.id in imported:
            return node, f"{node.id} (the random module's {space[node.id].__name__})"
    return None


def _own_generator(function: Callable[..., Any]) -> Callable[..., Any]:
    """The adapter of ``play_hand``: the statement takes every number from ``rng =
    random.Random(seed)``, so the random module's generator, which the student's other code
    uses, must be as it was (``random.seed(seed)`` and ``random.choice`` reset and move it). Its
    code is read too (:func:`_module_generator_in_code`): a version that uses the module's
    generator and puts its state back is refused all the same.

    >>> def seeds_the_module(player, seed, columns):
    ...     random.seed(seed)
    ...     return 0
    >>> _own_generator(seeds_the_module)(None, 1, 2)
    Traceback (most recent call last):
    ...
    solitaire_lib.play_nine.exercises.GlobalGeneratorChanged: line 2: random.seed uses the random...

    Code that cannot be read (no source) is judged by the generator's state alone:

    >>> exec("def unread(player, seed, columns):\\n    random.seed(seed)\\n    return 0")
    >>> _own_generator(unread)(None, 1, 2)
    Traceback (most recent call last):
    ...
    solitaire_lib.play_nine.exercises.GlobalGeneratorChanged: it changed the random module's...
    """

    used = _module_generator_in_code(function)

    def call(*args: Any) -> Any:
        if used is not None:
            raise GlobalGeneratorChanged(
                f"{used} uses the random module's own generator, which the statement forbids "
                "(no random.seed, no random.choice): take every number from rng = "
                "random.Random(seed), and leave the module's generator to the rest of the program"
            )
        before = random.getstate()
        result = function(*args)
        if random.getstate() != before:
            random.setstate(before)
            raise GlobalGeneratorChanged(
                "it changed the random module's own generator (random.seed, random.choice, "
                "...): take every number from rng = random.Random(seed), and leave the "
                "module's generator to the rest of the program"
            )
        return result

    return call


def _ignore(line: str) -> None:
    """Where the quiet hand's lines go."""


class KittyPlayer:
    """Always takes the kitty card and puts it on the first face-down card (top row first).

    A report shows the check's own players by what they do, since no statement names them:

    >>> from solitaire_lib.grading.checks import call_text
    >>> print(call_text("play_hand", Case((KittyPlayer(), 7, 4))))  # doctest: +NORMALIZE_WHITESPACE
    play_hand(<a player that always takes the kitty card and puts it on the first face-down
    card, top row first>, 7, 4)
    """

    def __repr__(self) -> str:
        return (
            "<a player that always takes the kitty card and puts it on the first face-down card, "
            "top row first>"
        )

    def get_author_info(self) -> tuple[str, str]:
        return "kitty player", "0"

    def choose_drawing_action(
        self, top: list[Any], bottom: list[Any], draws: int, kitty: int
    ) -> str:
        return "k"

    def choose_replacement_action(
        self, top: list[Any], bottom: list[Any], draws: int, card: int
    ) -> tuple[str, int, int]:
        for row, cards in enumerate((top, bottom)):
            if HIDDEN in cards:
                return "r", row, cards.index(HIDDEN)
        return "r", 0, 0


class CountingPlayer:
    """Decides by the number of draws left and the rows: takes the kitty when the draws left and
    the top row's face-down cards add up to an odd number; replaces the first face-down card
    (bottom row first, so that the bottom row is face up before the top row) when the draws left
    are a multiple of 3, else turns it over."""

    def __repr__(self) -> str:
        return (
            "<a player that takes the kitty card when the draws left plus the top row's face-down "
            "cards are odd, and puts its card on the first face-down card, bottom row first, when "
            "the draws left are a multiple of 3, else turns that card over>"
        )

    def get_author_info(self) -> tuple[str, str]:
        return "counting player", "0"

    def choose_drawing_action(
        self, top: list[Any], bottom: list[Any], draws: int, kitty: int
    ) -> str:
        return "k" if (draws + top.count(HIDDEN)) % 2 else "d"

    def choose_replacement_action(
        self, top: list[Any], bottom: list[Any], draws: int, card: int
    ) -> tuple[str, int, int]:
        for row, cards in ((1, bottom), (0, top)):
            if HIDDEN in cards:
                return "r" if draws % 3 == 0 else "t", row, cards.index(HIDDEN)
        return "r", 0, 0


class TurnOverPlayer(_players.TurnOverPlayer):
    """The course's player that never uses a card, shown in a report by what it does."""

    def __repr__(self) -> str:
        return (
            "<a player that always draws from the deck and turns the first face-down card over, "
            "top row first>"
        )


class PlanningPlayer(PlannerPlayer):
    """The course's planner (which the exercise notebook never imports), shown in a report by
    what it does.

    >>> from solitaire_lib.grading.checks import call_text
    >>> "Planner" in call_text("play_hand", Case((PlanningPlayer(), 4, 4)))
    False
    """

    def __repr__(self) -> str:
        return (
            "<a player that plans: each turn it chooses the action after which the hand's "
            "expected score is lowest, its draws left shared among the columns>"
        )


# --- Cases ---------------------------------------------------------------------------------------

TEXT_BOARDS = [
    ([4, 3, 12, 6], [4, 1, 12, 6], "the text's first board (matched columns cancel)"),
    ([1, -5, 10, 2], [6, -5, 10, 3], "the text's -5 pair"),
    ([6, 2, 6, 1], [6, 9, 6, 3], "the text's two pairs of 6"),
    ([2, -5, -5, 4], [10, -5, -5, 5], "the text's two pairs of -5"),
]


def _boards(count: int, rng: random.Random) -> list[tuple[list[int], list[int]]]:
    """Boards of 4 to 10 columns, often with matched columns (few ranks in play)."""
    boards = []
    for _ in range(count):
        columns = rng.randint(rules.MIN_COLUMNS, rules.MAX_COLUMNS)
        ranks = rng.sample(DECK, rng.randint(2, 6))
        top = [rng.choice(ranks) for _ in range(columns)]
        bottom = [rng.choice(ranks) for _ in range(columns)]
        boards.append((top, bottom))
    return boards


def _score_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED)
    cases = [Case((top, bottom), label=label) for top, bottom, label in TEXT_BOARDS]
    cases += [Case(([-5, 3], [-5, 4])), Case(([7, 7, 7], [7, 7, 7])), Case(([0, 1], [0, 2]))]
    # One matched column of 6, and another 6 in the top row only: k is 1, no extra -5.
    cases.append(Case(([6, 6], [6, 2])))
    # Two matched columns of 0: a pair of 0s is a match too, each counts 5 less.
    cases.append(Case(([0, 0], [0, 0])))
    # A -5 on its own counts -5 (only a matched pair of -5s counts -10).
    cases.append(Case(([-5, 3], [2, 4])))
    return cases + [Case(board) for board in _boards(60, rng)]


def _drawn_boards(rng: random.Random) -> list[Case]:
    """Boards drawn at check time: 4 to 10 columns, few ranks, so that columns match."""
    return [Case(board) for board in _boards(12, rng)]


def _concealed(rng: random.Random, columns: int, face_up: float) -> tuple[list[Any], list[Any]]:
    rows = [[rng.choice(DECK) if rng.random() < face_up else HIDDEN for _ in range(columns)]
            for _ in (0, 1)]  # fmt: skip
    return rows[0], rows[1]


def _legal_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED)
    cases = [Case(([3, HIDDEN], [5, 5]), label="the text's example"),
             Case(([HIDDEN] * 4, [HIDDEN] * 4)), Case(([0, 0, 0, 0], [-5, 12, 0, 7]))]  # fmt: skip
    for _ in range(40):
        cases.append(Case(_drawn_situation(rng)))
    return cases


def _drawn_situation(rng: random.Random) -> tuple[list[Any], list[Any]]:
    """Rows of 4 to 10 columns, from all face down to all face up."""
    return _concealed(rng, rng.randint(4, 10), rng.choice([0.0, 0.2, 0.5, 0.8, 1.0]))


def _drawn_situations(rng: random.Random) -> list[Case]:
    return [Case(_drawn_situation(rng)) for _ in range(8)]


def _columns_cases() -> list[Case]:
    hands = sorted(
        {h + d for h in _BAND_STARTS for d in (-1, 0, 1) if h + d >= 0} | {5, 77, 2500, 10**6}
    )
    return [Case((hand,)) for hand in hands]


#: The first hand of each band of the schedule (hand 0 has 4 columns, hand 1540 the last 10).
_BAND_STARTS = [0, 40, 140, 300, 520, 800, 1140, 1540]


def _drawn_hands(rng: random.Random) -> list[Case]:
    """Hands drawn at check time: one next to a random change of width, and any others."""
    edge = rng.choice(_BAND_STARTS[1:]) + rng.choice([-1, 0])
    return [Case((edge,)), *(Case((rng.randrange(0, 3000),)) for _ in range(5))]


def _hand_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED)
    cases = [
        Case((CountingPlayer(), 7, 4)),
        Case((CountingPlayer(), 2026, 10)),
        Case((_players.GreedyPlayer(), 4242, 4), label="the course transcript's first hand"),
        # The planner still plays its last draw here: one draw fewer in all (the planner told
        # so) changes nothing, stopping before the last draw does.
        Case((PlanningPlayer(), 4, 4)),
        # Ends with top [3, 4, 6, -5] over bottom [3, 0, 6, -5]: -6, the -5 pair's -10 in it.
        Case((_players.GreedyPlayer(), 12, 4), label=MINUS_FIVE_PAIR_HAND),
    ]
    for _ in range(36):
        cases.append(_drawn_hand(rng))
    return cases


#: The label of the fixed hand whose last column is a matched pair of -5s.
MINUS_FIVE_PAIR_HAND = "a hand that ends with a matched pair of -5s in its last column"

_HAND_MAKERS = [_players.GreedyPlayer, TurnOverPlayer, KittyPlayer, PlanningPlayer,
                CountingPlayer]  # fmt: skip


def _drawn_hand(rng: random.Random) -> Case:
    """A hand of one of the course's players, any seed, 4 to 10 columns."""
    make = rng.choice(_HAND_MAKERS)
    return Case((make(), rng.randrange(-1000, 100_000), rng.randint(4, 10)))


def _drawn_hands_played(rng: random.Random) -> list[Case]:
    return [_drawn_hand(rng) for _ in range(6)]


# --- Hints: each shown only when the answer shows its mistake -----------------------------------


ACTION_PARTS = ("kind", "row", "column")  # the elements of an action, ('r', row, column)


def _action_part_that_differs(case: Case, expected: Any, got: Any) -> str | None:
    """``legal_actions``' words on the difference: which part of which action differs, where
    the shared report names only the positions ("element 1, element 1").

    >>> _action_part_that_differs(Case(), [("r", 0, 0), ("r", 0, 1)], [("r", 0, 0), ("r", 1, 0)])
    'that is action 1, and its element 1 is its row'
    """
    pairs = enumerate(zip(expected, got, strict=False))
    first = next((i for i, (a, b) in pairs if not same(a, b)), None)  # as the report compares
    if first is None or type(got[first]) is not tuple or len(got[first]) != len(ACTION_PARTS):
        return None
    part = next(j for j in range(len(ACTION_PARTS)) if not same(expected[first][j], got[first][j]))
    return f"that is action {first}, and its element {part} is its {ACTION_PARTS[part]}"


def _score_variant(top: list[int], bottom: list[int], *, minus_five_pair: int = -10,
                   bonus: str = "per column", step: int = 5,
                   lone_minus_five: int = -5) -> int:  # fmt: skip
    """The score with one rule changed (for the hints): ``lone_minus_five`` is what a -5 counts
    in a column that is not matched.

    >>> board = [12, 12, 12, -5], [0, 0, 12, 12]
    >>> _score_variant(*board), _score_variant(*board, lone_minus_five=5)
    (31, 41)
    """
    total, matched = 0, dict[int, int]()
    for a, b in zip(top, bottom, strict=True):
        if a == b:
            matched[a] = matched.get(a, 0) + 1
            total += minus_five_pair if a == -5 else 0
        else:
            total += sum(lone_minus_five if card == -5 else card for card in (a, b))
    if bonus == "side by side":
        return total - 5 * _side_by_side_pairs(top, bottom)
    if bonus == "top row holds the rank twice":
        repeated = [a for a, b in zip(top, bottom, strict=True) if a == b and top.count(a) > 1]
        return total - step * len(repeated)
    for rank, count in matched.items():
        if bonus == "top cards of the rank" and count > 1:
            total -= step * top.count(rank)
        elif bonus in ("per column", "not for -5") and count > 1:
            total -= 0 if bonus == "not for -5" and rank == -5 else step * count
        elif bonus == "once" and count > 1:
            total -= 5
        elif bonus == "all but the first" and count > 1:
            total -= 5 * (count - 1)
        elif bonus == "always":
            total -= 5 * count
    return total


def _side_by_side_pairs(top: list[int], bottom: list[int]) -> int:
    """Matched columns with a neighbour matched with the same rank."""
    ranks = [a if a == b else None for a, b in zip(top, bottom, strict=True)]
    count = 0
    for column, rank in enumerate(ranks):
        neighbours = ranks[max(column - 1, 0) : column] + ranks[column + 1 : column + 2]
        count += rank is not None and rank in neighbours
    return count


def _zero_pairs_not_matched(case: Case, expected: int, got: int) -> bool:
    """The score as if matched columns of 0 were no match (a hint test): each counts 0 either way,
    so only their extra -5 is lost, when k > 1 of them share the rank.

    >>> _zero_pairs_not_matched(Case(([0, 0], [0, 0])), -10, 0)
    True
    """
    top, bottom = case.args
    zero_pairs = sum(1 for a, b in zip(top, bottom, strict=True) if a == b == 0)
    return zero_pairs > 1 and got == expected + 5 * zero_pairs


def _k_from_the_top_row(case: Case, expected: int, got: int) -> bool:
    """k read from the top row's cards of the rank, matched or not (a hint test): as the -5
    of each of the k columns, or as the test k > 1 of a matched column."""
    ways = ("top cards of the rank", "top row holds the rank twice")
    return got != expected and got in {_score_variant(*case.args, bonus=way) for way in ways}


#: What the runner takes from the generator before the first turn, in its order.
DEAL_ORDER = ("draws", "top row", "bottom row", "top face-up", "bottom face-up")
#: Other orders students deal in: the face-up cards first (before the draws, or after them),
#: each row then its face-up card, the bottom row first, the bottom's face-up card first.
OTHER_DEAL_ORDERS = [
    ("top face-up", "bottom face-up", "draws", "top row", "bottom row"),
    ("draws", "top face-up", "bottom face-up", "top row", "bottom row"),
    ("draws", "top row", "top face-up", "bottom row", "bottom face-up"),
    ("draws", "bottom row", "top row", "top face-up", "bottom face-up"),
    ("draws", "top row", "bottom row", "bottom face-up", "top face-up"),
]
#: The runner's number of draws: 2 * columns + rng.randint(1, 3).
EXTRA_DRAWS = (1, 3)


def _hand_variant(
    player: Any,
    seed: int,
    columns: int,
    *,
    mistake: str = "",
    order: tuple[str, ...] = DEAL_ORDER,
    extra: tuple[int, int] = EXTRA_DRAWS,
) -> int:
    """One hand with one of the runner's mechanics changed (for the hints): a named ``mistake``,
    the deal in another ``order``, or another range of ``extra`` draws (randint's ends)."""
    rng = random.Random(seed)
    board, draws, early_kitty = _deal_variant(rng, columns, mistake, order, extra)
    last = {"one turn more": -1, "one turn fewer": 1}.get(mistake, 0)
    while draws > last and _goes_on(board, mistake):
        action, card = _turn_variant(player, rng, board, draws, mistake, early_kitty)
        early_kitty = None
        if board.problem_with(action) is not None:
            return 10**6  # this variant cannot be what the answer played
        if mistake == "turn over places the card":
            action = ("r", action[1], action[2])
        was_up = board.up(action[1])[action[2]]
        board.apply(action, card)
        if mistake == "replaced card stays face down" and action[0] == "r":
            board.up(action[1])[action[2]] = was_up
        draws -= 1
    if mistake == "-5 pair counts 0":
        return _score_variant(board.top, board.bottom, minus_five_pair=0)
    if mistake == "face down counts 0":
        known = [[card if up else 0 for card, up in zip(cards, board.up(row), strict=True)]
                 for row, cards in enumerate((board.top, board.bottom))]  # fmt: skip
        return rules.score(known[0], known[1])
    return board.final_score()


def _goes_on(board: Board, mistake: str) -> bool:
    """Does the hand of :func:`_hand_variant` go on (some card face down)?"""
    if mistake == "never all up":
        return True
    if mistake in ("top row only", "bottom row only"):
        return not all(board.top_up if mistake == "top row only" else board.bottom_up)
    return not board.all_up()


def _deal_variant(
    rng: random.Random, columns: int, mistake: str, order: tuple[str, ...], extra: tuple[int, int]
) -> tuple[Board, int, int | None]:
    """The board and the number of draws of :func:`_hand_variant`, dealt in ``order``, and the
    first turn's kitty card where ``order`` draws it with the deal (its step ``"first kitty"``),
    else ``None``."""
    steps = list(order)
    if mistake in ("draws after the rows", "draws last"):
        steps.remove("draws")
        steps.insert(2 if mistake == "draws after the rows" else len(steps), "draws")
    dealt: dict[str, Any] = {}
    for step in steps:
        if step == "draws" and mistake.startswith("draws fixed at "):  # no randint
            dealt[step] = 2 * columns + int(mistake.removeprefix("draws fixed at "))
        elif step == "first kitty":
            dealt[step] = rng.choice(KITTY)
        elif step == "draws":
            per_column = 1 if mistake == "draws not doubled" else 2
            dealt[step] = per_column * columns + rng.randint(*extra)
        elif mistake == "column by column" and step == "top row":
            pairs = [(rng.choice(DECK), rng.choice(DECK)) for _ in range(columns)]
            dealt["top row"], dealt["bottom row"] = [a for a, _ in pairs], [b for _, b in pairs]
        elif mistake == "column by column" and step == "bottom row":
            continue  # dealt with the top row
        elif step.endswith("row"):
            dealt[step] = [rng.choice(DECK) for _ in range(columns)]
        elif mistake == "one face-up column" and step == "bottom face-up":
            dealt[step] = dealt["top face-up"]
        else:
            dealt[step] = rng.choice(range(columns))
    board = Board(dealt["top row"], dealt["bottom row"])
    board.top_up[dealt["top face-up"]] = board.bottom_up[dealt["bottom face-up"]] = True
    return board, dealt["draws"], dealt.get("first kitty")


def _dealt_in_another_order(case: Case, expected: Any, got: Any) -> bool:
    """The hand of a deal in one of :data:`OTHER_DEAL_ORDERS` (a hint test): every number
    comes from the one generator, so the order matters."""
    return got != expected and any(
        got == _hand_variant(*case.args, order=order) for order in OTHER_DEAL_ORDERS
    )


def _first_kitty_dealt(case: Case, expected: Any, got: Any) -> bool:
    """The hand of a deal that draws the first turn's kitty card before the deal is over (a hint
    test): before the number of draws, or after any step of the deal but the last (held-out set
    14b, play_w_kittyfirst: after the rows, before the face-up cards).

    >>> from solitaire_lib.play_nine.players import GreedyPlayer
    >>> rows_then_kitty = (*DEAL_ORDER[:3], "first kitty", *DEAL_ORDER[3:])
    >>> got = _hand_variant(GreedyPlayer(), 4242, 4, order=rows_then_kitty)
    >>> _first_kitty_dealt(Case((GreedyPlayer(), 4242, 4)), 2, got), got
    (True, 1)
    """
    orders = [(*DEAL_ORDER[:at], "first kitty", *DEAL_ORDER[at:]) for at in range(len(DEAL_ORDER))]
    return got != expected and any(got == _hand_variant(*case.args, order=o) for o in orders)


def _other_range_of_draws(case: Case, expected: Any, got: Any) -> bool:
    """The hand with 2 * columns + randint(a, b) draws for other ends 0 <= a <= b <= 4
    (randrange(1, 3) is randint(1, 2)) (a hint test)."""
    ends = [(a, b) for a in range(5) for b in range(a, 5) if (a, b) != EXTRA_DRAWS]
    return got != expected and any(got == _hand_variant(*case.args, extra=e) for e in ends)


def _turn_variant(player: Any, rng: random.Random, board: Board, draws: int,
                  mistake: str, kitty: int | None = None) -> tuple[Any, int]:  # fmt: skip
    """One turn of :func:`_hand_variant`: the player's action and the card it holds (``kitty``:
    the kitty card drawn already, with the deal)."""
    rows: tuple[list[Any], list[Any]] = (board.concealed(0), board.concealed(1))
    if mistake == "uncovered":
        rows = list(board.top), list(board.bottom)
    drawn_first = rng.choice(DECK) if mistake == "deck card before the kitty" else None
    if kitty is None:
        kitty = rng.choice(DECK if mistake == "kitty from the deck" else KITTY)
    if mistake == "deck card always":
        drawn_first = rng.choice(DECK)
    shown = draws + 1 if mistake == "drawing sees one draw more" else draws
    first, second = rows[::-1] if mistake == "drawing sees the rows swapped" else rows
    choice = player.choose_drawing_action(first, second, shown, kitty)
    if choice == "k":
        card = kitty
    elif drawn_first is not None:
        card = drawn_first
    else:
        card = rng.choice(DECK)
    left = draws if mistake == "draws not yet counted" else draws - 1
    told = kitty if mistake == "told the kitty card" else card
    return player.choose_replacement_action(rows[0], rows[1], left, told), card


def _counted_from_one(case: Case, expected: int, got: int) -> bool:
    """The schedule one hand off at every change of width (a hint test)."""
    hand = case.args[0]
    shifted = (_columns_variant(hand, first=41), _columns_variant(hand, first=39))
    return got != expected and got in shifted


def _columns_variant(hand: int, *, growth: int = 60, cap: int | None = 10, first: int = 40,
                     fewest: int = 4) -> int:  # fmt: skip
    """The column schedule with one of its numbers changed (for the hints)."""
    columns, band, start = fewest, first, 0
    while hand >= start + band and (cap is None or columns < cap):
        start += band
        band += growth
        columns += 1
    return columns


def _other_growth(case: Case, expected: int, got: int) -> bool:
    """Bands that grow by another step than 60 hands (a hint test)."""
    hand = case.args[0]
    steps = [step for step in range(0, 121, 10) if step != 60]
    return got != expected and got in {_columns_variant(hand, growth=step) for step in steps}


def _bands_end_at(hand: int) -> int:
    """The schedule with 40, 100, 160, ... read as the hands where the bands end."""
    columns, end = 4, 40
    while hand >= end and columns < 10:
        columns, end = columns + 1, end + 60
    return columns


def _hand_hint(mistake: str) -> Callable[[Case, Any, Any], bool]:
    return got_what(functools.partial(_hand_variant, mistake=mistake))


# --- One column alone, by dynamic programming -----------------------------------------------------


def expected_column_score(top: Card, bottom: Card, turns: int) -> float:
    return float(column_table()[turns, index_of(top), index_of(bottom)])


def _average(values: list[float]) -> float:
    return sum(values) / len(values)


@functools.cache
def _final_variant(a: Card, b: Card, mistake: str) -> float:
    if HIDDEN in (a, b) and mistake == "face down counts 0":
        return float(sum(card for card in (a, b) if card != HIDDEN))  # type: ignore[misc]
    if HIDDEN in (a, b) and mistake == "average card":
        average_card = sum(DECK) / len(DECK)
        return sum(average_card if card == HIDDEN else float(card) for card in (a, b))
    pool = KITTY if mistake == "face down from the kitty" else DECK
    if a == HIDDEN:
        return _average([_final_variant(c, b, mistake) for c in pool])
    if b == HIDDEN:
        return _average([_final_variant(a, c, mistake) for c in pool])
    if a == b:
        return -10.0 if a == -5 and mistake != "-5 pair is 0" else 0.0
    return float(a) + float(b)


@functools.cache
def _column_variant(a: Card, b: Card, n: int, mistake: str = "") -> float:
    """:func:`expected_column_score` written plainly, with one mistake students make (for hints)."""
    if n == 0 or (n == 1 and mistake == "one turn short"):
        return _final_variant(a, b, mistake)
    kitty: Sequence[int] = KITTY
    if mistake == "kitty from the deck":
        kitty = DECK
    elif mistake == "kitty ranks once":
        kitty = sorted(set(KITTY))
    unused = [] if mistake == "cannot leave" else [_column_variant(a, b, n - 1, mistake)]
    turned_over = min if mistake == "turned card seen first" else _average
    if mistake != "no turn-over":
        if a == HIDDEN:
            unused.append(turned_over([_column_variant(c, b, n - 1, mistake) for c in DECK]))
        if b == HIDDEN and mistake != "top turn-over only":
            unused.append(turned_over([_column_variant(a, c, n - 1, mistake) for c in DECK]))

    def with_card(card: int) -> float:
        places = [(_column_variant(card, b, n - 1, mistake), a),
                  (_column_variant(a, card, n - 1, mistake), b)]  # fmt: skip
        if mistake == "face-down cards only":
            places = [(value, card) for value, card in places if card == HIDDEN]
        if mistake == "on top only":
            places = places[:1]
        placed = [value for value, _ in places]
        return min(placed) if mistake == "must use the card" else min([*placed, *unused])

    if mistake == "sees the deck card first":
        return _average([_average([min(with_card(k), with_card(d)) for d in DECK])
                         for k in kitty])  # fmt: skip
    deck = KITTY if mistake == "deck card from the kitty" else DECK
    drawn = _average([with_card(card) for card in deck])
    if mistake == "kitty by its rank":  # the kitty card taken when its rank is below average
        average_card = sum(DECK) / len(DECK)
        return _average([with_card(card) if card < average_card else drawn for card in kitty])
    if mistake == "kitty chosen unseen":
        return min(_average([with_card(card) for card in kitty]), drawn)
    if mistake == "kitty always":
        return _average([with_card(card) for card in kitty])
    if mistake == "deck always":
        return drawn
    return _average([min(with_card(card), drawn) for card in kitty])


#: The most turns a case of expected_column_score has (drawn cases included).
_MOST_TURNS = 6
#: Seconds that all the cases of expected_column_score may take together (task 8 states it).
COLUMN_TIME_LIMIT = 30.0


def _column_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED)
    cases = [Case((12, HIDDEN, 0), label="the lesson's 12 over a face-down card, no turn left"),
             Case((12, HIDDEN, 1)), Case((12, HIDDEN, 2)), Case((-5, -5, 0)), Case((3, 3, 0)),
             Case((HIDDEN, HIDDEN, 0)), Case((HIDDEN, 4, 0)), Case((-5, -5, 2)),
             Case((HIDDEN, HIDDEN, 3)), Case((HIDDEN, 7, 5)), Case((HIDDEN, HIDDEN, 6)),
             Case((-5, HIDDEN, 6))]  # fmt: skip
    for _ in range(40):
        cases.append(_drawn_column(rng, most_turns=4))
    return cases


def _drawn_column(rng: random.Random, most_turns: int = _MOST_TURNS) -> Case:
    """A column of two cards (each a rank or face down) and 0 to ``most_turns`` turns."""
    cards: list[Card] = [*sorted(set(DECK)), HIDDEN]
    return Case((rng.choice(cards), rng.choice(cards), rng.randint(0, most_turns)))


def _drawn_columns(rng: random.Random) -> list[Case]:
    return [_drawn_column(rng) for _ in range(8)]


def _column_hint(mistake: str) -> Callable[[Case, Any, Any], bool]:
    def applies(case: Case, expected: Any, got: Any) -> bool:
        wrong = _rounded(case, _column_variant(*case.args, mistake))
        return type(got) is float and got == wrong and got != expected

    return applies


def _bottom_never_turned_over(case: Case, expected: Any, got: Any) -> bool:
    """The answer of a version that, doing without the card, turns over a face-down top card
    but never the bottom one (a hint test): only a column whose bottom card is face down shows it.

    >>> _bottom_never_turned_over(Case((12, HIDDEN, 2)), 3.583104969, 4.086526094)
    True
    >>> _bottom_never_turned_over(Case((HIDDEN, 12, 2)), 3.583104969, 4.086526094)
    False
    """
    return case.args[1] == HIDDEN and _column_hint("top turn-over only")(case, expected, got)


def _value_of_other_turns(case: Case, expected: Any, got: Any) -> bool:
    """The answer is the same column's value with another number of turns left, to 9 decimals
    (a hint test): a memo keyed by the column alone, ``(top, bottom)``, gives back the value of
    the first call of that column, whatever its turns (held-out set 14b, dp_w_memo_noturns).

    >>> _value_of_other_turns(Case((12, HIDDEN, 1)), 3.583104969, 15.814814815)
    True
    >>> _value_of_other_turns(Case((12, HIDDEN, 1)), 3.583104969, 3.6)
    False

    A whole number is not taken for one: a function that answers 0.0 for every column meets the
    value of a matched column with no turn left, and the report already says it gives the same
    answer every time (held-out set 15b, ecs_C_settrace); a memo keyed by the column shows its
    mistake in a column with a face-down card, whose values are not whole.

    >>> _value_of_other_turns(Case((3, 3, 2)), -0.356575964, 0.0)
    False
    """
    top, bottom, turns = case.args
    others = {_rounded(case, expected_column_score(top, bottom, other))
              for other in range(_MOST_TURNS + 1) if other != turns}  # fmt: skip
    return type(got) is float and got != expected and got in others and not got.is_integer()


def _rounded_too_early(case: Case, expected: Any, got: Any) -> bool:
    """The right number rounded to fewer than 9 decimals, at the end or at every turn (a hint
    test): rounding each turn's value to ``places`` decimals moves the answer by at most half
    their last digit a turn.

    >>> _rounded_too_early(Case((HIDDEN, HIDDEN, 3)), 10.329218107, 10.33)
    True
    >>> _rounded_too_early(Case((HIDDEN, HIDDEN, 3)), 10.329218107, 10.34)
    True
    >>> _rounded_too_early(Case((HIDDEN, HIDDEN, 3)), 10.329218107, 11.0)
    False
    """
    if type(got) is not float or got == expected:
        return False
    if any(got == round(expected, places) for places in range(9)):
        return True
    turns = case.args[2]
    return any(
        got == round(got, places) and abs(got - expected) <= 0.5 * 10**-places * (turns + 1)
        for places in range(1, 9)
    )


def _as_list_of_tuples(case: Case, expected: Any, got: Any) -> bool:
    """The right actions, but lists for tuples or a tuple for the list (a hint test)."""
    return (type(got), [type(action) for action in got]) != (list, [tuple] * len(got)) and [
        tuple(action) for action in got
    ] == expected


def _turns_over_face_up_cards(case: Case, expected: Any, got: Any) -> bool:
    """Some action turns over a face-up card of the rows given, or the answer is the actions with
    the turn-overs of the face-up cards in place of the face-down ones (a board all face down
    then gets none) (a hint test).

    >>> _turns_over_face_up_cards(Case((["*"], ["*"])), None, [("r", 0, 0), ("r", 1, 0)])
    True
    """
    rows = case.args
    if got == _face_up_turned_over(*rows):
        return True
    return any(
        type(action) is tuple
        and action[0] == "t"
        and all(type(number) is int for number in action[1:])
        and rows[action[1]][action[2]] != HIDDEN
        for action in got
    )


def _face_up_turned_over(top: list[Any], bottom: list[Any]) -> list[tuple[str, int, int]]:
    """The legal actions with a turn-over for each face-up card instead of each face-down one
    (for a hint)."""
    rows = (top, bottom)
    replacing = [a for a in legal_actions(top, bottom) if a[0] == "r"]
    return replacing + [
        ("t", r, c) for r in (0, 1) for c in range(len(rows[r])) if rows[r][c] != HIDDEN
    ]


def _without_the_last_column(top: list[Any], bottom: list[Any]) -> list[tuple[str, int, int]]:
    """The legal actions of the rows without their last column (for a hint)."""
    return legal_actions(top[:-1], bottom[:-1])


def _one_row_only(case: Case, expected: Any, got: Any) -> bool:
    """The right actions of the top row, none of the bottom row (a hint test)."""
    return bool(got != expected and got == [action for action in expected if action[1] == 0])


def _bottom_turn_overs_missing(case: Case, expected: Any, got: Any) -> bool:
    """Every turn-over of the bottom row missing, and nothing else wrong (a hint test)."""
    bottom_turns = [action for action in expected if action[:2] == ("t", 1)]
    return bool(bottom_turns) and got == [a for a in expected if a not in bottom_turns]


def _some_turn_overs_missing(case: Case, expected: Any, got: Any) -> bool:
    """Some face-down cards not offered to turn over, though others are, and nothing else wrong
    (a hint test: its words, "not only the first of its row", need a turn-over listed)."""
    missing = set(expected) - set(got)
    turned = any(type(a) is tuple and a[:1] == ("t",) for a in got)
    return (
        turned and bool(missing) and set(got) < set(expected) and all(a[0] == "t" for a in missing)
    )


def _rounded(case: Case, value: Any) -> Any:
    """A number as a float to 9 decimals (a sum taken in another order differs in its last bits;
    a column that is known to the end may well be scored as an int)."""
    return round(float(value), 9) if type(value) in (int, float) else value


TASKS = [
    Task(
        "score",
        score,
        _score_cases,
        silent=True,
        drawn=_drawn_boards,
        hints=[
            Hint(
                "A pair of 0s is a match too: two matched columns of 0 count -5 each, like any "
                "other rank matched in two columns (test a == b alone, not a == b and a).",
                _zero_pairs_not_matched,
            ),
            Hint(
                "A matched column (the same rank in both rows) counts 0: its cards cancel.",
                got_what(lambda top, bottom: sum(top) + sum(bottom)),
            ),
            Hint(
                "Repeated pairs of -5s get the extra -5 too: two matched columns of -5 count "
                "-15 each (-10 for the pair, 5 less for the repeat).",
                got_what(functools.partial(_score_variant, bonus="not for -5")),
            ),
            Hint(
                "A pair of -5s counts -10 (not 0 like other pairs, and not -5).",
                lambda case, expected, got: (
                    got != expected
                    and got
                    in {_score_variant(*case.args, minus_five_pair=pair) for pair in (0, -5)}
                ),
            ),
            Hint(
                "A -5 on its own counts -5; only a matched pair of -5s counts -10.",
                got_what(functools.partial(_score_variant, lone_minus_five=5)),
            ),
            Hint(
                "When k > 1 matched columns have the same rank, each counts 5 less (-5 x k in "
                "all).",
                got_what(functools.partial(_score_variant, bonus="none")),
            ),
            Hint(
                "The extra -5 is for each of the columns that share a rank (k of them), not "
                "once per rank.",
                got_what(functools.partial(_score_variant, bonus="once")),
            ),
            Hint(
                "Every one of the k matched columns of a rank counts 5 less, the first one too: "
                "-5 x k, not -5 x (k - 1).",
                got_what(functools.partial(_score_variant, bonus="all but the first")),
            ),
            Hint(
                "The extra -5 needs at least two matched columns of the same rank; a rank "
                "matched once gets none.",
                got_what(functools.partial(_score_variant, bonus="always")),
            ),
            Hint(
                "The matched columns of one rank need not be side by side: two matched columns "
                "of 6 anywhere on the board count -5 each.",
                got_what(functools.partial(_score_variant, bonus="side by side")),
            ),
            Hint(
                "Each of the k matched columns of a rank counts 5 less, not 10: -5 x k in all.",
                got_what(functools.partial(_score_variant, step=10)),
            ),
            Hint(
                "Only matched columns count for the extra -5: k is the number of columns whose "
                "two cards are both of that rank, not the cards of that rank in a row.",
                _k_from_the_top_row,
            ),
        ],
    ),
    Task(
        "legal_actions",
        legal_actions,
        _legal_cases,
        drawn=_drawn_situations,
        explain=_action_part_that_differs,
        hints=[
            Hint(
                "Turn over only face-down cards ('*'); a face-up card can only be replaced.",
                _turns_over_face_up_cards,
            ),
            Hint(
                "Every card can be replaced, face up or face down.",
                lambda case, expected, got: (
                    set(got) < set(expected) and all(a[0] == "r" for a in set(expected) - set(got))
                ),
            ),
            Hint(
                "Return a list, and each action in it as a tuple: [('r', 0, 0), ...], not "
                "lists, and not a tuple of actions.",
                _as_list_of_tuples,
                types=True,
            ),
            Hint(
                "The right actions, in another order: replacements first (top row left to "
                "right, then the bottom row), then the turn-overs in the same order.",
                lambda case, expected, got: got != expected and sorted(got) == sorted(expected),
            ),
            Hint(
                "Every column, the last one too: columns are numbered from 0 to len(row) - 1.",
                got_what(_without_the_last_column),
            ),
            Hint(
                "Both rows: after the top row's places (row 0) come the bottom row's (row 1).",
                _one_row_only,
            ),
            Hint(
                "The face-down cards of the bottom row may be turned over too: after the top "
                "row's turn-overs comes one ('t', 1, column) for each '*' of bottom_concealed.",
                _bottom_turn_overs_missing,
            ),
            Hint(
                "Every face-down card may be turned over, not only the first of its row: one "
                "('t', row, column) for each '*'.",
                _some_turn_overs_missing,
            ),
            Hint(
                "A face-down card ('*') may be turned over: after the replacements, list one "
                "('t', row, column) for each '*'.",
                lambda case, expected, got: (
                    type(got) is list
                    and not any(type(a) is tuple and a[:1] == ("t",) for a in got)
                    and got == [a for a in expected if a[0] != "t"]
                ),
            ),
        ],
    ),
    Task(
        "columns_for_hand",
        columns_for_hand,
        _columns_cases,
        drawn=_drawn_hands,
        hints=[
            Hint(
                "Each band of hands is 60 hands longer than the one before: 40, 100, 160, ...",
                _other_growth,
            ),
            Hint(
                "The board grows up to 10 columns, and then stays at 10.",
                lambda case, expected, got: (
                    got != expected
                    and got in {_columns_variant(case.args[0], cap=cap) for cap in (None, 9, 11)}
                ),
            ),
            Hint(
                "The first hands, 0 to 39, have 4 columns: the board starts at 4.",
                got_what(functools.partial(_columns_variant, fewest=5)),
            ),
            Hint(
                "40, 100, 160, ... are the lengths of the bands, one after the other: hands "
                "0-39 have 4 columns, 40-139 have 5, 140-299 have 6.",
                got_what(_bands_end_at),
            ),
            Hint(
                "Hands are counted from 0: hands 0 to 39 have 4 columns, hand 40 has 5.",
                _counted_from_one,
            ),
        ],
    ),
    Task(
        "play_hand",
        play_hand,
        _hand_cases,
        drawn=_drawn_hands_played,
        adapter=_own_generator,
        # The statement has play_hand end with score(...): a wrong score of the student's is
        # named ("fix score first"), not play_hand's drawing.
        helper_references=(helper_reference("score", score, "score the rows"),),
        hints=[
            Hint(
                "Draw a card from the deck only when the player chooses to draw ('d'): every "
                "number taken from the generator counts.",
                _hand_hint("deck card always"),
            ),
            Hint(
                "The number of draws is the first number taken from the generator: draw it "
                "before the rows are dealt, not after them.",
                lambda case, expected, got: (
                    _hand_hint("draws after the rows")(case, expected, got)
                    or _hand_hint("draws last")(case, expected, got)
                ),
            ),
            Hint(
                "The number of draws is 2 * columns + rng.randint(1, 3): the randint is the "
                "first number taken from the generator, and every number after it depends on it.",
                lambda case, expected, got: any(
                    _hand_hint(f"draws fixed at {extra}")(case, expected, got) for extra in range(5)
                ),
            ),
            Hint(
                "Each turn the kitty card comes first, rng.choice(KITTY); only then, and only if "
                "the player draws ('d'), the deck card, rng.choice(DECK).",
                _hand_hint("deck card before the kitty"),
            ),
            Hint(
                "choose_replacement_action gets the draws left after this draw (one less).",
                _hand_hint("draws not yet counted"),
            ),
            Hint(
                "The hand ends as soon as every card is face up, even with draws left.",
                _hand_hint("never all up"),
            ),
            Hint(
                "The player sees '*' for every face-down card: pass it the rows as the runner "
                "shows them, never the cards themselves.",
                _hand_hint("uncovered"),
            ),
            Hint(
                "Every card counts at the end, face down or not: score the real cards of both "
                "rows.",
                _hand_hint("face down counts 0"),
            ),
            Hint(
                "The hand's score is score(top_row, bottom_row), your function from task 1: a "
                "matched pair of -5s counts -10, not 0 like other pairs.",
                _hand_hint("-5 pair counts 0"),
            ),
            Hint(
                "The kitty card is rng.choice(KITTY), not a card of DECK: the kitty holds more "
                "high cards.",
                _hand_hint("kitty from the deck"),
            ),
            Hint(
                "On ('t', row, column) the card in hand is thrown away: the card at that place "
                "is only turned face up. Only ('r', ...) puts the card there.",
                _hand_hint("turn over places the card"),
            ),
            Hint(
                "Deal the whole top row first (columns cards), then the whole bottom row, not "
                "column by column.",
                _hand_hint("column by column"),
            ),
            Hint(
                "Play while there are draws left (while draws > 0): the last draw is played "
                "too, and then the hand ends.",
                lambda case, expected, got: (
                    _hand_hint("one turn more")(case, expected, got)
                    or _hand_hint("one turn fewer")(case, expected, got)
                ),
            ),
            Hint(
                "Either way the card at (row, column) is now face up: a card put there by "
                "('r', row, column) is face up too.",
                _hand_hint("replaced card stays face down"),
            ),
            Hint(
                "The hand goes on while any card of either row is face down: look at both rows.",
                lambda case, expected, got: (
                    _hand_hint("top row only")(case, expected, got)
                    or _hand_hint("bottom row only")(case, expected, got)
                ),
            ),
            Hint(
                "Both questions get the rows in the same order: the top row first, then the "
                "bottom row.",
                _hand_hint("drawing sees the rows swapped"),
            ),
            Hint(
                "choose_replacement_action is told the card the player holds: the kitty card "
                "after 'k', the card drawn from the deck after 'd'.",
                _hand_hint("told the kitty card"),
            ),
            Hint(
                "Each row gets its own face-up card: rng.choice(range(columns)) for the top "
                "row, then again for the bottom row.",
                _hand_hint("one face-up column"),
            ),
            Hint(
                "choose_drawing_action gets the draws left before this draw (draws as it is); "
                "only choose_replacement_action gets one less.",
                _hand_hint("drawing sees one draw more"),
            ),
            Hint(
                "The number of draws is 2 * columns + rng.randint(1, 3): twice the number of "
                "columns (one draw for each card of both rows), then 1 to 3 more.",
                _hand_hint("draws not doubled"),
            ),
            # The three below try several variants: each may match one case by chance, so they
            # come after the hints that test one mistake.
            Hint(
                "The deal comes first, all of it: the number of draws, the top row, the bottom "
                "row, then the face-up card of each row. Only then does the first turn begin, "
                "with its kitty card, rng.choice(KITTY).",
                _first_kitty_dealt,
            ),
            Hint(
                "Deal in the runner's order: the number of draws, the top row, the bottom row, "
                "then the face-up position of each row.",
                _dealt_in_another_order,
            ),
            Hint(
                "The number of draws is 2 * columns + rng.randint(1, 3): from 1 to 3 more "
                "(randint includes both ends; randrange(1, 3) stops at 2).",
                _other_range_of_draws,
            ),
        ],
    ),
    Task(
        "expected_column_score",
        expected_column_score,
        _column_cases,
        drawn=_drawn_columns,
        verdict=_rounded,
        simplest=lambda case: case.args[2],  # the fewest turns left first
        total_time_limit=COLUMN_TIME_LIMIT,
        slow_hint="The check stopped your function at its time limit. The recursion meets the "
        "same column (top, bottom, turns) again and again, by many paths: put @functools.cache "
        "on the function, as the statement does, so that each is worked out only once.",
        hints=[
            Hint("A pair of -5s counts -10 at the end, not 0.", _column_hint("-5 pair is 0")),
            Hint(
                "A card still face down at the end counts as a random deck card (the average "
                "over DECK), not 0.",
                _column_hint("face down counts 0"),
            ),
            Hint(
                "The kitty card comes from the kitty's cards (KITTY), which hold more high "
                "ranks than the deck.",
                _column_hint("kitty from the deck"),
            ),
            Hint(
                "Average over the list KITTY itself, repeats included: a rank that is there "
                "twice is twice as likely (set(KITTY) counts each rank once).",
                _column_hint("kitty ranks once"),
            ),
            Hint(
                "You choose between the kitty card and the deck before you see the deck card: "
                "compare the kitty card with the *average* over deck cards, not card by card.",
                _column_hint("sees the deck card first"),
            ),
            Hint(
                "Instead of using the card, you may turn one of the column's face-down cards "
                "over (it becomes a random deck card), and that uses up the turn like any other "
                "option: it leads to the column's value with turns - 1 turns left. (Leading "
                "to 0 turns left, the option is never the best: the same as leaving it out.)",
                _column_hint("no turn-over"),
            ),
            Hint(
                "A face-down card turned over becomes a random deck card, which the player "
                "sees only after turning it: average the values it leads to over DECK, not the "
                "best of them (min).",
                _column_hint("turned card seen first"),
            ),
            Hint(
                "Doing without the card, either face-down card of the column may be turned "
                "over, the bottom one too (it becomes a random deck card), not only the top one.",
                _bottom_never_turned_over,
            ),
            Hint(
                "A face-down card at the end is not simply the average card (151/27): average "
                "the column's score over every card it may be, so that the chance of a pair "
                "counts.",
                _column_hint("average card"),
            ),
            Hint(
                "With a card in hand the player may also do without it (leave the column as it "
                "is, or turn a face-down card over): take the best of all three.",
                _column_hint("must use the card"),
            ),
            Hint(
                "The card in hand may replace either card of the column, face up or face down.",
                _column_hint("face-down cards only"),
            ),
            Hint(
                "With a card in hand the player may also leave the column as it is: throw the "
                "card away and change nothing, even when no card of the column is face down.",
                _column_hint("cannot leave"),
            ),
            Hint(
                "The card in hand may replace the top card or the bottom card of the column: "
                "take the better of the two places.",
                _column_hint("on top only"),
            ),
            Hint(
                "A card still face down at the end is a random deck card: average over DECK, "
                "not KITTY.",
                _column_hint("face down from the kitty"),
            ),
            Hint(
                "The kitty card is shown before the choice: for each kitty card take the better "
                "of it and the deck's average, then average over KITTY (not the better of the "
                "two averages).",
                _column_hint("kitty chosen unseen"),
            ),
            Hint(
                "Each turn the player chooses between the kitty card, once it is shown, and a "
                "card drawn from the deck: take the better of the kitty card's value and the "
                "deck's average (min(...)), not always the kitty card.",
                _column_hint("kitty always"),
            ),
            Hint(
                "Each turn the player may take the kitty card instead of drawing from the deck: "
                "for each kitty card take the better of it and the deck's average.",
                _column_hint("deck always"),
            ),
            Hint(
                "The card drawn from the deck is a random card of DECK: average what it gives "
                "over DECK, not over KITTY (KITTY is only where the kitty card comes from).",
                _column_hint("deck card from the kitty"),
            ),
            Hint(
                "Take the kitty card when what it gives is better, not when its rank is low: for "
                "each kitty card compare the column's expected score with it to the average "
                "over deck cards (min of the two outcomes), not the card's rank to the average "
                "card.",
                _column_hint("kitty by its rank"),
            ),
            Hint(
                "The recursion stops at turns == 0, not at 1: expected_column_score(top, "
                "bottom, 1) still plays one turn.",
                _column_hint("one turn short"),
            ),
            Hint(
                "Return the number as computed, not rounded (neither at the end nor at any "
                "turn of the recursion): the check compares 9 decimals.",
                _rounded_too_early,
            ),
            # Shown where one case shows it: the values the memo gives back for the other
            # cases mix several numbers of turns, the recursion's own included.
            Hint(
                "An answer is the value of the same column with another number of turns left: "
                "a memo (or cache) must be keyed by all three arguments, turns too, not by the "
                "column alone. @functools.cache on expected_column_score does that.",
                _value_of_other_turns,
                one_case=True,
                kept_state=True,  # said after "Called on its own, ...": the key is the mistake
            ),
        ],
    ),
]

check = Checker(TASKS)


# --- Agents --------------------------------------------------------------------------------------


Situation = tuple[list[Any], list[Any], int, int]

#: Situations on boards narrower than the course runner deals, written out: the statement says
#: every function works for any number of columns from 1 up (held-out set 15b, an agent that read
#: ``top[1]`` and answered ``('t', 0, 0)`` from a bare ``except:`` passed on 4 to 10 columns).
NARROW_SITUATIONS: list[Situation] = [
    ([5], [HIDDEN], 1, 3),
    ([HIDDEN], [5], 2, 12),
    ([HIDDEN], [HIDDEN], 3, -5),
    ([-5, HIDDEN], [7, 7], 4, 0),
    ([HIDDEN, 2], [9, HIDDEN], 1, 2),
    ([12, 0, HIDDEN], [12, 4, 6], 6, 1),
    ([3, 8, 10], [HIDDEN, HIDDEN, 10], 2, 8),
]
#: The situations of 1 to 3 columns, those above included (the rest have 4 to 10, as the course
#: runner deals).
NARROW_AGENT_SITUATIONS = 200


def agent_situations(count: int = AGENT_SITUATIONS) -> list[Situation]:
    """``count`` situations ``(top_concealed, bottom_concealed, draws_left, card)``, each with at
    least one card face down: :data:`NARROW_SITUATIONS`, then boards of 1 to 3 columns drawn (a
    tenth, at most :data:`NARROW_AGENT_SITUATIONS` with those), then boards of 4 to 10 columns,
    every number of draws.

    >>> [len(top) for top, *_ in agent_situations(100)][:12]  # 10 narrow, then 4 to 10 columns
    [1, 1, 1, 2, 2, 3, 3, 3, 1, 2, 5, 10]
    >>> {len(top) for top, *_ in agent_situations()} == set(range(1, 11))
    True
    """
    narrow = min(count // 10, NARROW_AGENT_SITUATIONS)
    fixed = [(list(top), list(bottom), draws, card)
             for top, bottom, draws, card in NARROW_SITUATIONS[:narrow]]  # fmt: skip
    drawn = _situations(random.Random(_CASES_RNG_SEED + 1), narrow - len(fixed), 1, 3)
    return fixed + drawn + _situations(random.Random(_CASES_RNG_SEED), count - narrow, 4, 10)


def _situations(rng: random.Random, count: int, fewest: int, most: int) -> list[Situation]:
    """``count`` situations of ``fewest`` to ``most`` columns drawn from ``rng``, at least one card
    face down in each."""
    situations: list[Situation] = []
    while len(situations) < count:
        columns = rng.randint(fewest, most)
        top, bottom = _concealed(rng, columns, rng.choice([0.1, 0.4, 0.7, 0.95]))
        if HIDDEN in top or HIDDEN in bottom:
            situations.append((top, bottom, rng.randint(1, 23), rng.choice(DECK)))
    return situations


def _call_went_wrong(outcome: Outcome, printing_rule: str) -> str | None:
    """How a contained call of an agent's function went wrong before its value could be read
    (it ran out of time, raised, ended, or printed), or ``None``.

    >>> print(_call_went_wrong(Outcome("ok", stdout="hi"), "it must print nothing"))
    printed 'hi': it must print nothing
    >>> _call_went_wrong(Outcome("ok", value=1), "it must print nothing") is None
    True
    """
    if outcome.status == "timeout":
        return f"did not finish within {SITUATION_TIME_LIMIT:g} seconds"
    if outcome.status == "raised" and outcome.kind == FINDING:  # the check's words
        return f"failed: {outcome.error}"
    if outcome.status != "ok":
        verb = "raised" if outcome.status == "raised" else "failed:"
        return f"{verb} {outcome.error}"
    if outcome.stdout:
        return f"printed {outcome.stdout.splitlines()[0][:60]!r}: {printing_rule}"
    return None


def _problem_with_answers(situation: tuple[Any, ...], outcome: Outcome) -> str | None:
    """Why an agent's two answers in a situation are not acceptable, or None."""
    top, bottom = situation[:2]
    if outcome.status == "raised" and outcome.error.startswith("NotImplementedError"):
        return "not written yet: replace the NotImplementedError line with your code"
    went_wrong = _call_went_wrong(outcome, "an agent must print nothing")
    if went_wrong is not None:
        slow = f" (each situation has {SITUATION_TIME_LIMIT:g} seconds): {_TOO_SLOW}"
        return f"it {went_wrong}{slow if outcome.status == 'timeout' else ''}"
    drawing, action = outcome.value
    if type(drawing) is not str or drawing not in ("k", "d"):
        return f"choose_drawing_action returned {show(drawing)}: it must return 'k' or 'd'"
    board = Board([0] * len(top), [0] * len(top), [c != HIDDEN for c in top],
                  [c != HIDDEN for c in bottom])  # fmt: skip
    problem = board.problem_with(action)
    if problem is not None:
        return f"choose_replacement_action returned {show(action)}: {problem}"
    return None


@dataclass
class AgentReport:
    """What ``check_agent`` found. ``ok`` when every situation passed (and, for a better agent,
    when it beats greedy)."""

    situations: int
    passed: int
    failing_call: str = ""
    problem: str = ""
    total: int | None = None
    greedy_total: int = 0
    must_beat_greedy: bool = False
    author_problem: str = ""
    seed: int | None = None  #: the seed of the run scored
    #: What is wrong with the student's own column_value, where a better agent lost to greedy.
    helper_problem: str = ""

    @property
    def beats_greedy(self) -> bool:
        return self.total is not None and self.total < self.greedy_total

    @property
    def ok(self) -> bool:
        legal = self.passed == self.situations and self.total is not None
        good = legal and not self.author_problem
        return good and (self.beats_greedy or not self.must_beat_greedy)

    def __str__(self) -> str:
        if self.author_problem:
            return f"agent: get_author_info() {self.author_problem} ✘"
        if self.passed < self.situations:
            return "\n".join([
                f"agent: {self.passed:,} of {self.situations:,} situations answered well ✘",
                f"Smallest failing situation: {self.failing_call}",
                f"  {self.problem}",
            ])  # fmt: skip
        lines = [f"agent: legal, silent and repeatable in all {self.situations:,} situations ✔"]
        if self.total is None:
            lines.append(f"but the course runner stopped it: {self.problem} ✘")
            return "\n".join(lines)
        ratio = self.total / self.greedy_total
        mark = "✔" if self.beats_greedy or not self.must_beat_greedy else "✘"
        lines.append(f"Score with the course runner on a run drawn for this check "
                     f"(SEED={self.seed}, {AGENT_HANDS} hands): {self.total}; the greedy "
                     f"baseline scores "
                     f"{self.greedy_total} on the same run ({ratio:.2f} x) {mark}")  # fmt: skip
        lines.append(f"(check_agent(..., seed={self.seed}) plays this run again)")
        if self.must_beat_greedy and not self.beats_greedy:
            lines.append("A better agent must score less than the greedy baseline.")
        if self.helper_problem:
            lines.append(self.helper_problem)
        return "\n".join(lines)

    __repr__ = __str__


def agent_seed() -> int:
    """A seed for the run an agent is scored on, drawn now: one of 2**32, too many for an agent
    to find the run it is playing by trying them."""
    return secrets.randbits(32)


@functools.lru_cache(maxsize=16)
def greedy_total(seed: int) -> int:
    """The greedy baseline's total on the run of :data:`AGENT_HANDS` hands from ``seed``."""
    total = runner.run_course(_players.GreedyPlayer(), seed, AGENT_HANDS, out=_ignore)
    assert total is not None
    return total


def _call_text(situation: tuple[Any, ...]) -> str:
    top, bottom, draws, card = situation
    rows = f"{show(top)}, {show(bottom)}"
    return (f"choose_drawing_action({rows}, {draws}, {card}), then "
            f"choose_replacement_action({rows}, {draws - 1}, {card})")  # fmt: skip


def run_agent(
    get_author_info: Callable[..., Any],
    choose_drawing_action: Callable[..., Any],
    choose_replacement_action: Callable[..., Any],
    *,
    must_beat_greedy: bool = False,
    situations: int = AGENT_SITUATIONS,
    seed: int | None = None,
) -> AgentReport:
    """Check an agent's three functions (contained) and score it on the run from ``seed`` (drawn
    now when ``None``); the report."""
    author_problem = problem_with_author(get_author_info)
    if author_problem is not None:
        return AgentReport(situations, 0, author_problem=author_problem)
    cases = agent_cases(situations)
    first, second = agent_answers(choose_drawing_action, choose_replacement_action, cases)
    report = judge_answers(cases, first, second, must_beat_greedy)
    if report.passed == report.situations:
        with ServedFunction(deciding(choose_drawing_action, choose_replacement_action)) as served:
            score_agent(report, served.call, agent_seed() if seed is None else seed)
        if must_beat_greedy and report.total is not None and not report.beats_greedy:
            helper = column_value_problem(choose_drawing_action, choose_replacement_action)
            report.helper_problem = helper or ""
    return report


#: Every column an agent may see: each card a rank or face down.
COLUMNS = [(a, b) for a in [*sorted(set(DECK)), HIDDEN] for b in [*sorted(set(DECK)), HIDDEN]]


def _column_values(drawing: Callable[..., Any], replacing: Callable[..., Any]) -> Callable[[], Any]:
    """What the worker runs: the student's ``column_value`` (found beside their decision
    functions) on every column of :data:`COLUMNS`, or ``None`` where they have none."""

    def values() -> list[Any] | None:
        for function in (replacing, drawing):
            helper = getattr(function, "__globals__", {}).get("column_value")
            if callable(helper):
                return [helper(a, b) for a, b in COLUMNS]
        return None

    return values


def column_value_problem(drawing: Callable[..., Any], replacing: Callable[..., Any]) -> str | None:
    """Where a better agent lost to greedy: what is wrong with the student's own
    ``column_value``, the helper the statement of task 6 defines (the expected score of a
    column, a face-down card counting as a random deck card), run contained on every column and
    compared with the statement's to 9 decimals; ``None`` where it gives the same, or there is
    none. The agent's totals alone do not show which of its parts is wrong (held-out set 14b,
    better_w_colvalue_nomatch: a column_value without the matched-pair rule).

    >>> def column_value(a, b):  # no matched pair: a pair of 1s counts 2
    ...     return (151 / 27 if a == "*" else a) + (151 / 27 if b == "*" else b)
    >>> print(column_value_problem(print, lambda *situation: ("t", 0, 0)))
    ... # doctest: +NORMALIZE_WHITESPACE
    Your column_value does not give the statement's expected score of a column (a face-down card
    counting as a random deck card): column_value(1, 1) returned 2 where the statement's gives
    0.0. Your agent's choices rest on it: fix column_value first.
    """
    outcome = run_cases(_column_values(drawing, replacing), [Case()], 10.0, 10.0)[0]
    if outcome.status == "ok" and outcome.value is None:
        return None
    went_wrong = _call_went_wrong(outcome, "column_value prints nothing")
    if went_wrong is not None:
        return f"Your column_value {went_wrong}: fix column_value first."
    for (a, b), got in zip(COLUMNS, outcome.value, strict=False):
        wanted = round(_players.expected_column(a, b), 9)
        if type(got) not in (int, float) or round(got, 9) != wanted:
            return (
                f"Your column_value does not give the statement's expected score of a column "
                f"(a face-down card counting as a random deck card): column_value({show(a)}, "
                f"{show(b)}) returned {show(got, 60)} where the statement's gives {wanted!r}. "
                "Your agent's choices rest on it: fix column_value first."
            )
    return None


def problem_with_author(get_author_info: Callable[..., Any]) -> str | None:
    """What is wrong with ``get_author_info()`` (called contained, once), or ``None``: it must
    silently return a pair of strings, as the course runner asks (a list of two passes there
    too).

    >>> print(problem_with_author(lambda: "A. Student"))
    returned 'A. Student': it must return a pair of strings, (name, student_id)
    >>> problem_with_author(lambda: ("A. Student", "000000000")) is None
    True
    """
    outcome = run_cases(get_author_info, [Case()], SITUATION_TIME_LIMIT, SITUATION_TIME_LIMIT)[0]
    went_wrong = _call_went_wrong(outcome, "it must print nothing")
    if went_wrong is not None:
        return went_wrong
    info = outcome.value
    if type(info) not in (tuple, list) or len(info) != 2 or any(type(i) is not str for i in info):
        return f"returned {show(info)}: it must return a pair of strings, (name, student_id)"
    return None


def agent_cases(situations: int = AGENT_SITUATIONS) -> list[Case]:
    """The situations an agent answers, as cases."""
    return [Case(s) for s in agent_situations(situations)]


def agent_answers(drawing: Callable[..., Any], replacing: Callable[..., Any],
                  cases: list[Case]) -> tuple[list[Outcome], list[Outcome]]:  # fmt: skip
    """The agent's answers in every situation, run twice (contained); the second run is skipped
    when the first already fails."""
    first = _answers(drawing, replacing, cases, "first")
    if not all(outcome.status == "ok" for outcome in first):
        return first, first
    return first, _answers(drawing, replacing, cases, "second")


def judge_answers(cases: list[Case], first: list[Outcome], second: list[Outcome],
                  must_beat_greedy: bool) -> AgentReport:  # fmt: skip
    """The report on the answers (legal, silent, repeatable); the score is still to come."""
    report = AgentReport(len(cases), 0, must_beat_greedy=must_beat_greedy)
    problems = [_problem_in(case, one, two) for case, one, two in zip(cases, first, second,
                                                                      strict=True)]  # fmt: skip
    report.passed = problems.count(None)
    failures = [i for i, problem in enumerate(problems) if problem is not None]
    if failures:
        ran = [i for i in failures if first[i].status != "not run"] or failures
        failing = min(ran, key=lambda i: case_size(cases[i]))  # the simplest
        report.failing_call = _call_text(cases[failing].args)
        report.problem = (problems[failing] or "") + _narrow_board_note(cases[failing].args)
        for run in (first, second):
            if _cut_by_the_whole_limit(run, failing):
                report.problem = (
                    f"the {len(cases):,} situations took more than {SITUATIONS_TIME_LIMIT:g} "
                    f"seconds in all (about {1000 * SITUATIONS_TIME_LIMIT / len(cases):g} ms "
                    f"each), and the check stopped here: too slow; a cache (functools.cache) on "
                    "a helper called many times, such as column_value, helps"
                )
                break
    return report


def _narrow_board_note(situation: tuple[Any, ...]) -> str:
    """What the report adds where the failing situation's board is narrower than the course
    runner deals: that such boards are asked too, and why.

    >>> print(_narrow_board_note(([5], ["*"], 1, 3)).strip())  # doctest: +NORMALIZE_WHITESPACE
    (a board of 1 column: the statement asks every function to work for any number of columns
    from 1 up, though the course runner deals 4 to 10)
    >>> _narrow_board_note(([5] * 4, ["*"] * 4, 1, 3))
    ''
    """
    columns = len(situation[0])
    if columns >= rules.MIN_COLUMNS:
        return ""
    return (f"\n  (a board of {columns} column{'s' if columns > 1 else ''}: the statement asks "
            "every function to work for any number of columns from 1 up, though the course "
            f"runner deals {rules.MIN_COLUMNS} to {rules.MAX_COLUMNS})")  # fmt: skip


#: Seconds for one situation, and for each run through all the situations.
SITUATION_TIME_LIMIT, SITUATIONS_TIME_LIMIT = 2.0, 10.0
#: What the report says of an agent that ran out of time.
_TOO_SLOW = (
    "too slow, or a loop that never ends; where it is only slow, a cache (functools.cache) on "
    "a helper called many times, such as column_value, helps"
)


def _cut_by_the_whole_limit(outcomes: list[Outcome], index: int) -> bool:
    """Whether the call ``index`` was cut short by the limit of the whole run through the
    situations (every call before it answered; none after it was asked), not by its own limit:
    an agent that never answers times out on its own at each call it is given.

    >>> ok, cut = Outcome("ok"), Outcome("timeout")
    >>> later = Outcome("not run", error="ran out of time")
    >>> _cut_by_the_whole_limit([ok, ok, cut, later], 2)
    True
    >>> _cut_by_the_whole_limit([Outcome("timeout"), Outcome("timeout"), cut, later], 2)
    False
    """
    asked = [outcome for outcome in outcomes if outcome.status != "not run"]
    return (
        _out_of_time(outcomes)
        and outcomes[index].status == "timeout"
        and asked[-1] is outcomes[index]
        and all(outcome.status != "timeout" for outcome in asked[:-1])
    )


def _out_of_time(outcomes: list[Outcome]) -> bool:
    """Whether the whole run through the situations ran out of time (``SITUATIONS_TIME_LIMIT``):
    some situations were not asked at all."""
    return any(o.status == "not run" and "ran out of time" in o.error for o in outcomes)


def _answers(drawing: Callable[..., Any], replacing: Callable[..., Any], cases: list[Case],
             run: str) -> list[Outcome]:  # fmt: skip
    answers = _both_answers(drawing, replacing, run)
    return run_cases(answers, cases, SITUATION_TIME_LIMIT, SITUATIONS_TIME_LIMIT)


def _problem_in(case: Case, first: Outcome, second: Outcome) -> str | None:
    """What is wrong with the agent's answers in one situation, run twice; or None."""
    problem = _problem_with_answers(case.args, first)
    if problem is None and (second.status, second.value) != (first.status, first.value):
        problem = (f"it answered {show(first.value)} the first time and {show(second.value)} "
                   "the second: use your own generator with a fixed seed, such as "
                   "rng = random.Random(721), not the global random functions")  # fmt: skip
    return problem


def _both_answers(
    drawing: Callable[..., Any], replacing: Callable[..., Any], run: str
) -> Callable[..., Any]:
    """The function the worker calls in each situation: the agent's two answers. Before each
    situation the global random generator is seeded differently in each run, so that an agent
    that uses it without a seed of its own answers differently. An agent whose code uses the
    random module's own generator (:func:`agent_generator_use`, read once, in the worker), or
    that changes that generator's state while it answers, fails every situation: the statement
    gives an agent its own generator (held-out set 14b: an agent that called
    ``random.seed(721)`` before ``random.choice`` was repeatable, and passed)."""
    situation = iter(range(10**9))
    read: list[str | None] = []

    def answers(top: list[Any], bottom: list[Any], draws: int, card: int) -> Any:
        if not read:
            read.append(agent_generator_use(drawing, replacing))
        if read[0] is not None:
            raise GlobalGeneratorChanged(read[0])
        random.seed(f"{run} run, situation {next(situation)}")
        seeded = random.getstate()
        drawn = _leaving_the_rows(drawing, "choose_drawing_action", top, bottom, draws, card)
        replaced = _leaving_the_rows(replacing, "choose_replacement_action", top, bottom,
                                     draws - 1, card)  # fmt: skip
        if random.getstate() != seeded:
            raise GlobalGeneratorChanged(
                "it changed the random module's own generator (random.seed, random.choice, "
                f"...), which the statement forbids: {_OWN_GENERATOR}"
            )
        return drawn, replaced

    return answers


#: What an agent that uses randomness does instead of using the random module's generator.
_OWN_GENERATOR = (
    "use your own generator with a fixed seed, such as rng = random.Random(721), never the "
    "global random functions"
)


def agent_generator_use(drawing: Callable[..., Any], replacing: Callable[..., Any]) -> str | None:
    """What the check says of an agent whose decision functions (or the helpers of the
    student's they call by name) use the random module's own generator in their code, read as
    ``play_hand``'s is (:func:`_module_generator_in_code`); ``None`` where neither does.

    >>> def choose_drawing_action(top, bottom, draws_left, kitty_card):
    ...     random.seed(721)
    ...     return random.choice("kd")
    >>> print(agent_generator_use(choose_drawing_action, print))  # doctest: +NORMALIZE_WHITESPACE
    choose_drawing_action, line 2: random.seed uses the random module's own generator, which the
    statement forbids: use your own generator with a fixed seed, such as rng =
    random.Random(721), never the global random functions
    """
    for name, function in (("choose_drawing_action", drawing),
                           ("choose_replacement_action", replacing)):  # fmt: skip
        used = _module_generator_in_code(function, caller=name)
        if used is not None:
            return (
                f"{name}, {used} uses the random module's own generator, which the statement "
                f"forbids: {_OWN_GENERATOR}"
            )
    return None


class RowsChanged(CheckFinding):
    """Raised where an agent's function changed the rows it was given (the notebook's rule:
    what a function is given, it must not change)."""


def _leaving_the_rows(
    function: Callable[..., Any], name: str, top: list[Any], bottom: list[Any], *rest: Any
) -> Any:
    """``function``'s answer, on copies of the rows; :class:`RowsChanged` where it changed them
    (held-out set 13b: an agent that wrote into its row passed).

    >>> def marks(top, bottom, draws, card):
    ...     top[0] = 0
    ...     return "k"
    >>> try:
    ...     _leaving_the_rows(marks, "choose_drawing_action", ["*"], ["*"], 3, 5)
    ... except RowsChanged as error:
    ...     print(error)  # doctest: +NORMALIZE_WHITESPACE
    choose_drawing_action changed the top row it was given (['*'] became [0]): work on a copy
    (list(top))
    """
    given = (list(top), list(bottom))
    answer = function(*given, *rest)
    for row, before, after in (("top", top, given[0]), ("bottom", bottom, given[1])):
        if after != before:
            raise RowsChanged(
                f"{name} changed the {row} row it was given ({show(before, 60)} became "
                f"{show(after, 60)}): work on a copy (list({row}))"
            )
    return answer


#: Seconds an agent may take for one decision while it is scored, and for the whole run.
DECISION_TIME_LIMIT, SCORING_TIME_LIMIT = 2.0, 60.0


#: How a decision is asked: ``ask(arguments, time_limit)`` gives the outcome of the call
#: ``decide(which, *situation)`` made contained, away from the runner.
Ask = Callable[[tuple[Any, ...], float], Outcome]


def deciding(drawing: Callable[..., Any], replacing: Callable[..., Any]) -> Callable[..., Any]:
    """One function for both decisions: ``decide('drawing' or 'replacing', *situation)``."""

    def decide(which: str, *situation: Any) -> Any:
        return (drawing if which == "drawing" else replacing)(*situation)

    return decide


class _ContainedAgent:
    """The agent as the runner sees it: each decision is asked of the contained worker.

    The runner, the rules and the score stay in the checker's own process: the student's code
    only answers, with plain data, and cannot change how it is scored.
    """

    def __init__(self, ask: Ask) -> None:
        self.ask, self.deadline = ask, time.monotonic() + SCORING_TIME_LIMIT

    def get_author_info(self) -> tuple[str, str]:
        return "agent", "0"

    def choose_drawing_action(self, *situation: Any) -> Any:
        return self._ask("drawing", situation)

    def choose_replacement_action(self, *situation: Any) -> Any:
        return self._ask("replacing", situation)

    def _ask(self, which: str, situation: tuple[Any, ...]) -> Any:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise RuntimeError(
                f"the run took more than {SCORING_TIME_LIMIT:g} seconds: too slow; a cache "
                "(functools.cache) on a helper called many times helps"
            )
        outcome = self.ask((which, *situation), min(DECISION_TIME_LIMIT, left))
        if outcome.status == "timeout":
            raise RuntimeError(
                f"a decision took more than {DECISION_TIME_LIMIT:g} seconds: {_TOO_SLOW}"
            )
        if outcome.status != "ok":
            raise RuntimeError(outcome.error or outcome.status)
        return outcome.value


def score_agent(report: AgentReport, ask: Ask, seed: int) -> None:
    """Score the agent on the run from ``seed`` into ``report``: its total and greedy's, or no
    total and the runner's crash line. The runner plays here; only the agent's answers come from
    ``ask`` (a contained worker)."""
    lines: list[str] = []
    report.seed, report.greedy_total = seed, greedy_total(seed)
    report.total = runner.run_course(_ContainedAgent(ask), seed, AGENT_HANDS, out=lines.append)
    report.problem = lines[-2] if report.total is None else ""


class AgentChecker:
    """``check_agent(get_author_info, choose_drawing_action, choose_replacement_action)``
    prints the report; ``better=True`` also asks for a lower total than the greedy
    baseline's. Anything but three functions is told what to pass:

    >>> check_agent(print, print)
    check_agent needs your three functions: check_agent(get_author_info, \
choose_drawing_action, choose_replacement_action)
    """

    def run(
        self, *functions: Callable[..., Any], better: bool = False, seed: int | None = None
    ) -> AgentReport:
        if len(functions) != 3 or not all(callable(function) for function in functions):
            raise TypeError("check_agent needs your three functions: check_agent("
                            "get_author_info, choose_drawing_action, "
                            "choose_replacement_action)")  # fmt: skip
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**32):
            raise TypeError(f"seed is a whole number from 0 to 2**32 - 1 (a report's SEED), "
                            f"not {show(seed)}")  # fmt: skip
        author, drawing, replacing = functions
        return run_agent(author, drawing, replacing, must_beat_greedy=better, seed=seed)

    def __call__(
        self, *functions: Callable[..., Any], better: bool = False, seed: int | None = None
    ) -> None:
        try:
            print(self.run(*functions, better=better, seed=seed))
        except TypeError as error:
            print(error)
        except KeyboardInterrupt:
            print("Check interrupted: it was stopped, and no process of it is left running.")


check_agent = AgentChecker()
