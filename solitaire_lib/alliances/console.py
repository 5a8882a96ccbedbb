"""``python -m solitaire_lib.alliances`` (and ``solitaire alliances``): a manual game at the
console on a random 32-card deck, as the course's ``lance_reussite('manuel')``."""

from __future__ import annotations

import sys

from solitaire_lib.alliances.course import lance_reussite
from solitaire_lib.prompt import console_program


@console_program
def main() -> int:
    """Play the manual mode at the console on a random deck; the exit status."""
    lance_reussite("manuel")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
