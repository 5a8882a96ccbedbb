"""``python -m solitaire_lib.aces_in_sequence`` runs the course program."""

import sys

from solitaire_lib.aces_in_sequence.console import main

sys.exit(main(sys.argv[1:]))
