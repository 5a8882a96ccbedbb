"""``python -m solitaire_lib.simple_klondike`` plays a game at the console."""

import sys

from solitaire_lib.simple_klondike.console import main

sys.exit(main(sys.argv[1:]))
