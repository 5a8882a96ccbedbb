"""The course's API for aces in sequence: ``simulate(n, i)``, printed exactly as section 3.3.

>>> simulate(500, 10)
Number of cards left when winning | Frequency
---------------------------------------------
                                4 |    19.00%
                                5 |     6.20%
                                6 |     1.20%
"""

from __future__ import annotations

from solitaire_lib.aces_in_sequence.analysis import LOST, win_counts
from solitaire_lib.sim import Tally
from solitaire_lib.validate import count, integer

HEADER = "Number of cards left when winning | Frequency"


def simulate_lines(tally: Tally[int]) -> list[str]:
    """The lines of the table: won outcomes only, by increasing number of cards left."""
    width = HEADER.index(" |")
    lines = [HEADER, "-" * len(HEADER)]
    for cards_left in sorted(tally.counts):
        if cards_left != LOST:
            lines.append(f"{cards_left:>{width}} | {tally.frequency(cards_left):9.2%}")
    return lines


def simulate(n: int, i: int) -> None:
    """Play ``n`` games with seeds ``i, i+1, ..., i+n-1`` and print the winning frequencies."""
    count(n, "n")
    integer(i, "i")
    print("\n".join(simulate_lines(win_counts(n, i))))
