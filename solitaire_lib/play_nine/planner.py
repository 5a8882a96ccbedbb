"""A strong Play Nine player: it plans how to share the draws left among the columns.

Two ideas, both exact computations on the infinite deck (no card-removal effects):

1. **One column alone** (:func:`column_table`). ``table[n, a, b]`` is the expected final score of
   a column with cards ``a`` (top) and ``b`` (bottom) if it had ``n`` more turns all to itself,
   played perfectly: each turn it may take the kitty card or draw, then put the card on top or
   at the bottom, turn its own face-down card over, or leave the turn unused. Dynamic
   programming over ``n``, on 15 x 15 columns (a rank or face down in each row).
2. **The board** (:func:`share_turns`). The draws left are shared among the columns; the best
   split of ``m`` turns is the min-plus convolution of the columns' tables.

3. **The bonus** (:func:`matching_bonus`). Columns valued alone cannot see that two matched
   columns of one rank earn -5 each. So a board's estimate adds the bonus its face-up matched
   columns have already earned: a card that makes a second pair of 6s is worth 10 points more.

Each turn, :class:`PlannerPlayer` tries every legal action and keeps the one that leaves the board
with the lowest estimated final score (for a turn-over, the average over the card revealed). It
takes the kitty card when the kitty's best action is at least as good as the average best action
of a card drawn from the deck. A board with every card face up is over: its exact score counts.

>>> from solitaire_lib.play_nine.runner import run_course
>>> run_course(PlannerPlayer(), 4242, 3, out=lambda line: None)
0
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np

from solitaire_lib.play_nine.players import CoursePlayer
from solitaire_lib.play_nine.rules import DECK, HIDDEN, KITTY, MAX_COLUMNS, score

Card = int | str  # a rank, or HIDDEN for a face-down card
Action = tuple[str, int, int]

#: The ranks in table order; index 14 (``FACE_DOWN``) stands for a face-down card.
RANKS = (-5, *range(13))
RANK_VALUES = np.array(RANKS, dtype=float)
FACE_DOWN = len(RANKS)
#: The most turns a hand can have: 2 x 10 columns + 3.
MOST_TURNS = 2 * MAX_COLUMNS + 3


def settled(value: float) -> float:
    """``value`` rounded to 9 decimals, for comparing estimates. Two actions that are worth the
    same (two equal columns) can differ in their last bits, and by how much depends on the
    machine (the order in which its BLAS adds up a dot product): compared raw, the planner
    would decide differently on different computers.

    >>> settled(0.1 + 0.2) == settled(0.3)
    True
    """
    return round(value, 9)


def _probabilities(cards: Sequence[int]) -> np.ndarray:
    """How often each rank of :data:`RANKS` comes out of ``cards``."""
    return np.array([cards.count(rank) for rank in RANKS]) / len(cards)


DECK_P = _probabilities(DECK)
KITTY_P = _probabilities(KITTY)


def index_of(card: Card) -> int:
    """The table index of a card as the player sees it (``'*'`` is :data:`FACE_DOWN`).

    >>> index_of(-5), index_of(0), index_of(12), index_of("*")
    (0, 1, 13, 14)
    """
    return FACE_DOWN if card == HIDDEN else RANKS.index(card)


def _final_column_scores() -> np.ndarray:
    """``table[a, b]`` with no turns left: face-down cards count as random deck cards."""
    ranks = np.array(RANKS)
    matched = ranks[:, None] == ranks[None, :]
    known = np.where(matched, np.where(ranks[:, None] == -5, -10, 0), ranks[:, None] + ranks)
    table = np.zeros((FACE_DOWN + 1, FACE_DOWN + 1))
    table[:FACE_DOWN, :FACE_DOWN] = known
    table[:FACE_DOWN, FACE_DOWN] = known @ DECK_P
    table[FACE_DOWN, :FACE_DOWN] = DECK_P @ known
    table[FACE_DOWN, FACE_DOWN] = DECK_P @ known @ DECK_P
    return table


def _one_more_turn(later: np.ndarray) -> np.ndarray:
    """A column's table with one more turn, from ``later`` (its table with the turns after)."""
    table = np.empty_like(later)
    for a in range(FACE_DOWN + 1):
        for b in range(FACE_DOWN + 1):
            without_card = later[a, b]  # the turn is left unused (another column takes it)
            if a == FACE_DOWN:
                without_card = min(without_card, DECK_P @ later[:FACE_DOWN, b])
            if b == FACE_DOWN:
                without_card = min(without_card, DECK_P @ later[a, :FACE_DOWN])
            # with each possible card: put it on top, at the bottom, or do without it
            with_card = np.minimum(np.minimum(later[:FACE_DOWN, b], later[a, :FACE_DOWN]),
                                   without_card)  # fmt: skip
            drawn = DECK_P @ with_card
            table[a, b] = KITTY_P @ np.minimum(with_card, drawn)
    return table


