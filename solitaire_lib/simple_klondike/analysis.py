"""A solver and a blind player for the simplified Klondike.

**Two moves are always right.** Every card leaves pile 0 exactly once, and each pile it starts
must later be merged below another one. So, whenever it can be done:

* a pile whose top card is one lower than another pile's bottom card is merged below it (the
  merge is needed sooner or later, and it blocks nothing: only that card could go there);
* the top card of pile 0 goes below the pile that ends with the card one higher (no other card
  can go there, and waiting only costs moves).

Only one choice is left when neither is possible: start a new pile with the top card of pile 0
(if a pile is empty), or turn pile 0 (move its top card to its bottom). The solver searches
these choices with A*, on states whose key is pile 0 (in order) and the runs of the other piles
(sorted: which pile holds a run does not matter).

**The bound.** Each card of pile 0 costs a move; each pile whose top card is not the highest will
cost a merge; and each card of pile 0 whose successor (one higher) is still behind it in pile 0
costs at least one more move (a turn, or a new pile and its merge). The bound never overestimates
and drops by at most one per move, so A* with it finds the fewest moves; weighting it finds a
win much faster, not always the shortest.

>>> result = solve([3, 1, 2, 0])
>>> result.verdict, result.moves
('solved', [(0, 1), (0, 2), (0, 1), (2, 1), (0, 1)])
"""

from __future__ import annotations

import heapq
import itertools
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from tqdm.auto import tqdm

from solitaire_lib.searching import NO_CYCLE_COLLECTION
from solitaire_lib.simple_klondike.rules import Game, apply_move, is_won, move_limit, pile_count

Run = tuple[int, int]  # (top card, bottom card) of a pile built down: top, top - 1, ..., bottom
State = tuple[tuple[int, ...], tuple[Run, ...]]  # pile 0 (top first), the runs (sorted)

#: Nodes the fast mode may expand before it gives up, and the optimal mode.
FAST_BUDGET = 200_000
OPTIMAL_BUDGET = 2_000_000
#: Nodes the blind players' solver may expand once they know the deal (in a rollout too).
PLAYER_BUDGET = 50_000
#: The fast mode's weight on the bound (weighted A*); the optimal mode's is 1 (plain A*). Set
#: when the solver was written (f835537), with the budgets above, and not changed since; no
#: recorded run chose or tunes these values (lesson 05 says so).
FAST_WEIGHT = 3.0


@dataclass
class Solution:
    """``verdict`` is ``'solved'`` (``moves`` win the game), ``'unsolvable'`` (no win within the
    move limit exists) or ``'gave up'`` (the node budget ran out first)."""

    verdict: str
    moves: list[tuple[int, int]] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


def settle(
    pile0: tuple[int, ...], runs: tuple[Run, ...]
) -> tuple[tuple[int, ...], tuple[Run, ...], int]:
    """Make the moves that are always right until none is left; the state and their number.

    >>> settle((4, 9), ((7, 5), (3, 1)))
    ((9,), ((7, 1),), 2)
    """
    moves = 0
    changed = True
    pile, piles = list(pile0), list(runs)
    while changed:
        changed = False
        bottoms = {bottom: i for i, (_, bottom) in enumerate(piles)}
        for i, (top, bottom) in enumerate(piles):
            j = bottoms.get(top + 1)
            if j is not None:  # merge run i below run j
                piles[j] = (piles[j][0], bottom)
                del piles[i]
                moves += 1
                changed = True
                break
        if changed:
            continue
        if pile and pile[0] + 1 in bottoms:
            j = bottoms[pile[0] + 1]
            piles[j] = (piles[j][0], pile.pop(0))
            moves += 1
            changed = True
    return tuple(pile), tuple(sorted(piles)), moves


def lower_bound(pile0: tuple[int, ...], runs: tuple[Run, ...], highest: int) -> int:
    """Moves still needed at least (see the module's docstring).

    >>> lower_bound((2, 0, 1), (), 2)  # three cards; the 0 has its 1 behind it
    4
    """
    behind, later = 0, set()
    for card in reversed(pile0):  # from the bottom of pile 0: ``later`` holds the cards behind
        if card + 1 in later:
            behind += 1
        later.add(card)
    merges = sum(1 for top, _ in runs if top != highest)
    return len(pile0) + merges + behind


