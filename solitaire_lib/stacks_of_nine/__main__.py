"""``python -m solitaire_lib.stacks_of_nine`` plays at the console."""

import sys

from solitaire_lib import console_starts
from solitaire_lib.stacks_of_nine.console import main

console_starts()  # loaded: Ctrl-C is the console's to catch from here
sys.exit(main(sys.argv[1:]))
