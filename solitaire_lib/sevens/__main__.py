"""``python -m solitaire_lib.sevens`` runs the course program."""

import sys

from solitaire_lib.sevens.console import main

sys.exit(main(sys.argv[1:]))