def _choices(state: State, slots: int) -> list[tuple[str, State, int]]:
    """The two choices of a settled state: ``('new', ...)`` and ``('turn', ...)``, each with the
    state after it (settled) and its number of moves."""
    pile0, runs = state
    result = []
    if pile0 and len(runs) < slots:
        card = pile0[0]
        after = settle(pile0[1:], tuple(sorted((*runs, (card, card)))))
        result.append(("new", (after[0], after[1]), 1 + after[2]))
    if len(pile0) > 1:
        after = settle(pile0[1:] + pile0[:1], runs)
        result.append(("turn", (after[0], after[1]), 1 + after[2]))
    return result


def _search(
    start: State,
    moves_left: int,
    highest: int,
    cards: int,
    slots: int,
    weight: float,
    budget: int,
) -> tuple[str, list[str], int]:
    """A* (weighted by ``weight``) over the choices from a settled state; the verdict, the
    choices, and the nodes expanded."""
    best_g = {start: 0}
    parent: dict[State, tuple[State, str] | None] = {start: None}
    tie = itertools.count()
    frontier = [(weight * lower_bound(*start, highest), next(tie), 0, start)]
    nodes = 0
    while frontier:
        _, _, g, state = heapq.heappop(frontier)
        if g > best_g[state]:
            continue
        if not state[0] and len(state[1]) == 1 and state[1][0] == (highest, highest - cards + 1):
            return "solved", _path(parent, state), nodes
        nodes += 1
        if nodes > budget:
            return "gave up", [], nodes
        for choice, after, cost in _choices(state, slots):
            g_after = g + cost
            bound = lower_bound(*after, highest)
            if g_after + bound > moves_left or g_after >= best_g.get(after, moves_left + 1):
                continue
            best_g[after] = g_after
            parent[after] = (state, choice)
            heapq.heappush(frontier, (g_after + weight * bound, next(tie), g_after, after))
    return "unsolvable", [], nodes


def runs_of(piles: Sequence[Sequence[int]]) -> tuple[Run, ...]:
    """The piles other than pile 0 as ``(top, bottom)`` runs, sorted (empty piles left out).

    >>> runs_of([[9], [7, 6, 5], [], [3]])
    ((3, 3), (7, 5))
    """
    return tuple(sorted((pile[0], pile[-1]) for pile in piles[1:] if pile))


def solve_position(
    piles: Sequence[Sequence[int]],
    moves_left: int,
    optimal: bool = False,
    budget: int | None = None,
) -> Solution:
    """Solve a game in progress whose cards are all known: ``piles`` (pile 0 first, each top
    first, the other piles built down) with ``moves_left`` moves."""
    start_time = time.perf_counter()
    verdict, choices, nodes = _search_position(piles, moves_left, optimal, budget)
    moves = replay(piles, choices) if verdict == "solved" else []
    return Solution(verdict, moves, nodes, time.perf_counter() - start_time)


def _search_position(
    piles: Sequence[Sequence[int]], moves_left: int, optimal: bool, budget: int | None
) -> tuple[str, list[str], int]:
    """:func:`solve_position`'s search: the verdict, the choices, and the nodes expanded."""
    every_card = [card for pile in piles for card in pile]
    highest = max(every_card, default=0)
    pile0, runs, forced = settle(tuple(piles[0]), runs_of(piles))
    weight = 1.0 if optimal else FAST_WEIGHT
    budget = budget if budget is not None else (OPTIMAL_BUDGET if optimal else FAST_BUDGET)
    start = (pile0, runs)
    with NO_CYCLE_COLLECTION:  # see solitaire_lib.searching
        return _search(start, moves_left - forced, highest, len(every_card), len(piles) - 1,
                       weight, budget)  # fmt: skip


def _path(parent: dict[State, tuple[State, str] | None], state: State) -> list[str]:
    choices = []
    step = parent[state]
    while step is not None:
        state, choice = step
        choices.append(choice)
        step = parent[state]
    return choices[::-1]


