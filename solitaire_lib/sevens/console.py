"""The course program ``solitaire_2.py`` (COMP9021 section 4.2): a viewer of the collected output.

After the seed, the program shows a menu and reads requests until ``q``:

* ``n``, a last line number: the first ``n`` lines;
* ``-n``, a first line number: the last ``n`` lines;
* ``m--n``: lines ``m`` to ``n``.

Input is correct only when it is exactly of one of these forms, numbers in range and no ``+``,
except that spaces may stand at the start, at the end, before the first ``-`` of a range and
after its second ``-``. Incorrect input prints nothing but the two empty lines.

>>> parse_request(" 3--5 ", 10)
Request(first=3, last=5)
>>> parse_request("-2", 10)
Request(first=9, last=10)
>>> parse_request("3 - -5", 10) is None
True
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from solitaire_lib.prompt import (
    SEED_PROMPT,
    console_program,
    parse_integer,
    read_seed,
    refuse_options,
)
from solitaire_lib.sevens.course import collected_output

#: "Enter: " is 7 characters: the menu's lines and the input are aligned under the ``q``.
INDENT = " " * len("Enter: ")
QUIT = "q"

# Only ASCII digits and the space character count; tabs are not "space" here.
_LAST_LINE = re.compile(r" *([0-9]+) *")
_FIRST_LINE = re.compile(r" *-([0-9]+) *")
_RANGE = re.compile(r" *([0-9]+) *-- *([0-9]+) *")


@dataclass(frozen=True)
class Request:
    """Show lines ``first`` to ``last`` (1-based, both included)."""

    first: int
    last: int


def menu(n_lines: int) -> str:
    """The five lines shown before each request."""
    return "\n".join(
        [
            f"There are {n_lines} lines of output; what do you want me to do?",
            f"Enter: {QUIT} to quit",
            f"{INDENT}a last line number (between 1 and {n_lines})",
            f"{INDENT}a first line number (between -1 and -{n_lines})",
            f"{INDENT}a range of line numbers (of the form m--n with 1 <= m <= n <= {n_lines})",
        ]
    )


def is_quit(answer: str) -> bool:
    return answer.strip(" ") == QUIT


def _number(digits: str) -> int:
    """The number written with these ASCII digits, however many there are."""
    value = parse_integer(digits)
    assert value is not None  # the patterns above only match digits
    return value


def parse_request(answer: str, n_lines: int) -> Request | None:
    """The lines asked for by ``answer``, or ``None`` when the input is not correct.

    >>> [parse_request(text, 5) for text in ("0", "6", "+2", "- 2", "2--1")]
    [None, None, None, None, None]
    """
    if match := _LAST_LINE.fullmatch(answer):
        count = _number(match[1])
        return Request(1, count) if 1 <= count <= n_lines else None
    if match := _FIRST_LINE.fullmatch(answer):
        count = _number(match[1])
        return Request(n_lines - count + 1, n_lines) if 1 <= count <= n_lines else None
    if match := _RANGE.fullmatch(answer):
        first, last = _number(match[1]), _number(match[2])
        return Request(first, last) if 1 <= first <= last <= n_lines else None
    return None


def answer_lines(answer: str, lines: list[str]) -> list[str]:
    """What the program prints after a request that is not ``q``: an empty line, the lines
    asked for if the request is correct, and another empty line."""
    request = parse_request(answer, len(lines))
    shown = lines[request.first - 1 : request.last] if request else []
    return ["", *shown, ""]


def view(lines: list[str]) -> None:
    """The viewer loop, until ``q`` or the end of the input."""
    while True:
        print(menu(len(lines)))
        try:
            answer = input(INDENT)
        except EOFError:
            print()
            return
        if is_quit(answer):
            return
        print("\n".join(answer_lines(answer, lines)))


@console_program
def main(argv: Sequence[str] = ()) -> int:
    """Run the course program. Returns the exit status (130 after Ctrl-C)."""
    refuse_options(
        "solitaire sevens",
        "Sevens, COMP9021's solitaire_2.py: it asks for a seed, plays, and shows the lines you "
        "ask for.",
        argv,
    )
    seed = read_seed(SEED_PROMPT)
    if seed is None:
        return 1
    print()
    view(collected_output(seed))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
