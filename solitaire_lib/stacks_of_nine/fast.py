"""The stacks-of-nine search compiled: :class:`search.Search`, step for step, on arrays.

:class:`FastSearch` makes exactly the search that :class:`search.Search` makes: the same
positions, expanded in the same order, so the same verdict, the same winning line and the same
node counts. Numba compiles it, so it expands many times as many positions a second
(``benchmarks/players.py --stacks`` measures how many). The reference stays the one to read;
``tests/test_stacks_fast.py`` runs both on deals and endgames and compares them node for node.
:func:`portfolio.solve` uses this one when numba is there
(:func:`solitaire_lib.accel.compiled_now`).

**Positions as rows.** A position is one 64-byte row of a pool (one cache line, as memory is
the search's cost): its hash, how many stacks are not complete, their lengths and blocked marks
in the sorted order of :mod:`.search`, and their cards one stack after the other. An
open-addressing table of rows finds the positions seen; each row's parent and move are kept
beside the pool, for the line.

**The queue.** :class:`search.Search` orders its entries by estimate, then bound, then the
order they were queued in (oldest or newest first). An entry's estimate and bound follow from
its moves made and its bound, so here the entries wait in *buckets*, one per ``(moves made,
bound)``, each a list of chunks kept in the order of the reference: the oldest first (new
entries at the end) or the newest first (at the front). A small heap holds the keys of the
buckets that are not empty. The blocking moves listed in place of their entry go to the front
of its bucket, where the reference puts them. So the entries come out in the reference's order,
with no heap of millions of entries.

>>> from solitaire_lib.stacks_of_nine.search import Search, position_of
>>> from solitaire_lib.stacks_of_nine.rules import new_state
>>> import random
>>> start = position_of(new_state(random.Random(3)))
>>> fast, reference = FastSearch(start, 2.0), Search(start, 2.0)
>>> fast.run(10_000), reference.run(10_000), fast.nodes == reference.nodes
('solved', 'solved', True)
>>> fast.line == reference.line
True
"""

from __future__ import annotations

import numpy as np

from solitaire_lib.accel import inline_jit, jit
from solitaire_lib.stacks_of_nine.search import BLOCKED, CodedMove, Position, lower_bound

CARDS = 36
STACKS = 6
#: A pool row, in bytes: the hash (8), the number of stacks (1), their lengths (6) and blocked
#: marks (6), and the cards (36).
ROW = 64
COUNT, LENGTHS, MARKS, CARD_BYTES = 8, 9, 15, 21
#: The move of the start entry (a position not made by a move).
NO_MOVE = -1
#: Room the queue keeps for one expansion's entries (far more than a position has moves).
ROOM = 512
#: A chunk of the queue: the next chunk, where its entries start and end, and its entries.
NEXT, START, END, FIRST_SLOT = 0, 1, 2, 3
CHUNK = 16
SLOTS = CHUNK - FIRST_SLOT
#: Bounds are below this (a bound counts runs of cards: at most 36).
BOUNDS = 64
HASH_MASK = (1 << 48) - 1  # hashes fit 48 bits: no overflow, compiled or not

# Why one call of the compiled loop stopped.
PAUSED, SOLVED, UNSOLVABLE, QUEUE_FULL, POOL_FULL, TOO_DEEP = range(6)
# The counters the compiled loop keeps between calls, by their place in one array: pool rows
# used, nodes expanded, queue chunks ever used, the first free chunk, keys in the heap, the winner.
ROWS, NODES, USED, FREE, KEYS, WINNER = range(6)


@inline_jit
def _encode(source, target, count):
    """A move as one number; a target of -1 stands for all the blocking moves of the source."""
    return (source * 8 + target + 1) * 16 + count


@inline_jit
def _decode(move):
    """``(source, target, count)`` of a move made by :func:`_encode` (target -1: blocking)."""
    return move // 128, (move // 16) % 8 - 1, move % 16


# --- Positions ---------------------------------------------------------------------------


@inline_jit
def _unpack(row, pool, stk, ln, bk):
    """Copy pool row ``row`` into the work arrays: cards by stack, lengths, blocked marks; the
    number of stacks."""
    n = int(pool[row, COUNT])
    offset = CARD_BYTES
    for s in range(n):
        length = pool[row, LENGTHS + s]
        ln[s] = length
        bk[s] = pool[row, MARKS + s]
        for c in range(length):
            stk[s, c] = pool[row, offset + c]
        offset += length
    return n