def replay(piles: Sequence[Sequence[int]], choices: Sequence[str]) -> list[tuple[int, int]]:
    """The moves ``(p1, p2)`` that play the always-right moves and these choices from ``piles``
    until the game is won (a new pile goes to the first empty pile)."""
    cards = sum(len(pile) for pile in piles)
    current = [list(pile) for pile in piles]
    moves: list[tuple[int, int]] = []
    pending = list(choices)
    wrong = [choice for choice in pending if choice not in ("new", "turn")]
    if wrong:
        raise ValueError(f"{wrong[0]!r} is not a choice: each is 'new' (start a pile) or 'turn'")
    while not is_won(current, cards):
        move = forced_move(current)
        if move is None:
            if not pending:
                break
            choice = pending.pop(0)
            if choice == "new" and [] not in current[1:]:
                raise ValueError(f"after {len(moves)} moves, 'new' has no empty pile to start")
            move = (0, 0) if choice == "turn" else (0, current.index([], 1))
        apply_move(current, *move)  # raises ValueError if the plan were wrong
        moves.append(move)
    return moves


def forced_move(piles: Sequence[Sequence[int]]) -> tuple[int, int] | None:
    """An always-right move (a merge first, else the top card of pile 0 below its successor)."""
    bottoms = {pile[-1]: i for i, pile in enumerate(piles) if i > 0 and pile}
    for i, pile in enumerate(piles[1:], start=1):
        if pile and pile[0] + 1 in bottoms:
            return i, bottoms[pile[0] + 1]
    if piles[0] and piles[0][0] + 1 in bottoms:
        return 0, bottoms[piles[0][0] + 1]
    return None


def solve(cards: Sequence[int], optimal: bool = False, budget: int | None = None) -> Solution:
    """Solve a deal whose cards are all known: a winning list of moves, or why there is none.

    ``optimal=True`` finds the fewest moves (plain A*), slower; by default a weighted A* finds a
    win fast. ``budget`` is the number of nodes expanded before giving up.
    """
    check_deal(cards)
    piles = [list(cards)] + [[] for _ in range(pile_count(len(cards)) - 1)]
    return solve_position(piles, move_limit(len(cards)), optimal, budget)


def check_deal(cards: Sequence[int]) -> None:
    """A deal is the numbers 0 to n - 1 in some order (``console.deal(n, seed)``), else an error.

    >>> check_deal([2, 0, 1])
    >>> check_deal("abc")
    Traceback (most recent call last):
    TypeError: a deal is a list of the numbers 0 to n - 1, not str
    """
    if not isinstance(cards, list | tuple):
        raise TypeError(f"a deal is a list of the numbers 0 to n - 1, not {type(cards).__name__}")
    if not cards:
        raise ValueError("a deal needs at least one card")
    strange = [card for card in cards if type(card) is not int]
    if strange:
        raise TypeError(f"a deal holds ints only, not {strange[0]!r}")
    if sorted(cards) != list(range(len(cards))):
        raise ValueError(
            f"a deal of {len(cards)} cards holds the numbers 0 to {len(cards) - 1}, each once"
        )


# --- Players that see only what the console shows ----------------------------------------------


class View(TypedDict):
    """What the console shows: pile 0's top card (``None`` when it is empty), how many cards lie
    face down under it, the other piles (top first), and the moves left."""

    top: int | None
    hidden: int
    piles: list[list[int]]
    moves_left: int


def view_of(game: Game) -> View:
    """What the console shows of a game: pile 0's top card and how many cards lie under it,
    the other piles, and the moves left."""
    pile0 = game.piles[0]
    tableau = [list(pile) for pile in game.piles[1:]]
    top = pile0[0] if pile0 else None
    return View(top=top, hidden=max(len(pile0) - 1, 0), piles=tableau, moves_left=game.moves_left)


def _numbered(view: View) -> list[list[int]]:
    """The piles of a view by pile number, pile 0 reduced to its top card."""
    top = view["top"]
    return [[top] if top is not None else [], *(list(p) for p in view["piles"])]


class NaivePlayer:
    """Merge piles when possible, else put the top card below a pile ending one higher, else on
    an empty pile, else turn pile 0."""

    def choose_move(self, view: View) -> tuple[int, int]:
        piles = _numbered(view)
        move = forced_move(piles)
        if move is not None:
            return move
        empty = next((i for i in range(1, len(piles)) if not piles[i]), None)
        return (0, empty) if piles[0] and empty is not None else (0, 0)


