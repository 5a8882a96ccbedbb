"""``python -m solitaire_lib.sevens`` runs the course program."""

import sys

from solitaire_lib import console_starts
from solitaire_lib.sevens.console import main

console_starts()  # loaded: Ctrl-C is the console's to catch from here
sys.exit(main(sys.argv[1:]))
