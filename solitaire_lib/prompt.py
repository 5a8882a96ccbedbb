"""The console programs' shared pieces: reading numbers, and never showing a traceback.

* :func:`parse_integer` reads what ``int()`` reads, for any number of digits (Python refuses to
  convert more than 4,300 digits at once, and a course seed may be longer).
* :func:`read_seed` asks for the seed again after a typo; the end of the input returns ``None``.
* :func:`console_program` wraps a program's ``main``: Ctrl-C ends it with status 130 and a new
  line, a closed pipe (``... | head -3``) ends it quietly, and a terminal that cannot show a card
  symbol gets text instead (``7S``, ``10D``) rather than a crash. Bytes that are not text in the
  input's encoding are read as ``�`` (and refused like any typo); a closed standard input reads as
  its end; a closed or full output ends the program with a one-line message and status 1.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import functools
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from solitaire_lib.cards import deck_52

#: The prompt of the COMP9021 programs (it ends in a single space).
SEED_PROMPT = "Please enter an integer to feed the seed() function: "

#: Exit status after Ctrl-C, as a shell reports a program stopped by SIGINT.
INTERRUPTED = 130

# What int() accepts: spaces around, a sign, decimal digits (any script's), single underscores.
_INTEGER = re.compile(r"\s*([+-]?)(\d+(?:_\d+)*)\s*")
_CHUNK = 1000  # digits converted at a time, well below Python's limit of 4,300


def parse_integer(text: str) -> int | None:
    """``int(text)``, for any number of digits; ``None`` where ``int()`` would refuse the text.

    >>> parse_integer(" -12 "), parse_integer("1_000"), parse_integer("3.7"), parse_integer("1e3")
    (-12, 1000, None, None)
    >>> parse_integer("9" * 5000) == 10**5000 - 1
    True
    """
    match = _INTEGER.fullmatch(text)
    if match is None:
        return None
    try:  # the same text with one digit: int() itself says whether the rest is acceptable
        int(text[: match.start(2)] + "0" + text[match.end(2) :])
    except ValueError:
        return None
    digits = match[2].replace("_", "")
    value = 0
    for start in range(0, len(digits), _CHUNK):
        chunk = digits[start : start + _CHUNK]
        value = value * 10 ** len(chunk) + int(chunk)
    return -value if match[1] == "-" else value


def integer_text(value: int) -> str:
    """``str(value)``, for any number of digits (``str`` refuses more than 4,300).

    >>> integer_text(-(10**5000)) == "-1" + "0" * 5000
    True
    """
    if value < 0:
        return "-" + integer_text(-value)
    chunks = []
    while value >= 10**_CHUNK:
        value, chunk = divmod(value, 10**_CHUNK)
        chunks.append(str(chunk).zfill(_CHUNK))
    return str(value) + "".join(reversed(chunks))


def short(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters for a message, with its length when cut.

    >>> short("x" * 100, 10)
    "'xxxxxxxxx…' (100 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[: limit - 1] + '…'!r} ({len(text):,} characters)"


def read_seed(prompt: str = SEED_PROMPT) -> int | None:
    """Ask for the seed until an integer is typed; ``None`` at the end of the input.

    The course assumes an integer is typed. A person may still mistype, so a typo gets a short
    message and the same prompt again instead of a traceback. Any integer that ``int()`` reads
    is accepted, however long.
    """
    while True:
        try:
            answer = input(prompt)
        except EOFError:
            print()
            return None
        seed = parse_integer(answer)
        if seed is not None:
            return seed
        print(f"{short(answer.strip())} is not an integer, please try again.")


# --- Terminals that cannot show a card --------------------------------------------------------


def _text_forms() -> dict[str, str]:
    suit_letters = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♡": "H", "♢": "D", "♤": "S", "♧": "C"}
    forms = dict(suit_letters)
    for card in deck_52():
        forms[card.glyph] = card.label + suit_letters[card.suit.symbol]
    forms.update({"\U0001f0a0": "##", "\U0001f60a": ":-)", "\u2639": ":-(", "\ufe0f": ""})
    forms.update({"\U0001f44d": "(thumbs up)", "\U0001f44e": "(thumbs down)", "·": "."})
    return forms


#: Text for the symbols of the games, for a terminal whose encoding lacks them.
TEXT_FORMS = _text_forms()
_ERROR_HANDLER = "solitaire-text"


def _as_text(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start : error.end]
    return "".join(TEXT_FORMS.get(character, "?") for character in bad), error.end


codecs.register_error(_ERROR_HANDLER, _as_text)


def text_fallback(stream: TextIO) -> None:
    """Let ``stream`` write card symbols as text (``7S``) where its encoding has no symbol.

    >>> import io
    >>> out = io.TextIOWrapper(io.BytesIO(), encoding="cp1252")
    >>> text_fallback(out)
    >>> _ = out.write("7♠ 🂡 😊️"); out.flush(); out.buffer.getvalue()
    b'7S AS :-)'
    """
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        "♠♡🂡😊\ufe0f".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=_ERROR_HANDLER)


def refuse_options(prog: str, description: str, argv: Sequence[str]) -> None:
    """For a program that takes no options: ``--help`` says what it does, anything else is
    refused with the usage (exit status 2), never silently ignored.

    >>> refuse_options("demo", "A demo.", [])
    """
    parser = argparse.ArgumentParser(
        prog=prog, description=f"{description} It takes no options: it asks for what it needs."
    )
    parser.parse_args(list(argv))


def console_program(main: Callable[..., int]) -> Callable[..., int]:
    """Run a console ``main`` so that no traceback reaches the user.

    Ctrl-C prints a new line and returns 130; a closed output pipe returns 1 quietly; an output
    that cannot be written (closed, a full disk) returns 1 with a message; card symbols fall back
    to text on a terminal that cannot show them; undecodable input bytes are read as ``�``.
    """

    @functools.wraps(main)
    def program(*args: Any, **kwargs: Any) -> int:
        if not _usable_streams():
            return 1
        text_fallback(sys.stdout)
        try:
            status = main(*args, **kwargs)
            sys.stdout.flush()
        except KeyboardInterrupt:
            with contextlib.suppress(OSError, ValueError):
                print(file=sys.stderr)
            return INTERRUPTED
        except BrokenPipeError:
            _silence_stdout()
            return 1
        except OSError as error:  # the output cannot be written: a full disk, a lost terminal
            _silence_stdout()
            _complain(f"the output could not be written ({error.strerror or error})")
            return 1
        return status

    return program


def _complain(message: str) -> None:
    """One line on standard error, if there is one to write to."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        print(f"solitaire: {message}", file=sys.stderr, flush=True)


def _usable_streams() -> bool:
    """Make the standard streams safe to use; False if there is no output at all.

    A closed standard input (``<&-``) reads as an empty one. Input bytes that are not text in
    its encoding become ``�``, which every prompt refuses like any other typo.
    """
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (for the life of the program)
    if sys.stdin is None:
        sys.stdin = open(os.devnull)  # noqa: SIM115
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(OSError, ValueError):
            reconfigure(errors="replace")
    if sys.stdout is None:
        _complain("the standard output is closed: nothing could be shown")
        return False
    return True


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so that Python's final flush is silent."""
    with contextlib.suppress(OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