class BlindPlayer:
    """Plays seeing only what the console shows, and remembers what it has seen.

    Starting a pile costs no more moves than turning pile 0 (the pile is merged later, once); what
    it costs is a pile, and only 8 of them (for 52 cards) are free. So, on the first pass through
    pile 0, a card that no pile can take starts a new pile only

    * when the card one lower already lies on a pile: that pile is merged below the new one at
      once, so no pile is used up; or when the card is the highest, whose pile is never merged;
    * or when at least two piles are empty, three if the card one higher is known to lie further
      down pile 0 (the new pile would wait for it a whole pass): the last empty pile is kept as
      the place where such a card can start. With fewer than 4 piles, any empty pile is used.

    Otherwise pile 0 is turned. Once every card of pile 0 is known (seen, or the only card not
    yet seen), it knows the deal and plays the solver's line. It uses no random numbers.

    >>> from solitaire_lib.simple_klondike.console import deal
    >>> play_blind(BlindPlayer(), deal(52, 0)).won
    True
    """

    def __init__(self) -> None:
        self.pile0: list[int | None] | None = None
        self.plan: list[tuple[int, int]] | None = None
        self.knows_a_win = False  # once it knows the deal: does the solver's line win?
        self.cards = 0

    def choose_move(self, view: View) -> tuple[int, int]:
        self._see(view)
        assert self.pile0 is not None
        move = self._planned_move(view) or self._choose(view)
        self.remember(move)
        return move

    def remember(self, move: tuple[int, int]) -> None:
        """Keep pile 0 in mind after ``move``: its top card leaves it, or goes to its bottom."""
        assert self.pile0 is not None
        if move[0] == 0 and self.pile0:
            card = self.pile0.pop(0)
            if move[1] == 0:
                self.pile0.append(card)

    def _see(self, view: View) -> None:
        if self.pile0 is None:
            self.pile0 = [view["top"], *([None] * view["hidden"])]
            self.cards = len(self.pile0) + sum(len(p) for p in view["piles"])
        elif self.pile0:
            self.pile0[0] = view["top"]

    def _planned_move(self, view: View) -> tuple[int, int] | None:
        assert self.pile0 is not None
        if self.plan is None and self.pile0.count(None) <= 1:
            on_table = {card for pile in view["piles"] for card in pile}
            missing = set(range(self.cards)) - on_table - set(self.pile0)
            pile0 = [missing.pop() if card is None else card for card in self.pile0]
            piles = [pile0, *(list(p) for p in view["piles"])]
            found = solve_position(piles, view["moves_left"], budget=PLAYER_BUDGET)
            self.plan, self.knows_a_win = found.moves, found.verdict == "solved"
        return self.plan.pop(0) if self.plan else None

    def _choose(self, view: View) -> tuple[int, int]:
        piles = _numbered(view)
        move = forced_move(piles)
        if move is not None or not piles[0]:
            return move or (0, 0)
        empty = [i for i in range(1, len(piles)) if not piles[i]]
        return (0, empty[0]) if empty and self._starts_pile(view, len(empty)) else (0, 0)

    def _starts_pile(self, view: View, empty: int) -> bool:
        """Should the top card of pile 0, which no pile can take, start a new pile?"""
        assert self.pile0 is not None
        card = view["top"]
        on_table = {c for pile in view["piles"] for c in pile}
        if card is None or card - 1 in on_table or card == self.cards - 1:
            return True
        if len(view["piles"]) < 4:
            return True
        successor_waits = card + 1 in self.pile0[1:]
        return empty >= (3 if successor_waits else 2)


#: The seeds of the 52-card deals (``deal(52, seed)``) that :class:`LookAheadPlayer`'s constants
#: were chosen on, its development set: no figure reported as a measure of its strength comes
#: from them (``benchmarks/players.py`` shows them beside deals drawn at random).
DEVELOPMENT_SEEDS = range(500_000, 502_000)


