"""Reading a seed at a prompt, as the COMP9021 programs do, without a traceback for a typo."""

from __future__ import annotations

#: The prompt of the COMP9021 programs (it ends in a single space).
SEED_PROMPT = "Please enter an integer to feed the seed() function: "


def read_seed(prompt: str = SEED_PROMPT) -> int | None:
    """Ask for the seed until an integer is typed; ``None`` at the end of the input.

    The course assumes an integer is typed. A person may still mistype, so a typo gets a short
    message and the same prompt again instead of a traceback.
    """
    while True:
        try:
            answer = input(prompt)
        except EOFError:
            print()
            return None
        try:
            return int(answer)
        except ValueError:
            print(f"{answer.strip()!r} is not an integer, please try again.")
