"""The solvers' shared pause of the cycle collector (solitaire_lib.searching)."""

from __future__ import annotations

import gc
import random
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from solitaire_lib.searching import CycleCollectionOff
from solitaire_lib.simple_klondike import analysis as klondike
from solitaire_lib.simple_klondike.console import deal
from solitaire_lib.stacks_of_nine import portfolio as stacks
from solitaire_lib.stacks_of_nine.rules import new_state


@pytest.fixture
def collector_back_on() -> Iterator[None]:
    assert gc.isenabled()
    yield
    gc.enable()


#: Each solver: where its search loop is, and a call that searches.
SOLVERS: dict[str, tuple[Any, str, Callable[[], Any]]] = {
    "stacks of nine": (
        stacks.search_class(),
        "run",
        lambda: stacks.solve(new_state(random.Random(5))),
    ),
    "simplified Klondike": (klondike, "_search", lambda: klondike.solve(deal(13, 5))),
}


@pytest.mark.parametrize("name", SOLVERS)
def test_the_collector_is_off_while_a_search_runs_and_back_after(
    name: str, monkeypatch: pytest.MonkeyPatch, collector_back_on: None
) -> None:
    owner, loop, solve = SOLVERS[name]
    seen = []
    search = getattr(owner, loop)

    def watched_search(*args: Any) -> Any:
        seen.append(gc.isenabled())
        return search(*args)

    monkeypatch.setattr(owner, loop, watched_search)
    solve()
    assert seen and not any(seen)
    assert gc.isenabled()
    gc.disable()  # a caller that had it off finds it off
    solve()
    assert not gc.isenabled()


def test_the_last_of_two_searches_in_two_threads_puts_it_back(collector_back_on: None) -> None:
    pause = CycleCollectionOff()
    first_in, second_done = threading.Event(), threading.Event()

    def first() -> None:
        with pause:
            first_in.set()
            second_done.wait(5)

    thread = threading.Thread(target=first)
    thread.start()
    first_in.wait(5)
    with pause:
        assert not gc.isenabled()
    assert not gc.isenabled()  # the first search still runs
    second_done.set()
    thread.join(5)
    assert gc.isenabled()


def test_a_search_that_fails_puts_it_back(collector_back_on: None) -> None:
    pause = CycleCollectionOff()
    with pytest.raises(ZeroDivisionError), pause:
        1 / 0  # noqa: B018
    assert gc.isenabled()