class LookAheadPlayer(BlindPlayer):
    """The blind player, looking ahead where it has to choose.

    On the first pass, when the top card of pile 0 could start a pile or be turned (and the card
    one lower is not on a pile already: then it starts a pile, which costs none), it imagines
    ``samples`` orders of the cards it has not seen yet. On each, it plays both choices to the
    end as the blind player would (knowing only what it knows now), and it takes the choice
    that wins more often; on a tie, the blind player's own choice. Unlike a solver that sees
    the imagined cards, the imagined games are played blind, so they judge a choice by what a
    blind player can make of it. Its random numbers come from its own generator (``seed``),
    so a game repeats.

    >>> from solitaire_lib.simple_klondike.console import deal
    >>> play_blind(LookAheadPlayer(), deal(52, 0)).won
    True
    """

    def __init__(self, samples: int = 2, seed: int = 0) -> None:
        super().__init__()
        self.samples = samples
        self.rng = random.Random(seed)

    def _choose(self, view: View) -> tuple[int, int]:
        piles = _numbered(view)
        empty = [i for i in range(1, len(piles)) if not piles[i]]
        on_table = {card for pile in view["piles"] for card in pile}
        if forced_move(piles) is not None or not piles[0] or not empty:
            return super()._choose(view)
        if view["top"] is not None and view["top"] - 1 in on_table:
            return (0, empty[0])  # the pile it starts takes the one below at once: no pile lost
        own = super()._choose(view)
        other = (0, 0) if own != (0, 0) else (0, empty[0])
        wins = dict.fromkeys((own, other), 0)
        for pile0 in self._imagined_pile0s(view):
            for choice in wins:
                wins[choice] += self._wins_blind(pile0, view, choice)
        return other if wins[other] > wins[own] else own

    def _imagined_pile0s(self, view: View) -> list[list[int]]:
        """Pile 0 with the cards not seen yet put in random orders, ``samples`` times."""
        assert self.pile0 is not None
        seen = {card for pile in view["piles"] for card in pile} | set(self.pile0) - {None}
        unseen = sorted(set(range(self.cards)) - seen)
        imagined = []
        for _ in range(self.samples):
            order = list(unseen)
            self.rng.shuffle(order)
            imagined.append([card if card is not None else order.pop() for card in self.pile0])
        return imagined

    def _wins_blind(self, pile0: list[int], view: View, choice: tuple[int, int]) -> bool:
        """Does the blind player win from here, with this pile 0, after ``choice``?"""
        assert self.pile0 is not None
        runs = [(pile[0], pile[-1]) if pile else None for pile in view["piles"]]
        return blind_rollout(list(self.pile0), list(pile0), runs, view["moves_left"], self.cards,
                             choice)  # fmt: skip


def blind_rollout(
    memory: list[int | None],
    pile0: list[int],
    runs: list[Run | None],
    moves_left: int,
    cards: int,
    choice: tuple[int, int],
) -> bool:
    """Does :class:`BlindPlayer` win after ``choice``, given its ``memory`` of pile 0, when pile
    0 really is ``pile0`` (top first) and the other piles are ``runs`` (each ``(top, bottom)``,
    or ``None`` when empty)? Once the player knows the deal, the solver's verdict. The same
    answer as playing a ``BlindPlayer`` through a :class:`Game` (:func:`blind_rollout_by_the_rules`;
    a test compares them), about twice as fast: the piles are runs, and nothing is copied or
    checked move by move."""
    moves_made, limit = move_limit(cards) - moves_left, move_limit(cards)
    unknown = memory.count(None)
    move = choice
    while True:
        # the move, as BlindPlayer.remember and Game.move make it (every move here is allowed)
        source, target = move
        if source == 0:
            if memory:
                card = pile0.pop(0)  # the card it has seen: its memory's first
                memory.pop(0)
                if target == 0:
                    memory.append(card)
                    pile0.append(card)
                else:
                    top_bottom = runs[target - 1]
                    runs[target - 1] = (card, card) if top_bottom is None else (top_bottom[0], card)
        else:  # a merge: the source's run goes below the target's
            moved, kept = runs[source - 1], runs[target - 1]
            assert moved is not None and kept is not None
            runs[target - 1], runs[source - 1] = (kept[0], moved[1]), None
        moves_made += 1
        if not pile0 and sum(run is not None for run in runs) == 1:  # built down: one run is won
            return True
        if moves_made >= limit:
            return False
        # what it sees: pile 0's top card
        if memory:
            if memory[0] is None:
                unknown -= 1
            memory[0] = pile0[0]
        if unknown <= 1:  # it knows the deal: the solver's line wins or not
            piles = [list(pile0)] + [[] if run is None else list(range(run[0], run[1] - 1, -1))
                                     for run in runs]  # fmt: skip
            return _search_position(piles, limit - moves_made, False, PLAYER_BUDGET)[0] == "solved"
        move = _rollout_choice(memory, pile0, runs, cards)


