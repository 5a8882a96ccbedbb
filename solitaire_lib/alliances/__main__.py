"""``python -m solitaire_lib.alliances`` plays a manual game at the console."""

import sys

from solitaire_lib.alliances.console import main

sys.exit(main(sys.argv[1:]))
