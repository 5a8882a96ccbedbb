"""``python -m solitaire_lib.alliances`` (and ``solitaire alliances``): a manual game at the
console on a random 32-card deck, as the course's ``lance_reussite('manuel')``."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from solitaire_lib.alliances.course import lance_reussite
from solitaire_lib.prompt import console_program, refuse_options


@console_program
def main(argv: Sequence[str] = ()) -> int:
    """Play the manual mode at the console on a random deck; the exit status."""
    refuse_options(
        "solitaire alliances",
        "La réussite des alliances, manual mode, in French, on a random deck.",
        argv,
    )
    lance_reussite("manuel")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