def _rollout_choice(
    memory: list[int | None], pile0: list[int], runs: list[Run | None], cards: int
) -> tuple[int, int]:
    """:meth:`BlindPlayer._choose` on runs."""
    bottoms = {run[1]: i for i, run in enumerate(runs, start=1) if run is not None}
    for i, run in enumerate(runs, start=1):
        if run is not None and run[0] + 1 in bottoms:
            return i, bottoms[run[0] + 1]
    if not pile0:
        return 0, 0
    card = pile0[0]
    if card + 1 in bottoms:
        return 0, bottoms[card + 1]
    empty = [i for i, run in enumerate(runs, start=1) if run is None]
    if not empty:
        return 0, 0
    lower_on_table = any(run is not None and run[0] >= card - 1 >= run[1] for run in runs)
    if lower_on_table or card == cards - 1 or len(runs) < 4:
        return 0, empty[0]
    successor_waits = card + 1 in memory[1:]
    return (0, empty[0]) if len(empty) >= (3 if successor_waits else 2) else (0, 0)


def blind_rollout_by_the_rules(
    memory: list[int | None], pile0: list[int], view: View, cards: int, choice: tuple[int, int]
) -> bool:
    """:func:`blind_rollout` played out straightforwardly: a ``BlindPlayer`` with this memory
    plays through a :class:`Game`, seeing only its view, until it wins, runs out of moves, or
    knows the deal (and then its solver's verdict)."""
    game = Game.at([pile0, *view["piles"]], view["moves_left"], undo=False)
    player = BlindPlayer()
    player.pile0, player.cards = list(memory), cards
    player.remember(choice)
    game.move(*choice)
    while not game.over:
        move = player.choose_move(view_of(game))
        if player.plan is not None:  # it knows the deal now: the solver's line wins or not
            return player.knows_a_win
        if game.move(*move) is not None:
            game.moves_made += 1
    return game.won


def play_blind(player: NaivePlayer | BlindPlayer, cards: Sequence[int]) -> Game:
    """Play a game with ``player`` seeing only the console's view; the finished game. A move
    that is not allowed is counted and changes nothing, as at the console."""
    game = Game(cards)
    while not game.over:
        move = player.choose_move(view_of(game))
        if game.move(*move) is not None:
            game.moves_made += 1
    return game


# --- Studies for the notebook ----------------------------------------------------------------


def wins_by_deal(
    sizes: Sequence[int], deals: int, seed: int = 0, *, progress: bool = False
) -> dict[str, dict[int, list[int]]]:
    """Whether the naive player, the blind player and the solver (the ceiling: it sees every
    card) win each deal, by deck size, on the same deals: ``{who: {size: [1 or 0 a deal]}}``.
    Deal ``k`` of a size is ``deal(size, seed + k)``; the lists are in the same order, so two
    players are compared deal by deal (:func:`solitaire_lib.sim.compare_paired`).

    >>> wins = wins_by_deal([10], 3, seed=2021)
    >>> sorted(wins), [len(wins[who][10]) for who in wins]
    (['blind', 'naive', 'solver'], [3, 3, 3])
    """
    from solitaire_lib.simple_klondike.console import deal

    players: dict[str, type[NaivePlayer | BlindPlayer]] = {
        "naive": NaivePlayer,
        "blind": BlindPlayer,
    }
    wins: dict[str, dict[int, list[int]]] = {name: {} for name in [*players, "solver"]}
    bar = tqdm(total=len(sizes) * deals, desc="deals", disable=not progress, leave=False)
    for size in sizes:
        for by_size in wins.values():
            by_size[size] = []
        for k in range(deals):
            cards = deal(size, seed + k)
            for name, make in players.items():
                wins[name][size].append(int(play_blind(make(), cards).won))
            wins["solver"][size].append(int(solve(cards).verdict == "solved"))
            bar.update()
    bar.close()
    return wins


def solution_lengths(
    size: int, deals: int, seed: int = 0, *, progress: bool = False
) -> list[tuple[int, int | None, int | None, int, int]]:
    """For each deal, ``(deal seed, fewest moves, fast mode's moves, states the optimal mode
    expanded, states the fast mode expanded)``; ``None`` where a mode finds no win (or gives
    up)."""
    from solitaire_lib.simple_klondike.console import deal

    rows = []
    for k in tqdm(range(deals), desc="deals", disable=not progress, leave=False):
        cards = deal(size, seed + k)
        best, fast = solve(cards, optimal=True), solve(cards)
        rows.append((seed + k, len(best.moves) if best.verdict == "solved" else None,
                     len(fast.moves) if fast.verdict == "solved" else None,
                     best.nodes, fast.nodes))  # fmt: skip
    return rows