@functools.cache
def column_table() -> np.ndarray:
    """``table[n, a, b]``: the expected final score of column ``(a, b)`` with ``n`` turns to itself.

    >>> table = column_table()
    >>> [round(float(table[n, index_of(12), index_of("*")]), 2) for n in (0, 1, 2)]
    [15.81, 7.21, 3.58]
    """
    tables = [_final_column_scores()]
    for _ in range(MOST_TURNS):
        tables.append(_one_more_turn(tables[-1]))
    result = np.array(tables)
    result.setflags(write=False)
    return result


@functools.cache
def _antidiagonals(length: int) -> tuple[np.ndarray, np.ndarray]:
    """For :func:`share_turns`: the flat places ``i * length + j`` of a ``length`` x ``length``
    table with ``i + j < length``, ordered by ``i + j``, and where each sum's places start."""
    i, j = np.indices((length, length))
    sums = (i + j).ravel()
    places = np.flatnonzero(sums < length)
    places = places[np.argsort(sums[places], kind="stable")]
    return places, np.searchsorted(sums[places], np.arange(length))


def share_turns(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """The best split of turns between two groups: ``result[m] = min over i of first[i] +
    second[m - i]`` (a min-plus convolution): every sum ``first[i] + second[j]``, then the least
    of those with ``i + j = m``.

    >>> share_turns(np.array([9.0, 4.0, 3.0]), np.array([5.0, 1.0, 0.0])).tolist()
    [14.0, 9.0, 5.0]
    """
    places, starts = _antidiagonals(len(first))
    return np.minimum.reduceat(np.add.outer(first, second).ravel()[places], starts)


def share_turns_rows(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """:func:`share_turns` of each row of ``first`` with the same row of ``second``.

    >>> share_turns_rows(np.array([[9.0, 4.0, 3.0]] * 2), np.array([[5.0, 1.0, 0.0], [0.0] * 3]))
    array([[14.,  9.,  5.],
           [ 9.,  4.,  3.]])
    """
    places, starts = _antidiagonals(first.shape[1])
    sums = (first[:, :, None] + second[:, None, :]).reshape(len(first), -1)
    return np.minimum.reduceat(sums[:, places], starts, axis=1)


@functools.lru_cache(maxsize=65_536)
def _columns_before(turns: int, columns: tuple[tuple[int, int], ...]) -> np.ndarray:
    """The best estimated score of ``columns`` together, with 0 to ``turns`` turns shared among
    them, shared left to right (the last column joins the ones before it)."""
    if not columns:
        return np.zeros(turns + 1)
    a, b = columns[-1]
    return share_turns(_columns_before(turns, columns[:-1]), column_table()[: turns + 1, a, b])


@functools.lru_cache(maxsize=65_536)
def _columns_after(turns: int, columns: tuple[tuple[int, int], ...]) -> np.ndarray:
    """The same, shared right to left (the first column joins the ones after it)."""
    if not columns:
        return np.zeros(turns + 1)
    a, b = columns[0]
    return share_turns(_columns_after(turns, columns[1:]), column_table()[: turns + 1, a, b])


def matching_bonus(top: Sequence[Card], bottom: Sequence[Card]) -> int:
    """The bonus already earned: -5 for each face-up matched column whose rank is matched in
    more than one column.

    >>> matching_bonus([6, 6, 2, "*"], [6, 6, 2, 3]), matching_bonus([6, 2], [6, 2])
    (-10, 0)
    """
    counts = _matched_counts([(index_of(a), index_of(b)) for a, b in zip(top, bottom, strict=True)])
    return -5 * int(counts[counts > 1].sum())


def _matched_counts(columns: Sequence[tuple[int, int]]) -> np.ndarray:
    """For each rank, how many columns are face up and matched with it."""
    counts = np.zeros(FACE_DOWN, dtype=np.int64)
    for a, b in columns:
        if a == b != FACE_DOWN:
            counts[a] += 1
    return counts


def _bonuses(columns: Sequence[tuple[int, int]]) -> np.ndarray:
    """``bonus[column, row, rank]``: the bonus earned by the board once ``rank`` is put in that
    row of that column, beside the card in the other row (matched if it is that card's rank).

    >>> six, two = index_of(6), index_of(2)
    >>> bonus = _bonuses([(six, six), (FACE_DOWN, six), (two, FACE_DOWN)])
    >>> bonus[1, 0, [six, two]].tolist()  # a 6 on the second column makes a second pair of 6s
    [-10.0, 0.0]
    >>> bonus[0, 0, six], bonus[2, 1, two]  # the first pair of 6s, or of 2s: no bonus
    (np.float64(0.0), np.float64(0.0))
    """
    matched = _matched_counts(columns).tolist()
    earned = sum(_bonus_count(count) for count in matched)
    bonus = np.empty((len(columns), 2, FACE_DOWN))
    for column, (a, b) in enumerate(columns):
        counts, earned_without = matched, earned
        if a == b != FACE_DOWN:  # the column is changed: its old match is gone
            counts = matched.copy()
            counts[a] -= 1
            earned_without = earned - _bonus_count(matched[a]) + _bonus_count(matched[a] - 1)
        bonus[column] = -5 * earned_without
        for row, partner in ((0, b), (1, a)):
            if partner != FACE_DOWN:
                more = _bonus_count(counts[partner] + 1) - _bonus_count(counts[partner])
                bonus[column, row, partner] -= 5 * more
    return bonus


class PlannerPlayer(CoursePlayer):
    """Shares the draws left among the columns, each valued by its own dynamic programming.

    >>> planner = PlannerPlayer()
    >>> planner.choose_replacement_action([12, "*", 3, "*"], ["*", 5, "*", 0], 8, 12)
    ('r', 1, 0)
    """

    name, student_id = "planner", "0"

    def __init__(self, bonus: bool = True) -> None:
        #: Count the bonus already earned by repeated matched ranks (``False``: each column
        #: alone, as the planner of the first version did).
        self.bonus = bonus
        #: The action values of the boards valued lately: a turn values the same board twice
        #: (for the kitty or the deck, then for the card held), and a look-ahead values the
        #: next turn's board before that turn comes.
        self._remembered: dict[
            tuple[tuple[Card, ...], tuple[Card, ...], int], tuple[list[Action], np.ndarray]
        ] = {}

    def __repr__(self) -> str:
        return "PlannerPlayer()" if self.bonus else "PlannerPlayer(bonus=False)"

    def choose_drawing_action(
        self, top: list[Card], bottom: list[Card], draws_left: int, kitty_card: int
    ) -> str:
        values = self.drawing_values(top, bottom, draws_left, kitty_card)
        return "k" if settled(values["k"]) <= settled(values["d"]) else "d"

    def choose_replacement_action(
        self, top: list[Card], bottom: list[Card], draws_left: int, current_card: int
    ) -> Action:
        return self.ranked_actions(top, bottom, draws_left, current_card)[0][1]

    # --- what the widget's "What would the AI do?" shows -----------------------------------------

    def drawing_values(
        self, top: list[Card], bottom: list[Card], draws_left: int, kitty_card: int
    ) -> dict[str, float]:
        """The estimated final score after taking the kitty (``'k'``) or drawing (``'d'``).

        ``draws_left`` counts this turn's draw, as the course runner passes it.
        """
        best = self._best_with_each_card(top, bottom, draws_left - 1)
        return {"k": float(best[index_of(kitty_card)]), "d": float(DECK_P @ best)}

    def ranked_actions(
        self, top: list[Card], bottom: list[Card], draws_left: int, current_card: int
    ) -> list[tuple[float, Action]]:
        """Every legal action with the card held, best first, with its estimated final score.

        ``draws_left`` is the number of draws after this one, as the course runner passes it.
        """
        actions, values = self._action_values(top, bottom, draws_left)
        with_card = values[:, index_of(current_card)].tolist()
        ranked = list(zip(with_card, actions, strict=True))
        return sorted(ranked, key=lambda pair: settled(pair[0]))  # stable: first of equals wins

    @staticmethod
    def estimate(top: list[Card], bottom: list[Card], turns: int, bonus: bool = True) -> float:
        """The estimated final score of a board with ``turns`` turns left: its exact score when
        every card is face up, else the best split of the turns among its columns, plus the bonus
        already earned by its face-up matched columns (:func:`matching_bonus`, if ``bonus``).

        The straightforward definition that :meth:`_action_values` computes faster.

        >>> PlannerPlayer.estimate([4, 3, 12, 6], [4, 1, 12, 6], 5)
        4.0
        >>> PlannerPlayer.estimate([6, 6, "*"], [6, 6, 2], 0) - PlannerPlayer.estimate(
        ...     [6, 6, "*"], [6, 6, 2], 0, bonus=False)
        -10.0
        """
        if HIDDEN not in top and HIDDEN not in bottom:
            return float(score(top, bottom))  # type: ignore[arg-type]
        table = column_table()[: max(0, min(turns, MOST_TURNS)) + 1]
        shared = np.zeros(len(table))
        for a, b in zip(top, bottom, strict=True):
            shared = share_turns(shared, table[:, index_of(a), index_of(b)])
        return float(shared[-1]) + (matching_bonus(top, bottom) if bonus else 0)

    # --- the computation ---------------------------------------------------------------------

    def _best_with_each_card(self, top: list[Card], bottom: list[Card], turns: int) -> np.ndarray:
        """For each rank held, the estimated final score of the best action with it."""
        return np.asarray(self._action_values(top, bottom, turns)[1].min(axis=0))

    def _action_values(
        self, top: list[Card], bottom: list[Card], turns: int
    ) -> tuple[list[Action], np.ndarray]:
        """Each legal action and ``values[action, card]``: the estimated final score after it
        with each rank held, when ``turns`` turns remain after this one (remembered for the
        boards valued lately)."""
        key = (tuple(top), tuple(bottom), turns)
        if key not in self._remembered:
            if len(self._remembered) > 2_000:
                self._remembered.clear()
            self._remembered[key] = self._compute_action_values(top, bottom, turns)
        return self._remembered[key]

    def _compute_action_values(
        self, top: list[Card], bottom: list[Card], turns: int
    ) -> tuple[list[Action], np.ndarray]:
        turns = max(0, min(turns, MOST_TURNS))  # the runner's hands have 0 to 22 turns after this
        table = column_table()[: turns + 1]
        columns = [(index_of(a), index_of(b)) for a, b in zip(top, bottom, strict=True)]
        face_down = sum((a == FACE_DOWN) + (b == FACE_DOWN) for a, b in columns)
        rest = self._other_columns(table, columns)[:, ::-1]  # [column, turns for the others]
        tops, bottoms = [a for a, _ in columns], [b for _, b in columns]
        # after[column, row, n, card]: the column's value with the card held put in that row and
        # n turns of its own; each column takes the turns the others leave, at the best split
        after = np.stack([table[:, :FACE_DOWN, bottoms].transpose(2, 0, 1),
                          table[:, tops, :FACE_DOWN].transpose(1, 0, 2)], axis=1)  # fmt: skip
        values = (after + rest[:, None, :, None]).min(axis=2)  # [column, row, card held]
        if self.bonus:
            values += _bonuses(columns)
        for column, (a, b) in enumerate(columns):
            for row, here in ((0, a), (1, b)):
                if face_down == (here == FACE_DOWN):  # every card is up after this: it is over
                    values[column, row] = self._exact_scores(top, bottom, row, column)
        placed = values.reshape(-1, FACE_DOWN)  # [2 * column + row, card held]
        # a face-down card turned over: the average over the card revealed, whatever is held
        turned = np.repeat(placed @ DECK_P, FACE_DOWN).reshape(placed.shape)
        actions: list[Action] = []
        rows: list[np.ndarray] = []
        for column, (a, b) in enumerate(columns):
            for row, here in ((0, a), (1, b)):
                # row 0 (top): the card held goes above b; row 1 (bottom): below a
                actions.append(("r", row, column))
                rows.append(placed[2 * column + row])
                if here == FACE_DOWN:
                    actions.append(("t", row, column))
                    rows.append(turned[2 * column + row])
        return actions, np.array(rows)

    @staticmethod
    def _other_columns(table: np.ndarray, columns: list[tuple[int, int]]) -> np.ndarray:
        """For each column, the best estimated score of all the other columns with 0, 1, ...
        turns shared among them (prefix and suffix convolutions, remembered: the boards a
        look-ahead values differ in one card, so they share most of them)."""
        turns, key = len(table) - 1, tuple(columns)
        before = np.array([_columns_before(turns, key[:j]) for j in range(len(key))])
        after = np.array([_columns_after(turns, key[j + 1 :]) for j in range(len(key))])
        return share_turns_rows(before, after)

    @staticmethod
    def _exact_scores(top: list[Card], bottom: list[Card], row: int, column: int) -> np.ndarray:
        """The exact score of the board with each rank put at (row, column), all else face up:
        the other columns' score, plus the rank and its partner in the column; or, for the
        partner's own rank, the matched column's score and the bonus it adds.

        >>> PlannerPlayer._exact_scores([6, "*"], [6, 6], 0, 1)[[0, 3, 7]].tolist()  # -5, 2, 6
        [1.0, 8.0, -10.0]
        """
        partner = (bottom if row == 0 else top)[column]
        assert partner != HIDDEN
        others = [(a, b) for k, (a, b) in enumerate(zip(top, bottom, strict=True)) if k != column]
        rest = score([a for a, _ in others], [b for _, b in others])  # type: ignore[misc]
        scores = rest + RANK_VALUES + partner
        matched_before = sum(1 for a, b in others if a == b == partner)
        bonus = -5 * (_bonus_count(matched_before + 1) - _bonus_count(matched_before))
        scores[index_of(partner)] = rest + (-10 if partner == -5 else 0) + bonus
        return scores


def _bonus_count(matched: int) -> int:
    """How many columns earn the -5 bonus when ``matched`` columns are matched with one rank."""
    return matched if matched > 1 else 0


#: The time this project allows a player, in milliseconds a hand (the course sets none): the
#: look-ahead player's constants were chosen to keep within it.
HAND_MS = 60


class LookAheadPlayer(PlannerPlayer):
    """The planner, looking one turn further on close calls.

    The planner values a board by sharing the turns left among its columns, each valued alone,
    with the split of the turns fixed before the cards are seen. When its best actions are
    within ``close`` points of the best one, that estimate is too rough to choose between them.
    This player then plays each of them (at most ``candidates``) forward by one turn: for every
    kitty card that can come next, it takes the better of taking that card and drawing, and
    plays the card held as the planner would; the action with the lower average wins. A
    turn-over is averaged over the card it reveals, and a board with every card face up counts
    its exact score. ``close`` and ``candidates`` were chosen on development runs (seeds 1000
    and 2000, 300 hands each), the number of actions so as to keep a hand within the time the
    project allows a player (:data:`HAND_MS`); ``benchmarks/players.py`` measures the player,
    and its time, on runs drawn at random from the seed given to it.

    >>> from solitaire_lib.play_nine.runner import run_course
    >>> run_course(LookAheadPlayer(), 4242, 3, out=lambda line: None) <= 0
    True
    """

    name = "look-ahead"

    def __init__(self, close: float = 3.0, candidates: int = 4) -> None:
        super().__init__(bonus=True)
        #: How near the planner's best estimate another must be for the look-ahead to weigh it.
        self.close = close
        #: How many of the planner's best actions the look-ahead compares.
        self.candidates = candidates

    def __repr__(self) -> str:
        return f"LookAheadPlayer(close={self.close}, candidates={self.candidates})"

    def choose_replacement_action(
        self, top: list[Card], bottom: list[Card], draws_left: int, current_card: int
    ) -> Action:
        ranked = self.ranked_actions(top, bottom, draws_left, current_card)
        best = ranked[0][0]
        close = [action for value, action in ranked[: self.candidates]
                 if value - best <= self.close]  # fmt: skip
        if draws_left == 0 or len(close) < 2:
            return ranked[0][1]
        return min(close, key=lambda action: settled(
            self.after_one_more_turn(top, bottom, draws_left, current_card, action)))  # fmt: skip

    def after_one_more_turn(
        self, top: list[Card], bottom: list[Card], draws_left: int, card: int, action: Action
    ) -> float:
        """The estimated final score after ``action`` with ``card`` and the next turn played by
        the planner: averaged over the next kitty card (the better of taking it and drawing),
        and over the card revealed by a turn-over.

        >>> player = LookAheadPlayer()
        >>> player.after_one_more_turn([4, 3], [4, 1], 2, 3, ("r", 1, 1))
        0.0
        """
        kind, row, column = action
        if kind == "r":
            return self._next_turn(top, bottom, row, column, card, draws_left)
        revealed = [self._next_turn(top, bottom, row, column, rank, draws_left) for rank in RANKS]
        return float(DECK_P @ np.array(revealed))

    def _next_turn(
        self, top: list[Card], bottom: list[Card], row: int, column: int, card: int, draws: int
    ) -> float:
        rows = [list(top), list(bottom)]
        rows[row][column] = card
        if HIDDEN not in rows[0] and HIDDEN not in rows[1]:
            return float(score(rows[0], rows[1]))  # type: ignore[arg-type]
        best = self._best_with_each_card(rows[0], rows[1], draws - 1)
        drawn = DECK_P @ best  # the next turn's draw: the best action with each card, averaged
        return float(KITTY_P @ np.minimum(best, drawn))
