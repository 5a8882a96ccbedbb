"""``python -m solitaire_lib.alliances`` plays a manual game at the console."""

import sys

from solitaire_lib import console_starts
from solitaire_lib.alliances.console import main

console_starts()  # loaded: Ctrl-C is the console's to catch from here
sys.exit(main(sys.argv[1:]))
