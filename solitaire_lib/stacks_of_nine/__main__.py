"""``python -m solitaire_lib.stacks_of_nine`` plays at the console."""

import sys

from solitaire_lib.stacks_of_nine.console import main

sys.exit(main(sys.argv[1:]))