@inline_jit
def _compare(stk, ln, bk, a, b):
    """-1, 0 or 1 as stack ``a``'s string sorts before, with or after stack ``b``'s (a blocked
    mark sorts below every card, as ``*`` sorts below every digit)."""
    size_a, size_b = ln[a] + bk[a], ln[b] + bk[b]
    for k in range(min(size_a, size_b)):
        symbol_a = stk[a, k] if k < ln[a] else 0
        symbol_b = stk[b, k] if k < ln[b] else 0
        if symbol_a != symbol_b:
            return -1 if symbol_a < symbol_b else 1
    if size_a == size_b:
        return 0
    return -1 if size_a < size_b else 1


@jit
def _store(slot, order, n, stk, ln, bk, pool, words):
    """Write the stacks ``order[:n]`` (sorted) into pool row ``slot``, the rest of the row
    zero, and its hash (of the row's 8-byte words after the first)."""
    pool[slot, COUNT] = n
    offset = CARD_BYTES
    for k in range(n):
        s = order[k]
        pool[slot, LENGTHS + k] = ln[s]
        pool[slot, MARKS + k] = bk[s]
        for c in range(ln[s]):
            pool[slot, offset + c] = stk[s, c]
        offset += ln[s]
    for k in range(n, STACKS):
        pool[slot, LENGTHS + k] = 0
        pool[slot, MARKS + k] = 0
    for byte in range(offset, ROW):
        pool[slot, byte] = 0
    digest = 0
    for k in range(1, ROW // 8):
        word = int(words[slot, k])
        digest = ((digest ^ word ^ (word >> 29)) * 1099511628211) & HASH_MASK
    words[slot, 0] = digest


@inline_jit
def _same_rows(a, b, words):
    """Whether pool rows ``a`` and ``b`` hold the same position."""
    for k in range(1, ROW // 8):  # noqa: SIM110 (a loop numba compiles well, not a generator)
        if words[a, k] != words[b, k]:
            return False
    return True


@inline_jit
def _find_or_add(slot, table, hashes):
    """Add pool row ``slot`` to the table of positions seen (each slot a row and its hash, so
    that most rows need not be read), unless an equal row is there: True when it was new."""
    mask = table.shape[0] - 1
    digest = hashes[slot, 0]
    index = (digest ^ (digest >> 23)) & mask
    while table[index, 0] >= 0:
        if table[index, 1] == digest and _same_rows(table[index, 0], slot, hashes):
            return False
        index = (index + 1) & mask
    table[index, 0], table[index, 1] = slot, digest
    return True


@jit
def rebuild_table(table, rows, hashes):
    """Fill an empty (larger) table with pool rows ``0 .. rows - 1``, all different."""
    mask = table.shape[0] - 1
    for slot in range(rows):
        digest = hashes[slot, 0]
        index = (digest ^ (digest >> 23)) & mask
        while table[index, 0] >= 0:
            index = (index + 1) & mask
        table[index, 0], table[index, 1] = slot, digest


@inline_jit
def _facts(n, stk, ln, bk, top, movable, must_move, twin):
    """Each stack's top card, how many top cards may move, its runs that must still move, and
    whether it equals the stack before it (see :func:`search.stack`)."""
    for s in range(n):
        length = ln[s]
        twin[s] = s > 0 and _compare(stk, ln, bk, s, s - 1) == 0
        if length == 0:
            top[s], movable[s], must_move[s] = 0, 0, 0
            continue
        top[s] = stk[s, length - 1]
        run = 1
        while run < length and stk[s, length - run - 1] == stk[s, length - run] + 1:
            run += 1
        movable[s] = 1 if bk[s] else run
        runs = 1
        for c in range(1, length):
            if stk[s, c] != stk[s, c - 1] - 1:
                runs += 1
        must_move[s] = runs - (1 if stk[s, 0] == 9 else 0)


@inline_jit
def _leaving(s, count, ln, movable, must_move):
    """The bound's change when the top ``count`` cards of stack ``s`` leave it."""
    if count < movable[s]:
        return 0
    return -1 if ln[s] > movable[s] else -must_move[s]


@inline_jit
def _build_child(n, move, slot, pool, words, stk, ln, bk, order):
    """Pool row ``slot``: the position after ``move`` from the parent, whose ``n`` stacks are in
    the first rows of the work arrays (see :func:`search.after`). The parent stays there: the
    source and the destination after the move are written in work rows 6 and 7."""
    source, target, count = _decode(move)
    lowest = stk[source, ln[source] - count]
    ln[6], bk[6] = ln[source] - count, 0
    for c in range(ln[6]):
        stk[6, c] = stk[source, c]
    ln[7], bk[7] = ln[target] + count, 0
    if ln[target] > 0 and stk[target, ln[target] - 1] != lowest + 1:
        bk[7] = 1  # a blocking move
    for c in range(ln[target]):
        stk[7, c] = stk[target, c]
    for c in range(count):
        stk[7, ln[target] + c] = stk[source, ln[source] - count + c]
    complete = bk[7] == 0 and ln[7] == 9
    for c in range(ln[7]):
        if c < 9 and stk[7, c] != 9 - c:
            complete = False
    kept = 0
    for s in range(n):
        if s != source and s != target:
            order[kept] = s
            kept += 1
    order[kept] = 6
    kept += 1
    if not complete:
        order[kept] = 7
        kept += 1
    for k in range(kept - 2, kept):  # the others are in order: place the two new strings
        s = order[k]
        place = k
        while place > 0 and _compare(stk, ln, bk, order[place - 1], s) > 0:
            order[place] = order[place - 1]
            place -= 1
        order[place] = s
    _store(slot, order, kept, stk, ln, bk, pool, words)


# --- The queue ---------------------------------------------------------------------------


@inline_jit
def _key_before(moves_a, bound_a, moves_b, bound_b, weight):
    """Whether the entries of bucket ``(moves_a, bound_a)`` come before those of bucket
    ``(moves_b, bound_b)``: the lower estimate, then the lower bound."""
    estimate_a, estimate_b = moves_a + weight * bound_a, moves_b + weight * bound_b
    if estimate_a != estimate_b:
        return estimate_a < estimate_b
    return bound_a < bound_b


@inline_jit
def _add_key(size, keys, moves, bound, weight):
    """Put a bucket's key into the heap of keys (``size`` of them); the new size."""
    k = size
    while k > 0:
        up = (k - 1) >> 1
        if not _key_before(moves, bound, keys[up, 0], keys[up, 1], weight):
            break
        keys[k, 0], keys[k, 1] = keys[up, 0], keys[up, 1]
        k = up
    keys[k, 0], keys[k, 1] = moves, bound
    return size + 1


@inline_jit
def _drop_first_key(size, keys, weight):
    """Take the first key out of the heap of keys; the new size."""
    size -= 1
    moves, bound = keys[size, 0], keys[size, 1]
    k = 0
    while True:
        child = 2 * k + 1
        if child >= size:
            break
        right = child + 1
        if right < size and _key_before(keys[right, 0], keys[right, 1],
                                        keys[child, 0], keys[child, 1], weight):  # fmt: skip
            child = right
        if not _key_before(keys[child, 0], keys[child, 1], moves, bound, weight):
            break
        keys[k, 0], keys[k, 1] = keys[child, 0], keys[child, 1]
        k = child
    keys[k, 0], keys[k, 1] = moves, bound
    return size


@inline_jit
def _new_chunk(counters, chunks, following, start):
    """A chunk of the queue (one given back, else a new one), empty, its entries to be written
    from ``start`` on, and linked to the chunk ``following``."""
    chunk = counters[FREE]
    if chunk >= 0:
        counters[FREE] = chunks[chunk, NEXT]
    else:
        chunk = counters[USED]
        counters[USED] += 1
    chunks[chunk, NEXT], chunks[chunk, START], chunks[chunk, END] = following, start, start
    return chunk


@inline_jit
def _queue_entry(counters, ends, keys, chunks, moves, bound, entry, first, weight):
    """Queue ``entry`` (a row and a move, see :func:`_entry`) in bucket ``(moves, bound)``: at
    its front, or at its end.

    A bucket is a list of chunks, ``ends[moves, bound]`` its first and last (-1: none), each
    chunk ``(next chunk, start, end, entries...)``; chunks emptied are given back for reuse.
    Entries queued one after the other lie side by side, so the memory read is mostly at hand.
    """
    head, tail = ends[moves, bound, 0], ends[moves, bound, 1]
    if head < 0:
        counters[KEYS] = _add_key(counters[KEYS], keys, moves, bound, weight)
        head = tail = _new_chunk(counters, chunks, -1, SLOTS if first else 0)
        ends[moves, bound, 0], ends[moves, bound, 1] = head, tail
    if first:
        if chunks[head, START] == 0:
            head = _new_chunk(counters, chunks, head, SLOTS)
            ends[moves, bound, 0] = head
        chunks[head, START] -= 1
        chunks[head, FIRST_SLOT + chunks[head, START]] = entry
    else:
        if chunks[tail, END] == SLOTS:
            chunks[tail, NEXT] = _new_chunk(counters, chunks, -1, 0)
            tail = chunks[tail, NEXT]
            ends[moves, bound, 1] = tail
        chunks[tail, FIRST_SLOT + chunks[tail, END]] = entry
        chunks[tail, END] += 1


@inline_jit
def _entry(row, move):
    """A row and a move as one queue entry."""
    return row * 4096 + move + 1


@jit
def queue_start(counters, ends, keys, chunks, bound, weight):
    """Queue the start (pool row 0, no move), the search's first entry."""
    _queue_entry(counters, ends, keys, chunks, 0, bound, _entry(0, NO_MOVE), True, weight)


@inline_jit
def _take_first(counters, ends, keys, chunks, weight):
    """Take the first entry out of the queue: its bucket's key, and its row and move."""
    moves, bound = keys[0, 0], keys[0, 1]
    head = ends[moves, bound, 0]
    entry = chunks[head, FIRST_SLOT + chunks[head, START]]
    chunks[head, START] += 1
    if chunks[head, START] == chunks[head, END]:  # the chunk is empty: give it back
        ends[moves, bound, 0] = chunks[head, NEXT]
        chunks[head, NEXT], counters[FREE] = counters[FREE], head
        if ends[moves, bound, 0] < 0:  # and so is the bucket
            counters[KEYS] = _drop_first_key(counters[KEYS], keys, weight)
    return moves, bound, entry // 4096, entry % 4096 - 1


# --- The search --------------------------------------------------------------------------


@jit
def run_search(until, weight, newest_first, counters, ends, keys, chunks, pool, hashes, links,
               table):  # fmt: skip
    """The loop of :meth:`search.Search.run` on arrays, until ``counters[NODES]`` reaches
    ``until`` or the search is settled, or an array needs more room (the caller grows it and
    calls again): why it stopped (``PAUSED``, ``SOLVED``, ...)."""
    # Work rows: a parent's stacks (and two more, for a child's changed stacks), and the
    # stacks of the position being expanded.
    stk = np.zeros((STACKS + 2, CARDS + 1), dtype=np.int64)
    ln = np.zeros(STACKS + 2, dtype=np.int64)
    bk = np.zeros(STACKS + 2, dtype=np.int64)
    unpacked, n = -1, 0  # the pool row in the work rows
    x_stk = np.zeros((STACKS, CARDS + 1), dtype=np.int64)
    x_ln = np.zeros(STACKS, dtype=np.int64)
    x_bk = np.zeros(STACKS, dtype=np.int64)
    order = np.zeros(STACKS, dtype=np.int64)
    top = np.zeros(STACKS, dtype=np.int64)
    movable = np.zeros(STACKS, dtype=np.int64)
    must_move = np.zeros(STACKS, dtype=np.int64)
    twin = np.zeros(STACKS, dtype=np.bool_)
    targets = np.zeros(STACKS, dtype=np.int64)
    while counters[KEYS] > 0:
        rows = counters[ROWS]
        if counters[NODES] >= until:
            return PAUSED
        if counters[USED] + ROOM > chunks.shape[0]:
            return QUEUE_FULL
        if rows + 1 >= pool.shape[0] or 2 * (rows + 1) > table.shape[0]:
            return POOL_FULL
        if keys[0, 0] + 1 >= ends.shape[0]:
            return TOO_DEEP
        moves_made, bound, row, move = _take_first(counters, ends, keys, chunks, weight)
        if row != unpacked:
            n, unpacked = _unpack(row, pool, stk, ln, bk), row
        source, target, _ = _decode(move)
        if move != NO_MOVE and target == -1:  # all the blocking moves of a source
            _facts(n, stk, ln, bk, top, movable, must_move, twin)
            listed = 0
            for j in range(n):
                if (twin[j] and j - 1 != source) or bk[j] or ln[j] == 0:
                    continue
                if top[j] != top[source] + 1 and j != source:
                    targets[listed] = j
                    listed += 1
            for k in range(listed - 1, -1, -1):  # in their entry's place, the first one first
                _queue_entry(counters, ends, keys, chunks, moves_made, bound,
                             _entry(row, _encode(source, targets[k], 1)), True, weight)  # fmt: skip
            continue
        if move == NO_MOVE:
            slot = row  # the start, written in its row beforehand
        else:
            slot = rows
            _build_child(n, move, slot, pool, hashes, stk, ln, bk, order)
        if not _find_or_add(slot, table, hashes):
            continue
        if move != NO_MOVE:
            counters[ROWS] = rows + 1
            links[slot, 0], links[slot, 1] = row, move
        if pool[slot, COUNT] == 2:  # four stacks complete
            counters[WINNER] = slot
            return SOLVED
        counters[NODES] += 1
        _expand(slot, moves_made + 1, bound, newest_first, weight, counters, ends, keys, chunks,
                pool, x_stk, x_ln, x_bk, top, movable, must_move, twin)  # fmt: skip
    return UNSOLVABLE


@inline_jit
def _expand(slot, moves_made, bound, newest_first, weight, counters, ends, keys, chunks, pool,
            stk, ln, bk, top, movable, must_move, twin):  # fmt: skip
    """Queue every move from pool row ``slot`` (see :func:`search._moves_and_bound_changes`),
    in the reference's order, each in the bucket of its moves made and its bound."""
    n = _unpack(slot, pool, stk, ln, bk)
    _facts(n, stk, ln, bk, top, movable, must_move, twin)
    empty = -1
    for j in range(n):
        if ln[j] == 0 and not twin[j]:
            empty = j
    for i in range(n):
        if ln[i] == 0 or twin[i]:
            continue
        for count in range(1, movable[i] + 1):
            change = _leaving(i, count, ln, movable, must_move)
            lowest = top[i] + count - 1
            if empty >= 0 and count != ln[i]:
                new_bound = bound + change + (1 if lowest != 9 else 0)
                entry = _entry(slot, _encode(i, empty, count))
                _queue_entry(counters, ends, keys, chunks, moves_made, new_bound, entry,
                             newest_first, weight)  # fmt: skip
            for j in range(n):
                if bk[j] or twin[j] or ln[j] == 0 or top[j] != lowest + 1:
                    continue
                _queue_entry(counters, ends, keys, chunks, moves_made, bound + change,
                             _entry(slot, _encode(i, j, count)), newest_first, weight)  # fmt: skip
        if not bk[i] and top[i] != 9:
            new_bound = bound + _leaving(i, 1, ln, movable, must_move) + 1
            _queue_entry(counters, ends, keys, chunks, moves_made, new_bound,
                         _entry(slot, _encode(i, -1, 1)), newest_first, weight)  # fmt: skip


def _grown(array: np.ndarray, rows: int, fill: int = 0) -> np.ndarray:
    """``array`` with room for ``rows`` rows, its contents kept, the new rows ``fill``."""
    bigger = np.full((rows, *array.shape[1:]), fill, dtype=array.dtype)
    bigger[: len(array)] = array
    return bigger


def _rows(count: int) -> np.ndarray:
    """``count`` zero pool rows, each in one cache line (64 bytes, so aligned to 64)."""
    words = ROW // 8
    memory = np.zeros(count * words + words, dtype=np.int64)
    skip = (-memory.ctypes.data % ROW) // 8
    return memory[skip : skip + count * words].reshape(count, words)


def _empty_table(size: int) -> np.ndarray:
    """A table of ``size`` empty slots: (row, hash), -1 for no row."""
    return np.full((size, 2), -1, dtype=np.int64)


class FastSearch:
    """:class:`search.Search` compiled: the same interface (``run``, ``nodes``, ``verdict``,
    ``line``, ``let_go``) and the same steps."""

    def __init__(self, start: Position, weight: float, newest_first: bool = False) -> None:
        self.weight = float(weight)
        self.newest_first = newest_first
        #: ``'solved'`` or ``'unsolvable'`` once settled, else ``None``.
        self.verdict: str | None = None
        #: The winning line once solved (moves named by their stacks' strings).
        self.line: list[CodedMove] = []
        self._counters = np.zeros(6, dtype=np.int64)
        self._counters[FREE] = -1
        # The queue: each bucket's ends, by (moves made, bound); the heap of the buckets' keys;
        # the chunks of entries.
        self._ends = np.full((64, BOUNDS, 2), -1, dtype=np.int32)
        self._keys = np.zeros((64 * BOUNDS, 2), dtype=np.int64)
        self._chunks = np.zeros((ROOM + 64, CHUNK), dtype=np.int64)
        # The positions: rows of bytes (the first 8 seen as the hash), each one's (parent, move),
        # and the table of rows.
        self._words = _rows(256)
        self._links = np.zeros((256, 2), dtype=np.int32)
        self._table = _empty_table(512)
        self._write_start(start)

    @property
    def nodes(self) -> int:
        """Nodes expanded so far."""
        return int(self._counters[NODES])

    def _write_start(self, start: Position) -> None:
        """Row 0: the start (its strings already sorted), queued as the first entry."""
        _, codes = start
        stk = np.zeros((STACKS, CARDS + 1), dtype=np.int64)
        ln, bk = np.zeros(STACKS, dtype=np.int64), np.zeros(STACKS, dtype=np.int64)
        for s, code in enumerate(codes):
            digits = code.removesuffix(BLOCKED)
            ln[s], bk[s] = len(digits), code.endswith(BLOCKED)
            stk[s, : len(digits)] = [int(digit) for digit in digits]
        order = np.arange(STACKS, dtype=np.int64)
        _store(0, order, len(codes), stk, ln, bk, self._words.view(np.uint8), self._words)
        self._counters[ROWS] = 1
        queue_start(self._counters, self._ends, self._keys, self._chunks, lower_bound(start),
                    self.weight)  # fmt: skip

    def run(self, until: int) -> str | None:
        """Go on until the search has expanded ``until`` nodes in all, or is settled; the
        verdict (``None``: not settled yet)."""
        while self.verdict is None:
            status = run_search(until, self.weight, self.newest_first, self._counters,
                                self._ends, self._keys, self._chunks,
                                self._words.view(np.uint8), self._words, self._links,
                                self._table)  # fmt: skip
            if status == PAUSED:
                return None
            if status == QUEUE_FULL:
                self._chunks = _grown(self._chunks, 2 * len(self._chunks))
            elif status == TOO_DEEP:
                depth = 2 * len(self._ends)
                self._ends = _grown(self._ends, depth, fill=-1)
                self._keys = _grown(self._keys, depth * BOUNDS)
            elif status == POOL_FULL:
                self._grow_pool()
            elif status == SOLVED:
                self.verdict, self.line = "solved", self._line(int(self._counters[WINNER]))
                self.let_go()
            else:
                self.verdict = "unsolvable"
                self.let_go()
        return self.verdict

    def _grow_pool(self) -> None:
        size = 2 * len(self._words)
        words = _rows(size)
        words[: len(self._words)] = self._words
        self._words = words
        self._links = _grown(self._links, size)
        self._table = _empty_table(2 * size)
        rebuild_table(self._table, int(self._counters[ROWS]), self._words)

    def let_go(self) -> None:
        """Free the queue (at once: freeing arrays does not hold Python's lock for long)."""
        self._ends, self._keys = self._ends[:1].copy(), self._keys[:1].copy()
        self._chunks = self._chunks[:1].copy()

    def _codes(self, row: int) -> tuple[str, ...]:
        """The strings of the stacks of pool row ``row``."""
        pool = self._words.view(np.uint8)[row]
        digits = (pool[CARD_BYTES:] + ord("0")).tobytes().decode("ascii")
        codes, offset = [], 0
        for k in range(pool[COUNT]):
            length = int(pool[LENGTHS + k])
            codes.append(digits[offset : offset + length] + (BLOCKED if pool[MARKS + k] else ""))
            offset += length
        return tuple(codes)

    def _line(self, row: int) -> list[CodedMove]:
        """The line to pool row ``row``, each move as (source string, destination string,
        count), as :func:`search._line` gives it."""
        line = []
        while row != 0:
            parent, move = (int(value) for value in self._links[row])
            codes = self._codes(parent)
            source, target, count = _decode(move)
            line.append((codes[source], codes[target], count))
            row = parent
        return line[::-1]
